/// An incremental linear constraint solver for layout: Cassowary semantics, built to
/// grow linearly with the size of typical layouts.
///
/// Constraints fall apart into connected components (the x and y axes usually do), and
/// each component is solved in three tiers: what required equalities determine is
/// found by substitution in dependency order; variables defined by a single equality
/// are evaluated last; only what remains — inequalities, optional constraints,
/// simultaneous equations — goes to a small lexicographic simplex ``Tableau`` per core.
///
///     var solver = Solver()
///     let left = solver.makeVariable(), width = solver.makeVariable()
///     try solver.add(SolverConstraint([LinearTerm(left)], .equal, 16))
///     let w = try solver.add(SolverConstraint([LinearTerm(width)], .equal, 100))
///     try solver.add(SolverConstraint([LinearTerm(width)], .equal, 80, priority: .high))
///     solver.value(of: width)              // 100: required beats high
///     try solver.setConstant(w, to: 120)   // in place, no remove and re-add
///
/// Priorities are lexicographic (Auto Layout's meaning): a higher priority wins over any
/// number of lower ones. Every operation either succeeds or throws and leaves the solver
/// exactly as it was.
public struct Solver {
    enum VariableRole: UInt8 { case unconstrained, unknown, forward, pendant, core, free }
    /// `dead`: removed (or refused with its batch); handles are never reused, so a dead
    /// constraint stays dead. (Its own flag array was one more cache line per visit.)
    enum ConstraintRole: UInt8 { case unassigned, forward, check, pendant, core, dead }

    /// Every variable's value, role, definer, symbol and component.
    var variableTable = VariableTable()
    /// Every constraint's relation, constant, priority and role in the tiers.
    var constraintTable = ConstraintTable()
    /// Every constraint's terms and every variable's occurrence lists.
    var termTable = TermTable()

    var components = SlotTable<ComponentState>()
    var cores = SlotTable<CoreState>()

    var edits = EditVariables()
    /// Marks and counters of the passes, sized with the variables and constraints.
    var scratch = ScratchMarks()

    struct ComponentState {
        var variables: [Int32]
        var constraints: [Int32]
        var forward: [Int32] = []
        /// Pendant definers in evaluation order.
        var pendants: [Int32] = []
        var checks: [Int32] = []
        var cores: [Int32] = []
    }

    struct CoreState {
        /// Nil for a core of one variable solved directly (`oneVariableOptimum`): it holds
        /// no tableau until a change needs one.
        var tableau: Tableau?
        var constraints: [Int32]
        var tags: [Tableau.Tag]
        var variables: [Int32]
        /// The variable's value, when there is no tableau.
        var directValue = 0.0
    }

    /// Variables made since the tables last grew. Their state (some 40 bytes each, in
    /// every table that has one per variable) is added by the next change: a layout
    /// makes all its variables before it gathers its constraints, and at a million views
    /// that state took 150 MB while the engine's input and batch were still held.
    private var pendingVariables = 0

    public init() {}

    /// The number of variables made so far.
    public var variableCount: Int { variableTable.count + pendingVariables }

    /// Makes a new variable, 0 until constrained.
    public mutating func makeVariable() -> Variable {
        pendingVariables += 1
        return Variable(Int32(variableCount - 1))
    }

    /// Makes `count` variables with consecutive indices.
    public mutating func makeVariables(_ count: Int) -> [Variable] {
        let first = Int32(variableCount)
        pendingVariables += count
        return (first..<first + Int32(count)).map { Variable($0) }
    }

    /// Gives the variables made since the last change their state: the first step of
    /// every change, so that the passes see one table entry per variable.
    mutating func addPendingVariables() {
        guard pendingVariables > 0 else { return }
        variableTable.append(pendingVariables)
        termTable.appendVariables(pendingVariables)
        scratch.appendVariables(pendingVariables)
        pendingVariables = 0
    }

    /// The solved value of a variable (0 while no constraint has reached it).
    public func value(of variable: Variable) -> Double {
        let v = Int(variable.index)
        precondition(v < variableCount, "\(variable) was not made by this solver")
        return v < variableTable.count ? variableTable[value: v] : 0
    }

    /// Whether the handle names a constraint currently in the solver.
    public func contains(_ handle: ConstraintHandle) -> Bool {
        constraintTable.isLive(Int(handle.index))
    }

