/// Constraints to hand to ``Solver/add(_:)-(ConstraintBatch)`` in one go, stored flat.
///
/// An array of ``SolverConstraint`` holds one array of terms per constraint: one
/// allocation per constraint to make the input and one free once the solver has copied
/// it. A batch keeps every term in one array and allocates nothing per constraint once
/// its capacity is reserved.
///
///     var batch = ConstraintBatch()
///     batch.appendTerm(right)
///     batch.appendTerm(left, -1)
///     batch.appendTerm(width, -1)
///     batch.endConstraint(.equal, 0)  // right == left + width
///     batch.append(SolverConstraint([LinearTerm(width)], .greaterOrEqual, 44))
///     let handles = try solver.add(batch)  // handles[i] is the i-th constraint's
public struct ConstraintBatch: Sendable {
    var termVariables: [Int32] = []
    var termCoefficients: [Double] = []
    /// Per constraint, where its terms end in the term arrays (they start where the
    /// previous constraint's end).
    var termEnds: [Int32] = []
    var relations: [Relation] = []
    var constants: [Double] = []
    var priorities: [Double] = []

    public init() {}

    /// An empty batch with room for `constraints` constraints of `terms` terms in all.
    public init(reservingConstraints constraints: Int, terms: Int) {
        termVariables.reserveCapacity(terms)
        termCoefficients.reserveCapacity(terms)
        termEnds.reserveCapacity(constraints)
        relations.reserveCapacity(constraints)
        constants.reserveCapacity(constraints)
        priorities.reserveCapacity(constraints)
    }

    /// A batch of these constraints, in order.
    public init(_ constraints: [SolverConstraint]) {
        var terms = 0
        for c in constraints { terms += c.terms.count }
        self.init(reservingConstraints: constraints.count, terms: terms)
        for c in constraints { append(c) }
    }

    /// The number of complete constraints (those ended by ``endConstraint(_:_:priority:)``).
    public var count: Int { relations.count }

    public var isEmpty: Bool { relations.isEmpty }

    /// Adds `coefficient × variable` to the constraint being built.
    public mutating func appendTerm(_ variable: Variable, _ coefficient: Double = 1) {
        termVariables.append(variable.index)
        termCoefficients.append(coefficient)
    }

    /// Completes the constraint being built: `Σ terms relation constant @ priority`, with
    /// the terms appended since the previous one ended (none is fine: `0 == 5` is a
    /// constraint the solver can refuse).
    public mutating func endConstraint(
        _ relation: Relation, _ constant: Double, priority: Priority = .required
    ) {
        termEnds.append(Int32(termVariables.count))
        relations.append(relation)
        constants.append(constant)
        priorities.append(priority.rawValue)
    }

    /// Appends a whole constraint.
    public mutating func append(_ constraint: SolverConstraint) {
        for t in constraint.terms { appendTerm(t.variable, t.coefficient) }
        endConstraint(constraint.relation, constraint.constant, priority: constraint.priority)
    }

    /// Whether terms were appended that no ``endConstraint(_:_:priority:)`` has closed.
    public var hasOpenConstraint: Bool { termVariables.count != Int(termEnds.last ?? 0) }

    /// Where constraint `i`'s terms are in the term arrays.
    @inline(__always) func terms(of i: Int) -> Range<Int> {
        (i == 0 ? 0 : Int(termEnds[i - 1]))..<Int(termEnds[i])
    }

    /// Constraint `i` as a value.
    public subscript(i: Int) -> SolverConstraint {
        SolverConstraint(
            terms(of: i).map { LinearTerm(Variable(termVariables[$0]), termCoefficients[$0]) },
            relations[i], constants[i], priority: Priority(priorities[i]))
    }
}
