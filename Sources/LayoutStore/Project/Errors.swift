import LayoutSQLite
import LayoutScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What kind of failure an error is, in the terms a caller acts on; the `layoutdb`
/// command maps each kind to its exit status, in one place.
public enum ErrorKind: Sendable, Hashable, CaseIterable {
    /// Bad input: a parse error, an unknown name, unsatisfiable constraints.
    case badInput
    /// The project or an input file cannot be opened (missing, not a layoutdb project,
    /// newer schema).
    case cannotOpen
    /// The database or the file system failed (disk full, read-only, corrupt).
    case io
    /// Another writer held the project for longer than the busy timeout.
    case busy
    /// A request that cannot be carried out as given (an unknown device id).
    case invalidRequest
    /// A program the request needs is not installed (`rsvg-convert` for a PNG).
    case missingProgram
}

/// An error layoutdb shows to a person: a message that reads well after `error: `,
/// and the kind of failure it is.
public protocol LayoutDBError: Error, CustomStringConvertible {
    var errorKind: ErrorKind { get }
}

extension ParseError: LayoutDBError {
    public var errorKind: ErrorKind { .badInput }
}

extension InvalidNameError: LayoutDBError {
    public var errorKind: ErrorKind { .badInput }
}

/// SQLite's failures, worded for a person working on a project.
extension DatabaseError: LayoutDBError {
    package var errorKind: ErrorKind {
        switch kind {
        case .busy: .busy
        // A file it may not write beside (the log an edit leaves): read-only, as SQLite
        // says of the same file without that log (74, not 66).
        case .cannotOpen where Self.cannotWrite(beside: path): .io
        case .notADatabase, .cannotOpen: .cannotOpen
        case .rejectedData: .badInput
        case .full, .readOnly, .ioError, .corrupt, .permission, .other: .io
        }
    }

    package var description: String {
        var text = "\(path): \(explanation)"
        // For file-level failures the statement says nothing a person can act on: one line.
        if let sql, !kind.isFileProblem { text += "\n  while running: \(sql.prefix(200))" }
        return text
    }

    /// SQLite's message, with what to do for the failures a person can act on.
    private var explanation: String {
        switch kind {
        case .busy:
            "the project is busy: another process held it longer than the busy timeout "
                + "(\(message)); try again"
        case .notADatabase: "not a database (\(message))"
        case .cannotOpen:
            "cannot open the file (\(message))"
                + (Self.cannotWrite(beside: path)
                    ? ": the file, its log or its folder is not writable here (reads work there "
                        + "with --read-only)"
                    : "")
        case .full: "the disk or the database is full (\(message)); nothing was changed"
        case .readOnly:
            "the project is read-only (\(message)): opened with --read-only, or the file "
                + "or its folder is not writable (reads work there with --read-only)"
        case .ioError:
            "cannot read or write the file (\(message), SQLite error \(extendedCode)); "
                + "is the disk full (or a file size limit met)? any edit in progress was rolled back"
        case .corrupt:
            "the database file is corrupt (\(message)); restore it from a backup"
        case .permission, .rejectedData, .other: "\(message) (SQLite error \(extendedCode))"
        }
    }
}

extension DatabaseError {
    /// Whether `path` is a file this process may not write, or may not write beside (its
    /// folder, its log): SQLite then cannot make or open the shared-memory file, and says
    /// only "unable to open database file".
    fileprivate static func cannotWrite(beside path: String) -> Bool {
        guard access(path, F_OK) == 0 else { return false }
        let inFolder = ProjectStore.folder(of: path)
        let folder = inFolder.isEmpty ? "." : inFolder
        let log = path + "-wal"
        return access(path, W_OK) != 0 || access(folder, W_OK) != 0
            || (access(log, F_OK) == 0 && access(log, W_OK) != 0)
    }
}

/// Why a file cannot be used as a layoutdb project; the file is left as it was.
public enum ProjectFileError: LayoutDBError, Equatable {
    /// No file (or an empty one) where a read command expected a project.
    case noProject(path: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The path is a folder.
    case folder(path: String)
    /// The path is neither a file nor a folder (a device, a pipe, a socket).
    case notAFile(path: String)
    /// Something at the path cannot be reached (a loop of links): the system's `reason`.
    case unreachable(path: String, reason: String)
    /// A new project's folder does not exist (`--db nofolder/app.layoutdb`).
    case noFolder(path: String, folder: String)
    /// What a new project's path names as its folder is not one (`--db notes.txt/p.db`).
    case notAFolder(path: String, folder: String)
    /// An SQLite database that some other program made.
    case foreignDatabase(path: String)
    /// A project made by a newer layoutdb.
    case newerSchema(path: String, version: Int, known: Int)
    /// A project whose tables are not what its schema version says: migration
    /// `migration` failed on them with SQLite's `message`.
    case schemaMismatch(path: String, version: Int, migration: String, message: String)

    public var errorKind: ErrorKind { .cannotOpen }

    public var description: String {
        switch self {
        case .noProject(let path):
            "no project at \(path); run `layoutdb init` or `layoutdb apply FILE`"
        case .notADatabase(let path):
            "\(path) is not a layoutdb project (not an SQLite database); "
                + "check the --db path"
        case .noFolder(let path, let folder):
            "cannot make a project at \(path): there is no folder \(folder); make it first "
                + "(`mkdir -p \(folder)`) or give --db another path"
        case .notAFolder(let path, let folder):
            "cannot make a project at \(path): \(folder) is not a folder (a file is there); "
                + "give --db another path"
        case .unreachable(let path, let reason):
            "cannot reach \(path): \(reason) (check the path and the links on it)"
        case .notAFile(let path):
            "\(path) is not a regular file (a device, a pipe or a socket); give --db the "
                + "project's file"
        case .folder(let path):
            "\(path) is a folder, not a project file; give --db the project's file "
                + "(e.g. \(path.hasSuffix("/") ? path : path + "/")app.layoutdb)"
        case .foreignDatabase(let path):
            "\(path) is an SQLite database but not a layoutdb project; "
                + "it was left untouched (check the --db path)"
        case .schemaMismatch(let path, let version, let migration, let message):
            "\(path) says schema version \(version) but its tables do not match it "
                + "(migration \(migration) failed: \(message)); was its user_version pragma "
                + "or a table changed outside layoutdb? The file was left untouched"
        case .newerSchema(let path, let version, let known):
            "\(path) was written by a newer layoutdb (schema version \(version), "
                + "this one knows up to \(known)); upgrade layoutdb. The file was left untouched"
        }
    }
}

/// A first apply of a file that another process applied while this one read it (two
/// terminals, one file): what this one found is out of date. Applying it again reconciles
/// with what the other wrote; the `layoutdb` command does so once by itself.
public struct AppliedMeanwhile: LayoutDBError, Equatable {
    /// The file, as the project now holds it.
    public var file: String
    public var errorKind: ErrorKind { .busy }
    public var description: String {
        "another process applied \(file) while this one read it; apply it again"
    }
}

/// `solve` of a project with a layout whose constraints cannot be solved: the layout's
/// refusal and its name; the other layouts were solved.
public struct LayoutNotSolved: LayoutDBError {
    public var layout: String
    var error: EngineError
    /// How many more layouts were refused.
    public var others = 0
    public var errorKind: ErrorKind { error.errorKind }
    public var description: String {
        "\(error)\nin layout `\(layout)`, which stays unsolved"
            + (others == 0 ? "" : " (and \(others) more)")
            + "; the project's other layouts were solved"
    }
}
