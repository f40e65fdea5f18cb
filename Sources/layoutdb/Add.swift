import ArgumentParser
import LayoutStore

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a constraint: an equation or a VFL line.",
        discussion: commandHelp(
            """
            EQUATION is one line of the .layout format: an equation, or a line of Apple's
            Visual Format Language. A compound one (center, size, edges) and a VFL line
            add several constraints; --label names them LABEL.x, LABEL.width, ...
            """,
            examples: [
                "layoutdb add 'title.left == header.left + 16' --label title.inset",
                "layoutdb add 'label.width >= 80' --priority high",
                "layoutdb add 'H:|-16-[body]-16-|'",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(
        help: ArgumentHelp(
            "The equation or VFL line (quote it for the shell).", valueName: "equation"))
    var equation: String
    @Option(
        help: ArgumentHelp(
            "Name the constraint (compound ones get .x/.y, .width/.height, ...).",
            valueName: "label"))
    var label: String?
    @Option(
        help: ArgumentHelp("1...1000, required, high (750) or low (250).", valueName: "priority"))
    var priority: String?
    @Flag(help: "Print the changed frames as JSON.") var json = false

    func validate() throws {
        if let priority, Priority(parsing: priority) == nil {
            throw ValidationError(
                "--priority must be 1...1000, required, high or low (got '\(priority)')")
        }
    }

    func run() throws {
        let report = try global.open().add(
            unshielded(equation), label: label, priority: priority.flatMap(Priority.init(parsing:)),
            layout: global.layout)
        printReport(report, global, json: json)
    }
}
