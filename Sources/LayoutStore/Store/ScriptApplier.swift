import LayoutSQLite
import LayoutScript

/// Writes a script's statements into the project, inside the caller's transaction.
///
/// Keeps per-layout maps in memory (view name → id, label → origin) so that 460k
/// constraints need no per-row SELECT; a layout already in the project is loaded once,
/// when the script first switches to it. Statements come from the parser, which refused
/// every number that breaks ``NumberRule`` at its caret: they are not checked again here.
final class ScriptApplier {
    /// A class, so updating a map does not copy it (a struct in a dictionary would be
    /// copied on every write: quadratic over a 100k-view script).
    private final class LayoutState {
        let id: Int64
        let name: String
        /// Each view's id. A name once given an id keeps it (a view declared again is
        /// refused), which ``viewID(_:)``'s recent names rely on.
        var viewIDs: [String: Int64]
        private var recentViewIDs = RecentNames<Int64>()
        /// Where each view was declared, for views declared by this script.
        var viewOrigins: [String: SourceLocation] = [:]
        var labels: [String: SourceLocation?]
        var nextViewOrdinal: Int
        var nextConstraintOrdinal: Int
        var variants: [String: Int64]
        /// Where each variant was declared, for variants declared by this script.
        var variantOrigins: [String: SourceLocation] = [:]
        /// Each metric's name, with where this script defined it (nil: stored before).
        var metrics: [String: SourceLocation?] = [:]
        /// Whether this script created the layout.
        let created: Bool
        /// Ids of the constraints this script inserted, in statement order.
        var constraintIDs: [Int64] = []
        /// The layout's guides, read the first time a constraint reads a margin or a
        /// baseline (``ScriptApplier/isGuide(_:in:)``), then kept up to date; nil until then.
        var guides: Set<String>?
        /// For a layout this script created, the layout as `loadLayout` would read it
        /// back (less the constraints' statement text), kept as the statements are
        /// written: its first solve needs no reading.
        var model: LayoutModel?

        /// Set where ``viewIDs`` and ``labels`` hold only what was looked up so far: a view or
        /// label they do not hold is looked up in the layout's rows. A few statements
        /// applied to a big layout (a re-apply's changed lines) read the few names they
        /// name instead of every view and constraint.
        let rows: Database?

        init(
            id: Int64, name: String, created: Bool, viewIDs: [String: Int64],
            labels: [String: SourceLocation?], nextViewOrdinal: Int, nextConstraintOrdinal: Int,
            variants: [String: Int64], rows: Database? = nil
        ) {
            self.id = id
            self.name = name
            self.created = created
            self.viewIDs = viewIDs
            self.labels = labels
            self.nextViewOrdinal = nextViewOrdinal
            self.nextConstraintOrdinal = nextConstraintOrdinal
            self.variants = variants
            self.rows = rows
        }

        /// The id of the view `name`, nil where the layout has none.
        func viewID(_ name: String) throws -> Int64? {
            if let id = recentViewIDs.cached(name) { return id }
            if let id = viewIDs[name] {
                recentViewIDs.keep(name, id)
                return id
            }
            guard let rows,
                let id = try rows.cachedStatement(
                    "SELECT id FROM views WHERE layout_id = ? AND name = ?"
                ).rows([id, name], { $0.int64(0) }).first
            else { return nil }
            viewIDs[name] = id
            return id
        }

        /// Where the constraint labelled `label` was declared: nil where none is, `.some(nil)`
        /// where one is with no place in a file.
        func labelOrigin(_ label: String) throws -> SourceLocation?? {
            if let origin = labels[label] { return origin }
            guard let rows,
                let origin = try rows.cachedStatement(
                    """
                    SELECT origin_file, origin_line, origin_column FROM constraints
                    WHERE layout_id = ? AND label = ?
                    """
                ).rows(
                    [id, label],
                    { s in
                        s.optionalString(0).map {
                            SourceLocation(file: $0, line: s.int(1), column: s.int(2))
                        }
                    }
                ).first
            else { return nil }
            labels[label] = origin
            return origin
        }

        /// Every view's id by name: all of them read once where only some were.
        func allViewIDs() throws -> [String: Int64] {
            guard let rows else { return viewIDs }
            for (name, id) in try rows.cachedStatement(
                "SELECT name, id FROM views WHERE layout_id = ?"
            ).rows([id], { ($0.string(0), $0.int64(1)) }) {
                viewIDs[name] = id
            }
            return viewIDs
        }
    }

