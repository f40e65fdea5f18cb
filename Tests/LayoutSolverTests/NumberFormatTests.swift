import Testing

@testable import LayoutSolver

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    @Test("twelve significant digits count from the value's own power of ten, at every one")
    func snappingCountsDigitsFromThePowerOfTen() {
        for k in 0...22 {
            let power = Double("1e\(k)") ?? 0
            #expect(snapSolvedValue(power) == power, "1e\(k)")
            #expect(snapSolvedValue(power.nextDown) == power, "1e\(k) - ulp")
            #expect(snapSolvedValue(power.nextUp) == power, "1e\(k) + ulp")
            // Thirteen digits and more: the twelfth is kept, rounded by the thirteenth.
            #expect(
                snapSolvedValue(1.23456789012345 * power) == Double("1.23456789012e\(k)"),
                "1.23456789012345e\(k)")
            #expect(
                snapSolvedValue(9.87654321098765 * power) == Double("9.87654321099e\(k)"),
                "9.87654321098765e\(k)")
        }
    }

    @Test("an exact number is Swift's own text of the double, whole numbers without `.0`")
    func exactNumberIsSwiftsText() {
        func swiftText(_ d: Double) -> String {
            d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
        }
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 0.05, 0.0001, 0.00012, 1e-4, 9.99e-5, 43.84, 66.6666666667,
            1e9 - 0.5, 1e9 + 0.5, 999_999_999.9999, 123_456_789.125, 1e15, -1e15, 1e300, 1e-300,
            .greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1 + 0.2,
        ]
        // Decimals of one to five places, the form layouts hold, across the fast range
        // and past both of its ends; then doubles of every exponent.
        for places in 1...5 {
            let scale = [1.0, 10, 100, 1000, 10000, 100_000][places]
            for _ in 0..<4000 {
                let digits = Double(Int64.random(in: -10_000_000_000_000...10_000_000_000_000))
                values.append(digits / scale / Double([1, 1000, 1_000_000][Int.random(in: 0...2)]))
            }
        }
        for _ in 0..<20000 {
            values.append(Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF))
        }
        for d in values {
            #expect(exactNumber(d) == swiftText(d), "\(d)")
        }
        #expect(exactNumber(.infinity) == "inf" && exactNumber(.nan) == "nan")
    }

    @Test("a number for people is C's %.6f of the value rounded to 1e-6, zeros trimmed")
    func formattedNumberIsRoundedPrintf() {
        // The rule as it reads, through C's printf: what formatNumber writes digit by digit.
        func printfText(_ d: Double) -> String {
            var rounded = (d * 1e6).rounded() / 1e6
            if rounded == 0 { rounded = 0 }
            if rounded == rounded.rounded() { return String(Int64(rounded)) }
            var buffer = [CChar](repeating: 0, count: 64)
            let count = withVaList([rounded]) { vsnprintf(&buffer, 64, "%.6f", $0) }
            var text = String(
                decoding: buffer[0..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            -0.0, 0.5, -0.5, 1e-6, -1e-6, 1.4e-6, -1.4e-6, 0.0000015, 43.84, 66.6666666667,
            200.0 / 3, -100.0 / 3, 0.1 + 0.2, 999_999_999.9999995, 1e9 - 1e-6, 1e9, 1e9 + 0.25,
            123_456_789_012.5, 999_999_999_999_999.9, -4.4999995,
        ]
        // Frames as solvers leave them (a few places, or noise past the sixth), across
        // the digit-by-digit range and past its end at 1e9; then doubles of every
        // exponent that formatNumber rounds (1e-6 to 1e15).
        for places in 0...9 {
            let scale = (0..<places).reduce(1.0) { p, _ in p * 10 }
            for _ in 0..<2000 {
                let digits = Double(Int64.random(in: -2_000_000_000_000...2_000_000_000_000))
                values.append(digits / scale / Double([1, 1000, 1_000_000][Int.random(in: 0...2)]))
            }
        }
        while values.count < 60_000 {
            let d = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)
            if d >= 1e-6 && d < 1e15 { values.append(Bool.random() ? d : -d) }
        }
        // Below 1e-6 (and from 1e15) a number prints exactly, as the first test says.
        for d in values where d == 0 || abs(d) >= 1e-6 {
            #expect(formatNumber(d) == printfText(d), "\(d)")
        }
        #expect(formatNumber(.nan) == "nan" && formatNumber(-.infinity) == "-inf")
    }
}
