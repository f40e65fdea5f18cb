import ArgumentParser
import LayoutStore

struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the project file (exit 1 with findings).",
        discussion: commandHelp(
            """
            Checks SQLite's integrity, foreign keys, unique labels, the view tree, that
            every layout solves, negative sizes, the stored frames against a fresh solve,
            the dirty marks, and that the project exports. Reads only, unless --fix.
            Prints one finding per line, e.g.
              tree: layout main: parent cycle a → b → a
              frames: main/base: view header is stale but not marked dirty: y 13 (...)
              solve: main/base: the constraints do not solve; ... (the conflict follows)
            It also lists what a first apply or import killed before it finished left
            beside the project (PATH.layoutdb-new-PID). --fix deletes rows that point at
            a missing row and would have gone with it (a deleted constraint's variant
            constants, a deleted variant's overrides), marks the layouts with stale frames
            dirty and re-solves them, in one transaction, and removes such files; it
            prints what it did, then what is left (exit 1 if anything is).
            """,
            examples: [
                "layoutdb doctor", "layoutdb --db app.layoutdb doctor -q", "layoutdb doctor --fix",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Flag(
        help: ArgumentHelp(
            "Repair what can be repaired, in one transaction: delete rows that point at a "
                + "missing row and would have gone with it; mark layouts with stale, unmarked "
                + "frames dirty and re-solve them; remove leftover new files. Says what it did."))
    var fix = false

    func run() throws {
        let project = try global.open()
        var findings = try project.doctor()
        // One finding a line: a finding of several lines (a conflict's list) joined.
        for finding in findings {
            printLine(
                "\(finding)".split(separator: "\n").map { $0.drop { $0 == " " } }
                    .joined(separator: " / "))
        }
        if fix && findings.contains(where: \.isRepairable) {
            let repair = try project.repair(findings)
            for file in repair.removedFiles { printLine("fixed: removed \(file)") }
            for rows in repair.deletedRows { printLine("fixed: deleted \(rows)") }
            for layout in repair.resolvedLayouts {
                let changed = repair.report.changes.filter { $0.layout == layout }.count
                printLine(
                    "fixed: layout \(layout): marked dirty and re-solved, "
                        + "\(changed) frame\(changed == 1 ? "" : "s") rewritten")
            }
            findings = try project.doctor()
            for finding in findings { printLine("still: \(finding)") }
        }
        let found = !findings.isEmpty
        if !found && !global.quiet { printLine("ok: \(global.path) is healthy") }
        if found { throw ExitCode(ExitStatus.findings.rawValue) }
    }
}
