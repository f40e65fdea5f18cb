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

    /// `layoutdb ARGS` run from `folder` (inside the sandbox) on the sandbox's project.
    func run(_ box: Sandbox, in folder: String, _ args: [String]) -> (Int32, String, String) {
        let p = Process()
        p.executableURL = productsDirectory.appending(path: "layoutdb")
        p.arguments = args + ["--db", box.db]
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
}
