/// A layout attribute of a view, in the layout's root coordinates (x right, y down).
///
/// Each view is solved as four variables — `left`, `top`, `width`, `height` — and the
/// other attributes are expressions of them (`right = left + width`,
/// `centerX = left + width / 2`, ...), see ``Attribute/expansion``.
///
///     Attribute(parsing: "leading") == .left   // aliases as in UIKit
public enum Attribute: String, CaseIterable, Sendable, Hashable, Codable {
    case left, right, top, bottom, width, height, centerX, centerY

    /// The horizontal or vertical axis the attribute measures.
    public enum Axis: Sendable { case horizontal, vertical }

    public var axis: Axis {
        switch self {
        case .left, .right, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY: .vertical
        }
    }

    /// Whether the attribute is a size (`width`, `height`) rather than a position.
    public var isSize: Bool { self == .width || self == .height }

    /// Parses an attribute name or one of its aliases (`leading`, `minX`, `midY`, ...).
    public init?(parsing name: String) {
        switch name {
        case "left", "leading", "minX": self = .left
        case "right", "trailing", "maxX": self = .right
        case "top", "minY": self = .top
        case "bottom", "maxY": self = .bottom
        case "width": self = .width
        case "height": self = .height
        case "centerX", "midX": self = .centerX
        case "centerY", "midY": self = .centerY
        default: return nil
        }
    }

    /// Every name ``init(parsing:)`` accepts: the attributes, then their aliases.
    public static let spellings =
        allCases.map(\.rawValue) + [
            "leading", "trailing", "minX", "midX", "maxX", "minY", "midY", "maxY",
        ]

    /// The attribute as a combination of the four solved variables of a view.
    package var expansion: [(BaseAttribute, Double)] {
        switch self {
        case .left: [(.left, 1)]
        case .top: [(.top, 1)]
        case .width: [(.width, 1)]
        case .height: [(.height, 1)]
        case .right: [(.left, 1), (.width, 1)]
        case .bottom: [(.top, 1), (.height, 1)]
        case .centerX: [(.left, 1), (.width, 0.5)]
        case .centerY: [(.top, 1), (.height, 0.5)]
        }
    }
}

/// The four variables solved for every view.
package enum BaseAttribute: Int, CaseIterable, Sendable, Hashable {
    case left = 0
    case top = 1
    case width = 2
    case height = 3
}

/// A compound attribute: several attributes constrained at once (`center`, `size`, `edges`).
///
/// A labelled compound constraint yields one constraint per component, labelled with
/// ``suffix(of:)`` (`LABEL.x`, `LABEL.width`, `LABEL.top`, ...).
public enum CompoundAttribute: String, CaseIterable, Sendable {
    case center, size, edges

    public var components: [Attribute] {
        switch self {
        case .center: [.centerX, .centerY]
        case .size: [.width, .height]
        case .edges: [.top, .left, .bottom, .right]
        }
    }

    /// The label suffix of one component: `x`/`y` for center, the attribute name otherwise.
    public func suffix(of attribute: Attribute) -> String {
        switch (self, attribute) {
        case (.center, .centerX): "x"
        case (.center, .centerY): "y"
        default: attribute.rawValue
        }
    }
}
