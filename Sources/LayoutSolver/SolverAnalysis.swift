// Solving a component from scratch: forward substitution, pendant elimination, cores.

extension Solver {
    /// Forgets the components of `seeds`, finds the components they are in now and solves
    /// each. Deterministic: a component's variables and constraints are taken in index
    /// order, whatever the seeds.
    mutating func reanalyze(seeds: [Int32]) throws(SolverError) {
        for v in seeds { dropComponent(of: v) }
        try analyzeComponents(seedCount: seeds.count, seeds: seeds)
    }

    /// ``reanalyze(seeds:)`` with the variables of the terms from `firstTerm` on (a batch
    /// just added) as the seeds, read where the terms are: a layout's build passes every
    /// term, and a copy of their variables was 70 MB at a million views.
    ///
    /// `grouped`, when given, is called once the batch's components are known and before
    /// any is solved, with ``componentNumbers()`` as they then are (and will stay once
    /// solved).
    mutating func reanalyze(
        termsFrom firstTerm: Int, grouped: ((ComponentNumbers) -> Void)? = nil
    ) throws(SolverError) {
        for t in firstTerm..<termTable.count { dropComponent(of: termTable.variable(t)) }
        try analyzeComponents(
            seedCount: termTable.count - firstTerm, seeds: nil, from: firstTerm, grouped: grouped)
    }

    private mutating func dropComponent(of v: Int32) {
        let id = variableTable[component: Int(v)]
        if id >= 0 { dropComponent(id) }
    }

    /// Finds and solves the components the seeds are in now: `seeds`, else the
    /// variables of the terms from `firstTerm` on.
    private mutating func analyzeComponents(
        seedCount: Int, seeds: [Int32]?, from firstTerm: Int = 0,
        grouped: ((ComponentNumbers) -> Void)? = nil
    ) throws(SolverError) {
        // A batch that reaches most of the system (a build) is grouped by one pass over
        // the constraints; a few seeds by a search from them.
        let found =
            4 * seedCount >= termTable.count + variableTable.count
            ? discoverComponentsInBulk()
            : discoverComponents(from: seeds ?? termTable.variables(from: firstTerm))
        guard let grouped else {
            for (vars, cons) in found { try solve(register(variables: vars, constraints: cons)) }
            return
        }
        let ids = found.map { register(variables: $0.0, constraints: $0.1) }
        grouped(componentNumbers())
        for id in ids { try solve(id) }
    }

    private mutating func dropComponent(_ id: Int32) {
        guard let component = components.element(id) else { return }
        for core in component.cores { cores.release(core) }
        for v in component.variables { variableTable.leave(Int(v), component: id) }
        components.release(id)
    }

    /// Makes `vars` and `cons` a component, not solved yet; returns its id.
    private mutating func register(variables vars: [Int32], constraints cons: [Int32]) -> Int32 {
        let id = components.take()
        for v in vars { variableTable.enter(Int(v), component: id) }
        for c in cons { constraintTable.enter(Int(c), component: id) }
        // Stored before it is solved, so that a throw there leaves a droppable component.
        components.store(ComponentState(variables: vars, constraints: cons), at: id)
        return id
    }

    /// Solves component `id`, made by ``register(variables:constraints:)``.
    private mutating func solve(_ id: Int32) throws(SolverError) {
        var component = components[id]
        substituteForward(&component)
        components.store(component, at: id)
        try verifyChecks(component.checks)
        eliminatePendants(&component)
        components.store(component, at: id)
        try solveCores(&component)
        components.store(component, at: id)
        for c in component.pendants { evaluate(Int(c)) }
    }

