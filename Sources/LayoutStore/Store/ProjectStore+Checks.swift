import LayoutSQLite
import LayoutScript

/// The checks of `layoutdb doctor` that read the rows themselves (the one that solves
/// is ``Project/doctor()``'s). They read and never write; the caller holds one read
/// transaction so that every check sees the same state.
extension ProjectStore {
    /// A read transaction: every statement in `body` sees the same committed state.
    func readTransaction(_ body: () throws -> Void) throws {
        try database.transaction(.deferred, body)
    }

    /// What `PRAGMA integrity_check` reports other than `ok`.
    func integrityFindings() throws -> [DoctorFinding] {
        try database.makeStatement("PRAGMA integrity_check").rows { $0.string(0) }
            .filter { $0 != "ok" }.map { DoctorFinding(check: "integrity", message: $0) }
    }

    /// `PRAGMA foreign_key_check`, one finding per row that points at a missing row. A
    /// table with rowids names the row by its rowid; one without (`variant_constants`, ...)
    /// by its key, which the pragma does not give (``DanglingReference/keys``).
    func foreignKeyFindings() throws -> [DoctorFinding] {
        let violations = try database.makeStatement("PRAGMA foreign_key_check").rows { s in
            (table: s.string(0), rowid: s.isNull(1) ? nil : s.int64(1), missing: s.string(2))
        }
        var findings: [DoctorFinding] = []
        var keyed: Set<[String]> = []
        for violation in violations {
            let reference = Self.danglingReferences.first {
                $0.table == violation.table && $0.missing == violation.missing
            }
            func finding(_ row: String) -> DoctorFinding {
                let repair = reference?.delete == nil ? "" : " (`layoutdb doctor --fix` deletes it)"
                return DoctorFinding(
                    check: "foreign-keys",
                    message: "\(violation.table) \(row) refers to a missing row of "
                        + violation.missing + repair,
                    dangling: reference?.delete == nil
                        ? nil
                        : DanglingRows(table: violation.table, missing: violation.missing))
            }
            if let rowid = violation.rowid {
                findings.append(finding("row \(rowid)"))
            } else if let keys = reference?.keys {
                // The pragma lists each row; the query names them all at once.
                guard keyed.insert([violation.table, violation.missing]).inserted else { continue }
                for key in try database.makeStatement(keys).rows([], { $0.string(0) }) {
                    findings.append(finding("row (\(key))"))
                }
            } else {
                findings.append(finding("row (no rowid)"))
            }
        }
        return findings
    }

    /// A reference from a row of `table` to a row of `missing`, as doctor names and
    /// repairs the rows whose referenced row is not there.
    struct DanglingReference {
        var table: String
        var missing: String
        /// For a table without rowids: each such row's key as text (`variant_id 1,
        /// constraint_id 13`).
        var keys: String?
        /// Deletes every such row; nil where the row needs a person (a constraint's term
        /// that names a missing view: deleting it changes the constraint). Where there is
        /// one, the row is one the delete of the missing row takes with it (the triggers
        /// of 0004, 0007 and 0015), left behind by a file edited before them.
        var delete: String?

        /// The rows of `table` whose `column` names no row of `missing` (by its `id`):
        /// named by `key` (a table without rowids), deleted unless not `deletable`.
        static func rows(
            of table: String, column: String, missing: String, key: [String]? = nil,
            deletable: Bool = true
        ) -> DanglingReference {
            let dangling =
                "NOT EXISTS (SELECT 1 FROM \(missing) m WHERE m.id = \(table).\(column))"
            return DanglingReference(
                table: table, missing: missing,
                keys: key.map { columns in
                    "SELECT "
                        + columns.map { "'\($0) ' || \($0)" }.joined(separator: " || ', ' || ")
                        + " FROM \(table) WHERE \(dangling) ORDER BY "
                        + columns.joined(separator: ", ")
                },
                delete: deletable ? "DELETE FROM \(table) WHERE \(dangling)" : nil)
        }
    }

