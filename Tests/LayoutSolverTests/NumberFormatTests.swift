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
}
