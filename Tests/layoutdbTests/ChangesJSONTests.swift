import Foundation
import Testing

@testable import LayoutStore
@testable import layoutdb

/// `set-constant --json` and the other edits write their changes with `changesJSON`,
/// directly: it must be the text `jsonString` makes of the same changes as objects.
@Suite struct ChangesJSONTests {
    static func asObjects(_ changes: [FrameChange]) -> String {
        jsonString(
            changes.map { c -> [String: Any] in
                var o: [String: Any] = [
                    "layout": c.layout, "variant": c.variant, "view": c.view,
                    "new": rectJSON(c.new),
                ]
                if let old = c.old { o["old"] = rectJSON(old) }
                return o
            })
    }

    @Test func sameTextAsTheObjects() {
        let changes = [
            FrameChange(
                layout: "main", variant: "base", view: "header", old: nil,
                new: Rect(x: 0, y: 0, width: 375, height: 44)),
            FrameChange(
                layout: "main", variant: "compact", view: "a \"quoted\"\tname\u{1}é",
                old: Rect(x: -0.5, y: 1e-7, width: 66.6666666667, height: 1e300),
                new: Rect(x: 1.25, y: -3, width: 0.1, height: 2)),
            FrameChange(
                layout: "other", variant: "base", view: "v",
                old: Rect(x: 1, y: 2, width: 3, height: 4),
                new: Rect(x: .infinity, y: .nan, width: 5, height: 6)),
            FrameChange(
                layout: "main", variant: "base", view: "edge",
                old: Rect(x: -0.0, y: 999_999_999_999_999, width: 1e15, height: -1e15),
                new: Rect(x: -120, y: 10, width: 100, height: -7.5)),
        ]
        for count in 0...changes.count {
            let part = Array(changes.prefix(count))
            #expect(changesJSON(part) == Self.asObjects(part), "\(count) changes")
        }
    }
}

/// `frames --format json` writes its rows with `framesJSON`, directly: it must be the text
/// `jsonString` makes of the same rows as objects.
@Suite struct FramesJSONTests {
    static func asObjects(_ rows: [FrameRow]) -> String {
        jsonString(
            rows.map { r -> [String: Any] in
                [
                    "view": r.view, "parent": r.parent, "x": r.frame.x, "y": r.frame.y,
                    "width": r.frame.width, "height": r.frame.height,
                    "ambiguous": r.ambiguous, "stale": r.stale, "kind": r.kind.rawValue,
                ]
            })
    }

    @Test func sameTextAsTheObjects() {
        var odd = FrameRow(
            view: "a \"quoted\"\tname\u{1}é", parent: "root",
            frame: Rect(x: -0.5, y: 1e-7, width: 66.6666666667, height: 1e300), ambiguous: true)
        odd.stale = true
        odd.kind = .guide
        let rows = [
            FrameRow(
                view: "header", parent: "", frame: Rect(x: 0, y: 0, width: 375, height: 44),
                ambiguous: false),
            odd,
            FrameRow(
                view: "edge", parent: "header",
                frame: Rect(x: -0.0, y: 999_999_999_999_999, width: .infinity, height: .nan),
                ambiguous: false),
        ]
        for count in 0...rows.count {
            let part = Array(rows.prefix(count))
            #expect(framesJSON(part) == Self.asObjects(part), "\(count) rows")
        }
    }
}

/// Every JSON writer writes a number as `exactNumber` does (`null` where JSON has none), and
/// a name with its escapes: the writers above are checked against `jsonString`, and this
/// checks `jsonString` against the rules.
@Suite struct JSONNumberTests {
    @Test func numbersAsExactNumberWritesThem() {
        let numbers: [Double] = [
            44, -0.0, 0, 0.1, -2.5, 1e-7, 66.6666666667, 1e15, 999_999_999_999_999, -1e15,
            1e300, 123_456_789.125,
        ]
        for d in numbers {
            #expect(jsonString(d) == exactNumber(d), "\(d)")
            #expect(jsonString([d]) == "[\(exactNumber(d))]", "\(d)")
        }
        #expect(jsonString([Double.infinity, -Double.infinity, Double.nan]) == "[null,null,null]")
        #expect(jsonString(Int64.min) == "-9223372036854775808")
        let integers: [Int64] = [0, -1, 7, 10, 99, 100, 1_000_000_007, .max]
        #expect(jsonString(integers) == "[\(integers.map(String.init).joined(separator: ","))]")
    }

    @Test("short decimals, which JSON writes digit by digit, are exactNumber's text too")
    func shortDecimalsAsExactNumberWritesThem() {
        var numbers: [Double] = [
            0.5, -0.05, 0.0001, 0.00012, 1e-4, 9.99e-5, 1.0005, 43.84, -43.84, 100.1,
            999_999_999.9999, 1e9 - 0.5, 1e9 + 0.5,
        ]
        // One to five places (five is past the digit-by-digit road), across its range.
        for places in 1...5 {
            let scale = [1.0, 10, 100, 1000, 10000, 100_000][places]
            for _ in 0..<2000 {
                numbers.append(
                    Double(Int64.random(in: -100_000_000_000...100_000_000_000)) / scale)
            }
        }
        for d in numbers {
            #expect(jsonString([d]) == "[\(exactNumber(d))]", "\(d)")
        }
        #expect(
            jsonString(["b": 1, "a": [true, false]] as [String: Any])
                == #"{"a":[true,false],"b":1}"#)
        #expect(jsonString("a \"q\"\t\u{1}é\\") == #""a \"q\"\t\u0001é\\""#)
    }
}

/// `list --json` writes its constraints with `listJSON`, directly: it must be the text
/// `jsonString` makes of the same constraints as objects.
@Suite struct ListJSONTests {
    static func asObjects(_ listed: [Project.ListedConstraint]) -> String {
        jsonString(
            listed.map { item -> [String: Any] in
                let c = item.constraint
                var o: [String: Any] = [
                    "text": ScriptWriter.text(of: c), "relation": c.relation.rawValue,
                    "constant": c.constant, "priority": c.priority.rawValue,
                    "active": c.isActive, "kind": c.kind.rawValue, "source": c.source,
                ]
                if let label = c.label { o["label"] = label }
                if let id = item.id { o["id"] = id }
                if let origin = c.origin { o["origin"] = "\(origin.file):\(origin.line)" }
                return o
            })
    }

    @Test func sameTextAsTheObjects() throws {
        let equation = try ScriptParser.parseConstraints(
            "a.left == b.right * 0.5 + 8.25", file: "x.layout")
        let vfl = try ScriptParser.parseConstraints("H:|-8-[a]-(>=12@750)-[b]-|")
        let constraints = equation + vfl
        var listed = constraints.enumerated().map { i, c in
            Project.ListedConstraint(id: i == 1 ? nil : Int64(i + 1), constraint: c)
        }
        listed[0].constraint.label = "a \"quoted\" label"
        listed[2].constraint.isActive = false
        listed[2].constraint.origin = SourceLocation(file: "x.layout", line: 3, column: 1)
        for count in 0...listed.count {
            let part = Array(listed.prefix(count))
            #expect(listJSON(part) == Self.asObjects(part), "\(count) constraints")
        }
    }
}
