import LayoutScript

/// Checking and exporting a project.
extension Project {
    /// What `check` reports: views whose layout is ambiguous, optional constraints that
    /// do not hold, and solutions no screen should have: negative sizes, views squeezed
    /// below their intrinsic size, siblings drawn over each other.
    public struct CheckReport: Sendable {
        public var layout: String
        public var variant: String
        public var ambiguousViews: [String]
        public var unsatisfied: [Constraint]
        /// Views solved with a width or height below zero (a size the constraints leave free
        /// is not: the view is reported ambiguous).
        public var negativeSizes: [SizeProblem] = []
        /// Views solved smaller than their intrinsic size: compression resistance lost.
        public var squeezed: [SizeProblem] = []
        /// Sibling views (same parent) whose frames overlap with a positive area, in
        /// declaration order of the first; ambiguous views are left out, and so are the
        /// arranged views of a stack whose spacing is negative (they overlap on purpose).
        public var overlaps: [Overlap] = []
        /// Required constraints on (or inside) a hidden arranged view that give way to the
        /// stack's hiding, as UIKit breaks them (docs/vocabulary.md §8): not problems.
        public var relaxedByHiding: [Constraint] = []
        /// Whether any problem was found (the overlaps count unless allowed).
        public func hasProblems(allowingOverlap: Bool = false) -> Bool {
            !ambiguousViews.isEmpty || !negativeSizes.isEmpty || !squeezed.isEmpty
                || (!allowingOverlap && !overlaps.isEmpty)
        }
        public var isClean: Bool { !hasProblems() && unsatisfied.isEmpty }
    }

    /// One dimension of a view's solved frame, against a limit (0, or its intrinsic size).
    public struct SizeProblem: Hashable, Sendable {
        public var view: String
        /// `width` or `height`.
        public var dimension: String
        public var solved: Double
        /// 0 for a negative size; the intrinsic size for a squeezed view.
        public var limit: Double
        /// The compression resistance priority that lost (squeezed views only).
        public var priority: Priority?
    }

    /// Two sibling views and the rectangle they share.
    public struct Overlap: Hashable, Sendable {
        public var first: String
        public var second: String
        public var shared: Rect
    }

    /// How far a solved size may go past a limit before `check` reports it.
    static let checkTolerance = 1e-6

    /// Solves a layout in memory (nothing is written) and reports ambiguity, the
    /// optional constraints that lose, negative and squeezed sizes and overlapping
    /// siblings.
    public func check(layout: String = defaultLayoutName, variant: String? = nil) throws
        -> CheckReport
    {
        let p = try prepare(layout: layout, variant: variant)
        let views = p.views
        let constraints = p.input.constraints
        let output = try solveInMemory(p)
        var report = CheckReport(
            layout: layout, variant: VariantRef(variant).description,
            ambiguousViews: views.indices.filter { output.ambiguous[$0] }.map { views[$0].name },
            unsatisfied: output.unsatisfied.map { constraints[$0] })
        report.relaxedByHiding = output.relaxedByHiding.map { constraints[$0] }
        report.negativeSizes = Self.negativeSizes(
            views.map(\.name), output.frames, free: output.freeSizes)
        // A hidden view (and what is inside it) is not on screen: a stack collapses it on
        // purpose, so it is not reported squeezed.
        var hidden: Set<String> = []
        for (i, view) in views.enumerated()
        where p.input.views[i].declaration.isHidden || hidden.contains(view.declaration.parent) {
            hidden.insert(view.name)
        }
        for (i, view) in views.enumerated() where !hidden.contains(view.name) {
            // The input's declaration: a variant's own intrinsic size where it has one.
            guard let intrinsic = p.input.views[i].declaration.intrinsic else { continue }
            let frame = output.frames[i]
            for (dimension, size, solved) in [
                ("width", intrinsic.width, frame.width), ("height", intrinsic.height, frame.height),
            ] {
                guard let size, solved < size - Self.checkTolerance * max(1, abs(size)) else {
                    continue
                }
                report.squeezed.append(
                    SizeProblem(
                        view: view.name, dimension: dimension, solved: solved, limit: size,
                        priority: intrinsic.resist))
            }
        }
        // The arranged views of a stack with a negative spacing overlap as they were asked
        // to (UIStackView.spacing: "Use negative values to allow overlap").
        let overlapping = Set(
            p.input.views.lazy.map(\.declaration).filter { ($0.stack?.spacing ?? 0) < 0 }
                .map(\.name))
        // A hidden view is not drawn, nor is anything inside it (UIView.isHidden): it
        // overlaps nothing on screen (a hidden error label over a spinner).
        var notDrawn: [String: Bool] = [:]
        for (i, view) in views.enumerated() {
            notDrawn[view.name] =
                p.input.views[i].declaration.isHidden || notDrawn[view.declaration.parent] == true
        }
        report.overlaps = Self.overlappingSiblings(
            views.indices.filter {
                !output.ambiguous[$0] && !overlapping.contains(views[$0].declaration.parent)
                    && notDrawn[views[$0].name] != true
            }.map {
                (
                    name: views[$0].name, parent: views[$0].declaration.parent,
                    frame: output.frames[$0]
                )
            })
        return report
    }

