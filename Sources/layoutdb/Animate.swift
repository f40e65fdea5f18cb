import ArgumentParser
import LayoutStore

struct Animate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Interpolate frames between now and a new constant.",
        discussion: commandHelp(
            """
            LayoutKit's animated change: solves the layout as it is and with LABEL at TO,
            and prints N frames in between, linearly: frame 0 is the current layout,
            frame N-1 the new one. The project is unchanged.
            csv columns: frame,view,x,y,width,height. With -o x.svg, an animated SVG
            (SMIL) instead.
            """,
            examples: [
                "layoutdb animate header.height 100 --frames 5",
                "layoutdb animate header.height 100 --frames 30 -o header.svg",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var label: String
    @Argument(help: "The new constant.", transform: signedNumber) var to: Double
    @Option(
        help: ArgumentHelp(
            "How many frames, 2...10000 (the first and last included).", valueName: "n"),
        transform: signedInteger)
    var frames: Int
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write an animated .svg instead of rows.", valueName: "file"),
        transform: unshielded)
    var output: String?
    @Option(help: "csv or json (rows on stdout).") var format: Format = .csv
    @Option(
        help: ArgumentHelp("The SVG animation's length in seconds.", valueName: "seconds"),
        transform: signedNumber)
    var duration: Double = 1
    @Option(help: ArgumentHelp("Animate a variant instead of the base layout.", valueName: "name"))
    var variant: String?

    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json }

    func validate() throws {
        guard NumberRule.finite.admits(to) else {
            throw ValidationError("TO must be a finite number")
        }
        guard (2...10_000).contains(frames) else {
            throw ValidationError("--frames must be 2...10000")
        }
        guard duration.isFinite, duration > 0 else {
            throw ValidationError("--duration must be > 0")
        }
        if let output, output != "-", !output.lowercased().hasSuffix(".svg") {
            throw ValidationError("-o must name a .svg file (got '\(output)')")
        }
    }

    func run() throws {
        let project = try global.open()
        let steps = try project.animation(
            label: label, to: to, frames: frames, layout: global.layout, variant: variant)
        if let output {
            let canvas = try project.canvas(layout: global.layout, variant: variant)
            let title =
                "\(global.layout)/\(variant ?? baseVariantName): \(label) → \(formatNumber(to))"
            try writeOutput(
                SVGRenderer.animate(
                    title: title, canvas: canvas, steps: steps, duration: duration),
                to: output)
            return
        }
        switch format {
        case .csv:
            print("frame,view,x,y,width,height")
            for (n, rows) in steps.enumerated() {
                for r in rows {
                    print(
                        [
                            "\(n)", csvField(r.view), formatNumber(r.frame.x),
                            formatNumber(r.frame.y),
                            formatNumber(r.frame.width), formatNumber(r.frame.height),
                        ].joined(separator: ","))
                }
            }
        case .json:
            print(
                jsonString(
                    steps.enumerated().flatMap { n, rows in
                        rows.map { r -> [String: Any] in
                            frameJSON(r).merging(["frame": n]) { a, _ in a }
                        }
                    }))
        }
    }
}
