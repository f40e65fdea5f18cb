import Foundation
import LayoutStore
import Testing

/// What a program sees with `import LayoutStore` alone: the model, the DSL, priorities
/// and `Project`, with no other module to import.
@Suite("Project: the public door")
final class PublicDoorTests: ProjectFileSuite {
    @Test("constraints, views and variants read back as plain values")
    func contents() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(
            script: """
                canvas 375 812
                view header
                view title in header frame 0 0 100 20
                header.height: header.height == 70
                header.top == |.top; header.left == |.left; header.right == |.right
                title.width == 120 @ high
                variant compact canvas 320 568
                set header.height 44 in compact
                variant wide
                """)
        let constraints = try project.constraints()
        #expect(constraints.first?.label == "header.height")
        #expect(constraints.first?.priority == Priority.required)
        #expect(constraints.count == 5)
        #expect(try project.views().map(\.name) == ["header", "title"])
        #expect(try project.views().last?.parent == "header")
        let variants = try project.variants()
        #expect(variants.map(\.name) == ["compact", "wide"])
        #expect(variants[0].canvas == Size(width: 320, height: 568))
        #expect(variants[0].overrides == [.init(label: "header.height", constant: 44)])
        #expect(variants[1].canvas == nil && variants[1].overrides.isEmpty)
    }

    @Test("every error the library throws has a kind: bad input, cannot open")
    func errorKinds() throws {
        let missing = temporaryProjectPath()
        #expect(throws: ProjectFileError.noProject(path: missing)) {
            try Project.open(path: missing)
        }
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        do {
            try project.apply(script: "view a\na.heigth == 1")
            Issue.record("a parse error was expected")
        } catch let error as LayoutDBError {
            #expect(error.errorKind == .badInput)
            #expect(error.description.contains("did you mean 'height'?"))
        }
        do {
            try project.setConstant(label: "nothing", to: 1)
            Issue.record("an unknown label was expected")
        } catch let error as LayoutDBError {
            #expect(error.errorKind == .badInput)
        }
    }

    @Test("\"base\" and nil both name the layout itself, in every call that takes a variant")
    func baseIsOneVariant() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(
            script: """
                canvas 375 812
                view header
                header.top == |.top; header.left == |.left; header.width == |.width
                header.height: header.height == 70
                variant compact canvas 320 568
                set header.height 44 in compact
                """)
        #expect(try project.frames(variant: "base") == project.frames(variant: nil))
        #expect(try project.check(variant: "base").variant == "base")
        #expect(try project.canvas(variant: "base") == Size(width: 375, height: 812))
        #expect(
            try project.why(view: "header", attribute: .height, variant: "base")
                == project.why(view: "header", attribute: .height, variant: nil))
        let swept = try project.sweep(label: "header.height", values: [50], variant: "base")
        #expect(swept.first?.frames.first?.frame.height == 50)
        #expect(
            try project.animation(label: "header.height", to: 80, frames: 2, variant: "base").count
                == 2)
        let changes = try project.diff(from: "base", to: "compact")
        #expect(changes.map(\.view) == ["header"])
        #expect(changes.first?.old?.height == 70 && changes.first?.new.height == 44)
        #expect(try project.diff(from: "compact", to: "base").first?.variant == "base")
        #expect(throws: StoreError.self) { try project.check(variant: "compakt") }
    }
}
