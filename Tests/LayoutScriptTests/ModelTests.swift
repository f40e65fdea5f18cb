import Testing

@testable import LayoutScript

@Suite("Model")
struct ModelTests {
    @Test("numbers print without floating-point noise")
    func numberFormatting() {
        #expect(formatNumber(70) == "70")
        #expect(formatNumber(70.0000001) == "70")
        #expect(formatNumber(227.5) == "227.5")
        #expect(formatNumber(1.0 / 3.0) == "0.333333")
        #expect(formatNumber(-0.0000004) == "-4e-07")
        #expect(formatNumber(-0.0000016) == "-0.000002")
        #expect(formatNumber(-12.25) == "-12.25")
    }

    @Test("a source location keeps its file by number and gives it back by name, as it was")
    func sourceLocationFile() {
        let path = "screens/a long folder name/home.layout"
        var at = SourceLocation(file: path, line: 3, column: 7)
        #expect(at.file == path)
        #expect(at.description == "\(path):3:7")
        #expect(
            at
                == SourceLocation(
                    file: String(path.utf8.map { Character(Unicode.Scalar($0)) }), line: 3,
                    column: 7))
        #expect(at != SourceLocation(file: path + "x", line: 3, column: 7))
        #expect(Set([at, SourceLocation(file: path, line: 3, column: 7)]).count == 1)
        at.file = "other.layout"
        #expect(at.file == "other.layout")
        #expect(at == SourceLocation(file: "other.layout", line: 3, column: 7))
    }

    @Test("attribute aliases follow UIKit's names")
    func attributeAliases() {
        #expect(Attribute(parsing: "leading") == .leading)
        #expect(Attribute(parsing: "trailing") == .trailing)
        #expect(Attribute(parsing: "midY") == .centerY)
        #expect(Attribute(parsing: "maxX") == .right)
        #expect(Attribute(parsing: "center") == nil)
    }

    @Test("the constant is the right side's constant minus the left side's")
    func constraintConstant() {
        var c = Constraint(
            lhs: LinearExpression(terms: [Term(view: "a", attribute: .width)], constant: 2),
            relation: .equal,
            rhs: LinearExpression(
                terms: [Term(view: "b", attribute: .width, coefficient: 0.5)], constant: 10))
        #expect(c.constant == 8)
        c.constant = 20
        #expect(c.rhs.constant == 22)
        #expect(
            c.terms == [
                Term(view: "a", attribute: .width),
                Term(view: "b", attribute: .width, coefficient: -0.5),
            ])
    }

    @Test("priorities parse names and refuse out-of-range numbers")
    func priorities() {
        #expect(Priority(parsing: "high") == Priority(750))
        #expect(Priority(parsing: "required")?.isRequired == true)
        #expect(Priority(parsing: "0") == nil)
        #expect(Priority(parsing: "1001") == nil)
        #expect(Priority(parsing: "nan") == nil)
    }
}
