import Testing

@testable import LayoutStore

/// `LineDiff` finds the shortest edit between two sequences of lines as hunks: applied in
/// order they turn the old lines into the new, with as few lines removed and added as
/// their longest common subsequence allows.
@Suite("the line diff of a re-apply")
struct LineDiffTests {
    static func diff(_ old: [String], _ new: [String], maxEdits: Int = 64) -> [LineDiff.Hunk]? {
        LineDiff.hunks(oldCount: old.count, newCount: new.count, maxEdits: maxEdits) {
            old[$0] == new[$1]
        }
    }

    /// The length of the longest common subsequence, by dynamic programming.
    static func lcs(_ a: [String], _ b: [String]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for (j, y) in b.enumerated() {
                let above = row[j + 1]
                row[j + 1] = x == y ? diagonal + 1 : max(row[j + 1], row[j])
                diagonal = above
            }
        }
        return row[b.count]
    }

    @Test("examples: one line added, one removed, one changed, two places")
    func examples() {
        #expect(Self.diff(["a", "b", "c"], ["a", "b", "c"]) == [])
        #expect(Self.diff(["a", "c"], ["a", "b", "c"]) == [.init(old: 1..<1, new: 1..<2)])
        #expect(Self.diff(["a", "b", "c"], ["a", "c"]) == [.init(old: 1..<2, new: 1..<1)])
        #expect(Self.diff(["a", "b", "c"], ["a", "x", "c"]) == [.init(old: 1..<2, new: 1..<2)])
        #expect(
            Self.diff(["a", "b", "c", "d", "e"], ["x", "a", "b", "d", "e", "y"])
                == [
                    .init(old: 0..<0, new: 0..<1), .init(old: 2..<3, new: 3..<3),
                    .init(old: 5..<5, new: 5..<6),
                ])
        #expect(Self.diff([], ["a"]) == [.init(old: 0..<0, new: 0..<1)])
        #expect(Self.diff(["a"], []) == [.init(old: 0..<1, new: 0..<0)])
    }

    @Test("more edits than the limit: nil")
    func overTheLimit() {
        #expect(Self.diff(["a", "b", "c"], ["x", "y", "z"], maxEdits: 5) == nil)
        #expect(Self.diff(["a", "b", "c"], ["x", "y", "z"], maxEdits: 6)?.count == 1)
    }

    @Test("random sequences: the hunks turn old into new, with the fewest lines edited")
    func random() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let old = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                ["a", "b", "c"].randomElement(using: &rng)!
            }
            let new = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                ["a", "b", "c"].randomElement(using: &rng)!
            }
            guard let hunks = Self.diff(old, new) else {
                Issue.record("no diff of \(old) and \(new)")
                continue
            }
            var rebuilt: [String] = []
            var at = 0
            for hunk in hunks {
                #expect(hunk.old.lowerBound >= at && (!hunk.old.isEmpty || !hunk.new.isEmpty))
                rebuilt += old[at..<hunk.old.lowerBound]
                rebuilt += new[hunk.new]
                at = hunk.old.upperBound
            }
            rebuilt += old[at...]
            #expect(rebuilt == new, "\(old) → \(new): \(hunks)")
            let edited = hunks.reduce(0) { $0 + $1.old.count + $1.new.count }
            #expect(edited == old.count + new.count - 2 * Self.lcs(old, new), "\(old) → \(new)")
            // Equal lines stand between hunks, and each hunk's new lines are where the
            // old lines before it put them.
            for (a, b) in zip(hunks, hunks.dropFirst()) {
                #expect(a.old.upperBound < b.old.lowerBound && a.new.upperBound < b.new.lowerBound)
                #expect(b.old.lowerBound - a.old.upperBound == b.new.lowerBound - a.new.upperBound)
            }
        }
    }
}
