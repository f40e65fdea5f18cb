import ArgumentParser
import FoundationEssentials
import LayoutStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct Layoutdb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutdb",
        abstract: "Keep constraint-based UI layouts in one SQLite file.",
        discussion: """
            A project file holds layouts (views in a tree, constraints, variants) and
            their solved frames. Every edit is one transaction and re-solves only what
            it touched. Query frames with plain SQL, e.g.:
              sqlite3 app.layoutdb "select view, x, y, width, height from solved_frames"

            Examples:
              layoutdb --db app.layoutdb apply screens/home.layout
              layoutdb --db app.layoutdb set-constant header.height 70
              layoutdb --db app.layoutdb frames --format csv

            The project is --db PATH, else $LAYOUTDB, else ./project.layoutdb. The
            options below go before or after any command's name.

            Exit codes:
            \(ExitStatus.allCases.map(\.helpLine).joined(separator: "\n"))
            """,
        version: "0.1.0",
        groupedSubcommands: [
            CommandGroup(
                name: "Edit",
                subcommands: [
                    Apply.self, Import.self, Add.self, Remove.self, SetConstant.self,
                    SetPriority.self, SetMultiplier.self, Activate.self, Deactivate.self,
                    Label.self,
                    RemoveView.self, MoveView.self, RenameView.self, SetFrame.self,
                    SetIntrinsic.self, Hide.self, Show.self, VariantCommand.self,
                    RenameScript.self,
                ]),
            CommandGroup(
                name: "Read",
                subcommands: [
                    Get.self, List.self, Views.self, Frames.self, Check.self, Export.self,
                ]),
            CommandGroup(
                name: "See",
                subcommands: [
                    Render.self, Diff.self, Why.self, Sweep.self, Animate.self,
                ]),
            CommandGroup(
                name: "Project",
                subcommands: [Demo.self, Init.self, Solve.self, Doctor.self]),
        ])

    @OptionGroup var global: GlobalOptions

    /// Argument-parser's `main`, with three things it cannot do: a mistyped command name
    /// gets a "did you mean" (exit 64, also after `help`), a layoutdb error from any
    /// command prints as `error: ...` and exits with the status of its kind (so no command
    /// body handles errors), and a word that starts with `-` but cannot be an option is a
    /// value (`set-constant gap -20`, `--canvas -5x5`, `add '-a.width == b.width'`).
    ///
    /// argument-parser 1.8.2 reads every word that starts with `-` as an option and has no
    /// setting that lets a positional argument take `-20` (apple/swift-argument-parser#31).
    /// A short option is `-` and letters (`-q`, `-qh`, `-o=FILE`), so any other such word
    /// (`-20`, `-5x5`, `-a.width`) is handed over with ``shieldedMinus`` in place of its
    /// `-`, which argument-parser takes for a value and ``unshielded(_:)`` reads back.
    static func main() {
        keepHelpWidthAtLeast(40)
        refuseArgumentsThatAreNotUTF8()
        let typed = Array(CommandLine.arguments.dropFirst())
        let arguments = shieldingNegativeNumbers(typed)
        if let unknown = CommandNames.unknownCommand(in: arguments, root: Layoutdb.self) {
            printError(unknown.description)
            Self.exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            try flushStandardOutput(afterWork: true)
        } catch let error as LayoutDBError {
            printError(asTyped(error.description, typed: typed, handed: arguments))
            Self.exit(withError: ExitCode(ExitStatus(error.errorKind).rawValue))
        } catch {
            exitShowingTypedArguments(error, typed: typed, handed: arguments)
        }
    }

    /// Exits with status 64 where an argument is not UTF-8 text. Swift reads every argument
    /// as UTF-8, each byte that is not as U+FFFD: `--db $'\\xff.db'` made `\u{FFFD}.db`, a
    /// file of another name (which `$'\\xfe.db'` then opened too), and a script named in
    /// Latin-1 was "not found".
    private static func refuseArgumentsThatAreNotUTF8() {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index],
                String(validatingCString: argument) == nil
            else { continue }
            printError(
                "argument \(index) (`\(String(cString: argument))`) is not UTF-8 text: layoutdb "
                    + "reads paths and names as UTF-8 (rename the file, or give a link to it "
                    + "with a UTF-8 name)")
            Self.exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
    }

    /// Exits as argument-parser would for `error`, its message naming each argument as it
    /// was typed (`'-5'`), not as ``shieldingNegativeNumbers(_:)`` handed it over.
    private static func exitShowingTypedArguments(
        _ error: Error, typed: [String], handed: [String]
    ) -> Never {
        let full = fullMessage(for: error)
        let code = exitCode(for: error)
        // `error:` as every other message of the tool begins (argument-parser says
        // `Error:`), so that one pattern finds them all.
        let lowered = full.hasPrefix("Error: ") ? "error: " + full.dropFirst(7) : full
        guard lowered != full || full.contains(shieldedMinus) else { Self.exit(withError: error) }
        let message = asTyped(lowered, typed: typed, handed: handed)
        if code.isSuccess { print(message) } else { writeStandardError(message + "\n") }
        Self.exit(withError: code)
    }
}

