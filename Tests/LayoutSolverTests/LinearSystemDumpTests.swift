import Testing

@testable import LayoutSolver

@Suite("Linear system dumps: a damaged file is an error, never a trap")
struct LinearSystemDumpTests {
    @Test("counts and variable indexes must be whole numbers in range; strengths positive")
    func damagedDumpsAreFormatErrors() throws {
        let good = "vars 4\nviews 1\nc == 1001001000.0 -375.0 1 2 1.0\nset 0 375.0 320.0\n"
        let dump = try LinearSystemDump(parsing: good)
        #expect(dump.variableCount == 4 && dump.constraints.count == 1)
        #expect(dump.change?.index == 0)
        let damaged: [(text: String, line: Int)] = [
            ("vars 1e30\n", 1),
            ("vars -4\n", 1),
            ("vars 4.5\n", 1),
            ("vars 4\nviews 1e300\n", 2),
            ("vars 4\nset 1e20 1 2\n", 2),
            ("vars 4\nc == 1e9 0 1e19 2 1.0\n", 2),
            ("vars 4\nc == 1e9 0 3 2 1.0\n", 2),
            ("vars 4\nc == 1e9 0 1 7 1.0\n", 2),
            ("vars 4\nc == 1e9 0 1 -1 1.0\n", 2),
            ("vars 4\nc == -5 0 1 2 1.0\n", 2),
            ("vars 4\nc == nan 0 1 2 1.0\n", 2),
        ]
        for (text, line) in damaged {
            #expect(throws: LinearSystemDump.FormatError.self, "\(text)") {
                try LinearSystemDump(parsing: text)
            }
            do {
                _ = try LinearSystemDump(parsing: text)
            } catch {
                #expect(error.line == line, "\(text)")
            }
        }
    }
}
