import LayoutScript

/// What one script's statements make, per layout, each thing under its **identity**: the
/// key that says "the same statement" across edits of a script (docs/editing.md).
///
/// - a view, a metric, a variant: its name; the canvas: `canvas`;
/// - a labelled constraint: its label (a labelled VFL line's constraints: `LABEL.1`, ...);
/// - an unlabelled constraint: its statement's text without whitespace (for a long one,
///   a digest of it: ``StatementSource/identity(of:)``), the occurrence of
///   that text in the layout (`#0`, `#1`, ...) and its place in what the statement expands
///   to (`.0`, `.1`, ...): a VFL line is one statement that expands to several;
/// - `set LABEL C [in V]`: the label and the variant; a base `set` of a constraint the
///   script declares is folded into that constraint's constant, a base `set STACK.spacing`
///   of a stack it declares into the stack's declaration;
/// - `hide`/`show VIEW`, `intrinsic VIEW`, `priority LABEL`, `activate`/`deactivate
///   LABEL`, each with `[in V]`: the kind (`hide` and `show` are one kind, as are
///   `activate` and `deactivate`), the view or label and the variant (``overrideKey(of:)``).
///   A base one of a view or labelled constraint the script declares is folded into that
///   declaration (the view's hidden flag or intrinsic size, the constraint's priority or
///   active flag), as the applier writes it there;
/// - `canvas ... fit`, `variant V canvas ... fit`: folded into the canvas or the variant;
/// - any other statement: its kind, its text and occurrence (`others`).
///
/// Identities survive reordering and the editing of other lines; editing an unlabelled
/// constraint's text makes it another constraint (the old one goes, the new one comes).
struct ScriptImage {
    /// What a line's statements made, so `export` can tell whether the line still holds.
    enum Item: Hashable {
        case layout
        case canvas
        case view(String)
        case metric(String)
        case constraint(String)
        case variant(String)
        /// A `set`: label and variant (nil: base).
        case set(String, String?)
        /// A `hide`, `intrinsic`, `priority` or `activate` statement: its override key.
        case override(String)
        case other(String)
    }

    struct VariantShape: Hashable {
        var canvas: Size?
        var safe: Insets?
        var direction: LayoutDirection?
        /// The variant's own `fit` (nil: the layout's).
        var fit: Fit?
    }

    final class Layout {
        let name: String
        var canvas: LocatedStatement?
        /// The canvas's `fit` (nil: none).
        var fit: Fit?
        var views: [String: ViewDeclaration] = [:]
        var viewOrder: [String] = []
        var metrics: [String: Double] = [:]
        var metricOrder: [String] = []
        var constraints: [String: Constraint] = [:]
        var constraintOrder: [String] = []
        var labels: [String: String] = [:]
        var variants: [String: VariantShape] = [:]
        var variantOrder: [String] = []
        /// `set` in a variant, and base `set` of labels this script does not declare:
        /// key `LABEL|VARIANT` (`LABEL|` for base), with the last statement of each.
        var sets:
            [String: (label: String, variant: String?, value: Double, located: LocatedStatement)] =
                [:]
        var setOrder: [String] = []
        /// Override statements not folded into a declaration, by ``overrideKey(of:)``: the
        /// last one of each key.
        var overrides: [String: LocatedStatement] = [:]
        var overrideOrder: [String] = []
        /// Every override statement's last form by key, folded or not (what `export`
        /// checks a line against).
        var overrideStatements: [String: Statement] = [:]
        var others: [String: LocatedStatement] = [:]
        var otherOrder: [String] = []
        /// The items each line (by line number) made, in order.
        var lineItems: [Int: [Item]] = [:]
        fileprivate var occurrences: [String: Int] = [:]
        fileprivate var instance: (location: SourceLocation, key: String, next: Int)?

        init(name: String) { self.name = name }

        static func setKey(_ label: String, _ variant: String?) -> String {
            "\(label)|\(variant ?? "")"
        }

