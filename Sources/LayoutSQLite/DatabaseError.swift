import CSQLite

/// A failed sqlite3 call: the result codes, SQLite's message, the SQL and the file.
///
/// Every sqlite3 failure in LayoutStore becomes one of these through
/// ``Database/check(_:sql:)``, so codes map to exit statuses in one place.
///
///     catch let error as DatabaseError where error.resultCode == SQLITE_BUSY { ... }
public struct DatabaseError: LayoutDBError, Equatable {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, ...).
    public let resultCode: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, ...).
    public let extendedCode: Int32
    /// SQLite's own message (`sqlite3_errmsg`).
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?
    /// The database file.
    public let path: String

    public init(extendedCode: Int32, message: String, sql: String? = nil, path: String) {
        self.resultCode = extendedCode & 0xFF
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
    }

    public var exitStatus: ExitStatus {
        switch resultCode {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_NOTADB, SQLITE_CANTOPEN: .noInput
        case SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_RANGE, SQLITE_TOOBIG: .dataError
        default: .ioError
        }
    }

    public var description: String {
        var text = "\(path): \(explanation)"
        // For file-level failures the statement says nothing a person can act on: one line.
        if let sql, !isFileProblem { text += "\n  while running: \(sql.prefix(200))" }
        return text
    }

    /// A failure of the file rather than of the statement (busy, full, read-only, I/O, ...).
    var isFileProblem: Bool {
        [SQLITE_BUSY, SQLITE_LOCKED, SQLITE_NOTADB, SQLITE_CANTOPEN, SQLITE_FULL,
         SQLITE_READONLY, SQLITE_CORRUPT, SQLITE_IOERR, SQLITE_PERM].contains(resultCode)
    }

    /// SQLite's message, with what to do for the codes a person can act on.
    private var explanation: String {
        switch resultCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            "the project is busy: another process held it longer than the busy timeout "
                + "(\(message)); try again"
        case SQLITE_NOTADB: "not a database (\(message))"
        case SQLITE_CANTOPEN: "cannot open the file (\(message))"
        case SQLITE_FULL: "the disk or the database is full (\(message)); nothing was changed"
        case SQLITE_READONLY:
            "the project is read-only (\(message)): opened with --read-only, or the file "
                + "or its folder is not writable"
        case SQLITE_IOERR:
            "cannot read or write the file (\(message), SQLite error \(extendedCode)); "
                + "is the disk full? an edit in progress was rolled back"
        case SQLITE_CORRUPT:
            "the database file is corrupt (\(message)); restore it from a backup"
        default: "\(message) (SQLite error \(extendedCode))"
        }
    }
}

/// Why a file cannot be used as a layoutdb project; the file is left as it was.
public enum ProjectFileError: LayoutDBError, Equatable {
    /// No file (or an empty one) where a read command expected a project.
    case noProject(path: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// An SQLite database that some other program made.
    case foreignDatabase(path: String)
    /// A project made by a newer layoutdb.
    case newerSchema(path: String, version: Int, known: Int)

    public var exitStatus: ExitStatus { .noInput }

    public var description: String {
        switch self {
        case .noProject(let path):
            "no project at \(path); run `layoutdb init` or `layoutdb apply FILE`"
        case .notADatabase(let path):
            "\(path) is not a layoutdb project (not an SQLite database); "
                + "check the --db path"
        case .foreignDatabase(let path):
            "\(path) is an SQLite database but not a layoutdb project; "
                + "it was left untouched (check the --db path)"
        case .newerSchema(let path, let version, let known):
            "\(path) was written by a newer layoutdb (schema version \(version), "
                + "this one knows up to \(known)); upgrade layoutdb. The file was left untouched"
        }
    }
}
