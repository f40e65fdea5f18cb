import PropertyBased
import Testing

@testable import LayoutSolver

/// Random small systems, decoded from a list of small integers so that shrinking works:
/// every six numbers make one constraint over four variables.
struct RandomSystem: CustomStringConvertible {
    var constraints: [SolverConstraint] = []
    let variables: [Variable]

    init(genome: [Int], solver: inout Solver) {
        variables = solver.makeVariables(4)
        let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
        let priorities: [Double] = [1000, 1000, 1000, 750, 500, 250, 100]
        var i = 0
        while i + 6 <= genome.count {
            let g = Array(genome[i..<(i + 6)])
            i += 6
            var terms = [LinearTerm(variables[abs(g[0]) % 4], g[2] == 0 ? 1 : Double(g[2]))]
            if g[3] != 0 { terms.append(LinearTerm(variables[abs(g[1]) % 4], Double(g[3]))) }
            constraints.append(
                SolverConstraint(
                    terms, relations[abs(g[4]) % 3], Double(g[4] * 7 + g[5] * 3),
                    priority: Priority(priorities[abs(g[5] + g[1]) % priorities.count])))
        }
    }

    var description: String { constraints.map { "\($0)" }.joined(separator: "\n") }
}

/// Per optional priority (highest first), the summed violation: what the solver minimises.
func objective(_ solver: Solver, _ constraints: [SolverConstraint]) -> [Double] {
    let levels = Set(constraints.map(\.priority.rawValue).filter { $0 < 1000 }).sorted(by: >)
    return levels.map { level in
        constraints.filter { $0.priority.rawValue == level }.reduce(0.0) { sum, c in
            let lhs = c.terms.reduce(0.0) { $0 + $1.coefficient * solver.value(of: $1.variable) }
            let r = lhs - c.constant
            switch c.relation {
            case .equal: return sum + abs(r)
            case .lessOrEqual: return sum + max(0, r)
            case .greaterOrEqual: return sum + max(0, -r)
            }
        }
    }
}

func requiredHold(_ solver: Solver, _ handles: [ConstraintHandle]) -> Bool {
    handles.allSatisfy { h in
        (try? solver.constraint(h).priority.isRequired) != true
            || (try? solver.isSatisfied(h)) == true
    }
}

func sameObjective(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($0)) }
}

/// Adds the constraints one at a time, keeping those the solver accepts.
func buildAccepting(_ constraints: [SolverConstraint], into solver: inout Solver) -> [(
    SolverConstraint, ConstraintHandle
)] {
    var kept: [(SolverConstraint, ConstraintHandle)] = []
    for c in constraints {
        if let h = try? solver.add(c) { kept.append((c, h)) }
    }
    return kept
}

@Suite("Solver properties on random systems")
struct SolverPropertyTests {
    static let genome = Gen.int(in: -6...6).array(of: 6...60)

    @Test(
        "every accepted system satisfies its required constraints; a refused constraint changes nothing"
    )
    func refusedChangesNothing() async {
        await propertyCheck(count: 300, input: Self.genome) { genome in
            var solver = Solver()
            let system = RandomSystem(genome: genome, solver: &solver)
            var kept: [ConstraintHandle] = []
            for c in system.constraints {
                let before = system.variables.map(solver.value(of:))
                do {
                    kept.append(try solver.add(c))
                    #expect(requiredHold(solver, kept), "\(system)")
                } catch {
                    #expect(system.variables.map(solver.value(of:)) == before, "\(system)")
                }
            }
        }
    }

