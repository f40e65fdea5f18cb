import FoundationEssentials
import LayoutSQLite
import LayoutScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line of an applied script as written, with the layout it belongs to.
package struct ScriptLineRow: Hashable, Sendable {
    package var layoutID: Int64
    package var file: String
    package var line: Int
    package var text: String
}

/// The applied scripts' source (migrations 0009 and 0012): each line as written, per layout,
/// kept in runs of consecutive lines (a row each).
extension ProjectStore {
    /// A script's lines as the parser counts them, over its UTF-8 bytes: after a byte order
    /// mark, cut at "\n", one "\r" before it dropped, no empty line after a final line
    /// break. Each line is a range of the bytes, so that nothing per line is allocated (a
    /// 100k-view script has about 470k lines).
    struct SourceLineCursor {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the next line starts.
        private var position: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// The next line's bytes, without its line break; nil after the last line.
        mutating func next() -> Range<Int>? {
            guard position < bytes.count else { return nil }
            let end = Self.lineEnd(in: bytes, from: position)
            var contentEnd = end
            if contentEnd > position && bytes[contentEnd - 1] == UInt8(ascii: "\r") {
                contentEnd -= 1
            }
            if end == bytes.count && contentEnd == position { return nil }
            defer { position = end + 1 }
            return position..<contentEnd
        }

