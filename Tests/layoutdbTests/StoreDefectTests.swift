import Foundation
import Testing

/// Issue 15, the store's items, end to end on the built binary.
@Suite("issue 15: store, reads and messages")
struct StoreDefectTests {
    static let login = """
        canvas 375 812
        view header
        view loginButton
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 88
        loginButton.left == |.left; loginButton.right == |.right
        loginButton.top == header.bottom; loginButton.height == 40

        """

    func project(_ script: String = login) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("a.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return box
    }

    // MARK: 10, 11, 12 — conflict messages

    static let tall = """
        canvas 375 812
        view header
        view body
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 88
        V:|[header]-[body]|
        H:|[body]|
        body.height >= 700

        """

    @Test("10, 11: a set-constant conflict prints the label once and the value that was tried")
    func setConstantConflictShowsTriedValue() {
        let box = project(Self.tall)
        let r = box.run(["set-constant", "header.height", "150"])
        #expect(r.status == 65)
        let message = r.stderr.replacingOccurrences(of: box.directory.path + "/", with: "")
        #expect(message.components(separatedBy: "header.height:").count == 2, "\(message)")
        #expect(
            message.contains(
                "  header.height: header.height == 88    (a.layout:5)\n      → header.height == 150\n"
            ))
        #expect(!message.contains("header.height: header.height: "))
    }

    @Test("12: each equation a VFL line or compound constraint generated, once, under its line")
    func generatedConstraintsUnderTheirLine() {
        let box = Sandbox()
        let script = Self.tall.replacingOccurrences(
            of: "body.height >= 700", with: "b: body.edges == |.edges + 10")
        let r = box.run(["apply", box.write("b.layout", script)])
        #expect(r.status == 65)
        let lines = r.stderr.replacingOccurrences(of: box.directory.path + "/", with: "")
            .split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("V:|[header]-[body]|") }.count == 1, "\(r.stderr)")
        guard let vfl = lines.firstIndex(where: { $0.contains("V:|[header]-[body]|") }) else {
            return
        }
        #expect(lines[vfl + 1] == "      → body.top == header.bottom + 8")
        #expect(lines[vfl + 2] == "      → root.bottom == body.bottom")
        guard let compound = lines.firstIndex(of: "  b: body.edges == |.edges + 10    (b.layout:8)")
        else {
            Issue.record("no line for the compound constraint: \(r.stderr)")
            return
        }
        #expect(lines[compound + 1].hasPrefix("      → b."))
        let parts = lines[(compound + 1)...].prefix { $0.hasPrefix("      → ") }
        #expect(Set(parts).count == parts.count && parts.count >= 2, "\(parts)")
        // A plain equation's own line says it all: no equation under it.
        guard
            let height = lines.firstIndex(
                of: "  header.height: header.height == 88    (b.layout:5)")
        else {
            Issue.record("no line for header.height: \(r.stderr)")
            return
        }
        #expect(!lines[height + 1].hasPrefix("      → "))
    }

    // MARK: 20, 21 — numbers

    /// `n` views side by side, equally wide, in a 100-wide canvas.
    static func equalViews(_ n: Int) -> String {
        var lines = ["canvas 100 50"] + (0..<n).map { "view v\($0)" }
        lines.append("H:|[v0]" + (1..<n).map { "[v\($0)(==v0)]" }.joined() + "|")
        lines += (0..<n).map { "V:|[v\($0)(10)]" }
        return lines.joined(separator: "\n")
    }

    @Test(
        "20: solved values are stored on a clean grid: plain SQL finds max_x = 100",
        arguments: [3, 6, 11, 12])
    func solvedValuesAreCleanInSQL(views n: Int) {
        let box = project(Self.equalViews(n))
        #expect(box.sql("select view from solved_frames where max_x = 100") == "v\(n - 1)")
        #expect(box.sql("select count(*) from frames where width = round(width, 9)") == "\(n)")
    }

    @Test("21: numbers beyond a sane range print in their shortest exact form")
    func extremeNumbersPrintShort() {
        let box = project(
            """
            canvas 375 812
            view big
            big.left == 0; big.top == 20; big.width == 1e300; big.height == 1e-300

            """)
        let table = box.run(["frames"]).stdout
        #expect(table.contains("1e+300") && table.contains("1e-300"), "\(table)")
        #expect(table.split(separator: "\n").allSatisfy { $0.count < 60 })
        #expect(box.run(["frames", "--format", "csv"]).stdout.contains("big,0,20,1e+300,1e-300"))
        let json = box.run(["frames", "--format", "json"]).stdout
        #expect(json.contains("\"width\":1e+300") && json.contains("\"height\":1e-300"))
    }
}