    /// The constraint as it stands now (its constant after any change).
    public func constraint(_ handle: ConstraintHandle) throws(SolverError) -> SolverConstraint {
        let c = try check(handle)
        return SolverConstraint(
            terms(of: c).map {
                LinearTerm(Variable(termTable.variable($0)), termTable.coefficient($0))
            },
            constraintTable[relation: c], constraintTable[constant: c],
            priority: Priority(constraintTable[priority: c]))
    }

    // MARK: Adding and removing

    /// Adds one constraint and solves. A required constraint that cannot hold is refused.
    @discardableResult
    public mutating func add(_ constraint: SolverConstraint) throws(SolverError) -> ConstraintHandle
    {
        var batch = ConstraintBatch()
        batch.append(constraint)
        return try add(batch)[0]
    }

    /// Adds constraints all at once (one solve): all are added, or none when any
    /// required one cannot hold (``SolverError/unsatisfiable(conflicts:)``). Constants
    /// and coefficients must keep ``NumberRule/finite``.
    @discardableResult
    public mutating func add(_ constraints: [SolverConstraint]) throws(SolverError)
        -> [ConstraintHandle]
    {
        try add(ConstraintBatch(constraints))
    }

    /// Adds a batch of constraints all at once (one solve), as ``add(_:)-([SolverConstraint])``
    /// does; the handles are in the batch's order. The way to add a whole layout.
    ///
    /// `grouped`, when given, is called once the system's components are known and before
    /// they are solved, with the batch's handles and ``componentNumbers()`` as they will be
    /// after the solve: a caller can store the components while the solver works. Not
    /// called when the batch is refused before that.
    @discardableResult
    public mutating func add(
        _ batch: ConstraintBatch,
        grouped: ((_ handles: [ConstraintHandle], _ components: ComponentNumbers) -> Void)? = nil
    ) throws(SolverError) -> [ConstraintHandle] {
        precondition(
            !batch.hasOpenConstraint, "a ConstraintBatch with terms after its last endConstraint")
        addPendingVariables()
        // One pass over the batch: each constraint is checked and stored while its terms
        // are in cache. A large layout's term arrays are tens of megabytes; separate
        // passes to check, count and store would read them three times.
        let first = constraintTable.count
        let firstTerm = termTable.count
        termTable.reserve(constraints: batch.count, terms: batch.termVariables.count)
        constraintTable.reserve(batch.count)
        for i in 0..<batch.count {
            if let error = invalidity(of: i, in: batch) {
                removeConstraints(from: first)
                throw error
            }
            append(i, of: batch)
        }
        let added = constraintTable.commit()
        scratch.appendConstraints(added.count)
        let handles = added.map { ConstraintHandle(Int32($0)) }
        // The batch's terms are stored together: their variables are the seeds.
        do {
            try checkVariableFree(added)
            try reanalyze(
                termsFrom: firstTerm,
                grouped: grouped.map { grouped in { grouped(handles, $0) } })
        } catch {
            for h in handles { constraintTable.kill(Int(h.index)) }
            try? reanalyze(termsFrom: firstTerm)
            throw error
        }
        return handles
    }

    /// Removes constraints and re-solves the components they were in.
    public mutating func remove(_ handles: [ConstraintHandle]) throws(SolverError) {
        addPendingVariables()
        var cs: [Int32] = []
        for h in handles { cs.append(Int32(try check(h))) }
        let seeds = componentVariables(of: cs)
        for c in cs { constraintTable.kill(Int(c)) }
        try reanalyze(seeds: seeds)
    }

    public mutating func remove(_ handle: ConstraintHandle) throws(SolverError) {
        try remove([handle])
    }

    /// Changes an optional constraint's priority, or makes it required or optional.
    public mutating func setPriority(_ handle: ConstraintHandle, to newPriority: Priority)
        throws(SolverError)
    {
        addPendingVariables()
        let c = try check(handle)
        let old = constraintTable[priority: c]
        guard old != newPriority.rawValue else { return }
        let seeds = componentVariables(of: [Int32(c)])
        constraintTable.setPriority(c, newPriority.rawValue)
        do {
            try checkVariableFree(c..<c + 1)
            try reanalyze(seeds: seeds)
        } catch {
            constraintTable.setPriority(c, old)
            try? reanalyze(seeds: seeds)
            throw error
        }
    }

