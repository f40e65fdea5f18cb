/// The relation of a constraint's two sides.
public enum Relation: String, Sendable, Hashable, Codable, CaseIterable {
    case equal = "=="
    case lessOrEqual = "<="
    case greaterOrEqual = ">="

    /// The relation seen from the other side (`a <= b` is `b >= a`).
    public var flipped: Relation {
        switch self {
        case .equal: .equal
        case .lessOrEqual: .greaterOrEqual
        case .greaterOrEqual: .lessOrEqual
        }
    }
}
