import LayoutScript

/// A layout project: one SQLite file of layouts, views, constraints, variants and
/// solved frames. The public API the `layoutdb` command is built on.
///
/// Every edit is one transaction — validate, write, re-solve what it made dirty, write
/// the frames that changed, commit — and a failure anywhere leaves the file as it was.
///
///     let project = try Project.open(path: "app.layoutdb", create: true)
///     try project.apply(script: "canvas 375 812\nview header\nheader.height: header.height == 70")
///     try project.setConstant(label: "header.height", to: 44)
///     try project.frames().first { $0.view == "header" }?.frame.height   // 44
public final class Project {
    package let store: ProjectStore
    /// Re-solve after each edit (`--no-solve` turns it off for batches; `solve` catches up).
    public var solvesAfterEdits = true
    /// Called as long work advances (an apply's parse, store, solve and write; a
    /// re-solve's solve and write), on the calling thread, between steps of the work.
    public var progress: ((WorkProgress) -> Void)?
    /// Whether the solves of a new file's first apply write to the file while the engine
    /// works (``ProjectStore/startFlushingPages()``): on the first apply's threads, as its
    /// statements were written (``largestScriptOnThreads``).
    var writesWhileSolving = false

    init(store: ProjectStore) { self.store = store }

    /// Opens (or with `create`, creates) the project file at `path`; with `readOnly`, reads
    /// work and every edit fails with `SQLITE_READONLY` (exit status 74).
    ///
    ///     let project = try Project.open(path: "app.layoutdb", readOnly: true)
    public static func open(
        path: String, create: Bool = false, readOnly: Bool = false,
        busyTimeout: Duration = .seconds(5)
    ) throws -> Project {
        Project(
            store: try ProjectStore.open(
                path: path, create: create, readOnly: readOnly, busyTimeout: busyTimeout))
    }

    /// A copy in memory of the project at `path`, read through a read-only connection: a
    /// dry run that writes and rolls back (`import --dry-run`) can work on a project it
    /// may not write. Nothing is written to `path`.
    ///
    ///     let copy = try Project.openCopyInMemory(of: "app.layoutdb")
    public static func openCopyInMemory(of path: String, busyTimeout: Duration = .seconds(5))
        throws -> Project
    {
        Project(store: try ProjectStore.openCopyInMemory(of: path, busyTimeout: busyTimeout))
    }

    /// A new project for `path`, made in a file of its own beside it that no other process
    /// opens, to fill with a first `apply` and then ``publish()`` in place whole (or
    /// ``discard()``). Quicker than filling a project opened at `path`: the file is written
    /// through a rollback journal, each page once. nil when `path` exists or no file can be
    /// made beside it: then open it with ``open(path:create:readOnly:busyTimeout:)``.
    ///
    ///     if let new = try Project.openUnpublished(path: "app.layoutdb") {
    ///         try new.apply(script: text, file: "home.layout")
    ///         if try !new.publish() { /* another process made app.layoutdb meanwhile */ }
    ///     }
    public static func openUnpublished(path: String, busyTimeout: Duration = .seconds(5)) throws
        -> Project?
    {
        try ProjectStore.openUnpublished(path: path, busyTimeout: busyTimeout).map(Project.init)
    }

    /// What ``openUnpublished(path:busyTimeout:)`` removed beside the path: files a first
    /// `apply` or `import` that did not finish left (`PATH.layoutdb-new-PID`).
    public var removedLeftovers: [String] { store.removedLeftovers }

    /// Throws where a project could not be made at `path` because its folder does not
    /// exist: what a dry run of a first apply checks, as the apply would fail there.
    public static func requireFolder(for path: String) throws {
        try ProjectStore.requireFolder(for: path)
    }

    /// Links a project from ``openUnpublished(path:busyTimeout:)`` in place at its path and
    /// closes it: the project is not used after. False when a file appeared at the path
    /// meanwhile (then nothing of this one is kept: apply to that file instead).
    public func publish() throws -> Bool { try store.publish() }

