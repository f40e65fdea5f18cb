import LayoutScript

/// Bad input to the store: what is wrong, where (`FILE:LINE:COL` when it came from a
/// script) and, where it helps, what to do. All are ``ErrorKind/badInput``.
///
///     // main.layout:3:1: view `title` names an unknown parent `haeder`; did you mean `header`?
package enum StoreError: LayoutDBError, Equatable {
    case unknownLayout(name: String, suggestion: String?)
    case unknownParent(view: String, parent: String, at: SourceLocation?, suggestion: String?)
    case duplicateView(name: String, layout: String, at: SourceLocation?, previous: SourceLocation?)
    case unknownView(name: String, layout: String, at: SourceLocation?, suggestion: String?)
    case duplicateLabel(
        label: String, layout: String, at: SourceLocation?, previous: SourceLocation?)
    case unknownLabel(label: String, layout: String, at: SourceLocation?, suggestion: String?)
    /// `metric m 5` then `metric m 6` in one layout (`previous` is nil when it was stored).
    /// A metric and a view of one name in a layout (`previous`: where the other was
    /// declared by this script; `metricFirst`: the metric came first).
    case metricNamesView(
        name: String, layout: String, at: SourceLocation?, previous: SourceLocation?,
        metricFirst: Bool)
    case duplicateMetric(
        name: String, layout: String, at: SourceLocation?, previous: SourceLocation?)
    case unknownVariant(name: String, layout: String, at: SourceLocation?, suggestion: String?)
    case duplicateVariant(
        name: String, layout: String, at: SourceLocation? = nil, previous: SourceLocation? = nil)
    /// `base` names the layout itself and cannot be a variant's name.
    case reservedVariantName(name: String, at: SourceLocation?)
    /// NaN, infinity, a negative size: numbers SQLite would store but the solver cannot use.
    case invalidNumber(InvalidNumber, at: SourceLocation?)
    /// A constraint without any view term (`0 == 1`).
    case constraintWithoutViews(source: String, at: SourceLocation?)
    /// A label a `.layout` script cannot spell, so `export` could not write it back.
    case invalidLabel(label: String)
    /// `#ID` names no constraint of the layout (`list` shows the ids).
    case unknownConstraintID(id: String, layout: String)
    /// `export` would have to name a constraint that has no label: one turned off, or one
    /// a variant holds otherwise (`use`: what the script would say of it). A script names
    /// a constraint by its label alone after declaring it, so the export would apply as
    /// another project.
    case unlabelledInExport(id: Int64?, constraint: String, layout: String, use: String)
    /// What a layout guide does not have (``GuideRule``): margins, baselines, `hide`/`show`.
    case notOnGuide(message: String, hint: String, at: SourceLocation?)
    /// A constraint's label that names a stack's spacing (`row.spacing`, stack `row`):
    /// `set-constant` and `get` would reach the spacing, `remove` the constraint.
    case labelNamesSpacing(label: String, stack: String, at: SourceLocation?)
    /// A stack's spacing (`row.spacing`) given where a constraint is meant: it is a
    /// constant of the stack, which no command turns off, reprioritizes or removes.
    case spacingIsNoConstraint(label: String, stack: String, layout: String, at: SourceLocation?)
    /// An edit that would leave the layout broken (a cycle in the view tree, the root
    /// removed, a view with subviews removed alone): the message says what to do instead.
    case refusedEdit(String)

    /// ``refusedEdit(_:)`` of a script's statement at `at`, its message placed as every
    /// placed error's is.
    static func refusedEdit(_ message: String, at: SourceLocation?) -> StoreError {
        .refusedEdit(prefix(at) + message)
    }

    package var errorKind: ErrorKind { .badInput }

    package var description: String {
        switch self {
        case .invalidLabel(let label):
            "'\(label)' cannot be a label: use letters, digits, '_' and '-', dot-separated "
                + "(e.g. header.height), so that `layoutdb export` can write it back"
        case .unknownConstraintID(let id, let layout):
            "no constraint \(id) in layout `\(layout)` (`layoutdb list` shows each constraint's id)"
        case .refusedEdit(let message): message
        case .unlabelledInExport(let id, let constraint, let layout, let use):
            "constraint \(id.map { "#\($0) " } ?? "")`\(constraint)` in layout `\(layout)` has no "
                + "label, and a script names a constraint by its label \(use), so export would "
                + "not apply back as the same project; give it one: layoutdb label "
                + (id.map { "'#\($0)'" } ?? "ID") + " NAME"
                + (layout == defaultLayoutName ? "" : " --layout \(layout)")
        case .unknownLayout(let name, let suggestion):
            "no layout `\(name)` in the project" + hint(suggestion)
        case .unknownParent(let view, let parent, let at, let suggestion):
            Self.prefix(at) + "view `\(view)` names an unknown parent `\(parent)`"
                + hint(suggestion) + " (declare the parent first)"
        case .duplicateView(let name, let layout, let at, let previous):
            Self.prefix(at) + "view `\(name)` is already declared in layout `\(layout)`"
                + (previous.map { " at \($0)" } ?? "")
        case .metricNamesView(let name, let layout, let at, let previous, let metricFirst):
            Self.prefix(at) + "`\(name)` is already "
                + (metricFirst ? "a metric" : "a view") + " in layout `\(layout)`"
                + (previous.map { " (at \($0))" } ?? " (stored in the project)")
                + ": where a number may stand (`a.left == \(name)`) the metric would be read, "
                + "not the view; give the \(metricFirst ? "view" : "metric") another name"
        case .duplicateMetric(let name, let layout, let at, let previous):
            Self.prefix(at) + "metric `\(name)` is already defined in layout `\(layout)`"
                + (previous.map { " (first at \($0))" } ?? " (stored in the project)")
                + "; a metric is defined once"
        case .unknownView(let name, let layout, let at, let suggestion):
            Self.prefix(at) + "unknown view `\(name)` in layout `\(layout)`" + hint(suggestion)
        case .duplicateLabel(let label, let layout, let at, let previous):
            Self.prefix(at) + "label `\(label)` is already used in layout `\(layout)`"
                + (previous.map { " (first at \($0))" } ?? "") + "; labels must be unique"
        case .unknownLabel(let label, let layout, let at, let suggestion):
            Self.prefix(at) + "no constraint labelled `\(label)` in layout `\(layout)`"
                + hint(suggestion)
        case .unknownVariant(let name, let layout, let at, let suggestion):
            Self.prefix(at) + "no variant `\(name)` in layout `\(layout)`" + hint(suggestion)
                + (suggestion != nil
                    ? ""
                    : name == baseVariantName
                        ? " (`base` is the layout itself, not a variant: it cannot be removed "
                            + "or reset)"
                        : Identifier.isValid(name)
                            ? " (declare it with `variant \(name)`)"
                            : " (`layoutdb variant list` lists the variants)")
        case .duplicateVariant(let name, let layout, let at, let previous):
            Self.prefix(at) + "variant `\(name)` already exists in layout `\(layout)`"
                + (previous.map { " (declared at \($0))" } ?? "")
                + (at == nil
                    ? "" : "; a variant is declared once, with its canvas, safe area and direction")
        case .reservedVariantName(let name, let at):
            Self.prefix(at)
                + "`\(name)` is reserved for the layout itself; choose another variant name"
        case .invalidNumber(let number, let at):
            Self.prefix(at) + number.description
        case .constraintWithoutViews(let source, let at):
            Self.prefix(at) + "constraint `\(source)` mentions no view"
        case .labelNamesSpacing(let label, let stack, let at):
            Self.prefix(at) + "`\(label)` names the spacing of stack `\(stack)` (`set-constant "
                + "\(label) 4` changes every gap): give the constraint another label"
        case .notOnGuide(let message, let hint, let at):
            Self.prefix(at) + message + "; " + hint
        case .spacingIsNoConstraint(let label, let stack, let layout, let at):
            Self.prefix(at)
                + "`\(label)` is the spacing of stack `\(stack)` in layout `\(layout)`, "
                + "not a constraint: read it with `get \(label)`, change it with "
                + "`set-constant \(label) VALUE` (or `set` in a script)"
        }
    }

    /// Where the error happened, when known.
    package var location: SourceLocation? {
        switch self {
        case .unknownParent(_, _, let at, _), .duplicateView(_, _, let at, _),
            .unknownView(_, _, let at, _), .duplicateLabel(_, _, let at, _),
            .unknownLabel(_, _, let at, _), .unknownVariant(_, _, let at, _),
            .duplicateMetric(_, _, let at, _), .duplicateVariant(_, _, let at, _),
            .metricNamesView(_, _, let at, _, _),
            .reservedVariantName(_, let at), .invalidNumber(_, let at),
            .constraintWithoutViews(_, let at), .notOnGuide(_, _, let at),
            .labelNamesSpacing(_, _, let at), .spacingIsNoConstraint(_, _, _, let at):
            at
        case .unknownLayout, .invalidLabel, .unknownConstraintID, .refusedEdit,
            .unlabelledInExport:
            nil
        }
    }

    /// What to do, where the error has a way out its message does not say: a script's
    /// declaration of a name the project had before the script (another file or the
    /// command line made it). Shown as a hint under the script's line.
    package var hint: String? {
        switch self {
        case .duplicateView(_, let layout, let at?, let previous),
            .duplicateLabel(_, let layout, let at?, let previous),
            .duplicateMetric(_, let layout, let at?, let previous):
            guard previous?.file != at.file, !at.file.hasPrefix("<") else { return nil }
            let earlier = previous.map(\.file).flatMap { $0.hasPrefix("<") ? nil : $0 }
            return "the project had it before \(at.file) was applied: to take \(at.file) in "
                + "place of what layout `\(layout)` holds, `layoutdb apply \(at.file) --replace`; "
                + "if \(at.file) was applied before under another name (moved or renamed), "
                + "tell the project once: `layoutdb rename-script \(earlier ?? Self.earlierName) "
                + "\(at.file)`, then apply it again"
        default:
            return nil
        }
    }

    /// Where ``hint`` names the file a script may have been applied as before, when the
    /// error does not know it (`Project.apply(scriptFile:...)` fills it in where it can).
    package static let earlierName = "OLDNAME"

    private static func prefix(_ location: SourceLocation?) -> String {
        location.map { "\($0): " } ?? ""
    }

    private func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean `\($0)`?" } ?? ""
    }
}

