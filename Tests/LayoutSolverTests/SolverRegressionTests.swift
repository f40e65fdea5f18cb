import Testing

@testable import LayoutSolver

@Suite("Solver regressions (from property tests)")
struct SolverRegressionTests {
    /// Shrunk from the property "in place reaches the fresh optimum": after the first
    /// inequality relaxes, the priority-500 preference must pull v0 down to 3.2.
    @Test("a relaxed optional inequality lets a lower priority be re-optimised")
    func relaxedInequality() throws {
        var s = Solver()
        let v = s.makeVariables(3)
        let h = try s.add([
            SolverConstraint([LinearTerm(v[0]), LinearTerm(v[1])], .equal, 0),
            SolverConstraint(
                [LinearTerm(v[1]), LinearTerm(v[2], -2)], .lessOrEqual, -19, priority: .high),
            SolverConstraint([LinearTerm(v[0]), LinearTerm(v[2])], .equal, 0),
            SolverConstraint([LinearTerm(v[0])], .equal, 0, priority: Priority(500)),
            SolverConstraint(
                [LinearTerm(v[0]), LinearTerm(v[2], 6)], .lessOrEqual, -16, priority: .high),
        ])
        #expect(abs(s.value(of: v[0]) - 3.2) < 1e-9)
        try s.setConstant(h[1], to: 4)
        #expect(abs(s.value(of: v[0]) - 3.2) < 1e-9)
    }

    /// Shrunk from the property "a run of constant changes matches fresh builds": moving v0
    /// by 58 shifts both inequalities over it; shifted one at a time, the tableau passed
    /// through `v1 <= -5 && v1 >= -4` and refused a change a fresh build accepts.
    @Test("every constraint a change shifts moves before feasibility is judged")
    func simultaneousShifts() throws {
        var s = Solver()
        let v = s.makeVariables(2)
        let h = try s.add([
            SolverConstraint([LinearTerm(v[0])], .equal, -3),
            SolverConstraint([LinearTerm(v[0]), LinearTerm(v[1])], .lessOrEqual, 22),
            SolverConstraint([LinearTerm(v[1]), LinearTerm(v[0])], .greaterOrEqual, -35),
        ])
        try s.setConstant(h[0], to: -31)
        try s.setConstant(h[0], to: 27)
        #expect(s.value(of: v[0]) == 27)
        #expect((-62...(-5)).contains(s.value(of: v[1])))
    }

    /// A long drag pivots a core back and forth; each pivot adds to the tableau's history
    /// of row-constant steps. It must not grow for ever: past its budget it is dropped,
    /// and a required equality changed after that gets its marker by a rebuild.
    @Test("a tableau's history is dropped once it outgrows its budget")
    func historyBudget() throws {
        var t = Tableau(priorities: [250])
        let x = t.makeSymbol(.external)
        let y = t.makeSymbol(.external)
        _ = try t.add(
            terms: [(x, 1), (y, -1)], relation: .equal, constant: 0, priority: 1000, owner: 0)
        _ = try t.add(
            terms: [(x, 1)], relation: .lessOrEqual, constant: 10, priority: 1000, owner: 1)
        let wish = try t.add(
            terms: [(x, 1)], relation: .equal, constant: 5, priority: 250, owner: 2)
        #expect(t.canAddMarker)
        var changes = 0
        while t.canAddMarker && changes < 100_000 {
            // 5 -> 20 -> 5: the cap takes over and lets go, a pivot each way.
            try t.shiftConstants([(wish, changes % 2 == 0 ? 15 : -15, 2)])
            changes += 1
        }
        #expect(!t.canAddMarker)
        #expect((100..<100_000).contains(changes))
        #expect(t.value(of: x) == (changes % 2 == 0 ? 5 : 10))
        #expect(t.value(of: y) == t.value(of: x))
    }
}

@Suite("Solver components")
struct SolverComponentDiscoveryTests {
    @Test("an unconstrained variable between seeds does not leak into the next component")
    func unconstrainedSeed() throws {
        var s = Solver()
        let v = s.makeVariables(40)
        // Enough variables that a large component is collected by scanning marks.
        try s.add([SolverConstraint([LinearTerm(v[0])], .equal, 1)])
        try s.add(
            (1..<39).map {
                SolverConstraint([LinearTerm(v[$0 + 1]), LinearTerm(v[$0], -1)], .equal, 1)
            })
        try s.remove(ConstraintHandle(0))
        try s.add(SolverConstraint([LinearTerm(v[1])], .equal, 5))
        #expect(s.componentVariables(of: v[1]) == Array(v[1...]))
        #expect(s.componentVariables(of: v[0]) == [v[0]])
        #expect(s.value(of: v[39]) == 43)
    }
}
