import Foundation
import Testing

@testable import LayoutStore

/// What a layout guide has not (margins, baselines, a hidden flag) is refused also where no
/// script text is parsed with the project's guides: constraints built in Swift, `setHidden`,
/// and `constrain(_:)`'s text (docs/vocabulary.md §3, §13).
@Suite("A layout guide's margins, baselines and hiding, refused by the store")
final class GuideRuleStoreTests: ProjectFileSuite {
    func project() throws -> Project {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(
            script: """
                canvas 320 100
                view card
                card.edges == |.edges
                guide g in card
                g.edges == card.edges
                view a in card
                a.left == g.left; a.top == g.top; a.width == 10; a.height == 10
                view b in card
                variant v
                """)
        return project
    }

    /// The message of the error `body` throws, and that it wrote nothing.
    func refusal(_ project: Project, _ body: () throws -> Void) throws -> String {
        let before = try project.constraints().count
        var message = ""
        do {
            try body()
            Issue.record("not refused")
        } catch {
            message = "\(error)"
        }
        #expect(try project.constraints().count == before)
        return message
    }

    @Test("constraints built in Swift may not read a guide's margins or baselines")
    func swiftConstraints() throws {
        let project = try project()
        let a = LayoutView("a")
        let b = LayoutView("b")
        let g = LayoutView("g")
        let margin = try refusal(project) {
            try project.constrain { b.right == g.margins.right }
        }
        #expect(
            margin
                == "'g' is a guide, and a guide has no layout margins (UILayoutGuide has no "
                + "layoutMarginsGuide); use the guide's own edge, 'g.right', or the margins of "
                + "the view that owns it")
        let baseline = try refusal(project) {
            try project.constrain { b.bottom == g.lastBaseline }
        }
        #expect(baseline.hasPrefix("'g' is a guide, and a guide has no baseline"))
        // A view's are still taken.
        try project.constrain { a.right <= LayoutView("card").margins.right }
    }

    @Test("setHidden refuses a guide, in the base and in a variant")
    func hidingAGuide() throws {
        let project = try project()
        for variant in [nil, "v"] {
            let message = try refusal(project) {
                try project.setHidden(view: "g", true, variant: variant)
            }
            #expect(message.hasPrefix("'g' is a guide, and a guide cannot be hidden or shown"))
        }
        #expect(try project.frames().first { $0.view == "g" }?.hidden == false)
    }

    @Test("constrain(_:) text knows the layout's guides, at the word")
    func textConstraints() throws {
        let project = try project()
        let message = try refusal(project) { try project.constrain("b.left == g.leftMargin") }
        #expect(
            message.hasPrefix(
                "<constrain>:1:13: 'g' is a guide, and a guide has no layout margins"),
            "\(message)")
    }
}
