/// What a constraint's row keeps of the text of the statement that made it
/// (`constraints.source`), and the text the re-apply knows an unlabelled statement by
/// (``ScriptImage``'s identity): the one home of both, so that a row's kept text finds its
/// statement as the statement's own text does.
///
/// The statement's text is kept once, in its line (`script_lines`), and each of its
/// constraints' rows keeps it again: for `list --json`, `get`, `why` and a conflict's
/// message to show, and for the re-apply to know the row's statement by where its origin
/// does not find it. A text of up to ``wholeLimit`` bytes (every statement of the
/// benchmarks, nearly every one written by hand) is kept whole, which its length alone
/// decides. A longer one is kept as its start, an ellipsis, its length and a digest of its
/// text without whitespace: a VFL line of 3,000 views makes 3,001 constraints, and each
/// row kept the whole 23 KB line (68 MB in all, 75 MB of project; now 1.6 MB). A statement
/// whose text without whitespace is short is kept so (it reads as the statement, and
/// identifies it).
///
///     StatementSource.kept("H:|[v0]-[v1]-...-[v2999]|")
///     // "H:|[v0]-[v1]-[v2]-…-[v13]-[… (22893 bytes, digest d1d1a341005da75e)"
enum StatementSource {
    /// The longest text a row keeps whole, in UTF-8 bytes.
    static let wholeLimit = 256
    /// How much of a longer text's start a row keeps, at most, in UTF-8 bytes.
    static let shownLimit = 80

    /// What a row keeps of `text`: itself, when short.
    static func kept(_ text: String) -> String {
        if text.utf8.count <= wholeLimit { return text }
        let normalized = normalizedBytes(text)
        if normalized.count <= wholeLimit { return String(decoding: normalized, as: UTF8.self) }
        let bytes = Array(text.utf8)
        return String(decoding: bytes[..<shownEnd(of: bytes)], as: UTF8.self) + "… ("
            + String(bytes.count) + " bytes, digest " + digest(of: normalized) + ")"
    }

    /// The text that identifies `text`'s statement (``ScriptImage``'s key of an unlabelled
    /// one): the text without whitespace, or for a long one its digest, from the statement's
    /// own text and from what a row keeps of it alike.
    static func identity(of text: String) -> String {
        if let digest = keptDigest(text) { return "…" + digest }
        let normalized = normalizedBytes(text)
        if normalized.count <= wholeLimit { return String(decoding: normalized, as: UTF8.self) }
        return "…" + digest(of: normalized)
    }

    /// `text` with `transform` applied to the statement's words it shows: for a long
    /// text a row keeps, its start alone (the length and digest are not a statement's).
    static func mapShown(_ text: String, _ transform: (String) -> String) -> String {
        guard let marker = marker(of: text) else { return transform(text) }
        let utf8 = Array(text.utf8)
        let start = utf8.count - marker.length
        return transform(String(decoding: utf8[..<start], as: UTF8.self))
            + String(decoding: utf8[start...], as: UTF8.self)
    }

    /// The bytes of `text` but spaces and tabs (the parser separates tokens with those).
    static func normalizedBytes(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        bytes.removeAll { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return bytes
    }

    /// FNV-1a (64 bits) of `bytes`, as 16 hexadecimal digits: stable across processes and
    /// versions, as a kept row's text is read again by a later one.
    private static func digest(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The digest of a long text as a row keeps it (`… (N bytes, digest HEX)` at its end),
    /// or nil. A statement's own text never has one: `…` is not in the language.
    private static func keptDigest(_ text: String) -> String? { marker(of: text)?.digest }

    /// The end of a long text as a row keeps it, `… (N bytes, digest HEX)`: its length in
    /// bytes and its digest; nil for any other text. Read from the end, in at most 64
    /// bytes: most texts are passed over at their last byte.
    private static func marker(of text: String) -> (length: Int, digest: String)? {
        let utf8 = text.utf8
        guard utf8.last == UInt8(ascii: ")") else { return nil }
        let tail = Array(utf8.suffix(64))
        var i = tail.count - 1
        func isDigit(_ b: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }
        func isHex(_ b: UInt8) -> Bool {
            isDigit(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
        }
        /// Whether `word` ends at `i`; moves `i` before it.
        func take(_ word: String) -> Bool {
            let bytes = Array(word.utf8)
            guard i + 1 >= bytes.count, Array(tail[(i + 1 - bytes.count)...i]) == bytes else {
                return false
            }
            i -= bytes.count
            return true
        }
        guard i >= 17 else { return nil }
        i -= 1
        let hexEnd = i
        while i >= 0, hexEnd - i < 16, isHex(tail[i]) { i -= 1 }
        guard hexEnd - i == 16 else { return nil }
        let digest = String(decoding: tail[(i + 1)...hexEnd], as: UTF8.self)
        guard take(" bytes, digest ") else { return nil }
        let digitsEnd = i
        while i >= 0, isDigit(tail[i]) { i -= 1 }
        guard i < digitsEnd, take("… (") else { return nil }
        return (tail.count - 1 - i, digest)
    }

    /// Where the shown start of `bytes` ends: at most ``shownLimit`` bytes, not inside a
    /// name (`v12` of `v123`, `a.le` of `a.left`) nor a UTF-8 sequence.
    private static func shownEnd(of bytes: [UInt8]) -> Int {
        func inWord(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
                0x80...:
                true
            default: false
            }
        }
        var end = min(shownLimit, bytes.count)
        while end > 0, end < bytes.count, inWord(bytes[end - 1]), inWord(bytes[end]) { end -= 1 }
        // A text that is one long word: cut at a whole character.
        if end == 0 {
            end = min(shownLimit, bytes.count)
            while end > 0, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        }
        return end
    }
}
