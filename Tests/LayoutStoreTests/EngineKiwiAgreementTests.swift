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
        case .canvas(let size): canvas = size
        case .view(let v): views.append(EngineView(v))
        case .constraint(let c): constraints.append(c)
        default: break
        }
    }
    return EngineInput(canvas: canvas, views: views, constraints: constraints)
}

@Suite("Script → engine → frames agrees with kiwi")
struct EngineKiwiAgreementTests {
    @Test("every frame matches kiwi's to 1e-6", arguments: SolverKiwiAgreementTests.workloads)
    func framesMatch(workload: String) throws {
        let text = try String(contentsOf: fixtureURL("kiwi/\(workload).layout"), encoding: .utf8)
        let input = try engineInput(fromScript: text)
        let output = try LayoutEngine.solve(input)
        let expected = try readFrames(fixtureURL("kiwi/\(workload).frames.csv"))
        #expect(input.views.map(\.declaration.name) == expected.map(\.0))
        var worst = 0.0
        for (frame, (_, e)) in zip(output.frames, expected) {
            worst = max(worst, abs(frame.x - e[0]), abs(frame.y - e[1]), abs(frame.width - e[2]), abs(frame.height - e[3]))
        }
        #expect(worst <= 1e-6)
        #expect(!output.ambiguous.contains(true))
        #expect(output.unsatisfied.allSatisfy { !input.constraints[$0].priority.isRequired })
    }
}
