import ArgumentParser
import Foundation
import LayoutStore

struct Get: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show a named constraint.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The constraint's label.") var label: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let project = try global.open()
        guard let named = try project.namedConstraint(label, layout: global.layout) else {
            throw StoreError.unknownLabel(label: label, layout: global.layout, at: nil, suggestion: nil)
        }
        let c = named.constraint
        let overrides = try project.variants(layout: global.layout).compactMap { v -> (String, Double)? in
            v.overrides.first { $0.label == label }.map { (v.name, $0.constant) }
        }
        if json {
            var o: [String: Any] = [
                "label": label, "relation": c.relation.rawValue, "constant": c.constant,
                "priority": c.priority.rawValue, "active": c.isActive, "source": c.source,
                "text": ScriptWriter.text(of: c),
                "variants": Dictionary(uniqueKeysWithValues: overrides),
            ]
            if let origin = c.origin { o["origin"] = "\(origin.file):\(origin.line)" }
            print(jsonString(o))
            return
        }
        print(ScriptWriter.text(of: c))
        print("constant: \(formatNumber(c.constant))")
        print("priority: \(c.priority)\(c.priority.isRequired ? " (required)" : "")")
        print("active: \(c.isActive ? "yes" : "no")")
        print("source: \(c.source)" + (c.origin.map { "  (\($0.file):\($0.line))" } ?? ""))
        for (variant, value) in overrides { print("variant \(variant): constant \(formatNumber(value))") }
    }
}

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove a named constraint.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The constraint's label.") var label: String

    func run() throws {
        printReport(try global.open().removeConstraint(named: label, layout: global.layout), global)
    }
}

struct SetConstant: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-constant",
        abstract: "Change a named constraint's constant; the layout follows.",
        discussion: """
            The constant is the right side's constant minus the left side's: for
            `a.width == b.width * 0.5 + 10` it is 10. With --variant, only that variant
            sees the new value; without, the base layout and every variant that does not
            override it. Prints the views that moved or resized.
              layoutdb set-constant header.height 70
              layoutdb set-constant header.height 44 --variant compact
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The constraint's label.") var label: String
    @Argument(help: "The new constant.") var value: Double
    @Option(help: ArgumentHelp("Change it only in this variant.", valueName: "name")) var variant: String?
    @Flag(help: "Print the changed frames as JSON.") var json = false

    func validate() throws {
        guard value.isFinite else { throw ValidationError("the constant must be a finite number") }
    }

    func run() throws {
        printReport(
            try global.open().setConstant(label: label, to: value, variant: variant, layout: global.layout),
            global, json: json)
    }
}

struct SetPriority: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-priority", abstract: "Change a named constraint's priority (1...1000, required, high, low).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The constraint's label.") var label: String
    @Argument(help: "The new priority.") var priority: String

    func validate() throws {
        if Priority(parsing: priority) == nil {
            throw ValidationError("priority must be 1...1000, required, high or low (got '\(priority)')")
        }
    }

    func run() throws {
        printReport(
            try global.open().setPriority(label: label, to: Priority(parsing: priority)!, layout: global.layout),
            global)
    }
}

struct Activate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Turn a named constraint back on.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The constraint's label.") var label: String

    func run() throws {
        printReport(try global.open().setActive(label: label, true, layout: global.layout), global)
    }
}

struct Deactivate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a named constraint off without removing it.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The constraint's label.") var label: String

    func run() throws {
        printReport(try global.open().setActive(label: label, false, layout: global.layout), global)
    }
}
