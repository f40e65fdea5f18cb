import Foundation
import Testing

@testable import LayoutScript

@Suite("Script round trips and benchmark workloads")
struct ParseRoundTripTests {
    static let workloads = ["form-100", "chain-100", "grid-100", "cards-100"]

    /// Parse, write, parse again: the statements must be equal but for source and origin.
    func roundTrip(_ text: String) throws {
        let first = try statements(text).map(withoutSource)
        let written = ScriptWriter.script(statements: first)
        let second = try statements(written).map(withoutSource)
        #expect(second == first)
    }

    @Test("the contract's example survives a round trip")
    func contractExample() throws {
        try roundTrip(ParseStatementTests.contractExample)
    }

    @Test("every statement form and awkward numbers survive a round trip")
    func everyForm() throws {
        try roundTrip(
            """
            layout other
            canvas 320.5 1e-7
            metric third 0.3333333333333333
            view a frame -1.25 0.1 3 4 autoresize left,right,top,bottom,width,height
            view b in a intrinsic - 22 hug 251 resist 1000
            view c intrinsic 7 - hug low
            x.y: a.width == b.width * third - 0.1 @ 999.5
            a.left + b.left * -2 == -c.right - 1e20
            -a.top == 0 @ 1
            a.size == c.size / 3
            variant wide canvas 1024 768
            variant plain
            set x.y -0.30000000000000004 in wide
            set x.y 12
            """)
    }

    @Test("the writer's text for constraints and views")
    func writerText() throws {
        let constraint = try #require(try constraints("g: a.left == b.right * 0.5 - 8 @ low").first)
        #expect(ScriptWriter.text(of: constraint) == "g: a.left == b.right * 0.5 - 8 @ 250")
        let view = ViewDeclaration(
            name: "v", parent: "p", frame: Rect(x: 0, y: 1.5, width: 10, height: 20),
            autoresize: [.width, .left],
            intrinsic: IntrinsicSize(width: nil, height: 12, hug: .high))
        #expect(
            ScriptWriter.text(of: view)
                == "view v in p frame 0 1.5 10 20 autoresize left,width intrinsic - 12 hug 750")
        #expect(
            ScriptWriter.number(0.1) == "0.1" && ScriptWriter.number(-0.0) == "0"
                && ScriptWriter.number(1e20) == "1e+20")
    }

    @Test("fixtures resolve inside the test bundle")
    func fixtureLocation() throws {
        let url = try #require(Bundle.module.resourceURL).appendingPathComponent(
            "Fixtures/workloads/chain-100.layout")
        #expect(FileManager.default.fileExists(atPath: url.path))
    }

    @Test(
        "the benchmark workloads parse with the constraint count in their header",
        arguments: workloads)
    func workload(name: String) throws {
        let text = try fixture("workloads/\(name).layout")
        try checkWorkload(text)
        try roundTrip(text)
    }

    /// Extra workload files (e.g. the N=1000 or 100k ones from gen_workloads.py), when
    /// `LAYOUTDB_PARSE_FILES` lists them, colon-separated: not in the bundle to keep it small.
    @Test(
        "workload files named in LAYOUTDB_PARSE_FILES parse",
        .enabled(if: ProcessInfo.processInfo.environment["LAYOUTDB_PARSE_FILES"] != nil))
    func externalWorkloads() throws {
        let paths = (ProcessInfo.processInfo.environment["LAYOUTDB_PARSE_FILES"] ?? "").split(
            separator: ":")
        for path in paths {
            let text = try String(contentsOfFile: String(path), encoding: .utf8)
            let start = ContinuousClock.now
            let count = try ScriptParser.parse(text, file: String(path)).count
            print("parsed \(path): \(count) statements in \(ContinuousClock.now - start)")
            try checkWorkload(text)
        }
    }

    func checkWorkload(_ text: String) throws {
        let header = try #require(text.split(separator: "\n").dropFirst().first)
        let fields = Dictionary(
            uniqueKeysWithValues: header.split(separator: " ").compactMap { field in
                let parts = field.split(separator: "=")
                return parts.count == 2 ? (String(parts[0]), Int(parts[1])) : nil
            })
        let parsed = try constraints(text)
        #expect(parsed.count == fields["constraints"])
        #expect(parsed.filter { !$0.priority.isRequired }.count == fields["optional"])
        #expect(parsed.filter { $0.label != nil }.count == fields["labelled"])
        let views = try statements(text).filter { if case .view = $0 { true } else { false } }
        #expect(views.count == fields["views"])
    }
}
