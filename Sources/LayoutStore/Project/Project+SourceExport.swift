import LayoutScript

/// A layout's part of `export` written from the scripts applied to it: their lines as
/// written, except a line whose statements were edited since (from the command line or
/// plain SQL), which is written as what the project now holds, in the writer's form, in
/// its place (docs/editing.md). What the lines cover is not written again after them.
struct SourceExport {
    var lines: [String] = []
    /// Whether the first of the lines that holds a statement switches to the layout
    /// (`layout NAME`, kept from a section of a script): then the lines open the layout,
    /// and `export` writes no `layout NAME` of its own above them.
    var opensLayout = false
    var canvas = false
    var views: Set<String> = []
    var metrics: Set<String> = []
    var constraintIDs: Set<Int64> = []
    var variants: Set<String> = []
    /// `LABEL|VARIANT`.
    var sets: Set<String> = []
    /// ``ScriptImage/Layout/overrideKey(of:)``: `hide|VIEW|VARIANT`, ...
    var overrides: Set<String> = []
}

extension Project {
    /// Nil when no script line is kept for the layout (it was made otherwise). `views`
    /// and `constraints` are the layout's, as `export` read them.
    func sourceExport(
        of summary: LayoutSummary, views: [StoredView], constraints: [StoredConstraint]
    ) throws -> SourceExport? {
        let rows = try store.scriptLines(layoutID: summary.id)
        guard !rows.isEmpty else { return nil }
        let name = summary.name
        let userConstraints = constraints.filter { $0.constraint.kind == .user }
        let labels = Set(userConstraints.compactMap(\.constraint.label))
        let viewByName = Dictionary(views.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let variants = try store.variants(layout: name)
        let variantByName = Dictionary(
            variants.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let metrics = Dictionary(
            try store.metrics(layout: name).map { ($0.name, $0.value) },
            uniquingKeysWith: { a, _ in a })
        let root = views.first(where: \.isRoot)

        // A file applied more than once without reconciling (standard input, or the
        // Swift API's additive apply) has lines that cannot be read back as one script:
        // such a layout is written as the project holds it.
        var heldScripts: [String: ProjectStore.HeldScript?] = [:]
        for file in Set(rows.map(\.file)) {
            let held = try store.heldScript(file: file)
            if held?.heldOnce == false { return nil }
            heldScripts[file] = held
        }
        var result = SourceExport()
        var sawStatement = false
        var declared: Set<String> = [rootViewName]
        var declaredLabels: Set<String> = []
        /// The compound labels (`ts`) of the declared ones (`ts.width`).
        var declaredCompounds: Set<String> = []
        var declaredVariants: Set<String> = []
        /// The views the lines declare, in the order they are written.
        var lineViews: [String] = []
        let compounds = Set(labels.compactMap(SourceExport.compoundLabel(of:)))
        // Whether a line above declares what a statement names, where the project has it.
        // What the project no longer has (removed since) needs no declaration: the
        // statements that name it are left out.
        /// A constraint, the parts of a compound label, or a stack's spacing.
        func isDeclared(label: String) -> Bool {
            if declaredLabels.contains(label) || declaredCompounds.contains(label) { return true }
            if labels.contains(label) || compounds.contains(label) { return false }
            guard let stack = StackArrangement.stack(ofSpacingLabel: label) else { return true }
            return isDeclared(view: stack)
        }
        func isDeclared(view: String) -> Bool {
            declared.contains(view) || viewByName[view] == nil
        }
        /// nil: the base.
        func isDeclared(variant: String?) -> Bool {
            variant.map { declaredVariants.contains($0) || variantByName[$0] == nil } ?? true
        }
        var images: [String: (image: ScriptImage.Layout, rows: [String: StoredConstraint])] = [:]
        for row in rows {
            if images[row.file] == nil {
                let held = heldScripts[row.file] ?? nil
                let text = held?.text ?? ""
                let start = held?.startLayout ?? name
                // Lines kept from an apply read back as they did; if they no longer read
                // (a grammar change), the layout is written as the project holds it.
                guard let statements = try? ScriptParser.parse(text, file: row.file, layout: start)
                else { return nil }
                let image =
                    ScriptImage(statements, start: start).layout(named: name)
                    ?? ScriptImage.Layout(name: name)
                // What a statement kind the image keeps whole made is unknown here, so the
                // writer could not leave it out after the lines: the layout is written as
                // the project holds it.
                if !image.others.isEmpty { return nil }
                images[row.file] = (
                    image, ProjectStore.byIdentity(userConstraints, file: row.file, image: image)
                )
            }
            let (image, constraints) = images[row.file]!
            let items = image.lineItems[row.line] ?? []
            // A `layout` line is written as any other (its comment kept, in its place):
            // the layout's first statement line being one, the lines open the layout.
            if !sawStatement, let first = items.first {
                sawStatement = true
                result.opensLayout = first == .layout
            }

            func constraintHolds(_ key: String) -> Bool {
                guard let expected = image.constraints[key], let row = constraints[key] else {
                    return false
                }
                return Reconciler.same(expected, row.constraint)
            }
            /// The label a statement of the script names `label`'s constraint by now: the
            /// `label` command may have given it another since, and a line that names it is
            /// written with that one. One that the command line left (or a stack's spacing,
            /// or a constraint gone) is as written.
            func labelNow(_ label: String) -> String {
                constraints[label]?.constraint.label ?? label
            }
            /// What the rows `label` names hold (`value` of a row and its id): for the
            /// label, where they all hold the same and are still called so; else for each
            /// part, by the label it has now, a compound label (`title.size`, `gap`) naming
            /// several (`title.size.width`, `gap.1`, ...) whose parts were given other values
            /// or labels since. A part `value` has nothing for is left out (a variant without
            /// its own holding).
            func held<T: Equatable>(
                _ label: String, use: String, _ value: (StoredConstraint, Int64) -> T?
            ) throws -> [(label: String, value: T)] {
                let rows =
                    constraints[label].map { [(label, $0)] }
                    ?? constraints.filter { SourceExport.compoundLabel(of: $0.key) == label }
                    .sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                let values = rows.map { row in row.1.id.flatMap { value(row.1, $0) } }
                guard let first = values.first else { return [] }
                if values.allSatisfy({ $0 == first }),
                    rows.allSatisfy({ $0.1.constraint.label == $0.0 })
                {
                    return first.map { [(label, $0)] } ?? []
                }
                return try zip(rows, values).compactMap { row, value in
                    try value.map { (try row.1.exportLabel(use: use), $0) }
                }
            }
            /// What the project holds where `statement` (an override) writes, in its form:
            /// one statement, or one for each part of a compound label whose parts differ.
            func stored(_ statement: Statement) throws -> [Statement] {
                switch statement {
                case .hide(let view, _, let variant?):
                    return variantByName[variant]?.hidden[view].map {
                        [.hide(view: view, hidden: $0, variant: variant)]
                    } ?? []
                case .hide(let view, _, nil):
                    return viewByName[view].map {
                        [.hide(view: view, hidden: $0.declaration.isHidden, variant: nil)]
                    } ?? []
                case .intrinsic(let view, _, let variant):
                    guard let v = viewByName[view] else { return [] }
                    let size =
                        variant == nil
                        ? v.declaration.intrinsic ?? IntrinsicSize(width: nil, height: nil)
                        : variantByName[variant!]?.intrinsics[v.id]
                    return size.map { [.intrinsic(view: view, size: $0, variant: variant)] } ?? []
                case .priority(let label, _, let variant):
                    return try held(label, use: "for its priority (`priority LABEL P`)") {
                        row, id in
                        variant == nil
                            ? row.constraint.priority : variantByName[variant!]?.priorities[id]
                    }.map { .priority(label: $0.label, priority: $0.value, variant: variant) }
                case .activate(let label, _, let variant):
                    return try held(label, use: "to turn it on or off (`activate LABEL`)") {
                        row, id in
                        variant == nil
                            ? row.constraint.isActive : variantByName[variant!]?.activations[id]
                    }.map { .activate(label: $0.label, isActive: $0.value, variant: variant) }
                default:
                    return []
                }
            }
            /// A stack's spacing (`set STACK.spacing N [in V]`) as the project holds it.
            func spacing(_ label: String, _ variant: String?) -> Double?? {
                guard let stack = StackArrangement.stack(ofSpacingLabel: label),
                    let spacing = viewByName[stack]?.declaration.stack?.spacing
                else { return nil }
                return .some(variant == nil ? spacing : variantByName[variant!]?.spacing[stack])
            }
            func holds(_ item: ScriptImage.Item) throws -> Bool {
                switch item {
                case .override(let key):
                    guard let expected = image.overrideStatements[key] else { return false }
                    return try stored(expected) == [expected]
                case .layout, .other: return true
                case .canvas:
                    guard
                        case .canvas(let size, let safe, let margins, let direction)? =
                            image.canvas?.statement
                    else { return false }
                    return summary.canvas == size && summary.safe == (safe ?? .zero)
                        && summary.fit == (image.fit ?? Fit.none)
                        && summary.direction == (direction ?? .leftToRight)
                        && root?.declaration.margins == margins
                case .view(let view):
                    return viewByName[view]?.declaration == image.views[view]
                case .metric(let metric):
                    return metrics[metric] == image.metrics[metric]
                case .constraint(let key):
                    guard constraintHolds(key) else { return false }
                    // A metric the line names by name must be there, as the line read it
                    // (plain SQL may have deleted it): else the line would not apply.
                    let metricsNamed = Project.identifiers(in: row.text).filter {
                        image.metrics[$0] != nil
                    }
                    guard metricsNamed.allSatisfy({ metrics[$0] == image.metrics[$0] }) else {
                        return false
                    }
                    // A VFL line's `|` is the parent its views had where the line stands: a
                    // view moved since (`move-view`) is written under its new parent, where
                    // the line would mean that one.
                    guard row.text.contains("|"), let expected = image.constraints[key] else {
                        return true
                    }
                    return expected.views.allSatisfy { view in
                        image.views[view].map { viewByName[view]?.declaration.parent == $0.parent }
                            ?? true
                    }
                case .set(let label, nil) where image.labels[label] != nil:
                    return constraintHolds(image.labels[label]!)
                case .set(let label, let variant):
                    let key = ScriptImage.Layout.setKey(label, variant)
                    if let held = spacing(label, variant) {
                        // A base one is folded into the stack's declaration.
                        let expected =
                            variant == nil
                            ? StackArrangement.stack(ofSpacingLabel: label).flatMap {
                                image.views[$0]?.stack?.spacing
                            } : image.sets[key]?.value
                        return held == expected
                    }
                    // A line that names the constraint by a label it no longer has is
                    // written with the one it has (`label` renamed it since).
                    guard let expected = image.sets[key], let id = constraints[label]?.id,
                        labelNow(label) == label
                    else {
                        return false
                    }
                    if let variant {
                        return variantByName[variant]?.overrides[id] == expected.value
                    }
                    return constraints[label]?.constraint.constant == expected.value
                case .variant(let variant):
                    guard let current = variantByName[variant] else { return false }
                    return ScriptImage.VariantShape(
                        canvas: current.canvas, safe: current.safe, direction: current.direction,
                        fit: current.fit) == image.variants[variant]
                }
            }
            func current(_ item: ScriptImage.Item) throws -> [String] {
                switch item {
                case .layout: return [try ExportText.text(of: .layout(name), layout: name)]
                case .other: return [row.text]
                case .override(let key):
                    guard let expected = image.overrideStatements[key] else { return [] }
                    return try stored(expected).map { try ExportText.text(of: $0, layout: name) }
                case .canvas:
                    guard let canvas = summary.canvas else { return [] }
                    return [
                        try ExportText.text(
                            of: .canvas(
                                canvas, safe: summary.safe == .zero ? nil : summary.safe,
                                margins: root?.declaration.margins,
                                direction: summary.direction == .rightToLeft ? .rightToLeft : nil),
                            fitting: summary.fit, layout: name)
                    ]
                case .view(let view):
                    guard let stored = viewByName[view] else { return [] }
                    return [try ExportText.text(of: .view(stored.declaration), layout: name)]
                case .metric(let metric):
                    guard let value = metrics[metric] else { return [] }
                    return [
                        try ExportText.text(of: .metric(name: metric, value: value), layout: name)
                    ]
                case .constraint(let key):
                    guard let stored = constraints[key] else { return [] }
                    // A base `activate`/`deactivate` in the script of its label, or of a
                    // compound label it is a part of, is written as the project holds it,
                    // in its own place: it says it already. The label is the one the script
                    // declares it with: its lines name it so (and are written with the
                    // label the constraint has now).
                    let said = (image.constraints[key]?.label ?? stored.constraint.label).map {
                        SourceExport.overrideKeys(
                            of: .activate(label: $0, isActive: false, variant: nil),
                            labels: labels
                        ).contains { image.overrideStatements[$0] != nil }
                    }
                    return try stored.exportLines(deactivationSaid: said ?? false)
                case .set(let label, let variant):
                    if let held = spacing(label, variant) {
                        return try held.map {
                            [
                                try ExportText.text(
                                    of: .set(label: label, constant: $0, variant: variant),
                                    layout: name)
                            ]
                        } ?? []
                    }
                    guard let stored = constraints[label], let id = stored.id else { return [] }
                    let value =
                        variant == nil
                        ? stored.constraint.constant
                        : variantByName[variant!]?.overrides[id]
                    guard let value else { return [] }
                    let written = try stored.exportLabel(
                        use: variant.map {
                            "for its constant in variant `\($0)` (`set LABEL C in \($0)`)"
                        } ?? "for its constant (`set LABEL C`)")
                    return [
                        try ExportText.text(
                            of: .set(label: written, constant: value, variant: variant),
                            layout: name)
                    ]
                case .variant(let variant):
                    guard let v = variantByName[variant] else { return [] }
                    return [
                        try ExportText.text(
                            of: .variant(
                                name: v.name, canvas: v.canvas, safe: v.safe, direction: v.direction
                            ),
                            fitting: v.canvas == nil ? Fit.none : v.fit ?? Fit.none, layout: name)
                    ]
                }
            }
            let intact = try items.allSatisfy(holds)
            // Every view, label and variant a written statement names must be declared
            // above it. An edit can break that (a view moved under one declared later, a
            // view renamed), and so can the command line: what it made (`add`, `variant
            // create`) is written after the lines, below a later file's line that names
            // it. Then the layout is written as the project holds it, in an order that
            // applies.
            for item in items {
                switch item {
                case .view(let view):
                    guard
                        let declaration = intact ? image.views[view] : viewByName[view]?.declaration
                    else { continue }
                    if !declared.contains(declaration.parent) { return nil }
                    declared.insert(view)
                    lineViews.append(view)
                case .constraint(let key):
                    guard let c = intact ? image.constraints[key] : constraints[key]?.constraint
                    else { continue }
                    for term in c.lhs.terms + c.rhs.terms where !declared.contains(term.view) {
                        return nil
                    }
                    if let label = c.label {
                        declaredLabels.insert(label)
                        if let compound = SourceExport.compoundLabel(of: label) {
                            declaredCompounds.insert(compound)
                        }
                    }
                case .variant(let variant):
                    declaredVariants.insert(variant)
                case .set(let label, let variant):
                    let written = intact ? label : labelNow(label)
                    if !isDeclared(label: written) || !isDeclared(variant: variant) { return nil }
                case .override(let key):
                    guard let expected = image.overrideStatements[key] else { continue }
                    for statement in intact ? [expected] : try stored(expected) {
                        switch statement {
                        case .hide(let view, _, let variant), .intrinsic(let view, _, let variant):
                            if !isDeclared(view: view) || !isDeclared(variant: variant) {
                                return nil
                            }
                        case .priority(let label, _, let variant),
                            .activate(let label, _, let variant):
                            if !isDeclared(label: label) || !isDeclared(variant: variant) {
                                return nil
                            }
                        default: break
                        }
                    }
                case .layout, .canvas, .metric, .other: break
                }
            }
            if intact {
                result.lines.append(row.text)
            } else {
                for item in items { result.lines += try current(item) }
            }
            for item in items {
                switch item {
                case .canvas: result.canvas = true
                case .view(let view): result.views.insert(view)
                case .metric(let metric): result.metrics.insert(metric)
                case .constraint(let key):
                    if let id = constraints[key]?.id { result.constraintIDs.insert(id) }
                case .variant(let variant): result.variants.insert(variant)
                case .set(let label, let variant):
                    result.sets.insert(
                        ScriptImage.Layout.setKey(intact ? label : labelNow(label), variant))
                case .override(let key):
                    result.overrides.insert(key)
                    // What the line was written as says it too (by the labels it has now).
                    guard !intact, let expected = image.overrideStatements[key] else { continue }
                    for statement in try stored(expected) {
                        if let written = ScriptImage.Layout.overrideKey(of: statement) {
                            result.overrides.insert(written)
                        }
                    }
                case .layout, .other: break
                }
            }
        }
        // The views come back in the project's order (a stack's arranged views, what is
        // drawn over what, the order `frames` lists): the lines' views in theirs, then
        // those no line declares, which `export` writes after the lines in the project's
        // order. A view renamed since breaks it where nothing names it above its
        // declaration: its line is left out, and its new name written after the lines.
        // Then the layout is written as the project holds it.
        let after = views.filter { !$0.isRoot && !result.views.contains($0.name) }.map(\.name)
        if lineViews + after != views.filter({ !$0.isRoot }).map(\.name) { return nil }
        return result
    }
}

extension SourceExport {
    /// The label a script's `priority` or `activate` of a compound label names the
    /// constraint labelled `label` by: `ts` for `ts.width`, one level up (as the store
    /// reads a label, `ProjectStore.constraintIDs(named:)`). It names the part only where
    /// no constraint has it as its own label: see ``overrideKeys(of:labels:)``.
    static func compoundLabel(of label: String) -> String? {
        label.lastIndex(of: ".").map { String(label[..<$0]) }
    }

    /// The override keys (``ScriptImage/Layout/overrideKey(of:)``) of the statements that
    /// say what `statement` says: its own, and for a `priority` or `activate` of a part of
    /// a compound label (`ts.width`), that of the compound label (`ts`), unless a
    /// constraint of the layout is labelled so itself (`labels`). A source line of
    /// either is written as the project holds each part, so it says it already.
    static func overrideKeys(of statement: Statement, labels: Set<String>) -> [String] {
        guard let key = ScriptImage.Layout.overrideKey(of: statement) else { return [] }
        func compound(_ label: String) -> String? {
            compoundLabel(of: label).flatMap { labels.contains($0) ? nil : $0 }
        }
        let said: Statement? =
            switch statement {
            case .priority(let label, let priority, let variant):
                compound(label).map { .priority(label: $0, priority: priority, variant: variant) }
            case .activate(let label, let isActive, let variant):
                compound(label).map { .activate(label: $0, isActive: isActive, variant: variant) }
            default: nil
            }
        guard let compoundKey = said.flatMap(ScriptImage.Layout.overrideKey(of:)) else {
            return [key]
        }
        return [key, compoundKey]
    }
}

extension StoredConstraint {
    /// The lines that make this constraint again, for `export`: its statement, then, where
    /// it is turned off, `deactivate LABEL` (a script declares every constraint active and
    /// turns one off by its label), unless `deactivationSaid`: a line of the script turns
    /// it on or off already, and is written as the project holds it. The one place an
    /// inactive constraint is written. One without a label cannot be turned off by a
    /// script: ``StoreError/unlabelledInExport(id:constraint:layout:use:)``, rather than a
    /// script that would apply as another project.
    func exportLines(deactivationSaid: Bool = false) throws -> [String] {
        // A term whose row names a view id no view has (plain SQL left it): no name to
        // write, and the reads refuse the layout the same way.
        if let missing = constraint.views.lazy.compactMap(ConstraintReader.missingViewID).first {
            throw StoreError.refusedEdit(
                "cannot export layout `\(layout)`: constraint "
                    + "\(id.map { "#\($0) " } ?? "")names view id \(missing), which is not in the "
                    + "project (plain SQL left it); `layoutdb doctor` lists such rows, and "
                    + "`layoutdb remove` (by its label or #id) removes the constraint")
        }
        let text = try ExportText.text(
            of: .constraint(constraint), layout: layout, constraint: self)
        guard !constraint.isActive, !deactivationSaid else { return [text] }
        let label = try exportLabel(use: "to turn it off (`deactivate LABEL`)")
        return [
            text,
            try ExportText.text(
                of: .activate(label: label, isActive: false, variant: nil), layout: layout),
        ]
    }

    /// The label `export` names this constraint by after its declaration, `use` saying
    /// what for (`deactivate`, a variant's `set`, `priority`, `activate`); one without a
    /// label is refused, as in ``exportLines(deactivationSaid:)``.
    func exportLabel(use: String) throws -> String {
        if let label = constraint.label { return label }
        throw StoreError.unlabelledInExport(
            id: id, constraint: ScriptWriter.text(of: constraint), layout: layout, use: use)
    }
}
