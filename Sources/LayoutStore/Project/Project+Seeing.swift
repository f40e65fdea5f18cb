import LayoutScript

/// Seeing a layout: pictures, comparisons, reasons, and what-ifs solved in memory.
/// Nothing here writes to the project except ``saveSweep(label:values:variant:layout:)``.
extension Project {
    /// A layout (or variant) ready to solve in memory: its engine input and the views
    /// the input's views come from.
    struct Prepared {
        var input: EngineInput
        var views: [StoredView]
        var model: LayoutModel
        var variant: VariantModel?
    }

    /// The engine input of a layout's base or one of its variants (overrides applied).
    func prepare(layout: String, variant: String?) throws -> Prepared {
        let model = try store.loadLayout(layout)
        let variantModel = try model.variant(named: variant)
        return Prepared(
            input: model.engineInput(variant: variantModel), views: Array(model.solvedViews),
            model: model, variant: variantModel)
    }

    /// Solves `p` in memory; a refusal says its layout and variant
    /// (``contextual(_:layout:variant:)``).
    func solveInMemory(_ p: Prepared) throws -> EngineOutput {
        do {
            return try LayoutEngine.solve(p.input)
        } catch {
            throw contextual(
                error, layout: p.model.name, variant: p.variant.map { .named($0.name) } ?? .base)
        }
    }

    /// The index of the labelled constraint in a prepared model, or an unknown-label error.
    private func constraintIndex(_ label: String, in p: Prepared) throws -> Int? {
        // The one lookup of a label or `#ID`; an unknown one fails here with its hint.
        let stored = try store.existingConstraint(labelled: label, layout: p.model.name)
        if let i = p.model.constraints.firstIndex(where: { $0.id == stored.id }) { return i }
        // Inactive in the base: in the input after the model's constraints where this
        // variant activates it (``LayoutModel/engineInput(variant:fixed:)``), else known
        // but inactive, so every value gives the same frames.
        let activated = p.model.activatedByVariants.filter {
            $0.id.flatMap { p.variant?.activations[$0] } == true
        }
        return activated.firstIndex { $0.id == stored.id }.map { p.model.constraints.count + $0 }
    }

    /// What a LABEL names in a prepared model, as `get` and `set-constant` take it: a
    /// stack's spacing (`STACK.spacing`, the stack view's index in the input) or a
    /// constraint's constant (``constraintIndex(_:in:)``).
    enum ConstantTarget {
        case constraint(Int?)
        case spacing(view: Int)
    }

    /// The one resolution of a LABEL for the what-ifs (sweep, save, animate).
    func constantTarget(_ label: String, in p: Prepared) throws -> ConstantTarget {
        if let stack = StackArrangement.stack(ofSpacingLabel: label),
            let i = p.input.views.firstIndex(where: {
                $0.declaration.name == stack && $0.declaration.stack != nil
            })
        {
            return .spacing(view: i)
        }
        return .constraint(try constraintIndex(label, in: p))
    }

    /// The frames and ambiguity of `p` with `target` at `value` (nil: as it is). A spacing
    /// is no one constraint: the stack's constraints are generated from it, so the input
    /// is solved afresh; a constant changes in place in `live` (the solver's fast path).
    func solved(_ p: Prepared, _ live: inout LiveLayout, _ target: ConstantTarget, _ value: Double)
        throws -> (frames: [Rect], ambiguous: [Bool])
    {
        switch target {
        case .constraint(let index):
            if let index { try live.setConstant(ofConstraint: index, to: value) }
            return (live.frames, live.initial.ambiguous)
        case .spacing(let view):
            var input = p.input
            input.views[view].declaration.stack?.spacing = value
            let output = try LayoutEngine.solve(input)
            return (output.frames, output.ambiguous)
        }
    }

    func rows(_ p: Prepared, _ frames: [Rect], ambiguous: [Bool]) -> [FrameRow] {
        p.views.indices.map { i in
            FrameRow(
                view: p.views[i].name, parent: p.views[i].declaration.parent,
                frame: frames[i].snapped, ambiguous: ambiguous[i],
                kind: p.views[i].declaration.kind,
                hidden: p.input.views[i].declaration.isHidden)
        }
    }

    // MARK: Render

    /// One SVG panel per variant (nil = base), from the frames as `reading` gets them:
    /// by default solved in memory where dirty, so rendering never writes.
    ///
    ///     let svg = SVGRenderer.render(try project.panels(variants: [nil, "compact"]))
    package func panels(
        layout: String = defaultLayoutName, variants: [String?],
        reading: FrameReading = .solvingInMemory
    ) throws -> [SVGRenderer.Panel] {
        let model = try store.loadLayout(layout)
        let drawn = model.canvas ?? Size(width: 0, height: 0)
        return try variants.map { variant in
            var canvas = try model.variant(named: variant)?.canvas ?? drawn
            let rows = try frames(layout: layout, variant: variant, reading: reading)
            // A fitted root's solved size is the canvas drawn; the root is not a box.
            let isRoot = { (row: FrameRow) in row.view == rootViewName && row.parent.isEmpty }
            if let root = rows.first(where: isRoot) {
                canvas = Size(width: root.frame.width, height: root.frame.height)
            }
            // A guide is not on screen, but the drawing shows it (dashed, unfilled) so that
            // what constraints hold on to can be seen.
            let boxes = rows.filter { !isRoot($0) }
            let title =
                "\(layout)/\(VariantRef(variant))  \(formatNumber(canvas.width))×"
                + "\(formatNumber(canvas.height))"
            return SVGRenderer.Panel(title: title, canvas: canvas, boxes: boxes)
        }
    }

