import ArgumentParser
import LayoutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func printError(_ message: String) {
    writeStandardError("error: \(forPeople(message, keepingLinesAndTabs: true))\n")
}

func warn(_ message: String) {
    writeStandardError("warning: \(forPeople(message, keepingLinesAndTabs: true))\n")
}

/// `text` as a terminal may show it: every control character (a name plain SQL stored
/// with an escape, a backspace or a line feed) as U+FFFD, so that it can neither drive
/// the terminal nor break a line into two. The one rule of the output meant for people
/// (``table(_:_:)``'s cells, ``printLine(_:)``, errors and warnings, which keep their
/// own line breaks and the tabs that align a caret under a script's line); CSV and JSON
/// quote and escape instead.
func forPeople(_ text: String, keepingLinesAndTabs: Bool = false) -> String {
    func isShownAsReplacement(_ value: UInt32) -> Bool {
        isControl(value) && !(keepingLinesAndTabs && (value == 0x0A || value == 0x09))
    }
    guard text.utf8.contains(where: { isShownAsReplacement(UInt32($0)) }) else { return text }
    return String(
        String.UnicodeScalarView(
            text.unicodeScalars.map { isShownAsReplacement($0.value) ? "\u{FFFD}" : $0 }))
}

/// A C0 control character or DEL: what ``forPeople(_:keepingLinesAndTabs:)`` replaces.
/// (A UTF-8 byte below 0x80 is the character itself, so a byte can be asked too.)
private func isControl(_ value: UInt32) -> Bool { value < 0x20 || value == 0x7F }

/// Prints one line meant for people (``forPeople(_:keepingLinesAndTabs:)``).
func printLine(_ line: String) {
    print(forPeople(line))
}

/// Writes to file descriptor 2, ignoring failure: with standard error closed there is
/// nowhere to report it (Foundation's `FileHandle.write(_:)` traps there instead).
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}

/// Columns padded to their widest cell, for people. No line ends in spaces (an empty
/// last cell, as `frames` has for views that are not ambiguous, would leave padding).
/// Cells are measured in `Character`s and the table is built as bytes: Foundation's
/// `padding(toLength:)` was a third of `frames` on a 1,000-view layout, and `String`
/// joins and `Character` counts a third of `list` on one.
func table(_ header: [String], _ rows: [[String]]) -> String {
    // A control character (a name plain SQL stored with a line feed) would break the
    // table's lines: shown as ``forPeople(_:keepingLinesAndTabs:)`` shows it.
    if rows.contains(where: { $0.contains { $0.utf8.contains { isControl(UInt32($0)) } } }) {
        return table(header, rows.map { $0.map { forPeople($0) } })
    }
    var widths = header.map(displayWidth)
    for row in rows {
        for (i, cell) in row.enumerated() { widths[i] = max(widths[i], displayWidth(cell)) }
    }
    let space = UInt8(ascii: " ")
    var out: [UInt8] = []
    out.reserveCapacity((rows.count + 1) * (widths.reduce(0, +) + 2 * widths.count + 1))
    for (n, cells) in ([header] + rows).enumerated() {
        if n > 0 { out.append(UInt8(ascii: "\n")) }
        let lineStart = out.count
        for (i, cell) in cells.enumerated() {
            if i > 0 { out += [space, space] }
            out += cell.utf8
            if i < cells.count - 1 {
                out += repeatElement(space, count: max(0, widths[i] - displayWidth(cell)))
            }
        }
        while out.count > lineStart, out.last == space { out.removeLast() }
    }
    return String(decoding: out, as: UTF8.self)
}

/// `text` and spaces after it to `width` characters (none when it is that wide already).
func padded(_ text: some StringProtocol, to width: Int) -> String {
    String(text) + String(repeating: " ", count: max(0, width - text.count))
}

/// A cell's width in `Character`s: its byte count when every byte is ASCII and none is a
/// carriage return (which joins a following line feed into one `Character`), as all of
/// layoutdb's names are, without walking grapheme clusters.
private func displayWidth(_ s: String) -> Int {
    s.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") } ? s.utf8.count : s.count
}

/// RFC 4180 quoting where needed. The test is on UTF-8 bytes: walking `Character`s
/// (grapheme breaking) cost `frames --format csv` more per row than reading the row.
func csvField(_ s: String) -> String {
    let needsQuotes = s.utf8.contains {
        $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n")
            || $0 == UInt8(ascii: "\r")
    }
    return needsQuotes ? "\"" + s.replacing("\"", with: "\"\"") + "\"" : s
}

