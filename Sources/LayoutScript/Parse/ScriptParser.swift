/// Reads `.layout` scripts (see `layout-format.md`) into statements.
///
/// The output is already expanded: a compound constraint (`center`, `size`, `edges`) and a
/// VFL line arrive as several `.constraint` statements, and metric names are replaced by
/// their values (the `metric` statement itself is kept so the store can persist it).
///
///     let statements = try ScriptParser.parse("""
///         view header
///         header.height: header.height == 70
///         title.center == header.center   # two constraints: centerX, centerY
///         """, file: "main.layout")
///
/// Decisions the contract leaves open:
/// * A statement is a keyword statement (`view`, `set`, ...) unless its second token is `.`
///   or `:`; so `view.left == 0` constrains a view named `view`.
/// * A metric name shadows a view of the same name where a number may stand.
/// * `a.edges == b.edges + 8` is an inset (top/left `+ 8`, bottom/right `- 8`, and an
///   inequality's relation flips for bottom/right, so `>=` means "at least 8 inside").
/// * In VFL, `|` is the declared parent of the view next to it (the first view for a
///   leading `|`, the last for a trailing one), `root` when the script has not declared it.
/// * A labelled VFL line labels its constraints `LABEL.1`, `LABEL.2`, ... in reading order;
///   so a label may end in numbers (`set gap.2 12`). Names follow ``Identifier``.
/// * Given the project's views (`views:`), every view a statement names must be declared
///   before it, in the project or the script, as Apple's VFL parser requires: `[button]`
///   alone is refused though it yields no constraint. The error is at the name.
package enum ScriptParser {
    /// Parses a whole script.
    ///
    /// - Parameters:
    ///   - file: the name errors and `origin`s report (`-` for standard input).
    ///   - metrics: metrics known before the script starts (e.g. stored in the project).
    ///   - layout: the layout statements belong to until a `layout` statement.
    ///   - views: the views already in the project, per layout (view → parent). When
    ///     given, every view a statement names must be one of them or declared earlier in
    ///     the script; an unknown one is an error at its name. When nil, names are not
    ///     checked (the syntax alone is read).
    ///   - guides: the guides among `views`, per layout: a guide cannot contain views.
    package static func parse(
        _ text: String, file: String = "-", metrics: [String: Double] = [:],
        layout: String = defaultLayoutName, views: [String: [String: String]]? = nil,
        guides: [String: Set<String>] = [:]
    ) throws(ParseError) -> [LocatedStatement] {
        let bytes = Array(text.utf8)
        var state = ParseState(metrics: metrics)
        state.layout = layout
        state.guides = guides
        if let views {
            state.parents = views
            state.checksViews = true
        }
        var statements: [LocatedStatement] = []
        statements.reserveCapacity(bytes.count / 28)
        var tokens: [Token] = []
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a UTF-8 byte order mark
        var lineNumber = 1
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != ASCII.newline { lineEnd += 1 }
            var contentEnd = lineEnd
            if contentEnd > lineStart, bytes[contentEnd - 1] == ASCII.cr { contentEnd -= 1 }
            let line = SourceLine(
                bytes: bytes, file: file, number: lineNumber, start: lineStart, end: contentEnd)
            var codeEnd = lineStart
            while codeEnd < contentEnd, bytes[codeEnd] != ASCII.hash { codeEnd += 1 }
            var segmentStart = lineStart
            while segmentStart < codeEnd {
                var segmentEnd = segmentStart
                while segmentEnd < codeEnd, bytes[segmentEnd] != ASCII.semicolon { segmentEnd += 1 }
                var from = segmentStart
                var to = segmentEnd
                while from < to, bytes[from] == ASCII.space || bytes[from] == ASCII.tab {
                    from += 1
                }
                while to > from, bytes[to - 1] == ASCII.space || bytes[to - 1] == ASCII.tab {
                    to -= 1
                }
                if from < to {
                    let location = line.location(of: from)
                    let parsed = try StatementParser.parse(
                        line: line, from: from, to: to, origin: location, tokens: &tokens,
                        state: &state)
                    let text = parsed.isEmpty ? "" : source(of: parsed[0], or: bytes[from..<to])
                    for statement in parsed {
                        statements.append(
                            LocatedStatement(statement: statement, location: location, text: text))
                    }
                }
                segmentStart = segmentEnd + 1
            }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        // An equal-spacing stack needs arranged views by the end of the script (§13).
        for (layout, stacks) in state.stacksNeedingViews.sorted(by: { $0.key < $1.key }) {
            let parents = Set((state.parents[layout] ?? [:]).values)
            for (name, error) in stacks.sorted(by: { $0.key < $1.key })
            where !parents.contains(name) {
                throw error
            }
        }
        return statements
    }

    /// Parses one equation or VFL line (as `layoutdb add` takes) into its constraints.
    ///
    ///     try ScriptParser.parseConstraints("a.size == 50")  // a.width == 50, a.height == 50
    ///
    /// - Parameters:
    ///   - metrics: the names usable as numbers.
    ///   - parents: each view's parent, so that VFL's `|` means the right superview. When
    ///     given, these are the views there are: a constraint naming another is an error at
    ///     the name. When nil, names are not checked.
    package static func parseConstraints(
        _ text: String, file: String = "-", metrics: [String: Double] = [:],
        parents: [String: String]? = nil
    ) throws(ParseError) -> [Constraint] {
        var state = ParseState(metrics: metrics)
        state.parents[state.layout] = parents ?? [:]
        state.checksViews = parents != nil
        let bytes = Array(text.utf8)
        var from = 0
        var to = bytes.count
        while from < to, bytes[from] == ASCII.space || bytes[from] == ASCII.tab { from += 1 }
        while to > from, [ASCII.space, ASCII.tab, ASCII.newline, ASCII.cr].contains(bytes[to - 1]) {
            to -= 1
        }
        let line = SourceLine(bytes: bytes, file: file, number: 1, start: 0, end: to)
        if let bad = bytes[from..<to].firstIndex(where: {
            [ASCII.newline, ASCII.semicolon, ASCII.hash].contains($0)
        }) {
            throw line.error(
                at: bad, "expected one constraint; a line break, ';' or '#' cannot appear in it")
        }
        guard from < to else { throw line.error(at: from, "expected a constraint, found nothing") }
        var tokens: [Token] = []
        let statements = try StatementParser.parse(
            line: line, from: from, to: to, origin: line.location(of: from), tokens: &tokens,
            state: &state)
        var constraints: [Constraint] = []
        for statement in statements {
            guard case .constraint(let constraint) = statement else {
                let keyword = String(decoding: bytes[from..<to], as: UTF8.self).prefix { $0 != " " }
                throw line.error(
                    at: from,
                    "expected a constraint (an equation or a VFL line), "
                        + "found a '\(keyword)' statement")
            }
            constraints.append(constraint)
        }
        return constraints
    }

    /// The constraint's `source` when there is one, so that the text is built only once.
    private static func source(of statement: Statement, or bytes: ArraySlice<UInt8>) -> String {
        if case .constraint(let constraint) = statement { return constraint.source }
        return String(decoding: bytes, as: UTF8.self)
    }
}
