import LayoutSQLite
import LayoutScript

/// Inserts model values as rows with prepared statements held for the whole write, so a
/// bulk apply prepares each statement once and binds typed values (no per-row lookups).
struct RowWriter {
    let database: Database
    private let insertLayout: SQLStatement
    private let insertView: SQLStatement
    private let insertConstraint: SQLStatement
    private let insertTerm: SQLStatement

    init(database: Database) throws(DatabaseError) {
        self.database = database
        insertLayout = try database.cachedStatement("INSERT INTO layouts (name) VALUES (?)")
        insertView = try database.cachedStatement(
            """
            INSERT INTO views (layout_id, name, parent_id, ordinal, frame_x, frame_y,
                frame_width, frame_height, autoresize, intrinsic_width, intrinsic_height,
                hug, resist, kind, margin_top, margin_left, margin_bottom, margin_right,
                baseline_first, baseline_last, hug_vertical, resist_vertical, hidden)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertConstraint = try database.cachedStatement(
            """
            INSERT INTO constraints (layout_id, ordinal, label, relation, constant,
                lhs_constant, priority, active, kind, source, origin_file, origin_line,
                origin_column, lhs_view_id, lhs_attribute, lhs_coefficient, rhs_view_id,
                rhs_attribute, rhs_coefficient, lhs_anchor, rhs_anchor)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        insertTerm = try database.cachedStatement(
            """
            INSERT INTO constraint_terms (constraint_id, side, position, view_id, attribute,
                coefficient, anchor)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
    }

    /// A new layout with its root view; returns (layout id, root view id).
    func addLayout(named name: String) throws(DatabaseError) -> (layout: Int64, root: Int64) {
        try insertLayout.run([name])
        let layoutID = database.lastInsertedRowID
        let root = try addView(
            ViewDeclaration(name: rootViewName, parent: ""), layoutID: layoutID, parentID: nil,
            ordinal: 0)
        return (layoutID, root)
    }

    /// Inserts a view row; returns its id.
    func addView(
        _ view: ViewDeclaration, layoutID: Int64, parentID: Int64?, ordinal: Int
    ) throws(DatabaseError) -> Int64 {
        let s = insertView
        s.reset()
        try s.bind(layoutID, at: 1)
        try s.bind(view.name, at: 2)
        if let parentID { try s.bind(parentID, at: 3) }
        try s.bind(ordinal, at: 4)
        if let frame = view.frame {
            try s.bind(frame.x, at: 5)
            try s.bind(frame.y, at: 6)
            try s.bind(frame.width, at: 7)
            try s.bind(frame.height, at: 8)
        }
        try s.bind(view.autoresize.rawValue, at: 9)
        if let intrinsic = view.intrinsic {
            if let width = intrinsic.width { try s.bind(width, at: 10) }
            if let height = intrinsic.height { try s.bind(height, at: 11) }
            try s.bind(intrinsic.hug.rawValue, at: 12)
            try s.bind(intrinsic.resist.rawValue, at: 13)
        }
        // A stack is a view row plus its `stacks` row (see migration 0008).
        try s.bind(view.kind == .stack ? ViewKind.view.rawValue : view.kind.rawValue, at: 14)
        if let m = view.margins {
            try s.bind(m.top, at: 15)
            try s.bind(m.left, at: 16)
            try s.bind(m.bottom, at: 17)
            try s.bind(m.right, at: 18)
        }
        if let baseline = view.baseline {
            try s.bind(baseline.first, at: 19)
            if let last = baseline.last { try s.bind(last, at: 20) }
        }
        if let intrinsic = view.intrinsic {
            try s.bind(intrinsic.verticalHug.rawValue, at: 21)
            try s.bind(intrinsic.verticalResist.rawValue, at: 22)
        }
        try s.bind(view.isHidden, at: 23)
        try s.step()
        s.reset()
        let id = database.lastInsertedRowID
        if let stack = view.stack {
            try database.cachedStatement(
                """
                INSERT INTO stacks (view_id, axis, spacing, distribution, alignment)
                VALUES (?, ?, ?, ?, ?)
                """
            ).run([
                id, stack.axis == .horizontal ? "H" : "V", stack.spacing,
                stack.distribution.rawValue, stack.alignment.rawValue,
            ])
        }
        return id
    }

    /// Inserts a constraint: the first term of each side inline, any further terms as
    /// `constraint_terms` rows. `viewIDs` resolves every term's view (checked by the
    /// caller). Returns the constraint's id.
    func addConstraint(
        _ constraint: Constraint, layoutID: Int64, ordinal: Int, viewIDs: (String) -> Int64
    ) throws(DatabaseError) -> Int64 {
        let s = insertConstraint
        s.reset()
        try s.bind(layoutID, at: 1)
        try s.bind(ordinal, at: 2)
        if let label = constraint.label { try s.bind(label, at: 3) }
        try s.bind(constraint.relation.rawValue, at: 4)
        try s.bind(constraint.constant, at: 5)
        try s.bind(constraint.lhs.constant, at: 6)
        try s.bind(constraint.priority.rawValue, at: 7)
        try s.bind(constraint.isActive, at: 8)
        try s.bind(constraint.kind.rawValue, at: 9)
        try s.bind(constraint.source, at: 10)
        if let origin = constraint.origin {
            try s.bind(origin.file, at: 11)
            try s.bind(origin.line, at: 12)
            try s.bind(origin.column, at: 13)
        }
        if let term = constraint.lhs.terms.first {
            try s.bind(viewIDs(term.view), at: 14)
            try s.bind(term.attribute.base.rawValue, at: 15)
            try s.bind(term.coefficient, at: 16)
            if term.attribute.base != term.attribute { try s.bind(term.attribute.rawValue, at: 20) }
        }
        if let term = constraint.rhs.terms.first {
            try s.bind(viewIDs(term.view), at: 17)
            try s.bind(term.attribute.base.rawValue, at: 18)
            try s.bind(term.coefficient, at: 19)
            if term.attribute.base != term.attribute { try s.bind(term.attribute.rawValue, at: 21) }
        }
        try s.step()
        s.reset()
        let id = database.lastInsertedRowID
        try addExtraTerms(constraint.lhs.terms, side: "lhs", of: id, viewIDs: viewIDs)
        try addExtraTerms(constraint.rhs.terms, side: "rhs", of: id, viewIDs: viewIDs)
        return id
    }

    /// The terms after the first (the inline one) of one side: positions 1, 2, ...
    private func addExtraTerms(
        _ terms: [Term], side: String, of id: Int64, viewIDs: (String) -> Int64
    ) throws(DatabaseError) {
        guard terms.count > 1 else { return }
        for position in 1..<terms.count {
            let term = terms[position]
            let t = insertTerm
            t.reset()
            try t.bind(id, at: 1)
            try t.bind(side, at: 2)
            try t.bind(position, at: 3)
            try t.bind(viewIDs(term.view), at: 4)
            try t.bind(term.attribute.base.rawValue, at: 5)
            try t.bind(term.coefficient, at: 6)
            if term.attribute.base != term.attribute { try t.bind(term.attribute.rawValue, at: 7) }
            try t.step()
            t.reset()
        }
    }
}
