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
    }

    /// Every reference doctor names by key or repairs, in the order `doctor --fix`
    /// deletes: the dirty marks last, as deletes before them may leave some.
    static let danglingReferences: [DanglingReference] = [
        DanglingReference(
            table: "constraint_terms", missing: "constraints",
            keys: """
                SELECT 'constraint_id ' || constraint_id || ', side ' || side
                    || ', position ' || position
                FROM constraint_terms t
                WHERE NOT EXISTS (SELECT 1 FROM constraints c WHERE c.id = t.constraint_id)
                ORDER BY 1
                """,
            delete: """
                DELETE FROM constraint_terms WHERE NOT EXISTS (
                    SELECT 1 FROM constraints c WHERE c.id = constraint_terms.constraint_id)
                """),
        DanglingReference(
            table: "constraint_terms", missing: "views",
            keys: """
                SELECT 'constraint_id ' || constraint_id || ', side ' || side
                    || ', position ' || position
                FROM constraint_terms t
                WHERE NOT EXISTS (SELECT 1 FROM views v WHERE v.id = t.view_id)
                ORDER BY 1
                """),
        DanglingReference(
            table: "variant_constants", missing: "variants",
            keys: """
                SELECT 'variant_id ' || variant_id || ', constraint_id ' || constraint_id
                FROM variant_constants o
                WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.id = o.variant_id)
                ORDER BY variant_id, constraint_id
                """,
            delete: """
                DELETE FROM variant_constants WHERE NOT EXISTS (
                    SELECT 1 FROM variants v WHERE v.id = variant_constants.variant_id)
                """),
        DanglingReference(
            table: "variant_constants", missing: "constraints",
            keys: """
                SELECT 'variant_id ' || variant_id || ', constraint_id ' || constraint_id
                FROM variant_constants o
                WHERE NOT EXISTS (SELECT 1 FROM constraints c WHERE c.id = o.constraint_id)
                ORDER BY variant_id, constraint_id
                """,
            delete: """
                DELETE FROM variant_constants WHERE NOT EXISTS (
                    SELECT 1 FROM constraints c WHERE c.id = variant_constants.constraint_id)
                """),
        DanglingReference(
            table: "variant_constraint_overrides", missing: "variants",
            keys: """
                SELECT 'variant_id ' || variant_id || ', constraint_id ' || constraint_id
                FROM variant_constraint_overrides o
                WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.id = o.variant_id)
                ORDER BY variant_id, constraint_id
                """,
            delete: """
                DELETE FROM variant_constraint_overrides WHERE NOT EXISTS (
                    SELECT 1 FROM variants v
                    WHERE v.id = variant_constraint_overrides.variant_id)
                """),
        DanglingReference(
            table: "variant_constraint_overrides", missing: "constraints",
            keys: """
                SELECT 'variant_id ' || variant_id || ', constraint_id ' || constraint_id
                FROM variant_constraint_overrides o
                WHERE NOT EXISTS (SELECT 1 FROM constraints c WHERE c.id = o.constraint_id)
                ORDER BY variant_id, constraint_id
                """,
            delete: """
                DELETE FROM variant_constraint_overrides WHERE NOT EXISTS (
                    SELECT 1 FROM constraints c
                    WHERE c.id = variant_constraint_overrides.constraint_id)
                """),
        DanglingReference(
            table: "variant_intrinsics", missing: "variants",
            keys: """
                SELECT 'variant_id ' || variant_id || ', view_id ' || view_id
                FROM variant_intrinsics o
                WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.id = o.variant_id)
                ORDER BY variant_id, view_id
                """,
            delete: """
                DELETE FROM variant_intrinsics WHERE NOT EXISTS (
                    SELECT 1 FROM variants v WHERE v.id = variant_intrinsics.variant_id)
                """),
        DanglingReference(
            table: "variant_intrinsics", missing: "views",
            keys: """
                SELECT 'variant_id ' || variant_id || ', view_id ' || view_id
                FROM variant_intrinsics o
                WHERE NOT EXISTS (SELECT 1 FROM views v WHERE v.id = o.view_id)
                ORDER BY variant_id, view_id
                """,
            delete: """
                DELETE FROM variant_intrinsics WHERE NOT EXISTS (
                    SELECT 1 FROM views v WHERE v.id = variant_intrinsics.view_id)
                """),
        DanglingReference(
            table: "variant_views", missing: "variants",
            keys: """
                SELECT 'variant_id ' || variant_id || ', view_id ' || view_id
                FROM variant_views o
                WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.id = o.variant_id)
                ORDER BY variant_id, view_id
                """,
            delete: """
                DELETE FROM variant_views WHERE NOT EXISTS (
                    SELECT 1 FROM variants v WHERE v.id = variant_views.variant_id)
                """),
        DanglingReference(
            table: "variant_views", missing: "views",
            keys: """
                SELECT 'variant_id ' || variant_id || ', view_id ' || view_id
                FROM variant_views o
                WHERE NOT EXISTS (SELECT 1 FROM views v WHERE v.id = o.view_id)
                ORDER BY variant_id, view_id
                """,
            delete: """
                DELETE FROM variant_views WHERE NOT EXISTS (
                    SELECT 1 FROM views v WHERE v.id = variant_views.view_id)
                """),
        DanglingReference(
            table: "stacks", missing: "views",
            delete: """
                DELETE FROM stacks WHERE NOT EXISTS (
                    SELECT 1 FROM views v WHERE v.id = stacks.view_id)
                """),
        DanglingReference(
            table: "stack_constraints", missing: "views",
            keys: """
                SELECT 'layout_id ' || layout_id || ', position ' || position
                FROM stack_constraints s
                WHERE NOT EXISTS (SELECT 1 FROM views v WHERE v.id = s.stack_id)
                ORDER BY layout_id, position
                """,
            delete: """
                DELETE FROM stack_constraints WHERE NOT EXISTS (
                    SELECT 1 FROM views v WHERE v.id = stack_constraints.stack_id)
                """),
        DanglingReference(
            table: "stack_constraints", missing: "layouts",
            keys: """
                SELECT 'layout_id ' || layout_id || ', position ' || position
                FROM stack_constraints s
                WHERE NOT EXISTS (SELECT 1 FROM layouts l WHERE l.id = s.layout_id)
                ORDER BY layout_id, position
                """),
        DanglingReference(
            table: "frames", missing: "views",
            keys: """
                SELECT 'view_id ' || view_id || ', variant_id ' || variant_id
                FROM frames f
                WHERE NOT EXISTS (SELECT 1 FROM views v WHERE v.id = f.view_id)
                ORDER BY view_id, variant_id
                """,
            delete: """
                DELETE FROM frames WHERE NOT EXISTS (
                    SELECT 1 FROM views v WHERE v.id = frames.view_id)
                """),
        // Not a foreign key: ``dirtyFindings()`` finds these.
        DanglingReference(
            table: "frames", missing: "variants",
            delete: """
                DELETE FROM frames WHERE variant_id <> 0 AND NOT EXISTS (
                    SELECT 1 FROM variants va JOIN views v ON v.id = frames.view_id
                    WHERE va.id = frames.variant_id AND va.layout_id = v.layout_id)
                """),
        DanglingReference(
            table: "metrics", missing: "layouts",
            keys: """
                SELECT 'layout_id ' || layout_id || ', name ' || name
                FROM metrics m WHERE NOT EXISTS (SELECT 1 FROM layouts l WHERE l.id = m.layout_id)
                ORDER BY layout_id, name
                """),
        DanglingReference(
            table: "script_lines", missing: "layouts",
            keys: """
                SELECT 'layout_id ' || layout_id || ', seq ' || seq
                FROM script_lines s
                WHERE NOT EXISTS (SELECT 1 FROM layouts l WHERE l.id = s.layout_id)
                ORDER BY layout_id, seq
                """),
        DanglingReference(
            table: "solve_image_constants", missing: "layouts",
            keys: """
                SELECT 'layout_id ' || layout_id || ', constraint_id ' || constraint_id
                FROM solve_image_constants s
                WHERE NOT EXISTS (SELECT 1 FROM layouts l WHERE l.id = s.layout_id)
                ORDER BY layout_id, constraint_id
                """),
        DanglingReference(
            table: "dirty", missing: "layouts",
            keys: """
                SELECT 'layout_id ' || layout_id || ', variant_id ' || variant_id
                    || ', component ' || component
                FROM dirty d WHERE NOT EXISTS (SELECT 1 FROM layouts l WHERE l.id = d.layout_id)
                ORDER BY layout_id, variant_id, component
                """,
            delete: """
                DELETE FROM dirty WHERE NOT EXISTS (
                    SELECT 1 FROM layouts l WHERE l.id = dirty.layout_id)
                """),
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
        return labels + names
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