    /// The widths and heights below zero (beyond the tolerance), in view order.
    static func negativeSizes(
        _ names: [String], _ frames: [Rect], free: [(width: Bool, height: Bool)]
    ) -> [SizeProblem] {
        var found: [SizeProblem] = []
        // A size the constraints leave free is whichever value the solver picked, negative
        // or not: the view is reported ambiguous, which is the cause. A size they fix is
        // reported, ambiguous view or not.
        for (i, (name, frame)) in zip(names, frames).enumerated() {
            let isFree = free.indices.contains(i) ? free[i] : (width: false, height: false)
            for (dimension, solved, freeHere) in [
                ("width", frame.width, isFree.width), ("height", frame.height, isFree.height),
            ]
            where solved < -checkTolerance && !freeHere {
                found.append(
                    SizeProblem(view: name, dimension: dimension, solved: solved, limit: 0))
            }
        }
        return found
    }

    /// Pairs of siblings whose frames share an area. A sweep along the axis where the
    /// siblings are spread thinnest (a vertical list is swept top to bottom), so a long
    /// list costs its length, not its square; views with no area take no part.
    static func overlappingSiblings(_ views: [(name: String, parent: String, frame: Rect)])
        -> [Overlap]
    {
        let tolerance = checkTolerance
        var byParent: [String: [Int]] = [:]
        for (i, v) in views.enumerated()
        where v.frame.width > tolerance && v.frame.height > tolerance {
            byParent[v.parent, default: []].append(i)
        }
        var found: [(Int, Int, Rect)] = []
        for members in byParent.values where members.count > 1 {
            func density(_ low: (Rect) -> Double, _ length: (Rect) -> Double) -> Double {
                let lows = members.map { low(views[$0].frame) }
                let highs = members.map { low(views[$0].frame) + length(views[$0].frame) }
                let span = (highs.max() ?? 0) - (lows.min() ?? 0)
                return members.reduce(0) { $0 + length(views[$1].frame) } / max(span, tolerance)
            }
            let alongX = density(\.x, \.width) <= density(\.y, \.height)
            let low: (Rect) -> Double = alongX ? { $0.x } : { $0.y }
            let high: (Rect) -> Double = alongX ? { $0.x + $0.width } : { $0.y + $0.height }
            var active: [Int] = []
            for i in members.sorted(by: { (low(views[$0].frame), $0) < (low(views[$1].frame), $1) })
            {
                let a = views[i].frame
                active.removeAll { high(views[$0].frame) <= low(a) + tolerance }
                for j in active {
                    let b = views[j].frame
                    let x0 = max(a.x, b.x)
                    let x1 = min(a.x + a.width, b.x + b.width)
                    let y0 = max(a.y, b.y)
                    let y1 = min(a.y + a.height, b.y + b.height)
                    if x1 - x0 > tolerance && y1 - y0 > tolerance {
                        found.append(
                            (
                                min(i, j), max(i, j),
                                Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                            ))
                    }
                }
                active.append(i)
            }
        }
        return found.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map {
            Overlap(first: views[$0.0].name, second: views[$0.1].name, shared: $0.2)
        }
    }

    /// The project (or one layout) as a `.layout` script that `apply` rebuilds.
    ///
    /// A layout made by applying scripts is written from their lines as written (metric
    /// names, VFL, compound lines, comments), a line edited since in its current form
    /// (``sourceExport(of:views:constraints:)``), followed by what the command line added.
    /// A deactivated constraint is written followed by `deactivate LABEL`
    /// (``StoredConstraint/exportLines(deactivationSaid:)``). A constraint without a label
    /// that is turned off, or held otherwise by a variant (a script names it by its label),
    /// throws ``StoreError/unlabelledInExport(id:constraint:layout:use:)``, and a name a
    /// script cannot spell (see ``Identifier``; only plain SQL can store one) throws
    /// ``InvalidNameError``: either text would apply as a different project. A layout the
    /// project does not have throws ``StoreError/unknownLayout(name:suggestion:)``, as
    /// every read of one layout does (the implicit `main` of an empty project is empty).
    /// The views of a layout (given in declaration order) with every parent before its
    /// subviews, and the subviews of each in their order: what a script can declare.
    /// Plain SQL may move a view under one declared after it (`UPDATE views SET
    /// parent_id`, or `ordinal`): the order changes, the tree does not. Refuses views no
    /// parent chain leads to from the root (a parent cycle only plain SQL leaves): no
    /// script could declare them.
    static func parentsFirst(_ views: [StoredView], layout: String) throws -> [StoredView] {
        let (ordered, stray) = treeOrder(views)
        if let stray = stray.first {
            throw StoreError.refusedEdit(
                "cannot export layout `\(layout)`: view `\(stray.name)` is in "
                    + "`\(stray.declaration.parent)`, which no chain of parents leads to from "
                    + "the root (a parent cycle that plain SQL left; `layoutdb doctor` names it, "
                    + "and `layoutdb move-view \(stray.name) --into root` repairs it)")
        }
        return ordered
    }

