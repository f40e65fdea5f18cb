import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection to an SQLite file: statements, a statement cache, transactions.
///
/// Not thread-safe: use one `Database` per thread (SQLite's NOMUTEX mode). Connection
/// settings: foreign keys on, `synchronous = NORMAL`, temporary files in memory, a busy
/// timeout. The journal mode is the caller's to set once it has checked the file is
/// its own (changing it writes to the file).
///
///     let db = try Database(path: "app.layoutdb", options: .init(create: true))
///     try db.transaction {
///         try db.cachedStatement("INSERT INTO t (name) VALUES (?)").run(["x"])
///     }
package final class Database {
    /// How to open the file.
    package struct Options: Sendable {
        /// Create the file when it does not exist (otherwise SQLite cannot open it).
        package var create: Bool
        /// Open read-only (no migration, no writes).
        package var readOnly: Bool
        /// How long to wait for another writer before failing with `SQLITE_BUSY`.
        package var busyTimeout: Duration
        /// The name errors give the file (``Database/name``); nil: its path.
        package var name: String?

        package init(
            create: Bool = false, readOnly: Bool = false, busyTimeout: Duration = .seconds(5),
            name: String? = nil
        ) {
            self.create = create
            self.readOnly = readOnly
            self.busyTimeout = busyTimeout
            self.name = name
        }
    }

    /// The kind of `BEGIN`: `.immediate` takes the write lock up front, so a writer waits
    /// (busy timeout) at the start instead of failing halfway with a lock upgrade error.
    package enum TransactionKind: String, Sendable {
        case deferred = "DEFERRED"
        case immediate = "IMMEDIATE"
        case exclusive = "EXCLUSIVE"
    }

    /// The file, as given.
    package let path: String
    /// The name errors give the file: its path, or the one the options give it (a project
    /// written under another name, then put in place at that one).
    package let name: String
    let handle: OpaquePointer
    private var cache: [String: SQLStatement] = [:]
    private var savepointDepth = 0
    private var isClosed = false
    /// Whether the file had no write-ahead log when this connection opened it.
    private let foundNoLog: Bool
    /// Whether the connection was asked to be read-only but opened read-write with
    /// `PRAGMA query_only` (see ``init(path:options:)``).
    private let readsOnlyByPragma: Bool

    /// Opens (and with `options.create`, creates) the SQLite file at `path`.
    /// Throws ``DatabaseError`` when SQLite cannot open it (kind `.cannotOpen` for a
    /// missing file without `options.create`, `.notADatabase` for another kind of file).
    package init(path: String, options: Options = Options()) throws(DatabaseError) {
        self.path = path
        name = options.name ?? path
        let name = self.name
        _ = Database.configureOnce
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if options.readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if options.create { flags |= SQLITE_OPEN_CREATE }
        }
        foundNoLog = access(path + "-wal", F_OK) != 0
        var connection: OpaquePointer
        var byPragma = false
        if options.readOnly, foundNoLog,
            let writable = try? Self.connect(
                path, flags: SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_READWRITE,
                reportedPath: name)
        {
            // A file with no log (a copy, a checkout): a read-only connection would leave
            // the -wal and -shm files it makes beside it, as only a connection that may
            // write removes them when it is the last to close. Read-write with
            // `query_only`, every write is refused all the same (SQLITE_READONLY) and the
            // last close takes them away. Where it cannot read (a folder this user cannot
            // write), the read-only roads below.
            if sqlite3_exec(writable, "PRAGMA query_only = ON", nil, nil, nil) == SQLITE_OK,
                Self.readFailure(writable) == nil
            {
                connection = writable
                byPragma = true
            } else {
                sqlite3_close_v2(writable)
                connection = try Self.connect(path, flags: flags, reportedPath: name)
            }
        } else {
            connection = try Self.connect(path, flags: flags, reportedPath: name)
        }
        readsOnlyByPragma = byPragma
        if options.readOnly, !byPragma, Self.readFailure(connection) != nil,
            Self.logIsEmpty(path)
        {
            // A WAL-mode file in a folder this user cannot write: reading needs the -shm
            // file, which SQLite cannot create there. With no -wal content every committed
            // change is in the main file, so SQLite may read it as immutable (no -shm, no
            // locks); a writer would have to create the -wal in that folder first.
            sqlite3_close_v2(connection)
            connection = try Self.connect(
                Self.immutableURI(path), flags: flags | SQLITE_OPEN_URI, reportedPath: name)
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        let milliseconds =
            options.busyTimeout.components.seconds * 1000
            + options.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        csqlite_set_busy_wait(connection, Int32(clamping: milliseconds))
        // Connection settings only: none of these writes to the file. The first statement
        // to read the header is where SQLite notices a non-database (`.notADatabase`).
        try execute("PRAGMA foreign_keys = ON")
        try execute("PRAGMA synchronous = NORMAL")
        // Statement journals (every INSERT that fires a trigger or checks a foreign key
        // inside a transaction keeps one) in memory: in a temp file they cost one
        // write(2) per touched page.
        try execute("PRAGMA temp_store = MEMORY")
        // Pages read through a mapping rather than one pread(2) each: an edit of a
        // 10k-view project reads about a thousand pages, and the copies were 2 % of it.
        // Writes still go through the log.
        try execute("PRAGMA mmap_size = 268435456")
        _ = csqlite_no_checkpoint_on_close(connection)
        // A connection that lives long (the library's, or a bulk edit's) keeps the log
        // short as it goes: the next connection to open the file reads all of it to
        // rebuild its index, 6.6k instructions a page. `close()` empties it.
        csqlite_truncate_log_at(
            connection, Int32(Self.logPagesBeforeCheckpoint), Int32(clamping: milliseconds))
    }

    /// The pages the write-ahead log may hold before a commit checkpoints and truncates it.
    package static let logPagesBeforeCheckpoint = 256

    /// Opens one connection or throws SQLite's error about it.
    private static func connect(_ target: String, flags: Int32, reportedPath: String)
        throws(DatabaseError) -> OpaquePointer
    {
        var connection: OpaquePointer?
        // A path is a path. A libsqlite3 built to read names as URIs (Debian's is) reads
        // one that starts with `file:` as one: `file:other.db` opened `other.db`, and
        // `?mode=`, `?vfs=` and `?immutable=` took effect. From the working folder it is
        // the file of that name.
        let target =
            flags & SQLITE_OPEN_URI == 0 && target.hasPrefix("file:") ? "./" + target : target
        let code = sqlite3_open_v2(target, &connection, flags, nil)
        guard let connection else {
            throw DatabaseError(
                extendedCode: code, message: String(cString: sqlite3_errstr(code)),
                path: reportedPath)
        }
        if code != SQLITE_OK {
            let error = DatabaseError(
                extendedCode: sqlite3_extended_errcode(connection),
                message: String(cString: sqlite3_errmsg(connection)), path: reportedPath)
            sqlite3_close_v2(connection)
            throw error
        }
        return connection
    }

    /// The error code when a read-only connection cannot read the schema because SQLite
    /// cannot open or create the WAL index (`SQLITE_READONLY`/`SQLITE_CANTOPEN` families);
    /// nil when it reads, or fails for another reason (reported by the first real read).
    private static func readFailure(_ connection: OpaquePointer) -> Int32? {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(
            connection, "SELECT count(*) FROM sqlite_schema", -1, &statement, nil)
        var code = prepared
        if prepared == SQLITE_OK, let statement {
            code = sqlite3_step(statement)
        }
        sqlite3_finalize(statement)
        let primary = code & 0xFF
        return primary == SQLITE_READONLY || primary == SQLITE_CANTOPEN ? code : nil
    }

    /// What is at a path, through any link: nil for nothing.
    package enum FileKind: Sendable, Equatable {
        case file, folder, other
        /// There is something at the path that cannot be reached: a link that loops, a
        /// folder on the way this user cannot search (`reason`: the system's words).
        case unreachable(reason: String)
    }

    /// ``FileKind`` of `path`, from one `stat(2)` (FileManager's attributes also look up
    /// the owner's name in the user database, most of a millisecond of a 1k-view read).
    package static func fileKind(at path: String) -> FileKind? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            // Nothing there is no kind; a loop of links was "no project at PATH" too.
            guard errno != ENOENT, errno != ENOTDIR else { return nil }
            return .unreachable(reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// Whether the file's write-ahead log is absent or empty (all in the main file).
    private static func logIsEmpty(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) != 0 || status.st_size == 0
    }

    /// `file:PATH?immutable=1`, with the characters a URI path cannot hold escaped.
    private static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "file:\(escaped)?immutable=1"
    }

    /// Process-wide SQLite settings, applied before the first connection opens.
    private static let configureOnce: Void = {
        _ = csqlite_disable_memstatus()
    }()

    /// Copies the write-ahead log into the main file and empties it, so the `.layoutdb`
    /// file alone holds everything (after bulk edits; small ones leave it to SQLite's
    /// automatic checkpoints). Best effort: a busy reader just postpones it.
    package func checkpoint() {
        guard !isReadOnly, !isInTransaction else { return }
        try? execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Closes the connection now, finalizing its cached statements first; the `Database`
    /// is not used after. For a caller that moves the file once it is let go (otherwise
    /// `deinit` closes it).
    ///
    /// What the connection wrote, or found in the log, is checkpointed first, so that the
    /// main file alone holds every committed edit once its writer is gone: a person copies
    /// a project, or commits it to git, as one file. A connection that wrote nothing to a
    /// file that had no log lets SQLite remove the log and its index again if it is the
    /// last one (`export` as git's textconv reads a copy in a folder git then removes).
    package func close() {
        guard !isClosed else { return }
        if readsOnlyByPragma {
            _ = csqlite_checkpoint_on_close(handle)
        } else if !isReadOnly {
            // What this connection wrote, or what a writer left in the log when another
            // program's read kept its checkpoint from finishing.
            if sqlite3_total_changes64(handle) > 0 || !Self.logIsEmpty(path) {
                // Without waiting: where another connection reads or writes, the checkpoint
                // copies what it can (as PASSIVE does), and the next connection to close
                // with the log not empty copies the rest.
                csqlite_set_busy_wait(handle, 0)
                checkpoint()
            } else if foundNoLog {
                _ = csqlite_checkpoint_on_close(handle)
            }
        }
        isClosed = true
        cache.removeAll()  // finalize statements before closing
        sqlite3_close_v2(handle)
    }

    deinit { close() }

    // MARK: Errors

    /// The one place where a failed sqlite3 call becomes a Swift error.
    func error(code: Int32, sql: String?) -> DatabaseError {
        let extended = sqlite3_extended_errcode(handle)
        // The connection's code is the one for this failure unless a later call overwrote
        // it; trust `code`'s primary part and keep the extended code when it agrees.
        let extendedCode = (extended & 0xFF) == (code & 0xFF) ? extended : code
        return DatabaseError(
            extendedCode: extendedCode, message: String(cString: sqlite3_errmsg(handle)),
            sql: sql, path: name)
    }

    /// Writes the open transaction's changed pages from the page cache to the file (or the
    /// log) now, rather than at its commit (`sqlite3_db_cacheflush`); the transaction stays
    /// open. For a bulk write with a stretch ahead that does not use the connection: done
    /// on another thread meanwhile, the commit has fewer pages left to write.
    package func flushPageCache() throws(DatabaseError) {
        precondition(!isClosed, "the connection to \(path) was closed")
        try check(sqlite3_db_cacheflush(handle))
    }

    /// Starts writing the file's pages that the system holds in memory to the disk, without
    /// waiting (a hint: false where it could not start). After ``flushPageCache()``, the
    /// `fsync` that makes the file durable later finds them written or under way.
    @discardableResult
    package func startWriteback() -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { closeFile(fd) }
        return csqlite_start_writeback(fd) == 0
    }

    /// Throws the connection's error unless `code` is `SQLITE_OK`.
    func check(_ code: Int32, sql: String? = nil) throws(DatabaseError) {
        if code != SQLITE_OK { throw error(code: code, sql: sql) }
    }

    // MARK: Statements

    /// Runs one or more `;`-separated statements without parameters.
    package func execute(_ sql: String) throws(DatabaseError) {
        precondition(!isClosed, "the connection to \(path) was closed")
        let utf8 = Array(sql.utf8CString)
        try utf8.withUnsafeBufferPointer { (buffer) throws(DatabaseError) in
            let base = buffer.baseAddress!
            var cursor = base
            while cursor.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, cursor, -1, &statement, &tail)
                let end = tail ?? base + (buffer.count - 1)
                // The one statement's text, for an error message only (a migration runs
                // hundreds of statements: making each one's text cost a new file's apply).
                func text() -> String {
                    let bytes = buffer[(cursor - base)..<(end - base)].map {
                        UInt8(bitPattern: $0)
                    }
                    // Without the whitespace around it (SQLite's tail starts after the `;`).
                    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
                    guard let first = bytes.firstIndex(where: { !isSpace($0) }),
                        let last = bytes.lastIndex(where: { !isSpace($0) })
                    else { return "" }
                    return String(decoding: bytes[first...last], as: UTF8.self)
                }
                if code != SQLITE_OK { throw error(code: code, sql: text()) }
                guard let statement else { break }  // only whitespace or comments left
                let stepCode = sqlite3_step(statement)
                if stepCode != SQLITE_DONE && stepCode != SQLITE_ROW {
                    let failure = error(code: stepCode, sql: text())
                    sqlite3_finalize(statement)
                    throw failure
                }
                sqlite3_finalize(statement)
                cursor = end
            }
        }
    }

    /// Runs one statement with bound `values` (no result rows expected).
    ///
    ///     try db.execute("UPDATE constraints SET constant = ? WHERE id = ?", [70.0, id])
    package func execute(_ sql: String, _ values: [(any SQLBindable)?]) throws(DatabaseError) {
        try cachedStatement(sql).run(values)
    }

    /// A new prepared statement (not cached): for SQL that runs once.
    package func makeStatement(_ sql: String) throws(DatabaseError) -> SQLStatement {
        precondition(!isClosed, "the connection to \(path) was closed")
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, 0, &statement, nil), sql: sql)
        guard let statement else {
            throw DatabaseError(
                extendedCode: SQLITE_MISUSE, message: "empty statement", sql: sql, path: name)
        }
        return SQLStatement(handle: statement, sql: sql, database: self)
    }

    /// A prepared statement from the cache (keyed by SQL), reset and unbound.
    package func cachedStatement(_ sql: String) throws(DatabaseError) -> SQLStatement {
        precondition(!isClosed, "the connection to \(path) was closed")
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        var raw: OpaquePointer?
        let code = sqlite3_prepare_v3(
            handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        try check(code, sql: sql)
        guard let raw else {
            throw DatabaseError(
                extendedCode: SQLITE_MISUSE, message: "empty statement", sql: sql, path: name)
        }
        let statement = SQLStatement(handle: raw, sql: sql, database: self)
        cache[sql] = statement
        return statement
    }

    /// The first column of the first row, as an integer (nil when no row or NULL).
    package func int64(_ sql: String, _ values: [(any SQLBindable)?] = []) throws(DatabaseError)
        -> Int64?
    {
        let statement = try cachedStatement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? statement.optionalInt64(0) : nil
    }

    /// The rowid of the last successful INSERT on this connection.
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether the file was opened read-only (asked for, or the file is write-protected).
    package var isReadOnly: Bool { readsOnlyByPragma || sqlite3_db_readonly(handle, "main") == 1 }

    /// Whether a transaction is open.
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` with this connection's triggers off (other connections keep theirs),
    /// and turns them back on after, also when `body` throws.
    ///
    /// For bulk writes that record their own effects: an INSERT that could fire a trigger
    /// keeps a statement journal (a copy of every page it touches), even when the
    /// trigger's WHEN is false. Statements prepared before are re-prepared by SQLite.
    ///
    ///     try db.withoutTriggers { try db.execute("INSERT INTO t (x) VALUES (1)") }
    package func withoutTriggers<T>(_ body: () throws -> T) throws -> T {
        var now: Int32 = 1
        try check(csqlite_enable_triggers(handle, 0, &now))
        defer { _ = csqlite_enable_triggers(handle, 1, &now) }
        return try body()
    }

    /// Runs `body` with foreign-key checks off when no transaction is open (SQLite
    /// ignores the setting inside one; then the checks simply stay on).
    ///
    /// For bulk writes whose references are right by construction (ids the writer just
    /// got from its own inserts): each check is a b-tree lookup per reference per row.
    package func withoutForeignKeyChecks<T>(_ body: () throws -> T) throws -> T {
        guard !isInTransaction else { return try body() }
        try execute("PRAGMA foreign_keys = OFF")
        defer { try? execute("PRAGMA foreign_keys = ON") }
        return try body()
    }

    /// Runs `body` with a page cache of `kibibytes` (SQLite's default is 2 MiB), then puts
    /// the connection's setting back.
    ///
    /// For bulk writes: a 100k-view apply fills its tables' indexes in one transaction,
    /// and with the default cache it spilled their pages into the log halfway and read
    /// them back. Not for every connection: a cache grows as pages are read, and an edit
    /// that reads a large blob once (a kept solve image) then pays for the memory.
    package func withPageCache<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
        let previous = try int64("PRAGMA cache_size") ?? -2000
        try setCacheSize(-Int64(kibibytes))
        defer { try? setCacheSize(previous) }
        return try body()
    }

    /// Runs `body` with statement journals in temporary files past 64 KiB (`PRAGMA
    /// temp_store = FILE`), then in memory again; outside a transaction only (inside one
    /// SQLite refuses the switch, and `body` runs as it is).
    ///
    /// For a write inside a savepoint that rewrites pages the same transaction freed
    /// (`apply --replace`: the layout emptied, then written again). Each such page goes
    /// to the savepoint's journal, and every statement that keeps a journal of its own
    /// ends by cutting that journal back to where the statement began. In memory, the cut
    /// walks the journal from its first 1 KiB chunk: a walk as long as all that the
    /// savepoint wrote, once per statement. A file is cut by one call. A layout of a
    /// thousand views and a thousand variants was replaced in 35 s instead of more than
    /// five minutes.
    package func withStatementJournalsInFiles<T>(_ body: () throws -> T) throws -> T {
        guard !isInTransaction else { return try body() }
        try execute("PRAGMA temp_store = FILE")
        defer { try? execute("PRAGMA temp_store = MEMORY") }
        return try body()
    }

    /// The file's journal mode, lower case (`wal`, `delete`, `memory`, ...).
    package func journalMode() throws(DatabaseError) -> String {
        let statement = try cachedStatement("PRAGMA journal_mode")
        defer { statement.reset() }
        return try statement.step() ? statement.string(0).lowercased() : ""
    }

    /// `PRAGMA cache_size` takes no bound value: the SQL is built from an `Int64` only
    /// (negative: kibibytes; positive: pages).
    private func setCacheSize(_ value: Int64) throws(DatabaseError) {
        try execute("PRAGMA cache_size = \(value)")
    }

    // MARK: Transactions

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// Transactions do not nest (as GRDB's `inTransaction`): inside an open one, SQLite
    /// refuses the `BEGIN` and this throws. A unit of work that may run alone or as one
    /// step of a larger transaction is a ``savepoint(_:_:)``.
    ///
    ///     try db.transaction(.immediate) { try db.execute("DELETE FROM dirty") }
    package func transaction<T>(
        _ kind: TransactionKind = .immediate, _ body: () throws -> T
    ) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
        } catch {
            rollbackQuietly()
            throw error
        }
        do {
            try execute("COMMIT TRANSACTION")
        } catch {
            // A failed COMMIT (e.g. SQLITE_FULL) may leave the transaction open.
            rollbackQuietly()
            throw error
        }
        return result
    }

    /// Runs `body` in a savepoint: inside a transaction, undoes only `body`'s writes when it
    /// throws; outside one, it is a transaction of `kind` (as GRDB's `inSavepoint`). So an
    /// edit that is one transaction on its own can also be one step of a larger one (edit,
    /// solve, write frames, commit) and still undo only its own writes when it fails.
    package func savepoint<T>(
        _ kind: TransactionKind = .immediate, _ body: () throws -> T
    ) throws -> T {
        guard isInTransaction else { return try transaction(kind, body) }
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "layoutdb_sp\(savepointDepth)"
        try execute("SAVEPOINT \(name)")
        let result: T
        do {
            result = try body()
        } catch {
            try? execute("ROLLBACK TO SAVEPOINT \(name)")
            try? execute("RELEASE SAVEPOINT \(name)")
            throw error
        }
        try execute("RELEASE SAVEPOINT \(name)")
        return result
    }

    private func rollbackQuietly() {
        // SQLite may already have rolled back (e.g. after SQLITE_FULL); ignore "no transaction".
        if isInTransaction { try? execute("ROLLBACK TRANSACTION") }
    }
}

/// close(2), which `Database.close()` hides inside the class.
private func closeFile(_ fd: Int32) { _ = close(fd) }
