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
}
