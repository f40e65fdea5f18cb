import ArgumentParser
import LayoutStore

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List a layout's constraints, labels and sources.",
        discussion: commandHelp(
            """
            One row per constraint in declaration order, inactive ones included; the
            ones layoutdb generates (intrinsic sizes) are marked in the notes. The id
            (`#17`) is stable: every command that takes a label takes it too, so an
            unlabelled constraint can be changed, removed or labelled (`label`).
            With --variant, the constraints as that variant has them: its constants,
            priorities and activations, and what its stacks generate with its hidden
            views and spacings.
            """,
            examples: [
                "layoutdb list", "layoutdb --layout settings list --json",
                "layoutdb list --variant compact",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false
    @Option(help: ArgumentHelp("List the constraints as this variant has them.", valueName: "name"))
    var variant: String?

    func run() throws {
        let project = try global.open()
        try noteIfEmpty(project, global)
        let listed = try project.listedConstraints(
            layout: global.layout, includeGenerated: true, variant: variant)
        if json { printJSON(listed) } else { printTable(listed) }
    }

    private func printJSON(_ listed: [Project.ListedConstraint]) {
        print(listJSON(listed))
    }

    private func printTable(_ listed: [Project.ListedConstraint]) {
        let rows = listed.map { item -> [String] in
            let c = item.constraint
            var notes: [String] = []
            if c.kind == .stack, let end = c.source.ranges(of: ": ").last {
                // `stack tabs (fillEqually, align fill): fill-equally`: which stack, why.
                notes.append("generated: \(c.source[..<end.lowerBound])")
            } else if c.kind != .user {
                notes.append("generated: \(c.kind.rawValue)")
            }
            if !c.isActive { notes.append("inactive") }
            if let o = c.origin { notes.append("\(o.file):\(o.line)") }
            return [
                item.reference ?? "-", c.label ?? "-", ScriptWriter.text(of: LabelFree(c).value),
                notes.joined(separator: ", "),
            ]
        }
        print(table(["id", "label", "constraint", "notes"], rows))
    }
}

/// A constraint without its label (the label has its own column).
struct LabelFree {
    let value: Constraint
    init(_ c: Constraint) {
        var copy = c
        copy.label = nil
        value = copy
    }
}

struct Views: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "views",
        abstract: "List the views of a layout as a tree.",
        discussion: commandHelp(
            "Each view as its `view` statement, indented under its parent.",
            examples: ["layoutdb views", "layoutdb views --json"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let project = try global.open()
        try noteIfEmpty(project, global)
        let views = try project.views(layout: global.layout)
        if json {
            print(
                jsonString(
                    views.map { v -> [String: Any] in
                        var o: [String: Any] = ["name": v.name, "parent": v.parent]
                        if let f = v.frame { o["frame"] = rectJSON(f) }
                        if !v.autoresize.isEmpty {
                            o["autoresize"] = v.autoresize.names
                        }
                        return o
                    }))
            return
        }
        var depth: [String: Int] = [rootViewName: 0]
        for v in views {
            let d = (depth[v.parent] ?? 0) + 1
            depth[v.name] = d
            let text = ScriptWriter.text(of: v)
            printLine(String(repeating: "  ", count: d - 1) + text)
        }
    }
}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Re-solve what edits or plain SQL left dirty.",
        discussion: commandHelp(
            """
            After edits made with --no-solve, or UPDATEs written with plain SQL. Reads
            re-solve dirty parts by themselves; this makes it happen now.
            """,
            examples: [
                "layoutdb --no-solve set-constant header.height 44",
                "layoutdb solve",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions

    func run() throws {
        let project = try global.open()
        let display = ProgressDisplay.standardError(quiet: global.quiet)
        project.progress = display.update
        defer { display.finish() }
        let report = try project.solve()
        display.finish()
        if !global.quiet {
            if report.parts.isEmpty { print("nothing to solve") }
            for p in report.parts {
                let what =
                    p.components.map { "\($0) dirty component\($0 == 1 ? "" : "s")" }
                    ?? "whole layout"
                let changed = report.changes.filter {
                    $0.layout == p.layout && $0.variant == p.variant
                }.count
                print(
                    "\(p.layout)/\(p.variant): \(what), \(p.views) view\(p.views == 1 ? "" : "s") solved, \(changed) changed"
                )
            }
        }
        printReport(SolveReport.onlyWarnings(report), global)
    }
}

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Print the solved frames, in root coordinates.",
        discussion: commandHelp(
            """
            Re-solves dirty parts first. csv columns: view,x,y,width,height,stale. The
            same data is in SQL: the solved_frames view. With --no-solve or --read-only
            nothing is re-solved or written: the stored frames are shown, and those an
            edit left stale are marked (* in the table, stale 1 in csv, "stale": true
            in json), with one warning on stderr. A layout guide is marked `guide` in
            the table's last column and every row has its "kind" (view, guide) in json.
            A fitted canvas (`canvas 320 fit`) lists the root with its solved size.
            """,
            examples: [
                "layoutdb frames", "layoutdb frames --variant compact --format csv",
                "layoutdb --no-solve frames",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(help: ArgumentHelp("A variant instead of the base layout.", valueName: "name"))
    var variant: String?
    @Option(help: "table, csv or json.") var format: OutputFormat = .table

    func run() throws {
        let project = try global.open()
        let rows = try project.frames(
            layout: global.layout, variant: variant,
            reading: global.writesNothing ? .asStored : .solvingDirty)
        printRows(rows)
        warnStale(rows, global)
        try noteIfEmpty(project, global)
    }

    private func printRows(_ rows: [FrameRow]) {
        switch format {
        case .csv:
            // One write of bytes: a print per row locks and flushes stdout per row, and
            // appending to a `String` cost more than formatting the numbers.
            var out: [UInt8] = []
            out.reserveCapacity(40 * (rows.count + 1))
            out += "view,x,y,width,height,stale\n".utf8
            for r in rows {
                out += csvField(r.view).utf8
                // The stored values as SQL shows them (twelve significant digits), for
                // programs; the table rounds to millionths for people.
                for value in [r.frame.x, r.frame.y, r.frame.width, r.frame.height] {
                    out.append(UInt8(ascii: ","))
                    withExactNumber(value) { out += $0 }
                }
                out += (r.stale ? ",1\n" : ",0\n").utf8
            }
            print(String(decoding: out, as: UTF8.self), terminator: "")
        case .json:
            print(framesJSON(rows))
        case .table: print(framesTable(rows))
        }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report ambiguous views, bad sizes, overlaps and losing constraints.",
        discussion: commandHelp(
            """
            Solves in memory; never writes. Checks the base layout and every variant
            (--variant: that one only). Exit 1 for an ambiguous view (one its
            constraints leave free), a negative width or height, a view squeezed below
            its intrinsic size (its compression resistance lost) or siblings whose
            frames share an area (--allow-overlap when views are drawn over each other
            on purpose); an optional constraint that does not hold is reported with its
            priority. A variant's findings start with LAYOUT/VARIANT; --json gives the
            base's report with the variants' under "variants".
            """,
            examples: [
                "layoutdb check", "layoutdb check --variant compact --json",
                "layoutdb check --allow-overlap",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(
        help: ArgumentHelp("Check only this variant (base: the layout itself).", valueName: "name"))
    var variant: String?
    @Flag(help: "Do not report siblings whose frames overlap.") var allowOverlap = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let project = try global.open()
        try noteIfEmpty(project, global)
        if try project.isEmpty() {
            if json { print(jsonString(report(try project.check(layout: global.layout)))) }
            return
        }
        // Without --variant, the base and then every variant, as doctor checks them.
        let reports =
            try variant.map { [try project.check(layout: global.layout, variant: $0)] }
            ?? [try project.check(layout: global.layout)]
            + project.variants(layout: global.layout).map {
                try project.check(layout: global.layout, variant: $0.name)
            }
        let found = reports.contains { $0.hasProblems(allowingOverlap: allowOverlap) }
        if json {
            var first = report(reports[0])
            if variant == nil { first["variants"] = reports.dropFirst().map(report) }
            print(jsonString(first))
        } else {
            for (i, r) in reports.enumerated() {
                printCheck(r, place: i == 0 && variant == nil ? "" : "\(r.layout)/\(r.variant): ")
            }
        }
        if found { throw ExitCode(ExitStatus.findings.rawValue) }
    }

    private func report(_ r: Project.CheckReport) -> [String: Any] {
        func size(_ p: Project.SizeProblem) -> [String: Any] {
            ["view": p.view, "dimension": p.dimension, "solved": p.solved, "limit": p.limit]
        }
        let overlaps = allowOverlap ? [] : r.overlaps
        return [
            "layout": r.layout, "variant": r.variant, "ambiguous": r.ambiguousViews,
            "unsatisfied": r.unsatisfied.map(\.labelledSource),
            "relaxedByHiding": r.relaxedByHiding.map(\.labelledSource),
            "negative": r.negativeSizes.map(size), "squeezed": r.squeezed.map(size),
            "overlaps": overlaps.map {
                ["views": [$0.first, $0.second], "shared": rectJSON($0.shared)]
            },
        ]
    }

    /// One report's findings, each line starting with `place` (empty for the base when
    /// every variant is checked, so its lines read as they always have).
    private func printCheck(_ r: Project.CheckReport, place: String) {
        let overlaps = allowOverlap ? [] : r.overlaps
        for v in r.ambiguousViews {
            printLine(
                "\(place)ambiguous: \(v) — its constraints leave its frame free; add constraints "
                    + "or a frame")
        }
        func extent(_ p: Project.SizeProblem) -> String {
            "\(formatNumber(p.solved)) \(p.dimension == "width" ? "wide" : "high")"
        }
        for p in r.negativeSizes {
            printLine(
                "\(place)negative size: \(p.view) is solved \(extent(p)) — its constraints need "
                    + "more room than the canvas or its neighbours leave")
        }
        for p in r.squeezed {
            printLine(
                "\(place)squeezed: \(p.view) is solved \(extent(p)), below its intrinsic "
                    + "\(p.dimension) \(formatNumber(p.limit)) (compression resistance "
                    + "\(p.priority.map(\.description) ?? "") lost)")
        }
        for o in overlaps.prefix(50) {
            let s = o.shared
            printLine(
                "\(place)overlap: \(o.first) and \(o.second) share x \(formatNumber(s.x))…"
                    + "\(formatNumber(s.x + s.width)), y \(formatNumber(s.y))…"
                    + "\(formatNumber(s.y + s.height)) (--allow-overlap if intended)")
        }
        if overlaps.count > 50 { printLine("\(place)... and \(overlaps.count - 50) more overlaps") }
        for c in r.unsatisfied {
            printLine(
                "\(place)unsatisfied (priority \(c.priority)): " + c.labelledSource
                    + (c.origin.map { "  (\($0.file):\($0.line))" } ?? ""))
        }
        for c in r.relaxedByHiding {
            printLine(
                "\(place)relaxed by hiding: " + c.labelledSource
                    + (c.origin.map { "  (\($0.file):\($0.line))" } ?? "")
                    + " — gives way to a hidden arranged view's size 0, as in UIKit")
        }
        if !r.hasProblems(allowingOverlap: allowOverlap) && r.unsatisfied.isEmpty
            && !global.quiet
        {
            printLine("ok: \(r.layout)/\(r.variant) is fully determined")
        }
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the project as a script that apply rebuilds.",
        discussion: commandHelp(
            """
            The script rebuilds the same project: views, constraints with their labels,
            metrics and variants.
            """,
            examples: ["layoutdb export -o home.layout", "layoutdb export --all > all.layout"]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Flag(help: "Export every layout, not only --layout.") var all = false
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write to a file instead of standard output.", valueName: "file"),
        transform: unshielded)
    var output: String?

    func run() throws {
        let text = try global.open().export(layout: all ? nil : global.layout)
        try writeOutput(text, to: output ?? "-")
    }
}
