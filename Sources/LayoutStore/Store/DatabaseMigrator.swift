import FoundationEssentials
import LayoutSQLite
import LayoutScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Brings a file to the current schema: checks it is a layoutdb project (or empty), then
/// applies the migrations it lacks, in order, each once, each in one immediate
/// transaction, recording the version in `PRAGMA user_version`.
///
/// A new (empty) file starts from the baseline instead, when there is one: the schema the
/// migrations up to its version leave, squashed into one script
/// (`Migrations/baseline/`, written by `Tools/squash_migrations.py`), run in one
/// transaction; the migrations after its version follow as for any file. Running every
/// migration in turn cost a new project most of its first `apply` at 1k views: each
/// `DROP` or `ALTER` makes SQLite parse the whole schema again.
///
/// Quicker still, a file that does not exist yet is written whole from the baseline's image
/// (``createFile(atPath:)``): the bytes SQLite left when the build ran the baseline on an
/// empty file. Running the baseline's SQL cost a new project 12 ms, a tenth of a first
/// `apply` at 1k views.
///
/// A file whose version is newer than the binary knows, that is not a database, or that
/// is someone else's SQLite database is refused before anything is written to it.
///
///     let db = try Database(path: path, options: .init(create: true))
///     try DatabaseMigrator().migrate(db, allowEmpty: true)
package struct DatabaseMigrator: Sendable {
    /// One migration: its version (1, 2, ...), its name and its SQL.
    package struct Migration: Sendable {
        package var version: Int
        package var name: String
        package var sql: String
        package init(version: Int, name: String, sql: String) {
            self.version = version
            self.name = name
            self.sql = sql
        }
    }

    /// `PRAGMA application_id` of a layoutdb project: 'LYDB'. Set by the first migration.
    package static let applicationID: Int64 = 0x4C59_4442

    package var migrations: [Migration]
    /// The schema of `migrations` up to `version`, for new files; nil: every migration runs.
    package var baseline: (version: Int, sql: String)?

    /// The migrations embedded from `Migrations/*.sql`, and the baseline beside them.
    package init() {
        self.migrations = EmbeddedMigrations.all.map {
            Migration(version: $0.version, name: $0.name, sql: $0.sql)
        }
        self.baseline = EmbeddedMigrations.baseline
    }

    package init(migrations: [Migration], baseline: (version: Int, sql: String)? = nil) {
        self.migrations = migrations
        self.baseline = baseline
    }

    /// The bytes of a new project file: the baseline's schema, its version, WAL; nil when
    /// no baseline was embedded. Made at build time by running the baseline SQL with
    /// SQLite (`Tools/MigrationEmbedder`), so it is that SQL's result by construction, and
    /// `DatabaseTests` compares the two.
    package static let baselineImage: [UInt8]? = {
        guard let image = EmbeddedMigrations.baselineImage else { return nil }
        var bytes = [UInt8](repeating: 0, count: image.size)
        for segment in image.segments {
            guard let data = Data(base64Encoded: segment.base64),
                segment.offset >= 0, segment.offset + data.count <= bytes.count
            else { preconditionFailure("the embedded baseline image is malformed") }
            bytes.replaceSubrange(segment.offset..<segment.offset + data.count, with: data)
        }
        return bytes
    }()

    /// Writes a new project file at `path` from ``baselineImage``, unless something is
    /// already there. The bytes go to a temporary file beside it, flushed to disk, then
    /// linked to `path`: another process creating the same file at once finds either no
    /// file or the whole one, and the link refuses to replace a file that appeared
    /// meanwhile.
    ///
    /// - Returns: whether it wrote the file. Any failure (no image, a file already there,
    ///   a folder that cannot be written, a file system without hard links) returns false
    ///   and leaves nothing behind: opening the path as usual then creates the file, or
    ///   says why it cannot.
    package static func createFile(atPath path: String) -> Bool {
        guard !path.isEmpty, path != ":memory:" else { return false }
        let temporary = temporaryName(for: path)
        guard writeBaseline(toNewFile: temporary) else { return false }
        defer { unlink(temporary) }
        return flush(temporary) && link(temporary, path) == 0
    }

    /// The name a new file for `path` is written under before it is linked in place:
    /// beside it (the same file system), this process's own, and a name no person gives a
    /// file: files of it whose process is gone are removed unasked
    /// (``ProjectStore/abandonedFiles(for:)``), and `PATH.new-2024` was a person's copy.
    package static func temporaryName(for path: String) -> String {
        path + ".layoutdb-new-\(getpid())"
    }

    /// Writes ``baselineImage`` to `path`, which must not exist yet (`O_EXCL`). False, with
    /// nothing left at `path`, when there is no image or the file cannot be written. With
    /// `rollbackJournal`, the file says it is in rollback-journal mode rather than WAL
    /// (the header's format bytes, 18 and 19, 1 instead of 2): its first connection then
    /// makes no log and no shared-memory file only to remove them.
    package static func writeBaseline(toNewFile path: String, rollbackJournal: Bool = false)
        -> Bool
    {
        guard var bytes = baselineImage else { return false }
        if rollbackJournal, bytes.count >= 100 { (bytes[18], bytes[19]) = (1, 1) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, base + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
        close(fd)
        if !written { unlink(path) }
        return written
    }

    /// Flushes the file at `path` to disk; false when it cannot be opened or flushed.
    package static func flush(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return fsync(fd) == 0
    }

    /// The newest schema version this binary knows.
    package var latestVersion: Int { migrations.map(\.version).max() ?? 0 }

    /// Checks the file and applies the missing migrations; switches the file to WAL.
    ///
    /// - Parameter allowEmpty: whether an empty database (no tables, version 0) may become a
    ///   project; otherwise it is refused as ``ProjectFileError/noProject(path:)``.
    package func migrate(_ db: Database, allowEmpty: Bool, keepingJournalMode: Bool = false)
        throws
    {
        let state = try inspect(db)
        if state.isEmpty && !allowEmpty { throw ProjectFileError.noProject(path: db.name) }
        // Checked: from here on it is ours to write. WAL lets readers run during a write.
        if state.journalMode != "wal" && !db.isReadOnly && !keepingJournalMode {
            try db.execute("PRAGMA journal_mode = WAL")
        }
        // A read-only connection cannot migrate: it reads an older file as that schema
        // left it (every version keeps the tables and views the readers use).
        guard state.version < latestVersion, !db.isReadOnly else { return }
        var version = state.version
        if state.isEmpty, let baseline {
            try db.transaction(.immediate) {
                // Re-read inside the write lock: another process may have begun the file.
                guard try db.int64("PRAGMA user_version") ?? 0 == 0,
                    try db.int64("SELECT count(*) FROM sqlite_schema") == 0
                else { return }
                try db.execute(baseline.sql)
                try Self.setVersion(baseline.version, of: db)
            }
            version = Int(try db.int64("PRAGMA user_version") ?? 0)
        }
        let pending = migrations.sorted { $0.version < $1.version }.filter {
            $0.version > version
        }
        guard !pending.isEmpty else { return }
        // One transaction for all of them: a file whose tables do not match its version
        // (set back by hand) fails at some step, and must keep none of the steps before.
        try db.transaction(.immediate) {
            // Re-read inside the write lock: another process may have migrated meanwhile.
            let start = try db.int64("PRAGMA user_version") ?? 0
            for migration in pending where migration.version > start {
                do {
                    try db.execute(migration.sql)
                } catch let error as DatabaseError where error.kind == .other {
                    // The tables are not what the version says: a version changed by hand,
                    // or tables changed outside layoutdb. The transaction rolls back.
                    throw ProjectFileError.schemaMismatch(
                        path: db.name, version: Int(start), migration: migration.name,
                        message: error.message)
                }
                try Self.setVersion(migration.version, of: db)
            }
        }
    }

    /// `PRAGMA user_version` takes no bound value: the one SQL built from a value, an `Int`.
    private static func setVersion(_ version: Int, of db: Database) throws(DatabaseError) {
        try db.execute("PRAGMA user_version = \(version)")
    }

    private struct FileState {
        var version: Int
        var isEmpty: Bool
        var journalMode: String
    }

    /// Reads the header fields without writing anything; refuses files that are not ours.
    private func inspect(_ db: Database) throws -> FileState {
        let header: Header
        do {
            header = try readHeader(db)
        } catch {
            if error.kind == .notADatabase {
                throw ProjectFileError.notADatabase(path: db.name)
            }
            throw error
        }
        let isEmpty = header.applicationID == 0 && header.version == 0 && header.tables == 0
        if !isEmpty && header.applicationID != Self.applicationID {
            throw ProjectFileError.foreignDatabase(path: db.name)
        }
        if header.version > latestVersion {
            throw ProjectFileError.newerSchema(
                path: db.name, version: header.version, known: latestVersion)
        }
        return FileState(version: header.version, isEmpty: isEmpty, journalMode: header.journal)
    }

    private struct Header {
        var applicationID: Int64
        var version: Int
        var tables: Int64
        var journal: String
    }

    private func readHeader(_ db: Database) throws(DatabaseError) -> Header {
        let applicationID = try db.int64("PRAGMA application_id") ?? 0
        let version = Int(try db.int64("PRAGMA user_version") ?? 0)
        let tables = try db.int64("SELECT count(*) FROM sqlite_schema") ?? 0
        let journal = try db.journalMode()
        return Header(
            applicationID: applicationID, version: version, tables: tables, journal: journal)
    }
}
