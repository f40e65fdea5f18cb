/// Working space of the solver's passes, one slot per variable and per constraint: marks
/// that say "seen in this pass", and counters.
///
/// A mark is the pass's epoch: starting a pass (`nextEpoch`) forgets every older mark at
/// once, without clearing the arrays. Epochs grow, so a pass can also ask whether a mark
/// is from this pass or an earlier one (`variableMark(_:) < start`).
///
/// Invariants, kept here and nowhere else:
/// - one slot per variable and per constraint (`appendVariables`, `appendConstraints`);
/// - no mark is above the current epoch, and the current epoch is never 0 (the mark of
///   a fresh slot) once a pass has begun: before the counter would wrap, every mark is
///   cleared and the epochs start again at 1.
///
/// What a counter holds is up to the pass that sets it: it is valid within that pass.
struct ScratchMarks {
    private var variableMarks: [UInt32] = []
    private var constraintMarks: [UInt32] = []
    private var variableCounts: [Int32] = []
    private var constraintCounts: [Int32] = []
    private var epoch: UInt32

    init() { epoch = 0 }

    /// Marks that start at `epoch`: lets a test reach the wrap-around in a few passes.
    init(epoch: UInt32) { self.epoch = epoch }

    /// Slots for `count` new variables.
    mutating func appendVariables(_ count: Int) {
        variableMarks.append(contentsOf: repeatElement(0, count: count))
        variableCounts.append(contentsOf: repeatElement(0, count: count))
    }

    /// Slots for `count` new constraints.
    mutating func appendConstraints(_ count: Int) {
        constraintMarks.append(contentsOf: repeatElement(0, count: count))
        constraintCounts.append(contentsOf: repeatElement(0, count: count))
    }

    /// Starts a pass: a new epoch, above every mark.
    mutating func nextEpoch() -> UInt32 {
        epoch &+= 1
        // Marks compare by order within a pass; restart well before the counter wraps.
        if epoch == 0 || epoch == UInt32.max {
            for i in variableMarks.indices { variableMarks[i] = 0 }
            for i in constraintMarks.indices { constraintMarks[i] = 0 }
            epoch = 1
        }
        return epoch
    }

    // MARK: Marks

    /// The epoch `v` was last marked in (0: never since the marks were last cleared).
    @inline(__always) func variableMark(_ v: Int) -> UInt32 { variableMarks[v] }

    /// Marks `v` with `stamp`; whether it was not marked with it already.
    @inline(__always) mutating func mark(variable v: Int, _ stamp: UInt32) -> Bool {
        precondition(stamp <= epoch, "a mark from a pass not begun")
        guard variableMarks[v] != stamp else { return false }
        variableMarks[v] = stamp
        return true
    }

    /// Marks `c` with `stamp`; whether it was not marked with it already.
    @inline(__always) mutating func mark(constraint c: Int, _ stamp: UInt32) -> Bool {
        precondition(stamp <= epoch, "a mark from a pass not begun")
        guard constraintMarks[c] != stamp else { return false }
        constraintMarks[c] = stamp
        return true
    }

    /// `items`, the variables marked with `stamp`, in increasing order.
    func variablesInIndexOrder(_ items: [Int32], stamp: UInt32) -> [Int32] {
        Self.inIndexOrder(items, marks: variableMarks, stamp: stamp)
    }

    /// `items`, the constraints marked with `stamp`, in increasing order.
    func constraintsInIndexOrder(_ items: [Int32], stamp: UInt32) -> [Int32] {
        Self.inIndexOrder(items, marks: constraintMarks, stamp: stamp)
    }

    /// The marked indices in increasing order: a sort for small sets, a scan of the marks
    /// for large ones (linear, where sorting would add a log factor).
    private static func inIndexOrder(_ items: [Int32], marks: [UInt32], stamp: UInt32) -> [Int32] {
        if items.count < marks.count / 32 { return items.sorted() }
        var out: [Int32] = []
        out.reserveCapacity(items.count)
        for i in marks.indices where marks[i] == stamp { out.append(Int32(i)) }
        return out
    }

    // MARK: Counters

    /// A per-variable counter of the current pass.
    @inline(__always) subscript(variableCount v: Int) -> Int32 {
        get { variableCounts[v] }
        set { variableCounts[v] = newValue }
    }

    /// A per-constraint counter of the current pass.
    @inline(__always) subscript(constraintCount c: Int) -> Int32 {
        get { constraintCounts[c] }
        set { constraintCounts[c] = newValue }
    }

    /// The per-variable counters and marks as buffers, for a pass over every variable that
    /// writes them at every step (a write through the subscripts checks uniqueness each
    /// time). The pass may mark only with the current epoch.
    mutating func withVariableBuffers<R>(
        _ body: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<UInt32>) -> R
    ) -> R {
        // One array moved out for the pass: a closure may not reach `self` while another
        // of its properties is being written.
        var marks: [UInt32] = []
        swap(&marks, &variableMarks)
        defer { swap(&marks, &variableMarks) }
        return variableCounts.withUnsafeMutableBufferPointer { counts in
            marks.withUnsafeMutableBufferPointer { marks in body(counts, marks) }
        }
    }
}
