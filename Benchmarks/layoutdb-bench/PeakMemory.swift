import Foundation

/// A `layoutdb` process's wall time and peak resident memory, measured by running it
/// under GNU `time` (`/usr/bin/time -f %M`: the child's maximum RSS, in KiB, from
/// `wait4`). nil when `time` is missing or the process fails.
func peakMemory(_ binary: String, _ args: [String]) -> (seconds: Double, bytes: Int)? {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else { return nil }
    let report = FileManager.default.temporaryDirectory
        .appending(path: "layoutdb-bench-rss-\(getpid()).txt").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    guard let (status, _, seconds) = run(time, ["-f", "%M", "-o", report, binary] + args),
        status == 0,
        let text = try? String(contentsOfFile: report, encoding: .utf8),
        let kib = text.split(separator: "\n").last.flatMap({
            Int($0.trimmingCharacters(in: .whitespaces))
        })
    else { return nil }
    return (seconds, kib * 1024)
}

func formatBytes(_ bytes: Int) -> String {
    let mib = Double(bytes) / (1024 * 1024)
    return mib >= 1024 ? String(format: "%.2f GiB", mib / 1024) : String(format: "%.0f MiB", mib)
}

/// `store --memory-1m`: `apply` of a 1,000,000-view cards workload into a new project,
/// its time and peak memory (issue 17's target: under 1.5 GB). Generating the file and
/// applying it take minutes on a shared machine, so only on request.
func millionViewApplyLines(binary: String) -> [String] {
    let directory =
        option("--workdir")
        ?? FileManager.default.temporaryDirectory
        .appending(path: "layoutdb-bench").path
    let n = 1_000_000
    let layout = "\(directory)/cards-\(n).layout"
    let db = "\(directory)/cards-\(n).layoutdb"
    if !FileManager.default.fileExists(atPath: layout) {
        guard
            let (status, _, _) = run(
                python,
                pythonPrefix + [
                    "\(benchDirectory)/gen_workloads.py", directory, "--sizes", "\(n)",
                    "--families", "cards",
                ]), status == 0
        else { fail("gen_workloads.py failed for cards-\(n)") }
    }
    func removeProject() {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: db + suffix)
        }
    }
    removeProject()
    defer { removeProject() }
    guard let (seconds, bytes) = peakMemory(binary, ["--db", db, "apply", layout, "-q"]) else {
        fail("layoutdb apply of cards-\(n) failed (or /usr/bin/time is missing)")
    }
    let limit = 1_500_000_000
    return [
        "",
        "| what | workload | time | peak memory (RSS) | target | pass |",
        "|---|---|---|---|---|---|",
        "| apply (new project) | cards-\(n) | \(formatSeconds(seconds)) | \(formatBytes(bytes)) | ≤ 1.5 GB | \(bytes <= limit ? "pass" : "**fail**") |",
    ]
}