/// Compact JSON with sorted keys for the CLI's `--json` output (strings, numbers, bools,
/// arrays, `[String: Any]` objects, `NSNull`), written in a single pass over bytes: an
/// edit may move tens of thousands of views, and Foundation's encoders cost many times
/// more per row (as did appending each piece to a `String`).
func jsonString(_ value: Any) -> String {
    var out = JSONBytes()
    out.value(value)
    return out.text
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, csv, json
}

/// An edit's report: the frames that changed (stdout), ambiguity warnings (stderr).
func printReport(_ report: SolveReport, _ global: GlobalOptions, json: Bool = false) {
    if json {
        print(changesJSON(report.changes))
    } else if !global.quiet {
        let shown = report.changes.prefix(50)
        for c in shown { printLine(describe(c)) }
        if report.changes.count > shown.count {
            print("... and \(report.changes.count - shown.count) more views changed")
        }
    }
    if !report.ambiguous.isEmpty {
        let list = report.ambiguous.prefix(10).joined(separator: ", ")
        let more = report.ambiguous.count > 10 ? " and \(report.ambiguous.count - 10) more" : ""
        warn("ambiguous layout (constraints leave these views free): \(list)\(more)")
    }
}

/// One warning when a read showed stored frames that edits left stale.
func warnStale(_ rows: [FrameRow], _ global: GlobalOptions) {
    let stale = rows.filter(\.stale).count
    guard stale > 0 else { return }
    warn(
        "\(stale) frame\(stale == 1 ? " is" : "s are") stale (marked *): shown as stored "
            + "before edits that are not re-solved yet; `layoutdb solve` brings them up to date"
            + (global.readOnly ? " (where the project is writable)" : ""))
}

/// One warning for the stale stored frames of several variants ("base" for the layout),
/// after a read that showed them as stored.
func warnStale(_ project: Project, variants: [String], _ global: GlobalOptions) throws {
    var rows: [FrameRow] = []
    for variant in variants {
        rows += try project.frames(
            layout: global.layout, variant: variant == baseVariantName ? nil : variant,
            reading: .asStored)
    }
    warnStale(rows, global)
}

/// After a read of a project with no layout yet: how to start, on stderr (not with -q).
func noteIfEmpty(_ project: Project, _ global: GlobalOptions) throws {
    guard !global.quiet, try project.isEmpty() else { return }
    writeStandardError(
        "note: \(global.path) has no layouts yet; start with `layoutdb apply FILE` "
            + "(a .layout script: `layoutdb help apply`)\n")
}

/// The changes as `jsonString` writes them as objects (`layout`, `new`, `old` when
/// there was a frame, `variant`, `view`; rects as `height`, `width`, `x`, `y`: keys
/// sorted), written directly: through `[String: Any]` (a dictionary per change and per
/// rect, a dynamic cast per value) `set-constant --json` on a 10k-view form spent more on
/// its 5,001 changes than on the edit.
func changesJSON(_ changes: [FrameChange]) -> String {
    JSONBytes.array(changes, reservingEach: 160) { out, c in
        out.field("{\"layout\":", c.layout)
        out.add(",\"new\":")
        out.rect(c.new)
        if let old = c.old {
            out.add(",\"old\":")
            out.rect(old)
        }
        out.field(",\"variant\":", c.variant)
        out.field(",\"view\":", c.view)
        out.add("}")
    }
}

/// `frames --json`: per row an object with sorted keys, as `jsonString` writes it, in
/// one pass over bytes; the dictionaries of `Any` it replaced cost 50k instructions a row
/// (a key sort and a dynamic cast per value).
func framesJSON(_ rows: [FrameRow]) -> String {
    JSONBytes.array(rows, reservingEach: 150) { out, r in
        out.field("{\"ambiguous\":", r.ambiguous)
        out.field(",\"height\":", r.frame.height)
        out.field(",\"kind\":", r.kind.rawValue)
        out.field(",\"parent\":", r.parent)
        out.field(",\"stale\":", r.stale)
        out.field(",\"view\":", r.view)
        out.field(",\"width\":", r.frame.width)
        out.field(",\"x\":", r.frame.x)
        out.field(",\"y\":", r.frame.y)
        out.add("}")
    }
}

