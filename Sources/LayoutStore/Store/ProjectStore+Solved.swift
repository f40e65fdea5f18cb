import LayoutSQLite
import LayoutScript

/// The engine's side of the store: dirty marks in, components and frames out.
///
/// A solve is meant to run in one transaction around these calls (each also works alone):
///
///     try store.database.transaction {
///         let marks = try store.dirtyMarks(layout: "main")
///         // ... solve ...
///         try store.writeComponents(layout: "main", views: comps)
///         try store.writeFrames(layout: "main", variant: .base, frames: frames)
///         try store.clearDirty(layout: "main", variant: .base)
///     }
extension ProjectStore {
    /// What must be re-solved in `layout`: per variant, a component or nil (= everything).
    package func dirtyMarks(layout: String = defaultLayoutName) throws -> [DirtyMark] {
        try database.cachedStatement(
            """
            SELECT d.variant_id, va.name, d.component FROM dirty d
            JOIN layouts l ON l.id = d.layout_id
            LEFT JOIN variants va ON va.id = d.variant_id
            WHERE l.name = ? AND (d.variant_id = 0 OR va.id IS NOT NULL)
            ORDER BY d.variant_id, d.component
            """
        ).rows([layout]) { s in
            let component = s.int(2)
            return DirtyMark(
                variant: s.int64(0) == 0 ? .base : .named(s.string(1)), variantID: s.int64(0),
                component: component == ComponentID.wholeLayout ? nil : component)
        }
    }

