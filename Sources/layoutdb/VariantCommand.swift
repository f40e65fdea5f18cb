import ArgumentParser
import LayoutStore

struct VariantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "variant",
        abstract: "Create, list, remove variants (another canvas, other constants).",
        subcommands: [Create.self, ListVariants.self, RemoveVariant.self, Reset.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a variant: `layoutdb variant create compact --canvas 320x568`.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The variant's name.") var name: String
        @Option(help: ArgumentHelp("Its canvas, WIDTHxHEIGHT (default: the layout's).", valueName: "WxH"))
        var canvas: String?

        func validate() throws {
            if let canvas, parseSize(canvas) == nil {
                throw ValidationError("--canvas must be WIDTHxHEIGHT, e.g. 320x568 (got '\(canvas)')")
            }
        }

        func run() throws {
            printReport(try global.open().createVariant(name, canvas: canvas.flatMap(parseSize), layout: global.layout), global)
            
        }
    }

    struct ListVariants: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the variants of a layout.")
        @OptionGroup var global: GlobalOptions

        func run() throws {
            let rows = try global.open().variants(layout: global.layout).map { v -> [String] in
                let canvas = v.canvas.map { "\(formatNumber($0.width))x\(formatNumber($0.height))" } ?? "(inherits)"
                let overrides = v.overrides.map { "\($0.label)=\(formatNumber($0.constant))" }
                return [v.name, canvas, overrides.joined(separator: " ")]
            }
            print(table(["variant", "canvas", "overrides"], rows))
            
        }
    }

    struct RemoveVariant: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a variant and its frames.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The variant's name.") var name: String

        func run() throws {
            printReport(try global.open().removeVariant(name, layout: global.layout), global)
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Drop a variant's override of a label: it inherits the base constant again.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The variant's name.") var name: String
        @Argument(help: "The constraint's label.") var label: String

        func run() throws {
            printReport(try global.open().resetConstant(variant: name, label: label, layout: global.layout), global)
        }
    }
}

/// `320x568` → Size.
func parseSize(_ text: String) -> Size? {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite, w >= 0, h >= 0
    else { return nil }
    return Size(width: w, height: h)
}
