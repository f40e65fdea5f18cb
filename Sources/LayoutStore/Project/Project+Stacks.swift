import LayoutScript

/// Hidden views (docs/vocabulary.md §8): `hide` and `show`, in the base or one variant.
extension Project {
    /// Hides (`hidden`) or shows a view — in one variant only, or (nil) in the base layout,
    /// which every variant that does not say otherwise follows. Inside a stack the view
    /// leaves (or rejoins) the arrangement and its neighbours close over it; elsewhere
    /// only `solved_frames.hidden` changes. Re-solves and reports what moved.
    ///
    ///     try project.setHidden(view: "error", true, variant: "compact")
    @discardableResult
    public func setHidden(
        view: String, _ hidden: Bool, variant: String? = nil, layout: String = defaultLayoutName
    ) throws -> SolveReport {
        try edit(layouts: [layout]) {
            try store.setHidden(view: view, hidden, variant: variant, layout: layout)
        }
    }
}