/// Sets `COLUMNS` to `minimum` when the width argument-parser would lay help out for
/// (`COLUMNS` if it is a whole number, else standard output's terminal) is narrower.
/// argument-parser 1.8.2 stops with an assertion (`columns - wrappingIndent`) when it
/// wraps help for fewer than about 30 columns; a narrower terminal wraps the lines again.
func keepHelpWidthAtLeast(_ minimum: Int) {
    var width = getenv("COLUMNS").flatMap { Int(String(cString: $0)) }
    if width == nil {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            width = Int(size.ws_col)
        }
    }
    if let width, width < minimum { setenv("COLUMNS", String(minimum), 1) }
}

/// `message` with each argument ``shieldingNegativeNumbers(_:)`` changed (`-5`, `-2.svg`
/// handed over with ``shieldedMinus``) written as it was typed: a name or path a message
/// quotes is the person's.
func asTyped(_ message: String, typed: [String], handed: [String]) -> String {
    guard message.contains(shieldedMinus) else { return message }
    var out = message
    // Longest first: the shielded `-5` must not turn part of `-5x5` back before `-5x5`.
    for (word, original) in zip(handed, typed).filter({ $0 != $1 }).sorted(by: {
        $0.0.count > $1.0.count
    }) {
        out = out.replacing(word, with: original)
    }
    return out
}

/// The minus sign a negative number is handed to argument-parser with (see `Layoutdb.main`).
/// A private-use character, which no one types: a word typed with U+2212 MINUS SIGN (a
/// file named `−7.layoutdb`) is not taken for one handed over, and ``unshielded(_:)``
/// gives back exactly what was typed.
let shieldedMinus: Character = "\u{E000}"

/// `arguments` with each word that starts with one `-` but is not a short option (`-`
/// and letters, up to an `=`) written with ``shieldedMinus``: negative numbers (`-20`,
/// `-0.5`, `-1e3`), sizes (`-5x5`), equations (`-a.width == 8`). `-` alone (standard
/// input), `--name` options and the words after `--` stay as they are.
func shieldingNegativeNumbers(_ arguments: [String]) -> [String] {
    var out: [String] = []
    out.reserveCapacity(arguments.count)
    for (i, word) in arguments.enumerated() {
        if word == "--" {
            out += arguments[i...]
            break
        }
        let body = word.dropFirst()
        let name = body.prefix { $0 != "=" }
        // `-inf` and `-nan` are letters but meant as numbers: shielded, so that the number
        // check says what is wrong with them instead of argument-parser's "missing value".
        let isOption =
            name.allSatisfy { $0.isASCII && $0.isLetter }
            && !["inf", "infinity", "nan"].contains(name.lowercased())
        if word.first == "-", !body.isEmpty, body.first != "-", name.isEmpty || !isOption {
            out.append(String(shieldedMinus) + body)
        } else {
            out.append(word)
        }
    }
    return out
}

/// An argument as typed: `-20` where `shieldingNegativeNumbers` handed it over shielded.
func unshielded(_ argument: String) -> String {
    argument.first == shieldedMinus ? "-" + argument.dropFirst() : argument
}

