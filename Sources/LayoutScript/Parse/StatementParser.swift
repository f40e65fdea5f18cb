/// What a script has declared so far that later statements depend on.
struct ParseState {
    var metrics: [String: Double]
    var layout = defaultLayoutName
    /// Per layout, each declared view's parent: VFL's `|` is the parent of the adjacent view.
    var parents: [String: [String: String]] = [:]
    /// Per layout, the guides the script declared: a guide cannot contain views.
    var guides: [String: Set<String>] = [:]
    /// Whether every view a statement names must be known (declared earlier in the script
    /// or given in `parents`): so when the script goes into a project. Off, only the syntax
    /// is read.
    var checksViews = false
    /// The storage the statement being parsed collects its view references in, kept here
    /// so that it is reused from statement to statement.
    var references: [ViewReference] = []
    /// Equal-spacing stacks declared so far (by layout and name), with the error to give if
    /// no view is declared in them by the end of the script.
    var stacksNeedingViews: [String: [String: ParseError]] = [:]
}

/// A view name as written in a statement, checked once the statement is read.
struct ViewReference {
    var name: String
    /// The name's byte offset in the line, for the caret.
    var offset: Int
    /// Whether a metric could stand there too (`[a(==b)]`, `a.height == b + 4`).
    var couldBeMetric = false
    /// Whether it names a view's parent (`view title in header`).
    var isParent = false
}

/// The statement keywords, recognised only at a statement's start.
let statementKeywords: [StaticString] = [
    "layout", "canvas", "view", "guide", "metric", "variant", "set", "stack", "hide", "show",
]

/// The variant-override statements (`priority LABEL P [in V]`, ...): each starts with two
/// names, which no equation or label does, so they shadow neither.
let overrideKeywords: [StaticString] = [
    "priority", "activate", "deactivate", "intrinsic",
]

/// Parses one statement (the text between line breaks, `;` and `#`).
struct StatementParser {
    var cursor: TokenCursor
    let metrics: [String: Double]
    /// The statement's text, for `Constraint.source`.
    let source: String
    /// The statement's position, for `Constraint.origin`.
    let origin: SourceLocation
    /// The views the statement names, in reading order.
    var references: [ViewReference] = []

    /// Parses the statement, updating `state` for `layout`, `view` and `metric`.
    static func parse(
        line: SourceLine, from: Int, to: Int, origin: SourceLocation, tokens: inout [Token],
        state: inout ParseState
    ) throws(ParseError) -> [Statement] {
        try Lexer.tokenize(line, from: from, to: to, vfl: false, into: &tokens)
        let source = String(decoding: line.bytes[from..<to], as: UTF8.self)
        var parser = StatementParser(
            cursor: TokenCursor(line: line, tokens: tokens), metrics: state.metrics,
            source: source, origin: origin)
        swap(&parser.references, &state.references)
        parser.references.removeAll(keepingCapacity: true)
        defer { swap(&parser.references, &state.references) }
        let first = parser.cursor.current
        let second = parser.cursor.peek()
        if first.kind == .identifier, !parser.cursor.isSymbol(ASCII.dot, second),
            !parser.cursor.isSymbol(ASCII.colon, second),
            statementKeywords.contains(where: { parser.cursor.matches(first, $0) })
        {
            return try parser.parseKeywordStatement(state: &state)
        }
        if first.kind == .identifier, second.kind == .identifier,
            overrideKeywords.contains(where: { parser.cursor.matches(first, $0) })
        {
            return try parser.parseOverride(state: state)
        }
        let label = try parser.parseLabel()
        if let axis = parser.visualFormatAxis() {
            // VFL names do not end in '-' (`[a]-pad-[b]`), so lex the line again that way.
            try Lexer.tokenize(line, from: from, to: to, vfl: true, into: &tokens)
            parser.cursor = TokenCursor(line: line, tokens: tokens)
            _ = try parser.parseLabel()
            if parser.cursor.isIdentifier("H") || parser.cursor.isIdentifier("V") {
                parser.cursor.advance()
                parser.cursor.advance()
            }
            let parents = state.parents[state.layout] ?? [:]
            let constraints = try parser.parseVisualFormat(
                label: label, axis: axis, parents: parents)
            try parser.checkReferences(state)
            return constraints.map(Statement.constraint)
        }
        let constraints = try parser.parseEquation(label: label, state: state)
        try parser.checkReferences(state)
        return constraints.map(Statement.constraint)
    }

