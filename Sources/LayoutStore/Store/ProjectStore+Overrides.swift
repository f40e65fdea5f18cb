import LayoutSQLite
import LayoutScript

/// Priorities, activation and intrinsic sizes, in the base or overridden by one variant
/// (`priority LABEL P [in V]`, `activate`/`deactivate LABEL [in V]`,
/// `intrinsic VIEW W H ... [in V]`). A base change is written to the constraint's or the
/// view's own row, which every variant without an override of it inherits; a variant's
/// goes to `variant_constraint_overrides` / `variant_intrinsics`. The triggers mark
/// what each write affects.
extension ProjectStore {
    /// The constraints `reference` names: `#ID`, the constraint with that label, or else
    /// the components of a compound label (`title.size` names `title.size.width` and
    /// `title.size.height`; a labelled VFL line `gap` names `gap.1`, `gap.2`, ...), in
    /// declaration order. An unknown label is an error with the nearest label as a hint.
    func constraintIDs(
        named reference: String, layoutID: Int64, layout: String, at: SourceLocation? = nil
    ) throws -> [Int64] {
        guard Self.constraintKey(reference).label != nil else {
            return [
                try labelledConstraint(reference, layoutID: layoutID, layout: layout, at: at).id
            ]
        }
        let exact = try database.cachedStatement(
            "SELECT id FROM constraints WHERE layout_id = ? AND label = ?"
        ).rows([layoutID, reference]) { $0.int64(0) }
        if !exact.isEmpty { return exact }
        // `label > 'x.' AND label < 'x/'` is the index range of the labels under `x.`.
        let prefix = reference + "."
        let parts = try database.cachedStatement(
            """
            SELECT id, label FROM constraints
            WHERE layout_id = ?1 AND label > ?2 || '.' AND label < ?2 || '/'
            ORDER BY ordinal
            """
        ).rows([layoutID, reference]) { ($0.int64(0), $0.string(1)) }
            .filter { $0.1.hasPrefix(prefix) && !$0.1.dropFirst(prefix.count).contains(".") }
        if !parts.isEmpty { return parts.map(\.0) }
        throw try unknownLabel(reference, layoutID: layoutID, layout: layout, at: at)
    }

    /// Writes a constraint's priority or active flag: the constraint's own (variant 0) or
    /// one variant's override of it.
    func writeHolding(
        constraintID: Int64, variantID: Int64, priority: Priority? = nil, active: Bool? = nil
    ) throws {
        // Each column has its own statements: SQL text is never built from values.
        let value: any SQLBindable = priority?.rawValue ?? active ?? true
        let isPriority = priority != nil
        if variantID == 0 {
            try database.execute(
                isPriority
                    ? "UPDATE constraints SET priority = ?1 WHERE id = ?2 AND priority IS NOT ?1"
                    : "UPDATE constraints SET active = ?1 WHERE id = ?2 AND active IS NOT ?1",
                [value, constraintID])
            return
        }
        // One UPSERT, as ``writeVariantConstant(_:variantID:constraintID:value:)`` writes.
        try database.execute(
            isPriority
                ? """
                INSERT INTO variant_constraint_overrides (variant_id, constraint_id, priority)
                VALUES (?2, ?3, ?1)
                ON CONFLICT (variant_id, constraint_id) DO UPDATE SET priority = excluded.priority
                """
                : """
                INSERT INTO variant_constraint_overrides (variant_id, constraint_id, active)
                VALUES (?2, ?3, ?1)
                ON CONFLICT (variant_id, constraint_id) DO UPDATE SET active = excluded.active
                """, [value, variantID, constraintID])
    }

