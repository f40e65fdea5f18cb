/// How many views an import solved to the frame Xcode saved (within a tolerance), and why the
/// others did not: the check of layoutdb's semantics against Apple's engine on real documents.
///
/// A view matches when its solved frame's x, y, width and height (root coordinates) are each
/// within `tolerance` of `IBDocument.framesInRootCoordinates()`. Every view with a saved frame
/// counts, roots included. A view that does not match gets one cause, the first that applies:
///
/// 1. `not applied: REASON`: its layout was not imported (`REASON` is why, e.g. a statement the
///    project cannot apply yet);
/// 2. `not declared`: its layout was imported but the view has no solved frame;
/// 3. then the constructs the view uses, or one of its ancestors uses that does not match
///    either (an ancestor that matches passes no error down), in this order: `ambiguous or
///    misplaced in the document` (Xcode flagged the view `ambiguous="YES"` or
///    `misplaced="YES"`, or its saved frame breaks a required constraint of the document: the
///    saved frame is one of several solutions, or none), `stack view` (is or
///    is inside a stack), `cell` (is or is inside a table or collection cell), `scroll view`
///    (inside a scroll, table or collection view), `safe area` (a constraint to a safe-area
///    guide or a controller's top or bottom guide), `margins` (a constraint through a margin
///    attribute), `baseline`, `autoresizing` (laid out by frame and mask, the tree's root
///    aside), `content size` (a label, button, image or other view sized by its content);
/// 4. `other`: none of these.
///
/// The order puts containers whose placement rules an import approximates before the
/// constraints inside them, and content sizes (stood in for by saved frames) last.
public enum IBMatch {
    /// One layout's solved frames: view name to frame in root coordinates, with the names'
    /// IB ids (`ImportedLayout.sourceIDs`); `notApplied` says why there are none.
    public struct SolvedLayout: Sendable {
        public var rootRef: String
        public var sourceIDs: [String: String]
        public var frames: [String: IBRect]
        public var notApplied: String?

        public init(
            rootRef: String, sourceIDs: [String: String], frames: [String: IBRect],
            notApplied: String? = nil
        ) {
            self.rootRef = rootRef
            self.sourceIDs = sourceIDs
            self.frames = frames
            self.notApplied = notApplied
        }
    }

    /// One document's count.
    public struct Count: Sendable, Equatable {
        public var views = 0
        public var matched = 0
        /// Mismatching views per cause.
        public var causes: [String: Int] = [:]
        public init() {}

        public var share: Double { views == 0 ? 0 : Double(matched) / Double(views) }

        public static func + (a: Count, b: Count) -> Count {
            var c = a
            c.views += b.views
            c.matched += b.matched
            c.causes.merge(b.causes, uniquingKeysWith: +)
            return c
        }
    }

    /// The causes of rule 3, in the order they are tried.
    public static let constructCauses = [
        "ambiguous or misplaced in the document", "stack view", "cell", "scroll view", "safe area",
        "margins", "baseline", "autoresizing",
        "content size",
    ]

    /// One view with a saved frame: where Xcode saved it and where the import solved it (root
    /// coordinates), and why they differ (`nil` when they are within the tolerance).
    public struct ViewMatch: Sendable, Equatable {
        /// The view's IB ref (`IBView.ref`).
        public var ref: String
        /// The root of its tree.
        public var rootRef: String
        public var saved: IBRect
        /// `nil` when the view has no solved frame.
        public var solved: IBRect?
        /// The cause of the mismatch (rule 1 to 4 above); `nil` for a match.
        public var cause: String?
    }

    /// Counts the views of `document` whose solved frame (from `layouts`, by root) is within
    /// `tolerance` points of the saved one, and classifies the others.
    public static func count(
        _ document: IBDocument, layouts: [SolvedLayout], tolerance: Double = 1
    ) -> Count {
        count(views(document, layouts: layouts, tolerance: tolerance))
    }

    /// The count of `views` (``views(_:layouts:tolerance:)``).
    public static func count(_ views: [ViewMatch]) -> Count {
        var count = Count()
        for v in views {
            count.views += 1
            if let cause = v.cause {
                count.causes[cause, default: 0] += 1
            } else {
                count.matched += 1
            }
        }
        return count
    }