    /// Cores of one variable are solved without a tableau (`oneVariableOptimum`). The
    /// optimum of one variable is at a bound or at some constraint's target, so trying
    /// every target gives the lexicographic optimum to compare with, independently.
    @Test("a core of one variable reaches the lexicographic optimum, and moves with its constants")
    func oneVariableCoresReachTheOptimum() async {
        let relations: [Relation] = [.equal, .lessOrEqual, .greaterOrEqual]
        let priorities: [Double] = [1000, 1000, 750, 500, 250, 250]
        await propertyCheck(
            count: 500, input: Gen.int(in: -6...6).array(of: 4...40), Gen.int(in: -40...40)
        ) {
            genome, newConstant in
            var solver = Solver()
            let x = solver.makeVariable()
            let y = solver.makeVariable()
            // y is settled by forward substitution and folded into the core's constants.
            var constraints = [SolverConstraint([LinearTerm(y)], .equal, 3)]
            var i = 0
            while i + 4 <= genome.count {
                let g = Array(genome[i..<(i + 4)])
                i += 4
                var terms = [LinearTerm(x, g[0] == 0 ? 1 : Double(g[0]))]
                if g[3] % 2 != 0 { terms.append(LinearTerm(y, Double(g[3]))) }
                constraints.append(
                    SolverConstraint(
                        terms, relations[abs(g[1]) % 3], Double(g[2] * 5),
                        priority: Priority(priorities[abs(g[1] + g[2]) % priorities.count])))
            }
            func best(_ cs: [SolverConstraint]) -> [Double]? {
                func residual(_ c: SolverConstraint, _ xv: Double) -> Double {
                    c.terms.reduce(0.0) { $0 + $1.coefficient * ($1.variable == x ? xv : 3) }
                        - c.constant
                }
                func holds(_ c: SolverConstraint, _ xv: Double) -> Bool {
                    let r = residual(c, xv)
                    switch c.relation {
                    case .equal: return abs(r) <= 1e-9
                    case .lessOrEqual: return r <= 1e-9
                    case .greaterOrEqual: return r >= -1e-9
                    }
                }
                let levels = Set(cs.map(\.priority.rawValue).filter { $0 < 1000 }).sorted(by: >)
                func vector(_ xv: Double) -> [Double] {
                    levels.map { level in
                        cs.filter { $0.priority.rawValue == level }.reduce(0.0) { sum, c in
                            let r = residual(c, xv)
                            switch c.relation {
                            case .equal: return sum + abs(r)
                            case .lessOrEqual: return sum + max(0, r)
                            case .greaterOrEqual: return sum + max(0, -r)
                            }
                        }
                    }
                }
                let targets = cs.compactMap { c -> Double? in
                    let a = c.terms.filter { $0.variable == x }.reduce(0.0) { $0 + $1.coefficient }
                    guard a != 0 else { return nil }
                    return
                        (c.constant
                        - c.terms.filter { $0.variable == y }.reduce(0.0) {
                            $0 + $1.coefficient * 3
                        }) / a
                }
                let feasible = targets.filter { t in
                    cs.allSatisfy { !$0.priority.isRequired || holds($0, t) }
                }
                return feasible.map(vector).min { a, b in
                    for (p, q) in zip(a, b) where abs(p - q) > 1e-9 { return p < q }
                    return false
                }
            }
            guard let handles = try? solver.add(constraints) else {
                #expect(
                    best(constraints) == nil, "refused a system with a solution\n\(constraints)")
                return
            }
            if let optimum = best(constraints) {
                #expect(sameObjective(objective(solver, constraints), optimum), "\(constraints)")
            }
            // A change of constant re-solves the core; it must reach the new optimum too.
            guard constraints.count > 1 else { return }
            let index = 1 + abs(newConstant) % (constraints.count - 1)
            var changed = constraints
            changed[index].constant = Double(newConstant)
            do {
                try solver.setConstant(handles[index], to: Double(newConstant))
                if let optimum = best(changed) {
                    #expect(sameObjective(objective(solver, changed), optimum), "\(changed)")
                }
            } catch {
                #expect(
                    best(changed) == nil, "refused a change with a solution: \(error)\n\(changed)")
            }
        }
    }

    @Test(
        "changing a constant in place reaches the optimum a fresh build with that constant reaches")
    func setConstantMatchesFreshBuild() async {
        await propertyCheck(
            count: 300, input: Self.genome, Gen.int(in: 0...1000), Gen.int(in: -40...40)
        ) {
            genome, pick, newConstant in
            var solver = Solver()
            let system = RandomSystem(genome: genome, solver: &solver)
            let kept = buildAccepting(system.constraints, into: &solver)
            guard !kept.isEmpty else { return }
            let index = pick % kept.count
            let before = system.variables.map(solver.value(of:))
            var changed = kept.map(\.0)
            changed[index].constant = Double(newConstant)

            var fresh = Solver()
            let freshVariables = fresh.makeVariables(4)
            _ = freshVariables
            let freshOK = (try? fresh.add(changed)) != nil
            do {
                try solver.setConstant(kept[index].1, to: Double(newConstant))
                #expect(freshOK, "in place accepted what a fresh build refuses\n\(system)")
                #expect(requiredHold(solver, kept.map(\.1)))
                if freshOK {
                    #expect(
                        sameObjective(objective(solver, changed), objective(fresh, changed)),
                        "\(system)")
                }
            } catch {
                #expect(
                    !freshOK, "in place refused what a fresh build accepts: \(error)\n\(system)")
                #expect(system.variables.map(solver.value(of:)) == before)
            }
        }
    }

    /// The first change of a required equality inside a core rebuilds the core with a marker
    /// for it; later changes go through that marker. Both paths must agree with a fresh build.
    @Test("a run of constant changes, the same constraint again included, matches fresh builds")
    func repeatedChangesMatchFreshBuilds() async {
        let picks = Gen.int(in: 0...1000).array(of: 5)
        let values = Gen.int(in: -40...40).array(of: 1...5)
        await propertyCheck(count: 300, input: Self.genome, picks, values) {
            genome, picks, values in
            let steps = Array(zip(picks, values))
            var solver = Solver()
            let system = RandomSystem(genome: genome, solver: &solver)
            let kept = buildAccepting(system.constraints, into: &solver)
            guard !kept.isEmpty else { return }
            var current = kept.map(\.0)
            // Half the steps change the constraint of the first step again.
            let firstIndex = steps[0].0 % kept.count
            for (n, (pick, value)) in steps.enumerated() {
                let index = n % 2 == 0 ? firstIndex : pick % kept.count
                let before = system.variables.map(solver.value(of:))
                var changed = current
                changed[index].constant = Double(value)
                var fresh = Solver()
                _ = fresh.makeVariables(4)
                let freshOK = (try? fresh.add(changed)) != nil
                do {
                    try solver.setConstant(kept[index].1, to: Double(value))
                    #expect(
                        freshOK,
                        "step \(n): in place accepted what a fresh build refuses\n\(system)")
                    #expect(requiredHold(solver, kept.map(\.1)), "step \(n)\n\(system)")
                    if freshOK {
                        #expect(
                            sameObjective(objective(solver, changed), objective(fresh, changed)),
                            "step \(n)\n\(system)")
                    }
                    current = changed
                } catch {
                    #expect(
                        !freshOK,
                        "step \(n): in place refused what a fresh build accepts: \(error)\n\(system)"
                    )
                    #expect(system.variables.map(solver.value(of:)) == before)
                }
            }
        }
    }

    @Test("removing a constraint and adding it back reaches the same optimum")
    func removeThenReadd() async {
        await propertyCheck(count: 300, input: Self.genome, Gen.int(in: 0...1000)) { genome, pick in
            var solver = Solver()
            let system = RandomSystem(genome: genome, solver: &solver)
            let kept = buildAccepting(system.constraints, into: &solver)
            guard !kept.isEmpty else { return }
            let all = kept.map(\.0)
            let original = objective(solver, all)
            let (c, h) = kept[pick % kept.count]
            try solver.remove(h)
            let again = try solver.add(c)
            #expect(sameObjective(objective(solver, all), original), "\(system)")
            #expect(requiredHold(solver, kept.map(\.1).filter { $0 != h } + [again]))
        }
    }
}

