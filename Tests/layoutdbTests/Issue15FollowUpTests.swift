import Foundation
import Testing

/// Follow-ups to issue 15's fixes: what a QA pass over them still found.
@Suite("Issue 15 follow-ups (end to end)")
struct Issue15FollowUpTests {
    @Test("render draws views of any finite size: 1e20 wide, 1e300 wide, at y = 1e300")
    func renderHugeViews() throws {
        let box = Sandbox()
        let script = box.write(
            "huge.layout",
            """
            canvas 375 812
            view wide
            wide.left == 0; wide.top == 0; wide.width == 1e20; wide.height == 10
            view widest
            widest.left == 0; widest.top == 20; widest.width == 1e300; widest.height == 1e-300
            view far1
            far1.left == 0; far1.top == 1e300; far1.width == 100; far1.height == 1e290
            view far2
            far2.left == 0; far2.top == 1e300; far2.width == 100; far2.height == 1e290
            view tall
            tall.left == 200; tall.top == 0; tall.width == 100; tall.height == 1e20
            view inside in tall
            inside.left == 200; inside.top == 0; inside.width == 100; inside.height == 1e20

            """)
        let applied = box.run(["apply", script, "-q"])
        #expect(applied.status == 0, "\(applied.stderr)")
        let rendered = box.run(["render", "-o", "huge.svg"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let svg = try String(contentsOf: box.directory.appending(path: "huge.svg"), encoding: .utf8)
        for view in ["wide", "widest", "far1", "far2", "tall", "inside"] {
            #expect(svg.contains("data-view=\"\(view)\""), "\(view)")
        }
        // Wide views have room for their whole name; the tall child's label goes on the
        // line under its parent's.
        #expect(svg.contains(">wide</text>"))
        #expect(svg.contains(">widest</text>"))
        #expect(svg.contains("data-label=\"tall\" x=\"223\" y=\"57\""))
        #expect(svg.contains("data-label=\"inside\" x=\"223\" y=\"70\""))
        // At y = 1e300 a line height is below the numbers' precision; both are labelled.
        #expect(svg.contains(">far1</text>") && svg.contains(">far2</text>"))
    }
}
