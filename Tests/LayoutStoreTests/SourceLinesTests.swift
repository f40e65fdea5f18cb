import Foundation
import Testing

@testable import LayoutStore

extension ProjectStore {
    /// `text` cut into lines as the parser counts them (`\n` or `\r\n`), without the last
    /// empty one a final line break leaves: the reference, written over `String`'s UTF-8
    /// view, that the store's byte-level `SourceLineCursor` must agree with.
    static func sourceLines(of text: String) -> [String] {
        // Bytes, not Characters ("\r\n" is one Character): as the parser cuts lines.
        var utf8 = Substring(text).utf8[...]
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8 = utf8.dropFirst(3) }
        var lines = utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { line in
                String(
                    decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line,
                    as: UTF8.self)
            }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

/// The kept lines of a script are cut one way, whether read into an array (re-apply,
/// export) or stored in runs taken from the text whole (a first apply): line numbers must
/// agree with the parser's, or a re-apply would compare the wrong lines.
@Suite("a script's lines are cut the same way stored in runs or not")
struct SourceLinesTests {
    static let texts = [
        "", "\n", "a", "a\n", "a\n\n", "a\r\nb\r\n", "a\n\r", "\u{FEFF}view a\nview b",
        "# c\n\n  a.left == 0  \nb; c\n", "é\nü\r\n\n\n", "a\r\r\nb\rc\r\n\r\n",
        // Longer than a run (64 KiB): cut into several, read back as one text.
        String(repeating: "view a_long_name_for_a_view # with a comment\r\n", count: 3000),
    ]

    @Test("the lines a first apply stores read back as sourceLines", arguments: texts.indices)
    func storedEqualsArray(_ index: Int) throws {
        let text = Self.texts[index]
        let file = TempFile()
        defer { file.cleanup() }
        let project = try Project.open(path: file.path, create: true)
        try project.apply(script: "view x\n", file: "x.layout")
        let store = project.store
        try store.transaction {
            try store.saveScriptLines(
                text: text, file: "t.layout", owners: LineOwners(start: "main"), replacing: false)
        }
        let rows = try store.scriptLines(file: "t.layout")
        let lines = ProjectStore.sourceLines(of: text)
        #expect(rows.map(\.text) == lines, "\(text.prefix(40).debugDescription)")
        #expect(rows.map(\.line) == Array(lines.indices.map { $0 + 1 }))
    }
}

/// A re-apply compares the kept rows with the new text in place (`heldLines`), with no
/// `String` per line: it must say what comparing the rows read whole with
/// `sourceLines(of:)` says, in one layout (rows read in key order) or several (by line).
@Suite("held lines compare with a new text as the rows and its lines do")
struct HeldLinesTests {
    static let oneLayout =
        "# café layout\nview a\nview b\na.left == 0\na.width == 10\nb.left == a.right + 8\n"
    static let twoLayouts = "view a\na.width == 10\nlayout other\nview c\nc.width == 20\n"

    static let cases: [(base: String, new: String, limit: Int)] = [
        (oneLayout, oneLayout, 64),
        (oneLayout, oneLayout.replacingOccurrences(of: "\n", with: "\r\n"), 64),
        (oneLayout, "\u{FEFF}" + oneLayout, 64),
        (oneLayout, oneLayout.replacingOccurrences(of: "== 10", with: "== 12"), 64),
        (oneLayout, oneLayout + "b.width == 4\n", 64),
        (oneLayout, String(oneLayout.dropLast("b.left == a.right + 8\n".count)), 64),
        // The same comment, "é" decomposed: equal as `String`s, not as bytes.
        (oneLayout, oneLayout.replacingOccurrences(of: "caf\u{E9}", with: "cafe\u{301}"), 64),
        (oneLayout, oneLayout.replacingOccurrences(of: "==", with: ">="), 2),
        (oneLayout, "", 64),
        (twoLayouts, twoLayouts, 64),
        (twoLayouts, twoLayouts.replacingOccurrences(of: "== 20", with: "== 24"), 64),
        (twoLayouts, twoLayouts.replacingOccurrences(of: "==", with: "<="), 1),
    ]

    @Test("heldLines agrees with the rows read whole", arguments: cases.indices)
    func agreesWithRows(_ index: Int) throws {
        let (base, new, limit) = Self.cases[index]
        let file = TempFile()
        defer { file.cleanup() }
        let project = try Project.open(path: file.path, create: true)
        try project.apply(scriptFile: base, file: "a.layout")
        let store = project.store
        let got = try store.heldLines(file: "a.layout", comparedWith: new, limit: limit)

        let rows = try store.scriptLines(file: "a.layout")
        let lines = ProjectStore.sourceLines(of: new)
        #expect(!rows.isEmpty)
        #expect(got.isHeld == !rows.isEmpty)
        #expect(got.firstLayoutID == rows.first?.layoutID)
        #expect(got.isUnchanged == rows.elementsEqual(lines) { $0.text == $1 })
        let changed = rows.indices.filter { $0 < lines.count && rows[$0].text != lines[$0] }
        let complete =
            rows.count == lines.count && changed.count <= limit
            && rows.indices.allSatisfy { rows[$0].line == $0 + 1 }
        #expect(got.changesAreComplete == complete)
        if complete {
            #expect(got.changes.map(\.index) == changed)
            #expect(got.changes.map(\.old) == changed.map { rows[$0].text })
            #expect(got.changes.map(\.new) == changed.map { lines[$0] })
            #expect(got.changes.map(\.layoutID) == changed.map { rows[$0].layoutID })
        }
    }
}
