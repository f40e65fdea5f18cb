import Foundation
import Testing

/// Issue 17, part 2: structural edits from the command line, end to end on the built
/// binary. Each command's success is compared frame for frame (base and variant) with a
/// fresh apply of the script edited the same way; each refusal exits 65 and leaves the
/// project file byte for byte as it was.
@Suite("issue 17: structural edits")
struct StructuralEditTests {
    /// Every kind of view the commands touch: constrained, nested, drawn with a frame and
    /// no constraint (autoresizing), a multiplier, a labelled constant with a variant.
    static let script = """
        canvas 400 600
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
        title.width == 200 @ high; title.height == 24
        body.top == header.bottom + 8; body.bottom == root.bottom - 20
        body.left == root.left + 16; body.right == root.right - 16
        aside.top == body.top; aside.bottom == body.bottom; aside.right == body.right
        ratio: aside.width == body.width * 0.25
        caption.left == body.left + 8; caption.top == body.top + 8
        variant compact canvas 320 568
        set header.height 44 in compact

        """

    func project(_ text: String = script) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("a.layout", text), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return box
    }

    /// The frames of the base and of `compact`, one sorted CSV line per view (the order
    /// of views in the tree may differ after a move).
    func frames(_ box: Sandbox) -> [String] {
        ["base", "compact"].flatMap { variant -> [String] in
            let r = box.run(["frames", "--format", "csv", "--variant", variant])
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout.split(separator: "\n").dropFirst().map { "\(variant),\($0)" }.sorted()
        }
    }

    /// The frames a new project gets from `text`.
    func freshFrames(_ text: String) -> [String] { frames(project(text)) }

    /// `script` with `edits` (old line or fragment → new) applied.
    func edited(_ edits: [(String, String)]) -> String {
        var text = Self.script
        for (old, new) in edits {
            #expect(text.contains(old), "the script has no `\(old)`")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// Runs a refused edit: exit 65, the message contains `message`, the file unchanged.
    func expectRefused(_ box: Sandbox, _ args: [String], _ message: String) {
        // sqlite3 checkpoints the log when it closes: read through it before the bytes.
        let snapshot = box.snapshot()
        let before = box.bytes()
        let r = box.run(args)
        #expect(r.status == 65, "\(args): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        let untouched = box.bytes() == before
        #expect(untouched, "\(args) changed the file")
        #expect(box.snapshot() == snapshot)
    }

    // MARK: list and #ID

    @Test("list shows a stable #id for every stored constraint, and every label command takes it")
    func listShowsIDs() {
        let box = project()
        let list = box.run(["list"]).stdout
        #expect(list.hasPrefix("id "), "\(list)")
        let line = list.split(separator: "\n").first { $0.contains("title.height == 24") }
        let id = line.map { String($0.split(separator: " ")[0]) } ?? ""
        #expect(id.hasPrefix("#"), "\(list)")
        #expect(
            box.sql("select id from constraints where source = 'title.height == 24'")
                == String(id.dropFirst()))
        let json = box.run(["list", "--json"]).stdout
        #expect(json.contains("\"id\":\(id.dropFirst())"), "\(json)")

        // The unlabelled constraint is edited through its id, as a fresh script says.
        #expect(box.run(["set-constant", id, "30", "-q"]).status == 0)
        #expect(frames(box) == freshFrames(edited([("title.height == 24", "title.height == 30")])))
        #expect(box.run(["get", id]).stdout.contains("title.height == 30"))
        #expect(box.run(["deactivate", id, "-q"]).status == 0)
        #expect(box.run(["activate", String(id.dropFirst()), "-q"]).status == 0)
        #expect(box.run(["remove", id, "-q"]).status == 0)
        #expect(!box.run(["list"]).stdout.contains("title.height"))
        // An id that is gone (ids are never reused by a listing) is an error that says so.
        expectRefused(box, ["set-constant", id, "5"], "no constraint \(id) in layout `main`")
    }

    // MARK: remove-view

    @Test(
        "remove-view takes the view's constraints with it, lists them, and solves as a fresh script"
    )
    func removeView() {
        let box = project()
        let r = box.run(["remove-view", "aside"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("removed view aside"))
        #expect(r.stdout.contains("ratio: aside.width == body.width * 0.25"), "\(r.stdout)")
        #expect(r.stdout.contains("aside.top == body.top"))
        #expect(box.sql("select count(*) from constraints where label = 'ratio'") == "0")
        let expected = edited([
            ("view aside in body\n", ""),
            ("aside.top == body.top; aside.bottom == body.bottom; aside.right == body.right\n", ""),
            ("ratio: aside.width == body.width * 0.25\n", ""),
        ])
        #expect(frames(box) == freshFrames(expected))
        #expect(box.run(["doctor"]).status == 0)
    }

    @Test("remove-view --recursive removes the subviews too; without it a parent is refused")
    func removeViewRecursive() {
        let box = project()
        expectRefused(box, ["remove-view", "body"], "has 3 views inside it")
        expectRefused(box, ["remove-view", "root"], "the root view cannot be removed")
        expectRefused(box, ["remove-view", "asid"], "did you mean `aside`?")
        let r = box.run(["remove-view", "body", "--recursive"])
        #expect(r.status == 0, "\(r.stderr)")
        for view in ["aside", "caption", "badge", "body"] {
            #expect(r.stdout.contains("removed view \(view)"), "\(r.stdout)")
        }
        let expected = """
            canvas 400 600
            view header
            view title in header
            view note frame 5 500 50 20 autoresize top
            header.top == root.top; header.left == root.left; header.right == root.right
            header.height: header.height == 80
            title.centerX == header.centerX; title.centerY == header.centerY
            title.width == 200 @ high; title.height == 24
            variant compact canvas 320 568
            set header.height 44 in compact

            """
        #expect(frames(box) == freshFrames(expected))
    }

    @Test("remove-view marks its layout dirty (the triggers' rule) and solves right")
    func removeViewMarksItsLayout() {
        let box = project()
        #expect(box.run(["remove-view", "aside", "--no-solve", "-q"]).status == 0)
        // The triggers mark dirt (docs/architecture.md): a removed view marks its layout.
        #expect(
            box.sql("select count(*) from dirty where component = -1 and variant_id = 0") == "1")
        #expect(box.run(["solve", "-q"]).status == 0)
        #expect(box.run(["doctor"]).status == 0)
    }

    @Test(
        "set-frame and set-intrinsic mark their view's components, move-view its layout; all solve right"
    )
    func editsMarkTheirComponents() {
        for (edit, whole) in [
            (["set-frame", "badge", "1", "2", "3", "4"], false),
            (["move-view", "badge", "--into", "header"], true),
            (["set-intrinsic", "note", "10", "10"], false),
        ] {
            let box = project()
            #expect(box.run(edit + ["--no-solve", "-q"]).status == 0)
            #expect(
                box.sql("select count(*) from dirty where component = -1 and variant_id = 0")
                    == (whole ? "1" : "0"), "\(edit)")
            #expect(box.sql("select count(*) from dirty where variant_id = 0") != "0", "\(edit)")
            // doctor compares every stored frame with a fresh solve of the whole layout.
            #expect(box.run(["solve", "-q"]).status == 0)
            #expect(box.run(["doctor"]).status == 0, "\(edit): \(box.run(["doctor"]).stdout)")
        }
    }

    /// Two parts that share no variable (the root is folded into constants): a view edit
    /// on one side marks its components (its own, its parent's, its subviews') and leaves
    /// the other side clean, for the base and the variant, as constraint edits do.
    static let twoParts = """
        canvas 400 400
        view left frame 0 0 100 100
        view leftInner in left frame 10 10 20 20 autoresize width
        view right frame 200 0 100 100
        view rightInner in right frame 10 10 20 20
        left.left == root.left + 10; left.top == root.top + 10
        right.left == root.left + 200; right.top == root.top + 10
        rightInner.height == right.height * 0.5
        variant compact canvas 320 568

        """

    @Test(
        "a view edit leaves the components it does not feed clean",
        arguments: [
            (
                ["set-frame", "left", "0", "0", "150", "120"], "left", "right",
                ("view left frame 0 0 100 100", "view left frame 0 0 150 120")
            ),
            (
                ["set-intrinsic", "rightInner", "30", "40"], "right", "left",
                (
                    "view rightInner in right frame 10 10 20 20",
                    "view rightInner in right frame 10 10 20 20 intrinsic 30 40"
                )
            ),
        ])
    func viewEditsMarkOnlyTheirComponents(
        edit: [String], edited: String, other: String, change: (String, String)
    ) {
        let box = project(Self.twoParts)
        #expect(box.run(edit + ["--no-solve", "-q"]).status == 0)
        #expect(box.sql("select count(*) from dirty where component = -1") == "0")
        // Every component of the edited side is marked, in the base and the variant ...
        #expect(
            box.sql(
                """
                select count(*) from views v, (select 0 as id union all select id from variants) va
                where v.name in ('\(edited)', '\(edited)Inner') and not exists (
                    select 1 from dirty d where d.variant_id = va.id and d.component = v.comp_width)
                """) == "0")
        // ... and none of the other side's.
        #expect(
            box.sql(
                """
                select count(*) from dirty d join views v
                    on d.component in (v.comp_left, v.comp_top, v.comp_width, v.comp_height)
                where v.name in ('\(other)', '\(other)Inner')
                """) == "0")
        #expect(box.run(["solve", "-q"]).status == 0)
        #expect(box.sql("select count(*) from solved_frames where stale = 1") == "0")
        #expect(box.run(["doctor"]).status == 0)
        #expect(
            frames(box)
                == freshFrames(Self.twoParts.replacingOccurrences(of: change.0, with: change.1)))
    }

    // MARK: move-view

    @Test("move-view re-parents a view and solves as the script that declares it there")
    func moveView() {
        let box = project()
        #expect(box.run(["move-view", "badge", "--into", "header", "-q"]).status == 0)
        #expect(
            box.sql(
                "select p.name from views v join views p on p.id = v.parent_id where v.name = 'badge'"
            ) == "header")
        let expected = edited([
            ("view badge in body frame 10 10 20 20\n", ""),
            (
                "view title in header\n",
                "view title in header\nview badge in header frame 10 10 20 20\n"
            ),
        ])
        #expect(frames(box) == freshFrames(expected))
        // A later parent: the view goes after it in declaration order (export applies).
        #expect(box.run(["move-view", "header", "--into", "note", "-q"]).status == 0)
        let export = box.run(["export"]).stdout
        let again = project(export)
        #expect(frames(again) == frames(box), "\(export)")
        #expect(box.run(["doctor"]).status == 0)
    }

    @Test("move-view refuses a cycle, an unknown parent and the root")
    func moveViewRefusals() {
        let box = project()
        expectRefused(
            box, ["move-view", "header", "--into", "title"], "a view cannot contain itself")
        expectRefused(box, ["move-view", "header", "--into", "header"], "cannot be its own parent")
        expectRefused(box, ["move-view", "badge", "--into", "hedaer"], "did you mean `header`?")
        expectRefused(box, ["move-view", "root", "--into", "header"], "cannot be moved")
        expectRefused(box, ["move-view", "ghost", "--into", "header"], "unknown view `ghost`")
    }

    // MARK: rename-view

    @Test("rename-view: constraints, their source, variant constants and frames follow")
    func renameView() {
        let box = project()
        #expect(box.run(["set-constant", "ratio", "10", "--variant", "compact", "-q"]).status == 0)
        let r = box.run(["rename-view", "aside", "sidebar"])
        #expect(r.status == 0, "\(r.stderr)")
        let expected = edited([
            ("view aside in body", "view sidebar in body"),
            (
                "aside.top == body.top; aside.bottom == body.bottom; aside.right == body.right",
                "sidebar.top == body.top; sidebar.bottom == body.bottom; sidebar.right == body.right"
            ),
            (
                "ratio: aside.width == body.width * 0.25",
                "ratio: sidebar.width == body.width * 0.25"
            ),
            (
                "set header.height 44 in compact",
                "set header.height 44 in compact\nset ratio 10 in compact"
            ),
        ])
        #expect(frames(box) == freshFrames(expected))
        let get = box.run(["get", "ratio"]).stdout
        #expect(get.contains("source: ratio: sidebar.width == body.width * 0.25"), "\(get)")
        #expect(get.contains("variant compact: constant 10"), "\(get)")
        #expect(!box.run(["list"]).stdout.contains("aside"))
        // The label is a name of its own: renaming `header` keeps `header.height`.
        #expect(box.run(["rename-view", "header", "top", "-q"]).status == 0)
        #expect(box.run(["get", "header.height"]).stdout.contains("top.height == 80"))
    }

    @Test("rename-view refuses a taken name, a name a script cannot spell, and the root")
    func renameViewRefusals() {
        let box = project()
        expectRefused(box, ["rename-view", "aside", "body"], "view `body` is already declared")
        expectRefused(box, ["rename-view", "aside", "9lives"], "9lives")
        expectRefused(box, ["rename-view", "root", "top"], "cannot be renamed")
        expectRefused(box, ["rename-view", "aside", "root"], "root view")
        expectRefused(box, ["rename-view", "asid", "x"], "did you mean `aside`?")
    }

    @Test("structural edits refuse on guides and stacks what no script can say")
    func guideAndStackEditsRefused() {
        let box = Sandbox()
        let script =
            "canvas 100 100\nview a frame 0 0 50 50\nguide g\n"
            + "g.left == 10; g.top == 10; g.width == 20; g.height == 20\n"
            + "stack st H frame 0 60 100 40\nview b in st intrinsic 30 20\n"
        #expect(box.run(["apply", box.write("s.layout", script), "-q"]).status == 0)
        // Each exited 0, and the export then did not apply.
        expectRefused(box, ["set-frame", "g", "1", "2", "3", "4"], "a guide has no frame")
        expectRefused(box, ["set-intrinsic", "g", "30", "30"], "a guide has no intrinsic size")
        expectRefused(box, ["move-view", "a", "--into", "g"], "a guide cannot contain views")
        expectRefused(box, ["set-intrinsic", "st", "40", "40"], "'st' is a stack")
        let exported = box.run(["export"]).stdout
        let copy = Sandbox()
        #expect(copy.run(["apply", copy.write("e.layout", exported), "-q"]).status == 0)
    }

    @Test("the last arranged view of an equal-spacing stack cannot be removed or moved out")
    func equalSpacingStackKeepsAView() {
        let box = Sandbox()
        let script =
            "canvas 300 300\nstack s V distribute equalSpacing frame 0 0 100 100\n"
            + "view a in s intrinsic 10 10\n"
        #expect(box.run(["apply", box.write("s.layout", script), "-q"]).status == 0)
        // Each exited 0, and the export then did not apply (a script refuses such a stack).
        expectRefused(box, ["remove-view", "a"], "last arranged view of equal-spacing stack `s`")
        expectRefused(box, ["move-view", "a", "--into", "root"], "last arranged view")
        #expect(box.run(["remove-view", "s", "--recursive", "-q"]).status == 0)
    }

    @Test("add refuses a label in the text and another by --label; the same one is one")
    func addWithTwoLabelsRefused() {
        let box = project()
        // The text's label was dropped without a word.
        expectRefused(
            box, ["add", "lbl: badge.width >= 1", "--label", "other"],
            "labelled in its text (`lbl`) and by --label (`other`)")
        #expect(box.run(["add", "lbl: badge.width >= 1", "--label", "lbl", "-q"]).status == 0)
        #expect(box.run(["get", "lbl"]).status == 0)
    }

    @Test("rename-view and a SQL rename refuse a metric's name, as a script's view would")
    func renameViewToAMetricRefused() {
        let box = Sandbox()
        let script = "canvas 100 100\nmetric gap 8\nview a frame 0 0 10 10\nview b\nH:|-gap-[b]\n"
        #expect(box.run(["apply", box.write("m.layout", script), "-q"]).status == 0)
        // The project then held a view and a metric `gap`, and its export did not apply.
        expectRefused(box, ["rename-view", "b", "gap"], "`gap` is already a metric")
        let sql = box.sqlite("UPDATE views SET name = 'gap' WHERE name = 'b'")
        #expect(sql.status != 0 && sql.stderr.contains("a view and a metric of one name"))
        #expect(box.run(["rename-view", "b", "gap2", "-q"]).status == 0)
    }

    // MARK: set-frame, set-intrinsic

    @Test("set-frame changes a drawn frame as the script's `frame` would")
    func setFrame() {
        let box = project()
        #expect(box.run(["set-frame", "badge", "30", "-4", "12", "16", "-q"]).status == 0)
        #expect(box.run(["set-frame", "note", "5", "480", "60", "30", "-q"]).status == 0)
        let expected = edited([
            ("view badge in body frame 10 10 20 20", "view badge in body frame 30 -4 12 16"),
            ("view note frame 5 500 50 20", "view note frame 5 480 60 30"),
        ])
        #expect(frames(box) == freshFrames(expected))
        expectRefused(box, ["set-frame", "badge", "0", "0", "-5", "10"], "a frame's size must be")
        expectRefused(box, ["set-frame", "bagde", "0", "0", "5", "10"], "did you mean `badge`?")
        expectRefused(box, ["set-frame", "root", "0", "0", "5", "10"], "canvas")
    }

    @Test("set-intrinsic sets, changes and removes a view's intrinsic size as `intrinsic` would")
    func setIntrinsic() {
        let box = project()
        #expect(box.run(["set-intrinsic", "caption", "120", "30", "-q"]).status == 0)
        #expect(
            frames(box)
                == freshFrames(
                    edited([("view caption in body", "view caption in body intrinsic 120 30")])))
        #expect(box.run(["set-intrinsic", "caption", "90", "-", "--hug", "300", "-q"]).status == 0)
        #expect(
            frames(box)
                == freshFrames(
                    edited([("view caption in body", "view caption in body intrinsic 90 - hug 300")]
                    )))
        expectRefused(box, ["set-intrinsic", "caption", "-3", "4"], "an intrinsic size must be")
        expectRefused(box, ["set-intrinsic", "captoin", "3", "4"], "did you mean `caption`?")
        #expect(box.run(["set-intrinsic", "caption", "-", "-", "-q"]).status == 0)
        #expect(frames(box) == freshFrames(Self.script))
        #expect(
            box.sql(
                "select intrinsic_width is null and hug is null from views where name = 'caption'")
                == "1")
    }

    // MARK: set-multiplier, label

    @Test("set-multiplier changes M in a.attr == b.attr * M + C, by label or #id")
    func setMultiplier() {
        let box = project()
        let r = box.run(["set-multiplier", "ratio", "0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("aside"), "\(r.stdout)")
        #expect(
            frames(box)
                == freshFrames(edited([("body.width * 0.25", "body.width * 0.5")])))
        #expect(box.run(["get", "ratio"]).stdout.contains("aside.width == body.width * 0.5"))
        let id = box.sql("select id from constraints where label = 'ratio'")
        #expect(box.run(["set-multiplier", "#\(id)", "0.75", "--no-solve", "-q"]).status == 0)
        #expect(box.sql("select count(*) from dirty where component = -1") == "0")
        #expect(frames(box) == freshFrames(edited([("body.width * 0.25", "body.width * 0.75")])))
        expectRefused(box, ["set-multiplier", "header.height", "2"], "no view on its right side")
        expectRefused(box, ["set-multiplier", "ratio", "0"], "a multiplier of 0")
        expectRefused(box, ["set-multiplier", "ratoi", "2"], "did you mean `ratio`?")
        expectRefused(box, ["set-multiplier", "#9999", "2"], "no constraint #9999")
    }

    @Test("label names an unlabelled constraint, which every label command then takes")
    func label() {
        let box = project()
        let id = box.sql("select id from constraints where source like 'caption.top%'")
        let r = box.run(["label", "#\(id)", "caption.inset"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(box.run(["list"]).stdout.contains("caption.inset"))
        #expect(box.run(["set-constant", "caption.inset", "20", "-q"]).status == 0)
        #expect(
            frames(box)
                == freshFrames(
                    edited([("caption.top == body.top + 8", "caption.top == body.top + 20")])))
        // A label can be changed too; the source that spelled the old one says the new one.
        #expect(box.run(["label", "ratio", "aside.ratio", "-q"]).status == 0)
        #expect(
            box.run(["get", "aside.ratio"]).stdout.contains(
                "source: aside.ratio: aside.width == body.width * 0.25"))
        expectRefused(
            box, ["label", "#\(id)", "aside.ratio"], "label `aside.ratio` is already used")
        expectRefused(box, ["label", "#\(id)", "H"], "cannot be a label")
        expectRefused(box, ["label", "#9999", "x"], "no constraint #9999")
    }

    // MARK: plain SQL

    @Test("plain SQL DELETE FROM views takes the view's constraints and marks the layout dirty")
    func sqlDeleteView() {
        for foreignKeys in ["ON", "OFF"] {
            let box = project()
            let r = box.sqlite(
                "PRAGMA foreign_keys = \(foreignKeys); DELETE FROM views WHERE name = 'aside'")
            #expect(r.status == 0, "\(r.stderr)")
            #expect(box.sql("select count(*) from constraints where label = 'ratio'") == "0")
            #expect(box.sql("select count(*) from dirty") != "0")
            let expected = edited([
                ("view aside in body\n", ""),
                (
                    "aside.top == body.top; aside.bottom == body.bottom; aside.right == body.right\n",
                    ""
                ),
                ("ratio: aside.width == body.width * 0.25\n", ""),
            ])
            #expect(frames(box) == freshFrames(expected))
            #expect(box.run(["doctor"]).status == 0, "\(box.run(["doctor"]).stdout)")
        }
    }

    @Test(
        "plain SQL DELETE of a view with subviews or of the root is refused with the command to use"
    )
    func sqlDeleteRefused() {
        let box = project()
        let before = box.snapshot()
        let parent = box.sqlite("PRAGMA foreign_keys = ON; DELETE FROM views WHERE name = 'body'")
        #expect(parent.status != 0)
        #expect(parent.stderr.contains("layoutdb remove-view VIEW --recursive"), "\(parent.stderr)")
        #expect(!parent.stderr.contains("FOREIGN KEY"))
        let root = box.sqlite("DELETE FROM views WHERE name = 'root'")
        #expect(root.stderr.contains("the root view cannot be removed"), "\(root.stderr)")
        #expect(box.snapshot() == before)
    }
}

