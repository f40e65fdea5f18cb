import Testing

@testable import LayoutScript

/// `ScriptReader` is the parser one statement at a time, for a caller that writes each
/// statement before reading the next: what it gives must be what `ScriptParser.parse`
/// gives, and an error must come when the reading reaches it.
@Suite("Reading a script one statement at a time")
struct ScriptReaderTests {
    static let scripts = [
        "",
        "\u{FEFF}view a\n",
        "canvas 375 812\r\nview a; view b in a # two on a line\r\n\r\n",
        """
        metric pad 16
        view header
        view title in header
        H:|-pad-[title]-pad-|   # a VFL line: several constraints from one line
        title.center == header.center
        header.height == 70 @ 750 ; header.top == |.top
        layout second
        view x
        x.width == 10; x.height == 20
        variant compact canvas 320 480
        set second.x 4 in compact
        """,
    ]

    @Test("statement by statement, the reader gives what parse gives", arguments: scripts.indices)
    func sameAsParse(_ index: Int) throws {
        let text = Self.scripts[index]
        var reader = ScriptReader(text, file: "s.layout")
        var read: [LocatedStatement] = []
        while let statement = try reader.next() { read.append(statement) }
        #expect(read == (try ScriptParser.parse(text, file: "s.layout")))
        #expect(try reader.next() == nil, "the end stays the end")
    }

    @Test("a line that does not parse throws when reached, after the lines before it")
    func errorWhenReached() throws {
        var reader = ScriptReader("view a\nview b\na.left == == 3\nview c\n", file: "s.layout")
        #expect(try reader.next()?.statement == .view(ViewDeclaration(name: "a")))
        #expect(try reader.next()?.statement == .view(ViewDeclaration(name: "b")))
        #expect(reader.lineNumber == 2)
        let error = #expect(throws: ParseError.self) { try reader.next() }
        #expect(error?.location.line == 3)
    }

    @Test("an equal-spacing stack with no arranged views is refused at the end of the text")
    func wholeScriptCheckAtTheEnd() throws {
        let text = "stack row H distribute equalSpacing\nview a\n"
        var reader = ScriptReader(text, file: "s.layout")
        #expect(try reader.next() != nil)
        #expect(try reader.next()?.statement == .view(ViewDeclaration(name: "a")))
        let error = #expect(throws: ParseError.self) { try reader.next() }
        #expect(error?.location.line == 1, "the error points at the stack")
        #expect(throws: ParseError.self) { try ScriptParser.parse(text, file: "s.layout") }
    }
}
