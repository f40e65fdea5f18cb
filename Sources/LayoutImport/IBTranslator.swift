/// One layout of an imported document: the `.layout` script for a scene's controller view or
/// a XIB's top-level view, written in the vocabulary of `layout-format.md` including its
/// "Layout helpers" section, one IB construct to one `.layout` construct.
public struct ImportedLayout: Sendable, Equatable {
    /// The layout's name (`IBNaming.layoutNames`).
    public var name: String
    /// The ref of the tree's root view.
    public var rootRef: String
    public var script: String
    /// Every declared name (views, stacks, guides, and `root`) to the IB id it came from.
    public var sourceIDs: [String: String]
    /// Every constraint label the script gives to the IB id of its constraint.
    public var constraintIDs: [String: String]
    /// The safe-area insets written on `canvas`, and where each side came from.
    public var safeArea: IBInsets
    public var safeAreaSources: [String]
    /// What could not be mapped, one line per element (`file:line: <constraint id=...>: ...`);
    /// each was left out of the script.
    public var skipped: [IBDiagnostic]
    /// The views whose `margins` include part of the root's safe area (the part they lie
    /// under, `insetsLayoutMarginsFromSafeArea`), by name, with that part: a number in the
    /// script, right for this safe area only.
    public var marginsFromSafeArea: [(view: String, part: IBInsets)] = []

    public static func == (a: ImportedLayout, b: ImportedLayout) -> Bool {
        (a.name, a.rootRef, a.script, a.sourceIDs, a.constraintIDs, a.safeArea)
            == (b.name, b.rootRef, b.script, b.sourceIDs, b.constraintIDs, b.safeArea)
            && a.safeAreaSources == b.safeAreaSources && a.skipped == b.skipped
            && a.marginsFromSafeArea.map(\.view) == b.marginsFromSafeArea.map(\.view)
            && a.marginsFromSafeArea.map(\.part) == b.marginsFromSafeArea.map(\.part)
    }
}

/// A whole document's translation: one layout per tree, and everything left out (what the
/// reader skipped, then what each layout skipped).
public struct IBTranslation: Sendable, Equatable {
    public var layouts: [ImportedLayout]
    public var skipped: [IBDiagnostic]
}

/// Turns an `IBDocument` into `.layout` scripts (see docs/import.md for the mapping table).
/// It does not depend on the project's parser or solver: the output is text that the contract
/// defines, checked by tests against the contract's grammar.
public enum IBTranslator {
    /// - Parameter screenSafeArea: the safe area to lay a root out with instead of the one
    ///   the document implies (`--device`), given the root's ref and whether it was saved
    ///   wider than tall; nil keeps the document's. Its canvas line and the margins of the
    ///   views under its unsafe edges follow it.
    public static func translate(
        _ document: IBDocument,
        screenSafeArea: (_ rootRef: String, _ landscape: Bool) -> IBInsets? = { _, _ in nil }
    ) -> IBTranslation {
        var layouts: [ImportedLayout] = []
        var owners: [String: (IBViewController?, IBScene?)] = [:]
        for scene in document.scenes {
            for c in scene.controllers { if let v = c.view { owners[v.ref] = (c, scene) } }
            for v in scene.extraViews { owners[v.ref] = (nil, scene) }
        }
        for c in document.topLevelControllers { if let v = c.view { owners[v.ref] = (c, nil) } }
        let roots = Dictionary(
            document.rootViews.map { ($0.ref, $0) }, uniquingKeysWith: { a, _ in a })
        for (rootRef, name) in IBNaming.layoutNames(of: document) {
            guard let root = roots[rootRef] else { continue }
            let owner = owners[rootRef]
            var tree = TreeTranslator(
                document: document, root: root, controller: owner?.0, scene: owner?.1,
                layoutName: name)
            if let frame = root.frame {
                tree.targetSafeArea = screenSafeArea(rootRef, frame.width > frame.height)
            }
            layouts.append(tree.translate())
        }
        return IBTranslation(
            layouts: layouts, skipped: document.skipped + layouts.flatMap(\.skipped))
    }

    /// `value` as the script writes numbers: no trailing `.0`, at most 4 decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10000).rounded() / 10000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            return String(Int(rounded))
        }
        return String(rounded)
    }

    /// A label the `.layout` parser reads as one: `IDENT(.IDENT)*`, not `H` or `V`.
    public static func isValidLabel(_ text: String) -> Bool {
        guard text != "H", text != "V", !text.isEmpty else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && IBNaming.identifier(String($0)) == String($0)
        }
    }
}

/// Element names UIKit gives an intrinsic size from their content.
private let contentElements = IBSurvey.contentElements
/// Element names whose baselines are those of one line of text centred in their bounds.
private let textElements: Set<String> = ["label", "button", "textField"]

/// Top, left, bottom, right: insets and margins while they are computed.
private struct Side4: Equatable {
    var top = 0.0
    var left = 0.0
    var bottom = 0.0
    var right = 0.0

    init(_ t: Double, _ l: Double, _ b: Double, _ r: Double) {
        top = t
        left = l
        bottom = b
        right = r
    }
    init(_ i: IBInsets) { self.init(i.top, i.left, i.bottom, i.right) }

    var insets: IBInsets {
        IBInsets(top: top, left: left, bottom: bottom, right: right, directional: false)
    }
    var text: String {
        [top, left, bottom, right].map(IBTranslator.number).joined(separator: " ")
    }
    static func + (a: Side4, b: Side4) -> Side4 {
        Side4(a.top + b.top, a.left + b.left, a.bottom + b.bottom, a.right + b.right)
    }
    static func max(_ a: Side4, _ b: Side4) -> Side4 {
        Side4(
            Swift.max(a.top, b.top), Swift.max(a.left, b.left), Swift.max(a.bottom, b.bottom),
            Swift.max(a.right, b.right))
    }
}

/// Translates one tree (a controller's view, or a top-level view) into one script.
private struct TreeTranslator {
    let document: IBDocument
    let root: IBView
    let controller: IBViewController?
    let scene: IBScene?
    let layoutName: String

    var names: [String: String] = [:]
    var space = IBNaming.Namespace()
    var viewByRef: [String: IBView] = [:]
    var parentOf: [String: String] = [:]
    var placed: [String: IBRect] = [:]
    var guideByID: [String: IBLayoutGuide] = [:]
    var canvasWidth = 0.0
    var canvasHeight = 0.0
    var safe = Side4(0, 0, 0, 0)
    var safeSources: [String] = []
    /// The safe area to lay the root out with instead of the inferred one (`--device`).
    var targetSafeArea: IBInsets?
    var marginsFromSafeArea: [(view: String, part: IBInsets)] = []
    /// Each view's layout margins measured from its own edges (the root's include its safe
    /// area), as UIKit computes them.
    var edgeMargins: [String: Side4] = [:]
    /// A table cell's side margins as this document's constraints show them, where they do
    /// (`inferCellSideMargin`).
    var savedCellSideMargin: Double?
    /// A table cell's margins: 11 at top and bottom, the sides as saved, else the rule's.
    var cellMargins: Side4 {
        var m = Self.tableCellMargins(width: canvasWidth)
        if let side = savedCellSideMargin {
            m.left = side
            m.right = side
        }
        return m
    }
    /// Scroll views whose content area constraints to the scroll view itself attach to: the
    /// content guide's name, declared in the guides section.
    var contentGuides: [String: String] = [:]
    var lines: [String] = []
    var skipped: [IBDiagnostic] = []
    var labels: [String: String] = [:]
    var constraintIDs: [String: String] = [:]
    /// Constraints that were written (by IB id), for the variant statements.
    var written: Set<String> = []