    private let store: ProjectStore
    private let writer: RowWriter
    private var layouts: [String: LayoutState] = [:]
    /// Layout names in the order the script first used them.
    private var order: [String] = []
    private var currentName = defaultLayoutName { didSet { currentState = nil } }
    /// The state of `currentName`, once looked up: every statement asks for it, and
    /// finding it by name each time hashed the name.
    private var currentState: LayoutState?
    /// Layouts this script changed: the caller marks them wholly dirty.
    private(set) var touchedLayouts: Set<Int64> = []

    /// The script's line count where it is known (0: not): a layout the script creates
    /// makes room at once for as many constraints as there are lines from the statement
    /// that creates it to the end. Grown by doubling, a million-view layout's constraints
    /// were held twice over while the array moved.
    private let lineCount: Int
    /// The line of the statement being applied.
    private var line = 0

    /// - Parameters:
    ///   - layout: the layout statements go to until a `layout` statement.
    ///   - lineCount: the script's line count, where it is known.
    ///   - holdingRows: whether view and constraint rows may be written many at a time,
    ///     on a thread of their own (``RowWriter``); then ``finish()`` writes the last of
    ///     them, and the caller calls ``close()`` in any case. Only for a caller whose
    ///     every use of the connection, until ``finish()``, goes through ``apply(_:)``.
    ///   - writingOnThread: false: held rows are written on the caller's thread.
    init(
        store: ProjectStore, layout: String = defaultLayoutName, lineCount: Int = 0,
        holdingRows: Bool = false, writingOnThread: Bool = true
    ) throws {
        self.store = store
        self.writer = try RowWriter(
            database: store.database, holdingRows: holdingRows, onThread: writingOnThread)
        self.currentName = layout
        self.lineCount = lineCount
    }

    /// Ends the writer's thread, if it has one: after ``finish()``, or when giving up.
    func close() { writer.close() }

    /// What the script wrote, per layout it used, in the order it first used them, once
    /// every row is in the file.
    func finish() throws -> [AppliedLayout] {
        // A script without a statement (comments, blank lines) still goes into its start
        // layout, as its statements would: its lines are kept there (`script_lines` names
        // a layout), so the layout is made if the project has none of that name.
        if order.isEmpty { _ = try current() }
        try writer.sync()
        return try order.map { name in
            let state = layouts[name]!
            return AppliedLayout(
                name: name, layoutID: state.id, createdLayout: state.created,
                viewIDs: try state.allViewIDs(), constraintIDs: state.constraintIDs,
                model: state.model)
        }
    }

