import Foundation
import Testing

private let header = """
    canvas 375 812
    view header
    view title in header
    header.top == |.top; header.left == |.left; header.right == |.right
    header.height: header.height == 70
    title.center == header.center
    title.height == 24
    title.width <= header.width - 32
    title.width == 200 @ high
    view body
    V:[header]-8-[body]-|
    H:|-16-[body]-16-|
    variant compact canvas 320 568
    set header.height 44 in compact

    """

@Suite("layoutdb, end to end")
struct CLITests {
    @Test("apply then frames: the layout-format.md example, computed by hand")
    func applyAndFrames() {
        let box = Sandbox()
        let script = box.write("home.layout", header)
        let applied = box.run(["apply", script, "-q"])
        #expect(applied.status == 0, "\(applied.stderr)")
        let frames = box.run(["frames", "--format", "csv"])
        #expect(frames.status == 0)
        #expect(
            frames.stdout == """
                view,x,y,width,height,stale
                header,0,0,375,70,0
                title,87.5,23,200,24,0
                body,16,78,343,714,0

                """)
        let compact = box.run(["frames", "--variant", "compact", "--format", "csv"])
        #expect(compact.stdout.contains("header,0,0,320,44"))
        #expect(compact.stdout.contains("body,16,52,288,496"))
    }

    @Test("a first apply makes the project whole or not at all, and leaves nothing else")
    func firstApplyMakesTheFileWhole() throws {
        let box = Sandbox()
        let bad = box.run(["apply", box.write("bad.layout", "view a\nb.width == 1\n")])
        #expect(bad.status == 65)
        #expect(!FileManager.default.fileExists(atPath: box.db), "no project is created")
        let applied = box.run(["apply", box.write("home.layout", header), "-q"])
        #expect(applied.status == 0, "\(applied.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: box.directory.path)
        // The project and its empty log, as every edit leaves one.
        #expect(
            Set(left.filter { $0.hasPrefix("app.layoutdb") })
                == ["app.layoutdb", "app.layoutdb-wal"], "\(left)")
        #expect(box.sql("PRAGMA journal_mode") == "wal")
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    @Test("--db works before or after the subcommand, and $LAYOUTDB names the default")
    func dbPlacement() {
        let box = Sandbox()
        let script = box.write("home.layout", header)
        #expect(box.run(["--db", box.db, "apply", script], db: false).status == 0)
        #expect(box.run(["frames", "--db", box.db], db: false).stdout.contains("header"))
        #expect(
            box.run(["frames"], environment: ["LAYOUTDB": box.db], db: false).stdout.contains(
                "body"))
        // Without either, ./project.layoutdb: here it does not exist.
        let missing = box.run(["frames"], db: false)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("layoutdb init"))
    }

    @Test(
        "set-constant: the layout follows, the output says what moved, variants that override are kept"
    )
    func setConstant() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("home.layout", header)])
        let r = box.run(["set-constant", "header.height", "100"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("main header: height 70 → 100"))
        #expect(r.stdout.contains("main body: y 78 → 108, height 714 → 684"))
        #expect(!r.stdout.contains("compact"))
        #expect(
            box.sql("select height from solved_frames where view='header' and variant='base'")
                == "100.0")
        #expect(
            box.sql("select height from solved_frames where view='header' and variant='compact'")
                == "44.0")
        let v = box.run(["set-constant", "header.height", "50", "--variant", "compact"])
        #expect(v.stdout.contains("main/compact header: height 44 → 50"))
        #expect(
            box.sql("select height from solved_frames where view='header' and variant='base'")
                == "100.0")
        #expect(box.run(["variant", "reset", "compact", "header.height"]).status == 0)
        #expect(
            box.sql("select height from solved_frames where view='header' and variant='compact'")
                == "100.0")
    }

    @Test(
        "a parse error names FILE:LINE:COL, shows the line and a caret, exits 65, changes nothing")
    func parseError() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("home.layout", header)])
        let before = box.snapshot()
        let bad = box.write("bad.layout", "view extra\nextra.widht == 10\n")
        let r = box.run(["apply", bad])
        #expect(r.status == 65)
        #expect(r.stderr.contains("error: \(bad):2:7:"))
        #expect(r.stderr.contains("extra.widht == 10"))
        #expect(r.stderr.contains("      ^"))
        #expect(r.stderr.contains("width"))
        #expect(box.snapshot() == before)
        #expect(!box.run(["views"]).stdout.contains("extra"))
    }

    @Test(
        "conflicting required constraints are refused, listed with FILE:LINE, and nothing is written"
    )
    func conflict() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("home.layout", header)])
        let before = box.snapshot()
        let r = box.run(["add", "header.height == 90", "--label", "too.tall"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("header.height: header.height == 70"))
        #expect(r.stderr.contains("home.layout:5"))
        #expect(r.stderr.contains("too.tall: header.height == 90"))
        #expect(box.snapshot() == before)
    }

    @Test(
        "a new project's script whose required constraints conflict is refused with each statement's text and FILE:LINE"
    )
    func conflictInFirstApply() {
        let box = Sandbox()
        let script = box.write(
            "wide.layout",
            "canvas 320 480\nmetric side 200\nview a\nview b\na.width == 100\nH:|[a(side)]-[b]-|\n")
        let r = box.run(["apply", script])
        #expect(r.status == 65)
        // The apply solves its statements from memory; the words come from their rows:
        // the VFL line as written, then the equation of it that conflicts.
        #expect(r.stderr.contains("a.width == 100    (\(script):5)"))
        #expect(r.stderr.contains("H:|[a(side)]-[b]-|    (\(script):6)"))
        #expect(r.stderr.contains("→ a.width == 200"))
        #expect(box.run(["views"]).stderr.contains("no project at"), "nothing was created")
    }

    @Test("unknown labels get a hint; a bad priority is a usage error")
    func unknownLabel() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("home.layout", header)])
        let r = box.run(["set-constant", "header.hieght", "3"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("header.height"))
        #expect(box.run(["add", "body.width >= 1", "--priority", "huge"]).status == 64)
    }

    @Test("files that are not projects are refused with exit 66 and left untouched")
    func badFiles() {
        let box = Sandbox()
        let text = box.write("notes.layoutdb", "hello, not a database\n")
        let r = box.run(["frames", "--db", text], db: false)
        #expect(r.status == 66)
        #expect(r.stderr.contains("notes.layoutdb"))
        #expect((try? String(contentsOfFile: text, encoding: .utf8)) == "hello, not a database\n")
        #expect(
            box.run(["apply", box.directory.appending(path: "missing.layout").path]).status == 66)
    }

    @Test("check reports ambiguous views and losing optional constraints, exit 1")
    func check() {
        let box = Sandbox()
        _ = box.run([
            "apply",
            box.write(
                "a.layout",
                "canvas 100 100\nview a\na.left == 10\na.width == 20\na.width == 50 @ 300\n"),
        ])
        let r = box.run(["check"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("ambiguous: a"))
        #expect(r.stdout.contains("unsatisfied (priority 300): a.width == 50 @ 300"))
        let json = box.run(["check", "--json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"ambiguous\":[\"a\"]"))
        #expect(box.run(["check", "--variant", "base"]).status == 1)
        _ = box.run(["add", "a.top == 0; a.height == 10".components(separatedBy: ";")[0]])
        _ = box.run(["add", "a.height == 10"])
        #expect(box.run(["check"]).status == 0)
    }

    @Test("export then apply rebuilds the same project: same frames, same export")
    func roundTrip() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("home.layout", header)])
        _ = box.run(["deactivate", "header.height"])
        _ = box.run(["activate", "header.height"])
        let exported = box.run(["export", "--all"]).stdout
        let copy = Sandbox()
        #expect(copy.run(["apply", "-"], stdin: exported).status == 0)
        #expect(copy.run(["export", "--all"]).stdout == exported)
        for variant in ["base", "compact"] {
            #expect(
                copy.run(["frames", "--variant", variant, "--format", "csv"]).stdout
                    == box.run(["frames", "--variant", variant, "--format", "csv"]).stdout)
        }
    }

    @Test("a plain SQL UPDATE marks frames stale; the next read re-solves them")
    func plainSQL() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("home.layout", header)])
        _ = box.sql("update constraints set constant = 80 where label = 'header.height'")
        #expect(
            box.sql("select stale from solved_frames where view = 'body' and variant = 'base'")
                == "1")
        // compact overrides header.height: the base edit does not reach it.
        #expect(
            box.sql("select stale from solved_frames where view = 'body' and variant = 'compact'")
                == "0")
        #expect(box.run(["frames", "--format", "csv"]).stdout.contains("body,16,88,343,704"))
        #expect(box.sql("select count(*) from solved_frames where stale = 1") == "0")
    }

    @Test("--no-solve batches edits; solve catches up")
    func noSolve() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("home.layout", header)])
        #expect(box.run(["set-constant", "header.height", "90", "--no-solve"]).stdout.isEmpty)
        #expect(
            box.sql(
                "select height from frames f join views v on v.id = f.view_id where v.name = 'header' and f.variant_id = 0"
            ) == "70.0")
        let s = box.run(["solve"])
        #expect(s.stdout.contains("main/base: 1 dirty component"))
        #expect(
            box.sql("select height from solved_frames where view = 'header' and variant = 'base'")
                == "90.0")
    }

    @Test("get, list, views, remove, set-priority do what they say; JSON parses")
    func labelCommands() throws {
        let box = Sandbox()
        _ = box.run([
            "apply",
            box.write(
                "home.layout",
                header + "view label intrinsic 80 20\nlabel.left == 0; label.top == 0\n"),
        ])
        let get = box.run(["get", "header.height", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(get.stdout.utf8)) as? [String: Any]
        #expect(object?["constant"] as? Double == 70)
        #expect((object?["variants"] as? [String: Double])?["compact"] == 44)
        let list = box.run(["list"]).stdout
        #expect(list.contains("header.height  header.height == 70"))
        #expect(list.contains("generated: intrinsic"))
        #expect(box.run(["views"]).stdout.contains("  view title in header"))
        #expect(box.run(["set-priority", "header.height", "500"]).status == 0)
        #expect(box.run(["get", "header.height"]).stdout.contains("priority: 500"))
        #expect(box.run(["remove", "header.height"]).status == 0)
        #expect(box.run(["get", "header.height"]).status == 65)
        let frames = try JSONSerialization.jsonObject(
            with: Data(box.run(["frames", "--format", "json"]).stdout.utf8))
        #expect((frames as? [[String: Any]])?.count == 4)
    }

    @Test(
        "--json output is valid JSON whatever the names hold: quotes, backslashes, control characters, unicode"
    )
    func jsonEscapesNames() throws {
        let box = Sandbox()
        let name = "a\"b\\c\td/é🙂\u{01}"
        let script = box.write("odd.layout", "canvas 100 100\nview box\nbox.edges == root.edges\n")
        #expect(box.run(["apply", script, "-q"]).status == 0)
        #expect(box.run(["variant", "create", "odd", "--canvas", "50x50", "-q"]).status == 0)
        // layoutdb refuses such a name (see namesFollowOneRule); plain SQL can store one.
        let hex = name.utf8.map { String(format: "%02X", $0) }.joined()
        _ = box.sql("UPDATE variants SET name = CAST(X'\(hex)' AS TEXT) WHERE name = 'odd'")
        let text = box.run(["diff", "--json"]).stdout
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["to"] as? String == name)
        #expect((rows.first?["new"] as? [String: Double])?["width"] == 50)
        #expect(text.contains("\"width\":50,"), "whole numbers print without a fraction: \(text)")
    }

    @Test("--help teaches: examples and exit codes")
    func help() {
        let r = Sandbox().run(["--help"], db: false)
        #expect(r.stdout.contains("Exit codes:"))
        #expect(r.stdout.contains("65   bad input"))
        #expect(r.stdout.contains("set-constant"))
    }

    @Test("the demo runs")
    func demo() {
        let r = Sandbox().run(["demo"], db: false)
        #expect(r.status == 0)
        #expect(r.stdout.contains("main header: height 70 → 100"))
    }

    @Test(
        "frames agree with kiwi on the benchmark workloads, through the CLI",
        arguments: ["form-100", "chain-100", "grid-100", "cards-100", "form-1000", "cards-1000"])
    func agreesWithKiwi(workload: String) throws {
        let box = Sandbox()
        #expect(
            box.run(["apply", fixtures.appending(path: "kiwi/\(workload).layout").path, "-q"])
                .status == 0)
        let ours = box.run(["frames", "--format", "csv"]).stdout.split(separator: "\n").dropFirst()
        let kiwi = try String(
            contentsOf: fixtures.appending(path: "kiwi/\(workload).frames.csv"), encoding: .utf8
        )
        .split(separator: "\n").dropFirst()
        #expect(ours.count == kiwi.count)
        var worst = 0.0
        for (a, b) in zip(ours, kiwi) {
            let x = a.split(separator: ",")
            let y = b.split(separator: ",")
            #expect(x[0] == y[0])
            for k in 1...4 { worst = max(worst, abs(Double(x[k])! - Double(y[k])!)) }
        }
        #expect(worst <= 1e-6)
    }
}

