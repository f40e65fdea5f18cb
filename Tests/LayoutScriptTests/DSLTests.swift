import Testing

@testable import LayoutScript

@Suite("Swift DSL")
struct DSLTests {
    let header = LayoutView("header"), title = LayoutView("title"), root = LayoutView.root

    @Test("operators build constraints that read like the equations")
    func reads() {
        let all = constraints {
            header.top == root.top
            header.height == 70 ~ "header.height"
            title.width >= header.width * 0.5 + 5 ~ .high
            title.left - header.left == 16
        }
        #expect(
            all.map(\.source) == [
                "header.top == root.top", "header.height == 70",
                "title.width >= header.width * 0.5 + 5",
                "title.left - header.left == 16",
            ])
        #expect(all[1].label == "header.height")
        #expect(all[2].priority == .high)
        #expect(all[2].constant == 5)
    }

    @Test("the DSL and the script text give the same constraints")
    func sameAsScript() throws {
        let dsl = constraints {
            title.center == header.center ~ "c"
            title.width <= header.width - 32
            title.size == (200, 24) ~ Priority(500)
        }
        let text = try ScriptParser.parse(
            """
            c: title.center == header.center
            title.width <= header.width - 32
            title.width == 200 @ 500; title.height == 24 @ 500
            """
        ).compactMap { s -> Constraint? in
            if case .constraint(let c) = s.statement { return c }
            return nil
        }
        #expect(dsl.map(\.terms) == text.map(\.terms))
        #expect(dsl.map(\.constant) == text.map(\.constant))
        #expect(dsl.map(\.relation) == text.map(\.relation))
        #expect(dsl.map(\.priority) == text.map(\.priority))
        #expect(dsl.map(\.label) == ["c.x", "c.y", nil, nil, nil])
    }

    @Test("edges inset: top and left move in, bottom and right move in from the other side")
    func edgesInset() {
        let all = constraints { title.edges == header.edges.inset(8) ~ "pad" }
        #expect(all.map(\.label) == ["pad.top", "pad.left", "pad.bottom", "pad.right"])
        #expect(all.map(\.constant) == [8, 8, -8, -8])
    }

    // Typed axes: these do not compile, as Auto Layout's anchors refuse them (checked with
    // swiftc in Tests/layoutdbTests/TypedAxesCompileTests.swift).
    //     header.width == title.left      // a size against an x position
    //     header.top == title.left        // a y position against an x position
    @Test("axes are typed: a size and a position only meet through a difference of positions")
    func typedAxes() {
        let gap: LayoutExpression<Dimension> = title.left - header.right
        let all = constraints { header.width == gap * 2 }
        #expect(all[0].terms.count == 3)
    }
}