    init(
        document: IBDocument, root: IBView, controller: IBViewController?, scene: IBScene?,
        layoutName: String
    ) {
        self.document = document
        self.root = root
        self.controller = controller
        self.scene = scene
        self.layoutName = layoutName
    }

    var rootSafeGuide: String? { root.layoutGuides.first { $0.kind == .safeArea }?.id }

    mutating func translate() -> ImportedLayout {
        let controllerGuides = controller?.layoutGuides ?? []
        names = IBNaming.names(root: root, controllerGuides: controllerGuides)
        // Re-claim every name so that guides made here (scroll content areas) stay unique.
        for name in names.values where name != "root" { _ = space.claim(name) }
        for v in root.allViews {
            viewByRef[v.ref] = v
            for s in v.subviews { parentOf[s.ref] = v.ref }
            for g in v.layoutGuides { guideByID[g.id] = g }
        }
        for g in controllerGuides { guideByID[g.id] = g }
        for p in root.framesInRootCoordinates() { placed[p.ref] = p.frame }
        canvasWidth = root.frame?.width ?? 0
        canvasHeight = root.frame?.height ?? 0
        inferSafeArea()
        if let target = targetSafeArea {
            // The device's: the views under its unsafe edges take their share of it into
            // their margins, as UIKit gives them on that device.
            safe = Side4(target)
            safeSources = []
        }
        savedCellSideMargin = inferCellSideMargin()
        computeMargins()

        writeHeader()
        writeViews()
        writeGuides()
        writeCellContentPlacement()
        writeMentionedAutoresizing()
        let variations = collectVariations()
        assignLabels(needed: variations.needLabels)
        writeConstraints()
        writeVariations(variations)

        var sourceIDs: [String: String] = [:]
        for (ref, name) in names where ref != rootSafeGuide {
            sourceIDs[name] = viewByRef[ref]?.id ?? guideByID[ref]?.id ?? ref
        }
        // A content guide made here traces back to its scroll view.
        for (scrollRef, name) in contentGuides where sourceIDs[name] == nil {
            sourceIDs[name] = scrollRef
        }
        return ImportedLayout(
            name: layoutName, rootRef: root.ref, script: lines.joined(separator: "\n") + "\n",
            sourceIDs: sourceIDs, constraintIDs: constraintIDs, safeArea: safe.insets,
            safeAreaSources: safeSources, skipped: skipped, marginsFromSafeArea: marginsFromSafeArea
        )
    }

    // MARK: Reports

    mutating func report(_ line: Int, _ element: String, _ id: String?, _ message: String) {
        let tag = id.map { "<\(element) id=\($0)>" } ?? "<\(element)>"
        skipped.append(
            IBDiagnostic(file: document.file, line: line, element: tag, message: message))
    }

    // MARK: Safe area

    /// The root's safe-area insets: per side, the value most of the document's own
    /// constraints between a view (not one Xcode flagged misplaced) and the root's safe area (or a controller's top or bottom
    /// guide) give with that view's saved frame; else the device table's for the root's saved
    /// size; else 0.
    mutating func inferSafeArea() {
        var found: [String: [Double]] = ["top": [], "left": [], "bottom": [], "right": []]
        let screenGuides: Set<String> = Set(
            [rootSafeGuide].compactMap { $0 } + (controller?.layoutGuides.map(\.id) ?? []))
        for v in root.allViews {
            for c in v.constraints {
                guard c.relation == .equal, c.multiplier == 1, let second = c.secondItem,
                    let secondAttribute = c.secondAttribute
                else { continue }
                let firstIsGuide = screenGuides.contains(c.firstItem)
                let secondIsGuide = screenGuides.contains(second)
                guard firstIsGuide != secondIsGuide else { continue }
                let (guide, guideAttr, view, viewAttr) =
                    firstIsGuide
                    ? (c.firstItem, c.firstAttribute, second, secondAttribute)
                    : (second, secondAttribute, c.firstItem, c.firstAttribute)
                // A view Xcode flagged misplaced was not saved where the guide put it.
                guard let frame = placed[view], viewByRef[view]?.misplaced != true,
                    let viewValue = edge(viewAttr, of: frame, view: view)
                else { continue }
                // first == second + constant
                let guideValue = firstIsGuide ? viewValue + c.constant : viewValue - c.constant
                guard let kind = guideByID[guide]?.kind else { continue }
                switch (kind, guideAttr) {
                case (.safeArea, .top), (.controllerTop, .bottom):
                    found["top"]?.append(guideValue)
                case (.safeArea, .bottom), (.controllerBottom, .top):
                    found["bottom"]?.append(canvasHeight - guideValue)
                case (.safeArea, .left), (.safeArea, .leading):
                    found["left"]?.append(guideValue)
                case (.safeArea, .right), (.safeArea, .trailing):
                    found["right"]?.append(canvasWidth - guideValue)
                default: break
                }
            }
        }
        let table = IBMetrics.device(width: canvasWidth, height: canvasHeight)
        func pick(_ side: String, _ tableValue: Double?) -> Double {
            let limit = side == "top" || side == "bottom" ? canvasHeight / 2 : canvasWidth / 2
            let values = (found[side] ?? []).map { ($0 * 4).rounded() / 4 }.filter {
                $0 >= 0 && $0 < limit
            }
            if !values.isEmpty {
                var counts: [Double: Int] = [:]
                for v in values { counts[v, default: 0] += 1 }
                // The most common value; among equally common ones, the smallest.
                if let best = counts.max(by: { a, b in
                    a.value < b.value || (a.value == b.value && a.key > b.key)
                }) {
                    safeSources.append(
                        "\(side) \(IBTranslator.number(best.key)): from \(best.value) of "
                            + "\(values.count) constraint(s) to the safe area and their views' saved "
                            + "frames")
                    return best.key
                }
            }
            // A bar IB draws over the controller's view (a navigation, tab or tool bar)
            // adds to that side of the screen's own inset, as a navigation or tab bar
            // controller extends its child's safe area under its translucent bars.
            let simulated =
                side == "top"
                ? controller?.simulatedTopBar
                : side == "bottom" ? controller?.simulatedBottomBar : nil
            let bar = simulated.map(IBMetrics.barHeight) ?? 0
            let barText =
                bar == 0
                ? ""
                : " + \(IBTranslator.number(bar)) (a simulated \(simulated?.elementName ?? "bar"))"
            if let tableValue, let table {
                safeSources.append(
                    "\(side) \(IBTranslator.number(tableValue + bar)): device table, \(table.row.devices)"
                        + (table.landscape ? " landscape" : " portrait") + barText)
                return tableValue + bar
            }
            if bar != 0 {
                safeSources.append(
                    "\(side) \(IBTranslator.number(bar)): no device table row" + barText)
                return bar
            }
            safeSources.append("\(side) 0: no constraint gives it and no device table row")
            return 0
        }
        safe = Side4(
            pick("top", table?.insets.top), pick("left", table?.insets.left),
            pick("bottom", table?.insets.bottom), pick("right", table?.insets.right))
    }

