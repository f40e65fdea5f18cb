import ArgumentParser
import LayoutStore

struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the project file (exit 1 with findings).",
        discussion: commandHelp(
            """
            Checks SQLite's integrity, foreign keys, unique labels, the view tree, the
            stored frames against a fresh solve, and the dirty marks. Reads only. Prints
            one finding per line, e.g.
              tree: layout main: parent cycle a → b → a
              frames: main/base: view header is stale but not marked dirty: y 13 (...)
            """,
            examples: ["layoutdb doctor", "layoutdb --db app.layoutdb doctor -q"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
        var found = false
        let findings = try global.open().doctor()
        found = !findings.isEmpty
        for finding in findings { print(finding) }
        if !found && !global.quiet { print("ok: \(global.path) is healthy") }
        if found { throw ExitCode(ExitStatus.findings.rawValue) }
    }
}
