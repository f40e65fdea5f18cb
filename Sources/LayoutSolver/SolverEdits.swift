/// What the solver keeps about changes made from outside: the edit variables (each with
/// the optional equality that ``Solver/suggestValue(_:_:)`` moves) and the required
/// equalities whose constant has been changed while they sat in a core.
///
/// Invariants, kept here and nowhere else:
/// - a variable has at most one edit constraint;
/// - an equality once edited stays edited: its core keeps a marker for it from then on
///   (also when the core is rebuilt), so that the next change is in place.
struct EditVariables {
    private var constraints: [Int32: ConstraintHandle] = [:]
    private var editedEqualities: Set<Int32> = []

    /// The edit constraint of `v`, if `v` is an edit variable.
    func constraint(of v: Variable) -> ConstraintHandle? { constraints[v.index] }

    /// Records `handle` as the edit constraint of `v`, which has none.
    mutating func add(_ handle: ConstraintHandle, for v: Variable) {
        precondition(constraints[v.index] == nil, "a variable has one edit constraint")
        constraints[v.index] = handle
    }

    /// Forgets `v` as an edit variable; its edit constraint, if it was one.
    mutating func remove(_ v: Variable) -> ConstraintHandle? {
        constraints.removeValue(forKey: v.index)
    }

    /// Whether any core equality has been edited (most systems: none).
    var hasEditedEqualities: Bool { !editedEqualities.isEmpty }

    /// Whether the required equality `c` has been edited in a core.
    func isEdited(_ c: Int32) -> Bool { editedEqualities.contains(c) }

    /// Records that the required equality `c` was edited in a core.
    mutating func recordEdited(_ c: Int32) { editedEqualities.insert(c) }
}