    /// Refuses a view reference that names no view declared so far (when `state` checks
    /// views), at the name, as Apple's VFL parser does ("Unable to find view with name").
    /// A VFL line that yields no constraint (`[button]`) is checked all the same.
    func checkReferences(_ state: ParseState) throws(ParseError) {
        guard state.checksViews, !references.isEmpty else { return }
        let views = state.parents[state.layout]
        for reference in references
        where reference.name != rootViewName && views?[reference.name] == nil {
            let name = reference.name
            let known = [rootViewName] + (views.map { Array($0.keys) } ?? [])
            let layout = "in layout '\(state.layout)'"
            if reference.isParent {
                throw cursor.line.error(
                    at: reference.offset,
                    "unknown parent view '\(name)' \(layout); declare the parent before "
                        + "its subviews", hint: didYouMean(name, known))
            }
            if reference.couldBeMetric {
                throw cursor.line.error(
                    at: reference.offset,
                    "'\(name)' is neither a view nor a metric \(layout); declare it with "
                        + "'view \(name)' or 'metric \(name) NUMBER'",
                    hint: didYouMean(name, known + Array(metrics.keys)))
            }
            throw cursor.line.error(
                at: reference.offset,
                "unknown view '\(name)' \(layout); declare it with 'view \(name)'",
                hint: didYouMean(name, known))
        }
    }

    /// `LABEL ':'` at the start, except `H:`/`V:`; nil when there is none.
    mutating func parseLabel() throws(ParseError) -> String? {
        guard cursor.current.kind == .identifier else { return nil }
        let end = dottedNameEnd(from: cursor.index)
        guard cursor.isSymbol(ASCII.colon, cursor.tokens[end]) else { return nil }
        let label = String(
            decoding: cursor.line.bytes[cursor.current.start..<cursor.tokens[end - 1].end],
            as: UTF8.self)
        if end == cursor.index + 1, label == "H" || label == "V" { return nil }
        cursor.index = end + 1
        return label
    }

    /// The index of the token after the label written from token `start` on: an
    /// identifier, then `.` and an identifier or digits, without spaces (`header.height`,
    /// `gap.2` as a labelled VFL line names its constraints): ``Identifier/isValidLabel(_:)``.
    func dottedNameEnd(from start: Int) -> Int {
        let tokens = cursor.tokens
        var i = start + 1
        while cursor.isSymbol(ASCII.dot, tokens[i]), tokens[i].start == tokens[i - 1].end {
            let next = tokens[i + 1]
            guard next.start == tokens[i].end else { break }
            // The lexer reads `1.2` in `gap.1.2` as one number: its digits and dots are
            // components all the same.
            let digits =
                next.kind == .number
                && cursor.line.bytes[next.start..<next.end].allSatisfy {
                    ASCII.isDigit($0) || $0 == ASCII.dot
                }
            guard next.kind == .identifier || digits else { break }
            i += 2
        }
        return i
    }

    /// The axis if the rest is a VFL line: `H:`/`V:`, `[`, or `|` not followed by `.`.
    func visualFormatAxis() -> Attribute.Axis? {
        let token = cursor.current
        if cursor.isSymbol(ASCII.colon, cursor.peek()),
            cursor.isIdentifier("H", token) || cursor.isIdentifier("V", token)
        {
            return cursor.text(token) == "H" ? .horizontal : .vertical
        }
        if cursor.isSymbol(ASCII.lbracket) { return .horizontal }
        if cursor.isSymbol(ASCII.bar),
            cursor.isSymbol(ASCII.minus, cursor.peek())
                || cursor.isSymbol(ASCII.lbracket, cursor.peek())
        {
            return .horizontal
        }
        return nil
    }

