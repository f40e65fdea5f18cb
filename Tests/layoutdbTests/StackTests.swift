import Foundation
import Testing

/// Stack views and hidden views (docs/vocabulary.md §7, §8), end to end on the built
/// binary. Each example is the page's, named as there (S1 ... S14, H1, H2, R2); the
/// expected frames are the page's hand computation, repeated in the comments.
@Suite("Stacks and hidden views")
struct StackTests {
    /// Applies `script` to a new project; the apply must succeed.
    func applied(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("s.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return box
    }

    /// The solved frames of a variant as `VIEW: x y w h`, one per line, in `frames` order.
    func frames(_ box: Sandbox, variant: String = "base") -> [String: String] {
        let r = box.run(["frames", "--format", "csv", "--variant", variant])
        var result: [String: String] = [:]
        for line in r.stdout.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            guard f.count >= 5 else { continue }
            result[f[0]] = f[1...4].joined(separator: " ")
        }
        return result
    }

    /// Every frame in `expected` (`VIEW: "x y w h"`) is the solved one.
    func expectFrames(
        _ box: Sandbox, variant: String = "base", _ expected: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let solved = frames(box, variant: variant)
        for (view, frame) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(
                solved[view] == frame, "\(variant) \(view)", sourceLocation: sourceLocation)
        }
    }

    /// Export, apply the export to a fresh project: the frames of every variant agree and
    /// exporting again gives the same text.
    func expectRoundTrip(
        _ box: Sandbox, variants: [String] = ["base"],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let exported = box.run(["export"])
        #expect(exported.status == 0, "\(exported.stderr)", sourceLocation: sourceLocation)
        let copy = Sandbox()
        let r = copy.run(["apply", copy.write("again.layout", exported.stdout), "-q"])
        #expect(r.status == 0, "\(r.stderr)\n\(exported.stdout)", sourceLocation: sourceLocation)
        for v in variants {
            #expect(
                frames(copy, variant: v) == frames(box, variant: v), "\(v)",
                sourceLocation: sourceLocation)
        }
        #expect(copy.run(["export"]).stdout == exported.stdout, sourceLocation: sourceLocation)
    }

    /// A script that must fail to apply: exit 65, the message and the place it names.
    func expectRefused(
        _ script: String, _ message: String, at place: String, hint: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let box = Sandbox()
        let r = box.run(["apply", box.write("bad.layout", script)])
        #expect(r.status == 65, sourceLocation: sourceLocation)
        #expect(r.stderr.contains(message), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(place), "\(r.stderr)", sourceLocation: sourceLocation)
        if let hint {
            #expect(r.stderr.contains(hint), "\(r.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test("a spacing label of a stack renamed or mistyped suggests the nearest stack's")
    func spacingLabelSuggestsTheStack() {
        let stack = "stack st H spacing 8 frame 0 0 300 50\nview a in st intrinsic 20 20\n"
        let box = applied("canvas 300 100\n" + stack)
        #expect(box.run(["rename-view", "st", "row", "-q"]).status == 0)
        for typed in ["st.spacing", "rwo.spacing"] {
            let r = box.run(["set-constant", typed, "4"])
            #expect(r.status == 65, "\(r.stderr)")
            #expect(
                r.stderr.contains(
                    "no constraint labelled `\(typed)` in layout `main`; did you mean "
                        + "`row.spacing`?"), "\(r.stderr)")
        }
        #expect(box.run(["set-constant", "row.spacing", "4", "-q"]).status == 0)
        #expect(box.run(["get", "row.spacing"]).stdout.contains("constant: 4"))
        // A command that takes constraints only says what the spacing is.
        for args in [["deactivate", "row.spacing"], ["set-priority", "row.spacing", "500"]] {
            let r = box.run(args)
            #expect(r.status == 65, "\(r.stderr)")
            #expect(
                r.stderr.contains(
                    "`row.spacing` is the spacing of stack `row` in layout `main`, not a "
                        + "constraint"), "\(r.stderr)")
        }
    }

    @Test("a constraint may not take a stack's spacing label, before or after the stack")
    func spacingLabelIsTheStacks() {
        let stack = "stack st H spacing 8 frame 0 0 300 50\nview a in st intrinsic 20 20\n"
        // `get` and `set-constant` reached the spacing, `remove` the constraint.
        expectRefused(
            "canvas 300 100\n" + stack + "st.spacing: a.height <= 60\n",
            "`st.spacing` names the spacing of stack `st`", at: "bad.layout:4:1")
        expectRefused(
            "canvas 300 100\nst.spacing: root.height == 100\n" + stack,
            "`st.spacing` names the spacing of stack `st`", at: "bad.layout:3:1")
        let box = applied("canvas 300 100\n" + stack + "ah: a.height <= 60\n")
        for args in [
            ["add", "a.width >= 5", "--label", "st.spacing"], ["label", "ah", "st.spacing"],
        ] {
            let r = box.run(args)
            #expect(
                r.status == 65 && r.stderr.contains("names the spacing of stack"), "\(r.stderr)")
        }
        #expect(box.run(["set-constant", "st.spacing", "4", "-q"]).status == 0)
        #expect(box.run(["get", "ah"]).stdout.contains("constant: 60"))
        // As a group label (a labelled VFL line's, a compound's parts): `deactivate` and
        // `set-priority` reached the parts, `get` and `set-constant` the spacing.
        for line in ["st.spacing: H:|-[c]", "st.spacing: c.size == |.size * 0.1"] {
            expectRefused(
                "canvas 300 100\n" + stack + "view c frame 0 60 10 10\n" + line + "\n",
                "`st.spacing` names the spacing of stack `st`", at: "bad.layout:5:1")
            // Before the stack, the group is refused at the stack's line.
            expectRefused(
                "canvas 300 100\nview c frame 0 60 10 10\n" + line + "\n" + stack,
                "`st.spacing` names the spacing of stack `st`", at: "bad.layout:4:1")
        }
        // A stack renamed to a name whose spacing label a constraint has.
        let renamed = applied("canvas 300 100\nview z\nqq.spacing: z.height == 10\n" + stack)
        let r = renamed.run(["rename-view", "st", "qq"])
        #expect(
            r.status == 65 && r.stderr.contains("names the spacing of stack `qq`"), "\(r.stderr)")
        // A stack a re-apply adds: refused at its line, where it said `FILE:0:0`.
        let later = Sandbox()
        let path = later.write("s.layout", "canvas 300 100\nview z\n")
        #expect(later.run(["apply", path, "-q"]).status == 0)
        #expect(later.run(["add", "z.height == 10", "--label", "qq.spacing", "-q"]).status == 0)
        later.write("s.layout", "canvas 300 100\nview z\nstack qq H frame 0 50 300 50\n")
        let added = later.run(["apply", path])
        #expect(added.status == 65 && added.stderr.contains("s.layout:3:1:"), "\(added.stderr)")
    }

    @Test("hiding every arranged view of a stack its frame sizes leaves it empty, its size kept")
    func lastVisibleViewHidden() {
        let box = applied(
            "canvas 300 300\nstack s H frame 0 0 100 40\nview a in s intrinsic 30 20\n")
        // The required connection to the hidden view conflicted with the stack's frame.
        let r = box.run(["hide", "a"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(frames(box)["s"] == "0 0 100 40", "\(frames(box))")
        #expect(frames(box)["a"]?.hasSuffix(" 0 40") == true, "\(frames(box))")
        // A stack nothing sizes still closes to nothing (§7.2).
        let unsized = applied(
            "canvas 300 fit\nstack s V\nview a in s intrinsic 30 20\nhide a\n"
                + "s.top == root.top; s.left == root.left; root.bottom == s.bottom\n")
        #expect(frames(unsized)["s"]?.hasSuffix(" 0") == true, "\(frames(unsized))")
    }

    // MARK: Distributions (§7.3)

    @Test("S1: fill: the view with the lowest hugging grows")
    func fillLowestHuggingGrows() {
        let box = applied(
            """
            canvas 320 100
            stack row H spacing 8
            row.left == |.left + 10; row.top == |.top + 10; row.width == 300; row.height == 30
            view a in row intrinsic 50 20
            view b in row intrinsic 60 20 hug 200 250
            view c in row intrinsic 40 20
            """)
        // Room 300 − 2 · 8 = 284 for 150 of content; b hugs at 200 (a, c at 250): b grows
        // to 284 − 50 − 40 = 194. Align fill: every height is the row's 30.
        expectFrames(
            box,
            [
                "row": "10 10 300 30", "a": "10 10 50 30",
                "b": "68 10 194 30",  // 10 + 50 + 8
                "c": "270 10 40 30",  // 68 + 194 + 8; 270 + 40 = 310 = 10 + 300
            ])
    }

    @Test("S2: fill: the view with the lowest compression resistance shrinks")
    func fillLowestResistanceShrinks() {
        let box = applied(
            """
            canvas 320 100
            stack row H spacing 8
            row.left == |.left + 10; row.top == |.top + 10; row.width == 120; row.height == 30
            view a in row intrinsic 50 20
            view b in row intrinsic 60 20 resist 700 750
            view c in row intrinsic 40 20
            """)
        // Content 150 + 16 = 166 > 120 by 46: b (resistance 700) shrinks to 60 − 46 = 14.
        expectFrames(
            box, ["a": "10 10 50 30", "b": "68 10 14 30", "c": "90 10 40 30"])
    }

    @Test("S3: fill: a tie in hugging is broken by declaration order (the earliest grows)")
    func fillTieEarliestGrows() {
        let box = applied(
            """
            canvas 320 100
            stack row H
            row.left == |.left; row.top == |.top; row.width == 200; row.height == 20
            view a in row intrinsic 50 20
            view b in row intrinsic 50 20
            """)
        // Both hug at 250; the spare 100 goes to a, the earlier one (§11).
        expectFrames(box, ["a": "0 0 150 20", "b": "150 0 50 20"])
    }

    @Test("S4: fillEqually: equal widths between the spacing")
    func fillEqually() {
        let box = applied(
            """
            canvas 320 100
            stack tabs H spacing 10 distribute fillEqually
            tabs.left == |.left; tabs.top == |.top; tabs.width == 320; tabs.height == 49
            view t1 in tabs; view t2 in tabs; view t3 in tabs
            """)
        // Each (320 − 2 · 10) / 3 = 100.
        expectFrames(
            box, ["t1": "0 0 100 49", "t2": "110 0 100 49", "t3": "220 0 100 49"])
    }

    @Test("S5: fillProportionally, without spacing and with (the last view absorbs)")
    func fillProportionally() {
        let box = applied(
            """
            canvas 320 100
            stack p H distribute fillProportionally
            p.left == |.left; p.top == |.top; p.width == 300; p.height == 20
            view a in p intrinsic 50 20
            view b in p intrinsic 100 20
            variant spaced
            set p.spacing 10 in spaced
            """)
        // s = 0: T = 150; a = 300 · 50/150 = 100 @999, b = 300 · 100/150 = 200 @998.
        expectFrames(box, ["a": "0 0 100 20", "b": "100 0 200 20"])
        // s = 10: T = 160; a = 300 · 50/160 = 93.75 @999 holds; b = 187.5 @998 cannot
        // (a + 10 + b = 300) → b = 196.25.
        expectFrames(
            box, variant: "spaced", ["a": "0 0 93.75 20", "b": "103.75 0 196.25 20"])
        expectRoundTrip(box, variants: ["base", "spaced"])
    }

    @Test("S6: equalSpacing with room, and without (the earliest shrinks)")
    func equalSpacing() {
        let box = applied(
            """
            canvas 320 100
            stack e H spacing 10 distribute equalSpacing
            e.left == |.left; e.top == |.top; e.height == 20
            ew: e.width == 300
            view a in e intrinsic 50 20
            view b in e intrinsic 60 20
            view c in e intrinsic 40 20
            variant tight
            set ew 140 in tight
            """)
        // Gaps (300 − 150) / 2 = 75 ≥ 10.
        expectFrames(box, ["a": "0 0 50 20", "b": "125 0 60 20", "c": "260 0 40 20"])
        // 150 + 20 > 140 by 30: the gaps stay 10; resistance ties at 750, so a, the
        // earliest, shrinks by 30.
        expectFrames(
            box, variant: "tight", ["a": "0 0 20 20", "b": "30 0 60 20", "c": "100 0 40 20"])
    }

    @Test("S7: equalCentering: equal gaps between the centres")
    func equalCentering() {
        let box = applied(
            """
            canvas 320 100
            stack q H distribute equalCentering
            q.left == |.left; q.top == |.top; q.width == 300; q.height == 20
            view a in q intrinsic 40 20
            view b in q intrinsic 100 20
            view c in q intrinsic 60 20
            """)
        // a's centre 20, c's 270; equal centre gaps (270 − 20) / 2 = 125 → b's centre 145.
        expectFrames(box, ["a": "0 0 40 20", "b": "95 0 100 20", "c": "240 0 60 20"])
    }

    // MARK: Alignments (§7.4)

    /// S8's script with `align MODE`.
    func rowOfFixedHeight(_ mode: String) -> String {
        """
        canvas 200 100
        stack row H align \(mode)
        row.left == |.left; row.top == |.top + 10; row.height == 60
        view a in row intrinsic 50 20
        view b in row intrinsic 50 40
        """
    }

    @Test(
        "S8: the edge alignments in a row of fixed height",
        arguments: [
            // tops and bottoms = the row's
            ("fill", "0 10 50 60", "50 10 50 60"),
            // tops = the row's top, 10
            ("top", "0 10 50 20", "50 10 50 40"), ("leading", "0 10 50 20", "50 10 50 40"),
            // centres = 10 + 60 / 2 = 40
            ("center", "0 30 50 20", "50 20 50 40"),
            // bottoms = 70
            ("bottom", "0 50 50 20", "50 30 50 40"), ("trailing", "0 50 50 20", "50 30 50 40"),
        ])
    func edgeAlignments(mode: String, a: String, b: String) {
        let box = applied(rowOfFixedHeight(mode))
        // Widths are the intrinsic 50 (nothing stretches the row): row (0, 10, 100, 60).
        expectFrames(box, ["row": "0 10 100 60", "a": a, "b": b])
    }

    @Test("S9: centre alignment sizes the stack to its tallest view")
    func centreSizedByContent() {
        let box = applied(
            """
            canvas 200 100
            stack row H align center
            row.left == |.left; row.top == |.top + 10
            view a in row intrinsic 50 20
            view b in row intrinsic 50 40
            """)
        // The spanner shrinks (51) to b's 40; a's centre 10 + 40 / 2 = 30.
        expectFrames(
            box, ["row": "0 10 100 40", "a": "0 20 50 20", "b": "50 10 50 40"])
    }

    @Test("S10: a V stack aligned across: centre, and leading under both directions")
    func verticalCrossAlignment() {
        let centred = applied(
            """
            canvas 200 200
            stack col V align center
            col.left == |.left; col.top == |.top; col.width == 200
            view a in col intrinsic 60 20
            view b in col intrinsic 100 30
            """)
        // Centres at 100: a x = 100 − 30, b x = 100 − 50; col height 20 + 30.
        expectFrames(
            centred, ["col": "0 0 200 50", "a": "70 0 60 20", "b": "50 20 100 30"])
        let leading = applied(
            """
            canvas 200 200
            stack col V align leading
            col.left == |.left; col.top == |.top; col.width == 200
            view a in col intrinsic 60 20
            view b in col intrinsic 100 30
            variant rtl direction rtl
            """)
        expectFrames(leading, ["a": "0 0 60 20", "b": "0 20 100 30"])
        // Right to left the leading edge is the right one: a x = 200 − 60, b x = 200 − 100.
        expectFrames(leading, variant: "rtl", ["a": "140 0 60 20", "b": "100 20 100 30"])
        expectRoundTrip(leading, variants: ["base", "rtl"])
    }

    @Test("S11: first baselines in an H stack, with UIKit's overhang")
    func firstBaselines() {
        let box = applied(
            """
            canvas 320 200
            stack row H spacing 8 align firstBaseline
            row.left == |.left + 10; row.top == |.top + 100
            view small in row intrinsic 50 20 baseline 15 5
            view big in row intrinsic 80 40 baseline 30 10
            """)
        // small.top + 15 == big.top + 30; row.top (100) <= small.top; the row as short as it
        // can be (49) → small.top = 100, big.top = 85: 15 above the row, as in UIKit.
        expectFrames(
            box,
            ["row": "10 100 138 25", "small": "10 100 50 20", "big": "68 85 80 40"])
        let swapped = applied(
            """
            canvas 320 200
            stack row H spacing 8 align firstBaseline
            row.left == |.left + 10; row.top == |.top + 100
            view big in row intrinsic 80 40 baseline 30 10
            view small in row intrinsic 50 20 baseline 15 5
            """)
        // The first view reaches highest: nothing sticks out.
        expectFrames(
            swapped,
            ["row": "10 100 138 40", "big": "10 100 80 40", "small": "98 115 50 20"])
    }

    @Test("S12: last baselines in an H stack")
    func lastBaselines() {
        let box = applied(
            """
            canvas 320 200
            stack row H spacing 8 align lastBaseline
            row.left == |.left + 10; row.top == |.top + 100
            view small in row intrinsic 50 20 baseline 15 5
            view big in row intrinsic 80 40 baseline 30 10
            """)
        // small.bottom − 5 == big.bottom − 10; row.top == spanner.top = big.top = 100 →
        // small.bottom = 135; the row's bottom is small's (canvas-fit).
        expectFrames(
            box,
            ["row": "10 100 138 35", "small": "10 115 50 20", "big": "68 100 80 40"])
    }

    @Test("S13: a margins-relative arrangement")
    func marginsRelative() {
        let box = applied(
            """
            canvas 320 100
            stack bar H spacing 4 distribute fillEqually margins 8
            bar.left == |.left; bar.top == |.top; bar.width == 320; bar.height == 60
            view p in bar; view q in bar
            """)
        // The canvas is the bar's margins: x 8 … 312, y 8 … 52; widths (304 − 4) / 2 = 150.
        expectFrames(box, ["p": "8 8 150 44", "q": "162 8 150 44"])
        expectRoundTrip(box)
    }

    // MARK: Nested stacks and hidden views (§7.5, §8)

    static let form = """
        canvas 375 400
        stack form V spacing 12
        form.left == |.left + 16; form.right == |.right - 16; form.top == |.top + 20
        stack row1 in form H spacing 8 align center
        view nameLabel in row1 intrinsic 60 20
        view nameField in row1 intrinsic - 34
        stack row2 in form H spacing 8 align center
        view mailLabel in row2 intrinsic 60 20
        view mailField in row2 intrinsic - 34
        view submit in form intrinsic 100 44
        variant noMail
        hide row2 in noMail
        """

    @Test("S14: a form of rows (nested stacks), and a hidden nested row")
    func nestedForm() {
        let box = applied(Self.form)
        // Every row x 16, w 343; the field takes 343 − 60 − 8 = 275 at 16 + 60 + 8 = 84;
        // each row is 34 high (the field), the label centred; the form is the sum.
        expectFrames(
            box,
            [
                "form": "16 20 343 136",  // 34 + 12 + 34 + 12 + 44
                "row1": "16 20 343 34", "nameLabel": "16 27 60 20", "nameField": "84 20 275 34",
                "row2": "16 66 343 34",  // 20 + 34 + 12
                "mailLabel": "16 73 60 20", "mailField": "84 66 275 34",
                "submit": "16 112 343 44",  // 66 + 34 + 12
            ])
        // row2 hidden: height 0 in the middle of one gap (20 + 34 + 12/2); submit at
        // 60 + 0 + 6. The views inside row2 are not specified (§8).
        expectFrames(
            box, variant: "noMail",
            [
                "form": "16 20 343 90", "row1": "16 20 343 34", "nameLabel": "16 27 60 20",
                "nameField": "84 20 275 34", "row2": "16 60 343 0", "submit": "16 66 343 44",
            ])
        #expect(
            box.sql(
                "select variant, view, kind, hidden from solved_frames "
                    + "where view in ('form', 'row2', 'submit') order by variant, view")
                    == """
                    base|form|stack|0
                    base|row2|stack|0
                    base|submit|view|0
                    noMail|form|stack|0
                    noMail|row2|stack|1
                    noMail|submit|view|0
                    """)
        // render outlines the stacks; in noMail, row2 and what is inside it are faint.
        let svg = box.run(["render", "--variant", "noMail", "-o", "-"])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains("<rect data-view=\"form\" class=\"stack\" x="))
        #expect(
            svg.stdout.contains(
                "<rect data-view=\"row2\" class=\"stack\" data-hidden=\"1\" opacity=\"0.25\""))
        #expect(svg.stdout.contains("<rect data-view=\"mailField\" data-hidden=\"1\""))
        #expect(svg.stdout.contains("<rect data-view=\"submit\" x="))
        // Inside a hidden view nothing is reported ambiguous.
        let check = box.run(["check", "--variant", "noMail"])
        #expect(!check.stdout.contains("ambiguous"), "\(check.stdout)")
        expectRoundTrip(box, variants: ["base", "noMail"])
    }

    static let hiddenRow = """
        canvas 320 100
        stack row H spacing 10
        row.left == |.left + 10; row.top == |.top + 10; row.width == 300; row.height == 40
        view a in row intrinsic 50 20
        view b in row intrinsic 60 20 hug 200 250
        view c in row
        variant mid
        hide b in mid
        variant last
        hide c in last
        variant first
        hide a in first
        """

    @Test("H1: a hidden arranged view in the middle and at either end")
    func hiddenInStack() {
        let box = applied(Self.hiddenRow)
        // c has no intrinsic width: it takes the spare room whenever it is visible.
        // c = 300 − 50 − 60 − 20.
        expectFrames(
            box, ["a": "10 10 50 40", "b": "70 10 60 40", "c": "140 10 170 40"])
        // b hidden: a→b 10 − 5 = 5, b→c 5; c = 310 − 70.
        expectFrames(
            box, variant: "mid", ["a": "10 10 50 40", "b": "65 10 0 40", "c": "70 10 240 40"])
        // c hidden: b is the last visible view (b→c 0, row.right == b.right); b (hug 200)
        // grows to 310 − 70.
        expectFrames(
            box, variant: "last",
            ["a": "10 10 50 40", "b": "70 10 240 40", "c": "310 10 0 40"])
        // a hidden: b is the first visible view (a→b 0, row.left == b.left); c = 310 − 80.
        expectFrames(
            box, variant: "first",
            ["a": "10 10 0 40", "b": "10 10 60 40", "c": "80 10 230 40"])
        #expect(
            box.sql("select variant, view from solved_frames where hidden = 1 order by variant")
                == "first|a\nlast|c\nmid|b")
        expectRoundTrip(box, variants: ["base", "mid", "last", "first"])
    }

    @Test("H2: hiding outside a stack changes nothing but the flag")
    func hiddenOutsideStack() {
        let box = applied(
            """
            canvas 320 100
            view a; view b
            H:|-10-[a(==50)]-10-[b(==50)]
            V:|-10-[a(==20)]
            b.top == a.top; b.height == 20
            hide a
            """)
        expectFrames(box, ["a": "10 10 50 20", "b": "70 10 50 20"])
        #expect(box.sql("select view, hidden from solved_frames order by view") == "a|1\nb|0")
        // render draws the hidden view faint, the other as before.
        let svg = box.run(["render", "-o", "-"])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains("<rect data-view=\"a\" data-hidden=\"1\" opacity=\"0.25\""))
        #expect(svg.stdout.contains("<rect data-view=\"b\" x="))
        expectRoundTrip(box)
        #expect(box.run(["export"]).stdout.contains("\nhide a\n"))
    }

    @Test("a stack no constraint places keeps its drawn frame and arranges its views in it")
    func stackPlacedByItsFrame() {
        // No constraint names `s`: like a UIStackView positioned by its autoresizing mask,
        // it keeps (10, 10, 300, 40); its own arrangement does not make it "mentioned".
        // Fill: the spare 300 − 50 − 10 − 60 = 180 goes to the earliest of the tied
        // huggers (S3), so a = 230; align fill: both 40 high.
        let box = applied(
            """
            canvas 320 100
            stack s H spacing 10 frame 10 10 300 40
            view a in s intrinsic 50 20
            view b in s intrinsic 60 20
            variant wide canvas 480 100
            """)
        expectFrames(box, ["s": "10 10 300 40", "a": "10 10 230 40", "b": "250 10 60 40"])
        // The canvas grows, the stack's mask is none (struts): it stays as drawn.
        expectFrames(box, variant: "wide", ["s": "10 10 300 40", "a": "10 10 230 40"])
        let check = box.run(["check"])
        #expect(check.status == 0, "\(check.stdout)")
        expectRoundTrip(box, variants: ["base", "wide"])
    }

    @Test("a stack whose arranged views are all hidden closes to nothing along its axis")
    func stackOfHiddenViewsCloses() {
        // In `h` both of inner's views are hidden. UIKit keeps the canvas connections to
        // the hidden first and last views (0 high), so inner closes, where its height was
        // free (a fitted root pulled it to -90); outer's spacing around inner stays (inner
        // itself is not hidden).
        let box = applied(
            """
            canvas 200 fit
            stack outer V spacing 10
            outer.edges == |.edges
            view top in outer intrinsic - 30
            stack inner in outer V spacing 5 margins 4 0 6 0
            view x in inner intrinsic - 20
            view y in inner intrinsic - 20
            view bot in outer intrinsic - 40
            variant h
            hide x in h; hide y in h
            """)
        // Visible: inner is 4 + 20 + 5 + 20 + 6 high.
        expectFrames(box, ["inner": "0 40 200 55", "bot": "0 105 200 40"])
        // Margins-relative arrangement: inner closes to its top and bottom margins, 4 + 6.
        expectFrames(
            box, variant: "h",
            [
                "root": "0 0 200 100", "inner": "0 40 200 10", "x": "0 44 200 0",
                "bot": "0 60 200 40",
            ])
        let check = box.run(["check", "--variant", "h"])
        #expect(check.status == 0, "\(check.stdout)")
        expectRoundTrip(box, variants: ["base", "h"])
    }

    @Test("hide and show commands, in the base and per variant, re-solve the stack")
    func hideAndShowCommands() {
        let box = applied(Self.hiddenRow)
        let hide = box.run(["hide", "b"])
        #expect(hide.status == 0, "\(hide.stderr)")
        // As H1's `mid`, now in the base: c grows from 170 to 240.
        #expect(hide.stdout.contains("c: x 140 → 70, width 170 → 240"), "\(hide.stdout)")
        expectFrames(box, ["b": "65 10 0 40", "c": "70 10 240 40"])
        // Variants that do not say otherwise follow the base; `last` hides c as well, so a
        // is the only visible view and fills the row: 300.
        expectFrames(box, variant: "last", ["a": "10 10 300 40", "c": "310 10 0 40"])
        #expect(box.run(["show", "b"]).status == 0)
        expectFrames(box, ["b": "70 10 60 40", "c": "140 10 170 40"])
        // Per variant: `mid` shows b again, the base is untouched.
        #expect(box.run(["show", "b", "--variant", "mid"]).status == 0)
        expectFrames(box, variant: "mid", ["b": "70 10 60 40", "c": "140 10 170 40"])
        #expect(box.run(["hide", "a", "--variant", "mid"]).status == 0)
        expectFrames(box, variant: "mid", ["a": "10 10 0 40", "b": "10 10 60 40"])
        expectFrames(box, ["a": "10 10 50 40"])
        expectRoundTrip(box, variants: ["base", "mid", "last", "first"])
    }

    @Test("hide and show refuse an unknown view or variant, with did-you-mean, changing nothing")
    func hideErrors() {
        let box = applied(Self.hiddenRow)
        let before = box.snapshot()
        let unknown = box.run(["hide", "bb"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("unknown view `bb`"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("did you mean `b`?"), "\(unknown.stderr)")
        let variant = box.run(["show", "b", "--variant", "mdi"])
        #expect(variant.status == 65)
        #expect(variant.stderr.contains("did you mean `mid`?"), "\(variant.stderr)")
        #expect(box.snapshot() == before)
        expectRefused(
            "canvas 100 100\nview a\nhide aa\n", "unknown view 'aa'", at: "bad.layout:3:6",
            hint: "did you mean 'a'?")
        expectRefused(
            "canvas 100 100\nview a\nvariant v\nhide a in w\n", "no variant `w`",
            at: "bad.layout:4:11")
        expectRefused(
            "canvas 100 100\nview a\nhide root\n", "the root view is the canvas",
            at: "bad.layout:3:6", hint: "hide its subviews instead")
        let root = box.run(["hide", "root"])
        #expect(root.status == 65)
        #expect(root.stderr.contains("the root view is the canvas"), "\(root.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test("the spacing is one named constant: set-constant STACK.spacing and set ... in VARIANT")
    func spacingConstant() {
        let box = applied(
            """
            canvas 320 100
            stack tabs H spacing 10 distribute fillEqually
            tabs.left == |.left; tabs.top == |.top; tabs.width == 320; tabs.height == 49
            view t1 in tabs; view t2 in tabs; view t3 in tabs
            variant tight
            set tabs.spacing 4 in tight
            """)
        // tight: (320 − 2 · 4) / 3 = 104.
        expectFrames(
            box, variant: "tight", ["t1": "0 0 104 49", "t2": "108 0 104 49", "t3": "216 0 104 49"])
        let r = box.run(["set-constant", "tabs.spacing", "40"])
        #expect(r.status == 0, "\(r.stderr)")
        // Every gap changes: (320 − 2 · 40) / 3 = 80.
        expectFrames(box, ["t1": "0 0 80 49", "t2": "120 0 80 49", "t3": "240 0 80 49"])
        expectFrames(box, variant: "tight", ["t2": "108 0 104 49"])
        #expect(box.sql("select spacing from stacks") == "40.0")
        expectRoundTrip(box, variants: ["base", "tight"])
    }

    @Test("R2: an H stack's order follows the layout's direction")
    func stackOrderRightToLeft() {
        let box = applied(
            """
            canvas 320 100
            stack bar H spacing 8
            bar.leading == |.leading + 10; bar.trailing == |.trailing - 10
            bar.top == |.top; bar.height == 44
            view icon in bar intrinsic 30 30
            view text in bar
            variant rtl direction rtl
            """)
        expectFrames(box, ["icon": "10 0 30 44", "text": "48 0 262 44"])
        // The icon's right at 320 − 10; text's right = 280 − 8 = 272.
        expectFrames(box, variant: "rtl", ["icon": "280 0 30 44", "text": "10 0 262 44"])
    }

    // MARK: What the generated constraints look like

    @Test("generated constraints are listed as generated, and why names the stack")
    func generatedConstraintsVisible() {
        let box = applied(
            """
            canvas 320 100
            stack tabs H spacing 10 distribute fillEqually
            tabs.left == |.left; tabs.top == |.top; tabs.width == 320; tabs.height == 49
            view t1 in tabs; view t2 in tabs
            """)
        let list = box.run(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("stack tabs (fillEqually, align fill): fill-equally"))
        #expect(list.stdout.contains("t2.width == t1.width"), "\(list.stdout)")
        // SQL: all_constraints lists them with kind 'stack' beside the user's.
        #expect(
            box.sql(
                "select relation, constant, priority from all_constraints "
                    + "where kind = 'stack' and source like '%fill-equally%'")
                == "==|0.0|1000.0")
        #expect(
            box.sql("select count(*) from all_constraints where kind = 'stack'") == "8")
        // (2 canvas connections and 1 spacing along the axis, 1 fill-equally, t2's top
        // and bottom aligned with t1's, the stack's top and bottom on t1's.)
        let why = box.run(["why", "t2.width"])
        #expect(why.status == 0, "\(why.stderr)")
        #expect(why.stdout.contains("stack tabs (fillEqually"), "\(why.stdout)")
    }

    // MARK: Errors (§13)

    @Test("stack errors: baseline on V, equalSpacing without views, unknown modes")
    func stackErrors() {
        expectRefused(
            "canvas 100 100\nstack s V align firstBaseline\nview a in s\n",
            "baseline alignment needs a horizontal stack", at: "bad.layout:2:17",
            hint: "'align leading', or make the stack 'H'")
        expectRefused(
            "canvas 100 100\nstack s H distribute equalSpacing\nview a\n",
            "equal-spacing stack 's' has no arranged views", at: "bad.layout:2:7",
            hint: "declare views in it")
        expectRefused(
            "canvas 100 100\nstack s H distribute fillEqualy\n", "unknown distribution",
            at: "bad.layout:2:22", hint: "did you mean 'fillEqually'?")
        expectRefused(
            "canvas 100 100\nstack s H align centre\n", "unknown alignment",
            at: "bad.layout:2:17", hint: "did you mean 'center'?")
        expectRefused(
            "canvas 100 100\nstack s spacing 8\n", "expected the stack's axis",
            at: "bad.layout:2:18", hint: "write 'stack s H' or 'stack s V'")
    }
    // MARK: The example screen (§14)

    @Test("examples/signin.layout applies with its hand-checked frames in every variant")
    func signinExample() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../examples/signin.layout").standardized
        let box = applied(try String(contentsOf: file, encoding: .utf8))
        // The frames computed by hand in the file's comments.
        let base = [
            "column": "16 79 358 263", "title": "16 79 358 41", "email": "16 136 358 44",
            "password": "16 196 358 44", "options": "16 256 358 20",
            "remember": "16 256 120 20", "forgot": "264 258 110 18", "signIn": "16 292 358 50",
            "error": "16 342 358 0", "footer": "75 784 240 18",
        ]
        expectFrames(box, base)
        expectFrames(
            box, variant: "compact",
            [
                "column": "16 36 288 194", "title": "16 36 288 0", "email": "16 36 288 44",
                "password": "16 92 288 44", "options": "16 148 288 20",
                "remember": "16 148 120 20", "forgot": "194 150 110 18",
                "signIn": "16 180 288 50", "error": "16 230 288 0", "footer": "40 542 240 18",
            ])
        var arabic = base
        arabic["remember"] = "254 256 120 20"
        arabic["forgot"] = "16 258 110 18"
        expectFrames(box, variant: "arabic", arabic)
        var failed = base
        failed["error"] = "16 358 358 20"
        failed["column"] = "16 79 358 299"
        expectFrames(box, variant: "failed", failed)
        // Hidden views are collapsed on purpose: check does not call them squeezed.
        let check = box.run(["check"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(!check.stdout.contains("squeezed"), "\(check.stdout)")
        expectRoundTrip(box, variants: ["base", "compact", "arabic", "failed"])
    }

    @Test("the demo shows the sign-in screen and what showing its error moves")
    func demoShowsSignin() {
        let r = Sandbox().run(["demo"], db: false)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("signin error: y 342 → 358, height 0 → 20"), "\(r.stdout)")
    }
    @Test(
        "a required constraint on a hidden arranged view gives way to the hiding, and check says so"
    )
    func relaxedByHiding() {
        let box = applied(
            """
            canvas 320 100
            stack row H spacing 10
            row.left == |.left; row.top == |.top; row.width == 300; row.height == 40
            view a in row intrinsic 50 20
            view b in row
            bw: b.width == 80
            view c in row
            variant gone
            hide b in gone
            """)
        // Shown: a 50, b 80, c = 300 − 50 − 80 − 2 · 10 = 150.
        expectFrames(box, ["a": "0 0 50 40", "b": "60 0 80 40", "c": "150 0 150 40"])
        // Hidden: b's width 0 (hiding, required) beats bw (solved at 999), no conflict;
        // a→b 10 − 5 = 5, b→c 5, so c = 300 − 60.
        expectFrames(
            box, variant: "gone", ["a": "0 0 50 40", "b": "55 0 0 40", "c": "60 0 240 40"])
        let check = box.run(["check", "--variant", "gone"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(
            check.stdout.contains("relaxed by hiding: bw: b.width == 80"), "\(check.stdout)")
        #expect(!box.run(["check", "--variant", "base"]).stdout.contains("relaxed"))
    }
    @Test("plain SQL writes to a stack's spacing or a hidden flag mark the layout dirty")
    func plainSQLMarksDirty() {
        let box = applied(
            """
            canvas 320 100
            stack tabs H spacing 10 distribute fillEqually
            tabs.left == |.left; tabs.top == |.top; tabs.width == 320; tabs.height == 49
            view t1 in tabs; view t2 in tabs; view t3 in tabs
            variant v
            """)
        #expect(box.sql("select count(*) from dirty") == "0")
        _ = box.sql("update stacks set spacing = 40")
        // The base and the variant, whole (the triggers of migration 0008).
        #expect(box.sql("select variant_id, component from dirty order by 1") == "0|-1\n1|-1")
        // (320 − 2 · 40) / 3 = 80.
        expectFrames(box, ["t1": "0 0 80 49", "t2": "120 0 80 49", "t3": "240 0 80 49"])
        _ = box.sql("update views set hidden = 1 where name = 't2'")
        #expect(box.sql("select count(*) from dirty") == "2")
        // t2 hidden between t1 and t3: 40 − 20 on each side of it; t1 = (320 − 40) / 2.
        expectFrames(
            box, variant: "v", ["t1": "0 0 140 49", "t2": "160 0 0 49", "t3": "180 0 140 49"])
        #expect(box.sql("select hidden from solved_frames where view = 't2'") == "1\n1")
    }
}

/// `STACK.spacing` is a LABEL to every command that takes one (docs/vocabulary.md §7):
/// sweep and animate solve it, and `variant list` shows a variant's spacing.
@Suite("stack spacing as a label in sweep, animate and variant list")
struct StackSpacingLabelTests {
    func project() -> Sandbox {
        let box = Sandbox()
        let script = """
            canvas 200 400
            stack column V spacing 10
            view a in column
            view b in column
            column.top == root.top; column.left == root.left; column.right == root.right
            a.height == 20; b.height == 30
            variant compact canvas 200 300
            set column.spacing 4 in compact

            """
        let r = box.run(["apply", box.write("s.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return box
    }

    @Test("sweep STACK.spacing solves each value")
    func sweep() {
        let r = project().run(["sweep", "column.spacing", "0", "20", "10", "--format", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("0,b,0,20,200,30"), "\(r.stdout)")
        #expect(r.stdout.contains("20,b,0,40,200,30"), "\(r.stdout)")
    }

    @Test("animate STACK.spacing ends at the new spacing")
    func animate() {
        let r = project().run(["animate", "column.spacing", "30", "--frames", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1,b,0,50,200,30"), "\(r.stdout)")
    }

    @Test("variant list shows a spacing override")
    func variantList() {
        let r = project().run(["variant", "list"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("set column.spacing 4"), "\(r.stdout)")
    }
}
