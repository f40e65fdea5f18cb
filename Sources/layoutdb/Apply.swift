import ArgumentParser
import LayoutStore

struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply a .layout script: all of it, or nothing.",
        discussion: commandHelp(
            """
            The whole script is one transaction. Creates the project if needed. FILE is
            a .layout script (see the README for the format), or - for standard input.
            Prints the views whose frames changed; on a terminal, long work shows its
            progress on standard error. Statements before the script's first `layout`
            statement go into --layout (default main), which is created if the project
            has no layout of that name.
            """,
            examples: [
                "layoutdb apply home.layout",
                "layoutdb --db app.layoutdb apply home.layout -q",
                "layoutdb --layout compact apply small.layout",
                "generate-layout | layoutdb apply -",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: ArgumentHelp("The script, or - for standard input.", valueName: "file"))
    var file: String
    @Flag(help: "Print the changed frames as JSON.") var json = false

    func run() throws {
        let file = unshielded(file)
        let text = try readInput(file)
        let project = try global.open(create: true)
        let display = ProgressDisplay.standardError(quiet: global.quiet)
        project.progress = display.update
        defer { display.finish() }
        let report = try project.apply(
            script: text, file: file == "-" ? "<stdin>" : file, layout: global.layout)
        display.finish()
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
