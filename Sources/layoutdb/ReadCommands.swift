import ArgumentParser
import Foundation
import LayoutStore

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "List the constraints of a layout, with labels and source (generated ones marked).")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try guarded {
            let project = try global.open()
            try noteIfEmpty(project, global)
            let all = try project.store.listConstraints(
                layout: global.layout, includeGenerated: true)
            if json {
                print(
                    jsonString(
                        all.map { s -> [String: Any] in
                            let c = s.constraint
                            var o: [String: Any] = [
                                "text": ScriptWriter.text(of: c), "relation": c.relation.rawValue,
                                "constant": c.constant,
                                "priority": c.priority.rawValue, "active": c.isActive,
                                "kind": c.kind.rawValue,
                                "source": c.source,
                            ]
                            if let label = c.label { o["label"] = label }
                            if let origin = c.origin {
                                o["origin"] = "\(origin.file):\(origin.line)"
                            }
                            return o
                        }))
                return
            }
            let rows = all.map { s -> [String] in
                let c = s.constraint
                var notes: [String] = []
                if c.kind != .user { notes.append("generated: \(c.kind.rawValue)") }
                if !c.isActive { notes.append("inactive") }
                if let o = c.origin { notes.append("\(o.file):\(o.line)") }
                return [
                    c.label ?? "-", ScriptWriter.text(of: LabelFree(c).value),
                    notes.joined(separator: ", "),
                ]
            }
            print(table(["label", "constraint", "notes"], rows))
        }
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
        abstract: "List the views of a layout as a tree.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try guarded {
            let project = try global.open()
            try noteIfEmpty(project, global)
            let views = try project.store.views(layout: global.layout).filter { !$0.isRoot }
            if json {
                print(
                    jsonString(
                        views.map { v -> [String: Any] in
                            var o: [String: Any] = ["name": v.name, "parent": v.declaration.parent]
                            if let f = v.declaration.frame { o["frame"] = rectJSON(f) }
                            if !v.declaration.autoresize.isEmpty {
                                o["autoresize"] = v.declaration.autoresize.names
                            }
                            return o
                        }))
                return
            }
            var depth: [String: Int] = [rootViewName: 0]
            for v in views {
                let d = (depth[v.declaration.parent] ?? 0) + 1
                depth[v.name] = d
                let text = ScriptWriter.text(of: v.declaration)
                print(String(repeating: "  ", count: d - 1) + text)
            }
        }
    }
}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-solve whatever edits (or plain SQL updates) left dirty.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        try guarded {
            let report = try global.open().solve()
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
}

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print solved frames (root coordinates); re-solves dirty parts first.",
        discussion: """
            csv columns: view,x,y,width,height,stale. The same data is in SQL:
            the solved_frames view.

            With --no-solve or --read-only nothing is re-solved or written: the
            stored frames are shown, and those an edit left stale are marked
            (* in the table, stale 1 in csv, "stale": true in json), with one
            warning on stderr.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("A variant instead of the base layout.", valueName: "name"))
    var variant: String?
    @Option(help: "table, csv or json.") var format: OutputFormat = .table

    func run() throws {
        try guarded {
            let variant = variant == baseVariantName ? nil : variant
            let project = try global.open()
            let rows = try project.frames(
                layout: global.layout, variant: variant,
                reading: global.writesNothing ? .stored : .solvingDirty)
            switch format {
            case .csv:
                print("view,x,y,width,height,stale")
                for r in rows {
                    print(
                        [
                            csvField(r.view), formatNumber(r.frame.x), formatNumber(r.frame.y),
                            formatNumber(r.frame.width), formatNumber(r.frame.height),
                            r.stale ? "1" : "0",
                        ].joined(separator: ","))
                }
            case .json:
                print(
                    jsonString(
                        rows.map { r -> [String: Any] in
                            [
                                "view": r.view, "parent": r.parent, "x": r.frame.x, "y": r.frame.y,
                                "width": r.frame.width, "height": r.frame.height,
                                "ambiguous": r.ambiguous,
                                "stale": r.stale,
                            ]
                        }))
            case .table:
                print(
                    table(
                        ["view", "x", "y", "width", "height", ""],
                        rows.map { r in
                            [
                                r.view, formatNumber(r.frame.x), formatNumber(r.frame.y),
                                formatNumber(r.frame.width),
                                formatNumber(r.frame.height),
                                [r.stale ? "*" : "", r.ambiguous ? "ambiguous" : ""].filter {
                                    !$0.isEmpty
                                }
                                .joined(separator: " "),
                            ]
                        }))
            }
            warnStale(rows, global)
            try noteIfEmpty(project, global)
        }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report ambiguous views, negative or squeezed sizes, overlapping siblings and "
            + "optional constraints that do not hold (exit 1 unless only optional ones lose).",
        discussion: """
            Solves in memory; never writes. A view is squeezed when it is solved
            smaller than its intrinsic size (its compression resistance lost);
            siblings overlap when their frames share an area (--allow-overlap
            when the layout draws views over each other on purpose).
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Check a variant instead of the base layout.", valueName: "name"))
    var variant: String?
    @Flag(help: "Do not report siblings whose frames overlap.") var allowOverlap = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        var found = false
        try guarded {
            let variant = variant == baseVariantName ? nil : variant
            let project = try global.open()
            try noteIfEmpty(project, global)
            let r = try project.check(layout: global.layout, variant: variant)
            found = r.hasProblems(allowingOverlap: allowOverlap)
            let overlaps = allowOverlap ? [] : r.overlaps
            if json {
                func size(_ p: Project.SizeProblem) -> [String: Any] {
                    [
                        "view": p.view, "dimension": p.dimension, "solved": p.solved,
                        "limit": p.limit,
                    ]
                }
                print(
                    jsonString(
                        [
                            "layout": r.layout, "variant": r.variant, "ambiguous": r.ambiguousViews,
                            "unsatisfied": r.unsatisfied.map(\.labelledSource),
                            "negative": r.negativeSizes.map(size), "squeezed": r.squeezed.map(size),
                            "overlaps": overlaps.map {
                                ["views": [$0.first, $0.second], "shared": rectJSON($0.shared)]
                            },
                        ] as [String: Any]))
                return
            }
            for v in r.ambiguousViews {
                print(
                    "ambiguous: \(v) — its constraints leave its frame free; add constraints or a frame"
                )
            }
            for p in r.negativeSizes {
                print(
                    "negative size: \(p.view) is solved \(formatNumber(p.solved)) \(p.dimension == "width" ? "wide" : "high")"
                        + " — its constraints need more room than the canvas or its neighbours leave"
                )
            }
            for p in r.squeezed {
                print(
                    "squeezed: \(p.view) is solved \(formatNumber(p.solved)) \(p.dimension == "width" ? "wide" : "high"),"
                        + " below its intrinsic \(p.dimension) \(formatNumber(p.limit))"
                        + " (compression resistance \(p.priority.map(\.description) ?? "") lost)")
            }
            for o in overlaps.prefix(50) {
                print(
                    "overlap: \(o.first) and \(o.second) share x \(formatNumber(o.shared.x))…"
                        + "\(formatNumber(o.shared.x + o.shared.width)), y \(formatNumber(o.shared.y))…"
                        + "\(formatNumber(o.shared.y + o.shared.height)) (--allow-overlap if intended)"
                )
            }
            if overlaps.count > 50 { print("... and \(overlaps.count - 50) more overlaps") }
            for c in r.unsatisfied {
                print(
                    "unsatisfied (priority \(c.priority)): " + c.labelledSource
                        + (c.origin.map { "  (\($0.file):\($0.line))" } ?? ""))
            }
            if !found && r.unsatisfied.isEmpty && !global.quiet {
                print("ok: \(r.layout)/\(r.variant) is fully determined")
            }
        }
        if found { throw ExitCode(ExitStatus.findings.rawValue) }
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the project back as a .layout script that apply rebuilds.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Export every layout, not only --layout.") var all = false
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write to a file instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        try guarded {
            let text = try global.open().export(layout: all ? nil : global.layout)
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8))
                else {
                    throw InputFileError(path: output)
                }
            } else {
                print(text, terminator: "")
            }
        }
    }
}
