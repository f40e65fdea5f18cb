import Testing

@testable import LayoutScript

@Suite("Parsing the Visual Format Language")
struct ParseVisualFormatTests {
    @Test("the contract's line: standard spacing, predicates, a relation to a view")
    func contractLine() throws {
        #expect(
            try equations("H:|-[a(>=40)]-8-[b(==a)]-|") == [
                "a.leading == root.leading + 20",
                "a.width >= 40",
                "b.leading == a.trailing + 8",
                "b.width == a.width",
                "root.trailing == b.trailing + 20",
            ])
    }

    @Test("V lines constrain top, bottom and height")
    func vertical() throws {
        #expect(
            try equations("V:|-10-[a(==44)][b]-|") == [
                "a.top == root.top + 10", "a.height == 44", "b.top == a.bottom",
                "root.bottom == b.bottom + 20",
            ])
    }

    @Test("without H: or V:, a line starting with '|' or '[' is horizontal")
    func defaultOrientation() throws {
        #expect(
            try equations("|-16-[body]-16-|") == [
                "body.leading == root.leading + 16", "root.trailing == body.trailing + 16",
            ])
        #expect(try equations("[a]-[b]") == ["b.leading == a.trailing + 8"])
    }

    @Test("flush views and flush superview edges are 0 apart")
    func flush() throws {
        #expect(
            try equations("H:|[a][b]|") == [
                "a.leading == root.leading", "b.leading == a.trailing",
                "root.trailing == b.trailing",
            ])
    }

    @Test("'-' alone is 8 between views and 20 to the superview")
    func standardSpacing() throws {
        #expect(try constraints("H:|-[a]-[b]-|").map(\.constant) == [20, 8, 20])
    }

    @Test("spacing predicates with relations and priorities, several at once")
    func spacingPredicates() throws {
        #expect(
            try equations("H:[a]-(>=8)-[b]-(>=8@750)-|") == [
                "b.leading >= a.trailing + 8", "root.trailing >= b.trailing + 8 @ 750",
            ])
        #expect(
            try equations("[a]-(>=8,<=20@low)-[b]") == [
                "b.leading >= a.trailing + 8", "b.leading <= a.trailing + 20 @ 250",
            ])
        #expect(try equations("[a]-(-4)-[b]") == ["b.leading == a.trailing - 4"])
    }

    @Test("view predicates: several, with priorities, relations to other views")
    func viewPredicates() throws {
        #expect(try equations("H:[a(>=40,<=80@250)]") == ["a.width >= 40", "a.width <= 80 @ 250"])
        #expect(try equations("V:[a(==b@high)]") == ["a.height == b.height @ 750"])
        #expect(try equations("[a(40)]") == ["a.width == 40"])
    }

    @Test("metric names stand for numbers in spacings, sizes and priorities")
    func metrics() throws {
        let text = "metric pad 12; metric w 60; metric p 300\nH:|-pad-[a(==w@p)]-pad-[b]"
        #expect(
            try equations(text) == [
                "a.leading == root.leading + 12", "a.width == 60 @ 300",
                "b.leading == a.trailing + 12",
            ])
        #expect(
            try equations("[a]-(>=gap)-[b]", metrics: ["gap": 5]) == ["b.leading >= a.trailing + 5"]
        )
    }

    @Test("'|' is the declared parent of the view next to it")
    func superviewIsTheParent() throws {
        let text = """
            view card
            view icon in card
            view title in card
            H:|-[icon]-[title]-|
            V:|[card]|
            """
        #expect(
            try equations(text) == [
                "icon.leading == card.leading + 20", "title.leading == icon.trailing + 8",
                "card.trailing == title.trailing + 20",
                "card.top == root.top", "root.bottom == card.bottom",
            ])
    }

    @Test("parents are tracked per layout")
    func parentsPerLayout() throws {
        #expect(
            try equations("view c; view a in c\nlayout other\n|[a]") == [
                "a.leading == root.leading"
            ])
    }

    @Test("a labelled VFL line numbers its constraints LABEL.1, LABEL.2, ...")
    func labelledLine() throws {
        let parsed = try constraints("row: H:|-[a]-[b]\nv.gaps: V:|[c]\ncol: [d]-|")
        #expect(parsed.map(\.label) == ["row.1", "row.2", "v.gaps.1", "col.1"])
        #expect(parsed.first?.source == "row: H:|-[a]-[b]")
    }

    @Test("view names with '-' inside, metric names before '-'")
    func dashes() throws {
        #expect(
            try equations("[top-bar]-m-[side-bar]", metrics: ["m": 3]) == [
                "side-bar.leading == top-bar.trailing + 3"
            ])
    }

    @Test("spaces between VFL tokens are allowed")
    func spaces() throws {
        #expect(
            try equations("H: | - 8 - [ a ( == 40 ) ]") == [
                "a.leading == root.leading + 8", "a.width == 40",
            ])
    }
}
