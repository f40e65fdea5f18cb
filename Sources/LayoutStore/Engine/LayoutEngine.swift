import LayoutScript

/// Turns a layout — views, constraints, a canvas — into solver input and solved frames.
///
/// Every view is four variables (left, top, width, height) in root coordinates. The
/// root's are constants (0, 0 and the canvas), folded into constraints so that views
/// pinned to the root stay independent of each other. Besides the user's constraints
/// the engine generates:
/// - intrinsic sizes: `width <= W @ hug`, `width >= W @ resist` (Auto Layout);
/// - for a view no constraint mentions, its drawn frame as required equalities that
///   follow the parent's size by its autoresizing mask (springs and struts);
/// - for a mentioned view with a frame, the frame as fallbacks below every user
///   priority, size above position, so constraints win and the rest stays as drawn.
///
///     let output = try LayoutEngine.solve(EngineInput(canvas: Size(width: 375, height: 812),
///                                                     views: views, constraints: constraints))
///     output.frames[0]   // the first view's frame in root coordinates
package enum LayoutEngine {
    /// Solves a layout (or the dirty part of one: see ``EngineView/fixed``).
    /// `componentsKnown`, when given, gets the components as soon as the solver knows them,
    /// before it solves them.
    package static func solve(
        _ input: consuming EngineInput, componentsKnown: ((EngineComponents) -> Void)? = nil
    ) throws(EngineError) -> EngineOutput {
        var build = try EngineBuild(consume input)
        return try build.solve(componentsKnown: componentsKnown)
    }
}

/// A view as the engine sees it.
package struct EngineView: Sendable {
    package var declaration: ViewDeclaration
    /// Known values for some of the view's variables (left, top, width, height): those
    /// outside the part being solved. `nil` entries are solved.
    package var fixed: [Double?]
    /// Whether a constraint the input does not hold mentions the view (a partial solve's
    /// input holds its part's constraints): it keeps its drawn frame by fallbacks, not by
    /// its autoresizing mask, as in a whole solve.
    package var mentionedElsewhere = false

    package init(_ declaration: ViewDeclaration, fixed: [Double?] = EngineView.nothingFixed) {
        self.declaration = declaration
        self.fixed = fixed
    }

    /// One array shared by every view solved whole, where a literal default made one
    /// allocation per view.
    package static let nothingFixed: [Double?] = [nil, nil, nil, nil]

    /// A view whose frame is known and not solved (context for a partial solve).
    package static func known(_ declaration: ViewDeclaration, frame: Rect) -> EngineView {
        EngineView(declaration, fixed: [frame.x, frame.y, frame.width, frame.height])
    }
}

package struct EngineInput: Sendable {
    /// The canvas the layout (or variant) is solved for.
    package var canvas: Size
    /// The canvas the views' frames were drawn in (the base layout's); autoresizing
    /// stretches by the difference.
    package var drawnCanvas: Size
    /// Views in declaration order, root excluded; a parent must come before its children
    /// unless it is not in the input at all (then it counts as `known`... see fixed).
    package var views: [EngineView]
    /// The constraints, with any variant overrides already applied to their constants.
    package var constraints: EngineConstraints
    /// The root's safe-area insets.
    package var safe: Insets
    /// The root's layout margins, measured from the safe area (nil: UIKit's system
    /// minimum for the canvas width, ``defaultRootMargins(canvasWidth:)``).
    package var rootMargins: Insets?
    /// Whether `leading`/`trailing` mean right/left (`direction rtl`).
    package var rightToLeft = false
    /// The root's dimensions that are solved (`canvas W fit`): each pulled toward 0 at
    /// priority 50 instead of fixed at the canvas.
    package var fit = Fit.none
    /// Whether a conflict's error quotes the user's constraints. A caller that explains a
    /// refusal by solving its rows again, and hands over the only copy of the constraints,
    /// sets it false: the engine then lets each constraint's terms go once they are the
    /// solver's, and the constraints and the views' declarations once the solver has them
    /// all (at a million views, they are half of the solve's peak); a conflict names only
    /// generated constraints. (With a copy kept elsewhere, the first change would copy
    /// them all.)
    package var quotesConflicts = true

    package init(
        canvas: Size, drawnCanvas: Size? = nil, views: [EngineView], constraints: [Constraint],
        safe: Insets = .zero, rootMargins: Insets? = nil
    ) {
        self.safe = safe
        self.rootMargins = rootMargins
        self.canvas = canvas
        self.drawnCanvas = drawnCanvas ?? canvas
        self.views = views
        self.constraints = EngineConstraints(constraints)
    }
}