    /// Every reference doctor names by key or repairs, in the order `doctor --fix`
    /// deletes: the dirty marks last, as deletes before them may leave some.
    static let danglingReferences: [DanglingReference] = [
        .rows(
            of: "constraint_terms", column: "constraint_id", missing: "constraints",
            key: ["constraint_id", "side", "position"]),
        .rows(
            of: "constraint_terms", column: "view_id", missing: "views",
            key: ["constraint_id", "side", "position"], deletable: false),
        .rows(
            of: "variant_constants", column: "variant_id", missing: "variants",
            key: ["variant_id", "constraint_id"]),
        .rows(
            of: "variant_constants", column: "constraint_id", missing: "constraints",
            key: ["variant_id", "constraint_id"]),
        .rows(
            of: "variant_constraint_overrides", column: "variant_id", missing: "variants",
            key: ["variant_id", "constraint_id"]),
        .rows(
            of: "variant_constraint_overrides", column: "constraint_id", missing: "constraints",
            key: ["variant_id", "constraint_id"]),
        .rows(
            of: "variant_intrinsics", column: "variant_id", missing: "variants",
            key: ["variant_id", "view_id"]),
        .rows(
            of: "variant_intrinsics", column: "view_id", missing: "views",
            key: ["variant_id", "view_id"]),
        .rows(
            of: "variant_views", column: "variant_id", missing: "variants",
            key: ["variant_id", "view_id"]),
        .rows(
            of: "variant_views", column: "view_id", missing: "views",
            key: ["variant_id", "view_id"]
        ),
        .rows(of: "stacks", column: "view_id", missing: "views"),
        .rows(
            of: "stack_constraints", column: "stack_id", missing: "views",
            key: ["layout_id", "position"]),
        .rows(
            of: "stack_constraints", column: "layout_id", missing: "layouts",
            key: ["layout_id", "position"], deletable: false),
        .rows(of: "frames", column: "view_id", missing: "views", key: ["view_id", "variant_id"]),
        // Not a foreign key: ``dirtyFindings()`` finds these.
        DanglingReference(
            table: "frames", missing: "variants",
            delete: """
                DELETE FROM frames WHERE variant_id <> 0 AND NOT EXISTS (
                    SELECT 1 FROM variants va JOIN views v ON v.id = frames.view_id
                    WHERE va.id = frames.variant_id AND va.layout_id = v.layout_id)
                """),
        .rows(
            of: "metrics", column: "layout_id", missing: "layouts", key: ["layout_id", "name"],
            deletable: false),
        .rows(
            of: "script_lines", column: "layout_id", missing: "layouts", key: ["layout_id", "seq"],
            deletable: false),
        .rows(
            of: "solve_image_constants", column: "layout_id", missing: "layouts",
            key: ["layout_id", "constraint_id"], deletable: false),
        .rows(
            of: "dirty", column: "layout_id", missing: "layouts",
            key: ["layout_id", "variant_id", "component"]),
        // Not only a foreign key: ``dirtyFindings()`` finds these, as its query does.
        DanglingReference(
            table: "dirty", missing: "layouts or variants",
            delete: """
                DELETE FROM dirty
                WHERE NOT EXISTS (SELECT 1 FROM layouts l WHERE l.id = dirty.layout_id)
                   OR (dirty.variant_id <> 0 AND NOT EXISTS (
                       SELECT 1 FROM variants v
                       WHERE v.id = dirty.variant_id AND v.layout_id = dirty.layout_id))
                """),
    ]