@Suite("Finding components: one batch against one constraint at a time")
struct ComponentDiscoveryTests {
    @Test(
        "a batch (grouped in one pass) and single adds (searched from their variables) give the same components and solution"
    )
    func batchMatchesSingleAdds() async {
        // Twelve variables and two terms per constraint: systems fall into several
        // components, some variables in none.
        await propertyCheck(count: 300, input: Gen.int(in: -12...12).array(of: 5...100)) { genome in
            var single = Solver()
            let vars = single.makeVariables(12)
            let relations: [Relation] = [.equal, .equal, .lessOrEqual, .greaterOrEqual]
            var constraints: [SolverConstraint] = []
            var i = 0
            while i + 5 <= genome.count {
                let g = Array(genome[i..<(i + 5)])
                i += 5
                let terms = [
                    LinearTerm(vars[abs(g[0]) % 12], 1),
                    LinearTerm(vars[abs(g[1]) % 12], g[2] == 0 ? -1 : Double(g[2])),
                ]
                let priority = Priority(abs(g[4]) % 3 == 0 ? 500 : 1000)
                constraints.append(
                    SolverConstraint(
                        terms, relations[abs(g[3]) % 4], Double(g[3] * 5 + g[4]), priority: priority
                    ))
            }
            let kept = buildAccepting(constraints, into: &single).map(\.0)
            var batch = Solver()
            _ = batch.makeVariables(12)
            try batch.add(kept)
            func shape(_ s: Solver) -> [[Int32]] {
                s.independentComponents().map { $0.variables.map(\.index) }
            }
            func sizes(_ s: Solver) -> [Int] { s.independentComponents().map(\.constraints.count) }
            #expect(shape(batch) == shape(single), "\(kept)")
            #expect(sizes(batch) == sizes(single), "\(kept)")
            // Numbered in place, the components say what their list says (the one-at-a-time
            // solver also holds refused, dead constraints: in no component).
            for s in [single, batch] {
                let (variables, constraints) = s.componentNumbers()
                var listed = [Int32](repeating: -1, count: variables.count)
                var listedConstraints = [Int32](repeating: -1, count: constraints.count)
                for (n, part) in s.independentComponents().enumerated() {
                    for v in part.variables { listed[Int(v.index)] = Int32(n) }
                    for h in part.constraints { listedConstraints[Int(h.index)] = Int32(n) }
                }
                #expect(variables == listed && constraints == listedConstraints, "\(kept)")
            }
            // Where the constraints leave a variable free, each keeps the value its own
            // history gave it; everywhere else the two agree exactly.
            let free = Set(single.ambiguousVariables())
            #expect(Set(batch.ambiguousVariables()) == free, "\(kept)")
            let determined = vars.filter { !free.contains($0) }
            #expect(
                determined.map(batch.value(of:)) == determined.map(single.value(of:)), "\(kept)")
        }
    }
}
