import FoundationEssentials
import LayoutSQLite
import LayoutScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A layoutdb project file: the model ⇄ rows, dirty marks, one transaction per edit.
///
/// Every public method that writes runs in one immediate transaction: it commits when it
/// returns and leaves the file as it was when it throws.
///
///     let store = try ProjectStore.open(path: "app.layoutdb", create: true)
///     try store.apply(statements)                      // a parsed script, all or nothing
///     try store.setConstant(label: "header.height", value: 70)
package final class ProjectStore {
    /// The connection; the engine and the project's checks run their own read queries.
    package let database: Database
    /// Where a project made by ``openUnpublished(path:busyTimeout:)`` is written until
    /// ``publish()`` links it in place; nil for a project opened at its path.
    var unpublished: (file: String, path: String)?
    /// What ``openUnpublished(path:busyTimeout:)`` removed that killed processes had left
    /// beside the path (``abandonedFiles(for:)``), for the caller to say.
    package var removedLeftovers: [String] = []
    /// Where the script files named in this process are, by held name
    /// (``locate(_:at:)``); written with their lines.
    var located: [String: ScriptPlace] = [:]
    /// The layout each such file's statements before its first `layout` line go into
    /// (``recordStart(of:in:)``); written with its place.
    var startLayouts: [String: String] = [:]

    init(database: Database) { self.database = database }

    /// Opens the project at `path`, migrating it to the current schema.
    ///
    /// Only `create: true` (the CLI's `init` and `apply`) makes a new file; otherwise a
    /// missing or empty file is ``ProjectFileError/noProject(path:)``. Files that are not
    /// databases, other programs' databases and newer schemas are refused untouched.
    ///
    ///     let store = try ProjectStore.open(path: "app.layoutdb")
    package static func open(
        path: String, create: Bool = false, readOnly: Bool = false,
        busyTimeout: Duration = .seconds(5)
    ) throws -> ProjectStore {
        // A folder, a device (`/dev/null`) or a pipe: SQLite would make its journal beside
        // it, and report a disk error. The kind of what a link points at.
        let kind = Database.fileKind(at: path)
        switch kind {
        case .folder: throw ProjectFileError.folder(path: path)
        case .other: throw ProjectFileError.notAFile(path: path)
        case .unreachable(let reason):
            throw ProjectFileError.unreachable(path: path, reason: reason)
        case .file, nil: break
        }
        let exists = kind != nil
        if !create, !exists { throw ProjectFileError.noProject(path: path) }
        if create, !exists { try requireFolder(for: path) }
        // Where the image cannot be linked in place (a full disk, a file system without
        // links), SQLite makes the file: made here first, empty, so that it is known to be
        // this process's, and removed if the project cannot be made in it. (A full disk
        // left an empty SQLite file at the path, where the path is to hold no project or
        // the whole one.)
        let made =
            create && !readOnly && !exists && !DatabaseMigrator.createFile(atPath: path)
            && makeEmptyFile(path)
        do {
            return ProjectStore(
                database: try openMigrated(
                    path: path, create: create, readOnly: readOnly, busyTimeout: busyTimeout))
        } catch {
            if made { removeFiles(of: path) }
            throw error
        }
    }

    /// The database at `path`, migrated to this version (closed again where it cannot be).
    private static func openMigrated(
        path: String, create: Bool, readOnly: Bool, busyTimeout: Duration
    ) throws -> Database {
        let db: Database
        do {
            db = try Database(
                path: path,
                options: .init(create: create, readOnly: readOnly, busyTimeout: busyTimeout))
        } catch  where error.kind == .notADatabase {
            throw ProjectFileError.notADatabase(path: path)
        }
        do {
            try DatabaseMigrator().migrate(db, allowEmpty: create)
        } catch {
            db.close()
            throw error
        }
        return db
    }

    /// Throws ``ProjectFileError/noFolder(path:folder:)`` where `path`'s folder does not
    /// exist: SQLite would say only that it cannot open the file.
    package static func requireFolder(for path: String) throws {
        guard path != ":memory:" else { return }
        let folder = Self.folder(of: path)
        guard !folder.isEmpty else { return }
        guard Database.fileKind(at: folder) != .folder else { return }
        let name = String(folder.dropLast())
        // Without its `/`: `notes.txt/` is no file of any kind (ENOTDIR).
        let kind = Database.fileKind(at: name)
        // `mkdir -p` cannot make a folder where a file is (`--db s.layout/p.db`).
        if kind == .file || kind == .other {
            throw ProjectFileError.notAFolder(path: path, folder: name)
        }
        throw ProjectFileError.noFolder(path: path, folder: name)
    }

    /// ``Project/openCopyInMemory(of:busyTimeout:)``: the file's pages copied into a
    /// database in memory (whose errors name `path`), migrated there if the file is older.
    package static func openCopyInMemory(of path: String, busyTimeout: Duration) throws
        -> ProjectStore
    {
        let source = try open(path: path, readOnly: true, busyTimeout: busyTimeout)
        let copy = try Database(
            path: ":memory:", options: .init(create: true, busyTimeout: busyTimeout, name: path))
        try source.database.copy(into: copy)
        source.database.close()
        try DatabaseMigrator().migrate(copy, allowEmpty: false)
        return ProjectStore(database: copy)
    }

    /// Layouts in the project, by name.
    ///
    ///     try store.layouts().map(\.name) == ["main"]
    package func layouts() throws -> [LayoutSummary] {
        try database.cachedStatement(
            """
            SELECT id, name, canvas_width, canvas_height, safe_top, safe_left, safe_bottom,
                safe_right, direction, fit_width, fit_height
            FROM layouts ORDER BY name
            """
        ).rows { row in
            LayoutSummary(
                id: row.int64(0), name: row.string(1), canvas: row.size(2),
                safe: row.insets(4) ?? .zero,
                direction: LayoutDirection(rawValue: row.string(8)) ?? .leftToRight,
                fit: Fit(width: row.bool(9), height: row.bool(10)))
        }
    }

    // MARK: Lookups shared by the edits

    /// The id of layout `name`, or ``StoreError/unknownLayout(name:suggestion:)``.
    func layoutID(_ name: String) throws -> Int64 {
        if let id = try storedLayoutID(name) { return id }
        let names = try database.cachedStatement("SELECT name FROM layouts").rows { $0.string(0) }
        throw StoreError.unknownLayout(name: name, suggestion: suggestName(name, from: names))
    }

    /// The id of layout `name`, or nil for the default layout of a project that has no
    /// layout at all (after `init`): every project has `main` implicitly, as every script
    /// does, so it reads as empty instead of as missing. Other names: as ``layoutID(_:)``.
    func existingLayoutID(_ name: String) throws -> Int64? {
        if name == defaultLayoutName, try storedLayoutID(name) == nil,
            try database.int64("SELECT count(*) FROM layouts") == 0
        {
            return nil
        }
        return try layoutID(name)
    }

    /// The id of layout `name`, or nil where the project has no layout of that name (one
    /// a script is about to make).
    func storedLayoutID(_ name: String) throws -> Int64? {
        try database.int64("SELECT id FROM layouts WHERE name = ?", [name])
    }

    /// Whether the project holds no layout yet (a new file, or `init` alone).
    package func isEmpty() throws -> Bool {
        try database.int64("SELECT count(*) FROM layouts") == 0
    }

    /// The variant's id in `frames`/`dirty`: 0 for base.
    func variantID(
        _ variant: VariantRef, layoutID: Int64, layout: String, at: SourceLocation? = nil
    ) throws -> Int64 {
        guard case .named(let name) = variant else { return 0 }
        if let id = try database.int64(
            "SELECT id FROM variants WHERE layout_id = ? AND name = ?", [layoutID, name])
        {
            return id
        }
        let names = try database.cachedStatement("SELECT name FROM variants WHERE layout_id = ?")
            .rows([layoutID]) { $0.string(0) }
        throw StoreError.unknownVariant(
            name: name, layout: layout, at: at, suggestion: suggestName(name, from: names))
    }

    /// The id and (derived) component of the constraint labelled `label`, or
    /// `unknownLabel`.
    func labelledConstraint(
        _ label: String, layoutID: Int64, layout: String, at: SourceLocation? = nil
    ) throws -> (id: Int64, component: Int?, active: Bool) {
        let key = Self.constraintKey(label)
        let statement = try database.cachedStatement(
            """
            SELECT c.id, cc.component, c.active
            FROM constraints c JOIN constraint_components cc ON cc.constraint_id = c.id
            WHERE c.layout_id = ?1 AND (c.id = ?2 OR c.label = ?2)
            """)
        let rows = try statement.rows([layoutID, key.value]) {
            (id: $0.int64(0), component: $0.optionalInt(1), active: $0.bool(2))
        }
        if let row = rows.first { return row }
        throw try unknownLabel(label, layoutID: layoutID, layout: layout, at: at)
    }

    /// How a constraint a person named is found: `#17` (or `17`: no label starts with a
    /// digit) by its row id, as `list` shows it; anything else by its label. The one
    /// place that reads a constraint reference, so every command takes both.
    static func constraintKey(_ reference: String) -> (
        condition: String, value: any SQLBindable, label: String?
    ) {
        let digits = reference.hasPrefix("#") ? reference.dropFirst() : Substring(reference)
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let id = Int64(digits)
        {
            return ("c.id = ?", id, nil)
        }
        return ("c.label = ?", reference, reference)
    }

    /// The error for a label that `layout` does not have, with the nearest label it does
    /// have (active or not) as the suggestion, and for a stack's spacing (`st.spacing`)
    /// the nearest of its stacks' (a stack renamed, or mistyped). Every lookup of a label
    /// a person typed ends here when it fails, so every command suggests the same way.
    func unknownLabel(_ label: String, layoutID: Int64, layout: String, at: SourceLocation?)
        throws -> StoreError
    {
        // No label starts with `#`: `#-1` or `#abc` is a mistyped id, not a label.
        if Self.constraintKey(label).label == nil || label.hasPrefix("#") {
            return StoreError.unknownConstraintID(
                id: label.hasPrefix("#") ? label : "#" + label, layout: layout)
        }
        let stack = StackArrangement.stack(ofSpacingLabel: label)
        // A command that takes a stack's spacing reads it before it looks for a constraint.
        if let stack, try spacingStack(label, layoutID: layoutID) != nil {
            return StoreError.spacingIsNoConstraint(
                label: label, stack: stack, layout: layout, at: at)
        }
        var labels = try database.cachedStatement(
            "SELECT label FROM constraints WHERE layout_id = ? AND label IS NOT NULL"
        ).rows([layoutID]) { $0.string(0) }
        if stack != nil { labels += try spacingLabels(layoutID: layoutID) }
        return StoreError.unknownLabel(
            label: label, layout: layout, at: at, suggestion: suggestName(label, from: labels))
    }

    // MARK: Transactions

    /// Runs `body` in one immediate transaction: an edit with everything it causes
    /// (re-solve, frames, marks) commits or rolls back as one.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try database.transaction(.immediate, body)
    }

    /// Folds the write-ahead log into the file after a bulk write (best effort).
    func checkpoint() { database.checkpoint() }

    /// Whether the project was opened read-only.
    var isReadOnly: Bool { database.isReadOnly }

    // MARK: Dirty marks

    /// Marks the whole layout dirty for the base and every variant. The triggers mark
    /// every write; this is for the two marks no trigger can see: `apply`'s bulk insert,
    /// which runs with triggers off, and `doctor --fix`, which marks stale frames that no
    /// write left dirty.
    func markDirty(layoutID: Int64) throws {
        try database.cachedStatement(
            """
            INSERT OR IGNORE INTO dirty (layout_id, variant_id, component)
            SELECT ?1, 0, ?2 UNION ALL SELECT ?1, id, ?2 FROM variants WHERE layout_id = ?1
            """
        ).run([layoutID, ComponentID.wholeLayout])
        // With triggers off (the bulk insert) the mark does not drop the kept image.
        try dropSolveImage(layoutID: layoutID)
    }
}

extension SQLStatement {
    /// A size from two nullable columns: nil unless both are set.
    func size(_ column: Int32) -> Size? {
        guard !isNull(column), !isNull(column + 1) else { return nil }
        return Size(width: double(column), height: double(column + 1))
    }

    /// Four REAL columns from `column` on (top, left, bottom, right); nil when any is NULL.
    func insets(_ column: Int32) -> Insets? {
        guard !(column..<column + 4).contains(where: isNull) else { return nil }
        return Insets(
            top: double(column), left: double(column + 1), bottom: double(column + 2),
            right: double(column + 3))
    }
}

/// Makes an empty file at `path` if there is none (never truncating what is there);
/// whether it made one. At file scope: inside `ProjectStore`, `open` is the project's.
@discardableResult
func makeEmptyFile(_ path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return false }
    close(fd)
    return true
}