    /// Deletes the rows of `kinds` that point at a missing row (``danglingReferences``'
    /// `delete`), in that list's order, and then the dirty marks those deletes left for
    /// a missing variant. Returns what went, kinds that deleted nothing left out. Runs in
    /// the caller's transaction.
    func deleteDanglingRows(_ kinds: Set<DanglingRows>) throws -> [DeletedRows] {
        var deleted: [DeletedRows] = []
        for reference in Self.danglingReferences {
            guard let delete = reference.delete,
                kinds.contains(DanglingRows(table: reference.table, missing: reference.missing))
            else { continue }
            try database.execute(delete)
            if database.changes > 0 {
                deleted.append(
                    DeletedRows(
                        table: reference.table, missing: reference.missing,
                        count: database.changes))
            }
        }
        if !deleted.isEmpty,
            let marks = Self.danglingReferences.first(where: {
                $0.table == "dirty" && $0.missing == "layouts or variants"
            })?.delete
        {
            try database.execute(marks)
        }
        return deleted
    }

    func uniquenessFindings() throws -> [DoctorFinding] {
        let db = database
        let labels = try db.makeStatement(
            """
            SELECT l.name, c.label, count(*) FROM constraints c JOIN layouts l ON l.id = c.layout_id
            WHERE c.label IS NOT NULL GROUP BY c.layout_id, c.label HAVING count(*) > 1
            """
        ).rows { s in
            DoctorFinding(
                check: "labels",
                message: "layout \(s.string(0)): label '\(s.string(1))' is used by "
                    + "\(s.int64(2)) constraints")
        }
        let names = try db.makeStatement(
            """
            SELECT l.name, v.name, count(*) FROM views v JOIN layouts l ON l.id = v.layout_id
            GROUP BY v.layout_id, v.name HAVING count(*) > 1
            """
        ).rows { s in
            DoctorFinding(
                check: "views",
                message: "layout \(s.string(0)): \(s.int64(2)) views are named '\(s.string(1))'")
        }
        // A script says a view's margins whole (`margins T L B R`), and a row with only some
        // of them (plain SQL) is read as none: its values were dropped without a word.
        let margins = try db.makeStatement(
            """
            SELECT l.name, v.name FROM views v JOIN layouts l ON l.id = v.layout_id
            WHERE (v.margin_top IS NULL) + (v.margin_left IS NULL) + (v.margin_bottom IS NULL)
                + (v.margin_right IS NULL) IN (1, 2, 3)
            """
        ).rows {
            Self.partialInsets(
                $0, check: "views", owner: "view", insets: "margins", column: "margin")
        }
        // The same of a variant's own safe area (`variant V ... safe T L B R`).
        let safe = try db.makeStatement(
            """
            SELECT l.name, va.name FROM variants va JOIN layouts l ON l.id = va.layout_id
            WHERE (va.safe_top IS NULL) + (va.safe_left IS NULL) + (va.safe_bottom IS NULL)
                + (va.safe_right IS NULL) IN (1, 2, 3)
            """
        ).rows {
            Self.partialInsets(
                $0, check: "variants", owner: "variant", insets: "safe-area insets",
                column: "safe")
        }
        return labels + names + margins + safe
    }

    /// The finding of a row (`layout name, owner name`) that has only some of its four
    /// insets, `COLUMN_top` to `COLUMN_right`: the two checks above say it in one wording.
    private static func partialInsets(
        _ row: SQLStatement, check: String, owner: String, insets: String, column: String
    ) -> DoctorFinding {
        let columns = ["top", "left", "bottom", "right"].map { "`\(column)_\($0)`" }
        return DoctorFinding(
            check: check,
            message: "layout \(row.string(0)): \(owner) '\(row.string(1))' has only some of its "
                + "\(insets) (plain SQL set them): layoutdb reads none of them; set all four "
                + "(\(columns.joined(separator: ", "))) or none")
    }

