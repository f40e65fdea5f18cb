import LayoutSQLite
import LayoutScript

/// `layoutdb doctor`: integrity and consistency checks that read and never write.
///
/// A project edited only through layoutdb passes all of them; a finding means the file
/// was damaged or edited with plain SQL in a way the triggers cannot describe.
public struct DoctorFinding: Hashable, Sendable, CustomStringConvertible {
    /// Which check: `integrity`, `foreign-keys`, `labels`, `tree`, `frames`, `dirty`.
    public var check: String
    /// What is wrong, naming the layout and view or label.
    public var message: String

    public init(check: String, message: String) {
        self.check = check
        self.message = message
    }

    public var description: String { "\(check): \(message)" }
}

extension Project {
    /// How far a stored frame may be from a fresh solve before doctor reports it: the
    /// solver's own satisfaction tolerance (1e-6), relative to the value's magnitude.
    public static let doctorTolerance = 1e-6

    /// Runs every check and returns the findings (empty: healthy). Writes nothing.
    ///
    ///     let findings = try project.doctor()
    ///     findings.isEmpty  // true for a project only layoutdb has written
    public func doctor() throws -> [DoctorFinding] {
        let db = store.database
        var findings: [DoctorFinding] = []
        // One read transaction: every check sees the same committed state.
        try db.transaction(.deferred) {
            let integrity = try db.makeStatement("PRAGMA integrity_check").rows { $0.string(0) }
            for line in integrity where line != "ok" {
                findings.append(DoctorFinding(check: "integrity", message: line))
            }
            // Structure checks on a damaged file would report the damage again, or crash.
            guard findings.isEmpty else { return }
            findings += try foreignKeyFindings()
            findings += try uniquenessFindings()
            let treeFindings = try treeFindings()
            findings += treeFindings
            findings += try dirtyFindings()
            // Solving needs a tree; a cycle is already reported.
            if treeFindings.isEmpty { findings += try frameFindings() }
        }
        return findings
    }

    private func foreignKeyFindings() throws -> [DoctorFinding] {
        try store.database.makeStatement("PRAGMA foreign_key_check").rows { s in
            DoctorFinding(
                check: "foreign-keys",
                message: "\(s.string(0)) row \(s.isNull(1) ? "?" : String(s.int64(1))) "
                    + "refers to a missing row of \(s.string(2))")
        }
    }

    private func uniquenessFindings() throws -> [DoctorFinding] {
        let db = store.database
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
    private func treeFindings() throws -> [DoctorFinding] {
        let db = store.database
        var findings: [DoctorFinding] = []
        let layoutNames = Dictionary(
            try db.makeStatement("SELECT id, name FROM layouts").rows { ($0.int64(0), $0.string(1)) },
            uniquingKeysWith: { a, _ in a })
        struct Node {
            var layout: Int64
            var name: String
            var parent: Int64?
        }
        var nodes: [Int64: Node] = [:]
        for (id, node) in try db.makeStatement("SELECT id, layout_id, name, parent_id FROM views")
            .rows([], { s in
                (s.int64(0), Node(layout: s.int64(1), name: s.string(2),
                                  parent: s.isNull(3) ? nil : s.int64(3)))
            })
        {
            nodes[id] = node
        }
        var roots: [Int64: Int] = [:]
        for node in nodes.values where node.parent == nil { roots[node.layout, default: 0] += 1 }
        for (id, name) in layoutNames.sorted(by: { $0.value < $1.value }) {
            let count = roots[id] ?? 0
            if count != 1 {
                findings.append(DoctorFinding(
                    check: "tree", message: "layout \(name) has \(count) root views (expected 1)"))
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
                    findings.append(DoctorFinding(
                        check: "tree",
                        message: "layout \(layoutNames[node.layout] ?? "?"): view \(node.name)'s "
                            + "parent \(parentNode.name) is in another layout"))
                }
                if state[parent] == 1 {
                    let cycle = path[path.firstIndex(of: parent)!...].map { nodes[$0]!.name }
                    findings.append(DoctorFinding(
                        check: "tree",
                        message: "layout \(layoutNames[node.layout] ?? "?"): parent cycle "
                            + (cycle + [cycle[0]]).joined(separator: " → ")))
                    break
                }
                current = parent
            }
            for id in path { state[id] = 2 }
        }
        return findings
    }

    private func dirtyFindings() throws -> [DoctorFinding] {
        let dirty = try store.database.makeStatement(
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
        let frames = try store.database.makeStatement(
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

    /// Re-solves every layout and variant in memory and compares with the stored frames
    /// that are not marked stale. Ambiguous views are skipped: any solution is right.
    private func frameFindings() throws -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        for layout in try store.layouts() {
            let model = try store.loadLayout(layout.name)
            let marks = try store.dirtyMarks(layout: layout.name)
            let variants: [VariantRef] = [.base] + model.variants.map { .named($0.name) }
            for variant in variants {
                let variantMarks = marks.filter { $0.variant == variant }
                if variantMarks.contains(where: { $0.component == nil }) { continue }
                let stale = Set(variantMarks.compactMap(\.component))
                let place = "\(layout.name)/\(variant)"
                let output: EngineOutput
                do {
                    output = try LayoutEngine.solve(model.engineInput(variant: model.variant(variant)))
                } catch {
                    findings.append(DoctorFinding(
                        check: "frames", message: "\(place): the stored constraints do not solve: "
                            + "\(error)".prefix { $0 != "\n" }))
                    continue
                }
                let stored = try store.storedFrames(layout: layout.name, variant: variant)
                for (i, view) in model.solvedViews.enumerated() {
                    if view.components.contains(where: { $0.map(stale.contains) ?? false }) {
                        continue
                    }
                    guard let frame = stored[view.id] else {
                        findings.append(DoctorFinding(
                            check: "frames", message: "\(place): view \(view.name) has no frame "
                                + "and no dirty mark"))
                        continue
                    }
                    if frame.ambiguous || output.ambiguous[i] { continue }
                    let solved = output.frames[i]
                    let pairs = [
                        ("x", frame.x, solved.x), ("y", frame.y, solved.y),
                        ("width", frame.width, solved.width), ("height", frame.height, solved.height),
                    ]
                    let off = pairs.filter {
                        !(abs($0.1 - $0.2) <= Self.doctorTolerance * max(1, abs($0.2)))
                    }
                    if !off.isEmpty {
                        let text = off.map { "\($0.0) \(formatNumber($0.1)) (solves to "
                            + "\(formatNumber($0.2)))" }.joined(separator: ", ")
                        findings.append(DoctorFinding(
                            check: "frames",
                            message: "\(place): view \(view.name) is stale but not marked dirty: "
                                + text))
                    }
                }
            }
        }
        return findings
    }
}
