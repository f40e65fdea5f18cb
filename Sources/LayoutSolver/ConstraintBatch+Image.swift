/// A batch as bytes, so a solved system can be kept (in a project file) and handed to a
/// new solver in another process without rebuilding it from its source rows.
///
/// The layout is flat arrays in machine byte order, each preceded by nothing but the
/// counts in front: reading is a handful of copies, not a parse. ``ImageWriter`` and
/// ``ImageReader`` are the framing; whoever stores the bytes owns versioning.
///
///     var out = ImageWriter()
///     batch.encode(into: &out)
///     var reader = ImageReader(bytes)
///     let back = try ConstraintBatch(decoding: &reader)
extension ConstraintBatch {
    package func encode(into out: inout ImageWriter) {
        out.append(Int64(termVariables.count))
        out.append(Int64(relations.count))
        out.append(contentsOf: termVariables)
        out.append(contentsOf: termCoefficients)
        out.append(contentsOf: termEnds)
        out.append(contentsOf: relations.map { $0.code })
        out.append(contentsOf: constants)
        out.append(contentsOf: priorities)
    }

    /// A batch read back; a malformed image (truncated, term ranges out of order, an
    /// unknown relation, a priority outside 0...1000) is an ``ImageReader/Malformed``.
    package init(decoding reader: inout ImageReader) throws(ImageReader.Malformed) {
        self.init()
        let terms = try reader.count()
        let constraints = try reader.count()
        termVariables = try reader.array(Int32.self, terms)
        termCoefficients = try reader.array(Double.self, terms)
        termEnds = try reader.array(Int32.self, constraints)
        let codes = try reader.array(UInt8.self, constraints)
        constants = try reader.array(Double.self, constraints)
        priorities = try reader.array(Double.self, constraints)
        relations.reserveCapacity(constraints)
        for code in codes {
            guard let relation = Relation(code: code) else { throw ImageReader.Malformed() }
            relations.append(relation)
        }
        var previous: Int32 = 0
        for end in termEnds {
            guard end >= previous, Int(end) <= terms else { throw ImageReader.Malformed() }
            previous = end
        }
        if constraints > 0, Int(previous) != terms { throw ImageReader.Malformed() }
        for p in priorities where !(p > 0 && p <= 1000) { throw ImageReader.Malformed() }
    }

    /// The highest variable index any term names, or -1 for none.
    package var highestVariable: Int32 { termVariables.max() ?? -1 }

    /// Constraint `i`'s constant (in `Σ terms relation constant` form).
    package func constant(of i: Int) -> Double { constants[i] }

    /// Replaces constraint `i`'s constant.
    package mutating func setConstant(of i: Int, to value: Double) { constants[i] = value }
}

extension Relation {
    var code: UInt8 {
        switch self {
        case .equal: 0
        case .lessOrEqual: 1
        case .greaterOrEqual: 2
        }
    }

    init?(code: UInt8) {
        switch code {
        case 0: self = .equal
        case 1: self = .lessOrEqual
        case 2: self = .greaterOrEqual
        default: return nil
        }
    }
}

/// Appends plain values and arrays of them as bytes (machine byte order): all kept in
/// ``bytes``, or handed on a chunk at a time.
package struct ImageWriter {
    /// What is written (with a sink: what is not handed on yet).
    package private(set) var bytes: [UInt8] = []
    private var sink: ((UnsafeRawBufferPointer) -> Void)?
    private var chunk = Int.max

    /// Keeps everything written in ``bytes``.
    package init() {}

    /// Hands what is written to `sink` in pieces of about `size` bytes (an array written
    /// whole may be one larger piece), in order; ``flush()`` hands on the rest. For
    /// images too large to hold twice.
    package init(chunksOf size: Int, to sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.sink = sink
        chunk = size
        bytes.reserveCapacity(size)
    }

    package mutating func append<T: BitwiseCopyable>(_ value: T) {
        withUnsafeBytes(of: value) { add($0) }
    }

    package mutating func append<T: BitwiseCopyable>(contentsOf values: [T]) {
        values.withUnsafeBytes { add($0) }
    }

    /// Hands on what is held (with a sink; nothing without one).
    package mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes(sink)
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func add(_ raw: UnsafeRawBufferPointer) {
        guard let sink else {
            bytes.append(contentsOf: raw)
            return
        }
        if bytes.count + raw.count > chunk { flush() }
        if raw.count > chunk {
            sink(raw)
        } else {
            bytes.append(contentsOf: raw)
        }
    }
}

