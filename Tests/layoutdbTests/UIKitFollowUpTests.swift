import Foundation
import Testing

/// What a UIKit expert found layoutdb doing unlike UIKit, end to end on the built binary.
/// Each expected frame is computed by hand beside it.
@Suite("UIKit follow-up: what UIKit allows, layoutdb allows")
struct UIKitFollowUpTests {
    /// Applies `script` to a new project; the apply must succeed.
    func applied(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("s.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return box
    }

    /// The solved frames of a variant, `VIEW: "x y w h"`.
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

    /// Every frame in `expected` is the solved one.
    func expectFrames(
        _ box: Sandbox, variant: String = "base", _ expected: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let solved = frames(box, variant: variant)
        for (view, frame) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(
                solved[view] == frame, "\(variant) \(view): \(solved[view] ?? "none")",
                sourceLocation: sourceLocation)
        }
    }

    /// The export applies to a fresh project and solves to the same frames in `variants`.
    func expectExportAppliesBack(
        _ box: Sandbox, variants: [String] = ["base"],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
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
        return exported.stdout
    }

    // MARK: 1. Negative stack spacing (UIStackView.spacing: "Use negative values to allow
    // overlap"; docs/vocabulary.md §7.2)

    /// Three 40-point faces overlapping by 10: a at 20, b at 20 + 40 − 10 = 50, c at 80;
    /// the row, pinned at its leading edge only, is 3 · 40 − 2 · 10 = 100 wide.
    static let overlappingFaces = """
        canvas 320 100
        stack faces H spacing -10 align center
        faces.left == |.left + 20; faces.top == |.top + 10
        view a in faces intrinsic 40 40
        view b in faces intrinsic 40 40
        view c in faces intrinsic 40 40
        """

    @Test("a negative spacing in a script overlaps the neighbours by that much")
    func negativeSpacingInScript() {
        let box = applied(Self.overlappingFaces)
        expectFrames(
            box,
            [
                "faces": "20 10 100 40", "a": "20 10 40 40", "b": "50 10 40 40",
                "c": "80 10 40 40",
            ])
        #expect(box.run(["get", "faces.spacing"]).stdout.contains("-10"))
    }

    @Test("set-constant and `set ... in VARIANT` take a negative spacing, and export writes it")
    func negativeSpacingSetAndExported() {
        let box = applied(
            Self.overlappingFaces.replacingOccurrences(of: "spacing -10", with: "spacing 4")
                + "\nvariant mid\nset faces.spacing -10 in mid\n")
        // mid: the script's -10; base: 4, then -20 from the command line.
        expectFrames(box, variant: "mid", ["b": "50 10 40 40", "c": "80 10 40 40"])
        let set = box.run(["set-constant", "faces.spacing", "-20"])
        #expect(set.status == 0, "\(set.stderr)")
        // a at 20, b at 20 + 40 − 20 = 40, c at 60; the row 3 · 40 − 2 · 20 = 80 wide.
        expectFrames(
            box, ["faces": "20 10 80 40", "b": "40 10 40 40", "c": "60 10 40 40"])
        let text = expectExportAppliesBack(box, variants: ["base", "mid"])
        #expect(text.contains("stack faces H spacing -20 align center"), "\(text)")
        #expect(text.contains("set faces.spacing -10 in mid"), "\(text)")
    }

    @Test("under equalSpacing a negative spacing is the most the views may overlap")
    func negativeSpacingIsTheSmallestGap() {
        // Content 50 + 60 + 40 = 150. base (300): gaps (300 − 150) / 2 = 75.
        // snug (130): gaps (130 − 150) / 2 = −10, the spacing: the views overlap, none
        // shrinks. tight (110): the gaps stop at −10 (150 − 20 = 130 > 110 by 20), so the
        // views shrink by their resistance, tied at 750: a, the earliest, by 20 (§11).
        let box = applied(
            """
            canvas 320 100
            stack e H spacing -10 distribute equalSpacing
            e.left == |.left; e.top == |.top; e.height == 20
            ew: e.width == 300
            view a in e intrinsic 50 20
            view b in e intrinsic 60 20
            view c in e intrinsic 40 20
            variant snug
            set ew 130 in snug
            variant tight
            set ew 110 in tight
            """)
        expectFrames(box, ["a": "0 0 50 20", "b": "125 0 60 20", "c": "260 0 40 20"])
        expectFrames(
            box, variant: "snug", ["a": "0 0 50 20", "b": "40 0 60 20", "c": "90 0 40 20"])
        expectFrames(
            box, variant: "tight", ["a": "0 0 30 20", "b": "20 0 60 20", "c": "70 0 40 20"])
        // The overlap was asked for: `check` reports only the squeezed view.
        let check = box.run(["check"])
        #expect(!check.stdout.contains("overlap"), "\(check.stdout)")
        #expect(check.stdout.contains("main/tight: squeezed: a is solved 30 wide"))
    }

