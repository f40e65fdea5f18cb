import Foundation
import Testing

@testable import LayoutStore

/// The Swift DSL's stack builder (`stack(...) { ... }`): the same stacks a script declares.
@Suite("Stack builder (Swift DSL)")
final class StackDSLTests: ProjectFileSuite {
    @Test("S14 written with the stack builder solves to the script's frames")
    func nestedFormInSwift() throws {
        let form = stack("form", .vertical, spacing: 12) {
            stack("row1", .horizontal, spacing: 8, align: .center) {
                ViewDeclaration(name: "nameLabel", intrinsic: IntrinsicSize(width: 60, height: 20))
                ViewDeclaration(name: "nameField", intrinsic: IntrinsicSize(width: nil, height: 34))
            }
            ViewDeclaration(name: "submit", intrinsic: IntrinsicSize(width: 100, height: 44))
        }
        #expect(
            form.declarations.map(\.name) == ["form", "row1", "nameLabel", "nameField", "submit"])
        #expect(form.declarations.map(\.parent) == ["root", "form", "row1", "row1", "form"])
        #expect(
            form.script.hasPrefix(
                "stack form V spacing 12\nstack row1 in form H spacing 8 align center\n"))
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(script: "canvas 375 400\n" + form.script)
        let f = LayoutView("form")
        let root = LayoutView.root
        try project.constrain {
            f.left == root.left + 16
            f.right == root.right - 16
            f.top == root.top + 20
        }
        let frames = Dictionary(
            uniqueKeysWithValues: try project.frames().map { ($0.view, $0.frame) })
        // As S14 without its second row: every row x 16, w 343; the field takes
        // 343 − 60 − 8 = 275; the row is 34 high (the field), the label centred in it;
        // submit below at 20 + 34 + 12; the form 34 + 12 + 44 high.
        #expect(frames["form"] == Rect(x: 16, y: 20, width: 343, height: 90))
        #expect(frames["row1"] == Rect(x: 16, y: 20, width: 343, height: 34))
        #expect(frames["nameLabel"] == Rect(x: 16, y: 27, width: 60, height: 20))
        #expect(frames["nameField"] == Rect(x: 84, y: 20, width: 275, height: 34))
        #expect(frames["submit"] == Rect(x: 16, y: 66, width: 343, height: 44))
        #expect(try project.frames().first { $0.view == "form" }?.kind == .stack)
    }
}
