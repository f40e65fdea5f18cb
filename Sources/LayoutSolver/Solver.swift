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

    // Variables, by index.
    var values: [Double] = []
    var variableRole: [VariableRole] = []
    /// The constraint that defines a forward or pendant variable; the core of a core one.
    var definer: [Int32] = []
    /// The tableau symbol of a core variable.
    var symbol: [Int32] = []
    var variableComponent: [Int32] = []

    // Constraints, by handle index (slots are never reused).
    var relation: [Relation] = []
    var constant: [Double] = []
    var priority: [Double] = []
    var role: [ConstraintRole] = []
    /// Forward: the defined variable; pendant: likewise.
    var defines: [Int32] = []
    /// Position in the component's forward or pendant order, or in its core.
    var order: [Int32] = []
    var constraintCore: [Int32] = []
    var constraintComponent: [Int32] = []

    /// Every constraint's terms and every variable's occurrence lists.
    var termTable = TermTable()

    var components = SlotTable<ComponentState>()
    var cores = SlotTable<CoreState>()

    var editConstraints: [Int32: ConstraintHandle] = [:]
    /// Required equalities whose constant has been changed while they sat in a core: their
    /// cores keep a marker for them from then on, so the next change is in place.
    var editedEqualities: Set<Int32> = []

    // Scratch, sized with the constraints and variables.
    var scratchCount: [Int32] = []
    var variableScratch: [Int32] = []
    var variableMark: [UInt32] = []
    var constraintMark: [UInt32] = []
    var epoch: UInt32 = 0

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

    public init() {}

    /// The number of variables made so far.
    public var variableCount: Int { values.count }

    /// Makes a new variable, 0 until constrained.
    public mutating func makeVariable() -> Variable {
        appendVariableState(1)
        return Variable(Int32(values.count - 1))
    }

    /// Makes `count` variables with consecutive indices.
    public mutating func makeVariables(_ count: Int) -> [Variable] {
        let first = Int32(values.count)
        appendVariableState(count)
        return (first..<first + Int32(count)).map { Variable($0) }
    }

    /// The per-variable state of `count` new variables, in one go per array
    /// (`append(contentsOf:)` grows geometrically and checks uniqueness once).
    private mutating func appendVariableState(_ count: Int) {
        values.append(contentsOf: repeatElement(0, count: count))
        variableRole.append(contentsOf: repeatElement(.unconstrained, count: count))
        definer.append(contentsOf: repeatElement(-1, count: count))
        symbol.append(contentsOf: repeatElement(-1, count: count))
        variableComponent.append(contentsOf: repeatElement(-1, count: count))
        termTable.appendVariables(count)
        variableMark.append(contentsOf: repeatElement(0, count: count))
        variableScratch.append(contentsOf: repeatElement(0, count: count))
    }

    /// Room for `count` more constraints with `terms` terms in all, in the arrays that
    /// `append(_:)` fills one constraint at a time: a batch of 100k grows each once.
    private mutating func reserveConstraintCapacity(_ count: Int, terms: Int) {
        let n = relation.count + count
        termTable.reserve(constraints: count, terms: terms)
        grow(&relation, n)
        grow(&constant, n)
        grow(&priority, n)
        // The rest of the per-constraint state is appended in bulk (appendConstraintState).
    }

    /// The solved value of a variable.
    public func value(of variable: Variable) -> Double { values[Int(variable.index)] }

    /// Whether the handle names a constraint currently in the solver.
    public func contains(_ handle: ConstraintHandle) -> Bool {
        Int(handle.index) < role.count && role[Int(handle.index)] != .dead
    }

    /// The constraint as it stands now (its constant after any change).
    public func constraint(_ handle: ConstraintHandle) throws(SolverError) -> SolverConstraint {
        let c = try check(handle)
        return SolverConstraint(
            terms(of: c).map {
                LinearTerm(Variable(termTable.variable($0)), termTable.coefficient($0))
            },
            relation[c], constant[c], priority: Priority(priority[c]))
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
    @discardableResult
    public mutating func add(_ batch: ConstraintBatch) throws(SolverError) -> [ConstraintHandle] {
        precondition(
            !batch.hasOpenConstraint, "a ConstraintBatch with terms after its last endConstraint")
        // One pass over the batch: each constraint is checked and stored while its terms
        // are in cache. A large layout's term arrays are tens of megabytes; separate
        // passes to check, count and store would read them three times.
        let first = relation.count
        let firstTerm = termTable.count
        reserveConstraintCapacity(batch.count, terms: batch.termVariables.count)
        for i in 0..<batch.count {
            if let error = invalidity(of: i, in: batch) {
                removeConstraints(from: first)
                throw error
            }
            append(i, of: batch)
        }
        appendConstraintState(batch.count)
        let handles = (Int32(first)..<Int32(relation.count)).map { ConstraintHandle($0) }
        // The batch's terms are stored together: their variables are one copy away.
        let seeds = termTable.variables(from: firstTerm)
        do {
            try checkVariableFree(first..<relation.count)
            try reanalyze(seeds: seeds)
        } catch {
            for h in handles { role[Int(h.index)] = .dead }
            try? reanalyze(seeds: seeds)
            throw error
        }
        return handles
    }

    /// Removes constraints and re-solves the components they were in.
    public mutating func remove(_ handles: [ConstraintHandle]) throws(SolverError) {
        var cs: [Int32] = []
        for h in handles { cs.append(Int32(try check(h))) }
        let seeds = componentVariables(of: cs)
        for c in cs { role[Int(c)] = .dead }
        try reanalyze(seeds: seeds)
    }

    public mutating func remove(_ handle: ConstraintHandle) throws(SolverError) {
        try remove([handle])
    }

    /// Changes an optional constraint's priority, or makes it required or optional.
    public mutating func setPriority(_ handle: ConstraintHandle, to newPriority: Priority)
        throws(SolverError)
    {
        let c = try check(handle)
        let old = priority[c]
        guard old != newPriority.rawValue else { return }
        let seeds = componentVariables(of: [Int32(c)])
        priority[c] = newPriority.rawValue
        do {
            try checkVariableFree(c..<c + 1)
            try reanalyze(seeds: seeds)
        } catch {
            priority[c] = old
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
        guard Int(variable.index) < values.count else { throw .unknownVariable(variable) }
        guard editConstraints[variable.index] == nil else { throw .duplicateEditVariable(variable) }
        guard !priority.isRequired else { throw .requiredEditPriority }
        let h = try add(
            SolverConstraint(
                [LinearTerm(variable)], .equal, value(of: variable), priority: priority))
        editConstraints[variable.index] = h
    }

    public mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard let h = editConstraints[variable.index] else { throw .unknownEditVariable(variable) }
        try setConstant(h, to: value)
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let h = editConstraints.removeValue(forKey: variable.index) else {
            throw .unknownEditVariable(variable)
        }
        try remove(h)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool {
        editConstraints[variable.index] != nil
    }

    // MARK: Queries

    /// Variables whose value the constraints do not fix: free parameters and what
    /// depends on them (as Auto Layout's hasAmbiguousLayout). Inequalities that leave a
    /// range but hold at the optimum are not reported.
    public func ambiguousVariables() -> [Variable] {
        var ambiguous = [Bool](repeating: false, count: values.count)
        for v in values.indices {
            switch variableRole[v] {
            case .unconstrained, .free, .unknown: ambiguous[v] = true
            case .core:
                let core = cores[definer[v]]
                // A core solved directly has a single optimum: nothing in it is free.
                ambiguous[v] = core.tableau?.dependsOnFreeParameter(symbol[v]) ?? false
            case .forward, .pendant: break
            }
        }
        for component in components.elements {
            for c in component.pendants {
                let c = Int(c)
                let v = Int(defines[c])
                ambiguous[v] = terms(of: c).contains {
                    Int(termTable.variable($0)) != v && ambiguous[Int(termTable.variable($0))]
                }
            }
        }
        return ambiguous.indices.filter { ambiguous[$0] }.map { Variable(Int32($0)) }
    }

    /// Whether the constraint holds at the current solution (within 1e-6, scaled).
    public func isSatisfied(_ handle: ConstraintHandle) throws(SolverError) -> Bool {
        isSatisfied(try check(handle))
    }

    /// The optional constraints that do not hold at the current solution.
    public func unsatisfiedConstraints() -> [ConstraintHandle] {
        role.indices.filter { role[$0] != .dead && priority[$0] < 1000 && !isSatisfied($0) }
            .map { ConstraintHandle(Int32($0)) }
    }

    /// A connected component of the constraint graph: solved independently of the others.
    public struct Component: Sendable {
        public var variables: [Variable]
        public var constraints: [ConstraintHandle]
    }

    /// The independent parts of the system, each sorted, ordered by their first variable.
    public func independentComponents() -> [Component] {
        components.elements
            .map {
                Component(
                    variables: $0.variables.map { Variable($0) },
                    constraints: $0.constraints.map { ConstraintHandle($0) })
            }
            .sorted { $0.variables[0] < $1.variables[0] }
    }

    /// The variables solved together with `variable` (just itself when unconstrained).
    public func componentVariables(of variable: Variable) -> [Variable] {
        let id = variableComponent[Int(variable.index)]
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
        var sum = -constant[c]
        for t in terms(of: c) {
            sum += termTable.coefficient(t) * values[Int(termTable.variable(t))]
        }
        return sum
    }

    func tolerance(_ c: Int) -> Double {
        var scale = abs(constant[c])
        for t in terms(of: c) {
            scale += abs(termTable.coefficient(t) * values[Int(termTable.variable(t))])
        }
        return 1e-6 * max(1, scale)
    }

    func isSatisfied(_ c: Int) -> Bool {
        let r = residual(c)
        let tol = tolerance(c)
        switch relation[c] {
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
            guard v >= 0 && Int(v) < values.count else { return .unknownVariable(Variable(v)) }
        }
        return nil
    }

    /// Undoes `append` of the constraints from index `first` on, latest first.
    private mutating func removeConstraints(from first: Int) {
        guard first < relation.count else { return }
        termTable.removeConstraints(from: first)
        relation.removeSubrange(first...)
        constant.removeSubrange(first...)
        priority.removeSubrange(first...)
    }

    /// Stores the batch's constraint `i` with merged terms and links its occurrences.
    private mutating func append(_ i: Int, of batch: ConstraintBatch) {
        termTable.append(i, of: batch, as: Int32(relation.count))
        relation.append(batch.relations[i])
        constant.append(batch.constants[i])
        priority.append(batch.priorities[i])
    }

    /// The per-constraint state of `count` constraints just appended, in one go per array
    /// (one capacity and uniqueness check each, not one per constraint).
    private mutating func appendConstraintState(_ count: Int) {
        role.append(contentsOf: repeatElement(.unassigned, count: count))
        defines.append(contentsOf: repeatElement(-1, count: count))
        order.append(contentsOf: repeatElement(-1, count: count))
        constraintCore.append(contentsOf: repeatElement(-1, count: count))
        constraintComponent.append(contentsOf: repeatElement(-1, count: count))
        scratchCount.append(contentsOf: repeatElement(0, count: count))
        constraintMark.append(contentsOf: repeatElement(0, count: count))
    }

    /// A constraint without variables is a plain check: `0 == 5` can never hold.
    private mutating func checkVariableFree(_ cs: Range<Int>) throws(SolverError) {
        for c in cs where !hasTerms(c) && role[c] != .dead {
            role[c] = .check
            if priority[c] >= 1000 && !isSatisfied(c) {
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
            let id = constraintComponent[Int(c)]
            if id >= 0, seen.insert(id).inserted { out += components[id].variables }
        }
        return out
    }

    mutating func nextEpoch() -> UInt32 {
        epoch &+= 1
        // Marks compare by order within a pass; restart well before the counter wraps.
        if epoch == 0 || epoch == UInt32.max {
            for i in variableMark.indices { variableMark[i] = 0 }
            for i in constraintMark.indices { constraintMark[i] = 0 }
            epoch = 1
        }
        return epoch
    }
}