    @Test("fillProportionally whose overlap eats the whole content shares the stack equally")
    func proportionsWithNoLengthLeft() {
        // T = 20 + 40 + (−60) = 0: no proportion to measure; as fillEqually,
        // a + b − 60 = 300 with a == b: 180 each, b at 180 − 60 = 120.
        let box = applied(
            """
            canvas 320 100
            stack p H spacing -60 distribute fillProportionally
            p.left == |.left; p.top == |.top; p.width == 300; p.height == 20
            view a in p intrinsic 20 20
            view b in p intrinsic 40 20
            """)
        expectFrames(box, ["a": "0 0 180 20", "b": "120 0 180 20"])
    }

    // MARK: 2. A declaration's clauses in any order (UIKit sets properties in any order)

    @Test("hug and resist after baseline: the clauses of a view come in any order")
    func clausesInAnyOrder() {
        // hug 750 beats the wish for 100 at 700: the label keeps its 50; resist 800 (not the
        // default 750) beats the squeeze to 30 at 790 in `narrow`.
        let box = applied(
            """
            canvas 320 100
            view header frame 0 0 320 44
            view time in header intrinsic 50 16 baseline 12 4 hug 750 750 resist 800
            time.left == header.left; time.top == header.top
            wish: time.width == 100 @ 700
            variant narrow
            set wish 30 in narrow
            priority wish 790 in narrow
            """)
        expectFrames(box, ["time": "0 0 50 16"])
        expectFrames(box, variant: "narrow", ["time": "0 0 50 16"])
        _ = expectExportAppliesBack(box, variants: ["base", "narrow"])
    }

    @Test("hug without intrinsic, and a clause given twice, are refused at their place")
    func clauseErrors() {
        let box = Sandbox()
        let before = box.snapshot()
        let r = box.run(
            ["apply", box.write("bad.layout", "canvas 320 100\nview time baseline 12 4 hug 750\n")])
        #expect(r.status == 65)
        #expect(
            r.stderr.contains(
                "bad.layout:2:25: 'hug' is a priority of the intrinsic size, and view 'time' "
                    + "has none"), "\(r.stderr)")
        #expect(r.stderr.contains("e.g. 'intrinsic 50 16 hug 750'"), "\(r.stderr)")
        let twice = box.run(
            [
                "apply",
                box.write("twice.layout", "view t intrinsic 50 16 hug 750 baseline 12 hug 250\n"),
            ])
        #expect(twice.status == 65)
        #expect(
            twice.stderr.contains("twice.layout:1:44: 'hug' is given twice for view 't'"),
            "\(twice.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test("a stack that no constraint places follows its autoresizing mask (§7.1)")
    func stackAutoresizes() {
        // The bar, drawn 300 wide in a 320 canvas, has a flexible width: 80 more in `wide`
        // (400). `a` keeps its 50; `b`, with no intrinsic width, takes the rest.
        let box = applied(
            """
            canvas 320 100
            stack bar H spacing 0 frame 10 10 300 40 autoresize width
            view a in bar intrinsic 50 20
            view b in bar
            variant wide canvas 400 100
            """)
        expectFrames(box, ["bar": "10 10 300 40", "a": "10 10 50 40", "b": "60 10 250 40"])
        expectFrames(
            box, variant: "wide",
            ["bar": "10 10 380 40", "a": "10 10 50 40", "b": "60 10 330 40"])
        let text = expectExportAppliesBack(box, variants: ["base", "wide"])
        #expect(text.contains("autoresize width"), "\(text)")
    }
}