    /// `views` (in declaration order) as a script can declare them: in that order, except
    /// that a view whose parent comes later waits for it (and comes right after it, with
    /// its own waiting subviews, in their order). The order is otherwise kept because it
    /// counts beyond stacks: where two views' drawn frames cannot both be kept, the one
    /// declared first keeps its own. Apart, in their order: views no chain of parents
    /// leads to from the root (a parent cycle only plain SQL leaves).
    static func treeOrder(_ views: [StoredView]) -> (ordered: [StoredView], stray: [StoredView]) {
        var ordered: [StoredView] = []
        ordered.reserveCapacity(views.count)
        var placed: Set<String> = []
        /// Views waiting for their parent, by the parent's name, in declaration order.
        var waiting: [String: [Int]] = [:]
        var reached = [Bool](repeating: false, count: views.count)
        for i in views.indices {
            let view = views[i]
            guard view.isRoot || placed.contains(view.declaration.parent) else {
                waiting[view.declaration.parent, default: []].append(i)
                continue
            }
            // The view, then whatever waited for it, depth first without recursion (a
            // chain may be 100,000 views deep).
            var stack = [i]
            while let k = stack.popLast() {
                guard !reached[k] else { continue }
                reached[k] = true
                ordered.append(views[k])
                placed.insert(views[k].name)
                if let children = waiting.removeValue(forKey: views[k].name) {
                    stack += children.reversed()
                }
            }
        }
        return (ordered, views.indices.filter { !reached[$0] }.map { views[$0] })
    }

    /// `views` (in declaration order) depth first from the root, each view's subviews in
    /// their order: a tree to read (`layoutdb views` indents each view under its parent),
    /// then, apart, those no chain of parents leads to from the root.
    static func depthFirst(_ views: [StoredView]) -> (ordered: [StoredView], stray: [StoredView]) {
        var children: [String: [Int]] = [:]
        for (i, view) in views.enumerated() where !view.isRoot {
            children[view.declaration.parent, default: []].append(i)
        }
        var ordered: [StoredView] = []
        ordered.reserveCapacity(views.count)
        var reached = [Bool](repeating: false, count: views.count)
        var stack = views.indices.filter { views[$0].isRoot }.reversed().map { $0 }
        while let i = stack.popLast() {
            guard !reached[i] else { continue }
            reached[i] = true
            ordered.append(views[i])
            stack += (children[views[i].name] ?? []).reversed()
        }
        return (ordered, views.indices.filter { !reached[$0] }.map { views[$0] })
    }

