import Foundation
import Testing

/// Where `swift build` put the products (the test bundle sits beside them).
let productsDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A temporary folder with a project path, removed at deinit: one per test.
final class Sandbox {
    let directory: URL
    var db: String { directory.appending(path: "app.layoutdb").path }

    init() {
        directory = FileManager.default.temporaryDirectory.appending(
            path: "layoutdb-e2e-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes a file in the sandbox and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let url = directory.appending(path: name)
        try! Data(text.utf8).write(to: url)
        return url.path
    }

    /// Runs `layoutdb ARGS --db <sandbox db>` (unless the args name a db themselves).
    func run(
        _ args: [String], stdin: String? = nil, environment: [String: String] = [:], db: Bool = true
    ) -> Run {
        let p = Process()
        p.executableURL = productsDirectory.appending(path: "layoutdb")
        p.arguments = args + (db && !args.contains("--db") ? ["--db", self.db] : [])
        p.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "LAYOUTDB")
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = directory.appending(path: ".out-\(UUID().uuidString)")
        let err = directory.appending(path: ".err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        p.standardOutput = try! FileHandle(forWritingTo: out)
        p.standardError = try! FileHandle(forWritingTo: err)
        let input = Pipe()
        p.standardInput = input
        try! p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        p.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Run(
            status: p.terminationStatus,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    /// `sqlite3 DB SQL` output (the tests need the sqlite3 command, as users do).
    func sql(_ query: String) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["sqlite3", db, query]
        let out = Pipe()
        p.standardOutput = out
        try! p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Everything a person could read from the project, to show an error changed nothing.
    func snapshot() -> String {
        sql(
            "select * from constraints; select * from views; select * from frames; select * from dirty; select * from variants; select * from variant_constants;"
        )
    }
}

/// Fixtures of the LayoutStoreTests target, read from the source tree.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(
    path: "../Fixtures"
).standardized

extension Sandbox {
    /// `frames --format csv` of `variant`, its lines sorted: what two projects agree on when
    /// they made their views in another order (a re-apply makes an added view last).
    func frameLines(variant: String) -> [Substring] {
        run(["frames", "--format", "csv", "--variant", variant]).stdout.split(separator: "\n")
            .sorted()
    }
}