/// Reads a number argument that may be negative, as typed (`-20`) or as
/// `shieldingNegativeNumbers` handed it over.
func signedNumber(_ argument: String) throws -> Double {
    let spelled = unshielded(argument)
    guard let value = Double(layoutNumber: spelled) else {
        // Swift reads more than a script does (`0x10`, `inf`, `1e400` as infinity).
        let what =
            Double(spelled).map {
                $0.isFinite ? "a number as scripts write one" : "a finite number"
            }
            ?? "a number"
        throw ValidationError(
            "'\(spelled)' is not \(what); write digits with an optional fraction and "
                + "exponent, like 12, -0.5 or 1e3")
    }
    return value
}

/// Reads a whole-number argument that may be negative (see ``signedNumber(_:)``).
func signedInteger(_ argument: String) throws -> Int {
    let spelled = unshielded(argument)
    guard let value = Int(spelled) else {
        throw ValidationError("'\(spelled)' is not a whole number")
    }
    return value
}

/// A subcommand's discussion: what it does, its examples, and where the global options
/// are explained, so that every `layoutdb help COMMAND` has the same shape. Lines stay
/// under 80 columns: argument-parser wraps longer ones wherever the terminal ends.
func commandHelp(_ text: String = "", examples: [String]) -> String {
    var out = text.isEmpty ? "" : text + "\n\n"
    out += "Examples:\n" + examples.map { "  " + $0 }.joined(separator: "\n")
    return out + "\n\n" + globalOptionsLine
}

let globalOptionsLine = "Global options: see `layoutdb --help`."

/// Finds a command name that is not one: argument-parser takes `layoutdb fram` for an
/// unexpected argument and `layoutdb help fram` for the root's help.
enum CommandNames {
    /// The options of ``GlobalOptions`` that take a value (the value is not a command).
    static let optionsWithValues: Set<String> = ["--db", "--layout", "--busy-timeout"]

    struct Unknown: CustomStringConvertible {
        var name: String
        var parent: String
        var suggestion: String?
        var description: String {
            "unknown command `\(name)`"
                + (suggestion.map { "; did you mean `\($0)`?" } ?? "")
                + " (see `\(parent)--help` for the commands)"
        }
    }

    /// The first command name in `arguments` that names no subcommand of the command
    /// before it; nil when every name is known or the arguments name none.
    static func unknownCommand(in arguments: [String], root: ParsableCommand.Type) -> Unknown? {
        var command = root
        var path = root._commandName + " "
        var afterHelp = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return nil }
            if argument.hasPrefix("-") {
                if optionsWithValues.contains(argument) { index += 1 }
                continue
            }
            let subcommands = command.configuration.subcommands
            // A command without subcommands takes the rest as its own arguments.
            guard !subcommands.isEmpty else { return nil }
            let atRoot = ObjectIdentifier(command) == ObjectIdentifier(root)
            if atRoot && !afterHelp && argument == "help" {
                afterHelp = true
                continue
            }
            guard let next = subcommands.first(where: { $0._commandName == argument }) else {
                var names = subcommands.map { $0._commandName }
                if atRoot && !afterHelp { names.append("help") }
                return Unknown(
                    name: argument, parent: path,
                    suggestion: suggestName(argument, from: names))
            }
            command = next
            path += argument + " "
        }
        return nil
    }
}

