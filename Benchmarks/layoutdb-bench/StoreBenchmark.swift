import Foundation
import LayoutStore

func runStoreBenchmark() {
    fail("the store benchmark needs the CLI (issue 3); not built yet")
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
