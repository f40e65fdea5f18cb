import ArgumentParser
import LayoutStore

struct Why: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Show the constraints that determine a view.",
        discussion: commandHelp(
            """
            As Auto Layout's constraintsAffectingLayout, most direct first: the
            constraint that defines the value, then those defining what it reads, and
            so on; a group solved together (inequalities, priorities) is listed whole.
            Generated constraints (intrinsic size, drawn frames, autoresizing) are
            described in words.
            """,
            examples: [
                "layoutdb why title",
                "layoutdb why nameField.width --variant compact",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(
        help: ArgumentHelp(
            "VIEW or VIEW.ATTR (left, right, top, bottom, width, height, centerX, centerY).",
            valueName: "view[.attr]"))
    var target: String
    @Option(help: ArgumentHelp("Explain a variant instead of the base layout.", valueName: "name"))
    var variant: String?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if target.isEmpty || target.hasPrefix(".") {
            throw ValidationError(
                "expected VIEW or VIEW.ATTR, e.g. title or title.width (got '\(target)')")
        }
    }

    func run() throws {
        let reasons = try global.open().why(target, layout: global.layout, variant: variant)
        if json {
            print(jsonString(reasons.map(\.json)))
        } else if reasons.isEmpty {
            warn(
                "no constraint determines \(target): its layout is ambiguous"
                    + " (see `layoutdb check`)"
            )
        } else {
            print(table(["label", "constraint", "source"], reasons.map(\.row)))
        }
    }
}

extension Project.Reason {
    /// `{"label", "text", "source", "origin"}`, or `{"generated"}`.
    fileprivate var json: [String: Any] {
        switch self {
        case .constraint(let c):
            var o: [String: Any] = [
                "text": ScriptWriter.text(of: LabelFree(c).value),
                "source": c.source,
            ]
            if let label = c.label { o["label"] = label }
            if let origin = c.origin {
                o["origin"] = "\(origin.file):\(origin.line)"
            }
            return o
        case .generated(let text): return ["generated": text]
        }
    }

    /// Label, constraint, and where it came from (FILE:LINE, and the statement when it
    /// reads differently).
    fileprivate var row: [String] {
        switch self {
        case .constraint(let c):
            let text = ScriptWriter.text(of: LabelFree(c).value)
            var source = c.origin.map { "\($0.file):\($0.line)" } ?? ""
            if !c.source.isEmpty && c.source != text
                && c.source != ScriptWriter.text(of: c)
            {
                source += (source.isEmpty ? "" : "  ") + "from: \(c.source)"
            }
            return [c.label ?? "-", text, source]
        case .generated(let text):
            return ["-", text, "generated"]
        }
    }
}
