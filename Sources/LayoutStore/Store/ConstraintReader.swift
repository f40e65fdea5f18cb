import FoundationEssentials
import LayoutSQLite
import LayoutScript

/// Reads constraints: the inline first term of each side comes with the constraint's row,
/// the rare extra terms from one ordered `constraint_terms` query merged in by id, and
/// view names from a map by id, so a 466k-row load makes no per-row lookup and shares one
/// name string per view.
///
/// A constraint's component is derived here as in the `constraint_components` SQL view:
/// the component of its first non-root term's variable.
final class ConstraintReader {
    /// What a term needs of its view.
    struct ViewInfo {
        var name: String
        var isRoot: Bool
        /// ``BaseAttribute`` order.
        var components: [Int?]
    }

    let database: Database
    private var views: [Int64: ViewInfo]

    /// `views`: views already loaded (the others are looked up once when met).
    init(database: Database, views: [StoredView] = []) {
        self.database = database
        var map: [Int64: ViewInfo] = [:]
        map.reserveCapacity(views.count)
        for view in views {
            map[view.id] = ViewInfo(
                name: view.name, isRoot: view.isRoot, components: view.components)
        }
        self.views = map
    }

    /// Constraints of a layout in declaration order (ids ascend with declaration), with an
    /// optional extra SQL condition on `c` bound to `values` (parameters after the layout).
    func constraints(
        layoutID: Int64, layout: String, filter: String?, _ values: [(any SQLBindable)?]
    ) throws -> [StoredConstraint] {
        let condition = filter.map { " AND (\($0))" } ?? ""
        let extras = try extraTerms(condition: condition, [layoutID] + values)
        var nextExtra = 0
        let statement = try database.cachedStatement(
            """
            SELECT c.id, c.label, c.relation, c.constant, c.lhs_constant, c.priority, c.active,
                c.kind, c.source, c.origin_file, c.origin_line, c.origin_column,
                c.lhs_view_id, c.lhs_attribute, c.lhs_coefficient,
                c.rhs_view_id, c.rhs_attribute, c.rhs_coefficient, c.lhs_anchor, c.rhs_anchor
            FROM constraints c
            WHERE c.layout_id = ?\(condition)
            ORDER BY c.id
            """)
        try statement.bind([layoutID] + values)
        defer { statement.reset() }
        var result: [StoredConstraint] = []
        var lastFile: (name: String, id: Int32)?
        while try statement.step() {
            let s = statement
            let id = s.int64(0)
            let lhsConstant = s.double(4)
            var origin: SourceLocation?
            if !s.isNull(9) {
                // One script's rows all name the same file: looked up once.
                if lastFile == nil || !s.textEquals(9, lastFile!.name) {
                    let name = s.string(9)
                    lastFile = (name, SourceFiles.id(of: name))
                }
                origin = SourceLocation(
                    fileID: lastFile!.id, line: s.int(10), column: s.int(11))
            }
            var lhs = LinearExpression(terms: [], constant: lhsConstant)
            var rhs = LinearExpression(terms: [], constant: s.double(3) + lhsConstant)
            // The first non-root term decides the component; terms in lhs, rhs order.
            var component: Int?? = nil
            func add(_ viewID: Int64, _ attribute: Attribute, _ coefficient: Double, lhsSide: Bool)
                throws
            {
                let view = try self.view(viewID)
                let term = Term(view: view.name, attribute: attribute, coefficient: coefficient)
                if lhsSide { lhs.terms.append(term) } else { rhs.terms.append(term) }
                if component == nil, !view.isRoot {
                    component = .some(view.components[attribute.expansion[0].0.rawValue])
                }
            }
            if !s.isNull(12) {
                let attribute = s.anchor(18) ?? s.attribute(13) ?? .left
                try add(s.int64(12), attribute, s.double(14), lhsSide: true)
            }
            var rhsExtras: [ExtraTerm] = []
            while nextExtra < extras.count, extras[nextExtra].constraintID <= id {
                let extra = extras[nextExtra]
                nextExtra += 1
                guard extra.constraintID == id else { continue }
                if extra.isLHS {
                    try add(extra.viewID, extra.attribute, extra.coefficient, lhsSide: true)
                } else {
                    rhsExtras.append(extra)
                }
            }
            if !s.isNull(15) {
                let attribute = s.anchor(19) ?? s.attribute(16) ?? .left
                try add(s.int64(15), attribute, s.double(17), lhsSide: false)
            }
            for extra in rhsExtras {
                try add(extra.viewID, extra.attribute, extra.coefficient, lhsSide: false)
            }
            let constraint = Constraint(
                label: s.optionalString(1), lhs: lhs, relation: s.relation(2), rhs: rhs,
                priority: Priority(rawValue: s.double(5)) ?? .required, isActive: s.bool(6),
                kind: s.firstByte(7) == UInt8(ascii: "i") ? .intrinsic : .user,
                source: s.string(8), origin: origin)
            result.append(
                StoredConstraint(
                    id: id, layout: layout, constraint: constraint, component: component ?? nil))
        }
        return result
    }

    // MARK: Terms and views

    private struct ExtraTerm {
        var constraintID: Int64
        var isLHS: Bool
        var viewID: Int64
        var attribute: Attribute
        var coefficient: Double
    }

