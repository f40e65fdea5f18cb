/// The elements of an XML document, in order, with their attributes: what the IB reader
/// needs of XML, and a well-formedness check of the rest.
///
/// Why not Foundation's `XMLParser`: on Linux it is libxml2 and ICU, loaded into every
/// `layoutdb` process (a millisecond and a quarter of each command's start) for the one
/// command that reads XML; the packages that read XML on Linux are built on it too.
///
/// What it reads: UTF-8 text (a byte order mark is skipped), the XML declaration and
/// processing instructions, comments, a `<!DOCTYPE>` (passed over, internal subset and all;
/// its entities are not declared for the document), CDATA sections, character data (checked,
/// not kept), elements and their attributes. Attribute values come back as XML gives them
/// to an application: the five predefined entities and character references replaced, and
/// each tab, line feed and carriage return written in the value as a space.
///
/// A fault stops the reading with an ``XMLSyntaxError`` at the line and column where it
/// was found. `line` of an element is the line its start tag ends on, as libxml2 reports.
struct XMLScanner {
    enum Event: Equatable {
        case start(name: String, attributes: [String: String], line: Int)
        case end(name: String)
    }

    private let bytes: [UInt8]
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var open: [String] = []
    private var sawRoot = false
    /// A `<name/>` gives its start now and its end on the next call.
    private var pendingEnd: String?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            i = 3
            lineStart = 3
        }
    }

    /// The next element start or end; nil at the end of a well-formed document.
    mutating func next() throws(XMLSyntaxError) -> Event? {
        if i == 0, bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw fault("the text is UTF-16; only UTF-8 is read (Xcode saves UTF-8)")
        }
        if let name = pendingEnd {
            pendingEnd = nil
            return .end(name: name)
        }
        while i < bytes.count {
            if bytes[i] != UInt8(ascii: "<") {
                try characterData()
                continue
            }
            if at("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if at("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if at("<![CDATA[") {
                guard !open.isEmpty else {
                    throw fault("CDATA outside the root element")
                }
                try skip(past: "]]>", what: "a CDATA section")
            } else if at("<!DOCTYPE") {
                guard !sawRoot else { throw fault("a DOCTYPE after the root element") }
                try doctype()
            } else if at("</") {
                return try endTag()
            } else {
                return try startTag()
            }
        }
        guard sawRoot else {
            throw fault(
                "the document is empty or does not start with an element")
        }
        guard open.isEmpty else {
            throw fault("the file ends before every element is closed")
        }
        return nil
    }

    // MARK: Markup

    private mutating func startTag() throws(XMLSyntaxError) -> Event {
        if sawRoot && open.isEmpty {
            throw fault("content after the document's root element")
        }
        i += 1
        let name = try self.name()
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipSpace()
            guard i < bytes.count else { throw unfinishedTag() }
            switch bytes[i] {
            case UInt8(ascii: ">"):
                i += 1
                sawRoot = true
                open.append(name)
                return .start(name: name, attributes: attributes, line: line)
            case UInt8(ascii: "/"):
                guard i + 1 < bytes.count else { throw unfinishedTag() }
                guard bytes[i + 1] == UInt8(ascii: ">") else {
                    throw fault("a tag is not closed with '>'")
                }
                i += 2
                sawRoot = true
                pendingEnd = name
                return .start(name: name, attributes: attributes, line: line)
            case UInt8(ascii: "<"):
                throw fault("a tag is not closed with '>'")
            default:
                guard spaced else {
                    throw fault("a space is missing between attributes")
                }
                let key = try self.name()
                _ = skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                    throw fault("an attribute without a value")
                }
                i += 1
                _ = skipSpace()
                let value = try attributeValue()
                guard attributes.updateValue(value, forKey: key) == nil else {
                    throw fault("an attribute given twice")
                }
            }
        }
    }

    private mutating func endTag() throws(XMLSyntaxError) -> Event {
        let tagStart = i
        i += 2
        let name = try self.name()
        _ = skipSpace()
        guard i < bytes.count else { throw unfinishedTag() }
        guard bytes[i] == UInt8(ascii: ">") else {
            throw fault("a tag is not closed with '>'")
        }
        guard open.last == name else {
            i = tagStart
            throw fault("an end tag does not match the open element")
        }
        i += 1
        open.removeLast()
        return .end(name: name)
    }

    /// A tag or attribute name: XML's name characters, any non-ASCII letter included.
    private mutating func name() throws(XMLSyntaxError) -> String {
        let start = i
        while i < bytes.count {
            let b = bytes[i]
            let isNameByte =
                b >= 0x80 || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z"))
                || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
                || (i > start
                    && (b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
                        || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))))
            guard isNameByte else { break }
            i += 1
        }
        guard i > start else {
            if i >= bytes.count { throw unfinishedTag() }
            throw fault("a name is missing where a tag or attribute starts")
        }
        return try text(start..<i)
    }

    private mutating func attributeValue() throws(XMLSyntaxError) -> String {
        guard i < bytes.count else { throw unfinishedTag() }
        let quote = bytes[i]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw fault("an attribute value without its quotes")
        }
        i += 1
        let start = i
        var plain = true
        while i < bytes.count, bytes[i] != quote {
            switch bytes[i] {
            case UInt8(ascii: "<"):
                throw fault("'<' inside an attribute value")
            case UInt8(ascii: "&"):
                // Checked here, where the error can say where it is; replaced below.
                i = try reference(at: i, end: bytes.count).1
                plain = false
                continue
            case 0x09, 0x0A, 0x0D: plain = false
            default: break
            }
            try advance()
        }
        guard i < bytes.count else { throw unfinishedTag() }
        let end = i
        i += 1
        if plain { return try text(start..<end) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(end - start)
        var k = start
        while k < end {
            switch bytes[k] {
            case UInt8(ascii: "&"):
                let (scalar, next) = try reference(at: k, end: end)
                UTF8.encode(scalar) { decoded.append($0) }
                k = next
            case 0x0D:
                // A CR LF pair is one line end, and one space.
                decoded.append(0x20)
                k += k + 1 < end && bytes[k + 1] == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                decoded.append(0x20)
                k += 1
            default:
                decoded.append(bytes[k])
                k += 1
            }
        }
        return try text(decoded[...])
    }

    /// The character `&...;` at `k` stands for, and the index after its `;`.
    private func reference(at k: Int, end: Int) throws(XMLSyntaxError) -> (Unicode.Scalar, Int) {
        // A name or number, so at most a few bytes, none of them a quote, space or markup.
        var semicolon = k + 1
        while semicolon < end, semicolon - k < 12 {
            let b = bytes[semicolon]
            if b == UInt8(ascii: ";") || b <= 0x20 || b == UInt8(ascii: "\"")
                || b == UInt8(ascii: "'") || b == UInt8(ascii: "<") || b == UInt8(ascii: "&")
            {
                break
            }
            semicolon += 1
        }
        guard semicolon < end, bytes[semicolon] == UInt8(ascii: ";") else {
            throw fault("an entity reference (&...) has no closing ';'")
        }
        let body = String(decoding: bytes[(k + 1)..<semicolon], as: UTF8.self)
        let scalar: Unicode.Scalar?
        switch body {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if body.hasPrefix("#x") {
                scalar = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if body.hasPrefix("#") {
                scalar = UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                throw fault("an undeclared entity (&\(body);)")
            }
        }
        guard let scalar, scalar.value >= 0x20 || [0x09, 0x0A, 0x0D].contains(scalar.value)
        else {
            throw fault("a character reference to a character XML does not allow")
        }
        return (scalar, semicolon + 1)
    }

    /// Text between tags: not kept, but its references and characters must be XML's.
    private mutating func characterData() throws(XMLSyntaxError) {
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") {
            let b = bytes[i]
            if open.isEmpty && !(b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D) {
                throw fault(
                    sawRoot
                        ? "content after the document's root element"
                        : "the document is empty or does not start with an element")
            }
            if b == UInt8(ascii: "&") {
                i = try reference(at: i, end: bytes.count).1
                continue
            }
            try advance()
        }
    }

    /// `<!DOCTYPE ...>`, with an internal subset in brackets, quoted strings skipped whole.
    private mutating func doctype() throws(XMLSyntaxError) {
        var depth = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                try advance()
                while i < bytes.count, bytes[i] != b { try advance() }
            } else if b == UInt8(ascii: "[") {
                depth += 1
            } else if b == UInt8(ascii: "]") {
                depth -= 1
            } else if b == UInt8(ascii: ">") && depth <= 0 {
                i += 1
                return
            }
            if i < bytes.count { try advance() }
        }
        throw fault("the file ends inside the DOCTYPE")
    }

    private mutating func skip(past terminator: StaticString, what: String)
        throws(XMLSyntaxError)
    {
        while i < bytes.count {
            if at(terminator) {
                i += terminator.utf8CodeUnitCount
                return
            }
            try advance()
        }
        throw fault("the file ends inside \(what)")
    }

    // MARK: Bytes

    private func at(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        return text.withUTF8Buffer { t in (0..<n).allSatisfy { bytes[i + $0] == t[$0] } }
    }

    /// One byte on, counting lines and refusing the control characters XML does not allow.
    private mutating func advance() throws(XMLSyntaxError) {
        let b = bytes[i]
        if b < 0x20 {
            switch b {
            case 0x0A:
                line += 1
                lineStart = i + 1
            case 0x0D:
                // A lone CR ends a line too; CR LF is counted at its LF.
                if i + 1 >= bytes.count || bytes[i + 1] != 0x0A {
                    line += 1
                    lineStart = i + 1
                }
            case 0x09: break
            default: throw fault("a character that XML does not allow")
            }
        }
        i += 1
    }

    /// Skips whitespace; whether there was any.
    private mutating func skipSpace() -> Bool {
        let start = i
        while i < bytes.count,
            bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D
        {
            // Whitespace holds no character `advance` refuses.
            try? advance()
        }
        return i > start
    }

    private func text(_ range: Range<Int>) throws(XMLSyntaxError) -> String {
        try text(bytes[range])
    }

    private func text(_ slice: ArraySlice<UInt8>) throws(XMLSyntaxError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw fault("text that is not UTF-8")
        }
        return text
    }

    private func unfinishedTag() -> XMLSyntaxError {
        fault("the file ends inside a tag")
    }

    private func fault(_ message: String) -> XMLSyntaxError {
        XMLSyntaxError(message: message, line: line, column: i - lineStart + 1)
    }
}

/// Where and why a document is not well-formed XML.
struct XMLSyntaxError: Error, Equatable {
    /// What is wrong, in words (`an end tag does not match the open element`).
    var message: String
    var line: Int
    var column: Int
}
