import LayoutSQLite
import LayoutScript

/// Reading solved frames back, for reports and partial solves.
extension ProjectStore {
    /// Stored frames of `layout`/`variant` by view id (all views, or those in `viewIDs`).
    package func storedFrames(
        layout: String = defaultLayoutName, variant: VariantRef, viewIDs: [Int64]? = nil
    ) throws -> [Int64: SolvedFrame] {
        guard let layoutID = try existingLayoutID(layout) else { return [:] }
        let variantID = try variantID(variant, layoutID: layoutID, layout: layout)
        var sql = """
            SELECT f.view_id, f.x, f.y, f.width, f.height, f.ambiguous FROM frames f
            JOIN views v ON v.id = f.view_id
            WHERE v.layout_id = ? AND f.variant_id = ?
            """
        var values: [(any SQLBindable)?] = [layoutID, variantID]
        if let viewIDs {
            sql += " AND f.view_id IN (SELECT value FROM json_each(?))"
            values.append("[" + viewIDs.map(String.init).joined(separator: ",") + "]")
        }
        var out: [Int64: SolvedFrame] = [:]
        for (id, frame) in try database.cachedStatement(sql).rows(
            values,
            { s in
                (
                    s.int64(0),
                    SolvedFrame(
                        x: s.double(1), y: s.double(2), width: s.double(3),
                        height: s.double(4), ambiguous: s.bool(5))
                )
            })
        {
            out[id] = frame
        }
        return out
    }
}