        /// Where the first "\n" at or after `from` is in `bytes`, else `bytes.count`.
        static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
            guard let base = bytes.baseAddress, from < bytes.count,
                let found = memchr(base + from, Int32(UInt8(ascii: "\n")), bytes.count - from)
            else { return bytes.count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// A row of `script_lines` (migration 0012): a run of consecutive lines of one file in
    /// one layout, `line` the first one's number, `text` the lines joined with "\n".
    struct ScriptLineRun {
        var layoutID: Int64
        var seq: Int64
        var file: String
        var line: Int
        var text: String

        /// Its lines, cut at "\n" alone: a kept line may end in "\r" (the script's did
        /// before its "\r\n"), and a `String` takes "\r\n" for one character.
        var lines: [String] {
            text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
        }

        var lineCount: Int { text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }

        var rows: [ScriptLineRow] {
            lines.enumerated().map {
                ScriptLineRow(
                    layoutID: layoutID, file: file, line: line + $0.offset, text: $0.element)
            }
        }
    }

    /// The runs of a file in line order (then layout and `seq`: a file held twice).
    private static let runsOfFile = """
        SELECT layout_id, seq, file, line, text FROM script_lines WHERE file = ?
        ORDER BY line, layout_id, seq
        """
    /// The runs of a layout in order.
    private static let runsOfLayout = """
        SELECT layout_id, seq, file, line, text FROM script_lines WHERE layout_id = ?
        ORDER BY seq
        """

    /// The runs `sql` (``runsOfFile`` or ``runsOfLayout``) selects.
    private func runs(_ sql: String, _ values: [(any SQLBindable)?]) throws -> [ScriptLineRun] {
        try database.cachedStatement(sql).rows(values) {
            ScriptLineRun(
                layoutID: $0.int64(0), seq: $0.int64(1), file: $0.string(2), line: $0.int(3),
                text: $0.string(4))
        }
    }

    /// The lines of `file` the project holds, in line order, whatever layout they are in.
    /// A file applied more than once without reconciling holds a line more than once: its
    /// copies follow one another, in the order of their layouts and runs.
    package func scriptLines(file: String) throws -> [ScriptLineRow] {
        Self.lines(ofFileRuns: try runs(Self.runsOfFile, [file]))
    }

    /// The lines of a file's runs (``runsOfFile`` order) in line order.
    private static func lines(ofFileRuns held: [ScriptLineRun]) -> [ScriptLineRow] {
        var keyed: [(row: ScriptLineRow, seq: Int64)] = []
        var sorted = true
        for run in held {
            for row in run.rows {
                if let last = keyed.last?.row, last.line >= row.line { sorted = false }
                keyed.append((row, run.seq))
            }
        }
        // Runs that overlap (the same lines held twice) interleave their lines by number.
        if !sorted {
            keyed.sort { a, b in
                (a.row.line, a.row.layoutID, a.seq) < (b.row.line, b.row.layoutID, b.seq)
            }
        }
        return keyed.map(\.row)
    }

    /// How the lines the project holds of a file compare with a new text of it.
    package struct HeldLines {
        /// One held line whose text is not the new text's line at the same place.
        package struct Change {
            /// The line's place among the file's held lines in line order (0-based).
            package var index: Int
            package var layoutID: Int64
            package var old: String
            package var new: String
        }

        /// Whether the project holds any line of the file.
        package var isHeld = false
        /// Whether the held lines are the new text's lines: as many, each equal to the line
        /// at its place (as `String`s compare).
        package var isUnchanged = false
        /// Whether the held lines are as many as the new lines, held line k being line k + 1
        /// of the file, and `changes` lists every line that differs (at most the `limit`
        /// asked for).
        package var changesAreComplete = false
        /// The layout of the first held line.
        package var firstLayoutID: Int64?
        package var changes: [Change] = []
    }

    /// Compares the lines the project holds of `file` with the lines of `text`, in one pass
    /// over the runs' bytes in place, without a `String` per line (a 100k-view script has
    /// about 470k lines and re-applying it unchanged should cost little more than reading
    /// them): only lines that differ are made into `String`s, and the pass stops after
    /// `limit` + 1 of them.
    package func heldLines(file: String, comparedWith text: String, limit: Int) throws
        -> HeldLines
    {
        var text = text
        return try text.withUTF8 { all throws -> HeldLines in
            var comparison = LineComparison(all: all, limit: limit)
            if try compareInLayoutOrder(file: file, &comparison) { return comparison.result() }
            // The file's runs in more than one layout, or out of line order in one: by line.
            comparison = LineComparison(all: all, limit: limit)
            let statement = try database.cachedStatement(
                "SELECT layout_id, line, text FROM script_lines WHERE file = ? ORDER BY line, layout_id, seq"
            )
            try statement.bind([file])
            defer { statement.reset() }
            while try statement.step() {
                let more = statement.withText(2) {
                    comparison.add(
                        layoutID: statement.int64(0), firstLine: statement.int(1), run: $0)
                }
                guard more else { break }
            }
            return comparison.result()
        }
    }

    /// The usual case, read in the table's own order: the file's runs all in one layout,
    /// where their `seq` order is their line order. A range of the primary key is read in
    /// order. False (and `comparison` half fed) when the runs are not so.
    private func compareInLayoutOrder(file: String, _ comparison: inout LineComparison) throws
        -> Bool
    {
        let layoutIDs = try database.cachedStatement("SELECT id FROM layouts ORDER BY id")
            .rows { $0.int64(0) }
        let statement = try database.cachedStatement(
            "SELECT line, text FROM script_lines WHERE layout_id = ? AND file = ? ORDER BY seq")
        defer { statement.reset() }
        var holder: Int64?
        var lastLine = Int.min
        for id in layoutIDs {
            try statement.bind([id, file])
            while try statement.step() {
                let line = statement.int(0)
                guard holder == nil || holder == id, line > lastLine else { return false }
                holder = id
                // Stopped early: what is left cannot change the answer.
                let more = statement.withText(1) {
                    comparison.add(layoutID: id, firstLine: line, run: $0)
                }
                guard more else { return true }
                lastLine = comparison.lastLine
            }
            statement.reset()
        }
        return true
    }

    /// The runs of a file, fed in line order, against the lines of a new text.
    private struct LineComparison {
        let all: UnsafeBufferPointer<UInt8>
        let limit: Int
        var held = HeldLines()
        /// The new text's lines not compared yet.
        var lines: SourceLineCursor
        var index = 0
        var numbered = true
        /// More held lines than lines, or more changes than `limit`.
        var overflow = false
        /// The number of the last held line fed.
        var lastLine = Int.min

        init(all: UnsafeBufferPointer<UInt8>, limit: Int) {
            self.all = all
            self.limit = limit
            lines = SourceLineCursor(all)
        }

        /// Compares each line of a run (its bytes, lines joined with "\n", numbered from
        /// `firstLine`); false once the answer is known.
        mutating func add(layoutID: Int64, firstLine: Int, run: UnsafeBufferPointer<UInt8>)
            -> Bool
        {
            var lineStart = 0
            var number = firstLine
            while true {
                let end = SourceLineCursor.lineEnd(in: run, from: lineStart)
                let old = UnsafeBufferPointer(rebasing: run[lineStart..<end])
                guard add(layoutID: layoutID, line: number, old: old) else { return false }
                lastLine = number
                if end >= run.count { return true }
                lineStart = end + 1
                number += 1
            }
        }

        /// Compares one held line; false once the answer is known.
        private mutating func add(
            layoutID: Int64, line number: Int, old: UnsafeBufferPointer<UInt8>
        )
            -> Bool
        {
            held.isHeld = true
            if index == 0 { held.firstLayoutID = layoutID }
            if number != index + 1 { numbered = false }
            guard let line = lines.next() else {
                overflow = true
                return false
            }
            let new = UnsafeBufferPointer(rebasing: all[line])
            let same =
                Self.sameBytes(old, new)
                // Bytes differ: still the same line when canonically equivalent.
                || String(decoding: old, as: UTF8.self) == String(decoding: new, as: UTF8.self)
            if !same {
                if held.changes.count == limit {
                    overflow = true
                    return false
                }
                held.changes.append(
                    HeldLines.Change(
                        index: index, layoutID: layoutID, old: String(decoding: old, as: UTF8.self),
                        new: String(decoding: new, as: UTF8.self)))
            }
            index += 1
            return true
        }

        static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
            -> Bool
        {
            guard a.count == b.count else { return false }
            guard let x = a.baseAddress, let y = b.baseAddress else { return true }  // both empty
            return memcmp(x, y, a.count) == 0
        }

        mutating func result() -> HeldLines {
            let allLinesRead = !overflow && lines.next() == nil
            held.isUnchanged = held.isHeld && allLinesRead && held.changes.isEmpty
            held.changesAreComplete = held.isHeld && allLinesRead && numbered
            return held
        }
    }

    /// Where a new text of a file differs from the lines the project holds of it: stretches
    /// ("hunks") of held lines that became other lines, with equal lines between them.
    package struct HeldHunks {
        /// One stretch: the `old` held lines, from line `oldStart + 1`, became the `new`
        /// lines of the text, from line `newStart + 1`.
        package struct Hunk {
            package var oldStart: Int
            package var newStart: Int
            package var old: [String]
            package var new: [String]
            /// Where the new lines are in the new text's UTF-8 bytes (empty where none are:
            /// then where the line after them starts).
            package var newBytes: Range<Int>
        }

        /// The one layout every held line of the file is in.
        package var layoutID: Int64
        /// In order; none where the text is the held lines.
        package var hunks: [Hunk]
    }

    /// The stretches in which `text` differs from the held lines of `file` (the shortest
    /// edit, ``LineDiff``); nil unless the project holds the file once, in one layout, its
    /// line `k` as line `k`, and the stretches hold at most `limit` lines on each side, in
    /// at most `limit / 4` stretches. Lines compare as bytes; the held ones are read in
    /// place, as ``heldLines(file:comparedWith:limit:)`` reads them.
    package func heldHunks(file: String, comparedWith text: String, limit: Int) throws
        -> HeldHunks?
    {
        // The held lines' bytes, runs joined with "\n", each line's place in them, and the
        // one layout they are in. Held lines are cut at "\n" alone (a kept line keeps the
        // "\r" of "\r\r\n"), as each run is read.
        var old: [UInt8] = []
        var oldLines: [Range<Int>] = []
        var layoutID: Int64?
        let statement = try database.cachedStatement(
            "SELECT layout_id, line, text FROM script_lines WHERE file = ? ORDER BY line, layout_id, seq"
        )
        try statement.bind([file])
        defer { statement.reset() }
        while try statement.step() {
            let id = statement.int64(0)
            guard layoutID == nil || layoutID == id, statement.int(1) == oldLines.count + 1
            else { return nil }
            layoutID = id
            if !oldLines.isEmpty { old.append(UInt8(ascii: "\n")) }
            let base = old.count
            statement.withText(2) { run in
                old.append(contentsOf: run)
                var start = 0
                while true {
                    let end = SourceLineCursor.lineEnd(in: run, from: start)
                    oldLines.append((base + start)..<(base + end))
                    guard end < run.count else { return }
                    start = end + 1
                }
            }
        }
        guard let layoutID else { return nil }
        var text = text
        return old.withUnsafeBufferPointer { old in
            text.withUTF8 { new -> HeldHunks? in
                // New lines are cut as the parser cuts them.
                var newLines: [Range<Int>] = []
                var cursor = SourceLineCursor(new)
                while let line = cursor.next() { newLines.append(line) }
                func same(_ i: Int, _ j: Int) -> Bool {
                    LineComparison.sameBytes(
                        UnsafeBufferPointer(rebasing: old[oldLines[i]]),
                        UnsafeBufferPointer(rebasing: new[newLines[j]]))
                }
                // The equal lines at both ends first: the diff then walks only the middle.
                var prefix = 0
                while prefix < oldLines.count, prefix < newLines.count, same(prefix, prefix) {
                    prefix += 1
                }
                var suffix = 0
                while suffix < oldLines.count - prefix, suffix < newLines.count - prefix,
                    same(oldLines.count - 1 - suffix, newLines.count - 1 - suffix)
                {
                    suffix += 1
                }
                guard
                    let diff = LineDiff.hunks(
                        oldCount: oldLines.count - prefix - suffix,
                        newCount: newLines.count - prefix - suffix, maxEdits: 2 * limit,
                        equal: { same(prefix + $0, prefix + $1) }),
                    diff.count <= limit / 4,
                    diff.reduce(0, { $0 + $1.old.count }) <= limit,
                    diff.reduce(0, { $0 + $1.new.count }) <= limit
                else { return nil }
                return HeldHunks(
                    layoutID: layoutID,
                    hunks: diff.map { d in
                        let (o, n) = (d.old.lowerBound + prefix, d.new.lowerBound + prefix)
                        let at = n < newLines.count ? newLines[n].lowerBound : new.count
                        return HeldHunks.Hunk(
                            oldStart: o, newStart: n,
                            old: (o..<(o + d.old.count)).map {
                                String(decoding: old[oldLines[$0]], as: UTF8.self)
                            },
                            new: (n..<(n + d.new.count)).map {
                                String(decoding: new[newLines[$0]], as: UTF8.self)
                            },
                            newBytes: d.new.isEmpty
                                ? at..<at : at..<newLines[n + d.new.count - 1].upperBound)
                    })
            }
        }
    }

    /// A layout's lines in order (every file applied to it, in the order applied).
    package func scriptLines(layoutID: Int64) throws -> [ScriptLineRow] {
        try runs(Self.runsOfLayout, [layoutID]).flatMap(\.rows)
    }

    /// Where each layout's kept lines start, by layout id: the number of the first line
    /// of its first run in `seq` order (a layout without kept lines is absent). `export`
    /// writes the layouts in this order, so the sections of a script come back in its
    /// order.
    package func firstScriptLines() throws -> [Int64: Int] {
        var first: [Int64: Int] = [:]
        for (id, line) in try database.cachedStatement(
            """
            SELECT layout_id, line FROM script_lines s
            WHERE seq = (SELECT min(seq) FROM script_lines WHERE layout_id = s.layout_id)
            """
        ).rows([], { ($0.int64(0), $0.int(1)) }) {
            first[id] = line
        }
        return first
    }

    /// The text of `file` as last applied, rebuilt from its lines.
    package func scriptText(file: String) throws -> String? {
        try heldScript(file: file)?.text
    }

    /// What the project holds of a file, read from its runs at once: what a re-apply and
    /// `export` read the held script back with.
    package struct HeldScript {
        /// The text as last applied, its lines in line order.
        package var text: String
        /// Whether each line is held once. A file applied more than once without
        /// reconciling (standard input, the Swift API's additive apply) holds some twice,
        /// and its text has the copies of a line one after the other.
        package var heldOnce: Bool
        /// The layout of its first line: the one its statements start in.
        package var startLayout: String?
    }

    /// What the project holds of `file`; nil when it holds none of it.
    package func heldScript(file: String) throws -> HeldScript? {
        let held = try runs(Self.runsOfFile, [file])
        guard let first = held.first else { return nil }
        // Runs in line order: a line held twice is a run starting before the last ended.
        var next = Int.min
        var heldOnce = true
        for run in held {
            guard run.line >= next else {
                heldOnce = false
                break
            }
            next = run.line + run.lineCount
        }
        var text = ""
        if heldOnce {
            // Each line at its number: lines held no more (a layout deleted with plain SQL
            // took its runs) read as blank ones, so that what the rows say of a line
            // (`origin_line`, a run's `line`) is that line of the text.
            var line = 1
            for run in held {
                if run.line > line { text += String(repeating: "\n", count: run.line - line) }
                text += run.text + "\n"
                line = run.line + run.lineCount
            }
        } else {
            text = Self.lines(ofFileRuns: held).map(\.text).joined(separator: "\n") + "\n"
        }
        let startLayout = try database.cachedStatement("SELECT name FROM layouts WHERE id = ?")
            .rows([first.layoutID]) { $0.string(0) }.first
        return HeldScript(text: text, heldOnce: heldOnce, startLayout: startLayout)
    }

    /// A run of lines to store: consecutive lines of one file in one layout, `line` the
    /// first one's number, `text` the lines joined with "\n".
    struct NewRun {
        /// A run's size past which the next line starts another. One row per layout and
        /// file would do for reading; a bound keeps the rewrite of a run for a one-line
        /// re-apply (`replaceScriptLine`) and the copies SQLite makes of a bound text small
        /// for a 1M-view script (about 100 MB of source).
        static let maxBytes = 1 << 16

        var layoutID: Int64
        var line: Int
        var text: String
    }

    /// Cuts `text` into the runs `script_lines` keeps, in line order: a run ends where the
    /// layout changes, at a line that is not kept (`layoutOf` gives a line's layout, nil
    /// for one not kept), and after the line that takes it to ``NewRun/maxBytes``. A run's
    /// lines are consecutive in the text, so its text is one slice of it (without the
    /// "\r" before each "\n" where lines end so): no `String` or array per line.
    static func cutRuns(
        of all: UnsafeBufferPointer<UInt8>, layoutOf: (_ line: Int) throws -> Int64?,
        _ body: (NewRun) throws -> Void
    ) throws {
        // The run being gathered: its layout, first line, bytes in `all`, whether a
        // "\r" was dropped inside it, and its length as stored.
        var run: (id: Int64, line: Int, bytes: Range<Int>, crs: Bool, length: Int)?
        func close() throws {
            guard let r = run else { return }
            run = nil
            let slice = UnsafeBufferPointer(rebasing: all[r.bytes])
            try body(
                NewRun(
                    layoutID: r.id, line: r.line,
                    text: r.crs
                        ? String(decoding: droppingCarriageReturns(slice), as: UTF8.self)
                        : String(decoding: slice, as: UTF8.self)))
        }
        var lines = SourceLineCursor(all)
        var number = 0
        while let line = lines.next() {
            number += 1
            guard let id = try layoutOf(number) else {
                try close()
                continue
            }
            if let r = run, r.id != id || r.length >= NewRun.maxBytes { try close() }
            if var r = run {
                // More than the "\n" between the two lines: a "\r" before it.
                r.crs = r.crs || r.bytes.upperBound + 1 < line.lowerBound
                r.bytes = r.bytes.lowerBound..<line.upperBound
                r.length += 1 + line.count
                run = r
            } else {
                run = (id, number, line, false, line.count)
            }
        }
        try close()
    }

    /// A run's bytes from the text with the "\r" before each "\n" dropped, as each of its
    /// lines was kept.
    private static func droppingCarriageReturns(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\r"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") {
                continue
            }
            out.append(byte)
        }
        return out
    }

