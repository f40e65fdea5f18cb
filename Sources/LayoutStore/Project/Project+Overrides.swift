import LayoutScript

/// Priority, activation and intrinsic size per variant: what size classes change besides
/// constants. `variant` nil changes the base, which every variant that does not override
/// it inherits; a compound label (`title.size`) changes each of its components.
extension Project {
    /// Changes the priority of the labelled constraint(s) in one variant, or (nil) the base.
    ///
    ///     try project.setPriority(label: "wide", to: Priority(200), variant: "narrow")
    @discardableResult
    public func setPriority(
        label: String, to priority: Priority, variant: String?,
        layout: String = defaultLayoutName
    ) throws -> SolveReport {
        try edit(layouts: [layout]) {
            try store.setPriority(
                label: label, priority: priority, variant: variant, layout: layout)
        }
    }

    /// Turns the labelled constraint(s) on or off in one variant, or (nil) the base.
    ///
    ///     try project.setActive(label: "split", true, variant: "regular")
    @discardableResult
    public func setActive(
        label: String, _ active: Bool, variant: String?, layout: String = defaultLayoutName
    ) throws -> SolveReport {
        try edit(layouts: [layout]) {
            try store.setActive(label: label, active, variant: variant, layout: layout)
        }
    }

    /// Sets a view's intrinsic content size in one variant only (`intrinsic VIEW W H in
    /// V`); with `variant` nil, as ``setIntrinsic(_:width:height:hug:resist:layout:)``.
    /// `hug` and `resist` nil keep the priorities the variant sees now.
    @discardableResult
    public func setIntrinsic(
        _ name: String, width: Double?, height: Double?, hug: Priority? = nil,
        resist: Priority? = nil, variant: String?, layout: String = defaultLayoutName
    ) throws -> SolveReport {
        guard let variant, VariantRef(variant) != .base else {
            return try setIntrinsic(
                name, width: width, height: height, hug: hug, resist: resist, layout: layout)
        }
        return try edit(layouts: [layout]) {
            try store.setIntrinsic(
                name, width: width, height: height, hug: hug, resist: resist, variant: variant,
                layout: layout)
        }
    }
}
