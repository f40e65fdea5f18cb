import LayoutScript
import LayoutSolver

/// A layout's base solved system as the engine handed it to the solver, kept in the
/// project (`solve_images`, migration 0011) so that a constant edit in a new process
/// rebuilds the solver with one read instead of loading the layout's rows and running
/// the engine again.
///
/// Only a constant can change under an image: every other write that marks the base
/// dirty drops it (a trigger on `dirty`), so an image and the constants changed since
/// (`solve_image_constants`) are the layout's whole system. A changed constant is folded
/// exactly as ``EngineBuild`` folds it (the same shift and known values subtracted in
/// the same order), so the solver gets bit for bit the batch a full re-solve gives it.
///
///     let image = build.image(viewIDs: ids, constraintIDs: model.constraints.ids)
///     let solved = try image?.solve(constants: [42: 60])   // constraint id 42 is now 60
struct SolveImage {
    /// Bumped whenever the encoding changes: an image of another version is not read.
    static let version: Int64 = 1

    /// The solved views in declaration order (the engine's input views).
    var viewIDs: [Int64]
    /// Per view, its four variables (left, top, width, height), flat.
    var viewVariables: [Int32]
    /// Per view, 1 where it is inside a hidden arranged view (never ambiguous, §8).
    var insideHidden: [UInt8]
    var variableCount: Int
    var batch: ConstraintBatch
    /// Per solver constraint, the stored constraint it was made from (0: generated).
    var constraintIDs: [Int64]
    /// Per solver constraint, the shift and known values its constant was folded with.
    var foldShifts: [Double]
    var foldProducts: [Double]
    var foldEnds: [Int32]

    /// What a solve from the image gives: per view, its frame and whether it is ambiguous,
    /// and the views in the components the changed constants reach.
    struct Solved {
        var frames: [Rect]
        var ambiguous: [Bool]
        var reached: Int
    }

    /// Hands the image's bytes to `sink` as they are made, in pieces of about `size`
    /// bytes, in order: never held whole (``init(decoding:)`` reads them back).
    func encode(chunksOf size: Int, to sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        var out = ImageWriter(chunksOf: size, to: sink)
        encode(into: &out)
        out.flush()
    }

    private func encode(into out: inout ImageWriter) {
        out.append(Self.version)
        out.append(Int64(viewIDs.count))
        out.append(Int64(variableCount))
        out.append(contentsOf: viewIDs)
        out.append(contentsOf: viewVariables)
        out.append(contentsOf: insideHidden)
        batch.encode(into: &out)
        out.append(Int64(foldProducts.count))
        out.append(contentsOf: constraintIDs)
        out.append(contentsOf: foldShifts)
        out.append(contentsOf: foldEnds)
        out.append(contentsOf: foldProducts)
    }

    /// The image in `bytes`, or nil when they are not one this version wrote whole and
    /// consistent (then the caller solves from the rows, as without an image).
    init?(decoding bytes: UnsafeRawBufferPointer) {
        var reader = ImageReader(bytes)
        do throws(ImageReader.Malformed) {
            guard try reader.value(Int64.self) == Self.version else { return nil }
            let views = try reader.count()
            variableCount = try reader.count()
            viewIDs = try reader.array(Int64.self, views)
            viewVariables = try reader.array(Int32.self, views * 4)
            insideHidden = try reader.array(UInt8.self, views)
            batch = try ConstraintBatch(decoding: &reader)
            let products = try reader.count()
            constraintIDs = try reader.array(Int64.self, batch.count)
            foldShifts = try reader.array(Double.self, batch.count)
            foldEnds = try reader.array(Int32.self, batch.count)
            foldProducts = try reader.array(Double.self, products)
        } catch {
            return nil
        }
        guard reader.isAtEnd, batch.highestVariable < variableCount,
            viewVariables.allSatisfy({ $0 >= 0 && Int($0) < variableCount })
        else { return nil }
        var previous: Int32 = 0
        for end in foldEnds {
            guard end >= previous, Int(end) <= foldProducts.count else { return nil }
            previous = end
        }
    }

