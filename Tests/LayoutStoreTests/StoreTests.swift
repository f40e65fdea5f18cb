import Foundation
import Testing

@testable import LayoutSQLite
@testable import LayoutStore

/// Statements as a parser would produce them, each on its own line of `t.layout`.
func script(_ statements: [Statement]) -> [LocatedStatement] {
    statements.enumerated().map { index, statement in
        LocatedStatement(
            statement: statement,
            location: SourceLocation(file: "t.layout", line: index + 1, column: 1),
            text: "statement \(index + 1)")
    }
}

/// `a.attr == b.attr + constant` (or `a.attr == constant` without `b`).
func equation(
    _ a: String, _ attribute: Attribute, _ relation: Relation = .equal, _ b: String? = nil,
    _ other: Attribute? = nil, _ constant: Double = 0, label: String? = nil,
    priority: Priority = .required
) -> Statement {
    let rhs = b.map { [Term(view: $0, attribute: other ?? attribute)] } ?? []
    return .constraint(
        Constraint(
            label: label, lhs: LinearExpression(terms: [Term(view: a, attribute: attribute)]),
            relation: relation, rhs: LinearExpression(terms: rhs, constant: constant),
            priority: priority))
}

func view(_ name: String, in parent: String = "root", frame: Rect? = nil) -> Statement {
    .view(ViewDeclaration(name: name, parent: parent, frame: frame))
}

/// The header example of the format document.
let headerScript: [Statement] = [
    .canvas(Size(width: 375, height: 812)),
    view("header"),
    view("title", in: "header"),
    equation("header", .top, .equal, "root"),
    equation("header", .left, .equal, "root"),
    equation("header", .height, .equal, nil, nil, 70, label: "header.height"),
    equation("title", .centerY, .equal, "header"),
    equation("title", .height, .equal, nil, nil, 24, label: "title.height"),
    .variant(name: "compact", canvas: Size(width: 320, height: 568)),
    .variant(name: "tall", canvas: nil),
    .set(label: "header.height", constant: 44, variant: "compact"),
]

/// A project in a fresh temp file, with `statements` applied.
func makeStore(_ statements: [Statement] = headerScript) throws -> (ProjectStore, TempFile) {
    let file = TempFile()
    let store = try ProjectStore.open(path: file.path, create: true)
    try store.apply(script(statements))
    return (store, file)
}

@Suite("Store")
struct StoreTests {
    @Test("apply stores views in order with parents, constraints with terms, variants")
    func applyRoundTrip() throws {
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        let model = try store.loadLayout()
        #expect(model.canvas == Size(width: 375, height: 812))
        #expect(model.views.map(\.name) == ["root", "header", "title"])
        #expect(model.views.map(\.declaration.parent) == ["", "root", "header"])
        #expect(model.constraints.count == 5)
        let height = try #require(try store.constraint(labelled: "header.height"))
        #expect(height.constraint.constant == 70)
        #expect(height.constraint.lhs.terms == [Term(view: "header", attribute: .height)])
        #expect(height.constraint.origin == SourceLocation(file: "t.layout", line: 6, column: 1))
        #expect(height.constraint.source == "statement 6")
        let top = model.constraints[0].constraint
        #expect(top.rhs.terms == [Term(view: "root", attribute: .top)])
        #expect(model.variants.map(\.name) == ["compact", "tall"])
        let compact = try #require(model.variants.first)
        #expect(compact.canvas == Size(width: 320, height: 568))
        #expect(compact.overrides == [height.id!: 44])
        #expect(model.variants[1].canvas == nil)
        #expect(try store.layouts().map(\.name) == ["main"])
    }

