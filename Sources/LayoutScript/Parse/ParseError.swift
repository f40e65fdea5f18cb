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

/// The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo.
func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    guard !target.isEmpty, target.count <= 64 else { return nil }
    var best: (String, Int)?
    for candidate in candidates {
        let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
        if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
    }
    guard let (name, distance) = best else { return nil }
    // One edit per three characters, at least one: "heigth" -> "height", not "top" -> "left".
    return distance <= max(1, min(word.count, name.count) / 3) ? name : nil
}

/// Levenshtein distance where swapping two neighbouring characters counts as one edit.
private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, previous2[j - 2] + 1)
            }
            current[j] = value
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}

/// `did you mean 'x'?` for the nearest candidate, or nil.
func didYouMean(_ word: String, _ candidates: some Sequence<String>) -> String? {
    nearest(to: word, in: candidates).map { "did you mean '\($0)'?" }
}
