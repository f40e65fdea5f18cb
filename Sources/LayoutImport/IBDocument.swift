/// The typed, plain-value model of an Interface Builder document (`.xib` or `.storyboard`),
/// as `IBReader` reads it. It says what the file says and nothing more: no defaults that
/// UIKit would apply are filled in (an absent hugging priority stays `nil`), so the import
/// layer can tell "IB wrote 250" from "IB wrote nothing".
///
/// Every element keeps its source line, so a report can say `file:line: <constraint id=...>`.
public struct IBDocument: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case xib
        case storyboard
    }

    /// The file the document was read from (as given to the reader), for messages.
    public var file: String
    public var kind: Kind
    /// The `type` attribute of `<document>`, e.g. `com.apple.InterfaceBuilder3.CocoaTouch.XIB`.
    public var type: String
    /// The document format version (`3.0` for every file Xcode 5 and later writes).
    public var version: String
    public var toolsVersion: String
    public var useAutolayout: Bool
    public var useSafeAreas: Bool
    public var useTraitCollections: Bool
    public var device: IBDevice?
    /// Storyboard scenes, in document order (empty for a XIB).
    public var scenes: [IBScene]
    /// A XIB's top-level views (views, cells, ...), in document order.
    public var topLevelViews: [IBView]
    /// A XIB's top-level view controllers (rare, but IB allows them).
    public var topLevelControllers: [IBViewController]
    /// `<designables>`: intrinsic content sizes Xcode computed for IBDesignable views, by view id.
    public var designableIntrinsicSizes: [String: IBSize]
    /// `<resources>`: the size of every named image.
    public var imageSizes: [String: IBSize]
    /// What the reader met but does not model, one entry per element (with its line).
    public var skipped: [IBDiagnostic]

    public init(
        file: String, kind: Kind, type: String, version: String, toolsVersion: String,
        useAutolayout: Bool = true, useSafeAreas: Bool = false, useTraitCollections: Bool = false,
        device: IBDevice? = nil, scenes: [IBScene] = [], topLevelViews: [IBView] = [],
        topLevelControllers: [IBViewController] = [],
        designableIntrinsicSizes: [String: IBSize] = [:], imageSizes: [String: IBSize] = [:],
        skipped: [IBDiagnostic] = []
    ) {
        self.file = file
        self.kind = kind
        self.type = type
        self.version = version
        self.toolsVersion = toolsVersion
        self.useAutolayout = useAutolayout
        self.useSafeAreas = useSafeAreas
        self.useTraitCollections = useTraitCollections
        self.device = device
        self.scenes = scenes
        self.topLevelViews = topLevelViews
        self.topLevelControllers = topLevelControllers
        self.designableIntrinsicSizes = designableIntrinsicSizes
        self.imageSizes = imageSizes
        self.skipped = skipped
    }
}

/// `<device id="retina6_1" orientation="portrait">` (with an optional `<adaptation id>`).
public struct IBDevice: Sendable, Equatable {
    public var id: String
    /// `nil` when the file does not say (IB then means portrait).
    public var orientation: String?
    public var adaptation: String?
    public var line: Int

    public init(id: String, orientation: String? = nil, adaptation: String? = nil, line: Int) {
        self.id = id
        self.orientation = orientation
        self.adaptation = adaptation
        self.line = line
    }
}

/// A storyboard `<scene>`: usually one view controller, plus any extra top-level views the
/// scene's `<objects>` hold beside it.
public struct IBScene: Sendable, Equatable {
    public var sceneID: String
    public var line: Int
    public var controllers: [IBViewController]
    public var extraViews: [IBView]

    public init(
        sceneID: String, line: Int, controllers: [IBViewController] = [], extraViews: [IBView] = []
    ) {
        self.sceneID = sceneID
        self.line = line
        self.controllers = controllers
        self.extraViews = extraViews
    }

    /// The scene's view controller (the first, as IB puts exactly one in a scene).
    public var controller: IBViewController? { controllers.first }
}

