import Testing

@testable import LayoutStore

/// The row writer binds a constraint's relation, kind and attributes as literals; each must
/// be the raw value the schema's CHECKs and every reader take.
@Suite("Column texts the row writer binds in place")
struct ColumnTextTests {
    @Test("each relation, kind and base attribute is written as its raw value")
    func literalsAreRawValues() {
        for relation in Relation.allCases {
            #expect("\(relation.columnText)" == relation.rawValue)
        }
        for kind: Constraint.Kind in [.user, .intrinsic, .stack] {
            #expect("\(kind.columnText)" == kind.rawValue)
        }
        // Every attribute is written as its base; anchors keep what was written elsewhere.
        for attribute in Attribute.allCases {
            #expect("\(attribute.columnText)" == attribute.base.rawValue, "\(attribute)")
        }
    }
}
