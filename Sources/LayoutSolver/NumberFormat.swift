import Foundation

/// Formats a number for people: no floating-point noise (`70`, `227.5`, `0.333333`).
///
/// Rounds to 1e-6 for display only; stored values keep full precision.
///
///     formatNumber(70.0000001) == "70"
public func formatNumber(_ value: Double) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
    var rounded = (value * 1e6).rounded() / 1e6
    if rounded == 0 { rounded = 0 }  // no "-0"
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        return String(Int64(rounded))
    }
    var text = String(format: "%.6f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