/// A view controller (`viewController`, `tableViewController`, `navigationController`, ...).
public struct IBViewController: Sendable, Equatable {
    /// The element name: `viewController`, `tableViewController`, `viewControllerPlaceholder`, ...
    public var elementName: String
    public var id: String?
    public var customClass: String?
    public var storyboardIdentifier: String?
    public var userLabel: String?
    public var title: String?
    public var line: Int
    /// The controller's `<... key="view">`; `nil` for containers (navigation controllers)
    /// and placeholders, whose views IB does not store.
    public var view: IBView?
    /// `<layoutGuides>`: the pre-iOS 11 top and bottom layout guides (`viewControllerLayoutGuide`).
    public var layoutGuides: [IBLayoutGuide]
    /// The bars IB draws over the controller's view (`simulatedTopBarMetrics`,
    /// `simulatedBottomBarMetrics`): the element name (`simulatedNavigationBarMetrics`,
    /// `simulatedTabBarMetrics`, `simulatedToolbarMetrics`), with `translucent="NO"` and
    /// `prompted="YES"` kept as `opaque` and `prompted`. `nil` when none is drawn.
    public var simulatedTopBar: IBSimulatedBar?
    public var simulatedBottomBar: IBSimulatedBar?

    public init(
        elementName: String, id: String?, customClass: String? = nil,
        storyboardIdentifier: String? = nil,
        userLabel: String? = nil, title: String? = nil, line: Int, view: IBView? = nil,
        layoutGuides: [IBLayoutGuide] = []
    ) {
        self.elementName = elementName
        self.id = id
        self.customClass = customClass
        self.storyboardIdentifier = storyboardIdentifier
        self.userLabel = userLabel
        self.title = title
        self.line = line
        self.view = view
        self.layoutGuides = layoutGuides
    }
}

/// A bar Interface Builder simulates over a controller's view (`<simulatedNavigationBarMetrics
/// key="simulatedTopBarMetrics" translucent="NO" prompted="NO"/>`).
public struct IBSimulatedBar: Sendable, Equatable {
    public var elementName: String
    /// `translucent="NO"`: UIKit lays the controller's view out below an opaque bar
    /// (`extendedLayoutIncludesOpaqueBars` is off by default), so the bar covers none of it.
    public var opaque: Bool
    /// `prompted="YES"`: a navigation bar with a prompt line above its title.
    public var prompted: Bool

    public init(elementName: String, opaque: Bool = false, prompted: Bool = false) {
        self.elementName = elementName
        self.opaque = opaque
        self.prompted = prompted
    }
}

