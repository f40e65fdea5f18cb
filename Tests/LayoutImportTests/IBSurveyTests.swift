import Foundation
import LayoutImport
import Testing

@Suite("IB survey")
struct IBSurveyTests {
    @Test("the card XIB: each construct counted once per view, counted by hand")
    func card() throws {
        var expected = IBSurvey()
        expected.views = 10  // Card, Title, Body, star image, button, Badge, stack, One, Two, Old
        expected.stacks = 1
        expected.inStacks = 2  // One, Two
        expected.toSafeArea = 2  // Title (twice), button (placeholder)
        // Card and Body (trailingMargin); the guide to Card's margins adds Card again.
        expected.toMargins = 2
        expected.onBaselines = 2  // Body and Title
        expected.autoresized = 1  // Old, the only view below the root without translates...="NO"
        expected.hidden = 1  // Badge
        expected.withMargins = 2  // the stack (directional) and Old
        expected.contentViews = 6  // two labels, image view, button, the stack's two labels
        expected.constraints = 8
        expected.placeholderConstraints = 1
        expected.optionalConstraints = 2  // priority 750 and defaultLow
        #expect(IBSurvey(document: try read(cardXIB)) == expected)
    }

    @Test("the storyboard: scroll views, cells, controller guides and variations, counted by hand")
    func screens() throws {
        var expected = IBSurvey()
        expected.views = 8  // root, scroll, Content, Name; table, cell, content view, switch
        expected.toControllerGuides = 1  // the scroll view, to both guides
        expected.toMargins = 4  // Name and Content; the cell's content view and the switch
        expected.inScrollViews = 2  // Content, Name
        expected.inCells = 3  // the cell, its content view, the switch
        expected.contentViews = 2  // Name, the switch
        expected.constraints = 11
        expected.constraintsInVariations = 2  // Cst-bb-003 and Cst-bb-005
        #expect(IBSurvey(document: try read(screensStoryboard)) == expected)
    }

    @Test(
        "the survey of the sample documents, as a Markdown table (docs/import.md)",
        .enabled(if: !sampleDocuments().isEmpty, "../shared/ib-samples is absent"))
    func samples() throws {
        var rows: [(name: String, survey: IBSurvey)] = []
        for url in sampleDocuments() {
            rows.append(
                (url.lastPathComponent, IBSurvey(document: try IBReader.read(contentsOf: url))))
        }
        let table = IBSurvey.markdownTable(rows)
        print(table)
        let total = rows.map(\.survey).reduce(IBSurvey(), +)
        #expect(total.views == rows.map(\.survey.views).reduce(0, +))
        #expect(table.split(separator: "\n").count == rows.count + 4)
    }
}
