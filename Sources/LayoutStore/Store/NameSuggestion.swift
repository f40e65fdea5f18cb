import LayoutScript

/// The closest of `candidates` to a mistyped `name`, for "did you mean" hints.
///
/// Edit distance (Levenshtein) at most a third of the name's length (at least 2, so a
/// swapped pair of letters is found) and less than the name's length; ties go to the first
/// candidate.
///
///     suggestName("haeder", from: ["header", "body"]) == "header"
func suggestName<S: Sequence<String>>(_ name: String, from candidates: S) -> String? {
    let target = Array(name.unicodeScalars)
    let limit = min(max(2, target.count / 3), target.count - 1)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
        let other = Array(candidate.unicodeScalars)
        // Cheap length filter first: the distance is at least the length difference.
        guard abs(other.count - target.count) <= limit else { continue }
        let distance = editDistance(target, other)
        if distance <= limit, distance < (best?.distance ?? .max) {
            best = (candidate, distance)
        }
    }
    return best?.name
}

private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