/// A view of the tree. The element name is the class IB knows it as (`label`, `stackView`,
/// `tableViewCell`, ...); `customClass` the app's subclass where one is set.
public struct IBView: Sendable, Equatable {
    public var elementName: String
    /// The `key` the view sits under in its parent element (`view`, `contentView`,
    /// `tableHeaderView`), `nil` for an ordinary subview.
    public var key: String?
    /// The IB object id as written; `nil` for the few views IB writes without one (e.g. the
    /// `contentView` of an old collection view cell).
    public var id: String?
    /// `id`, or a stand-in made from the parent's reference and the key when the file has no
    /// id (`d0h-PO-VBc.contentView`); what constraints and `IBConstraint.holder` refer to.
    public var ref: String
    public var customClass: String?
    public var userLabel: String?
    public var line: Int
    /// `<rect key="frame">`, relative to the superview (UIView.frame).
    public var frame: IBRect?
    public var autoresizingMask: IBAutoresizingMask?
    /// `translatesAutoresizingMaskIntoConstraints`: IB writes `NO` and omits `YES`.
    public var translatesAutoresizingMaskIntoConstraints: Bool
    public var hidden: Bool
    public var horizontalHuggingPriority: Double?
    public var verticalHuggingPriority: Double?
    public var horizontalCompressionResistancePriority: Double?
    public var verticalCompressionResistancePriority: Double?
    public var placeholderIntrinsicWidth: IBPlaceholderLength?
    public var placeholderIntrinsicHeight: IBPlaceholderLength?
    public var font: IBFont?
    /// The image's name: `image=` of an image view, or the normal state's image of a button.
    public var imageName: String?
    /// The image's size from `<resources>`, where the document lists it.
    public var imageSize: IBSize?
    /// `layoutMargins` or `directionalLayoutMargins`, as written.
    public var layoutMargins: IBInsets?
    public var preservesSuperviewLayoutMargins: Bool?
    public var insetsLayoutMarginsFromSafeArea: Bool?
    /// `semanticContentAttribute` as written (`forceRightToLeft`, `playback`, ...); nil for
    /// UIKit's default, `unspecified`.
    public var semanticContentAttribute: String? = nil
    /// Set for `<stackView>` only.
    public var stack: IBStack?
    /// A label's `numberOfLines` (UILabel's default, 1, when IB leaves it out; 0 means as many
    /// as the text needs); `nil` for other views.
    public var numberOfLines: Int? = nil
    /// Xcode's own verdict on the saved frame: `ambiguous="YES"` (the constraints allow more
    /// than one frame, and the saved one is one of them) or `misplaced="YES"` (the saved frame
    /// is not where the constraints put the view, so it is no witness of the layout, e.g. of
    /// the safe area's insets).
    public var ambiguous = false
    public var misplaced = false
    /// Layout guides owned by the view: `safeArea`, a scroll view's `contentLayoutGuide` and
    /// `frameLayoutGuide`, and custom guides from `<layoutGuides>`.
    public var layoutGuides: [IBLayoutGuide]
    /// Child views in document order: `<subviews>`, keyed views (`contentView`,
    /// `tableHeaderView`, ...), and the cells of a table or collection view.
    public var subviews: [IBView]
    /// The `<constraints>` this view holds (IB installs a constraint on the nearest common
    /// ancestor of its items).
    public var constraints: [IBConstraint]
    public var variations: [IBVariation]

    public init(
        elementName: String, key: String? = nil, id: String?, ref: String? = nil,
        customClass: String? = nil,
        userLabel: String? = nil, line: Int, frame: IBRect? = nil,
        autoresizingMask: IBAutoresizingMask? = nil,
        translatesAutoresizingMaskIntoConstraints: Bool = true, hidden: Bool = false,
        horizontalHuggingPriority: Double? = nil, verticalHuggingPriority: Double? = nil,
        horizontalCompressionResistancePriority: Double? = nil,
        verticalCompressionResistancePriority: Double? = nil,
        placeholderIntrinsicWidth: IBPlaceholderLength? = nil,
        placeholderIntrinsicHeight: IBPlaceholderLength? = nil,
        font: IBFont? = nil, imageName: String? = nil, imageSize: IBSize? = nil,
        layoutMargins: IBInsets? = nil,
        preservesSuperviewLayoutMargins: Bool? = nil, insetsLayoutMarginsFromSafeArea: Bool? = nil,
        stack: IBStack? = nil, layoutGuides: [IBLayoutGuide] = [], subviews: [IBView] = [],
        constraints: [IBConstraint] = [], variations: [IBVariation] = []
    ) {
        self.elementName = elementName
        self.key = key
        self.id = id
        self.ref = ref ?? id ?? "\(elementName)@\(line)"
        self.customClass = customClass
        self.userLabel = userLabel
        self.line = line
        self.frame = frame
        self.autoresizingMask = autoresizingMask
        self.translatesAutoresizingMaskIntoConstraints = translatesAutoresizingMaskIntoConstraints
        self.hidden = hidden
        self.horizontalHuggingPriority = horizontalHuggingPriority
        self.verticalHuggingPriority = verticalHuggingPriority
        self.horizontalCompressionResistancePriority = horizontalCompressionResistancePriority
        self.verticalCompressionResistancePriority = verticalCompressionResistancePriority
        self.placeholderIntrinsicWidth = placeholderIntrinsicWidth
        self.placeholderIntrinsicHeight = placeholderIntrinsicHeight
        self.font = font
        self.imageName = imageName
        self.imageSize = imageSize
        self.layoutMargins = layoutMargins
        self.preservesSuperviewLayoutMargins = preservesSuperviewLayoutMargins
        self.insetsLayoutMarginsFromSafeArea = insetsLayoutMarginsFromSafeArea
        self.stack = stack
        self.layoutGuides = layoutGuides
        self.subviews = subviews
        self.constraints = constraints
        self.variations = variations
    }

