import Foundation
import Testing

/// `frames` tells views from guides without moving today's columns, and the
/// `all_constraints` view gives a height's generated constraints the vertical priorities.
@Suite("frames kind, all_constraints per-axis priorities")
struct FramesKindAndIntrinsicSQLTests {
    static let script = """
        canvas 320 100
        guide g
        g.left == |.left; g.top == |.top; g.width == 10; g.height == 10
        view a intrinsic 100 40 hug 250 300 resist 700 900
        a.left == g.right; a.top == |.top
        """

    @Test("json rows carry their kind at the end; the table marks guides in its last column")
    func kind() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("k.layout", Self.script), "-q"]).status == 0)
        let json = box.run(["frames", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["view"] as? String } == ["g", "a"])
        #expect(rows.map { $0["kind"] as? String } == ["guide", "view"])
        let table = box.run(["frames"]).stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        #expect(table[1] == ["g", "0", "0", "10", "10", "guide"])
        #expect(table[2] == ["a", "10", "0", "100", "40"])
        // csv keeps today's columns, for scripts that read them.
        #expect(
            box.run(["frames", "--format", "csv"]).stdout.hasPrefix("view,x,y,width,height,stale\n")
        )
    }

    @Test("all_constraints shows a height's hugging and resistance from the vertical priorities")
    func verticalPriorities() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("k.layout", Self.script), "-q"]).status == 0)
        #expect(
            box.sql(
                "select source from all_constraints where kind = 'intrinsic' order by source")
                    == """
                    a.height <= 40 @ 300
                    a.height >= 40 @ 900
                    a.width <= 100 @ 250
                    a.width >= 100 @ 700
                    """)
    }
}
