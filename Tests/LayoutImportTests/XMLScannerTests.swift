import Testing

@testable import LayoutImport

/// Every event of `text`, or the error that ended the reading.
private func scan(_ text: String) -> (events: [XMLScanner.Event], error: XMLSyntaxError?) {
    var scanner = XMLScanner(Array(text.utf8))
    var events: [XMLScanner.Event] = []
    do {
        while let event = try scanner.next() { events.append(event) }
        return (events, nil)
    } catch {
        return (events, error)
    }
}

@Suite("XML scanner: the elements of a document, and where it is not well-formed")
struct XMLScannerTests {
    @Test("elements in order with their attributes; an empty element is a start and an end")
    func elements() {
        let (events, error) = scan(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type='x' version="3.0">
                <objects>
                    <view id="a"/>
                </objects>
            </document>
            """)
        #expect(error == nil)
        #expect(
            events == [
                .start(name: "document", attributes: ["type": "x", "version": "3.0"], line: 2),
                .start(name: "objects", attributes: [:], line: 3),
                .start(name: "view", attributes: ["id": "a"], line: 4),
                .end(name: "view"),
                .end(name: "objects"),
                .end(name: "document"),
            ])
    }

    @Test("an element's line is where its start tag ends, as libxml2 reports it")
    func lineOfTag() {
        let (events, _) = scan("<a>\n<b\n  id=\"1\"\n/>\r\n<c/></a>")
        #expect(events[1] == .start(name: "b", attributes: ["id": "1"], line: 4))
        #expect(events[3] == .start(name: "c", attributes: [:], line: 5))
    }

    @Test("attribute values: entities and character references replaced, line ends as spaces")
    func attributeValues() {
        let (events, error) = scan(
            "<a t=\"&lt;b&gt; &amp; &quot;q&quot; &apos;s&apos;\" n=\"one&#10;two&#x2014;\" "
                + "s=\"x\ny\tz\r\nw\" u=\"Été ✓\"/>")
        #expect(error == nil)
        #expect(
            events.first
                == .start(
                    name: "a",
                    attributes: [
                        "t": "<b> & \"q\" 's'", "n": "one\ntwo\u{2014}", "s": "x y z w",
                        "u": "Été ✓",
                    ], line: 3))
    }

    @Test("comments, CDATA, a DOCTYPE with an internal subset and text are passed over")
    func passedOver() {
        let (events, error) = scan(
            """
            \u{FEFF}<!DOCTYPE doc [ <!ENTITY e "<x>"> ]>
            <!-- <not-an-element/> -->
            <doc>text &amp; more<![CDATA[ <also-not/> ]]><?pi <x/> ?></doc>
            <!-- after -->
            """)
        #expect(error == nil)
        #expect(events == [.start(name: "doc", attributes: [:], line: 3), .end(name: "doc")])
    }

    @Test("a fault is reported in words at its line and column, and ends the reading")
    func faults() {
        let cases: [(String, String, Int, Int)] = [
            ("", "the document is empty or does not start with an element", 1, 1),
            ("bplist00\u{1}", "the document is empty or does not start with an element", 1, 1),
            ("<a>\n<b>\n</a>", "an end tag does not match the open element", 3, 1),
            ("<a>\n  <b id=\"1\"\n</a>", "a tag is not closed with '>'", 3, 1),
            ("<a>\n<b>", "the file ends before every element is closed", 2, 4),
            ("<a/><b/>", "content after the document's root element", 1, 5),
            ("<a/>x", "content after the document's root element", 1, 5),
            ("<a x=\"1\" x=\"2\"/>", "an attribute given twice", 1, 15),
            ("<a x=1/>", "an attribute value without its quotes", 1, 6),
            ("<a x/>", "an attribute without a value", 1, 5),
            ("<a x=\"1\"y=\"2\"/>", "a space is missing between attributes", 1, 9),
            ("<a x=\"<\"/>", "'<' inside an attribute value", 1, 7),
            ("<a x=\"&nbsp;\"/>", "an undeclared entity (&nbsp;)", 1, 7),
            ("<a>&amp</a>", "an entity reference (&...) has no closing ';'", 1, 4),
            ("<a>\u{1}</a>", "a character that XML does not allow", 1, 4),
            ("<a x=\"&#1;\"/>", "a character reference to a character XML does not allow", 1, 7),
            ("<a><!-- open", "the file ends inside a comment", 1, 13),
            ("<a x=\"1", "the file ends inside a tag", 1, 8),
            ("<a>< b/></a>", "a name is missing where a tag or attribute starts", 1, 5),
        ]
        for (text, message, line, column) in cases {
            let error = scan(text).error
            #expect(error?.message == message, "\(text)")
            #expect(
                error?.line == line && error?.column == column,
                "\(text): \(String(describing: error))")
        }
    }

    @Test("bytes that are not UTF-8 in a name or value are a fault, not replaced")
    func notUTF8() {
        var scanner = XMLScanner(Array("<a x=\"".utf8) + [0xFF, 0xFE] + Array("\"/>".utf8))
        #expect(throws: XMLSyntaxError.self) { _ = try scanner.next() }
        var utf16 = XMLScanner([0xFF, 0xFE] + Array("<a/>".utf16).flatMap { [UInt8($0), 0] })
        #expect(throws: XMLSyntaxError.self) { _ = try utf16.next() }
        do {
            _ = try utf16.next()
        } catch {
            #expect(error.message.hasPrefix("the text is UTF-16"))
        }
    }
}