extension StoreError {
    /// ``GuideRule/refusal(of:guide:owner:)`` of what `constraint` reads of a guide, given
    /// which views are guides (`isGuide`, asked only of terms that read margins or a
    /// baseline); nil where it reads nothing a guide lacks.
    static func guideRefusal(
        of constraint: Constraint, isGuide: (String) throws -> Bool
    ) throws -> StoreError? {
        // Side by side, not joined: an apply asks this of every constraint it writes.
        func refusal(in terms: [Term]) throws -> StoreError? {
            for term in terms where term.attribute.guide == .margins || term.attribute.isBaseline {
                guard try isGuide(term.view),
                    let refusal = GuideRule.refusal(
                        of: term.attribute, guide: term.view, owner: nil)
                else { continue }
                return .notOnGuide(
                    message: refusal.message, hint: refusal.hint, at: constraint.origin)
            }
            return nil
        }
        return try refusal(in: constraint.lhs.terms) ?? refusal(in: constraint.rhs.terms)
    }

    /// Runs a check of numbers (``NumberRule``) and places its error at `at`.
    ///
    ///     try StoreError.checkingNumbers(frame.checkNumbers())
    static func checkingNumbers(
        _ check: @autoclosure () throws(InvalidNumber) -> Void, at: SourceLocation? = nil
    ) throws(StoreError) {
        do { try check() } catch { throw .invalidNumber(error, at: at) }
    }
}
