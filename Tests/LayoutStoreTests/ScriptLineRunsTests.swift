import Foundation
import Testing

@testable import LayoutSQLite
@testable import LayoutStore

/// `script_lines` holds runs of lines (migration 0012): a row is consecutive lines of one
/// file in one layout, `line` the first one's number, `text` the lines joined with "\n".
/// Whatever the rows, the store reads lines back as they were written.
@Suite("an applied script's source is kept in runs of lines")
struct ScriptLineRunsTests {
    /// A project in a fresh folder, removed with it.
    struct Fixture {
        let file = TempFile("p.layoutdb")
        let project: Project

        init() throws { project = try Project.open(path: file.path, create: true) }

        var store: ProjectStore { project.store }

        /// `(layout_id, line, text)` of every row, in key order.
        func rows() throws -> [(layoutID: Int64, file: String, line: Int, text: String)] {
            try store.database.makeStatement(
                "SELECT layout_id, file, line, text FROM script_lines ORDER BY layout_id, seq"
            ).rows { ($0.int64(0), $0.string(1), $0.int(2), $0.string(3)) }
        }

        func layoutID(_ name: String) throws -> Int64 {
            try #require(try store.layouts().first { $0.name == name }).id
        }
    }

    /// A form of `count` labelled rows, about 230 bytes each.
    static func form(rows count: Int) -> String {
        var lines = [
            "# a form", "canvas 375 812", "view header", "header.height: header.height == 64",
        ]
        for i in 0..<count {
            let above = i == 0 ? "header" : "row\(i - 1)"
            lines += [
                "view row\(i) in header",
                "row\(i).top == \(above).bottom + 8; row\(i).left == header.left + 16",
                "row\(i).height: row\(i).height == 44",
                "# row \(i): \(String(repeating: "-", count: 100))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a first apply of a one-layout script writes one row holding every line")
    func oneLayoutOneRow() throws {
        let f = try Fixture()
        defer { f.file.cleanup() }
        let script = "# home\ncanvas 375 812\n\nview header\r\nheader.height: header.height == 70\n"
        try f.project.apply(scriptFile: script, file: "home.layout")
        let rows = try f.rows()
        #expect(rows.count == 1)
        #expect(rows.first?.line == 1)
        #expect(
            rows.first?.text
                == "# home\ncanvas 375 812\n\nview header\nheader.height: header.height == 70")
        #expect(
            try f.store.scriptLines(file: "home.layout").map(\.text)
                == ProjectStore.sourceLines(of: script))
        #expect(
            try f.store.scriptText(file: "home.layout")
                == script.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    @Test("a script of two layouts and two files into one layout: a row per layout and file run")
    func runsPerLayoutAndFile() throws {
        let f = try Fixture()
        defer { f.file.cleanup() }
        try f.project.apply(
            scriptFile:
                "view a\na.width == 10\n# other's\nlayout other\nview c\nlayout main\nview b\n",
            file: "one.layout")
        try f.project.apply(scriptFile: "view d\nd.width == 4\n", file: "two.layout")
        let main = try f.layoutID("main")
        let other = try f.layoutID("other")
        let rows = try f.rows().map {
            "\($0.layoutID == main ? "main" : "other") \($0.file):\($0.line) \($0.text)"
        }
        #expect(
            rows == [
                "main one.layout:1 view a\na.width == 10", "main one.layout:6 layout main\nview b",
                "main two.layout:1 view d\nd.width == 4",
                "other one.layout:3 # other's\nlayout other\nview c",
            ])
        #expect(try f.store.scriptLines(file: "one.layout").map(\.line) == Array(1...7))
        #expect(
            try f.store.scriptLines(file: "one.layout").map(\.layoutID)
                == [main, main, other, other, other, main, main])
        #expect(
            try f.store.scriptLines(layoutID: main).map { "\($0.file):\($0.line)" } == [
                "one.layout:1", "one.layout:2", "one.layout:6", "one.layout:7", "two.layout:1",
                "two.layout:2",
            ])
    }

    @Test("a long script is cut into runs of about 64 KiB that read back its lines")
    func longScriptRuns() throws {
        let f = try Fixture()
        defer { f.file.cleanup() }
        let script = Self.form(rows: 1000)
        try f.project.apply(scriptFile: script, file: "form.layout")
        let rows = try f.rows()
        #expect(rows.count == 4)
        var next = 1
        for (i, row) in rows.enumerated() {
            #expect(row.line == next)
            // Closed by the line that took it past the bound.
            #expect(row.text.utf8.count < ProjectStore.NewRun.maxBytes + 200)
            #expect(i == rows.count - 1 || row.text.utf8.count >= ProjectStore.NewRun.maxBytes)
            next += row.text.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1
        }
        #expect(
            try f.store.scriptLines(file: "form.layout").map(\.text)
                == ProjectStore.sourceLines(of: script))
        #expect(try f.store.scriptText(file: "form.layout") == script)
        #expect(
            try f.store.heldLines(file: "form.layout", comparedWith: script, limit: 64).isUnchanged)
    }

    @Test("a line edited in the middle of a run re-applies in place: the run is rewritten")
    func lineEditInRun() throws {
        let f = try Fixture()
        defer { f.file.cleanup() }
        let script = Self.form(rows: 600)
        try f.project.apply(scriptFile: script, file: "form.layout")
        let before = try f.rows()
        #expect(before.count > 1)
        func row300() throws -> StoredConstraint? {
            try f.store.listConstraints(layout: "main").first {
                $0.constraint.label == "row300.height"
            }
        }
        let id = try #require(try row300()?.id)
        let edited = script.replacingOccurrences(
            of: "row300.height: row300.height == 44", with: "row300.height: row300.height == 60")
        // The one-line road: it finds the one changed line and plans from it alone.
        let dataVersion = try f.store.database.int64("PRAGMA data_version")
        let held = try f.store.heldLines(
            file: "form.layout", comparedWith: edited, limit: Project.lineReapplyLimit)
        #expect(held.changes.map(\.index) == [4 + 300 * 4 + 2])
        let plan = try #require(
            try f.project.reapplyChangedLines(
                held: held, dataVersion: dataVersion, text: edited, file: "form.layout",
                layout: "main", dryRun: false))
        #expect(
            plan.steps.map(\.what) == [
                "constraint row300.height: row300.height == 44 → row300.height: row300.height == 60"
            ])
        // Changed in place (the line road), not removed and added.
        #expect(try row300()?.id == id)
        #expect(try row300()?.constraint.constant == 60)
        let after = try f.rows()
        #expect(after.map(\.line) == before.map(\.line))
        #expect(zip(before, after).filter { $0.text != $1.text }.count == 1)
        #expect(try f.store.scriptText(file: "form.layout") == edited)
        #expect(try f.project.apply(scriptFile: edited, file: "form.layout").steps.isEmpty)
    }

    @Test("replaceScriptLine rewrites the one line, first, middle or last of its run")
    func replaceLine() throws {
        let f = try Fixture()
        defer { f.file.cleanup() }
        let script = "view a\n\nview b\nlayout other\nview c\n# end\n"
        try f.project.apply(scriptFile: script, file: "s.layout")
        var lines = ProjectStore.sourceLines(of: script)
        for (line, text) in [
            (1, "view a # first"), (2, "# blank no more"), (3, ""), (4, "layout other "), (6, "é"),
        ] {
            try f.store.replaceScriptLine(file: "s.layout", line: line, text: text)
            lines[line - 1] = text
            #expect(try f.store.scriptLines(file: "s.layout").map(\.text) == lines)
        }
        #expect(try f.rows().count == 2)
    }

    /// The v11 rows (one line each) of a project that applied, in this order: `a.layout`
    /// (main, other, main again), `b.layout` to main, standard input twice to main, and a
    /// 150-line `big.layout` to other.
    static let perLineRows: [(layout: Int64, file: String, line: Int, text: String)] = {
        var rows: [(layout: Int64, file: String, line: Int, text: String)] = [
            (1, "a.layout", 1, "# main's"), (1, "a.layout", 2, ""), (1, "a.layout", 3, "view x\r"),
            (2, "a.layout", 4, "layout other"), (2, "a.layout", 5, "view ü"),
            (1, "a.layout", 6, "layout main"), (1, "a.layout", 7, "view y"),
            (1, "b.layout", 1, "view z"), (1, "b.layout", 2, "z.left == 0"),
            (1, "-", 1, "view s"), (1, "-", 1, "view t"),
        ]
        rows += (1...150).map { (2, "big.layout", $0, "# line \($0)") }
        return rows
    }()

    @Test("migration 0012 merges a version-11 file's rows into runs that read back the same lines")
    func migratesPerLineRows() throws {
        let file = TempFile()
        defer { file.cleanup() }
        do {
            let db = try Database(path: file.path, options: .init(create: true))
            try DatabaseMigrator(migrations: Array(DatabaseMigrator().migrations.prefix(11)))
                .migrate(db, allowEmpty: true)
            #expect(try db.int64("PRAGMA user_version") == 11)
            try db.execute("INSERT INTO layouts (id, name) VALUES (1, 'main'), (2, 'other')")
            var seq: [Int64: Int] = [:]
            for row in Self.perLineRows {
                try db.execute(
                    "INSERT INTO script_lines (layout_id, seq, file, line, text) VALUES (?, ?, ?, ?, ?)",
                    [row.layout, seq[row.layout, default: 0], row.file, row.line, row.text])
                seq[row.layout, default: 0] += 1
            }
        }
        // Read-only, the file is not migrated: its rows read as runs of one line.
        do {
            let store = try Project.open(path: file.path, readOnly: true).store
            #expect(try store.database.int64("PRAGMA user_version") == 11)
            for layout: Int64 in [1, 2] {
                #expect(
                    try store.scriptLines(layoutID: layout).map {
                        "\($0.file):\($0.line) \($0.text)"
                    }
                        == Self.perLineRows.filter { $0.layout == layout }.map {
                            "\($0.file):\($0.line) \($0.text)"
                        })
            }
        }
        let project = try Project.open(path: file.path)
        let store = project.store
        // Migrated through 0012 and on to the latest version.
        #expect(
            try store.database.int64("PRAGMA user_version")
                == Int64(DatabaseMigrator().latestVersion))
        let runs = try store.database.makeStatement(
            "SELECT layout_id, seq, file, line, text FROM script_lines ORDER BY layout_id, seq"
        ).rows { "\($0.int64(0)) \($0.int64(1)) \($0.string(2)):\($0.int(3)) \($0.string(4))" }
        #expect(
            runs == [
                "1 0 a.layout:1 # main's\n\nview x\r", "1 1 a.layout:6 layout main\nview y",
                "1 2 b.layout:1 view z\nz.left == 0", "1 3 -:1 view s", "1 4 -:1 view t",
                "2 0 a.layout:4 layout other\nview ü",
                "2 1 big.layout:1 " + (1...64).map { "# line \($0)" }.joined(separator: "\n"),
                "2 2 big.layout:65 " + (65...128).map { "# line \($0)" }.joined(separator: "\n"),
                "2 3 big.layout:129 " + (129...150).map { "# line \($0)" }.joined(separator: "\n"),
            ])
        for layout: Int64 in [1, 2] {
            #expect(
                try store.scriptLines(layoutID: layout).map { "\($0.file):\($0.line) \($0.text)" }
                    == Self.perLineRows.filter { $0.layout == layout }.map {
                        "\($0.file):\($0.line) \($0.text)"
                    })
        }
        for name in ["a.layout", "b.layout", "-", "big.layout"] {
            let expected = Self.perLineRows.filter { $0.file == name }
                .sorted { ($0.line, $0.layout) < ($1.line, $1.layout) }
            #expect(
                try store.scriptLines(file: name).map { "\($0.layoutID) \($0.line) \($0.text)" }
                    == expected.map { "\($0.layout) \($0.line) \($0.text)" })
        }
        let a = "# main's\n\nview x\r\nlayout other\nview ü\nlayout main\nview y\n"
        #expect(try store.scriptText(file: "a.layout") == a)
        // "view x\r" was a line "view x\r\r\n": the text it was held from compares unchanged.
        let applied = a.replacingOccurrences(of: "view x\r\n", with: "view x\r\r\n")
        #expect(try store.heldLines(file: "a.layout", comparedWith: applied, limit: 64).isUnchanged)
    }
}
