import LayoutScript

/// Checking and exporting a project.
extension Project {
    /// What `check` reports: views whose layout is ambiguous, optional constraints that
    /// do not hold.
    public struct CheckReport: Sendable {
        public var layout: String
        public var variant: String
        public var ambiguousViews: [String]
        public var unsatisfied: [Constraint]
        public var isClean: Bool { ambiguousViews.isEmpty && unsatisfied.isEmpty }
    }

    /// Solves a layout in memory (nothing is written) and reports ambiguity and the
    /// optional constraints that lose.
    public func check(layout: String = defaultLayoutName, variant: String? = nil) throws -> CheckReport {
        let p = try prepare(layout: layout, variant: variant)
        let views = p.views
        let constraints = p.input.constraints
        let output = try LayoutEngine.solve(p.input)
        return CheckReport(
            layout: layout, variant: VariantRef(variant).description,
            ambiguousViews: views.indices.filter { output.ambiguous[$0] }.map { views[$0].name },
            unsatisfied: output.unsatisfied.map { constraints[$0] })
    }

    /// The project (or one layout) as a `.layout` script that `apply` rebuilds.
    ///
    /// Deactivated constraints have no script form; they are written as comments.
    public func export(layout only: String? = nil) throws -> String {
        var lines: [String] = ["# layoutdb export"]
        for summary in try store.layouts() where only == nil || only == summary.name {
            let name = summary.name
            lines.append("")
            lines.append("layout \(name)")
            if let canvas = summary.canvas {
                lines.append("canvas \(ScriptWriter.number(canvas.width)) \(ScriptWriter.number(canvas.height))")
            }
            for metric in try store.metrics(layout: name) {
                lines.append("metric \(metric.name) \(ScriptWriter.number(metric.value))")
            }
            for view in try store.views(layout: name) where !view.isRoot {
                lines.append(ScriptWriter.text(of: view.declaration))
            }
            var labels: [Int64: String] = [:]
            for stored in try store.listConstraints(layout: name) where stored.constraint.kind == .user {
                let text = ScriptWriter.text(of: stored.constraint)
                lines.append(stored.constraint.isActive ? text : "# inactive: \(text)")
                if let id = stored.id, let label = stored.constraint.label { labels[id] = label }
            }
            for variant in try store.variants(layout: name) {
                var line = "variant \(variant.name)"
                if let c = variant.canvas {
                    line += " canvas \(ScriptWriter.number(c.width)) \(ScriptWriter.number(c.height))"
                }
                lines.append(line)
                for (id, value) in variant.overrides.sorted(by: { $0.key < $1.key }) {
                    guard let label = labels[id] else { continue }
                    lines.append("set \(label) \(ScriptWriter.number(value)) in \(variant.name)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
