import Foundation
import Testing

@testable import LayoutStore

/// A suite whose tests make project files: each test runs on its own instance, so in its
/// own temporary folder, removed when the test ends.
class ProjectFileSuite {
    private let scratch = TempFile()
    deinit { scratch.cleanup() }

    /// A fresh project file in this test's folder.
    func temporaryProjectPath() -> String {
        scratch.folder.appending(path: "\(UUID().uuidString).layoutdb").path
    }
}

@Suite("Project API")
final class ProjectAPITests: ProjectFileSuite {
    @Test("the README's Swift example runs and gives the frames it promises")
    func readmeExample() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(script: "canvas 375 812\nview header\nview title in header")
        let header = LayoutView("header")
        let title = LayoutView("title")
        let root = LayoutView.root
        try project.constrain {
            header.top == root.top
            header.left == root.left
            header.width == root.width
            header.height == 70 ~ "header.height"
            title.center == header.center
            title.size == (200, 24) ~ .high
        }
        try project.setConstant(label: "header.height", to: 44)
        let frames = try project.frames()
        #expect(frames.map(\.view) == ["header", "title"])
        #expect(frames[0].frame == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(frames[1].frame == Rect(x: 87.5, y: 10, width: 200, height: 24))
    }

    @Test("named constraints: read, change, remove, through the same API as the CLI")
    func namedConstraints() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(
            script:
                "canvas 100 100\nview a\na.left == 0; a.top == 0; a.height == 10\nw: a.width == 30")
        #expect(try project.constraint(named: "w")?.constraint.constant == 30)
        let report = try project.setConstant(label: "w", to: 50)
        #expect(report.changes.map(\.view) == ["a"])
        #expect(report.changes[0].old?.width == 30 && report.changes[0].new.width == 50)
        try project.setActive(label: "w", false)
        #expect(try project.check().ambiguousViews == ["a"])
        try project.removeConstraint(named: "w")
        #expect(try project.constraint(named: "w") == nil)
    }

    @Test("a report's frames are the ones `frames` shows: the solver's noise is not reported")
    func reportsShowTheFramesAsRead() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        // b.left solves to 0.1 + 0.2, 0.30000000000000004 as a double; `frames` shows 0.3.
        let applied = try project.apply(
            script: """
                canvas 100 100
                view a
                view b
                a.left == 0.1; a.top == 0; a.width == 10; a.height == 10
                gap: b.left == a.left + 0.2
                b.top == 0; b.width == 10; b.height == 10
                """)
        let stored = try project.store.database.cachedStatement(
            "SELECT f.x FROM frames f JOIN views v ON v.id = f.view_id WHERE v.name = 'b'"
        ).rows([]) { $0.double(0) }
        #expect(stored == [0.1 + 0.2] && stored != [0.3])
        func shown() throws -> [String: Rect] {
            Dictionary(uniqueKeysWithValues: try project.frames().map { ($0.view, $0.frame) })
        }
        #expect(applied.changes.map(\.new) == applied.changes.map { try? shown()[$0.view] })
        #expect(applied.changes.first { $0.view == "b" }?.new.x == 0.3)
        // A constant edit (solved from the kept image): 0.1 + 0.7 is 0.7999999999999999.
        let edited = try project.setConstant(label: "gap", to: 0.7)
        #expect(edited.changes.map(\.view) == ["b"])
        #expect(edited.changes.first?.old?.x == 0.3 && edited.changes.first?.new.x == 0.8)
        #expect(try shown()["b"]?.x == 0.8)
    }

    @Test("a first apply of many views leaves the components' indexes whole and as migrated")
    func componentIndexesAfterAManyViewApply() throws {
        // Two columns of 700 rows: 1,400 views enter at once, enough for the indexes to be
        // dropped and made again after the components are written.
        var script = "canvas 400 20000\n"
        for column in ["a", "b"] {
            for i in 0..<700 {
                let view = "\(column)\(i)"
                script += "view \(view)\n\(view).left == \(column == "a" ? 0 : 200); "
                script +=
                    "\(view).width == 100\n\(view == "b0" ? "b0h: " : "")\(view).height == 20\n"
                script +=
                    i == 0 ? "\(view).top == 0\n" : "\(view).top == \(column)\(i - 1).bottom + 5\n"
            }
        }
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(script: script)
        let db = project.store.database
        func indexes(_ project: Project) throws -> [String] {
            try project.store.database.makeStatement(
                """
                SELECT name || ': ' || sql FROM sqlite_schema
                WHERE type = 'index' AND tbl_name = 'views' ORDER BY name
                """
            ).rows { $0.string(0) }
        }
        let untouched = try Project.open(path: temporaryProjectPath(), create: true)
        #expect(try indexes(project) == indexes(untouched))
        // Made again, they come after the triggers in the schema: the road was taken.
        let order = try db.makeStatement(
            "SELECT name FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY rowid"
        ).rows { $0.string(0) }
        #expect(
            order.suffix(4) == [
                "views_comp_left", "views_comp_top", "views_comp_width", "views_comp_height",
            ])
        #expect(try db.makeStatement("PRAGMA integrity_check").rows { $0.string(0) } == ["ok"])
        // Each index holds what the table does.
        for column in ["comp_left", "comp_top", "comp_width", "comp_height"] {
            let main = "(SELECT id FROM layouts WHERE name = 'main')"
            let through = try db.int64(
                """
                SELECT count(*) FROM views INDEXED BY views_\(column)
                WHERE layout_id = \(main) AND \(column) IS NOT NULL
                """)
            let scanned = try db.int64(
                """
                SELECT count(*) FROM views NOT INDEXED
                WHERE layout_id = \(main) AND \(column) IS NOT NULL
                """)
            #expect(through == scanned && (scanned ?? 0) >= 1400, "\(column)")
        }
        // An edit of one column afterwards finds its component through them.
        let edited = try project.setConstant(label: "b0h", to: 30)
        #expect(edited.changes.count == 700 && edited.changes.allSatisfy { $0.view.hasPrefix("b") })
    }

    @Test("equation strings with metrics go through the same path as the DSL")
    func equationStrings() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(script: "canvas 200 200\nmetric pad 12\nview box")
        try project.add("box.center == |")
        try project.add("box.size == 50")
        try project.add("box.left >= pad", label: "box.min")
        #expect(try project.frames()[0].frame == Rect(x: 75, y: 75, width: 50, height: 50))
        #expect(try project.constraint(named: "box.min")?.constraint.constant == 12)
    }

    @Test("the bundled example is the examples/phone.layout file")
    func bundledExample() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../examples/phone.layout").standardized
        #expect(try String(contentsOf: file, encoding: .utf8) == BundledExamples.phone)
    }

    @Test("the bundled sign-in screen is the examples/signin.layout file")
    func bundledSignin() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../examples/signin.layout").standardized
        #expect(try String(contentsOf: file, encoding: .utf8) == BundledExamples.signin)
    }
}

