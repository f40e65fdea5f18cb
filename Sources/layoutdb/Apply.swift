import ArgumentParser
import LayoutStore

struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply a .layout script: all of it in one transaction, or nothing.",
        discussion: """
            Creates the project if needed. FILE is a .layout script (see the README for the
            format), or - for standard input. Prints the views whose frames changed.
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The script, or - for standard input.", valueName: "file"))
    var file: String
    @Flag(help: "Print the changed frames as JSON.") var json = false

    func run() throws {
        let text = try readInput(file)
        let project = try global.open(create: true)
        let report = try project.apply(script: text, file: file == "-" ? "<stdin>" : file)
        if report.changes.count > 50 && !json {
            if !global.quiet { print("\(report.changes.count) views solved") }
            printReport(SolveReport.onlyWarnings(report), global)
        } else {
            printReport(report, global, json: json)
        }
    }
}

extension SolveReport {
    /// The same report without the frame changes (a big apply prints a count instead).
    static func onlyWarnings(_ r: SolveReport) -> SolveReport {
        var copy = r
        copy.changes = []
        return copy
    }
}