        /// `hide|VIEW|VARIANT`, `intrinsic|VIEW|VARIANT`, `priority|LABEL|VARIANT`,
        /// `active|LABEL|VARIANT` (empty variant: the base); nil for other statements.
        static func overrideKey(of statement: Statement) -> String? {
            switch statement {
            case .hide(let view, _, let variant): "hide|\(view)|\(variant ?? "")"
            case .intrinsic(let view, _, let variant): "intrinsic|\(view)|\(variant ?? "")"
            case .priority(let label, _, let variant): "priority|\(label)|\(variant ?? "")"
            case .activate(let label, _, let variant): "active|\(label)|\(variant ?? "")"
            default: nil
            }
        }

        /// Whether this image says `statement`, an override not folded into a declaration
        /// (a variant's `set`, `priority`, `activate`, `hide`, `intrinsic`), for the same
        /// target and variant: its key is in ``sets`` or ``overrides``.
        func saysOverride(_ statement: Statement) -> Bool {
            if case .set(let label, _, let variant) = statement {
                return sets[Self.setKey(label, variant)] != nil
            }
            return Self.overrideKey(of: statement).map { overrides[$0] != nil } ?? false
        }
    }

    private(set) var layouts: [String: Layout] = [:]
    /// Layout names in the order the script first used them.
    private(set) var order: [String] = []

    /// The image of `statements`, which start in layout `start`.
    init(_ statements: [LocatedStatement], start: String) {
        var current = start
        for located in statements {
            if case .layout(let name) = located.statement { current = name }
            let layout = self.layout(current)
            let item = layout.add(located)
            // `canvas W fit` is two statements of one thing.
            if layout.lineItems[located.location.line]?.last != item {
                layout.lineItems[located.location.line, default: []].append(item)
            }
        }
    }

    func layout(named name: String) -> Layout? { layouts[name] }

    private mutating func layout(_ name: String) -> Layout {
        if let layout = layouts[name] { return layout }
        let layout = Layout(name: name)
        layouts[name] = layout
        order.append(name)
        return layout
    }

    /// `a.left == b.right + 8` → `a.left==b.right+8`: whitespace does not make a statement
    /// another one.
    static func normalized(_ text: String) -> String {
        // Bytes, not Characters: a 100k-line script keys every constraint.
        String(decoding: StatementSource.normalizedBytes(text), as: UTF8.self)
    }

    /// The keys of the unlabelled user constraints `rows` (given in statement order: by
    /// origin, then ordinal), computed as the image computes them, so a stored constraint
    /// finds its statement.
    static func keys(ofStored rows: [Constraint]) -> [String] {
        let image = Layout(name: "")
        return rows.map { image.constraintKey(for: $0, at: $0.origin, text: $0.source) }
    }
}

extension ScriptImage.Layout {
    /// Statement kinds are matched one by one (not by an exhaustive `switch`), so a kind
    /// added to the language is kept whole (`addOther`) until it gets a case here.
    fileprivate func add(_ located: LocatedStatement) -> ScriptImage.Item {
        let statement = located.statement
        if case .layout = statement { return .layout }
        if case .canvas = statement {
            canvas = located
            fit = nil
            return .canvas
        }
        if case .fit(let width, let height, let variant) = statement {
            let value = Fit(width: width, height: height)
            guard let variant else {
                fit = value
                return .canvas
            }
            variants[variant]?.fit = value
            return .variant(variant)
        }
        if let key = ScriptImage.Layout.overrideKey(of: statement) {
            overrideStatements[key] = statement
            if !fold(statement) {
                if overrides[key] == nil { overrideOrder.append(key) }
                overrides[key] = located
            }
            return .override(key)
        }
        if case .view(let view) = statement {
            if views[view.name] == nil { viewOrder.append(view.name) }
            views[view.name] = view
            return .view(view.name)
        }
        if case .metric(let name, let value) = statement {
            if metrics[name] == nil { metricOrder.append(name) }
            metrics[name] = value
            return .metric(name)
        }
        if case .constraint(var constraint) = statement {
            if constraint.source.isEmpty { constraint.source = located.text }
            if constraint.origin == nil { constraint.origin = located.location }
            let key = constraintKey(for: constraint, at: constraint.origin, text: constraint.source)
            if constraints[key] == nil { constraintOrder.append(key) }
            constraints[key] = constraint
            if let label = constraint.label { labels[label] = key }
            return .constraint(key)
        }
        if case .variant(let name, let canvas, let safe, let direction) = statement {
            var shape = variants[name] ?? ScriptImage.VariantShape()
            // Declaring a variant again changes what it gives, as the applier does. A
            // variant's own canvas fits nothing until a `fit` says so (without one it has
            // the layout's canvas and fit).
            if let canvas {
                shape.fit = Fit.none
                shape.canvas = canvas
            }
            if variants[name] == nil { variantOrder.append(name) }
            if let safe { shape.safe = safe }
            if let direction { shape.direction = direction }
            variants[name] = shape
            return .variant(name)
        }
        if case .set(let label, let value, let variant) = statement {
            if variant == nil, let key = labels[label] {
                constraints[key]?.constant = value
            } else if variant == nil, let stack = StackArrangement.stack(ofSpacingLabel: label),
                views[stack]?.stack != nil
            {
                views[stack]!.stack!.spacing = value
            } else {
                let key = Self.setKey(label, variant)
                if sets[key] == nil { setOrder.append(key) }
                sets[key] = (label, variant, value, located)
            }
            return .set(label, variant)
        }
        return addOther(located)
    }

