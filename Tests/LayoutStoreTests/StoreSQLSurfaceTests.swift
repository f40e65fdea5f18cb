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
        try store.database.transaction {
            try store.writeComponents(
                views: [id["header"]!: [1, 1, 1, 1], id["title"]!: [2, 2, 2, 2]])
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

    @Test("plain UPDATE of active or priority and DELETE mark the constraint's component")
    func structureTriggers() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        let titleComponent = ["base 2", "compact 2", "tall 2"]
        func marks() throws -> [String] {
            try store.dirtyMarks().map { "\($0.variant) \($0.component ?? -1)" }
        }
        func clear() throws {
            for v in [VariantRef.base, .named("compact"), .named("tall")] {
                try store.clearDirty(variant: v)
            }
        }
        try store.database.execute(
            "UPDATE constraints SET priority = 10 WHERE label = 'title.height'")
        #expect(try marks() == titleComponent)
        try clear()
        try store.database.execute("UPDATE constraints SET active = 0 WHERE label = 'title.height'")
        #expect(try marks() == titleComponent)
        try clear()
        try store.database.execute("UPDATE constraints SET active = 1 WHERE label = 'title.height'")
        try clear()
        try store.database.execute("DELETE FROM constraints WHERE label = 'title.height'")
        #expect(try marks() == titleComponent)
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
    }

    @Test("plain SQL marks as precisely as the store's edits; nothing silences the triggers")
    func plainSQLMarksLikeStoreEdits() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        let db = store.database
        func marks() throws -> [String] {
            try store.dirtyMarks().map { "\($0.variant) \($0.component ?? -1)" }.sorted()
        }
        func clear() throws {
            for v in [VariantRef.base, .named("compact"), .named("tall")] {
                try store.clearDirty(variant: v)
            }
        }
        let everyVariant = { (component: Int) in
            ["base \(component)", "compact \(component)", "tall \(component)"]
        }
        try db.execute(
            "UPDATE constraints SET active = 0 WHERE label IN ('title.height', 'header.height')")
        try clear()
        // An inactive constraint's priority or removal does not change any frame.
        try db.execute("UPDATE constraints SET priority = 400 WHERE label = 'title.height'")
        try db.execute("DELETE FROM constraints WHERE label = 'header.height'")
        #expect(db.changes == 1)
        #expect(try marks() == [])
        // Activating: the components of the views it joins, as `activate` marks them.
        try db.execute("UPDATE constraints SET active = 1 WHERE label = 'title.height'")
        #expect(try marks() == everyVariant(2))
        // There is no switch left that silences the triggers.
        #expect(
            try db.int64("SELECT count(*) FROM sqlite_master WHERE name = 'store_state'") == 0)
    }

    @Test(
        "plain SQL on the vocabulary's columns marks the layout, the variant or the view's components dirty"
    )
    func vocabularyColumnsMarkDirty() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        let db = store.database
        func marks() throws -> [String] {
            try store.dirtyMarks().map { "\($0.variant) \($0.component ?? -1)" }.sorted()
        }
        func clear() throws {
            for v in [VariantRef.base, .named("compact"), .named("tall")] {
                try store.clearDirty(variant: v)
            }
        }
        let wholeLayout = ["base -1", "compact -1", "tall -1"]
        for sql in [
            "UPDATE layouts SET safe_top = 47",
            "UPDATE layouts SET direction = 'rtl'",
            "UPDATE constraints SET lhs_anchor = 'margins.left' WHERE label = 'title.height'",
        ] {
            try clear()
            try db.execute(sql)
            #expect(try marks() == wholeLayout, "\(sql)")
        }
        // A view's row marks the components of the view, its parent and its subviews, in
        // every variant, not the whole layout.
        for sql in [
            "UPDATE views SET margin_left = 20 WHERE name = 'header'",
            "UPDATE views SET baseline_first = 12 WHERE name = 'title'",
            "UPDATE views SET hug_vertical = 300 WHERE name = 'title'",
        ] {
            try clear()
            try db.execute(sql)
            let marked = try marks()
            #expect(!marked.isEmpty && !marked.contains { $0.hasSuffix(" -1") }, "\(sql)")
            #expect(
                Set(marked.map { $0.prefix { $0 != " " } }) == ["base", "compact", "tall"],
                "\(sql)")
        }
        try clear()
        try db.execute("UPDATE variants SET safe_bottom = 21 WHERE name = 'compact'")
        #expect(try marks() == ["compact -1"])
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

    @Test("updateFrames rewrites rows it finds and inserts the ones it does not")
    func updateFramesRewritesAndInserts() throws {
        let (store, file) = try solvedStore()
        defer { file.cleanup() }
        let id = Dictionary(uniqueKeysWithValues: try store.views().map { ($0.name, $0.id) })
        let header = try #require(id["header"])
        let title = try #require(id["title"])
        try store.database.execute("DELETE FROM frames WHERE view_id = ?", [title])
        let moved = SolvedFrame(x: 1, y: 2, width: 3, height: 4)
        let placed = SolvedFrame(x: 5, y: 6, width: 7, height: 8, ambiguous: true)
        try store.updateFrames(variant: .base, frames: [header: moved, title: placed])
        let stored = try store.storedFrames(layout: "main", variant: .base, viewIDs: nil)
        #expect(stored[header] == moved)
        #expect(stored[title] == placed)
    }

    @Test("a constraint's component is its first non-root term's, by attribute column")
    func derivedComponent() throws {
        let (store, file) = try makeStore([
            view("a"), view("b"),
            equation("root", .left, .equal, "a", .right, 0, label: "right"),
            equation("a", .bottom, .equal, "b", .top, -8, label: "bottom"),
            equation("b", .width, .equal, nil, nil, 10, label: "width"),
            equation("b", .centerX, .equal, "a", .centerX, 0, label: "centerX"),
            equation("root", .width, .greaterOrEqual, nil, nil, 1, label: "rootOnly"),
            .variant(name: "compact", canvas: nil),
        ])
        defer { file.cleanup() }
        let id = Dictionary(uniqueKeysWithValues: try store.views().map { ($0.name, $0.id) })
        // left/right/centerX → comp_left, top/bottom/centerY → comp_top, sizes their own.
        try store.writeComponents(views: [id["a"]!: [1, 2, 3, 4], id["b"]!: [5, 2, 6, 7]])
        let byLabel = Dictionary(
            uniqueKeysWithValues: try store.listConstraints().map {
                ($0.constraint.label!, $0.component)
            })
        #expect(
            byLabel == [
                "right": 1, "bottom": 2, "width": 6, "centerX": 5, "rootOnly": nil,
            ])
        let sql = try store.database.cachedStatement(
            """
            SELECT c.label, cc.component FROM constraint_components cc
            JOIN constraints c ON c.id = cc.constraint_id
            """
        ).rows { ($0.string(0), $0.optionalInt(1)) }
        #expect(Dictionary(uniqueKeysWithValues: sql) == byLabel)
        let partial = try store.loadLayout(components: [6])
        #expect(partial.constraints.map(\.constraint.label) == ["width"])
        #expect(partial.views.map(\.name) == ["root", "b"])

        // A plain UPDATE marks exactly that component, and only its views go stale.
        for variant in [VariantRef.base, .named("compact")] {
            try store.writeFrames(
                variant: variant,
                frames: Dictionary(
                    uniqueKeysWithValues: id.values.map {
                        ($0, SolvedFrame(x: 0, y: 0, width: 1, height: 1))
                    }))
            try store.clearDirty(variant: variant)
        }
        try store.database.execute("UPDATE constraints SET constant = 12 WHERE label = 'width'")
        #expect(
            try store.dirtyMarks().map { "\($0.variant) \($0.component ?? -1)" }
                == ["base 6", "compact 6"])
        let stale = try store.database.cachedStatement(
            "SELECT view FROM solved_frames WHERE variant = 'base' AND stale = 1"
        ).rows { $0.string(0) }
        #expect(stale == ["b"])
        // Root terms only: no component, the whole layout.
        try store.clearDirty(variant: .base)
        try store.database.execute(
            "UPDATE constraints SET constant = 2 WHERE label = 'rootOnly'")
        #expect(try store.dirtyMarks().filter { $0.variant == .base }.map(\.component) == [nil])
    }

    @Test("constraint_terms_all shows inline and extra terms to plain SQL")
    func termsAllView() throws {
        let threeTerms = Constraint(
            label: "sum",
            lhs: LinearExpression(
                terms: [
                    Term(view: "a", attribute: .width), Term(view: "b", attribute: .width),
                ]),
            relation: .equal,
            rhs: LinearExpression(
                terms: [
                    Term(view: "root", attribute: .width, coefficient: 0.5),
                    Term(view: "c", attribute: .left, coefficient: -2),
                ], constant: 4))
        let (store, file) = try makeStore([
            view("a"), view("b"), view("c"), .constraint(threeTerms),
            equation("a", .height, .equal, nil, nil, 20, label: "h"),
        ])
        defer { file.cleanup() }
        let rows = try store.database.cachedStatement(
            """
            SELECT c.label, t.side, t.position, t.view, t.attribute, t.coefficient
            FROM constraint_terms_all t JOIN constraints c ON c.id = t.constraint_id
            ORDER BY c.ordinal, t.side, t.position
            """
        ).rows {
            "\($0.string(0)) \($0.string(1)) \($0.int(2)) \($0.string(3)).\($0.string(4)) "
                + formatNumber($0.double(5))
        }
        #expect(
            rows == [
                "sum lhs 0 a.width 1", "sum lhs 1 b.width 1", "sum rhs 0 root.width 0.5",
                "sum rhs 1 c.left -2", "h lhs 0 a.height 1",
            ])
        // Only the extra terms are rows of constraint_terms.
        #expect(try store.database.int64("SELECT count(*) FROM constraint_terms") == 2)
        var expected = threeTerms
        expected.source = "statement 4"
        expected.origin = SourceLocation(file: "t.layout", line: 4, column: 1)
        #expect(try store.constraint(labelled: "sum")?.constraint == expected)
        #expect(try store.loadLayout().constraints.first?.constraint == expected)
        // Editing an extra term by hand re-solves the layout.
        try store.clearDirty(variant: .base)
        try store.database.execute("UPDATE constraint_terms SET coefficient = 3")
        #expect(try store.dirtyMarks().map(\.component) == [nil])
        try store.clearDirty(variant: .base)
        try store.database.execute("UPDATE constraints SET lhs_coefficient = 2 WHERE label = 'h'")
        #expect(try store.dirtyMarks().map(\.component) == [nil])
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
