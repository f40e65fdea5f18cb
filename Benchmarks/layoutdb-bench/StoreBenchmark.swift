import Foundation

/// End to end, as a user runs it: `layoutdb apply` of each workload into a new project,
/// and `layoutdb set-constant` (process start to exit) on the workload's scenario.
func runStoreBenchmark() {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appending(path: "layoutdb").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        fail("no layoutdb beside layoutdb-bench: run `swift build -c release` first")
    }
    let workloads = Workloads()
    let repeats = Int(option("--repeat") ?? "5") ?? 5
    var lines = [
        "| workload | views | constraints | apply (s) | kiwi build+solve (s) | python sqlite3 insert of the frames (s) | set-constant, median (ms) | frames rows changed |",
        "|---|---|---|---|---|---|---|---|",
    ]
    var setTimes: [String: Double] = [:]
    for family in workloads.families {
        for n in workloads.sizes {
            let layout = workloads.path(family, n, "layout")
            let db = workloads.path(family, n, "layoutdb")
            guard let text = try? String(contentsOfFile: layout, encoding: .utf8) else { fail("cannot read \(layout)") }
            let header = text.split(separator: "\n").prefix(5)
            let constraints = header.first { $0.contains("constraints=") }
                .flatMap { $0.split(separator: " ").first { $0.hasPrefix("constraints=") } }
                .map { String($0.dropFirst("constraints=".count)) } ?? "?"
            let scenario = header.first { $0.hasPrefix("# set-constant ") }?.split(separator: " ")
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) }
            guard let (status, _, applySeconds) = run(binary, ["--db", db, "apply", layout, "-q"]), status == 0 else {
                fail("layoutdb apply failed on \(layout)")
            }
            // The peer's figures for the same file (kiwi build, Python sqlite3 writing N frame rows).
            var kiwi = "—"
            var pythonInsert = "—"
            if n <= 10_000,
                let (_, out, _) = run(python, pythonPrefix + ["\(benchDirectory)/kiwi_peer.py", layout, "--set-reps", "1", "--sqlite", db + ".peer.sqlite"], limit: 150),
                let k = json(out)
            {
                kiwi = String(format: "%.3f", (k["build_s"] as! Double) + (k["solve_s"] as! Double))
                if let s = k["sqlite"] as? [String: Any], let insert = s["insert_s"] as? Double {
                    pythonInsert = String(format: "%.3f", insert)
                }
            } else if n > 10_000 {
                kiwi = "not run (> 150 s at 10k)"
            }
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + ".peer.sqlite" + suffix) }
            var setText = "—"
            var changed = "—"
            if let scenario, scenario.count == 5 {
                let label = String(scenario[2])
                var times: [Double] = []
                for rep in 0..<repeats {
                    let value = rep % 2 == 0 ? String(scenario[4]) : String(scenario[3])
                    guard let (status, out, seconds) = run(binary, ["--db", db, "set-constant", label, value, "--json"]),
                        status == 0
                    else { fail("set-constant failed on \(db)") }
                    times.append(seconds)
                    if rep == 0 {
                        changed = String((try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [Any])?.count ?? 0)
                    }
                }
                setTimes["\(family)-\(n)"] = median(times)
                setText = String(format: "%.1f", median(times) * 1000)
            }
            FileManager.default.createFile(atPath: db + ".keep", contents: nil)
            lines.append("| \(family)-\(n) | \(n) | \(constraints) | \(String(format: "%.3f", applySeconds)) | \(kiwi) | \(pythonInsert) | \(setText) | \(changed) |")
            FileHandle.standardError.write(Data("\(family)-\(n): apply \(String(format: "%.3f", applySeconds)) s, set-constant \(setText) ms\n".utf8))
            for suffix in ["", "-wal", "-shm", ".keep"] { try? FileManager.default.removeItem(atPath: db + suffix) }
        }
    }
    if let small = setTimes["cards-1000"], let large = setTimes["cards-100000"] {
        lines.append("\nset-constant cards-100000 / cards-1000: \(String(format: "%.2f", large / small))x")
    }
    let table = lines.joined(separator: "\n")
    print(table)
    if let out = option("--out") { try? (table + "\n").write(toFile: out, atomically: true, encoding: .utf8) }
}
