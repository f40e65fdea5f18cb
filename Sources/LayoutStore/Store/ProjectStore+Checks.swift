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

    func foreignKeyFindings() throws -> [DoctorFinding] {
        try database.makeStatement("PRAGMA foreign_key_check").rows { s in
            DoctorFinding(
                check: "foreign-keys",
                message: "\(s.string(0)) row \(s.isNull(1) ? "?" : String(s.int64(1))) "
                    + "refers to a missing row of \(s.string(2))")
        }
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
                    + "component \(s.int64(2)))")
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
                message: "view \(s.string(0)) has frames for a missing variant (id \(s.int64(1)))")
        }
        return dirty + frames
    }
}
