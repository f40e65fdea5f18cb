import LayoutScript

/// LayoutKit-style access to named constraints and text constraints.
extension Project {
    /// A named constraint as a value: change `constant`, `priority` or `isActive`, then
    /// ``Project/save(_:)`` writes the changes in one transaction and re-solves.
    ///
    ///     var height = try project.namedConstraint("header.height")!
    ///     height.constant = 44
    ///     height.isActive = true
    ///     let moved = try project.save(height).changes
    public struct NamedConstraint: Hashable, Sendable {
        public let label: String
        public let layout: String
        /// The constraint as stored (its text, terms, origin).
        public let constraint: Constraint
        public var constant: Double
        public var priority: Priority
        public var isActive: Bool
    }

    /// The labelled constraint as an editable value, or nil.
    public func namedConstraint(_ label: String, layout: String = defaultLayoutName) throws
        -> NamedConstraint?
    {
        try store.constraint(labelled: label, layout: layout).map {
            Self.named($0.constraint, label: label, layout: layout)
        }
    }

    /// The labelled constraint as an editable value, for a label (or `#ID`, as `list`
    /// shows it; the value's label is then the constraint's own, or `#ID`) a person typed: an
    /// unknown one is an error with a "did you mean", as every edit of a label reports it.
    ///
    ///     try project.existingNamedConstraint("header.hieght")
    ///     // throws: no constraint labelled `header.hieght` in layout `main`;
    ///     //         did you mean `header.height`?
    public func existingNamedConstraint(_ label: String, layout: String = defaultLayoutName)
        throws -> NamedConstraint
    {
        let c = try store.existingConstraint(labelled: label, layout: layout).constraint
        return Self.named(c, label: c.label ?? label, layout: layout)
    }

    private static func named(_ c: Constraint, label: String, layout: String) -> NamedConstraint {
        NamedConstraint(
            label: label, layout: layout, constraint: c, constant: c.constant, priority: c.priority,
            isActive: c.isActive)
    }

    /// Writes what changed in `named` (constant, priority, active flag) in one transaction.
    @discardableResult
    public func save(_ named: NamedConstraint) throws -> SolveReport {
        let c = named.constraint
        return try edit(layouts: [named.layout]) {
            if named.constant != c.constant {
                try store.setConstant(
                    label: named.label, value: named.constant, layout: named.layout)
            }
            if named.priority != c.priority {
                try store.setPriority(
                    label: named.label, priority: named.priority, layout: named.layout)
            }
            if named.isActive != c.isActive {
                try store.setActive(label: named.label, named.isActive, layout: named.layout)
            }
        }
    }

    /// Re-solves what is dirty and returns the frames that changed (UIKit's name).
    @discardableResult
    public func layoutIfNeeded() throws -> [FrameChange] { try solve().changes }

    /// Adds constraints written as text — equations and VFL lines separated by `;` or
    /// new lines, with metrics — in one transaction (JBNSLayoutConstraint's style).
    ///
    ///     try project.constrain("box.center == |; box.size == side", metrics: ["side": 50])
    @discardableResult
    public func constrain(
        _ text: String, metrics: [String: Double] = [:], layout: String = defaultLayoutName
    )
        throws -> SolveReport
    {
        var known = try metricValues(layout: layout)
        known.merge(metrics) { _, new in new }
        var constraints: [Constraint] = []
        // The layout's views, so that an unknown one is an error at its name, and its
        // guides, which have no margins or baselines.
        let stored = try store.views(layout: layout)
        let guides = stored.filter { $0.declaration.kind == .guide }.map(\.name)
        for s in try ScriptParser.parse(
            text, file: "<constrain>", metrics: known, layout: layout,
            views: [layout: Self.parents(of: stored)],
            guides: guides.isEmpty ? [:] : [layout: Set(guides)])
        {
            guard case .constraint(let c) = s.statement else {
                throw ParseError(
                    location: s.location, lineText: s.text,
                    message: "only constraints belong here (found '\(s.text)')",
                    hint: "declare views and variants with apply(script:)")
            }
            constraints.append(c)
        }
        return try add(constraints, layout: layout)
    }
}
