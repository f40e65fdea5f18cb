import Foundation
import Testing

/// Compound attributes against the margins and safe-area guides, and what a layout guide
/// does not have, end to end on the built binary (docs/vocabulary.md §3, §4, §5, §13).
@Suite("Guides: compound attributes on margins and the safe area; what a layout guide has not")
struct GuideAttributeTests {
    /// A screen with a safe area, a card with margins of its own, a view `a` in the card,
    /// a landscape variant with another safe area and a right-to-left one, then `lines`.
    static func screen(_ lines: String) -> String {
        """
        canvas 390 844 safe 47 0 34 0
        view card margins 12 16 20 24
        card.top == |.top + 100; card.left == |.left + 10; card.width == 300; card.height == 400
        view a in card
        variant landscape canvas 844 390 safe 0 47 21 47
        variant arabic direction rtl
        \(lines)
        """
    }

    static let variants = ["base", "landscape", "arabic"]

    /// Applies `script` to a new project; the apply must succeed.
    func applied(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("s.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return box
    }

    func frames(_ box: Sandbox, _ variant: String) -> String {
        box.run(["frames", "--format", "csv", "--variant", variant]).stdout
    }

    @Test(
        "every compound form against margins and the safe area solves as its written-out equations",
        arguments: [
            (
                "a.edges == card.margins",
                "a.top == card.margins.top; a.left == card.margins.left\n"
                    + "a.bottom == card.margins.bottom; a.right == card.margins.right"
            ),
            (
                "a.edges == card.margins.edges",
                "a.top == card.margins.top; a.left == card.margins.left\n"
                    + "a.bottom == card.margins.bottom; a.right == card.margins.right"
            ),
            (
                "a.edges == |.safe",
                "a.top == |.safe.top; a.left == |.safe.left\n"
                    + "a.bottom == |.safe.bottom; a.right == |.safe.right"
            ),
            (
                "a.edges == |.safe.edges",
                "a.top == |.safe.top; a.left == |.safe.left\n"
                    + "a.bottom == |.safe.bottom; a.right == |.safe.right"
            ),
            (
                "a.edges == root.safe.edges - 4",
                "a.top == root.safe.top - 4; a.left == root.safe.left - 4\n"
                    + "a.bottom == root.safe.bottom + 4; a.right == root.safe.right + 4"
            ),
            (
                "a.edges == |.margins",
                "a.top == |.margins.top; a.left == |.margins.left\n"
                    + "a.bottom == |.margins.bottom; a.right == |.margins.right"
            ),
            (
                "|.margins.edges + 8 == a.edges",
                "|.margins.top + 8 == a.top; |.margins.left + 8 == a.left\n"
                    + "|.margins.bottom - 8 == a.bottom; |.margins.right - 8 == a.right"
            ),
            (
                "a.edges >= |.safe.edges + 8\na.edges == |.edges @ 500",
                "a.top >= |.safe.top + 8; a.left >= |.safe.left + 8\n"
                    + "a.bottom <= |.safe.bottom - 8; a.right <= |.safe.right - 8\n"
                    + "a.edges == |.edges @ 500"
            ),
            (
                "a.center == |.margins.center; a.width == 40; a.height == 30",
                "a.centerX == |.margins.centerX; a.centerY == |.margins.centerY\n"
                    + "a.width == 40; a.height == 30"
            ),
            (
                "a.center == |.safe; a.size == |.safe.size * 0.5",
                "a.centerX == |.safe.centerX; a.centerY == |.safe.centerY\n"
                    + "a.width == |.safe.width * 0.5; a.height == |.safe.height * 0.5"
            ),
            (
                "a.center == card.margins; a.size == card.margins - 10",
                "a.centerX == card.margins.centerX; a.centerY == card.margins.centerY\n"
                    + "a.width == card.margins.width - 10; a.height == card.margins.height - 10"
            ),
            (
                "a.size == |.margins.size; a.left == |.left; a.top == |.top",
                "a.width == |.margins.width; a.height == |.margins.height\n"
                    + "a.left == |.left; a.top == |.top"
            ),
            (
                "a.size == |.margins; a.center == card.center",
                "a.width == |.margins.width; a.height == |.margins.height\n"
                    + "a.centerX == card.centerX; a.centerY == card.centerY"
            ),
            // Directional edges shared with a guide follow the layout's direction.
            (
                "a.top == |.safe; a.leading == card.margins + 4; a.trailing == |.margins\n"
                    + "a.bottom == card.margins",
                "a.top == |.safe.top; a.leading == card.margins.leading + 4\n"
                    + "a.trailing == |.margins.trailing; a.bottom == card.margins.bottom"
            ),
            (
                "pin: a.edges == |.safe\nset pin.top 60 in landscape",
                "pin.top: a.top == |.safe.top; pin.left: a.left == |.safe.left\n"
                    + "pin.bottom: a.bottom == |.safe.bottom; pin.right: a.right == |.safe.right\n"
                    + "set pin.top 60 in landscape"
            ),
        ])
    func compoundMatchesWrittenOut(compound: String, writtenOut: String) {
        let short = applied(Self.screen(compound))
        let long = applied(Self.screen(writtenOut))
        for v in Self.variants {
            let got = frames(short, v)
            #expect(got.contains("\na,"), "\(v): \(got)")
            #expect(got == frames(long, v), "\(compound) in \(v)")
        }
        // Export gives the lines back as written, and applies again to the same frames.
        let exported = short.run(["export"])
        #expect(exported.status == 0, "\(exported.stderr)")
        for line in compound.split(separator: "\n") {
            #expect(exported.stdout.contains(line + "\n"), "\(exported.stdout)")
        }
        let copy = Sandbox()
        let again = copy.run(["apply", copy.write("again.layout", exported.stdout), "-q"])
        #expect(again.status == 0, "\(again.stderr)")
        for v in Self.variants { #expect(frames(copy, v) == frames(short, v)) }
        #expect(copy.run(["export"]).stdout == exported.stdout)
    }

    @Test("M3: a view pinned to the safe area and one to a card's margins, whole, by hand")
    func framesByHand() {
        let box = applied(Self.screen("a.edges == |.safe\nview b in card\nb.edges == card.margins"))
        // a: the canvas inset by the safe area: y 47, h 844 − 47 − 34 = 763; landscape:
        // x 47, w 844 − 94 = 750, h 390 − 21 = 369.
        // b: the card (10, 100, 300, 400) inset by 12 16 20 24: x 26, y 112,
        // w 300 − 40 = 260, h 400 − 32 = 368.
        #expect(
            frames(box, "base") == """
                view,x,y,width,height,stale
                card,10,100,300,400,0
                a,0,47,390,763,0
                b,26,112,260,368,0

                """)
        #expect(frames(box, "landscape").contains("a,47,0,750,369,0\n"))
        #expect(frames(box, "arabic").contains("b,26,112,260,368,0\n"))
    }

    // MARK: What a layout guide has not

    /// A project with guide `g` in `card`, view `a` placed on it, and a variant `v`.
    static let withGuide = """
        canvas 320 100
        view card
        card.edges == |.edges
        guide g in card
        g.edges == card.edges
        view a in card
        pin: a.left == g.left
        a.top == g.top; a.width == 10; a.height == 10
        variant v
        """

    func guideProject() -> Sandbox {
        let box = Sandbox()
        box.write("main.layout", Self.withGuide)
        let r = box.run(["apply", "main.layout", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return box
    }

    /// Runs a refused command: exit 65, `message` in the error, the project unchanged.
    func expectRefused(
        _ box: Sandbox, _ args: [String], _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let snapshot = box.snapshot() + box.sql("select * from script_lines")
        let before = box.bytes()
        let r = box.run(args)
        #expect(r.status == 65, "\(args): \(r.status) \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(message), "\(args): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(box.bytes() == before, "\(args) changed the file", sourceLocation: sourceLocation)
        #expect(
            box.snapshot() + box.sql("select * from script_lines") == snapshot,
            sourceLocation: sourceLocation)
    }

    @Test("the tester's script is refused at its first wrong line, and no project is made")
    func testersScript() {
        let box = Sandbox()
        let r = box.run([
            "apply",
            box.write(
                "t.layout",
                """
                canvas 320 100
                guide g
                g.edges == |.edges
                hide g
                view a
                a.left == g.leftMargin; a.top == g.firstBaseline; a.width == 10; a.height == 10
                """),
        ])
        #expect(r.status == 65)
        #expect(
            r.stderr.contains(
                "t.layout:4:6: 'g' is a guide, and a guide cannot be hidden or shown"),
            "\(r.stderr)")
        #expect(r.stderr.contains("hint: hide the views placed against it instead"))
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }

    @Test(
        "a guide's margins, baselines and hiding are refused in a script at FILE:LINE:COL",
        arguments: [
            (
                "b.left == g.leftMargin",
                "x.layout:2:13: 'g' is a guide, and a guide has no layout margins"
            ),
            (
                "b.left == g.margins.left",
                "x.layout:2:13: 'g' is a guide, and a guide has no layout margins"
            ),
            (
                "b.edges == g.margins",
                "x.layout:2:14: 'g' is a guide, and a guide has no layout margins"
            ),
            (
                "b.leftMargin == g",
                "x.layout:2:17: 'g' is a guide, and a guide has no layout margins"
            ),
            (
                "b.top == g.firstBaseline",
                "x.layout:2:12: 'g' is a guide, and a guide has no baseline"
            ),
            (
                "b.bottom == g.baseline",
                "x.layout:2:15: 'g' is a guide, and a guide has no baseline"
            ),
            (
                "b.top == g.lastBaseline",
                "x.layout:2:12: 'g' is a guide, and a guide has no baseline"
            ),
            ("hide g", "x.layout:2:6: 'g' is a guide, and a guide cannot be hidden or shown"),
            ("show g", "x.layout:2:6: 'g' is a guide, and a guide cannot be hidden or shown"),
            ("hide g in v", "x.layout:2:6: 'g' is a guide, and a guide cannot be hidden or shown"),
        ])
    func refusedInScript(line: String, message: String) {
        let box = guideProject()
        expectRefused(box, ["apply", box.write("x.layout", "view b in card\n\(line)\n")], message)
    }

    @Test("from the command line: add, hide and show refuse a guide, base and variant")
    func refusedFromCommandLine() {
        let box = guideProject()
        expectRefused(
            box, ["add", "a.right == g.rightMargin"],
            "<add>:1:14: 'g' is a guide, and a guide has no layout margins")
        expectRefused(
            box, ["add", "a.bottom == g.lastBaseline"],
            "<add>:1:15: 'g' is a guide, and a guide has no baseline")
        expectRefused(box, ["add", "a.edges == g.margins"], "'g' is a guide")
        for args in [["hide", "g"], ["show", "g"], ["hide", "g", "--variant", "v"]] {
            expectRefused(box, args, "'g' is a guide, and a guide cannot be hidden or shown")
        }
        // What a guide has is still taken.
        #expect(box.run(["add", "a.right <= g.right", "-q"]).status == 0)
    }

    @Test("an edited line of an applied file is refused the same way on re-apply")
    func refusedOnReapply() {
        let box = guideProject()
        // A labelled line edited in place (the re-apply's line road) and a new line (its
        // stretch road) each name a guide's margin.
        for (old, new, message) in [
            (
                "pin: a.left == g.left", "pin: a.left == g.leftMargin",
                "main.layout:7:18: 'g' is a guide, and a guide has no layout margins"
            ),
            (
                "variant v", "variant v\nhide g in v",
                "main.layout:10:6: 'g' is a guide, and a guide cannot be hidden or shown"
            ),
            (
                "a.top == g.top;", "a.top == g.firstBaseline;",
                "main.layout:8:12: 'g' is a guide, and a guide has no baseline"
            ),
        ] {
            box.write("main.layout", Self.withGuide.replacingOccurrences(of: old, with: new))
            expectRefused(box, ["apply", "main.layout"], message)
        }
    }

    @Test("the two messages name what is missing, where")
    func missingWords() {
        let box = Sandbox()
        let hug = box.run(["apply", box.write("h.layout", "view a intrinsic 10 20 hug\n")])
        #expect(hug.status == 65)
        #expect(
            hug.stderr.contains(
                "h.layout:1:27: expected a priority after 'hug' (a number from 1 to 1000, "
                    + "'required', 'high' or 'low'), found the end of the statement"),
            "\(hug.stderr)")
        let direction = box.run(["apply", box.write("d.layout", "variant v direction\n")])
        #expect(direction.status == 65)
        #expect(
            direction.stderr.contains(
                "d.layout:1:20: expected a direction after 'direction', 'ltr' (left to right) "
                    + "or 'rtl' (right to left), found the end of the statement"),
            "\(direction.stderr)")
    }
}
