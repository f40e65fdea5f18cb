import Foundation
import LayoutStore

// layoutdb-bench: release-mode benchmarks against the kiwi peer (../shared/bench).
//
//   swift run -c release layoutdb-bench solver [--sizes 1000,10000,100000]
//       [--families form,chain,grid,cards] [--kiwi-limit SECONDS] [--repeat R] [--out FILE.md]
//   swift run -c release layoutdb-bench growth [--rounds N] [--warm]   (10k and 100k alternating)
//   swift run -c release layoutdb-bench solve-one FILE.dump [--repeat R]   (one workload, JSON)
//   swift run -c release layoutdb-bench store [--sizes 1000,10000] [--repeat R]   (the edit loop end
//       to end against issue 17's targets and the Python sqlite3 floor)
//   swift run -c release layoutdb-bench parse-lines [--pairs N] [--repeat R]   (N pairs on one
//       line against one per line)
//   swift run -c release layoutdb-bench import [--scenes 50] [--views 12] [--repeat R]
//       (a generated storyboard, through the library and the binary)
//   swift run layoutdb-bench import-samples [--dir ../shared/ib-samples] [--tolerance 1] [--views]
//       (the share of views solved to the frames Xcode saved; docs/import.md)
//
// Figures are medians; ratios compare with the peer measured in the same run.

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("layoutdb-bench: \(message)\n".utf8))
    exit(64)
}

// `--help` anywhere prints the usage, so that asking how a benchmark is run never runs it.
let wantsHelp = arguments.contains("--help") || arguments.contains("-h")

switch wantsHelp ? nil : arguments.first {
case "solver": runSolverBenchmark()
case "growth": runGrowthBenchmark()
case "solve-one":
    guard arguments.count >= 2 else { fail("solve-one needs a .dump file") }
    solveOne(path: arguments[1], repeats: Int(option("--repeat") ?? "3") ?? 3)
case "store": runStoreBenchmark()
case "import": runImportBenchmark()
case "import-samples": runImportSamples()
case "parse-lines": runParseLinesBenchmark()
case "store-one":
    guard arguments.count >= 2 else { fail("store-one needs a .layout file") }
    storeOne(path: arguments[1], repeats: Int(option("--repeat") ?? "3") ?? 3)
default:
    print(
        """
        usage: layoutdb-bench solver [--sizes 1000,10000,100000] [--families form,chain,grid,cards]
                                     [--kiwi-limit SECONDS] [--repeat R] [--out FILE.md]
               layoutdb-bench growth [--sizes 10000,100000] [--families ...] [--rounds N] [--repeat R] [--warm] [--out FILE.md]
               layoutdb-bench solve-one FILE.dump [--repeat R] [--build-only]
               layoutdb-bench store-one FILE.layout [--repeat R]
               layoutdb-bench store [--sizes 1000,10000] [--families ...] [--repeat R] [--out FILE.md] [--memory-1m]   (100000 optional)
               layoutdb-bench parse-lines [--pairs 50000] [--repeat R]
               layoutdb-bench import [--scenes 50] [--views 12] [--repeat R]
               layoutdb-bench import-samples [--dir ../shared/ib-samples] [--tolerance 1] [--views]
        """)
    exit(arguments.isEmpty || wantsHelp ? 0 : 64)
}
