/// How often a document uses each construct the import has to map: which of them matter
/// most, measured on real files rather than guessed. A view is counted once per column
/// however many of its constraints qualify.
public struct IBSurvey: Sendable, Equatable {
    /// Every view, roots included.
    public var views = 0
    public var stacks = 0
    /// Arranged subviews: direct subviews of a stack view.
    public var inStacks = 0
    /// Views with a constraint to a safe-area guide (theirs or any view's).
    public var toSafeArea = 0
    /// Views with a constraint to a controller's top or bottom layout guide (before iOS 11).
    public var toControllerGuides = 0
    /// Views with a constraint that uses a margin attribute on either side.
    public var toMargins = 0
    /// Views with a constraint that uses a baseline attribute on either side.
    public var onBaselines = 0
    /// Views below the root that IB lays out by frame and autoresizing mask
    /// (`translatesAutoresizingMaskIntoConstraints` not `NO`), leaving out cells and their
    /// content views, which their table or collection view places.
    public var autoresized = 0
    /// Views inside a `scrollView` (a plain UIScrollView, not a table or collection view).
    public var inScrollViews = 0
    /// Cells, and views inside a cell.
    public var inCells = 0
    public var hidden = 0
    /// Views with an explicit `layoutMargins` / `directionalLayoutMargins`.
    public var withMargins = 0
    /// Content views whose size comes from their content (labels, buttons, images, fields, ...).
    public var contentViews = 0
    public var constraints = 0
    public var placeholderConstraints = 0
    /// Constraints below required priority.
    public var optionalConstraints = 0
    /// Constraints named in a size-class variation's constraint mask.
    public var constraintsInVariations = 0

    public init() {}

    /// Element names of UIKit views whose intrinsic size comes from their content.
    public static let contentElements: Set<String> = [
        "label", "button", "imageView", "textField", "textView", "switch", "segmentedControl",
        "activityIndicatorView", "slider", "stepper", "pageControl", "progressView", "datePicker",
    ]

    public init(document: IBDocument) {
        self.init()
        var guideKinds: [String: IBLayoutGuide.Kind] = [:]
        for g in document.allLayoutGuides { guideKinds[g.id] = g.kind }
        var variationRefs = Set<String>()
        for v in document.allViews {
            for variation in v.variations {
                variationRefs.formUnion(variation.installsConstraints)
                variationRefs.formUnion(variation.removesConstraints)
            }
        }
        for root in document.rootViews {
            count(root, guideKinds: guideKinds, variationRefs: variationRefs)
        }
    }

    private mutating func count(
        _ root: IBView, guideKinds: [String: IBLayoutGuide.Kind], variationRefs: Set<String>
    ) {
        var safe = Set<String>()
        var controllerGuide = Set<String>()
        var margins = Set<String>()
        var baselines = Set<String>()
        for c in root.allViews.flatMap(\.constraints) {
            constraints += 1
            if c.placeholder { placeholderConstraints += 1 }
            if c.priority < 1000 { optionalConstraints += 1 }
            if variationRefs.contains(c.id) { constraintsInVariations += 1 }
            let pairs: [(String, IBAttribute?)] =
                [(c.firstItem, c.firstAttribute)]
                + (c.secondItem.map { [($0, c.secondAttribute)] } ?? [])
            let viewItems = pairs.map(\.0).filter { guideKinds[$0] == nil }
            let kinds = pairs.compactMap { guideKinds[$0.0] }
            if kinds.contains(.safeArea) { safe.formUnion(viewItems) }
            if kinds.contains(.controllerTop) || kinds.contains(.controllerBottom) {
                controllerGuide.formUnion(viewItems)
            }
            // The view on the other side of a margin attribute is what is placed by a margin.
            if pairs.contains(where: { $0.1?.isMargin == true }) { margins.formUnion(viewItems) }
            if pairs.contains(where: { $0.1?.isBaseline == true }) {
                baselines.formUnion(viewItems)
            }
        }
        toSafeArea += safe.count
        toControllerGuides += controllerGuide.count
        toMargins += margins.count
        onBaselines += baselines.count

        func walk(_ v: IBView, isRoot: Bool, parent: IBView?, inScroll: Bool, inCell: Bool) {
            views += 1
            if v.stack != nil { stacks += 1 }
            if parent?.stack != nil { inStacks += 1 }
            if inScroll { inScrollViews += 1 }
            let cellHere = inCell || v.isCell
            if cellHere { inCells += 1 }
            if v.hidden { hidden += 1 }
            if v.layoutMargins != nil { withMargins += 1 }
            if Self.contentElements.contains(v.elementName) { contentViews += 1 }
            let placedByCell = v.isCell || (parent?.isCell == true && v.key == "contentView")
            if !isRoot && v.translatesAutoresizingMaskIntoConstraints && !placedByCell {
                autoresized += 1
            }
            for s in v.subviews {
                walk(
                    s, isRoot: false, parent: v,
                    inScroll: inScroll || v.elementName == "scrollView", inCell: cellHere)
            }
        }
        walk(root, isRoot: true, parent: nil, inScroll: false, inCell: false)
    }

