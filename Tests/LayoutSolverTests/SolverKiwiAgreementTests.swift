import Foundation
import Testing

@testable import LayoutSolver

/// The benchmark fixtures (`Tests/Fixtures/kiwi`, made by its `regenerate.sh`).
func fixtureURL(_ path: String) -> URL {
    Bundle.module.resourceURL!.appending(path: "Fixtures/\(path)")
}

/// kiwi's frames: `view,x,y,width,height` rows in declaration order.
func readFrames(_ url: URL) throws -> [(String, [Double])] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
        let f = line.split(separator: ",")
        return (String(f[0]), f.dropFirst().map { Double($0)! })
    }
}

@Suite("Solver agrees with kiwi on the benchmark workloads")
struct SolverKiwiAgreementTests {
    static let workloads = ["form", "chain", "grid", "cards"].flatMap {
        ["\($0)-100", "\($0)-1000"]
    }

    @Test(
        "frames before and after the set-constant scenario match kiwi's to 1e-6",
        arguments: workloads)
    func agreesWithKiwi(workload: String) throws {
        let dump = try LinearSystemDump(
            parsing: String(contentsOf: fixtureURL("kiwi/\(workload).dump"), encoding: .utf8))
        var solver = Solver()
        let vars = solver.makeVariables(dump.variableCount)
        let handles = try solver.add(dump.constraintBatch(vars))

        func compare(_ file: String) throws {
            let frames = try readFrames(fixtureURL("kiwi/\(workload).\(file)"))
            #expect(frames.count == dump.viewCount - 1)
            var worst = 0.0
            for (i, (_, expected)) in frames.enumerated() {
                for k in 0..<4 {
                    worst = max(worst, abs(solver.value(of: vars[4 * (i + 1) + k]) - expected[k]))
                }
            }
            #expect(worst <= 1e-6, "\(workload) \(file): largest difference \(worst)")
        }
        try compare("frames.csv")
        #expect(solver.ambiguousVariables().isEmpty)
        let change = try #require(dump.change)
        #expect(try solver.constraint(handles[change.index]).constant == change.old)
        try solver.setConstant(handles[change.index], to: change.new)
        try compare("frames-set.csv")
        try solver.setConstant(handles[change.index], to: change.old)
        try compare("frames.csv")
    }
}