    @Test("a stored constraint reads back equal to what was written, lhs constant included")
    func constraintFidelity() throws {
        let written = Constraint(
            label: "w",
            lhs: LinearExpression(terms: [Term(view: "a", attribute: .width)], constant: 2),
            relation: .lessOrEqual,
            rhs: LinearExpression(
                terms: [Term(view: "b", attribute: .width, coefficient: 0.5)], constant: 10),
            priority: Priority(333), isActive: false, source: "a.width + 2 <= b.width * 0.5 + 10",
            origin: SourceLocation(file: "x.layout", line: 9, column: 4))
        let (store, file) = try makeStore([view("a"), view("b"), .constraint(written)])
        defer { file.cleanup() }
        #expect(try store.constraint(labelled: "w")?.constraint == written)
        #expect(try store.listConstraints().map(\.constraint) == [written])
    }

    @Test("apply returns the ids it assigned, per layout, in statement order")
    func applyReturnsIDs() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let store = try ProjectStore.open(path: file.path, create: true)
        let first = try store.apply(script(headerScript))
        #expect(first.map(\.name) == ["main"])
        let main = try #require(first.first)
        #expect(main.createdLayout)
        let views = try store.views()
        #expect(main.viewIDs == Dictionary(uniqueKeysWithValues: views.map { ($0.name, $0.id) }))
        #expect(main.constraintIDs == (try store.listConstraints().map { $0.id! }))
        #expect(main.constraintIDs.count == 5)
        #expect(main.layoutID == (try store.loadLayout().id))
        #expect(try store.database.int64("PRAGMA foreign_keys") == 1)
        // Inside the caller's transaction the checks stay on (SQLite ignores the switch).
        try store.database.transaction {
            try store.apply(script([view("inner")]))
            #expect(try store.database.int64("PRAGMA foreign_keys") == 1)
        }

