import LayoutSQLite
import LayoutScript

/// Re-applying a script: the difference between what the script made when it was last
/// applied (`old`) and what it says now (`new`), written as row edits (docs/editing.md).
///
/// Things are matched by their ``ScriptImage`` identity. A thing both scripts say alike is
/// not written, so an edit made since from the command line stays; a thing the new script
/// says differently is written as the script says (the script wins, and the plan says
/// when that overrides an edit made since). What no script statement made is left alone.
/// The edits are plain writes through the dirty triggers, so only what they touch is
/// marked; the caller solves and commits.
struct Reconciler {
    let store: ProjectStore
    let old: ScriptImage
    let new: ScriptImage
    let file: String

    /// The plan, and the writes that carry it out (run in order, in the caller's
    /// transaction).
    func plan() throws -> (steps: [ApplyPlan.Step], writes: [(ScriptApplier) throws -> Void]) {
        var steps: [ApplyPlan.Step] = []
        var writes: [(ScriptApplier) throws -> Void] = []
        var names = new.order
        for name in old.order where !names.contains(name) { names.append(name) }
        for name in names {
            let (s, w) = try planLayout(
                name, old: old.layout(named: name) ?? ScriptImage.Layout(name: name),
                new: new.layout(named: name) ?? ScriptImage.Layout(name: name))
            steps += s
            writes += w
        }
        return (steps, writes)
    }

    static func same(_ a: Constraint, _ b: Constraint) -> Bool {
        // Equal values are the same constraint whatever their source and origin; values
        // that differ may still say the same (a row read back splits its constant
        // differently), so their script text decides.
        var x = a
        x.source = b.source
        x.origin = b.origin
        if x == b { return true }
        return ScriptWriter.text(of: a) == ScriptWriter.text(of: b) && a.isActive == b.isActive
    }

    /// Equal but for constant and priority: changed in place, keeping the row (its id and
    /// its variants' constants).
    private static func sameShape(_ a: Constraint, _ b: Constraint) -> Bool {
        var a = a
        var b = b
        a.lhs.constant = 0
        a.rhs.constant = 0
        b.lhs.constant = 0
        b.rhs.constant = 0
        a.priority = .required
        b.priority = .required
        return same(a, b)
    }