    // MARK: Diff

    /// The views whose frames differ between two variants (nil = base), in view order:
    /// `old` is `from`'s frame, `new` is `to`'s. Writes nothing (see ``FrameReading``).
    ///
    ///     try project.diff(from: nil, to: "compact").map(\.view)   // ["header", ...]
    public func diff(
        layout: String = defaultLayoutName, from: String?, to: String?,
        reading: FrameReading = .solvingInMemory
    ) throws -> [FrameChange] {
        let variants = try store.variants(layout: layout)
        _ = try (
            variants.variant(named: from, layout: layout),
            variants.variant(named: to, layout: layout)
        )
        let a = try frames(layout: layout, variant: from, reading: reading)
        let b = Dictionary(
            try frames(layout: layout, variant: to, reading: reading).map { ($0.view, $0) }
        ) { x, _ in
            x
        }
        return a.compactMap { row in
            guard let other = b[row.view], !row.frame.isClose(to: other.frame) else { return nil }
            return FrameChange(
                layout: layout, variant: VariantRef(to).description, view: row.view, old: row.frame,
                new: other.frame)
        }
    }

    // MARK: Why

    /// The constraints that determine a view's attribute (or its whole frame), the most
    /// direct first — Auto Layout's constraintsAffectingLayout — solved in memory.
    ///
    ///     try project.why(view: "title", attribute: .width)
    ///     // [.constraint(title.width <= header.width - 32), .constraint(header.right == |.right), ...]
    public func why(
        view: String, attribute: Attribute?, layout: String = defaultLayoutName,
        variant: String? = nil
    ) throws -> [Reason] {
        try reasons(
            view: view, attribute: attribute.map { .known($0) }, layout: layout, variant: variant)
    }

    /// ``why(view:attribute:layout:variant:)`` for `VIEW` or `VIEW.ATTR` as a person
    /// types it (`title`, `title.width`, `title.leading`): an unknown view or attribute
    /// is bad input with a "did you mean", the view checked first.
    ///
    ///     try project.why("title.widht")
    ///     // throws: unknown attribute `widht` in `title.widht`; did you mean `width`?
    public func why(
        _ target: String, layout: String = defaultLayoutName, variant: String? = nil
    ) throws -> [Reason] {
        guard let dot = target.lastIndex(of: ".") else {
            return try reasons(view: target, attribute: nil, layout: layout, variant: variant)
        }
        let name = String(target[target.index(after: dot)...])
        return try reasons(
            view: String(target[..<dot]), attribute: .spelled(name, in: target), layout: layout,
            variant: variant)
    }

    /// An attribute as given: known, or spelled by a person and not yet checked.
    private enum AttributeName {
        case known(Attribute)
        case spelled(String, in: String)
    }

    private func reasons(
        view: String, attribute name: AttributeName?, layout: String, variant: String?
    ) throws -> [Reason] {
        let p = try prepare(layout: layout, variant: variant)
        // The root is not among the solved views: the engine's view -1, whose size has
        // variables only on an axis the canvas fits (`canvas 320 fit`).
        let isRoot = view == rootViewName || view == "|"
        guard let index = isRoot ? -1 : p.views.firstIndex(where: { $0.name == view }) else {
            throw StoreError.unknownView(
                name: view, layout: layout, at: nil,
                suggestion: suggestName(view, from: p.views.map(\.name)))
        }
        var attribute: Attribute?
        switch name {
        case .known(let a): attribute = a
        case .spelled(let spelled, let target):
            guard let a = Attribute(parsing: spelled) else {
                throw UnknownAttributeError(
                    name: spelled, target: target,
                    suggestion: suggestName(spelled, from: Attribute.spellings))
            }
            attribute = a
        case nil: attribute = nil
        }
        let live = try LiveLayout(p.input)
        let found = live.reasons(view: index, attribute: attribute)
        if isRoot && found.isEmpty {
            throw StoreError.refusedEdit(
                "`root`'s frame is the canvas, which no constraint sets; only a dimension "
                    + "the canvas fits (`canvas W fit`) has constraints to show")
        }
        return found.map {
            switch $0 {
            case .user(let i): .constraint(p.input.constraints[i])
            case .generated(let text): .generated(text)
            }
        }
    }