    /// Adds another survey's counts to this one.
    public static func + (a: IBSurvey, b: IBSurvey) -> IBSurvey {
        var s = a
        s.views += b.views
        s.stacks += b.stacks
        s.inStacks += b.inStacks
        s.toSafeArea += b.toSafeArea
        s.toControllerGuides += b.toControllerGuides
        s.toMargins += b.toMargins
        s.onBaselines += b.onBaselines
        s.autoresized += b.autoresized
        s.inScrollViews += b.inScrollViews
        s.inCells += b.inCells
        s.hidden += b.hidden
        s.withMargins += b.withMargins
        s.contentViews += b.contentViews
        s.constraints += b.constraints
        s.placeholderConstraints += b.placeholderConstraints
        s.optionalConstraints += b.optionalConstraints
        s.constraintsInVariations += b.constraintsInVariations
        return s
    }

    /// The columns of `markdownTable`, in order, with their values.
    public var columns: [(String, Int)] {
        [
            ("views", views), ("stacks", stacks), ("in stack", inStacks), ("safe area", toSafeArea),
            ("top/bottom guide", toControllerGuides), ("margins", toMargins),
            ("baseline", onBaselines),
            ("autoresized", autoresized), ("in scroll", inScrollViews), ("in cell", inCells),
            ("hidden", hidden), ("own margins", withMargins), ("content", contentViews),
            ("constraints", constraints), ("placeholder", placeholderConstraints),
            ("optional", optionalConstraints),
            ("in variation", constraintsInVariations),
        ]
    }

    /// A Markdown table: one row per document, a total row, and the total as a share of views
    /// (the view columns) or of constraints (the constraint columns).
    public static func markdownTable(_ rows: [(name: String, survey: IBSurvey)]) -> String {
        let total = rows.map(\.survey).reduce(IBSurvey(), +)
        let header = ["document"] + total.columns.map(\.0)
        var lines = [
            "| " + header.joined(separator: " | ") + " |",
            "|" + header.map { _ in "---" }.joined(separator: "|") + "|",
        ]
        for row in rows {
            lines.append(
                "| `\(row.name)` | "
                    + row.survey.columns.map { String($0.1) }.joined(separator: " | ") + " |")
        }
        lines.append(
            "| **total** | " + total.columns.map { "**\($0.1)**" }.joined(separator: " | ") + " |")
        let constraintColumns: Set<String> = ["placeholder", "optional", "in variation"]
        let shares = total.columns.map { name, value -> String in
            if name == "views" || name == "constraints" { return "" }
            let whole = constraintColumns.contains(name) ? total.constraints : total.views
            guard whole > 0 else { return "" }
            return "\(Int((Double(value) * 100 / Double(whole)).rounded())) %"
        }
        lines.append("| share | " + shares.joined(separator: " | ") + " |")
        return lines.joined(separator: "\n")
    }
}
