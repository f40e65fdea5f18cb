import LayoutSQLite
import LayoutScript

/// Reading the model back: views, variants, metrics, and a layout for the engine.
extension ProjectStore {
    /// The views of `layout` in declaration order, the root first (its parent is "").
    ///
    ///     try store.views().map(\.name) == ["root", "header", "title"]
    package func views(layout: String = defaultLayoutName) throws -> [StoredView] {
        guard let layoutID = try existingLayoutID(layout) else { return [] }
        return try views(layoutID: layoutID, components: nil)
    }

    /// The variants of `layout` with their overrides, by name.
    package func variants(layout: String = defaultLayoutName) throws -> [VariantModel] {
        guard let layoutID = try existingLayoutID(layout) else { return [] }
        return try variants(layoutID: layoutID)
    }

    /// The metrics of `layout`, by name.
    package func metrics(layout: String = defaultLayoutName) throws -> [(
        name: String, value: Double
    )] {
        guard let layoutID = try existingLayoutID(layout) else { return [] }
        return try database.cachedStatement(
            "SELECT name, value FROM metrics WHERE layout_id = ? ORDER BY name"
        ).rows([layoutID]) { (name: $0.string(0), value: $0.double(1)) }
    }

    /// What the engine solves: views, active constraints, variants with overrides.
    ///
    /// With `components`, only the constraints in those components and the views with a
    /// variable in one of them (plus the root, whose frame is the canvas) — for re-solving
    /// only what is dirty. A constraint's component is its first non-root term's (see
    /// ``StoredConstraint/component``). Constraints come with their base constants; apply
    /// a variant's `overrides` (constraint id → constant) to solve that variant.
    ///
    ///     let model = try store.loadLayout("main", components: [3])
    package func loadLayout(_ name: String = defaultLayoutName, components: Set<Int>? = nil)
        throws -> LayoutModel
    {
        guard let layoutID = try existingLayoutID(name) else {
            return LayoutModel(
                id: 0, name: name, canvas: nil, views: [], constraints: [], variants: [])
        }
        let (canvas, safe, direction, fit) =
            try database.cachedStatement(
                """
                SELECT canvas_width, canvas_height, safe_top, safe_left, safe_bottom, safe_right,
                    direction, fit_width, fit_height
                FROM layouts WHERE id = ?
                """
            ).rows([layoutID]) {
                (
                    $0.size(0), $0.insets(2) ?? .zero, LayoutDirection(rawValue: $0.string(6)),
                    Fit(width: $0.bool(7), height: $0.bool(8))
                )
            }.first ?? (nil, .zero, nil, .none)
        let views = try views(layoutID: layoutID, components: components.map(Self.jsonArray))
        let reader = ConstraintReader(database: database, views: views)
        let constraints: [StoredConstraint]
        if let components {
            // Only constraints naming one of these views can be in the components; the
            // derived component then decides (the root's terms have none).
            let viewIDs = views.filter { !$0.isRoot }.map { String($0.id) }
            let candidates = try reader.constraints(
                layoutID: layoutID, layout: name,
                filter: """
                    c.active = 1 AND c.id IN (
                        SELECT id FROM constraints
                        WHERE lhs_view_id IN (SELECT value FROM json_each(?2))
                        UNION SELECT id FROM constraints
                        WHERE rhs_view_id IN (SELECT value FROM json_each(?2))
                        UNION SELECT constraint_id FROM constraint_terms
                        WHERE view_id IN (SELECT value FROM json_each(?2)))
                    """,
                ["[" + viewIDs.joined(separator: ",") + "]"])
            constraints = candidates.filter { $0.component.map(components.contains) ?? false }
        } else {
            constraints = try reader.constraints(
                layoutID: layoutID, layout: name, filter: "c.active = 1", [])
        }
        var model = LayoutModel(
            id: layoutID, name: name, canvas: canvas, views: views,
            constraints: constraints, variants: try variants(layoutID: layoutID))
        model.safe = safe
        model.direction = direction ?? .leftToRight
        model.fit = fit
        if components == nil,
            model.variants.contains(where: { $0.activations.values.contains(true) })
        {
            model.activatedByVariants = try reader.constraints(
                layoutID: layoutID, layout: name,
                filter: """
                    c.active = 0 AND c.id IN (SELECT constraint_id
                        FROM variant_constraint_overrides WHERE active = 1)
                    """, [])
        }
        return model
    }

    // MARK: Rows

