/// Reading the model back: views, variants, metrics, and a layout for the engine.
extension ProjectStore {
    /// The views of `layout` in declaration order, the root first (its parent is "").
    ///
    ///     try store.views().map(\.name) == ["root", "header", "title"]
    public func views(layout: String = defaultLayoutName) throws -> [StoredView] {
        try views(layoutID: try layoutID(layout), components: nil)
    }

    /// The variants of `layout` with their overrides, by name.
    public func variants(layout: String = defaultLayoutName) throws -> [VariantModel] {
        try variants(layoutID: try layoutID(layout))
    }

    /// The metrics of `layout`, by name.
    public func metrics(layout: String = defaultLayoutName) throws -> [(
        name: String, value: Double
    )] {
        try database.cachedStatement(
            "SELECT name, value FROM metrics WHERE layout_id = ? ORDER BY name"
        ).rows([try layoutID(layout)]) { (name: $0.string(0), value: $0.double(1)) }
    }

    /// What the engine solves: views, active constraints, variants with overrides.
    ///
    /// With `components`, only the constraints in those components and the views with a
    /// variable in one of them (plus the root, whose frame is the canvas) — for re-solving
    /// only what is dirty. Constraints come with their base constants; apply a variant's
    /// `overrides` (constraint id → constant) to solve that variant.
    ///
    ///     let model = try store.loadLayout("main", components: [3])
    public func loadLayout(_ name: String = defaultLayoutName, components: Set<Int>? = nil)
        throws -> LayoutModel
    {
        let layoutID = try layoutID(name)
        let canvas =
            try database.cachedStatement(
                "SELECT canvas_width, canvas_height FROM layouts WHERE id = ?"
            ).rows([layoutID]) { $0.size(0) }.first ?? nil
        let list = components.map { Self.jsonArray($0) }
        let constraints = try ConstraintReader(database: database).constraints(
            layoutID: layoutID, layout: name,
            filter: list == nil
                ? "c.active = 1"
                // A constraint added since the last solve has no component yet: always load it.
                : "c.active = 1 AND (c.component IS NULL OR c.component IN (SELECT value FROM json_each(?)))",
            list.map { [$0] } ?? [])
        return LayoutModel(
            id: layoutID, name: name, canvas: canvas,
            views: try views(layoutID: layoutID, components: list),
            constraints: constraints, variants: try variants(layoutID: layoutID))
    }

    // MARK: Rows

    func views(layoutID: Int64, components: String?) throws -> [StoredView] {
        var sql = """
            SELECT v.id, v.name, p.name, v.ordinal, v.frame_x, v.frame_y, v.frame_width,
                v.frame_height, v.autoresize, v.intrinsic_width, v.intrinsic_height, v.hug,
                v.resist, v.comp_left, v.comp_top, v.comp_width, v.comp_height
            FROM views v LEFT JOIN views p ON p.id = v.parent_id
            WHERE v.layout_id = ?1
            """
        var values: [(any SQLBindable)?] = [layoutID]
        if let components {
            // The root always: its frame is the canvas, every other frame hangs off it.
            sql += """
                 AND (v.parent_id IS NULL OR v.comp_left IN (SELECT value FROM json_each(?2))
                    OR v.comp_top IN (SELECT value FROM json_each(?2))
                    OR v.comp_width IN (SELECT value FROM json_each(?2))
                    OR v.comp_height IN (SELECT value FROM json_each(?2)))
                """
            values.append(components)
        }
        sql += " ORDER BY v.ordinal"
        return try database.cachedStatement(sql).rows(values) { s in
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
                    resist: Priority(rawValue: s.double(12)) ?? .high)
            }
            let declaration = ViewDeclaration(
                name: s.string(1), parent: s.optionalString(2) ?? "", frame: frame,
                autoresize: AutoresizingMask(rawValue: s.int(8)), intrinsic: intrinsic)
            return StoredView(
                id: s.int64(0), declaration: declaration, ordinal: s.int(3),
                components: (13...16).map { s.optionalInt(Int32($0)) })
        }
    }

    func variants(layoutID: Int64) throws -> [VariantModel] {
        var variants = try database.cachedStatement(
            """
            SELECT id, name, canvas_width, canvas_height FROM variants
            WHERE layout_id = ? ORDER BY name
            """
        ).rows([layoutID]) { s in
            VariantModel(id: s.int64(0), name: s.string(1), canvas: s.size(2))
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
        return variants
    }

    static func jsonArray(_ components: Set<Int>) -> String {
        "[" + components.sorted().map(String.init).joined(separator: ",") + "]"
    }
}
