/// Reads constraints with their terms in one joined query (no per-constraint round trip).
struct ConstraintReader {
    let database: Database

    /// Constraints of a layout in declaration order (ids ascend with declaration), with an
    /// optional extra SQL condition on `c` bound to `values`.
    func constraints(
        layoutID: Int64, layout: String, filter: String?, _ values: [(any SQLBindable)?]
    ) throws -> [StoredConstraint] {
        let statement = try database.cachedStatement(
            """
            SELECT c.id, c.label, c.relation, c.constant, c.lhs_constant, c.priority, c.active,
                c.kind, c.source, c.origin_file, c.origin_line, c.origin_column, c.component,
                t.side, v.name, t.attribute, t.coefficient
            FROM constraints c
            LEFT JOIN constraint_terms t ON t.constraint_id = c.id
            LEFT JOIN views v ON v.id = t.view_id
            WHERE c.layout_id = ?\(filter.map { " AND (\($0))" } ?? "")
            ORDER BY c.id, t.position
            """)
        try statement.bind([layoutID] + values)
        var result: [StoredConstraint] = []
        var current: StoredConstraint?
        while try statement.step() {
            let id = statement.int64(0)
            if current?.id != id {
                if let done = current { result.append(finished(done)) }
                current = StoredConstraint(
                    id: id, layout: layout, constraint: head(statement),
                    component: statement.optionalInt(12))
            }
            guard !statement.isNull(13),
                let attribute = Attribute(rawValue: statement.string(15))
            else { continue }
            let term = Term(
                view: statement.string(14), attribute: attribute,
                coefficient: statement.double(16))
            if statement.string(13) == "lhs" {
                current!.constraint.lhs.terms.append(term)
            } else {
                current!.constraint.rhs.terms.append(term)
            }
        }
        statement.reset()
        if let done = current { result.append(finished(done)) }
        return result
    }

    /// The constraint's own columns; terms come from the following rows.
    private func head(_ s: SQLStatement) -> Constraint {
        let lhsConstant = s.double(4)
        let origin = s.optionalString(9).map {
            SourceLocation(file: $0, line: s.int(10), column: s.int(11))
        }
        return Constraint(
            label: s.optionalString(1),
            lhs: LinearExpression(terms: [], constant: lhsConstant),
            relation: Relation(rawValue: s.string(2)) ?? .equal,
            rhs: LinearExpression(terms: [], constant: s.double(3) + lhsConstant),
            priority: Priority(rawValue: s.double(5)) ?? .required,
            isActive: s.bool(6),
            kind: Constraint.Kind(rawValue: s.string(7)) ?? .user,
            source: s.string(8),
            origin: origin)
    }

    private func finished(_ stored: StoredConstraint) -> StoredConstraint { stored }
}

/// The constraints a view's intrinsic size stands for, as Auto Layout generates them:
/// `width <= W` at the hugging priority, `width >= W` at the compression resistance, and
/// the same for the height. They are not stored; SQL sees them in `all_constraints`.
///
///     IntrinsicConstraints.generate(for: ViewDeclaration(
///         name: "title", intrinsic: IntrinsicSize(width: 120, height: nil))).count == 2
public enum IntrinsicConstraints {
    public static func generate(for view: ViewDeclaration) -> [Constraint] {
        guard let intrinsic = view.intrinsic else { return [] }
        var result: [Constraint] = []
        for (attribute, value) in [(Attribute.width, intrinsic.width), (.height, intrinsic.height)]
        {
            guard let value else { continue }
            for (relation, priority) in [
                (Relation.lessOrEqual, intrinsic.hug), (.greaterOrEqual, intrinsic.resist),
            ] {
                result.append(
                    Constraint(
                        lhs: LinearExpression(terms: [Term(view: view.name, attribute: attribute)]),
                        relation: relation, rhs: .constant(value), priority: priority,
                        kind: .intrinsic,
                        source: "\(view.name).\(attribute.rawValue) \(relation.rawValue) "
                            + "\(formatNumber(value)) @ \(priority)"))
            }
        }
        return result
    }
}
