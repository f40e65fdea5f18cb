import LayoutSQLite
import LayoutScript

/// Inserts model values as rows with prepared statements held for the whole write, so a
/// bulk apply prepares each statement once and binds typed values (no per-row lookups).
///
/// A writer made `holdingRows` (a first apply's) keeps view and constraint rows back and
/// inserts up to ``heldRowLimit`` in one statement: each run of a statement opens and
/// closes a cursor per index and halts its program, which a many-row insert does once for
/// all its rows. It hands each such INSERT to a thread of its own (``SerialWorker``) and
/// goes on: SQLite writes while the applier reads the next statements. It gives each held
/// row its id itself (one past the table's largest, as SQLite would). Its owner calls
/// ``sync()`` before any SQL of its own (everything held is then written, and the
/// connection is the caller's again) and ``close()`` when done, or when giving up.
final class RowWriter {
    let database: Database
    private let insertLayout: SQLStatement
    private let insertTerm: SQLStatement
    /// Where held rows are written; nil for a writer that writes each row as it comes.
    private let worker: SerialWorker?
    private var heldViews: [ViewRow] = []
    private var heldConstraints: [ConstraintRow] = []
    /// The ids the next held rows get; nil: read from the table when next needed (the
    /// caller may have written rows of its own since the last ``sync()``).
    private var nextViewID: Int64?
    private var nextConstraintID: Int64?
    /// INSERT statements by table and number of rows. With a worker, used on its thread.
    private var inserts: [String: SQLStatement] = [:]
    /// The last long statement text a row kept (``StatementSource``) and what it kept: a
    /// statement's constraints come one after another, their texts one string, which
    /// compares equal at once.
    private var lastLongSource: (text: String, kept: String)?

    /// The most rows one held INSERT writes.
    static let heldRowLimit = 32

    /// Whether rows are held back (`holdingRows`): until they are written, the writer
    /// owns the connection.
    var holdsRows: Bool { worker != nil }