    func apply(_ located: LocatedStatement) throws {
        let at = located.location
        line = at.line
        switch located.statement {
        case .constraint, .view: break
        // Held rows go in before any other statement's SQL, which may read or refer to
        // them, and which needs the connection.
        default: try writer.sync()
        }
        switch located.statement {
        case .layout(let name):
            try Identifier.check(name, as: .layout, at: at)
            currentName = name
            _ = try state(name)
        case .canvas(let size, let safe, let margins, let direction):
            let layout = try current()
            let safe = safe ?? .zero
            try store.database.execute(
                """
                UPDATE layouts SET canvas_width = ?, canvas_height = ?, safe_top = ?,
                    safe_left = ?, safe_bottom = ?, safe_right = ?, direction = ?
                WHERE id = ?
                """,
                [
                    size.width, size.height, safe.top, safe.left, safe.bottom, safe.right,
                    (direction ?? .leftToRight).rawValue, layout.id,
                ])
            // The root's margins live on its view row, as every view's do.
            try store.database.execute(
                """
                UPDATE views SET margin_top = ?, margin_left = ?, margin_bottom = ?,
                    margin_right = ?
                WHERE layout_id = ? AND ordinal = 0 AND parent_id IS NULL
                """,
                [margins?.top, margins?.left, margins?.bottom, margins?.right, layout.id])
            // A `fit` statement follows where the canvas fits a dimension.
            try store.database.execute(
                "UPDATE layouts SET fit_width = 0, fit_height = 0 WHERE id = ?", [layout.id])
            layout.model?.fit = .none
            layout.model?.canvas = size
            layout.model?.safe = safe
            layout.model?.direction = direction ?? .leftToRight
            if let i = layout.model?.views.firstIndex(where: \.isRoot) {
                layout.model!.views[i].declaration.margins = margins
            }
            touchedLayouts.insert(layout.id)
        case .view(let view):
            try addView(view, at: at)
        case .metric(let name, let value):
            try Identifier.check(name, as: .metric, at: at)
            let layout = try current()
            // The parser has already put the value into the statements that use the name,
            // so a second definition would split them between two values: refused, as a
            // second view or label of one name is.
            if let previous = layout.metrics[name] {
                throw StoreError.duplicateMetric(
                    name: name, layout: layout.name, at: at, previous: previous)
            }
            if try layout.viewID(name) != nil {
                throw StoreError.metricNamesView(
                    name: name, layout: layout.name, at: at,
                    previous: layout.viewOrigins[name], metricFirst: false)
            }
            layout.metrics[name] = at
            try store.database.execute(
                "INSERT INTO metrics (layout_id, name, value) VALUES (?, ?, ?)",
                [layout.id, name, value])
        case .constraint(var constraint):
            if constraint.source.isEmpty { constraint.source = located.text }
            if constraint.origin == nil { constraint.origin = at }
            try addConstraint(constraint)
        case .variant(let name, let canvas, let safe, let direction):
            try addVariant(name, canvas: canvas, safe: safe, direction: direction, at: at)
        case .set(let label, let constant, let variant):
            try set(
                label, constant, variant: variant, at: at,
                labelAt: Self.location(of: label, in: located, after: 1),
                variantAt: variant.map { Self.location(ofVariant: $0, in: located) } ?? at)
        case .priority(let label, let priority, let variant):
            try hold(label, priority: priority, active: nil, variant: variant, located)
        case .activate(let label, let isActive, let variant):
            try hold(label, priority: nil, active: isActive, variant: variant, located)
        case .intrinsic(let view, let size, let variant):
            try intrinsic(view, size, variant: variant, located)
        case .fit(let width, let height, let variant):
            try fit(Fit(width: width, height: height), variant: variant, at: at)
        case .hide(let view, let hidden, let variant):
            try hide(
                view, hidden, variant: variant, at: at,
                viewAt: Self.location(of: view, in: located, after: 1),
                variantAt: variant.map { Self.location(ofVariant: $0, in: located) } ?? at)
        }
    }

    // MARK: Overrides

    /// The variant id a statement's `in VARIANT` names (0: none, the base), or an
    /// unknown-variant error at the name (the statement's last word).
    private func variantID(_ variant: String?, in layout: LayoutState, _ located: LocatedStatement)
        throws -> Int64
    {
        guard let variant else { return 0 }
        return try variantID(
            variant, in: layout, at: Self.location(ofVariant: variant, in: located))
    }

    /// A layout whose model the overrides change is read back from the project for its
    /// first solve rather than kept up to date statement by statement.
    private func forgetModel(_ layout: LayoutState) {
        layout.model = nil
    }

    /// `priority LABEL P [in V]`, `activate`/`deactivate LABEL [in V]`.
    private func hold(
        _ label: String, priority: Priority?, active: Bool?, variant: String?,
        _ located: LocatedStatement
    ) throws {
        let layout = try current()
        let ids = try store.constraintIDs(
            named: label, layoutID: layout.id, layout: layout.name,
            at: Self.location(of: label, in: located, after: 1))
        let variantID = try variantID(variant, in: layout, located)
        for id in ids {
            try store.writeHolding(
                constraintID: id, variantID: variantID, priority: priority, active: active)
        }
        forgetModel(layout)
        touchedLayouts.insert(layout.id)
    }

    /// `intrinsic VIEW W H [hug ...] [resist ...] [in V]`.
    private func intrinsic(
        _ view: String, _ size: IntrinsicSize, variant: String?, _ located: LocatedStatement
    ) throws {
        let at = located.location
        let layout = try current()
        try StoreError.checkingNumbers(size.checkNumbers(), at: at)
        guard let viewID = try layout.viewID(view) else {
            throw try unknownView(view, in: layout, at: at)
        }
        _ = try store.intrinsicTarget(view, layoutID: layout.id, layout: layout.name, at: at)
        try store.writeIntrinsic(
            viewID: viewID, size, variantID: try variantID(variant, in: layout, located))
        forgetModel(layout)
        touchedLayouts.insert(layout.id)
    }

