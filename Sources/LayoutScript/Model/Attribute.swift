/// A layout attribute of a view, in the layout's root coordinates (x right, y down).
///
/// Each view is solved as four variables — `left`, `top`, `width`, `height` — and the
/// other attributes are expressions of them (`right = left + width`,
/// `centerX = left + width / 2`, ...), see ``Attribute/expansion``.
///
///     Attribute(parsing: "leading") == .left   // aliases as in UIKit
public enum Attribute: String, CaseIterable, Sendable, Hashable, Codable {
    case left, right, top, bottom, width, height, centerX, centerY
    /// Edges that follow the layout's direction: `left`/`right` left to right, mirrored
    /// (`right`/`left`) under `direction rtl`.
    case leading, trailing
    /// The view's layout margins guide (`card.margins.left`, Apple's `leftMargin`): the
    /// view's edges inset by its margins (the root's measured from its safe area).
    case marginsLeft = "margins.left"
    case marginsRight = "margins.right"
    case marginsTop = "margins.top"
    case marginsBottom = "margins.bottom"
    case marginsWidth = "margins.width"
    case marginsHeight = "margins.height"
    case marginsCenterX = "margins.centerX"
    case marginsCenterY = "margins.centerY"
    case marginsLeading = "margins.leading"
    case marginsTrailing = "margins.trailing"
    /// The root's safe-area guide (`|.safe.top`): the canvas inset by the safe area.
    case safeLeft = "safe.left"
    case safeRight = "safe.right"
    case safeTop = "safe.top"
    case safeBottom = "safe.bottom"
    case safeWidth = "safe.width"
    case safeHeight = "safe.height"
    case safeCenterX = "safe.centerX"
    case safeCenterY = "safe.centerY"
    case safeLeading = "safe.leading"
    case safeTrailing = "safe.trailing"
    /// Text baselines (`baseline` is `lastBaseline`, as NSLayoutAttributeBaseline).
    case firstBaseline, lastBaseline

    /// The horizontal or vertical axis the attribute measures.
    public enum Axis: Sendable { case horizontal, vertical }

    /// The rectangle an attribute measures besides the view itself.
    public enum Guide: String, Sendable { case margins, safe }

    public var axis: Axis {
        switch base {
        case .left, .right, .width, .centerX: .horizontal
        default: .vertical
        }
    }

    /// Whether the attribute is a size (`width`, `height`) rather than a position.
    var isSize: Bool { base == .width || base == .height }

    /// The guide the attribute measures (nil for the view's own attributes and baselines).
    public var guide: Guide? {
        switch self {
        case .marginsLeft, .marginsRight, .marginsTop, .marginsBottom, .marginsWidth,
            .marginsHeight, .marginsCenterX, .marginsCenterY, .marginsLeading, .marginsTrailing:
            .margins
        case .safeLeft, .safeRight, .safeTop, .safeBottom, .safeWidth, .safeHeight,
            .safeCenterX, .safeCenterY, .safeLeading, .safeTrailing:
            .safe
        default: nil
        }
    }

    /// The view's own attribute this one is measured like: `margins.right` → `right`,
    /// `firstBaseline` → `top`, `lastBaseline` → `bottom` (the variables it can read;
    /// `leading` and `trailing` can read `right`'s, left and width, in either direction).
    public var base: Attribute {
        switch self {
        case .leading, .trailing, .marginsLeading, .marginsTrailing, .safeLeading,
            .safeTrailing:
            .right
        case .marginsLeft, .safeLeft: .left
        case .marginsRight, .safeRight: .right
        case .marginsTop, .safeTop, .firstBaseline: .top
        case .marginsBottom, .safeBottom, .lastBaseline: .bottom
        case .marginsWidth, .safeWidth: .width
        case .marginsHeight, .safeHeight: .height
        case .marginsCenterX, .safeCenterX: .centerX
        case .marginsCenterY, .safeCenterY: .centerY
        default: self
        }
    }

