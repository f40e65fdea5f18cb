import LayoutStore

/// Process exit codes, in the sysexits style argument-parser uses for usage errors.
///
/// Listed in `layoutdb --help` and the README; scripts may rely on them.
enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Success.
    case ok = 0
    /// `check` / `doctor` found problems.
    case findings = 1
    /// The command line is wrong.
    case usage = 64
    /// Bad input: a parse error, an unknown name, unsatisfiable constraints.
    case dataError = 65
    /// The project or an input file cannot be opened (missing, not a layoutdb project, too new).
    case noInput = 66
    /// A program the command needs is not installed (`rsvg-convert` for PNG).
    case unavailable = 69
    /// A database or I/O error (disk full, read-only file, corrupt database).
    case ioError = 74
    /// Another writer held the project for longer than the busy timeout.
    case busy = 75

    var meaning: String {
        switch self {
        case .ok: "success"
        case .findings: "check or doctor found problems"
        case .usage: "wrong command line"
        case .dataError: "bad input: parse error, unknown name, unsatisfiable constraints"
        case .noInput: "cannot open the project or an input file"
        case .unavailable: "a program the command needs is not installed"
        case .ioError: "database or I/O error"
        case .busy: "busy: another writer held the project too long"
        }
    }

    /// `  65   bad input: ...`, as `layoutdb --help` lists it: the code in four columns.
    /// Spaces are appended, not Foundation's `padding(toLength:)`: the help text is built
    /// at every start, and that call was 4 % of `layoutdb --version`.
    var helpLine: String {
        "  " + padded(String(rawValue), to: 4) + " " + meaning
    }
}

extension ExitStatus {
    /// The one mapping from the library's kinds of failure to exit statuses.
    init(_ kind: ErrorKind) {
        switch kind {
        case .badInput: self = .dataError
        case .cannotOpen: self = .noInput
        case .io: self = .ioError
        case .busy: self = .busy
        case .invalidRequest: self = .usage
        case .missingProgram: self = .unavailable
        }
    }
}
