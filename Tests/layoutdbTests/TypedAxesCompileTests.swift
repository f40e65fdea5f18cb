import Foundation
import Testing

/// The DSL's axes are types: a size never meets a position, an x never meets a y, as
/// Auto Layout's anchors refuse them. Checked by type-checking snippets against the built
/// `LayoutStore` module with the same `swiftc`: the good lines compile, each bad one fails
/// with the conversion error that names the two axes.
@Suite("Typed axes in the Swift DSL (compile time)")
struct TypedAxesCompileTests {
    static let prelude = """
        import LayoutStore
        let header = LayoutView("header"), title = LayoutView("title")

        """

    /// Exit status and diagnostics of `swiftc -typecheck` on `body` after the prelude.
    static func typecheck(_ body: String) -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appending(path: "typed-\(UUID())")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "snippet.swift")
        try! (prelude + body + "\n").write(to: file, atomically: true, encoding: .utf8)
        let csqlite = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Sources/CSQLite").standardized.path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [
            "swiftc", "-typecheck", "-I", productsDirectory.appending(path: "Modules").path,
            "-I", csqlite, file.path,
        ]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try! p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    @Test("same-axis equations, and a size against a distance between positions, compile")
    func wellTypedLinesCompile() {
        let r = Self.typecheck(
            """
            let a: LayoutConstraints = header.width == title.width * 2 + 8
            let b: LayoutConstraints = title.left >= header.left + 16
            let c: LayoutConstraints = title.top == header.bottom + 8
            let d: LayoutConstraints = header.width == (title.left - header.right) * 2
            let e: LayoutConstraints = title.center == header.center
            """)
        #expect(r.status == 0, "\(r.output)")
    }

    @Test(
        "a size against a position, and x against y, do not compile",
        arguments: [
            (
                "header.width == title.left", "LayoutExpression<XPosition>",
                "LayoutExpression<Dimension>"
            ),
            (
                "header.top == title.left", "LayoutExpression<XPosition>",
                "LayoutExpression<YPosition>"
            ),
            (
                "header.height >= title.bottom", "LayoutExpression<YPosition>",
                "LayoutExpression<Dimension>"
            ),
        ])
    func illTypedLinesFail(line: String, found: String, expected: String) {
        let r = Self.typecheck("let bad: LayoutConstraints = \(line)")
        #expect(r.status != 0)
        #expect(r.output.contains("error: cannot convert value of type '\(found)'"), "\(r.output)")
        #expect(r.output.contains(expected), "\(r.output)")
    }
}