    /// An edge or centre of `view`'s saved `frame` (root coordinates, left to right) as
    /// constraints see it: of the rectangle Auto Layout places, which a switch's frame
    /// overhangs (`alignmentOffset`).
    func edge(_ attribute: IBAttribute, of frame: IBRect, view: String) -> Double? {
        frameEdge(attribute, of: frame).map { $0 - alignmentOffset(view, attribute) }
    }

    func frameEdge(_ attribute: IBAttribute, of frame: IBRect) -> Double? {
        switch attribute {
        case .top: return frame.y
        case .bottom: return frame.y + frame.height
        case .left, .leading: return frame.x
        case .right, .trailing: return frame.x + frame.width
        case .centerX: return frame.x + frame.width / 2
        case .centerY: return frame.y + frame.height / 2
        default: return nil
        }
    }

    // MARK: Margins

    var isControllerRoot: Bool { controller != nil }
    var systemSideMargin: Double { canvasWidth < 414 ? 16 : 20 }

    /// A table cell's margins: 11 at top and bottom, and the table's side margins (16, or 20
    /// from 414 points wide), as the samples' saved frames show.
    static func tableCellMargins(width: Double) -> Side4 {
        let side: Double = width < 414 ? 16 : 20
        return Side4(11, side, 11, side)
    }

    /// A table cell's side margins in this document, as its own constraints between cells'
    /// content views' side margins and the views inside them show with their saved frames
    /// (UIKit's cell margins changed with iOS versions: 15 points before iOS 11, the table's 16
    /// or 20 since; IB lays a document out with its own); nil where nothing shows them. The
    /// most common value wins, ties to the smaller.
    func inferCellSideMargin() -> Double? {
        var contentViews: [String: IBRect] = [:]
        for cell in root.allViews where cell.elementName == "tableViewCell" {
            for v in cell.subviews where v.key == "contentView" {
                if let f = placed[v.ref] { contentViews[v.ref] = f }
            }
        }
        guard !contentViews.isEmpty else { return nil }
        var left: [Double: Int] = [:]
        for c in treeConstraints where !c.placeholder && c.relation == .equal && c.multiplier == 1 {
            guard let second = c.secondItem, let secondAttribute = c.secondAttribute else {
                continue
            }
            let firstIsCell = contentViews[c.firstItem] != nil
            guard firstIsCell != (contentViews[second] != nil) else { continue }
            let (cv, cvAttr, other, otherAttr) =
                firstIsCell
                ? (c.firstItem, c.firstAttribute, second, secondAttribute)
                : (second, secondAttribute, c.firstItem, c.firstAttribute)
            guard let cvFrame = contentViews[cv], let otherFrame = placed[other],
                viewByRef[other]?.misplaced != true,
                let otherEdge = edge(otherAttr, of: otherFrame, view: other)
            else { continue }
            // first == second + constant
            let marginEdge = firstIsCell ? otherEdge + c.constant : otherEdge - c.constant
            func rounded(_ v: Double) -> Double? {
                let r = (v * 4).rounded() / 4
                // 8 or less is the content view's own margin (beside an accessory, or a cell
                // that does not preserve its margins), not the cell's.
                return r > 8 && r < cvFrame.width / 4 ? r : nil
            }
            guard cvAttr == .leadingMargin || cvAttr == .leftMargin,
                let v = rounded(marginEdge - cvFrame.x)
            else { continue }
            left[v, default: 0] += 1
        }
        // UIKit's cell margins are the same at both sides; only the leading side is taken as
        // the witness, as the trailing one is where accessories and controls sit.
        return left.max { a, b in a.value < b.value || (a.value == b.value && a.key > b.key) }?
            .key
    }

    /// The root's margins as the canvas states them (measured from the safe area).
    var rootMargins: Side4 {
        if isControllerRoot {
            // viewRespectsSystemMinimumLayoutMargins: the sides are never under the minimum.
            let own = root.layoutMargins.map(Side4.init) ?? Side4(0, 0, 0, 0)
            return Side4.max(own, Side4(0, systemSideMargin, 0, systemSideMargin))
        }
        if let own = root.layoutMargins { return Side4(own) }
        if root.elementName == "tableViewCell" { return cellMargins }
        return Self.topLevelViewMargins(width: canvasWidth)
    }

    /// The margins Interface Builder lays a XIB's top-level view (or collection view cell)
    /// out with when it sets none: IB shows it as the root view of the File's Owner, a view
    /// controller, whose sides are at least `systemMinimumLayoutMargins` (16 points, 20 from
    /// 414 points wide, as for a controller's root), top and bottom UIView's 8.
    static func topLevelViewMargins(width: Double) -> Side4 {
        let side: Double = width < 414 ? 16 : 20
        return Side4(8, side, 8, side)
    }

    /// Effective margins as UIKit computes them: the view's own (8 unless it says), plus the
    /// part of the root's safe area it overlaps (`insetsLayoutMarginsFromSafeArea`), and at
    /// least what its superview's margins reach into it (`preservesSuperviewLayoutMargins`).
    mutating func computeMargins() {
        edgeMargins[root.ref] = rootMargins + safe
        func walk(_ v: IBView, parent: IBView) {
            var own =
                v.layoutMargins.map(Side4.init)
                ?? (v.elementName == "tableViewCell"
                    ? cellMargins : Side4(8, 8, 8, 8))
            if v.insetsLayoutMarginsFromSafeArea != false, let f = placed[v.ref] {
                let reach = safeAreaReach(v.ref, frame: f)
                own = own + reach
                if reach != Side4(0, 0, 0, 0), let name = names[v.ref] {
                    marginsFromSafeArea.append((name, reach.insets))
                }
            }
            let preserves =
                v.preservesSuperviewLayoutMargins == true
                || (parent.isCell && v.key == "contentView")
            if preserves, let pm = edgeMargins[parent.ref], let f = v.frame,
                let pf = parent.frame
            {
                var reach = Side4(
                    pm.top - f.y, pm.left - f.x, pm.bottom - (pf.height - f.y - f.height),
                    pm.right - (pf.width - f.x - f.width))
                if Self.scrollElements.contains(parent.elementName) {
                    // Content scrolls under a scroll view's top and bottom margins (which hold
                    // its safe area): only its sides reach into what it holds.
                    reach.top = 0
                    reach.bottom = 0
                }
                own = Side4.max(own, reach)
            }
            if v.elementName == "tableViewCell"
                || (parent.elementName == "tableViewCell"
                    && v.key == "contentView")
            {
                // What the document shows wins over the rules above, which changed with iOS
                // versions (what a preserved table margin gave, what a cell's own was).
                // A content view beside an accessory keeps its own trailing margin.
                let besideAccessory =
                    v.key == "contentView"
                    && (v.frame.map { f in parent.frame.map { f.x + f.width < $0.width } ?? false }
                        ?? false)
                if let side = savedCellSideMargin {
                    own.left = side
                    if !besideAccessory { own.right = side }
                }
            }
            edgeMargins[v.ref] = own
            for s in v.subviews { walk(s, parent: v) }
        }
        for s in root.subviews { walk(s, parent: root) }
    }