    /// The attribute without its guide, as written after `margins.` or `safe.`
    /// (`margins.leading` → `leading`, `safe.top` → `top`); the others are themselves.
    public var withoutGuide: Attribute {
        switch self {
        case .marginsLeft, .safeLeft: .left
        case .marginsRight, .safeRight: .right
        case .marginsTop, .safeTop: .top
        case .marginsBottom, .safeBottom: .bottom
        case .marginsWidth, .safeWidth: .width
        case .marginsHeight, .safeHeight: .height
        case .marginsCenterX, .safeCenterX: .centerX
        case .marginsCenterY, .safeCenterY: .centerY
        case .marginsLeading, .safeLeading: .leading
        case .marginsTrailing, .safeTrailing: .trailing
        default: self
        }
    }

    /// Whether the attribute is a text baseline (`firstBaseline`, `lastBaseline`): a view's
    /// own, which no guide has.
    public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

    /// The attribute `base` measured on `guide` (`.left` on margins → `.marginsLeft`).
    public init(_ base: Attribute, on guide: Guide) {
        let name = "\(guide.rawValue).\(base.rawValue)"
        self = Attribute(rawValue: name) ?? base
    }

    /// The horizontal position seen in a mirror about the root's vertical centre line, for
    /// a constraint read right to left: `leading` and `left` → `right`, `trailing` and
    /// `right` → `left`, centres → themselves (on the same guide); nil for the others.
    package var mirrored: Attribute? {
        guard axis == .horizontal, !isSize else { return nil }
        let side: Attribute
        switch self {
        case .leading, .left, .marginsLeading, .marginsLeft, .safeLeading, .safeLeft:
            side = .right
        case .trailing, .right, .marginsTrailing, .marginsRight, .safeTrailing, .safeRight:
            side = .left
        default: side = .centerX
        }
        return guide.map { Attribute(side, on: $0) } ?? side
    }

    /// Whether the attribute follows the layout's direction (`leading`, `trailingMargin`).
    public var isDirectional: Bool { directionalSide != nil }

    /// For a directional attribute, whether it is the leading side.
    private var directionalSide: Bool? {
        switch self {
        case .leading, .marginsLeading, .safeLeading: true
        case .trailing, .marginsTrailing, .safeTrailing: false
        default: nil
        }
    }

    /// The absolute attribute a directional one means in a direction (`leading` is `left`
    /// left to right, `right` right to left); other attributes are themselves.
    package func absolute(rightToLeft: Bool) -> Attribute {
        guard let leadingSide = directionalSide else { return self }
        let left = leadingSide != rightToLeft
        switch guide {
        case .margins: return left ? .marginsLeft : .marginsRight
        case .safe: return left ? .safeLeft : .safeRight
        case nil: return left ? .left : .right
        }
    }

    /// Parses an attribute name or one of its aliases (`leading`, `minX`, `midY`,
    /// `leftMargin`, `margins.leading`, `safe.top`, `baseline`, ...).
    public init?(parsing name: String) {
        switch name {
        case "left", "minX": self = .left
        case "right", "maxX": self = .right
        case "leading": self = .leading
        case "trailing": self = .trailing
        case "top", "minY": self = .top
        case "bottom", "maxY": self = .bottom
        case "width": self = .width
        case "height": self = .height
        case "centerX", "midX": self = .centerX
        case "centerY", "midY": self = .centerY
        case "leftMargin": self = .marginsLeft
        case "rightMargin": self = .marginsRight
        case "leadingMargin": self = .marginsLeading
        case "trailingMargin": self = .marginsTrailing
        case "topMargin": self = .marginsTop
        case "bottomMargin": self = .marginsBottom
        case "centerXWithinMargins": self = .marginsCenterX
        case "centerYWithinMargins": self = .marginsCenterY
        case "firstBaseline": self = .firstBaseline
        case "lastBaseline", "baseline": self = .lastBaseline
        default:
            for guide in [Guide.margins, .safe] where name.hasPrefix(guide.rawValue + ".") {
                let rest = String(name.dropFirst(guide.rawValue.count + 1))
                guard let plain = Attribute(parsing: rest), plain.guide == nil, !plain.isBaseline
                else { return nil }
                self = Attribute(plain, on: guide)
                return
            }
            return nil
        }
    }

