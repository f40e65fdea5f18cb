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
}