    /// Clears the marks of one variant: those of `components`, or all with nil.
    package func clearDirty(
        layout: String = defaultLayoutName, variant: VariantRef, components: Set<Int>? = nil
    ) throws {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let variantID = try variantID(variant, layoutID: layoutID, layout: layout)
            if let components {
                try database.execute(
                    """
                    DELETE FROM dirty WHERE layout_id = ? AND variant_id = ?
                      AND component IN (SELECT value FROM json_each(?))
                    """, [layoutID, variantID, Self.jsonArray(components)])
            } else {
                try database.execute(
                    "DELETE FROM dirty WHERE layout_id = ? AND variant_id = ?",
                    [layoutID, variantID])
            }
        }
    }

    /// Writes solved frames (root coordinates) keyed by view id, as solved: the
    /// `solved_frames` view and the frames layoutdb prints put them on the grid of
    /// ``snapSolvedValue(_:)``, the derived edges from the unrounded sums (so edges that
    /// meet compare equal). Only changed rows are written. Returns the number written.
    ///
    ///     let frame = SolvedFrame(x: 0, y: 0, width: 375, height: 70)
    ///     try store.writeFrames(layout: "main", variant: .base, frames: [headerID: frame])
    @discardableResult
    package func writeFrames(
        layout: String = defaultLayoutName, variant: VariantRef, frames: [Int64: SolvedFrame]
    ) throws -> Int {
        try writeFrames(layout: layout, variant: variant, rows: FrameRows(frames))
    }

    /// ``writeFrames(layout:variant:frames:)`` for rows already gathered in order.
    @discardableResult
    func writeFrames(layout: String, variant: VariantRef, rows: FrameRows) throws -> Int {
        // The UPSERT compares in SQLite: an unchanged row is read, never written.
        var written = 0
        try forEachFrame(
            """
            INSERT INTO frames (view_id, variant_id, x, y, width, height, ambiguous)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (view_id, variant_id) DO UPDATE SET
                x = excluded.x, y = excluded.y, width = excluded.width,
                height = excluded.height, ambiguous = excluded.ambiguous
            WHERE x <> excluded.x OR y <> excluded.y OR width <> excluded.width
               OR height <> excluded.height OR ambiguous <> excluded.ambiguous
            """, layout: layout, variant: variant, rows: rows
        ) { _, _, changed in written += changed }
        return written
    }

    /// Rewrites frames whose rows the caller read in this transaction and found changed:
    /// an UPDATE each, where ``writeFrames(layout:variant:frames:)``'s UPSERT first looks
    /// for a conflicting row (about a fifth more work per row; 10,000 of them are a
    /// grid-10000 edit's largest cost). A row that is not there after all is inserted.
    package func updateFrames(
        layout: String = defaultLayoutName, variant: VariantRef, frames: [Int64: SolvedFrame]
    ) throws {
        try updateFrames(layout: layout, variant: variant, rows: FrameRows(frames))
    }

    /// ``updateFrames(layout:variant:frames:)`` for rows already gathered in order.
    func updateFrames(layout: String, variant: VariantRef, rows: FrameRows) throws {
        try database.savepoint(.immediate) {
            var missing = FrameRows()
            try forEachFrame(
                """
                UPDATE frames SET x = ?3, y = ?4, width = ?5, height = ?6, ambiguous = ?7
                WHERE view_id = ?1 AND variant_id = ?2
                """, layout: layout, variant: variant, rows: rows
            ) { viewID, frame, changed in
                if changed == 0 { missing.append(viewID, frame) }
            }
            if !missing.isEmpty {
                try writeFrames(layout: layout, variant: variant, rows: missing)
            }
        }
    }

    /// Writes what `writes` gathered: its changed rows with ``updateFrames(layout:variant:frames:)``,
    /// its new ones with ``writeFrames(layout:variant:frames:)``.
    func write(_ writes: FrameWrites, layout: String, variant: VariantRef) throws {
        if !writes.updated.isEmpty {
            try updateFrames(layout: layout, variant: variant, rows: writes.updated)
        }
        if !writes.inserted.isEmpty {
            try writeFrames(layout: layout, variant: variant, rows: writes.inserted)
        }
    }

    /// Runs `sql`, whose parameters are a frame row's columns in the table's order (view
    /// id, variant id, x, y, width, height, ambiguous), once per frame in view-id order,
    /// in one savepoint; `each` gets the view id, the frame and the rows the run changed.
    private func forEachFrame(
        _ sql: String, layout: String, variant: VariantRef, rows: FrameRows,
        _ each: (Int64, SolvedFrame, Int) -> Void
    ) throws {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let variantID = try variantID(variant, layoutID: layoutID, layout: layout)
            let statement = try database.cachedStatement(sql)
            try rows.visitInViewIDOrder { viewID, frame in
                statement.reset()
                try statement.bind(viewID, at: 1)
                try statement.bind(variantID, at: 2)
                try statement.bind(frame.x, at: 3)
                try statement.bind(frame.y, at: 4)
                try statement.bind(frame.width, at: 5)
                try statement.bind(frame.height, at: 6)
                try statement.bind(frame.ambiguous, at: 7)
                try statement.step()
                each(viewID, frame, database.changes)
            }
            statement.reset()
        }
    }

    /// Records the solver components: per view id its four variables' components
    /// (``BaseAttribute`` order). Only changed rows are written. Components are shared by
    /// all variants (they only change constants). A constraint's component is not
    /// written: it is derived from its views' (see ``StoredConstraint/component``).
    ///
    ///     try store.writeComponents(layout: "main", views: [headerID: [0, 1, 2, 1]])
    package func writeComponents(layout: String = defaultLayoutName, views: [Int64: [Int?]])
        throws
    {
        try writeComponents(layout: layout, rows: ViewRows(views.mapValues(ViewComponents.init)))
    }

    /// ``writeComponents(layout:views:)`` for rows already gathered in order, of which
    /// `entering` are views with no component stored yet.
    func writeComponents(layout: String, rows: ViewRows<ViewComponents>, entering: Int = 0)
        throws
    {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            try rebuildingComponentIndexes(entering: entering) {
                let update = try database.cachedStatement(
                    """
                    UPDATE views
                    SET comp_left = ?3, comp_top = ?4, comp_width = ?5, comp_height = ?6
                    WHERE id = ?1 AND layout_id = ?2 AND (comp_left IS NOT ?3
                        OR comp_top IS NOT ?4 OR comp_width IS NOT ?5 OR comp_height IS NOT ?6)
                    """)
                // In id order: the rows (and the comp_* index entries) are visited in order.
                try rows.visitInViewIDOrder { viewID, c in
                    update.reset()
                    try update.bind(viewID, at: 1)
                    try update.bind(layoutID, at: 2)
                    if let left = c.left { try update.bind(left, at: 3) }
                    if let top = c.top { try update.bind(top, at: 4) }
                    if let width = c.width { try update.bind(width, at: 5) }
                    if let height = c.height { try update.bind(height, at: 6) }
                    try update.step()
                }
                update.reset()
            }
        }
    }

    /// Runs `body`, which gives `entering` views their first components, inside the
    /// caller's savepoint, with the views' component indexes dropped before and made again
    /// after from their own SQL, where most of the table enters at once (a first apply):
    /// made from the finished rows, an index is one sorted pass, where kept up to date it
    /// was four b-tree inserts a row, a third of the UPDATE's cost.
    private func rebuildingComponentIndexes(entering: Int, _ body: () throws -> Void) throws {
        // The count first: an edit's few entering views need no query of the table.
        guard entering >= Self.fewestEnteringForIndexRebuild,
            2 * Int64(entering) >= (try database.int64("SELECT max(id) FROM views") ?? 0)
        else { return try body() }
        let indexes = try database.makeStatement(
            """
            SELECT name, sql FROM sqlite_schema
            WHERE type = 'index' AND tbl_name = 'views' AND name LIKE 'views\\_comp\\_%' ESCAPE '\\'
            ORDER BY rowid
            """
        ).rows { (name: $0.string(0), sql: $0.string(1)) }
        for index in indexes { try database.execute("DROP INDEX \"\(index.name)\"") }
        try body()
        for index in indexes { try database.execute(index.sql) }
    }

    /// The fewest views entering for which ``rebuildingComponentIndexes(entering:_:)``
    /// drops and makes the indexes again.
    static let fewestEnteringForIndexRebuild = 1000

    // MARK: Variants and metrics

    /// Creates a variant of `layout` (canvas nil = the layout's); returns its id.
    ///
    ///     try store.createVariant("compact", canvas: Size(width: 320, height: 568))
    @discardableResult
    package func createVariant(
        _ name: String, canvas: Size? = nil, layout: String = defaultLayoutName
    )
        throws -> Int64
    {
        try Identifier.check(name, as: .variant)
        if name == baseVariantName { throw StoreError.reservedVariantName(name: name, at: nil) }
        if let canvas { try StoreError.checkingNumbers(canvas.checkNumbers("a canvas size")) }
        return try database.savepoint(.immediate) {
            // The implicit `main` of an empty project becomes real: a script that declares
            // only a variant (`variant compact`) creates it the same way.
            let layoutID =
                try existingLayoutID(layout)
                ?? RowWriter(database: database).addLayout(named: layout).layout
            if try database.int64(
                "SELECT id FROM variants WHERE layout_id = ? AND name = ?", [layoutID, name]) != nil
            {
                throw StoreError.duplicateVariant(name: name, layout: layout)
            }
            // A canvas given is the whole canvas, as `variant NAME canvas W H` says it: fixed
            // in both dimensions, not fitting where the layout's canvas fits.
            let fits: Int64? = canvas == nil ? nil : 0
            try database.execute(
                "INSERT INTO variants (layout_id, name, canvas_width, canvas_height, fit_width, "
                    + "fit_height) VALUES (?, ?, ?, ?, ?, ?)",
                [layoutID, name, canvas?.width, canvas?.height, fits, fits])
            return database.lastInsertedRowID
        }
    }

    /// Gives variant `id` its own safe area and direction, where given (`variant NAME safe T
    /// L B R direction rtl` in a script).
    package func setVariantShape(_ id: Int64, safe: Insets?, direction: LayoutDirection?) throws {
        if let safe {
            for value in [safe.top, safe.left, safe.bottom, safe.right] {
                try StoreError.checkingNumbers(NumberRule.size.check(value, "a safe-area inset"))
            }
            try database.execute(
                """
                UPDATE variants SET safe_top = ?, safe_left = ?, safe_bottom = ?, safe_right = ?
                WHERE id = ?
                """, [safe.top, safe.left, safe.bottom, safe.right, id])
        }
        if let direction {
            try database.execute(
                "UPDATE variants SET direction = ? WHERE id = ?", [direction.rawValue, id])
        }
    }

    /// Creates variant `name` of `layout` as a copy of variant `source`: its canvas, safe
    /// area, direction and fitting, and every override (constants, priorities and
    /// activation, intrinsic sizes, hidden views, stack spacings), on `canvas` when given
    /// (fixed then: the source's fitting goes with its canvas). Returns its id.
    @discardableResult
    package func copyVariant(
        _ source: String, as name: String, canvas: Size? = nil,
        layout: String = defaultLayoutName
    ) throws -> Int64 {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let sourceID = try variantID(.named(source), layoutID: layoutID, layout: layout)
            let id = try createVariant(name, canvas: canvas, layout: layout)
            try database.execute(
                """
                UPDATE variants SET (canvas_width, canvas_height, safe_top, safe_left,
                    safe_bottom, safe_right, direction, fit_width, fit_height) =
                    (SELECT coalesce(?3, canvas_width), coalesce(?4, canvas_height), safe_top,
                        safe_left, safe_bottom, safe_right, direction,
                        iif(?3 IS NULL, fit_width, 0), iif(?3 IS NULL, fit_height, 0)
                     FROM variants WHERE id = ?1)
                WHERE id = ?2
                """, [sourceID, id, canvas?.width, canvas?.height])
            for copy in Self.variantOverrideCopies { try database.execute(copy, [sourceID, id]) }
            return id
        }
    }

    /// Copies of a variant's overrides, one per table that holds them, from variant ?1 to
    /// variant ?2. One list, so that a copy takes what a variant is made of, and a new kind
    /// of override is copied by adding it here.
    static let variantOverrideCopies = [
        """
        INSERT INTO variant_constants (variant_id, constraint_id, constant)
        SELECT ?2, constraint_id, constant FROM variant_constants WHERE variant_id = ?1
        """,
        """
        INSERT INTO variant_constraint_overrides (variant_id, constraint_id, priority, active)
        SELECT ?2, constraint_id, priority, active
        FROM variant_constraint_overrides WHERE variant_id = ?1
        """,
        """
        INSERT INTO variant_intrinsics (variant_id, view_id, intrinsic_width, intrinsic_height,
            hug, resist, hug_vertical, resist_vertical)
        SELECT ?2, view_id, intrinsic_width, intrinsic_height, hug, resist, hug_vertical,
            resist_vertical
        FROM variant_intrinsics WHERE variant_id = ?1
        """,
        """
        INSERT INTO variant_views (variant_id, view_id, hidden, spacing)
        SELECT ?2, view_id, hidden, spacing FROM variant_views WHERE variant_id = ?1
        """,
    ]

    /// Removes a variant with its overrides, frames and dirty marks.
    package func removeVariant(_ name: String, layout: String = defaultLayoutName) throws {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let id = try variantID(.named(name), layoutID: layoutID, layout: layout)
            try database.execute("DELETE FROM variants WHERE id = ?", [id])
        }
    }

    /// Sets (or adds) a metric of `layout`. Metrics are substituted when a script is
    /// parsed, so changing one does not change stored constraints. A delete and an insert,
    /// as a re-apply replaces one: an UPDATE of a metric is refused (migration 0018).
    package func setMetric(_ name: String, value: Double, layout: String = defaultLayoutName)
        throws
    {
        try Identifier.check(name, as: .metric)
        try StoreError.checkingNumbers(NumberRule.finite.check(value, "a metric"))
        try database.savepoint(.immediate) {
            let id = try layoutID(layout)
            try database.execute(
                "DELETE FROM metrics WHERE layout_id = ? AND name = ?", [id, name])
            try database.execute(
                "INSERT INTO metrics (layout_id, name, value) VALUES (?, ?, ?)", [id, name, value])
        }
    }
}

