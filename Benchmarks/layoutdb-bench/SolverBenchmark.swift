import Foundation
import LayoutSolver
import LayoutStore

let benchDirectory: String = {
    // Benchmarks/layoutdb-bench
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    return here.appending(path: "../../../shared/bench").standardized.path
}()

/// The peer runs under the first python3 on PATH (where kiwisolver was installed).
let python = "/usr/bin/env"
let pythonPrefix = ["python3"]

/// Has the peer write the linear system it solves for `layout`, so that both solve the
/// same one. Stops the benchmark when it cannot: a dump left by an earlier run would
/// otherwise be timed as if it were this workload's.
func writeDump(layout: String, to dump: String) {
    try? FileManager.default.removeItem(atPath: dump)
    let result = run(
        python, pythonPrefix + ["\(benchDirectory)/kiwi_peer.py", layout, "--dump", dump])
    guard let (status, _, _) = result, status == 0, FileManager.default.fileExists(atPath: dump)
    else {
        fail(
            "kiwi_peer.py could not write \(dump): it needs python3 with kiwisolver "
                + "(pip install kiwisolver==1.5.1); run `python3 \(benchDirectory)/kiwi_peer.py \(layout) --dump \(dump)` to see its error"
        )
    }
}

/// One workload in this process: build+solve and the in-place change, as JSON.
func solveOne(path: String, repeats: Int) {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        let dump = try? LinearSystemDump(parsing: text)
    else { fail("cannot read \(path)") }
    var builds: [Double] = []
    var changes: [Double] = []
    var firsts: [Double] = []
    var checksum = 0.0
    var changedChecksum = 0.0
    for _ in 0..<repeats {
        // Timed like the peer's build: making variables and constraints, adding, solving.
        let t0 = now()
        var solver = Solver()
        let vars = solver.makeVariables(dump.variableCount)
        let input = dump.constraintBatch(vars)
        let handles: [ConstraintHandle]
        do { handles = try solver.add(input) } catch { fail("\(path): \(error)") }
        var sum = 0.0
        for v in vars.dropFirst(4) { sum += solver.value(of: v) }
        builds.append(now() - t0)
        // Tearing the solver down is not part of build+solve (nor of the peer's figure):
        // keep it alive past the clock, or Swift may free it before `now()`.
        checksum = sum
        if let change = dump.change, !arguments.contains("--build-only") {
            // Alternate new and old so every repetition is a real change, as the peer does.
            var times: [Double] = []
            for rep in 0..<7 {
                let target = rep % 2 == 0 ? change.new : change.old
                let t = now()
                do { try solver.setConstant(handles[change.index], to: target) } catch {
                    fail("\(path): set-constant: \(error)")
                }
                times.append(now() - t)
                if rep == 0 {
                    changedChecksum = vars.dropFirst(4).reduce(0) { $0 + solver.value(of: $1) }
                }
            }
            // The first change of a core's required equality rebuilds that core (it had no
            // marker); the later ones go through the marker it has from then on.
            firsts.append(times[0])
            changes.append(median(Array(times.dropFirst())))
        }
        withExtendedLifetime(solver) {}
    }
    let json: [String: Any] = [
        "build_solve_s": median(builds), "set_constant_s": changes.isEmpty ? 0 : median(changes),
        "first_change_s": firsts.isEmpty ? 0 : median(firsts),
        "checksum": (checksum * 1e4).rounded() / 1e4,
        "set_checksum": (changedChecksum * 1e4).rounded() / 1e4,
        "peak_rss_bytes": peakResidentBytes(),
    ]
    let data = try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

struct Workloads {
    let directory: String
    let sizes: [Int]
    let families: [String]

    init(defaultSizes: String = "1000,10000,100000") {
        sizes = (option("--sizes") ?? defaultSizes).split(separator: ",").map { Int($0)! }
        families = (option("--families") ?? "form,chain,grid,cards").split(separator: ",").map(
            String.init)
        directory =
            option("--workdir")
            ?? FileManager.default.temporaryDirectory
            .appending(path: "layoutdb-bench").path
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        let sizesArg = sizes.map(String.init).joined(separator: ",")
        let familiesArg = families.joined(separator: ",")
        guard
            let (status, _, _) = run(
                python,
                pythonPrefix + [
                    "\(benchDirectory)/gen_workloads.py", directory, "--sizes", sizesArg,
                    "--families", familiesArg,
                ]), status == 0
        else { fail("gen_workloads.py failed (is ../shared/bench beside the project?)") }
    }

    func path(_ family: String, _ n: Int, _ ext: String) -> String {
        "\(directory)/\(family)-\(n).\(ext)"
    }
}

func json(_ text: String) -> [String: Any]? {
    guard let start = text.firstIndex(of: "{") else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(text[start...].utf8))) as? [String: Any]
}