    /// The class to name the view after: the custom class, else IB's element name.
    public var className: String { customClass ?? elementName }

    /// A table or collection view cell (whose `contentView` is laid out at the cell's size).
    public var isCell: Bool {
        elementName == "tableViewCell" || elementName == "collectionViewCell"
            || elementName == "collectionReusableView"
    }

    /// The view and every view below it, depth first, parents before children.
    public var allViews: [IBView] {
        var out: [IBView] = []
        func walk(_ v: IBView) {
            out.append(v)
            for s in v.subviews { walk(s) }
        }
        walk(self)
        return out
    }
}

/// `placeholderIntrinsicWidth/Height`: a number, or `infinite` (no intrinsic size on that axis,
/// UIView.noIntrinsicMetric).
public enum IBPlaceholderLength: Sendable, Equatable {
    case points(Double)
    case none
}

/// A layout guide: `<viewLayoutGuide key="safeArea" id>`, a scroll view's content or frame
/// guide, a custom guide from `<layoutGuides>`, or a controller's `viewControllerLayoutGuide`.
public struct IBLayoutGuide: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case safeArea
        case scrollContent
        case scrollFrame
        /// A UILayoutGuide the designer added (`<layoutGuides><viewLayoutGuide .../>`).
        case custom
        /// `viewControllerLayoutGuide type="top"` / `"bottom"` (topLayoutGuide, bottomLayoutGuide).
        case controllerTop
        case controllerBottom
        case other(String)
    }

    public var kind: Kind
    public var id: String
    public var userLabel: String?
    /// The view (ref) that owns the guide; for a controller's guides, its root view's ref.
    public var owner: String?
    public var line: Int

    public init(kind: Kind, id: String, userLabel: String? = nil, owner: String?, line: Int) {
        self.kind = kind
        self.id = id
        self.userLabel = userLabel
        self.owner = owner
        self.line = line
    }
}

/// `<stackView axis distribution alignment spacing>`, with IB's omitted defaults kept as
/// written: IB omits `axis` for horizontal, `distribution` for fill, `alignment` for fill,
/// `spacing` for 0.
public struct IBStack: Sendable, Equatable {
    public var axis: String
    public var distribution: String
    public var alignment: String
    public var spacing: Double
    public var baselineRelativeArrangement: Bool
    public var layoutMarginsRelativeArrangement: Bool
    /// `spacingType="standard"` (UIStackView.spacingUseSystem): the system spacing between
    /// neighbours instead of `spacing`.
    public var usesStandardSpacing = false

    public init(
        axis: String = "horizontal", distribution: String = "fill", alignment: String = "fill",
        spacing: Double = 0, baselineRelativeArrangement: Bool = false,
        layoutMarginsRelativeArrangement: Bool = false
    ) {
        self.axis = axis
        self.distribution = distribution
        self.alignment = alignment
        self.spacing = spacing
        self.baselineRelativeArrangement = baselineRelativeArrangement
        self.layoutMarginsRelativeArrangement = layoutMarginsRelativeArrangement
    }
}

/// `<fontDescription key="fontDescription" type="system" pointSize="17"/>`, or a text style
/// (`style="UICTFontTextStyleBody"`, no point size), or a named font (`name`, `family`).
public struct IBFont: Sendable, Equatable {
    public var type: String?
    public var name: String?
    public var family: String?
    public var style: String?
    public var weight: String?
    public var pointSize: Double?