    /// How far the root's safe area reaches into the view `ref` saved at `frame` (root
    /// coordinates). Inside a scroll, table or collection view the content is saved at content
    /// offset 0, but UIKit insets that content by the safe area along the axis it scrolls
    /// (`contentInsetAdjustmentBehavior`, `.automatic` by default, adjusts the top and bottom
    /// insets), so the bars never cover it there and only the sides reach into it.
    func safeAreaReach(_ ref: String, frame: IBRect) -> Side4 {
        var reach = overlap(of: frame, with: safe)
        if isInScrollContent(ref) {
            reach.top = 0
            reach.bottom = 0
        }
        return reach
    }

    /// UIScrollView and the subclasses IB writes as their own elements.
    static let scrollElements: Set<String> = [
        "scrollView", "tableView", "collectionView", "textView",
    ]

    /// Whether a scroll, table or collection view holds `ref` (at any depth) in its content.
    func isInScrollContent(_ ref: String) -> Bool {
        var current = parentOf[ref]
        while let c = current {
            if let e = viewByRef[c]?.elementName, Self.scrollElements.contains(e) {
                return true
            }
            current = parentOf[c]
        }
        return false
    }

    /// How far the root's insets reach into `frame` (root coordinates), per side: the part of
    /// the inset strip along that edge of the canvas that the frame covers. A view that runs
    /// past the canvas (content in a scroll view, at content offset 0) covers at most the
    /// strip, and one wholly off the canvas covers none of it.
    func overlap(of frame: IBRect, with insets: Side4) -> Side4 {
        let onCanvas =
            frame.x < canvasWidth && frame.x + frame.width > 0 && frame.y < canvasHeight
            && frame.y + frame.height > 0
        guard onCanvas else { return Side4(0, 0, 0, 0) }
        func part(_ inset: Double, _ distance: Double) -> Double {
            min(inset, max(0, inset - distance))
        }
        return Side4(
            part(insets.top, frame.y), part(insets.left, frame.x),
            part(insets.bottom, canvasHeight - frame.y - frame.height),
            part(insets.right, canvasWidth - frame.x - frame.width))
    }

    // MARK: Header and canvas

    mutating func writeHeader() {
        lines.append(
            "# Imported from \(document.file) (Interface Builder \(document.version), tools "
                + "\(document.toolsVersion.isEmpty ? "?" : document.toolsVersion))")
        if let scene {
            var what = "# scene \(scene.sceneID)"
            if let c = controller {
                what += ": \(c.elementName) \(c.id ?? "?")"
                if let cls = c.customClass { what += " (\(cls))" }
                if let sid = c.storyboardIdentifier { what += ", storyboardIdentifier \(sid)" }
            } else {
                what += ": top-level \(root.className) \(root.ref)"
            }
            lines.append(what)
        } else if let c = controller {
            lines.append("# \(c.elementName) \(c.id ?? "?")")
        } else {
            lines.append("# top-level \(root.className) \(root.ref)")
        }
        if let d = document.device {
            lines.append(
                "# device \(d.id) \(d.orientation ?? "portrait"); canvas: the root view's saved "
                    + "frame")
        } else {
            lines.append("# no device; canvas: the root view's saved frame")
        }
        for source in safeSources { lines.append("# safe area \(source)") }
        lines.append("layout \(layoutName)")
        var canvas =
            "canvas \(IBTranslator.number(canvasWidth)) \(IBTranslator.number(canvasHeight))"
        if safe != Side4(0, 0, 0, 0) { canvas += " safe \(safe.text)" }
        if !isControllerRoot || root.layoutMargins != nil {
            canvas += " margins \(rootMargins.text)"
        }
        if isRightToLeft { canvas += " direction rtl" }
        if root.frame == nil {
            report(root.line, root.elementName, root.id, "no saved frame: canvas 0 0")
        }
        lines.append(canvas + "  # ib:\(root.ref)")
    }

    /// Whether the layout reads right to left: its root view forces it
    /// (`semanticContentAttribute="forceRightToLeft"`). The vocabulary's direction is the
    /// layout's (`canvas ... direction rtl`), so a root's choice maps onto it whole.
    var isRightToLeft: Bool { root.semanticContentAttribute == "forceRightToLeft" }

    /// Reports a view below the root whose `semanticContentAttribute` asks for a direction
    /// other than the layout's: the vocabulary has one direction per layout, and the view's
    /// leading and trailing follow it. `forceLeftToRight` under a left-to-right layout and
    /// `playback` or `spatial` there (they only keep a view from flipping) change nothing.
    mutating func reportDirection(of v: IBView) {
        guard let attribute = v.semanticContentAttribute else { return }
        let keepsLayoutDirection =
            isRightToLeft
            ? attribute == "forceRightToLeft"
            : ["forceLeftToRight", "playback", "spatial"].contains(attribute)
        guard !keepsLayoutDirection else { return }
        report(
            v.line, v.elementName, v.id,
            "semanticContentAttribute \(attribute): not read; a layout has one direction "
                + "(\(isRightToLeft ? "rtl, from its root" : "ltr")), and this view's leading and "
                + "trailing follow it")
    }

    // MARK: Views

    mutating func writeViews() {
        for s in root.subviews { writeView(s, parent: root) }
    }

    mutating func writeView(_ v: IBView, parent: IBView) {
        guard let name = names[v.ref] else { return }
        reportDirection(of: v)
        let parentName = names[parent.ref] ?? "root"
        var line: String
        if let stack = v.stack {
            line = "stack \(name)"
            if parentName != "root" { line += " in \(parentName)" }
            line += " \(stack.axis == "vertical" ? "V" : "H")"
            line += " spacing \(IBTranslator.number(Self.spacing(of: stack)))"
            // With no arranged views the distribution places nothing, and UIKit lays an
            // empty stack out by its own constraints alone whatever the distribution says;
            // `fill` is the one the vocabulary accepts for an empty stack.
            let distribution = v.subviews.isEmpty ? "fill" : stack.distribution
            // UIStackView.Alignment documents the baseline alignments as valid only for
            // horizontal stacks; a vertical one aligns its column as with the default, fill.
            let isBaseline = stack.alignment == "firstBaseline" || stack.alignment == "lastBaseline"
            let alignment = stack.axis == "vertical" && isBaseline ? "fill" : stack.alignment
            line += " distribute \(distribution) align \(alignment)"
            if Self.arrangesWithinMargins(v), let m = edgeMargins[v.ref] {
                line += " margins \(m.text)"
            }
            if stack.baselineRelativeArrangement {
                report(
                    v.line, v.elementName, v.id,
                    "baselineRelativeArrangement: the vocabulary measures a stack's spacing "
                        + "between frames; spacing kept, baseline measurement left out")
            }
            if let f = v.frame { line += " frame \(frameText(f))" }
        } else {
            line = "view \(name)"
            if parentName != "root" { line += " in \(parentName)" }
            if let f = v.frame { line += " frame \(frameText(f))" }
            let placedByCell = parent.isCell && v.key == "contentView"
            if placedByCell {
                // UIKit sizes a cell's contentView to the cell.
                line += " autoresize width,height"
            } else if v.translatesAutoresizingMaskIntoConstraints && parent.stack == nil,
                let flags = v.autoresizingMask?.layoutFlags, !flags.isEmpty
            {
                line += " autoresize " + flags.joined(separator: ",")
            }
            if let intrinsic = intrinsicText(v) { line += " intrinsic \(intrinsic)" }
            if let m = edgeMargins[v.ref], m != Side4(8, 8, 8, 8) {
                line += " margins \(m.text)"
            }
            if textElements.contains(v.elementName), let font = v.font,
                let b = IBMetrics.baseline(font: font, height: v.frame?.height)
            {
                line += " baseline \(IBTranslator.number(b.first)) \(IBTranslator.number(b.last))"
            }
        }
        lines.append(line + "  # ib:\(v.ref)")
        if v.hidden { lines.append("hide \(name)  # ib:\(v.ref) hidden") }
        for s in v.subviews { writeView(s, parent: v) }
    }

