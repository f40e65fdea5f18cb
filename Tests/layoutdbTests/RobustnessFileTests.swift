import Foundation
import Testing

/// Bad files end to end: one line naming the file and the problem, a distinct exit status,
/// the file's bytes untouched.
@Suite("Robustness: bad files")
struct RobustnessFileTests {
    static let script = "canvas 100 100\nview a\na.edges == root.edges\n"

    /// Runs a read and an edit on `path`; both must fail with `status` and leave the bytes.
    func expectRefused(
        _ box: Sandbox, _ path: String, status: Int32, mentions: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = box.bytes(path)
        let edit = box.write("edit.layout", "view b\n")
        for args in [["frames"], ["apply", edit], ["doctor"], ["set-constant", "x", "1"]] {
            let r = box.run(args + ["--db", path])
            #expect(r.status == status, "\(args): \(r.stderr)", sourceLocation: sourceLocation)
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(args): \(r.stderr)", sourceLocation: sourceLocation)
            #expect(
                r.stderr.hasPrefix("error: ") && r.stderr.contains(path)
                    && r.stderr.contains(mentions), "\(r.stderr)", sourceLocation: sourceLocation)
        }
        #expect(box.bytes(path) == before, "bytes changed", sourceLocation: sourceLocation)
    }

    @Test func notADatabase() {
        let box = Sandbox()
        let path = box.write("notes.layoutdb", String(repeating: "not a database\n", count: 100))
        expectRefused(box, path, status: 66, mentions: "not an SQLite database")
    }

    @Test func truncatedProject() throws {
        let box = Sandbox()
        #expect(
            box.run(["apply", box.write("big.layout", chainScript(views: 300)), "-q"]).status == 0)
        let data = box.bytes()
        #expect(data.count >= 8192)
        let path = box.directory.appending(path: "cut.layoutdb").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        expectRefused(box, path, status: 74, mentions: "corrupt")
    }

    @Test func foreignDatabase() {
        let box = Sandbox()
        let path = box.directory.appending(path: "other.db").path
        #expect(box.sqlite("CREATE TABLE t (x); INSERT INTO t VALUES (1);", db: path).status == 0)
        expectRefused(box, path, status: 66, mentions: "not a layoutdb project")
    }

    @Test func newerSchema() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.script), "-q"]).status == 0)
        #expect(box.sqlite("PRAGMA user_version = 99").status == 0)
        expectRefused(box, box.db, status: 66, mentions: "newer layoutdb")
    }

    /// A version set back by hand: the migrations after it fail on tables that already
    /// have what they add. One line that says so, and the file as it was. From version 1 a
    /// first migration (0002) runs before a later one fails: the steps run in one
    /// transaction, so none is kept.
    @Test(arguments: [1, 5, 11]) func olderVersionThanItsTables(version: Int) {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.script), "-q"]).status == 0)
        #expect(box.sqlite("PRAGMA user_version = \(version)").status == 0)
        expectRefused(
            box, box.db, status: 66,
            mentions: "says schema version \(version) but its tables do not match it")
    }

    /// `--read-only` opens the file with SQLITE_OPEN_READONLY: reads work, edits fail. It
    /// also stands in for chmod 444, which does not bind root (these tests run as root in CI).
    @Test func readOnlyFile() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.script), "-q"]).status == 0)
        let before = box.bytes()
        let frames = box.run(["frames", "--format", "csv", "--read-only"])
        #expect(frames.status == 0 && frames.stdout.contains("a,0,0,100,100"))
        let edit = box.run(["set-constant", "x", "1", "--read-only"])
        #expect(edit.status == 65)  // unknown label: found before any write
        let add = box.run(["add", "a.width >= 1", "--read-only"])
        #expect(add.status == 74 && add.stderr.split(separator: "\n").count == 1, "\(add.stderr)")
        #expect(add.stderr.contains(box.db) && add.stderr.contains("read-only"))
        #expect(box.bytes() == before)

        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: box.db)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: box.db)
        }
        if FileManager.default.isWritableFile(atPath: box.db) {
            print(
                "read-only file: skipped the chmod 444 case: running as root, the mode does "
                    + "not bind (covered by --read-only above)")
            return
        }
        let r = box.run(["add", "a.width >= 1"])
        #expect(r.status == 74 && r.stderr.contains("read-only") && r.stderr.contains(box.db))
        #expect(box.run(["frames"]).status == 0)
        #expect(box.bytes() == before)
    }

    @Test func readOnlyDirectory() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.script), "-q"]).status == 0)
        let folder = box.directory.appending(path: "locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appending(path: "p.layoutdb").path
        box.copyProject(from: box.db, to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        let probe = folder.appending(path: "probe").path
        if FileManager.default.createFile(atPath: probe, contents: nil) {
            try? FileManager.default.removeItem(atPath: probe)
            print("read-only directory: skipped: running as root, mode 555 does not bind")
            return
        }
        let before = box.bytes(path)
        let r = box.run(["add", "a.width >= 1", "--db", path])
        #expect(r.status == 74 || r.status == 66, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(path))
        #expect(box.bytes(path) == before)
    }

    @Test("a project in a folder this user cannot write: the error says to read --read-only")
    func unwritableFolderSaysReadOnly() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.script), "-q"]).status == 0)
        // The project with the empty log every edit leaves, read by a user who may not
        // write the folder: as root, `nobody` through setpriv; otherwise the folder made
        // read-only.
        let asNobody =
            getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        if !asNobody {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o555], ofItemAtPath: box.directory.path)
        }
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: box.directory.path)
        }
        func run(_ args: [String]) -> (status: Int32, stderr: String) {
            let binary = productsDirectory.appending(path: "layoutdb").path
            let p = Process()
            p.executableURL = URL(fileURLWithPath: asNobody ? "/usr/bin/setpriv" : binary)
            p.arguments =
                (asNobody ? ["--reuid=65534", "--regid=65534", "--clear-groups", binary] : [])
                + args + ["--db", box.db]
            p.currentDirectoryURL = URL(fileURLWithPath: "/")
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try! p.run()
            let text = String(
                decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text)
        }
        // It said only SQLite's "unable to open database file", and exited 66 (cannot open)
        // where without the log it exits 74 (read-only).
        let r = run(["frames"])
        #expect(r.status == 74, "\(r.stderr)")
        #expect(r.stderr.contains("(reads work there with --read-only)"), "\(r.stderr)")
        #expect(run(["frames", "--read-only"]).status == 0)
    }

    /// A full disk, simulated with a file size limit (RLIMIT_FSIZE, SIGXFSZ ignored): writes
    /// past it fail with EFBIG as they would with ENOSPC. (`PRAGMA max_page_count` is a
    /// per-connection setting, so it cannot be set on a file for another process; the
    /// library test in DatabaseTests covers SQLITE_FULL with it.)
    @Test func fullDisk() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.script), "-q"]).status == 0)
        // The content, then the main file's bytes (the dump's connection checkpoints on close).
        let before = box.dump()
        let file = FileManager.default.contents(atPath: box.db)
        let big = box.write("big.layout", chainScript(views: 3000))
        let binary = productsDirectory.appending(path: "layoutdb").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [
            "-c", "trap '' XFSZ; ulimit -f 200; exec \"$0\" apply \"$1\" --db \"$2\"",
            binary, big, box.db,
        ]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try! p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 74, "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1 && stderr.contains(box.db), "\(stderr)")
        #expect(stderr.contains("disk full") || stderr.contains("is the disk full"))
        // The main file is untouched; pages the rolled-back transaction wrote to the -wal
        // file before the disk filled are unused (past the last commit), so the content read
        // back is the same.
        #expect(FileManager.default.contents(atPath: box.db) == file)
        #expect(box.dump() == before)
        #expect(box.sqlite("PRAGMA integrity_check").stdout == "ok")
    }

    /// Runs `layoutdb ARGS --db <sandbox db>` (without `--db` where `db` is false) through
    /// bash with `redirect` after it, `environment` (`NAME=VALUE`, bash's quoting) before
    /// it and a file size limit of `limit` blocks (SIGXFSZ ignored), in the sandbox's folder.
    func runShell(
        _ box: Sandbox, _ args: [String], redirect: String, limit: Int? = nil,
        environment: String = "", db: Bool = true
    ) -> (status: Int32, stderr: String) {
        let binary = productsDirectory.appending(path: "layoutdb").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        let limiting = limit.map { "trap '' XFSZ; ulimit -f \($0); " } ?? ""
        let command = limiting + "\(environment) exec \"$@\" \(redirect)"
        p.arguments = ["-c", command, "bash", binary] + args + (db ? ["--db", box.db] : [])
        p.currentDirectoryURL = box.directory
        let err = Pipe()
        p.standardError = err
        try! p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, stderr)
    }

    @Test("a write to standard output that fails exits 74 with the reason, not 0")
    func standardOutputFailures() {
        let box = Sandbox()
        #expect(
            box.run(["apply", box.write("a.layout", chainScript(views: 3000)), "-q"]).status == 0)
        // A script (written whole at the end), a table (printed as it goes), closed output.
        for (args, redirect, reason) in [
            (["export"], "> /dev/full", "No space left on device"),
            (["frames"], "> /dev/full", "No space left on device"),
            (["list"], "> /dev/full", "No space left on device"),
            (["export"], ">&-", "Bad file descriptor"),
            (["frames", "--format", "json"], ">&-", "Bad file descriptor"),
        ] {
            let r = runShell(box, args, redirect: redirect)
            #expect(r.status == 74, "\(args) \(redirect): \(r.stderr)")
            // What a command prints as it goes is flushed after its work: the message says
            // that work is done (an edit made is saved), not to be done again.
            let printed = args[0] != "export"
            #expect(
                r.stderr == "error: cannot write standard output: \(reason)"
                    + (reason.hasPrefix("No space")
                        ? " (free some space, or write it elsewhere)" : "")
                    + (printed
                        ? "; the command itself finished (an edit is saved), only its output "
                            + "was lost" : "")
                    + "\n", "\(r.stderr)")
        }
        let edit = runShell(box, ["set-constant", "w", "12"], redirect: "> /dev/full")
        #expect(edit.status == 74 && edit.stderr.contains("an edit is saved"), "\(edit.stderr)")
        #expect(box.run(["get", "w"]).stdout.contains("constant: 12"))
        // A size limit met halfway through a script: 74, where it exited 0 with part of it.
        // (100 KiB: SQLite's own files of a read stay under it; the script does not.)
        let cut = runShell(box, ["export"], redirect: "> cut.layout", limit: 100)
        #expect(cut.status == 74 && cut.stderr.contains("File too large"), "\(cut.stderr)")
    }

    @Test("export -o replaces its file whole: one that fails leaves the old file as it was")
    func exportReplacesWhole() throws {
        let box = Sandbox()
        #expect(
            box.run(["apply", box.write("a.layout", chainScript(views: 3000)), "-q"]).status == 0)
        let good = box.directory.appending(path: "good.layout").path
        #expect(box.run(["export", "-o", good]).status == 0)
        let before = box.bytes(good)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: good)
        // Past the size limit: it was cut where the limit fell, the old copy gone.
        let r = runShell(box, ["export", "-o", "good.layout"], redirect: "", limit: 100)
        #expect(r.status == 74 && r.stderr.contains("cannot write good.layout: File too large"))
        #expect(box.bytes(good) == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: box.directory.path)
        #expect(!names.contains { $0.hasPrefix("good.layout.") }, "\(names)")
        // Written through a link, the file it names is replaced; permissions are kept.
        let link = box.directory.appending(path: "link.layout").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "good.layout")
        #expect(box.run(["add", "v1.height >= 5", "-q"]).status == 0)
        #expect(box.run(["export", "-o", link]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "good.layout")
        #expect(box.bytes(good) != before)
        let mode = try FileManager.default.attributesOfItem(atPath: good)[.posixPermissions]
        #expect(mode as? Int == 0o600)
    }

    @Test("a first apply that the disk cannot hold leaves nothing at the path")
    func firstApplyOnAFullDiskLeavesNothing() throws {
        let box = Sandbox()
        box.write("s.layout", Self.script)
        // Under 100 KiB the new file's image (224 KiB) cannot be written beside the path,
        // and SQLite made the file at the path itself: an empty one was left there.
        let r = runShell(box, ["apply", "s.layout"], redirect: "", limit: 100)
        #expect(r.status == 74, "\(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: box.directory.path)
        #expect(!names.contains { $0.hasPrefix("app.layoutdb") }, "\(names)")
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
    }

    @Test("a project path through a file says the file is not a folder, not to make it")
    func pathThroughAFile() {
        let box = Sandbox()
        let file = box.write("notes.txt", "notes\n")
        let script = box.write("one.layout", "canvas 10 10\n")
        // It said to `mkdir -p notes.txt`, which cannot be done.
        let r = box.run(["apply", script, "--db", file + "/p.layoutdb"])
        #expect(r.status == 66 && r.stderr.contains("notes.txt is not a folder"), "\(r.stderr)")
    }

    @Test("a project path on a loop of links says so, not that there is no project")
    func loopOfLinks() throws {
        let box = Sandbox()
        let one = box.directory.appending(path: "loop1").path
        let two = box.directory.appending(path: "loop2").path
        try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: two, withDestinationPath: "loop1")
        // `frames` said "no project at loop1; run `layoutdb init`", and `init` could not.
        for args in [["frames"], ["init"]] {
            let r = box.run(args + ["--db", one])
            #expect(r.status == 66, "\(r.stderr)")
            #expect(r.stderr.contains("cannot reach \(one): Too many levels of symbolic links"))
        }
    }

    @Test("an argument that is not UTF-8 is refused (64), not read as another name")
    func argumentNotUTF8() throws {
        let box = Sandbox()
        // `$'\\xff.db'` was read as `\u{FFFD}.db`, a file of another name.
        let r = runShell(box, ["frames", "--db", "x.db"], redirect: "--db $'\\xff.db'")
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("is not UTF-8 text"), "\(r.stderr)")
        // The same bytes in LAYOUTDB.
        let env = runShell(
            box, ["frames"], redirect: "", environment: "LAYOUTDB=$'\\xfe.db'", db: false)
        #expect(env.status == 64 && env.stderr.contains("LAYOUTDB"), "\(env.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: box.directory.path)
        #expect(!names.contains { $0.contains("\u{FFFD}") }, "\(names)")
    }

    @Test("export -o writes a hard-linked file in place, so every name of it has the export")
    func exportKeepsHardLinks() throws {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.script), "-q"]).status == 0)
        let one = box.write("h1.layout", "old\n")
        let two = box.directory.appending(path: "h2.layout").path
        try FileManager.default.linkItem(atPath: one, toPath: two)
        // Renamed over, h1 was the export and h2 kept the old text.
        #expect(box.run(["export", "-o", one]).status == 0)
        #expect(box.bytes(two) == box.bytes(one) && box.bytes(two) != Data("old\n".utf8))
        // Past a size limit it is refused before the file is touched: the text is written
        // beside it first.
        let big = Sandbox()
        #expect(
            big.run(["apply", big.write("a.layout", chainScript(views: 3000)), "-q"]).status == 0)
        let first = big.write("h1.layout", "old\n")
        try FileManager.default.linkItem(
            atPath: first, toPath: big.directory.appending(path: "h2.layout").path)
        let r = runShell(big, ["export", "-o", "h1.layout"], redirect: "", limit: 100)
        #expect(r.status == 74, "\(r.stderr)")
        #expect(big.bytes(first) == Data("old\n".utf8))
        // A link to a file not there yet: that file is made, the link kept (it was replaced).
        let dangling = box.directory.appending(path: "out.layout").path
        try FileManager.default.createSymbolicLink(
            atPath: dangling, withDestinationPath: "made.layout")
        #expect(box.run(["export", "-o", dangling]).status == 0)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: dangling) == "made.layout")
        #expect(box.bytes(box.directory.appending(path: "made.layout").path) == box.bytes(one))
    }

    @Test("export -o as another user: a file it may not write is refused, one it may is written")
    func exportRespectsPermissions() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("export -o permissions: skipped: needs root and setpriv to act as another user")
            return
        }
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.script), "-q"]).status == 0)
        let manager = FileManager.default
        let open = box.directory.appending(path: "open")
        let closed = box.directory.appending(path: "closed")
        for (folder, mode) in [(open, 0o777), (closed, 0o755)] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: folder.path)
        }
        // root's read-only file in a folder anyone may write; root's writable one in a
        // folder only root may write.
        let guarded = open.appending(path: "ro.layout").path
        let shared = closed.appending(path: "out.layout").path
        #expect(manager.createFile(atPath: guarded, contents: Data("precious\n".utf8)))
        #expect(manager.createFile(atPath: shared, contents: Data("shared\n".utf8)))
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: guarded)
        try manager.setAttributes([.posixPermissions: 0o666], ofItemAtPath: shared)
        func exportAsNobody(to path: String) -> (status: Int32, stderr: String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            p.arguments = [
                "--reuid=65534", "--regid=65534", "--clear-groups",
                productsDirectory.appending(path: "layoutdb").path, "--db", box.db, "--read-only",
                "export", "-o", path,
            ]
            let err = Pipe()
            p.standardError = err
            try! p.run()
            let text = String(
                decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text)
        }
        // Renamed over, root's read-only file became nobody's export.
        let refused = exportAsNobody(to: guarded)
        #expect(
            refused.status == 74 && refused.stderr.contains("Permission denied"),
            "\(refused.stderr)")
        #expect(box.bytes(guarded) == Data("precious\n".utf8))
        // No file could be made beside it, and the export was refused.
        let written = exportAsNobody(to: shared)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(String(decoding: box.bytes(shared), as: UTF8.self).hasPrefix("# layoutdb export"))
    }

    @Test("--db is a path: `file:NAME` is that file, and `:memory:` is refused")
    func databasePathIsAPath() {
        let box = Sandbox()
        let script = box.write(
            "s.layout", "canvas 100 100\nview a frame 0 0 10 10\nh: a.height == 10\n")
        #expect(box.run(["apply", script, "-q", "--db", "other.layoutdb"]).status == 0)
        // Read as a URI, `file:other.layoutdb` opened and edited other.layoutdb.
        #expect(box.run(["apply", script, "-q", "--db", "file:other.layoutdb"]).status == 0)
        #expect(
            box.run(["set-constant", "h", "11", "-q", "--db", "file:other.layoutdb"]).status == 0)
        #expect(box.run(["get", "h", "--db", "other.layoutdb"]).stdout.contains("constant: 10"))
        #expect(
            box.run(["get", "h", "--db", "file:other.layoutdb"]).stdout.contains("constant: 11"))
        #expect(
            FileManager.default.fileExists(
                atPath: box.directory.appending(path: "file:other.layoutdb").path))
        // With `?mode=ro` it said "no such access mode"; it is part of the name.
        #expect(box.run(["apply", script, "-q", "--db", "file:x.layoutdb?mode=ro"]).status == 0)
        // Every edit in memory was lost at exit, with status 0.
        for environment in [[:], ["LAYOUTDB": ":memory:"]] {
            let r = box.run(
                ["apply", script] + (environment.isEmpty ? ["--db", ":memory:"] : []),
                environment: environment, db: false)
            #expect(r.status == 64 && r.stderr.contains("--db must name a file"), "\(r.stderr)")
        }
    }
}