    /// Every view of `document` with a saved frame, in document order (each tree depth first),
    /// with its solved frame from `layouts` (by root) and, when the two are more than
    /// `tolerance` points apart, the cause: what `count` adds up, view by view.
    public static func views(
        _ document: IBDocument, layouts: [SolvedLayout], tolerance: Double = 1
    ) -> [ViewMatch] {
        var out: [ViewMatch] = []
        let byRoot = Dictionary(layouts.map { ($0.rootRef, $0) }, uniquingKeysWith: { a, _ in a })
        let uses = constructs(document)
        for root in document.rootViews {
            let placed = root.framesInRootCoordinates()
            guard !placed.isEmpty else { continue }
            let layout = byRoot[root.ref]
            var frameByRef: [String: IBRect] = [:]
            if let layout {
                for (name, id) in layout.sourceIDs {
                    if let f = layout.frames[name] { frameByRef[id] = f }
                }
                if let f = layout.frames["root"] { frameByRef[root.ref] = f }
            }
            var parentOf: [String: String] = [:]
            for v in root.allViews { for s in v.subviews { parentOf[s.ref] = v.ref } }
            var matches: [String: Bool] = [:]
            for p in placed {
                if let solved = frameByRef[p.ref] {
                    matches[p.ref] = close(solved, p.frame, tolerance)
                }
            }
            for p in placed {
                var result = ViewMatch(
                    ref: p.ref, rootRef: root.ref, saved: p.frame, solved: frameByRef[p.ref])
                if matches[p.ref] == true {
                    out.append(result)
                    continue
                }
                let cause: String
                if layout == nil || layout?.notApplied != nil {
                    cause = "not applied: " + (layout?.notApplied ?? "no layout")
                } else if matches[p.ref] == nil {
                    cause = "not declared"
                } else {
                    var used = uses[p.ref] ?? []
                    var ref = parentOf[p.ref]
                    while let r = ref {
                        if matches[r] != true {
                            used.formUnion(uses[r] ?? [])
                        } else if uses[r]?.contains("stack view") == true {
                            // An arranged view is placed by its stack, matched or not.
                            used.insert("stack view")
                        }
                        if r == root.ref { break }
                        ref = parentOf[r]
                    }
                    cause = constructCauses.first { used.contains($0) } ?? "other"
                }
                result.cause = cause
                out.append(result)
            }
        }
        return out
    }

    /// One line per view of `views` that does not match: its ref, its cause, and its saved and
    /// solved frames (x, y, width, height in root coordinates), for `layoutdb-bench
    /// import-samples --views`.
    public static func mismatchLines(_ views: [ViewMatch]) -> [String] {
        func text(_ r: IBRect?) -> String {
            guard let r else { return "none" }
            return [r.x, r.y, r.width, r.height].map(IBTranslator.number).joined(separator: " ")
        }
        return views.compactMap { v in
            guard let cause = v.cause else { return nil }
            return "\(v.ref): \(cause); saved \(text(v.saved)), solved \(text(v.solved))"
        }
    }

    static func close(_ a: IBRect, _ b: IBRect, _ tolerance: Double) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    /// The constructs each view uses itself (by ref): rule 3's causes.
    static func constructs(_ document: IBDocument) -> [String: Set<String>] {
        var uses: [String: Set<String>] = [:]
        var guideKinds: [String: IBLayoutGuide.Kind] = [:]
        for g in document.allLayoutGuides { guideKinds[g.id] = g.kind }
        for c in document.allConstraints where !c.placeholder {
            let pairs: [(String, IBAttribute?)] =
                [(c.firstItem, c.firstAttribute)]
                + (c.secondItem.map { [($0, c.secondAttribute)] } ?? [])
            let viewItems = pairs.map(\.0).filter { guideKinds[$0] == nil }
            let kinds = pairs.compactMap { guideKinds[$0.0] }
            var found: Set<String> = []
            if kinds.contains(where: {
                $0 == .safeArea || $0 == .controllerTop || $0 == .controllerBottom
            }) {
                found.insert("safe area")
            }
            if pairs.contains(where: { $0.1?.isMargin == true }) { found.insert("margins") }
            if pairs.contains(where: { $0.1?.isBaseline == true }) { found.insert("baseline") }
            for item in viewItems { uses[item, default: []].formUnion(found) }
        }
        let misplaced = breakingRequiredConstraints(document)
        for root in document.rootViews {
            func walk(_ v: IBView, parent: IBView?, isRoot: Bool) {
                var found: Set<String> = []
                // Xcode's own flags (the saved frame is one of several the constraints allow, or
                // not where they put the view), or a saved frame that breaks a required
                // constraint of the document: no engine need reproduce such a frame.
                if v.ambiguous || v.misplaced || misplaced.contains(v.ref) {
                    found.insert("ambiguous or misplaced in the document")
                }
                if v.stack != nil || parent?.stack != nil { found.insert("stack view") }
                if v.isCell || parent?.isCell == true && v.key == "contentView" {
                    found.insert("cell")
                }
                if let p = parent?.elementName,
                    ["scrollView", "tableView", "collectionView"].contains(p)
                {
                    found.insert("scroll view")
                }
                let placedByCell = v.isCell || (parent?.isCell == true && v.key == "contentView")
                if !isRoot && v.translatesAutoresizingMaskIntoConstraints && !placedByCell {
                    found.insert("autoresizing")
                }
                if IBSurvey.contentElements.contains(v.elementName) { found.insert("content size") }
                uses[v.ref, default: []].formUnion(found)
                for s in v.subviews { walk(s, parent: v, isRoot: false) }
            }
            walk(root, parent: nil, isRoot: true)
        }
        return uses
    }