    /// The view's own attribute names and their aliases.
    static let plainSpellings = [
        "left", "right", "top", "bottom", "width", "height", "centerX", "centerY",
        "leading", "trailing", "minX", "midX", "maxX", "minY", "midY", "maxY",
    ]

    /// Every name ``init(parsing:)`` accepts after `VIEW.`: the attributes, then their
    /// aliases (the guides' own names, `margins.X` and `safe.X`, follow `margins.`/`safe.`).
    public static let spellings =
        plainSpellings + [
            "leftMargin", "rightMargin", "topMargin", "bottomMargin", "leadingMargin",
            "trailingMargin", "centerXWithinMargins", "centerYWithinMargins",
            "firstBaseline", "lastBaseline", "baseline",
        ]

    /// The variables of a view the attribute can read (its base attribute's): what
    /// component bookkeeping needs. The engine adds the constants of margins, safe area
    /// and baselines (``expansion(margins:safe:baseline:)``).
    package var expansion: [(BaseAttribute, Double)] {
        switch base {
        case .left: [(.left, 1)]
        case .top: [(.top, 1)]
        case .width: [(.width, 1)]
        case .height: [(.height, 1)]
        case .right: [(.left, 1), (.width, 1)]
        case .bottom: [(.top, 1), (.height, 1)]
        case .centerX: [(.left, 1), (.width, 0.5)]
        default: [(.top, 1), (.height, 0.5)]  // centerY
        }
    }

    /// The attribute as variables and a constant, given the view's layout margins, safe
    /// area (the root's; zero elsewhere) and baselines: `margins.right` is
    /// `left + width − margins.right`, `firstBaseline` is `top + F`.
    package func expansion(
        margins: Insets, safe: Insets, baseline: Baselines?, rightToLeft: Bool = false
    ) -> (terms: [(BaseAttribute, Double)], constant: Double) {
        if isDirectional {
            return absolute(rightToLeft: rightToLeft).expansion(
                margins: margins, safe: safe, baseline: baseline)
        }
        switch self {
        case .firstBaseline:
            // A view without text answers with its top edge (UIView.forFirstBaselineLayout
            // falls back to the view itself; see docs/vocabulary.md §6).
            return ([(.top, 1)], baseline?.first ?? 0)
        case .lastBaseline:
            guard let baseline else { return ([(.top, 1), (.height, 1)], 0) }
            guard let last = baseline.last else { return ([(.top, 1)], baseline.first) }
            return ([(.top, 1), (.height, 1)], -last)
        default: break
        }
        let insets: Insets
        switch guide {
        case .margins: insets = margins
        case .safe: insets = safe
        case nil: return (expansion, 0)
        }
        let constant: Double
        switch base {
        case .left: constant = insets.left
        case .right: constant = -insets.right
        case .top: constant = insets.top
        case .bottom: constant = -insets.bottom
        case .width: constant = -insets.left - insets.right
        case .height: constant = -insets.top - insets.bottom
        case .centerX: constant = (insets.left - insets.right) / 2
        default: constant = (insets.top - insets.bottom) / 2  // centerY
        }
        return (expansion, constant)
    }
}

/// The four variables solved for every view.
package enum BaseAttribute: Int, CaseIterable, Sendable, Hashable {
    case left = 0
    case top = 1
    case width = 2
    case height = 3
}

/// A compound attribute: several attributes constrained at once (`center`, `size`, `edges`).
///
/// A labelled compound constraint yields one constraint per component, labelled with
/// ``suffix(of:)`` (`LABEL.x`, `LABEL.width`, `LABEL.top`, ...).
public enum CompoundAttribute: String, CaseIterable, Sendable {
    case center, size, edges

    public var components: [Attribute] {
        switch self {
        case .center: [.centerX, .centerY]
        case .size: [.width, .height]
        case .edges: [.top, .left, .bottom, .right]
        }
    }

    /// The label suffix of one component: `x`/`y` for center, the attribute name otherwise.
    public func suffix(of attribute: Attribute) -> String {
        switch (self, attribute) {
        case (.center, .centerX): "x"
        case (.center, .centerY): "y"
        default: attribute.rawValue
        }
    }
}
