// Changing a constant in place: only what depends on it is recomputed.

extension Solver {
    /// Changes the constant of a constraint in place (`Σ terms relation constant`).
    ///
    /// Cost follows what the change moves: the variables downstream of the constraint
    /// in dependency order, and a dual-simplex pass in the cores it reaches — not the
    /// size of the system. A change that required constraints cannot follow is refused
    /// and everything stays as it was.
    ///
    ///     let gap = try solver.add(SolverConstraint([LinearTerm(b), LinearTerm(a, -1)], .equal, 8))
    ///     try solver.setConstant(gap, to: 24)   // b moves by 16, and whatever follows b
    public mutating func setConstant(_ handle: ConstraintHandle, to newValue: Double) throws(SolverError) {
        let c = try check(handle)
        guard newValue.isFinite else { throw .nonFiniteNumber }
        let old = constant[c]
        guard old != newValue else { return }
        constant[c] = newValue
        do {
            try propagate(from: c, delta: newValue - old)
        } catch {
            constant[c] = old
            let seeds = componentVariables(of: [Int32(c)])
            try? reanalyze(seeds: seeds)
            if termCount[c] == 0 { role[c] = .check }
            throw error
        }
    }

    private mutating func propagate(from c: Int, delta: Double) throws(SolverError) {
        var forward = MinHeap()
        var pendants = MinHeap()
        var checks: [Int32] = []
        var coreShift: [Int32: Double] = [:]
        let stamp = nextEpoch()

        func schedule(_ d: Int, shift: Double) {
            switch role[d] {
            case .forward:
                if constraintMark[d] != stamp {
                    constraintMark[d] = stamp
                    forward.push(order[d], Int32(d))
                }
            case .pendant:
                if constraintMark[d] != stamp {
                    constraintMark[d] = stamp
                    pendants.push(order[d], Int32(d))
                }
            case .check: checks.append(Int32(d))
            case .core: coreShift[Int32(d), default: 0] += shift
            case .unassigned: break
            }
        }
        /// Re-evaluates a defined variable and schedules what reads it.
        func reevaluate(_ d: Int) {
            let v = Int(defines[d])
            let before = values[v]
            evaluate(d)
            let moved = values[v] - before
            if moved != 0 { scheduleReaders(of: v, moved: moved, except: d) }
        }
        func scheduleReaders(of v: Int, moved: Double, except: Int) {
            var t = firstOccurrence[v]
            while t >= 0 {
                let d = Int(termOwner[Int(t)])
                if d != except && alive[d] { schedule(d, shift: -termCoefficient[Int(t)] * moved) }
                t = nextOccurrence[Int(t)]
            }
        }

        schedule(c, shift: delta)
        // Forward variables depend only on forward variables: settle them first, in order.
        while let d = forward.pop() { reevaluate(Int(d)) }
        // Cores read forward values; pendants read everything.
        var touchedCores = Set(coreShift.keys.map { constraintCore[Int($0)] })
        for coreID in touchedCores.sorted() {
            let core = cores[Int(coreID)]!
            let shifts = core.constraints.compactMap { d -> (Int32, Double)? in
                guard let shift = coreShift[d], shift != 0 else { return nil }
                return (d, shift)
            }
            if shifts.contains(where: { core.tags[Int(order[Int($0.0)])].marker < 0 }) {
                // A required equality has no marker to absorb the change: rebuild the core.
                do {
                    let (tableau, tags) = try makeTableau(
                        variables: core.variables, constraints: core.constraints, tracksEqualities: false)
                    cores[Int(coreID)] = CoreState(
                        tableau: tableau, constraints: core.constraints, tags: tags, variables: core.variables)
                } catch {
                    var conflict = coreConflict(variables: core.variables, constraints: core.constraints, error)
                    if case .unsatisfiable(let found) = conflict {
                        conflict = .unsatisfiable(
                            conflicts: Set(found + [ConstraintHandle(Int32(c))]).sorted())
                    }
                    throw conflict
                }
            } else {
                for (d, shift) in shifts {
                    do {
                        try cores[Int(coreID)]!.tableau.shiftConstant(
                            core.tags[Int(order[Int(d)])], by: shift, owner: order[Int(d)])
                    } catch {
                        let involved = error.owners.map { core.constraints[Int($0)] }
                        throw .unsatisfiable(
                            conflicts: derivation(of: involved + [Int32(c)]).sorted().map { ConstraintHandle($0) })
                    }
                }
            }
            let tableau = cores[Int(coreID)]!.tableau
            for v in core.variables {
                let before = values[Int(v)]
                values[Int(v)] = tableau.value(of: symbol[Int(v)])
                let moved = values[Int(v)] - before
                if moved != 0 { scheduleReaders(of: Int(v), moved: moved, except: -1) }
            }
        }
        touchedCores.removeAll()
        while let d = pendants.pop() { reevaluate(Int(d)) }
        try verifyChecks(checks)
    }
}

/// A binary min-heap of (key, value) pairs: the next constraint in dependency order.
struct MinHeap {
    private var keys: [Int32] = []
    private var items: [Int32] = []

    mutating func push(_ key: Int32, _ item: Int32) {
        keys.append(key)
        items.append(item)
        var i = keys.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard keys[parent] > keys[i] else { break }
            keys.swapAt(parent, i)
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() -> Int32? {
        guard let top = items.first else { return nil }
        let last = keys.count - 1
        keys.swapAt(0, last)
        items.swapAt(0, last)
        keys.removeLast()
        items.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1
            let r = l + 1
            var smallest = i
            if l < keys.count && keys[l] < keys[smallest] { smallest = l }
            if r < keys.count && keys[r] < keys[smallest] { smallest = r }
            if smallest == i { break }
            keys.swapAt(i, smallest)
            items.swapAt(i, smallest)
            i = smallest
        }
        return top
    }
}