    public init(
        type: String? = nil, name: String? = nil, family: String? = nil, style: String? = nil,
        weight: String? = nil, pointSize: Double? = nil
    ) {
        self.type = type
        self.name = name
        self.family = family
        self.style = style
        self.weight = weight
        self.pointSize = pointSize
    }
}

/// `<edgeInsets key="layoutMargins">` (left/right) or `<directionalEdgeInsets
/// key="directionalLayoutMargins">` (leading/trailing: `left` holds leading, `right` trailing).
public struct IBInsets: Sendable, Equatable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public var directional: Bool

    public init(top: Double, left: Double, bottom: Double, right: Double, directional: Bool) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
        self.directional = directional
    }
}

public struct IBRect: Sendable, Equatable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

public struct IBSize: Sendable, Equatable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// `<autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxX="YES" .../>`:
/// UIViewAutoresizing's flexible parts (`flexibleMinX` is FlexibleLeftMargin, ...).
public struct IBAutoresizingMask: Sendable, Equatable {
    public var flexibleMinX = false
    public var widthSizable = false
    public var flexibleMaxX = false
    public var flexibleMinY = false
    public var heightSizable = false
    public var flexibleMaxY = false

    public init(
        flexibleMinX: Bool = false, widthSizable: Bool = false, flexibleMaxX: Bool = false,
        flexibleMinY: Bool = false, heightSizable: Bool = false, flexibleMaxY: Bool = false
    ) {
        self.flexibleMinX = flexibleMinX
        self.widthSizable = widthSizable
        self.flexibleMaxX = flexibleMaxX
        self.flexibleMinY = flexibleMinY
        self.heightSizable = heightSizable
        self.flexibleMaxY = flexibleMaxY
    }

    /// The `.layout` `autoresize` flags (`left`, `width`, `right`, `top`, `height`, `bottom`).
    public var layoutFlags: [String] {
        var flags: [String] = []
        if flexibleMinX { flags.append("left") }
        if widthSizable { flags.append("width") }
        if flexibleMaxX { flags.append("right") }
        if flexibleMinY { flags.append("top") }
        if heightSizable { flags.append("height") }
        if flexibleMaxY { flags.append("bottom") }
        return flags
    }
}

/// An NSLayoutConstraint.Attribute as IB spells it.
public enum IBAttribute: String, Sendable, Equatable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    /// NSLayoutAttributeBaseline: the last baseline.
    case baseline
    case lastBaseline, firstBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case notAnAttribute

    /// A margin attribute (measured from the item's layout margins, not its edges).
    public var isMargin: Bool {
        switch self {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
            .centerXWithinMargins, .centerYWithinMargins:
            return true
        default: return false
        }
    }

    public var isBaseline: Bool {
        self == .baseline || self == .lastBaseline || self == .firstBaseline
    }
}

public enum IBRelation: String, Sendable, Equatable {
    case equal
    case lessThanOrEqual
    case greaterThanOrEqual
}

/// A `<constraint>`.
public struct IBConstraint: Sendable, Equatable {
    public var id: String
    public var line: Int
    /// The ref of the view whose `<constraints>` holds it.
    public var holder: String
    /// `firstItem`, or the holder when the file omits it (IB's shorthand).
    public var firstItem: String
    public var firstAttribute: IBAttribute
    public var relation: IBRelation
    public var secondItem: String?
    public var secondAttribute: IBAttribute?
    /// The multiplier as a number (`3:2` is 1.5).
    public var multiplier: Double
    /// The multiplier as written, when written (`"3:2"`, `"0.5"`).
    public var multiplierText: String?
    public var constant: Double
    /// 1 ... 1000; 1000 (required) when the file omits it.
    public var priority: Double
    public var identifier: String?
    /// `placeholder="YES"`: removed at build time (still shaped the saved frames).
    public var placeholder: Bool