/// `list --json`: per constraint an object with sorted keys, as `jsonString` writes it
/// (`id`, `label` and `origin` only where there is one), in one pass over bytes.
func listJSON(_ listed: [Project.ListedConstraint]) -> String {
    JSONBytes.array(listed, reservingEach: 200) { out, item in
        let c = item.constraint
        out.field("{\"active\":", c.isActive)
        out.field(",\"constant\":", c.constant)
        if let id = item.id {
            out.add(",\"id\":")
            out.integer(id)
        }
        out.field(",\"kind\":", c.kind.rawValue)
        if let label = c.label { out.field(",\"label\":", label) }
        if let origin = c.origin { out.field(",\"origin\":", "\(origin.file):\(origin.line)") }
        out.field(",\"priority\":", c.priority.rawValue)
        out.field(",\"relation\":", c.relation.rawValue)
        out.field(",\"source\":", c.source)
        out.field(",\"text\":", ScriptWriter.text(of: c))
        out.add("}")
    }
}

/// `layoutdb frames` as a table: the last column marks a view's kind (where not a plain
/// view), a stale frame (`*`) and an ambiguous one.
func framesTable(_ rows: [FrameRow]) -> String {
    table(
        ["view", "x", "y", "width", "height", ""],
        rows.map { r in
            [
                r.view, formatNumber(r.frame.x), formatNumber(r.frame.y),
                formatNumber(r.frame.width), formatNumber(r.frame.height),
                [
                    r.kind == .view ? "" : r.kind.rawValue, r.stale ? "*" : "",
                    r.ambiguous ? "ambiguous" : "",
                ]
                .filter { !$0.isEmpty }.joined(separator: " "),
            ]
        })
}

/// A plan (`apply --dry-run --json`): one object per step, as its line says it.
func planJSON(_ plan: ApplyPlan) -> String {
    JSONBytes.array(plan.steps, reservingEach: 120) { out, step in
        out.field("{\"action\":", step.action.rawValue)
        out.field(",\"layout\":", step.layout)
        if let note = step.note { out.field(",\"note\":", note) }
        out.field(",\"what\":", step.what)
        out.add("}")
    }
}

/// JSON text as bytes: 50,000 changes are 400,000 numbers, and appending each piece to
/// a `String` cost a 100k-view edit more than its solve. The bytes are its own buffer:
/// an array's append checks uniqueness and capacity and calls `memcpy` for each piece,
/// 90 instructions for a `,"x":`.
private struct JSONBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(reserving bytes: Int = 256) {
        capacity = max(bytes, 64)
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, as text.
    var text: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// `[`, each item as `write` puts it, `,` between, `]`, as text.
    static func array<T>(
        _ items: [T], reservingEach bytesEach: Int, _ write: (inout JSONBytes, T) -> Void
    ) -> String {
        var out = JSONBytes(reserving: 2 + items.count * bytesEach)
        out.add("[")
        for (i, item) in items.enumerated() {
            if i > 0 { out.add(",") }
            write(&out, item)
        }
        out.add("]")
        return out.text
    }

