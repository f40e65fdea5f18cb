import ArgumentParser
import Foundation
import LayoutStore

@main
struct Layoutdb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutdb",
        abstract: "Keep constraint-based UI layouts in one SQLite file: edit, solve, query.",
        discussion: """
            A project file holds layouts (views in a tree, constraints, variants) and their
            solved frames. Every edit is one transaction and re-solves only what it touched.
            Query frames with plain SQL, e.g.:
              sqlite3 app.layoutdb "select view, x, y, width, height from solved_frames"

            Examples:
              layoutdb --db app.layoutdb apply screens/home.layout
              layoutdb --db app.layoutdb set-constant header.height 70
              layoutdb --db app.layoutdb frames --format csv

            The project is --db PATH, else $LAYOUTDB, else ./project.layoutdb.

            Exit codes:
            \(ExitStatus.allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0)) \($0.meaning)" }.joined(separator: "\n"))
            """,
        version: "0.1.0",
        subcommands: [
            Demo.self, Init.self, Apply.self, Add.self, Get.self, Remove.self, SetConstant.self,
            SetPriority.self, Activate.self, Deactivate.self, List.self, Views.self, Solve.self,
            Frames.self, Check.self, Doctor.self, Export.self, VariantCommand.self, Render.self,
            Diff.self, Why.self, Sweep.self, Animate.self,
        ])

    @OptionGroup var global: GlobalOptions

    /// Runs the command line with negative numbers read as values (`set-constant gap -20`).
    ///
    /// argument-parser 1.8.2 reads every word that starts with `-` as an option and has no
    /// setting that lets a positional argument take `-20` (apple/swift-argument-parser#31).
    /// No layoutdb option is spelled with a digit, so a word that is a negative number is a
    /// value wherever it stands: it is handed over with U+2212 MINUS SIGN in place of its
    /// `-`, which argument-parser takes for a value and ``signedNumber(_:)`` reads back.
    static func main() {
        main(shieldingNegativeNumbers(Array(CommandLine.arguments.dropFirst())))
    }
}

/// The minus sign a negative number is handed to argument-parser with (see `Layoutdb.main`).
let shieldedMinus: Character = "\u{2212}"

/// `arguments` with each negative number (`-20`, `-0.5`, `-1e3`) written with
/// ``shieldedMinus``; the words after `--` are values already and stay as they are.
func shieldingNegativeNumbers(_ arguments: [String]) -> [String] {
    var out: [String] = []
    out.reserveCapacity(arguments.count)
    for (i, word) in arguments.enumerated() {
        if word == "--" {
            out += arguments[i...]
            break
        }
        let body = word.dropFirst()
        if word.first == "-", let next = body.first, next.isASCII, next.isNumber || next == ".",
            Double(body) != nil
        {
            out.append(String(shieldedMinus) + body)
        } else {
            out.append(word)
        }
    }
    return out
}

/// An argument as typed: `-20` where `shieldingNegativeNumbers` handed over `−20`.
func unshielded(_ argument: String) -> String {
    argument.first == shieldedMinus ? "-" + argument.dropFirst() : argument
}

/// Reads a number argument that may be negative, as typed (`-20`) or as
/// `shieldingNegativeNumbers` handed it over.
func signedNumber(_ argument: String) throws -> Double {
    let spelled = unshielded(argument)
    guard let value = Double(spelled) else {
        throw ValidationError("'\(spelled)' is not a number")
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

/// Options every subcommand takes, before or after the subcommand's name.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The project file.", valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("The layout to work on.", valueName: "name"))
    var layout: String = defaultLayoutName

    @Flag(name: .long, help: "Edit without re-solving; run `layoutdb solve` after a batch.")
    var noSolve = false

    @Option(
        name: .long,
        help: ArgumentHelp("Seconds to wait for another writer.", valueName: "seconds"),
        transform: signedNumber)
    var busyTimeout: Double = 5

    @Flag(name: .long, help: "Open the project read-only: reads work (stale frames are shown as stored), edits fail.")
    var readOnly = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors (and data a command exists to print).")
    var quiet = false

    func validate() throws {
        // Converted to whole milliseconds below: NaN or a huge value would trap there.
        guard busyTimeout.isFinite, (0...86_400).contains(busyTimeout) else {
            throw ValidationError("--busy-timeout must be 0...86400 seconds")
        }
    }

    var path: String {
        db ?? ProcessInfo.processInfo.environment["LAYOUTDB"] ?? "project.layoutdb"
    }

    func open(create: Bool = false) throws -> Project {
        let project = try Project.open(
            path: path, create: create && !readOnly, readOnly: readOnly,
            busyTimeout: .milliseconds(Int(busyTimeout * 1000)))
        project.solvesAfterEdits = !noSolve
        return project
    }
}
