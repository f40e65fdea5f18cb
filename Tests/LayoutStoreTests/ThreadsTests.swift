import Testing

@testable import LayoutStore

#if canImport(Glibc)
    import Glibc
#endif

/// A counter the reading thread alone advances.
private final class Counter: @unchecked Sendable {
    var next = 0
}

private struct Refused: Error, Equatable {
    let at: Int
}

@Suite("Reading ahead on a thread of its own")
struct ReadAheadTests {
    @Test(
        "hands over everything read, in order, across chunks (or in line)",
        arguments: [false, true], [1, 3, 7, 1000])
    func inOrder(inline: Bool, chunk: Int) throws {
        let counter = Counter()
        let ahead = ReadAhead(inline: inline, chunk: chunk, depth: 2) { () -> Int? in
            defer { counter.next += 1 }
            return counter.next < 100 ? counter.next : nil
        }
        defer { ahead.close() }
        var seen: [Int] = []
        while let n = try ahead.next() { seen.append(n) }
        #expect(seen == Array(0..<100))
        #expect(try ahead.next() == nil)
    }

    @Test("an error comes after everything read before it, and then again")
    func errorInPlace() throws {
        let counter = Counter()
        let ahead = ReadAhead(chunk: 4, depth: 2) { () throws -> Int? in
            defer { counter.next += 1 }
            if counter.next == 10 { throw Refused(at: 10) }
            return counter.next
        }
        defer { ahead.close() }
        var seen: [Int] = []
        #expect(throws: Refused(at: 10)) {
            while let n = try ahead.next() { seen.append(n) }
        }
        #expect(seen == Array(0..<10))
        #expect(throws: Refused(at: 10)) { try ahead.next() }
    }

    @Test("closing early stops a reader that waits for room, and reads no further")
    func closeEarly() throws {
        let counter = Counter()
        let ahead = ReadAhead(chunk: 2, depth: 1) { () -> Int? in
            defer { counter.next += 1 }
            return counter.next
        }
        #expect(try ahead.next() == 0)
        ahead.close()
        // The reader stopped with at most a chunk held, one waiting and one being filled.
        #expect(counter.next <= 2 + 2 + 2)
        ahead.close()
    }
}

/// What jobs did, in order; read by the test only after a drain or a close.
private final class Log: @unchecked Sendable {
    var entries: [Int] = []
}

@Suite("Jobs run in order on a thread of their own")
struct SerialWorkerTests {
    @Test("every job runs, in the order given, before drain returns", arguments: [1, 4, 64])
    func inOrder(limit: Int) throws {
        let log = Log()
        let worker = SerialWorker(limit: limit)
        defer { worker.close() }
        for i in 0..<200 { try worker.submit { log.entries.append(i) } }
        try worker.drain()
        #expect(log.entries == Array(0..<200))
        try worker.submit { log.entries.append(200) }
        try worker.drain()
        #expect(log.entries.count == 201)
    }

    @Test("a job that throws drops the jobs after it; drain and submit throw its error")
    func failureEndsTheWork() throws {
        let log = Log()
        let worker = SerialWorker(limit: 8)
        defer { worker.close() }
        for i in 0..<5 {
            try worker.submit {
                if i == 2 { throw Refused(at: 2) }
                log.entries.append(i)
            }
        }
        #expect(throws: Refused(at: 2)) { try worker.drain() }
        #expect(log.entries == [0, 1])
        #expect(throws: Refused(at: 2)) { try worker.submit { log.entries.append(9) } }
        #expect(throws: Refused(at: 2)) { try worker.drain() }
        #expect(log.entries == [0, 1])
    }

    @Test("made inline, each job runs in submit, and its error comes out there")
    func inlineJobs() throws {
        let log = Log()
        let worker = SerialWorker(inline: true)
        defer { worker.close() }
        try worker.submit { log.entries.append(1) }
        #expect(log.entries == [1])
        #expect(throws: Refused(at: 3)) { try worker.submit { throw Refused(at: 3) } }
        try worker.submit { log.entries.append(2) }
        try worker.drain()
        #expect(log.entries == [1, 2])
    }

    @Test("closing with jobs waiting ends the thread without running them all")
    func closeDropsWaitingJobs() throws {
        let log = Log()
        let worker = SerialWorker(limit: 1000)
        for i in 0..<1000 { try worker.submit { log.entries.append(i) } }
        worker.close()
        // What ran, ran in order; the thread is gone, so nothing more will.
        let ran = log.entries
        #expect(ran == Array(0..<ran.count))
        worker.close()
        #expect(log.entries == ran)
    }
}

#if os(Linux)
    @Suite("Processors a thread may run on")
    struct ProcessorsTests {
        typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32

        /// The calling thread's affinity mask, through `sched_getaffinity` or
        /// `sched_setaffinity` (looked up by name, as Glibc's module leaves them out).
        func affinity(_ name: String, _ set: inout cpu_set_t) throws -> Bool {
            let symbol = try #require(dlsym(nil, name))
            return unsafeBitCast(symbol, to: Affinity.self)(0, MemoryLayout<cpu_set_t>.size, &set)
                == 0
        }

        @Test("narrowed to one processor (as `taskset -c N` does), the count is 1")
        func narrowedToOne() throws {
            var all = cpu_set_t()
            try #require(affinity("sched_getaffinity", &all))
            let count = processorsAvailable()
            // The first processor in the mask, as its byte and its bit in that byte.
            let bytes = withUnsafeBytes(of: &all) { Array($0) }
            let byte = try #require(bytes.firstIndex { $0 != 0 })
            let bit = bytes[byte].trailingZeroBitCount
            var one = cpu_set_t()
            withUnsafeMutableBytes(of: &one) { $0[byte] = 1 << bit }
            try #require(affinity("sched_setaffinity", &one))
            let narrowed = processorsAvailable()
            try #require(affinity("sched_setaffinity", &all))
            #expect(narrowed == 1)
            #expect(processorsAvailable() == count)
            #expect(count == bytes.reduce(0) { $0 + $1.nonzeroBitCount })
        }
    }
#endif