package struct EngineOutput: Sendable {
    /// Per input view, its frame in root coordinates.
    package var frames: [Rect]
    /// Per input view, whether the constraints leave its frame undetermined.
    package var ambiguous: [Bool]
    /// Per input view, whether its width and its height are among what they leave free.
    package var freeSizes: [(width: Bool, height: Bool)] = []
    /// Indices (into the input's constraints) of optional constraints that do not hold.
    package var unsatisfied: [Int]
    /// Indices of required constraints on (or inside) a hidden arranged view that were
    /// solved at 999 and do not hold: they gave way to the stack's hiding (§8).
    package var relaxedByHiding: [Int] = []
    /// The independent components of the constraints and of the views' variables.
    package var components: EngineComponents
    /// The root's solved frame when a dimension is fitted (nil: the canvas).
    package var root: Rect? = nil
}

/// The independent components of a solve (``EngineOutput/components``), which a caller may
/// have before the solve ends (``LayoutEngine/solve(_:componentsKnown:)``).
package struct EngineComponents: Sendable {
    /// Per input constraint, its independent component (numbered from 0), or -1 when it
    /// mentions no solved variable (``constraint(_:)``).
    package var constraints: [Int32]
    /// Per input view, the component of each of its four variables (left, top, width,
    /// height), flat, -1 for none (``variable(view:attribute:)``).
    package var variables: [Int32]

    /// Input constraint `i`'s independent component; nil when it mentions no solved
    /// variable.
    package func constraint(_ i: Int) -> Int? {
        constraints[i] < 0 ? nil : Int(constraints[i])
    }

    /// The component of input view `view`'s variable `attribute` (0 left, 1 top, 2 width,
    /// 3 height); nil for a fixed one.
    package func variable(view: Int, attribute: Int) -> Int? {
        let c = variables[4 * view + attribute]
        return c < 0 ? nil : Int(c)
    }
}

/// Why a layout cannot be solved.
package enum EngineError: LayoutDBError, Equatable {
    /// Required constraints conflict. Generated constraints are described in words.
    case unsatisfiable(conflicts: [Constraint], generated: [String])
    /// A constraint names a view that is not in the layout.
    case unknownView(String, in: Constraint)
    /// A number the solver cannot take (``NumberRule``), in the constraint with this
    /// source text (a generated constraint's words).
    case invalidNumber(InvalidNumber, in: String)
    /// A solved value beyond a `Double` (finite numbers that add up past 1.8e308): view
    /// `view`'s `attribute` (x, y, width, height, x + width or y + height) solved to `value`.
    case overflow(view: String, attribute: String, value: Double)
    /// The canvas solved on is not a size (plain SQL stored `9e999` or a negative one).
    case invalidCanvas(InvalidNumber)
    /// One of the other errors, from the solve of the layout and variant `context` says
    /// (``Project/solveDirty(layout:preloaded:only:)`` adds it): what the engine alone
    /// cannot name.
    indirect case solving(SolveContext, EngineError)

    package var errorKind: ErrorKind { .badInput }

    /// The error without the solve's ``SolveContext``.
    package var withoutContext: EngineError {
        if case .solving(_, let error) = self { return error.withoutContext }
        return self
    }

    package var description: String { text(in: nil) }

    /// The message, saying `context`'s variant where it is not the base.
    private func text(in context: SolveContext?) -> String {
        let variant = context?.variantName == nil ? nil : context
        switch self {
        case .solving(let context, let error):
            return error.text(in: context)
        case .unsatisfiable(let conflicts, let generated):
            // Where an editor jumps to: the conflicting line written last, usually the one
            // that broke what held before it; a command line's (`<add>`) is the newest.
            let last = conflicts.compactMap(\.origin).max {
                ($0.file.hasPrefix("<") ? 1 : 0, $0.file, $0.line, $0.column)
                    < ($1.file.hasPrefix("<") ? 1 : 0, $1.file, $1.line, $1.column)
            }
            // A variant's conflict says which: the base holds, or its solve came first.
            var lines = [
                (last.map { "\($0): " } ?? "")
                    + "required constraints cannot all hold"
                    + (variant.map { " in \($0.variantWords)" } ?? "") + "; they conflict:"
            ]
            let shown = Self.conflictsShown
            lines += Self.conflictLines(Array(conflicts.prefix(shown)))
            if conflicts.count > shown {
                lines.append("  ... and \(conflicts.count - shown) more")
            }
            for g in generated { lines.append("  \(g)") }
            lines.append(
                "hint: remove one of them, lower its priority below 1000, or change a constant"
                    + (variant.map { "; \($0.variantOnly)" } ?? ""))
            return lines.joined(separator: "\n")
        case .invalidCanvas(let number):
            guard let context else {
                return """
                    the canvas cannot be solved on: \(number)
                    hint: plain SQL stored it (`canvas_width`, `canvas_height` in the project's \
                    `layouts` or `variants` table): correct it there, or rebuild the layout \
                    from its script with `layoutdb apply FILE --replace`
                    """
            }
            return context.canvasRefusal(number)
        default:
            return (variant.map { "in \($0.variantWords): " } ?? "") + plainText
        }
    }

    /// The message of an error that does not depend on the variant it came from.
    private var plainText: String {
        switch self {
        case .unknownView(let view, let c):
            if let id = ConstraintReader.missingViewID(view) {
                return """
                    unknown view id \(id) in constraint: \(c.source)
                    hint: the constraint's row points at a view that is not there (a row \
                    edited with plain SQL?); `layoutdb doctor` lists such rows
                    """
            }
            return "unknown view '\(view)' in constraint: \(c.source)"
        case .invalidNumber(let number, let source):
            return "\(number) in: \(source)"
        case .overflow(let view, let attribute, let value):
            let named =
                ["x": "left", "y": "top", "x + width": "width", "y + height": "height"][attribute]
                ?? attribute
            return """
                the solved \(attribute) of view `\(view)` is \(formatNumber(value)): the \
                numbers of its constraints add up beyond what a frame can hold
                hint: look for a frame, constant, margin or spacing near 1e308: \
                `layoutdb why \(view).\(named)` lists what sets it (a refused first apply \
                leaves no project: apply with `--no-solve` first)
                """
        case .unsatisfiable, .invalidCanvas, .solving: return text(in: nil)
        }
    }

    /// ``overflow(view:attribute:value:)`` for the first of `count` views whose solved
    /// frame, or its right or bottom edge, is not finite, nil when all are: solved values go
    /// to the frames table and to SQL, where an infinity reads back as 0.
    static func overflow(count: Int, frame: (Int) -> Rect, name: (Int) -> String)
        -> EngineError?
    {
        for i in 0..<count {
            let f = frame(i)
            // The right and bottom edges too: SQL reads them (`max_x`, `max_y`).
            let (right, bottom) = (f.x + f.width, f.y + f.height)
            guard !(right.isFinite && bottom.isFinite) else { continue }
            for (attribute, value) in [
                ("x", f.x), ("y", f.y), ("width", f.width), ("height", f.height),
                ("x + width", right), ("y + height", bottom),
            ] where !value.isFinite {
                return .overflow(view: name(i), attribute: attribute, value: value)
            }
        }
        return nil
    }
}