    /// - Parameters:
    ///   - holdingRows: whether view and constraint rows are held and written many at a
    ///     time (then the owner syncs and closes, as above).
    ///   - onThread: false: held rows are written on the caller's thread, at each full
    ///     INSERT and each ``sync()``.
    init(database: Database, holdingRows: Bool = false, onThread: Bool = true)
        throws(DatabaseError)
    {
        self.database = database
        worker = holdingRows ? SerialWorker(inline: !onThread) : nil
        insertLayout = try database.cachedStatement("INSERT INTO layouts (name) VALUES (?)")
        insertTerm = try database.cachedStatement(
            """
            INSERT INTO constraint_terms (constraint_id, side, position, view_id, attribute,
                coefficient, anchor)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
    }

    /// Writes everything held and waits until it is written; throws what the writing
    /// threw. The connection is then the caller's, until the next held row.
    func sync() throws {
        guard let worker else { return }
        try submitHeld()
        try worker.drain()
        nextViewID = nil
        nextConstraintID = nil
    }

    /// Ends the writing thread, dropping what it has not written: after ``sync()``, or
    /// when the caller gives up (its transaction then rolls back).
    func close() { worker?.close() }

    /// A new layout with its root view, both written at once (the statement that makes a
    /// layout may go on to change its root's row); returns (layout id, root view id).
    func addLayout(named name: String) throws -> (layout: Int64, root: Int64) {
        try sync()
        try insertLayout.run([name])
        let layoutID = database.lastInsertedRowID
        try insert(
            CollectionOfOne(
                ViewRow(
                    ViewDeclaration(name: rootViewName, parent: ""), layoutID: layoutID,
                    parentID: nil, ordinal: 0)))
        return (layoutID, database.lastInsertedRowID)
    }

    /// Inserts a view row; returns its id.
    func addView(
        _ view: ViewDeclaration, layoutID: Int64, parentID: Int64?, ordinal: Int
    ) throws -> Int64 {
        var row = ViewRow(view, layoutID: layoutID, parentID: parentID, ordinal: ordinal)
        // A stack's row refers to its view's: both written here, in order.
        guard worker != nil, view.stack == nil else {
            try sync()
            try insert(CollectionOfOne(row))
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
        let id = try nextID(&nextViewID, largest: "SELECT max(id) FROM views")
        row.id = id
        heldViews.append(row)
        if heldViews.count == Self.heldRowLimit { try submitHeld() }
        return id
    }

    /// Inserts a constraint: the first term of each side inline, any further terms as
    /// `constraint_terms` rows. `viewIDs` resolves every term's view, each once, before
    /// anything is written or held: what it throws (an unknown view) leaves the writer as
    /// it was. Returns the constraint's id; a holding writer writes the row later.
    func addConstraint(
        _ constraint: Constraint, layoutID: Int64, ordinal: Int,
        viewIDs: (String) throws -> Int64
    ) throws -> Int64 {
        var source = constraint.source
        // One comparison of a length for a short text (nearly all of them).
        if source.utf8.count > StatementSource.wholeLimit {
            if let last = lastLongSource, last.text == source {
                source = last.kept
            } else {
                let kept = StatementSource.kept(source)
                lastLongSource = (source, kept)
                source = kept
            }
        }
        var row = try ConstraintRow(
            constraint, layoutID: layoutID, ordinal: ordinal, source: source, viewIDs: viewIDs)
        var terms: [TermRow] = []
        if constraint.lhs.terms.count > 1 || constraint.rhs.terms.count > 1 {
            for (side, expression) in [("lhs", constraint.lhs), ("rhs", constraint.rhs)]
            where expression.terms.count > 1 {
                for position in 1..<expression.terms.count {
                    terms.append(
                        TermRow(
                            side: side, position: position,
                            term: try TermColumns(expression.terms[position], viewIDs: viewIDs)))
                }
            }
        }
        guard let worker else {
            try insert(CollectionOfOne(row))
            let id = database.lastInsertedRowID
            try addTerms(terms, of: id)
            return id
        }
        let id = try nextID(&nextConstraintID, largest: "SELECT max(id) FROM constraints")
        row.id = id
        heldConstraints.append(row)
        if heldConstraints.count == Self.heldRowLimit { try submitHeld() }
        if !terms.isEmpty {
            // A term row refers to its constraint's row, which must be there first.
            try submitHeld()
            try worker.submit { [self] in try addTerms(terms, of: id) }
        }
        return id
    }

    /// The id for the next held row of a table, and the one after it in `next`; `largest`
    /// reads the table's largest id.
    private func nextID(_ next: inout Int64?, largest: String) throws -> Int64 {
        if let id = next {
            next = id + 1
            return id
        }
        // Nothing of the table is held (a sync emptied it): the largest written is the
        // largest there is.
        try worker?.drain()
        let id = (try database.int64(largest) ?? 0) + 1
        next = id + 1
        return id
    }

    /// Hands the held rows to the worker: views first, as constraints refer to them.
    private func submitHeld() throws {
        guard let worker else { return }
        if !heldViews.isEmpty {
            let rows = heldViews
            heldViews = []
            heldViews.reserveCapacity(Self.heldRowLimit)
            try worker.submit { [self] in try insert(rows, held: true) }
        }
        if !heldConstraints.isEmpty {
            let rows = heldConstraints
            heldConstraints = []
            heldConstraints.reserveCapacity(Self.heldRowLimit)
            try worker.submit { [self] in try insert(rows, held: true) }
        }
    }

    /// One INSERT of `rows`, every parameter bound (NULLs too), so the statement is only
    /// rewound between runs. Held rows (`held`) are written `OR FAIL`: they go in inside
    /// the apply's savepoint, which an error rolls back whole, so SQLite keeps no statement
    /// journal to undo one INSERT alone (a copy of each page the INSERT changes that was
    /// there before it). Other rows keep the default (`ABORT`): their callers may go on
    /// after a refused row.
    private func insert<Rows: Collection>(_ rows: Rows, held: Bool = false) throws(DatabaseError)
    where Rows.Element: TableRow {
        let key = "\(Rows.Element.table) \(rows.count) \(held)"
        let statement: SQLStatement
        if let cached = inserts[key] {
            statement = cached
        } else {
            statement = try database.cachedStatement(
                Rows.Element.insertSQL(rows: rows.count, orFail: held))
            inserts[key] = statement
        }
        statement.rewind()
        var base: Int32 = 0
        for row in rows {
            try row.bind(to: statement, after: base)
            base += Rows.Element.columnCount
        }
        try statement.step()
        statement.rewind()
    }

    /// The terms after the first (the inline one) of a constraint's sides.
    private func addTerms(_ terms: [TermRow], of id: Int64) throws(DatabaseError) {
        for row in terms {
            let t = insertTerm
            t.reset()
            try t.bind(id, at: 1)
            try t.bind(row.side, at: 2)
            try t.bind(row.position, at: 3)
            try t.bind(row.term.viewID, at: 4)
            try t.bind(literal: row.term.attribute.columnText, at: 5)
            try t.bind(row.term.coefficient, at: 6)
            if let anchor = row.term.anchor { try t.bind(anchor, at: 7) }
            try t.step()
            t.reset()
        }
    }
}

/// A row type a held INSERT writes many of at a time.
private protocol TableRow {
    static var table: String { get }
    /// The columns `bind` fills, in this order.
    static var columns: String { get }
    static var columnCount: Int32 { get }
    /// Binds the row's columns to parameters `base + 1` to `base + columnCount`.
    func bind(to statement: SQLStatement, after base: Int32) throws(DatabaseError)
}

extension TableRow {
    static func insertSQL(rows: Int, orFail: Bool) -> String {
        let row = "(" + Array(repeating: "?", count: Int(columnCount)).joined(separator: ", ") + ")"
        let insert = orFail ? "INSERT OR FAIL INTO" : "INSERT INTO"
        return "\(insert) \(table) (\(columns)) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    static func count(_ columns: String) -> Int32 { Int32(columns.split(separator: ",").count) }
}

/// A term as the columns that store it, inline in its constraint's row (the first of a
/// side) or in a `constraint_terms` row (the others).
private struct TermColumns {
    let viewID: Int64
    /// The base attribute (`left`, `top`, ...).
    let attribute: Attribute
    let coefficient: Double
    /// The attribute as written where it is not its base (`leading`, `topMargin`).
    let anchor: String?

    init(_ term: Term, viewIDs: (String) throws -> Int64) rethrows {
        viewID = try viewIDs(term.view)
        attribute = term.attribute.base
        coefficient = term.coefficient
        anchor = term.attribute.base != term.attribute ? term.attribute.rawValue : nil
    }
}

/// A term after the first of a constraint's side: a `constraint_terms` row.
private struct TermRow {
    let side: String
    let position: Int
    let term: TermColumns
}

/// A view as its `views` row.
private struct ViewRow: TableRow {
    /// Nil: SQLite gives the row its id.
    var id: Int64?
    let layoutID: Int64
    let view: ViewDeclaration
    let parentID: Int64?
    let ordinal: Int

    init(_ view: ViewDeclaration, layoutID: Int64, parentID: Int64?, ordinal: Int) {
        (self.view, self.layoutID) = (view, layoutID)
        (self.parentID, self.ordinal) = (parentID, ordinal)
    }

    static let table = "views"
    static let columns = """
        id, layout_id, name, parent_id, ordinal, frame_x, frame_y, frame_width, \
        frame_height, autoresize, intrinsic_width, intrinsic_height, hug, resist, kind, \
        margin_top, margin_left, margin_bottom, margin_right, baseline_first, baseline_last, \
        hug_vertical, resist_vertical, hidden
        """
    static let columnCount = count(columns)

    func bind(to s: SQLStatement, after base: Int32) throws(DatabaseError) {
        func value(_ value: Double?, _ at: Int32) throws(DatabaseError) {
            try s.bind(value, at: base + at)
        }
        try s.bind(id, at: base + 1)
        try s.bind(layoutID, at: base + 2)
        try s.bind(view.name, at: base + 3)
        try s.bind(parentID, at: base + 4)
        try s.bind(ordinal, at: base + 5)
        let frame = view.frame
        try value(frame?.x, 6)
        try value(frame?.y, 7)
        try value(frame?.width, 8)
        try value(frame?.height, 9)
        try s.bind(view.autoresize.rawValue, at: base + 10)
        let intrinsic = view.intrinsic
        try value(intrinsic?.width, 11)
        try value(intrinsic?.height, 12)
        try value(intrinsic?.hug.rawValue, 13)
        try value(intrinsic?.resist.rawValue, 14)
        // A stack is a view row plus its `stacks` row (see migration 0008).
        try s.bind(view.kind == .stack ? ViewKind.view.rawValue : view.kind.rawValue, at: base + 15)
        let margins = view.margins
        try value(margins?.top, 16)
        try value(margins?.left, 17)
        try value(margins?.bottom, 18)
        try value(margins?.right, 19)
        try value(view.baseline?.first, 20)
        try value(view.baseline?.last, 21)
        try value(intrinsic?.verticalHug.rawValue, 22)
        try value(intrinsic?.verticalResist.rawValue, 23)
        try s.bind(view.isHidden, at: base + 24)
    }
}

/// A constraint as its `constraints` row: the first term of each side inline.
private struct ConstraintRow: TableRow {
    /// Nil: SQLite gives the row its id.
    var id: Int64?
    let layoutID: Int64
    let ordinal: Int
    let label: String?
    let relation: Relation
    let constant: Double
    let lhsConstant: Double
    let priority: Double
    let isActive: Bool
    let kind: Constraint.Kind
    let source: String
    let origin: SourceLocation?
    /// Each side's first term, inline.
    let lhs: TermColumns?
    let rhs: TermColumns?

    /// `source`: what the row keeps of the statement's text (``StatementSource``).
    init(
        _ c: Constraint, layoutID: Int64, ordinal: Int, source: String,
        viewIDs: (String) throws -> Int64
    ) rethrows {
        (self.layoutID, self.ordinal, label) = (layoutID, ordinal, c.label)
        (relation, constant, lhsConstant) = (c.relation, c.constant, c.lhs.constant)
        (priority, isActive, kind) = (c.priority.rawValue, c.isActive, c.kind)
        (self.source, origin) = (source, c.origin)
        lhs = try c.lhs.terms.first.map { try TermColumns($0, viewIDs: viewIDs) }
        rhs = try c.rhs.terms.first.map { try TermColumns($0, viewIDs: viewIDs) }
    }

    static let table = "constraints"
    static let columns = """
        id, layout_id, ordinal, label, relation, constant, lhs_constant, priority, active, \
        kind, source, origin_file, origin_line, origin_column, lhs_view_id, lhs_attribute, \
        lhs_coefficient, rhs_view_id, rhs_attribute, rhs_coefficient, lhs_anchor, rhs_anchor
        """
    static let columnCount = count(columns)

    func bind(to s: SQLStatement, after base: Int32) throws(DatabaseError) {
        try s.bind(id, at: base + 1)
        try s.bind(layoutID, at: base + 2)
        try s.bind(ordinal, at: base + 3)
        try s.bind(label, at: base + 4)
        try s.bind(literal: relation.columnText, at: base + 5)
        try s.bind(constant, at: base + 6)
        try s.bind(lhsConstant, at: base + 7)
        try s.bind(priority, at: base + 8)
        try s.bind(isActive, at: base + 9)
        try s.bind(literal: kind.columnText, at: base + 10)
        try s.bind(source, at: base + 11)
        if let origin {
            try s.bind(origin.file, at: base + 12)
            try s.bind(origin.line, at: base + 13)
            try s.bind(origin.column, at: base + 14)
        } else {
            for at: Int32 in 12...14 { try s.bindNull(at: base + at) }
        }
        func term(_ side: TermColumns?, _ at: Int32) throws(DatabaseError) {
            guard let side else {
                for at in at...(at + 2) { try s.bindNull(at: base + at) }
                return
            }
            try s.bind(side.viewID, at: base + at)
            try s.bind(literal: side.attribute.columnText, at: base + at + 1)
            try s.bind(side.coefficient, at: base + at + 2)
        }
        try term(lhs, 15)
        try term(rhs, 18)
        try s.bind(lhs?.anchor, at: base + 21)
        try s.bind(rhs?.anchor, at: base + 22)
    }
}

// The words the row columns hold, as literals the writer binds in place
// (`SQLStatement.bind(literal:at:)`): bound as `String`s, SQLite copied each into memory of
// its own, three to five a constraint. Each is its case's raw value (a test checks every
// case), which stays the vocabulary's one home.

extension Relation {
    var columnText: StaticString {
        switch self {
        case .equal: "=="
        case .lessOrEqual: "<="
        case .greaterOrEqual: ">="
        }
    }
}

extension Constraint.Kind {
    var columnText: StaticString {
        switch self {
        case .user: "user"
        case .intrinsic: "intrinsic"
        case .stack: "stack"
        }
    }
}

extension Attribute {
    /// The text of a base attribute (``Attribute/base``), the only ones a term's
    /// attribute column holds.
    var columnText: StaticString {
        switch base {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        default: preconditionFailure("\(self)'s base is \(base), not a base attribute")
        }
    }
}
