import Foundation
import Testing

/// Issue 17, parts 1 and 3: the project keeps the script as written (export gives it
/// back), and `apply FILE` of a file applied before reconciles: the project comes to what
/// the edited file says, frame for frame as a fresh apply of it, keeping edits the file
/// did not make. End to end on the built binary.
@Suite("issue 17: re-apply reconciles, the source survives")
struct ReapplyTests {
    static let script = """
        # the home screen
        canvas 400 600
        metric pad 16

        view header
        view title in header
        view body
        view aside in body
        view caption in body
        view badge in body frame 10 10 20 20
        view note frame 5 500 50 20 autoresize top
        header.top == root.top; header.left == root.left; header.right == root.right
        header.height: header.height == 80
        title.centerX == header.centerX; title.centerY == header.centerY
        wide: title.width == 200 @ 300; narrow: title.width == 100 @ 400
        title.height == 24
        V:[header]-8-[body]-20-|
        H:|-pad-[body]-pad-|   # side margins
        aside.top == body.top; aside.bottom == body.bottom; aside.right == body.right
        ratio: aside.width == body.width * 0.25
        caption.left == body.left + 8; caption.top == body.top + 8
        caption.width == 40; caption.height == 12
        variant compact canvas 320 568
        set header.height 44 in compact

        """

