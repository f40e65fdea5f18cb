import Foundation
import Testing

/// `canvas W fit`, `canvas fit H`, `canvas fit fit` (docs/vocabulary.md §10, F1–F2): the
/// free size is pulled toward 0 at priority 50, as systemLayoutSizeFitting with
/// layoutFittingCompressedSize, and the solved root is stored like any frame. End to end
/// on the built binary; expected frames are computed by hand in the comments.
@Suite("Fitting: canvas W fit, fit H, fit fit")
struct FittingTests {
    func applied(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("f.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return box
    }

    func frames(_ box: Sandbox, variant: String = "base") -> String {
        box.run(["frames", "--format", "csv", "--variant", variant]).stdout
    }

    static let f1 = """
        canvas 320 fit
        view title intrinsic 200 24
        view body intrinsic 280 60
        title.top == |.top + 16; title.leading == |.leading + 16
        body.top == title.bottom + 8; body.leading == |.leading + 16
        |.bottom >= body.bottom + 16
        variant long
        intrinsic body 280 100 in long
        """

    @Test("F1: a card whose height follows its content, and a longer text in a variant")
    func cardHeight() {
        let box = applied(Self.f1)
        // base: 16 + 24 + 8 + 60 + 16 = 124; the pull (50) takes the `>=` to equality.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                root,0,0,320,124,0
                title,16,16,200,24,0
                body,16,48,280,60,0

                """)
        // long: 16 + 24 + 8 + 100 + 16 = 164.
        #expect(
            frames(box, variant: "long") == """
                view,x,y,width,height,stale
                root,0,0,320,164,0
                title,16,16,200,24,0
                body,16,48,280,100,0

                """)
        #expect(
            box.sql(
                "select variant, width, height, max_y from solved_frames where view = 'root' "
                    + "order by variant") == "base|320.0|124.0|124.0\nlong|320.0|164.0|164.0")
        let exported = box.run(["export"]).stdout
        #expect(exported.contains("\ncanvas 320 fit\n"))
        #expect(exported.contains("\nintrinsic body 280 100 in long\n"))
        let copy = Sandbox()
        #expect(copy.run(["apply", copy.write("again.layout", exported), "-q"]).status == 0)
        #expect(frames(copy) == frames(box))
        #expect(frames(copy, variant: "long") == frames(box, variant: "long"))
    }

    @Test("render draws a fitted canvas at its solved size, without a box for the root")
    func render() {
        let box = applied(Self.f1)
        let svg = box.run(["render", "-o", "-", "--variant", "long"])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains("main/long  320×164"))
        #expect(svg.stdout.contains(">body<"))
        #expect(!svg.stdout.contains(">root<"))
    }

    @Test("an edit re-solves the fitted root and reports it; a fixed canvas again drops its frame")
    func editsMoveTheRoot() {
        let box = applied(Self.f1)
        let r = box.run(["set-intrinsic", "body", "280", "80"])
        // 16 + 24 + 8 + 80 + 16 = 144; long keeps its own body (164).
        #expect(
            r.stdout == "main body: height 60 → 80\nmain root: height 124 → 144\n", "\(r.stderr)")
        #expect(frames(box, variant: "long").contains("\nroot,0,0,320,164,0\n"))
        #expect(box.run(["apply", box.write("fixed.layout", "canvas 320 480"), "-q"]).status == 0)
        #expect(!frames(box).contains("root"))
        #expect(
            box.sql("select count(*) from solved_frames where view = 'root' and variant = 'base'")
                == "0")
    }

    @Test("F3: a card built from a vertical stack fits the stack's content")
    func cardFromStack() {
        let box = applied(
            """
            canvas 320 fit
            stack col V spacing 8
            col.top == |.top + 12; col.leading == |.leading + 12; col.trailing == |.trailing - 12
            |.bottom == col.bottom + 12
            view heading in col intrinsic 150 22
            view detail in col intrinsic 200 40
            """)
        // col: 320 − 12 − 12 = 296 wide, 22 + 8 + 40 = 70 high at (12, 12); its arranged
        // views fill its width (align fill): heading (12, 12, 296, 22), detail at
        // 12 + 22 + 8 = 42; the root: 12 + 70 + 12 = 94 high.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                root,0,0,320,94,0
                col,12,12,296,70,0
                heading,12,12,296,22,0
                detail,12,42,296,40,0

                """)
    }