    /// Tier 1: a required equality with one unknown variable determines it; repeat.
    private mutating func substituteForward(_ component: inout ComponentState) {
        // Ready constraints are taken in index order, as far as can be: a scan of the
        // component's constraints finds those ahead of it, and one made ready behind the
        // scan goes on a stack, taken at once. A view's constraints, stored together, are
        // then defined together while in cache, in one sweep through memory. (A queue went
        // level by level: every card's first view, then every card's second...; at 100k
        // views each level was a sweep of its own.)
        //
        // Unknowns are counted by the scan when it reaches a constraint, and kept up to
        // date only behind it: a defined variable's occurrence list, in constraint order,
        // is walked up to the scan and no further. (Walked to its end, the list of a
        // variable that every view reads, such as the root's left, would be a long run
        // of cache misses.)
        let cons = component.constraints
        var scan = 0
        var behind: [Int32] = []
        component.forward.reserveCapacity(cons.count)
        while true {
            var c = -1
            if let last = behind.popLast() {
                c = Int(last)
            } else {
                while scan < cons.count {
                    let d = Int(cons[scan])
                    scan += 1
                    guard constraintTable[role: d] == .unassigned else { continue }
                    var unknowns: Int32 = 0
                    for t in terms(of: d)
                    where variableTable[role: Int(termTable.variable(t))] == .unknown {
                        unknowns += 1
                    }
                    scratch[constraintCount: d] = unknowns
                    if unknowns == 0 {
                        constraintTable.setCheck(d)
                        component.checks.append(Int32(d))
                    } else if isReady(d) {
                        c = d
                        break
                    }
                }
                guard c >= 0 else { break }
            }
            guard constraintTable[role: c] == .unassigned else { continue }
            var v = -1
            for t in terms(of: c) where variableTable[role: Int(termTable.variable(t))] == .unknown
            {
                v = Int(termTable.variable(t))
            }
            constraintTable.define(
                c, as: .forward, variable: Int32(v), at: Int32(component.forward.count))
            component.forward.append(Int32(c))
            variableTable.define(v, as: .forward, by: Int32(c))
            evaluate(c)
            let scanned = scan < cons.count ? Int(cons[scan]) : Int.max
            let pushedFrom = behind.count
            var t = termTable.firstOccurrence(of: v)
            while t >= 0 {
                let d = Int(termTable.owner(t))
                if d >= scanned { break }
                t = termTable.next(t)
                guard d != c, constraintTable[role: d] == .unassigned else { continue }
                scratch[constraintCount: d] -= 1
                if scratch[constraintCount: d] == 0 {
                    constraintTable.setCheck(d)
                    component.checks.append(Int32(d))
                } else if isReady(d) {
                    behind.append(Int32(d))
                }
            }
            // The lowest index is taken first.
            behind[pushedFrom...].reverse()
        }
    }

    /// Whether `c` can define a variable now: a required equality with one unknown left.
    @inline(__always) private func isReady(_ c: Int) -> Bool {
        constraintTable[role: c] == .unassigned && scratch[constraintCount: c] == 1
            && constraintTable.isRequiredEquality(c)
    }

    /// Solves the defining constraint of a forward or pendant variable for it.
    @inline(__always) mutating func evaluate(_ c: Int) {
        let value = variableTable.withValues { definedValue(c, reading: $0) }
        variableTable[value: Int(constraintTable[defines: c])] = value
    }

    /// The value constraint `c` gives the variable it defines, the others read from
    /// `value` — a buffer over the values, read (`evaluate`) or written (`sweepPendants`):
    /// one formula, so that both give the same bits.
    @inline(__always) func definedValue<Values: RandomAccessCollection<Double>>(
        _ c: Int, reading value: Values
    ) -> Double where Values.Index == Int {
        let v = Int(constraintTable[defines: c])
        var sum = constraintTable[constant: c]
        var k = 1.0
        for t in terms(of: c) {
            let w = Int(termTable.variable(t))
            if w == v {
                k = termTable.coefficient(t)
            } else {
                sum -= termTable.coefficient(t) * value[w]
            }
        }
        return sum / k
    }

    func verifyChecks(_ checks: [Int32]) throws(SolverError) {
        var conflicts = Set<Int32>()
        for c in checks where constraintTable[priority: Int(c)] >= 1000 && !isSatisfied(Int(c)) {
            conflicts.formUnion(derivation(of: [c]))
        }
        if !conflicts.isEmpty {
            throw .unsatisfiable(conflicts: conflicts.sorted().map { ConstraintHandle($0) })
        }
    }

