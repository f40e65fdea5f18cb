import Testing

@testable import LayoutStore

@Suite("Stacks in the store")
struct StackStoreTests {
    @Test("a stack built in Swift with a spacing the solver cannot use is refused where written")
    func nonFiniteSpacing() throws {
        let (store, file) = try makeStore()
        defer { file.cleanup() }
        let at = SourceLocation(file: "t.layout", line: 1, column: 1)
        let stack = ViewDeclaration(
            name: "row", kind: .stack,
            stack: StackArrangement(axis: .horizontal, spacing: .infinity))
        #expect(
            throws: StoreError.invalidNumber(what: "a stack's spacing", value: .infinity, at: at)
        ) {
            try store.apply(script([.view(stack)]))
        }
        #expect(try store.views().contains { $0.name == "row" } == false)
    }
}
