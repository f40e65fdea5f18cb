import LayoutScript

import func LayoutSolver.snapSolvedValue

/// Re-solving what is dirty: whole layouts, or only the dirty components.
extension Project {
    /// Solves the dirty parts of `layout` for the base and every variant, writes the
    /// frames that changed and clears the marks. Runs inside the caller's transaction.
    ///
    /// A `preloaded` model (a script's new layout, as its apply wrote it) is solved
    /// instead of reading the rows back; the last variant to solve takes it, so what its
    /// solve frees is not kept alive by a copy here.
    ///
    /// With `only`, the other variants' marks stay: their frames stay stale until a solve
    /// of them. An ``EngineError`` says which layout and variant did not solve
    /// (``EngineError/solving(_:_:)``).
    func solveDirty(
        layout: String, preloaded: consuming LayoutModel? = nil, only: Set<VariantRef>? = nil
    ) throws -> SolveReport {
        let marks = try store.dirtyMarks(layout: layout).filter {
            only?.contains($0.variant) ?? true
        }
        guard !marks.isEmpty else { return SolveReport() }
        // A fitted canvas or a variant that changes structure is solved whole
        // (``LayoutModel/solvesWhole(_:)``), whatever its marks say.
        let whole = try store.wholeSolveVariantIDs(layout: layout)
        var report = SolveReport()
        var order: [VariantRef] = []
        var scope: [VariantRef: Set<Int>?] = [:]
        for mark in marks {
            if scope[mark.variant] == nil {
                order.append(mark.variant)
                scope[mark.variant] = Set<Int>()
            }
            if let c = mark.component, !whole.contains(mark.variantID),
                case .some(.some(var set)) = scope[mark.variant]
            {
                set.insert(c)
                scope[mark.variant] = set
            } else {
                scope[mark.variant] = .some(nil)
            }
        }
        // A stack's generated constraints are built from all its arranged views: a layout
        // with stacks is re-solved whole.
        if scope.values.contains(where: { $0 != nil }), try store.hasStacks(layout: layout) {
            for variant in order { scope[variant] = .some(nil) }
        }
        var pending = order
        let fromImage: SolveReport?
        do {
            fromImage =
                order.contains(.base) && !whole.contains(0)
                ? try solveFromImage(layout: layout, components: scope[.base]!) : nil
        } catch let error as EngineError {
            throw contextual(error, layout: layout, variant: .base)
        }
        if let base = order.firstIndex(of: .base), let solved = fromImage {
            report.merge(solved)
            try store.clearDirty(layout: layout, variant: .base, components: scope[.base]!)
            pending.remove(at: base)
        }
        // Loading is shared by every variant needing the same scope, and every model is
        // read before any variant is solved from it: a solve writes the views' components
        // again, and a component a later variant's marks name (after its smallest
        // constraint's id) is gone once that constraint is.
        var models: [Set<Int>?: LayoutModel] = [:]
        let hasPreloaded = preloaded != nil
        if hasPreloaded { models[nil] = preloaded.take() }
        var uses: [Set<Int>?: Int] = [:]
        for variant in pending {
            let components = scope[variant]!
            uses[components, default: 0] += 1
            if models[components] == nil {
                models[components] = try store.loadLayout(layout, components: components)
            }
        }
        for variant in pending {
            let components = scope[variant]!
            uses[components]! -= 1
            // The last use of a model takes it: no copy stays behind.
            let last = uses[components] == 0
            let model = last ? models.removeValue(forKey: components)! : models[components]!
            do {
                do {
                    report.merge(
                        try solve(
                            consume model, variant: variant, components: components,
                            quotesConflicts: !(hasPreloaded && components == nil && last)))
                } catch EngineError.unknownView where components != nil {
                    // A constraint reaches a view outside the loaded components (one never
                    // solved): solve the whole layout instead.
                    let whole = try models[nil] ?? store.loadLayout(layout)
                    models[nil] = whole
                    report.merge(try solve(whole, variant: variant, components: nil))
                } catch let error as EngineError where hasPreloaded && components == nil {
                    // A preloaded model keeps no statement text (``AppliedLayout/model``):
                    // the rows, which do, are solved again for the words of the refusal.
                    _ = try solve(store.loadLayout(layout), variant: variant, components: nil)
                    throw error
                }
            } catch let error as EngineError {
                throw contextual(error, layout: layout, variant: variant)
            }
            try store.clearDirty(layout: layout, variant: variant, components: components)
        }
        return report
    }

