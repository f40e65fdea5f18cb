import Testing

@testable import LayoutStore

/// The kept lines of a script are cut one way, whether read into an array (re-apply,
/// export) or streamed into `script_lines` (a first apply): line numbers must agree with
/// the parser's, or a re-apply would compare the wrong lines.
@Suite("a script's lines are cut the same way streamed or not")
struct SourceLinesTests {
    static let texts = [
        "", "\n", "a", "a\n", "a\n\n", "a\r\nb\r\n", "a\n\r", "\u{FEFF}view a\nview b",
        "# c\n\n  a.left == 0  \nb; c\n", "é\nü\r\n\n\n",
    ]

    @Test("streamed lines equal sourceLines", arguments: texts)
    func streamedEqualsArray(_ text: String) {
        var streamed: [String] = []
        ProjectStore.forEachSourceLine(of: text) { number, bytes in
            #expect(number == streamed.count + 1)
            streamed.append(String(decoding: bytes, as: UTF8.self))
        }
        #expect(streamed == ProjectStore.sourceLines(of: text), "\(text.debugDescription)")
    }
}
