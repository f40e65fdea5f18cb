// Changing a constant in place: only what depends on it is recomputed.

extension Solver {
    /// Changes the constant of a constraint in place (`Σ terms relation constant`).
    ///
    /// Cost follows what the change moves: the variables downstream of the constraint
    /// in dependency order, and a dual-simplex pass in the cores it reaches — not the
    /// size of the system. A change that required constraints cannot follow is refused
    /// and everything stays as it was. `newValue` must keep ``NumberRule/finite``.
    ///
    ///     let gap = try solver.add(SolverConstraint([LinearTerm(b), LinearTerm(a, -1)], .equal, 8))
    ///     try solver.setConstant(gap, to: 24)   // b moves by 16, and whatever follows b
    public mutating func setConstant(_ handle: ConstraintHandle, to newValue: Double)
        throws(SolverError)
    {
        addPendingVariables()
        let c = try check(handle)
        precondition(
            NumberRule.finite.admits(newValue), "a constant is not finite (see NumberRule)")
        let old = constraintTable[constant: c]
        guard old != newValue else { return }
        constraintTable.setConstant(c, newValue)
        let edited = edits
        var undo = Undo()
        do {
            try propagate(from: c, delta: newValue - old, undo: &undo)
        } catch {
            // Put back exactly what was there: the constant, every value and core touched.
            constraintTable.setConstant(c, old)
            edits = edited
            for (v, value) in undo.values.reversed() { variableTable[value: Int(v)] = value }
            for (id, core) in undo.cores.reversed() { cores.store(core, at: id) }
            throw error
        }
    }

    /// What a change overwrote, in order, so that a refused change can be undone bit for bit.
    private struct Undo {
        var values: [(Int32, Double)] = []
        var cores: [(Int32, CoreState)] = []
    }

    private mutating func propagate(from c: Int, delta: Double, undo: inout Undo)
        throws(SolverError)
    {
        // Both lists are in dependency order; the queues hold positions in them.
        // (A constraint without terms belongs to no component and schedules nothing here.)
        let id = constraintTable[component: c]
        let component = id >= 0 ? components[id] : ComponentState(variables: [], constraints: [])
        var forward = OrderQueue()
        var pendants = OrderQueue()
        var checks: [Int32] = []
        var coreShift: [Int32: Double] = [:]
        // Readers of moved core variables are visited one by one only while that is cheaper
        // than re-evaluating every pendant in one sweep (grid: one core height is read by
        // every cell); past this many visits, the sweep takes over.
        var visitBudget = component.pendants.count / 8
        var sweepAll = false
        let stamp = scratch.startPass()

        func schedule(_ d: Int, shift: Double) {
            switch constraintTable[role: d] {
            case .forward:
                if scratch.mark(constraint: d, stamp) {
                    forward.insert(constraintTable[order: d])
                }
            case .pendant:
                if scratch.mark(constraint: d, stamp) {
                    pendants.insert(constraintTable[order: d])
                }
            case .check: checks.append(Int32(d))
            case .core: coreShift[Int32(d), default: 0] += shift
            case .unassigned, .dead: break
            }
        }
        /// Re-evaluates a defined variable and schedules what reads it.
        func reevaluate(_ d: Int) {
            let v = Int(constraintTable[defines: d])
            let before = variableTable[value: v]
            undo.values.append((Int32(v), before))
            evaluate(d)
            let moved = variableTable[value: v] - before
            if moved != 0 { scheduleReaders(of: v, moved: moved, except: d) }
        }
        func scheduleReaders(of v: Int, moved: Double, except: Int) {
            var t = termTable.firstOccurrence(of: v)
            while t >= 0 {
                let d = Int(termTable.owner(t))
                if d != except && constraintTable[role: d] != .dead {
                    schedule(d, shift: -termTable.coefficient(Int(t)) * moved)
                }
                t = termTable.next(t)
            }
        }
        /// Like `scheduleReaders`, within `visitBudget`; false when the budget ran out.
        func scheduleCoreReaders(of v: Int, moved: Double) -> Bool {
            var t = termTable.firstOccurrence(of: v)
            while t >= 0 {
                if visitBudget == 0 { return false }
                visitBudget -= 1
                let d = Int(termTable.owner(t))
                if constraintTable[role: d] != .dead {
                    schedule(d, shift: -termTable.coefficient(Int(t)) * moved)
                }
                t = termTable.next(t)
            }
            return true
        }

        schedule(c, shift: delta)
        // Forward variables depend only on forward variables: settle them first, in order.
        while let i = forward.popFirst() { reevaluate(Int(component.forward[Int(i)])) }
        // Cores read forward values; pendants read everything.
        let touchedCores = Set(coreShift.keys.map { constraintTable[core: Int($0)] }).sorted()
        for coreID in touchedCores {
            let core = cores[coreID]
            undo.cores.append((coreID, core))
            try shiftCore(coreID, core, shifts: coreShift, changed: c)
            let solved = cores[coreID]
            for v in core.variables {
                let before = variableTable[value: Int(v)]
                undo.values.append((v, before))
                variableTable[value: Int(v)] =
                    solved.tableau?.value(of: variableTable[symbol: Int(v)]) ?? solved.directValue
                let moved = variableTable[value: Int(v)] - before
                // (No `&&` here: its autoclosure would capture the counters, and captured
                // variables cost a dynamic exclusivity check on every access.)
                if moved == 0 || sweepAll { continue }
                if !scheduleCoreReaders(of: Int(v), moved: moved) { sweepAll = true }
            }
        }
        if sweepAll {
            // Pendants are read only by later pendants, and checks by nothing: re-evaluating
            // all of them in order, then verifying every check, is right.
            sweepPendants(component.pendants, changed: &undo.values)
            try verifyChecks(component.checks)
            return
        }
        while let i = pendants.popFirst() { reevaluate(Int(component.pendants[Int(i)])) }
        try verifyChecks(checks)
    }

