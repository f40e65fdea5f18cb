import Testing
@testable import LayoutStore

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
            SolverConstraint([LinearTerm(v[1]), LinearTerm(v[2], -2)], .lessOrEqual, -19, priority: .high),
            SolverConstraint([LinearTerm(v[0]), LinearTerm(v[2])], .equal, 0),
            SolverConstraint([LinearTerm(v[0])], .equal, 0, priority: Priority(500)),
            SolverConstraint([LinearTerm(v[0]), LinearTerm(v[2], 6)], .lessOrEqual, -16, priority: .high),
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
}

@Suite("Solver components")
struct SolverComponentDiscoveryTests {
    @Test("an unconstrained variable between seeds does not leak into the next component")
    func unconstrainedSeed() throws {
        var s = Solver()
        let v = s.makeVariables(40)
        // Enough variables that a large component is collected by scanning marks.
        try s.add([SolverConstraint([LinearTerm(v[0])], .equal, 1)])
        try s.add((1..<39).map { SolverConstraint([LinearTerm(v[$0 + 1]), LinearTerm(v[$0], -1)], .equal, 1) })
        try s.remove(ConstraintHandle(0))
        try s.add(SolverConstraint([LinearTerm(v[1])], .equal, 5))
        #expect(s.componentVariables(of: v[1]) == Array(v[1...]))
        #expect(s.componentVariables(of: v[0]) == [v[0]])
        #expect(s.value(of: v[39]) == 43)
    }
}