@Suite("Solving a fresh apply from memory")
final class FreshApplyModelTests: ProjectFileSuite {
    @Test(
        "the model the applier keeps of a layout it creates equals the one the store reads back",
        arguments: [
            "phone", "springs",
        ])
    func sameModel(example: String) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../examples/\(example).layout").standardized
        let text = try String(contentsOf: file, encoding: .utf8)
        let statements = try ScriptParser.parse(text, file: file.path)
        let store = try ProjectStore.open(path: temporaryProjectPath(), create: true)
        let applied = try store.apply(statements)
        #expect(!applied.isEmpty)
        for a in applied {
            let memory = try #require(a.model)
            let disk = try store.loadLayout(a.name)
            #expect(memory.canvas == disk.canvas)
            #expect(memory.views.map(\.id) == disk.views.map(\.id))
            #expect(memory.views.map(\.declaration) == disk.views.map(\.declaration))
            #expect(memory.constraints.map(\.id) == disk.constraints.map(\.id))
            func solving(_ c: Constraint) -> [String] {
                [
                    c.label ?? "", "\(c.terms)", c.relation.rawValue, "\(c.constant)",
                    "\(c.priority)", "\(c.isActive)",
                ]
            }
            #expect(
                memory.constraints.map { solving($0.constraint) }
                    == disk.constraints.map { solving($0.constraint) })
            #expect(memory.variants.map(\.id) == disk.variants.map(\.id))
            #expect(memory.variants.map(\.name) == disk.variants.map(\.name))
            #expect(memory.variants.map(\.canvas) == disk.variants.map(\.canvas))
            #expect(memory.variants.map(\.overrides) == disk.variants.map(\.overrides))
        }
    }
}

extension FreshApplyModelTests {
    @Test(
        "a first apply solved from its model gives the base and every variant the frames a solve of the rows gives",
        arguments: ["phone", "springs"])
    func sameFrames(example: String) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../examples/\(example).layout").standardized
        let text = try String(contentsOf: file, encoding: .utf8)
        // The model is handed from variant to variant and freed as the last one solves.
        let memory = try Project.open(path: temporaryProjectPath(), create: true)
        try memory.apply(script: text, file: file.path)
        // The same rows, written without a solve, then solved as any edit is: read back.
        let rows = try Project.open(path: temporaryProjectPath(), create: true)
        try rows.store.apply(try ScriptParser.parse(text, file: file.path))
        _ = try rows.layoutIfNeeded()
        for layout in try memory.layoutNames() {
            let variants = try memory.variants(layout: layout).map(\.name)
            #expect(!variants.isEmpty)
            for variant in [nil] + variants.map(Optional.some) {
                let solved = try memory.frames(layout: layout, variant: variant)
                #expect(!solved.isEmpty)
                #expect(solved == (try rows.frames(layout: layout, variant: variant)))
            }
        }
    }
}

