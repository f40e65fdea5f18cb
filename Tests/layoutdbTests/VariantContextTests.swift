import Foundation
import Testing

/// A refusal that comes from one variant of a layout says which, and a name plain SQL
/// stored reaches the terminal only as text: the variant's context in conflicts and canvas
/// errors, and control characters in the output meant for people.
@Suite("Variant context in refusals, and names shown safely")
struct VariantContextTests {
    /// `a` is 40 wide, 20 from the left: 60 of the canvas. The base's 100 holds it; the
    /// variant's 30 does not.
    static let narrowVariant = """
        canvas 100 100
        view a
        H:|-[a(==40)]-(>=0)-|
        V:|[a(==10)]
        variant s canvas 30 30

        """

    /// The conflict names the variant, its canvas and its line, after the FILE:LINE:COL an
    /// editor jumps to; the base's conflict reads as it always has.
    @Test func conflictOnlyInAVariantNamesIt() {
        let box = Sandbox()
        box.write("sm.layout", Self.narrowVariant)
        let r = box.run(["apply", "sm.layout"])
        #expect(r.status == 65)
        let header = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            header
                == "error: sm.layout:3:1: required constraints cannot all hold in variant `s` "
                + "(canvas 30x30, declared at sm.layout:5); they conflict:", "\(r.stderr)")
        #expect(r.stderr.contains("the base solves, so look first at what variant `s` changes"))