    /// Writes a view's whole intrinsic size (both dimensions nil: none): the view's own
    /// (variant 0) or one variant's override of it.
    func writeIntrinsic(viewID: Int64, _ size: IntrinsicSize, variantID: Int64) throws {
        let none = size.width == nil && size.height == nil
        let priorities: [(any SQLBindable)?] = [
            size.hug.rawValue, size.resist.rawValue, size.verticalHug.rawValue,
            size.verticalResist.rawValue,
        ]
        if variantID == 0 {
            try database.execute(
                """
                UPDATE views SET intrinsic_width = ?, intrinsic_height = ?, hug = ?, resist = ?,
                    hug_vertical = ?, resist_vertical = ?
                WHERE id = ?
                """,
                [size.width, size.height] + (none ? [nil, nil, nil, nil] : priorities) + [viewID]
                    as [(any SQLBindable)?])
            return
        }
        try database.execute(
            """
            UPDATE variant_intrinsics SET intrinsic_width = ?, intrinsic_height = ?, hug = ?,
                resist = ?, hug_vertical = ?, resist_vertical = ?
            WHERE view_id = ? AND variant_id = ?
            """,
            [size.width, size.height] + priorities + [viewID, variantID] as [(any SQLBindable)?])
        if database.changes == 0 {
            try database.execute(
                """
                INSERT INTO variant_intrinsics (variant_id, view_id, intrinsic_width,
                    intrinsic_height, hug, resist, hug_vertical, resist_vertical)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [variantID, viewID, size.width, size.height] + priorities as [(any SQLBindable)?])
        }
    }

    /// Sets the priority of the constraints `label` names (a compound label: each
    /// component), in the base (`variant` nil) or only in `variant`.
    package func setPriority(
        label: String, priority: Priority, variant: String?, layout: String = defaultLayoutName
    ) throws {
        try hold(label, priority: priority, variant: variant, layout: layout)
    }

    /// Activates or deactivates the constraints `label` names, in the base (`variant`
    /// nil) or only in `variant`.
    package func setActive(
        label: String, _ active: Bool, variant: String?, layout: String = defaultLayoutName
    ) throws {
        try hold(label, active: active, variant: variant, layout: layout)
    }

    /// Writes a priority or an activation for each constraint `label` names, in one
    /// savepoint.
    private func hold(
        _ label: String, priority: Priority? = nil, active: Bool? = nil, variant: String?,
        layout: String
    ) throws {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let variantID = try variantID(VariantRef(variant), layoutID: layoutID, layout: layout)
            for id in try constraintIDs(named: label, layoutID: layoutID, layout: layout) {
                try writeHolding(
                    constraintID: id, variantID: variantID, priority: priority, active: active)
            }
        }
    }

    /// Sets view `name`'s intrinsic size in `variant` only (nil: the base). `hug` and
    /// `resist` nil keep the priorities the variant sees now (the view's own, else 250
    /// and 750); given, they set both axes.
    package func setIntrinsic(
        _ name: String, width: Double?, height: Double?, hug: Priority?, resist: Priority?,
        variant: String, layout: String = defaultLayoutName
    ) throws {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let variantID = try variantID(VariantRef(variant), layoutID: layoutID, layout: layout)
            let view = try intrinsicTarget(name, layoutID: layoutID, layout: layout)
            let now =
                try variants(layoutID: layoutID).first { $0.id == variantID }?.intrinsics[view.id]
                ?? views(layoutID: layoutID, components: nil).first { $0.id == view.id }?
                .declaration.intrinsic
            var size = IntrinsicSize(
                width: width, height: height, hug: now?.hug ?? .low, resist: now?.resist ?? .high,
                verticalHug: now?.verticalHug, verticalResist: now?.verticalResist)
            if let hug { (size.hug, size.verticalHug) = (hug, hug) }
            if let resist { (size.resist, size.verticalResist) = (resist, resist) }
            try StoreError.checkingNumbers(size.checkNumbers())
            try writeIntrinsic(viewID: view.id, size, variantID: variantID)
        }
    }

    /// The view an intrinsic size is given to: not the root (its size is the canvas) and
    /// not a guide (it has no content).
    func intrinsicTarget(
        _ name: String, layoutID: Int64, layout: String, at: SourceLocation? = nil
    ) throws -> TreeRow {
        let view = try existingView(name, layoutID: layoutID, layout: layout)
        guard !view.isRoot else {
            throw StoreError.refusedEdit(
                "the root view's size is the canvas; it has no intrinsic size")
        }
        guard try !isGuide(view.id) else {
            throw StoreError.refusedEdit(
                "'\(name)' is a guide, and a guide has no intrinsic size; constrain its width "
                    + "and height instead")
        }
        return view
    }

    /// Whether view `id` is a layout guide.
    func isGuide(_ id: Int64) throws -> Bool {
        try database.cachedStatement("SELECT kind FROM views WHERE id = ?")
            .rows([id]) { $0.string(0) }.first == ViewKind.guide.rawValue
    }

    /// Whether view `id` is a stack.
    func isStack(_ id: Int64) throws -> Bool {
        try database.cachedStatement("SELECT EXISTS (SELECT 1 FROM stacks WHERE view_id = ?)")
            .rows([id]) { $0.int64(0) }.first == 1
    }
}

extension ProjectStore {
    /// What the variants hold on constraint `id` (constants, priorities, activation), as
    /// the statements that say it, naming the constraint `label`, by variant in the order
    /// the variants were made. A re-apply that makes a labelled constraint again (its
    /// relation or terms changed) reads them before the old row goes, and writes again on
    /// the new row the ones the script does not say itself: edits made on the command line
    /// stay with the label, as they do when only the constant changes.
    func variantOverrideStatements(ofConstraint id: Int64, label: String) throws -> [Statement] {
        var statements: [Statement] = try database.cachedStatement(
            """
            SELECT v.name, o.constant FROM variant_constants o
            JOIN variants v ON v.id = o.variant_id
            WHERE o.constraint_id = ? ORDER BY v.id
            """
        ).rows([id]) { row in
            Statement.set(label: label, constant: row.double(1), variant: row.string(0))
        }
        let held = try database.cachedStatement(
            """
            SELECT v.name, o.priority, o.active FROM variant_constraint_overrides o
            JOIN variants v ON v.id = o.variant_id
            WHERE o.constraint_id = ? ORDER BY v.id
            """
        ).rows([id]) { row in
            (
                row.string(0), row.optionalDouble(1).flatMap(Priority.init(rawValue:)),
                row.optionalInt64(2).map { $0 != 0 }
            )
        }
        for (variant, priority, isActive) in held {
            if let priority {
                statements.append(.priority(label: label, priority: priority, variant: variant))
            }
            if let isActive {
                statements.append(.activate(label: label, isActive: isActive, variant: variant))
            }
        }
        return statements
    }
}