    /// Drops a project from ``openUnpublished(path:busyTimeout:)``: nothing is left of it.
    public func discard() { store.discard() }

    /// Runs `body` and, unless turned off, the re-solve of `layouts`, in one transaction.
    @discardableResult
    func edit(layouts: @autoclosure () throws -> [String], _ body: () throws -> Void) throws
        -> SolveReport
    {
        try store.transaction {
            try body()
            guard solvesAfterEdits else { return SolveReport() }
            var report = SolveReport()
            for layout in try layouts() { report.merge(try solveDirty(layout: layout)) }
            return report
        }
    }

    // MARK: Scripts

    /// Applies a whole `.layout` script: all of it, or nothing when any statement fails.
    ///
    /// Statements before the script's first `layout` statement go into `layout` (created
    /// when the project has none of that name), as they go into `main` by default. Every
    /// view a statement names must be in the project or declared earlier in the script:
    /// an unknown one is a ``ParseError`` at the name.
    @discardableResult
    public func apply(
        script text: consuming String, file: String = "-", layout: String = defaultLayoutName
    ) throws -> SolveReport {
        try Identifier.check(layout, as: .layout)
        var views: [String: [String: String]] = [:]
        var guides: [String: Set<String>] = [:]
        for summary in try store.layouts() {
            let stored = try store.views(layout: summary.name)
            views[summary.name] = Self.parents(of: stored)
            let names = stored.filter { $0.declaration.kind == .guide }.map(\.name)
            if !names.isEmpty { guides[summary.name] = Set(names) }
        }
        // The layout's metrics, which another file or the command line made: usable as
        // numbers, as its views are usable as views.
        let metrics = try store.storedLayoutID(layout) == nil ? [:] : metricValues(layout: layout)
        // Held in a box the solve empties: see ``insertAndSolve(_:file:layout:views:guides:metrics:)``.
        let script = ScriptText(consume text)
        let report = try Self.showingScriptLine(of: script.text, file: file) {
            // Foreign-key checks off around the transaction (SQLite ignores the switch
            // inside one, where `ProjectStore.apply` finds itself): every reference written
            // here is an id this transaction just got from its own inserts, and with the
            // checks on each row cost a parent lookup and a statement journal.
            try store.database.withoutForeignKeyChecks {
                try store.database.withPageCache(kibibytes: Self.bulkPageCache) {
                    // A savepoint: `apply --replace` runs this inside its own transaction.
                    try store.database.savepoint(.immediate) {
                        try insertAndSolve(
                            script, file: file, layout: layout, views: views, guides: guides,
                            metrics: metrics)
                    }
                }
            }
        }
        store.checkpoint()
        return report
    }

    /// The page cache of a bulk insert (``Database/withPageCache(kibibytes:_:)``): 64 MiB.
    static let bulkPageCache = 64 * 1024

    /// `apply(script:)`'s work inside its savepoint: the statements' rows, the script's
    /// lines, then the solve of the layouts it touched.
    ///
    /// The script is read and written one statement at a time: the peak memory of a
    /// million-view script holds no array of its statements (gigabytes) beside the
    /// applier's model. A parse error on any line refuses the whole script, as a store
    /// error does: the caller's savepoint rolls back what came before it.
    ///
    /// Once its lines are kept, the script's text is let go: the solve needs none of it
    /// (its refusals quote the rows), and a million-view script is 180 MB. An error from
    /// then on is shown without the line (there is no store error with a place in the
    /// script after its statements are written).
    private func insertAndSolve(
        _ script: ScriptText, file: String, layout: String, views: [String: [String: String]],
        guides: [String: Set<String>], metrics: [String: Double]
    ) throws -> SolveReport {
        // A file's first apply (`heldName` gave its name a place): the name was chosen
        // before this transaction, and another process may have applied a file under it
        // since (two terminals, two folders, one typed name).
        if store.located[file] != nil, try store.holdsLines(of: file) {
            throw AppliedMeanwhile(file: file)
        }
        let onThreads = Self.appliesOnThreads(bytes: script.utf8.count)
        var stored = try storeStatements(
            of: script.utf8, file: file, layout: layout, views: views, guides: guides,
            metrics: metrics, onThreads: onThreads)
        try script.utf8.withUnsafeBufferPointer {
            try store.saveScriptLines(utf8: $0, file: file, owners: stored.owners, replacing: false)
        }
        script.utf8 = []
        guard solvesAfterEdits else { return SolveReport() }
        var report = SolveReport()
        // The layouts the script used, in the order it first did. A layout this script
        // created is all in memory already: solved from the applier's model instead of
        // reading back what was just written. Each model is handed to its solve with no
        // other copy kept (nor the applier's id maps), so the solve can free the parts
        // it is done with: at a million views, gigabytes of the peak.
        var layouts = stored.applied.map { (name: $0.name, model: $0.model) }
        stored.applied = []
        writesWhileSolving = onThreads
        defer { writesWhileSolving = false }
        for i in layouts.indices {
            let model = layouts[i].model.take()
            report.merge(try solveDirty(layout: layouts[i].name, preloaded: consume model))
        }
        return report
    }

