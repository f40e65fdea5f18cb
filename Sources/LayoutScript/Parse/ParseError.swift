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
        // Keep the line's tabs in the caret's indent so the caret lines up in a terminal.
        let indent = String(
            lineText.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " })
        var text = "\(location): \(message)\n  \(lineText)\n  \(indent)^"
        if let hint { text += "\nhint: \(hint)" }
        return text
    }
}

/// `did you mean 'x'?` for the nearest candidate, or nil.
func didYouMean(_ word: String, _ candidates: some Sequence<String>) -> String? {
    suggestName(word, from: candidates).map { "did you mean '\($0)'?" }
}