/// A parent cycle. Plain SQL cannot make one now (migration 0014's triggers refuse it, with
/// the command to use), but plain SQL could before, so a project may hold one: no command
/// may hang on it, `move-view VIEW --into root` repairs it, `remove-view --recursive` takes
/// the cycle, `export` refuses it (its text would not apply) and `doctor` names the repair.
@Suite("parent cycles left by plain SQL")
struct ParentCycleTests {
    static let script = """
        canvas 320 480
        view header
        view title in header
        header.top == root.top

        """

    static let makeCycle =
        "UPDATE views SET parent_id = (SELECT id FROM views WHERE name = 'title') "
        + "WHERE name = 'header'"

    /// A project whose `header` and `title` are each other's parent, as an older version
    /// of layoutdb let plain SQL leave it (without the trigger that refuses it now).
    func cycled() -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("s.layout", Self.script), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        _ = box.sql("DROP TRIGGER views_parent_refuse_cycle; " + Self.makeCycle)
        return box
    }

    @Test("plain SQL cannot make a cycle, a second root or a moved root; the message says how")
    func sqlIsRefused() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("s.layout", Self.script), "-q"]).status == 0)
        let before = box.snapshot()
        for (update, words) in [
            (Self.makeCycle, "a view cannot be moved inside itself"),
            ("UPDATE views SET parent_id = id WHERE name = 'header'", "inside itself"),
            ("UPDATE views SET parent_id = NULL WHERE name = 'title'", "one root view"),
            (
                "UPDATE views SET parent_id = (SELECT id FROM views WHERE name = 'title') "
                    + "WHERE name = 'root'", "one root view"
            ),
        ] {
            let r = box.sqlite(update)
            #expect(r.status != 0, "\(update)")
            #expect(r.stderr.contains(words), "\(r.stderr)")
            #expect(r.stderr.contains("layoutdb move-view"), "\(r.stderr)")
        }
        #expect(box.snapshot() == before)
        // A move that keeps a tree is plain SQL's as before.
        #expect(
            box.sqlite(
                "UPDATE views SET parent_id = (SELECT id FROM views WHERE name = 'root') "
                    + "WHERE name = 'title'"
            ).status == 0)
        #expect(box.run(["doctor"]).status == 0)
    }

    /// `layoutdb ARGS` killed after 20 s: a hang fails the test, not the run.
    func bounded(_ box: Sandbox, _ args: [String]) -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments =
            ["timeout", "-s", "KILL", "20", productsDirectory.appending(path: "layoutdb").path]
            + args + ["--db", box.db]
        let (out, err) = (Pipe(), Pipe())
        p.standardOutput = out
        p.standardError = err
        try? p.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(
            status: p.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test("move-view VIEW --into root repairs the cycle; doctor names that command")
    func moveRepairs() {
        let box = cycled()
        let doctor = box.run(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("parent cycle header → title → header"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("move-view header --into root"), "\(doctor.stdout)")
        let move = bounded(box, ["move-view", "header", "--into", "root"])
        #expect(move.status == 0, "\(move.stderr)")
        let healthy = box.run(["doctor"])
        #expect(healthy.status == 0, "\(healthy.stdout)")
        let export = box.run(["export"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("view header\nview title in header\n"), "\(export.stdout)")
    }

    @Test("move-view of the other view of the cycle puts parents before children again")
    func moveOtherRepairs() {
        let box = cycled()
        let move = bounded(box, ["move-view", "title", "--into", "root"])
        #expect(move.status == 0, "\(move.stderr)")
        #expect(box.run(["doctor"]).status == 0)
        let export = box.run(["export"])
        #expect(export.stdout.contains("view title\nview header in title\n"), "\(export.stdout)")
    }

    @Test("remove-view takes the cycle with --recursive and refuses it without")
    func remove() {
        let box = cycled()
        let plain = bounded(box, ["remove-view", "title"])
        #expect(plain.status == 65)
        #expect(plain.stderr.contains("pass --recursive"), "\(plain.stderr)")
        let recursive = bounded(box, ["remove-view", "header", "--recursive"])
        #expect(recursive.status == 0, "\(recursive.stderr)")
        #expect(box.sql("SELECT name FROM views ORDER BY ordinal") == "root")
        #expect(box.run(["doctor"]).status == 0)
    }

    @Test("export refuses the cycle (exit 65) instead of a view in a parent not yet declared")
    func exportRefuses() {
        let box = cycled()
        let export = box.run(["export"])
        #expect(export.status == 65)
        #expect(export.stderr.contains("move-view header --into root"), "\(export.stderr)")
        #expect(!export.stdout.contains("view header in title"))
    }
}
