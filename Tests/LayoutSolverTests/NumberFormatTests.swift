import Testing

@testable import LayoutSolver

/// How numbers are printed and how solved values are stored: the solver's module holds
/// both, so the store and the script writer share them.
@Suite("Number format")
struct NumberFormatTests {
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

    @Test("solved values snap to twelve significant digits; whole numbers of 12 digits stay")
    func solvedValueSnapping() {
        #expect(snapSolvedValue(99.99999999999998) == 100)
        #expect(snapSolvedValue(100.00000000000001) == 100)
        #expect(snapSolvedValue(200.0 / 3) == 66.6666666667)
        #expect(snapSolvedValue(100.0 / 3) == 33.3333333333)
        #expect(snapSolvedValue(-0.1 - 0.2) == -0.3)
        #expect(snapSolvedValue(123_456_789_012) == 123_456_789_012)
        #expect(snapSolvedValue(1_234_567_890_123) == 1_234_567_890_120)
        #expect(snapSolvedValue(1e-300) == 1e-300)
        #expect(snapSolvedValue(1e300) == 1e300)
        #expect(snapSolvedValue(1.0 / 3 * 1e-20) == 3.33333333333e-21)
        #expect(snapSolvedValue(1.0 / 3 * 1e40) == 3.33333333333e39)
        #expect(snapSolvedValue(0) == 0)
        #expect(snapSolvedValue(.infinity) == .infinity)
        #expect(snapSolvedValue(.nan).isNaN)
        for value in [0.5, 8, 375, 812, 44.25, 1e-9, 1234.5678, -20, 999_999_999_999] {
            #expect(snapSolvedValue(value) == value, "\(value)")
        }
    }
}
