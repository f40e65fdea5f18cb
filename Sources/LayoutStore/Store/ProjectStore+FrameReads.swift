import LayoutSQLite
import LayoutScript

/// Reading solved frames back, for reports and partial solves.
extension ProjectStore {
    /// Removes one view's stored frame in a variant (a root that is no longer fitted).
    package func removeFrame(layout: String, variant: VariantRef, viewID: Int64) throws {
        let layoutID = try layoutID(layout)
        let variantID = try variantID(variant, layoutID: layoutID, layout: layout)
        try database.cachedStatement("DELETE FROM frames WHERE view_id = ? AND variant_id = ?")
            .run([viewID, variantID])
    }

    /// The variants of `layout` (0: the base) that are solved whole and leave the solver
    /// components alone: a fitted canvas, or overrides of priority, activation or
    /// intrinsic size (``LayoutModel/solvesWhole(_:)``, read without loading the layout).
    package func wholeSolveVariantIDs(layout: String) throws -> Set<Int64> {
        Set(
            try database.cachedStatement(
                """
                SELECT 0 FROM layouts WHERE name = ?1 AND (fit_width = 1 OR fit_height = 1)
                UNION
                SELECT va.id FROM variants va JOIN layouts l ON l.id = va.layout_id
                WHERE l.name = ?1 AND (coalesce(va.fit_width, l.fit_width) = 1
                    OR coalesce(va.fit_height, l.fit_height) = 1
                    OR EXISTS (SELECT 1 FROM variant_constraint_overrides o
                        WHERE o.variant_id = va.id)
                    OR EXISTS (SELECT 1 FROM variant_intrinsics i WHERE i.variant_id = va.id)
                    OR coalesce(va.direction, l.direction) <> l.direction)
                """
            ).rows([layout]) { $0.int64(0) })
    }

    /// Stored frames of `layout`/`variant` by view id (all views, or those in `viewIDs`).
    package func storedFrames(
        layout: String = defaultLayoutName, variant: VariantRef, viewIDs: [Int64]? = nil
    ) throws -> [Int64: SolvedFrame] {
        guard let layoutID = try existingLayoutID(layout) else { return [:] }
        let variantID = try variantID(variant, layoutID: layoutID, layout: layout)
        let sql: String
        var values: [(any SQLBindable)?] = [layoutID, variantID]
        if let viewIDs {
            // From the ids, each a key lookup: left to the planner, `IN` walked every view
            // of the layout (8 ms for the one card a 100k-view cards edit re-solves).
            sql = """
                SELECT f.view_id, f.x, f.y, f.width, f.height, f.ambiguous
                FROM json_each(?3) j
                CROSS JOIN frames f ON f.view_id = j.value AND f.variant_id = ?2
                CROSS JOIN views v ON v.id = f.view_id
                WHERE v.layout_id = ?1
                """
            values.append("[" + viewIDs.map(String.init).joined(separator: ",") + "]")
        } else {
            sql = """
                SELECT f.view_id, f.x, f.y, f.width, f.height, f.ambiguous FROM frames f
                JOIN views v ON v.id = f.view_id
                WHERE v.layout_id = ?1 AND f.variant_id = ?2
                """
        }
        var out: [Int64: SolvedFrame] = [:]
        for (id, frame) in try database.cachedStatement(sql).rows(
            values, { s in (s.int64(0), SolvedFrame(s, from: 1)) })
        {
            out[id] = frame
        }
        return out
    }
}

extension ProjectStore {
    /// A stored base frame with what `frames` prints beside it, read by
    /// ``baseFrameRows(layout:)``.
    package struct BaseFrameRow {
        package var view: String
        package var parent: String
        package var frame: SolvedFrame
        package var kind: ViewKind
        package var hidden: Bool
    }

    /// Every stored base frame of `layout` in declaration order, with its view's name,
    /// parent, kind and hidden flag: one statement, no model (what `frames` reads when
    /// nothing is dirty). Empty for the implicit `main` of an empty project.
    package func baseFrameRows(layout: String) throws -> [BaseFrameRow] {
        guard let layoutID = try existingLayoutID(layout) else { return [] }
        return try database.cachedStatement(
            """
            SELECT v.name, coalesce(p.name, ''), f.x, f.y, f.width, f.height, f.ambiguous,
                CASE WHEN st.view_id IS NULL THEN v.kind ELSE 'stack' END, v.hidden
            FROM views v
            JOIN frames f ON f.view_id = v.id AND f.variant_id = 0
            LEFT JOIN views p ON p.id = v.parent_id
            LEFT JOIN stacks st ON st.view_id = v.id
            WHERE v.layout_id = ?
            ORDER BY v.ordinal
            """
        ).rows([layoutID]) { s in
            BaseFrameRow(
                view: s.string(0), parent: s.string(1),
                frame: SolvedFrame(s, from: 2),
                kind: ViewKind(rawValue: s.string(7)) ?? .view, hidden: s.bool(8))
        }
    }
}

extension SolvedFrame {
    /// The frame in the current row of `statement`, in five columns from `column` as the
    /// `frames` table orders them: x, y, width, height, ambiguous.
    init(_ statement: SQLStatement, from column: Int32) {
        self.init(
            x: statement.double(column), y: statement.double(column + 1),
            width: statement.double(column + 2), height: statement.double(column + 3),
            ambiguous: statement.bool(column + 4))
    }
}