    public init(
        id: String, line: Int, holder: String, firstItem: String, firstAttribute: IBAttribute,
        relation: IBRelation = .equal, secondItem: String? = nil,
        secondAttribute: IBAttribute? = nil,
        multiplier: Double = 1, multiplierText: String? = nil, constant: Double = 0,
        priority: Double = 1000,
        identifier: String? = nil, placeholder: Bool = false
    ) {
        self.id = id
        self.line = line
        self.holder = holder
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.multiplierText = multiplierText
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
        self.placeholder = placeholder
    }

    /// The items the constraint names (first, and second when there is one).
    public var items: [String] { [firstItem] + (secondItem.map { [$0] } ?? []) }
}

/// `<variation key="heightClass=compact">` on a view: which constraints (or subviews) the
/// size class installs and removes. `key="default"` is the base (any width, any height): what
/// it excludes is installed only in the size classes that include it.
public struct IBVariation: Sendable, Equatable {
    public var key: String
    public var line: Int
    public var masks: [IBMask]

    public init(key: String, line: Int, masks: [IBMask] = []) {
        self.key = key
        self.line = line
        self.masks = masks
    }

    /// The traits of the key: `heightClass=regular-widthClass=compact` is
    /// `["heightClass": "regular", "widthClass": "compact"]`; `default` has none.
    public var traits: [String: String] {
        guard key != "default" else { return [:] }
        var out: [String: String] = [:]
        for part in key.split(separator: "-") {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { out[String(kv[0])] = String(kv[1]) }
        }
        return out
    }

    /// Constraint ids this variation installs (`<mask key="constraints"><include>`).
    public var installsConstraints: [String] {
        masks.filter { $0.key == "constraints" }.flatMap(\.includes)
    }
    /// Constraint ids this variation removes (`<mask key="constraints"><exclude>`).
    public var removesConstraints: [String] {
        masks.filter { $0.key == "constraints" }.flatMap(\.excludes)
    }
}

/// `<mask key="constraints|subviews">` with `<include reference>` / `<exclude reference>`.
public struct IBMask: Sendable, Equatable {
    public var key: String
    public var includes: [String]
    public var excludes: [String]

    public init(key: String, includes: [String] = [], excludes: [String] = []) {
        self.key = key
        self.includes = includes
        self.excludes = excludes
    }
}

/// Something the reader met and could not read or does not model, with where it is:
/// prints as `file:line: <constraint id=abc>: what`.
public struct IBDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// The element as `<name id=...>` (`<constraint id=abc>`).
    public var element: String
    public var message: String

    public init(file: String, line: Int, element: String, message: String) {
        self.file = file
        self.line = line
        self.element = element
        self.message = message
    }

    public var description: String { "\(file):\(line): \(element): \(message)" }
}

extension IBDocument {
    /// Every root of a view tree: each scene's controller views and extra views, then a XIB's
    /// top-level views and controllers' views.
    public var rootViews: [IBView] {
        var roots: [IBView] = []
        for scene in scenes {
            roots += scene.controllers.compactMap(\.view)
            roots += scene.extraViews
        }
        roots += topLevelViews
        roots += topLevelControllers.compactMap(\.view)
        return roots
    }

    /// Every view of the document, depth first.
    public var allViews: [IBView] { rootViews.flatMap(\.allViews) }

    /// Every view controller (storyboard scenes, then a XIB's top-level ones).
    public var allControllers: [IBViewController] {
        scenes.flatMap(\.controllers) + topLevelControllers
    }

    /// Every layout guide: views' guides and controllers' top/bottom guides.
    public var allLayoutGuides: [IBLayoutGuide] {
        allViews.flatMap(\.layoutGuides) + allControllers.flatMap(\.layoutGuides)
    }

    /// Every constraint, in document order of the views holding them.
    public var allConstraints: [IBConstraint] { allViews.flatMap(\.constraints) }
}
