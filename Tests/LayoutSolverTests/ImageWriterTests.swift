import Testing

@testable import LayoutSolver

@Suite("Image bytes")
struct ImageWriterTests {
    /// What a solve image writes: counts, then arrays of several element types and sizes.
    private func write(_ out: inout ImageWriter, batch: ConstraintBatch) {
        out.append(Int64(7))
        out.append(contentsOf: [Int64](1...40))
        out.append(contentsOf: [UInt8](repeating: 1, count: 3))
        batch.encode(into: &out)
        out.append(contentsOf: (0..<100).map { Double($0) / 3 })
    }

    @Test("written a piece at a time, the bytes are the same as written whole, in order")
    func piecesMakeTheWhole() {
        var batch = ConstraintBatch()
        for i in 0..<50 {
            batch.append(
                SolverConstraint(
                    [LinearTerm(Variable(Int32(i)), 1), LinearTerm(Variable(Int32(i + 1)), -1)],
                    .lessOrEqual, Double(i), priority: .high))
        }
        var whole = ImageWriter()
        write(&whole, batch: batch)
        for size in [1, 7, 64, 1000, 1 << 20] {
            var pieces: [[UInt8]] = []
            var out = ImageWriter(chunksOf: size) { pieces.append(Array($0)) }
            write(&out, batch: batch)
            out.flush()
            #expect(Array(pieces.joined()) == whole.bytes, "size \(size)")
            // A piece is at most `size` bytes, unless it is one array larger than that.
            #expect(pieces.allSatisfy { $0.count <= max(size, 800) }, "size \(size)")
        }
    }
}
