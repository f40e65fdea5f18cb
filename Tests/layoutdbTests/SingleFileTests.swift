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

    @Test("an edit a reader kept in the log reaches the file at the next command, a read")
    func readerDelaysTheCopy() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("s.layout", Self.script), "-q"]).status == 0)
        // Another program reads, inside a transaction, while the edit commits and exits.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        reader.arguments = ["sqlite3", box.db]
        let input = Pipe()
        reader.standardInput = input
        reader.standardOutput = Pipe()
        try reader.run()
        input.fileHandleForWriting.write(Data("BEGIN; SELECT count(*) FROM frames;\n".utf8))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(box.run(["set-constant", "hh", "90", "-q"]).status == 0)
        // The reader is done but stays connected (a viewer): its close would checkpoint.
        input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(box.run(["frames", "-q"]).status == 0)
        let frames = box.run(["frames", "--format", "csv", "--read-only", "--db", loneCopy(box)])
        #expect(frames.stdout.contains("header,0,0,320,90,0"), "\(frames.stdout)")
        input.fileHandleForWriting.write(Data(".quit\n".utf8))
        try input.fileHandleForWriting.close()
        reader.waitUntilExit()
    }

    @Test("a project's log stays between commands: reads do not make and remove it")
    func logStays() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("s.layout", Self.script), "-q"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: box.db + "-wal"))
        #expect(box.run(["frames", "-q"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: box.db + "-wal"))
        #expect(FileManager.default.fileExists(atPath: box.db + "-shm"))
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

    @Test("a --read-only read of a lone copy leaves nothing beside it, and still refuses edits")
    func readOnlyLeavesNothing() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("s.layout", Self.script), "-q"]).status == 0)
        let copy = loneCopy(box)
        let folder = URL(fileURLWithPath: copy).deletingLastPathComponent().path
        for args in [["frames", "--format", "csv"], ["views"], ["export"], ["doctor"]] {
            let r = box.run(args + ["--read-only", "--db", copy])
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder) == ["app.layoutdb"],
                "\(args)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let edit = box.run(["set-constant", "hh", "90", "--read-only", "--db", copy])
        #expect(edit.status == 74 && edit.stderr.contains("read-only"), "\(edit.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["app.layoutdb"])
    }
}
