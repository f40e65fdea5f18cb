import Foundation
import Testing

/// A re-apply finds the lines of the file it applies however the path is spelled: the
/// project keys a file's lines by the name the first apply gave it, and the same file
/// named another way (`./`, `..`, absolute, from another folder) is that file.
@Suite("a script file is the same file whatever its path's spelling")
struct ScriptFileNameTests {
    static let script = """
        canvas 100 100
        view a
        a.left == 10; a.top == 10; a.width == 20; a.height == 20

        """

    /// Writes `text` to `name` in the sandbox, making its folder; returns the path.
    @discardableResult
    func put(_ box: Sandbox, _ name: String, _ text: String) -> String {
        let folder = box.directory.appending(path: name).deletingLastPathComponent()
        #expect(
            (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
                != nil)
        return box.write(name, text)
    }

    /// `layoutdb ARGS` run from `folder` (inside the sandbox) on the sandbox's project,
    /// unless ARGS name one.
    func run(_ box: Sandbox, in folder: String, _ args: [String]) -> (Int32, String, String) {
        let p = Process()
        p.executableURL = productsDirectory.appending(path: "layoutdb")
        p.arguments = args + (args.contains("--db") ? [] : ["--db", box.db])
        p.currentDirectoryURL = box.directory.appending(path: folder)
        let (out, err) = (Pipe(), Pipe())
        (p.standardOutput, p.standardError) = (out, err)
        #expect((try? p.run()) != nil)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, stdout, stderr)
    }

