/// The closest of `candidates` to a mistyped `name`, for "did you mean" hints: the one
/// suggestion rule of layoutdb (scripts, labels, views, variants, attributes, commands).
///
/// The distance is Levenshtein's with a swap of two neighbouring letters counted as one
/// edit (`widht` is one edit from `width`, two from `right`), letters compared without
/// case. A candidate is suggested when at most a third of the name's length away (at
/// least 2, so a short name's swap is found) and less than the name's length; ties go to
/// the first candidate.
///
///     suggestName("haeder", from: ["header", "body"]) == "header"
package func suggestName<S: Sequence<String>>(_ name: String, from candidates: S) -> String? {
    let target = Array(name.lowercased().unicodeScalars)
    // Long names are not typed by hand; the distance is quadratic in the length.
    guard target.count <= 256 else { return nil }
    let limit = min(max(2, target.count / 3), target.count - 1)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
        let other = Array(candidate.lowercased().unicodeScalars)
        // Cheap length filter first: the distance is at least the length difference.
        guard abs(other.count - target.count) <= limit else { continue }
        let distance = editDistance(target, other)
        if distance <= limit, distance < (best?.distance ?? .max) {
            best = (candidate, distance)
        }
    }
    return best?.name
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
