import Foundation

func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.isEmpty ? .nan : s[s.count / 2]
}

/// Peak resident memory of this process, in bytes (Linux reports KiB).
func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024
}

/// Runs a program, returning (exit status, stdout, seconds), or nil output when it
/// exceeded `limit` seconds (then it is killed).
///
/// The clock runs from just before `posix_spawn` to the return of the blocking wait, so
/// a figure is the process's own start to exit. Foundation's `Process` with a poll every
/// millisecond added about 2 ms to a 6 ms process (a monitoring thread, the poll's
/// granularity): a fifth of the 1k-view targets, and not layoutdb's time.
func run(_ executable: String, _ args: [String], limit: Double? = nil) -> (Int32, String, Double)? {
    // Output goes to a file: no pipe to fill while we wait.
    let outPath = FileManager.default.temporaryDirectory
        .appending(path: "layoutdb-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out").path
    defer { unlink(outPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + args).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
        return (127, "", 0)
    }
    // A watchdog kills the child after `limit`. The child is waited for without being
    // reaped first (`WNOWAIT`), so the watchdog never signals a reused process id.
    let state = Watchdog()
    let child = pid
    if let limit {
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: limit)
            state.killIfRunning(child)
        }
    }
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    let elapsed = now() - start
    let killed = state.finish()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if killed { return nil }
    let data = FileManager.default.contents(atPath: outPath) ?? Data()
    // WEXITSTATUS; a signal's death reads as 128 + its number, as a shell says it.
    let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (exitStatus, String(decoding: data, as: UTF8.self), elapsed)
}

/// Whether a child has been waited for, and whether the watchdog killed it first.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var killed = false

    func killIfRunning(_ pid: pid_t) {
        lock.withLock {
            guard !done else { return }
            kill(pid, SIGKILL)
            killed = true
        }
    }

    /// Marks the child waited for; true when the watchdog had killed it.
    func finish() -> Bool {
        lock.withLock {
            done = true
            return killed
        }
    }
}

func formatSeconds(_ s: Double) -> String {
    if s.isNaN { return "—" }
    if s < 1e-3 { return String(format: "%.1f µs", s * 1e6) }
    if s < 1 { return String(format: "%.2f ms", s * 1e3) }
    return String(format: "%.2f s", s)
}

func formatRatio(_ x: Double) -> String {
    x.isFinite ? (x >= 100 ? String(format: "%.0fx", x) : String(format: "%.1fx", x)) : "—"
}