    init(
        viewIDs: [Int64], viewVariables: [Int32], insideHidden: [UInt8], variableCount: Int,
        batch: ConstraintBatch, constraintIDs: [Int64], foldShifts: [Double],
        foldProducts: [Double], foldEnds: [Int32]
    ) {
        self.viewIDs = viewIDs
        self.viewVariables = viewVariables
        self.insideHidden = insideHidden
        self.variableCount = variableCount
        self.batch = batch
        self.constraintIDs = constraintIDs
        self.foldShifts = foldShifts
        self.foldProducts = foldProducts
        self.foldEnds = foldEnds
    }

    /// A stored constant as the batch's `k`th constraint holds it. As EngineBuild.add: the
    /// constant less the shift, then less each known value folded into it.
    func folded(_ value: Double, at k: Int) -> Double {
        var folded = value - foldShifts[k]
        let start = k == 0 ? 0 : Int(foldEnds[k - 1])
        for i in start..<Int(foldEnds[k]) { folded -= foldProducts[i] }
        return folded
    }

    /// Solves the image with the stored constraints in `constants` (id → constant) at
    /// their new values. Nil when the solver refuses the system or a folded constant is
    /// not finite: the caller then solves from the rows, which says why in the user's terms.
    func solve(constants: [Int64: Double]) -> Solved? {
        var batch = batch
        var changed: [Int] = []
        if !constants.isEmpty {
            for (k, id) in constraintIDs.enumerated() where id != 0 {
                guard let value = constants[id] else { continue }
                let folded = folded(value, at: k)
                guard folded.isFinite else { return nil }
                if folded != batch.constant(of: k) {
                    batch.setConstant(of: k, to: folded)
                    changed.append(k)
                }
            }
        }
        var solver = Solver()
        let variables = solver.makeVariables(variableCount)
        let handles: [ConstraintHandle]
        do throws(SolverError) {
            handles = try solver.add(batch)
        } catch {
            return nil
        }
        var frames: [Rect] = []
        frames.reserveCapacity(viewIDs.count)
        for i in viewIDs.indices {
            func value(_ k: Int) -> Double {
                solver.value(of: variables[Int(viewVariables[4 * i + k])])
            }
            frames.append(Rect(x: value(0), y: value(1), width: value(2), height: value(3)))
        }
        var ambiguousVariable = [Bool](repeating: false, count: solver.variableCount)
        for v in solver.ambiguousVariables() { ambiguousVariable[Int(v.index)] = true }
        let ambiguous = viewIDs.indices.map { i in
            insideHidden[i] == 0
                && (0..<4).contains { ambiguousVariable[Int(viewVariables[4 * i + $0])] }
        }
        return Solved(
            frames: frames, ambiguous: ambiguous, reached: reached(changed, handles, solver))
    }

    /// What ``solveReached(constants:)`` gives: the views with a variable in a component
    /// it solved (indices into ``viewIDs``), each with its four values (nil for a variable
    /// in another component, which keeps its stored value) and whether one of its solved
    /// variables is ambiguous.
    struct Reached {
        var views: [Int] = []
        /// Four per view in `views` (``BaseAttribute`` order), nil where the solve did not
        /// reach that variable: one array, not one per view.
        var values: [Double?] = []
        var ambiguous: [Bool] = []
    }

