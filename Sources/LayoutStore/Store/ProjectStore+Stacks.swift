import LayoutSQLite
import LayoutScript

/// Stacks and hidden views in the store: `hide`/`show` (base or per variant) and a stack's
/// spacing, the one named constant `STACK.spacing` (docs/vocabulary.md §7, §8).
extension ProjectStore {
    /// Hides (`hidden`) or shows view `view`: in the base layout (every variant that does
    /// not say otherwise), or in one variant only.
    ///
    ///     try store.setHidden(view: "error", true, variant: "compact")
    package func setHidden(
        view: String, _ hidden: Bool, variant: String? = nil, layout: String = defaultLayoutName,
        at: SourceLocation? = nil, variantAt: SourceLocation? = nil
    ) throws {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let viewID = try hideableViewID(view, layoutID: layoutID, layout: layout, at: at)
            let variantID = try variantID(
                VariantRef(variant), layoutID: layoutID, layout: layout, at: variantAt ?? at)
            try writeHidden(viewID: viewID, hidden, variantID: variantID)
        }
    }

    /// The id of view `name`, which `hide`/`show` may name (not the root: it is the canvas;
    /// not a layout guide: it is never drawn).
    func hideableViewID(_ name: String, layoutID: Int64, layout: String, at: SourceLocation?)
        throws -> Int64
    {
        if name == rootViewName {
            throw StoreError.refusedEdit(
                "the root view is the canvas and cannot be hidden; hide its subviews instead")
        }
        guard
            let (id, kind) = try database.cachedStatement(
                "SELECT id, kind FROM views WHERE layout_id = ? AND name = ?"
            ).rows([layoutID, name], { ($0.int64(0), $0.string(1)) }).first
        else {
            let names = try database.cachedStatement(
                "SELECT name FROM views WHERE layout_id = ?"
            ).rows([layoutID]) { $0.string(0) }
            throw StoreError.unknownView(
                name: name, layout: layout, at: at, suggestion: suggestName(name, from: names))
        }
        if kind == ViewKind.guide.rawValue {
            let refusal = GuideRule.hiding(guide: name)
            throw StoreError.notOnGuide(message: refusal.message, hint: refusal.hint, at: at)
        }
        return id
    }

    /// Writes a hidden flag: the view's own column (variant 0) or the variant's row.
    func writeHidden(viewID: Int64, _ hidden: Bool, variantID: Int64) throws {
        if variantID == 0 {
            try database.execute("UPDATE views SET hidden = ? WHERE id = ?", [hidden, viewID])
            return
        }
        try writeVariantView(.hidden, hidden, variantID: variantID, viewID: viewID)
    }

    /// The id of the stack a spacing label names (`row.spacing` for stack `row`), or nil
    /// when the label is not one (then it names a constraint).
    func spacingStack(_ label: String, layoutID: Int64) throws -> Int64? {
        guard let name = StackArrangement.stack(ofSpacingLabel: label) else { return nil }
        return try database.int64(
            """
            SELECT v.id FROM views v JOIN stacks s ON s.view_id = v.id
            WHERE v.layout_id = ? AND v.name = ?
            """, [layoutID, name])
    }

    /// The spacing labels of the layout's stacks (`row.spacing`).
    func spacingLabels(layoutID: Int64) throws -> [String] {
        // From the stacks (a few rows, or none) to their views, as ``hasStacks(layout:)``.
        try database.cachedStatement(
            """
            SELECT v.name FROM stacks s CROSS JOIN views v ON v.id = s.view_id
            WHERE v.layout_id = ?
            """
        ).rows([layoutID]) { StackArrangement.spacingLabel(of: $0.string(0)) }
    }

    /// The stack's spacing label a constraint's `label` would take, and the stack's name:
    /// the label itself (`row.spacing`) or the group it is a part of (`row.spacing.1`, a
    /// labelled VFL line's; `row.spacing.width`, a compound's). Nil where neither names a
    /// stack of the layout.
    func spacingTaken(by label: String, layoutID: Int64) throws -> (label: String, stack: String)? {
        guard StackArrangement.mayNameSpacing(label) else { return nil }
        let group = label.lastIndex(of: ".").map { String(label[..<$0]) }
        for candidate in [label, group].compactMap({ $0 }) {
            if let stack = StackArrangement.stack(ofSpacingLabel: candidate),
                try spacingStack(candidate, layoutID: layoutID) != nil
            {
                return (candidate, stack)
            }
        }
        return nil
    }

    /// Whether a constraint of the layout has `label`, or a label under it (`label.1`).
    func labelIsTaken(_ label: String, layoutID: Int64) throws -> Bool {
        try database.int64(
            """
            SELECT EXISTS (SELECT 1 FROM constraints WHERE layout_id = ?1
                AND (label = ?2 OR (label > ?2 || '.' AND label < ?2 || '/')))
            """, [layoutID, label]) == 1
    }

    /// Writes a stack's spacing: its own (variant 0) or a variant's.
    func setSpacing(stackID: Int64, _ value: Double, variantID: Int64) throws {
        if variantID == 0 {
            try database.execute(
                "UPDATE stacks SET spacing = ? WHERE view_id = ?", [value, stackID])
            return
        }
        try writeVariantView(.spacing, value, variantID: variantID, viewID: stackID)
    }

    /// The columns of a variant's own `variant_views` row, each with its own statement
    /// (SQL text is never built at run time): an UPSERT, as
    /// ``writeVariantConstant(_:variantID:constraintID:value:)`` writes its row.
    private enum VariantViewColumn {
        case hidden, spacing

        var upsert: String {
            switch self {
            case .hidden:
                """
                INSERT INTO variant_views (variant_id, view_id, hidden) VALUES (?, ?, ?)
                ON CONFLICT (variant_id, view_id) DO UPDATE SET hidden = excluded.hidden
                """
            case .spacing:
                """
                INSERT INTO variant_views (variant_id, view_id, spacing) VALUES (?, ?, ?)
                ON CONFLICT (variant_id, view_id) DO UPDATE SET spacing = excluded.spacing
                """
            }
        }
    }

    /// Sets one column of a variant's `variant_views` row, making the row if it is not
    /// there.
    private func writeVariantView(
        _ column: VariantViewColumn, _ value: any SQLBindable, variantID: Int64, viewID: Int64
    ) throws {
        try database.execute(column.upsert, [variantID, viewID, value])
    }

    /// Whether `layout` has a stack: its generated constraints tie the arranged views
    /// together, so it is re-solved whole rather than by components.
    package func hasStacks(layout: String) throws -> Bool {
        guard let layoutID = try existingLayoutID(layout) else { return false }
        // From the stacks (a few rows, or none) to their views, not from every view of the
        // layout to its stack: a third of a 100k-view cards edit otherwise.
        return try database.int64(
            """
            SELECT EXISTS (SELECT 1 FROM stacks s CROSS JOIN views v ON v.id = s.view_id
                WHERE v.layout_id = ?)
            """, [layoutID]) == 1
    }
}

extension ProjectStore {
    /// Replaces the base layout's rows in `stack_constraints` (what `all_constraints`
    /// shows SQL readers with kind 'stack') by the constraints its stacks generate now.
    func writeStackConstraints(layoutID: Int64, views: [StoredView]) throws {
        try database.execute("DELETE FROM stack_constraints WHERE layout_id = ?", [layoutID])
        guard views.contains(where: { $0.declaration.stack != nil }) else { return }
        let ids = Dictionary(
            views.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
        let stacks = StackConstraints(views: views.filter { !$0.isRoot }.map(\.declaration))
        let insert = try database.cachedStatement(
            """
            INSERT INTO stack_constraints (layout_id, position, stack_id, relation, constant,
                priority, source)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for (position, (c, owner)) in zip(stacks.constraints, stacks.owners).enumerated() {
            guard let stackID = ids[owner] else { continue }
            try insert.run([
                layoutID, position, stackID, c.relation.rawValue, c.constant,
                c.priority.rawValue, c.source,
            ])
        }
    }
}