    /// A stack's spacing: `spacingType="standard"` (UIStackView.spacingUseSystem) is the
    /// system spacing between two views, the 8 points of the contract's standard spacing (`-`
    /// in VFL); otherwise `spacing` as written.
    static func spacing(of stack: IBStack) -> Double {
        stack.usesStandardSpacing ? 8 : stack.spacing
    }

    /// Whether a stack arranges its views within its layout margins. Interface Builder turns
    /// `isLayoutMarginsRelativeArrangement` on when a stack's margins are set in its size
    /// inspector (useyourloaf.com, "Adding Padding To A Stack View", 2022: in Interface
    /// Builder setting the margins is all it takes; in code the flag must be set too), and
    /// writes the margins with no flag of their own, so margins in the document mean a
    /// margins-relative stack.
    static func arrangesWithinMargins(_ v: IBView) -> Bool {
        guard let stack = v.stack else { return false }
        return stack.layoutMarginsRelativeArrangement || v.layoutMargins != nil
    }

    func frameText(_ f: IBRect) -> String {
        [f.x, f.y, f.width, f.height].map(IBTranslator.number).joined(separator: " ")
    }

    /// `W H hug PH PV resist PH PV`: from `placeholderIntrinsicWidth/Height`, else the
    /// designable size Xcode saved, else an image view's image, else (content views only) the
    /// saved frame along that axis. `nil` for a view with no intrinsic size on either axis.
    func intrinsicText(_ v: IBView) -> String? {
        let isContent = contentElements.contains(v.elementName)
        let designable = Self.wrappedLabelSize(
            v, designable: v.id.flatMap { document.designableIntrinsicSizes[$0] })
        let image = v.elementName == "imageView" ? v.imageSize : nil
        func axis(
            _ placeholder: IBPlaceholderLength?, _ designed: Double?, _ img: Double?,
            _ saved: Double?
        ) -> Double? {
            switch placeholder {
            case .points(let p)?: return p
            case .none?: return nil
            case nil: break
            }
            if let designed { return designed }
            if let img { return img }
            return isContent ? saved : nil
        }
        let stretched = stretchedByStack(v)
        let w = axis(
            v.placeholderIntrinsicWidth, designable?.width, image?.width,
            stretched == "horizontal" ? nil : v.frame?.width)
        let h = axis(
            v.placeholderIntrinsicHeight, designable?.height, image?.height,
            stretched == "vertical" ? nil : v.frame?.height)
        guard w != nil || h != nil else { return nil }
        let p = IBTranslator.number
        return "\(w.map(p) ?? "-") \(h.map(p) ?? "-")"
            + " hug \(p(v.horizontalHuggingPriority ?? 250)) \(p(v.verticalHuggingPriority ?? 250))"
            + " resist \(p(v.horizontalCompressionResistancePriority ?? 750))"
            + " \(p(v.verticalCompressionResistancePriority ?? 750))"
    }

    /// The axis (`horizontal` or `vertical`) along which a `fill` stack stretched `v` past
    /// its content: of the stack's arranged views, `v` hugs least along the stack's axis, so
    /// UIStackView gave it the room the others' content left. Its saved length there is
    /// that room, not its content's, and standing in as its intrinsic size it would resist
    /// compression on a smaller screen as if it were content: left out, `v` takes the room
    /// the others leave, as UIKit gives it where its content fits.
    func stretchedByStack(_ v: IBView) -> String? {
        guard let parentRef = parentOf[v.ref], let parent = viewByRef[parentRef],
            let stack = parent.stack, stack.distribution == "fill", !v.hidden
        else { return nil }
        let horizontal = stack.axis != "vertical"
        func hug(_ view: IBView) -> Double {
            (horizontal ? view.horizontalHuggingPriority : view.verticalHuggingPriority) ?? 250
        }
        let others = parent.subviews.filter { $0.ref != v.ref && !$0.hidden }
        guard !others.isEmpty, others.allSatisfy({ hug($0) > hug(v) }) else { return nil }
        return horizontal ? "horizontal" : "vertical"
    }

    /// The size a multi-line label (`numberOfLines` 0 or over 1) measures. Xcode records a
    /// designable label's intrinsic size measured alone, with no width to wrap at: the text on
    /// one line. UILabel measures a wrapping label at the width it is laid out at
    /// (`preferredMaxLayoutWidth` taken from its bounds), so its height is a function of its
    /// width that one recorded size cannot give; the saved frame's height is the height
    /// Xcode laid it out with, the stand-in the import has for text it cannot measure (on an
    /// axis its constraints fix, they win anyway). Its width is the one line's, or the saved
    /// width where the label was laid out narrower than that and wrapped.
    static func wrappedLabelSize(_ v: IBView, designable: IBSize?) -> IBSize? {
        guard let designable, let lines = v.numberOfLines, lines != 1, let f = v.frame else {
            return designable
        }
        let wrapped = f.width < designable.width - 0.5
        return IBSize(width: wrapped ? f.width : designable.width, height: f.height)
    }

    // MARK: Cells

    /// The priority of the equations that place cells and their content views: UIKit places
    /// them with required constraints (their frames are set in `layoutSubviews` and translated
    /// from their autoresizing masks), above anything IB can write (IB's priorities are whole
    /// numbers up to 1000), but a document whose own required constraints conflict with them
    /// (UIKit then breaks one at run time and logs it) still imports instead of being refused.
    static let cellPlacementPriority = "999.9"

    /// A cell's `contentView` is placed by the cell, not by constraints: UITableViewCell and
    /// UICollectionViewCell set its frame in `layoutSubviews` (it translates its autoresizing
    /// mask), to the cell's bounds less what the cell draws beside it (a table cell's accessory
    /// and editing controls). Constraints inside the content view therefore cannot stretch it.
    /// The insets are the saved frame's within the cell: where this cell's accessory left the
    /// content view on the document's device; they stay as the cell is resized, as the
    /// accessory keeps its width. A cell inside a table or collection view is placed by that
    /// view the same way (`writeCellPlacement`).
    mutating func writeCellContentPlacement() {
        for cell in root.allViews where cell.isCell {
            guard let cellName = names[cell.ref], let cellFrame = cell.frame else { continue }
            if cell.ref != root.ref, let tableRef = parentOf[cell.ref],
                let table = viewByRef[tableRef], let tableName = names[tableRef]
            {
                writeCellPlacement(cell, name: cellName, frame: cellFrame, in: table, tableName)
            }
            for v in cell.subviews where v.key == "contentView" {
                guard let name = names[v.ref], let f = v.frame else { continue }
                let right = cellFrame.width - f.x - f.width
                let bottom = cellFrame.height - f.y - f.height
                writePlacement(
                    [
                        "\(name).left == \(cellName).left\(plus(f.x))",
                        "\(name).right == \(cellName).right\(plus(-right))",
                        "\(name).top == \(cellName).top\(plus(f.y))",
                        "\(name).bottom == \(cellName).bottom\(plus(-bottom))",
                    ], why: "the cell places its contentView (its bounds less the accessory)")
            }
        }
    }

