import Testing

@testable import LayoutStore

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

    @Test(
        "beyond 1e-6 ... 1e15, numbers print in their shortest exact form, not as 0 or 301 digits")
    func extremeNumberFormatting() {
        #expect(formatNumber(1e300) == "1e+300")
        #expect(formatNumber(-1e300) == "-1e+300")
        #expect(formatNumber(1e-300) == "1e-300")
        #expect(formatNumber(1e16) == "1e+16")
        #expect(formatNumber(999_999_999_999_999) == "999999999999999")
        #expect(formatNumber(0) == "0")
        #expect(exactNumber(0.1) == "0.1")
        #expect(exactNumber(44) == "44")
    }

    @Test("solved values snap to ten significant digits; tiny, huge and odd values pass through")
    func solvedValueSnapping() {
        #expect(snapSolvedValue(99.99999999999998) == 100)
        #expect(snapSolvedValue(100.00000000000001) == 100)
        #expect(snapSolvedValue(200.0 / 3) == 66.66666667)
        #expect(snapSolvedValue(-0.1 - 0.2) == -0.3)
        #expect(snapSolvedValue(123_456_789_012) == 123_456_789_000)
        #expect(snapSolvedValue(1e-300) == 1e-300)
        #expect(snapSolvedValue(1e300) == 1e300)
        #expect(snapSolvedValue(0) == 0)
        #expect(snapSolvedValue(.infinity) == .infinity)
        for value in [0.5, 8, 375, 812, 44.25, 1e-9, 1234.5678] {
            #expect(snapSolvedValue(value) == value, "\(value)")
        }
    }

    @Test("attribute aliases follow UIKit's names")
    func attributeAliases() {
        #expect(Attribute(parsing: "leading") == .left)
        #expect(Attribute(parsing: "trailing") == .right)
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
