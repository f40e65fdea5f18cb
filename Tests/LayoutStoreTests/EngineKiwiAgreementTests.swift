import Foundation
import Testing

@testable import LayoutStore

/// A script's main layout as engine input (no store involved).
func engineInput(fromScript text: String) throws -> EngineInput {
    var canvas = Size(width: 0, height: 0)
    var views: [EngineView] = []
    var constraints: [Constraint] = []
    for s in try ScriptParser.parse(text) {
        switch s.statement {
        case .canvas(let size, _, _, _): canvas = size
        case .view(let v): views.append(EngineView(v))
        case .constraint(let c): constraints.append(c)
        default: break
        }
    }
    return EngineInput(canvas: canvas, views: views, constraints: constraints)
}

/// The benchmark fixtures (`Tests/Fixtures/kiwi`, made by its `regenerate.sh`).
private func fixtureURL(_ path: String) -> URL {
    Bundle.module.resourceURL!.appending(path: "Fixtures/\(path)")
}

/// kiwi's frames: `view,x,y,width,height` rows in declaration order.
private func readFrames(_ url: URL) throws -> [(String, [Double])] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst().map { line in
        let f = line.split(separator: ",")
        return (String(f[0]), f.dropFirst().map { Double($0)! })
    }
}

@Suite("Script → engine → frames agrees with kiwi")
struct EngineKiwiAgreementTests {
    static let workloads = ["form", "chain", "grid", "cards"].flatMap {
        ["\($0)-100", "\($0)-1000"]
    }

    @Test("every frame matches kiwi's to 1e-6", arguments: workloads)
    func framesMatch(workload: String) throws {
        let text = try String(contentsOf: fixtureURL("kiwi/\(workload).layout"), encoding: .utf8)
        let input = try engineInput(fromScript: text)
        let output = try LayoutEngine.solve(input)
        let expected = try readFrames(fixtureURL("kiwi/\(workload).frames.csv"))
        #expect(input.views.map(\.declaration.name) == expected.map(\.0))
        var worst = 0.0
        for (frame, (_, e)) in zip(output.frames, expected) {
            worst = max(
                worst, abs(frame.x - e[0]), abs(frame.y - e[1]), abs(frame.width - e[2]),
                abs(frame.height - e[3]))
        }
        #expect(worst <= 1e-6)
        #expect(!output.ambiguous.contains(true))
        #expect(output.unsatisfied.allSatisfy { !input.constraints[$0].priority.isRequired })
    }
}