/// Reads what an ``ImageWriter`` wrote, checking every length against what is left.
package struct ImageReader {
    /// The bytes do not hold what the reader asked for.
    package struct Malformed: Error {
        package init() {}
    }

    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    /// Reads `bytes`, which must stay valid while the reader is used.
    package init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    package var isAtEnd: Bool { offset == bytes.count }

    package mutating func value<T: BitwiseCopyable>(_: T.Type) throws(Malformed) -> T {
        let size = MemoryLayout<T>.size
        guard bytes.count - offset >= size else { throw Malformed() }
        defer { offset += size }
        return bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
    }

    /// A count written as an `Int64`: not negative, and no larger than the bytes left.
    package mutating func count() throws(Malformed) -> Int {
        let n = try value(Int64.self)
        guard n >= 0, n <= Int64(bytes.count) else { throw Malformed() }
        return Int(n)
    }

    package mutating func array<T: BitwiseCopyable>(_: T.Type, _ count: Int) throws(Malformed)
        -> [T]
    {
        let size = MemoryLayout<T>.stride * count
        guard count >= 0, bytes.count - offset >= size else { throw Malformed() }
        let start = offset
        offset += size
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            if size > 0, let base = bytes.baseAddress {
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(start: base + start, count: size))
            }
            initialized = count
        }
    }
}

extension ConstraintBatch {
    /// The constraints in the connected components (of the graph where a constraint joins
    /// its variables) of constraints `seeds`, in batch order, over their variables
    /// renumbered in index order; with, per new variable, its index in this batch. Nil
    /// when a seed has no terms (it is a component of its own that only checks constants).
    ///
    /// The solver solves each component alone, in constraint and variable order, so these
    /// components solved alone get the values a solve of the whole batch gives them.
    package func components(containing seeds: [Int], variableCount: Int) -> (
        batch: ConstraintBatch, variables: [Int32]
    )? {
        // Union-find over the variables, then each variable's root, on raw buffers: at
        // 100k views this walks 1.2M terms, and array accesses with their checks and a
        // nested function capturing the array cost 140 instructions a term.
        var root = [Int32](repeating: 0, count: variableCount)
        var parent = Array(0..<Int32(variableCount))
        parent.withUnsafeMutableBufferPointer { parent in
            func find(_ x: Int32) -> Int32 {
                var x = Int(x)
                while parent[x] != Int32(x) {
                    parent[x] = parent[Int(parent[x])]
                    x = Int(parent[x])
                }
                return Int32(x)
            }
            termVariables.withUnsafeBufferPointer { variables in
                var start = 0
                for end in termEnds {
                    let end = Int(end)
                    if start < end {
                        let a = find(variables[start])
                        for t in (start + 1)..<end {
                            let b = find(variables[t])
                            if a != b { parent[Int(b)] = a }
                        }
                    }
                    start = end
                }
            }
            root.withUnsafeMutableBufferPointer { root in
                for v in root.indices { root[v] = find(Int32(v)) }
            }
        }
        var wanted = [Bool](repeating: false, count: variableCount)
        for s in seeds {
            guard let first = terms(of: s).first else { return nil }
            wanted[Int(root[Int(termVariables[first])])] = true
        }
        var renumbered = [Int32](repeating: -1, count: variableCount)
        var variables: [Int32] = []
        for v in 0..<variableCount where wanted[Int(root[v])] {
            renumbered[v] = Int32(variables.count)
            variables.append(Int32(v))
        }
        // Every variable reached and every constraint with terms (one connected layout, a
        // grid): the part is this batch, shared rather than copied term by term.
        if variables.count == variableCount, (0..<count).allSatisfy({ !terms(of: $0).isEmpty }) {
            return (self, variables)
        }
        // The part's constraints, counted first so that each array is filled in place
        // once: appending a term at a time was most of this function at 100k views.
        var kept: [Int32] = []
        var termCount = 0
        for c in 0..<count {
            let range = terms(of: c)
            guard let first = range.first, wanted[Int(root[Int(termVariables[first])])] else {
                continue
            }
            kept.append(Int32(c))
            termCount += range.count
        }
        var part = ConstraintBatch()
        part.termVariables = Array(unsafeUninitializedCapacity: termCount) { out, written in
            for c in kept {
                for t in terms(of: Int(c)) {
                    out[written] = renumbered[Int(termVariables[t])]
                    written += 1
                }
            }
        }
        part.termCoefficients = Array(unsafeUninitializedCapacity: termCount) { out, written in
            for c in kept {
                for t in terms(of: Int(c)) {
                    out[written] = termCoefficients[t]
                    written += 1
                }
            }
        }
        part.termEnds = Array(unsafeUninitializedCapacity: kept.count) { out, written in
            var end: Int32 = 0
            for c in kept {
                end += Int32(terms(of: Int(c)).count)
                out[written] = end
                written += 1
            }
        }
        part.relations = kept.map { relations[Int($0)] }
        part.constants = kept.map { constants[Int($0)] }
        part.priorities = kept.map { priorities[Int($0)] }
        return (part, variables)
    }
}
