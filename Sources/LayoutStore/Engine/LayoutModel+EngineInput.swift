import LayoutScript

extension LayoutModel {
    /// The views the engine solves: every view but the root, in declaration order.
    ///
    /// A slice of ``views``, not a copy: a layout read or applied has its root first (its
    /// ordinal is 0), and a copy of a million views was 400 MB of a first apply's peak.
    var solvedViews: ArraySlice<StoredView> {
        guard views.first?.isRoot == true else { return views.filter { !$0.isRoot }[...] }
        return views.dropFirst()
    }

    /// The variant `ref` names, nil for the base (or a name the layout does not have).
    func variant(_ ref: VariantRef) -> VariantModel? {
        guard case .named(let name) = ref else { return nil }
        return variants.first { $0.name == name }
    }

    /// The variant a public API's name means (see ``Array/variant(named:layout:)``).
    func variant(named name: String?) throws -> VariantModel? {
        try variants.variant(named: name, layout: self.name)
    }

    /// The one way a layout and a variant become the engine's input: the variant's
    /// canvas (else the layout's), its overrides in place of the base's (constants,
    /// priorities, activation, intrinsic sizes, fitting), and the views of
    /// ``solvedViews``. In a partial solve, `fixed` gives each view's variables that stay
    /// constants (``EngineView/fixed``); nil solves everything.
    ///
    /// The input's constraints are ``constraints`` in order (a deactivated one stays in
    /// its place, inactive), then those of ``activatedByVariants`` the variant activates:
    /// an output index below `constraints.count` is the model's constraint of that index.
    func engineInput(variant: VariantModel?, fixed: ((StoredView) -> [Double?])? = nil)
        -> EngineInput
    {
        let drawn = canvas ?? Size(width: 0, height: 0)
        // The base's constraints are the model's, read where they are.
        var constants = EngineConstraints(stored: constraints)
        if let variant {
            var own = constraints.map(\.constraint)
            func override(_ c: inout Constraint, id: Int64) {
                if let value = variant.overrides[id] { c.constant = value }
                if let priority = variant.priorities[id] { c.priority = priority }
                if let active = variant.activations[id] { c.isActive = active }
            }
            if !variant.overrides.isEmpty || variant.changesStructure {
                for (i, c) in constraints.enumerated() {
                    if let id = c.id { override(&own[i], id: id) }
                }
            }
            for stored in activatedByVariants {
                guard let id = stored.id, variant.activations[id] == true else { continue }
                var c = stored.constraint
                override(&c, id: id)
                own.append(c)
            }
            constants = EngineConstraints(own)
        }
        let intrinsics = variant?.intrinsics ?? [:]
        // A variant's own `hide`/`show` and stack spacings: its stacks are regenerated
        // with them (docs/vocabulary.md §12).
        let hidden = variant?.hidden ?? [:]
        let spacing = variant?.spacing ?? [:]
        let views = solvedViews.map { view in
            var declaration = view.declaration
            if let size = intrinsics[view.id] {
                declaration.intrinsic = size.width == nil && size.height == nil ? nil : size
            }
            if !hidden.isEmpty, let flag = hidden[view.name] { declaration.isHidden = flag }
            if !spacing.isEmpty, let value = spacing[view.name] {
                declaration.stack?.spacing = value
            }
            return fixed.map { EngineView(declaration, fixed: $0(view)) }
                ?? EngineView(declaration)
        }
        var input = EngineInput(
            canvas: variant?.canvas ?? drawn, drawnCanvas: drawn, views: views, constraints: [],
            safe: variant?.safe ?? safe,
            rootMargins: self.views.first(where: \.isRoot)?.declaration.margins)
        input.constraints = constants
        input.rightToLeft = (variant?.direction ?? direction) == .rightToLeft
        input.fit = fit(of: variant)
        return input
    }
}

extension LayoutModel {
    /// The dimensions the variant (nil: the base) fits: its own, else the layout's.
    func fit(of variant: VariantModel?) -> Fit { variant?.fit ?? fit }

    /// Whether a solve of the variant (nil: the base) must cover the whole layout and
    /// leave the stored solver components alone: a fitted root ties every view pinned
    /// to it together, and a variant that changes priorities, activation or intrinsic
    /// sizes can join or split the base's components, as one of the other direction
    /// does (`leading` is `left` in one, `right`, which is left + width, in the other):
    /// solved by the base's components, an RTL variant's edit broke a required
    /// constraint, and its components, written over the base's, broke the base's next.
    func solvesWhole(_ variant: VariantModel?) -> Bool {
        fit(of: variant).any || (variant?.changesStructure ?? false)
            || (variant?.direction.map { $0 != direction } ?? false)
    }
}

extension [VariantModel] {
    /// The variant a public API's name means: nil or `base` is the layout itself (nil);
    /// any other name must be one of these, or it is an unknown-variant error.
    func variant(named name: String?, layout: String) throws -> VariantModel? {
        guard case .named(let name) = VariantRef(name) else { return nil }
        guard let found = first(where: { $0.name == name }) else {
            throw StoreError.unknownVariant(
                name: name, layout: layout, at: nil,
                suggestion: suggestName(name, from: map(\.name)))
        }
        return found
    }
}
