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
            layout: layout, variant: variant ?? baseVariantName,
            ambiguousViews: views.indices.filter { output.ambiguous[$0] }.map { views[$0].name },
            unsatisfied: output.unsatisfied.map { constraints[$0] })
    }

    /// The project (or one layout) as a `.layout` script that `apply` rebuilds.
    ///
    /// Deactivated constraints have no script form; they are written as comments. A name
    /// a script cannot spell (see ``Identifier``; only plain SQL can store one) throws
    /// ``InvalidNameError``: the text would apply as a different project.
    public func export(layout only: String? = nil) throws -> String {
        var lines: [String] = ["# layoutdb export"]
        func write(_ statement: Statement) throws {
            lines.append(try ScriptWriter.checkedText(of: statement))
        }
        for summary in try store.layouts() where only == nil || only == summary.name {
            let name = summary.name
            lines.append("")
            try write(.layout(name))
            if let canvas = summary.canvas { try write(.canvas(canvas)) }
            for metric in try store.metrics(layout: name) {
                try write(.metric(name: metric.name, value: metric.value))
            }
            for view in try store.views(layout: name) where !view.isRoot {
                try write(.view(view.declaration))
            }
            var labels: [Int64: String] = [:]
            for stored in try store.listConstraints(layout: name) where stored.constraint.kind == .user {
                let text = try ScriptWriter.checkedText(of: .constraint(stored.constraint))
                lines.append(stored.constraint.isActive ? text : "# inactive: \(text)")
                if let id = stored.id, let label = stored.constraint.label { labels[id] = label }
            }
            for variant in try store.variants(layout: name) {
                try write(.variant(name: variant.name, canvas: variant.canvas))
                for (id, value) in variant.overrides.sorted(by: { $0.key < $1.key }) {
                    guard let label = labels[id] else { continue }
                    try write(.set(label: label, constant: value, variant: variant.name))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