    // MARK: Edit variables

    /// Makes `variable` draggable: ``suggestValue(_:_:)`` then moves it as far as the
    /// other constraints allow, at `priority` (below required).
    public mutating func addEditVariable(_ variable: Variable, priority: Priority)
        throws(SolverError)
    {
        guard Int(variable.index) < variableCount else { throw .unknownVariable(variable) }
        guard edits.constraint(of: variable) == nil else {
            throw .duplicateEditVariable(variable)
        }
        guard !priority.isRequired else { throw .requiredEditPriority }
        let h = try add(
            SolverConstraint(
                [LinearTerm(variable)], .equal, value(of: variable), priority: priority))
        edits.add(h, for: variable)
    }

    public mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard let h = edits.constraint(of: variable) else { throw .unknownEditVariable(variable) }
        try setConstant(h, to: value)
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let h = edits.remove(variable) else {
            throw .unknownEditVariable(variable)
        }
        try remove(h)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits.constraint(of: variable) != nil
    }

    // MARK: Queries

    /// Variables whose value the constraints do not fix: free parameters and what
    /// depends on them (as Auto Layout's hasAmbiguousLayout). Inequalities that leave a
    /// range but hold at the optimum are not reported.
    public func ambiguousVariables() -> [Variable] {
        var ambiguous = [Bool](repeating: false, count: variableTable.count)
        for v in ambiguous.indices {
            switch variableTable[role: v] {
            case .unconstrained, .free, .unknown: ambiguous[v] = true
            case .core:
                let core = cores[variableTable[definer: v]]
                // A core solved directly has a single optimum: nothing in it is free.
                ambiguous[v] =
                    core.tableau?.dependsOnFreeParameter(variableTable[symbol: v]) ?? false
            case .forward, .pendant: break
            }
        }
        for component in components.elements {
            for c in component.pendants {
                let c = Int(c)
                let v = Int(constraintTable[defines: c])
                ambiguous[v] = terms(of: c).contains {
                    Int(termTable.variable($0)) != v && ambiguous[Int(termTable.variable($0))]
                }
            }
        }
        // Variables no change has reached yet are unconstrained.
        return ambiguous.indices.filter { ambiguous[$0] }.map { Variable(Int32($0)) }
            + (variableTable.count..<variableCount).map { Variable(Int32($0)) }
    }

    /// Whether the constraint holds at the current solution (within 1e-6, scaled).
    public func isSatisfied(_ handle: ConstraintHandle) throws(SolverError) -> Bool {
        isSatisfied(try check(handle))
    }

    /// The optional constraints that do not hold at the current solution.
    public func unsatisfiedConstraints() -> [ConstraintHandle] {
        (0..<constraintTable.committed).filter {
            constraintTable.isLive($0) && constraintTable[priority: $0] < 1000 && !isSatisfied($0)
        }
        .map { ConstraintHandle(Int32($0)) }
    }

    /// Per variable and per constraint handle (by index), the place of its component in
    /// ``independentComponents()``, -1 where it is in none (``componentNumbers()``).
    public typealias ComponentNumbers = (variables: [Int32], constraints: [Int32])

    /// A connected component of the constraint graph: solved independently of the others.
    public struct Component: Sendable {
        public var variables: [Variable]
        public var constraints: [ConstraintHandle]
    }

    /// The independent parts of the system, each sorted, ordered by their first variable.
    public func independentComponents() -> [Component] {
        componentIDsInOrder().map { id in
            let component = components[id]
            return Component(
                variables: component.variables.map { Variable($0) },
                constraints: component.constraints.map { ConstraintHandle($0) })
        }
    }

    /// Per variable and per constraint handle (by index), the place of its component in
    /// ``independentComponents()``, -1 where it is in none: what that list says, without
    /// making it. At a million views the list's arrays were 90 MB at the peak of a
    /// layout's first solve.
    public func componentNumbers() -> ComponentNumbers {
        var variables = [Int32](repeating: -1, count: variableCount)
        var constraints = [Int32](repeating: -1, count: constraintTable.count)
        for (n, id) in componentIDsInOrder().enumerated() {
            let component = components[id]
            for v in component.variables { variables[Int(v)] = Int32(n) }
            for c in component.constraints { constraints[Int(c)] = Int32(n) }
        }
        return (variables, constraints)
    }

    /// The living components' ids, ordered by each one's first variable (a component's
    /// variables are sorted): the order ``independentComponents()`` lists them in.
    private func componentIDsInOrder() -> [Int32] {
        var order = components.identified.map { (first: $0.element.variables[0], id: $0.id) }
        order.sort { $0.first < $1.first }
        return order.map(\.id)
    }

    /// The variables solved together with `variable` (just itself when unconstrained).
    public func componentVariables(of variable: Variable) -> [Variable] {
        guard Int(variable.index) < variableTable.count else { return [variable] }
        let id = variableTable[component: Int(variable.index)]
        guard id >= 0 else { return [variable] }
        return components[id].variables.map { Variable($0) }
    }

    // MARK: Internals shared by the extensions

    func check(_ handle: ConstraintHandle) throws(SolverError) -> Int {
        guard contains(handle) else { throw .unknownConstraint(handle) }
        return Int(handle.index)
    }

    @inline(__always) func hasTerms(_ c: Int) -> Bool { termTable.hasTerms(c) }

    @inline(__always) func terms(of c: Int) -> Range<Int> {
        termTable.range(of: c)
    }

    func residual(_ c: Int) -> Double {
        var sum = -constraintTable[constant: c]
        for t in terms(of: c) {
            sum += termTable.coefficient(t) * variableTable[value: Int(termTable.variable(t))]
        }
        return sum
    }

    func tolerance(_ c: Int) -> Double {
        var scale = abs(constraintTable[constant: c])
        for t in terms(of: c) {
            scale += abs(
                termTable.coefficient(t) * variableTable[value: Int(termTable.variable(t))])
        }
        return 1e-6 * max(1, scale)
    }

    func isSatisfied(_ c: Int) -> Bool {
        let r = residual(c)
        let tol = tolerance(c)
        switch constraintTable[relation: c] {
        case .equal: return abs(r) <= tol
        case .lessOrEqual: return r <= tol
        case .greaterOrEqual: return r >= -tol
        }
    }

    /// Why the solver cannot take the batch's constraint `i`, if it cannot. Numbers are
    /// checked by the caller (``NumberRule``); one that is not finite is a caller's bug.
    private func invalidity(of i: Int, in batch: ConstraintBatch) -> SolverError? {
        precondition(
            NumberRule.finite.admits(batch.constants[i]), "a constraint's constant is not finite")
        for t in batch.terms(of: i) {
            precondition(
                NumberRule.finite.admits(batch.termCoefficients[t]), "a coefficient is not finite")
            let v = batch.termVariables[t]
            guard v >= 0 && Int(v) < variableTable.count else {
                return .unknownVariable(Variable(v))
            }
        }
        return nil
    }

    /// Undoes `append` of the constraints from index `first` on (none committed yet).
    private mutating func removeConstraints(from first: Int) {
        guard first < constraintTable.count else { return }
        termTable.removeConstraints(from: first)
        constraintTable.removeAppended(from: first)
    }

    /// Stores the batch's constraint `i` with merged terms and links its occurrences.
    private mutating func append(_ i: Int, of batch: ConstraintBatch) {
        termTable.append(i, of: batch, as: Int32(constraintTable.count))
        constraintTable.append(
            relation: batch.relations[i], constant: batch.constants[i],
            priority: batch.priorities[i])
    }

    /// A constraint without variables is a plain check: `0 == 5` can never hold.
    private mutating func checkVariableFree(_ cs: Range<Int>) throws(SolverError) {
        for c in cs where !hasTerms(c) && constraintTable[role: c] != .dead {
            constraintTable.setCheck(c)
            if constraintTable[priority: c] >= 1000 && !isSatisfied(c) {
                throw .unsatisfiable(conflicts: [ConstraintHandle(Int32(c))])
            }
        }
    }

    func variables(of cs: [Int32]) -> [Int32] {
        var out: [Int32] = []
        for c in cs { for t in terms(of: Int(c)) { out.append(termTable.variable(t)) } }
        return out
    }

    /// All variables of the components the constraints are in (their own if none).
    func componentVariables(of cs: [Int32]) -> [Int32] {
        var out = variables(of: cs)
        var seen = Set<Int32>()
        for c in cs {
            let id = constraintTable[component: Int(c)]
            if id >= 0, seen.insert(id).inserted { out += components[id].variables }
        }
        return out
    }

}
