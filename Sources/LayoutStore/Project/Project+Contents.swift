import LayoutScript

/// What a layout holds, read as plain values: constraints, views, variants.
extension Project {
    /// A variant of a layout: its canvas and the constants it overrides.
    public struct Variant: Hashable, Sendable {
        public var name: String
        /// The variant's own canvas; nil inherits the layout's.
        public var canvas: Size?
        /// The dimensions of the canvas the variant fits (`canvas W fit`: its height), where
        /// the canvas's number is only a starting point.
        public var fitsWidth = false
        public var fitsHeight = false
        /// The labels whose constant the variant overrides, with its constant, in the
        /// order the constraints were added; then the stack spacings it sets
        /// (`STACK.spacing`), by stack name.
        public var overrides: [Override]
        /// The labels whose priority or activation the variant overrides (`priority ...
        /// in V`, `activate`/`deactivate ... in V`), in the order the constraints were
        /// added; nil where it keeps the base's.
        public var holdings: [Holding] = []
        /// Everything the variant changes, as the script statements that say it, without
        /// `in VARIANT`: its safe area, direction and fitting (`variant NAME safe ...
        /// direction ...`, `fit`), then `set`, `priority`, `activate`/`deactivate`,
        /// `intrinsic` and `hide`/`show` lines.
        ///
        ///     ["safe 0 44 0 44", "direction rtl", "set hw 80", "deactivate pin", "hide b"]
        public var statements: [String] = []

        public struct Holding: Hashable, Sendable {
            public var label: String
            public var priority: Priority?
            public var isActive: Bool?
        }

        public struct Override: Hashable, Sendable {
            public var label: String
            public var constant: Double

            public init(label: String, constant: Double) {
                self.label = label
                self.constant = constant
            }
        }
    }

    /// Whether the project holds no layout yet (a new file, or `init` alone).
    public func isEmpty() throws -> Bool { try store.isEmpty() }

    /// The constraints of `layout` in the order they were added; with
    /// `includeGenerated`, followed by those the views' intrinsic sizes stand for.
    ///
    ///     try project.constraints().compactMap(\.label)   // ["header.height", ...]
    public func constraints(layout: String = defaultLayoutName, includeGenerated: Bool = false)
        throws -> [Constraint]
    {
        try store.listConstraints(layout: layout, includeGenerated: includeGenerated)
            .map(\.constraint)
    }

    /// The views of `layout` (not the root) as a tree to read: depth first, each view's
    /// subviews in their order; then any that no chain of parents leads to from the root
    /// (a cycle only plain SQL leaves).
    public func views(layout: String = defaultLayoutName) throws -> [ViewDeclaration] {
        let (ordered, stray) = Self.depthFirst(try store.views(layout: layout))
        return (ordered + stray).filter { !$0.isRoot }.map(\.declaration)
    }

    /// The variants of `layout`, by name.
    public func variants(layout: String = defaultLayoutName) throws -> [Variant] {
        let variants = try store.variants(layout: layout)
        // Only the labels the variants name: reading every constraint of a 1,000-view
        // layout for them was two thirds of `layoutdb get LABEL`.
        var ids = Set<Int64>()
        for v in variants {
            ids.formUnion(v.overrides.keys)
            ids.formUnion(v.priorities.keys)
            ids.formUnion(v.activations.keys)
        }
        let labels = try store.labels(ofConstraints: ids)
        let viewNames =
            variants.allSatisfy(\.intrinsics.isEmpty)
            ? [:]
            : Dictionary(
                try store.views(layout: layout).map { ($0.id, $0.name) },
                uniquingKeysWith: { a, _ in a })
        return variants.map { v in
            var variant = Variant(
                name: v.name, canvas: v.canvas,
                overrides: v.overrides.sorted { $0.key < $1.key }.map {
                    // An override is made through a label, so every one has a label.
                    Variant.Override(label: labels[$0.key] ?? "#\($0.key)", constant: $0.value)
                }
                    // A stack's spacing is a constant the variant overrides too (`set
                    // STACK.spacing V in VARIANT`), after the constraints', by stack name.
                    + v.spacing.sorted { $0.key < $1.key }.map {
                        Variant.Override(
                            label: StackArrangement.spacingLabel(of: $0.key), constant: $0.value)
                    })
            variant.holdings = Set(v.priorities.keys).union(v.activations.keys).sorted().map {
                Variant.Holding(
                    label: labels[$0] ?? "#\($0)", priority: v.priorities[$0],
                    isActive: v.activations[$0])
            }
            var words: [String] = []
            if let safe = v.safe { words.append("safe " + ScriptWriter.insets(safe)) }
            if let direction = v.direction { words.append("direction \(direction.rawValue)") }
            (variant.fitsWidth, variant.fitsHeight) = (
                v.fit?.width ?? false, v.fit?.height ?? false
            )
            if let fit = v.fit, fit != .none {
                words.append(
                    "fit "
                        + [fit.width ? "width" : nil, fit.height ? "height" : nil]
                        .compactMap { $0 }.joined(separator: " and "))
            }
            var statements: [Statement] = variant.overrides.map {
                .set(label: $0.label, constant: $0.constant, variant: nil)
            }
            for h in variant.holdings {
                if let p = h.priority {
                    statements.append(.priority(label: h.label, priority: p, variant: nil))
                }
                if let on = h.isActive {
                    statements.append(.activate(label: h.label, isActive: on, variant: nil))
                }
            }
            statements += v.intrinsics.sorted { $0.key < $1.key }.map {
                .intrinsic(view: viewNames[$0.key] ?? "#\($0.key)", size: $0.value, variant: nil)
            }
            statements += v.hidden.sorted { $0.key < $1.key }.map {
                .hide(view: $0.key, hidden: $0.value, variant: nil)
            }
            variant.statements = words + statements.map { ScriptWriter.text(of: $0) }
            return variant
        }
    }
}