/// Which solve an ``EngineError`` came from, in the words its message needs: the layout,
/// the variant (nil: the base) and the canvas it was solved on.
package struct SolveContext: Equatable, Sendable {
    package var layout: String
    package var layoutID: Int64
    /// nil for the base.
    package var variantName: String?
    package var variantID: Int64?
    /// The canvas solved on: the variant's own, else the layout's (nil: none set).
    package var canvas: Size?
    /// Whether ``canvas`` is the variant's own (`variant NAME canvas W H`).
    package var ownCanvas: Bool
    package var fit: Fit
    /// Where a script declares the variant (`FILE:LINE`), when the project holds it.
    package var declaredAt: String?

    package init(
        layout: String, layoutID: Int64, variantName: String? = nil, variantID: Int64? = nil,
        canvas: Size?, ownCanvas: Bool = false, fit: Fit = .none, declaredAt: String? = nil
    ) {
        self.layout = layout
        self.layoutID = layoutID
        self.variantName = variantName
        self.variantID = variantID
        self.canvas = canvas
        self.ownCanvas = ownCanvas
        self.fit = fit
        self.declaredAt = declaredAt
    }

    /// `variant `s` (canvas 30x30, declared at sm.layout:5)`; another layout than the
    /// default is named: `variant `s` of layout `home` (...)`.
    var variantWords: String { words(namingLayout: layout != defaultLayoutName) }

    /// ``variantWords``, naming the layout (`of layout `main``) when `namingLayout`.
    func words(namingLayout: Bool) -> String {
        let name = variantName ?? VariantRef.base.description
        var words = "variant `\(name)`"
        if namingLayout { words += " of layout `\(layout)`" }
        var about: [String] = []
        if let canvas {
            let width = fit.width ? "fit" : formatNumber(canvas.width)
            let height = fit.height ? "fit" : formatNumber(canvas.height)
            about.append("canvas \(width)x\(height)" + (ownCanvas ? "" : ", the layout's"))
        }
        if let declaredAt { about.append("declared at \(declaredAt)") }
        return about.isEmpty ? words : words + " (" + about.joined(separator: ", ") + ")"
    }

    /// Where to look when only the variant does not solve.
    var variantOnly: String {
        "the base solves, so look first at what variant `\(variantName ?? "")` changes (its "
            + "canvas, its `... in \(variantName ?? "")` statements)"
    }

    /// A canvas that cannot be solved on: the layout and variant, and how to repair it.
    func canvasRefusal(_ number: InvalidNumber) -> String {
        let subject = variantName == nil ? "layout `\(layout)`" : words(namingLayout: true)
        let inVariant = variantName != nil && ownCanvas
        let table = inVariant ? "variants" : "layouts"
        let id = inVariant ? variantID ?? 0 : layoutID
        let column = number.what.hasSuffix("width") ? "canvas_width" : "canvas_height"
        return """
            cannot solve \(subject): \(number)
            hint: no layoutdb command sets a canvas's size in place: plain SQL stored it; \
            correct it the same way (column `\(column)` of row \(id) in the project's \
            `\(table)` table), or rebuild the layout from its script with \
            `layoutdb apply FILE --replace`
            """
    }
}

