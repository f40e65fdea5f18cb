import CSQLite

/// A failed sqlite3 call: the result codes, SQLite's message, the SQL and the file.
///
/// Every sqlite3 failure becomes one of these through ``Database/check(_:sql:)``, so
/// result codes are sorted into kinds in one place (``kind``); what a person reads is
/// the caller's to word.
///
///     catch let error as DatabaseError where error.kind == .busy { ... }
package struct DatabaseError: Error, Equatable {
    /// What went wrong, in the terms a caller acts on.
    package enum Kind: Sendable, Equatable {
        /// Another connection held the lock longer than the busy timeout.
        case busy
        /// The file is not an SQLite database.
        case notADatabase
        /// SQLite cannot open the file.
        case cannotOpen
        /// The disk or the database is full.
        case full
        /// The connection or the file is read-only.
        case readOnly
        /// Reading or writing the file failed.
        case ioError
        /// The file is corrupt.
        case corrupt
        /// The file's permissions refuse access.
        case permission
        /// The statement's data was refused (a constraint, a type mismatch, too big).
        case rejectedData
        /// Anything else: a misuse, an internal error, ...
        case other

        /// A failure of the file rather than of the statement.
        package var isFileProblem: Bool {
            switch self {
            case .rejectedData, .other: false
            default: true
            }
        }
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, ...).
    package let resultCode: Int32
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, ...).
    package let extendedCode: Int32
    /// SQLite's own message (`sqlite3_errmsg`).
    package let message: String
    /// The statement that failed, when there was one.
    package let sql: String?
    /// The database file.
    package let path: String

    package init(extendedCode: Int32, message: String, sql: String? = nil, path: String) {
        self.resultCode = extendedCode & 0xFF
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
    }

    package var kind: Kind {
        switch resultCode {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_NOTADB: .notADatabase
        case SQLITE_CANTOPEN: .cannotOpen
        case SQLITE_FULL: .full
        case SQLITE_READONLY: .readOnly
        case SQLITE_IOERR: .ioError
        case SQLITE_CORRUPT: .corrupt
        case SQLITE_PERM: .permission
        case SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_RANGE, SQLITE_TOOBIG: .rejectedData
        default: .other
        }
    }
}
