/// Writes statements back as `.layout` script text that ``ScriptParser`` reads into equal
/// statements (except `source`, `origin`, `kind` and `isActive`, which a script cannot say).
///
///     ScriptWriter.text(of: constraint)  // "header.height: header.height == 70"
///
/// Numbers are written exactly (shortest round-trip form: `0.1`, `1e-07`), not rounded as
/// ``formatNumber(_:)`` does for display. Compound constraints and VFL lines were expanded
/// by the parser, so they come back as their component equations.
package enum ScriptWriter {
    /// `[LABEL: ]lhs REL rhs[ @ P]`, e.g. `gap1: v1.left == v0.right + 8`.
    package static func text(of constraint: Constraint) -> String {
        var text = constraint.label.map { "\($0): " } ?? ""
        text += expression(constraint.lhs)
        text += " \(constraint.relation.rawValue) "
        text += expression(constraint.rhs)
        if !constraint.priority.isRequired { text += " @ \(number(constraint.priority.rawValue))" }
        return text
    }

    /// `view NAME[ in PARENT][ frame X Y W H][ autoresize FLAGS]`
    /// `[ intrinsic W H[ hug P][ resist P]]`, e.g. `view title in header intrinsic 80 -`.
    package static func text(of view: ViewDeclaration) -> String {
        var text = "\(view.kind.rawValue) \(view.name)"
        if view.parent != rootViewName { text += " in \(view.parent)" }
        if let stack = view.stack {
            text += stack.axis == .horizontal ? " H" : " V"
            if stack.spacing != 0 { text += " spacing \(number(stack.spacing))" }
            if stack.distribution != .fill { text += " distribute \(stack.distribution.rawValue)" }
            if stack.alignment != .fill { text += " align \(stack.alignment.rawValue)" }
        }
        if let frame = view.frame {
            text +=
                " frame "
                + [frame.x, frame.y, frame.width, frame.height].map(number).joined(separator: " ")
        }
        if !view.autoresize.isEmpty {
            text += " autoresize " + view.autoresize.names.joined(separator: ",")
        }
        if let intrinsic = view.intrinsic { text += " intrinsic " + self.intrinsic(intrinsic) }
        if let margins = view.margins { text += " margins " + insets(margins) }
        if let baseline = view.baseline {
            text += " baseline \(number(baseline.first))"
            if let last = baseline.last { text += " \(number(last))" }
        }
        return text
    }

    /// `W H[ hug P[ PV]][ resist P[ PV]]`, `-` for a dimension without intrinsic size.
    static func intrinsic(_ intrinsic: IntrinsicSize) -> String {
        let width = intrinsic.width.map(number) ?? "-"
        var text = "\(width) \(intrinsic.height.map(number) ?? "-")"
        func pair(_ word: String, _ h: Priority, _ v: Priority, _ standard: Priority) {
            if h != v {
                text += " \(word) \(number(h.rawValue)) \(number(v.rawValue))"
            } else if h != standard {
                text += " \(word) \(number(h.rawValue))"
            }
        }
        pair("hug", intrinsic.hug, intrinsic.verticalHug, .low)
        pair("resist", intrinsic.resist, intrinsic.verticalResist, .high)
        return text
    }

    /// One statement as one line of script.
    package static func text(of statement: Statement) -> String {
        text(of: statement, fitting: (false, false))
    }

    /// One statement as one line of script; a `canvas` or a variant's canvas writes
    /// `fit` for the dimensions `fit` names (`canvas 320 fit`), as `.fit` says them.
    package static func text(of statement: Statement, fitting fit: (width: Bool, height: Bool))
        -> String
    {
        func size(_ size: Size) -> String {
            (fit.width ? "fit" : number(size.width)) + " "
                + (fit.height ? "fit" : number(size.height))
        }
        return switch statement {
        case .layout(let name): "layout \(name)"
        case .canvas(let canvas, let safe, let margins, let direction):
            "canvas \(size(canvas))"
                + (safe.map { " safe " + insets($0) } ?? "")
                + (margins.map { " margins " + insets($0) } ?? "")
                + (direction.map { " direction \($0.rawValue)" } ?? "")
        case .view(let view): text(of: view)
        case .metric(let name, let value): "metric \(name) \(number(value))"
        case .constraint(let constraint): text(of: constraint)
        case .variant(let name, let canvas, let safe, let direction):
            "variant \(name)"
                + (canvas.map { " canvas \(size($0))" } ?? "")
                + (safe.map { " safe " + insets($0) } ?? "")
                + (direction.map { " direction \($0.rawValue)" } ?? "")
        case .set(let label, let constant, let variant):
            "set \(label) \(number(constant))" + (variant.map { " in \($0)" } ?? "")
        case .priority(let label, let priority, let variant):
            "priority \(label) \(number(priority.rawValue))" + (variant.map { " in \($0)" } ?? "")
        case .activate(let label, let isActive, let variant):
            "\(isActive ? "activate" : "deactivate") \(label)"
                + (variant.map { " in \($0)" } ?? "")
        case .intrinsic(let view, let size, let variant):
            "intrinsic \(view) \(intrinsic(size))" + (variant.map { " in \($0)" } ?? "")
        case .fit(let width, let height, let variant):
            "# fit \(width ? "width" : "")\(width && height ? " and " : "")\(height ? "height" : "")"
                + (variant.map { " in \($0)" } ?? "")
        case .hide(let view, let hidden, let variant):
            "\(hidden ? "hide" : "show") \(view)" + (variant.map { " in \($0)" } ?? "")
        }
    }

    /// The statement's line, after checking that every name in it follows ``Identifier``:
    /// a name outside the rule (stored with plain SQL, say) would be read back as something
    /// else (`nl canvas 2 2\nset ...` as two statements), so it is refused instead of written.
    public static func checkedText(
        of statement: Statement, fitting fit: (width: Bool, height: Bool) = (false, false)
    ) throws(InvalidNameError) -> String {
        func check(_ name: String, _ kind: NameKind) throws(InvalidNameError) {
            guard Identifier.isValid(name, as: kind) else {
                throw InvalidNameError(kind: kind, name: name, inExport: true)
            }
        }
        switch statement {
        case .layout(let name): try check(name, .layout)
        case .canvas: break
        case .view(let view):
            try check(view.name, .view)
            try check(view.parent, .view)
        case .metric(let name, _): try check(name, .metric)
        case .constraint(let constraint):
            if let label = constraint.label { try check(label, .label) }
            for term in constraint.lhs.terms { try check(term.view, .view) }
            for term in constraint.rhs.terms { try check(term.view, .view) }
        case .variant(let name, _, _, _): try check(name, .variant)
        case .set(let label, _, let variant), .priority(let label, _, let variant),
            .activate(let label, _, let variant):
            try check(label, .label)
            if let variant { try check(variant, .variant) }
        case .intrinsic(let view, _, let variant):
            try check(view, .view)
            if let variant { try check(variant, .variant) }
        case .fit(_, _, let variant):
            if let variant { try check(variant, .variant) }
        case .hide(let view, _, let variant):
            try check(view, .view)
            if let variant { try check(variant, .variant) }
        }
        return text(of: statement, fitting: fit)
    }

    /// A whole script, one statement a line, ending with a line break.
    package static func script(statements: [Statement]) -> String {
        var text = ""
        for statement in statements {
            text += self.text(of: statement)
            text += "\n"
        }
        return text
    }

    /// `T L B R`, always four numbers.
    package static func insets(_ i: Insets) -> String {
        [i.top, i.left, i.bottom, i.right].map(number).joined(separator: " ")
    }

    /// A number in the shortest form that reads back as the same `Double` (`70`, `0.1`, `1e-07`).
    package static func number(_ value: Double) -> String { exactNumber(value) }

    /// `a.width * 0.5 - b.left + 10`; a side without terms is its constant (`0` if none).
    static func expression(_ expression: LinearExpression) -> String {
        var text = ""
        for term in expression.terms {
            let magnitude = abs(term.coefficient)
            let written =
                "\(term.view).\(term.attribute.rawValue)"
                + (magnitude == 1 ? "" : " * \(number(magnitude))")
            if text.isEmpty {
                text = term.coefficient < 0 ? "-\(written)" : written
            } else {
                text += term.coefficient < 0 ? " - \(written)" : " + \(written)"
            }
        }
        let constant = expression.constant
        if text.isEmpty { return number(constant) }
        if constant != 0 {
            text += constant < 0 ? " - \(number(-constant))" : " + \(number(constant))"
        }
        return text
    }
}