    /// The `fit` of a `canvas` (variant nil) or `variant NAME canvas` statement.
    private func fit(_ fit: Fit, variant: String?, at: SourceLocation) throws {
        let layout = try current()
        if let variant, let id = layout.variants[variant] {
            try store.database.execute(
                "UPDATE variants SET fit_width = ?, fit_height = ? WHERE id = ?",
                [fit.width, fit.height, id])
        } else {
            try store.database.execute(
                "UPDATE layouts SET fit_width = ?, fit_height = ? WHERE id = ?",
                [fit.width, fit.height, layout.id])
        }
        forgetModel(layout)
        touchedLayouts.insert(layout.id)
    }

    /// `hide VIEW [in VARIANT]` / `show ...`: the flag in the rows and in the kept model.
    private func hide(
        _ view: String, _ hidden: Bool, variant: String?, at: SourceLocation,
        viewAt: SourceLocation, variantAt: SourceLocation
    ) throws {
        let layout = try current()
        let viewID = try store.hideableViewID(
            view, layoutID: layout.id, layout: layout.name, at: viewAt)
        let variantID = try variantID(variant, in: layout, at: variantAt)
        try store.writeHidden(viewID: viewID, hidden, variantID: variantID)
        if variantID == 0 {
            if let i = layout.model?.views.firstIndex(where: { $0.id == viewID }) {
                layout.model!.views[i].declaration.isHidden = hidden
            }
        } else if let v = layout.model?.variants.firstIndex(where: { $0.id == variantID }) {
            layout.model!.variants[v].hidden[view] = hidden
        }
        touchedLayouts.insert(layout.id)
    }

    /// The id of `variant` in `layout` (0 for the base), or an unknown-variant error.
    private func variantID(_ variant: String?, in layout: LayoutState, at: SourceLocation)
        throws -> Int64
    {
        guard case .named(let name) = VariantRef(variant) else { return 0 }
        guard let id = layout.variants[name] else {
            throw StoreError.unknownVariant(
                name: name, layout: layout.name, at: at,
                suggestion: suggestName(name, from: layout.variants.keys))
        }
        return id
    }

    // MARK: Statements

    private func addView(_ view: ViewDeclaration, at: SourceLocation) throws {
        try Identifier.check(view.name, as: .view, at: at)
        let layout = try current()
        if try layout.viewID(view.name) != nil {
            throw StoreError.duplicateView(
                name: view.name, layout: layout.name, at: at,
                previous: layout.viewOrigins[view.name])
        }
        if let metric = layout.metrics[view.name] {
            throw StoreError.metricNamesView(
                name: view.name, layout: layout.name, at: at, previous: metric, metricFirst: true)
        }
        // A stack's spacing label is its own: a constraint may not hold it already, nor a
        // group under it (what rename-view asks). Stacks are few: only they pay for writing
        // the held rows.
        if view.stack != nil {
            let spacing = StackArrangement.spacingLabel(of: view.name)
            try writer.sync()
            if try store.labelIsTaken(spacing, layoutID: layout.id) {
                throw StoreError.labelNamesSpacing(label: spacing, stack: view.name, at: at)
            }
        }
        guard let parentID = try layout.viewID(view.parent) else {
            throw StoreError.unknownParent(
                view: view.name, parent: view.parent, at: at,
                suggestion: suggestName(view.parent, from: try layout.allViewIDs().keys))
        }
        let id = try writer.addView(
            view, layoutID: layout.id, parentID: parentID, ordinal: layout.nextViewOrdinal)
        layout.viewIDs[view.name] = id
        layout.viewOrigins[view.name] = at
        if view.kind == .guide { layout.guides?.insert(view.name) }
        layout.model?.views.append(
            StoredView(
                id: id, declaration: view, ordinal: layout.nextViewOrdinal,
                components: StoredView.unsolved))
        layout.nextViewOrdinal += 1
        touchedLayouts.insert(layout.id)
    }

