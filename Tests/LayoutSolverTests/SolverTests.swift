import Testing

@testable import LayoutSolver

/// A tiny DSL for solver tests: `eq([x: 1, y: -1], 8)` is `x - y == 8`.
private func c(
    _ terms: [(Variable, Double)], _ relation: Relation, _ constant: Double,
    _ priority: Priority = .required
) -> SolverConstraint {
    SolverConstraint(terms.map { LinearTerm($0.0, $0.1) }, relation, constant, priority: priority)
}

@Suite("Solver")
struct SolverTests {
    @Test("a chain of required equalities is solved by substitution")
    func chain() throws {
        var s = Solver()
        let v = s.makeVariables(3)
        try s.add([
            c([(v[2], 1), (v[1], -1)], .equal, 8),
            c([(v[1], 1), (v[0], -1)], .equal, 8),
            c([(v[0], 1)], .equal, 10),
        ])
        #expect(v.map(s.value(of:)) == [10, 18, 26])
        #expect(s.ambiguousVariables().isEmpty)
    }

    @Test("simultaneous equations are solved together")
    func simultaneous() throws {
        var s = Solver()
        let (a, b) = (s.makeVariable(), s.makeVariable())
        try s.add([c([(a, 1), (b, -1)], .equal, 0), c([(a, 1), (b, 1)], .equal, 100)])
        #expect(s.value(of: a) == 50)
        #expect(s.value(of: b) == 50)
    }

    @Test("a required constraint beats an optional one; inequalities bound the optimum")
    func requiredBeatsOptional() throws {
        var s = Solver()
        let w = s.makeVariable()
        try s.add([c([(w, 1)], .greaterOrEqual, 80), c([(w, 1)], .equal, 40, .low)])
        #expect(s.value(of: w) == 80)
        #expect(s.unsatisfiedConstraints().count == 1)
    }

    @Test("a higher priority wins over any number of lower ones (unlike summed weights)")
    func lexicographicPriorities() throws {
        // kiwi's weights 10^(9p/1000): two constraints at 499 outweigh one at 500 (2 x 31k > 32k),
        // so a weighted solver puts x at 0. Auto Layout's meaning keeps the 500 one: x = 100.
        var s = Solver()
        let x = s.makeVariable()
        try s.add([
            c([(x, 1)], .equal, 100, Priority(500)),
            c([(x, 1)], .equal, 0, Priority(499)),
            c([(x, 1)], .equal, 0, Priority(499)),
        ])
        #expect(s.value(of: x) == 100)
    }

