import Testing

@testable import LayoutScript

/// Issue 15, item 7: `;`-separated statements on one line were quadratic in the line's
/// length (each statement's column was counted from the line's start).
@Suite("Parsing long lines")
struct ParseLongLineTests {
    @Test(
        "many ;-separated statements on one line cost linear work: columns are not recounted from the line's start"
    )
    func oneLongLineIsLinear() throws {
        let pairs = 5_000
        let line = (0..<pairs).map { "view v\($0); v\($0).width == 1" }.joined(separator: "; ")
        let counter = WorkCounter()
        let statements = try SourceLine.$columnWork.withValue(counter) {
            try ScriptParser.parse(line + " # é, after the code\n", file: "t.layout")
        }
        #expect(statements.count == 2 * pairs)
        #expect(statements.last?.location.column == line.utf8.count - "v4999.width == 1".count + 1)
        #expect(counter.count == 0, "columns walked \(counter.count) bytes")
        // Past a character outside ASCII, characters are counted (only an error gets there:
        // the lexer refuses such a character outside comments).
        let bytes = Array("éé a".utf8)
        let accented = SourceLine(
            bytes: bytes, fileID: SourceFiles.id(of: "t"), number: 1, start: 0, end: bytes.count)
        #expect(accented.column(of: 5) == 4 && accented.column(of: 0) == 1)
    }
}
