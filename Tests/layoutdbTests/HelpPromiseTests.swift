import Foundation
import Testing

/// What the help and the docs promise, held to by the tool: found by a new user who ran
/// every example and checked each claim.
@Suite("what the help promises, the tool does")
struct HelpPromiseTests {
    @Test("a one-line edit naming a view renamed since: the dry run refuses as the apply does")
    func dryRunRefusesRenamedView() {
        let box = Sandbox()
        let path = box.write(
            "s.layout", "canvas 100 100\nview a frame 0 0 10 10\nh: a.height == 24\n")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        #expect(box.run(["rename-view", "a", "b", "-q"]).status == 0)
        box.write("s.layout", "canvas 100 100\nview a frame 0 0 10 10\nh: a.height == 26\n")
        let dry = box.run(["apply", path, "--dry-run"])
        let real = box.run(["apply", path])
        for r in [dry, real] {
            #expect(r.status == 65, "\(r.stdout)")
            #expect(
                r.stderr.contains("names view `a`, which was removed or renamed"), "\(r.stderr)")
            #expect(r.stderr.contains("layoutdb views"), "\(r.stderr)")
        }
        #expect(box.sql("select height from solved_frames where view = 'b'") == "24.0")
    }

    @Test("a sweep or animation that fails names the constant tried, not the one before")
    func sweepConflictNamesTheValueTried() {
        let box = Sandbox()
        let path = box.write(
            "s.layout",
            "canvas 100 100\nview a\na.left == 0; a.top == 0; a.height == 10\nw: a.width == 50\na.width <= 60\n"
        )
        #expect(box.run(["apply", path, "-q"]).status == 0)
        for args in [
            ["sweep", "w", "40", "80", "10"], ["sweep", "w", "70", "80", "10"],
            ["animate", "w", "70", "--frames", "3"],
        ] {
            let r = box.run(args)
            #expect(r.status == 65, "\(args)")
            #expect(r.stderr.contains("→ a.width == 70"), "\(args): \(r.stderr)")
            #expect(!r.stderr.contains("→ a.width == 60"), "\(args): \(r.stderr)")
        }
    }

    @Test("check: a hidden view, or one inside a hidden view, overlaps nothing on screen")
    func checkSkipsHiddenViews() {
        let box = Sandbox()
        let path = box.write(
            "s.layout",
            """
            canvas 200 200
            view spinner frame 50 50 40 40
            view errorLabel frame 40 60 100 20
            hide errorLabel
            view sheet frame 120 120 60 60
            view card in sheet frame 0 0 50 50
            hide sheet
            view badge frame 130 130 10 10

            """)
        #expect(box.run(["apply", path, "-q"]).status == 0)
        let r = box.run(["check"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(box.run(["show", "sheet", "-q"]).status == 0)
        let shown = box.run(["check"])
        #expect(shown.status == 1 && shown.stdout.contains("sheet and badge"), "\(shown.stdout)")
    }

    @Test("apply --dry-run --json prints the plan as JSON")
    func dryRunJSON() throws {
        let box = Sandbox()
        let path = box.write(
            "s.layout", "canvas 100 100\nview a frame 0 0 10 10\nh: a.height == 24\n")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        box.write("s.layout", "canvas 100 100\nview a frame 0 0 10 10\nh: a.height == 26\n")
        let r = box.run(["apply", path, "--dry-run", "--json"])
        #expect(r.status == 0)
        let steps = try #require(
            try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: String]])
        #expect(steps.count == 1)
        #expect(steps.first?["action"] == "change" && steps.first?["layout"] == "main")
        #expect(steps.first?["what"]?.contains("h: a.height == 26") == true)
    }

    @Test("every error begins `error:`, argument-parser's usage errors too")
    func usageErrorsBeginLowercase() {
        let box = Sandbox()
        for args in [
            ["get"], ["set-constant", "x", "-5", "extra"], ["frames", "--format", "xml"],
        ] {
            let r = box.run(args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stderr.hasPrefix("error: "), "\(args): \(r.stderr)")
        }
    }
}
