import Foundation
import Testing

/// What a team living the git edit loop found: a re-apply must keep what the command line
/// did since, say what it does, and read a script as the person wrote it.
@Suite("Edit loop: what a team in git found")
struct EditLoopFollowUpTests {
    func frames(_ box: Sandbox, variant: String? = nil) -> String {
        box.run(["frames", "--format", "csv"] + (variant.map { ["--variant", $0] } ?? [])).stdout
    }

    /// The frames of a new project from `script` with `edits` replayed: what a re-apply
    /// must give.
    func fresh(_ script: String, edits: [[String]], variant: String) -> String {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("s.layout", script), "-q"]).status == 0)
        for edit in edits { #expect(box.run(edit + ["-q"]).status == 0, "\(edit)") }
        return frames(box, variant: variant)
    }

    @Test(
        "a variant's override made on the command line stays when the script changes the constraint's relation",
        arguments: [false, true])
    func variantOverrideSurvivesRelationChange(wholeImage: Bool) {
        // With a `set ... in v` of another label the re-apply plans from the whole image;
        // without, from the changed line alone. Both keep the command line's edits.
        let before = """
            canvas 200 200
            view a
            a.left == 10; a.top == 10
            ah: a.height == 20 @ 900
            aw: a.width == 50
            variant v canvas 100 100
            variant w canvas 100 100

            """ + (wholeImage ? "set aw 40 in w\n" : "")
        let after = before.replacingOccurrences(
            of: "ah: a.height == 20", with: "ah: a.height >= 20"
        )
        .replacingOccurrences(of: "aw: a.width == 50", with: "aw: a.width >= 50")
        let edits = [
            ["set-constant", "ah", "60", "--variant", "v"],
            ["set-priority", "aw", "300", "--variant", "v"],
            ["deactivate", "aw", "--variant", "w"],
        ]
        let box = Sandbox()
        let script = box.write("s.layout", before)
        #expect(box.run(["apply", script, "-q"]).status == 0)
        for edit in edits { #expect(box.run(edit + ["-q"]).status == 0, "\(edit)") }
        box.write("s.layout", after)
        let plan = box.run(["apply", script, "--dry-run"]).stdout
        let reapply = box.run(["apply", script])
        #expect(reapply.status == 0, "\(reapply.stderr)")
        for line in [
            "add set ah 60 in v (made since on the command line; kept on the changed ah)",
            "add priority aw 300 in v (made since on the command line; kept on the changed aw)",
            "add deactivate aw in w (made since on the command line; kept on the changed aw)",
        ] {
            #expect(plan.contains(line), "\(plan)")
            #expect(reapply.stdout.contains(line), "\(reapply.stdout)")
        }
        for variant in ["v", "w"] {
            #expect(frames(box, variant: variant) == fresh(after, edits: edits, variant: variant))
        }
        #expect(box.run(["apply", script]).stdout.contains("no changes"))
    }

    @Test(
        "a script's own set in a variant, changed since on the command line, keeps that value when the script remakes the constraint"
    )
    func changedScriptSetSurvivesRelationChange() {
        let before = """
            canvas 200 200
            view a
            a.left == 10; a.top == 10; a.width == 50
            ah: a.height == 20 @ 900
            variant v canvas 100 100
            set ah 30 in v

            """
        let after = before.replacingOccurrences(of: "== 20 @", with: ">= 20 @")
        let edits = [["set-constant", "ah", "60", "--variant", "v"]]
        let box = Sandbox()
        box.write("s.layout", before)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        for edit in edits { #expect(box.run(edit + ["-q"]).status == 0) }
        box.write("s.layout", after)
        let reapply = box.run(["apply", "s.layout"])
        #expect(
            reapply.stdout.contains(
                "add set ah 60 in v (made since on the command line; kept on the changed ah)"),
            "\(reapply.stdout)")
        #expect(frames(box, variant: "v") == fresh(after, edits: edits, variant: "v"))
        #expect(box.run(["apply", "s.layout"]).stdout == "s.layout: no changes\n")
    }

    @Test(
        "a variant's override survives a relation change in an edit that also adds a view, and a labelled VFL line's change"
    )
    func variantOverrideSurvivesOnTheStretchRoad() {
        let before = """
            canvas 200 200
            view a
            view b
            a.left == 10; a.top == 10; a.width == 50
            ah: a.height == 20 @ 900
            g: H:|-10-[a(50)]-5-[b(30)]
            b.top == 0; b.height == 5
            variant v canvas 150 100

            """
        let after =
            before.replacingOccurrences(of: "view b\n", with: "view b\nview c\n")
            .replacingOccurrences(of: "ah: a.height == 20", with: "ah: a.height >= 20")
            .replacingOccurrences(of: "[b(30)]", with: "[b(>=30)]")
            + "c.left == 0; c.top == 0; c.width == 5; c.height == 5\n"
        let edits = [
            ["set-constant", "ah", "60", "--variant", "v"],
            ["set-constant", "g.4", "70", "--variant", "v"],
        ]
        let box = Sandbox()
        box.write("s.layout", before)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        for edit in edits { #expect(box.run(edit + ["-q"]).status == 0, "\(edit)") }
        box.write("s.layout", after)
        let reapply = box.run(["apply", "s.layout"])
        #expect(reapply.status == 0, "\(reapply.stderr)")
        #expect(reapply.stdout.contains("add view c\n"), "\(reapply.stdout)")
        for line in [
            "add set ah 60 in v (made since on the command line; kept on the changed ah)",
            "add set g.4 70 in v (made since on the command line; kept on the changed g.4)",
        ] {
            #expect(reapply.stdout.contains(line), "\(reapply.stdout)")
        }
        #expect(frames(box, variant: "v") == fresh(after, edits: edits, variant: "v"))
    }

    @Test(
        "a constant the script changed is quoted as the script now says it, on both re-apply roads",
        arguments: [false, true])
    func changedConstantQuotesTheNewText(wholeImage: Bool) {
        // A metric changed with it sends the re-apply to the whole image.
        let before =
            "canvas 100 100\nmetric m 5\nview a\na.left == m; a.top == 0; a.width == 10\n"
            + "h: a.height == 70\n"
        var after = before.replacingOccurrences(of: "h: a.height == 70", with: "h: a.height == 80")
        if wholeImage { after = after.replacingOccurrences(of: "metric m 5", with: "metric m 6") }
        let box = Sandbox()
        box.write("s.layout", before)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        box.write("s.layout", after)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        #expect(box.run(["get", "h"]).stdout.contains("source: h: a.height == 80  (s.layout:5)"))
        #expect(!box.run(["list"]).stdout.contains("from:"))
        let conflict = box.run(["add", "a.height >= 100"])
        #expect(conflict.status == 65)
        #expect(
            conflict.stderr.contains("  h: a.height == 80    (s.layout:5)\n"), "\(conflict.stderr)")
        #expect(!conflict.stderr.contains("70"), "\(conflict.stderr)")
        // A constant the command line changed still shows what the line said.
        #expect(box.run(["set-constant", "h", "90", "-q"]).status == 0)
        let get = box.run(["get", "h"]).stdout
        #expect(get.hasPrefix("h: a.height == 90\n"), "\(get)")
        #expect(get.contains("source: h: a.height == 80  (s.layout:5)"), "\(get)")
    }

    @Test(
        "every row of a VFL line quotes the line as it now reads, the kept ones too, on every road",
        arguments: ["", "view c\nc.left == 0; c.top == 0; c.width == 1; c.height == 1\n"])
    func keptPartsOfAnEditedLineQuoteTheNewText(addedLine: String) {
        // The labelled line goes by the one-line road alone, by the stretch road with a
        // line added; the unlabelled one by the stretch road.
        let before =
            "canvas 200 200\nview a\nview b\ng: H:|-10-[a(50)]\nH:|-7-[b(>=6)]\n"
            + "a.top == 0; a.height == 5\n"
        let after =
            before.replacingOccurrences(of: "a(50)", with: "a(55)")
            .replacingOccurrences(of: "-7-", with: "-8-") + addedLine
        let box = Sandbox()
        box.write("s.layout", before)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        box.write("s.layout", after)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        for label in ["g.1", "g.2"] {
            let get = box.run(["get", label]).stdout
            #expect(get.contains("source: g: H:|-10-[a(55)]  (s.layout:4)"), "\(get)")
        }
        let list = box.run(["list", "--json"]).stdout
        #expect(!list.contains("a(50)") && !list.contains("-7-"), "\(list)")
    }

    @Test("a changed declaration of a view renamed or removed since is refused, not made again")
    func changedDeclarationOfRenamedView() {
        let script = """
            canvas 200 200
            view a
            view b
            a.left == 10; a.top == 10; a.width == 50; a.height == 20
            b.left == a.right + 5; b.top == a.top
            b.width == 30; b.height == a.height

            """
        let box = Sandbox()
        box.write("s.layout", script)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        #expect(box.run(["rename-view", "b", "bee", "-q"]).status == 0)
        let before = box.snapshot()
        box.write(
            "s.layout", script.replacingOccurrences(of: "view b\n", with: "view b frame 0 0 5 5\n"))
        for dryRun in [["--dry-run"], []] {
            let r = box.run(["apply", "s.layout"] + dryRun)
            #expect(r.status == 65, "\(r.stdout)")
            #expect(
                r.stderr.hasPrefix(
                    "error: s.layout:3:1: the declaration of view `b` changed, and the command "
                        + "line removed or renamed `b` since s.layout was applied: if it was "
                        + "renamed, use its new name in the script"), "\(r.stderr)")
        }
        #expect(box.snapshot() == before)
        #expect(box.run(["views"]).stdout == "view a\nview bee\n")
        // A new view in it, a view moved into it, a variant's `hide` of it: the same.
        for (added, statement) in [
            ("view c in b frame 0 0 1 1\n", "view c in b frame 0 0 1 1"),
            ("variant v\nhide b in v\n", "hide b in v"),
        ] {
            box.write("s.layout", script + added)
            for dryRun in [["--dry-run"], []] {
                let r = box.run(["apply", "s.layout"] + dryRun)
                #expect(r.status == 65)
                #expect(
                    r.stderr.contains(
                        "`\(statement)` names view `b`, which was removed or renamed from the "
                            + "command line since s.layout was applied"), "\(r.stderr)")
            }
        }
        #expect(box.snapshot() == before)
    }

    @Test("an empty script is no change: nothing written, 'no changes' said, every time")
    func emptyScriptWritesNothing() {
        let box = Sandbox()
        box.write("s.layout", "canvas 100 100\nview a frame 0 0 10 10\n")
        box.write("empty.layout", "")
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        let before = try? Data(contentsOf: URL(fileURLWithPath: box.db))
        for _ in 0..<2 {
            let r = box.run(["apply", "empty.layout"])
            #expect(r.status == 0 && r.stdout == "empty.layout: no changes\n", "\(r.stderr)")
            let after = try? Data(contentsOf: URL(fileURLWithPath: box.db))
            #expect(after == before)
        }
        // A file the project holds, emptied, now says nothing: what it made goes.
        box.write("s.layout", "")
        let emptied = box.run(["apply", "s.layout"])
        #expect(emptied.stdout == "remove view a\nremove canvas\n", "\(emptied.stdout)")
        #expect(box.run(["views"]).stdout == "")
    }

    @Test(
        "a moved script: dry run and apply refuse with the same error and say what to do; rename-script makes it the same file"
    )
    func movedScript() throws {
        let box = Sandbox()
        let script =
            "canvas 200 200\nview a\na.left == 10; a.top == 10\nh: a.height == 20\n"
            + "a.width == 50\n"
        box.write("home.layout", script)
        #expect(box.run(["apply", "home.layout", "-q"]).status == 0)
        try FileManager.default.createDirectory(
            at: box.directory.appending(path: "screens"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: box.directory.appending(path: "home.layout"),
            to: box.directory.appending(path: "screens/home.layout"))
        let before = box.snapshot()
        let dry = box.run(["apply", "screens/home.layout", "--dry-run"])
        let apply = box.run(["apply", "screens/home.layout"])
        #expect(dry.status == 65 && apply.status == 65)
        #expect(dry.stderr == apply.stderr, "\(dry.stderr)\n\(apply.stderr)")
        #expect(
            apply.stderr.hasPrefix(
                "error: screens/home.layout:2:1: view `a` is already declared in layout `main`\n"),
            "\(apply.stderr)")
        #expect(
            apply.stderr.contains(
                "tell the project once: `layoutdb rename-script home.layout screens/home.layout`"),
            "\(apply.stderr)")
        #expect(box.snapshot() == before)
        let renamed = box.run(["rename-script", "home.layout", "screens/home.layout"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(
            box.run(["apply", "screens/home.layout"]).stdout
                == "screens/home.layout: no changes\n")
        box.write("screens/home.layout", script.replacingOccurrences(of: "== 50", with: "== 55"))
        let edited = box.run(["apply", "screens/home.layout"])
        #expect(
            edited.stdout.hasPrefix(
                "add constraint a.width == 55\nremove constraint a.width == 50\n"),
            "\(edited.stdout)")
        // The held name spelled another way, and back: the same file.
        try FileManager.default.moveItem(
            at: box.directory.appending(path: "screens/home.layout"),
            to: box.directory.appending(path: "home.layout"))
        #expect(
            box.run(["rename-script", "./screens/../screens/home.layout", "./home.layout"]).status
                == 0)
        #expect(box.run(["apply", "home.layout"]).stdout == "home.layout: no changes\n")
        let unknown = box.run(["rename-script", "nope.layout", "x.layout"])
        #expect(
            unknown.status == 65
                && unknown.stderr
                    == "error: the project holds no lines of `nope.layout`; it holds those of "
                    + "`home.layout`\n",
            "\(unknown.stderr)")
    }

    @Test("a view whose constraints leave it free is reported ambiguous, not as a negative size")
    func ambiguousNotNegative() {
        let box = Sandbox()
        box.write(
            "s.layout",
            "canvas 200 200\nview a\nview b\na.left == 10; a.top == 10; a.height == 20\n"
                + "b.left == a.right + 5; b.top == a.top; b.width == 30; b.height == 20\n")
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        let check = box.run(["check"])
        #expect(check.status == 1)
        #expect(
            check.stdout == """
                ambiguous: a — its constraints leave its frame free; add constraints or a frame
                ambiguous: b — its constraints leave its frame free; add constraints or a frame

                """, "\(check.stdout)")
        #expect(box.run(["doctor"]).status == 0)
        // A width its constraints fix below zero is reported, though its x is free.
        box.write(
            "s.layout",
            "canvas 200 200\nview b frame 0 0 5 5\nview a\na.width == b.width - 10; a.top == 0\n"
                + "a.height == 10\n")
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        let fixed = box.run(["check"]).stdout
        #expect(fixed.contains("ambiguous: a"), "\(fixed)")
        #expect(fixed.contains("negative size: a is solved -5 wide"), "\(fixed)")
        #expect(box.run(["doctor"]).status == 1)
        // A view that is not ambiguous is still reported below zero.
        box.write(
            "s.layout",
            "canvas 100 100\nview a\na.left == 10; a.right == 5; a.top == 0\na.height == 10\n")
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        #expect(box.run(["check"]).stdout.contains("negative size: a is solved -5 wide"))
    }

    @Test("apply --replace lists what it throws away that the script does not make again")
    func replaceListsWhatIsLost() {
        let box = Sandbox()
        box.write(
            "s.layout",
            "canvas 200 200\nmetric m 10\nview a\na.left == m; a.top == 10; a.width == 50\n"
                + "a.height == 20\nvariant v canvas 100 100\n")
        box.write("o.layout", "view b\nb.left == 0; b.top == 0; b.width == 5; b.height == 5\n")
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        #expect(box.run(["add", "a.width <= 80", "-q"]).status == 0)
        #expect(box.run(["variant", "create", "w", "-q"]).status == 0)
        #expect(box.run(["apply", "o.layout", "-q"]).status == 0)
        let expected = """
            replace layout main: what it holds is thrown away and the script taken
            remove view b (not in s.layout)
            remove constraint a.width <= 80 (from <add>:1:1)
            remove constraint b.left == 0 (from o.layout:2:1)
            remove constraint b.top == 0 (from o.layout:2:14)
            remove constraint b.width == 5 (from o.layout:2:26)
            remove constraint b.height == 5 (from o.layout:2:40)
            remove variant w (not in s.layout)

            """
        let dry = box.run(["apply", "s.layout", "--replace", "--dry-run"])
        #expect(dry.stdout == expected + "dry run: nothing written\n", "\(dry.stdout)")
        let replace = box.run(["apply", "s.layout", "--replace"])
        #expect(replace.stdout.hasPrefix(expected), "\(replace.stdout)")
        #expect(box.run(["views"]).stdout == "view a\n")
        #expect(box.run(["variant", "list"]).stdout.contains("w ") == false)
    }

    @Test("a script's new set in a variant over a value the command line set says it replaces it")
    func newSetOverCommandLineValueSaysSo() {
        let box = Sandbox()
        let script =
            "canvas 200 200\nview a\na.left == 10; a.top == 10; a.width == 50\n"
            + "ah: a.height == 20 @ 900\nvariant v canvas 100 100\n"
        box.write("s.layout", script)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        #expect(box.run(["set-constant", "ah", "60", "--variant", "v", "-q"]).status == 0)
        box.write("s.layout", script + "set ah 40 in v\n")
        let r = box.run(["apply", "s.layout"])
        #expect(
            r.stdout.hasPrefix("add set ah 40 in v (replaces an edit made since)\n"), "\(r.stdout)")
    }

    @Test("apply --replace lists a canvas the script does not declare")
    func replaceListsTheCanvas() {
        let box = Sandbox()
        box.write("a.layout", "canvas 200 300 safe 10 0 0 0 direction rtl\nview a frame 0 0 5 5\n")
        box.write("n.layout", "view z frame 0 0 5 5\n")
        #expect(box.run(["apply", "a.layout", "-q"]).status == 0)
        let r = box.run(["apply", "n.layout", "--replace", "--dry-run"])
        #expect(
            r.stdout == """
                replace layout main: what it holds is thrown away and the script taken
                remove canvas (not in n.layout)
                remove view a (not in n.layout)
                dry run: nothing written

                """, "\(r.stdout)")
    }

    @Test(
        "a script that declares, as it is, a variant made on the command line says it takes it over"
    )
    func scriptTakesOverACommandLineVariant() {
        let box = Sandbox()
        let script = "canvas 300 600\nview a frame 0 0 5 5\n"
        box.write("s.layout", script)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        #expect(
            box.run([
                "variant", "create", "w", "--canvas", "100x200", "--safe", "1,2,3,4", "--direction",
                "rtl", "-q",
            ]).status == 0)
        box.write("s.layout", script + "variant w canvas 100 200 safe 1 2 3 4 direction rtl\n")
        let r = box.run(["apply", "s.layout"])
        #expect(
            r.stdout == "change variant w (the variant was made on the command line)\n",
            "\(r.stdout)")
        #expect(box.run(["apply", "s.layout"]).stdout == "s.layout: no changes\n")
    }

    @Test(
        "a second script uses the layout's metrics as it uses its views; declaring one again is refused with what to do"
    )
    func secondScriptUsesStoredMetrics() {
        let box = Sandbox()
        box.write("s.layout", "canvas 100 100\nview a frame 0 0 3 3\nmetric m 7\n")
        box.write("t.layout", "tw: a.width == m\n")
        box.write("u.layout", "metric m 7\nuw: a.height == m\n")
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        let t = box.run(["apply", "t.layout", "-q"])
        #expect(t.status == 0, "\(t.stderr)")
        #expect(box.run(["frames", "--format", "csv"]).stdout.contains("a,0,0,7,3,0"))
        #expect(box.run(["apply", "t.layout"]).stdout == "t.layout: no changes\n")
        let u = box.run(["apply", "u.layout"])
        #expect(u.status == 65)
        #expect(
            u.stderr.hasSuffix(
                "hint: the project had it before u.layout was applied: to take u.layout in place "
                    + "of what layout `main` holds, `layoutdb apply u.layout --replace`\n"),
            "\(u.stderr)")
    }

    @Test(
        "a re-apply lists what another file or the command line made that goes with a view or label it drops"
    )
    func droppedViewListsOthersConstraints() {
        let box = Sandbox()
        box.write("s.layout", "canvas 100 100\nview a\nview b frame 0 0 3 3\nsh: b.height == 3\n")
        box.write(
            "t.layout",
            "tw: a.width == 10; a.left == 0; a.top == 0; a.height == 3\nvariant v\nset sh 9 in v\n")
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        #expect(box.run(["apply", "t.layout", "-q"]).status == 0)
        #expect(box.run(["add", "c: a.height <= 50", "-q"]).status == 0)
        box.write("s.layout", "canvas 100 100\nview b frame 0 0 3 3\n")
        let expected = """
            remove view a
            remove constraint sh: b.height == 3
            remove constraint tw: a.width == 10 (names view a, which goes; from t.layout:1:1)
            remove constraint a.left == 0 (names view a, which goes; from t.layout:1:20)
            remove constraint a.top == 0 (names view a, which goes; from t.layout:1:33)
            remove constraint a.height == 3 (names view a, which goes; from t.layout:1:45)
            remove constraint c: a.height <= 50 (names view a, which goes; from <add>:1:1)
            remove set sh 9 in v (goes with constraint sh)

            """
        let dry = box.run(["apply", "s.layout", "--dry-run"])
        #expect(dry.stdout == expected + "dry run: nothing written\n", "\(dry.stdout)")
        let apply = box.run(["apply", "s.layout"])
        #expect(apply.stdout.hasPrefix(expected), "\(apply.stdout)")
    }

    @Test(
        "apply --replace removes a layout section the script no longer has, as a fresh apply has none"
    )
    func replaceRemovesADroppedSection() {
        let box = Sandbox()
        box.write(
            "t.layout", "canvas 200 200\nview a frame 0 0 5 5\nlayout old\nview o1 frame 0 0 5 5\n")
        #expect(box.run(["apply", "t.layout", "-q"]).status == 0)
        box.write("t.layout", "canvas 200 200\nview a frame 0 0 5 5\n")
        let r = box.run(["apply", "t.layout", "--replace"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("old: remove layout old\n"), "\(r.stdout)")
        #expect(
            box.sql("select name from layouts") == "main", "\(box.sql("select name from layouts"))")
        #expect(!box.run(["export", "--all"]).stdout.contains("layout old"))
    }

    @Test(
        "the export written over the script and applied takes over what `add` made",
        arguments: [false, true])
    func exportOverScriptTakesOverAdded(alone: Bool) {
        // A long script takes a line appended alone (the stretch road); the export of a
        // short one is planned from the whole image. Each doubled the added constraint,
        // and equal priorities then weighed it twice (x 50 → 20).
        let views = alone ? 300 : 1
        let script =
            "canvas 1000 1000\n"
            + (0..<views).map { "view v\($0) frame 0 \($0) 10 10\nv\($0).left == 50 @ 250\n" }
            .joined() + "v0.left == 50 @ 250\n"
        let box = Sandbox()
        let path = box.write("s.layout", script)
        #expect(box.run(["apply", path, "-q"]).status == 0)
        #expect(box.run(["add", "v0.left == 20 @ 250", "-q"]).status == 0)
        let before = frames(box)
        box.write("s.layout", alone ? script + "v0.left == 20 @ 250\n" : box.run(["export"]).stdout)
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("takes over the same constraint made on the command line"),
            "\(r.stdout)")
        #expect(frames(box) == before)
        let list = box.run(["list"]).stdout
        #expect(list.components(separatedBy: "v0.left == 20 @ 250").count == 2, "\(list)")
        #expect(!list.contains("<add>"), "\(list)")
        #expect(box.run(["apply", path]).stdout.contains("no changes"))
    }

    @Test(
        "a base priority or deactivate of a compound label or a labelled VFL line is its parts'",
        arguments: ["priority c 300", "deactivate c"])
    func groupLabelHolds(statement: String) {
        let script = """
            canvas 100 100
            view a frame 0 0 10 10
            c: a.size == |.size * 0.5 @ 500
            a.width == 20 @ 400
            \(statement)

            """
        let box = Sandbox()
        let path = box.write("s.layout", script)
        #expect(box.run(["apply", path, "-q"]).status == 0)
        // The export wrote the parts (`c.width: ... @ 300`), not the script's lines.
        let exported = box.run(["export"]).stdout
        #expect(exported.hasSuffix("layout main\n" + script), "\(exported)")
        // Written over the script, it was refused: no constraint labelled `c`.
        box.write("s.layout", exported)
        #expect(box.run(["apply", path]).stdout.contains("no changes"))
        // An edit of the declaration took the statement for an edit made since and dropped it.
        let edited = script.replacingOccurrences(of: "0.5", with: "0.6")
        box.write("s.layout", edited)
        let r = box.run(["apply", path])
        #expect(r.status == 0 && !r.stdout.contains("made since"), "\(r.stdout)\(r.stderr)")
        #expect(frames(box) == fresh(edited, edits: [], variant: "base"))
        // A labelled VFL line's parts, in a variant: changing the variant was refused.
        let vfl =
            "canvas 100 100\nview a frame 0 0 10 10\nc: H:|-8-[a]\nvariant v\n"
            + statement + " in v\n"
        let other = Sandbox()
        let file = other.write("t.layout", vfl)
        #expect(other.run(["apply", file, "-q"]).status == 0)
        other.write(
            "t.layout",
            vfl.replacingOccurrences(of: "variant v\n", with: "variant v canvas 200 200\n"))
        let changed = other.run(["apply", file])
        #expect(changed.status == 0, "\(changed.stderr)")
    }

    @Test("after `label OLD NEW`, an edit of the line replaces the relabelled constraint")
    func editAfterRelabel() {
        for (before, after) in [("== 40 @ 500", "== 80 @ 500"), ("== 40", "== 41")] {
            let script =
                "canvas 200 200\nview a frame 0 0 50 50\nheader.height: a.height \(before)\n"
            let box = Sandbox()
            let path = box.write("s.layout", script)
            #expect(box.run(["apply", path, "-q"]).status == 0)
            #expect(box.run(["label", "header.height", "hh", "-q"]).status == 0)
            // Found by its old label alone it was "removed since": a second constraint was
            // added beside it (a required one conflicted, and the line could not be edited).
            let edited = script.replacingOccurrences(of: before, with: after)
            box.write("s.layout", edited)
            let r = box.run(["apply", path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stdout.contains("removed since"), "\(r.stdout)")
            #expect(box.run(["list"]).stdout.split(separator: "\n").count == 2)
            #expect(frames(box) == fresh(edited, edits: [], variant: "base"))
        }
    }

    @Test("the export written over the script after `label` keeps the row; no false note")
    func exportAfterRelabelKeepsTheRow() {
        let box = Sandbox()
        let path = box.write(
            "s.layout", "canvas 100 100\nview a frame 0 0 10 10\na.centerX == |.centerX @ low\n")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        #expect(box.run(["label", "#1", "xx", "-q"]).status == 0)
        // It was removed and made again (#1 became #2), "replacing an edit made since".
        box.write("s.layout", box.run(["export"]).stdout)
        let r = box.run(["apply", path])
        #expect(r.stdout.contains("no changes"), "\(r.stdout)")
        #expect(box.run(["list"]).stdout.contains("#1  xx"))
        // A constant the command line set, which the export says: nothing is replaced.
        let other = Sandbox()
        let file = other.write(
            "h.layout", "canvas 100 100\nview h frame 0 0 10 10\nhh: h.height == 70\n")
        #expect(other.run(["apply", file, "-q"]).status == 0)
        #expect(other.run(["set-constant", "hh", "60", "-q"]).status == 0)
        other.write("h.layout", other.run(["export"]).stdout)
        let changed = other.run(["apply", file])
        #expect(changed.status == 0 && !changed.stdout.contains("made since"), "\(changed.stdout)")
    }

    @Test("a new view line naming the file's own view renamed since is refused, not merged")
    func newViewNamedAsARenamedOne() {
        let box = Sandbox()
        let path = box.write(
            "t.layout", "canvas 300 100\nview a frame 0 0 10 10\nview b frame 0 0 10 10\n")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        #expect(box.run(["rename-view", "a", "z", "-q"]).status == 0)
        let before = box.snapshot()
        // `view z` took the renamed `a` over: line 2's view was gone, its frame overwritten.
        box.write(
            "t.layout",
            "canvas 300 100\nview a frame 0 0 10 10\nview b frame 0 0 10 10\nview z frame 1 1 1 1\n"
        )
        let r = box.run(["apply", path])
        #expect(r.status == 65, "\(r.stdout)")
        #expect(r.stderr.contains("t.layout:4:1:") && r.stderr.contains("`z` is `a` renamed"))
        #expect(box.snapshot() == before)
    }

    @Test("a re-applied metric or label the command line gave away since is refused at its line")
    func namesTakenSinceRefusedAtTheLine() {
        let box = Sandbox()
        let path = box.write(
            "t.layout", "canvas 200 200\nview a frame 0 0 10 10\nh: a.height == 10 @ 500\n")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        #expect(box.run(["rename-view", "a", "k", "-q"]).status == 0)
        // The schema's trigger refused the metric's row, with the SQL and no line.
        box.write(
            "t.layout",
            "canvas 200 200\nmetric k 4\nview a frame 0 0 10 10\nh: a.height == 10 @ 500\n")
        let metric = box.run(["apply", path])
        #expect(
            metric.status == 65
                && metric.stderr.contains("t.layout:2:1: `k` is already a view"),
            "\(metric.stderr)")
        // The unique label refused the row's insert, with the SQL; a dry run said nothing.
        let other = Sandbox()
        let file = other.write(
            "u.layout", "canvas 300 100\nview a frame 0 0 10 10\nh: a.height == 10 @ 500\n")
        #expect(other.run(["apply", file, "-q"]).status == 0)
        #expect(other.run(["label", "h", "hh", "-q"]).status == 0)
        other.write(
            "u.layout",
            "canvas 300 100\nview a frame 0 0 10 10\nh: a.height == 10 @ 500\nhh: a.width == 5 @ 500\n"
        )
        for extra in [["--dry-run"], []] {
            let r = other.run(["apply", file] + extra)
            #expect(
                r.status == 65
                    && r.stderr.contains("u.layout:4:1: label `hh` is already used"),
                "\(extra): \(r.stderr)")
        }
    }
}