    /// A project made by applying `text` as `home.layout`.
    func project(_ text: String = script) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("home.layout", text), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return box
    }

    /// The frames of the base and of `compact`, one sorted CSV line per view.
    func frames(_ box: Sandbox) -> [String] {
        ["base", "compact"].flatMap { variant -> [String] in
            let r = box.run(["frames", "--format", "csv", "--variant", variant])
            return r.stdout.split(separator: "\n").dropFirst().map { "\(variant),\($0)" }.sorted()
                + (r.status == 0 ? [] : ["\(variant): exit \(r.status)"])
        }
    }

    /// `script` with `edits` (old fragment → new) applied.
    func edited(_ edits: [(String, String)]) -> String {
        var text = Self.script
        for (old, new) in edits {
            #expect(text.contains(old), "the script has no `\(old)`")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// `PRAGMA data_version` read by one sqlite3 connection before and after `args` runs:
    /// it moves when any other connection commits to the file.
    func dataVersions(_ box: Sandbox, around args: [String]) -> (
        before: String, after: String, run: String
    ) {
        let command =
            ([productsDirectory.appending(path: "layoutdb").path] + args + ["--db", box.db])
            .map { "'\($0)'" }.joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["sqlite3", box.db]
        p.currentDirectoryURL = box.directory
        let input = Pipe()
        let output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try! p.run()
        input.fileHandleForWriting.write(
            Data("PRAGMA data_version;\n.system \(command)\nPRAGMA data_version;\n".utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        return (
            lines.first ?? "", lines.last ?? "",
            lines.dropFirst().dropLast().joined(separator: "\n")
        )
    }

    // MARK: Edit a line and re-apply

    static let edits: [(String, [(String, String)], String)] = [
        (
            "view added",
            [
                ("view note frame", "view footer in body\nview note frame"),
                (
                    "caption.width == 40; caption.height == 12",
                    "caption.width == 40; caption.height == 12\nfooter.left == body.left; footer.bottom == body.bottom; footer.width == 30; footer.height == 10"
                ),
            ],
            "add view footer in body"
        ),
        (
            "view removed",
            [
                ("view caption in body\n", ""),
                (
                    "caption.left == body.left + 8; caption.top == body.top + 8\ncaption.width == 40; caption.height == 12\n",
                    ""
                ),
            ],
            "remove view caption"
        ),
        (
            "view re-parented", [("view badge in body frame", "view badge in header frame")],
            "move view badge: body → header"
        ),
        (
            "view re-framed", [("view note frame 5 500 50 20", "view note frame 5 400 60 30")],
            "change view note"
        ),
        (
            "constraint added",
            [("title.height == 24", "title.height == 24\nnote.top == body.top")],
            "add constraint note.top == body.top"
        ),
        (
            "constraint removed", [("title.height == 24\n", "title.height >= 10\n")],
            "remove constraint title.height == 24"
        ),
        (
            "constant changed", [("header.height == 80", "header.height == 90")],
            "change constraint header.height: header.height == 80 → header.height: header.height == 90"
        ),
        (
            "multiplier changed", [("body.width * 0.25", "body.width * 0.5")],
            "change constraint ratio"
        ),
        (
            "priority changed", [("title.width == 200 @ 300", "title.width == 200 @ 500")],
            "change constraint wide"
        ),
        (
            "VFL line changed", [("V:[header]-8-[body]-20-|", "V:[header]-12-[body]-30-|")],
            "add constraint body.top == header.bottom + 12"
        ),
        ("metric changed", [("metric pad 16", "metric pad 24")], "change metric pad 24"),
        (
            "variant changed",
            [("variant compact canvas 320 568", "variant compact canvas 300 500")],
            "change variant compact"
        ),
        (
            "set changed", [("set header.height 44 in compact", "set header.height 50 in compact")],
            "change set header.height 50 in compact"
        ),
        (
            "set removed", [("set header.height 44 in compact\n", "")],
            "remove set header.height in compact"
        ),
        (
            "variant removed",
            [("variant compact canvas 320 568\nset header.height 44 in compact\n", "")],
            "remove variant compact"
        ),
        (
            "constraint lines reordered",
            [
                ("title.height == 24\n", ""),
                ("# side margins\n", "# side margins\ntitle.height == 24\n"),
            ],
            "no changes"
        ),
        (
            "a view line moved: the view is listed and drawn in its new place",
            [
                ("view note frame 5 500 50 20 autoresize top\n", ""),
                (
                    "# the home screen\n",
                    "# the home screen\nview note frame 5 500 50 20 autoresize top\n"
                ),
            ],
            "move view note: declared first"
        ),
    ]

    @Test(
        "editing one line and re-applying gives the frames of a fresh apply of the edited script",
        arguments: edits.indices)
    func editAndReapply(_ index: Int) {
        let (kind, changes, planned) = Self.edits[index]
        let text = edited(changes)
        let box = project()
        let path = box.write("home.layout", text)
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(kind): \(r.stderr)")
        #expect(r.stdout.contains(planned), "\(kind): plan was\n\(r.stdout)")
        let fresh = project(text)
        #expect(frames(box) == frames(fresh), "\(kind)")
        // The project now holds the edited file: applying it again changes nothing.
        #expect(box.run(["apply", path]).stdout.contains("home.layout: no changes"), "\(kind)")
        #expect(box.run(["doctor"]).status == 0, "\(kind): \(box.run(["doctor"]).stdout)")
    }

    @Test("a `layout` section added to the file is made by the re-apply, as a fresh apply makes it")
    func layoutSectionAdded() {
        let box = project()
        let text =
            Self.script + """
                layout side
                canvas 200 300
                metric inset 6
                view panel
                panel.left == |.left + inset; panel.top == |.top + inset
                panel.width == 50; panel.height == 60

                """
        let path = box.write("home.layout", text)
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("side: add view panel"), "\(r.stdout)")
        let fresh = project(text)
        #expect(frames(box) == frames(fresh))
        let side = ["frames", "--layout", "side", "--format", "csv"]
        #expect(box.run(side).stdout == fresh.run(side).stdout)
        #expect(box.run(side).stdout.contains("panel,6,6,50,60"), "\(box.run(side).stdout)")
        #expect(box.run(["apply", path]).stdout.contains("home.layout: no changes"))

        // Taken out again, the section takes its layout with it: a fresh apply has none.
        box.write("home.layout", Self.script)
        let back = box.run(["apply", path])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout == "side: remove layout side\n", "\(back.stdout)")
        let gone = box.run(side)
        #expect(gone.status == 65 && gone.stderr.contains("no layout `side`"), "\(gone.stderr)")
        #expect(frames(box) == frames(project()))
        #expect(box.run(["doctor"]).status == 0)
    }

    @Test("a `layout` section taken out of the file leaves a layout that holds more than it made")
    func layoutSectionRemovedKeepsWhatOthersMade() {
        let text = Self.script + "layout side\nview panel\npanel.width == 5\n"
        let box = project(text)
        #expect(box.run(["--layout", "side", "variant", "create", "tall"]).status == 0)
        let path = box.write("home.layout", Self.script)
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("remove layout"), "\(r.stdout)")
        #expect(r.stdout.contains("side: remove view panel"), "\(r.stdout)")
        let views = box.run(["--layout", "side", "views"])
        #expect(views.status == 0 && !views.stdout.contains("panel"), "\(views.stdout)")
        #expect(box.sql("select count(*) from variants where name = 'tall'") == "1")
    }

    @Test(
        "a view removed or renamed from the command line stays so on a re-apply; a changed line naming it is refused, saying what to do"
    )
    func viewRemovedSinceStaysRemoved() {
        let box = project()
        #expect(box.run(["rename-view", "caption", "label", "-q"]).status == 0)
        #expect(box.run(["remove-view", "note", "-q"]).status == 0)
        // An edit elsewhere: neither view comes back, as a removed constraint does not.
        var text = edited([("header.height == 80", "header.height == 90")])
        let path = box.write("home.layout", text)
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("add view"), "\(r.stdout)")
        let views = box.run(["views"]).stdout
        #expect(views.contains("label") && !views.contains("caption") && !views.contains("note"))
        // A line the script changes that names the renamed view is refused whole.
        text = text.replacingOccurrences(of: "caption.width == 40", with: "caption.width == 44")
        expectRefused(
            box, text,
            saying:
                "home.layout:22:1: `caption.width == 44` names view `caption`, which was removed or renamed",
            "`layoutdb views` lists them")
        // Named as the project now does, the edit applies: the renamed view's constraints
        // are still known by the lines that made them, so the edited one replaces its
        // old form instead of joining it.
        text = text.replacingOccurrences(of: "view caption", with: "view label")
            .replacingOccurrences(of: "caption.", with: "label.")
        box.write("home.layout", text)
        let renamed = box.run(["apply", path])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout.contains("remove constraint label.width == 40"), "\(renamed.stdout)")
        #expect(box.sql("select count(*) from constraints where source like 'label.width%'") == "1")
        #expect(
            box.sql("select width from solved_frames where view = 'label' and variant = 'base'")
                == "44.0")
    }

    @Test(
        "a variant removed from the command line stays so on a re-apply; a changed line in it is refused"
    )
    func variantRemovedSinceStaysRemoved() {
        let box = project()
        #expect(box.run(["variant", "remove", "compact", "-q"]).status == 0)
        var text = edited([("header.height == 80", "header.height == 90")])
        let path = box.write("home.layout", text)
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("variant compact"), "\(r.stdout)")
        #expect(box.sql("select count(*) from variants") == "0")
        text = text.replacingOccurrences(of: "set header.height 44", with: "set header.height 40")
        expectRefused(
            box, text,
            saying:
                "home.layout:24:1: `set header.height 40 in compact` is in variant `compact`, which was removed"
        )
    }

    /// Writes `text` as `home.layout` and re-applies it: refused (exit 65) with an error
    /// holding each of `parts`, and the project as it was.
    func expectRefused(_ box: Sandbox, _ text: String, saying parts: String...) {
        let path = box.write("home.layout", text)
        let snapshot = box.snapshot()
        let r = box.run(["apply", path])
        #expect(r.status == 65, "\(r.stdout)")
        for part in parts { #expect(r.stderr.contains(part), "\(r.stderr)") }
        #expect(box.snapshot() == snapshot)
    }

    @Test(
        "an edit whose variants have other dirty components re-solves each variant as a fresh apply does"
    )
    func variantsWithOtherDirt() {
        // `w0` is set in `small`: its base constant changed marks the base alone, while the
        // replaced constraint marks both, under a component named after the old row's id,
        // which the new row (not the last id: v3's follow) does not take.
        let script = """
            canvas 400 800
            view v0
            v0.left == root.left + 10; v0.top == root.top + 8
            w0: v0.width == 60
            v0.height == 44 @ 750
            view v2
            v2.left == root.left + 5; v2.top == v0.top + 30; v2.width == 59
            v2.height == 47 @ 750
            view v3
            v3.left == root.left; v3.top == root.top; v3.width == 5; v3.height == 5
            variant small canvas 320 568
            set w0 39 in small

            """
        let box = project(script)
        let edited = script.replacingOccurrences(of: "== 60", with: "== 134")
            .replacingOccurrences(of: "== 47 @ 750", with: "== 70 @ 750")
        let r = box.run(["apply", box.write("home.layout", edited), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let fresh = project(edited)
        for variant in ["base", "small"] {
            #expect(box.frameLines(variant: variant) == fresh.frameLines(variant: variant))
        }
        #expect(box.frameLines(variant: "small").contains("v2,5,38,59,70,0"))
    }

    @Test(
        "a script a fresh apply refuses for its order is refused: a name declared twice, a label or variant named above its declaration",
        arguments: [
            (
                "ratio: aside.width == body.width * 0.25",
                "ratio: aside.width == body.width * 0.25\nratio: caption.width == 30",
                "label `ratio` is already used in layout `main` (first at "
            ),
            (
                "view note frame", "view caption\nview note frame",
                "view `caption` is already declared in layout `main`"
            ),
            (
                "metric pad 16", "metric pad 16\nmetric pad 16",
                "metric `pad` is already defined in layout `main`"
            ),
            (
                "view header\n", "set narrow 120\nview header\n",
                "no constraint labelled `narrow` in layout `main`"
            ),
            (
                "variant compact canvas 320 568\nset header.height 44 in compact\n",
                "set header.height 44 in compact\nvariant compact canvas 320 568\n",
                "no variant `compact` in layout `main`"
            ),
        ])
    func refusedForItsOrder(_ lines: String, _ edited: String, _ error: String) {
        let box = project()
        let text = self.edited([(lines, edited)])
        let fresh = Sandbox()
        let made = fresh.run(["apply", fresh.write("home.layout", text), "-q"])
        #expect(made.status == 65 && made.stderr.contains(error), "\(made.stderr)")
        expectRefused(box, text, saying: error)
    }

    @Test(
        "a constraint given a label from the command line is still its line's: editing the line replaces it"
    )
    func labelledSinceStillTheLines() {
        let box = project()
        let id = box.sql("select id from constraints where source = 'title.height == 24'")
        #expect(box.run(["label", "#" + id, "th", "-q"]).status == 0)
        let path = box.write("home.layout", edited([("title.height == 24", "title.height == 30")]))
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("remove constraint th: title.height == 24"), "\(r.stdout)")
        #expect(
            frames(box) == frames(project(edited([("title.height == 24", "title.height == 30")]))))
    }

    @Test(
        "what the command line made or changed is kept; where the script changes it too, the script wins"
    )
    func commandLineEditsKept() {
        let box = project()
        #expect(box.run(["add", "caption.width >= 30", "--label", "capw", "-q"]).status == 0)
        #expect(box.run(["set-constant", "header.height", "100", "-q"]).status == 0)
        #expect(box.run(["set-constant", "ratio", "10", "-q"]).status == 0)
        #expect(box.run(["variant", "create", "tall", "--canvas", "400x900"]).status == 0)
        #expect(box.run(["set-frame", "badge", "1", "2", "3", "4", "-q"]).status == 0)

        // The VFL line changes; header.height, ratio, badge and the rest do not.
        var text = Self.script.replacingOccurrences(of: "-8-[body]", with: "-12-[body]")
        let path = box.write("home.layout", text)
        var r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("header.height"), "\(r.stdout)")
        #expect(box.run(["get", "capw"]).status == 0)
        #expect(box.sql("select count(*) from variants where name = 'tall'") == "1")
        #expect(
            box.sql("select constant from constraints where label = 'header.height'") == "100.0")
        #expect(box.sql("select constant from constraints where label = 'ratio'") == "10.0")
        #expect(
            box.sql("select frame_x || ' ' || frame_height from views where name = 'badge'")
                == "1.0 4.0")

        // Now the script changes header.height itself: the script wins, and says so.
        text = text.replacingOccurrences(of: "header.height == 80", with: "header.height == 90")
        box.write("home.layout", text)
        r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("header.height == 90 (replaces an edit made since)"), "\(r.stdout)")
        #expect(box.sql("select constant from constraints where label = 'header.height'") == "90.0")
        #expect(box.sql("select constant from constraints where label = 'ratio'") == "10.0")
        #expect(box.run(["get", "capw"]).status == 0)
    }

    @Test("re-applying an unchanged script prints no changes and writes nothing")
    func unchangedWritesNothing() {
        let box = project()
        _ = box.run(["solve", "-q"])
        let path = box.directory.appending(path: "home.layout").path
        let before = box.bytes()
        let seen = dataVersions(box, around: ["apply", path])
        #expect(seen.run.contains("home.layout: no changes"), "\(seen.run)")
        #expect(!seen.before.isEmpty && seen.before == seen.after, "data_version \(seen)")
        #expect(box.bytes() == before)
    }

    @Test("a script of several layouts re-applies each, and export gives each its own lines")
    func severalLayouts() {
        let text = """
            # the phone
            canvas 300 600
            view a
            a.left == |.left; a.top == |.top; a.width == 10; a.height == 10

            # the tablet
            layout tablet
            canvas 800 600
            view b
            b.left == |.left + 5; b.top == |.top; bw: b.width == 20; b.height == 10

            """
        let box = Sandbox()
        let path = box.write("multi.layout", text)
        #expect(box.run(["apply", path, "-q"]).status == 0)
        let edited = text.replacingOccurrences(of: "bw: b.width == 20", with: "bw: b.width == 40")
            .replacingOccurrences(of: "view a\n", with: "view a\nview c in a frame 1 1 2 2\n")
        box.write("multi.layout", edited)
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("add view c in a"), "\(r.stdout)")
        #expect(
            r.stdout.contains("tablet: change constraint bw: b.width == 20 → bw: b.width == 40"),
            "\(r.stdout)")
        let fresh = Sandbox()
        #expect(fresh.run(["apply", fresh.write("multi.layout", edited), "-q"]).status == 0)
        for layout in ["main", "tablet"] {
            let frames = ["frames", "--format", "csv", "--layout", layout]
            #expect(box.run(frames).stdout == fresh.run(frames).stdout, "\(layout)")
        }
        let tablet = box.run(["export", "--layout", "tablet"]).stdout
        #expect(
            tablet.contains("# the tablet\nlayout tablet\ncanvas 800 600\nview b\n"), "\(tablet)")
        #expect(!tablet.contains("view a"), "\(tablet)")
    }

    @Test(
        "--dry-run of a file the project does not hold yet lists what it would add, also where there is no project file yet (then none is created)",
        arguments: [true, false])
    func dryRunOfAFirstApply(projectExists: Bool) {
        let box = projectExists ? project() : Sandbox()
        let path = box.write("more.layout", "view extra\nextra.width == 10\n")
        // (sqlite3 would make the file it is asked to read: no snapshot without one.)
        let before = projectExists ? box.snapshot() : ""
        let r = box.run(["apply", path, "--dry-run"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout
                == "add view extra\nadd constraint extra.width == 10\ndry run: nothing written\n",
            "\(r.stdout)")
        #expect(FileManager.default.fileExists(atPath: box.db) == projectExists)
        #expect((projectExists ? box.snapshot() : "") == before)
        // A script the dry run refuses is refused as an apply would refuse it.
        let bad = box.run(["apply", box.write("bad.layout", "view a\nb.width == 1\n"), "--dry-run"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("bad.layout:2:1"), "\(bad.stderr)")
        #expect(FileManager.default.fileExists(atPath: box.db) == projectExists)
    }

    @Test(
        "--dry-run of a file new to the project refuses what its apply refuses: a view, label or metric the layout has",
        arguments: [
            ("view header\n", ["more.layout:1:1: view `header` is already declared"]),
            ("metric pad 4\n", ["more.layout:1:1: metric `pad` is already defined"]),
            (
                "view extra\nextra.top == root.top; wide: extra.width == 3\n",
                [
                    "more.layout:2:24: label `wide` is already used in layout `main` (first at ",
                    "/home.layout:15:1)",
                ]
            ),
        ])
    func dryRunOfAFirstApplyRefusesWhatItWouldTakeOver(_ script: (String, [String])) {
        let box = project()
        let path = box.write("more.layout", script.0)
        let before = box.snapshot()
        let dry = box.run(["apply", path, "--dry-run"])
        let real = box.run(["apply", path])
        #expect(dry.status == 65 && real.status == 65, "\(dry.stdout)\(dry.stderr)")
        for part in script.1 { #expect(dry.stderr.contains(part), "\(dry.stderr)") }
        #expect(dry.stderr == real.stderr)
        #expect(box.snapshot() == before)
    }

    @Test("a re-apply writes only what changed: a constant marks its components, not the layout")
    func onlyWhatChangedIsMarked() {
        let box = project()
        let path = box.write(
            "home.layout", edited([("header.height == 80", "header.height == 90")]))
        let r = box.run(["apply", path, "--no-solve", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let marks = box.sql("select component from dirty").split(separator: "\n")
        #expect(!marks.isEmpty)
        #expect(!marks.contains("-1"), "the whole layout was marked: \(marks)")
        #expect(
            box.sql("select count(*) from views") == project().sql("select count(*) from views"))
        #expect(box.run(["solve", "-q"]).status == 0)
        #expect(
            frames(box) == frames(project(edited([("header.height == 80", "header.height == 90")])))
        )
    }

    @Test("--dry-run prints the plan and writes nothing")
    func dryRunWritesNothing() {
        let box = project()
        let path = box.write(
            "home.layout",
            edited([
                ("header.height == 80", "header.height == 90"),
                ("view note frame", "view extra\nview note frame"),
            ]))
        let snapshot = box.snapshot()
        let before = box.bytes()
        let seen = dataVersions(box, around: ["apply", path, "--dry-run"])
        #expect(seen.run.contains("change constraint header.height"), "\(seen.run)")
        #expect(seen.run.contains("add view extra"), "\(seen.run)")
        #expect(seen.run.contains("dry run: nothing written"), "\(seen.run)")
        #expect(!seen.before.isEmpty && seen.before == seen.after, "data_version \(seen)")
        #expect(box.bytes() == before)
        #expect(box.snapshot() == snapshot)
    }

    @Test(
        "views are listed and drawn in the script's order: a re-apply that moves a view line says so and moves it; one that leaves the order keeps an order set by move-view"
    )
    func viewOrder() {
        let box = project()
        let path = box.directory.appending(path: "home.layout").path
        let reordered = edited([
            ("view title in header\n", ""), ("view body\n", "view body\nview title in header\n"),
        ])
        box.write("home.layout", reordered)
        let plan = box.run(["apply", path, "--dry-run"])
        #expect(plan.stdout.contains("move view body: declared after header"), "\(plan.stdout)")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        let fresh = Sandbox()
        #expect(fresh.run(["apply", fresh.write("home.layout", reordered), "-q"]).status == 0)
        #expect(box.run(["views"]).stdout == fresh.run(["views"]).stdout)
        #expect(
            box.run(["frames", "--format", "csv"]).stdout
                == fresh.run(["frames", "--format", "csv"]).stdout)

        // `move-view` puts `header` (and `title`) after `note`; an edit that leaves the
        // script's order as it was keeps that.
        #expect(box.run(["move-view", "header", "--into", "note", "-q"]).status == 0)
        let order = box.run(["views"]).stdout
        #expect(order != fresh.run(["views"]).stdout)
        box.write(
            "home.layout", reordered.replacingOccurrences(of: "== 24", with: "== 26"))
        #expect(box.run(["apply", path, "-q"]).status == 0)
        #expect(box.run(["views"]).stdout == order)
        // A view added between two moves no other: `header` stays after `note` (with a
        // metric changed, the whole-image plan; the stretch road moves none either).
        box.write(
            "home.layout",
            reordered.replacingOccurrences(of: "view aside", with: "view extra\nview aside")
                .replacingOccurrences(of: "metric pad 16", with: "metric pad 18"))
        #expect(box.run(["apply", path, "-q"]).status == 0)
        let lines = box.run(["frames", "--format", "csv"]).stdout.split(separator: "\n").map {
            String($0.prefix { $0 != "," })
        }
        #expect(lines.contains("extra"))
        #expect(
            (lines.firstIndex(of: "note") ?? .max) < (lines.firstIndex(of: "header") ?? -1),
            "\(lines)")
    }

    @Test(
        "a re-apply that conflicts, or no longer parses, is refused whole: the file is byte-identical",
        arguments: [
            ("title.height == 24", "title.height == 24; title.height == 30", "cannot all hold"),
            ("view body", "view body in nowhere", "nowhere"),
            ("header.height == 80", "header.height == == 80", "home.layout:"),
        ])
    func refusedWhole(_ edit: (String, String, String)) {
        let box = project()
        let path = box.directory.appending(path: "home.layout").path
        let snapshot = box.snapshot()
        let before = box.bytes()
        box.write("home.layout", edited([(edit.0, edit.1)]))
        let r = box.run(["apply", path])
        #expect(r.status == 65, "\(r.status) \(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains(edit.2), "\(r.stderr)")
        #expect(box.bytes() == before, "the file changed")
        #expect(box.snapshot() == snapshot)
        // The project still holds the script as it was: the original applies as no change.
        box.write("home.layout", Self.script)
        #expect(box.run(["apply", path]).stdout.contains("no changes"))
    }

    @Test(
        "a `set`, `priority` or `activate` left naming a label or variant the edit took away is refused at its FILE:LINE:COL, by --dry-run too",
        arguments: [
            // The label's declaration goes; the variant's `set` of it stays.
            (
                [("header.height: header.height == 80", "header.height == 80")],
                "home.layout:24:5: no constraint labelled `header.height` in layout `main`"
            ),
            // A new statement naming a label the layout never had.
            (
                [("set header.height 44 in compact", "deactivate wider in compact")],
                "home.layout:24:12: no constraint labelled `wider` in layout `main`; did you mean `wide`?"
            ),
            (
                [
                    ("wide: title.width", "title.width"),
                    ("set header.height 44 in compact", "priority wide 10 in compact"),
                ],
                "home.layout:24:10: no constraint labelled `wide` in layout `main`"
            ),
            // The variant goes; its `set` stays.
            (
                [("variant compact canvas 320 568\n", "")],
                "home.layout:23:25: no variant `compact` in layout `main` (declare it with `variant compact`)"
            ),
            (
                [("set header.height 44 in compact", "set header.height 44 in compakt")],
                "home.layout:24:25: no variant `compakt` in layout `main`; did you mean `compact`?"
            ),
        ])
    func labelTakenAway(_ edit: ([(String, String)], String)) {
        let box = project()
        let path = box.directory.appending(path: "home.layout").path
        let snapshot = box.snapshot()
        box.write("home.layout", edited(edit.0))
        for dryRun in [["--dry-run"], []] {
            let r = box.run(["apply", path] + dryRun)
            #expect(r.status == 65, "\(dryRun) \(r.status) \(r.stdout) \(r.stderr)")
            #expect(r.stderr.contains(edit.1), "\(dryRun) \(r.stderr)")
        }
        #expect(box.snapshot() == snapshot)
    }

    @Test("--replace throws away what the layout holds and takes the script, saying so first")
    func replace() {
        let box = project()
        #expect(box.run(["add", "caption.width >= 30", "--label", "capw", "-q"]).status == 0)
        let text = edited([("header.height == 80", "header.height == 60")])
        let path = box.write("home.layout", text)
        let r = box.run(["apply", path, "--replace"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("replace layout main"), "\(r.stdout)")
        #expect(box.run(["get", "capw"]).status == 65)
        #expect(frames(box) == frames(project(text)))
    }

    // MARK: The source survives

    @Test("export of a project made by one apply gives back the script's lines in order")
    func exportGivesBackTheScript() {
        let box = project()
        let r = box.run(["export"])
        #expect(r.status == 0, "\(r.stderr)")
        func words(_ text: String) -> [String] {
            text.split(separator: "\n").map {
                $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            .filter { !$0.isEmpty }
        }
        #expect(words(r.stdout) == ["# layoutdb export", "layout main"] + words(Self.script))
        // Exported and applied again, it is still the same script.
        let again = Sandbox()
        #expect(again.run(["apply", again.write("x.layout", r.stdout), "-q"]).status == 0)
        #expect(words(again.run(["export"]).stdout) == words(r.stdout))
    }

    @Test(
        "export of a script of layout sections gives back its lines in order, comments at the ends of lines too, and is a fixpoint"
    )
    func exportOfLayoutSections() {
        let script = """
            canvas 100 100
            view a frame 0 0 10 10
            # phone comment
            layout phone
            canvas 320 480   # the phone's
            view b frame 0 0 10 10

            # tablet section
            layout tablet   # big
            canvas 768 1024
            view c frame 0 0 10 10
            layout side; view d frame 1 1 2 2   # a line of its own

            """
        let box = project(script)
        let r = box.run(["export", "--all"])
        #expect(r.status == 0, "\(r.stderr)")
        // The documented header, then the script as written.
        #expect(r.stdout == "# layoutdb export\n\nlayout main\n" + script, "\(r.stdout)")
        let again = Sandbox()
        #expect(again.run(["apply", again.write("x.layout", r.stdout), "-q"]).status == 0)
        #expect(again.run(["export", "--all"]).stdout == r.stdout)
        for layout in ["main", "phone", "tablet", "side"] {
            let frames = ["frames", "--format", "csv", "--layout", layout]
            #expect(again.run(frames).stdout == box.run(frames).stdout, "\(layout)")
        }
        // One layout alone: its own lines, its `layout` line among them.
        let tablet = box.run(["export", "--layout", "tablet"]).stdout
        #expect(
            tablet
                == "# layoutdb export\n\n# tablet section\nlayout tablet   # big\ncanvas 768 1024\nview c frame 0 0 10 10\n",
            "\(tablet)")
        // An edited `layout` line's statements are written as the project holds them, the
        // layout switch first.
        #expect(
            box.run(["set-frame", "d", "2", "2", "2", "2", "--layout", "side", "-q"]).status == 0)
        let edited = box.run(["export", "--all"]).stdout
        #expect(
            edited.hasSuffix("\nview c frame 0 0 10 10\nlayout side\nview d frame 2 2 2 2\n"),
            "\(edited)")
        let copy = Sandbox()
        #expect(copy.run(["apply", copy.write("x.layout", edited), "-q"]).status == 0)
        let side = ["frames", "--format", "csv", "--layout", "side"]
        #expect(copy.run(side).stdout == box.run(side).stdout)
        #expect(copy.run(["export", "--all"]).stdout == edited)
    }

    @Test(
        "a file's line naming a label or variant the command line made before it: export writes the layout so that it applies"
    )
    func exportOfLinesNamingCommandLineThings() {
        let box = project("canvas 100 100\nview a frame 0 0 10 10\n")
        #expect(box.run(["add", "a.width == 5", "--label", "x", "-q"]).status == 0)
        #expect(box.run(["variant", "create", "v2", "-q"]).status == 0)
        let path = box.write("later.layout", "deactivate x\nset x 7 in v2\npriority x 300 in v2\n")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        // The command line's constraint and variant are written after the kept lines, so
        // those lines cannot come first: the layout is written as the project holds it.
        let r = box.run(["export"])
        #expect(r.status == 0, "\(r.stderr)")
        let copy = Sandbox()
        let again = copy.run(["apply", copy.write("x.layout", r.stdout), "-q"])
        #expect(again.status == 0, "\(again.stderr)\n\(r.stdout)")
        for variant in ["base", "v2"] {
            let frames = ["frames", "--format", "csv", "--variant", variant]
            #expect(copy.run(frames).stdout == box.run(frames).stdout, "\(variant)")
        }
        let rows = """
            select label, relation, constant, priority, active from constraints order by ordinal;
            select v.name, c.label, k.constant from variant_constants k
                join variants v on v.id = k.variant_id join constraints c on c.id = k.constraint_id;
            select v.name, c.label, o.priority, o.active from variant_constraint_overrides o
                join variants v on v.id = o.variant_id join constraints c on c.id = o.constraint_id;
            """
        #expect(copy.sql(rows) == box.sql(rows))
        #expect(box.sql(rows) == "x|==|5.0|1000.0|0\nv2|x|7.0\nv2|x|300.0|")
        #expect(copy.run(["export"]).stdout == r.stdout)
    }

    @Test("a file of comments alone keeps its lines, and export gives them back after the header")
    func commentsAlone() {
        let script = "# only a comment\n\n# another\n"
        let box = project(script)
        #expect(box.sql("select count(*) from script_lines") != "0")
        let r = box.run(["export"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "# layoutdb export\n\nlayout main\n" + script, "\(r.stdout)")
        let again = Sandbox()
        #expect(again.run(["apply", again.write("x.layout", r.stdout), "-q"]).status == 0)
        #expect(again.run(["export"]).stdout == r.stdout)
        // Applied unchanged, it is held: nothing to do.
        let same = box.run(["apply", box.directory.appending(path: "home.layout").path])
        #expect(same.stdout.contains("no changes"), "\(same.stdout)\(same.stderr)")
        // Into a layout the project does not have yet: made for its lines, as a script's
        // statements would make it.
        let other = Sandbox()
        let path = other.write("notes.layout", script)
        let into = other.run(["apply", path, "--layout", "notes", "-q"])
        #expect(into.status == 0, "\(into.stderr)")
        #expect(
            other.run(["export", "--layout", "notes"]).stdout
                == "# layoutdb export\n\nlayout notes\n" + script)
    }

    @Test("export writes an edited statement as it now is and what the command line added after")
    func exportReflectsEdits() {
        let box = project()
        #expect(box.run(["set-constant", "header.height", "100", "-q"]).status == 0)
        #expect(
            box.run(["set-constant", "header.height", "30", "--variant", "compact", "-q"]).status
                == 0)
        #expect(box.run(["add", "caption.width >= 30", "--label", "capw", "-q"]).status == 0)
        #expect(box.run(["move-view", "badge", "--into", "header", "-q"]).status == 0)
        let export = box.run(["export"]).stdout
        #expect(export.contains("header.height: header.height == 100\n"), "\(export)")
        #expect(export.contains("set header.height 30 in compact\n"), "\(export)")
        #expect(export.contains("view badge in header frame 10 10 20 20\n"), "\(export)")
        #expect(export.contains("H:|-pad-[body]-pad-|   # side margins\n"), "\(export)")
        #expect(export.hasSuffix("capw: caption.width >= 30\n"), "\(export)")
        let copy = Sandbox()
        #expect(copy.run(["apply", copy.write("x.layout", export), "-q"]).status == 0)
        #expect(frames(copy) == frames(box))
    }

    @Test("export works as a git textconv driver: on a path argument after the command")
    func textconv() {
        let box = project(Self.script + "layout side\nview panel\npanel.width == 5\n")
        _ = box.run(["solve", "-q"])
        // git hands the driver a temporary copy of the blob, its path as the last argument.
        let copy = box.directory.appending(path: "tmp_app.layoutdb").path
        try? FileManager.default.copyItem(atPath: box.db, toPath: copy)
        // The README's driver, word for word: every layout, not only `main`.
        let r = box.run(["export", "--all", "--db", copy], db: false)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("H:|-pad-[body]-pad-|"), "\(r.stdout)")
        #expect(r.stdout.contains("layout side\nview panel\npanel.width == 5"), "\(r.stdout)")
        let readme = fixtures.appending(path: "../../README.md").standardized
        let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
        #expect(text.contains("textconv \"layoutdb export --all --db\""), "\(readme.path)")
    }

    @Test("export of a layout the project does not have is refused, as other reads refuse it")
    func exportOfAnUnknownLayout() {
        let box = project()
        let r = box.run(["--layout", "mian", "export"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("no layout `mian` in the project; did you mean `main`?"))
        #expect(r.stdout.isEmpty)
    }

    // MARK: Property

    /// A random layout: views in a tree, each placed and sized by constraints to its
    /// parent or an earlier sibling, some labelled, a metric, a variant.
    struct RandomScript {
        var views: [(name: String, parent: String)] = []
        var lines: [String] = []

        static func make(_ rng: inout SeededGenerator) -> [String] {
            var lines = ["canvas 400 800", "metric gap \(Int.random(in: 0...20, using: &rng))"]
            var names: [String] = []
            for i in 0..<Int.random(in: 3...8, using: &rng) {
                let name = "v\(i)"
                let parent =
                    names.isEmpty || Bool.random(using: &rng)
                    ? "root" : names.randomElement(using: &rng)!
                lines.append("view \(name)" + (parent == "root" ? "" : " in \(parent)"))
                let anchor = parent == "root" ? "|" : parent
                lines.append(
                    "\(name).left == \(anchor).left + \(Int.random(in: 0...30, using: &rng))")
                lines.append("\(name).top == \(anchor).top + gap")
                lines.append("w\(i): \(name).width == \(Int.random(in: 10...100, using: &rng))")
                if Bool.random(using: &rng), let other = names.randomElement(using: &rng) {
                    lines.append("\(name).height == \(other).height * 0.5 + 4")
                } else {
                    lines.append(
                        "\(name).height == \(Int.random(in: 10...100, using: &rng)) @ high")
                }
                names.append(name)
            }
            lines.append("variant small canvas 320 568")
            lines.append("set w0 \(Int.random(in: 1...50, using: &rng)) in small")
            return lines
        }

        /// One random edit of `lines`: a constant, a metric, a line removed with what
        /// depends on it, lines swapped, a view added, the variant changed, removed or
        /// added back, an override in the variant added.
        static func edit(_ lines: [String], _ rng: inout SeededGenerator) -> [String] {
            var lines = lines
            let variant = lines.firstIndex { $0.hasPrefix("variant small") }
            switch Int.random(in: 0...6, using: &rng) {
            case 0:
                lines = lines.map {
                    $0.hasPrefix("metric gap")
                        ? "metric gap \(Int.random(in: 0...40, using: &rng))" : $0
                }
            case 1:
                let i = Int.random(in: 0..<lines.count, using: &rng)
                if lines[i].hasPrefix("w"), let eq = lines[i].range(of: "== ") {
                    lines[i] =
                        String(lines[i][..<eq.upperBound])
                        + "\(Int.random(in: 5...150, using: &rng))"
                }
            case 2:
                // Remove the last view and every line that names it or its label (`wN`
                // of `vN`).
                if let last = lines.last(where: { $0.hasPrefix("view ") }) {
                    let name = String(last.split(separator: " ")[1])
                    let label = "w" + name.dropFirst()
                    lines.removeAll {
                        $0.range(of: "\\b(\(name)|\(label))\\b", options: .regularExpression)
                            != nil
                    }
                }
            case 3:
                // Swap two constraint lines of the same view (order is not identity).
                if let i = lines.firstIndex(where: { $0.contains(".left ==") }),
                    i + 1 < lines.count,
                    !lines[i + 1].hasPrefix("view")
                {
                    lines.swapAt(i, i + 1)
                }
            case 4:
                // The variant's canvas changed, or the variant taken out with every line
                // in it; where it is gone, it comes back.
                if let variant, Bool.random(using: &rng) {
                    let (w, h) = (
                        Int.random(in: 200...400, using: &rng),
                        Int.random(in: 300...900, using: &rng)
                    )
                    lines[variant] = "variant small canvas \(w) \(h)"
                } else if variant != nil {
                    lines.removeAll { $0.hasPrefix("variant small") || $0.hasSuffix(" in small") }
                } else {
                    lines.append("variant small canvas 320 568")
                }
            case 5:
                // An override of a label or view in the variant, after the variant.
                let labels = lines.compactMap { line in
                    line.hasPrefix("w") ? line.split(separator: ":").first.map(String.init) : nil
                }
                if variant != nil, let label = labels.randomElement(using: &rng) {
                    let view = "v" + label.dropFirst()
                    lines.append(
                        [
                            "set \(label) \(Int.random(in: 1...90, using: &rng)) in small",
                            "priority \(label) \(Int.random(in: 500...900, using: &rng)) in small",
                            "hide \(view) in small",
                        ].randomElement(using: &rng)!)
                }
            default:
                // A view added at the end, or before one of the views: it is listed, and
                // drawn, where it is declared.
                var n = lines.filter { $0.hasPrefix("view ") }.count
                while lines.contains("view extra\(n)") { n += 1 }
                let at =
                    Bool.random(using: &rng)
                    ? (variant ?? lines.count)
                    : lines.indices.filter { lines[$0].hasPrefix("view ") }
                        .randomElement(using: &rng) ?? (variant ?? lines.count)
                lines.insert("view extra\(n)", at: at)
                lines.insert(
                    "extra\(n).left == |.left; extra\(n).top == |.top + 5; extra\(n).width == 8; extra\(n).height == 9",
                    at: at + 1)
            }
            return lines
        }
    }

    @Test("random scripts, random edits: re-apply gives the frames of a fresh apply")
    func randomEdits() {
        var rng = SeededGenerator(seed: testSeed("randomEdits"))
        for round in 0..<6 {
            var lines = RandomScript.make(&rng)
            let box = Sandbox()
            let path = box.write("r.layout", lines.joined(separator: "\n") + "\n")
            #expect(box.run(["apply", path, "-q"]).status == 0)
            for _ in 0..<3 {
                lines = RandomScript.edit(lines, &rng)
                let text = lines.joined(separator: "\n") + "\n"
                box.write("r.layout", text)
                let r = box.run(["apply", path, "-q"])
                #expect(r.status == 0, "round \(round): \(r.stderr)\n\(text)")
                let fresh = Sandbox()
                #expect(fresh.run(["apply", fresh.write("r.layout", text), "-q"]).status == 0)
                for variant in ["base", "small"] {
                    #expect(
                        box.frameLines(variant: variant) == fresh.frameLines(variant: variant),
                        "round \(round) \(variant):\n\(text)")
                }
                #expect(
                    box.run(["views"]).stdout == fresh.run(["views"]).stdout,
                    "round \(round): the views in declaration order\n\(text)")
            }
        }
    }

    @Test(
        "random command-line edits, then export -o and re-apply: nothing moves, as a fresh apply of the export; an edit of it re-applies as a fresh apply"
    )
    func commandLineEditsThenExport() {
        var rng = SeededGenerator(seed: testSeed("command line, then export"))
        func frames(_ box: Sandbox) -> [String] {
            ["base", "small"].flatMap {
                box.run(["frames", "--format", "csv", "--variant", $0]).stdout
                    .split(separator: "\n").map(String.init).sorted()
            }
        }
        for round in 0..<4 {
            let lines = RandomScript.make(&rng)
            let box = Sandbox()
            let path = box.write("r.layout", lines.joined(separator: "\n") + "\n")
            #expect(box.run(["apply", path, "-q"]).status == 0)
            // Edits a script can say only after the fact: a view renamed, a constraint
            // labelled, a constant changed, the variant removed.
            var views = lines.filter { $0.hasPrefix("view ") }.map {
                String($0.split(separator: " ")[1])
            }
            var done: [String] = []
            for _ in 0..<3 {
                switch Int.random(in: 0...3, using: &rng) {
                case 0:
                    let i = Int.random(in: 0..<views.count, using: &rng)
                    done.append("rename-view \(views[i]) \(views[i])r")
                    #expect(box.run(["rename-view", views[i], views[i] + "r", "-q"]).status == 0)
                    views[i] += "r"
                case 1:
                    let ids = box.sql(
                        "select id from constraints where kind = 'user' and label is null"
                    )
                    .split(separator: "\n")
                    if let id = ids.randomElement(using: &rng) {
                        done.append("label #\(id) lab\(id)")
                        #expect(box.run(["label", "#\(id)", "lab\(id)", "-q"]).status == 0)
                    }
                case 2:
                    done.append("set-constant w0")
                    let value = "\(Int.random(in: 5...90, using: &rng))"
                    #expect(box.run(["set-constant", "w0", value, "-q"]).status == 0)
                default:
                    done.append("variant remove small")
                    _ = box.run(["variant", "remove", "small", "-q"])
                }
            }
            let before = frames(box)
            var text = box.run(["export"]).stdout
            box.write("r.layout", text)
            let r = box.run(["apply", path, "-q"])
            #expect(r.status == 0, "round \(round) \(done): \(r.stderr)\n\(text)")
            #expect(frames(box) == before, "round \(round) \(done): the re-apply moved something")
            let fresh = Sandbox()
            #expect(fresh.run(["apply", fresh.write("r.layout", text), "-q"]).status == 0)
            #expect(frames(box) == frames(fresh), "round \(round) \(done):\n\(text)")

            // Then an edit of the exported file: a width changed.
            var edited = text.split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            let widths = edited.indices.filter { edited[$0].contains(".width ==") }
            if let i = widths.randomElement(using: &rng),
                let eq = edited[i].range(of: "== ", options: .backwards)
            {
                edited[i] =
                    String(edited[i][..<eq.upperBound]) + "\(Int.random(in: 5...150, using: &rng))"
            }
            text = edited.joined(separator: "\n")
            box.write("r.layout", text)
            let again = box.run(["apply", path, "-q"])
            let fresh2 = Sandbox()
            let freshAgain = fresh2.run(["apply", fresh2.write("r.layout", text), "-q"])
            #expect(again.status == freshAgain.status, "round \(round) \(done): \(again.stderr)")
            #expect(frames(box) == frames(fresh2), "round \(round) \(done):\n\(text)")
        }
    }

    // MARK: Concurrency

    /// Exit statuses collected from concurrent runs.
    final class Statuses: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [String: Int32] = [:]
        func record(_ what: String, _ status: Int32) { lock.withLock { all[what] = status } }
        var failures: [String: Int32] { lock.withLock { all.filter { $0.value != 0 } } }
        var count: Int { lock.withLock { all.count } }
    }

    @Test("one process re-applying while another edits: every run succeeds and no edit is lost")
    func concurrentReapplyAndEdits() {
        let box = project()
        let versions = [
            Self.script.replacingOccurrences(
                of: "header.height == 80", with: "header.height == 90"),
            Self.script,
        ]
        let statuses = Statuses()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in 0..<8 {
                if worker == 0 {
                    // Each version under its own name, so the writer never reads a half file.
                    let path = box.write("v\(i).layout", versions[i % 2])
                    try? FileManager.default.removeItem(
                        atPath: box.directory.appending(path: "home.layout").path)
                    try? FileManager.default.copyItem(
                        atPath: path, toPath: box.directory.appending(path: "home.layout").path)
                    let home = box.directory.appending(path: "home.layout").path
                    statuses.record("apply \(i)", box.run(["apply", home, "-q"]).status)
                } else {
                    let r = box.run(["add", "caption.width >= \(i)", "--label", "c\(i)", "-q"])
                    statuses.record("add \(i)", r.status)
                }
            }
        }
        #expect(statuses.count == 16)
        #expect(statuses.failures.isEmpty, "\(statuses.failures)")
        for i in 0..<8 { #expect(box.run(["get", "c\(i)"]).status == 0, "c\(i) was lost") }
        // The last version applied was the original script.
        #expect(box.sql("select constant from constraints where label = 'header.height'") == "80.0")
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    // MARK: Crash

    @Test("SIGKILL during a re-apply leaves the old project or the new one, consistent")
    func killedReapplyLeavesAllOrNothing() {
        var rng = SeededGenerator(seed: testSeed("killed re-apply"))
        let box = Sandbox()
        let n = 2000
        let original = chainScript(views: n)
        let path = box.write("chain.layout", original)
        let applied = box.directory.appending(path: "applied.layoutdb").path
        #expect(box.run(["apply", path, "-q", "--db", applied]).status == 0)
        // The edit: a new width for every view, and the last 200 views gone.
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        lines = lines.map { $0 == "w: v0.width == 10" ? "w: v0.width == 12" : $0 }
        lines.removeAll { line in
            (n - 200..<n).contains {
                line.range(of: "\\bv\($0)\\b", options: .regularExpression) != nil
            }
        }
        let edit = lines.joined(separator: "\n")
        box.copyProject(from: applied, to: box.db)
        box.write("chain.layout", edit)
        let start = Date()
        #expect(box.run(["apply", path, "-q"]).status == 0)
        var killer = RobustnessCrashTests.Killer(window: Date().timeIntervalSince(start))
        while killer.wantsMore(4) {
            box.copyProject(from: applied, to: box.db)
            let killed = killer.run(box, ["apply", path, "-q"], rng: &rng)
            RobustnessCrashTests.expectConsistent(box, "killed re-apply (killed: \(killed))")
            let views = box.sqlite("SELECT count(*) FROM views").stdout
            let width = box.sqlite("SELECT constant FROM constraints WHERE label = 'w'").stdout
            let state = "\(views) \(width)"
            #expect(
                state == "\(n + 1) 10.0" || state == "\(n - 199) 12.0", "half-written: \(state)")
            // Whichever it holds, applying the edit again brings it to the edit.
            #expect(box.run(["apply", path, "-q"]).status == 0)
            #expect(box.sqlite("SELECT count(*) FROM views").stdout == "\(n - 199)")
        }
    }
}