extension FreshApplyModelTests {
    @Test(
        "a base `set` of a constraint the same script wrote changes the model the first solve uses",
        arguments: [
            // The label's constraint first, in the middle and last of the layout's.
            "a.left == 0; a.top == 0\nw: a.width == 10\na.height == 10\nset w 30",
            "a.left == 0\nw: a.width == 10\na.top == 0; a.height == 10\nset w 30",
            "a.left == 0; a.top == 0; a.height == 10\nw: a.width == 10\nset w 30",
        ])
    func baseSetInTheSameScript(constraints: String) throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        let report = try project.apply(script: "canvas 100 100\nview a\n" + constraints)
        #expect(report.changes.map(\.new.width) == [30])
        #expect(try project.frames().map(\.frame.width) == [30])
        #expect(try project.namedConstraint("w")?.constant == 30)
    }
}

@Suite("Named constraints and text constraints (issue 5)")
final class NamedConstraintTests: ProjectFileSuite {
    @Test(
        "a named constraint is a value: change constant, priority, active; save persists all at once"
    )
    func namedValue() throws {
        let path = temporaryProjectPath()
        let project = try Project.open(path: path, create: true)
        try project.apply(
            script:
                "canvas 100 100\nview a\na.left == 0; a.top == 0; a.height == 10; a.width == 30 @ 300\nw: a.width == 20 @ 200"
        )
        var w = try #require(try project.namedConstraint("w"))
        #expect(w.constant == 20 && w.priority == Priority(200) && w.isActive)
        w.constant = 60
        w.priority = Priority(400)
        let report = try project.save(w)
        #expect(report.changes.map(\.new.width) == [60])
        let reopened = try Project.open(path: path)
        let again = try #require(try reopened.namedConstraint("w"))
        #expect(again.constant == 60 && again.priority == Priority(400))
        var off = again
        off.isActive = false
        try reopened.save(off)
        #expect(try reopened.frames()[0].frame.width == 30)
    }

    @Test("the same layout as Swift expressions and as strings gives the same frames")
    func dslAndStringsAgree() throws {
        let script = "canvas 320 480\nview view1\nview view2"
        let strings = try Project.open(path: temporaryProjectPath(), create: true)
        try strings.apply(script: script)
        try strings.constrain(
            "view1.center == |; view1.size == side; view2.top == view1.bottom + gap; view2.left == view1.left; view2.size == view1",
            metrics: ["side": 50, "gap": 10])
        let swift = try Project.open(path: temporaryProjectPath(), create: true)
        try swift.apply(script: script)
        let view1 = LayoutView("view1")
        let view2 = LayoutView("view2")
        let root = LayoutView.root
        try swift.constrain {
            view1.center == root.center
            view1.size == 50
            view2.top == view1.bottom + 10
            view2.left == view1.left
            view2.size == view1.size
        }
        #expect(try strings.frames() == swift.frames())
        #expect(try strings.frames()[1].frame == Rect(x: 135, y: 275, width: 50, height: 50))
    }

    @Test("text constraints refuse other statements, naming them")
    func textOnlyConstraints() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(script: "canvas 100 100\nview a")
        #expect(throws: ParseError.self) { try project.constrain("view b") }
        #expect(try project.layoutIfNeeded().isEmpty)
    }
}