    private func planLayout(_ name: String, old o: ScriptImage.Layout, new n: ScriptImage.Layout)
        throws -> ([ApplyPlan.Step], [(ScriptApplier) throws -> Void])
    {
        let db = store.database
        var steps: [ApplyPlan.Step] = []
        func step(_ action: ApplyPlan.Action, _ what: String, _ note: String? = nil) {
            steps.append(ApplyPlan.Step(action: action, layout: name, what: what, note: note))
        }
        let edited = "replaces an edit made since"
        let layoutID = try store.existingLayoutID(name)
        let views = try layoutID.map { try store.views(layoutID: $0, components: nil) } ?? []
        let viewByName = Dictionary(views.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let variants = try layoutID.map { try store.variants(layoutID: $0) } ?? []
        let variantByName = Dictionary(
            variants.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let metrics = Dictionary(
            try store.metrics(layout: name).map { ($0.name, $0.value) },
            uniquingKeysWith: { a, _ in a })

        let rows =
            try layoutID.map {
                try store.constraintsByIdentity(layoutID: $0, layout: name, file: file)
            } ?? [:]

        // Constraints: what goes before the views change, what comes after.
        var deletions: [Int64] = []
        var additions: [Constraint] = []
        var inPlace: [(id: Int64, constant: Double, priority: Priority)] = []
        var moved: [(id: Int64, origin: SourceLocation)] = []
        var recreatedLabels: Set<String> = []
        for key in n.constraintOrder {
            let nc = n.constraints[key]!
            let row = rows[key]
            let text = ScriptWriter.text(of: nc)
            guard let oc = o.constraints[key] else {
                if let row {
                    deletions.append(row.id!)
                    additions.append(nc)
                    if let label = nc.label { recreatedLabels.insert(label) }
                    step(
                        .change, "constraint \(text)",
                        "replaces a constraint made on the command line")
                } else {
                    additions.append(nc)
                    step(.add, "constraint \(text)")
                }
                continue
            }
            guard let row, let id = row.id else {
                // Removed since from the command line: kept removed unless the script
                // changed it.
                if !Self.same(oc, nc) {
                    additions.append(nc)
                    step(.add, "constraint \(text)", "removed since; the script changed it")
                }
                continue
            }
            if Self.same(oc, nc) {
                if let origin = nc.origin, origin != row.constraint.origin {
                    moved.append((id, origin))
                }
                continue
            }
            let note = Self.same(oc, row.constraint) ? nil : edited
            if Self.sameShape(nc, row.constraint) {
                inPlace.append((id, nc.constant, nc.priority))
                if let origin = nc.origin { moved.append((id, origin)) }
            } else {
                deletions.append(id)
                additions.append(nc)
                if let label = nc.label { recreatedLabels.insert(label) }
            }
            step(.change, "constraint \(ScriptWriter.text(of: oc)) → \(text)", note)
        }
        for key in o.constraintOrder where n.constraints[key] == nil {
            guard let row = rows[key], let id = row.id else { continue }
            deletions.append(id)
            step(.remove, "constraint \(ScriptWriter.text(of: row.constraint))")
        }

        // Views: added and changed in the new script's order (a parent before its
        // children), removed deepest first once their subviews have moved away.
        var viewWrites: [(ScriptApplier) throws -> Void] = []
        for view in n.viewOrder {
            let nv = n.views[view]!
            let ov = o.views[view]
            guard let current = viewByName[view] else {
                viewWrites.append { try $0.apply(statement(.view(nv))) }
                step(.add, "view \(view)" + (nv.parent == rootViewName ? "" : " in \(nv.parent)"))
                continue
            }
            if ov == nv { continue }
            let note =
                ov == nil
                ? "the view was made on the command line"
                : current.declaration == ov ? nil : edited
            if current.declaration.parent != nv.parent {
                step(.move, "view \(view): \(current.declaration.parent) → \(nv.parent)", note)
            }
            var rest = current.declaration
            rest.parent = nv.parent
            if rest != nv { step(.change, "view \(view): \(ScriptWriter.text(of: nv))", note) }
            let layout = name
            viewWrites.append { _ in
                if current.declaration.parent != nv.parent {
                    try store.moveView(view, into: nv.parent, layout: layout)
                }
                try Self.updateView(nv, id: current.id, in: db)
            }
        }
        var viewRemovals: [Int64] = []
        for view in o.viewOrder.reversed() where n.views[view] == nil {
            guard let current = viewByName[view] else { continue }
            viewRemovals.append(current.id)
            step(.remove, "view \(view)")
        }

        // Metrics (their values are already in the constraints that use them).
        var metricWrites: [(ScriptApplier) throws -> Void] = []
        for metric in n.metricOrder
        where o.metrics[metric] != n.metrics[metric] || metrics[metric] == nil {
            let value = n.metrics[metric]!
            if metrics[metric] == value { continue }
            step(
                metrics[metric] == nil ? .add : .change,
                "metric \(metric) \(ScriptWriter.number(value))")
            metricWrites.append { applier in
                guard let id = try store.existingLayoutID(name) else { return }
                try db.execute(
                    "DELETE FROM metrics WHERE layout_id = ? AND name = ?", [id, metric])
                try db.execute(
                    "INSERT INTO metrics (layout_id, name, value) VALUES (?, ?, ?)",
                    [id, metric, value])
            }
        }
        for metric in o.metricOrder where n.metrics[metric] == nil && metrics[metric] != nil {
            step(.remove, "metric \(metric)")
            metricWrites.append { _ in
                guard let id = try store.existingLayoutID(name) else { return }
                try db.execute(
                    "DELETE FROM metrics WHERE layout_id = ? AND name = ?", [id, metric])
            }
        }
        if o.canvas?.statement != n.canvas?.statement {
            if let canvas = n.canvas {
                step(.change, ScriptWriter.text(of: canvas.statement))
                metricWrites.append { try $0.apply(canvas) }
            } else if layoutID != nil {
                step(.remove, "canvas")
                metricWrites.append { _ in
                    guard let id = try store.existingLayoutID(name) else { return }
                    try db.execute(
                        """
                        UPDATE layouts SET canvas_width = NULL, canvas_height = NULL, safe_top = 0,
                            safe_left = 0, safe_bottom = 0, safe_right = 0, direction = 'ltr'
                        WHERE id = ?
                        """, [id])
                }
            }
        }

        // Variants and `set`s.
        var variantWrites: [(ScriptApplier) throws -> Void] = []
        var variantRemovals: [Int64] = []
        var newVariants: Set<String> = []
        for variant in n.variantOrder {
            let nv = n.variants[variant]!
            guard let current = variantByName[variant] else {
                newVariants.insert(variant)
                step(.add, "variant \(variant)")
                variantWrites.append {
                    try $0.apply(
                        statement(
                            .variant(
                                name: variant, canvas: nv.canvas, safe: nv.safe,
                                direction: nv.direction)))
                }
                continue
            }
            let shape = ScriptImage.VariantShape(
                canvas: current.canvas, safe: current.safe, direction: current.direction)
            if o.variants[variant] == nv || shape == nv { continue }
            step(.change, "variant \(variant)", o.variants[variant] == shape ? nil : edited)
            variantWrites.append { _ in
                try db.execute(
                    """
                    UPDATE variants SET canvas_width = ?, canvas_height = ?, safe_top = ?,
                        safe_left = ?, safe_bottom = ?, safe_right = ?, direction = ?
                    WHERE id = ?
                    """,
                    [
                        nv.canvas?.width, nv.canvas?.height, nv.safe?.top, nv.safe?.left,
                        nv.safe?.bottom, nv.safe?.right, nv.direction?.rawValue, current.id,
                    ])
            }
        }
        for variant in o.variantOrder where n.variants[variant] == nil {
            guard let current = variantByName[variant] else { continue }
            variantRemovals.append(current.id)
            step(.remove, "variant \(variant)")
        }
        var setRemovals: [(variant: Int64, constraint: Int64)] = []
        for key in n.setOrder {
            let ns = n.sets[key]!
            let os = o.sets[key]
            let recreated = recreatedLabels.contains(ns.label)
            let variantIsNew = ns.variant.map { newVariants.contains($0) } ?? false
            if let os, os.value == ns.value, !recreated, !variantIsNew { continue }
            let current = ns.variant.flatMap { variantByName[$0] }.flatMap { variant in
                rows[n.labels[ns.label] ?? ns.label]?.id.flatMap { variant.overrides[$0] }
            }
            if !recreated && current == ns.value { continue }
            let note = os != nil && current != nil && current != os?.value ? edited : nil
            step(
                os == nil ? .add : .change,
                "set \(ns.label) \(ScriptWriter.number(ns.value))"
                    + (ns.variant.map { " in \($0)" } ?? ""), note)
            variantWrites.append {
                try $0.apply(
                    statement(.set(label: ns.label, constant: ns.value, variant: ns.variant)))
            }
        }
        for key in o.setOrder where n.sets[key] == nil {
            let os = o.sets[key]!
            // A variant the script removes takes its constants with it.
            guard let variant = os.variant, let v = variantByName[variant],
                let id = rows[os.label]?.id, v.overrides[id] != nil,
                o.variants[variant] == nil || n.variants[variant] != nil
            else { continue }
            setRemovals.append((v.id, id))
            step(.remove, "set \(os.label) in \(variant)")
        }
        // A statement kind the image keeps whole: a new one is applied; one that is gone
        // cannot be undone row by row.
        for key in n.otherOrder where o.others[key] == nil {
            let located = n.others[key]!
            step(.add, located.text)
            variantWrites.append { try $0.apply(located) }
        }
        for key in o.otherOrder where n.others[key] == nil {
            let located = o.others[key]!
            throw StoreError.refusedEdit(
                "\(located.location): `\(located.text)` is no longer in the script, and "
                    + "re-applying cannot undo it: use `layoutdb apply \(file) --replace`")
        }

        var writes: [(ScriptApplier) throws -> Void] = []
        guard !steps.isEmpty || !moved.isEmpty else { return ([], []) }
        writes.append { _ in
            for id in deletions { try db.execute("DELETE FROM constraints WHERE id = ?", [id]) }
            for (variant, constraint) in setRemovals {
                try db.execute(
                    "DELETE FROM variant_constants WHERE variant_id = ? AND constraint_id = ?",
                    [variant, constraint])
            }
        }
        writes.append { try $0.apply(statement(.layout(name))) }
        writes += viewWrites
        writes.append { _ in
            for id in viewRemovals { try db.execute("DELETE FROM views WHERE id = ?", [id]) }
        }
        writes += metricWrites
        writes.append { applier in
            for c in additions { try applier.apply(statement(.constraint(c), at: c.origin)) }
            for change in inPlace {
                try db.execute(
                    "UPDATE constraints SET constant = ?, priority = ? WHERE id = ?",
                    [change.constant, change.priority.rawValue, change.id])
            }
            for (id, origin) in moved {
                try db.execute(
                    "UPDATE constraints SET origin_line = ?, origin_column = ? WHERE id = ?",
                    [origin.line, origin.column, id])
            }
        }
        writes += variantWrites
        writes.append { _ in
            for id in variantRemovals { try db.execute("DELETE FROM variants WHERE id = ?", [id]) }
        }
        // The plan reads views first (what moves), then metrics and the canvas, then
        // constraints, then variants and their constants; in script order within each.
        func rank(_ step: ApplyPlan.Step) -> Int {
            for (i, prefix) in ["view ", "metric ", "canvas", "constraint "].enumerated()
            where step.what.hasPrefix(prefix) {
                return min(i, 2) + (i == 3 ? 1 : 0)
            }
            return 4
        }
        let ordered = steps.enumerated().sorted {
            (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
        }.map(\.element)
        return (ordered, writes)
    }

    private func statement(_ s: Statement, at origin: SourceLocation? = nil) -> LocatedStatement {
        LocatedStatement(
            statement: s, location: origin ?? SourceLocation(file: file, line: 0, column: 0),
            text: ScriptWriter.text(of: s))
    }

    /// Writes every column a `view` statement gives (the parent is moved separately).
    static func updateView(_ view: ViewDeclaration, id: Int64, in db: Database) throws {
        try db.execute(
            """
            UPDATE views SET frame_x = ?, frame_y = ?, frame_width = ?, frame_height = ?,
                autoresize = ?, intrinsic_width = ?, intrinsic_height = ?, hug = ?, resist = ?,
                kind = ?, margin_top = ?, margin_left = ?, margin_bottom = ?, margin_right = ?,
                baseline_first = ?, baseline_last = ?, hug_vertical = ?, resist_vertical = ?
            WHERE id = ?
            """,
            [
                view.frame?.x, view.frame?.y, view.frame?.width, view.frame?.height,
                view.autoresize.rawValue, view.intrinsic?.width, view.intrinsic?.height,
                view.intrinsic?.hug.rawValue, view.intrinsic?.resist.rawValue, view.kind.rawValue,
                view.margins?.top, view.margins?.left, view.margins?.bottom, view.margins?.right,
                view.baseline?.first, view.baseline?.last, view.intrinsic?.verticalHug.rawValue,
                view.intrinsic?.verticalResist.rawValue, id,
            ])
    }
}

extension ProjectStore {
    /// A layout's user constraints by ``ScriptImage`` identity: labelled ones by label,
    /// `file`'s unlabelled ones as the image of that file keys them (statement order,
    /// then ordinal).
    func constraintsByIdentity(layoutID: Int64, layout: String, file: String) throws
        -> [String: StoredConstraint]
    {
        let all = try ConstraintReader(database: database).constraints(
            layoutID: layoutID, layout: layout, filter: "c.kind = 'user'", [])
        var rows: [String: StoredConstraint] = [:]
        var mine: [StoredConstraint] = []
        for row in all {
            if let label = row.constraint.label {
                rows[label] = row
            } else if let origin = row.constraint.origin, origin.file == file {
                mine.append(row)
            }
        }
        mine.sort {
            let a = $0.constraint.origin!
            let b = $1.constraint.origin!
            return (a.line, a.column, $0.id ?? 0) < (b.line, b.column, $1.id ?? 0)
        }
        for (row, key) in zip(mine, ScriptImage.keys(ofStored: mine.map(\.constraint))) {
            rows[key] = row
        }
        return rows
    }
}
