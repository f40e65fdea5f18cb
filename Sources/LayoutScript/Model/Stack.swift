/// How a stack view arranges its arranged views (UIStackView's axis, spacing,
/// distribution and alignment; docs/vocabulary.md §7).
///
///     stack buttons in footer H spacing 8 distribute fillEqually align center
public struct StackArrangement: Hashable, Sendable {
    /// UIStackView.Distribution: how the arranged views share the stack's length.
    public enum Distribution: String, CaseIterable, Hashable, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// UIStackView.Alignment: where the arranged views sit across the axis. `top` is
    /// `leading` and `bottom` is `trailing` (UIKit gives them the same raw values); both
    /// spellings are kept so that a script reads back as written.
    public enum Alignment: String, CaseIterable, Hashable, Sendable {
        case fill, leading, top, center, trailing, bottom, firstBaseline, lastBaseline

        /// The alignment with `top` read as `leading` and `bottom` as `trailing`.
        public var canonical: Alignment {
            switch self {
            case .top: .leading
            case .bottom: .trailing
            default: self
            }
        }

        /// Whether it aligns text baselines (horizontal stacks only).
        public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }
    }

    public var axis: Attribute.Axis
    /// The gap between neighbours (`NAME.spacing`, one named constant).
    public var spacing: Double
    public var distribution: Distribution
    public var alignment: Alignment

    public init(
        axis: Attribute.Axis, spacing: Double = 0, distribution: Distribution = .fill,
        alignment: Alignment = .fill
    ) {
        self.axis = axis
        self.spacing = spacing
        self.distribution = distribution
        self.alignment = alignment
    }

    /// The label that names a stack's spacing (`buttons.spacing`) in `set` and
    /// `set-constant`.
    public static func spacingLabel(of stack: String) -> String { "\(stack).spacing" }

    /// The stack a spacing label names (`buttons` for `buttons.spacing`), else nil.
    public static func stack(ofSpacingLabel label: String) -> String? {
        guard label.hasSuffix(".spacing") else { return nil }
        let name = String(label.dropLast(".spacing".count))
        return name.isEmpty || name.contains(".") ? nil : name
    }

    /// Whether `label`, or the group it is a part of (`row.spacing.1`, `row.spacing.width`),
    /// ends in `.spacing`: the labels that may name a stack's spacing. Compared byte by
    /// byte, as it is asked of every label a script gives: String's `contains` of a string
    /// is a generic search.
    package static func mayNameSpacing(_ label: String) -> Bool {
        let suffix = ".spacing".utf8.reversed()
        let bytes = label.utf8
        if bytes.reversed().starts(with: suffix) { return true }
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
        return bytes[..<dot].reversed().starts(with: suffix)
    }
}
