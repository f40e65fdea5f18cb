import ArgumentParser
import Foundation
import LayoutStore

func printError(_ message: String) {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
}

func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
}

/// Columns padded to their widest cell, for people.
func table(_ header: [String], _ rows: [[String]]) -> String {
    var widths = header.map(\.count)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { i, c in
            i == cells.count - 1 ? c : c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
        }.joined(separator: "  ")
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n")
}

/// RFC 4180 quoting where needed.
func csvField(_ s: String) -> String {
    s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
        ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
}

/// Compact JSON with sorted keys for the CLI's `--json` output (strings, numbers, bools,
/// arrays, `[String: Any]` objects, `NSNull`), written in a single pass: an edit may
/// move tens of thousands of views, and Foundation's encoders cost many times more per
/// row.
func jsonString(_ value: Any) -> String {
    var out = ""
    writeJSON(value, to: &out)
    return out
}

private func writeJSON(_ value: Any, to out: inout String) {
    switch value {
    case let s as String: writeJSONString(s, to: &out)
    case let b as Bool: out += b ? "true" : "false"
    case let i as Int: out += String(i)
    case let i as Int64: out += String(i)
    case let d as Double: out += jsonNumber(d)
    case let a as [Any]:
        out += "["
        for (i, element) in a.enumerated() {
            if i > 0 { out += "," }
            writeJSON(element, to: &out)
        }
        out += "]"
    case let o as [String: Any]:
        out += "{"
        for (i, key) in o.keys.sorted().enumerated() {
            if i > 0 { out += "," }
            writeJSONString(key, to: &out)
            out += ":"
            writeJSON(o[key]!, to: &out)
        }
        out += "}"
    default: out += "null"
    }
}

/// Whole numbers without a fraction (`44`, not `44.0`), others in their shortest form.
private func jsonNumber(_ d: Double) -> String {
    guard d.isFinite else { return "null" }
    if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
    return String(d)
}

private func writeJSONString(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    out += "\""
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, csv, json
}

/// An edit's report: the frames that changed (stdout), ambiguity warnings (stderr).
func printReport(_ report: SolveReport, _ global: GlobalOptions, json: Bool = false) {
    if json {
        print(jsonString(report.changes.map { c -> [String: Any] in
            var o: [String: Any] = ["layout": c.layout, "variant": c.variant, "view": c.view, "new": rectJSON(c.new)]
            if let old = c.old { o["old"] = rectJSON(old) }
            return o
        }))
    } else if !global.quiet {
        let shown = report.changes.prefix(50)
        for c in shown { print(describe(c)) }
        if report.changes.count > shown.count {
            print("... and \(report.changes.count - shown.count) more views changed")
        }
    }
    if !report.ambiguous.isEmpty {
        let list = report.ambiguous.prefix(10).joined(separator: ", ")
        let more = report.ambiguous.count > 10 ? " and \(report.ambiguous.count - 10) more" : ""
        warn("ambiguous layout (constraints leave these views free): \(list)\(more)")
    }
}

func rectJSON(_ r: Rect) -> [String: Double] { ["x": r.x, "y": r.y, "width": r.width, "height": r.height] }

/// `main/base header: height 70 → 44, y 8 → 8` (only what changed).
func describe(_ c: FrameChange) -> String {
    let where_ = c.variant == baseVariantName ? c.layout : "\(c.layout)/\(c.variant)"
    guard let old = c.old else {
        return "\(where_) \(c.view): new \(formatRect(c.new))"
    }
    return "\(where_) \(c.view): " + describeFields(old, c.new)
}

/// `height 70 → 44, y 8 → 8`: the fields that differ, old → new.
func describeFields(_ old: Rect, _ new: Rect) -> String {
    let fields = [("x", old.x, new.x), ("y", old.y, new.y), ("width", old.width, new.width),
                  ("height", old.height, new.height)]
    let parts = fields.filter { abs($0.1 - $0.2) >= 1e-6 }.map { "\($0.0) \(formatNumber($0.1)) → \(formatNumber($0.2))" }
    return parts.joined(separator: ", ")
}

/// Writes a file the user named with -o; `-` is standard output.
func writeOutput(_ text: String, to path: String) throws {
    if path == "-" {
        print(text, terminator: "")
        return
    }
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
        throw OutputFileError(path: path)
    }
}

struct OutputFileError: LayoutDBError {
    var path: String
    var errorKind: ErrorKind { .io }
    var description: String { "cannot write \(path): check that its folder exists and is writable" }
}

func formatRect(_ r: Rect) -> String {
    "x \(formatNumber(r.x)), y \(formatNumber(r.y)), width \(formatNumber(r.width)), height \(formatNumber(r.height))"
}

/// Reads a script file, or standard input for "-".
func readInput(_ path: String) throws -> String {
    if path == "-" {
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw InputFileError(path: path)
    }
    guard let text = String(data: data, encoding: .utf8) else { throw InputFileError(path: path, notUTF8: true) }
    return text
}

struct InputFileError: LayoutDBError {
    var path: String
    var notUTF8 = false
    var errorKind: ErrorKind { notUTF8 ? .badInput : .cannotOpen }
    var description: String {
        notUTF8 ? "\(path): not UTF-8 text" : "cannot read \(path): no such file, or not readable"
    }
}