    /// Stores `text`'s lines as the source of `file`, in runs (``cutRuns(of:layoutOf:_:)``).
    /// `replacing` (a re-apply): they take the place of what the project held of the file,
    /// a layout keeping its other files' runs; else they go after a layout's runs (two
    /// scripts from standard input both keep theirs). A line whose layout no statement
    /// made is not stored.
    func saveScriptLines(
        text: String, file: String, owners lineOwners: LineOwners, replacing: Bool
    ) throws {
        var text = text
        try text.withUTF8 {
            try saveScriptLines(utf8: $0, file: file, owners: lineOwners, replacing: replacing)
        }
    }

    /// ``saveScriptLines(text:file:owners:replacing:)`` for a text as its UTF-8 bytes.
    func saveScriptLines(
        utf8 text: UnsafeBufferPointer<UInt8>, file: String, owners lineOwners: LineOwners,
        replacing: Bool
    ) throws {
        try writeLocation(of: file)
        let insert = try database.cachedStatement(
            "INSERT INTO script_lines (layout_id, seq, file, line, text) VALUES (?, ?, ?, ?, ?)")
        var lineCount = 0
        var lines = SourceLineCursor(text)
        while lines.next() != nil { lineCount += 1 }
        let owners = lineOwners.owners(lineCount: lineCount)
        let names = lineOwners.names
        // Each layout's id looked up once, when a line of it is first cut.
        var ids = [Int64??](repeating: nil, count: names.count)
        func layoutOf(_ line: Int) throws -> Int64? {
            let owner = Int(owners[line - 1])
            if ids[owner] == nil { ids[owner] = .some(try existingLayoutID(names[owner])) }
            return ids[owner] ?? nil
        }
        guard replacing else {
            // After the layout's runs, those it holds staying as they are, each run written
            // as it is cut (a first apply's peak memory).
            var nextSeq: [Int64: Int64] = [:]
            try Self.cutRuns(of: text, layoutOf: layoutOf) { run in
                var seq: Int64
                if let next = nextSeq[run.layoutID] {
                    seq = next
                } else {
                    seq =
                        try database.int64(
                            "SELECT max(seq) + 1 FROM script_lines WHERE layout_id = ?",
                            [run.layoutID]) ?? 0
                }
                try insert.run([run.layoutID, seq, file, run.line, run.text])
                nextSeq[run.layoutID] = seq + 1
            }
            return
        }
        var newRuns: [Int64: [NewRun]] = [:]
        try Self.cutRuns(of: text, layoutOf: layoutOf) {
            newRuns[$0.layoutID, default: []].append($0)
        }
        let affected =
            Set(newRuns.keys).union(
                try database.cachedStatement(
                    "SELECT DISTINCT layout_id FROM script_lines WHERE file = ?"
                ).rows([file]) { $0.int64(0) })
        for layoutID in affected.sorted() {
            // The layout's runs in order, the file's new ones where its old ones began.
            var rows: [(file: String, line: Int, text: String)] = []
            let new = (newRuns[layoutID] ?? []).map { (file, $0.line, $0.text) }
            var placed = false
            for run in try runs(Self.runsOfLayout, [layoutID]) {
                if run.file == file {
                    if !placed { rows += new }
                    placed = true
                } else {
                    rows.append((run.file, run.line, run.text))
                }
            }
            if !placed { rows += new }
            try database.execute("DELETE FROM script_lines WHERE layout_id = ?", [layoutID])
            for (seq, row) in rows.enumerated() {
                try insert.run([layoutID, seq, row.file, row.line, row.text])
            }
        }
    }