        let base = Sandbox()
        base.write("b.layout", "canvas 30 30\nview a\nH:|-[a(==40)]-(>=0)-|\nV:|[a(==10)]\n")
        let b = base.run(["apply", "b.layout"])
        #expect(b.status == 65)
        #expect(
            b.stderr.hasPrefix(
                "error: b.layout:3:1: required constraints cannot all hold; they conflict:"),
            "\(b.stderr)")
        #expect(!b.stderr.contains("variant"))
    }

    /// A variant without a canvas of its own says it is solved on the layout's; its own
    /// constant (`set m 50 in small`) is the one shown in the conflict.
    @Test func conflictFromAVariantsConstantNamesIt() {
        let script = """
            layout home
            canvas 300 100
            view a
            w: a.width == 100
            m: a.width <= 150
            V:|[a(==10)]
            H:|[a]
            variant small
            set m 50 in small

            """
        let box = Sandbox()
        box.write("m.layout", script)
        let r = box.run(["apply", "m.layout"])
        #expect(r.status == 65)
        #expect(
            r.stderr.hasPrefix(
                "error: m.layout:5:1: required constraints cannot all hold in variant `small` "
                    + "of layout `home` (canvas 300x100, the layout's, declared at "
                    + "m.layout:8); they conflict:"), "\(r.stderr)")
        #expect(r.stderr.contains("→ a.width <= 50"))
    }

    /// An edit of a variant (`set-constant --variant`) and a re-apply that breaks only a
    /// variant say which variant too, and change nothing.
    @Test func editsAndReapplyNameTheVariant() {
        let box = Sandbox()
        let script =
            "canvas 300 100\nview a\nw: a.width == 100\nm: a.width <= 150\nV:|[a(==10)]\n"
            + "H:|[a]\nvariant small\n"
        box.write("m.layout", script)
        #expect(box.run(["apply", "m.layout", "-q"]).status == 0)
        let before = box.snapshot()
        let edit = box.run(["set-constant", "m", "50", "--variant", "small"])
        #expect(edit.status == 65)
        #expect(
            edit.stderr.hasPrefix(
                "error: m.layout:4:1: required constraints cannot all hold in variant `small` "
                    + "(canvas 300x100, the layout's, declared at m.layout:7); they conflict:"),
            "\(edit.stderr)")
        #expect(box.snapshot() == before)

        box.write("m.layout", script + "set m 50 in small\n")
        let reapply = box.run(["apply", "m.layout"])
        #expect(reapply.status == 65)
        #expect(
            reapply.stderr.hasPrefix(
                "error: m.layout:4:1: required constraints cannot all hold in variant `small` "
                    + "(canvas 300x100, the layout's, declared at m.layout:7); they conflict:"),
            "\(reapply.stderr)")
        #expect(box.snapshot() == before)
    }

    /// A canvas plain SQL made infinite in one variant: the message names the layout, the
    /// variant and the repair; the base and the other variants still read, and the broken
    /// variant's own read and `check` say why.
    @Test func infiniteVariantCanvasNamesItAndLeavesTheBase() {
        let box = Sandbox()
        let script =
            "canvas 100 100\nview a\nH:|-[a(==40)]\nV:|[a(==10)]\nvariant s canvas 30 30\n"
            + "variant t canvas 80 80\n"
        box.write("ok.layout", script)
        #expect(box.run(["apply", "ok.layout", "-q"]).status == 0)
        #expect(
            box.sqlite("update variants set canvas_height = 9e999 where name = 's'").status == 0)
        let id = box.sql("select id from variants where name = 's'")

        let expected = """
            error: cannot solve variant `s` of layout `main` (canvas 30xinf, declared at \
            ok.layout:5): a canvas height must be a finite number >= 0, not inf
            hint: no layoutdb command sets a canvas's size in place: plain SQL stored it; \
            correct it the same way (column `canvas_height` of row \(id) in the project's \
            `variants` table), or rebuild the layout from its script with \
            `layoutdb apply FILE --replace`

            """
        let own = box.run(["frames", "--variant", "s"])
        #expect(own.status == 65)
        #expect(own.stderr == expected)
        let check = box.run(["check"])
        #expect(check.status == 65)
        #expect(check.stderr == expected)

        let base = box.run(["frames", "--format", "csv"])
        #expect(base.status == 0, "\(base.stderr)")
        #expect(base.stdout.contains("a,20,0,40,10"), "\(base.stdout)")
        let other = box.run(["frames", "--format", "csv", "--variant", "t"])
        #expect(other.status == 0, "\(other.stderr)")
        // The broken variant stays marked: its frames are stale, not solved.
        #expect(box.sql("select count(*) from dirty where variant_id = \(id)") == "1")

        // The repair the hint gives works.
        #expect(
            box.sqlite("UPDATE variants SET canvas_height = 30 WHERE id = \(id)").status == 0)
        #expect(box.run(["frames", "--variant", "s"]).status == 0)
    }

    /// The layout's own canvas, made infinite: named with its table and row.
    @Test func infiniteLayoutCanvasNamesTheLayout() {
        let box = Sandbox()
        #expect(
            box.run([
                "apply", box.write("b.layout", "canvas 100 100\nview a\nH:|[a(==40)]\n"), "-q",
            ])
            .status == 0)
        #expect(box.sqlite("update layouts set canvas_width = 9e999").status == 0)
        let r = box.run(["frames"])
        #expect(r.status == 65)
        #expect(
            r.stderr.hasPrefix(
                "error: cannot solve layout `main`: a canvas width must be a finite number "
                    + ">= 0, not inf\n"), "\(r.stderr)")
        #expect(
            r.stderr.contains("column `canvas_width` of row 1 in the project's `layouts` table"))
    }

    /// Names plain SQL stored with an escape, a line feed or a backspace: `views`, `diff`,
    /// `check`, an edit's report and the tables show each control character as U+FFFD;
    /// JSON still escapes them.
    @Test func controlCharactersInNamesAreShownAsReplacements() {
        let box = Sandbox()
        let script = """
            canvas 100 100
            view title
            view b
            H:|-[title(==40)]
            V:|[title(==10)]
            variant compact canvas 50 50

            """
        #expect(box.run(["apply", box.write("cc.layout", script), "-q"]).status == 0)
        #expect(
            box.sqlite(
                "update views set name='ti'||char(27)||'[31mRED'||char(10)||'x' where name='title'; "
                    + "update variants set name='com'||char(8)||'pact'"
            ).status == 0)
        func isControl(_ c: Unicode.Scalar) -> Bool {
            (c.value < 0x20 && c != "\n") || c.value == 0x7F
        }
        let title = "ti\u{FFFD}[31mRED\u{FFFD}x"
        let variant = "com\u{FFFD}pact"
        for (args, shown) in [
            (["views"], title), (["diff"], variant), (["check"], variant),
            (["frames"], title), (["variant", "list"], variant),
        ] {
            let r = box.run(args)
            #expect(
                !r.stdout.unicodeScalars.contains(where: isControl)
                    && !r.stderr.unicodeScalars.contains(where: isControl),
                "\(args): \(r.stdout.debugDescription) \(r.stderr.debugDescription)")
            #expect(r.stdout.contains(shown), "\(args): \(r.stdout)")
        }
        // A view that moves in an edit is reported under its name, shown safely.
        let moved = box.run(["set-constant", "#1", "22"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.contains("main/\(variant) \(title): x 20 → 22"), "\(moved.stdout)")
        #expect(!moved.stdout.unicodeScalars.contains(where: isControl))
        // JSON keeps the name, escaped.
        let json = box.run(["views", "--json"]).stdout
        #expect(json.contains(#"ti\u001b[31mRED\nx"#) || json.contains(#"ti\u001B[31mRED\nx"#))
    }

    @Test("no variant named `base` or an empty name: the message does not say to declare it")
    func baseAndEmptyVariantNames() {
        let box = Sandbox()
        #expect(
            box.run(["apply", box.write("a.layout", "canvas 100 100\nview a\n"), "-q"]).status == 0)
        // "declare it with `variant base`", though `base` is reserved; "`variant `" for ''.
        let base = box.run(["variant", "remove", "base"])
        #expect(
            base.status == 65 && base.stderr.contains("`base` is the layout itself"),
            "\(base.stderr)")
        for args in [["frames", "--variant", ""], ["variant", "remove", ""]] {
            let r = box.run(args)
            #expect(r.status != 0 && !r.stderr.contains("declare it with"), "\(args): \(r.stderr)")
        }
    }
}
