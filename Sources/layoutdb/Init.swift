import ArgumentParser
import LayoutStore

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create an empty project (or check that one is).",
        discussion: commandHelp(
            """
            An existing file is left as it is when it is a layoutdb project; anything
            else is refused (exit 66). `apply` creates the project too.
            """,
            examples: ["layoutdb --db app.layoutdb init"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
        _ = try global.open(create: true)
        if !global.quiet { print("project ready: \(global.path)") }
    }
}