    public func export(layout only: String? = nil) throws -> String {
        if let only { _ = try store.existingLayoutID(only) }
        var lines: [String] = ["# layoutdb export"]
        /// The layout being written.
        var writing = defaultLayoutName
        func write(_ statement: Statement, fitting fit: Fit = .none) throws {
            lines.append(try ExportText.text(of: statement, fitting: fit, layout: writing))
        }
        // The layouts in the order their kept lines start, so that a script's sections
        // come back in its order; then those no kept line is in, by name.
        let starts = try store.firstScriptLines()
        let layouts = try store.layouts().sorted {
            (starts[$0.id] ?? .max, $0.name) < (starts[$1.id] ?? .max, $1.name)
        }
        for summary in layouts where only == nil || only == summary.name {
            let name = summary.name
            writing = name
            // Read once: the kept source's export and what follows it both use them.
            let stored = try store.views(layout: name)
            // The views the writer declares, parents first; the kept lines' export reads
            // them in their declaration order, as the lines were applied.
            let views = try Self.parentsFirst(stored, layout: name)
            let constraints = try store.listConstraints(layout: name)
            let root = views.first(where: \.isRoot)
            let source = try sourceExport(of: summary, views: stored, constraints: constraints)
            var written = source?.lines ?? []
            // The header of an export applied before is this export's own.
            let reexported = written.first == lines[0]
            if reexported { written.removeFirst() }
            if source?.opensLayout == true {
                // The kept lines hold the layout's own `layout` line, in its place among
                // them: written as they are, the script comes back line for line. Only the
                // header is set apart from them by a blank line (after an export applied
                // before, the kept one).
                if lines.count == 1, written.first?.allSatisfy(\.isWhitespace) != true {
                    lines.append("")
                }
            } else {
                if reexported {
                    while written.first?.allSatisfy(\.isWhitespace) == true {
                        written.removeFirst()
                    }
                }
                lines.append("")
                try write(.layout(name))
            }
            lines += written
            if let canvas = summary.canvas, source?.canvas != true {
                try write(
                    .canvas(
                        canvas, safe: summary.safe == .zero ? nil : summary.safe,
                        margins: root?.declaration.margins,
                        direction: summary.direction == .rightToLeft ? .rightToLeft : nil),
                    fitting: summary.fit)
            }
            for metric in try store.metrics(layout: name)
            where source?.metrics.contains(metric.name) != true {
                try write(.metric(name: metric.name, value: metric.value))
            }
            var viewNames: [Int64: String] = [:]
            for view in views where !view.isRoot {
                viewNames[view.id] = view.name
                guard source?.views.contains(view.name) != true else { continue }
                try write(.view(view.declaration))
            }
            for view in views where view.declaration.isHidden {
                let key = ScriptImage.Layout.overrideKey(
                    of: .hide(view: view.name, hidden: true, variant: nil))
                // A stack's own view line, or a `hide` line, says it already.
                if let key, source?.overrides.contains(key) == true { continue }
                try write(.hide(view: view.name, hidden: true, variant: nil))
            }
            var users: [Int64: StoredConstraint] = [:]
            for stored in constraints where stored.constraint.kind == .user {
                if let id = stored.id { users[id] = stored }
                if let id = stored.id, source?.constraintIDs.contains(id) == true { continue }
                lines += try stored.exportLines()
            }
            /// The label a variant's statement names constraint `id` by (nil: not a user
            /// constraint of the layout); one without a label is refused.
            func label(_ id: Int64, _ use: @autoclosure () -> String) throws -> String? {
                try users[id].map { try $0.exportLabel(use: use()) }
            }
            let labels = Set(users.values.compactMap(\.constraint.label))
            /// Whether a source line says `statement` (an override) already: one of the
            /// same thing, or of the compound label it is a part of.
            func said(_ statement: Statement) -> Bool {
                guard let source else { return false }
                return SourceExport.overrideKeys(of: statement, labels: labels).contains {
                    source.overrides.contains($0)
                }
            }
            for variant in try store.variants(layout: name) {
                if source?.variants.contains(variant.name) != true {
                    try write(
                        .variant(
                            name: variant.name, canvas: variant.canvas, safe: variant.safe,
                            direction: variant.direction),
                        fitting: variant.canvas == nil ? .none : variant.fit ?? .none)
                }
                let v = variant.name
                for (id, value) in variant.overrides.sorted(by: { $0.key < $1.key }) {
                    guard
                        let label = try label(
                            id, "for its constant in variant `\(v)` (`set LABEL C in \(v)`)"),
                        source?.sets.contains(ScriptImage.Layout.setKey(label, v)) != true
                    else { continue }
                    try write(.set(label: label, constant: value, variant: v))
                }
                for (id, priority) in variant.priorities.sorted(by: { $0.key < $1.key }) {
                    guard
                        let label = try label(
                            id, "for its priority in variant `\(v)` (`priority LABEL P in \(v)`)")
                    else { continue }
                    let statement = Statement.priority(label: label, priority: priority, variant: v)
                    if !said(statement) { try write(statement) }
                }
                for (id, active) in variant.activations.sorted(by: { $0.key < $1.key }) {
                    let word = active ? "activate" : "deactivate"
                    guard
                        let label = try label(
                            id, "to \(word) it in variant `\(v)` (`\(word) LABEL in \(v)`)")
                    else { continue }
                    let statement = Statement.activate(label: label, isActive: active, variant: v)
                    if !said(statement) { try write(statement) }
                }
                for (id, size) in variant.intrinsics.sorted(by: { $0.key < $1.key }) {
                    guard let view = viewNames[id] else { continue }
                    let statement = Statement.intrinsic(view: view, size: size, variant: v)
                    if !said(statement) { try write(statement) }
                }
                for (view, hidden) in variant.hidden.sorted(by: { $0.key < $1.key }) {
                    let statement = Statement.hide(view: view, hidden: hidden, variant: v)
                    if !said(statement) { try write(statement) }
                }
                for (stack, spacing) in variant.spacing.sorted(by: { $0.key < $1.key }) {
                    let label = StackArrangement.spacingLabel(of: stack)
                    if source?.sets.contains(ScriptImage.Layout.setKey(label, v)) == true {
                        continue
                    }
                    try write(
                        .set(
                            label: StackArrangement.spacingLabel(of: stack), constant: spacing,
                            variant: v))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