    /// One thing a frame depends on: a stored constraint (with its label, source and
    /// origin) or one layoutdb generated (intrinsic size, drawn frame, autoresizing).
    public enum Reason: Hashable, Sendable {
        case constraint(Constraint)
        case generated(String)
    }

    // MARK: Sweep

    /// Frames for each value of a labelled constraint's constant, solved in memory by
    /// changing the constant in place (the solver's fast path). The project is unchanged.
    ///
    ///     for step in try project.sweep(label: "header.height", values: [44, 70]) {
    ///         print(step.value, step.frames.first!.frame.height)   // 44 44, then 70 70
    ///     }
    public func sweep(
        label: String, values: [Double], layout: String = defaultLayoutName, variant: String? = nil
    ) throws -> [(value: Double, frames: [FrameRow])] {
        let p = try prepare(layout: layout, variant: variant)
        let target = try constantTarget(label, in: p)
        var live = try LiveLayout(p.input)
        var out: [(value: Double, frames: [FrameRow])] = []
        for value in values {
            let step = try solved(p, &live, target, value)
            out.append((value, rows(p, step.frames, ambiguous: step.ambiguous)))
        }
        return out
    }

    /// The variant name `sweep --save` uses: the label and value with every character
    /// that is not a letter, digit or `_` made `_`, and a minus sign as `m`, so the name
    /// is a script identifier and `export` round-trips: `header.height` at 44.5 →
    /// `header_height_44_5`, at -8 → `header_height_m8`.
    public static func sweepVariantName(label: String, value: Double) -> String {
        func clean(_ s: String) -> String {
            String(s.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        }
        let number = formatNumber(value).replacing("-", with: "m")
        return clean(label) + "_" + clean(number)
    }

    /// Stores each value of a sweep as a variant (named by ``sweepVariantName(label:value:)``)
    /// with the base's (or `variant`'s) canvas and overrides plus this constant; an existing
    /// variant of that name is replaced. One transaction.
    @discardableResult
    public func saveSweep(
        label: String, values: [Double], layout: String = defaultLayoutName, variant: String? = nil
    ) throws -> (names: [String], report: SolveReport) {
        let p = try prepare(layout: layout, variant: variant)
        _ = try constantTarget(label, in: p)
        let existing = Set(p.model.variants.map(\.name))
        let names = values.map { Self.sweepVariantName(label: label, value: $0) }
        let source: String? =
            if case .named(let name) = VariantRef(variant) { name } else { nil }
        let report = try edit(layouts: [layout]) {
            for (name, value) in zip(names, values) {
                // Sweeping a saved sweep's variant: the one of the same name is itself.
                if name != source {
                    if existing.contains(name) { try store.removeVariant(name, layout: layout) }
                    if let source {
                        try store.copyVariant(source, as: name, layout: layout)
                    } else {
                        try store.createVariant(name, layout: layout)
                    }
                }
                try store.setConstant(label: label, value: value, variant: name, layout: layout)
            }
        }
        return (names, report)
    }

    // MARK: Animate

    /// LayoutKit's animated constant change: `count` frames interpolated linearly from
    /// the current solution to the one with `label` at `value` (both solved), the first
    /// the current layout, the last the new one. The project is unchanged.
    ///
    ///     let steps = try project.animation(label: "header.height", to: 100, frames: 5)
    ///     steps[2].first { $0.view == "header" }!.frame.height   // 85 (70 → 100)
    public func animation(
        label: String, to value: Double, frames count: Int, layout: String = defaultLayoutName,
        variant: String? = nil
    ) throws -> [[FrameRow]] {
        precondition(count >= 2, "an animation has a first and a last frame")
        let p = try prepare(layout: layout, variant: variant)
        let target = try constantTarget(label, in: p)
        var live = try LiveLayout(p.input)
        let start = live.frames
        let (end, ambiguous) = try solved(p, &live, target, value)
        return (0..<count).map { step in
            let t = Double(step) / Double(count - 1)
            let frames = zip(start, end).map { a, b in
                Rect(
                    x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t,
                    width: a.width + (b.width - a.width) * t,
                    height: a.height + (b.height - a.height) * t)
            }
            return rows(p, frames, ambiguous: ambiguous)
        }
    }

    /// The canvas a variant (nil = base) is solved for.
    public func canvas(layout: String = defaultLayoutName, variant: String?) throws -> Size {
        try prepare(layout: layout, variant: variant).input.canvas
    }
}

/// `why VIEW.ATTR` with an ATTR that is no attribute: bad input, like an unknown view.
public struct UnknownAttributeError: LayoutDBError, Equatable {
    public var name: String
    public var target: String
    public var suggestion: String?

    public var errorKind: ErrorKind { .badInput }
    public var description: String {
        "unknown attribute `\(name)` in `\(target)`"
            + (suggestion.map { "; did you mean `\($0)`?" }
                ?? "; attributes are " + Attribute.spellings.joined(separator: ", "))
    }
}