    /// The constraints and the forward definers their variables were derived from.
    func derivation(of cs: [Int32]) -> Set<Int32> {
        var found = Set(cs)
        var stack = cs
        while let c = stack.popLast() {
            for t in terms(of: Int(c)) {
                let v = Int(termTable.variable(t))
                guard variableTable[role: v] == .forward else { continue }
                let d = variableTable[definer: v]
                if found.insert(d).inserted { stack.append(d) }
            }
        }
        return found
    }

    /// Tier 2: a variable left in exactly one remaining constraint, a required equality,
    /// can always satisfy it; set both aside and evaluate the variable last.
    private mutating func eliminatePendants(_ component: inout ComponentState) {
        for v in component.variables where variableTable[role: Int(v)] == .unknown {
            scratch[variableCount: Int(v)] = 0
        }
        for c in component.constraints where constraintTable[role: Int(c)] == .unassigned {
            for t in terms(of: Int(c))
            where variableTable[role: Int(termTable.variable(t))] == .unknown {
                scratch[variableCount: Int(termTable.variable(t))] += 1
            }
        }
        // Loops, not closures, in this file: a closure reading `self` copies the solver.
        var queue: [Int32] = []
        for v in component.variables
        where variableTable[role: Int(v)] == .unknown && scratch[variableCount: Int(v)] == 1 {
            queue.append(v)
        }
        var eliminated: [Int32] = []
        var head = 0
        while head < queue.count {
            let v = Int(queue[head])
            head += 1
            guard variableTable[role: v] == .unknown, scratch[variableCount: v] == 1 else {
                continue
            }
            var c = -1
            var t = termTable.firstOccurrence(of: v)
            while t >= 0 {
                let d = Int(termTable.owner(t))
                if constraintTable[role: d] == .unassigned {
                    c = d
                    break
                }
                t = termTable.next(t)
            }
            guard c >= 0, constraintTable.isRequiredEquality(c) else { continue }
            constraintTable.define(c, as: .pendant, variable: Int32(v), at: -1)
            variableTable.define(v, as: .pendant, by: Int32(c))
            scratch[variableCount: v] = 0
            eliminated.append(Int32(c))
            for u in terms(of: c) {
                let w = Int(termTable.variable(u))
                guard w != v, variableTable[role: w] == .unknown else { continue }
                scratch[variableCount: w] -= 1
                if scratch[variableCount: w] == 1 { queue.append(Int32(w)) }
            }
        }
        component.pendants = eliminated.reversed()
        for (i, c) in component.pendants.enumerated() { constraintTable.setOrder(Int(c), Int32(i)) }
    }

    /// Tier 3: what remains, split into cores, each solved by a simplex tableau.
    private mutating func solveCores(_ component: inout ComponentState) throws(SolverError) {
        let stamp = scratch.startPass()
        for seed in component.variables {
            let s = Int(seed)
            guard variableTable[role: s] == .unknown else { continue }
            if scratch[variableCount: s] == 0 {
                variableTable.setFree(s)  // in no remaining constraint: keeps its value
                continue
            }
            guard scratch.mark(variable: s, stamp) else { continue }
            var vars: [Int32] = [seed]
            var cons: [Int32] = []
            var head = 0
            while head < vars.count {
                let v = Int(vars[head])
                head += 1
                var t = termTable.firstOccurrence(of: v)
                while t >= 0 {
                    let c = Int(termTable.owner(t))
                    t = termTable.next(t)
                    guard constraintTable[role: c] == .unassigned,
                        scratch.mark(constraint: c, stamp)
                    else { continue }
                    cons.append(Int32(c))
                    for u in terms(of: c) {
                        let w = Int(termTable.variable(u))
                        if variableTable[role: w] == .unknown && scratch.mark(variable: w, stamp) {
                            vars.append(Int32(w))
                        }
                    }
                }
            }
            vars.sort()
            cons.sort()
            let coreID = try buildCore(variables: vars, constraints: cons)
            component.cores.append(coreID)
        }
    }

