import Foundation
import Testing

/// splitmix64: a small seeded generator, so a failing run can be repeated from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seed for randomized tests: $LAYOUTDB_TEST_SEED to repeat a run, else the clock.
func testSeed(_ name: String) -> UInt64 {
    let seed =
        ProcessInfo.processInfo.environment["LAYOUTDB_TEST_SEED"].flatMap { UInt64($0) }
        ?? UInt64(Date().timeIntervalSince1970 * 1000)
    print("\(name): seed \(seed) (repeat with LAYOUTDB_TEST_SEED=\(seed))")
    return seed
}

/// Its methods only read `directory` (a `let`): safe to share between test threads.
extension Sandbox: @unchecked Sendable {}

extension Sandbox {
    /// Starts `layoutdb ARGS --db PATH` without waiting; output is discarded.
    func start(_ args: [String], db path: String? = nil) -> Process {
        let p = Process()
        p.executableURL = productsDirectory.appending(path: "layoutdb")
        p.arguments = args + ["--db", path ?? db]
        p.currentDirectoryURL = directory
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try! p.run()
        return p
    }

    /// `sqlite3 PATH SQL` with a busy timeout: status, stdout, stderr.
    func sqlite(_ query: String, db path: String? = nil) -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["sqlite3", "-cmd", ".timeout 10000", path ?? db, query]
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try! p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(
            status: p.terminationStatus,
            stdout: String(decoding: data, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines),
            stderr: String(decoding: errors, as: UTF8.self))
    }

    /// The file's bytes (and its -wal's, which hold committed pages too).
    func bytes(_ path: String? = nil) -> Data {
        let path = path ?? db
        var data = FileManager.default.contents(atPath: path) ?? Data()
        data += FileManager.default.contents(atPath: path + "-wal") ?? Data()
        return data
    }

    /// Copies a closed project to `to`, replacing what is there. Recent edits may still be
    /// in the `-wal` companion (layoutdb does not checkpoint on close), so it comes along.
    func copyProject(from: String, to: String) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: to + suffix)
        }
        try! FileManager.default.copyItem(atPath: from, toPath: to)
        if FileManager.default.fileExists(atPath: from + "-wal") {
            try! FileManager.default.copyItem(atPath: from + "-wal", toPath: to + "-wal")
        }
    }

    /// The project's content as SQL text (`.dump`): what a reader can see, whatever pages
    /// of a rolled-back transaction are left unused in the `-wal` file.
    func dump(_ path: String? = nil) -> String {
        sqlite(".dump", db: path ?? db).stdout
    }
}

/// `N` views in a row, each as wide as the one before: `w` (v0's width) moves them all.
func chainScript(views n: Int) -> String {
    var lines = ["canvas 375 812"]
    lines.reserveCapacity(3 * n + 2)
    for i in 0..<n { lines.append("view v\(i)") }
    lines.append("w: v0.width == 10")
    lines.append("v0.left == root.left")
    for i in 0..<n {
        if i > 0 {
            lines.append("v\(i).left == v\(i - 1).right")
            lines.append("v\(i).width == v\(i - 1).width")
        }
        lines.append("v\(i).top == root.top; v\(i).height == 20")
    }
    return lines.joined(separator: "\n") + "\n"
}
