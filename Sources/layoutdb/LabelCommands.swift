import ArgumentParser
import LayoutStore

struct Get: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Show a named constraint.",
        discussion: commandHelp(
            """
            Prints its equation, constant, priority, whether it is active, the line it
            came from, and the constants variants give it. A stack's spacing
            (STACK.spacing) prints its constant and the variants' own.
            """,
            examples: [
                "layoutdb get header.height", "layoutdb get header.height --json",
                "layoutdb get column.spacing",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var label: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let project = try global.open()
        if let spacing = try project.stackSpacing(label, layout: global.layout) {
            return printSpacing(spacing)
        }
        try ConstraintDetails(project, label: label, layout: global.layout).print(json: json)
    }

    /// A stack's spacing: the one constant its generated constraints share.
    private func printSpacing(_ spacing: Project.StackSpacing) {
        if json {
            print(
                jsonString([
                    "label": spacing.label, "stack": spacing.stack, "constant": spacing.spacing,
                    "variants": spacing.variants,
                ]))
            return
        }
        print("\(spacing.label): the spacing of stack \(spacing.stack)")
        print("constant: \(formatNumber(spacing.spacing))")
        for (variant, value) in spacing.variants.sorted(by: { $0.key < $1.key }) {
            print("variant \(variant): constant \(formatNumber(value))")
        }
    }
}

/// What `layoutdb get LABEL` shows of a named constraint: its equation and state, and what
/// each variant holds for it.
private struct ConstraintDetails {
    let named: Project.NamedConstraint
    let overrides: [(variant: String, constant: Double)]
    let holdings: [(variant: String, holding: Project.Variant.Holding)]

    init(_ project: Project, label: String, layout: String) throws {
        named = try project.existingNamedConstraint(label, layout: layout)
        let variants = try project.variants(layout: layout)
        let label = named.label
        overrides = variants.compactMap { v in
            v.overrides.first { $0.label == label }.map { (v.name, $0.constant) }
        }
        holdings = variants.compactMap { v in
            v.holdings.first { $0.label == label }.map { (v.name, $0) }
        }
    }

    func print(json: Bool) {
        if json { Swift.print(jsonString(jsonObject)) } else { printText() }
    }

    private var jsonObject: [String: Any] {
        let c = named.constraint
        var o: [String: Any] = [
            "label": named.label, "relation": c.relation.rawValue, "constant": c.constant,
            "priority": c.priority.rawValue, "active": c.isActive, "source": c.source,
            "text": ScriptWriter.text(of: c),
            "variants": Dictionary(
                uniqueKeysWithValues: overrides.map { ($0.variant, $0.constant) }),
            "variantPriorities": Dictionary(
                uniqueKeysWithValues: holdings.compactMap { name, h in
                    h.priority.map { (name, $0.rawValue) }
                }),
            "variantActive": Dictionary(
                uniqueKeysWithValues: holdings.compactMap { name, h in
                    h.isActive.map { (name, $0) }
                }),
        ]
        if let origin = c.origin { o["origin"] = "\(origin.file):\(origin.line)" }
        return o
    }

    private func printText() {
        let c = named.constraint
        Swift.print(ScriptWriter.text(of: c))
        Swift.print("constant: \(formatNumber(c.constant))")
        Swift.print("priority: \(c.priority)\(c.priority.isRequired ? " (required)" : "")")
        Swift.print("active: \(c.isActive ? "yes" : "no")")
        Swift.print("source: \(c.source)" + (c.origin.map { "  (\($0.file):\($0.line))" } ?? ""))
        for (variant, value) in overrides {
            Swift.print("variant \(variant): constant \(formatNumber(value))")
        }
        for (variant, holding) in holdings {
            if let priority = holding.priority {
                Swift.print("variant \(variant): priority \(priority)")
            }
            if let active = holding.isActive {
                Swift.print("variant \(variant): \(active ? "active" : "inactive")")
            }
        }
    }
}

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a named constraint.",
        discussion: commandHelp(
            "Prints the views that moved or resized.",
            examples: ["layoutdb remove title.inset"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var label: String

    func run() throws {
        printReport(
            try global.open().removeConstraint(named: label, layout: global.layout), global)
    }
}

struct SetConstant: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-constant",
        abstract: "Change a named constraint's constant.",
        discussion: commandHelp(
            """
            The constant is the right side's constant minus the left side's: for
            `a.width == b.width * 0.5 + 10` it is 10. With --variant, only that variant
            sees the new value; without, the base layout and every variant that does
            not override it. Prints the views that moved or resized.
            """,
            examples: [
                "layoutdb set-constant header.height 70",
                "layoutdb set-constant header.height 44 --variant compact",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var label: String
    @Argument(help: "The new constant.", transform: signedNumber) var value: Double
    @Option(help: ArgumentHelp("Change it only in this variant.", valueName: "name")) var variant:
        String?
    @Flag(help: "Print the changed frames as JSON.") var json = false

    func validate() throws {
        guard NumberRule.finite.admits(value) else {
            throw ValidationError("the constant must be a finite number")
        }
    }

    func run() throws {
        printReport(
            try global.open().setConstant(
                label: label, to: value, variant: variant, layout: global.layout),
            global, json: json)
    }
}

struct SetPriority: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-priority",
        abstract: "Change a named constraint's priority.",
        discussion: commandHelp(
            """
            PRIORITY is 1...1000, required (1000), high (750) or low (250). A higher
            priority beats any number of lower ones, as in Auto Layout. With --variant,
            only that variant uses it (a variant is solved on its own, so it may cross
            1000 either way); without, the base and every variant that does not override
            it. A compound label (`title.size`) changes each of its components.
            """,
            examples: [
                "layoutdb set-priority title.width low", "layoutdb set-priority title.width 500",
                "layoutdb set-priority wide 200 --variant narrow",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var label: String
    @Argument(help: "The new priority.", transform: unshielded) var priority: String
    @Option(help: ArgumentHelp("Change it only in this variant.", valueName: "name")) var variant:
        String?

    func validate() throws {
        if Priority(parsing: priority) == nil {
            throw ValidationError(
                "priority must be 1...1000, required, high or low (got '\(priority)')")
        }
    }

    func run() throws {
        printReport(
            try global.open().setPriority(
                label: label, to: Priority(parsing: priority)!, variant: variant,
                layout: global.layout),
            global)
    }
}

struct Activate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activate",
        abstract: "Turn a named constraint back on.",
        discussion: commandHelp(
            """
            Undoes `deactivate`; prints the views that moved or resized. With --variant,
            only in that variant (a constraint that exists in one size class is declared,
            deactivated in the base and activated in its variant).
            """,
            examples: [
                "layoutdb activate title.inset", "layoutdb activate split --variant regular",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var label: String
    @Option(help: ArgumentHelp("Activate it only in this variant.", valueName: "name"))
    var variant: String?

    func run() throws {
        printReport(
            try global.open().setActive(
                label: label, true, variant: variant, layout: global.layout), global)
    }
}

struct Deactivate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deactivate",
        abstract: "Turn a named constraint off without removing it.",
        discussion: commandHelp(
            """
            The constraint stays in the project (`list` shows it inactive) until
            `activate` turns it back on. With --variant, only that variant drops it.
            """,
            examples: [
                "layoutdb deactivate title.inset",
                "layoutdb deactivate collapsed --variant regular",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var label: String
    @Option(help: ArgumentHelp("Deactivate it only in this variant.", valueName: "name"))
    var variant: String?

    func run() throws {
        printReport(
            try global.open().setActive(
                label: label, false, variant: variant, layout: global.layout), global)
    }
}
