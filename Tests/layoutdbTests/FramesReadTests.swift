import Foundation
import Testing

/// `frames` of the base with nothing dirty reads the stored frames in one statement, no
/// model (issue 17, part 4): what it prints is what the model road prints for a variant
/// that overrides nothing, every column, for every kind of view.
@Suite("issue 17: frames reads the stored base frames directly")
struct FramesReadTests {
    static let script = """
        canvas 320 fit
        view header
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 44
        stack row H spacing 8
        row.left == |.left + 10; row.top == header.bottom + 10; row.width == 300
        view a in row intrinsic 50 20
        view b in row intrinsic 60 20
        view hint in b
        hint.edges == b.edges
        guide g
        g.left == |.left; g.top == row.bottom; g.width == 10; g.height == 10
        view footer
        footer.top == g.bottom + 8; footer.left == |.left; footer.width == 320
        footer.height == 20; footer.bottom == |.bottom
        hide hint
        variant same

        """

    @Test("csv prints the values SQL shows, twelve significant digits; the table millionths")
    func csvIsWhatSQLShows() {
        let box = Sandbox()
        let script = """
            canvas 100 100
            view a; view b; view c
            H:|[a][b(==a)][c(==a)]|
            V:|[a(==10)]
            b.top == a.top; c.top == a.top; b.height == 10; c.height == 10

            """
        #expect(box.run(["apply", box.write("t.layout", script), "-q"]).status == 0)
        let csv = box.run(["frames", "--format", "csv"]).stdout
        #expect(csv.contains("\nb,33.3333333333,0,33.3333333333,10,0\n"), "\(csv)")
        let sql = box.sql(
            "select view || ',' || x || ',' || y || ',' || width || ',' || height || ',0' "
                + "from solved_frames order by view")
        // The same numbers (SQL writes a whole REAL as `10.0`).
        func numbers(_ lines: [Substring]) -> [[Double?]] {
            lines.map { $0.split(separator: ",").dropFirst().map { Double($0) } }
        }
        #expect(
            numbers(csv.split(separator: "\n").dropFirst().sorted())
                == numbers(sql.split(separator: "\n")))
        #expect(box.run(["frames"]).stdout.contains("b     33.333333  0  33.333333  10"))
    }

    @Test("csv, json and the table of the base equal those of a variant read through the model")
    func baseEqualsModelRoad() {
        let box = Sandbox()
        let r = box.run(["apply", box.write("f.layout", Self.script), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        for format in ["csv", "json", "table"] {
            let base = box.run(["frames", "--format", format])
            let model = box.run(["frames", "--format", format, "--variant", "same"])
            #expect(base.status == 0 && model.status == 0, "\(base.stderr)\(model.stderr)")
            #expect(!base.stdout.isEmpty)
            #expect(base.stdout == model.stdout, "\(format)")
        }
        // The fitted root is listed with its solved size; the hidden view keeps its frame.
        let csv = box.run(["frames", "--format", "csv"]).stdout
        #expect(csv.contains("\nroot,0,0,320,"))
        #expect(csv.contains("\nhint,"))
    }

    @Test(
        "with a base edit not solved yet, --no-solve shows the stale rows marked and frames solves them"
    )
    func staleThenSolved() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("f.layout", Self.script), "-q"]).status == 0)
        #expect(box.run(["set-constant", "header.height", "60", "--no-solve", "-q"]).status == 0)
        let stale = box.run(["--no-solve", "frames", "--format", "csv"])
        #expect(stale.stdout.contains("header,0,0,320,44,1"))
        let solved = box.run(["frames", "--format", "csv"])
        #expect(solved.stdout.contains("header,0,0,320,60,0"))
        #expect(box.run(["--no-solve", "frames", "--format", "csv"]).stdout == solved.stdout)
    }
}
