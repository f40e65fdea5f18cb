#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Formats a number for people: no floating-point noise (`70`, `227.5`, `0.333333`).
///
/// Magnitudes from 1e-6 up to 1e15 are rounded to 1e-6 (for display only; stored values
/// keep their precision). Beyond that range rounding would print `0` for `1e-300` and
/// 301 digits for `1e300`, so those are printed in their shortest exact form
/// (``exactNumber(_:)``). Every table, csv and report number goes through here.
///
///     formatNumber(70.0000001) == "70"
///     formatNumber(1e300) == "1e+300"
public func formatNumber(_ value: Double) -> String {
    var text = ""
    withFormattedNumber(value) { text = String(decoding: $0, as: UTF8.self) }
    return text
}

/// Hands ``formatNumber(_:)``'s text of `value` to `body` as bytes, for a writer of its
/// own (`frames --format csv` writes four numbers a row).
///
/// Below 1e9 the value rounded to 1e-6 is a whole number of millionths under 1e15, and the
/// text is its digits, written here: C's `%.6f` of that double says the same, because it
/// lies within 6e-8 of the decimal it stands for. Only 1e9 to 1e15 goes through `printf`,
/// whose parsing of its format costs more than the rest of a csv row.
public func withFormattedNumber(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard value.isFinite else {
        let text: StaticString = value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf")
        text.withUTF8Buffer(body)
        return
    }
    let magnitude = abs(value)
    if magnitude >= 1e15 || (magnitude < 1e-6 && magnitude > 0) {
        withExactNumber(value, body)
        return
    }
    let millionths = (value * 1e6).rounded()
    guard abs(millionths) < 1e15 else {
        let rounded = millionths / 1e6
        if rounded == rounded.rounded() {
            var text = String(Int64(rounded))
            text.withUTF8(body)
            return
        }
        var text = printf("%.6f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        text.withUTF8(body)
        return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
        let end = buffer.count
        let (whole, fraction) = UInt64(abs(millionths)).quotientAndRemainder(
            dividingBy: 1_000_000)
        var start = end
        if fraction != 0 {
            var digits = fraction
            var places = 6
            while digits % 10 == 0 {
                digits /= 10
                places -= 1
            }
            start = writeDigits(digits, into: buffer, before: end, width: places)
            start -= 1
            buffer[start] = UInt8(ascii: ".")
        }
        start = writeDigits(whole, into: buffer, before: start, width: 1)
        if millionths < 0 {  // not for -0, which prints as 0
            start -= 1
            buffer[start] = UInt8(ascii: "-")
        }
        body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
    }
}

/// A finite number in the shortest form that reads back as the same `Double`: whole
/// numbers below 1e15 without a fraction (`70`), others as Swift prints them (`0.1`,
/// `1e-07`, `1e+300`). What scripts (`export`) and JSON carry, where nothing may be lost.
///
///     exactNumber(44) == "44"
///     exactNumber(0.1) == "0.1"
public func exactNumber(_ value: Double) -> String {
    var text = ""
    withExactNumber(value) { text = String(decoding: $0, as: UTF8.self) }
    return text
}

/// Hands ``exactNumber(_:)``'s text of `value` to `body` as bytes, for a writer of its own
/// (JSON reports write tens of thousands of numbers).
///
/// Whole numbers below 1e15 go digit by digit. So do decimals of up to four places
/// between 1e-4 and 1e9 (what layouts hold: `43.84`, `0.5`): the fewest places whose
/// decimal reads back as `value` (the decimal's digits over a power of ten, both exact,
/// divide to the nearest double, as reading the text does). There a double's spacing is
/// below 1e-7, so no other decimal of as few places reads back the same, and the text is
/// the shortest one, which is what Swift prints. The rest are Swift's `description`.
public func withExactNumber(_ value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    // Written right to left into a buffer on the stack, then handed over at once:
    // appending a digit at a time was most of the cost.
    let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) {
        buffer -> Bool in
        let end = buffer.count
        var start: Int
        let magnitude = abs(value)
        if let whole = plainWholeNumber(value) {
            start = writeDigits(whole.magnitude, into: buffer, before: end, width: 1)
        } else if let (whole, fraction, places) = shortDecimal(value) {
            start = writeDigits(fraction, into: buffer, before: end, width: places)
            start -= 1
            buffer[start] = UInt8(ascii: ".")
            start = writeDigits(whole, into: buffer, before: start, width: 1)
        } else {
            return false
        }
        if value < 0 && magnitude != 0 {
            start -= 1
            buffer[start] = UInt8(ascii: "-")
        }
        body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
        return true
    }
    if !written {
        var text = value.description
        text.withUTF8(body)
    }
}