    /// `error`, from the solve of `variant` of `layout`, with the layout and variant it is
    /// about (``SolveContext``): the one place a refusal of a variant learns its name,
    /// canvas and line. The solves that write (``solveDirty(layout:preloaded:only:)``) and
    /// those in memory (``solveInMemory(_:)``) pass their refusals through it.
    func contextual(_ error: EngineError, layout: String, variant: VariantRef) -> EngineError {
        if case .solving = error { return error }
        // Reading the rows for the words only: should that fail, the error as it is.
        guard let context = try? solveContext(layout: layout, variant: variant) else {
            return error
        }
        return .solving(context, error)
    }

    /// What a refusal of `variant` of `layout` names: read from the rows (inside the solve's
    /// transaction, so a script's own variant and lines are there), with where the script
    /// the project holds declares the variant.
    private func solveContext(layout: String, variant: VariantRef) throws -> SolveContext? {
        guard let summary = try store.layouts().first(where: { $0.name == layout }) else {
            return nil
        }
        guard case .named(let name) = variant else {
            return SolveContext(
                layout: layout, layoutID: summary.id, canvas: summary.canvas, fit: summary.fit)
        }
        guard let model = try store.variants(layout: layout).first(where: { $0.name == name })
        else { return nil }
        // The script line that declares it: `variant NAME ...`, outside a comment.
        let declaration = try store.scriptLines(layoutID: summary.id).first { row in
            let words = row.text.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace)
            return words.count >= 2 && words[0] == "variant" && words[1] == name
        }
        return SolveContext(
            layout: layout, layoutID: summary.id, variantName: name, variantID: model.id,
            canvas: model.canvas ?? summary.canvas, ownCanvas: model.canvas != nil,
            fit: model.fit ?? summary.fit,
            declaredAt: declaration.map { "\($0.file):\($0.line)" })
    }

    /// Marks the drawn views of a partial solve's `input` that constraints outside it
    /// mention (``EngineView/mentionedElsewhere``). The part's constraints alone left such
    /// a view unmentioned, and its autoresizing mask moved it: `deactivate` of a constraint
    /// on its parent put a view its own `a.width == 47` keeps by fallbacks at x -39, where
    /// a whole solve keeps 91. `ids`: the views' ids, in the input's order.
    private func noteMentionsElsewhere(
        in input: inout EngineInput, model: borrowing LayoutModel, ids: [Int64]
    ) throws {
        var named = Set<String>()
        for stored in model.constraints {
            for t in stored.constraint.lhs.terms { named.insert(t.view) }
            for t in stored.constraint.rhs.terms { named.insert(t.view) }
        }
        let candidates = input.views.indices.filter {
            input.views[$0].declaration.frame != nil
                && !named.contains(input.views[$0].declaration.name)
        }
        guard !candidates.isEmpty else { return }
        let mentioned = try store.mentionedViews(among: candidates.map { ids[$0] })
        for i in candidates where mentioned.contains(ids[i]) {
            input.views[i].mentionedElsewhere = true
        }
    }

    /// Solves one variant of a (possibly partial) model and writes its frames. Without
    /// `quotesConflicts` (the caller solves the rows again to explain a refusal, and keeps
    /// no other copy of the model), the engine lets the constraints go as soon as the
    /// solver has them (``EngineInput/quotesConflicts``).
    private func solve(
        _ model: consuming LayoutModel, variant: VariantRef, components: Set<Int>?,
        quotesConflicts: Bool = true
    ) throws -> SolveReport {
        // What the solve needs of each view after the engine's input is made: the input
        // has its own copy of the declarations, the model's go before the engine runs.
        let views = model.solvedViews.map(SolvedView.init)
        let root = model.views.first(where: \.isRoot)
        let stored = try store.storedFrames(
            layout: model.name, variant: variant, viewIDs: components == nil ? nil : views.map(\.id)
        )
        // Variables outside the dirty components keep their stored values.
        let fixed = components.map { components in
            { (view: StoredView) -> [Double?] in
                let old = stored[view.id]
                let values = [old?.x, old?.y, old?.width, old?.height]
                return (0..<4).map { k -> Double? in
                    guard let c = view.components[k], components.contains(c) else {
                        return values[k] ?? 0
                    }
                    return nil
                }
            }
        }
        // The engine solves in one call: its stage is reported at the start and the end.
        let subject = "\(model.name)/\(variant.description)"
        progress?(
            WorkProgress(
                stage: .solve, subject: subject, done: 0, total: views.count, unit: "views"))
        let variantModel = model.variant(variant)
        // A whole solve of the base is kept as the layout's image for constant edits.
        let keepsImage = variant == .base && components == nil && !model.solvesWhole(nil)
        var input = model.engineInput(variant: variantModel, fixed: fixed)
        input.quotesConflicts = quotesConflicts
        if components != nil {
            try noteMentionsElsewhere(in: &input, model: model, ids: views.map(\.id))
        }
        let constraintIDs = model.constraints.ids
        // The input reads the base's constraints where the model holds them (a variant's
        // are its own copy): the model lets go of them, so that the engine holds the only
        // reference and can free them as it goes (at a million views, about 800 MB of the
        // peak). The input has its own copy of the views' declarations: the model's go
        // too, unless the stacks' constraints are written from them.
        model.constraints = []
        let writesStacks = variant == .base && components == nil
        let stackViews =
            writesStacks && model.views.contains { $0.declaration.stack != nil } ? model.views : []
        model.views = []
        let output: EngineOutput
        var image: SolveImage?
        let storesComponents = !model.solvesWhole(variantModel)
        // The engine does not use the database. Meanwhile, in a new file, another thread
        // writes the pages so far to it, then the components as soon as the solver has
        // found them (it goes on to solve them).
        let writer = writesWhileSolving ? store.startFlushingPages() : nil
        defer { writer?.close() }
        var componentsWritten = false
        let layoutName = model.name
        let componentsKnown: ((EngineComponents) -> Void)? =
            writer.flatMap { writer in
                guard storesComponents else { return nil }
                return { [self] known in
                    // An error of the writer's comes out of its drain, below.
                    componentsWritten =
                        (try? writer.submit {
                            try self.writeComponents(
                                layout: layoutName, constraintIDs: constraintIDs, views: views,
                                components: known, dirty: components)
                        }) != nil
                }
            }
        if keepsImage {
            (output, image) = try LayoutEngine.solveKeepingImage(
                consume input, viewIDs: views.map(\.id), constraintIDs: constraintIDs,
                componentsKnown: componentsKnown)
        } else {
            output = try LayoutEngine.solve(consume input, componentsKnown: componentsKnown)
        }
        try writer?.drain()
        progress?(
            WorkProgress(
                stage: .solve, subject: subject, done: views.count, total: views.count,
                unit: "views"))

        if let overflow = EngineError.overflow(
            count: views.count, frame: { output.frames[$0] }, name: { views[$0].name })
        {
            throw overflow
        }
        // A fitted root's size is solved too (`canvas W fit`), and stored as its frame.
        if let root = output.root,
            let overflow = EngineError.overflow(
                count: 1, frame: { _ in root }, name: { _ in rootViewName })
        {
            throw overflow
        }
        var report = SolveReport()
        var writes = FrameWrites(insertions: stored.isEmpty ? views.count : 0)
        let variantName = variant.description
        for (i, view) in views.enumerated() {
            let f = output.frames[i]
            writes.add(
                view.id,
                SolvedFrame(
                    x: f.x, y: f.y, width: f.width, height: f.height,
                    ambiguous: output.ambiguous[i]),
                stored: stored[view.id])
            if output.ambiguous[i] {
                report.ambiguous.append("\(model.name)/\(variantName): \(view.name)")
            }
            let old = stored[view.id]?.rect
            if old.map({ !$0.isClose(to: f) }) ?? true {
                report.changes.append(
                    FrameChange(
                        solvedIn: model.name, variant: variantName, view: view.name, old: old,
                        new: f))
            }
        }
        // A fitted root's solved size is stored like any frame; a fixed root has none.
        if let root {
            if let f = output.root {
                let old = try store.storedFrames(
                    layout: model.name, variant: variant, viewIDs: [root.id])[root.id]
                writes.add(
                    root.id, SolvedFrame(x: f.x, y: f.y, width: f.width, height: f.height),
                    stored: old)
                let oldRect = old?.rect
                if oldRect.map({ !$0.isClose(to: f) }) ?? true {
                    report.changes.append(
                        FrameChange(
                            solvedIn: model.name, variant: variantName, view: root.name,
                            old: oldRect, new: f))
                }
            } else if components == nil {
                try store.removeFrame(layout: model.name, variant: variant, viewID: root.id)
            }
        }
        progress?(
            WorkProgress(
                stage: .write, subject: subject, done: 0, total: views.count, unit: "frames"))
        try store.write(writes, layout: model.name, variant: variant)
        if writesStacks {
            try store.writeStackConstraints(layoutID: model.id, views: stackViews)
        }
        if storesComponents, !componentsWritten {
            try writeComponents(
                layout: model.name, constraintIDs: constraintIDs, views: views,
                components: output.components, dirty: components)
        }
        if let image {
            try store.writeSolveImage(layoutID: model.id, image)
        } else if keepsImage {
            try store.dropSolveImage(layoutID: model.id)
        }
        progress?(
            WorkProgress(
                stage: .write, subject: subject, done: views.count, total: views.count,
                unit: "frames"))
        report.parts.append(
            SolveReport.Part(
                layout: model.name, variant: variantName, components: components?.count,
                views: views.count))
        return report
    }

    /// Solves the base of `layout` from its kept image (``SolveImage``) when it has one
    /// and that is the cheaper road: a layout of a few thousand views, or dirty components
    /// holding an eighth of its views or more (one card of a 100k-view layout is cheaper
    /// to load from its rows). Writes the frames that changed; nil when the road is not
    /// taken (no image, or the solver refused: the rows road then says why).
    private func solveFromImage(layout: String, components: Set<Int>?) throws -> SolveReport? {
        let layoutID = try store.layoutID(layout)
        guard let count = try store.solveImageViews(layoutID: layoutID) else { return nil }
        if let components, count > 4096 {
            // dirty views * 8 >= count
            guard
                try store.hasViews(
                    layoutID: layoutID, inComponents: components, atLeast: (count + 7) / 8)
            else { return nil }
        }
        guard let (image, constants) = try store.solveImage(layoutID: layoutID) else {
            return nil
        }
        let (stored, names) = try store.baseFramesAndNames(
            layoutID: layoutID, viewIDs: image.viewIDs)
        let frames: [SolvedFrame]
        let reached: Int
        if let part = image.solveReached(constants: constants),
            let merged = Self.merge(part, of: image, with: stored)
        {
            (frames, reached) = (merged, part.views.count)
        } else {
            guard let solved = image.solve(constants: constants) else { return nil }
            frames = image.viewIDs.indices.map { i in
                let f = solved.frames[i]
                return SolvedFrame(
                    x: f.x, y: f.y, width: f.width, height: f.height,
                    ambiguous: solved.ambiguous[i])
            }
            reached = solved.reached
        }
        if let overflow = EngineError.overflow(
            count: frames.count, frame: { frames[$0].rect }, name: { names[$0] })
        {
            throw overflow
        }
        let subject = "\(layout)/\(VariantRef.base.description)"
        progress?(
            WorkProgress(
                stage: .write, subject: subject, done: 0, total: image.viewIDs.count,
                unit: "frames"))
        var report = SolveReport()
        var writes = FrameWrites()
        var changed: [(Int, Rect?, Rect)] = []
        var ambiguousIndices: [Int] = []
        for (i, id) in image.viewIDs.enumerated() {
            let frame = frames[i]
            let f = frame.rect
            if frame.ambiguous { ambiguousIndices.append(i) }
            let old = stored[i]
            writes.add(id, frame, stored: old)
            let oldRect = old?.rect
            if oldRect.map({ !$0.isClose(to: f) }) ?? true { changed.append((i, oldRect, f)) }
        }
        let variantName = VariantRef.base.description
        for (i, old, new) in changed {
            report.changes.append(
                FrameChange(
                    solvedIn: layout, variant: variantName, view: names[i], old: old, new: new))
        }
        for i in ambiguousIndices {
            report.ambiguous.append("\(layout)/\(variantName): \(names[i])")
        }
        try store.write(writes, layout: layout, variant: .base)
        progress?(
            WorkProgress(
                stage: .write, subject: subject, done: image.viewIDs.count,
                total: image.viewIDs.count, unit: "frames"))
        report.parts.append(
            SolveReport.Part(
                layout: layout, variant: VariantRef.base.description,
                components: components?.count,
                views: components == nil ? image.viewIDs.count : reached))
        return report
    }

    /// Every view's frame after a solve of the reached components: a reached variable's
    /// new value, the stored value of any other. Nil where only a whole solve knows: a view
    /// with no stored frame, or one partly reached and stored as ambiguous whose reached
    /// variables are not (its other variables' ambiguity is not stored apart).
    private static func merge(
        _ part: SolveImage.Reached, of image: SolveImage, with stored: [SolvedFrame?]
    ) -> [SolvedFrame]? {
        var frames: [SolvedFrame] = []
        frames.reserveCapacity(image.viewIDs.count)
        var next = 0
        for i in image.viewIDs.indices {
            guard let old = stored[i] else { return nil }
            guard next < part.views.count, part.views[next] == i else {
                frames.append(old)
                continue
            }
            let base = 4 * next
            let values = part.values[base..<(base + 4)]
            let ambiguous = part.ambiguous[next]
            next += 1
            if values.contains(nil) && old.ambiguous && !ambiguous { return nil }
            frames.append(
                SolvedFrame(
                    x: values[base] ?? old.x, y: values[base + 1] ?? old.y,
                    width: values[base + 2] ?? old.width, height: values[base + 3] ?? old.height,
                    ambiguous: ambiguous))
        }
        return frames
    }

    /// Stable component ids (``ComponentID``): partial re-solves never reuse another
    /// component's id.
    ///
    /// In a partial solve (`dirty` non-nil) a loaded view's variables outside the dirty
    /// components were fixed (constants to the engine), so the engine reports no component
    /// for them: they keep their stored ids. Writing nil there would hide the view from the
    /// next partial load of that component ("unknown view" on a later edit).
    private func writeComponents(
        layout: String, constraintIDs: [Int64?], views: [SolvedView],
        components found: EngineComponents, dirty: Set<Int>?
    ) throws {
        // Stable id per local component number (-1: none yet), in an array: the numbers
        // run from 0.
        let locals = max(found.constraints.max() ?? -1, found.variables.max() ?? -1) + 1
        var idOfLocal = [Int](repeating: -1, count: Int(locals))
        for (i, local) in found.constraints.enumerated()
        where i < constraintIDs.count && local >= 0 {
            guard let id = constraintIDs[i] else { continue }
            let stable = ComponentID.ofConstraints(smallestID: id)
            let l = Int(local)
            idOfLocal[l] = idOfLocal[l] < 0 ? stable : min(idOfLocal[l], stable)
        }
        var rows = ViewRows<ViewComponents>()
        rows.reserveCapacity(views.count)
        var entering = 0
        for (i, view) in views.enumerated() {
            if view.components.allSatisfy({ $0 == nil }) { entering += 1 }
            func component(_ k: Int) -> Int? {
                if let dirty, let stored = view.components[k], !dirty.contains(stored) {
                    return stored
                }
                guard let local = found.variable(view: i, attribute: k) else {
                    return nil
                }
                if idOfLocal[local] < 0 {
                    idOfLocal[local] = ComponentID.ofVariable(viewID: view.id, attribute: k)
                }
                return idOfLocal[local]
            }
            rows.append(
                view.id,
                ViewComponents(
                    left: component(0), top: component(1), width: component(2),
                    height: component(3)))
        }
        try store.writeComponents(layout: layout, rows: rows, entering: entering)
    }
}

