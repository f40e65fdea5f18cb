import ArgumentParser
import LayoutStore

struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the project file: integrity, foreign keys, unique labels, the view tree, "
            + "frames against a fresh solve, dirty marks (exit 1 with findings).",
        discussion: """
            Reads only. Prints one finding per line, e.g.
              frames: main/base: view header is stale but not marked dirty: y 13 (solves to 8)
              tree: layout main: parent cycle a → b → a
            """)
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let findings = try global.open().doctor()
        for finding in findings { print(finding) }
        if findings.isEmpty && !global.quiet { print("ok: \(global.path) is healthy") }
        if !findings.isEmpty { throw ExitCode(ExitStatus.findings.rawValue) }
    }
}
