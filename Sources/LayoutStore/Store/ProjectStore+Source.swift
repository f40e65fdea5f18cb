import Foundation
import LayoutSQLite
import LayoutScript

/// One line of an applied script as written, with the layout it belongs to.
package struct ScriptLineRow: Hashable, Sendable {
    package var layoutID: Int64
    package var file: String
    package var line: Int
    package var text: String
}

/// The applied scripts' source (migration 0009): each line as written, per layout.
extension ProjectStore {
    /// `text` cut into lines as the parser counts them (`\n` or `\r\n`), without the last
    /// empty one a final line break leaves.
    static func sourceLines(of text: String) -> [String] {
        // Bytes, not Characters ("\r\n" is one Character): as the parser cuts lines.
        var utf8 = Substring(text).utf8[...]
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8 = utf8.dropFirst(3) }
        var lines = utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { line in
                String(
                    decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line,
                    as: UTF8.self)
            }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Calls `body` with each line of `text` (1-based number and bytes) as
    /// ``sourceLines(of:)`` cuts them, without making a `String` of each: a 1M-view script
    /// has millions of lines.
    static func forEachSourceLine(
        of text: String, _ body: (_ number: Int, _ bytes: Substring.UTF8View) throws -> Void
    ) rethrows {
        var utf8 = Substring(text).utf8[...]
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8 = utf8.dropFirst(3) }
        var number = 0
        var start = utf8.startIndex
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            var contentEnd = end
            if contentEnd > start, utf8[utf8.index(before: contentEnd)] == UInt8(ascii: "\r") {
                contentEnd = utf8.index(before: contentEnd)
            }
            // After the last line break, an empty rest is no line (as `sourceLines` drops it).
            if end == utf8.endIndex && contentEnd == start { return }
            number += 1
            try body(number, utf8[start..<contentEnd])
            if end == utf8.endIndex { return }
            start = utf8.index(after: end)
        }
    }

    /// The lines of `file` the project holds, in line order, whatever layout they are in.
    package func scriptLines(file: String) throws -> [ScriptLineRow] {
        try database.cachedStatement(
            "SELECT layout_id, file, line, text FROM script_lines WHERE file = ? ORDER BY line"
        ).rows([file]) {
            ScriptLineRow(
                layoutID: $0.int64(0), file: $0.string(1), line: $0.int(2), text: $0.string(3))
        }
    }

    /// How the lines the project holds of a file compare with a new text of it.
    package struct HeldLines {
        /// One held row whose text is not the new text's line at the same place.
        package struct Change {
            /// The row's place among the file's rows in line order (0-based).
            package var index: Int
            package var layoutID: Int64
            package var old: String
            package var new: String
        }

        /// Whether the project holds any line of the file.
        package var isHeld = false
        /// Whether the rows are the new text's lines: as many, each equal to the line at its
        /// place (as `String`s compare).
        package var isUnchanged = false
        /// Whether the rows are as many as the new lines, row k being line k + 1 of the
        /// file, and `changes` lists every row that differs (at most the `limit` asked for).
        package var changesAreComplete = false
        /// The layout of the first row.
        package var firstLayoutID: Int64?
        package var changes: [Change] = []
    }

    /// Compares the rows the project holds of `file` with the lines of `text`, in one pass
    /// without a `String` per line (a 100k-view script has about 470k lines and re-applying
    /// it unchanged should cost little more than reading them): only rows that differ are
    /// made into `String`s, and the pass stops after `limit` + 1 of them.
    package func heldLines(file: String, comparedWith text: String, limit: Int) throws
        -> HeldLines
    {
        var text = text
        return try text.withUTF8 { all throws -> HeldLines in
            var comparison = LineComparison(all: all, limit: limit)
            if try compareInLayoutOrder(file: file, &comparison) { return comparison.result() }
            // The file's rows in more than one layout, or out of line order in one: by line.
            comparison = LineComparison(all: all, limit: limit)
            let statement = try database.cachedStatement(
                "SELECT layout_id, line, text FROM script_lines WHERE file = ? ORDER BY line")
            try statement.bind([file])
            defer { statement.reset() }
            while try statement.step() {
                guard
                    comparison.add(layoutID: statement.int64(0), line: statement.int(1), statement)
                else { break }
            }
            return comparison.result()
        }
    }

    /// The usual case, read in the table's own order: the file's rows all in one layout,
    /// where their `seq` order is their line order. A range of the primary key is read in
    /// order; by the `(file, line)` index each row is a seek, most of a re-apply's time at
    /// 10k views. False (and `comparison` half fed) when the rows are not so.
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
                lastLine = line
                // Stopped early: what is left cannot change the answer.
                guard comparison.add(layoutID: id, line: line, statement, textColumn: 1) else {
                    return true
                }
            }
            statement.reset()
        }
        return true
    }

    /// The rows of a file, fed in line order, against the lines of a new text.
    private struct LineComparison {
        let all: UnsafeBufferPointer<UInt8>
        let limit: Int
        var held = HeldLines()
        /// Where the next line of `all` starts.
        var start: Int
        var index = 0
        var numbered = true
        /// More rows than lines, or more changes than `limit`.
        var overflow = false

        init(all: UnsafeBufferPointer<UInt8>, limit: Int) {
            self.all = all
            self.limit = limit
            // Lines as `sourceLines(of:)` cuts them: after a byte order mark, at "\n", a
            // final "\r" dropped, no last empty line after a final line break.
            start = all.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        mutating func nextLine() -> Range<Int>? {
            guard start < all.count else { return nil }
            var end = start
            while end < all.count && all[end] != UInt8(ascii: "\n") { end += 1 }
            var contentEnd = end
            if contentEnd > start && all[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            if end == all.count && contentEnd == start { return nil }
            let line = start..<contentEnd
            start = end + 1
            return line
        }

        /// Compares the statement's current row; false once the answer is known.
        mutating func add(
            layoutID: Int64, line number: Int, _ statement: SQLStatement, textColumn: Int32 = 2
        ) -> Bool {
            held.isHeld = true
            if index == 0 { held.firstLayoutID = layoutID }
            if number != index + 1 { numbered = false }
            guard let line = nextLine() else {
                overflow = true
                return false
            }
            let new = UnsafeBufferPointer(rebasing: all[line])
            let same = statement.withText(textColumn) { old in
                Self.sameBytes(old, new)
                    // Bytes differ: still the same line when canonically equivalent.
                    || String(decoding: old, as: UTF8.self) == String(decoding: new, as: UTF8.self)
            }
            if !same {
                if held.changes.count == limit {
                    overflow = true
                    return false
                }
                held.changes.append(
                    HeldLines.Change(
                        index: index, layoutID: layoutID, old: statement.string(textColumn),
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
            let allLinesRead = !overflow && nextLine() == nil
            held.isUnchanged = held.isHeld && allLinesRead && held.changes.isEmpty
            held.changesAreComplete = held.isHeld && allLinesRead && numbered
            return held
        }
    }

    /// A layout's lines in order (every file applied to it, in the order applied).
    package func scriptLines(layoutID: Int64) throws -> [ScriptLineRow] {
        try database.cachedStatement(
            "SELECT layout_id, file, line, text FROM script_lines WHERE layout_id = ? ORDER BY seq"
        ).rows([layoutID]) {
            ScriptLineRow(
                layoutID: $0.int64(0), file: $0.string(1), line: $0.int(2), text: $0.string(3))
        }
    }

    /// The text of `file` as last applied, rebuilt from its lines.
    package func scriptText(file: String) throws -> String? {
        let rows = try scriptLines(file: file)
        guard !rows.isEmpty else { return nil }
        return rows.map(\.text).joined(separator: "\n") + "\n"
    }

    /// The layout (by name) each line of a script belongs to: the layout of the first
    /// statement on or after it (a comment above `layout B` heads B's part), or, after
    /// the last statement, the layout the script ended in.
    static func lineLayouts(
        lineCount: Int, statements: [LocatedStatement], start: String
    ) -> [String] {
        // An array by line, not a dictionary: a 100k-view script has half a million
        // statements, and hashing each line number was a tenth of its apply.
        var layoutAt = [String?](repeating: nil, count: lineCount + 1)
        var current = start
        for s in statements {
            if case .layout(let name) = s.statement { current = name }
            let line = s.location.line
            if line >= 1, line <= lineCount, layoutAt[line] == nil { layoutAt[line] = current }
        }
        var result = [String](repeating: current, count: lineCount)
        var next = current
        for line in stride(from: lineCount, through: 1, by: -1) {
            if let name = layoutAt[line] { next = name }
            result[line - 1] = next
        }
        return result
    }

    /// Stores `text`'s lines as the source of `file`. `replacing` (a re-apply): they take
    /// the place of what the project held of the file, a layout keeping its other files'
    /// lines; else they go after a layout's lines (two scripts from standard input both
    /// keep theirs). A line whose layout no statement made is not stored.
    func saveScriptLines(
        text: String, file: String, statements: [LocatedStatement], start: String,
        replacing: Bool
    ) throws {
        let insert = try database.cachedStatement(
            "INSERT INTO script_lines (layout_id, seq, file, line, text) VALUES (?, ?, ?, ?, ?)")
        guard replacing else {
            // Added after a layout's lines, the rows it holds staying as they are; line by
            // line from the text, with no array of lines or rows (a first apply's peak memory).
            var lineCount = 0
            Self.forEachSourceLine(of: text) { number, _ in lineCount = number }
            let owners = Self.lineLayouts(
                lineCount: lineCount, statements: statements, start: start)
            var ids: [String: Int64?] = [:]
            var nextSeq: [Int64: Int64] = [:]
            try Self.forEachSourceLine(of: text) { number, bytes in
                let owner = owners[number - 1]
                if ids[owner] == nil { ids[owner] = .some(try existingLayoutID(owner)) }
                guard let id = ids[owner] ?? nil else { return }
                var seq: Int64
                if let next = nextSeq[id] {
                    seq = next
                } else {
                    seq =
                        try database.int64(
                            "SELECT max(seq) + 1 FROM script_lines WHERE layout_id = ?", [id])
                        ?? 0
                }
                insert.reset()
                try insert.bind(id, at: 1)
                try insert.bind(seq, at: 2)
                try insert.bind(file, at: 3)
                try insert.bind(number, at: 4)
                try insert.bind(String(decoding: bytes, as: UTF8.self), at: 5)
                try insert.step()
                seq += 1
                nextSeq[id] = seq
            }
            insert.reset()
            return
        }
        let lines = Self.sourceLines(of: text)
        let owners = Self.lineLayouts(lineCount: lines.count, statements: statements, start: start)
        var ids: [String: Int64] = [:]
        for name in Set(owners) { ids[name] = try existingLayoutID(name) }
        var newRows: [Int64: [ScriptLineRow]] = [:]
        for (i, text) in lines.enumerated() {
            guard let id = ids[owners[i]] ?? nil else { continue }
            newRows[id, default: []].append(
                ScriptLineRow(layoutID: id, file: file, line: i + 1, text: text))
        }
        let affected =
            Set(newRows.keys).union(
                try database.cachedStatement(
                    "SELECT DISTINCT layout_id FROM script_lines WHERE file = ?"
                ).rows([file]) { $0.int64(0) })
        for layoutID in affected.sorted() {
            var rows: [ScriptLineRow] = []
            var placed = false
            for row in try scriptLines(layoutID: layoutID) {
                if replacing && row.file == file {
                    if !placed { rows += newRows[layoutID] ?? [] }
                    placed = true
                } else {
                    rows.append(row)
                }
            }
            if !placed { rows += newRows[layoutID] ?? [] }
            try database.execute("DELETE FROM script_lines WHERE layout_id = ?", [layoutID])
            for (seq, row) in rows.enumerated() {
                try insert.run([layoutID, seq, row.file, row.line, row.text])
            }
        }
    }
}

extension ProjectStore {
    /// Empties layouts: their views but the root, constraints, metrics, variants, canvas
    /// and lines go, inside the caller's transaction, through the triggers (which mark
    /// them dirty). The layout row and its root stay: deleting the root fires a dirty
    /// mark for the layout being deleted, which its foreign key refuses.
    func emptyLayouts(_ ids: [Int64]) throws {
        for id in ids {
            // Views refer to their parents and constraints to their views without a
            // cascade: constraints first, then the views deepest first (a parent has a
            // lower ordinal than its subviews).
            try database.execute("DELETE FROM constraints WHERE layout_id = ?", [id])
            let views = try database.cachedStatement(
                "SELECT id FROM views WHERE layout_id = ? AND parent_id IS NOT NULL ORDER BY ordinal DESC"
            ).rows([id]) { $0.int64(0) }
            for view in views { try database.execute("DELETE FROM views WHERE id = ?", [view]) }
            try database.execute("DELETE FROM metrics WHERE layout_id = ?", [id])
            try database.execute("DELETE FROM variants WHERE layout_id = ?", [id])
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