extension FrameChange {
    /// A change a solve found: `old` as stored and `new` as solved, each value on the grid
    /// of ``snapSolvedValue(_:)``, as `frames`, `diff` and the `solved_frames` view show
    /// them (a report of `y` 247.20000000000005 where `frames` says 247.2 was one number
    /// shown two ways).
    init(solvedIn layout: String, variant: String, view: String, old: Rect?, new: Rect) {
        self.init(
            layout: layout, variant: variant, view: view, old: old?.snapped, new: new.snapped)
    }
}

extension Rect {
    /// Equal to display precision (1e-6): what counts as a change in reports.
    func isClose(to other: Rect) -> Bool {
        abs(x - other.x) < 1e-6 && abs(y - other.y) < 1e-6 && abs(width - other.width) < 1e-6
            && abs(height - other.height) < 1e-6
    }

    /// Each value on the grid of ``snapSolvedValue(_:)``, as the `solved_frames` view
    /// shows it: what the frames a project hands out carry.
    var snapped: Rect {
        Rect(
            x: snapSolvedValue(x), y: snapSolvedValue(y), width: snapSolvedValue(width),
            height: snapSolvedValue(height))
    }
}

/// A solved view as a solve uses it after making the engine's input: a fifth of a
/// ``StoredView``, whose declaration the input has copied.
private struct SolvedView {
    let id: Int64
    let name: String
    /// The stored components (``StoredView/components``).
    let components: [Int?]

    init(_ view: StoredView) {
        (id, name, components) = (view.id, view.name, view.components)
    }
}
