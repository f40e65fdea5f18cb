import Testing

@testable import LayoutSolver

private func c(
    _ terms: [(Variable, Double)], _ relation: Relation, _ constant: Double,
    _ priority: Priority = .required
) -> SolverConstraint {
    SolverConstraint(terms.map { LinearTerm($0.0, $0.1) }, relation, constant, priority: priority)
}

@Suite("Solver dependencies (constraintsAffectingLayout)")
struct SolverDependencyTests {
    @Test(
        "a forward chain: the definer first, then what defines its inputs; unrelated ones left out")
    func forwardChain() throws {
        var s = Solver()
        let v = s.makeVariables(4)
        let h = try s.add([
            c([(v[0], 1)], .equal, 10),  // h0: v0 = 10
            c([(v[1], 1), (v[0], -1)], .equal, 8),  // h1: v1 = v0 + 8
            c([(v[2], 1), (v[1], -1)], .equal, 8),  // h2: v2 = v1 + 8
            c([(v[3], 1)], .equal, 5),  // h3: unrelated
        ])
        #expect(s.dependencies(of: v[2]) == [h[2], h[1], h[0]])
        #expect(s.dependencies(of: v[0]) == [h[0]])
        #expect(s.dependencies(of: v[3]) == [h[3]])
    }

    @Test("a core variable depends on its whole core and on the forward values folded into it")
    func core() throws {
        var s = Solver()
        let (x, w, p) = (s.makeVariable(), s.makeVariable(), s.makeVariable())
        let h = try s.add([
            c([(p, 1)], .equal, 100),  // h0: forward
            c([(w, 1), (p, -1)], .lessOrEqual, 0),  // h1: w <= p (core)
            c([(w, 1)], .equal, 200, .high),  // h2: w == 200 @ high (core)
            c([(x, 1)], .equal, 3),  // h3: unrelated
        ])
        #expect(s.value(of: w) == 100)
        let deps = s.dependencies(of: w)
        #expect(Set(deps) == [h[0], h[1], h[2]])
        #expect(deps.last == h[0])  // the forward definer comes after the core's own
    }

    @Test("a free variable and a check: nothing determines them beyond what they read")
    func freeAndCheck() throws {
        var s = Solver()
        let (a, b, free) = (s.makeVariable(), s.makeVariable(), s.makeVariable())
        let h = try s.add([
            c([(a, 1)], .equal, 1), c([(b, 1)], .equal, 2),
            c([(a, 1), (b, 1)], .equal, 3),  // a check: both already determined
        ])
        #expect(s.dependencies(of: a) == [h[0]])
        #expect(s.dependencies(of: free).isEmpty)
    }
}
