import LayoutScript

/// Structural edits: each one transaction that re-solves only the components of the views
/// it touches, and refuses (a ``LayoutDBError`` of kind bad input, the file as it was)
/// what would leave the layout broken.
extension Project {
    /// A constraint as `list` shows it: its stable id (the row id; nil for the ones
    /// layoutdb generates from intrinsic sizes), which every command taking a label also
    /// takes as `#ID`.
    public struct ListedConstraint: Hashable, Sendable {
        public var id: Int64?
        public var constraint: Constraint
        /// `#17`, or nil for a generated constraint.
        public var reference: String? { id.map { "#\($0)" } }
    }

    /// What `removeView` took away, and what moved because of it.
    public struct ViewRemoval: Sendable {
        /// The removed views, subviews before the view named.
        public var views: [String]
        /// The constraints that mentioned them, as they were.
        public var constraints: [ListedConstraint]
        public var report: SolveReport
    }

    /// The constraints of `layout` with their ids, in the order they were added (then,
    /// with `includeGenerated`, those the views' intrinsic sizes stand for).
    ///
    ///     try project.listedConstraints().map { $0.reference ?? "-" }   // ["#1", "#2", ...]
    public func listedConstraints(
        layout: String = defaultLayoutName, includeGenerated: Bool = false,
        variant: String? = nil
    ) throws -> [ListedConstraint] {
        try store.listConstraints(
            layout: layout, includeGenerated: includeGenerated, variant: variant
        ).map {
            ListedConstraint(id: $0.id, constraint: $0.constraint)
        }
    }

    /// Removes a view and the constraints that mention it; with `recursive`, its subviews
    /// too (without, a view that has subviews is refused).
    ///
    ///     let removal = try project.removeView("banner")
    ///     removal.constraints.map(\.constraint.source)   // what went with it
    @discardableResult
    public func removeView(
        _ name: String, recursive: Bool = false, layout: String = defaultLayoutName
    ) throws -> ViewRemoval {
        var removal: ProjectStore.ViewRemoval?
        let report = try edit(layouts: [layout]) {
            removal = try store.removeView(name, recursive: recursive, layout: layout)
        }
        return ViewRemoval(
            views: removal?.views ?? [],
            constraints: (removal?.constraints ?? []).map {
                ListedConstraint(id: $0.id, constraint: $0.constraint)
            }, report: report)
    }

    /// Moves a view under another parent (`root` or `|` for the root). Refuses an unknown
    /// parent and a parent inside the view. Its frame stays relative to its parent.
    @discardableResult
    public func moveView(_ name: String, into parent: String, layout: String = defaultLayoutName)
        throws -> SolveReport
    {
        try edit(layouts: [layout]) { try store.moveView(name, into: parent, layout: layout) }
    }

    /// Renames a view; its constraints follow (their source text too).
    @discardableResult
    public func renameView(_ old: String, to new: String, layout: String = defaultLayoutName)
        throws -> SolveReport
    {
        try edit(layouts: [layout]) { try store.renameView(old, to: new, layout: layout) }
    }

    /// Sets a view's frame as drawn, relative to its parent (UIView.frame).
    @discardableResult
    public func setFrame(_ name: String, to frame: Rect, layout: String = defaultLayoutName)
        throws -> SolveReport
    {
        try edit(layouts: [layout]) { try store.setFrame(name, to: frame, layout: layout) }
    }

    /// Sets a view's intrinsic content size (nil on an axis: none there); `hug` and
    /// `resist` nil keep the view's priorities (250 and 750 when it had none).
    @discardableResult
    public func setIntrinsic(
        _ name: String, width: Double?, height: Double?, hug: Priority? = nil,
        resist: Priority? = nil, layout: String = defaultLayoutName
    ) throws -> SolveReport {
        try edit(layouts: [layout]) {
            try store.setIntrinsic(
                name, width: width, height: height, hug: hug, resist: resist, layout: layout)
        }
    }

    /// Sets the multiplier of a constraint (a label or `#ID`) of the shape
    /// `a.attr == b.attr * M + C`.
    @discardableResult
    public func setMultiplier(
        _ constraint: String, to multiplier: Double, layout: String = defaultLayoutName
    ) throws -> SolveReport {
        try edit(layouts: [layout]) {
            try store.setMultiplier(constraint, to: multiplier, layout: layout)
        }
    }

    /// Gives a constraint (`#ID`, or a label to change) the label `label`.
    ///
    ///     try project.label("#4", as: "title.height")
    @discardableResult
    public func label(_ constraint: String, as label: String, layout: String = defaultLayoutName)
        throws -> SolveReport
    {
        try edit(layouts: [layout]) { try store.setLabel(constraint, to: label, layout: layout) }
    }
}
