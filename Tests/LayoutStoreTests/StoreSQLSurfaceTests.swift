import Foundation
import Testing

@testable import LayoutStore

/// The SQL contract: views queried with plain SQL, triggers fired by plain SQL.
@Suite("Store SQL surface")
struct StoreSQLSurfaceTests {
    /// Solves the header example by hand: components 1 (header) and 2 (title), frames.
    func solvedStore() throws -> (ProjectStore, TempFile) {
        let (store, file) = try makeStore()
        let views = try store.views()
        let id = Dictionary(uniqueKeysWithValues: views.map { ($0.name, $0.id) })
        let constraints = try store.listConstraints()
        try store.database.transaction {
            try store.writeComponents(
                views: [id["header"]!: [1, 1, 1, 1], id["title"]!: [2, 2, 2, 2]],
                constraints: Dictionary(
                    uniqueKeysWithValues: constraints.map {
                        ($0.id!, $0.constraint.views.contains("title") ? 2 : 1)
                    }))
            for variant in [VariantRef.base, .named("compact"), .named("tall")] {
                try store.writeFrames(
                    variant: variant,
                    frames: [
                        id["root"]!: SolvedFrame(x: 0, y: 0, width: 375, height: 812),
                        id["header"]!: SolvedFrame(x: 10, y: 20, width: 375, height: 70),
                        id["title"]!: SolvedFrame(x: 30, y: 43, width: 100, height: 24),
                    ])
                try store.clearDirty(variant: variant)
            }
        }
        return (store, file)
    }