    private func addConstraint(_ constraint: Constraint) throws {
        let at = constraint.origin
        let layout = try current()
        // A guide's margins and baselines: the parser refuses them where it knows the
        // guides, but a re-apply reads its changed lines alone, without them.
        if let refusal = try StoreError.guideRefusal(
            of: constraint, isGuide: { try isGuide($0, in: layout) })
        {
            throw Self.placed(refusal, in: constraint, guides: layout.guides ?? [])
        }
        // Looked up before the row is written, which a lookup in the rows would find.
        let labelTaken = try constraint.label.flatMap { try layout.labelOrigin($0) }
        // Each view is looked up once, as the writer makes the row (before it writes or
        // holds anything): an unknown one refuses the constraint there.
        let id = try writer.addConstraint(
            constraint, layoutID: layout.id, ordinal: layout.nextConstraintOrdinal
        ) { view in
            guard let id = try layout.viewID(view) else {
                throw try unknownView(view, in: layout, at: at)
            }
            return id
        }
        if let label = constraint.label {
            try Identifier.check(label, as: .label, at: at)
            try refuseSpacingLabel(label, in: layout, at: at)
            if let previous = labelTaken {
                throw StoreError.duplicateLabel(
                    label: label, layout: layout.name, at: at, previous: previous)
            }
            layout.labels[label] = at
        }
        layout.constraintIDs.append(id)
        // The statement's text is in its row; the model is for solving, and a million
        // views' texts are hundreds of megabytes (``AppliedLayout/model``). Changed in
        // place: reading `layout.model` to test it copied the whole model.
        layout.model?.constraints.append(
            StoredConstraint(id: id, layout: layout.name, constraint: constraint.withoutSource))
        layout.nextConstraintOrdinal += 1
        touchedLayouts.insert(layout.id)
    }

    /// Refuses a constraint's label that names a stack's spacing (`row.spacing`). Rare:
    /// only a label of that form pays for writing the held rows and a look at the stacks.
    private func refuseSpacingLabel(_ label: String, in layout: LayoutState, at: SourceLocation?)
        throws
    {
        guard StackArrangement.mayNameSpacing(label) else { return }
        try writer.sync()
        if let taken = try store.spacingTaken(by: label, layoutID: layout.id) {
            throw StoreError.labelNamesSpacing(label: taken.label, stack: taken.stack, at: at)
        }
    }

    /// Whether `view` is a layout guide of `layout`. The guides are read once per layout,
    /// after the held rows are written (this script's guides among them, and reading needs
    /// the connection); ``addView(_:at:)`` adds those declared after.
    private func isGuide(_ view: String, in layout: LayoutState) throws -> Bool {
        if layout.guides == nil {
            try writer.sync()
            layout.guides = Set(
                try store.database.cachedStatement(
                    "SELECT name FROM views WHERE layout_id = ? AND kind = ?"
                ).rows([layout.id, ViewKind.guide.rawValue]) { $0.string(0) })
        }
        return layout.guides?.contains(view) == true
    }

    /// `refusal` placed at the word of `constraint`'s statement that reads what a guide
    /// lacks, not at the statement's start: its text is read again knowing the guides.
    private static func placed(
        _ refusal: StoreError, in constraint: Constraint, guides: Set<String>
    ) -> StoreError {
        guard case .notOnGuide(let message, let hint, let at?) = refusal else { return refusal }
        do {
            _ = try ScriptParser.parseConstraints(constraint.source, guides: guides)
        } catch {
            // Another error of the text (a metric it names is unknown here): the start.
            guard error.message == message else { return refusal }
            var place = at
            place.column += error.location.column - 1
            return .notOnGuide(message: message, hint: hint, at: place)
        }
        return refusal
    }

    private func unknownView(_ name: String, in layout: LayoutState, at: SourceLocation?)
        throws -> StoreError
    {
        .unknownView(
            name: name, layout: layout.name, at: at,
            suggestion: suggestName(name, from: try layout.allViewIDs().keys))
    }