    /// Views in declaration order; with `components` (a JSON array), only the root and
    /// the views with a variable in one of them (each comp_* column is indexed).
    func views(layoutID: Int64, components: String?) throws -> [StoredView] {
        var sql = """
            SELECT v.id, v.name, v.parent_id, v.ordinal, v.frame_x, v.frame_y, v.frame_width,
                v.frame_height, v.autoresize, v.intrinsic_width, v.intrinsic_height, v.hug,
                v.resist, v.comp_left, v.comp_top, v.comp_width, v.comp_height, v.kind,
                v.margin_top, v.margin_left, v.margin_bottom, v.margin_right, v.baseline_first,
                v.baseline_last, v.hug_vertical, v.resist_vertical, v.hidden, st.axis,
                st.spacing, st.distribution, st.alignment
            FROM views v LEFT JOIN stacks st ON st.view_id = v.id
            """
        var values: [(any SQLBindable)?] = [layoutID]
        if let components {
            // The root always: its frame is the canvas, every other frame hangs off it.
            // It is found by (layout_id, ordinal 0), an index seek; `parent_id IS NULL`
            // alone would have SQLite walk every view of the layout.
            sql += """

                WHERE v.id IN (
                    SELECT id FROM views
                    WHERE layout_id = ?1 AND ordinal = 0 AND parent_id IS NULL
                    UNION \(Self.viewIDsInComponents))
                """
            values.append(components)
        } else {
            sql += "\nWHERE v.layout_id = ?1"
        }
        sql += " ORDER BY v.ordinal"
        let statement = try database.cachedStatement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        // Parents come before their children: their names are known by id, shared.
        var names: [Int64: String] = [:]
        var result: [StoredView] = []
        while try statement.step() {
            let s = statement
            var frame: Rect?
            if !s.isNull(4) {
                frame = Rect(
                    x: s.double(4), y: s.double(5), width: s.double(6), height: s.double(7))
            }
            var intrinsic: IntrinsicSize?
            if !s.isNull(11) || !s.isNull(12) {
                intrinsic = IntrinsicSize(
                    width: s.optionalDouble(9), height: s.optionalDouble(10),
                    hug: Priority(rawValue: s.double(11)) ?? .low,
                    resist: Priority(rawValue: s.double(12)) ?? .high,
                    verticalHug: s.isNull(24) ? nil : Priority(rawValue: s.double(24)),
                    verticalResist: s.isNull(25) ? nil : Priority(rawValue: s.double(25)))
            }
            var parent = ""
            if let parentID = s.optionalInt64(2) {
                parent = try names[parentID] ?? viewName(id: parentID)
            }
            let id = s.int64(0)
            let name = s.string(1)
            names[id] = name
            var stack: StackArrangement?
            if !s.isNull(27) {
                stack = StackArrangement(
                    axis: s.string(27) == "V" ? .vertical : .horizontal, spacing: s.double(28),
                    distribution: .init(rawValue: s.string(29)) ?? .fill,
                    alignment: .init(rawValue: s.string(30)) ?? .fill)
            }
            let declaration = ViewDeclaration(
                name: name, parent: parent, frame: frame,
                autoresize: AutoresizingMask(rawValue: s.int(8)), intrinsic: intrinsic,
                kind: stack != nil ? .stack : ViewKind(rawValue: s.string(17)) ?? .view,
                margins: s.insets(18),
                baseline: s.isNull(22)
                    ? nil : Baselines(first: s.double(22), last: s.optionalDouble(23)),
                stack: stack, isHidden: s.bool(26))
            result.append(
                StoredView(
                    id: id, declaration: declaration, ordinal: s.int(3),
                    components: [
                        s.optionalInt(13), s.optionalInt(14), s.optionalInt(15),
                        s.optionalInt(16),
                    ]))
        }
        return result
    }

    /// The name of view `id` ("" when there is none).
    private func viewName(id: Int64) throws -> String {
        try database.cachedStatement("SELECT name FROM views WHERE id = ?")
            .rows([id]) { $0.string(0) }.first ?? ""
    }

