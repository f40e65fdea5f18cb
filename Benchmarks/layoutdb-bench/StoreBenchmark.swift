import Foundation
import LayoutStore

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
    let kiwiLimit = Double(option("--kiwi-limit") ?? "150") ?? 150
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
                let (_, out, _) = run(python, pythonPrefix + ["\(benchDirectory)/kiwi_peer.py", layout, "--set-reps", "1", "--sqlite", db + ".peer.sqlite"], limit: kiwiLimit),
                let k = json(out)
            {
                kiwi = String(format: "%.3f", (k["build_s"] as! Double) + (k["solve_s"] as! Double))
                if let s = k["sqlite"] as? [String: Any], let insert = s["insert_s"] as? Double {
                    pythonInsert = String(format: "%.3f", insert)
                }
            } else if n > 10_000 {
                kiwi = "not run (kiwi needs seconds to minutes at 10k)"
            } else {
                kiwi = "> \(Int(kiwiLimit)) s (not finished)"
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

/// The store alone on one workload: parse once, then per repetition `apply` into a new
/// file, `loadLayout` of everything, `writeComponents` as after a first solve (made-up
/// components, one per view and axis), the workload's `# set-constant` through the store
/// and the partial `loadLayout` of the components it marked (no solve). Prints medians
/// as JSON; the temp files are removed.
///
///     swift run -c release layoutdb-bench store-one wl/form-100000.layout --repeat 3
func storeOne(path: String, repeats: Int) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        fail("cannot read \(path)")
    }
    let t0 = now()
    let statements: [LocatedStatement]
    do { statements = try ScriptParser.parse(text, file: path) } catch { fail("\(error)") }
    let parse = now() - t0
    // `# set-constant LABEL OLD NEW`
    let change = text.split(separator: "\n", maxSplits: 8).first {
        $0.hasPrefix("# set-constant ")
    }.map { $0.split(separator: " ").dropFirst(2).map(String.init) }
    var applies: [Double] = []
    var loads: [Double] = []
    var sets: [Double] = []
    var writes: [Double] = []
    var partialLoads: [Double] = []
    var partialCounts = (views: 0, constraints: 0)
    var counts = (views: 0, constraints: 0)
    for _ in 0..<repeats {
        let file = FileManager.default.temporaryDirectory
            .appending(path: "layoutdb-store-\(getpid()).layoutdb").path
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: file + suffix)
        }
        defer {
            // LAYOUTDB_BENCH_KEEP=1 keeps the last project, to look at with sqlite3.
            for suffix in ["", "-wal", "-shm"] where getenv("LAYOUTDB_BENCH_KEEP") == nil {
                try? FileManager.default.removeItem(atPath: file + suffix)
            }
        }
        do {
            let store = try ProjectStore.open(path: file, create: true)
            var t = now()
            try store.apply(statements)
            applies.append(now() - t)
            t = now()
            let model = try store.loadLayout()
            loads.append(now() - t)
            counts = (model.views.count, model.constraints.count)
            // Components as a first solve would record them (one per view and axis here:
            // every row changes), then the edit and the partial load it leads to.
            var components: [Int64: [Int?]] = [:]
            for view in model.views where !view.isRoot {
                let k = Int(view.id) * 4
                components[view.id] = [k, k + 1, k + 2, k + 3]
            }
            t = now()
            try store.writeComponents(views: components)
            writes.append(now() - t)
            if let change, change.count == 3, let old = Double(change[1]),
                let new = Double(change[2])
            {
                // Alternate new and old so every repetition is a real change; the first
                // one after the apply also pays for the WAL left behind, so the median.
                var times: [Double] = []
                for rep in 0..<7 {
                    t = now()
                    try store.setConstant(label: change[0], value: rep % 2 == 0 ? new : old)
                    times.append(now() - t)
                }
                sets.append(median(times))
                let dirty = Set(try store.dirtyMarks().compactMap(\.component))
                t = now()
                let partial = try store.loadLayout(components: dirty)
                partialLoads.append(now() - t)
                partialCounts = (partial.views.count, partial.constraints.count)
            }
        } catch {
            fail("\(path): \(error)")
        }
    }
    print(
        """
        {"file": "\(path)", "parse_s": \(parse), "apply_s": \(median(applies)), \
        "load_s": \(median(loads)), "write_components_s": \(median(writes)), \
        "set_constant_s": \(median(sets)), "partial_load_s": \(median(partialLoads)), \
        "partial_views": \(partialCounts.views), \
        "partial_constraints": \(partialCounts.constraints), \
        "views": \(counts.views), "constraints": \(counts.constraints)}
        """)
}
