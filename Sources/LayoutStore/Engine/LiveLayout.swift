import LayoutScript
import LayoutSolver

/// A solved layout kept in memory: change constants in place (the solver's fast path,
/// no rebuild) and ask which constraints determine a view. Pure: no store, no SQL.
///
///     var live = try LiveLayout(input)
///     try live.setConstant(ofConstraint: 3, to: 44)   // input.constraints[3]
///     live.frames[0]                                  // the first view, re-solved
///     live.reasons(view: 0, attribute: .height)       // [.user(3), ...]
package struct LiveLayout {
    var build: EngineBuild
    /// The output of the first solve (components, unsatisfied: as ``LayoutEngine/solve(_:)``).
    package let initial: EngineOutput
    /// Input constraint index → index into the build's origins/handles.
    private var entry: [Int: Int] = [:]

    package init(_ input: EngineInput) throws(EngineError) {
        build = try EngineBuild(input)
        initial = try build.solve()
        for (k, origin) in build.origins.enumerated() {
            if case .user(let i) = origin { entry[i] = k }
        }
    }

    /// Per input view, its frame in root coordinates now.
    package var frames: [Rect] { build.frames() }

    /// Changes the constant of `input.constraints[index]` and re-solves what it moves.
    /// A change that makes required constraints conflict is refused, and nothing changes.
    package mutating func setConstant(ofConstraint index: Int, to value: Double) throws(EngineError)
    {
        let source = build.input.constraints[index].source
        do throws(InvalidNumber) {
            try NumberRule.finite.check(value, "a constant")
        } catch {
            throw .invalidNumber(error, in: source)
        }
        let old = build.input.constraints[index].constant
        // Inactive, or folded to nothing: no solver constraint; nothing moves.
        guard let k = entry[index] else {
            build.input.constraints[index].constant = value
            return
        }
        let handle = build.handles[k]
        // The solver's constant has the known values (root, fixed views) folded in: shift it.
        let shifted: Double
        do throws(SolverError) {
            shifted = try build.solver.constraint(handle).constant + (value - old)
        } catch {
            throw build.describe(error)
        }
        // Finite numbers can still sum to infinity.
        do throws(InvalidNumber) {
            try NumberRule.finite.check(shifted, "a constant")
        } catch {
            throw .invalidNumber(error, in: source)
        }
        do throws(SolverError) {
            try build.solver.setConstant(handle, to: shifted)
        } catch {
            // A conflict names the constant tried, not the one the solver keeps.
            build.input.constraints[index].constant = value
            defer { build.input.constraints[index].constant = old }
            throw build.describe(error)
        }
        build.input.constraints[index].constant = value
    }

    /// What determines a view's attribute (all four variables when `attribute` is nil):
    /// Auto Layout's constraintsAffectingLayout, the most direct first.
    ///
    /// x attributes read `left` and `width`, y attributes `top` and `height` (see
    /// ``Attribute/expansion``); the root's values are constants and end the chain.
    package func reasons(view: Int, attribute: Attribute?) -> [ConstraintReason] {
        let bases = attribute.map { $0.expansion.map(\.0) } ?? BaseAttribute.allCases
        var handleEntry: [ConstraintHandle: Int] = [:]
        for (k, h) in build.handles.enumerated() { handleEntry[h] = k }
        var seen = Set<ConstraintHandle>()
        var out: [ConstraintReason] = []
        for b in bases {
            // The root (view -1) has variables only where the canvas fits it.
            guard let v = view < 0 ? build.base(view, b).0 : build.variable(view, b) else {
                continue
            }
            for h in build.solver.dependencies(of: v) where seen.insert(h).inserted {
                guard let k = handleEntry[h] else { continue }
                switch build.origins[k] {
                case .user(let i): out.append(.user(i))
                case .generated(let text): out.append(.generated(text))
                }
            }
        }
        return out
    }
}

/// One reason for a view's frame: an input constraint, or one the engine generated
/// (intrinsic size, drawn frame, autoresizing), described in words.
package enum ConstraintReason: Hashable, Sendable {
    case user(Int)
    case generated(String)
}
