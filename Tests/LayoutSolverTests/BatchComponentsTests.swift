import Testing

@testable import LayoutSolver

/// `ConstraintBatch.components(containing:variableCount:)` is what a constant edit from a
/// kept image solves: the seeds' connected components, in batch order, over their
/// variables renumbered.
@Suite("The components of a batch a changed constraint reaches")
struct BatchComponentsTests {
    /// Two components: x0 - x1 (constraints 0 and 1) and x2 (constraint 2).
    func twoParts() -> ConstraintBatch {
        var batch = ConstraintBatch()
        batch.appendTerm(Variable(0))
        batch.endConstraint(.equal, 10)
        batch.appendTerm(Variable(1))
        batch.appendTerm(Variable(0), -1)
        batch.endConstraint(.equal, 5)
        batch.appendTerm(Variable(2))
        batch.endConstraint(.greaterOrEqual, 3)
        return batch
    }

    @Test("a seed reaches its own component only, its variables renumbered in order")
    func oneOfTwo() throws {
        let batch = twoParts()
        let part = try #require(batch.components(containing: [2], variableCount: 3))
        #expect(part.variables == [2])
        #expect(part.batch.count == 1)
        #expect(part.batch[0] == SolverConstraint([LinearTerm(Variable(0), 1)], .greaterOrEqual, 3))
        let first = try #require(batch.components(containing: [1], variableCount: 3))
        #expect(first.variables == [0, 1])
        #expect(first.batch.count == 2)
        #expect(first.batch[1] == batch[1])
    }

    @Test("a batch that is one component comes back as it is, every variable kept")
    func wholeBatch() throws {
        let batch = twoParts()
        let all = try #require(batch.components(containing: [0, 2], variableCount: 3))
        #expect(all.variables == [0, 1, 2])
        #expect(all.batch.count == batch.count)
        for i in 0..<batch.count { #expect(all.batch[i] == batch[i]) }
    }

    @Test("a constraint without terms is left out of the part; as a seed it gives nil")
    func termless() throws {
        var batch = twoParts()
        batch.endConstraint(.equal, 0)  // no terms: a check of constants only
        let all = try #require(batch.components(containing: [0, 2], variableCount: 3))
        #expect(all.batch.count == 3, "the check is not in the part")
        #expect(batch.components(containing: [3], variableCount: 3) == nil)
    }

    @Test("a batch's components are told before they are solved, as they stay after")
    func componentsBeforeTheSolve() throws {
        var solver = Solver()
        for _ in 0..<3 { _ = solver.makeVariable() }
        var told: (handles: [ConstraintHandle], numbers: Solver.ComponentNumbers)?
        let handles = try solver.add(twoParts()) { handles, numbers in
            told = (handles, numbers)
        }
        let seen = try #require(told)
        #expect(seen.handles == handles)
        let after = solver.componentNumbers()
        #expect(seen.numbers.variables == after.variables)
        #expect(seen.numbers.constraints == after.constraints)
        // x0 and x1 together, x2 apart.
        #expect(after.variables[0] == after.variables[1])
        #expect(after.variables[2] != after.variables[0])
        #expect(solver.value(of: Variable(1)) == 15)

        // A batch refused before its components are found tells nothing.
        var refused = ConstraintBatch()
        refused.appendTerm(Variable(7))
        refused.endConstraint(.equal, 1)
        told = nil
        #expect(throws: SolverError.self) {
            _ = try solver.add(refused) { handles, numbers in told = (handles, numbers) }
        }
        #expect(told == nil)
    }
}