    /// Moves the constants of a core's constraints in place, through their markers; a
    /// required equality without one gets one first.
    private mutating func shiftCore(
        _ coreID: Int32, _ core: CoreState, shifts coreShift: [Int32: Double], changed c: Int
    ) throws(SolverError) {
        let shifts = core.constraints.compactMap { d -> (Int32, Double)? in
            guard let shift = coreShift[d], shift != 0 else { return nil }
            return (d, shift)
        }
        // A core solved directly is solved again (it is one variable: cheaper than any tableau).
        guard let tableau = core.tableau else {
            try rebuildCore(coreID, core, changed: c)
            return
        }
        let unmarked = shifts.filter {
            core.tags[Int(constraintTable[order: Int($0.0)])].marker < 0
        }
        let redundant = unmarked.contains {
            core.tags[Int(constraintTable[order: Int($0.0)])].isRedundant
        }
        if !unmarked.isEmpty && !redundant && tableau.canAddMarker {
            // A required equality kept no marker (rows stay short without); give it the one
            // it would have had, from the tableau's history, and keep it from now on.
            for (d, _) in unmarked {
                let position = Int(constraintTable[order: Int(d)])
                cores[coreID].tags[position] = cores[coreID].tableau!.addMarker(
                    owner: Int32(position))
                edits.recordEdited(d)
            }
        } else if !unmarked.isEmpty {
            // No row to move (a redundant equality: only a rebuild can explain the conflict)
            // or a history grown too long to replay: rebuild the core, with markers for these.
            for (d, _) in unmarked { edits.recordEdited(d) }
            try rebuildCore(coreID, core, changed: c)
            return
        }
        let tags = cores[coreID].tags
        do {
            try cores[coreID].tableau!.shiftConstants(
                shifts.map { (d, shift) in
                    (
                        tags[Int(constraintTable[order: Int(d)])], shift,
                        constraintTable[order: Int(d)]
                    )
                })
        } catch {
            let involved = error.owners.map { core.constraints[Int($0)] }
            throw .unsatisfiable(
                conflicts: derivation(of: involved + [Int32(c)]).sorted().map {
                    ConstraintHandle($0)
                })
        }
    }

    /// Solves a core afresh from the current constants and forward values: directly when
    /// it is one variable with a single optimum, else with a new tableau. A conflict names
    /// the changed constraint `c` with the core's.
    private mutating func rebuildCore(_ coreID: Int32, _ core: CoreState, changed c: Int)
        throws(SolverError)
    {
        if let direct = directCore(variables: core.variables, constraints: core.constraints) {
            cores.store(direct, at: coreID)
            return
        }
        do {
            let (tableau, tags) = try makeTableau(
                variables: core.variables, constraints: core.constraints, tracksEqualities: false)
            cores.store(
                CoreState(
                    tableau: tableau, constraints: core.constraints, tags: tags,
                    variables: core.variables), at: coreID)
        } catch {
            var conflict = coreConflict(
                variables: core.variables, constraints: core.constraints, error)
            if case .unsatisfiable(let found) = conflict {
                conflict = .unsatisfiable(
                    conflicts: Set(found + [ConstraintHandle(Int32(c))]).sorted())
            }
            throw conflict
        }
    }

    /// Re-evaluates every pendant of `list` in order, recording each value it changes
    /// (bit for bit: -0 and 0 differ) so that a refused change can put it back.
    ///
    /// One tight pass over flat arrays: the variable table is moved out of `self` for the
    /// loop, which reads the rest of `self`, so that writing the values costs no uniqueness
    /// check per pendant (a grid has several per view).
    private mutating func sweepPendants(_ list: [Int32], changed: inout [(Int32, Double)]) {
        var table = VariableTable()
        swap(&table, &variableTable)
        table.withMutableValues { value in
            for d32 in list {
                let d = Int(d32)
                let v = Int(constraintTable[defines: d])
                let new = definedValue(d, reading: value)
                if new.bitPattern != value[v].bitPattern {
                    changed.append((Int32(v), value[v]))
                    value[v] = new
                }
            }
        }
        swap(&table, &variableTable)
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
            words.append(
                contentsOf: repeatElement(0, count: max(w + 1, 2 * words.count) - words.count))
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
