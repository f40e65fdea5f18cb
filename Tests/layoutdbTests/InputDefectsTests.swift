import Foundation
import Testing

/// Issue 15's script and name defects, end to end on the built binary: names outside the
/// rule, `--layout` with `apply`, metrics defined twice, unknown views in VFL and equations.
@Suite("Issue 15: names and scripts")
struct InputDefectsTests {
    static let header = """
        canvas 100 100
        view header
        header.top == |.top; header.left == |.left; header.width == 100
        header.height: header.height == 70

        """

    // MARK: 1. One naming rule

    @Test(
        "1: a variant name cannot smuggle statements into export; names outside the rule are refused"
    )
    func variantNameInjection() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.header), "-q"]).status == 0)
        let before = box.snapshot()
        for name in ["nl canvas 2 2\nset header.height 1 #", "375x812", "iphone.se", "base line"] {
            let r = box.run(["variant", "create", name, "--canvas", "10x10", "-q"])
            #expect(r.status == 65, "\(name): \(r.stderr)")
            #expect(r.stderr.contains("cannot be a variant name"), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "one line: \(r.stderr)")
        }
        #expect(box.snapshot() == before)
        // The other ways names enter: a label, a layout, a view in a script.
        let label = box.run(["add", "header.width <= 200", "--label", "a b"])
        #expect(label.status == 65 && label.stderr.contains("cannot be a label name"))
        let layout = box.run(["--layout", "my layout", "apply", box.write("s.layout", "view s\n")])
        #expect(layout.status == 65 && layout.stderr.contains("cannot be a layout name"))
        #expect(box.snapshot() == before)

        // export → apply rebuilds the same project.
        #expect(box.run(["variant", "create", "compact", "--canvas", "50x50", "-q"]).status == 0)
        let exported = box.directory.appending(path: "e.layout").path
        #expect(box.run(["export", "-o", exported]).status == 0)
        let copy = box.directory.appending(path: "copy.layoutdb").path
        #expect(box.run(["apply", exported, "-q", "--db", copy]).status == 0)
        let frames = ["frames", "--format", "csv"]
        #expect(box.run(frames + ["--db", copy]).stdout == box.run(frames).stdout)
        #expect(box.run(["get", "header.height", "--db", copy]).stdout.contains("== 70"))

        // A name stored with plain SQL that a script cannot spell: export refuses it
        // instead of writing text that applies as something else.
        let hex = "nl canvas 2 2\nset header.height 1 #".utf8.map { String(format: "%02X", $0) }
            .joined()
        _ = box.sql("UPDATE variants SET name = CAST(X'\(hex)' AS TEXT) WHERE name = 'compact'")
        let refused = box.directory.appending(path: "refused.layout").path
        let r = box.run(["export", "-o", refused])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("\"nl canvas 2 2\\nset header.height 1 #\""), "\(r.stderr)")
        #expect(r.stderr.contains("script cannot spell it"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: refused))
        #expect(box.run(["export"]).stdout.isEmpty)
    }

    // MARK: 3. --layout with apply

    @Test("3: --layout NAME apply puts a script without a layout statement into NAME")
    func applyIntoLayoutOption() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.header), "-q"]).status == 0)
        let small = box.write("small.layout", "canvas 40 40\nview small\nsmall.edges == |.edges\n")
        let r = box.run(["--layout", "second", "apply", small, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let second = box.run(["--layout", "second", "frames", "--format", "csv"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == "view,x,y,width,height,stale\nsmall,0,0,40,40,0\n")
        #expect(!box.run(["frames", "--format", "csv"]).stdout.contains("small"))
        // A `layout` statement still switches; the option only sets where the script starts.
        let both = box.write("both.layout", "view early\nlayout third\nview late\n")
        #expect(box.run(["--layout", "second", "apply", both, "-q"]).status == 0)
        #expect(box.run(["--layout", "second", "views"]).stdout.contains("early"))
        #expect(box.run(["--layout", "third", "views"]).stdout.contains("late"))
        #expect(box.run(["help", "apply"], db: false).stdout.contains("--layout"))
    }

    // MARK: 8, 9, 13, 14. Scripts

    /// Applies `script` to a fresh project with a view `a`; returns the failed run.
    func refused(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> Run {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("base.layout", "view a\n"), "-q"]).status == 0)
        let before = box.snapshot()
        box.write("t.layout", script)
        let r = box.run(["apply", "t.layout"])
        #expect(r.status == 65, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(box.snapshot() == before, "nothing written", sourceLocation: sourceLocation)
        return r
    }

    @Test("8: a metric defined twice in a layout is refused, with both places")
    func metricRedefinition() {
        let r = refused("metric m 5\na.width == m\nmetric m 6\n")
        #expect(
            r.stderr.contains(
                "t.layout:3:1: metric `m` is already defined in layout `main` "
                    + "(first at t.layout:1:1)"), "\(r.stderr)")
        // Across applies too: the first one stored it.
        let box = Sandbox()
        #expect(box.run(["apply", box.write("one.layout", "metric m 5\n"), "-q"]).status == 0)
        let again = box.run(["apply", box.write("two.layout", "metric m 6\n")])
        #expect(again.status == 65 && again.stderr.contains("stored in the project"))
        // Another layout has its own metrics.
        let other = box.write("other.layout", "layout other\nmetric m 6\n")
        #expect(box.run(["apply", other, "-q"]).status == 0)
    }

    @Test("9: a VFL line naming an undeclared view is refused even when it yields no constraint")
    func vflWithoutConstraints() {
        for (line, column) in [("[button]", 2), ("H:[button]", 4), ("V:[a][button]", 7)] {
            let r = refused(line + "\n")
            let caret = String(repeating: " ", count: column - 1) + "^"
            #expect(
                r.stderr == "error: t.layout:1:\(column): unknown view 'button' in layout 'main'; "
                    + "declare it with 'view button'\n  \(line)\n  \(caret)\n", "\(r.stderr)")
        }
    }

    @Test("13: an unknown view is shown at its name: FILE:LINE:COL, the line, a caret, a hint")
    func unknownViewAtItsName() {
        let r = refused("view title\ntitle.width == 10; title.left == titel.right + 8\n")
        #expect(
            r.stderr == """
                error: t.layout:2:34: unknown view 'titel' in layout 'main'; declare it with 'view titel'
                  title.width == 10; title.left == titel.right + 8
                                                   ^
                hint: did you mean 'title'?

                """, "\(r.stderr)")
        let parent = refused("view header\nview title in haeder\n")
        #expect(parent.stderr.hasPrefix("error: t.layout:2:15: unknown parent view 'haeder'"))
        #expect(parent.stderr.contains("hint: did you mean 'header'?"))
        // `add` reads one line: the column is in that line.
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", "view a\n"), "-q"]).status == 0)
        let add = box.run(["add", "a.left == b.right"])
        #expect(add.status == 65)
        #expect(add.stderr.hasPrefix("error: <add>:1:11: unknown view 'b'"), "\(add.stderr)")
        #expect(add.stderr.contains("\n  a.left == b.right\n            ^"), "\(add.stderr)")
    }

    @Test("14: a name in a predicate that is neither a view nor a metric says so")
    func neitherViewNorMetric() {
        let r = refused("metric gap 8\n[a(missingMetric)]-gap-|\n")
        #expect(
            r.stderr.hasPrefix(
                "error: t.layout:2:4: 'missingMetric' is neither a view nor a metric in layout "
                    + "'main'; declare it with 'view missingMetric' or 'metric missingMetric "
                    + "NUMBER'\n  [a(missingMetric)]-gap-|\n     ^"), "\(r.stderr)")
        let bare = refused("metric pad 8\na.height == pda + 4\n")
        #expect(bare.stderr.contains("'pda' is neither a view nor a metric"), "\(bare.stderr)")
        #expect(bare.stderr.contains("hint: did you mean 'pad'?"), "\(bare.stderr)")
    }

    @Test("a conflict starts at the FILE:LINE:COL of the conflicting line written last")
    func conflictNamesItsLine() {
        let box = Sandbox()
        let script = "canvas 100 100\nview a\nH:|-[a]-|\n  a.left == 5\n"
        let r = box.run(["apply", box.write("c.layout", script)])
        #expect(r.status == 65)
        // The place an editor's error list jumps to, then every member under its line.
        let head = r.stderr.split(separator: "\n").first ?? ""
        #expect(head.hasPrefix("error: /"), "\(r.stderr)")
        #expect(
            head.hasSuffix("/c.layout:4:3: required constraints cannot all hold; they conflict:"),
            "\(r.stderr)")
        #expect(r.stderr.contains("\n  H:|-[a]-|    (/"), "\(r.stderr)")
        #expect(r.stderr.contains("/c.layout:3)\n"), "\(r.stderr)")
        // An `add` that conflicts with a script's line: the command's own input is newer.
        let fine = "canvas 100 100\nview a\na.left == 0\na.top == 0\nh: a.height == 60\n"
        #expect(box.run(["apply", box.write("d.layout", fine), "-q"]).status == 0)
        let added = box.run(["add", "a.height <= 50"])
        #expect(added.status == 65)
        #expect(
            added.stderr.hasPrefix(
                "error: <add>:1:1: required constraints cannot all hold; they conflict:"),
            "\(added.stderr)")
    }

    @Test("a solve whose numbers add up past a Double is refused, by apply and by an edit")
    func overflowIsRefused() {
        let box = Sandbox()
        // Each margin is finite; b's width is 100 − 2e308.
        let script = """
            canvas 320 100
            view a frame 0 0 100 50 margins 1e308
            view b
            b.left == a.leftMargin; b.right == a.rightMargin; b.top == 0; b.height == 10

            """
        let r = box.run(["apply", box.write("o.layout", script)])
        #expect(r.status == 65)
        #expect(
            r.stderr.hasPrefix("error: the solved width of view `b` is -inf: "), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: box.db), "a refused apply left a file")
        // The hint's road: without the solve the project is kept, and `why` lists the lines.
        #expect(r.stderr.contains("`layoutdb why b.width`"), "\(r.stderr)")
        #expect(r.stderr.contains("apply with `--no-solve` first"), "\(r.stderr)")
        let hinted = Sandbox()
        let file = hinted.write("o.layout", script)
        #expect(hinted.run(["apply", file, "--no-solve", "-q"]).status == 0)
        let why = hinted.run(["why", "b.width"])
        #expect(why.status == 0 && why.stdout.contains("o.layout:4"), "\(why.stdout)")

        // An edit that overflows (through the kept image of the layout) changes nothing.
        let fine = """
            canvas 320 100
            view a frame 0 0 100 50
            view c frame 0 60 10 10
            view d frame 0 80 10 10
            w: a.width == 100
            c.width == a.width * 2

            """
        #expect(box.run(["apply", box.write("o.layout", fine), "-q"]).status == 0)
        let before = box.bytes()
        let edit = box.run(["set-constant", "w", "1e308"])
        #expect(edit.status == 65, "\(edit.stdout)\(edit.stderr)")
        #expect(
            edit.stderr.contains("error: the solved width of view `c` is inf: "), "\(edit.stderr)")
        #expect(box.bytes() == before)
        // Finite numbers whose edge is not: SQL's max_x would read 0.
        let frame = box.run(["set-frame", "d", "1.7e308", "0", "1.7e308", "1"])
        #expect(frame.status == 65, "\(frame.stdout)\(frame.stderr)")
        #expect(
            frame.stderr.contains("error: the solved x + width of view `d` is inf: "),
            "\(frame.stderr)")
        #expect(box.bytes() == before)
    }

    @Test("a conflict with an intrinsic size says whose size it is, and which priority")
    func conflictNamesTheIntrinsicSize() {
        let box = Sandbox()
        let script = "canvas 100 100\nview a intrinsic 50 20 hug 1000\na.width == 80\n"
        let r = box.run(["apply", box.write("g.layout", script)])
        #expect(r.status == 65)
        #expect(
            r.stderr.contains("\n  view a's intrinsic width (hugging): a.width <= 50 @ 1000\n"),
            "\(r.stderr)")
    }
}
