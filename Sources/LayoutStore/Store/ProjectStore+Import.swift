import LayoutSQLite
import LayoutScript

extension ProjectStore {
    /// Records where the views of `layout` came from (`views.source_id`, shown as
    /// `solved_frames.source_id`): `ids` maps a view's name to the id of the element it was
    /// imported from. Names not in the layout are ignored; views not named keep NULL.
    ///
    /// No trigger watches `source_id`: where a view came from does not change its frame.
    package func setSourceIDs(layout: String, _ ids: [String: String]) throws {
        guard let layoutID = try existingLayoutID(layout) else {
            throw StoreError.unknownLayout(name: layout, suggestion: nil)
        }
        let statement = try database.cachedStatement(
            "UPDATE views SET source_id = ?1 WHERE layout_id = ?2 AND name = ?3")
        for (name, id) in ids.sorted(by: { $0.key < $1.key }) {
            try statement.run([id, layoutID, name])
        }
    }

    /// The `source_id` of every view of `layout` that has one, by view name.
    package func sourceIDs(layout: String) throws -> [String: String] {
        guard let layoutID = try existingLayoutID(layout) else { return [:] }
        let rows = try database.cachedStatement(
            "SELECT name, source_id FROM views WHERE layout_id = ? AND source_id IS NOT NULL"
        ).rows([layoutID]) { row in (row.string(0), row.string(1)) }
        return Dictionary(rows, uniquingKeysWith: { a, _ in a })
    }

    /// The views of `layout` that no import made (no `source_id`), by name: an import sets
    /// one on every view it declares, so any other was written by hand.
    package func viewsWithoutSourceID(layout: String) throws -> [String] {
        guard let layoutID = try existingLayoutID(layout) else { return [] }
        return try database.cachedStatement(
            "SELECT name FROM views WHERE layout_id = ? AND source_id IS NULL ORDER BY name"
        ).rows([layoutID]) { row in row.string(0) }
    }

    /// Removes layout `name` with everything in it (views, constraints, variants, frames,
    /// dirty marks). `layoutdb import --replace` uses it before importing a layout again.
    ///
    /// Must run inside a transaction. The layout row's cascades take its rows in an order
    /// SQLite chooses, and the view-delete triggers mark the layout dirty as its views go
    /// (`views.parent_id` has no cascade and the marks point at the layout being removed),
    /// so foreign keys are checked at commit (`defer_foreign_keys`, reset by SQLite at the
    /// end of the transaction) and the marks left behind are removed here.
    package func removeLayout(_ name: String) throws {
        guard let layoutID = try existingLayoutID(name) else {
            throw StoreError.unknownLayout(name: name, suggestion: nil)
        }
        precondition(database.isInTransaction, "removeLayout runs inside a transaction")
        try database.execute("PRAGMA defer_foreign_keys = ON")
        try database.execute("DELETE FROM layouts WHERE id = ?", [layoutID])
        try database.execute("DELETE FROM dirty WHERE layout_id = ?", [layoutID])
    }
}