    /// Folds a base override of a view or labelled constraint this script declares into
    /// the declaration, as the applier writes it to the declaration's own row; false when
    /// it is not one.
    private func fold(_ statement: Statement) -> Bool {
        switch statement {
        case .hide(let view, let hidden, nil) where views[view] != nil:
            views[view]!.isHidden = hidden
        case .intrinsic(let view, let size, nil) where views[view] != nil:
            views[view]!.intrinsic = size.width == nil && size.height == nil ? nil : size
        case .priority(let label, let priority, nil):
            let keys = keys(named: label)
            guard !keys.isEmpty else { return false }
            for key in keys { constraints[key]?.priority = priority }
        case .activate(let label, let isActive, nil):
            let keys = keys(named: label)
            guard !keys.isEmpty else { return false }
            for key in keys { constraints[key]?.isActive = isActive }
        default: return false
        }
        return true
    }

    /// The keys of the constraints declared so far that `label` names, as the applier
    /// finds them (``ProjectStore/constraintIDs(named:layoutID:layout:at:)``): the one
    /// labelled so, else the parts of a compound label or a labelled VFL line (`c.width`,
    /// `c.1`: one more name or number). A base `priority c` of a compound `c` was kept as
    /// an override, so a re-apply took the parts' priority for an edit made since.
    func keys(named label: String) -> [String] {
        if let key = labels[label] { return [key] }
        let prefix = label + "."
        return labels.compactMap { name, key in
            name.hasPrefix(prefix) && !name.dropFirst(prefix.count).contains(".") ? key : nil
        }
    }

    /// A statement kind this image does not take apart: kept whole, by its text.
    private func addOther(_ located: LocatedStatement) -> ScriptImage.Item {
        let text = ScriptImage.normalized(located.text)
        let n = occurrences["other|" + text, default: 0]
        occurrences["other|" + text] = n + 1
        let key = "\(text)#\(n)"
        others[key] = located
        otherOrder.append(key)
        return .other(key)
    }

    /// Label, or normalized text, occurrence and place in the statement's expansion.
    fileprivate func constraintKey(
        for constraint: Constraint, at origin: SourceLocation?, text: String
    )
        -> String
    {
        if let label = constraint.label { return label }
        let location = origin ?? SourceLocation(file: "", line: 0, column: 0)
        if let current = instance, current.location == location {
            instance!.next += 1
            return "\(current.key).\(current.next)"
        }
        // A long statement by its digest (``StatementSource``): its rows keep no more of
        // it, and its every constraint's key would copy the whole text.
        let normalized = StatementSource.identity(of: text)
        let n = occurrences[normalized, default: 0]
        occurrences[normalized] = n + 1
        let key = "\(normalized)#\(n)"
        instance = (location, key, 1)
        return "\(key).0"
    }
}
