import Foundation
import Testing

/// What a team that reads and writes the project with plain SQL meets: the documented
/// edits keep the project exportable, and what would leave it and its export disagreeing
/// is refused with what to do.
@Suite("plain SQL: exportable after documented edits, refused where it would disagree")
struct SQLSurfaceTests {
    func applied(_ text: String) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("s.layout", text), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return box
    }

    /// A fresh project from the export gives the same frames.
    func exportReapplies(_ box: Sandbox) {
        let export = box.run(["export", "--all"])
        #expect(export.status == 0, "\(export.stderr)")
        let copy = Sandbox()
        #expect(copy.run(["apply", copy.write("e.layout", export.stdout), "-q"]).status == 0)
        // The same frames; the rows in declaration order, which the export may change
        // (a parent before its subviews).
        let frames = { (b: Sandbox) in
            b.run(["frames", "--format", "csv"]).stdout.split(separator: "\n").sorted()
        }
        #expect(frames(copy) == frames(box), "\(export.stdout)")
    }

    @Test("a view moved under one declared after it, or reordered: export writes parents first")
    func moveUnderLaterViewExports() {
        let box = applied("canvas 200 200\nview a frame 0 0 50 50\nview b frame 100 100 50 50\n")
        #expect(
            box.sqlite(
                "UPDATE views SET parent_id = (SELECT id FROM views WHERE name = 'b') WHERE name = 'a'"
            ).status == 0)
        exportReapplies(box)
        #expect(
            box.run(["views"]).stdout
                == "view b frame 100 100 50 50\n  view a in b frame 0 0 50 50\n")
        let stack = applied(
            "canvas 200 200\nstack col V spacing 8 frame 0 0 100 100\n"
                + "view c1 in col intrinsic 50 20\nview c2 in col intrinsic 50 30\n")
        #expect(stack.sqlite("UPDATE views SET ordinal = 0 WHERE name = 'c2'").status == 0)
        exportReapplies(stack)
    }

    @Test("views lists each view under its own parent, whatever the declaration order")
    func viewsIndentsUnderTheParent() {
        let box = applied(
            "view a frame 0 0 100 100\nview a1 in a frame 0 0 10 10\nview b frame 100 100 50 50\n"
                + "view b1 in b frame 0 0 10 10\nview a2 in a frame 20 20 10 10\n")
        #expect(
            box.run(["views"]).stdout
                == "view a frame 0 0 100 100\n  view a1 in a frame 0 0 10 10\n"
                + "  view a2 in a frame 20 20 10 10\nview b frame 100 100 50 50\n"
                + "  view b1 in b frame 0 0 10 10\n")
    }

    @Test("a script's first layout deleted with plain SQL: export writes the next one once")
    func firstLayoutDeletedExportsTheRest() {
        let box = applied(
            "layout one\ncanvas 100 100\nview a frame 0 0 10 10\nw: a.width == 10\n"
                + "layout two\ncanvas 100 100\nview b frame 0 0 10 10\nbw: b.width == 10\n")
        #expect(box.sqlite("DELETE FROM layouts WHERE name = 'one'").status == 0)
        let export = box.run(["export", "--all"]).stdout
        #expect(export.components(separatedBy: "layout two").count == 2, "\(export)")
        let copy = Sandbox()
        #expect(copy.run(["apply", copy.write("e.layout", export), "-q"]).status == 0)
    }

    @Test("UPDATE of a metric is refused with what to do; frames and export stay as one")
    func metricUpdateRefused() {
        let box = applied(
            "canvas 200 100\nmetric pad 16\nview body frame 0 0 10 10\nH:|-pad-[body]-pad-|\n"
                + "body.top == 0; body.height == 10\n")
        let r = box.sqlite("UPDATE metrics SET value = 40 WHERE name = 'pad'")
        #expect(r.status != 0)
        #expect(r.stderr.contains("change the `metric NAME VALUE` line"), "\(r.stderr)")
        exportReapplies(box)
    }

    @Test("a constraint, a term or a new view tied to another layout's view is refused")
    func crossLayoutReferencesRefused() {
        let box = applied(
            "layout one\ncanvas 100 100\nview a frame 0 0 10 10\nw: a.width == 10\n"
                + "layout two\ncanvas 100 100\nview b frame 0 0 10 10\n")
        let b = "(SELECT id FROM views WHERE name = 'b')"
        for sql in [
            "UPDATE constraints SET lhs_view_id = \(b) WHERE label = 'w'",
            "INSERT INTO constraint_terms (constraint_id, side, position, view_id, attribute, coefficient) "
                + "VALUES ((SELECT id FROM constraints WHERE label = 'w'), 'lhs', 1, \(b), 'left', 1)",
            "INSERT INTO views (layout_id, name, parent_id, ordinal) "
                + "VALUES ((SELECT id FROM layouts WHERE name = 'one'), 'x', \(b), 9)",
            "INSERT INTO views (layout_id, name, parent_id, ordinal) "
                + "VALUES ((SELECT id FROM layouts WHERE name = 'one'), 'x', NULL, 9)",
        ] {
            let r = box.sqlite(sql)
            #expect(r.status != 0, "\(sql)")
            #expect(r.stderr.contains("layout") && r.stderr.contains("`"), "\(sql): \(r.stderr)")
        }
        #expect(box.run(["doctor", "-q"]).status == 0)
        exportReapplies(box)
    }

    @Test(
        "solve solves every layout it can and names the one it cannot; doctor's finding is one line"
    )
    func solveNamesTheLayoutItCannotSolve() {
        let box = applied(
            "layout one\ncanvas 100 100\nview a frame 0 0 10 10\nw: a.width == 10\na.width <= 50\n"
                + "layout two\ncanvas 100 100\nview b frame 0 0 10 10\nbw: b.width == 10\n")
        #expect(box.sqlite("UPDATE constraints SET constant = 80 WHERE label = 'w'").status == 0)
        #expect(box.sqlite("UPDATE constraints SET constant = 30 WHERE label = 'bw'").status == 0)
        let r = box.run(["solve"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("in layout `one`, which stays unsolved"), "\(r.stderr)")
        #expect(
            box.sql("select width || ' ' || stale from solved_frames where view = 'b'") == "30.0 0")
        let doctor = box.run(["doctor"])
        #expect(doctor.status == 1)
        let finding = doctor.stdout.split(separator: "\n").filter { $0.hasPrefix("solve:") }
        #expect(finding.count == 1 && finding[0].contains(" / "), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("\u{FFFD}"), "\(doctor.stdout)")
    }

    @Test("after move-view, export writes a VFL line whose `|` meant the old parent as equations")
    func exportAfterMoveKeepsVFLMeaning() {
        let box = applied(
            "canvas 200 200\nview a frame 50 50 100 100\nview b frame 0 0 10 10\nV:|-6-[b]\n")
        #expect(box.run(["move-view", "b", "--into", "a", "-q"]).status == 0)
        let export = box.run(["export"]).stdout
        #expect(
            !export.contains("V:|-6-[b]") && export.contains("b.top == root.top + 6"), "\(export)")
        exportReapplies(box)
    }

    @Test(
        "a metric deleted with plain SQL: export writes its lines as equations; one named as a view is refused"
    )
    func metricDeletedOrNamedAsView() {
        let box = applied(
            "canvas 200 100\nmetric pad 16\nview body frame 0 0 10 10\nH:|-pad-[body]-pad-|\n"
                + "body.top == 0; body.height == 10\n")
        #expect(box.sqlite("DELETE FROM metrics WHERE name = 'pad'").status == 0)
        exportReapplies(box)
        let named = box.sqlite("INSERT INTO metrics (layout_id, name, value) VALUES (1, 'body', 5)")
        #expect(
            named.status != 0 && named.stderr.contains("give the metric another name"),
            "\(named.stderr)")
    }

    @Test("move-view into a stack makes the view its last arranged one, also one arranged there")
    func moveIntoStackGoesLast() {
        let box = applied(
            "canvas 200 200\nstack s V frame 0 0 100 100\nview x in s intrinsic 50 20\n"
                + "view y in s intrinsic 50 30\n")
        #expect(box.run(["move-view", "x", "--into", "root", "-q"]).status == 0)
        #expect(box.run(["move-view", "x", "--into", "s", "-q"]).status == 0)
        #expect(
            box.run(["views"]).stdout.hasSuffix(
                "  view y in s intrinsic 50 30\n  view x in s intrinsic 50 20\n"))
        #expect(box.run(["move-view", "y", "--into", "s", "-q"]).status == 0)
        #expect(
            box.run(["views"]).stdout.hasSuffix(
                "  view x in s intrinsic 50 20\n  view y in s intrinsic 50 30\n"))
        exportReapplies(box)
    }

    @Test("after move-view, the export keeps the declaration order that settles a tie of frames")
    func exportKeepsOrderAfterMove() {
        let box = applied(
            "view v0 frame 18 197 38 80\nview v1 frame 120 47 56 39\nview v3 frame 3 131 26 50\n"
                + "x6: v3.left == v0.right + 43\n")
        #expect(box.run(["move-view", "v0", "--into", "v1", "-q"]).status == 0)
        exportReapplies(box)
    }

    @Test("UPDATE of a view's ordinal marks it dirty: the frames follow, doctor stays healthy")
    func ordinalUpdateMarksTheTie() {
        let box = applied(
            "canvas 400 600\nview a frame 0 100 10 10\na.height == 6\nview b frame 0 300 10 10\n"
                + "b.top == a.bottom + 5\n")
        #expect(box.sql("select y from solved_frames where view = 'b'") == "111.0")
        #expect(box.sqlite("UPDATE views SET ordinal = 5 WHERE name = 'a'").status == 0)
        #expect(box.run(["frames", "-q"]).status == 0)
        #expect(box.sql("select y from solved_frames where view = 'b'") == "300.0")
        #expect(box.run(["doctor", "-q"]).status == 0)
        exportReapplies(box)
    }
}
