import LayoutScript
import Testing

@testable import LayoutStore

@Suite("Stacks in the store")
final class StackStoreTests: ProjectFileSuite {
    @Test("a stack spacing the solver cannot use is refused at its caret; nothing is written")
    func nonFiniteSpacing() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        // One rule for numbers (NumberRule): the parser applies it where the number is read.
        let error = #expect(throws: (any Error).self) {
            try project.apply(script: "view a\nstack row H spacing 1e400", file: "t.layout")
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("t.layout:2:21"))
        #expect(try project.layoutNames().isEmpty)
    }

    @Test(
        "the labels an apply checks against the stacks: a spacing label, or a part of one",
        arguments: [
            ("row.spacing", true), ("row.spacing.1", true), ("row.spacing.width", true),
            (".spacing", true), ("row.spacingX", false), ("row.spacing.1.2", false),
            ("spacing", false), ("row.height", false), ("", false),
        ])
    func labelsThatMayNameASpacing(_ label: String, _ may: Bool) {
        #expect(StackArrangement.mayNameSpacing(label) == may)
    }
}