    @Test("within one priority, violations add up")
    func samePrioritySums() throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add([
            c([(x, 1)], .equal, 100, .low), c([(x, 1)], .equal, 0, .low),
            c([(x, 1)], .equal, 0, .low),
        ])
        #expect(s.value(of: x) == 0)
    }

    @Test("an unsatisfiable required constraint is refused, naming what it conflicts with")
    func conflictNamesConstraints() throws {
        var s = Solver()
        let (a, b) = (s.makeVariable(), s.makeVariable())
        let h = try s.add([
            c([(a, 1)], .equal, 10), c([(b, 1), (a, -1)], .equal, 5),
            c([(b, 1)], .equal, 99, .high),
        ])
        let before = [s.value(of: a), s.value(of: b)]
        #expect(throws: SolverError.unsatisfiable(conflicts: [h[0], h[1], ConstraintHandle(3)])) {
            try s.add(c([(b, 1)], .lessOrEqual, 12))
        }
        #expect([s.value(of: a), s.value(of: b)] == before)
        #expect(!s.contains(ConstraintHandle(3)))
        #expect(s.independentComponents().map(\.constraints.count) == [3])
    }

    @Test("a conflict inside the simplex core is refused and leaves values unchanged")
    func coreConflict() throws {
        var s = Solver()
        let (a, b) = (s.makeVariable(), s.makeVariable())
        try s.add([c([(a, 1), (b, 1)], .equal, 100), c([(a, 1)], .greaterOrEqual, 60)])
        let before = [s.value(of: a), s.value(of: b)]
        #expect(throws: SolverError.self) { try s.add(c([(b, 1)], .greaterOrEqual, 50)) }
        #expect([s.value(of: a), s.value(of: b)] == before)
    }

    @Test("changing a constant in place moves everything downstream, and only that")
    func setConstantForward() throws {
        var s = Solver()
        let v = s.makeVariables(4)
        let h = try s.add([
            c([(v[0], 1)], .equal, 0),
            c([(v[1], 1), (v[0], -1)], .equal, 8),
            c([(v[2], 1), (v[1], -1)], .equal, 8),
            c([(v[3], 1)], .equal, 5),
        ])
        try s.setConstant(h[1], to: 24)
        #expect(v.map(s.value(of:)) == [0, 24, 32, 5])
        #expect(try s.constraint(h[1]).constant == 24)
    }

    @Test("changing a constant inside a core re-optimises with the dual simplex")
    func setConstantCore() throws {
        var s = Solver()
        let (w, x) = (s.makeVariable(), s.makeVariable())
        let h = try s.add([
            c([(w, 1)], .greaterOrEqual, 80),
            c([(w, 1)], .equal, 120, .low),
            c([(x, 1), (w, -1)], .equal, 8),
        ])
        #expect(s.value(of: x) == 128)
        try s.setConstant(h[0], to: 200)  // the minimum now wins over the preference
        #expect(s.value(of: w) == 200)
        #expect(s.value(of: x) == 208)
        try s.setConstant(h[1], to: 300)  // the preference can hold again
        #expect(s.value(of: w) == 300)
        try s.setConstant(h[0], to: 80)
        #expect(s.value(of: w) == 300)
    }

    /// Rows stacked top to bottom with equal heights, filling 0...100: the heights are found
    /// only by solving the chain as a whole, so the gaps sit in a simplex core, which keeps
    /// no markers for required equalities. Changing one gets it its marker from the
    /// tableau's history (no rebuild); each result must be what a fresh build gives.
    @Test(
        "a required equality inside a core changes in place, again and again, as a fresh build would"
    )
    func setConstantOfCoreEquality() throws {
        func stack(gaps: [Double]) throws -> (Solver, [Variable], [ConstraintHandle]) {
            var s = Solver()
            let top = s.makeVariables(5)
            let height = s.makeVariables(5)
            var cs = [c([(top[0], 1)], .equal, 0)]
            var gapHandles: [Int] = []
            for i in 1..<5 {
                gapHandles.append(cs.count)
                cs.append(
                    c([(top[i], 1), (top[i - 1], -1), (height[i - 1], -1)], .equal, gaps[i - 1]))
                cs.append(c([(height[i], 1), (height[0], -1)], .equal, 0))
            }
            cs.append(c([(top[4], 1), (height[4], 1)], .equal, 100))
            cs.append(c([(height[0], 1)], .greaterOrEqual, 10))
            cs.append(c([(height[0], 1)], .equal, 30, .low))
            let h = try s.add(cs)
            return (s, top + height, gapHandles.map { h[$0] })
        }
        var gaps: [Double] = [4, 4, 4, 4]
        var (s, v, gapHandles) = try stack(gaps: gaps)
        #expect(s.value(of: v[5]) == 16.8)
        for (i, value) in [(1, 14.0), (2, 0), (1, 2), (3, 9), (1, 14)] {
            try s.setConstant(gapHandles[i], to: value)
            gaps[i] = value
            let (fresh, fv, _) = try stack(gaps: gaps)
            for (a, b) in zip(v, fv) { #expect(abs(s.value(of: a) - fresh.value(of: b)) < 1e-9) }
        }
        // Gaps that leave less than 10 per row cannot hold: refused, nothing moved.
        let before = v.map(s.value(of:))
        #expect(throws: SolverError.self) { try s.setConstant(gapHandles[2], to: 50) }
        #expect(v.map(s.value(of:)) == before)
    }

    @Test("a redundant required equality cannot move alone: the change is refused")
    func setConstantOfRedundantEquality() throws {
        var s = Solver()
        let (a, b) = (s.makeVariable(), s.makeVariable())
        let h = try s.add([
            c([(a, 1), (b, 1)], .equal, 10),
            c([(a, 1), (b, -1)], .equal, 2),
            c([(a, 2)], .equal, 12),  // implied by the two above
        ])
        #expect(throws: SolverError.self) { try s.setConstant(h[2], to: 14) }
        #expect((s.value(of: a), s.value(of: b)) == (6, 4))
        #expect(throws: SolverError.self) { try s.setConstant(h[0], to: 12) }  // nor can the sum
        #expect((s.value(of: a), s.value(of: b)) == (6, 4))
        #expect(try s.constraint(h[0]).constant == 10)
    }

    @Test("a constant change that breaks a required constraint is refused and undone")
    func setConstantConflict() throws {
        var s = Solver()
        let (a, b) = (s.makeVariable(), s.makeVariable())
        let h = try s.add([
            c([(a, 1)], .equal, 10), c([(b, 1), (a, -1)], .equal, 5), c([(b, 1)], .lessOrEqual, 20),
        ])
        #expect(throws: SolverError.self) { try s.setConstant(h[0], to: 30) }
        #expect(s.value(of: a) == 10)
        #expect(s.value(of: b) == 15)
        #expect(try s.constraint(h[0]).constant == 10)
        try s.setConstant(h[0], to: 12)
        #expect(s.value(of: b) == 17)
    }

    @Test("removing a constraint re-solves its component; its handle is then unknown")
    func remove() throws {
        var s = Solver()
        let x = s.makeVariable()
        let h = try s.add([c([(x, 1)], .equal, 10), c([(x, 1)], .equal, 50, .low)])
        try s.remove(h[0])
        #expect(s.value(of: x) == 50)
        #expect(throws: SolverError.unknownConstraint(h[0])) { try s.remove(h[0]) }
        #expect(throws: SolverError.unknownConstraint(h[0])) { try s.setConstant(h[0], to: 1) }
    }

    @Test("priorities change in place; making a constraint required can be refused")
    func setPriority() throws {
        var s = Solver()
        let x = s.makeVariable()
        let h = try s.add([c([(x, 1)], .equal, 10, .low), c([(x, 1)], .equal, 50, Priority(300))])
        #expect(s.value(of: x) == 50)
        try s.setPriority(h[0], to: Priority(400))
        #expect(s.value(of: x) == 10)
        try s.setPriority(h[1], to: .required)
        #expect(s.value(of: x) == 50)
        #expect(throws: SolverError.self) { try s.setPriority(h[0], to: .required) }
        #expect(s.value(of: x) == 50)
    }

    @Test("edit variables follow suggested values as far as constraints allow")
    func editVariables() throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add(c([(x, 1)], .lessOrEqual, 100))
        try s.addEditVariable(x, priority: .high)
        try s.suggestValue(x, 40)
        #expect(s.value(of: x) == 40)
        try s.suggestValue(x, 140)
        #expect(s.value(of: x) == 100)
        #expect(throws: SolverError.duplicateEditVariable(x)) {
            try s.addEditVariable(x, priority: .low)
        }
        #expect(throws: SolverError.requiredEditPriority) {
            try s.addEditVariable(s.makeVariable(), priority: .required)
        }
        try s.removeEditVariable(x)
        #expect(throws: SolverError.unknownEditVariable(x)) { try s.suggestValue(x, 1) }
    }

    @Test("ambiguity: variables the constraints leave free are reported")
    func ambiguity() throws {
        var s = Solver()
        let (x, y, z) = (s.makeVariable(), s.makeVariable(), s.makeVariable())
        try s.add(c([(x, 1), (y, 1)], .equal, 100))
        #expect(Set(s.ambiguousVariables()) == [x, y, z])
        try s.add(c([(x, 1)], .equal, 30))
        #expect(s.ambiguousVariables() == [z])
        #expect(s.value(of: y) == 70)
    }

    @Test("independent constraints form separate components")
    func components() throws {
        var s = Solver()
        let v = s.makeVariables(4)
        try s.add([
            c([(v[0], 1), (v[2], 1)], .equal, 10), c([(v[1], 1), (v[3], -1)], .equal, 0),
            c([(v[3], 1)], .equal, 7),
        ])
        let parts = s.independentComponents()
        #expect(parts.map(\.variables) == [[v[0], v[2]], [v[1], v[3]]])
        #expect(s.componentVariables(of: v[3]) == [v[1], v[3]])
    }

    @Test("the same constraints in another order give the same solution")
    func orderIndependence() throws {
        let build: ([Int]) throws -> [Double] = { order in
            var s = Solver()
            let v = s.makeVariables(3)
            let all = [
                c([(v[0], 1)], .greaterOrEqual, 10), c([(v[1], 1), (v[0], -1)], .equal, 20),
                c([(v[2], 1), (v[1], -1)], .greaterOrEqual, 5), c([(v[2], 1)], .equal, 0, .low),
                c([(v[0], 1)], .equal, 0, .high),
            ]
            try s.add(order.map { all[$0] })
            return v.map(s.value(of:))
        }
        let expected = try build([0, 1, 2, 3, 4])
        #expect(expected == [10, 30, 35])
        #expect(try build([4, 3, 2, 1, 0]) == expected)
        #expect(try build([2, 0, 4, 1, 3]) == expected)
    }

    @Test("the number rule refuses NaN and infinity, and negative sizes, with one error")
    func numberRule() {
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(!NumberRule.finite.admits(bad))
            #expect(!NumberRule.size.admits(bad))
        }
        #expect(NumberRule.finite.admits(-1e308) && NumberRule.finite.admits(-0.0))
        #expect(!NumberRule.size.admits(-0.5) && NumberRule.size.admits(0))
        #expect(throws: InvalidNumber(what: "a constant", value: .infinity, rule: .finite)) {
            try NumberRule.finite.check(.infinity, "a constant")
        }
        #expect(
            InvalidNumber(what: "a frame's size", value: -4, rule: .size).description
                == "a frame's size must be a finite number >= 0, not -4")
        #expect(
            InvalidNumber(what: "a constant", value: .nan, rule: .finite).description
                == "a constant must be a finite number, not nan")
    }

    @Test("a batch with one bad constraint stores none of its constraints")
    func badBatchStoresNothing() throws {
        var s = Solver()
        let x = s.makeVariable()
        let y = s.makeVariable()
        let fixX = try s.add(c([(x, 1)], .equal, 5))
        var other = Solver()
        let foreign = other.makeVariables(3)[2]
        #expect(throws: SolverError.unknownVariable(foreign)) {
            try s.add([c([(y, 1), (x, -1)], .equal, 10), c([(foreign, 1)], .equal, 1)])
        }
        #expect(throws: SolverError.unknownVariable(foreign)) {
            try s.add([c([(y, 1)], .equal, 3), c([(x, 1), (foreign, 1)], .equal, 2)])
        }
        // Neither `y == x + 10` nor `y == 3` is in: `y == x + 1` is the only word on y,
        // and a change to x reaches y through x's occurrences alone.
        try s.add(c([(y, 1), (x, -1)], .equal, 1))
        #expect(s.value(of: y) == 6)
        try s.setConstant(fixX, to: 7)
        #expect(s.value(of: y) == 8)
    }

    @Test("a ConstraintBatch adds what the same array of constraints adds, handles in order")
    func batchMatchesArray() throws {
        let constraints: (Variable, Variable, Variable) -> [SolverConstraint] = { x, y, w in
            [
                c([(x, 1)], .equal, 16),
                c([(y, 1), (x, -1), (w, -1)], .equal, 8),  // y == x + w + 8
                c([(w, 1)], .greaterOrEqual, 44),
                c([(w, 1)], .equal, 30, .high),
                c([(w, 1), (w, 1)], .lessOrEqual, 200),  // repeated terms are merged: 2w <= 200
            ]
        }
        var a = Solver()
        let va = a.makeVariables(3)
        let ha = try a.add(constraints(va[0], va[1], va[2]))

        var b = Solver()
        let vb = b.makeVariables(3)
        var batch = ConstraintBatch()
        for constraint in constraints(vb[0], vb[1], vb[2]) {
            for t in constraint.terms { batch.appendTerm(t.variable, t.coefficient) }
            #expect(batch.hasOpenConstraint)
            batch.endConstraint(
                constraint.relation, constraint.constant, priority: constraint.priority)
        }
        #expect(!batch.hasOpenConstraint)
        #expect(batch.count == 5)
        #expect(batch[1] == constraints(vb[0], vb[1], vb[2])[1])
        let hb = try b.add(batch)

        #expect(hb == ha)
        #expect(vb.map(b.value(of:)) == va.map(a.value(of:)))
        #expect(vb.map(b.value(of:)) == [16, 68, 44])
        #expect(try b.constraint(hb[4]) == c([(vb[2], 2)], .lessOrEqual, 200))
    }

    @Test("a batch constraint without terms is a plain check: 0 == 5 is refused")
    func batchConstraintWithoutTerms() throws {
        var s = Solver()
        let x = s.makeVariable()
        var batch = ConstraintBatch()
        batch.appendTerm(x)
        batch.endConstraint(.equal, 3)
        batch.endConstraint(.equal, 5)  // no terms: 0 == 5
        #expect(throws: SolverError.unsatisfiable(conflicts: [ConstraintHandle(1)])) {
            try s.add(batch)
        }
        #expect(s.value(of: x) == 0)
        #expect(!s.contains(ConstraintHandle(0)))
    }

    @Test("variables take no state until a change reaches them, and read as unconstrained")
    func variablesWaitForTheirFirstChange() throws {
        var s = Solver()
        let made = s.makeVariables(3)
        let x = s.makeVariable()
        #expect(s.variableCount == 4 && s.variableTable.count == 0)
        #expect(made.map(s.value(of:)) == [0, 0, 0] && s.value(of: x) == 0)
        #expect(s.ambiguousVariables() == made + [x])
        #expect(s.componentVariables(of: x) == [x])
        #expect(s.dependencies(of: x).isEmpty)
        // The first batch gives every variable made so far its state.
        let pin = try s.add(c([(made[0], 1)], .equal, 10))
        #expect(s.variableTable.count == 4)
        let later = s.makeVariable()
        #expect(s.variableCount == 5 && s.variableTable.count == 4)
        #expect(s.value(of: later) == 0 && s.ambiguousVariables().contains(later))
        // A change that names none of the new variables gives them state as well.
        try s.setConstant(pin, to: 12)
        #expect(s.variableTable.count == 5)
        try s.add(c([(later, 1), (made[0], -1)], .equal, 8))
        #expect(s.value(of: later) == 20)
        #expect(s.ambiguousVariables() == [made[1], made[2], x])
        // A refused batch gives them state too; the variable stays unconstrained.
        let y = s.makeVariable()
        #expect(throws: SolverError.self) {
            try s.add([c([(y, 1)], .equal, 1), c([(y, 1)], .equal, 2)])
        }
        #expect(s.variableTable.count == 6 && s.ambiguousVariables().contains(y))
    }
}
