import LayoutScript

/// A layout's part of `export` written from the scripts applied to it: their lines as
/// written, except a line whose statements were edited since (from the command line or
/// plain SQL), which is written as what the project now holds, in the writer's form, in
/// its place (docs/editing.md). What the lines cover is not written again after them.
struct SourceExport {
    var lines: [String] = []
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
        var declared: Set<String> = [rootViewName]
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
            if items == [.layout] { continue }

            func constraintHolds(_ key: String) -> Bool {
                guard let expected = image.constraints[key], let row = constraints[key] else {
                    return false
                }
                return Reconciler.same(expected, row.constraint)
            }
            func labelled(_ label: String) -> StoredConstraint? {
                if let row = constraints[label] { return row }
                // A compound label names its parts (`title.size.width`, `gap.1`, ...).
                return constraints.filter { $0.key.hasPrefix(label + ".") }
                    .min { $0.key < $1.key }?.value
            }
            /// What the project holds where `statement` (an override) writes, in its form.
            func stored(_ statement: Statement) -> Statement? {
                switch statement {
                case .hide(let view, _, let variant?):
                    return variantByName[variant]?.hidden[view].map {
                        .hide(view: view, hidden: $0, variant: variant)
                    }
                case .hide(let view, _, nil):
                    return viewByName[view].map {
                        .hide(view: view, hidden: $0.declaration.isHidden, variant: nil)
                    }
                case .intrinsic(let view, _, let variant):
                    guard let v = viewByName[view] else { return nil }
                    let size =
                        variant == nil
                        ? v.declaration.intrinsic ?? IntrinsicSize(width: nil, height: nil)
                        : variantByName[variant!]?.intrinsics[v.id]
                    return size.map { .intrinsic(view: view, size: $0, variant: variant) }
                case .priority(let label, _, let variant):
                    guard let row = labelled(label), let id = row.id else { return nil }
                    let priority =
                        variant == nil
                        ? row.constraint.priority : variantByName[variant!]?.priorities[id]
                    return priority.map { .priority(label: label, priority: $0, variant: variant) }
                case .activate(let label, _, let variant):
                    guard let row = labelled(label), let id = row.id else { return nil }
                    let active =
                        variant == nil
                        ? row.constraint.isActive : variantByName[variant!]?.activations[id]
                    return active.map { .activate(label: label, isActive: $0, variant: variant) }
                default:
                    return nil
                }
            }
            /// A stack's spacing (`set STACK.spacing N [in V]`) as the project holds it.
            func spacing(_ label: String, _ variant: String?) -> Double?? {
                guard let stack = StackArrangement.stack(ofSpacingLabel: label),
                    let spacing = viewByName[stack]?.declaration.stack?.spacing
                else { return nil }
                return .some(variant == nil ? spacing : variantByName[variant!]?.spacing[stack])
            }
            func holds(_ item: ScriptImage.Item) -> Bool {
                switch item {
                case .override(let key):
                    guard let expected = image.overrideStatements[key] else { return false }
                    return stored(expected) == expected
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
                    return constraintHolds(key)
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
                    guard let expected = image.sets[key], let id = constraints[label]?.id else {
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
                case .layout: return []
                case .other: return [row.text]
                case .override(let key):
                    guard let expected = image.overrideStatements[key],
                        let held = stored(expected)
                    else { return [] }
                    return [try ScriptWriter.checkedText(of: held)]
                case .canvas:
                    guard let canvas = summary.canvas else { return [] }
                    return [
                        try ScriptWriter.checkedText(
                            of: .canvas(
                                canvas, safe: summary.safe == .zero ? nil : summary.safe,
                                margins: root?.declaration.margins,
                                direction: summary.direction == .rightToLeft ? .rightToLeft : nil),
                            fitting: (summary.fit.width, summary.fit.height))
                    ]
                case .view(let view):
                    guard let stored = viewByName[view] else { return [] }
                    return [try ScriptWriter.checkedText(of: .view(stored.declaration))]
                case .metric(let metric):
                    guard let value = metrics[metric] else { return [] }
                    return [try ScriptWriter.checkedText(of: .metric(name: metric, value: value))]
                case .constraint(let key):
                    guard let stored = constraints[key] else { return [] }
                    let text = try ScriptWriter.checkedText(of: .constraint(stored.constraint))
                    return [stored.constraint.isActive ? text : "# inactive: \(text)"]
                case .set(let label, let variant):
                    if let held = spacing(label, variant) {
                        return try held.map {
                            [
                                try ScriptWriter.checkedText(
                                    of: .set(label: label, constant: $0, variant: variant))
                            ]
                        } ?? []
                    }
                    guard let stored = constraints[label], let id = stored.id else { return [] }
                    let value =
                        variant == nil
                        ? stored.constraint.constant
                        : variantByName[variant!]?.overrides[id]
                    guard let value else { return [] }
                    return [
                        try ScriptWriter.checkedText(
                            of: .set(label: label, constant: value, variant: variant))
                    ]
                case .variant(let variant):
                    guard let v = variantByName[variant] else { return [] }
                    return [
                        try ScriptWriter.checkedText(
                            of: .variant(
                                name: v.name, canvas: v.canvas, safe: v.safe, direction: v.direction
                            ),
                            fitting: v.canvas == nil
                                ? (false, false)
                                : ((v.fit ?? Fit.none).width, (v.fit ?? Fit.none).height))
                    ]
                }
            }
            let intact = items.allSatisfy(holds)
            // Every view a written statement names must be declared above it. An edit can
            // break that (a view moved under one declared later, a view renamed): then the
            // layout is written as the project holds it, in an order that applies.
            for item in items {
                switch item {
                case .view(let view):
                    guard
                        let declaration = intact ? image.views[view] : viewByName[view]?.declaration
                    else { continue }
                    if !declared.contains(declaration.parent) { return nil }
                    declared.insert(view)
                case .constraint(let key):
                    guard let c = intact ? image.constraints[key] : constraints[key]?.constraint
                    else { continue }
                    for term in c.lhs.terms + c.rhs.terms where !declared.contains(term.view) {
                        return nil
                    }
                default: break
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
                    result.sets.insert(ScriptImage.Layout.setKey(label, variant))
                case .override(let key): result.overrides.insert(key)
                case .layout, .other: break
                }
            }
        }
        return result
    }
}
