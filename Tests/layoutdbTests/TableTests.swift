import Testing

@testable import layoutdb

/// `table()` lays out what `list`, `frames` and the other read commands print for people.
@Suite("Tables for people")
struct TableTests {
    @Test("columns padded to their widest cell, two spaces apart, no line ending in spaces")
    func padding() {
        let text = table(
            ["id", "label", "constraint"],
            [["#1", "-", "a.left == 0"], ["#12", "header.height", ""], ["#3", "", "b.top == 4"]])
        #expect(
            text == """
                id   label          constraint
                #1   -              a.left == 0
                #12  header.height
                #3                  b.top == 4
                """)
    }

    @Test("widths count Characters, not bytes: é and e + combining acute are one each")
    func widthsInCharacters() {
        let text = table(["n", "v"], [["é", "1"], ["ab", "2"], ["e\u{301}", "3"]])
        #expect(text == "n   v\né   1\nab  2\ne\u{301}   3")
    }

    @Test("a control character (CR, LF) is shown as U+FFFD: a row stays one line")
    func controlCharacters() {
        let text = table(["n", "v"], [["a\r\nb", "1"], ["ab", "2"]])
        #expect(text == "n     v\na\u{FFFD}\u{FFFD}b  1\nab    2")
    }
}
