import Foundation
import Testing

/// Hostile input end to end: odd numbers, names that look like SQL, deep trees, long chains.
@Suite("Robustness: hostile input")
struct RobustnessInputTests {
    @Test(arguments: ["nan", "inf", "1e400", "1e308 * 10", "-1e999", "1e308 + 1e308"])
    func nonFiniteNumbersInScriptsAreClearErrors(_ number: String) {
        let box = Sandbox()
        #expect(box.run(["init", "-q"]).status == 0)
        let before = box.snapshot()
        let path = box.write("n.layout", "canvas 100 100\nview a\na.width == \(number)\n")
        let r = box.run(["apply", path])
        #expect(r.status == 65, "\(number): \(r.stderr)")
        #expect(r.stderr.hasPrefix("error: ") && r.stderr.contains("n.layout:3:"), "\(r.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test func setConstantRejectsNonFiniteAndAcceptsNegativeZero() {
        let box = Sandbox()
        let path = box.write(
            "a.layout",
            "canvas 100 100\nview a\n"
                + "a.left == root.left; a.top == root.top; a.width == 100\n"
                + "h: a.height == 50\n")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        let before = box.snapshot()
        for value in ["nan", "inf", "-inf", "1e309"] {
            // After `--`, so that `-inf` is a value, not an option.
            let r = box.run(["set-constant", "--db", box.db, "--", "h", value])
            #expect(r.status == 64 && r.stderr.contains("finite"), "\(value): \(r.stderr)")
        }
        // What Swift reads but a script does not (`0x10` is 16 to `Double("0x10")`).
        // Typed without `--`: `-inf` is a number that is not finite, not options -i -n -f.
        for value in ["-inf", "-nan", "-Infinity"] {
            let r = box.run(["set-constant", "h", value])
            #expect(
                r.status == 64 && r.stderr.contains("is not a finite number"),
                "\(value): \(r.stderr)")
        }
        for value in ["0x10", ".5", "1_000", "12px"] {
            let r = box.run(["set-constant", "h", value])
            #expect(
                r.status == 64 && r.stderr.contains("like 12, -0.5 or 1e3"), "\(value): \(r.stderr)"
            )
        }
        #expect(box.snapshot() == before)
        let zero = box.run(["set-constant", "-q", "--db", box.db, "--", "h", "-0"])
        #expect(zero.status == 0, "\(zero.stderr)")
        #expect(box.run(["frames", "--format", "csv"]).stdout.contains("a,0,0,100,0"))
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    /// Finite numbers that the engine multiplies or adds up to infinity (a margin times a
    /// huge multiplier) are refused by the same rule, naming the constraint, and the
    /// project is left as it was.
    @Test func numbersThatOverflowInTheEngineNameTheirConstraint() {
        let box = Sandbox()
        #expect(box.run(["init", "-q"]).status == 0)
        let before = box.snapshot()
        let path = box.write(
            "o.layout",
            """
            canvas 100 100
            view a
            view b
            a.leftMargin == b.leftMargin * 1e308
            """)
        let r = box.run(["apply", path])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(
            r.stderr.hasPrefix("error: a constant must be a finite number, not inf")
                && r.stderr.contains("in: a.leftMargin == b.leftMargin * 1e308"), "\(r.stderr)")
        #expect(box.snapshot() == before)
    }

    /// Plain SQL can store an infinite frame, which no layoutdb command would write: the
    /// engine refuses it by the number rule, naming the generated constraint, not a crash.
    @Test func anInfiniteFrameWrittenWithSQLIsAClearError() {
        let box = Sandbox()
        let path = box.write("f.layout", "canvas 100 100\nview a frame 0 0 10 10\n")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        _ = box.sql("UPDATE views SET frame_width = 9e999 WHERE name = 'a'")
        #expect(box.sql("SELECT frame_width FROM views WHERE name = 'a'") == "Inf")
        let r = box.run(["solve"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(
            r.stderr.contains("must be a finite number") && r.stderr.contains("a's autoresizing"),
            "\(r.stderr)")
    }

    /// Tolerance: the solver checks constraints at 1e-6 relative to their magnitude, so a
    /// 1e12 multiplier keeps about 6 significant digits of the product (docs/robustness.md).
    @Test func hugeMultipliersKeepRelativeAccuracy() {
        let box = Sandbox()
        let path = box.write(
            "m.layout",
            """
            canvas 100 100
            view a
            view b
            a.left == root.left; a.top == root.top; a.height == 10
            b.left == root.left; b.top == root.top; b.height == 10
            b.width == 0.001
            a.width == b.width * 1e12
            """)
        let r = box.run(["apply", path, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let width = box.sql("SELECT width FROM solved_frames WHERE view = 'a'")
        let value = Double(width) ?? 0
        #expect(abs(value - 1e9) <= 1e-6 * 1e9, "\(width)")
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    /// Names reach SQL only as bound parameters: labels, layouts and variants that are SQL
    /// fragments are looked up and stored as data, and the tables survive.
    @Test func namesThatLookLikeSQLAreData() {
        let box = Sandbox()
        let path = box.write("a.layout", "canvas 100 100\nview a\na.edges == root.edges\n")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        let tables = box.sql("SELECT count(*) FROM sqlite_schema")
        let before = box.snapshot()
        let hostile = [
            "x'); DROP TABLE views; --", "\"; DELETE FROM frames; --", "é 👍🏽 ; '",
            "a' OR '1'='1",
        ]
        for name in hostile {
            // A label the format cannot spell is refused (export could not write it back).
            let add = box.run(["add", "a.width <= 200", "--label", name])
            #expect(add.status == 65 && add.stderr.contains("cannot be a label"), "\(add.stderr)")
            // Lookups: "unknown", never an SQL error.
            let set = box.run(["set-constant", name, "1"])
            #expect(set.status == 65 && set.stderr.contains("no constraint labelled"))
            let layout = box.run(["frames", "--layout", name])
            #expect(layout.status == 65 && layout.stderr.contains("no layout"), "\(layout.stderr)")
        }
        // Variant names follow the one naming rule: refused, as labels are.
        for (i, name) in hostile.enumerated() {
            let r = box.run(["variant", "create", name, "--canvas", "\(100 + i)x100", "-q"])
            #expect(r.status == 65 && r.stderr.contains("cannot be a variant name"), "\(r.stderr)")
            let frames = box.run(["frames", "--format", "csv", "--variant", name])
            #expect(frames.status == 65 && frames.stderr.contains("no variant"), "\(frames.stderr)")
        }
        #expect(box.snapshot() == before)
        #expect(box.sql("SELECT count(*) FROM sqlite_schema") == tables)
        #expect(box.sql("SELECT count(*) FROM views") == "2")
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    /// No SQL text is built from values: every interpolation into an SQL literal in the
    /// library is one of these (an integer, an enum's raw value, an internal counter).
    @Test func sqlIsNeverBuiltFromValues() throws {
        let allowed = [
            "PRAGMA user_version = \\(version)", "PRAGMA cache_size = \\(value)",
            "BEGIN \\(kind.rawValue) TRANSACTION",
            "SAVEPOINT \\(name)", "ROLLBACK TO SAVEPOINT \\(name)", "RELEASE SAVEPOINT \\(name)",
            // `condition` is an SQL fragment written in the library (constants and `?`s).
            "WHERE c.layout_id = ?\\(condition)",
            // `insert` is `INSERT [OR FAIL] INTO`, `table` and `columns` are constant names;
            // the values are `?`s.
            "\\(insert) \\(table) (\\(columns)) VALUES ",
            // Doctor's reference list: constant table and column names.
            "NOT EXISTS (SELECT 1 FROM \\(missing) m WHERE m.id = \\(table).\\(column))",
            " FROM \\(table) WHERE \\(dangling) ORDER BY ",
            "DELETE FROM \\(table) WHERE \\(dangling)",
        ]
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Sources").standardized
        let keywords = [
            "SELECT ", "INSERT ", "UPDATE ", "DELETE ", "PRAGMA ", "BEGIN ",
            "SAVEPOINT ", " WHERE ", "VALUES ",
        ]
        var offending: [String] = []
        let files = FileManager.default.enumerator(atPath: sources.path)!
        while let file = files.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appending(path: file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("\\(") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("///") || code.hasPrefix("//") { continue }
                if keywords.contains(where: { line.contains($0) })
                    && !allowed.contains(where: { line.contains($0) })
                {
                    offending.append("\(file): \(code)")
                }
            }
        }
        #expect(offending.isEmpty, "\(offending)")
    }

    /// 10,000 nested views and a 100,000-link chain: no recursion over the tree or the
    /// chain in the store, the engine, export or `views`.
    @Test func deepTreeAndLongChainDoNotOverflowTheStack() {
        let box = Sandbox()
        var lines = ["canvas 375 812", "view v0"]
        for i in 1..<10_000 { lines.append("view v\(i) in v\(i - 1)") }
        lines.append("v0.left == root.left; v0.top == root.top; v0.width == 100; v0.height == 100")
        for i in 1..<10_000 { lines.append("v\(i).edges == v\(i - 1).edges") }
        let deep = box.write("deep.layout", lines.joined(separator: "\n") + "\n")
        let r = box.run(["apply", deep, "-q"])
        #expect(r.status == 0, "\(r.stderr.prefix(300))")
        #expect(box.run(["views"]).stdout.split(separator: "\n").count == 10_000)
        #expect(box.run(["export"]).status == 0)
        #expect(box.run(["frames", "--format", "csv"]).stdout.contains("v9999,0,0,100,100"))
        #expect(box.run(["doctor", "-q"]).status == 0)

        let chain = Sandbox()
        let n = 100_000
        var text = "canvas 375 812\nview c0\n"
        text.reserveCapacity(n * 40)
        for i in 1..<n { text += "view c\(i)\n" }
        text += "w: c0.width == 1\nc0.left == root.left\n"
        for i in 0..<n { text += "c\(i).top == root.top; c\(i).height == 1\n" }
        for i in 1..<n { text += "c\(i).width == c\(i - 1).width\nc\(i).left == c\(i - 1).left\n" }
        let path = chain.write("chain.layout", text)
        let applied = chain.run(["apply", path, "-q"])
        #expect(applied.status == 0, "\(applied.stderr.prefix(300))")
        #expect(chain.run(["set-constant", "w", "2", "-q"]).status == 0)
        #expect(chain.sql("SELECT width FROM solved_frames WHERE view = 'c\(n - 1)'") == "2.0")
    }
}
