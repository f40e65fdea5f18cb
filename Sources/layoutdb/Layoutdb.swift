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

    /// Every command's errors end here, so no command body handles them: a layoutdb
    /// error prints as `error: ...` and exits with the status of its kind; anything else
    /// (a usage error, `ExitCode`) is argument-parser's to report.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as LayoutDBError {
            printError(error.description)
            exit(withError: ExitCode(ExitStatus(error.errorKind).rawValue))
        } catch {
            exit(withError: error)
        }
    }
}

/// Options every subcommand takes, before or after the subcommand's name.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The project file.", valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("The layout to work on.", valueName: "name"))
    var layout: String = defaultLayoutName

    @Flag(name: .long, help: "Edit without re-solving; run `layoutdb solve` after a batch.")
    var noSolve = false

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for another writer.", valueName: "seconds"))
    var busyTimeout: Double = 5

    @Flag(name: .long, help: "Open the project read-only: reads work (stale frames are shown as stored), edits fail.")
    var readOnly = false

    @Flag(name: .shortAndLong, help: "Print nothing but errors (and data a command exists to print).")
    var quiet = false

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