extension EngineError {
    /// The most members a conflict lists (an import's report of one too); the rest are
    /// counted.
    static let conflictsShown = 25

    /// The conflicting constraints by source statement: one line per statement (its text,
    /// which carries its label, and `FILE:LINE`), and under it, once each, the equations
    /// actually solved when the statement alone does not say them — the parts of a VFL
    /// line or a compound constraint, or a constant changed since the line was written
    /// (`set-constant`, a variant's `set`: the value tried, not the one in the source).
    ///
    ///       V:|[header]-8-[body]|    (home.layout:6)
    ///         → header.top == root.top
    ///         → body.top == header.bottom + 8
    static func conflictLines(_ conflicts: [Constraint]) -> [String] {
        var groups: [[Constraint]] = []
        var groupOfStatement: [String: Int] = [:]
        for c in conflicts {
            // Only a script position tells that two constraints came from one statement
            // (the Swift API and tests may give many the same text).
            guard let origin = c.origin, !c.source.isEmpty else {
                groups.append([c])
                continue
            }
            let key = "\(origin)\u{0}\(c.source)"
            if let g = groupOfStatement[key] {
                if !groups[g].contains(c) { groups[g].append(c) }
            } else {
                groupOfStatement[key] = groups.count
                groups.append([c])
            }
        }
        var lines: [String] = []
        for group in groups {
            let first = group[0]
            var head = group.count == 1 ? first.labelledSource : first.source
            if let origin = first.origin { head += "    (\(origin.file):\(origin.line))" }
            lines.append("  " + head)
            guard !first.source.isEmpty else { continue }
            if group.count == 1, statementSays(first.source, exactly: first) { continue }
            let label = statementLabel(first.source).map(String.init)
            for c in group {
                var equation = c
                // The line above already shows this label (its own, or prefixed to it).
                if c.label == label || (group.count == 1 && label == nil) { equation.label = nil }
                lines.append("      → " + ScriptWriter.text(of: equation))
            }
        }
        return lines
    }

    /// The label a statement starts with (`header.height` in `header.height: ...`), or nil;
    /// `H:` and `V:` begin VFL lines, not labels.
    static func statementLabel(_ source: String) -> Substring? {
        let name = source.prefix { $0.isLetter || $0.isNumber || "_.-".contains($0) }
        guard !name.isEmpty, name != "H", name != "V" else { return nil }
        let rest = source[name.endIndex...].drop { $0 == " " || $0 == "\t" }
        return rest.first == ":" ? name : nil
    }

    /// Whether `source`, read alone, is `constraint` and nothing more: one equation with the
    /// same terms, relation and constant (and label, when the source has one). A source that does not parse alone (a
    /// metric, a VFL line's superview) is not taken to say it.
    static func statementSays(_ source: String, exactly constraint: Constraint) -> Bool {
        guard let parsed = try? ScriptParser.parseConstraints(source), parsed.count == 1 else {
            return false
        }
        let alone = parsed[0]
        // A source without a label says the equation of a constraint labelled later.
        return (alone.label == nil || alone.label == constraint.label)
            && alone.relation == constraint.relation
            && alone.terms == constraint.terms && alone.constant == constraint.constant
    }
}

extension Constraint {
    /// The statement it came from with its label once: the source when it carries the label
    /// (`h: header.height == 70`), else `LABEL: SOURCE` (a label given with `add --label`),
    /// or the equation when there is no source (built in Swift). A part of a labelled VFL
    /// line or compound constraint (`b.top` of `b: body.edges == |.edges`) shows the line.
    public var labelledSource: String {
        if source.isEmpty { return ScriptWriter.text(of: self) }
        guard let label, EngineError.statementLabel(source) == nil else { return source }
        return "\(label): \(source)"
    }
}