    private mutating func parseKeywordStatement(state: inout ParseState) throws(ParseError)
        -> [Statement]
    {
        let keyword = cursor.text(cursor.advance())
        switch keyword {
        case "layout":
            let name = try cursor.identifier("a layout name after 'layout'")
            try cursor.expectEnd(after: "'layout \(name)'")
            state.layout = name
            return [.layout(name)]
        case "canvas":
            let (size, fit) = try parseCanvasSize()
            var safe: Insets?
            var margins: Insets?
            var direction: LayoutDirection?
            while !cursor.atEnd {
                let token = cursor.current
                let word = token.kind == .identifier ? cursor.text(token) : ""
                if word == "safe", safe == nil {
                    cursor.advance()
                    safe = try parseInsets("safe", allowOne: false)
                } else if word == "margins", margins == nil {
                    cursor.advance()
                    margins = try parseInsets("margins", allowOne: true)
                } else if word == "direction", direction == nil {
                    cursor.advance()
                    direction = try parseDirection()
                } else {
                    throw cursor.error(
                        at: token,
                        "unexpected \(cursor.describe(token)) after the canvas size; expected "
                            + "'safe T L B R', 'margins T L B R', 'direction ltr|rtl' or the end",
                        hint: didYouMean(word, ["safe", "margins", "direction"]))
                }
            }
            let canvas = Statement.canvas(
                size, safe: safe, margins: margins, direction: direction)
            guard let fit else { return [canvas] }
            return [canvas, .fit(width: fit.width, height: fit.height, variant: nil)]
        case "metric":
            let name = try cursor.identifier("a metric name after 'metric'")
            let value = try parseNumber("the metric's value")
            try cursor.expectEnd(after: "the metric's value")
            state.metrics[name] = value
            return [.metric(name: name, value: value)]
        case "variant":
            let name = try cursor.identifier("a variant name after 'variant'")
            var canvas: Size?
            var fit: (width: Bool, height: Bool)?
            var safe: Insets?
            if cursor.isIdentifier("canvas") {
                cursor.advance()
                (canvas, fit) = try parseCanvasSize()
            }
            if cursor.isIdentifier("safe") {
                cursor.advance()
                safe = try parseInsets("safe", allowOne: false)
            }
            var direction: LayoutDirection?
            if cursor.isIdentifier("direction") {
                cursor.advance()
                direction = try parseDirection()
            }
            if !cursor.atEnd {
                let token = cursor.current
                let word = token.kind == .identifier ? cursor.text(token) : ""
                throw cursor.error(
                    at: token,
                    "unexpected \(cursor.describe(token)) in the variant; expected "
                        + "'canvas W H', then 'safe T L B R', then 'direction ltr|rtl', or the end",
                    hint: didYouMean(word, ["canvas", "safe", "direction"]))
            }
            let variant = Statement.variant(
                name: name, canvas: canvas, safe: safe, direction: direction)
            guard let fit else { return [variant] }
            return [variant, .fit(width: fit.width, height: fit.height, variant: name)]
        case "set":
            let label = try parseDottedName("a constraint label after 'set'")
            let constant = try parseNumber("the new constant after the label")
            var variant: String?
            if cursor.isIdentifier("in") {
                cursor.advance()
                variant = try cursor.identifier("a variant name after 'in'")
            }
            try cursor.expectEnd(after: variant == nil ? "the constant" : "the variant name")
            return [.set(label: label, constant: constant, variant: variant)]
        case "hide", "show":
            let viewToken = cursor.current
            let view = try cursor.identifier("a view name after '\(keyword)'")
            if view == rootViewName {
                throw cursor.error(
                    at: viewToken, "the root view is the canvas and cannot be hidden or shown",
                    hint: "hide its subviews instead")
            }
            references.append(ViewReference(name: view, offset: viewToken.start))
            var variant: String?
            if cursor.isIdentifier("in") {
                cursor.advance()
                variant = try cursor.identifier("a variant name after 'in'")
            }
            try cursor.expectEnd(after: variant == nil ? "the view name" : "the variant name")
            try checkReferences(state)
            if state.guides[state.layout]?.contains(view) == true {
                let refusal = GuideRule.hiding(guide: view)
                throw cursor.error(at: viewToken, refusal.message, hint: refusal.hint)
            }
            return [.hide(view: view, hidden: keyword == "hide", variant: variant)]
        default:  // "view", "guide", "stack"
            let kind: ViewKind = keyword == "guide" ? .guide : keyword == "stack" ? .stack : .view
            let view = try kind == .stack ? parseStack() : parseView(kind: kind)
            try checkReferences(state)
            if let parent = references.first(where: \.isParent),
                state.guides[state.layout]?.contains(parent.name) == true
            {
                throw cursor.line.error(
                    at: parent.offset,
                    "'\(parent.name)' is a guide, and a guide cannot contain views or guides",
                    hint:
                        "declare '\(view.name)' in the guide's parent and constrain it to the guide"
                )
            }
            state.parents[state.layout, default: [:]][view.name] = view.parent
            if view.kind == .guide { state.guides[state.layout, default: []].insert(view.name) }
            if view.stack?.distribution == .equalSpacing {
                state.stacksNeedingViews[state.layout, default: [:]][view.name] = cursor.error(
                    at: cursor.tokens[1],
                    "equal-spacing stack '\(view.name)' has no arranged views: the space "
                        + "between views needs views",
                    hint: "declare views in it ('view NAME in \(view.name)'), or use another "
                        + "distribution")
            }
            return [.view(view)]
        }
    }

