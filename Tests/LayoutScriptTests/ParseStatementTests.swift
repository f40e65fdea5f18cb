import Testing

@testable import LayoutScript

@Suite("Parsing statements")
struct ParseStatementTests {
    @Test("layout, canvas, metric, variant, set")
    func simpleStatements() throws {
        #expect(
            try statements(
                """
                layout settings
                canvas 375 812
                metric pad 16
                metric neg -2.5
                variant compact
                variant wide canvas 1024 pad
                set header.height 44
                set gap -8 in compact
                set gap pad
                """) == [
                    .layout("settings"),
                    .canvas(Size(width: 375, height: 812)),
                    .metric(name: "pad", value: 16),
                    .metric(name: "neg", value: -2.5),
                    .variant(name: "compact", canvas: nil),
                    .variant(name: "wide", canvas: Size(width: 1024, height: 16)),
                    .set(label: "header.height", constant: 44, variant: nil),
                    .set(label: "gap", constant: -8, variant: "compact"),
                    .set(label: "gap", constant: 16, variant: nil),
                ])
    }

    @Test("view: parent, frame, autoresize, intrinsic with hug and resist")
    func views() throws {
        #expect(
            try statements(
                """
                view header
                view title in header
                view logo in | frame -10 5.5 40 40
                view panel frame 0 0 320 100 autoresize width,bottom, left
                view label in panel intrinsic 80 - hug 300 resist high
                view icon intrinsic - 20
                view box autoresize top intrinsic 10 10 frame 1 2 3 4 in panel
                """) == [
                    .view(ViewDeclaration(name: "header")),
                    .view(ViewDeclaration(name: "title", parent: "header")),
                    .view(
                        ViewDeclaration(
                            name: "logo", frame: Rect(x: -10, y: 5.5, width: 40, height: 40))),
                    .view(
                        ViewDeclaration(
                            name: "panel", frame: Rect(x: 0, y: 0, width: 320, height: 100),
                            autoresize: [.width, .bottom, .left])),
                    .view(
                        ViewDeclaration(
                            name: "label", parent: "panel",
                            intrinsic: IntrinsicSize(
                                width: 80, height: nil, hug: Priority(300), resist: .high))),
                    .view(
                        ViewDeclaration(
                            name: "icon", intrinsic: IntrinsicSize(width: nil, height: 20))),
                    .view(
                        ViewDeclaration(
                            name: "box", parent: "panel",
                            frame: Rect(x: 1, y: 2, width: 3, height: 4),
                            autoresize: [.top], intrinsic: IntrinsicSize(width: 10, height: 10))),
                ])
    }

    @Test("comments, semicolons, blank lines, CRLF and a byte order mark")
    func layoutOfText() throws {
        let parsed = try ScriptParser.parse(
            "\u{FEFF}# header\r\n\r\nview a ; view b;;  # two\r\n\t a.left == b.left # c\r\n")
        #expect(parsed.map(\.text) == ["view a", "view b", "a.left == b.left"])
        #expect(
            parsed.map(\.location) == [
                SourceLocation(file: "-", line: 3, column: 1),
                SourceLocation(file: "-", line: 3, column: 10),
                SourceLocation(file: "-", line: 4, column: 3),
            ])
    }

    @Test("comments may hold any text, including non-ASCII, ';' and '#'")
    func commentText() throws {
        #expect(
            try statements("view a # ünïcode; view b # again") == [
                .view(ViewDeclaration(name: "a"))
            ])
    }

    @Test("every expanded statement carries the statement's text and place")
    func locatedExpansion() throws {
        let parsed = try ScriptParser.parse("view a\n  H:|-[a]-|  # pin", file: "x.layout")
        #expect(parsed.count == 3)
        #expect(parsed[1].text == "H:|-[a]-|" && parsed[2].text == "H:|-[a]-|")
        #expect(parsed[2].location == SourceLocation(file: "x.layout", line: 2, column: 3))
        guard case .constraint(let constraint) = parsed[2].statement else {
            Issue.record("expected a constraint")
            return
        }
        #expect(constraint.origin == parsed[2].location)
        #expect(constraint.source == "H:|-[a]-|")
    }

    @Test("the contract's example parses into the statements it describes")
    func contractExample() throws {
        let parsed = try statements(Self.contractExample).map(withoutSource)
        #expect(parsed.count == 19)
        #expect(parsed.first == .canvas(Size(width: 375, height: 812)))
        #expect(parsed.filter { if case .constraint = $0 { true } else { false } }.count == 13)
        #expect(
            parsed.suffix(2) == [
                .variant(name: "compact", canvas: Size(width: 320, height: 568)),
                .set(label: "header.height", constant: 44, variant: "compact"),
            ])
        #expect(
            try equations(Self.contractExample) == [
                "header.top == root.top", "header.left == root.left", "header.right == root.right",
                "header.height: header.height == 70",
                "title.centerX == header.centerX", "title.centerY == header.centerY",
                "title.height == 24", "title.width <= header.width - 32",
                "title.width == 200 @ 750",
                "body.top == header.bottom + 8", "root.bottom == body.bottom + 20",
                "body.leading == root.leading + 16", "root.trailing == body.trailing + 16",
            ])
    }

    static let contractExample = """
        canvas 375 812
        view header
        view title in header
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 70
        title.center == header.center
        title.height == 24
        title.width <= header.width - 32
        title.width == 200 @ high
        view body
        V:[header]-8-[body]-|
        H:|-16-[body]-16-|
        variant compact canvas 320 568
        set header.height 44 in compact
        """
}
