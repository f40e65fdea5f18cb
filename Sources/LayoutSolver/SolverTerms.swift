/// Every constraint's terms in flat arrays, and per variable the list of its occurrences
/// (the terms that read it).
///
/// Invariants, kept here and nowhere else:
/// - constraint `c`'s terms are `range(of: c)`; ranges are laid end to end in constraint
///   order, one start per constraint and one more where the last ends (one array read,
///   where a start and a count would be two cache lines in a large system);
/// - within a constraint a variable appears once, with a coefficient not near zero;
/// - a variable's occurrence list runs in term order, which is constraint order, from
///   `firstOccurrence(of:)` along `next(_:)` to its last term; forward substitution relies
///   on that to walk only the part behind its scan. Dead constraints may stay linked until
///   a walk unlinks them (`unlink`) or the lists are rebuilt (`relink`).
struct TermTable {
    private var starts: [Int32] = [0]
    private var variables: [Int32] = []
    private var coefficients: [Double] = []
    /// Per term, its constraint and the next occurrence of its variable, side by side:
    /// walking a variable's occurrences reads both at every step, and as two arrays that
    /// would be two cache misses per step once the system outgrows the cache.
    private var links: [Link] = []
    /// Head and tail of each variable's occurrence list (term indices), or -1.
    private var heads: [Int32] = []
    private var tails: [Int32] = []

    private struct Link {
        /// The constraint the term belongs to.
        var owner: Int32
        /// The next occurrence (a term index) of the same variable, or -1.
        var next: Int32
    }

    /// The number of terms of all constraints.
    var count: Int { variables.count }

    // MARK: Reading

    @inline(__always) func range(of c: Int) -> Range<Int> {
        Int(starts[c])..<Int(starts[c + 1])
    }

    @inline(__always) func hasTerms(_ c: Int) -> Bool { starts[c + 1] > starts[c] }

    @inline(__always) func variable(_ t: Int) -> Int32 { variables[t] }

    @inline(__always) func coefficient(_ t: Int) -> Double { coefficients[t] }

    /// The variable of constraint `c`'s first term (`c` must have terms).
    @inline(__always) func firstVariable(of c: Int) -> Int32 { variables[Int(starts[c])] }

    /// The variables of the terms from `t` on (a batch just appended), in term order.
    func variables(from t: Int) -> [Int32] { Array(variables[t...]) }

    @inline(__always) func firstOccurrence(of v: Int) -> Int32 { heads[v] }

    /// The constraint term `t` belongs to.
    @inline(__always) func owner(_ t: Int32) -> Int32 { links[Int(t)].owner }

    /// The occurrence after `t` in its variable's list, or -1.
    @inline(__always) func next(_ t: Int32) -> Int32 { links[Int(t)].next }

    // MARK: Growing

    /// Empty occurrence lists for `count` new variables.
    mutating func appendVariables(_ count: Int) {
        heads.append(contentsOf: repeatElement(-1, count: count))
        tails.append(contentsOf: repeatElement(-1, count: count))
    }

    /// Room for `constraints` more constraints with `terms` terms in all: a batch of 100k
    /// grows each array once.
    mutating func reserve(constraints: Int, terms: Int) {
        let t = variables.count + terms
        grow(&variables, t)
        grow(&coefficients, t)
        grow(&links, t)
        grow(&starts, starts.count + constraints)
    }

    /// Stores the batch's constraint `i` as constraint number `index` (the next one), its
    /// terms of one variable merged and those that cancel dropped, and links its
    /// occurrences at the ends of their variables' lists.
    mutating func append(_ i: Int, of batch: ConstraintBatch, as index: Int32) {
        precondition(Int(index) == starts.count - 1, "constraints are appended in order")
        let start = variables.count
        // Constraints have a handful of terms: a scan of this one's own terms beats a map.
        for t in batch.terms(of: i) {
            let v = batch.termVariables[t]
            let coefficient = batch.termCoefficients[t]
            if let j = (start..<variables.count).first(where: { variables[$0] == v }) {
                coefficients[j] += coefficient
            } else {
                variables.append(v)
                coefficients.append(coefficient)
            }
        }
        var end = variables.count
        var j = start
        while j < end {
            if abs(coefficients[j]) < 1e-12 {
                variables.remove(at: j)
                coefficients.remove(at: j)
                end -= 1
            } else {
                j += 1
            }
        }
        starts.append(Int32(end))
        for t in start..<end {
            links.append(Link(owner: index, next: -1))
            link(Int32(t), of: Int(variables[t]))
        }
    }

    /// Undoes `append` of the constraints from number `first` on.
    mutating func removeConstraints(from first: Int) {
        guard first < starts.count - 1 else { return }
        let firstTerm = Int(starts[first])
        // The removed terms are the tails of their variables' lists: cut each list there.
        for t in firstTerm..<variables.count {
            let v = Int(variables[t])
            guard tails[v] >= firstTerm else { continue }  // already cut
            var kept: Int32 = -1
            var x = heads[v]
            while x >= 0 && x < firstTerm {
                kept = x
                x = links[Int(x)].next
            }
            if kept < 0 { heads[v] = -1 } else { links[Int(kept)].next = -1 }
            tails[v] = kept
        }
        variables.removeSubrange(firstTerm...)
        coefficients.removeSubrange(firstTerm...)
        links.removeSubrange(firstTerm...)
        starts.removeSubrange((first + 1)...)
    }

    // MARK: Keeping the lists

    /// Takes occurrence `t` out of variable `v`'s list; `previous` is the occurrence
    /// before it, or -1 when `t` is the head. The tail is set by the walk that unlinks
    /// (`setTail`), which knows the last occurrence it kept.
    @inline(__always) mutating func unlink(_ t: Int32, of v: Int, after previous: Int32) {
        let next = links[Int(t)].next
        if previous < 0 { heads[v] = next } else { links[Int(previous)].next = next }
    }

    /// Records `t` as the last occurrence of `v` (after a walk to the end of its list).
    @inline(__always) mutating func setTail(_ t: Int32, of v: Int) { tails[v] = t }

    /// Rebuilds the occurrence lists of the variables `isRebuilt` picks, from the terms of
    /// the constraints `isLinked` picks (given a constraint and its first term's variable:
    /// live ones reading only such variables), in term order as `append` builds them.
    mutating func relink(
        variables isRebuilt: (Int) -> Bool, constraints isLinked: (Int, Int) -> Bool
    ) {
        for v in heads.indices where isRebuilt(v) {
            heads[v] = -1
            tails[v] = -1
        }
        for c in 0..<(starts.count - 1) where hasTerms(c) && isLinked(c, Int(firstVariable(of: c)))
        {
            for t in range(of: c) {
                links[t].next = -1
                link(Int32(t), of: Int(variables[t]))
            }
        }
    }

    /// Appends term `t` to the end of variable `v`'s occurrence list.
    @inline(__always) private mutating func link(_ t: Int32, of v: Int) {
        let last = tails[v]
        if last < 0 { heads[v] = t } else { links[Int(last)].next = t }
        tails[v] = t
    }
}

/// Makes room for `n` elements, at least doubling: callers that add one at a time through
/// a batch API must not turn appends quadratic with exact-size reservations.
@inline(__always) func grow<T>(_ array: inout [T], _ n: Int) {
    if array.capacity < n { array.reserveCapacity(Swift.max(n, 2 * array.capacity)) }
}
