import ArgumentParser
import LayoutStore

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare the frames of two variants, old → new.",
        discussion: commandHelp(
            """
            Prints the views that moved or resized. No --variant: the base layout against
            each variant. One: the base against it. Two: the first against the second
            ("base" names the layout itself).
            """,
            examples: [
                "layoutdb diff",
                "layoutdb diff --variant compact",
                "layoutdb diff --variant compact --variant tablet --json",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(
        name: .customLong("variant"),
        help: ArgumentHelp("A variant to compare (at most twice).", valueName: "name"))
    var variants: [String] = []
    @Flag(help: "Print JSON: [{from, to, view, old, new}].") var json = false

    func validate() throws {
        if variants.count > 2 {
            throw ValidationError("diff compares two variants: give --variant at most twice")
        }
    }

    func run() throws {
        let project = try global.open()
        let named: [String?] = variants
        let pairs: [(String?, String?)] =
            switch named.count {
            case 0: try project.variants(layout: global.layout).map { (nil, $0.name) }
            case 1: [(nil, named[0])]
            default: [(named[0], named[1])]
            }
        if pairs.isEmpty && !json {
            warn("layout \(global.layout) has no variants: nothing to compare")
        }
        var objects: [[String: Any]] = []
        for (from, to) in pairs {
            let changes = try project.diff(
                layout: global.layout, from: from, to: to,
                reading: global.writesNothing ? .asStored : .solvingInMemory)
            let a = from ?? baseVariantName
            let b = to ?? baseVariantName
            if json {
                objects += changes.map {
                    [
                        "from": a, "to": b, "view": $0.view, "old": rectJSON($0.old!),
                        "new": rectJSON($0.new),
                    ]
                }
                continue
            }
            printLine(
                "\(global.layout): \(a) → \(b)" + (changes.isEmpty ? ": no differences" : ""))
            for c in changes { printLine("  \(c.view): \(describeFields(c.old!, c.new))") }
        }
        if json { print(jsonString(objects)) }
        if global.writesNothing {
            let compared = Set(
                pairs.flatMap { [$0.0 ?? baseVariantName, $0.1 ?? baseVariantName] })
            try warnStale(project, variants: compared.sorted(), global)
        }
    }
}
