import Foundation
import Testing

@testable import LayoutStore

/// The library side of issue 15's input items: the one naming rule, view references the
/// parser checks at their names, the layout a script starts in.
@Suite("Input rules")
struct InputRulesTests {
    @Test(
        "identifiers are [A-Za-z_][A-Za-z0-9_-]*, labels are identifiers joined by dots, not H or V"
    )
    func namingRule() {
        for name in ["a", "_", "header", "tab-bar", "v2", "a-", "_x_1", "view", "H", "V"] {
            #expect(Identifier.isValid(name), "\(name)")
        }
        for name in [
            "", "2a", "-a", "a b", "a.b", "iphone.se", "375x812", "é", "a\nb", "a;b", "a#",
        ] {
            #expect(!Identifier.isValid(name), "\(name)")
        }
        for label in ["header.height", "a", "a.b-c._d", "form.gap.1", "gap.1.2", "a.12"] {
            #expect(Identifier.isValidLabel(label), "\(label)")
        }
        for label in [
            "H", "V", "a..b", ".a", "a.", "1.a", "a.1e3", "a.-1", "a.1.b", "a b", "a:b", "",
        ] {
            #expect(!Identifier.isValidLabel(label), "\(label)")
        }
    }

    @Test("the label check agrees with the rule as stated, on every string of up to five pieces")
    func labelCheckAgreesWithTheRule() {
        // The rule as stated: the parts between dots are names (one at least), then
        // numbers; not H or V.
        func byTheRule(_ label: String) -> Bool {
            guard label != "H", label != "V" else { return false }
            let parts = label.split(separator: ".", omittingEmptySubsequences: false)
            let names = parts.prefix { Identifier.isValid(String($0)) }
            return !names.isEmpty
                && parts.dropFirst(names.count).allSatisfy { part in
                    !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
                }
        }
        let pieces = ["a", "H", "V", "_", "-", "1", ".", " ", "é"]
        var labels = [""]
        for _ in 1...5 {
            labels = labels.flatMap { label in pieces.map { label + $0 } }
            for label in labels where Identifier.isValidLabel(label) != byTheRule(label) {
                Issue.record("\(label.debugDescription): \(Identifier.isValidLabel(label))")
            }
        }
    }

    @Test("what the rule accepts is what the script parser reads back as that one name")
    func ruleAgreesWithTheParser() throws {
        for name in ["a", "tab-bar", "_x_1", "a-", "view", "in"] {
            let parsed = try ScriptParser.parse("variant \(name)")
            #expect(parsed.map(\.statement) == [.variant(name: name, canvas: nil)])
        }
        for label in ["header.height", "a.b-c._d", "set", "in", "gap.2", "gap.1.2", "a.12"] {
            let parsed = try ScriptParser.parse("\(label): a.width == 1\nset \(label) 2 in v")
            guard case .constraint(let c)? = parsed.first?.statement else {
                Issue.record("\(label): \(parsed)")
                continue
            }
            #expect(c.label == label)
            #expect(parsed.last?.statement == .set(label: label, constant: 2, variant: "v"))
        }
        // A label is written without spaces: `set gap .5` is not `set gap.5`.
        #expect(throws: ParseError.self) { try ScriptParser.parse("set gap .5 1") }
    }

    @Test("every way into a project refuses a name outside the rule, and writes nothing")
    func projectRefusesBadNames() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let project = try Project.open(path: file.path, create: true)
        try project.apply(script: "view a\na.width == 10")
        #expect(throws: InvalidNameError(kind: .variant, name: "iphone.se")) {
            try project.createVariant("iphone.se", canvas: nil)
        }
        #expect(throws: InvalidNameError(kind: .label, name: "H")) {
            try project.add("a.height == 5", label: "H")
        }
        #expect(throws: InvalidNameError(kind: .layout, name: "2nd")) {
            try project.apply(script: "view b", layout: "2nd")
        }
        #expect(throws: InvalidNameError(kind: .metric, name: "m m")) {
            try project.store.setMetric("m m", value: 1)
        }
        #expect(try project.store.variants(layout: "main").isEmpty)
        #expect(try project.layoutNames() == ["main"])
        #expect(try project.constraint(named: "H") == nil)
    }

    @Test("export refuses a stored name a script cannot spell")
    func exportRefusesUnspellableNames() throws {
        for (sql, kind, name) in [
            ("UPDATE variants SET name = ?", NameKind.variant, "x\nset w 1 #"),
            ("UPDATE views SET name = ? WHERE name = 'a'", .view, "a b"),
            ("UPDATE constraints SET label = ? WHERE label = 'w'", .label, "w # x"),
            // An UPDATE of a metric is refused (migration 0018); a new row is not.
            ("INSERT INTO metrics (layout_id, name, value) VALUES (1, ?, 2)", .metric, "1m"),
        ] {
            let file = TempFile()
            defer { file.cleanup() }
            let project = try Project.open(path: file.path, create: true)
            try project.apply(script: "metric m 1\nview a\nw: a.width == 10\nvariant small")
            try project.store.database.execute(sql, [name])
            #expect(throws: InvalidNameError(kind: kind, name: name, inExport: true)) {
                try project.export()
            }
        }
    }

    @Test("with the project's views given, the parser refuses an unknown view at its name")
    func viewReferencesAreChecked() throws {
        let views = ["main": ["root": "", "a": "root"]]
        func error(_ text: String) -> ParseError? {
            do {
                _ = try ScriptParser.parse(text, file: "t.layout", views: views)
                return nil
            } catch { return error }
        }
        #expect(error("[b]")?.location == SourceLocation(file: "t.layout", line: 1, column: 2))
        #expect(error("view b\n[b]") == nil)
        #expect(error("a.left == b.right")?.message.hasPrefix("unknown view 'b'") == true)
        #expect(error("[a(==w)]")?.message.hasPrefix("'w' is neither a view nor a metric") == true)
        #expect(error("metric w 4\n[a(==w)]") == nil)
        #expect(error("view c in b")?.message.hasPrefix("unknown parent view 'b'") == true)
        // Views of another layout are not this one's.
        #expect(error("layout other\n[a]")?.location.line == 2)
        // Without `views` the syntax alone is read, as tests and tools parse scripts.
        #expect(throws: Never.self) { try ScriptParser.parse("[b]; c.left == d.right") }
    }

    @Test("Project.constrain reports an unknown view at its name, as apply and add do")
    func constrainChecksViews() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let project = try Project.open(path: file.path, create: true)
        try project.apply(script: "view a")
        let error = #expect(throws: ParseError.self) {
            try project.constrain("a.width == 10; a.left == nope.right")
        }
        #expect(error?.location == SourceLocation(file: "<constrain>", line: 1, column: 26))
        #expect(error?.message.hasPrefix("unknown view 'nope'") == true)
        try project.constrain("a.width == 10; a.left == |.left")
    }

    @Test("the starting layout takes statements until a layout statement")
    func startingLayout() throws {
        let parsed = try ScriptParser.parse(
            "view a\na.width == 1\nlayout main\na.width == 2", layout: "second",
            views: ["main": ["a": "root"]])
        #expect(parsed.count == 4)
        #expect(throws: ParseError.self) {
            try ScriptParser.parse("a.width == 1", layout: "second", views: ["main": ["a": "root"]])
        }
    }
}