    /// `priority LABEL P`, `activate LABEL`, `deactivate LABEL` and `intrinsic VIEW W H
    /// [hug ...] [resist ...]`, each with an optional `in VARIANT` at the end.
    mutating func parseOverride(state: ParseState) throws(ParseError) -> [Statement] {
        let keyword = cursor.text(cursor.advance())
        switch keyword {
        case "priority":
            let label = try parseDottedName("a constraint label after 'priority'")
            let priority = try parsePriority(after: "the label '\(label)'")
            let variant = try parseInVariant(after: "the priority")
            return [.priority(label: label, priority: priority, variant: variant)]
        case "activate", "deactivate":
            let label = try parseDottedName("a constraint label after '\(keyword)'")
            let variant = try parseInVariant(after: "the label")
            return [.activate(label: label, isActive: keyword == "activate", variant: variant)]
        default:  // intrinsic
            let viewToken = cursor.current
            let view = try cursor.identifier("a view name after 'intrinsic'")
            if view == rootViewName {
                throw cursor.error(
                    at: viewToken, "the root view has no intrinsic size: its size is the canvas",
                    hint: "give the canvas a size, or write 'canvas W fit'")
            }
            references.append(ViewReference(name: view, offset: viewToken.start))
            try checkReferences(state)
            if state.guides[state.layout]?.contains(view) == true {
                throw cursor.error(
                    at: viewToken, "'\(view)' is a guide, and a guide has no intrinsic size",
                    hint: "constrain the guide's width and height instead")
            }
            let size = try parseIntrinsic()
            let variant = try parseInVariant(after: "the intrinsic size")
            return [.intrinsic(view: view, size: size, variant: variant)]
        }
    }

    /// `in VARIANT` and the end of the statement, or the end alone (nil).
    private mutating func parseInVariant(after what: String) throws(ParseError) -> String? {
        var variant: String?
        if cursor.isIdentifier("in") {
            cursor.advance()
            variant = try cursor.identifier("a variant name after 'in'")
        }
        if !cursor.atEnd {
            let token = cursor.current
            let word = token.kind == .identifier ? cursor.text(token) : ""
            throw cursor.error(
                at: token,
                "unexpected \(cursor.describe(token)) after "
                    + (variant == nil
                        ? "\(what); expected 'in VARIANT' or the end"
                        : "the variant name; expected the end"),
                hint: variant == nil ? didYouMean(word, ["in"]) : nil)
        }
        return variant
    }

    /// `W H` after `canvas`, either (or both) of which may be `fit`: the size, and which
    /// dimensions fit (nil when neither). A fixed dimension beside `fit` must be positive:
    /// a card 0 points wide has nothing to fit its height to.
    private mutating func parseCanvasSize() throws(ParseError) -> (
        Size, (width: Bool, height: Bool)?
    ) {
        let widthToken = cursor.current
        let fitWidth = cursor.isIdentifier("fit") && metrics["fit"] == nil
        var width = 0.0
        if fitWidth {
            cursor.advance()
        } else {
            width = try parseNumber("a width after 'canvas'")
        }
        let heightToken = cursor.current
        let fitHeight = cursor.isIdentifier("fit") && metrics["fit"] == nil
        var height = 0.0
        if fitHeight {
            cursor.advance()
        } else {
            height = try parseNumber("a height after the width")
        }
        try checkNotNegative(width, "width", at: widthToken)
        try checkNotNegative(height, "height", at: heightToken)
        guard fitWidth || fitHeight else { return (Size(width: width, height: height), nil) }
        if fitWidth != fitHeight {
            let (value, token, name) =
                fitWidth ? (height, heightToken, "height") : (width, widthToken, "width")
            if value == 0 {
                throw cursor.error(
                    at: token, "a fitted canvas needs a positive fixed \(name), found 0",
                    hint: fitWidth
                        ? "e.g. 'canvas fit 44', or 'canvas fit fit'"
                        : "e.g. 'canvas 320 fit', or 'canvas fit fit'")
            }
        }
        return (Size(width: width, height: height), (fitWidth, fitHeight))
    }

    /// The clauses of a view declaration; a clause's place here is its bit in `seen`.
    private static let viewClauses = [
        "in", "frame", "autoresize", "intrinsic", "margins", "baseline", "hug", "resist",
    ]

    /// The clauses of a stack declaration besides its axis, as ``viewClauses``.
    private static let stackClauses = [
        "in", "spacing", "distribute", "align", "margins", "frame", "autoresize",
    ]

    /// The clause `token` names, by its place in `clauses`, or nil when it names none.
    private func clause(_ token: Token, in clauses: [String]) -> Int? {
        guard token.kind == .identifier else { return nil }
        return clauses.firstIndex(of: cursor.text(token))
    }

