import Testing

@testable import LayoutStore

/// What a constraint's row keeps of its statement's text (`constraints.source`) and the
/// identity a re-apply knows an unlabelled statement by: a row's kept text finds its
/// statement as the statement's own text does, and a long text is kept in a bounded size.
@Suite("a row keeps a statement's text whole, or its start and a digest")
struct StatementSourceTests {
    /// A VFL line of `n` views, with `gap` between them (a text of about 8n bytes).
    static func line(_ n: Int, gap: String = "-") -> String {
        "H:|" + (0..<n).map { "[v\($0)]" }.joined(separator: gap) + "|"
    }

    @Test("a short text is kept as it is, and identified by its text without whitespace")
    func shortTextWhole() {
        let text = "title.width <= header.width - 32"
        #expect(StatementSource.kept(text) == text)
        #expect(StatementSource.identity(of: text) == "title.width<=header.width-32")
        #expect(StatementSource.identity(of: text) == ScriptImage.normalized(text))
    }

    @Test("a long text is kept as its start, its length and a digest, whatever its length")
    func longTextBounded() {
        for n in [60, 400, 4000] {
            let text = Self.line(n)
            let kept = StatementSource.kept(text)
            #expect(kept.utf8.count <= StatementSource.wholeLimit, "\(kept)")
            #expect(kept.hasPrefix("H:|[v0]-[v1]-[v2]"), "\(kept)")
            #expect(kept.contains("… (\(text.utf8.count) bytes, digest "), "\(kept)")
            // Cut between words, not inside a view's name.
            let shown = kept.prefix { $0 != "…" }
            #expect(shown.hasSuffix("-") || shown.hasSuffix("["), "\(shown)")
        }
    }

    @Test("what a row keeps of a text identifies it as the text itself does")
    func keptFindsItsStatement() {
        let texts = [
            "a.left == b.left", Self.line(10), Self.line(400), Self.line(4000),
            // Long with whitespace, short without: kept without it, and read so.
            "a.left ==" + String(repeating: " ", count: 400) + "b.left",
            Self.line(400).replacingOccurrences(of: "-", with: " - "),
        ]
        for text in texts {
            #expect(
                StatementSource.identity(of: StatementSource.kept(text))
                    == StatementSource.identity(of: text), "\(text.prefix(60))")
            #expect(StatementSource.kept(StatementSource.kept(text)) == StatementSource.kept(text))
        }
    }

    @Test("whitespace does not change a long text's identity; any other edit does")
    func longIdentity() {
        let text = Self.line(400)
        #expect(
            StatementSource.identity(of: text.replacingOccurrences(of: "-", with: " - "))
                == StatementSource.identity(of: text))
        // The same start, the same length: only the digest tells them apart.
        let edited = text.replacingOccurrences(of: "[v300]-[v301]", with: "[v301]-[v300]")
        #expect(edited.utf8.count == text.utf8.count)
        #expect(StatementSource.identity(of: edited) != StatementSource.identity(of: text))
        #expect(StatementSource.kept(edited) != StatementSource.kept(text))
        #expect(StatementSource.identity(of: Self.line(401)) != StatementSource.identity(of: text))
    }

    @Test("a rename rewrites the words a long kept text shows, never its length or digest")
    func renameRewritesTheShownStart() {
        let kept = StatementSource.kept(Self.line(400))
        let renamed = StatementSource.mapShown(kept) {
            $0.replacingOccurrences(of: "[v1]", with: "[first]")
        }
        #expect(renamed.hasPrefix("H:|[v0]-[first]-[v2]"), "\(renamed)")
        #expect(StatementSource.identity(of: renamed) == StatementSource.identity(of: kept))
        // A view named as the words of the digest's note is not in the statement's words.
        let words = StatementSource.mapShown(kept) { $0 + "" }
        #expect(words == kept)
        #expect(
            StatementSource.mapShown("a.left == bytes.left") { $0.uppercased() }
                == "A.LEFT == BYTES.LEFT")
    }
}