    /// Room for `n` more bytes.
    private mutating func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        let grown = max(2 * capacity, count + n)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        (base + count).initialize(to: byte)
        count += 1
    }

    @inline(__always)
    mutating func add(_ text: StaticString) {
        // Every literal here is text, so its bytes are where it points; the closure of
        // `withUTF8Buffer` cost a change's fourteen pieces 60 instructions each.
        guard text.hasPointerRepresentation else { return text.withUTF8Buffer { append($0) } }
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func integer(_ i: Int64) {
        reserve(20)
        digits(of: i.magnitude, negative: i < 0)
    }

    /// A number as `exactNumber` writes it, `null` where JSON has none. The whole numbers
    /// and short decimals it writes as digits (a layout's frames: `36`, `43.84`) are
    /// written here: through its closure and scratch buffer, the eight numbers of a change
    /// cost more than the rest of it.
    mutating func number(_ d: Double) {
        guard d.isFinite else {
            add("null")
            return
        }
        // Room for either text below: a sign and 15 digits, or a sign, 9 digits, a point
        // and 4 places.
        reserve(16)
        if let whole = plainWholeNumber(d) {
            digits(of: whole.magnitude, negative: whole < 0)
        } else if let (whole, fraction, places) = shortDecimal(d) {
            digits(of: whole, negative: d < 0)
            (base + count).initialize(to: UInt8(ascii: "."))
            count += 1
            digits(of: fraction, width: places)
        } else {
            withExactNumber(d) { append($0) }
        }
    }

    /// `n`'s decimal digits, at least `width` of them (zeros first), after a `-` where
    /// `negative`, written in place: the caller has reserved the room. The twin of
    /// LayoutSolver's `writeDigits`, kept here: calling that one (across the module, not
    /// inlined) cost the JSON of grid-10000's `set-constant` 2.2M instructions more.
    private mutating func digits(of n: UInt64, negative: Bool = false, width: Int = 1) {
        var length = 1
        var limit: UInt64 = 10
        while length < 20 && n >= limit {
            length += 1
            limit &*= 10
        }
        let start = base + count
        if negative { start.initialize(to: UInt8(ascii: "-")) }
        let first = negative ? start + 1 : start
        var next = first + max(length, width)
        var v = n
        repeat {
            next -= 1
            next.initialize(to: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10))
            v /= 10
        } while next > first
        count += (negative ? 1 : 0) + max(length, width)
    }

    mutating func string(_ s: String) {
        append(UInt8(ascii: "\""))
        // A name with nothing to escape (every name layoutdb makes) goes in as its bytes,
        // checked and copied from the string's own storage.
        var text = s
        let plain = text.withUTF8 { utf8 in
            for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                return false
            }
            append(utf8)
            return true
        }
        if !plain {
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": add("\\\"")
                case "\\": add("\\\\")
                case "\n": add("\\n")
                case "\r": add("\\r")
                case "\t": add("\\t")
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    add("\\u")
                    for _ in hex.count..<4 { append(UInt8(ascii: "0")) }
                    for digit in hex.utf8 { append(digit) }
                default: UTF8.encode(scalar) { append($0) }
                }
            }
        }
        append(UInt8(ascii: "\""))
    }

    /// Any value ``jsonString(_:)`` takes; anything else is `null`.
    mutating func value(_ value: Any) {
        switch value {
        case let s as String: string(s)
        case let b as Bool: bool(b)
        case let i as Int: integer(Int64(i))
        case let i as Int64: integer(i)
        case let d as Double: number(d)
        case let a as [Any]:
            add("[")
            for (i, element) in a.enumerated() {
                if i > 0 { add(",") }
                self.value(element)
            }
            add("]")
        case let o as [String: Any]:
            add("{")
            for (i, key) in o.keys.sorted().enumerated() {
                if i > 0 { add(",") }
                string(key)
                add(":")
                // The key was read from the dictionary.
                self.value(o[key]!)
            }
            add("}")
        default: add("null")
        }
    }

    mutating func bool(_ b: Bool) {
        b ? add("true") : add("false")
    }

    mutating func rect(_ r: Rect) {
        field("{\"height\":", r.height)
        field(",\"width\":", r.width)
        field(",\"x\":", r.x)
        field(",\"y\":", r.y)
        add("}")
    }

    /// `prefix` (punctuation and a key), then the value.
    mutating func field(_ prefix: StaticString, _ value: Double) {
        add(prefix)
        number(value)
    }

    mutating func field(_ prefix: StaticString, _ value: String) {
        add(prefix)
        string(value)
    }

    mutating func field(_ prefix: StaticString, _ value: Bool) {
        add(prefix)
        bool(value)
    }
}

func rectJSON(_ r: Rect) -> [String: Double] {
    ["x": r.x, "y": r.y, "width": r.width, "height": r.height]
}

/// `main/base header: height 70 → 44, y 8 → 8` (only what changed).
func describe(_ c: FrameChange) -> String {
    let place = c.variant == baseVariantName ? c.layout : "\(c.layout)/\(c.variant)"
    guard let old = c.old else {
        return "\(place) \(c.view): new \(formatRect(c.new))"
    }
    return "\(place) \(c.view): " + describeFields(old, c.new)
}

/// `height 70 → 44, y 8 → 8`: the fields that differ, old → new.
func describeFields(_ old: Rect, _ new: Rect) -> String {
    let fields = [
        ("x", old.x, new.x), ("y", old.y, new.y), ("width", old.width, new.width),
        ("height", old.height, new.height),
    ]
    let parts = fields.filter { abs($0.1 - $0.2) >= 1e-6 }.map {
        "\($0.0) \(formatNumber($0.1)) → \(formatNumber($0.2))"
    }
    return parts.joined(separator: ", ")
}

