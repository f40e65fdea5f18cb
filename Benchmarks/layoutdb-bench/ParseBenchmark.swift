import Foundation
import LayoutStore

/// The parser on one long line against the same statements one per line: `N` pairs
/// `view vI; vI.width == 1`, joined by `; ` or by line breaks. The two should take about
/// the same time (the work is linear in the text either way); the ratio is printed.
///
///     swift run -c release layoutdb-bench parse-lines [--pairs 50000] [--repeat 3]
func runParseLinesBenchmark() {
    let pairs = Int(option("--pairs") ?? "50000") ?? 50_000
    let repeats = Int(option("--repeat") ?? "3") ?? 3
    let statements = (0..<pairs).map { "view v\($0); v\($0).width == 1" }
    let oneLine = statements.joined(separator: "; ") + "\n"
    let perLine =
        statements.map { $0.replacingOccurrences(of: "; ", with: "\n") }
        .joined(separator: "\n") + "\n"
    func time(_ text: String) -> Double {
        median(
            (0..<repeats).map { _ in
                let t = now()
                do {
                    let parsed = try ScriptParser.parse(text, file: "bench.layout")
                    precondition(parsed.count == 2 * pairs)
                } catch { fail("\(error)") }
                return now() - t
            })
    }
    let one = time(oneLine)
    let many = time(perLine)
    print("| pairs | one line (s) | one per line (s) | ratio |")
    print("|---:|---:|---:|---:|")
    print(
        "| \(pairs) | \(String(format: "%.3f", one)) | \(String(format: "%.3f", many)) | "
            + "\(String(format: "%.2f", one / many)) |")
}
