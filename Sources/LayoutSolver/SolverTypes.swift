/// A variable of a ``Solver``, created by ``Solver/makeVariable()``.
public struct Variable: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Dense index, from one counter per solver.
    public let index: Int32

    init(_ index: Int32) { self.index = index }

    public static func < (a: Variable, b: Variable) -> Bool { a.index < b.index }
    public var description: String { "v\(index)" }
}

/// `coefficient × variable`.
public struct LinearTerm: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear constraint for the solver: `Σ terms relation constant @ priority`.
///
///     // x.left + x.width <= 320
///     SolverConstraint([LinearTerm(left), LinearTerm(width)], .lessOrEqual, 320)
public struct SolverConstraint: Hashable, Sendable {
    public var terms: [LinearTerm]
    public var relation: Relation
    public var constant: Double
    public var priority: Priority

    public init(
        _ terms: [LinearTerm], _ relation: Relation, _ constant: Double,
        priority: Priority = .required
    ) {
        self.terms = terms
        self.relation = relation
        self.constant = constant
        self.priority = priority
    }
}

/// The solver's handle of an added constraint.
public struct ConstraintHandle: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let index: Int32
    init(_ index: Int32) { self.index = index }
    public static func < (a: ConstraintHandle, b: ConstraintHandle) -> Bool { a.index < b.index }
    public var description: String { "c\(index)" }
}

/// Why the solver refused an operation. After any of these the solver is exactly as it
/// was before the call.
public enum SolverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Required constraints cannot all hold. `conflicts` are the required constraints
    /// that take part (sorted), including the one(s) being added or changed.
    case unsatisfiable(conflicts: [ConstraintHandle])
    /// The handle is not (or no longer) in this solver.
    case unknownConstraint(ConstraintHandle)
    /// The variable was not made by this solver.
    case unknownVariable(Variable)
    /// ``Solver/addEditVariable(_:priority:)`` for a variable that already is one.
    case duplicateEditVariable(Variable)
    /// ``Solver/suggestValue(_:_:)`` or removal for a variable that is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables are optional: a required edit would fight every other constraint.
    case requiredEditPriority

    public var description: String {
        switch self {
        case .unsatisfiable(let conflicts):
            "unsatisfiable required constraints: \(conflicts.map(\.description).joined(separator: ", "))"
        case .unknownConstraint(let h): "unknown constraint \(h)"
        case .unknownVariable(let v): "unknown variable \(v)"
        case .duplicateEditVariable(let v): "\(v) is already an edit variable"
        case .unknownEditVariable(let v): "\(v) is not an edit variable"
        case .requiredEditPriority: "an edit variable's priority must be below 1000"
        }
    }
}

/// One tolerance for "is zero" across the solver: values are points on a screen.
@inline(__always) func nearZero(_ x: Double) -> Bool { abs(x) < 1e-8 }