    @Test("solved_frames: root and parent-relative coordinates, edges, stale = 0 once solved")
    func solvedFrames() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        let row = try store.database.makeStatement(
            """
            SELECT parent, x, y, rel_x, rel_y, min_x, mid_x, max_x, min_y, mid_y, max_y, stale
            FROM solved_frames WHERE layout = 'main' AND variant = 'base' AND view = 'title'
            """)
        #expect(try row.step())
        #expect(row.string(0) == "header")
        #expect(
            (1...10).map { row.double(Int32($0)) } == [30, 43, 20, 23, 30, 80, 130, 43, 55, 67])
        #expect(row.int(11) == 0)
        #expect(
            try store.database.int64(
                "SELECT count(*) FROM solved_frames WHERE variant = 'compact'") == 3)
        // A moved parent moves the children's offsets with it: computed, never stored.
        try store.database.execute(
            "UPDATE frames SET x = 0 WHERE view_id = (SELECT id FROM views WHERE name = 'header')")
        #expect(
            try store.database.int64(
                "SELECT rel_x FROM solved_frames WHERE view = 'title' AND variant = 'base'") == 30)
    }

    @Test("named_constraints shows labelled constraints with their base constant")
    func namedConstraints() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        let rows = try store.database.cachedStatement(
            """
            SELECT label, relation, constant, priority, active, source FROM named_constraints
            WHERE layout = 'main' ORDER BY label
            """
        ).rows {
            "\($0.string(0)) \($0.string(1)) \(formatNumber($0.double(2))) "
                + "\(formatNumber($0.double(3))) \($0.int(4)) \($0.string(5))"
        }
        // The compact override (44) does not show: the base constant is 70.
        #expect(
            rows == [
                "header.height == 70 1000 1 statement 6",
                "title.height == 24 1000 1 statement 8",
            ])
    }

    @Test("plain UPDATE of a constant marks its component for base and non-overriding variants")
    func constantTrigger() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        #expect(try store.dirtyMarks().isEmpty)
        try store.database.execute(
            "UPDATE constraints SET constant = 80 WHERE label = 'header.height'")
        let marks = try store.dirtyMarks().map { "\($0.variant) \($0.component ?? -1)" }
        // compact overrides header.height: a base edit cannot change it.
        #expect(marks == ["base 1", "tall 1"])
        let stale = try store.database.cachedStatement(
            "SELECT variant, view, stale FROM solved_frames ORDER BY variant, view"
        ).rows { "\($0.string(0)) \($0.string(1)) \($0.int(2))" }
        #expect(
            stale == [
                "base header 1", "base root 0", "base title 0",
                "compact header 0", "compact root 0", "compact title 0",
                "tall header 1", "tall root 0", "tall title 0",
            ])
        // The same value again is no change and marks nothing new.
        try store.clearDirty(variant: .base)
        try store.database.execute(
            "UPDATE constraints SET constant = 80 WHERE label = 'header.height'")
        #expect(try store.dirtyMarks().map(\.variant) == [.named("tall")])
    }

    @Test("plain UPDATE of active or priority, INSERT and DELETE mark the whole layout")
    func structureTriggers() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        let whole = ["base -1", "compact -1", "tall -1"]
        func marks() throws -> [String] {
            try store.dirtyMarks().map { "\($0.variant) \($0.component ?? -1)" }
        }
        func clear() throws {
            for v in [VariantRef.base, .named("compact"), .named("tall")] {
                try store.clearDirty(variant: v)
            }
        }
        try store.database.execute("UPDATE constraints SET active = 0 WHERE label = 'title.height'")
        #expect(try marks() == whole)
        try clear()
        try store.database.execute(
            "UPDATE constraints SET priority = 10 WHERE label = 'title.height'")
        #expect(try marks() == whole)
        try clear()
        try store.database.execute("DELETE FROM constraints WHERE label = 'title.height'")
        #expect(try marks() == whole)
        try clear()
        try store.database.execute("UPDATE layouts SET canvas_width = 400")
        // compact has its own canvas: only base and the inheriting variant are affected.
        #expect(try marks() == ["base -1", "tall -1"])
        try clear()
        try store.database.execute("UPDATE variants SET canvas_height = 600 WHERE name = 'compact'")
        #expect(try marks() == ["compact -1"])
    }

    @Test("a variant override marks only that variant's component")
    func variantOverrideTrigger() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        try store.setConstant(label: "title.height", value: 30, variant: "tall")
        #expect(
            try store.dirtyMarks() == [
                DirtyMark(variant: .named("tall"), variantID: 2, component: 2)
            ])
        try store.clearDirty(variant: .named("tall"))
        try store.resetConstant(variant: "tall", label: "title.height")
        #expect(try store.dirtyMarks().map(\.variant) == [.named("tall")])
    }

    @Test("store edits mark components precisely; apply marks the layout wholly")
    func storeEditMarks() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        try store.setPriority(label: "title.height", priority: Priority(500))
        #expect(try store.dirtyMarks().map(\.component) == [2, 2, 2])
        for v in [VariantRef.base, .named("compact"), .named("tall")] {
            try store.clearDirty(variant: v)
        }
        // A constraint between header and title joins components 1 and 2.
        try store.addConstraint(
            Constraint(
                lhs: LinearExpression(terms: [Term(view: "title", attribute: .left)]),
                relation: .equal,
                rhs: LinearExpression(terms: [Term(view: "header", attribute: .left)], constant: 16)
            ))
        #expect(Set(try store.dirtyMarks().map(\.component)) == [1, 2])
        #expect(try store.database.int64("SELECT quiet FROM store_state") == 0)
    }

    @Test("writeFrames writes only changed rows; loadLayout filters by component")
    func framesAndComponents() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        let id = Dictionary(uniqueKeysWithValues: try store.views().map { ($0.name, $0.id) })
        let written = try store.writeFrames(
            variant: .base,
            frames: [
                id["header"]!: SolvedFrame(x: 10, y: 20, width: 375, height: 70),
                id["title"]!: SolvedFrame(x: 30, y: 43, width: 120, height: 24),
            ])
        #expect(written == 1)
        let partial = try store.loadLayout(components: [2])
        #expect(partial.views.map(\.name) == ["root", "title"])
        #expect(partial.constraints.map(\.constraint.label) == [nil, "title.height"])
        #expect(partial.views.last?.components == [2, 2, 2, 2])
    }

    @Test("intrinsic sizes show as generated constraints in all_constraints and list")
    func intrinsicConstraints() throws {
        let (store, file) = try makeStore([
            .view(
                ViewDeclaration(
                    name: "label",
                    intrinsic: IntrinsicSize(width: 120, height: nil, hug: Priority(251))))
        ])
        defer { file.cleanup() }
        let rows = try store.database.cachedStatement(
            "SELECT kind, source FROM all_constraints WHERE layout = 'main' ORDER BY source"
        ).rows { "\($0.string(0)): \($0.string(1))" }
        #expect(
            rows == ["intrinsic: label.width <= 120 @ 251", "intrinsic: label.width >= 120 @ 750"])
        let listed = try store.listConstraints(includeGenerated: true)
        #expect(
            listed.map(\.constraint.source) == [
                "label.width <= 120 @ 251", "label.width >= 120 @ 750",
            ])
        #expect(listed.allSatisfy { $0.id == nil && $0.constraint.kind == .intrinsic })
        #expect(try store.views().last?.declaration.intrinsic?.hug == Priority(251))
    }
}
