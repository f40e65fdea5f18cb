import ArgumentParser
import LayoutStore

struct VariantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "variant",
        abstract: "Create, list, remove and reset variants.",
        discussion: commandHelp(
            """
            A variant is the same layout on another canvas, with its own constants for
            any named constraints (`set-constant --variant`).
            """,
            examples: [
                "layoutdb variant create compact --canvas 320x568",
                "layoutdb variant list",
            ]),
        subcommands: [Create.self, ListVariants.self, RemoveVariant.self, Reset.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Create a variant: another canvas, other constants.",
            discussion: commandHelp(
                """
                Without --canvas, the variant has the layout's canvas (and with --safe and
                --direction, its own safe area and direction). --from copies another
                variant: its canvas (unless --canvas is given), safe area, direction and
                every override (constants, priorities, activation, intrinsic sizes, hidden
                views, stack spacings); the copy then changes on its own.
                """,
                examples: [
                    "layoutdb variant create compact --canvas 320x568",
                    "layoutdb set-constant header.height 44 --variant compact",
                    "layoutdb variant create compact-tall --from compact --canvas 320x640",
                    "layoutdb variant create se --canvas 320x568 --safe 20,0,0,0",
                    "layoutdb variant create arabic --direction rtl",
                ]))
        @OptionGroup(visibility: .hidden) var global: GlobalOptions
        @Argument(help: "The variant's name.") var name: String
        @Option(
            help: ArgumentHelp(
                "Its canvas, WIDTHxHEIGHT (default: the layout's).", valueName: "WxH"))
        var canvas: String?
        @Option(
            help: ArgumentHelp(
                "Copy this variant's canvas, safe area, direction and overrides.",
                valueName: "variant"))
        var from: String?
        @Option(
            help: ArgumentHelp(
                "Its safe area, TOP,LEFT,BOTTOM,RIGHT (default: the layout's, or --from's).",
                valueName: "T,L,B,R"))
        var safe: String?
        @Option(
            help: ArgumentHelp(
                "Its direction, ltr or rtl (default: the layout's, or --from's).",
                valueName: "ltr|rtl"))
        var direction: String?

        func validate() throws {
            if let canvas, parseSize(canvas) == nil {
                throw ValidationError(
                    "--canvas must be WIDTHxHEIGHT, two numbers >= 0, e.g. 320x568 "
                        + "(got '\(unshielded(canvas))')")
            }
            if let safe, parseInsets(safe) == nil {
                throw ValidationError(
                    "--safe must be TOP,LEFT,BOTTOM,RIGHT, four numbers >= 0, e.g. 44,0,34,0 "
                        + "(got '\(unshielded(safe))')")
            }
            if let direction, LayoutDirection(rawValue: direction) == nil {
                throw ValidationError("--direction must be ltr or rtl (got '\(direction)')")
            }
        }

        func run() throws {
            let project = try global.open()
            let wasEmpty = try project.isEmpty()
            printReport(
                try project.createVariant(
                    name, canvas: canvas.flatMap(parseSize), safe: safe.flatMap(parseInsets),
                    direction: direction.flatMap(LayoutDirection.init(rawValue:)), copying: from,
                    layout: global.layout), global)
            if wasEmpty && !global.quiet {
                // A script that declares only a variant makes its layout the same way.
                warn(
                    "the project had no layout: created an empty layout \(global.layout) "
                        + "for variant \(name); add views with `layoutdb apply FILE`")
            }
        }
    }

    struct ListVariants: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the variants of a layout.",
            discussion: commandHelp(
                """
                Each variant with its canvas and what it changes, in the script's words
                (without `in VARIANT`): safe area, direction, fitting, then `set`,
                `priority`, `activate`/`deactivate`, `intrinsic`, `hide`/`show`.
                """,
                examples: [
                    "layoutdb variant list", "layoutdb --layout settings variant list --json",
                ]))
        @OptionGroup(visibility: .hidden) var global: GlobalOptions
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let project = try global.open()
            try noteIfEmpty(project, global)
            let variants = try project.variants(layout: global.layout)
            if json {
                print(
                    jsonString(
                        variants.map { v -> [String: Any] in
                            [
                                "name": v.name,
                                "canvas": v.canvas.map { ["width": $0.width, "height": $0.height] }
                                    as Any,
                                "overrides": v.statements,
                            ]
                        }))
                return
            }
            let rows = variants.map { v -> [String] in
                let canvas =
                    v.canvas.map {
                        (v.fitsWidth ? "fit" : formatNumber($0.width)) + "x"
                            + (v.fitsHeight ? "fit" : formatNumber($0.height))
                    } ?? "(inherits)"
                return [v.name, canvas, v.statements.joined(separator: "; ")]
            }
            print(table(["variant", "canvas", "overrides"], rows))
        }
    }

    struct RemoveVariant: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a variant and its frames.",
            discussion: commandHelp(examples: ["layoutdb variant remove compact"]))
        @OptionGroup(visibility: .hidden) var global: GlobalOptions
        @Argument(help: "The variant's name.") var name: String

        func run() throws {
            printReport(try global.open().removeVariant(name, layout: global.layout), global)
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Make a variant inherit a base constant and priority again.",
            discussion: commandHelp(
                """
                Drops the variant's own constant, priority and activation for LABEL
                (`set ... in V`, `priority ... in V`, `activate`/`deactivate ... in V`),
                or its own spacing of a stack (STACK.spacing).
                """,
                examples: [
                    "layoutdb variant reset compact header.height",
                    "layoutdb variant reset compact column.spacing",
                ]))
        @OptionGroup(visibility: .hidden) var global: GlobalOptions
        @Argument(help: "The variant's name.") var name: String
        @Argument(help: constraintArgumentHelp) var label: String

        func run() throws {
            printReport(
                try global.open().resetConstant(
                    variant: name, label: label, layout: global.layout), global)
        }
    }
}

/// `320x568` → Size.
/// `T,L,B,R` (commas or spaces): four numbers >= 0, as `safe T L B R` in a script.
func parseInsets(_ text: String) -> Insets? {
    let parts = unshielded(text).split { $0 == "," || $0 == " " }
    let values = parts.compactMap { Double(layoutNumber: $0) }
    guard parts.count == 4, values.count == 4, values.allSatisfy(NumberRule.size.admits) else {
        return nil
    }
    return Insets(top: values[0], left: values[1], bottom: values[2], right: values[3])
}

func parseSize(_ text: String) -> Size? {
    let parts = unshielded(text).lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(layoutNumber: parts[0]),
        let h = Double(layoutNumber: parts[1]),
        NumberRule.size.admits(w), NumberRule.size.admits(h)
    else { return nil }
    return Size(width: w, height: h)
}