/// Writes a file the user named with -o; `-` is standard output.
///
/// A file is replaced whole: written beside itself under a name of its own, flushed, then
/// renamed over the old one, so a write that fails (a full disk, a size limit) leaves the
/// old file as it was, where writing in place had left half a script. Through a link, the
/// file the link names is replaced. Only where a rename is what writing the file would
/// do: a file this user may not write is refused (a rename would have replaced it all
/// the same), and one with another name (a hard link) or another owner is written in
/// place, as a shell's `>` writes it, once the whole text was written beside it (so a full
/// disk is met before the file is touched); in a folder this user may not write, in place
/// straight away; so is what is not a regular file (`-o /dev/stdout`, a pipe).
func writeOutput(_ text: String, to path: String) throws {
    if path == "-" {
        // Straight to the descriptor, after what was printed before: a write that fails
        // says why (a full disk), where the stream only keeps that one failed.
        try flushStandardOutput()
        try write(text, to: STDOUT_FILENO, path: "standard output")
        return
    }
    var info = stat()
    let exists = stat(path, &info) == 0
    if exists {
        guard access(path, W_OK) == 0 else {
            // The file, not its folder, is what may not be written.
            throw OutputFileError(
                path: path,
                reason: errnoText()
                    + " (this user may not write the file; give -o another path)")
        }
        if info.st_mode & S_IFMT != S_IFREG { return try writeInPlace(text, to: path) }
    }
    // Written in place, after the whole text was written beside it (a full disk or a size
    // limit is met there, with the file as it was): a file of other names or another owner.
    let inPlace = exists && (info.st_nlink > 1 || info.st_uid != geteuid())
    // Through a link, the file it names; through a link to a file not there yet, that
    // file, made as a shell's `>` makes it (a rename over the link dropped the link).
    let target = exists ? resolved(path) ?? path : linkDestination(of: path) ?? path
    // A name no other file has: one a killed export left (its process's number, since
    // taken by this one) is passed over.
    var temporary = target + ".layoutdb-new-\(getpid())"
    var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    for attempt in 1..<100 where fd < 0 && errno == EEXIST {
        temporary = target + ".layoutdb-new-\(getpid())-\(attempt)"
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    }
    guard fd >= 0 else {
        if exists { return try writeInPlace(text, to: path) }
        throw OutputFileError(path: path)
    }
    do {
        // A file replaced keeps its permissions.
        if exists { fchmod(fd, info.st_mode & 0o7777) }
        try write(text, to: fd, path: path)
        guard fsync(fd) == 0 else { throw OutputFileError(path: path) }
    } catch {
        close(fd)
        unlink(temporary)
        throw error
    }
    close(fd)
    if inPlace {
        unlink(temporary)
        return try writeInPlace(text, to: path)
    }
    guard rename(temporary, target) == 0 else {
        let code = errno
        unlink(temporary)
        // A folder that refuses the rename (sticky, another's file) may let it be written.
        if exists { return try writeInPlace(text, to: path) }
        throw OutputFileError(path: path, code: code)
    }
}

/// Writes `text` over the file at `path`, in place.
private func writeInPlace(_ text: String, to path: String) throws {
    let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard fd >= 0 else { throw OutputFileError(path: path) }
    defer { close(fd) }
    try write(text, to: fd, path: path)
}

/// Where the link at `path` points (from the link's folder where it is relative); nil
/// where `path` is not a link.
private func linkDestination(of path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, Int(PATH_MAX))
    guard count > 0 else { return nil }
    let destination = String(
        decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard !destination.hasPrefix("/"), let slash = path.lastIndex(of: "/") else {
        return destination
    }
    return String(path[...slash]) + destination
}

/// `path` with every link followed (realpath(3)); nil when it cannot be.
private func resolved(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
}

/// Writes all of `text` to `fd`.
private func write(_ text: String, to fd: Int32, path: String) throws {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            throw OutputFileError(path: path)
        }
        bytes = bytes.dropFirst(written)
    }
}

struct OutputFileError: LayoutDBError {
    var path: String
    /// The `errno` of the failure, when one is known.
    var code: Int32?

    /// What failed, where no `errno` says it (a program that wrote the file).
    var reason: String?
    /// Whether the command had done its work when the write failed (standard output
    /// flushed at the end): an edit was saved, only what it printed was lost.
    var afterWork = false

