import Testing

@testable import LayoutScript

/// The DSL spells the vocabulary as scripts do: margins and safe-area guides, baselines,
/// and `leading`/`trailing` kept as written (so a right-to-left variant mirrors them).
@Suite("Swift DSL: margins, safe area, baselines, leading/trailing")
struct DSLVocabularyTests {
    let card = LayoutView("card"), title = LayoutView("title"), field = LayoutView("field")
    let root = LayoutView.root

    /// The constraints of `script`, as the parser reads them.
    func parsed(_ script: String) throws -> [Constraint] {
        try ScriptParser.parse(script).compactMap { s -> Constraint? in
            if case .constraint(let c) = s.statement { return c }
            return nil
        }
    }

    @Test("each DSL attribute is the script's attribute of the same name")
    func sameAsScript() throws {
        let dsl = constraints {
            title.leading == card.margins.leading + 4
            title.trailing <= card.margins.trailing
            card.top == root.safe.top
            card.bottom == root.safe.bottom - 8
            card.leading == root.safe.leading
            card.width == root.margins.width
            title.firstBaseline == field.firstBaseline
            field.top == title.lastBaseline + 8
            title.centerX == card.margins.centerX
            title.centerY == card.margins.centerY
            title.height == card.margins.height * 0.5
            title.left == card.margins.left
            title.right == card.margins.right
            title.top == card.margins.top
            title.bottom == card.margins.bottom
            card.left == root.safe.left
            card.right == root.safe.right
        }
        let text = try parsed(
            """
            title.leading == card.margins.leading + 4
            title.trailing <= card.margins.trailing
            card.top == |.safe.top
            card.bottom == |.safe.bottom - 8
            card.leading == |.safe.leading
            card.width == |.margins.width
            title.firstBaseline == field.firstBaseline
            field.top == title.lastBaseline + 8
            title.centerX == card.margins.centerX
            title.centerY == card.margins.centerY
            title.height == card.margins.height * 0.5
            title.left == card.margins.left
            title.right == card.margins.right
            title.top == card.margins.top
            title.bottom == card.margins.bottom
            card.left == |.safe.left
            card.right == |.safe.right
            """)
        #expect(dsl.map(\.terms) == text.map(\.terms))
        #expect(dsl.map(\.constant) == text.map(\.constant))
        #expect(dsl.map(\.relation) == text.map(\.relation))
    }

    @Test("leading and trailing stay leading and trailing (not left and right)")
    func directional() {
        let all = constraints {
            title.leading == card.leading + 16
            card.trailing == root.trailing
        }
        #expect(all[0].lhs.terms.map(\.attribute) == [.leading])
        #expect(all[0].rhs.terms.map(\.attribute) == [.leading])
        #expect(all[1].lhs.terms.map(\.attribute) == [.trailing])
        #expect(
            all.map(\.source) == [
                "title.leading == card.leading + 16", "card.trailing == root.trailing",
            ])
    }
}
