import Testing

@testable import LayoutStore

@Suite("Recent names: the last four looked up, in front of a dictionary")
struct RecentNamesTests {
    @Test("a kept name gives what it was kept with; an unknown one, nil")
    func keptNamesAnswer() {
        var recent = RecentNames<Int64>()
        #expect(recent.cached("header") == nil)
        recent.keep("header", 7)
        recent.keep("a name longer than fifteen bytes", 8)
        #expect(recent.cached("header") == 7)
        #expect(recent.cached("a name longer than fifteen bytes") == 8)
        #expect(recent.cached("title") == nil)
    }

    @Test("the fifth name kept takes the place of the oldest")
    func oldestGoesFirst() {
        var recent = RecentNames<Int32>()
        for (i, name) in ["a", "b", "c", "d", "e"].enumerated() { recent.keep(name, Int32(i)) }
        #expect(recent.cached("a") == nil)
        #expect(["b", "c", "d", "e"].map { recent.cached($0) } == [1, 2, 3, 4])
        recent.keep("f", 5)
        #expect(recent.cached("b") == nil && recent.cached("f") == 5)
    }
}
