#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls `read` on a thread of its own, ahead of the caller, and hands what it read over
/// in order through ``next()``: a first apply parses its script on one core while it
/// writes the statements already parsed on the other.
///
/// At most `depth` chunks of `chunk` elements wait, so a million-statement script is
/// never held whole. An error `read` throws comes out of ``next()`` after everything read
/// before it, as it would reading in line. ``close()`` stops the thread and waits for it:
/// every owner calls it (the thread holds the object until it ends), before whatever
/// `read` uses goes away. Made `inline`, or where no thread can be started, it starts
/// none and ``next()`` calls `read` itself.
///
/// A POSIX thread, mutex and condition: the binary links neither Foundation whole nor
/// Dispatch (see ModuleBoundaryTests).
///
///     let ahead = ReadAhead { try box.reader.next() }
///     defer { ahead.close() }
///     while let statement = try ahead.next() { try applier.apply(statement) }
final class ReadAhead<Element: Sendable>: @unchecked Sendable {
    // Unchecked: the fields from `ready` to `stopped` are touched only with `mutex` held;
    // `current`, `index`, `thread` and `inline` only by the caller's thread.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var ready: [[Element]] = []
    private var failure: (any Error)?
    private var finished = false
    private var stopped = false
    private var thread: pthread_t?
    private var current: [Element] = []
    private var index = 0
    /// `read`, kept where no thread could be started.
    private var inline: (() throws -> Element?)?

    init(
        inline: Bool = false, chunk: Int = 256, depth: Int = 8,
        _ read: @escaping @Sendable () throws -> Element?
    ) {
        precondition(chunk > 0 && depth > 0)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
        guard !inline else {
            self.inline = read
            return
        }
        thread = startThread { [self] in readAll(read, chunk: chunk, depth: depth) }
        if thread == nil { self.inline = read }
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// The next element `read` gave, or nil after its last.
    func next() throws -> Element? {
        if let inline { return try inline() }
        while index == current.count {
            pthread_mutex_lock(mutex)
            while ready.isEmpty && !finished { pthread_cond_wait(changed, mutex) }
            guard !ready.isEmpty else {
                let failure = failure
                pthread_mutex_unlock(mutex)
                if let failure { throw failure }
                return nil
            }
            current = ready.removeFirst()
            index = 0
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(mutex)
        }
        index += 1
        return current[index - 1]
    }

    /// Stops the reading thread (at its next chunk) and waits until it has ended.
    func close() {
        guard let thread else { return }
        self.thread = nil
        pthread_mutex_lock(mutex)
        stopped = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        pthread_join(thread, nil)
    }

    /// The thread's work: read until the end, an error or a stop, a chunk at a time.
    private func readAll(_ read: () throws -> Element?, chunk: Int, depth: Int) {
        var pending: [Element] = []
        pending.reserveCapacity(chunk)
        while true {
            let element: Element?
            do {
                element = try read()
            } catch {
                hand(pending, ending: error)
                return
            }
            guard let element else {
                hand(pending, ending: nil)
                return
            }
            pending.append(element)
            if pending.count == chunk {
                guard hand(pending, waitingBelow: depth) else { return }
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Queues a full chunk once fewer than `depth` wait; false when the caller stopped.
    private func hand(_ chunk: [Element], waitingBelow depth: Int) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while ready.count >= depth && !stopped { pthread_cond_wait(changed, mutex) }
        guard !stopped else { return false }
        ready.append(chunk)
        pthread_cond_broadcast(changed)
        return true
    }

    /// Queues the last chunk and how reading ended.
    private func hand(_ chunk: [Element], ending error: (any Error)?) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if !chunk.isEmpty { ready.append(chunk) }
        failure = error
        finished = true
        pthread_cond_broadcast(changed)
    }
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
