import Foundation
import Testing

/// An edit re-solves only what it marks dirty, so it must mark every frame it can change.
/// Each case edits a project from the command line (or by re-applying its script) and
/// compares every variant's frames with a fresh apply of the script edited the same way;
/// `doctor`, which solves the whole layout again, must then find nothing stale.
@Suite("an edit re-solves every frame it changes")
struct EditScopeTests {
    func project(_ text: String) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("a.layout", text), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return box
    }

    /// Each variant's frames, one CSV line per view.
    func frames(_ box: Sandbox, variants: [String]) -> [String] {
        variants.flatMap { variant -> [String] in
            let r = box.run(["frames", "--format", "csv", "--variant", variant])
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout.split(separator: "\n").dropFirst().map { "\(variant),\($0)" }
        }
    }

    /// The edited project agrees with a fresh apply of `expected` and with `doctor`.
    func expectFresh(_ box: Sandbox, _ expected: String, variants: [String] = ["base"]) {
        #expect(frames(box, variants: variants) == frames(project(expected), variants: variants))
        let doctor = box.run(["doctor"])
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
    }

    // A constraint whose terms cancel one of a view's variables: centerX is left + width/2
    // and trailing left + width, so this says only `width == 20`. The store finds a
    // constraint's component from its first view's, here the component of `v1.left`.
    static let cancelling = """
        canvas 320 568
        view v1 frame 49 3 14 51
        v1.centerX == v1.trailing - 10
        span: v1.width >= 5
        view other frame 0 0 5 5

        """

    @Test("a constraint added beside one whose terms cancel a variable does not undo it")
    func addBesideCancellingConstraint() {
        let box = project(Self.cancelling)
        #expect(box.run(["add", "v1.width <= 300", "-q"]).status == 0)
        expectFresh(box, Self.cancelling + "v1.width <= 300\n")
    }

    @Test("a constant changed beside a constraint whose terms cancel a variable")
    func constantBesideCancellingConstraint() {
        let box = project(Self.cancelling)
        // An edit of another view first: the constant edit then reads its component's
        // rows, where right after an apply it would solve the kept image of the whole.
        #expect(box.run(["set-frame", "other", "0", "0", "6", "6", "-q"]).status == 0)
        #expect(box.run(["set-constant", "span", "6", "-q"]).status == 0)
        expectFresh(
            box,
            Self.cancelling.replacingOccurrences(of: ">= 5", with: ">= 6")
                .replacingOccurrences(of: "frame 0 0 5 5", with: "frame 0 0 6 6"))
    }

    // `v0` is mentioned only by the first constraint. With it, v0's drawn frame is a
    // fallback that `v2.top == v1.top` may break; without it, v0 keeps its frame.
    static let lastMention = """
        canvas 400 568
        view v0 frame 0 0 20 20
        view v1 in v0 frame 0 10 20 20
        view v2 frame 0 0 20 20
        v2.leading == v0.leading
        v2.top == v1.top
        view v3 frame 0 0 20 20
        v3.top >= v2.bottom

        """

    @Test(
        "a drawn view that a constraint outside the edit's part mentions keeps its fallbacks"
    )
    func mentionedOutsideThePart() {
        // `a` is mentioned only by `a.width == 47`, in another part than its x. Turning `c`
        // off re-solved the x part alone, where `a` looked unmentioned: its autoresizing
        // mask moved it by its parent's lost width, to x -39 (a whole solve: 91).
        let script = """
            canvas 300 300
            view p frame 15 155 196 27
            p.width == 66 @ 250
            view q frame 11 2 38 136
            c: q.left <= p.left + 50 @ 500
            view a in p frame 76 98 57 126 autoresize left
            a.width == 47

            """
        for edit in [["deactivate", "c"], ["remove", "c"], ["set-priority", "c", "400"]] {
            let box = project(script)
            #expect(box.run(edit + ["-q"]).status == 0)
            #expect(frames(box, variants: ["base"]).contains("base,a,91,253,47,126,0"))
            let expected =
                edit[0] == "remove"
                ? script.replacingOccurrences(of: "c: q.left <= p.left + 50 @ 500\n", with: "")
                : edit[0] == "deactivate"
                    ? script + "deactivate c\n" : script + "priority c 400\n"
            expectFresh(box, expected)
        }
        // A variant: its canvas differs from the drawn one, so the mask would stretch `a`.
        let box = project(
            "canvas 100 100\nview a frame 0 0 50 50 autoresize height\na.width == 40\n"
                + "c: a.height == 30\nvariant big canvas 200 400\n")
        #expect(box.run(["remove", "c", "-q"]).status == 0)
        expectFresh(
            box,
            "canvas 100 100\nview a frame 0 0 50 50 autoresize height\na.width == 40\n"
                + "variant big canvas 200 400\n", variants: ["base", "big"])
    }

    @Test("after move-view, set-priority re-solves to the frames a whole solve gives")
    func setPriorityAfterMoves() {
        // The fuzzer's case: three views moved elsewhere by the part's solve, which doctor
        // then found stale (and `solve` had nothing to do).
        let box = project(
            """
            view v0 frame 66 118 191 55
            view v1
            view v2 in v0 frame 18 99 145 102
            view v3 in v2 frame 32 114 118 69
            v3.top == |.safe.top + 7
            view v4 in v1 frame -4 2 169 109
            c5: v4.center == |.center + 9 @ 250
            view v6 in v3 frame 37 79 156 129 autoresize bottom,height
            c6: v6.width == v0.width * 1 + 24 @ 250
            view v7 in v4
            c7: v7.bottom == v3.bottom + 51

            """)
        for edit in [["move-view", "v4", "--into", "v6"], ["move-view", "v6", "--into", "v2"]] {
            #expect(box.run(edit + ["-q"]).status == 0)
        }
        let before = frames(box, variants: ["base"])
        #expect(box.run(["set-priority", "c7", "300", "-q"]).status == 0)
        #expect(frames(box, variants: ["base"]) == before)
        let doctor = box.run(["doctor"])
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
    }

    @Test("a variant of the other direction is solved whole, and leaves the base's parts alone")
    func otherDirectionVariant() {
        // `leading` is `left` in the base and `right` (left + width) in `a`: by the base's
        // parts, set-constant of the width left `a`'s x, breaking the required `ld`.
        let mirrored = """
            canvas 375 812
            view v1 frame 40 7 35 97
            ld: v1.leading == |.leading + 6
            w: v1.width == 30
            variant a direction rtl
            variant b

            """
        let box = project(mirrored)
        #expect(box.run(["set-constant", "w", "400", "-q"]).status == 0)
        expectFresh(
            box, mirrored.replacingOccurrences(of: "== 30", with: "== 400"),
            variants: ["base", "a", "b"])
        #expect(frames(box, variants: ["a"]).contains("a,v1,-31,7,400,97,0"))
        // Its parts, written over the base's, moved the base's next partial solve.
        let script = """
            canvas 375 812
            view v0 frame 68 141 81 25
            view v1
            v1.width <= 109
            c1: v1.trailing <= v0.trailing - 19
            c2: v1.width >= v0.width + 7
            view v3 in v1 frame 87 67 40 50
            variant r direction rtl
            v0.top == v3.top @ 750

            """
        let other = project(script)
        #expect(other.run(["remove", "c2", "-q"]).status == 0)
        expectFresh(
            other, script.replacingOccurrences(of: "c2: v1.width >= v0.width + 7\n", with: ""),
            variants: ["base", "r"])
    }

    @Test("removing the last constraint that mentions a view gives back its drawn frame")
    func removingLastMention() {
        let box = project(Self.lastMention)
        let id = box.sql("select id from constraints where source like 'v2.leading%'")
        #expect(!id.isEmpty)
        #expect(box.run(["remove", "#\(id)", "-q"]).status == 0)
        let expected = Self.lastMention.replacingOccurrences(
            of: "v2.leading == v0.leading\n", with: "")
        expectFresh(box, expected)
    }

    @Test("re-applying a script without a view's last mention gives back its drawn frame")
    func reapplyWithoutLastMention() {
        let box = project(Self.lastMention)
        let expected = Self.lastMention.replacingOccurrences(
            of: "v2.leading == v0.leading\n", with: "")
        let r = box.run(["apply", box.write("a.layout", expected), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        expectFresh(box, expected)
    }

    // `note` is mentioned by no constraint: springs and struts move it with the canvas
    // (`autoresize top`), in the base and in `tall`. Its first mention, even a horizontal
    // one, makes its drawn y a fallback instead.
    static let firstMention = """
        canvas 400 600
        view note frame 5 500 50 20 autoresize top
        variant tall canvas 400 800

        """

    @Test(
        "a view's first mention re-solves all of its frame, in every variant",
        arguments: ["note.left == root.left + 5", "note.width == 50"])
    func firstMentionResolvesWholeFrame(constraint: String) {
        let box = project(Self.firstMention)
        #expect(box.run(["add", constraint, "-q"]).status == 0)
        expectFresh(box, Self.firstMention + constraint + "\n", variants: ["base", "tall"])
    }

    // Off in the base, on in `v`: the pattern the format gives for a variant's own
    // constraint. Below 950 it gives way to `a.width == 30`.
    static let variantOnly = """
        canvas 100 100
        view a frame 0 0 10 10
        w: a.width == |.width * 0.25 + 10
        deactivate w
        a.width == 30 @ 950
        variant v canvas 200 200
        activate w in v

        """

    @Test(
        "an edit of a constraint that only a variant turns on re-solves that variant",
        arguments: [
            (["set-constant", "w", "20"], ("+ 10", "+ 20")),
            (
                ["set-constant", "w", "20", "--variant", "v"],
                ("activate w in v", "activate w in v\nset w 20 in v")
            ),
            (["set-multiplier", "w", "0.5"], ("* 0.25", "* 0.5")),
            (["set-priority", "w", "900"], ("+ 10", "+ 10 @ 900")),
        ])
    func variantOnlyConstraint(edit: [String], change: (String, String)) {
        let box = project(Self.variantOnly)
        let r = box.run(edit + ["-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let expected = Self.variantOnly.replacingOccurrences(of: change.0, with: change.1)
        #expect(expected != Self.variantOnly)
        expectFresh(box, expected, variants: ["base", "v"])
    }
}