    /// Solves only the connected components of the image's batch that hold a constraint
    /// changed since the image was kept, with the stored constants in `constants`: the
    /// others keep the values of the last solve, which they had with these constants too.
    ///
    /// Every constraint in `constants` is a seed, also one set back to the image's value:
    /// the stored frames are the last solve's, not the image's. The components keep their
    /// constraints' and variables' order, and the solver solves each component alone, so
    /// a component gets the values a whole solve gives it (SolveImageTests compare both).
    /// Nil where the whole batch is solved instead: a seed without a variable, or the
    /// solver refusing (the caller's whole road then says why).
    func solveReached(constants: [Int64: Double]) -> Reached? {
        var batch = batch
        var seeds: [Int] = []
        // An edit changes one constant or a few: comparing each constraint's id with those
        // few costs a tenth of hashing it (466k of them in a 100k-view form).
        let few = constants.count <= 16 ? Array(constants.keys) : nil
        for (k, id) in constraintIDs.enumerated() where id != 0 {
            if let few, !few.contains(id) { continue }
            guard let value = constants[id] else { continue }
            let folded = folded(value, at: k)
            guard folded.isFinite else { return nil }
            batch.setConstant(of: k, to: folded)
            seeds.append(k)
        }
        guard !seeds.isEmpty,
            let part = batch.components(containing: seeds, variableCount: variableCount)
        else { return nil }
        var local = [Int32](repeating: -1, count: variableCount)
        for (n, v) in part.variables.enumerated() { local[Int(v)] = Int32(n) }
        var solver = Solver()
        let variables = solver.makeVariables(part.variables.count)
        do throws(SolverError) {
            _ = try solver.add(part.batch)
        } catch {
            return nil
        }
        var ambiguousVariable = [Bool](repeating: false, count: solver.variableCount)
        for v in solver.ambiguousVariables() { ambiguousVariable[Int(v.index)] = true }
        var reached = Reached()
        reached.values.reserveCapacity(4 * viewIDs.count)
        for i in viewIDs.indices {
            let four = (4 * i)..<(4 * i + 4)
            guard four.contains(where: { local[Int(viewVariables[$0])] >= 0 }) else { continue }
            var ambiguous = false
            for k in four {
                let n = local[Int(viewVariables[k])]
                guard n >= 0 else {
                    reached.values.append(nil)
                    continue
                }
                reached.values.append(solver.value(of: variables[Int(n)]))
                if ambiguousVariable[Int(n)] { ambiguous = true }
            }
            reached.views.append(i)
            reached.ambiguous.append(ambiguous && insideHidden[i] == 0)
        }
        return reached
    }

    /// The number of views with a variable in a component one of the changed solver
    /// constraints is in: what a partial re-solve of the dirty components would load.
    private func reached(_ changed: [Int], _ handles: [ConstraintHandle], _ solver: Solver)
        -> Int
    {
        guard !changed.isEmpty else { return 0 }
        let wanted = Set(changed.map { handles[$0] })
        var inReach = [Bool](repeating: false, count: solver.variableCount)
        for part in solver.independentComponents()
        where part.constraints.contains(where: wanted.contains) {
            for v in part.variables { inReach[Int(v.index)] = true }
        }
        return viewIDs.indices.filter { i in
            (0..<4).contains { inReach[Int(viewVariables[4 * i + $0])] }
        }.count
    }
}

extension EngineBuild {
    /// The image of this build after ``solve()``, for a whole solve of a layout's base
    /// (every view's variables solved, no fitted root); nil otherwise or when a solved
    /// constraint has no stored id. `constraintIDs` are per input constraint.
    func image(viewIDs: [Int64], constraintIDs: [Int64?]) -> SolveImage? {
        guard !input.fit.any, viewIDs.count == viewCount, handles.count == origins.count
        else { return nil }
        var viewVariables: [Int32] = []
        viewVariables.reserveCapacity(4 * viewIDs.count)
        for v in variables.prefix(4 * viewCount) {
            guard let v else { return nil }
            viewVariables.append(v.index)
        }
        var ids: [Int64] = []
        ids.reserveCapacity(origins.count)
        for origin in origins {
            switch origin {
            case .user(let i):
                guard i < constraintIDs.count, let id = constraintIDs[i], id != 0 else {
                    return nil
                }
                ids.append(id)
            case .generated: ids.append(0)
            }
        }
        var hidden = [UInt8](repeating: 0, count: viewCount)
        for i in insideHidden { hidden[i] = 1 }
        return SolveImage(
            viewIDs: viewIDs, viewVariables: viewVariables, insideHidden: hidden,
            variableCount: solvedVariableCount ?? solver.variableCount, batch: batch,
            constraintIDs: ids,
            foldShifts: foldShifts, foldProducts: foldProducts, foldEnds: foldEnds)
    }
}

extension LayoutEngine {
    /// ``solve(_:)``, and the image of the solved system when it can be kept (see
    /// ``EngineBuild/image(viewIDs:constraintIDs:)``).
    static func solveKeepingImage(
        _ input: consuming EngineInput, viewIDs: [Int64], constraintIDs: [Int64?],
        componentsKnown: ((EngineComponents) -> Void)? = nil
    ) throws(EngineError) -> (EngineOutput, SolveImage?) {
        var build = try EngineBuild(consume input)
        let output = try build.solve(componentsKnown: componentsKnown)
        // The image is made from the batch: the solver's tables, hundreds of megabytes at
        // a million views, go first.
        build.letSolverGo()
        return (output, build.image(viewIDs: viewIDs, constraintIDs: constraintIDs))
    }
}