func runSolverBenchmark() {
    let workloads = Workloads()
    let limit = Double(option("--kiwi-limit") ?? "120") ?? 120
    let repeats = option("--repeat") ?? "3"
    let me = CommandLine.arguments[0]
    var lines = [
        "| workload | layoutdb build+solve | kiwi build+solve | ratio | layoutdb set-constant (first) | layoutdb set-constant (again) | kiwi remove+re-add | kiwi edit-var | first/build | again/build | layoutdb peak RSS | checksums agree |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    var ours: [String: Double] = [:]
    for family in workloads.families {
        for n in workloads.sizes {
            let layout = workloads.path(family, n, "layout")
            let dump = workloads.path(family, n, "dump")
            writeDump(layout: layout, to: dump)
            guard let (_, out, _) = run(me, ["solve-one", dump, "--repeat", repeats]),
                let r = json(out)
            else { fail("solve-one failed on \(dump)") }
            let build = r["build_solve_s"] as! Double
            let change = r["set_constant_s"] as! Double
            let first = r["first_change_s"] as! Double
            ours["\(family)-\(n)"] = build
            FileHandle.standardError.write(
                Data("\(family)-\(n): layoutdb \(formatSeconds(build))\n".utf8))
            var kiwiBuild = Double.nan
            var kiwiChange = Double.nan
            var kiwiEdit = Double.nan
            var agree = "—"
            let peer = run(
                python,
                pythonPrefix + [
                    "\(benchDirectory)/kiwi_peer.py", layout, "--repeat",
                    n >= 10_000 ? "1" : repeats, "--set-reps", n >= 10_000 ? "1" : "7",
                ],
                limit: limit)
            if let (_, out, _) = peer, let k = json(out) {
                kiwiBuild = (k["build_s"] as! Double) + (k["solve_s"] as! Double)
                let set = k["set_constant"] as? [String: Any]
                kiwiChange = set?["remove_readd_update_s"] as? Double ?? .nan
                kiwiEdit = set?["edit_suggest_update_s"] as? Double ?? .nan
                let same =
                    abs((k["checksum"] as! Double) - (r["checksum"] as! Double)) < 1e-3
                    && abs((set?["checksum"] as? Double ?? .nan) - (r["set_checksum"] as! Double))
                        < 1e-3
                agree = same ? "yes" : "**no**"
            }
            let kiwiText =
                peer == nil ? "> \(Int(limit)) s (not finished)" : formatSeconds(kiwiBuild)
            lines.append(
                "| \(family)-\(n) | \(formatSeconds(build)) | \(kiwiText) | "
                    + (peer == nil
                        ? "> \(formatRatio(limit / build))" : formatRatio(kiwiBuild / build))
                    + " | \(formatSeconds(first)) | \(formatSeconds(change)) | \(formatSeconds(kiwiChange)) | "
                    + "\(formatSeconds(kiwiEdit)) | "
                    + String(format: "%.3f | %.4f", first / build, change / build)
                    + " | \(String(format: "%.0f MiB", Double(r["peak_rss_bytes"] as! Int) / 1_048_576)) | \(agree) |"
            )
        }
    }
    var growth: [String] = []
    for family in workloads.families {
        if let a = ours["\(family)-10000"], let b = ours["\(family)-100000"] {
            growth.append("\(family) \(String(format: "%.1f", b / a))x")
        }
    }
    if !growth.isEmpty {
        lines.append("\nGrowth 10k → 100k (build+solve): " + growth.joined(separator: ", "))
    }
    let table = lines.joined(separator: "\n")
    print(table)
    if let out = option("--out") {
        try? (table + "\n").write(toFile: out, atomically: true, encoding: .utf8)
    }
}

/// Growth 10k → 100k of build+solve, timed so that the machine's drift cancels out: the
/// two sizes alternate for `--rounds` rounds, and the growth is the ratio of the medians
/// over the rounds. Timed one after the other, minutes apart, the same binary's figures
/// on this shared machine moved by ±30 %: enough to move a growth of 10x anywhere from 7x
/// to 15x.
///
/// Each build runs in a fresh process by default (a round's figure is the median of
/// `--repeat` processes), as every `layoutdb` command does. `--warm` times `--repeat`
/// builds in one process instead, each after tearing the previous one down: then what the
/// allocator kept from the previous build decides how much memory the next one must fault
/// in, and glibc keeps a 10k build's memory but hands a 100k build's back to the system
/// (a change of allocation pattern moved chain-100000 from 52 to 68 ms that way, with
/// 15,600 page faults per build instead of 115, and fresh-process times faster at both sizes).
func runGrowthBenchmark() {
    let workloads = Workloads(defaultSizes: "10000,100000")
    guard workloads.sizes.count == 2 else { fail("growth needs exactly two --sizes") }
    let rounds = Int(option("--rounds") ?? "5") ?? 5
    let repeats = option("--repeat") ?? "5"
    let warm = arguments.contains("--warm")
    let me = CommandLine.arguments[0]
    let (small, large) = (workloads.sizes[0], workloads.sizes[1])
    /// One round's build+solve time of a workload: the median of `repeats` builds.
    func timeBuilds(_ dump: String) -> Double {
        var builds: [Double] = []
        for _ in 0..<(warm ? 1 : Int(repeats) ?? 5) {
            let args = ["solve-one", dump, "--repeat", warm ? repeats : "1", "--build-only"]
            guard let (_, out, _) = run(me, args), let r = json(out) else {
                fail("solve-one failed on \(dump)")
            }
            builds.append(r["build_solve_s"] as! Double)
        }
        return median(builds)
    }
    let how =
        warm
        ? "\(repeats) builds in one process" : "each build a fresh process, median of \(repeats)"
    var lines = [
        "Build+solve, \(how); median of \(rounds) rounds.",
        "",
        "| family | build+solve at \(small) (median of rounds) | at \(large) | growth | growth per round |",
        "|---|---|---|---|---|",
    ]
    for family in workloads.families {
        var times: [Int: [Double]] = [:]
        for n in [small, large] {
            let dump = workloads.path(family, n, "dump")
            writeDump(layout: workloads.path(family, n, "layout"), to: dump)
        }
        for _ in 0..<rounds {
            for n in [small, large] {
                times[n, default: []].append(timeBuilds(workloads.path(family, n, "dump")))
            }
        }
        let a = median(times[small]!)
        let b = median(times[large]!)
        let perRound = zip(times[small]!, times[large]!).map { String(format: "%.1fx", $1 / $0) }
        FileHandle.standardError.write(Data("\(family): \(String(format: "%.1fx", b / a))\n".utf8))
        lines.append(
            "| \(family) | \(formatSeconds(a)) | \(formatSeconds(b)) | \(String(format: "%.1fx", b / a)) | "
                + perRound.joined(separator: ", ") + " |")
    }
    let table = lines.joined(separator: "\n")
    print(table)
    if let out = option("--out") {
        try? (table + "\n").write(toFile: out, atomically: true, encoding: .utf8)
    }
}
