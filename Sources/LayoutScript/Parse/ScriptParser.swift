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
/// * A metric name shadows a view of the same name where a number may stand (as in
///   Apple's VFL, whose metrics come before its views); the store refuses a metric and a
///   view of one name in a layout, so a project never holds the shadow.
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
        var reader = ScriptReader(
            text, file: file, metrics: metrics, layout: layout, views: views, guides: guides)
        var statements: [LocatedStatement] = []
        statements.reserveCapacity(reader.byteCount / 28)
        while let statement = try reader.next() { statements.append(statement) }
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
    ///   - guides: the layout guides among them, which have no margins or baselines.
    package static func parseConstraints(
        _ text: String, file: String = "-", metrics: [String: Double] = [:],
        parents: [String: String]? = nil, guides: Set<String> = []
    ) throws(ParseError) -> [Constraint] {
        var state = ParseState(metrics: metrics)
        state.parents[state.layout] = parents ?? [:]
        if !guides.isEmpty { state.guides[state.layout] = guides }
        state.checksViews = parents != nil
        let bytes = Array(text.utf8)
        var from = 0
        var to = bytes.count
        while from < to, bytes[from] == ASCII.space || bytes[from] == ASCII.tab { from += 1 }
        while to > from, [ASCII.space, ASCII.tab, ASCII.newline, ASCII.cr].contains(bytes[to - 1]) {
            to -= 1
        }
        let line = SourceLine(
            bytes: bytes, fileID: SourceFiles.id(of: file), number: 1, start: 0, end: to)
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
}