/// The frame rows a solve writes, from each solved frame and the row the solve read
/// before it in its transaction: a changed row is updated, a view without one gets one,
/// an unchanged row is not written.
struct FrameWrites {
    private(set) var updated = FrameRows()
    private(set) var inserted = FrameRows()

    /// - Parameter insertions: how many new rows to make room for (a first solve: all).
    init(insertions: Int = 0) { inserted.reserveCapacity(insertions) }

    /// Takes view `viewID`'s solved `frame` (once per view); `stored` is its row as read,
    /// nil for none.
    mutating func add(_ viewID: Int64, _ frame: SolvedFrame, stored: SolvedFrame?) {
        if let stored {
            if stored != frame { updated.append(viewID, frame) }
        } else {
            inserted.append(viewID, frame)
        }
    }
}

/// Rows to write, one per view, visited in view-id order (the rows and the keys of the
/// primary index are then read in order). A solve adds its views in declaration order,
/// which is id order unless views were moved or renamed since: so the rows are sorted
/// only when they came out of order. The dictionaries and the sort of every write they
/// replaced were a twentieth of a 100k-view edit.
struct ViewRows<Value> {
    private var ids: [Int64] = []
    private var values: [Value] = []
    private var ordered = true

    init() {}

    init(_ rows: [Int64: Value]) {
        reserveCapacity(rows.count)
        for (id, value) in rows.sorted(by: { $0.key < $1.key }) { append(id, value) }
    }

    var isEmpty: Bool { ids.isEmpty }

    mutating func reserveCapacity(_ n: Int) {
        ids.reserveCapacity(n)
        values.reserveCapacity(n)
    }

    mutating func append(_ id: Int64, _ value: Value) {
        if let last = ids.last, last >= id { ordered = false }
        ids.append(id)
        values.append(value)
    }

    func visitInViewIDOrder(_ body: (Int64, Value) throws -> Void) rethrows {
        if ordered {
            for i in ids.indices { try body(ids[i], values[i]) }
        } else {
            for i in ids.indices.sorted(by: { ids[$0] < ids[$1] }) { try body(ids[i], values[i]) }
        }
    }
}

typealias FrameRows = ViewRows<SolvedFrame>

/// A view's four solver components (``BaseAttribute`` order), nil where a variable has
/// none: four values, where an array per view was a million allocations in a
/// million-view solve.
struct ViewComponents {
    var left, top, width, height: Int?
}

extension ViewComponents {
    /// From the package API's array (``ProjectStore/writeComponents(layout:views:)``).
    init(_ components: [Int?]) {
        func at(_ k: Int) -> Int? { k < components.count ? components[k] : nil }
        self.init(left: at(0), top: at(1), width: at(2), height: at(3))
    }
}
