import LayoutScript

extension Project {
    /// A stack's spacing, the one named constant `STACK.spacing` (docs/vocabulary.md §7):
    /// the base's and each variant's own.
    public struct StackSpacing: Hashable, Sendable {
        /// `column.spacing`.
        public var label: String
        public var stack: String
        public var spacing: Double
        /// Variant name → the variant's own spacing, for the variants that set one.
        public var variants: [String: Double]
    }

    /// The spacing `label` names (`column.spacing` for stack `column`), or nil when the
    /// label names no stack's spacing (then it may name a constraint).
    ///
    ///     try project.stackSpacing("column.spacing")?.variants["compact"]  // 12
    public func stackSpacing(_ label: String, layout: String = defaultLayoutName) throws
        -> StackSpacing?
    {
        guard let name = StackArrangement.stack(ofSpacingLabel: label),
            try store.existingLayoutID(layout) != nil,
            let spacing = try store.views(layout: layout).first(where: { $0.name == name })?
                .declaration.stack?.spacing
        else { return nil }
        var variants: [String: Double] = [:]
        for variant in try store.variants(layout: layout) {
            if let own = variant.spacing[name] { variants[variant.name] = own }
        }
        return StackSpacing(label: label, stack: name, spacing: spacing, variants: variants)
    }
}
