import Testing

@testable import LayoutStore

/// How a re-apply tells that a script changed the order of its views (``ViewOrderChange``).
@Suite("the order a script declares its views in")
struct ViewOrderTests {
    @Test("the same order, or views added at the end or removed, is no change")
    func noChange() {
        for (old, new) in [
            (["a", "b", "c"], ["a", "b", "c"]), (["a", "b"], ["a", "b", "x", "y"]),
            (["a", "b", "c"], ["a", "c"]), ([], ["a"]),
        ] {
            let change = ViewOrderChange(old: old, new: new)
            #expect(!change.changes && change.moved.isEmpty, "\(old) → \(new)")
        }
    }

    @Test("a view added between two changes the order and moves none")
    func insertion() {
        let change = ViewOrderChange(old: ["a", "b"], new: ["a", "x", "b"])
        #expect(change.changes)
        #expect(change.moved.isEmpty)
    }

    @Test("a line moved names the fewest views that moved, each after the one before it")
    func moves() {
        let one = ViewOrderChange(old: ["a", "b", "c", "d", "e"], new: ["a", "c", "d", "e", "b"])
        #expect(one.moved.map(\.view) == ["b"])
        #expect(one.moved.first?.after == "e")
        let first = ViewOrderChange(old: ["a", "b", "c"], new: ["c", "a", "b"])
        #expect(first.moved.map(\.view) == ["c"])
        #expect(first.moved.first.map { $0.after == nil } == true)
        let reversed = ViewOrderChange(old: ["a", "b", "c", "d"], new: ["d", "c", "b", "a"])
        #expect(reversed.moved.count == 3)
    }

    @Test(
        "the file's views take their places in a new order, the others keep theirs, one added goes after the one before it"
    )
    func orderViews() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let project = try Project.open(path: file.path, create: true)
        let names = ["a", "b", "c", "d", "e", "f", "g", "h"]
        try project.apply(
            scriptFile: names.map {
                "view \($0)\n\($0).left == root.left; \($0).top == root.top; \($0).size == 4"
            }
            .joined(separator: "\n"), file: "v.layout")
        let store = project.store
        let layoutID = try store.layoutID("main")
        func order() throws -> [String] { try project.frames().map(\.view) }
        // Two blocks swapped: two runs of views, each moved by one amount.
        try store.orderViews(
            layoutID: layoutID, fileOrder: ["e", "f", "g", "h", "a", "b", "c", "d"], added: [])
        #expect(try order() == ["e", "f", "g", "h", "a", "b", "c", "d"])
        // `x` (made last) hangs after `g`; `c` and `d` are not the file's: they stay put.
        try project.apply(scriptFile: "view x\nx.size == 1", file: "x.layout")
        try store.orderViews(
            layoutID: layoutID, fileOrder: ["h", "g", "f", "e", "b", "a"],
            added: [("x", "g")])
        #expect(try order() == ["h", "g", "x", "f", "e", "b", "a", "c", "d"])
        let ordinals = try store.database.cachedStatement(
            "SELECT ordinal FROM views ORDER BY ordinal"
        ).rows { $0.int(0) }
        #expect(ordinals == Array(0..<ordinals.count), "every ordinal once, from the root's 0")

        // `h` moved into `d` (declared later): an order that puts `h` first keeps it after
        // its parent, right after it.
        _ = try project.moveView("h", into: "d")
        try store.orderViews(
            layoutID: layoutID, fileOrder: ["h", "g", "f", "e", "b", "a"], added: [])
        #expect(try order() == ["x", "g", "f", "e", "b", "c", "d", "h", "a"])
    }

    @Test("the longest rising run is found, in order")
    func longestRisingRun() {
        #expect(ViewOrderChange.longestRisingRun([]) == [])
        #expect(ViewOrderChange.longestRisingRun([3, 1, 2]) == [1, 2])
        let values = [5, 1, 6, 2, 7, 3, 8]
        let run = ViewOrderChange.longestRisingRun(values)
        #expect(run.count == 4)
        #expect(zip(run, run.dropFirst()).allSatisfy { values[$0] < values[$1] && $0 < $1 })
    }
}
