/// How strongly a constraint is held: 1000 is required, 1...999 optional.
///
/// Priorities are lexicographic, as in Auto Layout: a constraint of a higher priority
/// wins over any number of constraints of lower priorities (kiwi's weighted sum would
/// let many weak constraints outvote a strong one). Within one priority, violations add up.
///
///     Priority(parsing: "high") == Priority(750)
public struct Priority: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible
{
    public let rawValue: Double

    public init?(rawValue: Double) {
        guard rawValue.isFinite, rawValue >= 1, rawValue <= 1000 else { return nil }
        self.rawValue = rawValue
    }

    /// A priority from a literal known to be in range; traps otherwise (programmer error).
    public init(_ value: Double) {
        precondition(value.isFinite && value >= 1 && value <= 1000, "priority out of 1...1000")
        self.rawValue = value
    }

    public static let required = Priority(1000)
    public static let high = Priority(750)
    public static let low = Priority(250)
    /// UIKit's fittingSizeLevel: how hard a fitted canvas pulls its free size toward 0.
    public static let fittingSize = Priority(50)
    /// A drawn frame's size, kept where constraints leave it free: below anything a user
    /// can write (1), above the fallback position.
    package static let fallbackSize = Priority(unchecked: 0.5)
    /// A drawn frame's position, kept where constraints and sizes leave it free.
    package static let fallbackPosition = Priority(unchecked: 0.25)

    private init(unchecked value: Double) { rawValue = value }

    public var isRequired: Bool { rawValue >= 1000 }

    /// Parses `required`, `high`, `low` or a number from 1 to 1000.
    public init?(parsing text: String) {
        switch text {
        case "required": self = .required
        case "high": self = .high
        case "low": self = .low
        default:
            guard let value = Double(text) else { return nil }
            self.init(rawValue: value)
        }
    }

    public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }

    public var description: String { formatNumber(rawValue) }
}