    private mutating func buildCore(variables vars: [Int32], constraints cons: [Int32])
        throws(SolverError) -> Int32
    {
        let coreID = cores.take()
        for (i, v) in vars.enumerated() {
            // External symbols come first, in variable order.
            variableTable.place(Int(v), inCore: coreID, symbol: Int32(i))
        }
        for (i, c) in cons.enumerated() {
            constraintTable.place(Int(c), inCore: coreID, at: Int32(i))
        }
        if let direct = directCore(variables: vars, constraints: cons) {
            variableTable[value: Int(vars[0])] = direct.directValue
            cores.store(direct, at: coreID)
            return coreID
        }
        let tableau: Tableau
        let tags: [Tableau.Tag]
        do {
            (tableau, tags) = try makeTableau(
                variables: vars, constraints: cons, tracksEqualities: false)
        } catch {
            throw coreConflict(variables: vars, constraints: cons, error)
        }
        for v in vars {
            variableTable[value: Int(v)] = tableau.value(of: variableTable[symbol: Int(v)])
        }
        cores.store(
            CoreState(tableau: tableau, constraints: cons, tags: tags, variables: vars), at: coreID)
        return coreID
    }

    /// The value a core of one variable takes at the lexicographic optimum, worked out
    /// without a tableau; nil when a tableau must decide: the optimum is not a single
    /// point (the simplex then picks a vertex, and it must be the same one every time) or
    /// the required bounds leave no room (the tableau explains the conflict).
    ///
    /// Why: an Auto Layout view with an intrinsic size brings exactly this — a width with
    /// a required minimum and a preferred value (`w >= 64`, `w == 88 @750`) — and a
    /// tableau for it is two dozen allocations, for a problem with one unknown. Each constraint of the core is `a·x rel e`, i.e. `x rel e/a`: required
    /// ones bound `x`; then each priority level, highest first, narrows the bounds to
    /// where the sum of its violations, `|a|·distance` each as the tableau's error rows
    /// count them, is least — a convex piecewise-linear function, least on an interval
    /// that ends at breakpoints.
    func oneVariableOptimum(_ cons: [Int32]) -> Double? {
        guard cons.count <= 16 else { return nil }
        // Constraint `c` as `x rel target`, with weight |a|. The folding is `coreRow`'s, not
        // called: it fills an array, two allocations per core for a core of one variable.
        // Refolded per use (at most 16 constraints, all in cache) for the same reason.
        @inline(__always) func normalized(_ c: Int) -> (
            relation: Relation, target: Double, weight: Double
        )? {
            var a = 0.0
            var e = constraintTable[constant: c]
            for t in terms(of: c) {
                let v = Int(termTable.variable(t))
                if variableTable[role: v] == .core {
                    a += termTable.coefficient(t)
                } else {
                    e -= termTable.coefficient(t) * variableTable[value: v]
                }
            }
            guard !nearZero(a) else { return nil }
            var relation = constraintTable[relation: c]
            if a < 0 && relation != .equal {
                relation = relation == .lessOrEqual ? .greaterOrEqual : .lessOrEqual
            }
            return (relation, e / a, abs(a))
        }
        var lo = -Double.infinity
        var hi = Double.infinity
        var optionalCount = 0
        for c in cons {
            guard constraintTable[priority: Int(c)] >= 1000 else {
                optionalCount += 1
                continue
            }
            guard let (relation, target, _) = normalized(Int(c)) else { return nil }
            switch relation {
            case .greaterOrEqual: lo = max(lo, target)
            case .lessOrEqual: hi = min(hi, target)
            // Forward substitution takes these; the rest is left to a tableau.
            case .equal: return nil
            }
        }
        if lo.isFinite && hi.isFinite && !(hi - lo > 1e-7 * max(1, abs(lo), abs(hi))) { return nil }
        var level = 1000.0  // the levels below required
        while optionalCount > 0 {
            // The next priority level down.
            var p = -Double.infinity
            for c in cons
            where constraintTable[priority: Int(c)] < level && constraintTable[priority: Int(c)] > p
            {
                p = constraintTable[priority: Int(c)]
            }
            level = p
            // Slopes of the level's violation sum, left and right of a point.
            var total = 0.0
            var rightSlopeAtStart = 0.0  // left of every breakpoint
            for c in cons where constraintTable[priority: Int(c)] == level {
                guard let (relation, _, weight) = normalized(Int(c)) else { return nil }
                total += weight
                if relation != .lessOrEqual { rightSlopeAtStart -= weight }
            }
            let tolerance = 1e-9 * total
            @inline(__always) func slopes(at x: Double) -> (left: Double, right: Double) {
                var left = 0.0
                var right = 0.0
                for c in cons where constraintTable[priority: Int(c)] == level {
                    let (relation, target, weight) = normalized(Int(c))!
                    switch relation {
                    case .equal:
                        left += x <= target ? -weight : weight
                        right += x < target ? -weight : weight
                    case .greaterOrEqual:
                        left += x <= target ? -weight : 0
                        right += x < target ? -weight : 0
                    case .lessOrEqual:
                        left += x <= target ? 0 : weight
                        right += x < target ? 0 : weight
                    }
                }
                return (left, right)
            }
            // Least on [low, high]: from the first point whose right slope is not negative
            // to the last whose left slope is not positive.
            var low = rightSlopeAtStart >= -tolerance ? -Double.infinity : Double.infinity
            var high = -Double.infinity
            var slopeAtEnd = 0.0
            for c in cons where constraintTable[priority: Int(c)] == level {
                let (relation, target, weight) = normalized(Int(c))!
                if relation != .greaterOrEqual { slopeAtEnd += weight }
                let (left, right) = slopes(at: target)
                if right >= -tolerance { low = min(low, target) }
                if left <= tolerance { high = max(high, target) }
            }
            if slopeAtEnd <= tolerance { high = Double.infinity }
            guard low <= high else { return nil }  // rounding made the slopes inconsistent
            if high < lo {
                hi = lo
            } else if low > hi {
                lo = hi
            } else {
                lo = max(lo, low)
                hi = min(hi, high)
            }
            for c in cons where constraintTable[priority: Int(c)] == level { optionalCount -= 1 }
        }
        guard lo == hi, lo.isFinite else { return nil }
        return lo
    }

