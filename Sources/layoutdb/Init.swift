import ArgumentParser
import LayoutStore

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create an empty project file (or check that one is a project).")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        _ = try global.open(create: true)
        if !global.quiet { print("project ready: \(global.path)") }
    }
}
