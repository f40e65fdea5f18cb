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

    @Test("G1: a guide as the left half of the screen is solved, stored as kind 'guide', not drawn")
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
        #expect(!svg.stdout.contains(">half<"))
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
        let typo = box.run(["apply", box.write("c.layout", "canvas 10 10\nguide g inn root\n")])
        #expect(typo.status == 65)
        #expect(typo.stderr.contains("did you mean 'in'?"))
    }
}