    /// The extra terms of the selected constraints, by constraint id, side and position.
    private func extraTerms(condition: String, _ values: [(any SQLBindable)?]) throws
        -> [ExtraTerm]
    {
        try database.cachedStatement(
            """
            SELECT t.constraint_id, t.side, t.view_id, t.attribute, t.coefficient, t.anchor
            FROM constraint_terms t JOIN constraints c ON c.id = t.constraint_id
            WHERE c.layout_id = ?\(condition)
            ORDER BY t.constraint_id, t.side, t.position
            """
        ).rows(values) { s in
            ExtraTerm(
                constraintID: s.int64(0), isLHS: s.firstByte(1) == UInt8(ascii: "l"),
                viewID: s.int64(2), attribute: s.anchor(5) ?? s.attribute(3) ?? .left,
                coefficient: s.double(4))
        }
    }

    /// The view `id`, from the map or (once) from the table.
    private func view(_ id: Int64) throws -> ViewInfo {
        if let info = views[id] { return info }
        let row = try database.cachedStatement(
            """
            SELECT name, parent_id IS NULL, comp_left, comp_top, comp_width, comp_height
            FROM views WHERE id = ?
            """
        ).rows([id]) { s in
            ViewInfo(
                name: s.string(0), isRoot: s.bool(1),
                components: (2...5).map { s.optionalInt(Int32($0)) })
        }.first
        let info =
            row
            ?? ViewInfo(
                name: Self.missingViewName(id), isRoot: false, components: StoredView.unsolved)
        views[id] = info
        return info
    }

    /// The name a term gets whose row points at a view id no view has (plain SQL:
    /// `UPDATE constraint_terms SET view_id = 99`): `#99`, which no view can be called
    /// (``Identifier``), so the engine refuses it as an unknown view and says the id
    /// (``missingViewID(_:)``), and `list` shows it.
    static func missingViewName(_ id: Int64) -> String { "#" + String(id) }

    /// The id in a name ``missingViewName(_:)`` made, else nil.
    static func missingViewID(_ name: String) -> Int64? {
        name.first == "#" ? Int64(name.dropFirst()) : nil
    }
}

extension SQLStatement {
    /// A relation column ('==', '<=', '>='), read without making a String.
    func relation(_ column: Int32) -> Relation {
        switch firstByte(column) {
        case UInt8(ascii: "<"): .lessOrEqual
        case UInt8(ascii: ">"): .greaterOrEqual
        default: .equal
        }
    }

    /// An attribute column, read without making a String (nil: not an attribute name).
    /// A term's attribute beyond the base eight (`margins.left`, `firstBaseline`), or nil.
    func anchor(_ column: Int32) -> Attribute? {
        isNull(column) ? nil : Attribute(rawValue: string(column))
    }

    func attribute(_ column: Int32) -> Attribute? {
        let (count, first, seventh) = textShape(column)
        guard count >= 3 else { return nil }
        // Length and one byte tell the eight names apart; CHECK keeps others out.
        switch (count, first) {
        case (4, UInt8(ascii: "l")): return .left
        case (5, UInt8(ascii: "r")): return .right
        case (3, UInt8(ascii: "t")): return .top
        case (6, UInt8(ascii: "b")): return .bottom
        case (5, UInt8(ascii: "w")): return .width
        case (6, UInt8(ascii: "h")): return .height
        case (7, UInt8(ascii: "c")):
            return seventh == UInt8(ascii: "X") ? .centerX : .centerY
        default: return nil
        }
    }
}

/// The constraints a view's intrinsic size stands for, as Auto Layout generates them:
/// `width <= W` at the hugging priority, `width >= W` at the compression resistance, and
/// the same for the height. They are not stored; SQL sees them in `all_constraints`.
///
///     IntrinsicConstraints.generate(for: ViewDeclaration(
///         name: "title", intrinsic: IntrinsicSize(width: 120, height: nil))).count == 2
package enum IntrinsicConstraints {
    /// With `saying`, each source says whose size it stands for and which priority
    /// (`view a's intrinsic width (hugging): a.width <= 50 @ 250`): the engine's words
    /// for a conflict, where the user's lines carry FILE:LINE and a view's declaration
    /// keeps no place of its own. `list` and SQL show the equation alone.
    package static func generate(for view: ViewDeclaration, saying: Bool = false)
        -> [Constraint]
    {
        guard let intrinsic = view.intrinsic else { return [] }
        var result: [Constraint] = []
        for (attribute, value) in [(Attribute.width, intrinsic.width), (.height, intrinsic.height)]
        {
            guard let value else { continue }
            let horizontal = attribute == .width
            for (relation, priority) in [
                (Relation.lessOrEqual, horizontal ? intrinsic.hug : intrinsic.verticalHug),
                (.greaterOrEqual, horizontal ? intrinsic.resist : intrinsic.verticalResist),
            ] {
                let equation =
                    "\(view.name).\(attribute.rawValue) \(relation.rawValue) "
                    + "\(formatNumber(value)) @ \(priority)"
                let what = relation == .lessOrEqual ? "hugging" : "compression resistance"
                result.append(
                    Constraint(
                        lhs: LinearExpression(terms: [Term(view: view.name, attribute: attribute)]),
                        relation: relation, rhs: .constant(value), priority: priority,
                        kind: .intrinsic,
                        source: saying
                            ? "view \(view.name)'s intrinsic \(attribute.rawValue) (\(what)): "
                                + equation
                            : equation))
            }
        }
        return result
    }
}