    /// Reads `text` and writes its statements as they are read: the reading runs a few
    /// hundred statements ahead on a thread of its own (``ReadAhead``), the applier on the
    /// caller's, and the rows it holds are written on a third (``RowWriter``). Returns what
    /// the applier wrote, per layout in the order the script first used them, and each
    /// line's layout. The reader shares `text`'s bytes. Without `onThreads`
    /// (``appliesOnThreads(bytes:)``) all of it runs on the caller's thread.
    private func storeStatements(
        of text: [UInt8], file: String, layout: String, views: [String: [String: String]],
        guides: [String: Set<String>], metrics: [String: Double], onThreads: Bool
    ) throws -> (applied: [AppliedLayout], owners: LineOwners) {
        let reading = ReaderBox(
            ScriptReader(
                utf8: text, file: file, metrics: metrics, layout: layout, views: views,
                guides: guides))
        let ahead = ReadAhead(inline: !onThreads) { try reading.reader.next() }
        defer { ahead.close() }
        var owners = LineOwners(start: layout)
        var line = 0
        let lines = Self.newlines(in: text)
        let applied = try store.apply(
            layout: layout,
            progress: progress.map { report in
                { _ in
                    report(
                        WorkProgress(
                            stage: .store, done: min(line, lines), total: lines, unit: "lines"))
                }
            }, lineCount: lines + 1, onThreads: onThreads
        ) {
            guard let statement = try ahead.next() else {
                line = lines
                return nil
            }
            owners.note(statement)
            line = statement.location.line
            return statement
        }
        return (applied, owners)
    }

    /// The largest script (in bytes) applied on three threads (read ahead, applied, its
    /// rows written), where the process may run on more than one processor; a larger one
    /// is applied on one. Each thread's allocations come from a heap of its own (glibc
    /// gives each thread an arena), and what one frees there the others cannot reuse: at a
    /// million views (180 MB of script) the peak, which is then what limits, rose from
    /// 1.36 GiB to 1.39-1.47 GiB, varying with the threads' timing.
    static let largestScriptOnThreads = 64 << 20

    /// Whether a script of `bytes` is applied on more than one thread
    /// (``largestScriptOnThreads``).
    static func appliesOnThreads(bytes: Int) -> Bool {
        bytes <= largestScriptOnThreads && processorsAvailable() > 1
    }

    /// A script reader handed to the thread that reads ahead (``ReadAhead``), which alone
    /// uses it until it is closed.
    private final class ReaderBox: @unchecked Sendable {
        var reader: ScriptReader
        init(_ reader: ScriptReader) { self.reader = reader }
    }

    /// The number of line feeds in `text`, counted over its bytes: a lazy filter of
    /// `text.utf8` was 2 % of a 1,000-view apply.
    private static func newlines(in text: [UInt8]) -> Int {
        text.withUnsafeBufferPointer { bytes in
            var count = 0
            for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
            return count
        }
    }

