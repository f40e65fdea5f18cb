import Testing

@testable import LayoutStore

/// Constraints of every shape a model holds: labels, statement texts, origins, no id, a
/// component, several terms a side, a constant alone on one side, another layout.
private func samples() -> [StoredConstraint] {
    let here = SourceLocation(file: "home.layout", line: 12, column: 3)
    func term(_ view: String, _ attribute: Attribute, _ k: Double = 1) -> Term {
        Term(view: view, attribute: attribute, coefficient: k)
    }
    return [
        StoredConstraint(
            id: 1, layout: "main",
            constraint: Constraint(
                label: "header.height", lhs: LinearExpression(terms: [term("header", .height)]),
                relation: .equal, rhs: LinearExpression(constant: 44), origin: here)),
        StoredConstraint(
            id: 2, layout: "main",
            constraint: Constraint(
                lhs: LinearExpression(terms: [term("title", .left)], constant: 2),
                relation: .greaterOrEqual,
                rhs: LinearExpression(
                    terms: [term("header", .left), term("icon", .right, 0.5)], constant: 16),
                priority: .low, isActive: false, kind: .user, source: "title.left >= ...",
                origin: SourceLocation(file: "other.layout", line: 1, column: 40)),
            component: 7),
        StoredConstraint(
            id: nil, layout: "main",
            constraint: Constraint(
                lhs: LinearExpression(terms: [term("icon", .width)]), relation: .lessOrEqual,
                rhs: LinearExpression(terms: [term("icon", .height, 2)]), kind: .intrinsic)),
        StoredConstraint(
            id: 9, layout: "second",
            constraint: Constraint(
                lhs: LinearExpression(terms: [term("root", .safeTop)]), relation: .equal,
                rhs: LinearExpression(terms: [term("header", .top)], constant: -8),
                priority: Priority(rawValue: 751) ?? .high)),
    ]
}

private func packed(_ rows: [StoredConstraint]) -> StoredConstraints {
    var constraints = StoredConstraints.packed()
    constraints.reserveCapacity(rows.count)
    for row in rows { constraints.append(row) }
    return constraints
}

@Suite("A model's stored constraints")
struct StoredConstraintsTests {
    @Test("packed, every constraint reads back as it was appended, and equals its rows")
    func packedReadsBack() {
        let rows = samples()
        let constraints = packed(rows)
        #expect(Array(constraints) == rows)
        #expect(constraints == StoredConstraints(rows))
        #expect(constraints.hashValue == StoredConstraints(rows).hashValue)
        #expect(constraints != StoredConstraints(Array(rows.dropLast())))
    }

    @Test("a change to one packed constraint changes it alone, whatever its new terms")
    func packedChangesInPlace() {
        var rows = samples()
        var constraints = packed(rows)
        // Fewer terms (where the old ones were), then more (at the end), then other fields.
        constraints[1].constraint.rhs.terms.removeLast()
        rows[1].constraint.rhs.terms.removeLast()
        constraints[0].constraint.lhs.terms.append(
            Term(view: "badge", attribute: .centerX, coefficient: -1))
        rows[0].constraint.lhs.terms.append(
            Term(view: "badge", attribute: .centerX, coefficient: -1))
        constraints[2].constraint.constant = 30
        rows[2].constraint.constant = 30
        constraints[3].constraint.label = "gap"
        constraints[3].component = 2
        constraints[1].constraint.label = nil
        constraints[1].component = nil
        rows[3].constraint.label = "gap"
        rows[3].component = 2
        rows[1].constraint.label = nil
        rows[1].component = nil
        #expect(Array(constraints) == rows)
    }

    @Test("the engine lets go of row terms, and leaves packed ones where they are")
    func releasingTerms() {
        let rows = samples()
        var fromRows = EngineConstraints(stored: StoredConstraints(rows))
        var fromPacked = EngineConstraints(stored: packed(rows))
        fromRows.releaseTerms(at: 1)
        fromPacked.releaseTerms(at: 1)
        #expect(fromRows[1].lhs.terms.isEmpty && fromRows[1].rhs.terms.isEmpty)
        #expect(fromPacked[1] == rows[1].constraint)
        #expect(fromRows[0] == rows[0].constraint)
    }
}