    /// Line `line` of `file` takes `text` (one line, no line break) in place: the run that
    /// holds it is rewritten (a run is at most about ``NewRun/maxBytes``). For a file
    /// held once, as the one-line re-apply requires (`Project+LineReapply.swift`).
    func replaceScriptLine(file: String, line: Int, text: String) throws {
        try writeLocation(of: file)
        let find = try database.cachedStatement(
            """
            SELECT layout_id, seq, line, text FROM script_lines WHERE file = ? AND line <= ?
            ORDER BY line DESC LIMIT 1
            """)
        try find.bind([file, line])
        defer { find.reset() }
        guard try find.step() else {
            throw StoreError.refusedEdit("line \(line) of \(file) is not kept")
        }
        let layoutID = find.int64(0)
        let seq = find.int64(1)
        let first = find.int(2)
        // The bytes before the line's and from its end on, cut from the run in place.
        let rewritten = find.withText(3) { run -> [UInt8]? in
            var lineStart = 0
            for _ in first..<line {
                let end = SourceLineCursor.lineEnd(in: run, from: lineStart)
                guard end < run.count else { return nil }
                lineStart = end + 1
            }
            let lineEnd = SourceLineCursor.lineEnd(in: run, from: lineStart)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(run.count - (lineEnd - lineStart) + text.utf8.count)
            bytes += run[..<lineStart]
            bytes += text.utf8
            bytes += run[lineEnd...]
            return bytes
        }
        guard let rewritten else {
            throw StoreError.refusedEdit("line \(line) of \(file) is not kept")
        }
        find.reset()
        try database.cachedStatement(
            "UPDATE script_lines SET text = ? WHERE layout_id = ? AND seq = ?"
        ).run([String(decoding: rewritten, as: UTF8.self), layoutID, seq])
    }
}