    /// `NAME [in PARENT] [frame X Y W H] [autoresize FLAG,...] [intrinsic W H] [hug P [PV]]`
    /// `[resist P [PV]] [margins ...] [baseline F [L]]`: the clauses in any order, as UIKit
    /// sets these properties in any order, each at most once. `hug` and `resist` are the
    /// priorities of the intrinsic size, so they need `intrinsic` (before or after them).
    ///
    /// A guide (`guide NAME [in PARENT]`) takes `in` only: it is never drawn, so it has no
    /// frame, no autoresizing and no intrinsic size (UILayoutGuide has none of them).
    private mutating func parseView(kind: ViewKind) throws(ParseError) -> ViewDeclaration {
        let nameToken = cursor.current
        let name = try cursor.identifier("a \(kind.rawValue) name after '\(kind.rawValue)'")
        if name == rootViewName {
            throw cursor.error(
                at: nameToken, "'root' is the layout's root view and cannot be declared")
        }
        var view = ViewDeclaration(name: name, kind: kind)
        var seen: UInt16 = 0
        // `hug` and `resist` written apart from `intrinsic`: where, and the priorities.
        var hug: (token: Token, horizontal: Priority, vertical: Priority)?
        var resist: (token: Token, horizontal: Priority, vertical: Priority)?
        while !cursor.atEnd {
            let token = cursor.current
            guard let k = clause(token, in: Self.viewClauses), kind != .guide || k == 0 else {
                let word = token.kind == .identifier ? cursor.text(token) : ""
                if kind == .guide, Self.viewClauses.contains(word) {
                    throw cursor.error(
                        at: token,
                        "a guide has no '\(word)': it is never drawn and has no content",
                        hint: "constrain the guide's edges or size instead")
                }
                let expected =
                    kind == .guide
                    ? "expected 'in' or the end"
                    : "expected 'in', 'frame', 'autoresize', 'intrinsic', 'hug', 'resist', "
                        + "'margins', 'baseline' or the end"
                throw cursor.error(
                    at: token,
                    "unexpected \(cursor.describe(token)) in the \(kind.rawValue) declaration; "
                        + expected,
                    hint: didYouMean(word, kind == .guide ? ["in"] : Self.viewClauses))
            }
            cursor.advance()
            guard seen & (1 << k) == 0 else {
                throw cursor.error(
                    at: token, "'\(Self.viewClauses[k])' is given twice for view '\(name)'",
                    hint: "give each clause once")
            }
            seen |= 1 << k
            switch k {
            case 0:  // in
                let parentToken = cursor.current
                if cursor.isSymbol(ASCII.bar) {
                    cursor.advance()
                    view.parent = rootViewName
                } else {
                    view.parent = try cursor.identifier("a parent view name after 'in'")
                    references.append(
                        ViewReference(
                            name: view.parent, offset: parentToken.start, isParent: true))
                }
                if view.parent == name {
                    throw cursor.error(at: parentToken, "view '\(name)' cannot be its own parent")
                }
            case 1:  // frame
                view.frame = try parseFrame()
            case 2:  // autoresize
                view.autoresize = try parseAutoresize()
            case 3:  // intrinsic
                view.intrinsic = try parseIntrinsicSize()
            case 4:  // margins
                view.margins = try parseInsets("margins", allowOne: true)
            case 5:  // baseline
                let first = try parseNumber("the first baseline's distance from the top")
                var last: Double?
                if startsNumber() {
                    last = try parseNumber("the last baseline's distance from the bottom")
                }
                view.baseline = Baselines(first: first, last: last)
            case 6:  // hug
                let (h, v) = try parsePriorityPair(after: "'hug'")
                hug = (token, h, v)
            default:  // resist
                let (h, v) = try parsePriorityPair(after: "'resist'")
                resist = (token, h, v)
            }
        }
        if let given = hug.map({ ($0.token, "hug") }) ?? resist.map({ ($0.token, "resist") }) {
            guard var intrinsic = view.intrinsic else {
                // Both are priorities of the intrinsic size: without one they hold nothing.
                let (token, word) = given
                throw cursor.error(
                    at: token,
                    "'\(word)' is a priority of the intrinsic size, and view '\(name)' has none",
                    hint: "give the view's content size with it, e.g. 'intrinsic 50 16 \(word) "
                        + "750', or leave '\(word)' out")
            }
            if let hug { (intrinsic.hug, intrinsic.verticalHug) = (hug.horizontal, hug.vertical) }
            if let resist {
                (intrinsic.resist, intrinsic.verticalResist) = (resist.horizontal, resist.vertical)
            }
            view.intrinsic = intrinsic
        }
        return view
    }

