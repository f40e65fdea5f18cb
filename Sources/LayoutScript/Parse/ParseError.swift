/// A mistake in a `.layout` script: where it is, what is wrong and, when layoutdb can
/// guess, a hint.
///
/// `description` prints the place, the line and a caret under the offending column:
///
///     main.layout:3:10: unknown attribute 'heigth'; expected left, right, top, ...
///       title.heigth == 24
///             ^
///     hint: did you mean 'height'?
public struct ParseError: Error, CustomStringConvertible, Hashable, Sendable {
    /// File, line and column (1-based; the column counts characters, not bytes).
    public var location: SourceLocation
    /// The whole offending line, without its line break.
    public var lineText: String
    /// What is wrong and what was expected.
    public var message: String
    /// A suggestion, e.g. `did you mean 'height'?`.
    public var hint: String?

    public init(location: SourceLocation, lineText: String, message: String, hint: String? = nil) {
        self.location = location
        self.lineText = lineText
        self.message = message
        self.hint = hint
    }

    public var description: String {
        // A long line (a VFL line naming thousands of views) is shown around the caret.
        let characters = Array(lineText)
        let caret = min(max(0, location.column - 1), characters.count)
        var from = 0
        var to = characters.count
        if characters.count > Self.widestLineShown {
            from = max(0, caret - Self.widestLineShown / 2)
            to = min(characters.count, from + Self.widestLineShown)
            from = max(0, to - Self.widestLineShown)
        }
        let head = from > 0 ? "…" : ""
        let shown = head + String(characters[from..<to]) + (to < characters.count ? "…" : "")
        // Keep the line's tabs in the caret's indent so the caret lines up in a terminal.
        let indent =
            (from > 0 ? " " : "")
            + String(characters[from..<max(from, caret)].map { $0 == "\t" ? "\t" : " " })
        var text = "\(location): \(message)\n  \(shown)\n  \(indent)^"
        if let hint { text += "\nhint: \(hint)" }
        return text
    }

    /// The most characters of the offending line an error shows; a longer line is cut
    /// around the caret, each cut marked `…`.
    static let widestLineShown = 160
}

/// `did you mean 'x'?` for the nearest candidate, or nil.
func didYouMean(_ word: String, _ candidates: some Sequence<String>) -> String? {
    suggestName(word, from: candidates).map { "did you mean '\($0)'?" }
}