    /// Runs `body`; an error it throws that points into the script `text` (named `file`)
    /// is rethrown as a ``ParseError`` with the script's line and a caret, as the parser's
    /// own errors are (an unknown label or variant in `set`, a duplicate view, ...).
    static func showingScriptLine<T>(
        of text: @autoclosure () -> String, file: String, _ body: () throws -> T
    ) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            guard let at = error.location, at.file == file, at.line >= 1 else { throw error }
            // Lines end at "\n" as the parser counts them; "\r\n" is one Character.
            let lines = text().split(
                maxSplits: at.line, omittingEmptySubsequences: false,
                whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            guard at.line <= lines.count else { throw error }
            let line = lines[at.line - 1]
            let described = error.description
            let prefix = "\(at): "
            throw ParseError(
                location: at, lineText: String(line),
                message: described.hasPrefix(prefix)
                    ? String(described.dropFirst(prefix.count)) : described, hint: error.hint)
        }
    }

    // MARK: Constraints

    /// Adds constraints written as an equation or a VFL line (`a.left == b.right + 8`).
    @discardableResult
    public func add(
        _ text: String, label: String? = nil, priority: Priority? = nil,
        layout: String = defaultLayoutName
    ) throws -> SolveReport {
        if let label { try Identifier.check(label, as: .label) }
        let views = try store.views(layout: layout)
        var parsed = try ScriptParser.parseConstraints(
            text, file: Reconciler.addOrigin, metrics: try metricValues(layout: layout),
            parents: Self.parents(of: views),
            guides: Set(views.filter { $0.declaration.kind == .guide }.map(\.name)))
        // A label in the text and another given beside it: the text's was dropped unsaid.
        if let label, let own = parsed.lazy.compactMap(\.label).first,
            parsed.count > 1 || own != label
        {
            throw StoreError.refusedEdit(
                "the constraint is labelled in its text (`\(own)`) and by --label (`\(label)`): "
                    + "give one label")
        }
        for i in parsed.indices {
            if let priority { parsed[i].priority = priority }
            if let label {
                parsed[i].label =
                    parsed.count == 1
                    ? label
                    : parsed[i].label.map { label + $0.drop { $0 != "." } } ?? "\(label).\(i + 1)"
            }
        }
        return try add(parsed, layout: layout)
    }

    /// Adds constraints built in Swift (see ``constraints(_:)`` and ``LayoutView``).
    ///
    ///     let header = LayoutView("header")
    ///     try project.add(constraints { header.height == 70 ~ "header.height" })
    @discardableResult
    public func add(_ constraints: [Constraint], layout: String = defaultLayoutName) throws
        -> SolveReport
    {
        try edit(layouts: [layout]) {
            for c in constraints { try store.addConstraint(c, layout: layout) }
        }
    }

    /// The constraints of a layout written in Swift, one per line.
    ///
    ///     try project.constrain {
    ///         title.center == header.center
    ///         header.height == 70 ~ "header.height"
    ///     }
    @discardableResult
    public func constrain(
        layout: String = defaultLayoutName, @ConstraintBuilder _ build: () -> [Constraint]
    )
        throws -> SolveReport
    {
        try add(build(), layout: layout)
    }

    /// The constraint labelled `label`, or nil.
    package func constraint(named label: String, layout: String = defaultLayoutName) throws
        -> StoredConstraint?
    {
        try store.constraint(labelled: label, layout: layout)
    }

    @discardableResult
    public func removeConstraint(named label: String, layout: String = defaultLayoutName) throws
        -> SolveReport
    {
        try edit(layouts: [layout]) { try store.removeConstraint(labelled: label, layout: layout) }
    }

    /// Changes the constant of the labelled constraint — for one variant only, or (nil)
    /// the base layout, which every variant that does not override it inherits.
    @discardableResult
    public func setConstant(
        label: String, to value: Double, variant: String? = nil, layout: String = defaultLayoutName
    ) throws -> SolveReport {
        try edit(layouts: [layout]) {
            try store.setConstant(label: label, value: value, variant: variant, layout: layout)
        }
    }

    @discardableResult
    public func setPriority(
        label: String, to priority: Priority, layout: String = defaultLayoutName
    ) throws
        -> SolveReport
    {
        try edit(layouts: [layout]) {
            try store.setPriority(label: label, priority: priority, layout: layout)
        }
    }

    @discardableResult
    public func setActive(label: String, _ active: Bool, layout: String = defaultLayoutName) throws
        -> SolveReport
    {
        try edit(layouts: [layout]) { try store.setActive(label: label, active, layout: layout) }
    }

    // MARK: Variants

    /// Creates variant `name`: on `canvas` (nil = the layout's), or, `copying` another
    /// variant, with that one's canvas (unless `canvas` is given), safe area, direction,
    /// fitting and every override; `safe` and `direction`, where given, are its own.
    @discardableResult
    public func createVariant(
        _ name: String, canvas: Size?, safe: Insets? = nil, direction: LayoutDirection? = nil,
        copying source: String? = nil, layout: String = defaultLayoutName
    ) throws -> SolveReport {
        try edit(layouts: [layout]) {
            let id =
                if case .named(let source) = VariantRef(source) {
                    try store.copyVariant(source, as: name, canvas: canvas, layout: layout)
                } else {
                    try store.createVariant(name, canvas: canvas, layout: layout)
                }
            try store.setVariantShape(id, safe: safe, direction: direction)
        }
    }

    @discardableResult
    public func removeVariant(_ name: String, layout: String = defaultLayoutName) throws
        -> SolveReport
    {
        try edit(layouts: [layout]) { try store.removeVariant(name, layout: layout) }
    }

    /// Drops a variant's override of a label: it inherits the base constant again.
    @discardableResult
    public func resetConstant(variant: String, label: String, layout: String = defaultLayoutName)
        throws
        -> SolveReport
    {
        try edit(layouts: [layout]) {
            try store.resetConstant(variant: variant, label: label, layout: layout)
        }
    }

    // MARK: Reading

    /// Every layout's name.
    public func layoutNames() throws -> [String] { try store.layouts().map(\.name) }

    /// Re-solves whatever is marked dirty (by layoutdb or by plain SQL) in every layout.
    /// A layout whose constraints cannot be solved stays dirty, the others are solved and
    /// kept; then the first refusal is thrown, naming its layout (``LayoutNotSolved``).
    @discardableResult
    public func solve() throws -> SolveReport {
        var refused: [LayoutNotSolved] = []
        let report = try store.transaction {
            var report = SolveReport()
            for layout in try layoutNames() {
                do {
                    report.merge(try store.database.savepoint { try solveDirty(layout: layout) })
                } catch let error as EngineError {
                    refused.append(LayoutNotSolved(layout: layout, error: error))
                }
            }
            return report
        }
        store.checkpoint()
        if var first = refused.first {
            first.others = refused.count - 1
            throw first
        }
        return report
    }

    /// How a read gets frames when edits have not been re-solved yet.
    public enum FrameReading: Sendable {
        /// Re-solve the dirty parts and store them first (`frames`): a read that writes.
        case solvingDirty
        /// The stored frames as they are, stale ones marked (`--no-solve`, `--read-only`).
        case asStored
        /// When dirty, solve the layout in memory and write nothing (`render`, `diff`:
        /// commands documented never to change the project).
        case solvingInMemory
    }

    /// The solved frames of a layout (the base, or a variant): by default re-solving first
    /// if dirty. A read-only file is never re-solved: its stale frames come marked.
    ///
    ///     try project.frames(reading: .asStored).filter(\.stale)   // edits not solved yet
    public func frames(
        layout: String = defaultLayoutName, variant: String? = nil,
        reading: FrameReading = .solvingDirty
    ) throws -> [FrameRow] {
        let ref = VariantRef(variant)
        if reading == .solvingDirty { try solveIfNeeded(layout: layout, reading: ref) }
        // The base with nothing dirty (after the re-solve, when it writes): one read.
        if ref == .base, reading != .solvingInMemory,
            try store.dirtyMarks(layout: layout).allSatisfy({ $0.variant != .base })
        {
            return try store.baseFrameRows(layout: layout).map {
                FrameRow(
                    view: $0.view, parent: $0.parent, frame: $0.frame.rect.snapped,
                    ambiguous: $0.frame.ambiguous, kind: $0.kind, hidden: $0.hidden)
            }
        }
        switch reading {
        case .solvingDirty, .asStored: break
        case .solvingInMemory:
            let marks = try store.dirtyMarks(layout: layout).filter { $0.variant == ref }
            if !marks.isEmpty {
                let p = try prepare(layout: layout, variant: variant)
                let output = try solveInMemory(p)
                let root = output.root.map {
                    FrameRow(view: rootViewName, parent: "", frame: $0.snapped, ambiguous: false)
                }
                return (root.map { [$0] } ?? [])
                    + rows(p, output.frames, ambiguous: output.ambiguous)
            }
        }
        let marks = try store.dirtyMarks(layout: layout).filter { $0.variant == ref }
        let wholeLayoutStale = marks.contains { $0.component == nil }
        let staleComponents = Set(marks.compactMap(\.component))
        let frames = try store.storedFrames(layout: layout, variant: ref)
        // A variant's own hide/show, over the base's flag.
        let variantHidden =
            variant == nil
            ? [:]
            : try store.variants(layout: layout).variant(named: variant, layout: layout)?
                .hidden ?? [:]
        // The root has a stored frame only where its canvas is fitted.
        return try store.views(layout: layout).compactMap { view in
            frames[view.id].map {
                FrameRow(
                    view: view.name, parent: view.declaration.parent,
                    frame: $0.rect.snapped,
                    ambiguous: $0.ambiguous,
                    stale: wholeLayoutStale
                        || view.components.contains { $0.map(staleComponents.contains) ?? false },
                    kind: view.declaration.kind,
                    hidden: variantHidden[view.name] ?? view.declaration.isHidden)
            }
        }
    }

    /// Re-solves dirty parts unless the file is read-only (then stale frames are shown).
    ///
    /// A read of `variant` (or of the base) is not refused for another variant whose canvas
    /// plain SQL made one no solve takes (``EngineError/invalidCanvas(_:)``): nothing else
    /// reads that canvas, so `variant` is solved alone, and the broken one keeps its marks
    /// (its frames read as stale; reading or solving it says why).
    func solveIfNeeded(layout: String, reading variant: VariantRef? = nil) throws {
        guard !store.isReadOnly, try !store.dirtyMarks(layout: layout).isEmpty else { return }
        do {
            try store.transaction { _ = try solveDirty(layout: layout) }
        } catch let error as EngineError {
            guard case .solving(let context, .invalidCanvas) = error, context.ownCanvas,
                let broken = context.variantName, let variant, variant != VariantRef(broken)
            else { throw error }
            try store.transaction { _ = try solveDirty(layout: layout, only: [variant]) }
        }
    }
}

extension Project {
    /// Each view's parent by name: what the parser needs to check the names a statement uses.
    static func parents(of views: [StoredView]) -> [String: String] {
        Dictionary(views.map { ($0.name, $0.declaration.parent) }) { first, _ in first }
    }

    /// The layout's metrics by name, for equations and VFL lines written against it.
    func metricValues(layout: String) throws -> [String: Double] {
        Dictionary(try store.metrics(layout: layout).map { ($0.name, $0.value) }) { first, _ in
            first
        }
    }
}

/// A script's text that its apply lets go of once the text is no longer needed (see
/// ``Project/insertAndSolve(_:file:layout:views:guides:metrics:)``), as UTF-8 bytes that the
/// reader shares: a million-view script is 180 MB, and the reader's copy of a `String`'s
/// bytes was a second one.
final class ScriptText {
    var utf8: [UInt8]
    init(_ text: consuming String) { utf8 = Array(text.utf8) }
    /// The text (an error quoting its line: rare, so made when asked).
    var text: String { String(decoding: utf8, as: UTF8.self) }
}
