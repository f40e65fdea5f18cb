/// The places where two sequences of lines differ, found with Myers' O(ND) algorithm: the
/// shortest edit (fewest lines removed plus lines added) that turns the old lines into the
/// new, as stretches ("hunks") of old lines replaced by new ones, with equal lines between.
/// A re-apply uses it to find what an edit of a big file changed (`ProjectStore.heldHunks`).
enum LineDiff {
    /// One stretch: `old` lines (indices into the old sequence) became `new` ones.
    struct Hunk: Equatable {
        var old: Range<Int>
        var new: Range<Int>
    }

    /// The hunks of the shortest edit, in order; nil where it removes and adds more than
    /// `maxEdits` lines in all (then finding it is not worth its cost).
    ///
    /// Its cost is about (old + new) × edits comparisons of lines, `equal(i, j)` comparing
    /// old line `i` with new line `j`.
    static func hunks(
        oldCount n: Int, newCount m: Int, maxEdits: Int, equal: (Int, Int) -> Bool
    ) -> [Hunk]? {
        // The furthest old index reached on each diagonal k = x - y, offset by maxEdits + 1;
        // kept before each round of one more edit, to walk the path back.
        let offset = maxEdits + 1
        var v = [Int](repeating: 0, count: 2 * maxEdits + 3)
        var trace: [[Int]] = []
        for d in 0...maxEdits {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, equal(x, y) {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m { return path(trace, edits: d, n: n, m: m, offset: offset) }
            }
        }
        return nil
    }

    /// The hunks of the path that reached the end after `edits` edits.
    private static func path(_ trace: [[Int]], edits: Int, n: Int, m: Int, offset: Int)
        -> [Hunk]
    {
        // Each edit as the point it starts from, and whether it removes an old line (a
        // step right) or adds a new one (a step down); walked back from the end.
        var steps: [(x: Int, y: Int, removes: Bool)] = []
        var x = n
        var y = m
        for d in stride(from: edits, through: 1, by: -1) {
            let v = trace[d]
            let k = x - y
            let previous =
                k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1
            let px = v[offset + previous]
            let py = px - previous
            // The equal lines before this point.
            while x > px + (previous == k - 1 ? 1 : 0), y > py + (previous == k + 1 ? 1 : 0) {
                x -= 1
                y -= 1
            }
            steps.append((px, py, previous == k - 1))
            x = px
            y = py
        }
        var hunks: [Hunk] = []
        for step in steps.reversed() {
            let end = step.removes ? (step.x + 1, step.y) : (step.x, step.y + 1)
            if var last = hunks.last, last.old.upperBound == step.x, last.new.upperBound == step.y {
                last.old = last.old.lowerBound..<end.0
                last.new = last.new.lowerBound..<end.1
                hunks[hunks.count - 1] = last
            } else {
                hunks.append(Hunk(old: step.x..<end.0, new: step.y..<end.1))
            }
        }
        return hunks
    }
}
