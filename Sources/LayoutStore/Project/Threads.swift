#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls `read` on a thread of its own, ahead of the caller, and hands what it read over
/// in order through ``next()``: a first apply parses its script on one core while it
/// applies the statements already parsed on another.
///
/// At most `depth` chunks of `chunk` elements wait, so a million-statement script is
/// never held whole. An error `read` throws comes out of ``next()`` after everything read
/// before it, as it would reading in line. ``close()`` stops the thread and waits for it:
/// every owner calls it (the thread holds the object until it ends), before whatever
/// `read` uses goes away. Made `inline`, or where no thread can be started, it starts
/// none and ``next()`` calls `read` itself.
///
///     let ahead = ReadAhead { try box.reader.next() }
///     defer { ahead.close() }
///     while let statement = try ahead.next() { try applier.apply(statement) }
final class ReadAhead<Element: Sendable>: @unchecked Sendable {
    // Unchecked: the fields from `ready` to `stopped` are touched only inside `monitor`;
    // `current`, `index`, `thread` and `inline` only by the caller's thread.
    private let monitor = Monitor()
    /// Chunks in reading order. Their elements are optionals so that ``next()`` can move
    /// each out (`take()`): a copy retained everything an element holds (a statement's
    /// strings and arrays), and the chunk's end released it all again.
    private var ready: [[Element?]] = []
    private var failure: (any Error)?
    private var finished = false
    private var stopped = false
    private var thread: pthread_t?
    private var current: [Element?] = []
    private var index = 0
    /// `read`, kept where no thread could be started.
    private var inline: (() throws -> Element?)?

    init(
        inline: Bool = false, chunk: Int = 256, depth: Int = 8,
        _ read: @escaping @Sendable () throws -> Element?
    ) {
        precondition(chunk > 0 && depth > 0)
        guard !inline else {
            self.inline = read
            return
        }
        thread = startThread { [self] in readAll(read, chunk: chunk, depth: depth) }
        if thread == nil { self.inline = read }
    }

    /// The next element `read` gave, or nil after its last.
    func next() throws -> Element? {
        if let inline { return try inline() }
        while index == current.count {
            let taken = monitor.locked { () -> [Element?]? in
                monitor.wait { !ready.isEmpty || finished }
                guard !ready.isEmpty else { return nil }
                monitor.broadcast()
                return ready.removeFirst()
            }
            guard let taken else {
                if let failure = monitor.locked({ failure }) { throw failure }
                return nil
            }
            current = taken
            index = 0
        }
        defer { index += 1 }
        return current[index].take()
    }

    /// Stops the reading thread (at its next chunk) and waits until it has ended.
    func close() {
        monitor.stop(&thread) { stopped = true }
    }

