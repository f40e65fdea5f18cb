import LayoutSQLite
import LayoutScript

/// Inserts model values as rows with prepared statements held for the whole write, so a
/// bulk apply prepares each statement once and binds typed values (no per-row lookups).
///
/// A writer made with `holdingConstraints` keeps constraint rows back and inserts up to
/// ``heldConstraintLimit`` in one statement: each run of a statement opens and closes a
/// cursor per index and halts its program, which a many-row insert does once for all its
/// rows (constraint rows are most of a first apply's). Such a writer gives each held row
/// its id itself (one past the table's largest, as SQLite would), and its owner calls
/// ``flushConstraints()`` before any other SQL that could read or refer to constraint
/// rows.
final class RowWriter {
    let database: Database
    private let insertLayout: SQLStatement
    private let insertView: SQLStatement
    private let insertTerm: SQLStatement
    private let holdsConstraints: Bool
    private var held: [ConstraintRow] = []
    /// The id the next held row gets; read from the table when a run of held rows starts.
    private var nextConstraintID: Int64 = 0
    /// Insert statements by their number of rows.
    private var constraintInserts: [Int: SQLStatement] = [:]

    /// The most constraint rows one statement inserts.
    static let heldConstraintLimit = 32

    init(database: Database, holdingConstraints: Bool = false) throws(DatabaseError) {
        self.database = database
        self.holdsConstraints = holdingConstraints
        insertLayout = try database.cachedStatement("INSERT INTO layouts (name) VALUES (?)")
        insertView = try database.cachedStatement(
            """
            INSERT INTO views (layout_id, name, parent_id, ordinal, frame_x, frame_y,
                frame_width, frame_height, autoresize, intrinsic_width, intrinsic_height,
                hug, resist, kind, margin_top, margin_left, margin_bottom, margin_right,
                baseline_first, baseline_last, hug_vertical, resist_vertical, hidden)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
    /// caller). Returns the constraint's id; a writer holding constraints may insert the
    /// row later (see ``RowWriter``).
    func addConstraint(
        _ constraint: Constraint, layoutID: Int64, ordinal: Int, viewIDs: (String) -> Int64
    ) throws(DatabaseError) -> Int64 {
        var row = ConstraintRow(constraint, layoutID: layoutID, ordinal: ordinal, viewIDs: viewIDs)
        let hasExtraTerms = constraint.lhs.terms.count > 1 || constraint.rhs.terms.count > 1
        let id: Int64
        if holdsConstraints {
            if held.isEmpty {
                nextConstraintID = (try database.int64("SELECT max(id) FROM constraints") ?? 0) + 1
            }
            id = nextConstraintID
            nextConstraintID += 1
            row.id = id
            held.append(row)
            // A term row refers to its constraint's row, which must be there first.
            if held.count == Self.heldConstraintLimit || hasExtraTerms {
                try flushConstraints()
            }
        } else {
            try insert(CollectionOfOne(row))
            id = database.lastInsertedRowID
        }
        if hasExtraTerms {
            try addExtraTerms(constraint.lhs.terms, side: "lhs", of: id, viewIDs: viewIDs)
            try addExtraTerms(constraint.rhs.terms, side: "rhs", of: id, viewIDs: viewIDs)
        }
        return id
    }

    /// Inserts the constraint rows held back, if any.
    func flushConstraints() throws(DatabaseError) {
        guard !held.isEmpty else { return }
        defer { held.removeAll(keepingCapacity: true) }
        try insert(held)
    }

    /// One INSERT of `rows`, every parameter bound (NULLs too), so the statement is only
    /// rewound between runs.
    private func insert<Rows: Collection<ConstraintRow>>(_ rows: Rows) throws(DatabaseError) {
        let statement: SQLStatement
        if let cached = constraintInserts[rows.count] {
            statement = cached
        } else {
            statement = try database.cachedStatement(ConstraintRow.insertSQL(rows: rows.count))
            constraintInserts[rows.count] = statement
        }
        statement.rewind()
        var base: Int32 = 0
        for row in rows {
            try row.bind(to: statement, after: base)
            base += ConstraintRow.columnCount
        }
        try statement.step()
        statement.rewind()
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

/// A constraint as its `constraints` row: the first term of each side inline.
private struct ConstraintRow {
    /// Nil: SQLite gives the row its id.
    var id: Int64?
    let layoutID: Int64
    let ordinal: Int
    let label: String?
    let relation: String
    let constant: Double
    let lhsConstant: Double
    let priority: Double
    let isActive: Bool
    let kind: String
    let source: String
    let origin: SourceLocation?
    let lhs: InlineTerm?
    let rhs: InlineTerm?

    struct InlineTerm {
        let viewID: Int64
        let attribute: String
        let coefficient: Double
        /// The attribute as written where it is not its base (`leading`, `topMargin`).
        let anchor: String?

        init?(_ term: Term?, viewIDs: (String) -> Int64) {
            guard let term else { return nil }
            viewID = viewIDs(term.view)
            attribute = term.attribute.base.rawValue
            coefficient = term.coefficient
            anchor = term.attribute.base != term.attribute ? term.attribute.rawValue : nil
        }
    }

    init(_ c: Constraint, layoutID: Int64, ordinal: Int, viewIDs: (String) -> Int64) {
        (self.layoutID, self.ordinal, label) = (layoutID, ordinal, c.label)
        (relation, constant, lhsConstant) = (c.relation.rawValue, c.constant, c.lhs.constant)
        (priority, isActive, kind) = (c.priority.rawValue, c.isActive, c.kind.rawValue)
        (source, origin) = (c.source, c.origin)
        lhs = InlineTerm(c.lhs.terms.first, viewIDs: viewIDs)
        rhs = InlineTerm(c.rhs.terms.first, viewIDs: viewIDs)
    }

    /// The columns `bind` fills, in this order.
    static let columns = """
        id, layout_id, ordinal, label, relation, constant, lhs_constant, priority, active, \
        kind, source, origin_file, origin_line, origin_column, lhs_view_id, lhs_attribute, \
        lhs_coefficient, rhs_view_id, rhs_attribute, rhs_coefficient, lhs_anchor, rhs_anchor
        """
    static let columnCount = Int32(columns.split(separator: ",").count)

    static func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: Int(columnCount)).joined(separator: ", ") + ")"
        return "INSERT INTO constraints (\(columns)) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// Binds the row's columns to parameters `base + 1` to `base + columnCount`.
    func bind(to s: SQLStatement, after base: Int32) throws(DatabaseError) {
        func optional(_ value: String?, _ at: Int32) throws(DatabaseError) {
            if let value { try s.bind(value, at: base + at) } else { try s.bindNull(at: base + at) }
        }
        if let id { try s.bind(id, at: base + 1) } else { try s.bindNull(at: base + 1) }
        try s.bind(layoutID, at: base + 2)
        try s.bind(ordinal, at: base + 3)
        try optional(label, 4)
        try s.bind(relation, at: base + 5)
        try s.bind(constant, at: base + 6)
        try s.bind(lhsConstant, at: base + 7)
        try s.bind(priority, at: base + 8)
        try s.bind(isActive, at: base + 9)
        try s.bind(kind, at: base + 10)
        try s.bind(source, at: base + 11)
        if let origin {
            try s.bind(origin.file, at: base + 12)
            try s.bind(origin.line, at: base + 13)
            try s.bind(origin.column, at: base + 14)
        } else {
            for at: Int32 in 12...14 { try s.bindNull(at: base + at) }
        }
        func term(_ side: InlineTerm?, _ at: Int32) throws(DatabaseError) {
            guard let side else {
                for at in at...(at + 2) { try s.bindNull(at: base + at) }
                return
            }
            try s.bind(side.viewID, at: base + at)
            try s.bind(side.attribute, at: base + at + 1)
            try s.bind(side.coefficient, at: base + at + 2)
        }
        try term(lhs, 15)
        try term(rhs, 18)
        try optional(lhs?.anchor, 21)
        try optional(rhs?.anchor, 22)
    }
}
