import LayoutScript

/// How `export` writes a statement of what the project holds: every name checked as
/// ``ScriptWriter/checkedText(of:fitting:)`` checks it, and every number against
/// ``NumberRule`` by the rule the parser reads that place with (finite; not negative
/// where a size or an inset is; ``NumberRule/spacing`` for a stack's spacing). Plain SQL
/// can store what no script says (`9e999`, which SQLite reads as infinity; a negative
/// size): written, it would not apply back, or would apply as something else (`== inf`
/// reads `inf` as a view's name). Such a number is refused, naming what holds it and the
/// command that repairs it.
///
/// The lines a script wrote and the project still holds are written as they are: the
/// parser read their numbers.
enum ExportText {
    /// The line of `statement`, from layout `layout`; `constraint` is the row a
    /// constraint statement writes (for its id and label in the error).
    static func text(
        of statement: Statement, fitting fit: Fit = .none, layout: String,
        constraint: StoredConstraint? = nil
    ) throws -> String {
        try checkNumbers(of: statement, fitting: fit, layout: layout, constraint: constraint)
        return try ScriptWriter.checkedText(of: statement, fitting: (fit.width, fit.height))
    }

    /// Throws ``StoreError/refusedEdit(_:)`` for the first number of `statement` that a
    /// script cannot say (a dimension `fit` writes as `fit` is not written as a number).
    static func checkNumbers(
        of statement: Statement, fitting fit: Fit, layout: String, constraint: StoredConstraint?
    ) throws {
        let inLayout = layout == defaultLayoutName ? "" : " --layout \(layout)"
        /// Runs `numbers`; a number it refuses is refused in `what`, with `repair`.
        func check(
            _ what: @autoclosure () -> String, _ repair: @autoclosure () -> String,
            _ numbers: () throws(InvalidNumber) -> Void
        ) throws {
            do {
                try numbers()
            } catch {
                throw StoreError.refusedEdit(
                    "cannot export layout `\(layout)`: \(what()): \(error), which a script "
                        + "cannot write (the export would not apply back); \(repair())")
            }
        }
        /// The repair of what no command sets: where plain SQL changed it.
        func bySQL(_ table: String) -> String {
            "no layoutdb command sets it: correct it in the project's `\(table)` table, as "
                + "it was changed, or rebuild the layout from its script with "
                + "`layoutdb apply FILE --replace`"
        }
        func dimensions(_ size: Size, _ what: String) throws(InvalidNumber) {
            if !fit.width { try NumberRule.size.check(size.width, what) }
            if !fit.height { try NumberRule.size.check(size.height, what) }
        }
        func insets(_ insets: Insets?, _ what: String) throws(InvalidNumber) {
            guard let insets else { return }
            for value in [insets.top, insets.left, insets.bottom, insets.right] {
                try NumberRule.size.check(value, what)
            }
        }
        switch statement {
        case .canvas(let canvas, let safe, let margins, _):
            try check("the canvas", bySQL("layouts")) {
                () throws(InvalidNumber) in
                try dimensions(canvas, "a canvas size")
                try insets(safe, "a safe-area inset")
            }
            try check("the root's margins", bySQL("views")) {
                () throws(InvalidNumber) in try insets(margins, "a margin")
            }
        case .variant(let name, let canvas, let safe, _):
            try check("variant `\(name)`", bySQL("variants")) {
                () throws(InvalidNumber) in
                if let canvas { try dimensions(canvas, "a canvas size") }
                try insets(safe, "a safe-area inset")
            }
        case .metric(let name, let value):
            try check(
                "metric `\(name)`",
                "no layoutdb command sets it: delete its row of the project's `metrics` table "
                    + "and insert it again with a number (an UPDATE of a metric is refused), or "
                    + "rebuild the layout from its script with `layoutdb apply FILE --replace`"
            ) {
                () throws(InvalidNumber) in try NumberRule.finite.check(value, "a metric")
            }
        case .view(let view):
            let name = view.name
            try check(
                "the frame of view `\(name)`",
                "set it with `layoutdb set-frame \(name) X Y W H\(inLayout)`"
            ) { () throws(InvalidNumber) in try view.frame?.checkNumbers() }
            try check(
                "the intrinsic size of view `\(name)`",
                "set it with `layoutdb set-intrinsic \(name) W H\(inLayout)`"
            ) { () throws(InvalidNumber) in try view.intrinsic?.checkNumbers() }
            if let stack = view.stack {
                try check(
                    "the spacing of stack `\(name)`",
                    "set it with `layoutdb set-constant \(name).spacing C\(inLayout)`"
                ) {
                    () throws(InvalidNumber) in
                    try NumberRule.spacing.check(stack.spacing, "a spacing")
                }
            }
            try check("the margins or baselines of view `\(name)`", bySQL("views")) {
                () throws(InvalidNumber) in
                try insets(view.margins, "a margin")
                if let baseline = view.baseline {
                    try NumberRule.finite.check(baseline.first, "a baseline")
                    if let last = baseline.last { try NumberRule.finite.check(last, "a baseline") }
                }
            }
        case .constraint(let c):
            let reference = c.label ?? constraint?.id.map { "'#\($0)'" } ?? "ID"
            let what =
                "constraint \(constraint?.id.map { "#\($0) " } ?? "")`\(ScriptWriter.text(of: c))`"
            try check(what, "set it with `layoutdb set-constant \(reference) C\(inLayout)`") {
                () throws(InvalidNumber) in
                try NumberRule.finite.check(c.lhs.constant, "a constant")
                try NumberRule.finite.check(c.rhs.constant, "a constant")
                try NumberRule.finite.check(c.constant, "a constant")
            }
            // `set-multiplier` sets Auto Layout's one: the right side's only term.
            let repair =
                c.rhs.terms.count == 1
                    && c.lhs.terms.allSatisfy { NumberRule.finite.admits($0.coefficient) }
                ? "set it with `layoutdb set-multiplier \(reference) M\(inLayout)`"
                : "remove it (`layoutdb remove \(reference)\(inLayout)`) and add it again "
                    + "with `layoutdb add`"
            try check(what, repair) {
                () throws(InvalidNumber) in try c.checkNumbers()
            }
            try check(what, "set it with `layoutdb set-priority \(reference) P\(inLayout)`") {
                () throws(InvalidNumber) in
                try NumberRule.finite.check(c.priority.rawValue, "a priority")
            }
        case .set(let label, let constant, let variant):
            let inVariant = variant.map { " --variant \($0)" } ?? ""
            try check(
                "the constant of `\(label)`" + (variant.map { " in variant `\($0)`" } ?? ""),
                "set it with `layoutdb set-constant \(label) C\(inVariant)\(inLayout)`"
            ) { () throws(InvalidNumber) in try NumberRule.finite.check(constant, "a constant") }
        case .priority(let label, let priority, let variant):
            let inVariant = variant.map { " --variant \($0)" } ?? ""
            try check(
                "the priority of `\(label)`" + (variant.map { " in variant `\($0)`" } ?? ""),
                "set it with `layoutdb set-priority \(label) P\(inVariant)\(inLayout)`"
            ) {
                () throws(InvalidNumber) in
                try NumberRule.finite.check(priority.rawValue, "a priority")
            }
        case .intrinsic(let view, let size, let variant):
            let inVariant = variant.map { " --variant \($0)" } ?? ""
            try check(
                "the intrinsic size of view `\(view)`"
                    + (variant.map { " in variant `\($0)`" } ?? ""),
                "set it with `layoutdb set-intrinsic \(view) W H\(inVariant)\(inLayout)`"
            ) { () throws(InvalidNumber) in try size.checkNumbers() }
        case .layout, .activate, .hide, .fit:
            break
        }
    }
}