/// A first apply reads its script and writes each statement before reading the next (no
/// array of statements): an error anywhere still refuses the whole script, and the first
/// error in reading order is the one reported.
@Suite("A first apply reads and writes a statement at a time")
final class StreamingApplyTests: ProjectFileSuite {
    @Test("a last line that does not parse leaves the project as it was")
    func lateParseError() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        try project.apply(script: "canvas 100 100\nview a\na.width == 10\n", file: "a.layout")
        let before = try project.store.database.int64("PRAGMA data_version")
        let version = try project.store.database.int64(
            "SELECT (SELECT count(*) FROM views) * 1000 + (SELECT count(*) FROM script_lines)")
        let error = #expect(throws: ParseError.self) {
            try project.apply(
                script: "view b\nb.left == a.right + 8\nlayout other\nview c\nc.width == == 3\n",
                file: "b.layout")
        }
        #expect(error?.location == SourceLocation(file: "b.layout", line: 5, column: 12))
        #expect(try project.store.layouts().map(\.name) == ["main"])
        #expect(try project.store.views().map(\.name) == ["root", "a"])
        #expect(try project.store.scriptLines(file: "b.layout").isEmpty)
        #expect(
            try project.store.database.int64(
                "SELECT (SELECT count(*) FROM views) * 1000 + (SELECT count(*) FROM script_lines)")
                == version)
        #expect(try project.store.database.int64("PRAGMA data_version") == before)
    }

    @Test("the first error in reading order is reported, a store error before a parse error")
    func firstErrorInReadingOrder() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        let error = #expect(throws: ParseError.self) {
            try project.apply(script: "view a\nview a\nview b\nb.left == == 3\n", file: "c.layout")
        }
        #expect(error?.location.line == 2, "the duplicate view on line 2, not line 4's syntax")
        #expect(error?.description.contains("already declared") == true)
        #expect(try project.store.views().map(\.name).contains("a") == false)
    }

    @Test("a view declared twice names where it was first declared: file, line and column")
    func duplicateViewNamesTheFirst() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        let error = #expect(throws: ParseError.self) {
            try project.apply(
                script: "view a\nview b in a\n  view c in b\nview c in a\n", file: "d.layout")
        }
        #expect(error?.location == SourceLocation(file: "d.layout", line: 4, column: 1))
        #expect(
            error?.description.contains(
                "view `c` is already declared in layout `main` at d.layout:3:3")
                == true, "\(error.map(String.init(describing:)) ?? "")")
    }

    @Test("the lines of every layout a script switches to are kept with that layout")
    func linesFollowLayouts() throws {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        // A line without a statement goes with the next statement's layout.
        let text = "# head\nview a\n\nlayout other\n# about x\nview x\nlayout main\nview b\n"
        try project.apply(script: text, file: "d.layout")
        let layouts = Dictionary(
            uniqueKeysWithValues: try project.store.layouts().map { ($0.id, $0.name) })
        let owners = try project.store.scriptLines(file: "d.layout").map {
            "\($0.line):\(layouts[$0.layoutID] ?? "?")"
        }
        #expect(
            owners == [
                "1:main", "2:main", "3:other", "4:other", "5:other", "6:other", "7:main", "8:main",
            ])
        #expect(try project.store.scriptText(file: "d.layout") == text)
    }
}

@Suite("Constant edits read what they compare")
final class ConstantEditReadTests: ProjectFileSuite {
    static let first = """
        canvas 200 400
        view a1
        view a2
        a1.left == 0; a1.top == 0; a1.width == 200; h1: a1.height == 40
        a2.left == 0; a2.top == a1.bottom + 8; a2.width == 200; a2.height == 30
        """
    static let other = """
        canvas 100 100
        view b1
        view b2
        b1.left == 0; b1.top == 0; b1.width == 50; b1.height == 50
        b2.left == b1.right; b2.top == 0; b2.width == 50; b2.height == 50
        """
    static let more = """
        view a3
        a3.left == 0; a3.top == a2.bottom + 8; a3.width == 100; a3.height == 20
        """

    /// Layout `a` from two files with layout `b` applied between them, so that `a`'s view
    /// ids have `b`'s among them; `h1` written as `height` in the first file.
    func project(h1 height: Int = 40) throws -> Project {
        let project = try Project.open(path: temporaryProjectPath(), create: true)
        let first = Self.first.replacing("h1: a1.height == 40", with: "h1: a1.height == \(height)")
        try project.apply(script: first, file: "a.layout", layout: "a")
        try project.apply(script: Self.other, file: "b.layout", layout: "b")
        try project.apply(script: Self.more, file: "a-more.layout", layout: "a")
        return project
    }

    @Test("an edit of a layout whose views are among another's gives a fresh solve's frames")
    func interleavedViews() throws {
        let edited = try project()
        let report = try edited.setConstant(label: "h1", to: 60, layout: "a")
        #expect(report.changes.map(\.view) == ["a1", "a2", "a3"])
        let fresh = try project(h1: 60)
        #expect(try edited.frames(layout: "a") == fresh.frames(layout: "a"))
        #expect(try edited.frames(layout: "b") == fresh.frames(layout: "b"))
        #expect(
            try edited.frames(layout: "a").last?.frame == Rect(x: 0, y: 106, width: 100, height: 20)
        )
    }

    @Test("the same edit in a project with variants, whose frame rows share the key range")
    func withVariants() throws {
        let edited = try project()
        try edited.createVariant("tall", canvas: Size(width: 200, height: 800), layout: "a")
        try edited.createVariant("square", canvas: Size(width: 100, height: 100), layout: "b")
        let report = try edited.setConstant(label: "h1", to: 60, layout: "a")
        #expect(report.changes.contains { $0.view == "a3" && $0.variant == "base" })
        let fresh = try project(h1: 60)
        #expect(try edited.frames(layout: "a") == fresh.frames(layout: "a"))
        #expect(try edited.frames(layout: "b") == fresh.frames(layout: "b"))
    }
}