    /// The state of a core of one variable solved directly (`oneVariableOptimum`); nil when
    /// the core needs a tableau. The variable's value is left to the caller to store.
    func directCore(variables vars: [Int32], constraints cons: [Int32]) -> CoreState? {
        guard vars.count == 1, let x = oneVariableOptimum(cons) else { return nil }
        return CoreState(tableau: nil, constraints: cons, tags: [], variables: vars, directValue: x)
    }

    /// A fresh tableau for a core, with forward values folded into the constants.
    func makeTableau(variables vars: [Int32], constraints cons: [Int32], tracksEqualities: Bool)
        throws(Tableau.Conflict) -> (Tableau, [Tableau.Tag])
    {
        var tracked = Set<Int32>()
        if edits.hasEditedEqualities {
            for (i, c) in cons.enumerated() where edits.isEdited(c) {
                tracked.insert(Int32(i))
            }
        }
        var optional: [Double] = []
        var untrackedEqualities = false
        for (i, c) in cons.enumerated() {
            if constraintTable[priority: Int(c)] < 1000 {
                optional.append(constraintTable[priority: Int(c)])
            } else if constraintTable[relation: Int(c)] == .equal && !tracked.contains(Int32(i)) {
                untrackedEqualities = true
            }
        }
        // History lets a required equality get its marker later without a rebuild; a small
        // core rebuilds in microseconds, and recording costs every core's build, so small
        // cores do not record.
        var tableau = Tableau(
            symbols: vars.count + 2 * cons.count + 1, rows: cons.count, priorities: optional,
            tracksEqualities: tracksEqualities, trackedOwners: tracked,
            recordsHistory: untrackedEqualities && cons.count >= 32)
        for _ in vars { _ = tableau.makeSymbol(.external) }
        // Arrays here are filled by appending: `Array(repeating:count:)` goes through the
        // unspecialised runtime path, a generic-metadata lookup per call (per core).
        var tags: [Tableau.Tag] = []
        tags.reserveCapacity(cons.count)
        for _ in cons { tags.append(Tableau.Tag(marker: -1, markerCoefficient: 0)) }
        // One buffer for every row: a fresh array per row costs more in allocation and
        // generic-metadata lookups than the row itself, and layouts have many small cores.
        var terms: [(symbol: Int32, coefficient: Double)] = []
        terms.reserveCapacity(8)
        let order = strongestFirst(cons)
        for k in cons.indices {
            let i = order?[k] ?? k
            let c = Int(cons[i])
            let effective = coreRow(c, into: &terms)
            tags[i] = try tableau.add(
                terms: terms, relation: constraintTable[relation: c], constant: effective,
                priority: constraintTable[priority: c],
                owner: Int32(i))
        }
        return (tableau, tags)
    }