extension ProjectStore {
    /// Empties layouts: their views but the root, constraints, metrics, variants, canvas
    /// and lines go, inside the caller's transaction, through the triggers (which mark
    /// them dirty). The layout row and its root stay: deleting the root fires a dirty
    /// mark for the layout being deleted, which its foreign key refuses.
    func emptyLayouts(_ ids: [Int64]) throws {
        for id in ids {
            // The variants first: each constraint and view deleted after marks its
            // components dirty in the base and in every variant there still is, and with
            // N variants left that was N marks a row (seconds at a few hundred of each).
            try database.execute("DELETE FROM variants WHERE layout_id = ?", [id])
            // Views refer to their parents and constraints to their views without a
            // cascade: constraints first, then the views deepest first (a parent has a
            // lower ordinal than its subviews).
            try database.execute("DELETE FROM constraints WHERE layout_id = ?", [id])
            let views = try database.cachedStatement(
                "SELECT id FROM views WHERE layout_id = ? AND parent_id IS NOT NULL ORDER BY ordinal DESC"
            ).rows([id]) { $0.int64(0) }
            for view in views { try database.execute("DELETE FROM views WHERE id = ?", [view]) }
            try database.execute("DELETE FROM metrics WHERE layout_id = ?", [id])
            try database.execute("DELETE FROM script_lines WHERE layout_id = ?", [id])
            try database.execute(
                """
                UPDATE layouts SET canvas_width = NULL, canvas_height = NULL, safe_top = 0,
                    safe_left = 0, safe_bottom = 0, safe_right = 0, direction = 'ltr'
                WHERE id = ?
                """, [id])
            try database.execute(
                """
                UPDATE views SET margin_top = NULL, margin_left = NULL, margin_bottom = NULL,
                    margin_right = NULL
                WHERE layout_id = ? AND parent_id IS NULL
                """, [id])
        }
    }
}