@Suite("Variants: which edit re-solves which variant")
struct VariantDirtyTests {
    private let script = """
        canvas 375 812
        view header
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 70
        view side
        side.left == 0; side.top == 100; side.height == 10
        side.width: side.width == 50
        variant compact canvas 320 568
        variant wide canvas 1024 768
        set header.height 44 in compact

        """

    @Test(
        "a base edit re-solves the base and the variants that inherit the constant, only its component"
    )
    func baseEdit() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("v.layout", script)])
        _ = box.run(["set-constant", "header.height", "80", "--no-solve"])
        #expect(
            box.sql(
                "select variant, count(*) from solved_frames where stale = 1 group by variant order by variant"
            ) == "base|1\nwide|1")
        let solved = box.run(["solve"]).stdout
        #expect(
            solved
                == "main/base: 1 dirty component, 1 view solved, 1 changed\nmain/wide: 1 dirty component, 1 view solved, 1 changed\n"
        )
    }

    @Test("a variant override re-solves that variant only")
    func variantEdit() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("v.layout", script)])
        _ = box.run(["set-constant", "side.width", "60", "--variant", "wide", "--no-solve"])
        #expect(box.sql("select variant, view from solved_frames where stale = 1") == "wide|side")
        #expect(
            box.run(["solve"]).stdout == "main/wide: 1 dirty component, 1 view solved, 1 changed\n")
        #expect(
            box.sql("select variant, width from solved_frames where view = 'side' order by variant")
                == "base|50.0\ncompact|50.0\nwide|60.0")
    }

    @Test("a canvas change re-solves that variant wholly")
    func canvasEdit() {
        let box = Sandbox()
        _ = box.run(["apply", box.write("v.layout", script)])
        _ = box.sql("update variants set canvas_width = 400 where name = 'wide'")
        let solved = box.run(["solve"]).stdout
        #expect(solved.hasPrefix("main/wide: whole layout"))
        #expect(
            box.sql("select width from solved_frames where view = 'header' and variant = 'wide'")
                == "400.0")
    }
}