    /// A view that translates its autoresizing mask into constraints keeps those constraints
    /// when other constraints name it (UIKit's NSAutoresizingMaskLayoutConstraint are
    /// required): a table whose cells are placed in it, or a container whose subviews are
    /// constrained to it, still follows its superview by its mask and is not pushed by what is
    /// inside it. The vocabulary's `autoresize` applies only to views no constraint mentions,
    /// so for a mentioned one the mask is written as equations, the parent's change of size
    /// shared among the flexible parts in proportion to their saved sizes (equally when those
    /// are zero), as the engine does for `autoresize`.
    mutating func writeMentionedAutoresizing() {
        var mentioned: Set<String> = []
        for c in treeConstraints where !c.placeholder {
            for item in c.items { if let v = viewOf(item) { mentioned.insert(v) } }
        }
        for cell in root.allViews where cell.isCell {
            if let table = parentOf[cell.ref] { mentioned.insert(table) }
        }
        for v in root.allViews where v.ref != root.ref && mentioned.contains(v.ref) {
            guard v.translatesAutoresizingMaskIntoConstraints, !v.isCell,
                let parentRef = parentOf[v.ref], let parent = viewByRef[parentRef],
                parent.stack == nil, !(parent.isCell && v.key == "contentView"),
                let name = names[v.ref], let parentName = names[parentRef], let f = v.frame,
                let pf = parent.frame
            else { continue }
            let flags = Set(v.autoresizingMask?.layoutFlags ?? [])
            var equations: [String] = []
            for (h, origin, size, parentSize) in [
                (true, f.x, f.width, pf.width), (false, f.y, f.height, pf.height),
            ] {
                let flexible =
                    h
                    ? [flags.contains("left"), flags.contains("width"), flags.contains("right")]
                    : [flags.contains("top"), flags.contains("height"), flags.contains("bottom")]
                let parts = [origin, size, parentSize - origin - size]
                let total = zip(parts, flexible).reduce(0.0) { $0 + ($1.1 ? max(0, $1.0) : 0) }
                let count = Double(flexible.filter { $0 }.count)
                func share(_ k: Int) -> Double {
                    guard flexible[k], count > 0 else { return 0 }
                    return total > 0 ? max(0, parts[k]) / total : 1 / count
                }
                let (position, dimension) = h ? ("left", "width") : ("top", "height")
                // position = parent.position + origin + share × (parent.size - saved size)
                let a = share(0)
                let b = share(1)
                var pos = "\(name).\(position) == \(parentName).\(position)"
                if a != 0 { pos += " + \(parentName).\(dimension) * \(IBTranslator.number(a))" }
                equations.append(pos + plus(origin - a * parentSize))
                var dim = "\(name).\(dimension) == "
                if b != 0 {
                    dim +=
                        "\(parentName).\(dimension) * \(IBTranslator.number(b))"
                        + plus(size - b * parentSize)
                } else {
                    dim += IBTranslator.number(size)
                }
                equations.append(dim)
            }
            writePlacement(equations, why: "\(name)'s autoresizing mask, as UIKit translates it")
        }
    }

    /// A cell inside a table or collection view is placed by that view (at the saved place in
    /// its content, offset 0), not by constraints, and its content's constraints cannot move
    /// it. A table cell is as wide as its table less the saved side insets (UITableView sizes
    /// rows to its width) and keeps its row height; a collection view cell keeps its saved size
    /// (the layout's item size).
    mutating func writeCellPlacement(
        _ cell: IBView, name: String, frame f: IBRect, in table: IBView, _ tableName: String
    ) {
        var equations = ["\(name).left == \(tableName).left\(plus(f.x))"]
        if cell.elementName == "tableViewCell", let tf = table.frame {
            equations.append(
                "\(name).right == \(tableName).right\(plus(-(tf.width - f.x - f.width)))")
        } else {
            equations.append("\(name).width == \(IBTranslator.number(f.width))")
        }
        equations.append("\(name).top == \(tableName).top\(plus(f.y))")
        equations.append("\(name).height == \(IBTranslator.number(f.height))")
        writePlacement(
            equations,
            why: cell.elementName == "tableViewCell"
                ? "the table places its cell" : "the collection view places its cell")
    }

    mutating func writePlacement(_ equations: [String], why: String) {
        for (i, e) in equations.enumerated() {
            lines.append(
                "\(e) @ \(Self.cellPlacementPriority)" + (i == 0 ? "  # \(why)" : ""))
        }
    }

    // MARK: Guides

    mutating func writeGuides() {
        for v in root.allViews {
            guard let owner = names[v.ref] else { continue }
            for g in v.layoutGuides {
                if v.ref == root.ref && g.kind == .safeArea { continue }  // root.safe
                guard let name = names[g.id] else { continue }
                let inClause = owner == "root" ? "" : " in \(owner)"
                lines.append("guide \(name)\(inClause)  # ib:\(g.id)")
                switch g.kind {
                case .safeArea:
                    // Only the root has a safe area in the vocabulary; another view's is its
                    // edges inset by the part of the root's safe area it overlaps.
                    let o =
                        placed[v.ref].map { safeAreaReach(v.ref, frame: $0) } ?? Side4(0, 0, 0, 0)
                    lines.append(
                        "\(name).top == \(owner).top\(plus(o.top))  # \(owner)'s safe area")
                    lines.append("\(name).left == \(owner).left\(plus(o.left))")
                    lines.append("\(name).bottom == \(owner).bottom\(plus(-o.bottom))")
                    lines.append("\(name).right == \(owner).right\(plus(-o.right))")
                case .scrollFrame:
                    lines.append("\(name).edges == \(owner).edges  # the scroll view's frame")
                case .scrollContent:
                    contentGuides[v.ref] = name
                    lines.append(
                        "\(name).top == \(owner).top; \(name).left == \(owner).left  "
                            + "# content at offset 0; its size comes from the constraints")
                default:
                    break
                }
            }
            if v.elementName == "scrollView", contentGuides[v.ref] == nil,
                scrollHasContentConstraints(v)
            {
                // Edge constraints between a scroll view and its content attach to the content
                // area (UIScrollView); a document without a content guide gets one here.
                let name = space.claim("\(owner)_content")
                contentGuides[v.ref] = name
                let inClause = owner == "root" ? "" : " in \(owner)"
                lines.append("guide \(name)\(inClause)  # \(owner)'s content area (UIScrollView)")
                lines.append(
                    "\(name).top == \(owner).top; \(name).left == \(owner).left  "
                        + "# content at offset 0; its size comes from the constraints")
            }
        }
        for g in controller?.layoutGuides ?? [] {
            guard let name = names[g.id] else { continue }
            switch g.kind {
            case .controllerTop:
                lines.append("guide \(name)  # ib:\(g.id) topLayoutGuide")
                lines.append(
                    "\(name).top == root.top; \(name).bottom == root.safe.top; "
                        + "\(name).left == root.left; \(name).right == root.right")
            case .controllerBottom:
                lines.append("guide \(name)  # ib:\(g.id) bottomLayoutGuide")
                lines.append(
                    "\(name).top == root.safe.bottom; \(name).bottom == root.bottom; "
                        + "\(name).left == root.left; \(name).right == root.right")
            default:
                lines.append("guide \(name)  # ib:\(g.id)")
            }
        }
    }

