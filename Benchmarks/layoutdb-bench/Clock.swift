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
func run(_ executable: String, _ args: [String], limit: Double? = nil) -> (Int32, String, Double)? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = args
    // Output goes to a file: no pipe to fill while we wait.
    let outPath = FileManager.default.temporaryDirectory
        .appending(path: "layoutdb-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out").path
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: outPath) }
    guard let out = FileHandle(forWritingAtPath: outPath) else { return (127, "", 0) }
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    let start = now()
    do { try p.run() } catch { return (127, "", 0) }
    while p.isRunning {
        if let limit, now() - start > limit {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            return nil
        }
        // 1 ms: the targets of a 1k-view process are 6 to 20 ms.
        usleep(1_000)
    }
    let elapsed = now() - start
    try? out.close()
    let data = FileManager.default.contents(atPath: outPath) ?? Data()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self), elapsed)
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
