import Foundation
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
            let inMask = bytes.reduce(0) { $0 + $1.nonzeroBitCount }
            #expect(count == min(inMask, quotaProcessors() ?? inMask))
        }

        /// A folder in the temporary directory holding `files` (path under it → text).
        func cgroupFolder(_ files: [String: String]) throws -> String {
            let root = FileManager.default.temporaryDirectory.appending(
                path: "cgroup-\(UInt64.random(in: 0...UInt64.max))"
            ).path
            for (path, text) in files {
                let file = root + "/" + path
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            }
            return root
        }

        @Test("a container's CPU quota counts as its processors, rounded up; none, nil")
        func quotaAsProcessors() throws {
            let v2 = "0::/\n"
            let v1 = "3:cpu,cpuacct:/\n2:memory:/\n"
            let cases: [([String: String], String, Int?)] = [
                (["cpu.max": "150000 100000\n"], v2, 2),  // cgroup v2, `--cpus 1.5`
                (["cpu.max": "100000 100000\n"], v2, 1),
                (["cpu.max": "50000 100000\n"], v2, 1),
                (["cpu.max": "max 100000\n"], v2, nil),
                (["cpu.max": "1 2 3\n"], v2, nil),
                (["cpu/cpu.cfs_quota_us": "50000\n", "cpu/cpu.cfs_period_us": "100000\n"], v1, 1),
                (["cpu/cpu.cfs_quota_us": "400000\n", "cpu/cpu.cfs_period_us": "100000\n"], v1, 4),
                (["cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n"], v1, nil),
                (["cpu/cpu.cfs_quota_us": "50000\n"], v1, nil),
                ([:], v2, nil),
                // The process's own cgroup below the mount, and a tighter quota above it.
                (
                    [
                        "cpu.max": "max 100000\n", "app.slice/cpu.max": "100000 100000\n",
                        "app.slice/run.scope/cpu.max": "300000 100000\n",
                    ], "0::/app.slice/run.scope\n", 1
                ),
                (
                    [
                        "cpu/cpu.cfs_quota_us": "-1\n", "cpu/cpu.cfs_period_us": "100000\n",
                        "cpu/job/cpu.cfs_quota_us": "200000\n",
                        "cpu/job/cpu.cfs_period_us": "100000\n",
                    ], "4:cpu,cpuacct:/job\n", 2
                ),
                // A container's view: the host's path is not under its own mount.
                (["cpu.max": "200000 100000\n"], "0::/docker/0123abcd\n", 2),
            ]
            for (files, cgroup, expected) in cases {
                let root = try cgroupFolder(files)
                defer { try? FileManager.default.removeItem(atPath: root) }
                #expect(
                    quotaProcessors(cgroupRoot: root, cgroup: cgroup) == expected,
                    "\(files) \(cgroup)")
            }
        }

        @Test("the affinity mask is read from the kernel's list of allowed processors")
        func affinityList() {
            let status = { (list: String) in
                "Name:\tlayoutdb\nCpus_allowed:\t3\nCpus_allowed_list:\t\(list)\nMems_allowed:\t1\n"
            }
            for (list, expected) in [
                ("0-1", 2), ("0", 1), ("0-3,8", 5), ("2,4,6-7", 4), ("", nil), ("3-1", nil),
                ("x", nil),
            ] as [(String, Int?)] {
                #expect(affinityProcessors(status: status(list)) == expected, "\(list)")
            }
            #expect(affinityProcessors(status: "Name:\tx\n") == nil)
            #expect(affinityProcessors(status: nil) == nil)
        }
    }
#endif
