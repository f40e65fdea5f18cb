import LayoutSQLite
import LayoutScript

/// Single edits, each in its own transaction. The schema's triggers mark what each one
/// can affect (the components of the constraint, or of the views it joins, for the base
/// and the variants that see the change), as they do for plain SQL.
extension ProjectStore {
    /// Adds one constraint to `layout`; returns its id.
    ///
    ///     try store.addConstraint(Constraint(label: "gap", lhs: ..., relation: .equal, rhs: ...))
    @discardableResult
    package func addConstraint(_ constraint: Constraint, layout: String = defaultLayoutName)
        throws -> Int64
    {
        try StoreError.checkingNumbers(constraint.checkNumbers(), at: constraint.origin)
        if constraint.lhs.terms.isEmpty && constraint.rhs.terms.isEmpty {
            throw StoreError.constraintWithoutViews(
                source: constraint.source, at: constraint.origin)
        }
        if let label = constraint.label {
            try Identifier.check(label, as: .label, at: constraint.origin)
        }
        return try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            if let label = constraint.label,
                let taken = try spacingTaken(by: label, layoutID: layoutID)
            {
                throw StoreError.labelNamesSpacing(
                    label: taken.label, stack: taken.stack, at: constraint.origin)
            }
            let views = try viewIDs(layoutID: layoutID, names: Set(constraint.views))
            for name in constraint.views where views[name] == nil {
                let names = try database.cachedStatement(
                    "SELECT name FROM views WHERE layout_id = ?"
                ).rows([layoutID]) { $0.string(0) }
                throw StoreError.unknownView(
                    name: name, layout: layout, at: constraint.origin,
                    suggestion: suggestName(name, from: names))
            }
            // The parser refuses a guide's margins and baselines where it knows the guides;
            // a constraint built in Swift comes here without it.
            if let refusal = try StoreError.guideRefusal(
                of: constraint,
                isGuide: { view in
                    try views[view].flatMap { id in
                        try database.cachedStatement("SELECT kind FROM views WHERE id = ?")
                            .rows([id]) { $0.string(0) }.first
                    } == ViewKind.guide.rawValue
                })
            {
                throw refusal
            }
            if let label = constraint.label,
                let existing = try self.constraint(labelled: label, layout: layout)
            {
                throw StoreError.duplicateLabel(
                    label: label, layout: layout, at: constraint.origin,
                    previous: existing.constraint.origin)
            }
            let ordinal = Int(
                try database.int64(
                    "SELECT coalesce(max(ordinal) + 1, 0) FROM constraints WHERE layout_id = ?",
                    [layoutID]) ?? 0)
            return try RowWriter(database: database).addConstraint(
                constraint, layoutID: layoutID, ordinal: ordinal,
                viewIDs: { views[$0]! })
        }
    }

    /// The constraint labelled `label`, or nil.
    ///
    ///     try store.constraint(labelled: "header.height")?.constraint.constant == 70
    package func constraint(labelled label: String, layout: String = defaultLayoutName) throws
        -> StoredConstraint?
    {
        let layoutID = try layoutID(layout)
        return try ConstraintReader(database: database).constraints(
            layoutID: layoutID, layout: layout, filter: "c.label = ?", [label]
        ).first
    }

    /// The user constraint labelled `label` in layout `layoutID` (named `layout`), or nil:
    /// what a re-apply pairs a labelled statement with.
    func userConstraint(labelled label: String, layoutID: Int64, layout: String) throws
        -> StoredConstraint?
    {
        try ConstraintReader(database: database).constraints(
            layoutID: layoutID, layout: layout, filter: "c.kind = 'user' AND c.label = ?", [label]
        ).first
    }

    /// The constraint labelled `label` (or `#ID`), for a label a person named: an unknown one is
    /// ``StoreError/unknownLabel(label:layout:at:suggestion:)`` with a "did you mean".
    ///
    ///     try store.existingConstraint(labelled: "header.hieght")
    ///     // throws: no constraint labelled `header.hieght` in layout `main`;
    ///     //         did you mean `header.height`?
    package func existingConstraint(labelled label: String, layout: String = defaultLayoutName)
        throws -> StoredConstraint
    {
        let layoutID = try layoutID(layout)
        let key = Self.constraintKey(label)
        if let found = try ConstraintReader(database: database).constraints(
            layoutID: layoutID, layout: layout, filter: key.condition, [key.value]
        ).first {
            return found
        }
        throw try unknownLabel(label, layoutID: layoutID, layout: layout, at: nil)
    }

    /// Removes the constraint labelled `label`.
    package func removeConstraint(labelled label: String, layout: String = defaultLayoutName)
        throws
    {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let target = try labelledConstraint(label, layoutID: layoutID, layout: layout)
            try database.execute("DELETE FROM constraints WHERE id = ?", [target.id])
        }
    }

    /// Sets the constant of the constraint labelled `label`: the base constant (seen by
    /// every variant that does not override it), or one variant's own override.
    ///
    ///     try store.setConstant(label: "header.height", value: 44, variant: "compact")
    package func setConstant(
        label: String, value: Double, variant: String? = nil, layout: String = defaultLayoutName
    ) throws {
        try StoreError.checkingNumbers(NumberRule.finite.check(value, "a constant"))
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            if let stack = try spacingStack(label, layoutID: layoutID) {
                try StoreError.checkingNumbers(NumberRule.spacing.check(value, "a spacing"))
                let variantID = try variantID(
                    VariantRef(variant), layoutID: layoutID, layout: layout)
                try setSpacing(stackID: stack, value, variantID: variantID)
                return
            }
            let target = try labelledConstraint(label, layoutID: layoutID, layout: layout)
            let variantID = try variantID(VariantRef(variant), layoutID: layoutID, layout: layout)
            if variantID == 0 {
                try database.execute(
                    "UPDATE constraints SET constant = ? WHERE id = ?", [value, target.id])
            } else {
                try Self.writeVariantConstant(
                    database, variantID: variantID, constraintID: target.id, value: value)
            }
        }
    }

    /// Drops `variant`'s overrides of `label` (constant, priority, activation): the
    /// variant sees the base's again.
    package func resetConstant(variant: String, label: String, layout: String = defaultLayoutName)
        throws
    {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            // `STACK.spacing` names a stack's spacing, which the variant keeps beside the
            // stack's view: NULL is the base's.
            if let stack = try spacingStack(label, layoutID: layoutID) {
                let variantID = try variantID(.named(variant), layoutID: layoutID, layout: layout)
                try database.execute(
                    "UPDATE variant_views SET spacing = NULL WHERE variant_id = ? AND view_id = ?",
                    [variantID, stack])
                return
            }
            let target = try labelledConstraint(label, layoutID: layoutID, layout: layout)
            let variantID = try variantID(.named(variant), layoutID: layoutID, layout: layout)
            try database.execute(
                "DELETE FROM variant_constants WHERE variant_id = ? AND constraint_id = ?",
                [variantID, target.id])
            try database.execute(
                """
                DELETE FROM variant_constraint_overrides
                WHERE variant_id = ? AND constraint_id = ?
                """, [variantID, target.id])
        }
    }

    /// Sets the priority of the constraint labelled `label`.
    package func setPriority(
        label: String, priority: Priority, layout: String = defaultLayoutName
    ) throws {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let target = try labelledConstraint(label, layoutID: layoutID, layout: layout)
            try database.execute(
                "UPDATE constraints SET priority = ? WHERE id = ?", [priority.rawValue, target.id])
        }
    }

    /// Activates or deactivates the constraint labelled `label`.
    package func setActive(label: String, _ active: Bool, layout: String = defaultLayoutName)
        throws
    {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let target = try labelledConstraint(label, layoutID: layoutID, layout: layout)
            guard target.active != active else { return }
            try database.execute(
                "UPDATE constraints SET active = ? WHERE id = ?", [active, target.id])
        }
    }

    /// The labels of the constraints `ids` that have one, by id: what a variant's
    /// overrides are shown by, read one row each rather than with every constraint of
    /// the layout.
    package func labels(ofConstraints ids: some Sequence<Int64>) throws -> [Int64: String] {
        let statement = try database.cachedStatement(
            "SELECT label FROM constraints WHERE id = ? AND label IS NOT NULL")
        var labels: [Int64: String] = [:]
        for id in ids {
            if let label = try statement.rows([id], { $0.string(0) }).first { labels[id] = label }
        }
        return labels
    }

    /// Every stored constraint of `layout` in declaration order (inactive ones too), plus
    /// with `includeGenerated` the intrinsic-size constraints (kind `.intrinsic`, no id) and
    /// the stacks' (kind `.stack`). With `variant`, as that variant has them: its constants,
    /// priorities and activations, and the generated constraints of its intrinsic sizes,
    /// hidden views and stack spacings.
    package func listConstraints(
        layout: String = defaultLayoutName, includeGenerated: Bool = false,
        variant: String? = nil
    )
        throws -> [StoredConstraint]
    {
        guard let layoutID = try existingLayoutID(layout) else {
            if let variant {
                throw StoreError.unknownVariant(
                    name: variant, layout: layout, at: nil, suggestion: nil)
            }
            return []
        }
        var result = try ConstraintReader(database: database).constraints(
            layoutID: layoutID, layout: layout, filter: nil, [])
        var own: VariantModel?
        if case .named(let name) = VariantRef(variant) {
            let id = try variantID(.named(name), layoutID: layoutID, layout: layout)
            own = try variants(layoutID: layoutID).first { $0.id == id }
        }
        if let own {
            for i in result.indices {
                guard let id = result[i].id else { continue }
                if let constant = own.overrides[id] { result[i].constraint.constant = constant }
                if let priority = own.priorities[id] { result[i].constraint.priority = priority }
                if let active = own.activations[id] { result[i].constraint.isActive = active }
            }
        }
        if includeGenerated {
            var views = try views(layout: layout)
            if let own {
                for i in views.indices {
                    if let size = own.intrinsics[views[i].id] {
                        views[i].declaration.intrinsic =
                            size.width == nil && size.height == nil ? nil : size
                    }
                    if let hidden = own.hidden[views[i].name] {
                        views[i].declaration.isHidden = hidden
                    }
                    if let spacing = own.spacing[views[i].name] {
                        views[i].declaration.stack?.spacing = spacing
                    }
                }
            }
            for view in views {
                result += IntrinsicConstraints.generate(for: view.declaration).map {
                    StoredConstraint(id: nil, layout: layout, constraint: $0)
                }
            }
            // The stacks, with the variant's hidden views and spacings when one is given.
            if views.contains(where: { $0.declaration.stack != nil }) {
                result += StackConstraints(views: views.filter { !$0.isRoot }.map(\.declaration))
                    .constraints.map { StoredConstraint(id: nil, layout: layout, constraint: $0) }
            }
        }
        return result
    }

    // MARK: Helpers

    /// The ids of the views `names` of a layout by name (unknown names are absent): one
    /// indexed lookup each, so an edit costs the same in a 100k-view layout as in a small one.
    func viewIDs(layoutID: Int64, names: Set<String>) throws -> [String: Int64] {
        let statement = try database.cachedStatement(
            "SELECT id FROM views WHERE layout_id = ? AND name = ?")
        var result: [String: Int64] = [:]
        for name in names {
            if let id = try statement.rows([layoutID, name], { $0.int64(0) }).first {
                result[name] = id
            }
        }
        return result
    }
}

extension ProjectStore {
    /// Sets a variant's override of one constraint's constant.
    ///
    /// One UPSERT: the marking triggers insert their marks with an upsert clause of their
    /// own (migration 0019), which the statement's conflict handling does not override.
    static func writeVariantConstant(
        _ database: Database, variantID: Int64, constraintID: Int64, value: Double
    ) throws {
        try database.execute(
            """
            INSERT INTO variant_constants (variant_id, constraint_id, constant) VALUES (?, ?, ?)
            ON CONFLICT (variant_id, constraint_id) DO UPDATE SET constant = excluded.constant
            """, [variantID, constraintID, value])
    }
}
