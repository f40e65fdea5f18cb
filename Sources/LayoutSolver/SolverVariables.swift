/// Every variable's state, by index, in parallel arrays: its value, its role in its
/// component's tiers, what defines it, its tableau symbol and its component.
///
/// Invariants, kept here and nowhere else:
/// - the arrays have one element per variable made (`append`), and are never shortened;
/// - a forward or pendant variable's definer is the constraint that defines it; a core
///   variable's definer is its core's id and its symbol is its column in that core's
///   tableau; any other variable has neither (-1);
/// - a variable's component id is -1 or the component it was last placed in (`enter`).
struct VariableTable {
    private var values: [Double] = []
    private var roles: [Solver.VariableRole] = []
    private var definers: [Int32] = []
    private var symbols: [Int32] = []
    private var components: [Int32] = []

    /// The number of variables.
    var count: Int { values.count }

    /// `count` new variables: 0, unconstrained, in no component.
    mutating func append(_ count: Int) {
        // One `append(contentsOf:)` per array: one capacity and uniqueness check each.
        values.append(contentsOf: repeatElement(0, count: count))
        roles.append(contentsOf: repeatElement(.unconstrained, count: count))
        definers.append(contentsOf: repeatElement(-1, count: count))
        symbols.append(contentsOf: repeatElement(-1, count: count))
        components.append(contentsOf: repeatElement(-1, count: count))
    }

    // MARK: Reading

    /// The value of variable `v`, written in place.
    @inline(__always) subscript(value v: Int) -> Double {
        get { values[v] }
        set { values[v] = newValue }
    }

    @inline(__always) subscript(role v: Int) -> Solver.VariableRole { roles[v] }

    /// The constraint that defines a forward or pendant variable; the core of a core one.
    @inline(__always) subscript(definer v: Int) -> Int32 { definers[v] }

    /// The tableau symbol of a core variable.
    @inline(__always) subscript(symbol v: Int) -> Int32 { symbols[v] }

    /// The component of `v`, or -1.
    @inline(__always) subscript(component v: Int) -> Int32 { components[v] }

    /// Every value, read in place (no copy) for as long as `body` runs.
    @inline(__always) func withValues<R>(_ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        values.withUnsafeBufferPointer(body)
    }

    /// Every value, written in place for as long as `body` runs: one uniqueness check for
    /// the whole pass, where a write through the subscript checks at every write.
    mutating func withMutableValues<R>(_ body: (UnsafeMutableBufferPointer<Double>) -> R) -> R {
        values.withUnsafeMutableBufferPointer { body($0) }
    }

    // MARK: Roles

    /// Puts `v` in component `id`, its role to be found (`unknown`).
    @inline(__always) mutating func enter(_ v: Int, component id: Int32) {
        roles[v] = .unknown
        components[v] = id
        definers[v] = -1
    }

    /// Takes `v` out of component `id`, if it is still in it.
    @inline(__always) mutating func leave(_ v: Int, component id: Int32) {
        if components[v] == id { components[v] = -1 }
    }

    /// Marks `v` as read by no live constraint: it keeps its value and belongs nowhere.
    @inline(__always) mutating func setUnconstrained(_ v: Int) {
        roles[v] = .unconstrained
        components[v] = -1
    }

    /// Marks `v`, left in no remaining constraint of its component, as a free parameter.
    @inline(__always) mutating func setFree(_ v: Int) {
        roles[v] = .free
    }

    /// Records that constraint `c` defines `v` (a `forward` or `pendant` role).
    @inline(__always) mutating func define(_ v: Int, as role: Solver.VariableRole, by c: Int32) {
        precondition(
            role == .forward || role == .pendant,
            "only forward and pendant variables have a definer")
        roles[v] = role
        definers[v] = c
    }

    /// Places `v` in core `core` as its tableau's symbol `symbol`.
    @inline(__always) mutating func place(_ v: Int, inCore core: Int32, symbol: Int32) {
        roles[v] = .core
        definers[v] = core
        symbols[v] = symbol
    }
}
