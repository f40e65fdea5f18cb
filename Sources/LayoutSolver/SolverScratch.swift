/// Working space of the solver's passes, one slot per variable and per constraint: marks
/// that say "seen in this pass", and counters.
///
/// A mark is an epoch: starting a pass (`startPass`) forgets every older mark at once,
/// without clearing the arrays. A pass may take more epochs (`nextEpochInPass`, the
/// component search takes one per component) and ask whether a mark is from this pass
/// or an earlier one (`variableMark(_:) < start`): that needs epochs that grow for the
/// whole pass.
///
/// Invariants, kept here and nowhere else:
/// - one slot per variable and per constraint (`appendVariables`, `appendConstraints`);
/// - no mark is above the current epoch, and the current epoch is never 0 (the mark of
///   a fresh slot) once a pass has begun;
/// - epochs never wrap inside a pass: once half the counter is used, the next pass
///   clears every mark and starts again at 1. A pass takes at most one epoch per
///   variable (fewer than 2³¹), so the other half is always enough.
///
/// What a counter holds is up to the pass that sets it: it is valid within that pass.
struct ScratchMarks {
    private var variableMarks: [UInt32] = []
    private var constraintMarks: [UInt32] = []
    private var variableCounts: [Int32] = []
    private var constraintCounts: [Int32] = []
    private var epoch: UInt32

    init() { epoch = 0 }

    /// Marks that start at `epoch`: lets a test reach the restart in a few passes.
    init(epoch: UInt32) { self.epoch = epoch }

    /// The epoch from which the next pass clears the marks and starts again.
    static let restartEpoch = UInt32.max / 2

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
    mutating func startPass() -> UInt32 {
        if epoch >= Self.restartEpoch {
            for i in variableMarks.indices { variableMarks[i] = 0 }
            for i in constraintMarks.indices { constraintMarks[i] = 0 }
            epoch = 0
        }
        epoch += 1
        return epoch
    }

    /// One more epoch in the pass begun by `startPass`, above every mark.
    mutating func nextEpochInPass() -> UInt32 {
        precondition(epoch < UInt32.max, "a pass took more epochs than there are variables")
        epoch += 1
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