/// `value` as a whole number where ``exactNumber(_:)`` writes it as one, its digits alone
/// (a magnitude below 1e15; -0 is 0); nil for any other value. A writer of its own that
/// writes these digits itself (JSON) writes what `exactNumber` does.
package func plainWholeNumber(_ value: Double) -> Int64? {
    guard let whole = Int64(exactly: value), whole.magnitude < 1_000_000_000_000_000 else {
        return nil
    }
    return whole
}

/// `value` as ``exactNumber(_:)`` writes it where that is a short decimal (a magnitude
/// from 1e-4 below 1e9 that is no whole number, with one to four places that read back
/// as `value`): the magnitude's whole part, its fraction as a whole number of `places`
/// digits (the first ones may be zeros, the last is not) and the places; nil for any
/// other value. A writer of its own that writes these digits itself (JSON) writes what
/// `exactNumber` does.
///
/// One test at four places finds the fewest: a decimal of fewer places that reads back
/// is the same number at four, and times 1e4 it is a whole number that the product
/// rounds to (it lies well within half a unit of it), so its zeros at the end are what
/// it has over four places.
package func shortDecimal(_ value: Double) -> (whole: UInt64, fraction: UInt64, places: Int)? {
    let magnitude = value.magnitude
    guard magnitude >= 1e-4, magnitude < 1e9 else { return nil }
    let scaled = (magnitude * 1e4).rounded()
    guard scaled / 1e4 == magnitude else { return nil }
    let (whole, tenThousandths) = UInt64(scaled).quotientAndRemainder(dividingBy: 10_000)
    guard tenThousandths != 0 else { return nil }
    var fraction = tenThousandths
    var places = 4
    while fraction % 10 == 0 {
        fraction /= 10
        places -= 1
    }
    return (whole, fraction, places)
}

/// Writes `n`'s decimal digits, at least `width` of them (zeros first), to end just
/// before `end`; returns where they start.
private func writeDigits(
    _ n: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, before end: Int, width: Int
) -> Int {
    var v = n
    var i = end
    repeat {
        i -= 1
        buffer[i] = UInt8(ascii: "0") + UInt8(v % 10)
        v /= 10
    } while v > 0 || end - i < width
    return i
}

/// A solved value on a grid of twelve significant digits: solver noise goes
/// (`99.99999999999998` → `100`, `66.66666666666667` → `66.6666666667`) and values that
/// are whole numbers of up to twelve digits or short decimals are kept exactly, so
/// `where width = 100` finds them in plain SQL.
///
/// The `solved_frames` view applies the same rule in SQL (`printf('%.12g', …)`) to every
/// column, the derived ones (`max_x`, `mid_y`, `rel_x`, …) from the unrounded sums, and
/// the frames layoutdb prints are snapped the same way. Zero and non-finite values are
/// returned unchanged.
///
///     snapSolvedValue(99.99999999999998) == 100
///     snapSolvedValue(123_456_789_012) == 123_456_789_012
package func snapSolvedValue(_ value: Double) -> Double {
    guard value.isFinite, value != 0 else { return value }
    // Twelve significant digits: value × 10^(11 - exponent) rounded to a whole number,
    // then divided back. Both the whole number and 10^k (k ≤ 22) are exact doubles, so
    // the one division rounds correctly to the double nearest the decimal.
    let shift = 11 - decimalExponent(value.magnitude)
    if shift >= 0 && shift <= 22 {
        let scale = powersOfTen[shift]
        return (value * scale).rounded() / scale
    }
    if shift < 0 && shift >= -22 {
        let scale = powersOfTen[-shift]
        return (value / scale).rounded() * scale
    }
    // Far from 1 (below 1e-11, from 1e34) no power of ten that scales it is exact: the
    // decimal text, read back, is what the SQL view's printf and CAST give.
    return Double(printf("%.12g", value)) ?? value
}

/// The decimal exponent of `magnitude` (finite, above zero): k with 10^k ≤ magnitude <
/// 10^(k+1). From 1 to 1e23 it is counted against the exact powers of ten: `log10` cost
/// more than the rest of a snap, and it can round up just below a power.
private func decimalExponent(_ magnitude: Double) -> Int {
    guard magnitude >= 1, magnitude < 1e23 else {
        return Int(log10(magnitude).rounded(.down))
    }
    // floor(e × log10 2) for the binary exponent e, then at most one step up.
    var k = (Int(magnitude.exponent) * 1233) >> 12
    if k < 22, magnitude >= powersOfTen[k + 1] { k += 1 }
    return k
}

/// 1e0 ... 1e22: the powers of ten that are exact doubles.
private let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// `value` as C's `printf` writes it with `format`, one conversion of a `Double`: the
/// rounding rules SQLite's `printf` shares, without Foundation's `String(format:)`.
private func printf(_ format: String, _ value: Double) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
        let count = withVaList([value]) { arguments in
            format.withCString { vsnprintf(buffer.baseAddress, buffer.count, $0, arguments) }
        }
        let written = min(max(Int(count), 0), buffer.count - 1)
        return String(
            decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: written),
            as: UTF8.self)
    }
}
