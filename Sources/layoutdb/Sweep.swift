import ArgumentParser
import LayoutStore

struct Sweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Solve the layout for each value of a constant.",
        discussion: commandHelp(
            """
            Prints the frames for each value; the project is unchanged. Values run FROM,
            FROM+STEP, ... up to TO (included when the steps land on it); at most
            \(Sweep.maximumSteps) of them. csv columns: value,view,x,y,width,height.

            --save stores each value as a variant named LABEL_VALUE, with every
            character other than a letter, digit or _ made _ and a minus sign made m
            (header.height at 44.5 → header_height_44_5), on the base's canvas (or
            --variant's, with its other overrides); a variant of that name is replaced.
            """,
            examples: [
                "layoutdb sweep header.height 44 100 8",
                "layoutdb sweep header.height 44 100 28 --format csv --variant compact",
                "layoutdb sweep header.height 44 70 26 --save",
                "layoutdb sweep form.gap 40 0 -8 --format csv",
            ]))
    static let maximumSteps = 10_000

    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: constraintArgumentHelp) var label: String
    @Argument(help: "The first value.", transform: signedNumber) var from: Double
    @Argument(
        help: "The last value (reached when the steps land on it).", transform: signedNumber)
    var to: Double
    @Argument(help: "The step: not 0, negative when TO < FROM.", transform: signedNumber)
    var step: Double
    @Option(help: ArgumentHelp("Sweep a variant instead of the base layout.", valueName: "name"))
    var variant: String?
    @Option(help: "table, csv or json.") var format: OutputFormat = .table
    @Flag(help: "Store each value as a variant instead of printing frames.") var save = false

    /// FROM + k × STEP (multiplied, not summed: no drift over many steps).
    var values: [Double] {
        let count = Int(((to - from) / step + 1e-9).rounded(.down)) + 1
        return (0..<count).map { from + Double($0) * step }
    }

    func validate() throws {
        guard [from, to, step].allSatisfy(NumberRule.finite.admits) else {
            throw ValidationError("FROM, TO and STEP must be finite numbers")
        }
        guard step != 0 else { throw ValidationError("STEP must not be 0") }
        guard to == from || (to > from) == (step > 0) else {
            throw ValidationError(
                "STEP must be \(to > from ? "positive" : "negative") to go from "
                    + "\(formatNumber(from)) to \(formatNumber(to))"
            )
        }
        guard (to - from) / step < Double(Sweep.maximumSteps) else {
            throw ValidationError("more than \(Sweep.maximumSteps) steps: use a larger STEP")
        }
    }

    func run() throws {
        let project = try global.open()
        if save {
            let (names, report) = try project.saveSweep(
                label: label, values: values, layout: global.layout, variant: variant)
            if !global.quiet { for name in names { print("saved variant \(name)") } }
            printReport(SolveReport.onlyWarnings(report), global)
            return
        }
        let steps = try project.sweep(
            label: label, values: values, layout: global.layout, variant: variant)
        printSteps(steps)
    }

    /// Every value's frames, one row per view, in `--format`.
    private func printSteps(_ steps: [(value: Double, frames: [FrameRow])]) {
        switch format {
        case .csv:
            print("value,view,x,y,width,height")
            for s in steps {
                for r in s.frames {
                    print(
                        [
                            formatNumber(s.value), csvField(r.view), formatNumber(r.frame.x),
                            formatNumber(r.frame.y), formatNumber(r.frame.width),
                            formatNumber(r.frame.height),
                        ].joined(separator: ","))
                }
            }
        case .json:
            print(
                jsonString(
                    steps.map { s -> [String: Any] in
                        ["value": s.value, "frames": s.frames.map { frameJSON($0) }]
                    }))
        case .table:
            print(
                table(
                    ["value", "view", "x", "y", "width", "height"],
                    steps.flatMap { s in
                        s.frames.map { r in
                            [
                                formatNumber(s.value), r.view, formatNumber(r.frame.x),
                                formatNumber(r.frame.y),
                                formatNumber(r.frame.width), formatNumber(r.frame.height),
                            ]
                        }
                    }))
        }
    }
}

func frameJSON(_ r: FrameRow) -> [String: Any] {
    [
        "view": r.view, "x": r.frame.x, "y": r.frame.y, "width": r.frame.width,
        "height": r.frame.height,
    ]
}
