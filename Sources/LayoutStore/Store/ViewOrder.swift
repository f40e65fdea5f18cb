/// How a script's new text orders its views against its old text: which views it declares
/// elsewhere among the others, and whether the order changed at all.
///
/// Views are listed, drawn and arranged in declaration order (their ordinals): a later
/// sibling is drawn over an earlier one, as UIKit draws its subviews. A re-apply deals the
/// ordinals out again where the script changed that order, and leaves an order the command
/// line set since alone where it did not.
///
///     let change = ViewOrderChange(old: ["a", "b", "c"], new: ["a", "c", "b"])
///     change.moved.map(\.view) == ["b"]   // or "c": one of the two moved past the other
struct ViewOrderChange {
    /// Views of both texts declared elsewhere among the others, fewest that explain the
    /// change, each with the view the new text declares just before it (nil: first).
    var moved: [(view: String, after: String?)] = []
    /// Whether the new text orders its views otherwise: a view moved, or a new view
    /// declared before one of the old text's.
    var changes = false

    init(old: [String], new: [String]) {
        let oldIndex = Dictionary(
            old.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let common = new.indices.filter { oldIndex[new[$0]] != nil }
        // The views that keep their places: the longest run of the old text's positions
        // that rises in the new text's order. The others moved.
        let kept = Set(Self.longestRisingRun(common.map { oldIndex[new[$0]]! }).map { common[$0] })
        for i in common where !kept.contains(i) {
            moved.append((new[i], i > 0 ? new[i - 1] : nil))
        }
        let insertsBetween =
            common.last.map { last in new[..<last].contains { oldIndex[$0] == nil } } ?? false
        changes = !moved.isEmpty || insertsBetween
    }

    /// The indices of a longest strictly rising subsequence of `values` (patience sorting,
    /// O(n log n)), in order.
    static func longestRisingRun(_ values: [Int]) -> [Int] {
        // tails[k]: the index of the smallest last value of a rising run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var run: [Int] = []
        var i = tails.last ?? -1
        while i >= 0 {
            run.append(i)
            i = previous[i]
        }
        return run.reversed()
    }
}
