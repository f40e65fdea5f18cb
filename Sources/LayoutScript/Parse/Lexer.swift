/// One line of a script, as byte offsets into the whole script's UTF-8.
///
/// Tokens keep byte offsets; columns (characters) are counted from them. Every statement
/// records its column, so that count must not walk the line: up to `asciiEnd` a byte is a
/// character and the column is a subtraction. Only an offset past the line's first
/// non-ASCII byte walks from the line's start, and the lexer refuses such a byte outside
/// comments, so that happens once, for an error.
struct SourceLine {
    let bytes: [UInt8]
    /// The file's number in ``SourceFiles``.
    let fileID: Int32
    let number: Int
    let start: Int
    let end: Int
    /// The offset of the line's first byte outside ASCII (`end` when there is none).
    let asciiEnd: Int

    init(bytes: [UInt8], fileID: Int32, number: Int, start: Int, end: Int, asciiEnd: Int? = nil) {
        self.bytes = bytes
        self.fileID = fileID
        self.number = number
        self.start = start
        self.end = end
        self.asciiEnd = asciiEnd ?? (bytes[start..<end].firstIndex { $0 >= 0x80 } ?? end)
    }

    /// Counts, in the current task, the bytes that column lookups walk (a test measures
    /// that a long line costs linear work, not a walk per statement).
    @TaskLocal static var columnWork: WorkCounter?

    var text: String { String(decoding: bytes[start..<end], as: UTF8.self) }

    /// The 1-based column, in characters, of a byte offset within the line.
    func column(of offset: Int) -> Int {
        let clamped = min(max(offset, start), end)
        if clamped <= asciiEnd { return clamped - start + 1 }
        Self.columnWork?.add(clamped - start)
        return String(decoding: bytes[start..<clamped], as: UTF8.self).count + 1
    }

    func location(of offset: Int) -> SourceLocation {
        SourceLocation(fileID: fileID, line: number, column: column(of: offset))
    }

    func error(at offset: Int, _ message: String, hint: String? = nil) -> ParseError {
        ParseError(location: location(of: offset), lineText: text, message: message, hint: hint)
    }
}

/// A tally a test reads to see how much work a parse did.
final class WorkCounter: @unchecked Sendable {
    // Only the task that set it as a task-local value adds to it.
    private(set) var count = 0
    func add(_ n: Int) { count += n }
}

struct Token {
    enum Kind: Equatable {
        case identifier
        case number
        case relation(Relation)
        /// One of `. : @ * / + - ( ) [ ] | ,`.
        case symbol(UInt8)
        case end
    }

    var kind: Kind
    var start: Int
    var end: Int
    /// The value of a number token.
    var value: Double = 0
}

/// ASCII codes the lexer and parsers compare bytes against.
enum ASCII {
    static let dot = UInt8(ascii: "."), colon = UInt8(ascii: ":"), at = UInt8(ascii: "@")
    static let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/"), plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-"), lparen = UInt8(ascii: "("), rparen = UInt8(ascii: ")")
    static let lbracket = UInt8(ascii: "["), rbracket = UInt8(ascii: "]")
    static let bar = UInt8(ascii: "|"), comma = UInt8(ascii: ","), equal = UInt8(ascii: "=")
    static let less = UInt8(ascii: "<"), greater = UInt8(ascii: ">")
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), cr = UInt8(ascii: "\r")
    static let newline = UInt8(ascii: "\n"), hash = UInt8(ascii: "#")
    static let semicolon = UInt8(ascii: ";")

    @inline(__always) static func isLetter(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isWord(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) }
}

