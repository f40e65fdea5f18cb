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