    /// The thread's work: read until the end, an error or a stop, a chunk at a time.
    private func readAll(_ read: () throws -> Element?, chunk: Int, depth: Int) {
        var pending: [Element?] = []
        pending.reserveCapacity(chunk)
        while true {
            do {
                guard let element = try read() else {
                    hand(pending, ending: nil)
                    return
                }
                pending.append(element)
            } catch {
                hand(pending, ending: error)
                return
            }
            if pending.count == chunk {
                guard hand(pending, waitingBelow: depth) else { return }
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Queues a full chunk once fewer than `depth` wait; false when the caller stopped.
    private func hand(_ chunk: [Element?], waitingBelow depth: Int) -> Bool {
        monitor.locked {
            monitor.wait { ready.count < depth || stopped }
            guard !stopped else { return false }
            ready.append(chunk)
            monitor.broadcast()
            return true
        }
    }

    /// Queues the last chunk and how reading ended.
    private func hand(_ chunk: [Element?], ending error: (any Error)?) {
        monitor.locked {
            if !chunk.isEmpty { ready.append(chunk) }
            failure = error
            finished = true
            monitor.broadcast()
        }
    }
}

/// Runs jobs one after another, in the order given, on a thread of its own: the writer
/// of a first apply's rows (``RowWriter``) hands it each INSERT of 32 rows and goes on
/// with the next statements while SQLite writes.
///
/// At most `limit` jobs wait: ``submit(_:)`` blocks beyond. A job that throws ends the
/// work: the jobs after it are dropped, and the error comes out of the next
/// ``submit(_:)`` or ``drain()``. The caller uses nothing the jobs use until ``drain()``
/// returns (the thread is then idle, and all it wrote is visible to the caller), and calls
/// ``close()`` before what the jobs use goes away. Made `inline`, or where no thread can
/// be started, it starts none and each job runs in ``submit(_:)``.
///
///     let worker = SerialWorker()
///     defer { worker.close() }
///     try worker.submit { try insert(rows) }
///     try worker.drain()   // now the caller may use the connection
final class SerialWorker: @unchecked Sendable {
    // Unchecked: the fields from `jobs` to `stopped` are touched only inside `monitor`;
    // `thread` only by the caller's thread.
    private let monitor = Monitor()
    private var jobs: [() throws -> Void] = []
    private var first = 0
    private var running = false
    private var failure: (any Error)?
    private var stopped = false
    private var thread: pthread_t?
    private let limit: Int

    init(inline: Bool = false, limit: Int = 64) {
        precondition(limit > 0)
        self.limit = limit
        if !inline { thread = startThread { [self] in work() } }
    }

    /// Queues `job`, after every job given before it.
    func submit(_ job: @escaping () throws -> Void) throws {
        guard thread != nil else { return try job() }
        try monitor.locked {
            monitor.wait { jobs.count - first < limit || failure != nil }
            if let failure { throw failure }
            jobs.append(job)
            monitor.broadcast()
        }
    }

    /// Waits until every job given has run, and throws the error that ended the work, if
    /// one did.
    func drain() throws {
        try monitor.locked {
            monitor.wait { (first == jobs.count && !running) || failure != nil }
            if let failure { throw failure }
        }
    }

    /// Drops the jobs that wait, lets the one running finish and ends the thread.
    func close() {
        monitor.stop(&thread) { stopped = true }
    }

    private func work() {
        while let job = nextJob() {
            do {
                try job()
                monitor.locked {
                    running = false
                    monitor.broadcast()
                }
            } catch {
                monitor.locked {
                    running = false
                    failure = error
                    jobs.removeAll()
                    first = 0
                    monitor.broadcast()
                }
            }
        }
    }

    /// The next job to run, or nil once stopped.
    private func nextJob() -> (() throws -> Void)? {
        monitor.locked {
            monitor.wait { first < jobs.count || stopped }
            guard !stopped else { return nil }
            let job = jobs[first]
            first += 1
            if first == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                first = 0
            }
            running = true
            return job
        }
    }
}

/// A POSIX mutex and condition variable: the binary links neither Foundation whole nor
/// Dispatch (see ModuleBoundaryTests), so no NSCondition or DispatchSemaphore.
private final class Monitor {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// `body` with the mutex held.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside ``locked(_:)``: waits until `done` holds, woken by each ``broadcast()``.
    func wait(until done: () -> Bool) {
        while !done() { pthread_cond_wait(changed, mutex) }
    }

    /// Inside ``locked(_:)``: wakes every waiter, to look again.
    func broadcast() { pthread_cond_broadcast(changed) }

    /// Tells `thread` to stop (`stop`, run with the mutex held, says so in the state it
    /// watches), waits until it has ended and forgets it; nothing where it is nil.
    func stop(_ thread: inout pthread_t?, _ stop: () -> Void) {
        guard let running = thread else { return }
        thread = nil
        locked {
            stop()
            broadcast()
        }
        pthread_join(running, nil)
    }
}

/// The number of processors this thread may run on: where it is one, a second thread
/// only takes turns with the first (a first apply on three threads was 4 % slower on one
/// core than on one thread). On Linux the thread's affinity mask, which `taskset` and
/// container CPU sets narrow (``affinityProcessors(status:)``), capped by a container's CPU
/// quota (``quotaProcessors(cgroupRoot:cgroup:)``); elsewhere, or where the mask cannot be
/// read, the processors online.
func processorsAvailable() -> Int {
    var count = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    #if os(Linux)
        if let inMask = affinityProcessors() { count = inMask }
        if let quota = quotaProcessors() { count = min(count, quota) }
    #endif
    return count
}

/// The processors in the calling thread's affinity mask, as `Cpus_allowed_list` of
/// `/proc/thread-self/status` lists them (`0-3,8`: 5); nil where it cannot be read.
///
/// Read from the kernel's file rather than by `sched_getaffinity`: Glibc declares that for
/// _GNU_SOURCE only, which Swift's module of it is not built with, and a look-up by name
/// (`dlsym`) finds nothing in a statically linked executable.
func affinityProcessors(status: String? = fileText("/proc/thread-self/status")) -> Int? {
    let key = "Cpus_allowed_list:"
    guard let line = status?.split(separator: "\n").first(where: { $0.hasPrefix(key) })
    else { return nil }
    var count = 0
    for range in line.dropFirst(key.count).split(separator: ",") {
        let bounds = range.split(separator: "-").map {
            Int(String($0.filter { !$0.isWhitespace }))
        }
        switch (bounds.count, bounds.first ?? nil, bounds.last ?? nil) {
        case (1, let only?, _) where only >= 0: count += 1
        case (2, let low?, let high?) where 0 <= low && low <= high: count += high - low + 1
        default: return nil
        }
    }
    return count > 0 ? count : nil
}

/// The processors a CFS quota grants this process, rounded up (`docker run --cpus 1.5`
/// sets 2; so does `systemd-run -p CPUQuota=150%`): the smallest quota on the way from the
/// process's cgroup (`/proc/self/cgroup`, `cgroup`) up to the hierarchy mounted at
/// `cgroupRoot`. cgroup v2's `cpu.max` (`QUOTA PERIOD`, or `max PERIOD` for none), else
/// v1's `cpu/cpu.cfs_quota_us` (-1 for none) over `cpu/cpu.cfs_period_us`. Nil where no
/// quota is set or none can be read.
func quotaProcessors(
    cgroupRoot: String = "/sys/fs/cgroup", cgroup: String? = fileText("/proc/self/cgroup")
) -> Int? {
    // Per line `ID:CONTROLLERS:PATH`; v2's has no controllers, v1's cpu has `cpu` among them.
    var v2Path = "/"
    var v1Path = "/"
    for line in (cgroup ?? "").split(separator: "\n") {
        let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3 else { continue }
        if fields[1].isEmpty {
            v2Path = String(fields[2])
        } else if fields[1].split(separator: ",").contains("cpu") {
            v1Path = String(fields[2])
        }
    }
    // In a container the mount is its own cgroup, and the path (the host's) is not there:
    // the folders that do not exist read as no quota.
    var least: Int?
    for folder in folders(from: cgroupRoot, down: v2Path) {
        guard let fields = fileFields(folder + "/cpu.max"), fields.count == 2,
            let n = quotaProcessors(quota: fields[0], period: fields[1])
        else { continue }
        least = min(least ?? n, n)
    }
    if least != nil { return least }
    for folder in folders(from: cgroupRoot + "/cpu", down: v1Path) {
        guard let quota = fileFields(folder + "/cpu.cfs_quota_us"), quota.count == 1,
            let period = fileFields(folder + "/cpu.cfs_period_us"), period.count == 1,
            let n = quotaProcessors(quota: quota[0], period: period[0])
        else { continue }
        least = min(least ?? n, n)
    }
    return least
}

/// The words of the small file at `path` (``fileText(_:)``), split at spaces and newlines.
private func fileFields(_ path: String) -> [Substring]? {
    fileText(path)?.split(whereSeparator: \.isWhitespace)
}

/// `root`, then each folder of `path` below it, down to the whole of it.
private func folders(from root: String, down path: String) -> [String] {
    var folders = [root]
    var folder = root
    for part in path.split(separator: "/") where part != "." && part != ".." {
        folder += "/" + part
        folders.append(folder)
    }
    return folders
}

/// `quota` microseconds of CPU time per `period` as whole processors, rounded up; nil for
/// no quota (`max`, -1) or text that is not one.
private func quotaProcessors(quota: Substring, period: Substring) -> Int? {
    guard let quota = Int(quota), quota > 0, let period = Int(period), period > 0 else {
        return nil
    }
    return (quota + period - 1) / period
}

/// The text of the small file at `path` (a kernel's file of settings: up to 4 KiB); nil
/// where it cannot be read.
func fileText(_ path: String) -> String? {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    return String(decoding: bytes[..<count], as: UTF8.self)
}

/// Starts a POSIX thread running `body`; nil where none can be started.
private func startThread(_ body: @escaping () -> Void) -> pthread_t? {
    let work = Unmanaged.passRetained(Work(body))
    #if canImport(Glibc)
        var started = pthread_t()
    #else
        var started: pthread_t?
    #endif
    let code = pthread_create(
        &started, nil,
        { argument in
            #if canImport(Glibc)
                guard let argument else { return nil }
            #endif
            Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
            return nil
        }, work.toOpaque())
    guard code == 0 else {
        work.release()
        return nil
    }
    return started
}

/// A closure handed to a new thread through its one pointer argument.
private final class Work {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
