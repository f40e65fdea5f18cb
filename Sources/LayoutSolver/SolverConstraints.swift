/// Every constraint's own state, by handle index, in parallel arrays: relation, constant
/// and priority as given, and the solver's bookkeeping (its role in its component's
/// tiers, the variable it defines, its position, its core and its component). The terms
/// are in ``TermTable``.
///
/// Invariants, kept here and nowhere else:
/// - indices are handles, never reused: a removed constraint stays, `dead`, and nothing
///   makes it live again;
/// - constraints are added in two steps: `append` stores what the caller gave, one
///   constraint at a time (each may still be refused: `removeAppended`), and `commit`
///   gives every appended constraint its bookkeeping at once. Between them the given
///   arrays are longer than the rest; `count` counts what is appended, `committed` the
///   rest, and the bookkeeping exists for committed constraints only;
/// - a forward or pendant constraint defines a variable and has a position in its
///   component's order; a core constraint has a core and a position in that core.
struct ConstraintTable {
    private var relations: [Relation] = []
    private var constants: [Double] = []
    private var priorities: [Double] = []
    private var roles: [Solver.ConstraintRole] = []
    /// Forward or pendant: the defined variable.
    private var defines: [Int32] = []
    /// Position in the component's forward or pendant order, or in its core.
    private var orders: [Int32] = []
    private var cores: [Int32] = []
    private var components: [Int32] = []

    /// The number of constraints appended, committed or not.
    var count: Int { relations.count }

    /// The number of committed constraints: those with bookkeeping.
    var committed: Int { roles.count }

    // MARK: Adding

    /// Room for `count` more constraints, in the arrays `append` fills one at a time: a
    /// batch of 100k grows each once.
    mutating func reserve(_ count: Int) {
        let n = relations.count + count
        grow(&relations, n)
        grow(&constants, n)
        grow(&priorities, n)
    }

    /// Stores a constraint as given; it is not part of the system until `commit`.
    @inline(__always) mutating func append(
        relation: Relation, constant: Double, priority: Double
    ) {
        relations.append(relation)
        constants.append(constant)
        priorities.append(priority)
    }

    /// Undoes `append` of the uncommitted constraints from index `first` on.
    mutating func removeAppended(from first: Int) {
        precondition(first >= committed, "committed constraints are never removed")
        guard first < count else { return }
        relations.removeSubrange(first...)
        constants.removeSubrange(first...)
        priorities.removeSubrange(first...)
    }

    /// Gives every appended constraint its bookkeeping, unassigned and in no component;
    /// the range of their indices.
    mutating func commit() -> Range<Int> {
        let first = committed
        let n = count - first
        // One `append(contentsOf:)` per array: one capacity and uniqueness check each,
        // not one per constraint.
        roles.append(contentsOf: repeatElement(.unassigned, count: n))
        defines.append(contentsOf: repeatElement(-1, count: n))
        orders.append(contentsOf: repeatElement(-1, count: n))
        cores.append(contentsOf: repeatElement(-1, count: n))
        components.append(contentsOf: repeatElement(-1, count: n))
        return first..<count
    }

    // MARK: Reading

    @inline(__always) subscript(relation c: Int) -> Relation { relations[c] }

    @inline(__always) subscript(constant c: Int) -> Double { constants[c] }

    @inline(__always) subscript(priority c: Int) -> Double { priorities[c] }

    @inline(__always) subscript(role c: Int) -> Solver.ConstraintRole { roles[c] }

    /// The variable a forward or pendant constraint defines.
    @inline(__always) subscript(defines c: Int) -> Int32 { defines[c] }

    /// The position in its component's forward or pendant order, or in its core.
    @inline(__always) subscript(order c: Int) -> Int32 { orders[c] }

    /// The core of a core constraint.
    @inline(__always) subscript(core c: Int) -> Int32 { cores[c] }

    /// The component, or -1 (a constraint without terms belongs to none).
    @inline(__always) subscript(component c: Int) -> Int32 { components[c] }

    /// Whether `c` names a constraint in the system (committed and not removed).
    @inline(__always) func isLive(_ c: Int) -> Bool {
        c >= 0 && c < committed && roles[c] != .dead
    }

    /// A required equality: the only kind that defines a variable.
    @inline(__always) func isRequiredEquality(_ c: Int) -> Bool {
        relations[c] == .equal && priorities[c] >= 1000
    }

    // MARK: Changing

    @inline(__always) mutating func setConstant(_ c: Int, _ value: Double) {
        constants[c] = value
    }

    @inline(__always) mutating func setPriority(_ c: Int, _ value: Double) {
        priorities[c] = value
    }

    /// Removes `c` for good: its handle is never reused.
    @inline(__always) mutating func kill(_ c: Int) { roles[c] = .dead }

    /// Puts `c` in component `id`, its role to be found (`unassigned`).
    @inline(__always) mutating func enter(_ c: Int, component id: Int32) {
        roles[c] = .unassigned
        components[c] = id
        cores[c] = -1
    }

    /// Marks `c` as a check: every variable it reads is determined elsewhere.
    @inline(__always) mutating func setCheck(_ c: Int) {
        precondition(roles[c] != .dead, "a removed constraint stays removed")
        roles[c] = .check
    }

    /// Records that `c` defines `v` (a `forward` or `pendant` role), at `position` in its
    /// component's order (-1 until the order is known: `setOrder`).
    @inline(__always) mutating func define(
        _ c: Int, as role: Solver.ConstraintRole, variable v: Int32, at position: Int32
    ) {
        precondition(
            role == .forward || role == .pendant, "only forward and pendant constraints define")
        roles[c] = role
        defines[c] = v
        orders[c] = position
    }

    /// The position of a forward or pendant constraint in its component's order.
    @inline(__always) mutating func setOrder(_ c: Int, _ position: Int32) {
        orders[c] = position
    }

    /// Places `c` in core `core` as its constraint number `position`.
    @inline(__always) mutating func place(_ c: Int, inCore core: Int32, at position: Int32) {
        roles[c] = .core
        orders[c] = position
        cores[c] = core
    }
}