    /// The failure `errno` describes now, at `path`.
    init(path: String, code: Int32? = errno) {
        self.path = path
        self.code = code
    }

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    var errorKind: ErrorKind { .io }
    var description: String {
        message
            + (afterWork
                ? "; the command itself finished (an edit is saved), only its output was lost"
                : "")
    }

    private var message: String {
        if let reason { return "cannot write \(path): \(reason)" }
        guard let code else { return "cannot write \(path): a write failed" }
        let reason = String(cString: strerror(code))
        switch code {
        case ENOSPC, EDQUOT, EFBIG:
            return "cannot write \(path): \(reason) (free some space, or write it elsewhere)"
        case ENOENT, ENOTDIR, EACCES, EPERM, EROFS:
            return "cannot write \(path): \(reason) (check that its folder exists and is writable)"
        default:
            return "cannot write \(path): \(reason)"
        }
    }
}

/// The C library's text for the current `errno` (`No such file or directory`).
func errnoText() -> String { String(cString: strerror(errno)) }

func formatRect(_ r: Rect) -> String {
    "x \(formatNumber(r.x)), y \(formatNumber(r.y)), width \(formatNumber(r.width)), height \(formatNumber(r.height))"
}

/// Reads a script file, or standard input for "-".
///
/// A file must be a regular file or a pipe (`apply <(gen)`): a directory or a device
/// (`/dev/zero` never ends) is refused before anything is read.
/// Whether `path` is a pipe, a character device or a socket (what ``readInput(_:)`` reads
/// once, as standard input); false for a regular file and for what cannot be examined.
func isStream(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    let type = info.st_mode & S_IFMT
    return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
}

/// Whether `path` is a folder (a link to one too).
func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
}

func readInput(_ path: String) throws -> String {
    let fd: Int32
    if path == "-" {
        fd = STDIN_FILENO
    } else {
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputFileError(path: path, problem: .cannotRead(errnoText())) }
    }
    defer { if fd != STDIN_FILENO { close(fd) } }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
        throw InputFileError(path: path, problem: .cannotRead(errnoText()))
    }
    let type = info.st_mode & S_IFMT
    if path != "-", type != S_IFREG, type != S_IFIFO {
        throw InputFileError(path: path, problem: .notRegular(isDirectory: type == S_IFDIR))
    }
    var data: [UInt8] = []
    if type == S_IFREG { data.reserveCapacity(Int(info.st_size)) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw InputFileError(path: path, problem: .cannotRead(errnoText()))
        }
        if count == 0 { break }
        data += buffer[..<count]
    }
    guard let text = String(validating: data, as: UTF8.self) else {
        throw InputFileError(path: path, problem: .notUTF8(at: firstInvalidUTF8(data)))
    }
    return text
}

/// Where the first byte of `data` that UTF-8 cannot read is: its line and column (both
/// from 1, the column in bytes) and its value.
func firstInvalidUTF8(_ data: [UInt8]) -> (line: Int, column: Int, byte: UInt8)? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = data.makeIterator()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .emptyInput: return nil
        case .error:
            let before = data[..<offset]
            let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            return (line, offset - lineStart + 1, data[offset])
        }
    }
}

struct InputFileError: LayoutDBError {
    enum Problem {
        case cannotRead(String)
        case notRegular(isDirectory: Bool)
        /// At the line, column and value of the first byte that is not UTF-8.
        case notUTF8(at: (line: Int, column: Int, byte: UInt8)?)
    }
    var path: String
    var problem: Problem
    var errorKind: ErrorKind {
        if case .notUTF8 = problem { return .badInput }
        return .cannotOpen
    }
    var description: String {
        let name = path == "-" ? "standard input" : path
        switch problem {
        case .cannotRead(let reason): return "cannot read \(name): \(reason)"
        case .notRegular(let isDirectory):
            return "cannot read \(name): not a regular file"
                + (isDirectory ? " (a directory)" : "")
                + "; give a .layout file, or - for standard input"
        case .notUTF8(let at):
            let place = at.map { ":\($0.line):\($0.column)" } ?? ""
            let byte =
                at.map { " (byte 0x" + String($0.byte, radix: 16, uppercase: true) + ")" } ?? ""
            return "\(name)\(place): not UTF-8 text\(byte); save the file as UTF-8"
        }
    }
}
