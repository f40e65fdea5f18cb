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
        let edited = editedEqualities
        var undo = Undo()
        do {
            try propagate(from: c, delta: newValue - old, undo: &undo)
        } catch {
            // Put back exactly what was there: the constant, every value and core touched.
            constant[c] = old
            editedEqualities = edited
            for (v, value) in undo.values.reversed() { values[Int(v)] = value }
            for (id, core) in undo.cores.reversed() { cores[Int(id)] = core }
            throw error
        }
    }

    /// What a change overwrote, in order, so that a refused change can be undone bit for bit.
    private struct Undo {
        var values: [(Int32, Double)] = []
        var cores: [(Int32, CoreState?)] = []
    }

    private mutating func propagate(from c: Int, delta: Double, undo: inout Undo) throws(SolverError) {
        // Both lists are in dependency order; the queues hold positions in them.
        // (A constraint without terms belongs to no component and schedules nothing here.)
        let id = Int(constraintComponent[c])
        let component = id >= 0 ? components[id]! : ComponentState(variables: [], constraints: [])
        var forward = OrderQueue()
        var pendants = OrderQueue()
        var checks: [Int32] = []
        var coreShift: [Int32: Double] = [:]
        let stamp = nextEpoch()

        func schedule(_ d: Int, shift: Double) {
            switch role[d] {
            case .forward:
                if constraintMark[d] != stamp {
                    constraintMark[d] = stamp
                    forward.insert(order[d])
                }
            case .pendant:
                if constraintMark[d] != stamp {
                    constraintMark[d] = stamp
                    pendants.insert(order[d])
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
            undo.values.append((Int32(v), before))
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
        while let i = forward.popFirst() { reevaluate(Int(component.forward[Int(i)])) }
        // Cores read forward values; pendants read everything.
        var touchedCores = Set(coreShift.keys.map { constraintCore[Int($0)] })
        for coreID in touchedCores.sorted() {
            let core = cores[Int(coreID)]!
            undo.cores.append((coreID, core))
            let shifts = core.constraints.compactMap { d -> (Int32, Double)? in
                guard let shift = coreShift[d], shift != 0 else { return nil }
                return (d, shift)
            }
            let unmarked = shifts.filter { core.tags[Int(order[Int($0.0)])].marker < 0 }
            if !unmarked.isEmpty {
                // A required equality has no marker to absorb the change: rebuild the core,
                // this time with a marker for it, so that changing it again is in place.
                for (d, _) in unmarked { editedEqualities.insert(d) }
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
                undo.values.append((v, before))
                values[Int(v)] = tableau.value(of: symbol[Int(v)])
                let moved = values[Int(v)] - before
                if moved != 0 { scheduleReaders(of: Int(v), moved: moved, except: -1) }
            }
        }
        touchedCores.removeAll()
        if pendants.count * 8 > component.pendants.count, let first = pendants.popFirst() {
            // Most pendants are due (grid: every cell reads the core's row tops and
            // height). Pendants are read only by later pendants, so one sweep from the first
            // due one is right, and cheaper than scheduling each.
            for i in Int(first)..<component.pendants.count {
                let d = Int(component.pendants[i])
                let v = Int(defines[d])
                let before = values[v]
                evaluate(d)
                if values[v] != before { undo.values.append((Int32(v), before)) }
            }
        } else {
            while let i = pendants.popFirst() { reevaluate(Int(component.pendants[Int(i)])) }
        }
        try verifyChecks(checks)
    }
}

/// Positions in a dependency order waiting to be re-evaluated, taken lowest first.
///
/// Re-evaluating a constraint only schedules constraints later in the order, so a bitmap
/// swept once from the lowest mark replaces a heap: O(marks + span / 64), no comparisons.
/// (Inserting below the sweep is still correct; the sweep steps back.)
struct OrderQueue {
    private var words: [UInt64] = []
    private var cursor = 0
    private(set) var count = 0

    mutating func insert(_ position: Int32) {
        let w = Int(position) >> 6
        if w >= words.count {
            words.append(contentsOf: repeatElement(0, count: max(w + 1, 2 * words.count) - words.count))
        }
        let bit = UInt64(1) << UInt64(position & 63)
        guard words[w] & bit == 0 else { return }
        words[w] |= bit
        count += 1
        cursor = min(cursor, w)
    }

    mutating func popFirst() -> Int32? {
        guard count > 0 else { return nil }
        while words[cursor] == 0 { cursor += 1 }
        let bit = words[cursor].trailingZeroBitCount
        words[cursor] &= words[cursor] - 1
        count -= 1
        return Int32(cursor << 6 | bit)
    }
}