    @Test(
        "the same file named another way re-applies as no change, then as an edit",
        arguments: [
            "./screens/home.layout", "screens/../screens/home.layout", "ABSOLUTE",
        ])
    func sameFileOtherSpelling(spelling: String) {
        let box = Sandbox()
        let path = put(box, "screens/home.layout", Self.script)
        #expect(box.run(["apply", "screens/home.layout", "-q"]).status == 0)
        let name = spelling == "ABSOLUTE" ? path : spelling
        let again = box.run(["apply", name])
        #expect(again.status == 0, "\(again.stderr)")
        // Named as the project holds it.
        #expect(again.stdout == "screens/home.layout: no changes\n", "\(again.stdout)")
        put(
            box, "screens/home.layout",
            Self.script.replacingOccurrences(of: "== 20;", with: "== 30;"))
        let edit = box.run(["apply", name, "-q"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(box.sql("select width from solved_frames where view = 'a'") == "30.0")
        #expect(box.sql("select count(distinct file) from script_lines") == "1")
    }

    @Test("from another folder, a relative name the first apply gave is found from the project's")
    func fromAnotherFolder() {
        let box = Sandbox()
        put(box, "screens/home.layout", Self.script)
        put(box, "tools/.keep", "")
        #expect(box.run(["apply", "screens/home.layout", "-q"]).status == 0)
        let (status, stdout, stderr) = run(box, in: "tools", ["apply", "../screens/home.layout"])
        #expect(status == 0, "\(stderr)")
        #expect(stdout == "screens/home.layout: no changes\n", "\(stdout)")
    }

    @Test("another file with the same text is another file")
    func otherFileIsOther() {
        let box = Sandbox()
        put(box, "screens/home.layout", Self.script)
        put(box, "copy/home.layout", Self.script)
        #expect(box.run(["apply", "screens/home.layout", "-q"]).status == 0)
        let r = box.run(["apply", "copy/home.layout"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("already declared"), "\(r.stderr)")
    }

    /// A second script for `b`'s folder: it makes another view, so taking it for the
    /// first file would remove `a`.
    static let other = """
        view b
        b.left == 40; b.top == 40; b.width == 10; b.height == 10

        """

    @Test(
        "two files typed the same way from two folders are two files: the second adds, removes nothing"
    )
    func sameNameOtherFolder() {
        let box = Sandbox()
        put(box, "a/home.layout", Self.script)
        put(box, "b/home.layout", Self.other)
        let first = run(box, in: "a", ["apply", "home.layout", "-q"])
        #expect(first.0 == 0, "\(first.2)")
        let second = run(box, in: "b", ["apply", "home.layout"])
        #expect(second.0 == 0, "\(second.2)")
        // A first apply: no plan of removals, and both files' views are there.
        #expect(!second.1.contains("remove"), "\(second.1)")
        #expect(box.sql("select group_concat(name, ' ') from views where name != 'root'") == "a b")
        // Held under its absolute path, as `home.layout` names the first file.
        let absolute = box.directory.appending(path: "b/home.layout").path
        #expect(
            box.sql(
                "select group_concat(file, ' ') from (select distinct file from script_lines order by file)"
            )
                == "\(absolute) home.layout")
        // Each re-applies as itself, from its folder or from another.
        #expect(run(box, in: "a", ["apply", "home.layout"]).1 == "home.layout: no changes\n")
        #expect(run(box, in: "b", ["apply", "home.layout"]).1 == "\(absolute): no changes\n")
        #expect(run(box, in: "a", ["apply", "../b/home.layout"]).1 == "\(absolute): no changes\n")
        put(box, "b/home.layout", Self.other.replacingOccurrences(of: "== 10;", with: "== 12;"))
        let edit = run(box, in: "b", ["apply", "home.layout", "-q"])
        #expect(edit.0 == 0, "\(edit.2)")
        #expect(box.sql("select width from solved_frames where view = 'b'") == "12.0")
        #expect(box.sql("select width from solved_frames where view = 'a'") == "20.0")
    }

    @Test("a clone of the folder holding the project and its scripts re-applies as no change")
    func cloneFindsItsScripts() throws {
        let box = Sandbox()
        put(box, "repo/screens/home.layout", Self.script)
        put(box, "repo/tools/.keep", "")
        let db = box.directory.appending(path: "repo/app.layoutdb").path
        let first = run(
            box, in: "repo/tools", ["apply", "../screens/home.layout", "-q", "--db", db])
        #expect(first.0 == 0, "\(first.2)")
        // The project and its scripts move together, as a clone elsewhere would have them.
        try FileManager.default.moveItem(
            at: box.directory.appending(path: "repo"), to: box.directory.appending(path: "clone"))
        let moved = box.directory.appending(path: "clone/app.layoutdb").path
        let again = run(box, in: "clone/screens", ["apply", "home.layout", "--db", moved])
        #expect(again.0 == 0, "\(again.2)")
        #expect(again.1 == "../screens/home.layout: no changes\n", "\(again.1)")
    }

    @Test(
        "a project made before places were kept finds its files by name, and keeps the place at its next write"
    )
    func heldBeforePlaces() {
        let box = Sandbox()
        put(box, "screens/home.layout", Self.script)
        #expect(box.run(["apply", "screens/home.layout", "-q"]).status == 0)
        #expect(
            box.sql("select file || ' ' || path from script_files")
                == "screens/home.layout screens/home.layout")
        // As an older layoutdb left it: lines, no place.
        _ = box.sql("delete from script_files")
        #expect(
            box.run(["apply", "./screens/home.layout"]).stdout
                == "screens/home.layout: no changes\n")
        #expect(box.sql("select count(*) from script_files") == "0")
        put(
            box, "screens/home.layout",
            Self.script.replacingOccurrences(of: "== 20;", with: "== 30;"))
        #expect(box.run(["apply", "screens/home.layout", "-q"]).status == 0)
        #expect(
            box.sql("select file || ' ' || path from script_files")
                == "screens/home.layout screens/home.layout")
    }

    @Test("rename-script moves the file's place with its name")
    func renameMovesPlace() throws {
        let box = Sandbox()
        put(box, "home.layout", Self.script)
        #expect(box.run(["apply", "home.layout", "-q"]).status == 0)
        put(box, "screens/.keep", "")
        try FileManager.default.moveItem(
            at: box.directory.appending(path: "home.layout"),
            to: box.directory.appending(path: "screens/main.layout"))
        #expect(box.run(["rename-script", "home.layout", "screens/main.layout"]).status == 0)
        #expect(
            box.sql("select file || ' ' || path from script_files")
                == "screens/main.layout screens/main.layout")
        let (status, stdout, _) = run(box, in: "screens", ["apply", "main.layout"])
        #expect(status == 0)
        #expect(stdout == "screens/main.layout: no changes\n", "\(stdout)")
    }
}
