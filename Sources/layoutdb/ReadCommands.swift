import ArgumentParser
import Foundation
import LayoutStore

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the constraints of a layout, with labels and source (generated ones marked).")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let all = try global.open().constraints(layout: global.layout, includeGenerated: true)
        if json {
            print(jsonString(all.map { c -> [String: Any] in
                var o: [String: Any] = [
                    "text": ScriptWriter.text(of: c), "relation": c.relation.rawValue, "constant": c.constant,
                    "priority": c.priority.rawValue, "active": c.isActive, "kind": c.kind.rawValue,
                    "source": c.source,
                ]
                if let label = c.label { o["label"] = label }
                if let origin = c.origin { o["origin"] = "\(origin.file):\(origin.line)" }
                return o
            }))
            return
        }
        let rows = all.map { c -> [String] in
            var notes: [String] = []
            if c.kind != .user { notes.append("generated: \(c.kind.rawValue)") }
            if !c.isActive { notes.append("inactive") }
            if let o = c.origin { notes.append("\(o.file):\(o.line)") }
            return [c.label ?? "-", ScriptWriter.text(of: LabelFree(c).value), notes.joined(separator: ", ")]
        }
        print(table(["label", "constraint", "notes"], rows))
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
    static let configuration = CommandConfiguration(abstract: "List the views of a layout as a tree.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let views = try global.open().views(layout: global.layout)
        if json {
            print(jsonString(views.map { v -> [String: Any] in
                var o: [String: Any] = ["name": v.name, "parent": v.parent]
                if let f = v.frame { o["frame"] = rectJSON(f) }
                if !v.autoresize.isEmpty { o["autoresize"] = v.autoresize.names }
                return o
            }))
            return
        }
        var depth: [String: Int] = [rootViewName: 0]
        for v in views {
            let d = (depth[v.parent] ?? 0) + 1
            depth[v.name] = d
            let text = ScriptWriter.text(of: v)
            print(String(repeating: "  ", count: d - 1) + text)
        }
    }
}

struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-solve whatever edits (or plain SQL updates) left dirty.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let report = try global.open().solve()
        if !global.quiet {
            if report.parts.isEmpty { print("nothing to solve") }
            for p in report.parts {
                let what = p.components.map { "\($0) dirty component\($0 == 1 ? "" : "s")" } ?? "whole layout"
                let changed = report.changes.filter { $0.layout == p.layout && $0.variant == p.variant }.count
                print("\(p.layout)/\(p.variant): \(what), \(p.views) view\(p.views == 1 ? "" : "s") solved, \(changed) changed")
            }
        }
        printReport(SolveReport.onlyWarnings(report), global)
    }
}

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print solved frames (root coordinates); re-solves dirty parts first.",
        discussion: "csv columns: view,x,y,width,height. The same data is in SQL: the solved_frames view.")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("A variant instead of the base layout.", valueName: "name")) var variant: String?
    @Option(help: "table, csv or json.") var format: OutputFormat = .table

    func run() throws {
        let rows = try global.open().frames(layout: global.layout, variant: variant)
        switch format {
        case .csv:
            print("view,x,y,width,height")
            for r in rows {
                print([csvField(r.view), formatNumber(r.frame.x), formatNumber(r.frame.y),
                       formatNumber(r.frame.width), formatNumber(r.frame.height)].joined(separator: ","))
            }
        case .json:
            print(jsonString(rows.map { r -> [String: Any] in
                ["view": r.view, "parent": r.parent, "x": r.frame.x, "y": r.frame.y,
                 "width": r.frame.width, "height": r.frame.height, "ambiguous": r.ambiguous]
            }))
        case .table:
            print(table(["view", "x", "y", "width", "height", ""], rows.map { r in
                [r.view, formatNumber(r.frame.x), formatNumber(r.frame.y), formatNumber(r.frame.width),
                 formatNumber(r.frame.height), r.ambiguous ? "ambiguous" : ""]
            }))
        }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report ambiguous views and optional constraints that do not hold (exit 1 if ambiguous).")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Check a variant instead of the base layout.", valueName: "name")) var variant: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let r = try global.open().check(layout: global.layout, variant: variant)
        if json {
            print(jsonString([
                "layout": r.layout, "variant": r.variant, "ambiguous": r.ambiguousViews,
                "unsatisfied": r.unsatisfied.map { ($0.label.map { "\($0): " } ?? "") + $0.source },
            ] as [String: Any]))
        } else {
            for v in r.ambiguousViews {
                print("ambiguous: \(v) — its constraints leave its frame free; add constraints or a frame")
            }
            for c in r.unsatisfied {
                print("unsatisfied (priority \(c.priority)): " + (c.label.map { "\($0): " } ?? "") + c.source
                      + (c.origin.map { "  (\($0.file):\($0.line))" } ?? ""))
            }
            if r.isClean && !global.quiet { print("ok: \(r.layout)/\(r.variant) is fully determined") }
        }
        if !r.ambiguousViews.isEmpty { throw ExitCode(ExitStatus.findings.rawValue) }
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the project back as a .layout script that apply rebuilds.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Export every layout, not only --layout.") var all = false
    @Option(name: .shortAndLong, help: ArgumentHelp("Write to a file instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let text = try global.open().export(layout: all ? nil : global.layout)
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                throw InputFileError(path: output)
            }
        } else {
            print(text, terminator: "")
        }
    }
}