    private func addVariant(
        _ name: String, canvas: Size?, safe: Insets?, direction: LayoutDirection?,
        at: SourceLocation
    ) throws {
        try Identifier.check(name, as: .variant, at: at)
        if name == baseVariantName { throw StoreError.reservedVariantName(name: name, at: at) }
        let layout = try current()
        let db = store.database
        if layout.variants[name] != nil {
            // Declared once, as a view is: a second declaration that changed the first
            // would leave the reader of either line wrong about the variant.
            throw StoreError.duplicateVariant(
                name: name, layout: layout.name, at: at, previous: layout.variantOrigins[name])
        } else {
            try db.execute(
                """
                INSERT INTO variants (layout_id, name, canvas_width, canvas_height, safe_top,
                    safe_left, safe_bottom, safe_right, direction, fit_width, fit_height)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    layout.id, name, canvas?.width, canvas?.height, safe?.top, safe?.left,
                    safe?.bottom, safe?.right, direction?.rawValue,
                    canvas == nil ? nil : false, canvas == nil ? nil : false,
                ])
            layout.variants[name] = db.lastInsertedRowID
            layout.variantOrigins[name] = at
            layout.model?.variants.append(
                {
                    var variant = VariantModel(
                        id: db.lastInsertedRowID, name: name, canvas: canvas, safe: safe,
                        direction: direction)
                    // A variant with its own canvas fits only what its `fit` says.
                    if canvas != nil { variant.fit = Fit.none }
                    return variant
                }())
            // The model lists variants by name, as `loadLayout` does.
            layout.model?.variants.sort { $0.name < $1.name }
        }
        touchedLayouts.insert(layout.id)
    }

    /// Where `word` is in the statement: the column of its word number `index` (0 is the
    /// keyword: `set LABEL CONSTANT in VARIANT`) when that is `word`, else the statement's
    /// own location (a statement built in Swift has no text).
    static func location(of word: String, in located: LocatedStatement, after index: Int)
        -> SourceLocation
    {
        var location = located.location
        var column = 0
        var count = 0
        var inWord = false
        for (offset, c) in located.text.enumerated() {
            let space = c == " " || c == "\t"
            if !space && !inWord {
                if count == index { column = offset }
                count += 1
            }
            inWord = !space
        }
        guard count > index, located.text.dropFirst(column).hasPrefix(word) else {
            return location
        }
        location.column += column
        return location
    }

    /// Where a statement's `in VARIANT` names the variant: its last word.
    static func location(ofVariant variant: String, in located: LocatedStatement)
        -> SourceLocation
    {
        let words = located.text.split(whereSeparator: { $0 == " " || $0 == "\t" }).count
        return location(of: variant, in: located, after: max(0, words - 1))
    }

    private func set(
        _ label: String, _ constant: Double, variant: String?, at: SourceLocation,
        labelAt: SourceLocation, variantAt: SourceLocation
    ) throws {
        let layout = try current()
        if let stackID = try store.spacingStack(label, layoutID: layout.id) {
            let variantID = try variantID(variant, in: layout, at: variantAt)
            try store.setSpacing(stackID: stackID, constant, variantID: variantID)
            let stack = String(label.dropLast(".spacing".count))
            if variantID == 0 {
                if let i = layout.model?.views.firstIndex(where: { $0.id == stackID }) {
                    layout.model!.views[i].declaration.stack?.spacing = constant
                }
            } else if let v = layout.model?.variants.firstIndex(where: { $0.id == variantID }) {
                layout.model!.variants[v].spacing[stack] = constant
            }
            touchedLayouts.insert(layout.id)
            return
        }
        let target = try store.labelledConstraint(
            label, layoutID: layout.id, layout: layout.name, at: labelAt)
        let db = store.database
        switch VariantRef(variant) {
        case .base:
            try db.execute(
                "UPDATE constraints SET constant = ? WHERE id = ?", [constant, target.id])
            if let i = layout.model?.constraintIndex(id: target.id) {
                layout.model!.constraints[i].constraint.constant = constant
            }
        case .named(let name):
            guard let variantID = layout.variants[name] else {
                throw StoreError.unknownVariant(
                    name: name, layout: layout.name, at: variantAt,
                    suggestion: suggestName(name, from: layout.variants.keys))
            }
            try ProjectStore.writeVariantConstant(
                db, variantID: variantID, constraintID: target.id, value: constant)
            if let v = layout.model?.variants.firstIndex(where: { $0.id == variantID }) {
                layout.model!.variants[v].overrides[target.id] = constant
            }
        }
        touchedLayouts.insert(layout.id)
    }

    // MARK: Per-layout state

    /// The state of the layout statements go to now (``state(_:)`` of `currentName`).
    private func current() throws -> LayoutState {
        if let currentState { return currentState }
        let state = try state(currentName)
        currentState = state
        return state
    }

    /// The state of layout `name`, loading it from the project or creating it.
    private func state(_ name: String) throws -> LayoutState {
        if let state = layouts[name] { return state }
        try writer.sync()
        let db = store.database
        let state: LayoutState
        if let id = try db.int64("SELECT id FROM layouts WHERE name = ?", [name]) {
            state = try load(id: id, name: name)
        } else {
            // A `layout` statement checked its name where it stands; this catches the
            // starting layout a caller passes.
            try Identifier.check(name, as: .layout)
            let (id, root) = try writer.addLayout(named: name)
            state = LayoutState(
                id: id, name: name, created: true, viewIDs: [rootViewName: root], labels: [:],
                nextViewOrdinal: 1, nextConstraintOrdinal: 0, variants: [:])
            state.model = LayoutModel(
                id: id, name: name, canvas: nil,
                views: [
                    StoredView(
                        id: root, declaration: ViewDeclaration(name: rootViewName, parent: ""),
                        ordinal: 0, components: StoredView.unsolved)
                ],
                constraints: [], variants: [])
            // Packed: at a million views, 4.6M constraints as rows were 1.2 GB.
            state.model!.constraints = .packed()
            let room = max(0, lineCount - line + 1)
            state.model!.constraints.reserveCapacity(room)
            state.constraintIDs.reserveCapacity(room)
            touchedLayouts.insert(id)
        }
        layouts[name] = state
        order.append(name)
        return state
    }

    /// A layout the project holds, as statements find it. Where rows are written as they
    /// come, its views and labels are looked up as statements name them
    /// (``LayoutState/rows``); a writer that holds rows back owns the connection until it
    /// writes them, so then every view and label is read first.
    private func load(id: Int64, name: String) throws -> LayoutState {
        let db = store.database
        var viewIDs: [String: Int64] = [:]
        var labels: [String: SourceLocation?] = [:]
        var nextView = 0
        var nextConstraint = 0
        if writer.holdsRows {
            let views = try db.cachedStatement(
                "SELECT name, id, ordinal FROM views WHERE layout_id = ?")
            try views.bind([id])
            while try views.step() {
                viewIDs[views.string(0)] = views.int64(1)
                nextView = max(nextView, views.int(2) + 1)
            }
            let constraints = try db.cachedStatement(
                """
                SELECT label, origin_file, origin_line, origin_column, ordinal
                FROM constraints WHERE layout_id = ?
                """)
            try constraints.bind([id])
            while try constraints.step() {
                nextConstraint = max(nextConstraint, constraints.int(4) + 1)
                guard let label = constraints.optionalString(0) else { continue }
                labels[label] = constraints.optionalString(1).map {
                    SourceLocation(file: $0, line: constraints.int(2), column: constraints.int(3))
                }
            }
        } else {
            nextView = Int(
                try db.int64(
                    "SELECT coalesce(max(ordinal) + 1, 0) FROM views WHERE layout_id = ?", [id])
                    ?? 0)
            nextConstraint = Int(
                try db.int64(
                    "SELECT coalesce(max(ordinal) + 1, 0) FROM constraints WHERE layout_id = ?",
                    [id]) ?? 0)
        }
        let variants = try db.cachedStatement("SELECT name, id FROM variants WHERE layout_id = ?")
            .rows([id]) { ($0.string(0), $0.int64(1)) }
        let state = LayoutState(
            id: id, name: name, created: false, viewIDs: viewIDs, labels: labels,
            nextViewOrdinal: nextView, nextConstraintOrdinal: nextConstraint,
            variants: Dictionary(variants, uniquingKeysWith: { a, _ in a }),
            rows: writer.holdsRows ? nil : db)
        for metric in try db.cachedStatement("SELECT name FROM metrics WHERE layout_id = ?")
            .rows([id], { $0.string(0) })
        {
            state.metrics[metric] = .some(nil)
        }
        return state
    }
}

extension Constraint {
    /// The constraint without its statement's text: what a model keeps to solve.
    fileprivate var withoutSource: Constraint {
        var solved = self
        solved.source = ""
        return solved
    }
}