    /// The views whose saved frames break a required constraint of the document by more than
    /// `tolerance`: misplaced, whether or not Xcode flagged them. Only what the saved frames
    /// can be checked against counts: an installed, non-placeholder constraint at priority
    /// 1000 between the edges, centres or sizes of views with saved frames in one tree (or of
    /// one view and a constant). Margins, baselines and guides are not in the saved frames,
    /// nor is a scroll view's content area, which a constraint between a scroll view and a
    /// view inside it may be attached to; such constraints are passed over.
    static func breakingRequiredConstraints(_ document: IBDocument, tolerance: Double = 1)
        -> Set<String>
    {
        let placed = document.framesInRootCoordinates()
        var removed: Set<String> = []
        var parentOf: [String: String] = [:]
        var elementOf: [String: String] = [:]
        for v in document.allViews {
            for variation in v.variations where variation.key == "default" {
                removed.formUnion(variation.removesConstraints)
            }
            for s in v.subviews { parentOf[s.ref] = v.ref }
            elementOf[v.ref] = v.elementName
        }
        func isInside(_ ref: String, _ ancestor: String) -> Bool {
            var r = parentOf[ref]
            while let p = r {
                if p == ancestor { return true }
                r = parentOf[p]
            }
            return false
        }
        let scrolling: Set<String> = ["scrollView", "tableView", "collectionView"]
        func isScrollPair(_ a: String, _ b: String) -> Bool {
            (scrolling.contains(elementOf[a] ?? "") && isInside(b, a))
                || (scrolling.contains(elementOf[b] ?? "") && isInside(a, b))
        }
        // A constraint places a view's alignment rectangle, which a switch's saved frame
        // overhangs (IBMetrics.alignmentOverhang).
        func value(_ ref: String, _ f: IBRect, _ a: IBAttribute) -> Double? {
            let offset = IBMetrics.alignmentOffset(elementName: elementOf[ref] ?? "", attribute: a)
            return frameValue(f, a).map { $0 - offset }
        }
        func frameValue(_ f: IBRect, _ a: IBAttribute) -> Double? {
            switch a {
            case .left, .leading: return f.x
            case .right, .trailing: return f.x + f.width
            case .top: return f.y
            case .bottom: return f.y + f.height
            case .width: return f.width
            case .height: return f.height
            case .centerX: return f.x + f.width / 2
            case .centerY: return f.y + f.height / 2
            default: return nil
            }
        }
        var out: Set<String> = []
        for c in document.allConstraints
        where !c.placeholder && c.priority >= 1000 && !removed.contains(c.id) {
            guard let first = placed[c.firstItem],
                let a = value(c.firstItem, first.frame, c.firstAttribute)
            else { continue }
            var rhs = c.constant
            if let second = c.secondItem {
                guard let s = placed[second], s.root == first.root,
                    let attribute = c.secondAttribute, let b = value(second, s.frame, attribute),
                    !isScrollPair(c.firstItem, second)
                else { continue }
                rhs += c.multiplier * b
            }
            let broken: Bool
            switch c.relation {
            case .equal: broken = abs(a - rhs) > tolerance
            case .lessThanOrEqual: broken = a > rhs + tolerance
            case .greaterThanOrEqual: broken = a < rhs - tolerance
            }
            if broken { out.formUnion(c.items) }
        }
        return out
    }

    /// A Markdown table: one row per document (views, matched, share), the total, then the
    /// mismatching views per cause, most first.
    public static func markdownTable(_ rows: [(name: String, count: Count)]) -> String {
        let total = rows.map(\.count).reduce(Count(), +)
        var lines = ["| document | views | within 1 pt | share |", "|---|---|---|---|"]
        func percent(_ part: Int, _ whole: Int) -> String {
            whole == 0 ? "-" : String(format1(Double(part) * 100 / Double(whole))) + " %"
        }
        for row in rows {
            lines.append(
                "| `\(row.name)` | \(row.count.views) | \(row.count.matched) | "
                    + "\(percent(row.count.matched, row.count.views)) |")
        }
        lines.append(
            "| **total** | **\(total.views)** | **\(total.matched)** | "
                + "**\(percent(total.matched, total.views))** |")
        let notApplied = total.causes.filter { $0.key.hasPrefix("not applied") }.values.reduce(0, +)
        lines.append("")
        lines.append(
            "In the layouts that apply: \(total.matched) of \(total.views - notApplied) views, "
                + "\(percent(total.matched, total.views - notApplied)).")
        lines.append("")
        lines.append("| cause of mismatch | views | share of all views |")
        lines.append("|---|---|---|")
        for (cause, n) in total.causes.sorted(by: {
            $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key)
        }) {
            lines.append("| \(cause) | \(n) | \(percent(n, total.views)) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func format1(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }
}