    func plus(_ value: Double) -> String {
        if value == 0 { return "" }
        return value > 0
            ? " + \(IBTranslator.number(value))" : " - \(IBTranslator.number(-value))"
    }

    func isDescendant(_ ref: String, of ancestor: String) -> Bool {
        var current = parentOf[ref]
        while let c = current {
            if c == ancestor { return true }
            current = parentOf[c]
        }
        return false
    }

    /// The view an item is, or the owner of the guide it is.
    func viewOf(_ item: String) -> String? {
        if viewByRef[item] != nil { return item }
        return guideByID[item]?.owner
    }

    func scrollHasContentConstraints(_ scroll: IBView) -> Bool {
        root.allViews.flatMap(\.constraints).contains { c in
            contentSide(c, scroll: scroll.ref) != nil
        }
    }

    /// Which side of `c` (0 first, 1 second) names `scroll` by an edge while the other side is
    /// inside it: that side attaches to the scroll view's content area.
    func contentSide(_ c: IBConstraint, scroll: String) -> Int? {
        let edges: Set<IBAttribute> = [.top, .bottom, .left, .right, .leading, .trailing]
        guard let second = c.secondItem, let secondAttribute = c.secondAttribute else {
            return nil
        }
        if c.firstItem == scroll, edges.contains(c.firstAttribute),
            let inner = viewOf(second), isDescendant(inner, of: scroll)
        {
            return 0
        }
        if second == scroll, edges.contains(secondAttribute),
            let inner = viewOf(c.firstItem), isDescendant(inner, of: scroll)
        {
            return 1
        }
        return nil
    }

    // MARK: Constraints

    /// `ITEM.ATTR` for one side of a constraint, or why it cannot be written.
    func term(_ item: String, _ attribute: IBAttribute, scrollContent: Bool) -> Result<
        String, TranslateError
    > {
        if item == rootSafeGuide {
            if attribute.isMargin || attribute.isBaseline {
                return .failure(TranslateError("\(attribute.rawValue) of the safe area"))
            }
            return .success("root.safe.\(attribute.rawValue)")
        }
        if scrollContent, let guide = contentGuides[item] {
            return .success("\(guide).\(attribute.rawValue)")
        }
        guard let name = names[item] else {
            return .failure(TranslateError("item \(item) is not a view or guide of this layout"))
        }
        if guideByID[item] != nil && (attribute.isMargin || attribute.isBaseline) {
            return .failure(
                TranslateError(
                    "\(attribute.rawValue) of a layout guide (guides have no margins or baselines)")
            )
        }
        return .success("\(name).\(attribute.rawValue)")
    }

    /// How much `attribute` of `item`'s frame exceeds the same attribute of the rectangle
    /// Auto Layout places (a switch's overhang); 0 for guides and most views.
    func alignmentOffset(_ item: String, _ attribute: IBAttribute) -> Double {
        guard let v = viewByRef[item] else { return 0 }
        return IBMetrics.alignmentOffset(elementName: v.elementName, attribute: attribute)
    }

    /// The horizontal positions (`leading`, `trailing` and their margins are directional).
    static let horizontalPositions: Set<IBAttribute> = [
        .left, .right, .leading, .trailing, .centerX, .leftMargin, .rightMargin,
        .leadingMargin, .trailingMargin, .centerXWithinMargins,
    ]
    static let verticalPositions: Set<IBAttribute> = [
        .top, .bottom, .centerY, .baseline, .firstBaseline, .lastBaseline, .topMargin,
        .bottomMargin, .centerYWithinMargins,
    ]
    static let directional: Set<IBAttribute> = [
        .leading, .trailing, .leadingMargin, .trailingMargin,
    ]

    /// The origin of the coordinates UIKit evaluates `c` in, where a script, which
    /// measures every attribute in root coordinates, must add it: `G.left`, `G.top` or
    /// `G.leading` of the items' nearest common ancestor `G` (docs/vocabulary.md §11).
    ///
    /// UIKit reads `a.x == m * b.x + c` between two positions in `G`'s bounds, where `G`'s
    /// own origin is 0 (Stack Overflow 25942546): `a.x − G.left == m · (b.x − G.left) + c`,
    /// which in root coordinates is `a.x == m · b.x + (1 − m) · G.left + c`. Nil where the
    /// two agree: a multiplier of 1, a size, an item without a second, `G` the root. An item
    /// that is `G` itself (a view inside the card against the card) is measured the same
    /// way: `card.centerX − card.left` is half its width. A directional constraint takes
    /// `G.leading`, which layoutdb mirrors with the rest of it under right-to-left, as UIKit
    /// measures a leading position from `G`'s leading edge.
    func ancestorOrigin(_ c: IBConstraint) -> String? {
        guard c.multiplier != 1, let second = c.secondItem, let attribute = c.secondAttribute
        else { return nil }
        let horizontal = Self.horizontalPositions
        let vertical = Self.verticalPositions
        let isHorizontal = horizontal.contains(c.firstAttribute) && horizontal.contains(attribute)
        guard isHorizontal || (vertical.contains(c.firstAttribute) && vertical.contains(attribute)),
            let a = viewOf(c.firstItem), let b = viewOf(second),
            let ancestor = commonAncestor(a, b), ancestor != root.ref,
            let name = names[ancestor]
        else { return nil }
        let directional =
            Self.directional.contains(c.firstAttribute) || Self.directional.contains(attribute)
        return "\(name).\(isHorizontal ? (directional ? "leading" : "left") : "top")"
    }

    /// The nearest view that is `a` or holds it and is `b` or holds it.
    func commonAncestor(_ a: String, _ b: String) -> String? {
        var holdsA: Set<String> = [a]
        var current = parentOf[a]
        while let c = current {
            holdsA.insert(c)
            current = parentOf[c]
        }
        var candidate: String? = b
        while let c = candidate {
            if holdsA.contains(c) { return c }
            candidate = parentOf[c]
        }
        return nil
    }

    struct TranslateError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    var treeConstraints: [IBConstraint] { root.allViews.flatMap(\.constraints) }

    mutating func assignLabels(needed: Set<String>) {
        var taken: Set<String> = []
        for v in root.allViews where v.stack != nil {
            if let n = names[v.ref] { taken.insert("\(n).spacing") }
        }
        for c in treeConstraints where !c.placeholder {
            if let id = c.identifier, IBTranslator.isValidLabel(id), !taken.contains(id) {
                taken.insert(id)
                labels[c.id] = id
            }
        }
        for c in treeConstraints where !c.placeholder && needed.contains(c.id) {
            guard labels[c.id] == nil else { continue }
            var base = IBNaming.identifier(c.id)
            if base == "H" || base == "V" { base += "_" }
            var label = base
            var n = 2
            while taken.contains(label) {
                label = "\(base)_\(n)"
                n += 1
            }
            taken.insert(label)
            labels[c.id] = label
        }
    }