    /// `NAME [in PARENT] H|V [spacing N] [distribute MODE] [align MODE] [margins ...]
    /// [frame X Y W H] [autoresize FLAG,...]`: the axis and the clauses in any order after
    /// the name, each at most once. `margins` also makes the arrangement relative to the
    /// margins (isLayoutMarginsRelativeArrangement). `autoresize` places a stack that no
    /// constraint places, by springs and struts, as UIKit does a UIStackView's
    /// autoresizing mask (docs/vocabulary.md §7.1).
    private mutating func parseStack() throws(ParseError) -> ViewDeclaration {
        let nameToken = cursor.current
        let name = try cursor.identifier("a stack name after 'stack'")
        if name == rootViewName {
            throw cursor.error(
                at: nameToken, "'root' is the layout's root view and cannot be declared")
        }
        var view = ViewDeclaration(name: name, kind: .stack)
        var stack = StackArrangement(axis: .horizontal)
        var axisToken: Token?
        var alignToken: Token?
        var seen: UInt16 = 0
        while !cursor.atEnd {
            let token = cursor.current
            if cursor.isIdentifier("H") || cursor.isIdentifier("V") {
                if let axisToken {
                    throw cursor.error(
                        at: token,
                        "the axis is given twice for stack '\(name)', after "
                            + "\(cursor.describe(axisToken))", hint: "give 'H' or 'V' once")
                }
                axisToken = token
                stack.axis = cursor.text(cursor.advance()) == "H" ? .horizontal : .vertical
                continue
            }
            guard let k = clause(token, in: Self.stackClauses) else {
                let word = token.kind == .identifier ? cursor.text(token) : ""
                throw cursor.error(
                    at: token,
                    "unexpected \(cursor.describe(token)) in the stack declaration; expected "
                        + (axisToken == nil
                            ? "the stack's axis, 'H' (a row) or 'V' (a column), or "
                            : "")
                        + "'in', 'spacing', 'distribute', 'align', 'margins', 'frame', "
                        + "'autoresize' or the end",
                    hint: didYouMean(word, Self.stackClauses + ["H", "V"]))
            }
            cursor.advance()
            guard seen & (1 << k) == 0 else {
                throw cursor.error(
                    at: token, "'\(Self.stackClauses[k])' is given twice for stack '\(name)'",
                    hint: "give each clause once")
            }
            seen |= 1 << k
            switch k {
            case 0:  // in
                let parentToken = cursor.current
                if cursor.isSymbol(ASCII.bar) {
                    cursor.advance()
                } else {
                    view.parent = try cursor.identifier("a parent view name after 'in'")
                    references.append(
                        ViewReference(name: view.parent, offset: parentToken.start, isParent: true)
                    )
                }
                if view.parent == name {
                    throw cursor.error(at: parentToken, "stack '\(name)' cannot be its own parent")
                }
            case 1:  // spacing
                let valueToken = cursor.current
                stack.spacing = try parseNumber("the spacing after 'spacing'")
                // Negative overlaps the neighbours, as UIStackView.spacing allows.
                try checkNumber(stack.spacing, NumberRule.spacing, "spacing", at: valueToken)
            case 2:  // distribute
                stack.distribution = try parseMode(
                    StackArrangement.Distribution.self, "distribution")
            case 3:  // align
                alignToken = cursor.current
                stack.alignment = try parseMode(StackArrangement.Alignment.self, "alignment")
            case 4:  // margins
                view.margins = try parseInsets("margins", allowOne: true, beforeAxis: true)
            case 5:  // frame
                view.frame = try parseFrame()
            default:  // autoresize
                view.autoresize = try parseAutoresize()
            }
        }
        guard axisToken != nil else {
            throw cursor.error(
                at: cursor.current,
                "expected the stack's axis, 'H' (a row) or 'V' (a column), found "
                    + cursor.describe(cursor.current),
                hint: "write 'stack \(name) H' or 'stack \(name) V'")
        }
        if stack.alignment.isBaseline, stack.axis == .vertical, let alignToken {
            throw cursor.error(
                at: alignToken,
                "baseline alignment needs a horizontal stack: a column's views are not on "
                    + "one line", hint: "'align leading', or make the stack 'H'")
        }
        view.stack = stack
        return view
    }