/// Splits one statement into tokens.
enum Lexer {
    /// Tokenizes `bytes[from..<to]` of `line`, ending with an `.end` token.
    ///
    /// Identifiers may contain `-` (`a-b` is one name, `a - b` a difference). In VFL a name
    /// does not end in `-`, so that `[a]-pad-[b]` reads the metric `pad`.
    static func tokenize(
        _ line: SourceLine, from: Int, to: Int, vfl: Bool, into tokens: inout [Token]
    ) throws(ParseError) {
        tokens.removeAll(keepingCapacity: true)
        let bytes = line.bytes
        var i = from
        while i < to {
            let b = bytes[i]
            if b == ASCII.space || b == ASCII.tab {
                i += 1
            } else if ASCII.isLetter(b) {
                let start = i
                i += 1
                while i < to {
                    let c = bytes[i]
                    if ASCII.isWord(c) {
                        i += 1
                    } else if c == ASCII.minus, !vfl || (i + 1 < to && ASCII.isWord(bytes[i + 1])) {
                        i += 1
                    } else {
                        break
                    }
                }
                tokens.append(Token(kind: .identifier, start: start, end: i))
            } else if ASCII.isDigit(b) {
                let start = i
                let value = try number(line, at: &i, to: to)
                tokens.append(Token(kind: .number, start: start, end: i, value: value))
            } else if b == ASCII.equal || b == ASCII.less || b == ASCII.greater {
                guard i + 1 < to, bytes[i + 1] == ASCII.equal else {
                    let spelled = b == ASCII.equal ? "==" : (b == ASCII.less ? "<=" : ">=")
                    throw line.error(
                        at: i,
                        "'\(Character(Unicode.Scalar(b)))' is not a relation; expected '==', "
                            + "'<=' or '>='", hint: "did you mean '\(spelled)'?")
                }
                let relation: Relation =
                    b == ASCII.equal ? .equal : (b == ASCII.less ? .lessOrEqual : .greaterOrEqual)
                tokens.append(Token(kind: .relation(relation), start: i, end: i + 2))
                i += 2
            } else if isSymbol(b) {
                tokens.append(Token(kind: .symbol(b), start: i, end: i + 1))
                i += 1
            } else {
                // Outside ASCII: a letter in a name (`café`), a sign from a word processor
                // (`−`, `≥`), or a space or mark one cannot see.
                throw line.error(
                    at: i, "unexpected character \(describeCharacter(in: line, at: i))",
                    hint: b >= 0x80 ? hintForCharacter(in: line, at: i) : nil)
            }
        }
        tokens.append(Token(kind: .end, start: to, end: to))
    }

    @inline(__always) private static func isSymbol(_ b: UInt8) -> Bool {
        switch b {
        case ASCII.dot, ASCII.colon, ASCII.at, ASCII.star, ASCII.slash, ASCII.plus, ASCII.minus,
            ASCII.lparen, ASCII.rparen, ASCII.lbracket, ASCII.rbracket, ASCII.bar, ASCII.comma:
            true
        default: false
        }
    }

    /// Reads `digits [. digits] [e [sign] digits]` (the sign is the parser's business).
    static func number(_ line: SourceLine, at i: inout Int, to: Int) throws(ParseError)
        -> Double
    {
        let bytes = line.bytes
        let start = i
        var integer = 0
        var simple = true
        while i < to, ASCII.isDigit(bytes[i]) {
            if i - start < 15 {
                integer = integer * 10 + Int(bytes[i] - 0x30)
            } else {
                simple = false
            }
            i += 1
        }
        if i + 1 < to, bytes[i] == ASCII.dot, ASCII.isDigit(bytes[i + 1]) {
            simple = false
            i += 1
            while i < to, ASCII.isDigit(bytes[i]) { i += 1 }
        }
        if i < to, bytes[i] == 0x65 || bytes[i] == 0x45 {  // e E
            var j = i + 1
            if j < to, bytes[j] == ASCII.plus || bytes[j] == ASCII.minus { j += 1 }
            if j < to, ASCII.isDigit(bytes[j]) {
                simple = false
                i = j
                while i < to, ASCII.isDigit(bytes[i]) { i += 1 }
            }
        }
        if i < to, ASCII.isWord(bytes[i]) || bytes[i] == ASCII.dot {
            var j = i
            while j < to,
                ASCII.isWord(bytes[j]) || bytes[j] == ASCII.dot
                    || bytes[j] == ASCII.minus || bytes[j] == ASCII.plus
            {
                j += 1
            }
            let text = String(decoding: bytes[start..<j], as: UTF8.self)
            throw line.error(
                at: start,
                "malformed number '\(text)'; expected digits with an optional "
                    + "fraction and exponent, like 12, 0.5 or 1e3")
        }
        if simple { return Double(integer) }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(text), NumberRule.finite.admits(value) else {
            throw line.error(at: start, "number '\(text)' is out of range")
        }
        return value
    }

    /// `'x'` for the (possibly multi-byte) character at a byte offset.
    static func describeCharacter(in line: SourceLine, at offset: Int) -> String {
        let rest = String(decoding: line.bytes[offset..<line.end], as: UTF8.self)
        guard let first = rest.first else { return "at the end of the line" }
        if let scalar = first.unicodeScalars.first,
            [.control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator]
                .contains(scalar.properties.generalCategory)
        {
            // Invisible, or a space that looks like ASCII's: only its number shows which.
            return "U+\(String(scalar.value, radix: 16, uppercase: true))"
                + (scalar.properties.name.map { " \($0)" } ?? "")
        }
        return "'\(first)'"
    }