    mutating func writeConstraints() {
        for c in treeConstraints {
            if c.placeholder {
                lines.append("# placeholder constraint \(c.id) (removed at build time) left out")
                continue
            }
            switch constraintText(c) {
            case .success(let text):
                var line = text
                if let label = labels[c.id] {
                    line = "\(label): " + line
                    constraintIDs[label] = c.id
                }
                lines.append(line + "  # ib:\(c.id)")
                written.insert(c.id)
            case .failure(let error):
                report(c.line, "constraint", c.id, error.message + "; skipped")
            }
        }
    }

    func constraintText(_ c: IBConstraint) -> Result<String, TranslateError> {
        if c.firstAttribute == .notAnAttribute {
            return .failure(TranslateError("firstAttribute notAnAttribute"))
        }
        var scrollSide: Int?
        for (scrollRef, _) in contentGuides {
            if let side = contentSide(c, scroll: scrollRef) { scrollSide = side }
        }
        let first: String
        switch term(c.firstItem, c.firstAttribute, scrollContent: scrollSide == 0) {
        case .success(let t): first = t
        case .failure(let e): return .failure(e)
        }
        let relation =
            switch c.relation {
            case .equal: "=="
            case .lessThanOrEqual: "<="
            case .greaterThanOrEqual: ">="
            }
        // Constraints place a control's alignment rectangle, which a switch's frame overhangs
        // (IBMetrics.alignmentOverhang): `a - dA REL m * (b - dB) + c` is written on the frames
        // as `a REL m * b + (c + dA - m * dB)`.
        var constant = c.constant + alignmentOffset(c.firstItem, c.firstAttribute)
        var right: String
        if let second = c.secondItem, let attribute = c.secondAttribute,
            attribute != .notAnAttribute
        {
            switch term(second, attribute, scrollContent: scrollSide == 1) {
            case .success(let t): right = t
            case .failure(let e): return .failure(e)
            }
            if c.multiplier != 1 { right += " * \(IBTranslator.number(c.multiplier))" }
            constant -= c.multiplier * alignmentOffset(second, attribute)
            if let origin = ancestorOrigin(c) {
                let factor = 1 - c.multiplier
                right += factor > 0 ? " + \(origin)" : " - \(origin)"
                if abs(factor) != 1 { right += " * \(IBTranslator.number(abs(factor)))" }
            }
            right += plus(constant)
        } else {
            right = IBTranslator.number(constant)
        }
        var text = "\(first) \(relation) \(right)"
        if c.priority < 1000 { text += " @ \(IBTranslator.number(c.priority))" }
        return .success(text)
    }

    // MARK: Size-class variations

    struct Variant {
        var key: String
        var line: Int
        var activate: [String] = []
        var deactivate: [String] = []
        var hide: [String] = []
        var show: [String] = []
    }

    struct Variations {
        var baseDeactivate: [String] = []
        var baseHide: [String] = []
        var variants: [Variant] = []
        var needLabels: Set<String> = []
    }

    /// Constraints that name the view or anything inside it (by IB id).
    func constraints(touching viewRef: String) -> [String] {
        treeConstraints.filter { c in
            c.items.contains { item in
                guard let v = viewOf(item) else { return false }
                return v == viewRef || isDescendant(v, of: viewRef)
            }
        }.map(\.id)
    }

    func collectVariations() -> Variations {
        var out = Variations()
        var byKey: [String: Int] = [:]
        var excludedByDefaultViews: Set<String> = []
        var excludedByDefault: Set<String> = []
        for v in root.allViews {
            for variation in v.variations {
                let subviewMasks = variation.masks.filter { $0.key == "subviews" }
                if variation.key == "default" {
                    for id in variation.removesConstraints where !excludedByDefault.contains(id) {
                        excludedByDefault.insert(id)
                        out.baseDeactivate.append(id)
                    }
                    for ref in subviewMasks.flatMap(\.excludes) {
                        excludedByDefaultViews.insert(ref)
                        out.baseHide.append(ref)
                        for id in constraints(touching: ref) where !excludedByDefault.contains(id) {
                            excludedByDefault.insert(id)
                            out.baseDeactivate.append(id)
                        }
                    }
                    continue
                }
                let index: Int
                if let i = byKey[variation.key] {
                    index = i
                } else {
                    index = out.variants.count
                    byKey[variation.key] = index
                    out.variants.append(Variant(key: variation.key, line: variation.line))
                }
                out.variants[index].activate += variation.installsConstraints
                out.variants[index].deactivate += variation.removesConstraints
                for ref in subviewMasks.flatMap(\.excludes) {
                    out.variants[index].hide.append(ref)
                    out.variants[index].deactivate += constraints(touching: ref)
                }
                for ref in subviewMasks.flatMap(\.includes) {
                    out.variants[index].show.append(ref)
                    out.variants[index].activate += constraints(touching: ref).filter {
                        !variation.removesConstraints.contains($0)
                    }
                }
            }
        }
        out.needLabels = Set(out.baseDeactivate)
        for v in out.variants { out.needLabels.formUnion(v.activate + v.deactivate) }
        return out
    }

    mutating func writeVariations(_ variations: Variations) {
        func unique(_ ids: [String]) -> [String] {
            var seen: Set<String> = []
            return ids.filter { seen.insert($0).inserted }
        }
        let known = Set(treeConstraints.map(\.id))
        let line = root.variations.first?.line ?? root.line
        func labelOf(_ id: String) -> String? {
            guard written.contains(id) else { return nil }
            return labels[id]
        }
        var reported: Set<String> = []
        func unknown(_ id: String, _ at: Int) {
            if !known.contains(id), reported.insert(id).inserted {
                report(
                    at, "variation", nil,
                    "names constraint \(id), which is not in this layout; ignored")
            }
        }
        for ref in unique(variations.baseHide) {
            if let name = names[ref] {
                lines.append("hide \(name)  # ib:\(ref) not installed by default")
            }
        }
        for id in unique(variations.baseDeactivate) {
            if let label = labelOf(id) {
                lines.append("deactivate \(label)  # ib:\(id) not installed by default")
            } else {
                unknown(id, line)
            }
        }
        var variantNames = IBNaming.Namespace(reserved: ["base"])
        for variant in variations.variants {
            let name = variantNames.claim(variant.key)
            lines.append("variant \(name)  # ib: <variation key=\"\(variant.key)\">")
            for ref in unique(variant.hide) {
                if let n = names[ref] { lines.append("hide \(n) in \(name)  # ib:\(ref)") }
            }
            for ref in unique(variant.show) {
                if let n = names[ref] { lines.append("show \(n) in \(name)  # ib:\(ref)") }
            }
            let deactivated = Set(variant.deactivate)
            for id in unique(variant.activate) where !deactivated.contains(id) {
                if let label = labelOf(id) {
                    lines.append("activate \(label) in \(name)  # ib:\(id)")
                } else {
                    unknown(id, variant.line)
                }
            }
            for id in unique(variant.deactivate) {
                if let label = labelOf(id) {
                    lines.append("deactivate \(label) in \(name)  # ib:\(id)")
                } else {
                    unknown(id, variant.line)
                }
            }
        }
    }
}