    /// Positions in `cons`: required equalities, then required inequalities, then optional
    /// constraints from the highest priority down; index order within each group. Nil
    /// when that is index order.
    ///
    /// Why: in index order an optional constraint over a chain (`cell.height >= 40 @250`
    /// before the equation that fixes the height) makes the simplex pivot a parameter that
    /// every row of the chain holds, again and again. Once the required equalities are in,
    /// most optional rows find their variables settled and cost one row each.
    private func strongestFirst(_ cons: [Int32]) -> [Int]? {
        @inline(__always) func rank(_ c: Int) -> Double {
            constraintTable[priority: c] < 1000
                ? -constraintTable[priority: c]
                : constraintTable.isRequiredEquality(c) ? -2000 : -1000
        }
        var previous = -Double.infinity
        var ordered = true
        for c in cons {
            let r = rank(Int(c))
            if r < previous {
                ordered = false
                break
            }
            previous = r
        }
        if ordered { return nil }
        // Grouped in passes, one array in all: a small core is built in microseconds, and
        // an array of ranks, one of indices and a sorted copy were a tenth of its allocations.
        var out: [Int] = []
        out.reserveCapacity(cons.count)
        for (i, c) in cons.enumerated() where constraintTable.isRequiredEquality(Int(c)) {
            out.append(i)
        }
        for (i, c) in cons.enumerated()
        where constraintTable[priority: Int(c)] >= 1000
            && !constraintTable.isRequiredEquality(Int(c))
        {
            out.append(i)
        }
        let optionalStart = out.count
        for (i, c) in cons.enumerated() where constraintTable[priority: Int(c)] < 1000 {
            out.append(i)
        }
        // A closure over `self` would copy the solver's state; this copies no array.
        let table = constraintTable
        out[optionalStart...].sort { a, b in
            let (pa, pb) = (table[priority: Int(cons[a])], table[priority: Int(cons[b])])
            return pa != pb ? pa > pb : a < b
        }
        return out
    }

    /// Explains a core that cannot be built: rebuilt once with equality markers, the
    /// failing row names the required constraints it came from.
    func coreConflict(variables vars: [Int32], constraints cons: [Int32], _ first: Tableau.Conflict)
        -> SolverError
    {
        var owners = first.owners
        do {
            _ = try makeTableau(variables: vars, constraints: cons, tracksEqualities: true)
        } catch {
            owners = error.owners
        }
        let involved = owners.map { cons[Int($0)] }
        return .unsatisfiable(
            conflicts: derivation(of: involved.isEmpty ? cons : involved).sorted().map {
                ConstraintHandle($0)
            })
    }

    /// A core constraint over its core variables, with forward values folded into the constant.
    /// Returns the constant; the terms replace the contents of `out`.
    func coreRow(_ c: Int, into out: inout [(symbol: Int32, coefficient: Double)]) -> Double {
        out.removeAll(keepingCapacity: true)
        var effective = constraintTable[constant: c]
        for t in terms(of: c) {
            let v = Int(termTable.variable(t))
            if variableTable[role: v] == .core {
                out.append((variableTable[symbol: v], termTable.coefficient(t)))
            } else {
                effective -= termTable.coefficient(t) * variableTable[value: v]
            }
        }
        return effective
    }
}
