import ArgumentParser
import LayoutStore

struct Hide: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hide",
        abstract: "Hide a view (UIView.isHidden).",
        discussion: commandHelp(
            """
            Inside a stack the view leaves the arrangement and its neighbours and the
            spacing close over it; outside a stack it keeps its constraints and frame and
            is only marked hidden (solved_frames.hidden = 1, drawn faint). With --variant,
            only in that variant. Prints the views that moved or resized.
            """,
            examples: ["layoutdb hide error", "layoutdb hide title --variant compact"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The view to hide.") var view: String
    @Option(help: ArgumentHelp("Hide it only in this variant.", valueName: "name")) var variant:
        String?
    @Flag(help: "Print the changed frames as JSON.") var json = false

    func run() throws {
        printReport(
            try global.open().setHidden(
                view: view, true, variant: variant, layout: global.layout),
            global, json: json)
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a hidden view again.",
        discussion: commandHelp(
            """
            Undoes `hide`: inside a stack the view rejoins the arrangement at its place.
            With --variant, only in that variant (a variant may show a view the base
            hides). Prints the views that moved or resized.
            """,
            examples: ["layoutdb show error", "layoutdb show error --variant failed"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: "The view to show.") var view: String
    @Option(help: ArgumentHelp("Show it only in this variant.", valueName: "name")) var variant:
        String?
    @Flag(help: "Print the changed frames as JSON.") var json = false

    func run() throws {
        printReport(
            try global.open().setHidden(
                view: view, false, variant: variant, layout: global.layout),
            global, json: json)
    }
}
