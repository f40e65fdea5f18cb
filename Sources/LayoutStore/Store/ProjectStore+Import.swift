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
}