    /// What to write instead of a character outside ASCII at `offset`: the ASCII sign it
    /// stands for, a plain space for one of Unicode's spaces, nothing for an invisible
    /// mark, else the rule names follow (a letter in a name).
    static func hintForCharacter(in line: SourceLine, at offset: Int) -> String {
        let rest = String(decoding: line.bytes[offset..<line.end], as: UTF8.self)
        guard let scalar = rest.unicodeScalars.first else { return InvalidNameError.nameRule }
        switch scalar.value {
        case 0x2212, 0x2010, 0x2011, 0x2012, 0x2013, 0x2014: return "write an ASCII '-'"
        case 0x2265: return "write '>='"
        case 0x2264: return "write '<='"
        case 0x00D7: return "write '*'"
        case 0x00F7: return "write '/'"
        default: break
        }
        switch scalar.properties.generalCategory {
        case .spaceSeparator: return "write a plain space"
        case .format, .control, .lineSeparator, .paragraphSeparator:
            return "an invisible character: delete it"
        default: return InvalidNameError.nameRule + "; other text goes in a comment"
        }
    }
}

/// A position in a statement's tokens, with the helpers every sub-parser needs.
struct TokenCursor {
    let line: SourceLine
    let tokens: [Token]
    var index = 0

    init(line: SourceLine, tokens: [Token]) {
        self.line = line
        self.tokens = tokens
    }

    var current: Token { tokens[index] }
    var atEnd: Bool { tokens[index].kind == .end }

    func peek(_ offset: Int = 1) -> Token { tokens[min(index + offset, tokens.count - 1)] }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func isSymbol(_ symbol: UInt8, _ token: Token? = nil) -> Bool {
        (token ?? current).kind == .symbol(symbol)
    }

    func isIdentifier(_ word: StaticString? = nil, _ token: Token? = nil) -> Bool {
        let token = token ?? current
        guard token.kind == .identifier else { return false }
        return word.map { matches(token, $0) } ?? true
    }

    /// Whether the token is spelled `word`, compared as bytes (no String is made).
    func matches(_ token: Token, _ word: StaticString) -> Bool {
        guard token.end - token.start == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { expected in
            var i = token.start
            for byte in expected {
                if line.bytes[i] != byte { return false }
                i += 1
            }
            return true
        }
    }

    func text(_ token: Token) -> String {
        String(decoding: line.bytes[token.start..<token.end], as: UTF8.self)
    }

    /// `'x'` for a token, or `the end of the statement`.
    func describe(_ token: Token) -> String {
        token.kind == .end ? "the end of the statement" : "'\(text(token))'"
    }

    func error(at token: Token, _ message: String, hint: String? = nil) -> ParseError {
        line.error(at: token.start, message, hint: hint)
    }

    /// Consumes the symbol or throws `expected 'x' <context>, found ...`.
    /// The words of an error message are an autoclosure here and below: callers
    /// interpolate names into them, and building that text for every token that parses
    /// was a fifth of the cost of reading an equation.
    mutating func expect(_ symbol: UInt8, _ context: @autoclosure () -> String)
        throws(ParseError)
    {
        guard isSymbol(symbol) else {
            let spelled = Character(Unicode.Scalar(symbol))
            throw error(
                at: current, "expected '\(spelled)' \(context()), found \(describe(current))")
        }
        advance()
    }

    mutating func expectEnd(after what: @autoclosure () -> String) throws(ParseError) {
        guard atEnd else {
            throw error(
                at: current,
                "unexpected \(describe(current)) after \(what()); "
                    + "expected the end of the statement")
        }
    }

    /// Reads an identifier or throws `expected <what>, found ...`.
    mutating func identifier(_ what: @autoclosure () -> String) throws(ParseError) -> String {
        guard current.kind == .identifier else {
            throw error(at: current, "expected \(what()), found \(describe(current))")
        }
        return text(advance())
    }
}

extension Double {
    /// A number spelled as a `.layout` script spells one (digits, an optional fraction and
    /// exponent), after an optional sign; nil for anything else, and for a number beyond a
    /// `Double`. The command line reads its numbers so, and takes what a script takes:
    ///
    ///     Double(layoutNumber: "-0.5") == -0.5
    ///     Double(layoutNumber: "1e3") == 1000
    ///     Double(layoutNumber: "0x10") == nil   // Double("0x10") is 16
    ///     Double(layoutNumber: "inf") == nil
    public init?(layoutNumber text: some StringProtocol) {
        let bytes = Array(text.utf8)
        var from = 0
        var sign = 1.0
        if let first = bytes.first, first == ASCII.minus || first == ASCII.plus {
            sign = first == ASCII.minus ? -1 : 1
            from = 1
        }
        guard from < bytes.count, ASCII.isDigit(bytes[from]) else { return nil }
        let line = SourceLine(bytes: bytes, fileID: 0, number: 1, start: 0, end: bytes.count)
        var i = from
        guard let value = try? Lexer.number(line, at: &i, to: bytes.count), i == bytes.count
        else { return nil }
        self = sign * value
    }
}