/// Reads a script one statement at a time, by the rules of
/// ``ScriptParser/parse(_:file:metrics:layout:views:guides:)``: a caller that writes each statement before reading the next holds no array of
/// them (a first apply of a million-view script would hold gigabytes).
///
///     var reader = ScriptReader(text, file: "home.layout")
///     while let statement = try reader.next() { try applier.apply(statement) }
///
/// The checks that need the whole script (an equal-spacing stack's arranged views) run
/// when the text ends: the last call to ``next()`` throws them instead of returning nil.
package struct ScriptReader {
    private let bytes: [UInt8]
    /// The file's number in ``SourceFiles``.
    private let fileID: Int32
    private var state: ParseState
    private var tokens: [Token] = []
    /// Where the next line starts, and its number.
    private var nextLineStart: Int
    private var nextLineNumber = 1
    /// The line being read, and where its next `;`-separated segment starts and its code
    /// (before any `#`) ends.
    private var line: SourceLine?
    private var segmentStart = 0
    private var codeEnd = 0
    /// The statements of the last segment read (a compound constraint or a VFL line
    /// gives several), with the place and text they share, and how many were returned.
    private var pending: [Statement] = []
    private var pendingIndex = 0
    private var pendingLocation = SourceLocation(file: "", line: 0, column: 0)
    private var pendingText = ""
    private var ended = false

    /// The arguments are ``ScriptParser/parse(_:file:metrics:layout:views:guides:)``'s.
    package init(
        _ text: String, file: String = "-", metrics: [String: Double] = [:],
        layout: String = defaultLayoutName, views: [String: [String: String]]? = nil,
        guides: [String: Set<String>] = [:]
    ) {
        self.init(
            utf8: Array(text.utf8), file: file, metrics: metrics, layout: layout, views: views,
            guides: guides)
    }

    /// A reader of a text already in UTF-8 bytes (valid UTF-8, as a `String`'s are): the
    /// reader shares the caller's array rather than copying it.
    package init(
        utf8 bytes: [UInt8], file: String = "-", metrics: [String: Double] = [:],
        layout: String = defaultLayoutName, views: [String: [String: String]]? = nil,
        guides: [String: Set<String>] = [:]
    ) {
        self.bytes = bytes
        fileID = SourceFiles.id(of: file)
        state = ParseState(metrics: metrics)
        state.layout = layout
        state.guides = guides
        if let views {
            state.parents = views
            state.checksViews = true
        }
        nextLineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0  // a UTF-8 byte order mark
    }

    /// The script's length in UTF-8 bytes.
    package var byteCount: Int { bytes.count }

    /// The line the reader is on (1-based; 0 before the first), for progress reports.
    package var lineNumber: Int { nextLineNumber - 1 }

    /// The next statement, or nil at the end of the script.
    package mutating func next() throws(ParseError) -> LocatedStatement? {
        while true {
            if pendingIndex < pending.count {
                pendingIndex += 1
                return LocatedStatement(
                    statement: pending[pendingIndex - 1], location: pendingLocation,
                    text: pendingText)
            }
            if segmentStart >= codeEnd {
                guard startNextLine() else {
                    if !ended {
                        ended = true
                        try checkWholeScript()
                    }
                    return nil
                }
                continue
            }
            guard let line else { return nil }
            var segmentEnd = segmentStart
            while segmentEnd < codeEnd, bytes[segmentEnd] != ASCII.semicolon { segmentEnd += 1 }
            var from = segmentStart
            var to = segmentEnd
            segmentStart = segmentEnd + 1
            while from < to, bytes[from] == ASCII.space || bytes[from] == ASCII.tab { from += 1 }
            while to > from, bytes[to - 1] == ASCII.space || bytes[to - 1] == ASCII.tab { to -= 1 }
            guard from < to else { continue }
            if from == line.start, Self.isConflictMarker(bytes[from..<to]) {
                throw line.error(
                    at: from,
                    "unresolved merge conflict marker '\(String(decoding: bytes[from..<from + 7], as: UTF8.self))'",
                    hint: "keep the side you want, remove the markers, and apply again")
            }
            pendingLocation = line.location(of: from)
            pending = try StatementParser.parse(
                line: line, from: from, to: to, origin: pendingLocation, tokens: &tokens,
                state: &state)
            pendingIndex = 0
            pendingText = pending.isEmpty ? "" : Self.source(of: pending[0], or: bytes[from..<to])
        }
    }

    /// Moves to the next line; false after the last.
    private mutating func startNextLine() -> Bool {
        let lineStart = nextLineStart
        guard lineStart <= bytes.count else { return false }
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != ASCII.newline { lineEnd += 1 }
        var contentEnd = lineEnd
        if contentEnd > lineStart, bytes[contentEnd - 1] == ASCII.cr { contentEnd -= 1 }
        line = SourceLine(
            bytes: bytes, fileID: fileID, number: nextLineNumber, start: lineStart, end: contentEnd)
        codeEnd = lineStart
        while codeEnd < contentEnd, bytes[codeEnd] != ASCII.hash { codeEnd += 1 }
        segmentStart = lineStart
        nextLineStart = lineEnd + 1
        nextLineNumber += 1
        return true
    }

    /// An equal-spacing stack needs arranged views by the end of the script (§13).
    private func checkWholeScript() throws(ParseError) {
        for (layout, stacks) in state.stacksNeedingViews.sorted(by: { $0.key < $1.key }) {
            let parents = Set((state.parents[layout] ?? [:]).values)
            for (name, error) in stacks.sorted(by: { $0.key < $1.key })
            where !parents.contains(name) {
                throw error
            }
        }
    }

    /// Whether a line is one git leaves where a merge conflicts (`<<<<<<< HEAD`, `=======`,
    /// `|||||||`, `>>>>>>> branch`): seven of one sign at its start, then nothing or a space.
    /// Read as a statement it would be taken for a relation (`<<` is "not a relation").
    static func isConflictMarker(_ line: ArraySlice<UInt8>) -> Bool {
        // Four comparisons of a byte: this is asked of every line.
        guard line.count >= 7, let sign = line.first,
            sign == UInt8(ascii: "<") || sign == UInt8(ascii: "=") || sign == UInt8(ascii: ">")
                || sign == UInt8(ascii: "|")
        else { return false }
        let rest = line.dropFirst(7)
        return line.prefix(7).allSatisfy { $0 == sign }
            && (rest.first.map { $0 == ASCII.space } ?? true)
    }

    /// The constraint's `source` when there is one, so that the text is built only once.
    private static func source(of statement: Statement, or bytes: ArraySlice<UInt8>) -> String {
        if case .constraint(let constraint) = statement { return constraint.source }
        return String(decoding: bytes, as: UTF8.self)
    }
}