/// Options every subcommand takes, before or after the subcommand's name. Subcommands
/// include them hidden (`@OptionGroup(visibility: .hidden)`): `layoutdb --help` lists
/// them once, and each subcommand's help points there.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The project file.", valueName: "path"),
        transform: unshielded)
    var db: String?

    @Option(
        name: .customLong("layout"),
        help: ArgumentHelp(
            "The layout to work on (default: \(defaultLayoutName); a re-applied file: the one "
                + "it was applied into).", valueName: "name"))
    var givenLayout: String?

    /// The layout to work on: --layout's, or the default.
    var layout: String { givenLayout ?? defaultLayoutName }

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Edit without re-solving; run `layoutdb solve` after a batch. "
                + "Reads show the stored frames, stale ones marked."))
    var noSolve = false

    @Option(
        name: .long,
        help: ArgumentHelp("Seconds to wait for another writer.", valueName: "seconds"),
        transform: signedNumber)
    var busyTimeout: Double = 5

    @Flag(
        name: .long,
        help:
            "Open the project read-only: reads work (stale frames are shown as stored), edits fail."
    )
    var readOnly = false

    @Flag(
        name: .shortAndLong,
        help: "Print nothing but errors and warnings (and data a command exists to print).")
    var quiet = false

    func validate() throws {
        if db?.isEmpty == true {
            throw ValidationError("--db needs a path, e.g. --db app.layoutdb")
        }
        // Converted to whole milliseconds below: NaN or a huge value would trap there.
        guard busyTimeout.isFinite, (0...86_400).contains(busyTimeout) else {
            throw ValidationError("--busy-timeout must be 0...86400 seconds")
        }
        // The project's path from the environment, read as arguments are (see
        // `refuseArgumentsThatAreNotUTF8`).
        if db == nil, let value = getenv("LAYOUTDB"), String(validatingCString: value) == nil {
            throw ValidationError(
                "LAYOUTDB (`\(String(cString: value))`) is not UTF-8 text: layoutdb reads paths "
                    + "as UTF-8 (rename the file, or give a link to it with a UTF-8 name)")
        }
        // SQLite's name for a database in memory: every edit there was lost at exit.
        if path == ":memory:" {
            throw ValidationError(
                "--db must name a file: `:memory:` would keep the project in memory, lost when "
                    + "layoutdb exits (a file of that name is `./:memory:`)"
                    + (db == nil ? "; it comes from LAYOUTDB" : ""))
        }
    }

    /// Whether reads must neither re-solve nor write (`--no-solve`, `--read-only`).
    var writesNothing: Bool { noSolve || readOnly }

    var path: String {
        // An empty LAYOUTDB (`LAYOUTDB= layoutdb ...`) is unset, as the shell means it.
        db ?? ProcessInfo.processInfo.environment["LAYOUTDB"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "project.layoutdb"
    }

    func open(create: Bool = false) throws -> Project {
        let project = try Project.open(
            path: path, create: create && !readOnly, readOnly: readOnly,
            busyTimeout: .milliseconds(Int(busyTimeout * 1000)))
        project.solvesAfterEdits = !noSolve
        return project
    }

    /// What `body` returns when it fills a new project for ``path``, made beside it and put
    /// in place whole once `body` returns (``Project/openUnpublished(path:busyTimeout:)``):
    /// a first apply's or import's road. Nil where there is a file at the path, or another
    /// process made one meanwhile: then run on that file as usual. Nothing of a project
    /// `body` refuses is left.
    func inNewProject<Result>(_ body: (Project) throws -> Result) throws -> Result? {
        guard !readOnly,
            let new = try Project.openUnpublished(
                path: path, busyTimeout: .milliseconds(Int(busyTimeout * 1000)))
        else { return nil }
        defer { new.discard() }
        // Removed unasked: said, as `doctor --fix` says what it removes.
        for file in new.removedLeftovers {
            warn("removed \(file), left by a first apply or import that did not finish")
        }
        new.solvesAfterEdits = !noSolve
        let result = try body(new)
        return try new.publish() ? result : nil
    }

    /// The project a `--dry-run` works on: the file, or where there is none yet, an empty
    /// project in memory. A dry run creates nothing, and a first apply or import still
    /// gets its plan. A dry run that `writes` (and rolls back: `import`) on a project
    /// opened `--read-only` works on a copy of it in memory.
    func openForDryRun(writes: Bool = false) throws -> Project {
        let project: Project
        if !FileManager.default.fileExists(atPath: path) {
            try Project.requireFolder(for: path)
            project = try Project.open(path: ":memory:", create: true)
        } else if writes && readOnly {
            project = try Project.openCopyInMemory(
                of: path, busyTimeout: .milliseconds(Int(busyTimeout * 1000)))
        } else {
            return try open()
        }
        project.solvesAfterEdits = !noSolve
        return project
    }
}
