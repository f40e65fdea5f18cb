// Which constraints a value comes from: Auto Layout's constraintsAffectingLayout, read
// off the tiers the solver already keeps (no extra solving).

extension Solver {
    /// The constraints the value of `variable` depends on, the most direct first.
    ///
    /// A forward or pendant variable depends on its defining equality and, transitively,
    /// on what defines that equality's other variables; a core variable on every
    /// constraint of its core (they are solved together) and on what defines the forward
    /// values folded into them. Checks (constraints whose variables were all determined
    /// elsewhere) determine nothing and are left out; so is everything for a variable
    /// that no constraint determines (see ``ambiguousVariables()``).
    ///
    ///     var s = Solver()
    ///     let (a, b) = (s.makeVariable(), s.makeVariable())
    ///     let pin = try s.add(SolverConstraint([LinearTerm(a)], .equal, 10))
    ///     let gap = try s.add(SolverConstraint([LinearTerm(b), LinearTerm(a, -1)], .equal, 8))
    ///     s.dependencies(of: b)   // [gap, pin]
    public func dependencies(of variable: Variable) -> [ConstraintHandle] {
        guard Int(variable.index) < variableTable.count else { return [] }
        var found: [Int32] = []
        var seenConstraint = Set<Int32>()
        var seenVariable: Set<Int32> = [variable.index]
        var seenCore = Set<Int32>()
        var queue: [Int32] = [variable.index]
        var head = 0
        func take(_ c: Int32) {
            guard seenConstraint.insert(c).inserted else { return }
            found.append(c)
            for t in terms(of: Int(c)) where seenVariable.insert(termTable.variable(t)).inserted {
                queue.append(termTable.variable(t))
            }
        }
        while head < queue.count {
            let v = Int(queue[head])
            head += 1
            switch variableTable[role: v] {
            case .forward, .pendant:
                take(variableTable[definer: v])
            case .core:
                let id = variableTable[definer: v]
                guard seenCore.insert(id).inserted, let core = cores.element(id) else { continue }
                // The constraints that mention the variable itself first: they read as
                // the direct reasons; the rest of the core follows in index order.
                let direct = core.constraints.filter { c in
                    terms(of: Int(c)).contains { Int(termTable.variable($0)) == v }
                }
                for c in direct { take(c) }
                for c in core.constraints { take(c) }
            case .unconstrained, .unknown, .free:
                continue
            }
        }
        return found.map { ConstraintHandle($0) }
    }
}