/// The layout each line of a script belongs to, gathered as its statements are read:
/// the layout of the first statement on or after the line (a comment above `layout B`
/// heads B's part), or, after the last statement, the layout the script ended in.
/// Indices into ``names``, not names: half a million `String`s (one per line of a
/// 100k-view script) compared and hashed were most of a first apply's cost of keeping its
/// lines.
struct LineOwners {
    /// The layouts the script used, the start first.
    private(set) var names: [String]
    private var indexOf: [String: UInt32]
    /// By line number: the layout of the line's first statement (`none`: no statement).
    /// An array, not a dictionary: hashing each line number was a tenth of an apply.
    private var ownerAt: [UInt32] = []
    private var current: UInt32 = 0
    private static let none = UInt32.max

    /// - Parameter start: the layout statements belong to before any `layout` statement.
    init(start: String) {
        names = [start]
        indexOf = [start: 0]
    }

    /// The owners of a whole script's `statements`.
    init(_ statements: [LocatedStatement], start: String) {
        self.init(start: start)
        for statement in statements { note(statement) }
    }

    /// Takes the next statement of the script, in reading order.
    mutating func note(_ statement: LocatedStatement) {
        if case .layout(let name) = statement.statement {
            if let known = indexOf[name] {
                current = known
            } else {
                current = UInt32(names.count)
                indexOf[name] = current
                names.append(name)
            }
        }
        let line = statement.location.line
        guard line >= 1 else { return }
        if line >= ownerAt.count {
            ownerAt.append(contentsOf: repeatElement(Self.none, count: line + 1 - ownerAt.count))
        }
        if ownerAt[line] == Self.none { ownerAt[line] = current }
    }

    /// Each of the script's `lineCount` lines' layout, as an index into ``names``.
    func owners(lineCount: Int) -> [UInt32] {
        var owners = [UInt32](repeating: current, count: lineCount)
        var next = current
        for line in stride(from: lineCount, through: 1, by: -1) {
            if line < ownerAt.count, ownerAt[line] != Self.none { next = ownerAt[line] }
            owners[line - 1] = next
        }
        return owners
    }
}
