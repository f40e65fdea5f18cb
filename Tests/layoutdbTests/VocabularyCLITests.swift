import Foundation
import Testing

/// The layout vocabulary of `../shared/layout-format.md` ("Layout helpers"), end to end on
/// the built binary. Expected frames are computed by hand in the comments; the examples
/// are docs/vocabulary.md's, named as there (G1, M1, SA1, B1, ...).
@Suite("Vocabulary: guides, safe area, margins, baselines, per-axis priorities")
struct VocabularyCLITests {
    /// Applies `script` to a new project and returns the sandbox; the apply must succeed.
    func applied(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("v.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return box
    }

    /// `frames --format csv` for a variant (base by default).
    func frames(_ box: Sandbox, variant: String = "base") -> String {
        box.run(["frames", "--format", "csv", "--variant", variant]).stdout
    }

    /// Export, apply the export to a fresh project: the frames of every variant agree.
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
                frames(copy, variant: v) == frames(box, variant: v), sourceLocation: sourceLocation)
        }
        #expect(copy.run(["export"]).stdout == exported.stdout, sourceLocation: sourceLocation)
    }

    // MARK: Guides

    @Test(
        "G1: a guide as the left half of the screen is solved, stored as kind 'guide', drawn dashed"
    )
    func guideHalf() {
        let box = applied(
            """
            canvas 320 480
            guide half
            half.left == |.left; half.top == |.top
            half.width == |.width * 0.5; half.height == |.height
            view a
            a.center == half.center
            a.width == 100; a.height == 40
            """)
        // half: w = 320 · 0.5 = 160, h = 480. a: centre (80, 240) → x = 80 − 50, y = 240 − 20.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                half,0,0,160,480,0
                a,30,220,100,40,0

                """)
        #expect(
            box.sql("select view, kind, hidden from solved_frames order by view")
                == "a|view|0\nhalf|guide|0")
        // The columns of before the vocabulary still answer as they did.
        #expect(
            box.sql("select x, max_x, ambiguous from solved_frames where view = 'a'")
                == "30.0|130.0|0")
        let svg = box.run(["render", "-o", "-"])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains(">a<"))
        // The guide is drawn as a dashed outline, not a filled view.
        #expect(svg.stdout.contains("data-view=\"half\" class=\"guide\""))
        #expect(svg.stdout.contains("stroke-dasharray=\"2 3\""))
        expectRoundTrip(box)
        #expect(box.run(["export"]).stdout.contains("guide half\n"))
    }

    @Test("G2: spacer guides give equal gaps (Apple's recipe)")
    func spacerGuides() {
        let box = applied(
            """
            canvas 320 100
            view a intrinsic 60 30; view b intrinsic 60 30; view c intrinsic 60 30
            guide g1; guide g2
            a.left == |.left; c.right == |.right
            g1.left == a.right; b.left == g1.right
            g2.left == b.right; c.left == g2.right
            g2.width == g1.width
            a.top == |.top; b.top == |.top; c.top == |.top
            g1.top == |.top; g1.height == 1; g2.top == |.top; g2.height == 1
            """)
        // Widths 60 (intrinsic); 320 − 3 · 60 = 140 over two equal gaps → 70 each.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                a,0,0,60,30,0
                b,130,0,60,30,0
                c,260,0,60,30,0
                g1,60,0,70,1,0
                g2,190,0,70,1,0

                """)
    }

    @Test("G3: an ambiguous guide is reported like a view, with no invented frame fallback")
    func ambiguousGuide() {
        let box = applied(
            """
            canvas 320 100
            guide g
            g.left == |.left; g.top == |.top
            """)
        let check = box.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("g") || check.stderr.contains("g"))
        #expect(
            box.sql("select kind, ambiguous, x, y from solved_frames where view = 'g'")
                == "guide|1|0.0|0.0")
    }

    @Test("a guide refuses view clauses and cannot contain views, at the word, exit 65")
    func guideErrors() {
        let box = Sandbox()
        let framed = box.run([
            "apply", box.write("a.layout", "canvas 10 10\nguide g frame 0 0 10 10\n"),
        ])
        #expect(framed.status == 65)
        #expect(framed.stderr.contains("a.layout:2:9: a guide has no 'frame'"))
        let nested = box.run([
            "apply", box.write("b.layout", "canvas 10 10\nguide g\nview v in g\n"),
        ])
        #expect(nested.status == 65)
        #expect(
            nested.stderr.contains(
                "b.layout:3:11: 'g' is a guide, and a guide cannot contain views"))
        // A guide stored by an earlier apply is known as one too.
        #expect(
            box.run(["apply", box.write("g.layout", "canvas 10 10\nguide kept\n")]).status == 0)
        let later = box.run(["apply", box.write("h.layout", "view w in kept\n")])
        #expect(later.status == 65)
        #expect(later.stderr.contains("h.layout:1:11: 'kept' is a guide"))
        let typo = box.run(["apply", box.write("c.layout", "canvas 10 10\nguide g inn root\n")])
        #expect(typo.status == 65)
        #expect(typo.stderr.contains("did you mean 'in'?"))
    }

    // MARK: Safe area

    @Test("SA1: a screen in portrait and a landscape variant with its own safe area")
    func safeAreaPortraitAndLandscape() {
        let box = applied(
            """
            canvas 390 844 safe 47 0 34 0
            view header; view content; view toolbar
            header.top == |.safe.top; header.left == |.left; header.right == |.right
            header.height == 44
            toolbar.bottom == |.safe.bottom; toolbar.left == |.safe.left; toolbar.right == |.safe.right
            toolbar.height == 49
            content.top == header.bottom; content.bottom == toolbar.top
            content.leading == |.leadingMargin; content.trailing == |.trailingMargin
            variant landscape canvas 844 390 safe 0 47 21 47
            """)
        // Base: header y = safe top 47. toolbar bottom = 844 − 34 = 810 → y 761.
        // content: top 47 + 44 = 91, bottom 761 → h 670; margins 16 (390 < 414) from the
        // safe left 0 → x 16, right 390 − 16 = 374 → w 358.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                header,0,47,390,44,0
                content,16,91,358,670,0
                toolbar,0,761,390,49,0

                """)
        // Landscape: toolbar bottom 390 − 21 = 369 → y 320; x = 47, w = 844 − 94 = 750.
        // content: margins 20 (844 ≥ 414) from safe left 47 → x 67; right 844 − 47 − 20 =
        // 777 → w 710; h = 320 − 44 = 276.
        #expect(
            frames(box, variant: "landscape") == """
                view,x,y,width,height,stale
                header,0,0,844,44,0
                content,67,44,710,276,0
                toolbar,47,320,750,49,0

                """)
        expectRoundTrip(box, variants: ["base", "landscape"])
        let exported = box.run(["export"]).stdout
        #expect(exported.contains("canvas 390 844 safe 47 0 34 0\n"))
        #expect(exported.contains("variant landscape canvas 844 390 safe 0 47 21 47\n"))
        // export keeps the lines as written (docs/editing.md).
        #expect(exported.contains("header.top == |.safe.top"))
    }

    @Test("VIEW.safe on a view other than the root is an error that says only the root has one")
    func safeOnlyOnRoot() {
        let box = Sandbox()
        let r = box.run([
            "apply", box.write("s.layout", "canvas 10 10\nview card\ncard.top == card.safe.top\n"),
        ])
        #expect(r.status == 65)
        #expect(r.stderr.contains("s.layout:3:18: only the root has a safe area"))
        #expect(r.stderr.contains("|.safe.ATTR"))
        let wrongCount = box.run(["apply", box.write("t.layout", "canvas 10 10 safe 1 2 3\n")])
        #expect(wrongCount.status == 65)
        #expect(wrongCount.stderr.contains("'safe' takes 4 numbers, found 3"))
        #expect(
            box.run(["apply", box.write("u.layout", "canvas 10 10 saf 1 2 3 4\n")]).stderr
                .contains("did you mean 'safe'?"))
    }

    // MARK: Margins

    @Test("M1: the root's margins are 16 below 414 wide, 20 from 414, measured from the safe area")
    func rootMargins() {
        let box = applied(
            """
            canvas 375 667
            view box
            box.leading == |.leadingMargin
            box.trailing == |.trailingMargin
            box.top == |.topMargin + 8
            box.height == 100
            variant plus canvas 414 736
            variant notch canvas 375 812 safe 44 0 34 0
            """)
        // base: 375 < 414 → 16; w = 375 − 32 = 343; y = 0 + 0 + 8.
        #expect(frames(box).contains("box,16,8,343,100,0"))
        // plus: 414 ≥ 414 → 20; w = 414 − 40 = 374.
        #expect(frames(box, variant: "plus").contains("box,20,8,374,100,0"))
        // notch: the top margin is the safe top 44 + 0; y = 44 + 8.
        #expect(frames(box, variant: "notch").contains("box,16,52,343,100,0"))
        expectRoundTrip(box, variants: ["base", "plus", "notch"])
    }

    @Test("M2: a child's margins default to 8; margins T L B R, Apple's names and margins.ATTR")
    func childMargins() {
        let box = applied(
            """
            canvas 320 200
            view card
            card.left == |.left + 10; card.top == |.top + 10; card.width == 300; card.height == 120
            view title in card
            title.left == card.leftMargin; title.right == card.rightMargin
            title.top == card.topMargin; title.height == 20
            view card2 margins 12 16 12 16
            card2.left == |.left + 10; card2.top == card.bottom + 10; card2.width == 300; card2.height == 50
            view body in card2
            body.left == card2.margins.left; body.right == card2.margins.right
            body.top == card2.margins.top; body.bottom == card2.margins.bottom
            view dot in card2
            dot.centerX == card2.centerXWithinMargins; dot.centerY == card2.centerYWithinMargins
            dot.width == 4; dot.height == 4
            """)
        // title: x = 10 + 8, w = 300 − 16 = 284, y = 10 + 8.
        // card2: y = 10 + 120 + 10 = 140. body: x = 10 + 16 = 26, w = 300 − 32 = 268,
        // y = 140 + 12 = 152, h = 50 − 24 = 26.
        // dot: centreX = 10 + (16 + 300 − 16)/2 = 160 → x 158; centreY = 140 + (12 + 50 − 12)/2
        // = 165 → y 163.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                card,10,10,300,120,0
                title,18,18,284,20,0
                card2,10,140,300,50,0
                body,26,152,268,26,0
                dot,158,163,4,4,0

                """)
        expectRoundTrip(box)
        #expect(box.run(["export"]).stdout.contains("view card2 margins 12 16 12 16\n"))
    }

    @Test("canvas margins replace the root's system minimum; bad margins and names are refused")
    func explicitRootMarginsAndErrors() {
        let box = applied(
            """
            canvas 300 100 safe 10 0 0 0 margins 5
            view v
            v.left == |.margins.left; v.right == |.margins.right
            v.top == |.margins.top; v.height == 10
            """)
        // Margins 5 on every side, measured from the safe area (top 10): x 5, w 290, y 15.
        #expect(frames(box).contains("v,5,15,290,10,0"))
        expectRoundTrip(box)
        let three = box.run([
            "apply", box.write("m.layout", "canvas 10 10\nview w margins 1 2 3\n"),
        ])
        #expect(three.status == 65)
        #expect(three.stderr.contains("'margins' takes 1 or 4 numbers, found 3"))
        let typo = box.run([
            "apply", box.write("n.layout", "canvas 10 10\nview w\nw.left == |.leftMargn\n"),
        ])
        #expect(typo.status == 65)
        #expect(typo.stderr.contains("n.layout:3:13: unknown attribute 'leftMargn'"))
        #expect(typo.stderr.contains("did you mean 'leftMargin'?"))
        let inner = box.run([
            "apply", box.write("o.layout", "canvas 10 10\nview w\nw.left == |.margins.lefft\n"),
        ])
        #expect(inner.status == 65)
        #expect(inner.stderr.contains("did you mean 'left'?"))
    }

    // MARK: Baselines

    @Test(
        "B1: baselines in equations; a plain view's first baseline is its top, its last its bottom")
    func baselinesInEquations() {
        let box = applied(
            """
            canvas 320 120
            view label intrinsic 60 20 baseline 16 4
            view field intrinsic 200 34 baseline 22 12
            label.left == |.left + 16; label.top == |.top + 20
            field.left == label.right + 8
            field.baseline == label.baseline
            view iconFirst intrinsic 10 10
            iconFirst.left == field.right + 4; iconFirst.firstBaseline == label.firstBaseline
            view iconLast intrinsic 10 10
            iconLast.left == iconFirst.right + 4; iconLast.lastBaseline == label.lastBaseline
            view one intrinsic 10 30 baseline 12
            one.left == |.left; one.lastBaseline == label.firstBaseline
            """)
        // label: last baseline 40 − 4 = 36, first 20 + 16 = 36.
        // field: x = 16 + 60 + 8 = 84; bottom − 12 = 36 → bottom 48, y 14.
        // iconFirst (no baseline): first baseline = top (Apple: forFirstBaselineLayout) = 36.
        // iconLast (no baseline): last baseline = bottom = 36 → y 26; x = 288 + 10 + 4.
        // one (baseline 12 alone: both at top + 12): 12 + y = 36 → y 24.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                label,16,20,60,20,0
                field,84,14,200,34,0
                iconFirst,288,36,10,10,0
                iconLast,302,26,10,10,0
                one,0,24,10,30,0

                """)
        expectRoundTrip(box)
        let exported = box.run(["export"]).stdout
        #expect(exported.contains("view label intrinsic 60 20 baseline 16 4\n"))
        #expect(exported.contains("view one intrinsic 10 30 baseline 12\n"))
        #expect(exported.contains("field.baseline == label.baseline"))
    }

    // MARK: Per-axis priorities

    @Test("intrinsic W H hug PH PV resist PH PV: each axis holds at its own priority")
    func perAxisPriorities() {
        let box = applied(
            """
            canvas 320 480
            view a intrinsic 100 40 hug 250 750 resist 750 250
            a.left == |.left; a.top == |.top
            a.width == 200 @ 500; a.height == 80 @ 500
            view b intrinsic 100 40 hug 250 750 resist 750 250
            b.left == |.left; b.top == |.top + 100
            b.width == 50 @ 500; b.height == 20 @ 500
            """)
        // a: width hug 250 < 500 → 200; height hug 750 > 500 → 40.
        // b: width resist 750 > 500 → 100; height resist 250 < 500 → 20.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                a,0,0,200,40,0
                b,0,100,100,20,0

                """)
        expectRoundTrip(box)
        #expect(
            box.run(["export"]).stdout.contains(
                "view a intrinsic 100 40 hug 250 750 resist 750 250\n"))
    }

    // MARK: Right-to-left

    @Test("leading/trailing are kept as written and mirror under variant ... direction rtl")
    func rightToLeftVariant() {
        let box = applied(
            """
            canvas 320 100 margins 0 10 0 30
            view a; view b; view m; view fixed
            a.leading == |.leading + 10; a.top == |.top; a.width == 100; a.height == 20
            b.leading == a.trailing + 8; b.top == |.top; b.width == 50; b.height == 20
            m.leading == |.leadingMargin; m.top == |.top + 30; m.width == 50; m.height == 10
            fixed.left == |.left + 5; fixed.top == |.top + 50; fixed.width == 20; fixed.height == 10
            variant arabic direction rtl
            """)
        // Left to right: a x 10; b x = 10 + 100 + 8 = 118; m at the left margin 10;
        // fixed at 5.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                a,10,0,100,20,0
                b,118,0,50,20,0
                m,10,30,50,10,0
                fixed,5,50,20,10,0

                """)
        // Right to left: a.right = 320 − 10 = 310 → x 210; b.right = a.left − 8 = 202 →
        // x 152; m.right = the right margin 320 − 30 = 290 → x 240; `left` never flips.
        #expect(
            frames(box, variant: "arabic") == """
                view,x,y,width,height,stale
                a,210,0,100,20,0
                b,152,0,50,20,0
                m,240,30,50,10,0
                fixed,5,50,20,10,0

                """)
        expectRoundTrip(box, variants: ["base", "arabic"])
        let exported = box.run(["export"]).stdout
        #expect(exported.contains("b.leading == a.trailing + 8"))
        #expect(exported.contains("m.leading == |.leadingMargin"))
        #expect(exported.contains("variant arabic direction rtl\n"))
        #expect(
            box.sql(
                "select lhs_attribute, lhs_anchor from constraints where source like 'b.leading%'")
                == "right|leading")
    }

    @Test("canvas ... direction rtl makes the layout right to left; a variant can turn it back")
    func rightToLeftCanvas() {
        let box = applied(
            """
            canvas 320 100 direction rtl
            view a
            a.leading == |.leading + 10; a.top == |.top; a.width == 100; a.height == 20
            variant latin direction ltr
            """)
        // rtl: a.right = 320 − 10 = 310 → x 210. ltr: x 10.
        #expect(frames(box).contains("a,210,0,100,20,0"))
        #expect(frames(box, variant: "latin").contains("a,10,0,100,20,0"))
        expectRoundTrip(box, variants: ["base", "latin"])
        let bad = box.run(["apply", box.write("d.layout", "canvas 10 10 direction rlt\n")])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("d.layout:1:24: unknown direction 'rlt'"))
        #expect(bad.stderr.contains("did you mean 'rtl'?"))
    }

    @Test("a constraint between leading/trailing and left/right is refused, as UIKit refuses it")
    func directionalMixedWithAbsolute() {
        let box = Sandbox()
        let r = box.run([
            "apply",
            box.write("x.layout", "canvas 10 10\nview a; view b\na.leading == b.left + 4\n"),
        ])
        #expect(r.status == 65)
        #expect(r.stderr.contains("x.layout:3:14: 'b.left' is a left/right edge and 'a.leading'"))
        #expect(r.stderr.contains("use leading/trailing on both sides"))
    }

    @Test(
        "set-constant on a constraint to a margin keeps the margin: only the written constant moves"
    )
    func setConstantThroughMargins() {
        let box = applied(
            """
            canvas 375 812 safe 44 0 34 0
            view box
            box.leading == |.leadingMargin; box.width == 100; box.height == 10
            gap: box.top == |.topMargin + 8
            """)
        // top = safe top 44 + root top margin 0 + 8 = 52; x = the left margin 16.
        #expect(frames(box).contains("box,16,52,100,10,0"))
        let r = box.run(["set-constant", "gap", "20", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        // 44 + 0 + 20 = 64.
        #expect(frames(box).contains("box,16,64,100,10,0"))
        #expect(box.sql("select constant from named_constraints where label = 'gap'") == "20.0")
    }
}