    /// One root per layout, parents in the same layout, no cycles. Iterative: a tree may
    /// be 10,000 levels deep.
    func treeFindings() throws -> [DoctorFinding] {
        let db = database
        var findings: [DoctorFinding] = []
        let layoutNames = Dictionary(
            try db.makeStatement("SELECT id, name FROM layouts").rows {
                ($0.int64(0), $0.string(1))
            },
            uniquingKeysWith: { a, _ in a })
        struct Node {
            var layout: Int64
            var name: String
            var parent: Int64?
        }
        var nodes: [Int64: Node] = [:]
        for (id, node) in try db.makeStatement("SELECT id, layout_id, name, parent_id FROM views")
            .rows(
                [],
                { s in
                    (
                        s.int64(0),
                        Node(
                            layout: s.int64(1), name: s.string(2),
                            parent: s.isNull(3) ? nil : s.int64(3))
                    )
                })
        {
            nodes[id] = node
        }
        var roots: [Int64: Int] = [:]
        for node in nodes.values where node.parent == nil { roots[node.layout, default: 0] += 1 }
        for (id, name) in layoutNames.sorted(by: { $0.value < $1.value }) {
            let count = roots[id] ?? 0
            if count != 1 {
                findings.append(
                    DoctorFinding(
                        check: "tree",
                        message: "layout \(name) has \(count) root views (expected 1)"))
            }
        }
        // 0 = unvisited, 1 = on the current path, 2 = known to reach a root.
        var state: [Int64: UInt8] = [:]
        for start in nodes.keys.sorted() where state[start] == nil {
            var path: [Int64] = []
            var current: Int64? = start
            while let id = current, state[id] == nil {
                state[id] = 1
                path.append(id)
                let node = nodes[id]!
                guard let parent = node.parent else { break }
                guard let parentNode = nodes[parent] else { break }  // foreign-keys reports it
                if parentNode.layout != node.layout {
                    findings.append(
                        DoctorFinding(
                            check: "tree",
                            message:
                                "layout \(layoutNames[node.layout] ?? "?"): view \(node.name)'s "
                                + "parent \(parentNode.name) is in another layout"))
                }
                if state[parent] == 1 {
                    let cycle = path[path.firstIndex(of: parent)!...].map { nodes[$0]!.name }
                    findings.append(
                        DoctorFinding(
                            check: "tree",
                            message: "layout \(layoutNames[node.layout] ?? "?"): parent cycle "
                                + (cycle + [cycle[0]]).joined(separator: " → ")
                                + "; `layoutdb --layout \(layoutNames[node.layout] ?? "?") "
                                + "move-view \(cycle[0]) --into root` (or into another view "
                                + "outside the cycle) repairs it"))
                    break
                }
                current = parent
            }
            for id in path { state[id] = 2 }
        }
        return findings
    }

    func dirtyFindings() throws -> [DoctorFinding] {
        let dirty = try database.makeStatement(
            """
            SELECT d.layout_id, d.variant_id, d.component FROM dirty d
            WHERE NOT EXISTS (SELECT 1 FROM layouts l WHERE l.id = d.layout_id)
               OR (d.variant_id <> 0 AND NOT EXISTS (
                   SELECT 1 FROM variants v WHERE v.id = d.variant_id AND v.layout_id = d.layout_id))
            """
        ).rows { s in
            DoctorFinding(
                check: "dirty",
                message: "a dirty mark points at a missing layout or variant "
                    + "(layout id \(s.int64(0)), variant id \(s.int64(1)), "
                    + "component \(s.int64(2))); `layoutdb doctor --fix` deletes it",
                dangling: DanglingRows(table: "dirty", missing: "layouts or variants"))
        }
        let frames = try database.makeStatement(
            """
            SELECT v.name, f.variant_id FROM frames f JOIN views v ON v.id = f.view_id
            WHERE f.variant_id <> 0 AND NOT EXISTS (
                SELECT 1 FROM variants va WHERE va.id = f.variant_id AND va.layout_id = v.layout_id)
            """
        ).rows { s in
            DoctorFinding(
                check: "frames",
                message: "view \(s.string(0)) has frames for a missing variant (id \(s.int64(1))); "
                    + "`layoutdb doctor --fix` deletes them",
                dangling: DanglingRows(table: "frames", missing: "variants"))
        }
        return dirty + frames
    }
}