    /// `X Y W H` after `frame`: any position, a size not negative.
    private mutating func parseFrame() throws(ParseError) -> Rect {
        let x = try parseNumber("the frame's x")
        let y = try parseNumber("the frame's y")
        let size = try parseSize(after: "frame X Y")
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    /// One of a mode's names (`fillEqually`, `center`), with "did you mean" when unknown.
    private mutating func parseMode<Mode: RawRepresentable & CaseIterable>(
        _ type: Mode.Type, _ what: String
    ) throws(ParseError) -> Mode where Mode.RawValue == String {
        let token = cursor.current
        let word = token.kind == .identifier ? cursor.text(token) : ""
        let names = Mode.allCases.map(\.rawValue)
        guard let mode = Mode(rawValue: word) else {
            throw cursor.error(
                at: token,
                "unknown \(what) \(cursor.describe(token)); expected "
                    + names.joined(separator: ", "), hint: didYouMean(word, names))
        }
        cursor.advance()
        return mode
    }

    private mutating func parseAutoresize() throws(ParseError) -> AutoresizingMask {
        var mask: AutoresizingMask = []
        let names = AutoresizingMask.named.map(\.0)
        repeat {
            if cursor.isSymbol(ASCII.comma) { cursor.advance() }
            let token = cursor.current
            let flag = try cursor.identifier(
                "an autoresize flag (left, right, top, bottom, width, height)")
            guard let value = AutoresizingMask.named.first(where: { $0.0 == flag })?.1 else {
                throw cursor.error(
                    at: token,
                    "unknown autoresize flag '\(flag)'; expected left, right, top, "
                        + "bottom, width or height", hint: didYouMean(flag, names))
            }
            mask.insert(value)
        } while cursor.isSymbol(ASCII.comma)
        return mask
    }

    /// `W H` (either may be `-`, none), with the default priorities.
    private mutating func parseIntrinsicSize() throws(ParseError) -> IntrinsicSize {
        let widthToken = cursor.current
        let width = try parseNumber("the intrinsic width (or '-')", allowNone: true)
        let heightToken = cursor.current
        let height = try parseNumber("the intrinsic height (or '-')", allowNone: true)
        try checkNotNegative(width, "intrinsic width", at: widthToken)
        try checkNotNegative(height, "intrinsic height", at: heightToken)
        return IntrinsicSize(width: width, height: height)
    }

    /// `P` (both axes) or `PH PV` (UIKit keeps one per axis), after `word`.
    private mutating func parsePriorityPair(after word: String) throws(ParseError) -> (
        Priority, Priority
    ) {
        let horizontal = try parsePriority(after: word)
        return (horizontal, startsPriority() ? try parsePriority(after: word) : horizontal)
    }

    /// `W H [hug P [PV]] [resist P [PV]]` of the `intrinsic` statement, `hug` and `resist`
    /// in either order, each at most once.
    private mutating func parseIntrinsic() throws(ParseError) -> IntrinsicSize {
        var size = try parseIntrinsicSize()
        var seen: (hug: Bool, resist: Bool) = (false, false)
        while cursor.isIdentifier("hug") || cursor.isIdentifier("resist") {
            let token = cursor.advance()
            let isHug = cursor.text(token) == "hug"
            guard !(isHug ? seen.hug : seen.resist) else {
                throw cursor.error(
                    at: token, "'\(cursor.text(token))' is given twice",
                    hint: "give each clause once")
            }
            if isHug {
                seen.hug = true
                (size.hug, size.verticalHug) = try parsePriorityPair(after: "'hug'")
            } else {
                seen.resist = true
                (size.resist, size.verticalResist) = try parsePriorityPair(after: "'resist'")
            }
        }
        return size
    }

    /// `ltr` or `rtl`, after the word `direction`.
    private mutating func parseDirection() throws(ParseError) -> LayoutDirection {
        let token = cursor.current
        guard token.kind == .identifier else {
            throw cursor.error(
                at: token,
                "expected a direction after 'direction', 'ltr' (left to right) or 'rtl' "
                    + "(right to left), found \(cursor.describe(token))")
        }
        let word = cursor.text(token)
        guard let direction = LayoutDirection(rawValue: word) else {
            throw cursor.error(
                at: token,
                "unknown direction \(cursor.describe(token)); expected 'ltr' (left to right) "
                    + "or 'rtl' (right to left)", hint: didYouMean(word, ["ltr", "rtl"]))
        }
        cursor.advance()
        return direction
    }

    /// Whether a number (or a metric, or a signed one) comes next, not a clause.
    private func startsNumber() -> Bool {
        let token = cursor.current
        switch token.kind {
        case .number: return true
        case .identifier: return metrics[cursor.text(token)] != nil
        default:
            return (cursor.isSymbol(ASCII.minus) || cursor.isSymbol(ASCII.plus))
                && cursor.peek().start == token.end && cursor.peek().kind == .number
        }
    }

    /// Whether a priority comes next (a number, `required`, `high`, `low` or a metric).
    private func startsPriority() -> Bool {
        let token = cursor.current
        if token.kind == .number { return true }
        guard token.kind == .identifier else { return false }
        let word = cursor.text(token)
        return Priority(parsing: word) != nil || metrics[word] != nil
    }

    /// `N` (with `allowOne`: every side) or `T L B R`, none negative. With `beforeAxis`
    /// (a stack's margins), `H` and `V` after the first number are the stack's axis, even
    /// where a metric has that name.
    private mutating func parseInsets(_ what: String, allowOne: Bool, beforeAxis: Bool = false)
        throws(ParseError) -> Insets
    {
        var values: [Double] = []
        let first = cursor.current
        while values.count < 4,
            values.isEmpty
                || (startsNumber()
                    && !(beforeAxis && (cursor.isIdentifier("H") || cursor.isIdentifier("V"))))
        {
            let token = cursor.current
            let value = try parseNumber(
                "\(allowOne ? "1 or 4 numbers" : "4 numbers") (top left bottom right) after '\(what)'"
            )
            try checkNotNegative(value, "\(what) inset", at: token)
            values.append(value)
        }
        if values.count == 1, allowOne { return Insets(all: values[0]) }
        guard values.count == 4 else {
            throw cursor.error(
                at: values.count == 1 ? first : cursor.current,
                "'\(what)' takes \(allowOne ? "1 or 4 numbers" : "4 numbers"), found "
                    + "\(values.count)",
                hint: allowOne ? "'\(what) 8' or '\(what) T L B R'" : "'\(what) T L B R'")
        }
        return Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    private mutating func parseSize(after what: String) throws(ParseError) -> Size {
        let widthToken = cursor.current
        let width = try parseNumber("a width after '\(what)'")
        let heightToken = cursor.current
        let height = try parseNumber("a height after the width")
        try checkNotNegative(width, "width", at: widthToken)
        try checkNotNegative(height, "height", at: heightToken)
        return Size(width: width, height: height)
    }

    private func checkNotNegative(_ value: Double?, _ what: String, at token: Token)
        throws(ParseError)
    {
        try checkNumber(value, .size, what, at: token)
    }

    /// Refuses `value` at `token` unless it keeps `rule` (the lexer has made it finite).
    private func checkNumber(_ value: Double?, _ rule: NumberRule, _ what: String, at token: Token)
        throws(ParseError)
    {
        if let value, !rule.admits(value) {
            throw cursor.error(
                at: token,
                rule == .size
                    ? "the \(what) must not be negative, found \(formatNumber(value))"
                    : "the \(what) must be a finite number, found \(formatNumber(value))")
        }
    }

    /// A label, as ``dottedNameEnd(from:)`` reads it.
    private mutating func parseDottedName(_ what: String) throws(ParseError) -> String {
        let first = cursor.current
        _ = try cursor.identifier(what)
        let end = dottedNameEnd(from: cursor.index - 1)
        cursor.index = end
        return String(
            decoding: cursor.line.bytes[first.start..<cursor.tokens[end - 1].end], as: UTF8.self)
    }

    /// A number or metric, with an optional sign written against it (`-12`, `-pad`); with
    /// `allowNone`, a `-` standing alone means "none" (`intrinsic - 20`).
    mutating func parseNumber(_ what: String) throws(ParseError) -> Double {
        guard let value = try parseNumber(what, allowNone: false) else { return 0 }
        return value
    }

    mutating func parseNumber(_ what: String, allowNone: Bool) throws(ParseError) -> Double? {
        var sign = 1.0
        let signToken = cursor.current
        if cursor.isSymbol(ASCII.minus) || cursor.isSymbol(ASCII.plus) {
            let next = cursor.peek()
            let attached =
                next.start == signToken.end && (next.kind == .number || next.kind == .identifier)
            if !attached {
                if allowNone, cursor.isSymbol(ASCII.minus) {
                    cursor.advance()
                    return nil
                }
                throw cursor.error(
                    at: signToken, "expected \(what), found \(cursor.describe(signToken))",
                    hint: "write a sign against its number, as in -12")
            }
            cursor.advance()
            if signToken.kind == .symbol(ASCII.minus) { sign = -1 }
        }
        let token = cursor.current
        switch token.kind {
        case .number:
            cursor.advance()
            return sign * token.value
        case .identifier:
            let name = cursor.text(token)
            guard let value = metrics[name] else {
                throw cursor.error(
                    at: token,
                    "expected \(what), found '\(name)', which is not a number or a "
                        + "known metric", hint: didYouMean(name, metrics.keys))
            }
            cursor.advance()
            return sign * value
        default:
            throw cursor.error(at: token, "expected \(what), found \(cursor.describe(token))")
        }
    }
}