        let second = try store.apply(
            script([
                .layout("other"), view("x"), equation("x", .width, .equal, nil, nil, 3),
                .layout("main"), view("footer"), equation("footer", .height, .equal, nil, nil, 9),
                equation("footer", .top, .equal, "header", .bottom),
            ]))
        #expect(second.map(\.name) == ["other", "main"])
        #expect(second.map(\.createdLayout) == [true, false])
        #expect(Set(second[0].viewIDs.keys) == ["root", "x"])
        // Every view of the layout, not only the new one.
        #expect(Set(second[1].viewIDs.keys) == ["root", "header", "title", "inner", "footer"])
        let added = try store.listConstraints().suffix(2).map { $0.id! }
        #expect(second[1].constraintIDs == added)
        #expect(second[1].constraintIDs.allSatisfy { $0 > main.constraintIDs.last! })
        #expect(second[0].constraintIDs.count == 1)
    }

    @Test(
        "constraints written many to a statement read back in statement order, with their ids",
        arguments: [false, true])
    func heldConstraintRows(afterOtherRows: Bool) throws {
        let file = TempFile()
        defer { file.cleanup() }
        let store = try ProjectStore.open(path: file.path, create: true)
        if afterOtherRows {
            // Ids continue past the largest in the table, as SQLite's own would.
            try store.apply(script([.layout("first"), view("a"), equation("a", .width)]))
            try store.database.execute(
                """
                INSERT INTO constraints (id, layout_id, ordinal, relation, constant)
                VALUES (900, 1, 9, '==', 0)
                """)
        }
        // More than two statements' worth (32 rows each), and in between: a constraint
        // with a second term (its term row refers to its own row), a `set` of a label
        // just written (its override refers to the row), a second layout.
        var statements: [Statement] = [view("a"), view("b")]
        for i in 0..<40 {
            statements.append(equation("a", .width, .greaterOrEqual, nil, nil, Double(i)))
        }
        statements.append(
            .constraint(
                Constraint(
                    lhs: LinearExpression(terms: [
                        Term(view: "a", attribute: .width),
                        Term(view: "b", attribute: .width),
                    ]),
                    relation: .equal, rhs: .constant(100))))
        statements.append(equation("b", .height, .equal, nil, nil, 5, label: "b.height"))
        statements.append(.variant(name: "small", canvas: Size(width: 320, height: 480)))
        statements.append(.set(label: "b.height", constant: 7, variant: "small"))
        for i in 0..<30 {
            statements.append(equation("b", .left, .greaterOrEqual, "a", .left, Double(i)))
        }
        statements += [.layout("other"), view("x"), equation("x", .width, .equal, nil, nil, 3)]
        let applied = try store.apply(script(statements))

        let main = try #require(applied.first { $0.name == "main" })
        let listed = try store.listConstraints()
        #expect(main.constraintIDs == listed.map { $0.id! })
        #expect(main.constraintIDs.count == 72)
        #expect(zip(main.constraintIDs, main.constraintIDs.dropFirst()).allSatisfy { $0 + 1 == $1 })
        #expect(main.constraintIDs.first! == (afterOtherRows ? 901 : 1))
        let written = statements.compactMap { statement -> Constraint? in
            guard case .constraint(let c) = statement, c.lhs.terms.first?.view != "x" else {
                return nil
            }
            return c
        }
        #expect(listed.map(\.constraint.lhs) == written.map(\.lhs))
        #expect(listed.map(\.constraint.constant) == written.map(\.constant))
        #expect(listed.map(\.constraint.origin!.line) == Array(3...44) + Array(47...76))
        let termOwner = try store.database.int64("SELECT constraint_id FROM constraint_terms")
        #expect(termOwner == main.constraintIDs[40])
        let override = try store.database.int64("SELECT constraint_id FROM variant_constants")
        #expect(override == main.constraintIDs[41])
        let other = try #require(applied.first { $0.name == "other" })
        #expect(other.constraintIDs == [main.constraintIDs.last! + 1])
        #expect(try store.listConstraints(layout: "other").map { $0.id! } == other.constraintIDs)
    }

    @Test(
        "views and constraints written many at a time, beside a stack, a metric and a second layout",
        arguments: [false, true], [false, true])
    func heldViewRows(inTransaction: Bool, onThreads: Bool) throws {
        let file = TempFile()
        defer { file.cleanup() }
        let store = try ProjectStore.open(path: file.path, create: true)
        var statements: [Statement] = [.canvas(Size(width: 375, height: 812))]
        for i in 0..<100 {
            statements.append(view("v\(i)", in: i == 0 ? "root" : "v\(i - 1)"))
            statements.append(equation("v\(i)", .width, .equal, nil, nil, Double(i)))
            if i == 50 {
                statements.append(
                    .view(
                        ViewDeclaration(
                            name: "stack", parent: "v50", kind: .stack,
                            stack: StackArrangement(axis: .vertical, spacing: 4))))
                statements.append(.metric(name: "gap", value: 8))
            }
        }
        statements += [.layout("other"), view("x"), equation("x", .width, .equal, nil, nil, 3)]
        // Inside the caller's transaction, foreign keys are checked row by row: a
        // constraint row must not be written before its view's.
        var next = script(statements).makeIterator()
        func apply() throws -> [AppliedLayout] {
            try store.apply(onThreads: onThreads) { next.next() }
        }
        let applied =
            inTransaction ? try store.database.transaction { try apply() } : try apply()

        let main = try #require(applied.first { $0.name == "main" })
        let views = try store.views()
        #expect(
            views.map(\.name) == ["root"] + (0..<51).map { "v\($0)" } + ["stack"]
                + (51..<100).map { "v\($0)" })
        #expect(main.viewIDs == Dictionary(uniqueKeysWithValues: views.map { ($0.name, $0.id) }))
        #expect(zip(views, views.dropFirst()).allSatisfy { $0.id + 1 == $1.id })
        #expect(views.dropFirst().allSatisfy { !$0.declaration.parent.isEmpty })
        #expect(try store.database.int64("SELECT count(*) FROM stacks") == 1)
        let listed = try store.listConstraints()
        #expect(listed.map { $0.id! } == main.constraintIDs)
        #expect(listed.map(\.constraint.constant) == (0..<100).map(Double.init))
        #expect(try store.database.int64("PRAGMA foreign_key_check") == nil)
        let other = try #require(applied.first { $0.name == "other" })
        #expect(other.viewIDs["x"]! > views.last!.id)
    }

    @Test("a late error while rows are still being written leaves the project as it was")
    func lateErrorWithRowsInFlight() throws {
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        let counts =
            "SELECT (SELECT count(*) FROM views) * 1000000 + (SELECT count(*) FROM constraints)"
        let before = try store.database.int64(counts)
        var statements: [Statement] = []
        for i in 0..<500 {
            statements.append(view("w\(i)"))
            statements.append(equation("w\(i)", .height, .equal, nil, nil, 10))
        }
        statements.append(view("w7"))
        #expect(throws: StoreError.self) { try store.apply(script(statements)) }
        #expect(try store.database.int64(counts) == before)
        // The connection is usable again: the writer's thread is done with it.
        try store.apply(script([view("after")]))
        #expect(try store.views().map(\.name).contains("after"))
    }

    @Test("apply is all or nothing: a late error leaves the project as it was")
    func applyAllOrNothing() throws {
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        let db = store.database
        let counts =
            """
            SELECT (SELECT count(*) FROM views) * 1000000
                + (SELECT count(*) FROM constraints) * 1000 + (SELECT count(*) FROM variants)
            """
        let before = try db.int64(counts)
        let dirtyBefore = try store.dirtyMarks()
        #expect(throws: StoreError.self) {
            try store.apply(
                script([
                    view("footer"),
                    equation("footer", .height, .equal, nil, nil, 50, label: "footer.height"),
                    .layout("other"),
                    view("x"),
                    .layout("main"),
                    equation("footer", .top, .equal, "nowhere"),
                ]))
        }
        #expect(try db.int64(counts) == before)
        #expect(try store.layouts().map(\.name) == ["main"])
        #expect(try store.dirtyMarks() == dirtyBefore)
        // apply turns foreign-key checks and this connection's triggers off for its bulk
        // insert: both are back on after a failure (and a plain UPDATE fires again).
        #expect(try db.int64("PRAGMA foreign_keys") == 1)
        try store.clearDirty(variant: .base)
        try db.execute("UPDATE constraints SET constant = 71 WHERE label = 'header.height'")
        #expect(try store.dirtyMarks().contains { $0.variant == .base })
    }

    @Test("an unknown parent names line:col, the view and a suggestion")
    func unknownParent() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let store = try ProjectStore.open(path: file.path, create: true)
        let error = #expect(throws: StoreError.self) {
            try store.apply(script([view("header"), view("title", in: "haeder")]))
        }
        #expect(
            error
                == .unknownParent(
                    view: "title", parent: "haeder",
                    at: SourceLocation(file: "t.layout", line: 2, column: 1), suggestion: "header"))
        #expect(
            error?.description
                == "t.layout:2:1: view `title` names an unknown parent `haeder`; "
                + "did you mean `header`? (declare the parent first)")
        #expect(error?.errorKind == .badInput)
    }

    @Test("a duplicate view name in a layout is an error; other layouts may reuse it")
    func duplicateView() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let store = try ProjectStore.open(path: file.path, create: true)
        #expect(
            throws: StoreError.duplicateView(
                name: "a", layout: "main", at: SourceLocation(file: "t.layout", line: 2, column: 1),
                previous: SourceLocation(file: "t.layout", line: 1, column: 1))
        ) {
            try store.apply(script([view("a"), view("a")]))
        }
        try store.apply(script([view("a"), .layout("phone"), view("a")]))
        #expect(
            throws: StoreError.duplicateView(
                name: "root", layout: "main",
                at: SourceLocation(file: "t.layout", line: 1, column: 1),
                previous: nil)
        ) {
            try store.apply(script([view("root")]))
        }
        #expect(try store.views(layout: "phone").map(\.name) == ["root", "a"])
    }

    @Test("a duplicate label lists both origins; labels are unique per layout even in SQL")
    func duplicateLabel() throws {
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        let error = #expect(throws: StoreError.self) {
            try store.apply(
                script([equation("title", .width, .equal, nil, nil, 9, label: "header.height")]))
        }
        #expect(
            error
                == .duplicateLabel(
                    label: "header.height", layout: "main",
                    at: SourceLocation(file: "t.layout", line: 1, column: 1),
                    previous: SourceLocation(file: "t.layout", line: 6, column: 1)))
        #expect(error?.description.contains("first at t.layout:6:1") == true)
        // The partial unique index holds for plain SQL writers too.
        #expect(throws: DatabaseError.self) {
            try store.database.execute(
                "UPDATE constraints SET label = 'header.height' WHERE label = 'title.height'")
        }
        #expect(throws: StoreError.self) {
            try store.addConstraint(
                Constraint(
                    label: "title.height",
                    lhs: LinearExpression(terms: [Term(view: "title", attribute: .width)]),
                    relation: .equal, rhs: .constant(1)))
        }
    }

    @Test("a constraint on an unknown view says which and suggests a name")
    func unknownView() throws {
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        let error = #expect(throws: StoreError.self) {
            try store.apply(script([equation("titel", .width, .equal, nil, nil, 100)]))
        }
        #expect(
            error
                == .unknownView(
                    name: "titel", layout: "main",
                    at: SourceLocation(file: "t.layout", line: 1, column: 1), suggestion: "title"))
        #expect(error?.description.contains("did you mean `title`?") == true)
    }

    @Test("set needs a known label and a known variant")
    func setErrors() throws {
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        #expect(
            throws: StoreError.unknownLabel(
                label: "header.heigth", layout: "main",
                at: SourceLocation(file: "t.layout", line: 1, column: 1),
                suggestion: "header.height")
        ) {
            try store.apply(script([.set(label: "header.heigth", constant: 1, variant: nil)]))
        }
        #expect(
            throws: StoreError.unknownVariant(
                name: "compat", layout: "main",
                at: SourceLocation(file: "t.layout", line: 1, column: 1), suggestion: "compact")
        ) {
            try store.apply(script([.set(label: "header.height", constant: 1, variant: "compat")]))
        }
        #expect(
            throws: StoreError.unknownLabel(label: "nope", layout: "main", at: nil, suggestion: nil)
        ) {
            try store.setConstant(label: "nope", value: 3)
        }
        #expect(throws: StoreError.unknownLayout(name: "mian", suggestion: "main")) {
            try store.setConstant(label: "header.height", value: 3, layout: "mian")
        }
    }

    @Test("numbers the solver cannot use and the reserved variant name are refused")
    func badNumbersAndNames() throws {
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        let at = SourceLocation(file: "t.layout", line: 1, column: 1)
        // A script's numbers are the parser's to refuse (at their caret); what the store
        // takes from Swift it checks itself, by the same rule.
        let infinite = Constraint(
            label: nil, lhs: LinearExpression(terms: [Term(view: "title", attribute: .width)]),
            relation: .equal, rhs: LinearExpression(terms: [], constant: .infinity))
        let number = InvalidNumber(what: "a constant", value: .infinity, rule: .finite)
        #expect(throws: StoreError.invalidNumber(number, at: nil)) {
            try store.addConstraint(infinite)
        }
        #expect(throws: StoreError.self) {
            try store.createVariant("tall", canvas: Size(width: .nan, height: 3))
        }
        #expect(throws: StoreError.reservedVariantName(name: "base", at: at)) {
            try store.apply(script([.variant(name: "base", canvas: nil)]))
        }
        let negative = InvalidNumber(what: "a constant", value: -.infinity, rule: .finite)
        #expect(throws: StoreError.invalidNumber(negative, at: nil)) {
            try store.setConstant(label: "header.height", value: -.infinity)
        }
        #expect(throws: StoreError.self) {
            try store.setConstant(label: "header.height", value: .nan)
        }
        #expect(try store.constraint(labelled: "header.height")?.constraint.constant == 70)
    }

    @Test(
        "names with quotes, semicolons and SQL are refused by the naming rule, and looked up as data"
    )
    func hostileNames() throws {
        let evil = "x'); DROP TABLE views; --"
        let label = "l\"; DELETE FROM constraints; --"
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        let before = try store.views().map(\.name)
        let refusals: [([Statement], InvalidNameError)] = [
            ([view(evil)], InvalidNameError(kind: .view, name: evil)),
            ([view("ünï;cödé")], InvalidNameError(kind: .view, name: "ünï;cödé")),
            (
                [equation("title", .width, .equal, nil, nil, 5, label: label)],
                InvalidNameError(kind: .label, name: label)
            ),
            (
                [.layout("'; DROP TABLE layouts; --"), view("a")],
                InvalidNameError(kind: .layout, name: "'; DROP TABLE layouts; --")
            ),
            ([.metric(name: "m m", value: 1)], InvalidNameError(kind: .metric, name: "m m")),
            (
                [.variant(name: "iphone.se", canvas: nil)],
                InvalidNameError(kind: .variant, name: "iphone.se")
            ),
        ]
        for (statements, expected) in refusals {
            var located = expected
            located.location = SourceLocation(file: "t.layout", line: 1, column: 1)
            #expect(throws: located) { try store.apply(script(statements)) }
        }
        #expect(throws: InvalidNameError(kind: .variant, name: "375x812")) {
            try store.createVariant("375x812")
        }
        #expect(try store.views().map(\.name) == before)
        #expect(try store.layouts().map(\.name) == ["main"])
        // Lookups bind the text: an unknown name, never SQL.
        #expect(try store.constraint(labelled: label) == nil)
        #expect(throws: StoreError.self) { try store.setConstant(label: label, value: 6) }
        #expect(
            try store.database.int64(
                """
                SELECT count(*) FROM sqlite_schema
                WHERE name IN ('views', 'layouts', 'constraints')
                """
            ) == 3)
    }

    @Test("single edits: add, get, remove, priority, active, variants, metrics")
    func singleEdits() throws {
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        let id = try store.addConstraint(
            Constraint(
                label: "title.width",
                lhs: LinearExpression(terms: [Term(view: "title", attribute: .width)]),
                relation: .lessOrEqual,
                rhs: LinearExpression(
                    terms: [Term(view: "header", attribute: .width)], constant: -32)))
        #expect(try store.constraint(labelled: "title.width")?.id == id)
        try store.setPriority(label: "title.width", priority: .high)
        try store.setActive(label: "title.width", false)
        let stored = try #require(try store.constraint(labelled: "title.width"))
        #expect(stored.constraint.priority == .high)
        #expect(!stored.constraint.isActive)
        #expect(!(try store.loadLayout().constraints.contains { $0.id == id }))
        try store.removeConstraint(labelled: "title.width")
        #expect(try store.constraint(labelled: "title.width") == nil)
        #expect(throws: StoreError.self) { try store.removeConstraint(labelled: "title.width") }

        try store.createVariant("tablet", canvas: Size(width: 768, height: 1024))
        #expect(throws: StoreError.duplicateVariant(name: "tablet", layout: "main")) {
            try store.createVariant("tablet")
        }
        try store.setConstant(label: "header.height", value: 90, variant: "tablet")
        #expect(try store.variants().first { $0.name == "tablet" }?.overrides.values.first == 90)
        try store.resetConstant(variant: "tablet", label: "header.height")
        #expect(try store.variants().first { $0.name == "tablet" }?.overrides.isEmpty == true)
        try store.removeVariant("tablet")
        #expect(try store.variants().map(\.name) == ["compact", "tall"])

        try store.setMetric("gap", value: 8)
        try store.setMetric("gap", value: 12)
        #expect(try store.metrics().map(\.value) == [12])
    }
}
