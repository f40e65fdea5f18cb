import Foundation
import Testing

/// A project is one file once no command runs: what a person copies or commits to git
/// holds every edit, and reading a lone copy leaves nothing beside it.
@Suite("one file: every edit in the .layoutdb file when the command exits")
struct SingleFileTests {
    static let script = """
        canvas 320 480
        view header
        header.top == 0
        header.left == 0
        header.width == 320
        hh: header.height == 60

        """

    /// The project's `.layoutdb` file alone, copied into a folder of its own.
    func loneCopy(_ box: Sandbox) -> String {
        let folder = box.directory.appending(path: "copy")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appending(path: "app.layoutdb").path
        try? FileManager.default.removeItem(atPath: copy)
        try? FileManager.default.copyItem(atPath: box.db, toPath: copy)
        return copy
    }

    @Test("a copy of the .layoutdb file alone holds the last edit")
    func copyHoldsTheEdit() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("s.layout", Self.script), "-q"]).status == 0)
        for (args, expected) in [
            (["set-constant", "hh", "70"], "header,0,0,320,70,0"),
            (["set-priority", "hh", "500"], "header,0,0,320,70,0"),
            (["add", "header.height <= 50", "--label", "cap"], "header,0,0,320,50,0"),
            (["deactivate", "cap"], "header,0,0,320,70,0"),
        ] {
            #expect(box.run(args + ["-q"]).status == 0, "\(args)")
            let copy = loneCopy(box)
            let frames = box.run(["frames", "--format", "csv", "--read-only", "--db", copy])
            #expect(frames.stdout.contains(expected), "\(args): \(frames.stdout)")
        }
    }

    @Test("export of a lone copy (git's textconv) leaves no -wal or -shm beside it")
    func exportLeavesNothing() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("s.layout", Self.script), "-q"]).status == 0)
        #expect(box.run(["set-constant", "hh", "70", "-q"]).status == 0)
        let copy = loneCopy(box)
        let export = box.run(["export", "--all", "--db", copy])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("hh: header.height == 70"), "\(export.stdout)")
        let folder = URL(fileURLWithPath: copy).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["app.layoutdb"])
    }
}
