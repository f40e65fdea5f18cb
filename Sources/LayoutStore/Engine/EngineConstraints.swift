import LayoutScript

/// The constraints of an ``EngineInput``: an array of its own, or a model's stored
/// constraints read where they are.
///
/// A layout's base is solved from its model's constraints as they are: copied into an
/// array of their own, a million-view layout's 4.6M constraints were 550 MB beside the
/// model's, at the peak of a first apply.
package struct EngineConstraints: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    private enum Storage: Sendable {
        case own([Constraint])
        case stored(StoredConstraints)
    }

    private var storage: Storage

    package init(_ constraints: [Constraint]) {
        storage = .own(constraints)
    }

    /// `stored`'s constraints, shared with the caller's collection until one of them
    /// changes.
    package init(stored: StoredConstraints) {
        storage = .stored(stored)
    }

    package init(arrayLiteral constraints: Constraint...) {
        storage = .own(constraints)
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .own(let constraints): constraints.count
        case .stored(let constraints): constraints.count
        }
    }

    package subscript(position: Int) -> Constraint {
        get {
            switch storage {
            case .own(let constraints): constraints[position]
            case .stored(let constraints): constraints.constraint(at: position)
            }
        }
        set {
            // The payload is taken out before it changes, so that a unique array changes
            // in place rather than being copied.
            switch storage {
            case .own(var constraints):
                storage = .own([])
                constraints[position] = newValue
                storage = .own(constraints)
            case .stored(var constraints):
                storage = .own([])
                constraints[position].constraint = newValue
                storage = .stored(constraints)
            }
        }
    }

    /// The names packed constraints' terms refer to; nil where the constraints are not a
    /// model's packed ones (``StoredConstraints/packed()``).
    package var packedNames: [String]? {
        guard case .stored(let constraints) = storage else { return nil }
        return constraints.packedNames
    }

    /// What a solve reads of constraint `position` where it is packed; nil where it is not.
    package func packedConstraint(at position: Int) -> PackedConstraint? {
        guard case .stored(let constraints) = storage else { return nil }
        return constraints.packedConstraint(at: position)
    }

    /// Lets go of constraint `position`'s terms once the engine has them: as arrays of
    /// their own they are hundreds of megabytes at a million views; packed ones
    /// (``StoredConstraints/packed()``) take no memory of their own and stay.
    package mutating func releaseTerms(at position: Int) {
        switch storage {
        case .own(var constraints):
            storage = .own([])
            constraints[position].lhs.terms = []
            constraints[position].rhs.terms = []
            storage = .own(constraints)
        case .stored(var constraints):
            storage = .own([])
            constraints.releaseTerms(at: position)
            storage = .stored(constraints)
        }
    }
}
