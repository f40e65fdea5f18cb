import Testing

@testable import LayoutScript

@Suite("Parsing equations")
struct ParseEquationTests {
    @Test("an equation keeps both sides as written, with source and origin")
    func plainEquation() throws {
        let parsed = try constraints("\n  title.left == header.left + 16   # indent\n")
        #expect(
            parsed == [
                Constraint(
                    lhs: LinearExpression(terms: [term("title", .left)]), relation: .equal,
                    rhs: LinearExpression(terms: [term("header", .left)], constant: 16),
                    source: "title.left == header.left + 16",
                    origin: SourceLocation(file: "t.layout", line: 2, column: 3))
            ])
        #expect(parsed[0].constant == 16)
    }

    @Test("the three relations")
    func relations() throws {
        #expect(
            try constraints("a.width <= 10; a.width >= 5; a.width == 7").map(\.relation)
                == [.lessOrEqual, .greaterOrEqual, .equal])
    }

    @Test(
        "every attribute and alias",
        arguments: [
            ("left", Attribute.left), ("right", .right), ("top", .top), ("bottom", .bottom),
            ("width", .width), ("height", .height), ("centerX", .centerX), ("centerY", .centerY),
            ("leading", .leading), ("trailing", .trailing), ("minX", .left), ("midX", .centerX),
            ("maxX", .right), ("minY", .top), ("midY", .centerY), ("maxY", .bottom),
        ])
    func attributeAliases(name: String, attribute: Attribute) throws {
        let parsed = try constraints("a.\(name) == b.\(name)")
        #expect(parsed.map(\.lhs.terms) == [[term("a", attribute)]])
        #expect(parsed.map(\.rhs.terms) == [[term("b", attribute)]])
    }

    @Test("'|' and 'root' are the root view")
    func rootView() throws {
        #expect(try equations("|.right == a.right + 4") == ["root.right == a.right + 4"])
        #expect(
            try equations("a.top == |.top + 8; a.left == root.left") == [
                "a.top == root.top + 8", "a.left == root.left",
            ])
    }

    @Test("multiplication, division, unary minus and parentheses stay linear")
    func arithmetic() throws {
        #expect(try equations("a.width == b.width * 0.5 + 10") == ["a.width == b.width * 0.5 + 10"])
        #expect(try equations("a.width == 2 * b.width") == ["a.width == b.width * 2"])
        #expect(try equations("a.width == b.width / 4") == ["a.width == b.width * 0.25"])
        #expect(try equations("a.left == -(b.left - 3) * 2") == ["a.left == -b.left * 2 + 6"])
        #expect(
            try equations("a.left + 4 == (b.right + c.left) / 2 - -1") == [
                "a.left + 4 == b.right * 0.5 + c.left * 0.5 + 1"
            ])
        #expect(try equations("a.width == - - 5") == ["a.width == 5"])
    }

    @Test("the constant is the right side's constant minus the left side's")
    func constantOfBothSides() throws {
        let parsed = try #require(try constraints("a.left + 4 == b.left + 10").first)
        #expect(parsed.constant == 6)
    }

    @Test("numbers: fraction, exponent, signs")
    func numbers() throws {
        #expect(try constraints("a.width == 1e3").first?.constant == 1000)
        #expect(try constraints("a.width == 0.5").first?.constant == 0.5)
        #expect(try constraints("a.width == 2.5E-1").first?.constant == 0.25)
        #expect(try constraints("a.width == -12").first?.constant == -12)
        #expect(try constraints("a.width == +12").first?.constant == 12)
        #expect(
            try constraints("a.width == 12345678901234567890").first?.constant
                == 1.2345678901234567e19)
    }

    @Test("a side without an attribute takes the left side's")
    func omittedAttribute() throws {
        #expect(try equations("a.height == b + 42") == ["a.height == b.height + 42"])
        #expect(try equations("a.left == |") == ["a.left == root.left"])
        #expect(
            try equations("title.center == header") == [
                "title.centerX == header.centerX", "title.centerY == header.centerY",
            ])
    }

    @Test("identifiers may contain '-'; a minus needs spaces")
    func dashInNames() throws {
        #expect(
            try equations("top-bar.height == side-bar.height - 2") == [
                "top-bar.height == side-bar.height - 2"
            ])
        #expect(try equations("a.height == b-2") == ["a.height == b-2.height"])
    }

    @Test("priorities: numbers and names, default required")
    func priorities() throws {
        #expect(
            try constraints(
                "a.width == 1; a.width == 1 @ 750; a.width == 1 @ 1; a.width == 1 @ low; "
                    + "a.width == 1 @high; a.width == 1 @ required; a.width == 1 @ 500.5"
            ).map(\.priority.rawValue)
                == [1000, 750, 1, 250, 750, 1000, 500.5])
    }

    @Test("labels, with dots and dashes")
    func labels() throws {
        let parsed = try constraints(
            "header.height: header.height == 70\nmy-gap: a.left == b.right")
        #expect(parsed.map(\.label) == ["header.height", "my-gap"])
        #expect(parsed[0].source == "header.height: header.height == 70")
    }

    @Test("center and size expand into two constraints, edges into four")
    func compoundAttributes() throws {
        #expect(
            try equations("title.center == header.center") == [
                "title.centerX == header.centerX", "title.centerY == header.centerY",
            ])
        #expect(try equations("a.size == 50") == ["a.width == 50", "a.height == 50"])
        #expect(
            try equations("a.size == b.size * 0.5 @ 750") == [
                "a.width == b.width * 0.5 @ 750", "a.height == b.height * 0.5 @ 750",
            ])
        #expect(
            try equations("a.edges == b.edges") == [
                "a.top == b.top", "a.left == b.left", "a.bottom == b.bottom", "a.right == b.right",
            ])
    }

    @Test("edges with a constant are an inset: bottom and right move inwards")
    func edgesInset() throws {
        #expect(
            try equations("a.edges == |.edges + 8") == [
                "a.top == root.top + 8", "a.left == root.left + 8",
                "a.bottom == root.bottom - 8", "a.right == root.right - 8",
            ])
        #expect(
            try equations("a.edges >= b.edges + 8") == [
                "a.top >= b.top + 8", "a.left >= b.left + 8",
                "a.bottom <= b.bottom - 8", "a.right <= b.right - 8",
            ])
    }

    @Test("a labelled compound labels each component")
    func labelledCompound() throws {
        #expect(try constraints("c: a.center == b").map(\.label) == ["c.x", "c.y"])
        #expect(try constraints("s: a.size == b").map(\.label) == ["s.width", "s.height"])
        #expect(
            try constraints("e: a.edges == b").map(\.label) == [
                "e.top", "e.left", "e.bottom", "e.right",
            ])
        #expect(
            try constraints("s: a.size == b").map(\.source) == ["s: a.size == b", "s: a.size == b"])
    }

    @Test("metrics stand where numbers do, from the script or passed in")
    func metrics() throws {
        #expect(
            try equations("metric pad 16\na.left == |.left + pad * 2", metrics: [:]) == [
                "a.left == root.left + 32"
            ])
        #expect(
            try equations("a.width == w @ p", metrics: ["w": 40, "p": 750]) == [
                "a.width == 40 @ 750"
            ])
        #expect(try equations("metric a 5; metric b a; x.width == b") == ["x.width == 5"])
    }

    @Test("a view named like a keyword is an equation when '.' or ':' follows")
    func keywordNamedViews() throws {
        #expect(
            try equations("view.left == layout.right; set: set.width == 3") == [
                "view.left == layout.right", "set: set.width == 3",
            ])
    }

    @Test("parseConstraints reads one equation or VFL line for 'add'")
    func parseConstraintsForAdd() throws {
        let parsed = try ScriptParser.parseConstraints("a.size == s", metrics: ["s": 50])
        #expect(parsed.map(ScriptWriter.text(of:)) == ["a.width == 50", "a.height == 50"])
        #expect(parsed.first?.origin == SourceLocation(file: "-", line: 1, column: 1))
        let vfl = try ScriptParser.parseConstraints("H:|-[b]", parents: ["b": "card"])
        #expect(vfl.map(ScriptWriter.text(of:)) == ["b.leading == card.leading + 20"])
        #expect(throws: ParseError.self) { try ScriptParser.parseConstraints("view a") }
        #expect(throws: ParseError.self) {
            try ScriptParser.parseConstraints("a.left == 0; b.left == 0")
        }
    }
}