    @Test("F2: fitting both ways")
    func fitBoth() {
        let box = applied(
            """
            canvas fit fit
            view l intrinsic 100 20
            l.left == |.left + 10; l.top == |.top + 10
            |.right >= l.right + 10; |.bottom >= l.bottom + 10
            """)
        // root: 10 + 100 + 10 = 120 wide, 10 + 20 + 10 = 40 high.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                root,0,0,120,40,0
                l,10,10,100,20,0

                """)
        #expect(box.run(["export"]).stdout.contains("\ncanvas fit fit\n"))
    }

    @Test("a fitted width is what right-to-left mirrors about")
    func rightToLeftFittedWidth() {
        let box = applied(
            """
            canvas fit 50
            view a intrinsic 100 20
            a.leading == |.leading + 10; a.top == |.top
            |.trailing >= a.trailing + 30
            variant rtl direction rtl
            """)
        // Width 10 + 100 + 30 = 140 either way; rtl: a's right at 140 − 10 → x 30.
        #expect(frames(box) == "view,x,y,width,height,stale\nroot,0,0,140,50,0\na,10,0,100,20,0\n")
        #expect(
            frames(box, variant: "rtl")
                == "view,x,y,width,height,stale\nroot,0,0,140,50,0\na,30,0,100,20,0\n")
    }

    @Test("a variant fits its own canvas; a fixed variant of a fitted layout does not")
    func variantCanvas() {
        let box = applied(
            """
            canvas 320 480
            view a intrinsic 100 30
            a.top == |.top + 10; a.left == |.left
            |.bottom >= a.bottom + 10 @ 900
            variant card canvas 200 fit
            """)
        // base: fixed 480, no root row; card: 10 + 30 + 10 = 50.
        #expect(frames(box) == "view,x,y,width,height,stale\na,0,10,100,30,0\n")
        #expect(
            frames(box, variant: "card") == """
                view,x,y,width,height,stale
                root,0,0,200,50,0
                a,0,10,100,30,0

                """)
        #expect(box.run(["export"]).stdout.contains("\nvariant card canvas 200 fit\n"))
    }

    @Test("a fitted root whose size adds up past a Double is refused, not stored as 0")
    func fittedRootOverflow() {
        let box = applied(
            """
            canvas 300 fit
            view a
            a.top == |.safe.top; a.left == 0; a.width == 50; a.height == 20
            a.bottom <= |.safe.bottom
            """)
        let before = box.snapshot()
        let r = box.run(["variant", "create", "zz", "--safe", "1e308,0,1e308,0"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("the solved height of view `root` is inf"), "\(r.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test(
        "variant create --canvas W×H is fixed in both dimensions, as `variant NAME canvas W H` is, even over a fitted canvas or --from a fitted variant"
    )
    func variantCreateCanvasIsFixed() {
        let box = applied(
            """
            canvas 320 fit
            view a intrinsic 100 30
            a.top == |.top + 10; a.left == |.left
            |.bottom >= a.bottom + 10 @ 900
            variant card canvas 200 fit
            variant scripted canvas 320 568
            """)
        #expect(box.run(["variant", "create", "tall", "--canvas", "320x568", "-q"]).status == 0)
        #expect(
            box.run(["variant", "create", "wide", "--from", "card", "--canvas", "500x300", "-q"])
                .status == 0)
        #expect(box.run(["variant", "create", "card2", "--from", "card", "-q"]).status == 0)
        let fixed = "view,x,y,width,height,stale\na,0,10,100,30,0\n"
        #expect(frames(box, variant: "scripted") == fixed)
        #expect(frames(box, variant: "tall") == fixed)
        #expect(frames(box, variant: "wide") == fixed)
        // Without --canvas the copy keeps the source's fitted canvas.
        #expect(frames(box, variant: "card2") == frames(box, variant: "card"))
        let exported = box.run(["export"]).stdout
        #expect(exported.contains("\nvariant tall canvas 320 568\n"), "\(exported)")
        #expect(exported.contains("\nvariant wide canvas 500 300\n"), "\(exported)")
    }

    @Test(
        "bad fitted canvases are errors at the number",
        arguments: [
            (
                "canvas fit 0",
                "f.layout:1:12: a fitted canvas needs a positive fixed height, found 0"
            ),
            ("canvas 0 fit", "f.layout:1:8: a fitted canvas needs a positive fixed width, found 0"),
            ("canvas fit -5", "f.layout:1:12: the height must not be negative, found -5"),
            ("canvas 320 fitt", "f.layout:1:12: expected a height after the width, found 'fitt'"),
            (
                "variant v canvas fit 0",
                "f.layout:1:22: a fitted canvas needs a positive fixed height"
            ),
        ])
    func badCanvas(line: String, message: String) {
        let box = Sandbox()
        let r = box.run(["apply", box.write("f.layout", line)])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("/" + message), "\(r.stderr)")
    }
}

/// `why` of a fitted root's dimension: the root is listed by `frames` with its solved
/// size, so `why` explains it rather than calling `root` an unknown view.
@Suite("why of the fitted root")
struct WhyFittedRootTests {
    @Test("why root.height lists what fits it; why root.width refuses without `unknown view`")
    func whyRoot() {
        let box = Sandbox()
        let script = """
            canvas 320 fit
            view a intrinsic 100 40
            V:|-10-[a]-10-|
            H:|-[a]

            """
        #expect(box.run(["apply", box.write("f.layout", script), "-q"]).status == 0)
        let height = box.run(["why", "root.height"])
        #expect(height.status == 0, "\(height.stderr)")
        #expect(height.stdout.contains("root.bottom == a.bottom + 10"), "\(height.stdout)")
        let width = box.run(["why", "root.width"])
        #expect(width.status == 65)
        #expect(!width.stderr.contains("unknown view"), "\(width.stderr)")
        #expect(width.stderr.contains("canvas"), "\(width.stderr)")
    }
}
