import Testing

@testable import LayoutSolver

/// The solver's state types keep their invariants behind their APIs: these pin the ones a
/// caller inside the module relies on.
@Suite("Solver state: variable, constraint and scratch tables")
struct SolverStateTests {
    @Test("a new pass forgets every older mark, also when the epochs start again")
    func marksAcrossTheRestart() {
        var marks = ScratchMarks(epoch: ScratchMarks.restartEpoch - 2)
        marks.appendVariables(2)
        marks.appendConstraints(1)
        var stamps: [UInt32] = []
        for _ in 0..<4 {
            let stamp = marks.startPass()
            stamps.append(stamp)
            // Marked once per pass: the first mark counts, the second finds it there.
            let first = marks.mark(variable: 0, stamp)
            let second = marks.mark(variable: 0, stamp)
            let constraint = marks.mark(constraint: 0, stamp)
            #expect(first && !second && constraint)
            // Variable 1 is marked only before the restart.
            if stamp > 2 { _ = marks.mark(variable: 1, stamp) }
            #expect(marks.variableMark(1) <= stamp)
        }
        #expect(stamps == [ScratchMarks.restartEpoch - 1, ScratchMarks.restartEpoch, 1, 2])
        // After the restart, an old mark reads as older than the current pass (0: never).
        #expect(marks.variableMark(1) == 0)
    }

    @Test("epochs taken inside a pass keep growing past the restart point")
    func epochsGrowWithinAPass() {
        var marks = ScratchMarks(epoch: ScratchMarks.restartEpoch - 1)
        marks.appendVariables(3)
        let start = marks.startPass()
        _ = marks.mark(variable: 0, start)
        let second = marks.nextEpochInPass()
        let third = marks.nextEpochInPass()
        _ = marks.mark(variable: 1, third)
        #expect(start == ScratchMarks.restartEpoch && second == start + 1 && third == start + 2)
        // Every mark of the pass still reads as of this pass: none was cleared.
        #expect(marks.variableMark(0) >= start && marks.variableMark(1) >= start)
        #expect(marks.variableMark(2) < start)
        // The next pass starts again at 1.
        #expect(marks.startPass() == 1 && marks.variableMark(1) == 0)
    }

    @Test("a solver whose epochs start again mid-way solves as a fresh one does")
    func solverAcrossTheWrapAround() throws {
        func build(_ s: inout Solver) throws -> ([Variable], [ConstraintHandle]) {
            let v = s.makeVariables(4)
            let h = try s.add([
                SolverConstraint([LinearTerm(v[0])], .equal, 10),
                SolverConstraint([LinearTerm(v[1]), LinearTerm(v[0], -1)], .equal, 8),
                SolverConstraint([LinearTerm(v[2]), LinearTerm(v[1], -1)], .greaterOrEqual, 4),
                SolverConstraint([LinearTerm(v[2])], .equal, 0, priority: .low),
                SolverConstraint([LinearTerm(v[3]), LinearTerm(v[2], -2)], .equal, 0),
            ])
            return (v, h)
        }
        var wrapped = Solver()
        wrapped.scratch = ScratchMarks(epoch: ScratchMarks.restartEpoch - 2)
        var fresh = Solver()
        let (v, h) = try build(&wrapped)
        _ = try build(&fresh)
        // Each operation is at least one pass: together they cross the restart.
        var last = h[4]
        for constant in [20.0, 30, 40, 50] {
            try wrapped.setConstant(h[0], to: constant)
            try fresh.setConstant(h[0], to: constant)
            try wrapped.remove(last)
            try fresh.remove(last)
            let again = SolverConstraint(
                [LinearTerm(v[3]), LinearTerm(v[2], -2)], .equal, constant)
            last = try wrapped.add(again)
            #expect(try fresh.add(again) == last)
            for x in v { #expect(wrapped.value(of: x) == fresh.value(of: x)) }
        }
        #expect(wrapped.value(of: v[2]) == 62)
    }

    @Test("constraints count once committed; a refused one leaves nothing behind")
    func constraintsAreCommittedOrRemoved() {
        var table = ConstraintTable()
        table.append(relation: .equal, constant: 1, priority: 1000)
        table.append(relation: .lessOrEqual, constant: 2, priority: 250)
        #expect(table.count == 2 && table.committed == 0)
        #expect(!table.isLive(0))
        #expect(table.commit() == 0..<2)
        #expect(table.isLive(0) && table.isLive(1) && !table.isLive(2) && !table.isLive(-1))
        #expect(table.isRequiredEquality(0) && !table.isRequiredEquality(1))
        table.append(relation: .equal, constant: 3, priority: 1000)
        table.removeAppended(from: 2)
        #expect(table.count == 2 && table.committed == 2)
        table.kill(1)
        #expect(!table.isLive(1))
        // Handles are not reused: the next constraint is number 2.
        table.append(relation: .equal, constant: 4, priority: 1000)
        #expect(table.commit() == 2..<3)
        #expect(table[constant: 2] == 4 && table[role: 2] == .unassigned)
    }

    @Test("a variable's definer follows its role: a constraint, a core, or none")
    func variableDefinersFollowRoles() {
        var table = VariableTable()
        table.append(3)
        #expect(table.count == 3)
        #expect(
            (0..<3).allSatisfy { table[role: $0] == .unconstrained && table[component: $0] == -1 })
        table.enter(0, component: 7)
        table.define(0, as: .forward, by: 5)
        table.enter(1, component: 7)
        table.place(1, inCore: 2, symbol: 0)
        #expect(table[role: 0] == .forward && table[definer: 0] == 5)
        #expect(table[role: 1] == .core && table[definer: 1] == 2 && table[symbol: 1] == 0)
        // Entering a component again forgets the old definer.
        table.enter(0, component: 8)
        #expect(table[role: 0] == .unknown && table[definer: 0] == -1 && table[component: 0] == 8)
        // Leaving a component the variable is no longer in changes nothing.
        table.leave(0, component: 7)
        #expect(table[component: 0] == 8)
        table.leave(0, component: 8)
        #expect(table[component: 0] == -1)
    }
}

@Suite("Solver state: the pass counter's wrap-around")
struct SolverEpochWrapTests {
    /// The search for components marks each one it finds with an epoch of its own and takes
    /// a seed marked at or after the pass's first epoch as found. Were the counter to wrap
    /// inside that pass, the marks already made would be cleared and a component found
    /// again for each of its later seeds.
    @Test("a component search that straddles the wrap finds each component once")
    func searchAcrossTheWrap() throws {
        var s = Solver()
        // The counter near its end: a search taking epochs from here would wrap mid-pass.
        s.scratch = ScratchMarks(epoch: UInt32.max - 2)
        // Enough variables that three seeds are searched from, not grouped in bulk.
        let v = s.makeVariables(24)
        try s.add([
            SolverConstraint([LinearTerm(v[0])], .equal, 1),
            SolverConstraint([LinearTerm(v[2])], .equal, 2),
            SolverConstraint([LinearTerm(v[1]), LinearTerm(v[0], -1)], .equal, 3),
        ])
        let components = s.independentComponents()
        #expect(components.map(\.variables) == [[v[0], v[1]], [v[2]]])
        #expect(s.value(of: v[1]) == 4)
    }
}