    func variants(layoutID: Int64) throws -> [VariantModel] {
        var variants = try database.cachedStatement(
            """
            SELECT id, name, canvas_width, canvas_height, safe_top, safe_left, safe_bottom,
                safe_right, direction, fit_width, fit_height
            FROM variants WHERE layout_id = ? ORDER BY name
            """
        ).rows([layoutID]) { s in
            var variant = VariantModel(
                id: s.int64(0), name: s.string(1), canvas: s.size(2), safe: s.insets(4),
                direction: s.isNull(8) ? nil : LayoutDirection(rawValue: s.string(8)))
            if !s.isNull(9) || !s.isNull(10) {
                variant.fit = Fit(width: s.bool(9), height: s.bool(10))
            }
            return variant
        }
        let overrides = try database.cachedStatement(
            """
            SELECT vc.variant_id, vc.constraint_id, vc.constant
            FROM variant_constants vc JOIN variants v ON v.id = vc.variant_id
            WHERE v.layout_id = ?
            """
        ).rows([layoutID]) { ($0.int64(0), $0.int64(1), $0.double(2)) }
        let index = Dictionary(
            variants.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (variantID, constraintID, constant) in overrides {
            if let i = index[variantID] { variants[i].overrides[constraintID] = constant }
        }
        let holding = try database.cachedStatement(
            """
            SELECT o.variant_id, o.constraint_id, o.priority, o.active
            FROM variant_constraint_overrides o JOIN variants v ON v.id = o.variant_id
            WHERE v.layout_id = ?
            """
        ).rows([layoutID]) { s in
            (
                s.int64(0), s.int64(1), s.isNull(2) ? nil : Priority(rawValue: s.double(2)),
                s.isNull(3) ? nil : s.bool(3)
            )
        }
        for (variantID, constraintID, priority, active) in holding {
            guard let i = index[variantID] else { continue }
            if let priority { variants[i].priorities[constraintID] = priority }
            if let active { variants[i].activations[constraintID] = active }
        }
        let intrinsics = try database.cachedStatement(
            """
            SELECT o.variant_id, o.view_id, o.intrinsic_width, o.intrinsic_height, o.hug,
                o.resist, o.hug_vertical, o.resist_vertical
            FROM variant_intrinsics o JOIN variants v ON v.id = o.variant_id
            WHERE v.layout_id = ?
            """
        ).rows([layoutID]) { s in
            (
                s.int64(0), s.int64(1),
                IntrinsicSize(
                    width: s.optionalDouble(2), height: s.optionalDouble(3),
                    hug: Priority(rawValue: s.double(4)) ?? .low,
                    resist: Priority(rawValue: s.double(5)) ?? .high,
                    verticalHug: Priority(rawValue: s.double(6)) ?? .low,
                    verticalResist: Priority(rawValue: s.double(7)) ?? .high)
            )
        }
        for (variantID, viewID, size) in intrinsics {
            if let i = index[variantID] { variants[i].intrinsics[viewID] = size }
        }
        let viewStates = try database.cachedStatement(
            """
            SELECT vv.variant_id, w.name, vv.hidden, vv.spacing
            FROM variant_views vv JOIN variants v ON v.id = vv.variant_id
            JOIN views w ON w.id = vv.view_id
            WHERE v.layout_id = ?
            """
        ).rows([layoutID]) {
            ($0.int64(0), $0.string(1), $0.isNull(2) ? nil : $0.bool(2), $0.optionalDouble(3))
        }
        for (variantID, view, hidden, spacing) in viewStates {
            guard let i = index[variantID] else { continue }
            if let hidden { variants[i].hidden[view] = hidden }
            if let spacing { variants[i].spacing[view] = spacing }
        }
        return variants
    }

    static func jsonArray(_ components: Set<Int>) -> String {
        "[" + components.sorted().map(String.init).joined(separator: ",") + "]"
    }
}

extension ProjectStore {
    /// The ids of the views of layout `?1` with a variable in one of the components listed in
    /// `?2` (a JSON array): one arm per column, so that each arm seeks its own index. An id
    /// comes once per axis it has in those components: `UNION ALL` hands each over as its
    /// index finds it, where `UNION` would collect them all before the first; a reader
    /// that needs each once uses it under `IN` or keeps a set.
    static let viewIDsInComponents = """
        SELECT id FROM views WHERE layout_id = ?1
            AND comp_left IN (SELECT value FROM json_each(?2))
        UNION ALL SELECT id FROM views WHERE layout_id = ?1
            AND comp_top IN (SELECT value FROM json_each(?2))
        UNION ALL SELECT id FROM views WHERE layout_id = ?1
            AND comp_width IN (SELECT value FROM json_each(?2))
        UNION ALL SELECT id FROM views WHERE layout_id = ?1
            AND comp_height IN (SELECT value FROM json_each(?2))
        """
}

extension ProjectStore {
    /// Of the views `ids`, those a constraint of the project mentions (a side's first term
    /// or any other), active or not.
    package func mentionedViews(among ids: [Int64]) throws -> Set<Int64> {
        let statement = try database.cachedStatement(
            """
            SELECT EXISTS (SELECT 1 FROM constraints WHERE lhs_view_id = ?1)
                OR EXISTS (SELECT 1 FROM constraints WHERE rhs_view_id = ?1)
                OR EXISTS (SELECT 1 FROM constraint_terms WHERE view_id = ?1)
            """)
        var mentioned = Set<Int64>()
        for id in ids where try statement.rows([id], { $0.int64(0) }).first == 1 {
            mentioned.insert(id)
        }
        return mentioned
    }
}
