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
        // Held under its path from the project's folder, as `home.layout` names the first.
        #expect(
            box.sql(
                "select group_concat(file, ' ') from (select distinct file from script_lines order by file)"
            ) == "b/home.layout home.layout")
        // Each re-applies as itself, from its folder or from another.
        #expect(run(box, in: "a", ["apply", "home.layout"]).1 == "home.layout: no changes\n")
        #expect(run(box, in: "b", ["apply", "home.layout"]).1 == "b/home.layout: no changes\n")
        #expect(
            run(box, in: "a", ["apply", "../b/home.layout"]).1 == "b/home.layout: no changes\n")
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

    @Test("rename-script names the held file by its place first: from b, `home.layout` is b's file")
    func renameByPlace() throws {
        let box = Sandbox()
        put(box, "a/home.layout", Self.script)
        put(box, "b/home.layout", "layout other\n" + Self.other)
        #expect(run(box, in: "a", ["apply", "home.layout", "-q"]).0 == 0)
        #expect(run(box, in: "b", ["apply", "home.layout", "-q"]).0 == 0)
        try FileManager.default.moveItem(
            at: box.directory.appending(path: "b/home.layout"),
            to: box.directory.appending(path: "b/moved.layout"))
        let renamed = run(box, in: "b", ["rename-script", "home.layout", "moved.layout"])
        #expect(renamed.0 == 0, "\(renamed.2)")
        let again = run(box, in: "b", ["apply", "moved.layout"])
        #expect(again.0 == 0, "\(again.2)")
        // Named as typed where it ran, as a first apply names a file.
        #expect(again.1 == "moved.layout: no changes\n", "\(again.1)")
        // a's file and layout are as they were.
        #expect(run(box, in: "a", ["apply", "home.layout"]).1 == "home.layout: no changes\n")
        #expect(box.sql("select count(*) from views where name = 'a'") == "1")
        #expect(
            box.sql(
                "select count(*) from constraints c join layouts l on l.id = c.layout_id where l.name = 'other'"
            ) == "4")
    }

    @Test("a project moved away from its scripts finds them by their absolute path")
    func projectMovedAlone() throws {
        let box = Sandbox()
        put(box, "home.layout", Self.script)
        put(box, "db/.keep", "")
        #expect(box.run(["apply", "home.layout", "-q"]).status == 0)
        #expect(box.run(["set-constant", "#1", "15", "-q"]).status == 0)
        let moved = box.directory.appending(path: "db/app.layoutdb").path
        try FileManager.default.moveItem(atPath: box.db, toPath: moved)
        try? FileManager.default.removeItem(atPath: box.db + "-wal")
        put(
            box, "home.layout",
            Self.script.replacingOccurrences(of: "a.height == 20", with: "a.height == 25"))
        let r = box.run(["apply", "home.layout", "--db", moved])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("change constraint") || r.stdout.contains("add constraint"),
            "\(r.stdout)")
        #expect(
            box.run(["apply", "home.layout", "--db", moved]).stdout == "home.layout: no changes\n")
        #expect(box.sql("select 1") == "1")
        // The place follows the project's new folder; the edit made since is kept.
        let place = box.run(["--db", moved, "list"]).stdout
        #expect(place.contains("a.left == 15") || place.contains("15"), "\(place)")
        // Renaming a held file to its own name and place changes nothing, and says so.
        let same = box.run(["rename-script", "home.layout", "home.layout", "--db", moved])
        #expect(same.status == 0 && same.stdout.hasPrefix("nothing to rename"), "\(same.stdout)")
    }

    @Test("the project opened through a link and through its real path gives one place a file")
    func linkedProject() throws {
        let box = Sandbox()
        put(box, "scr/h.layout", Self.script)
        put(box, "store/.keep", "")
        let real = box.directory.appending(path: "store/real.layoutdb").path
        let link = box.directory.appending(path: "app-link.layoutdb").path
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: "store/real.layoutdb")
        #expect(box.run(["apply", "scr/h.layout", "-q", "--db", real]).status == 0)
        let r = box.run(["apply", "scr/h.layout", "--db", link])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "scr/h.layout: no changes\n", "\(r.stdout)")
    }

    @Test("a pipe adds as standard input does: two generated scripts are two, not one file")
    func pipesAdd() {
        let box = Sandbox()
        let first = box.run(["apply", "/dev/stdin", "-q"], stdin: "layout A\n" + Self.script)
        #expect(first.status == 0, "\(first.stderr)")
        let second = box.run(["apply", "/dev/stdin", "-q"], stdin: "layout B\n" + Self.script)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            box.sql("select group_concat(name, ' ') from (select name from layouts order by name)")
                == "A B")
        let dry = box.run(["apply", "/dev/stdin", "--dry-run"], stdin: Self.script)
        #expect(dry.status == 64 && dry.stderr.contains("--as"), "\(dry.stderr)")
    }

    @Test("a re-apply without --layout goes into the layout the file was applied into")
    func layoutRemembered() {
        let box = Sandbox()
        let path = put(box, "h.layout", Self.script)
        #expect(box.run(["--layout", "phone", "apply", path, "-q"]).status == 0)
        #expect(box.run(["--layout", "phone", "set-constant", "#1", "12", "-q"]).status == 0)
        put(
            box, "h.layout",
            Self.script.replacingOccurrences(of: "a.height == 20", with: "a.height == 22"))
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("phone: "), "\(r.stdout)")
        #expect(!r.stdout.contains("remove layout"), "\(r.stdout)")
        #expect(box.sql("select group_concat(name, ' ') from layouts") == "phone")
        #expect(
            box.sql("select x || ' ' || height from solved_frames where view = 'a'") == "12.0 22.0")
        // Told another layout, the file's statements move there, and the plan says so.
        let moved = box.run(["--layout", "tablet", "apply", path, "--dry-run"])
        #expect(
            moved.stdout.contains("tablet: add view a")
                && moved.stdout.contains("remove layout phone"), "\(moved.stdout)")
    }

    @Test("two file names that differ only in Unicode normalization are two scripts")
    func namesByTheirBytes() {
        let box = Sandbox()
        // `café.layout` with `é`, and with `e` and a combining accent: two files on Linux,
        // one name to Swift's String, and the second apply removed the first's views.
        let composed = "caf\u{E9}.layout"
        let decomposed = "cafe\u{301}.layout"
        #expect(!Array(composed.utf8).elementsEqual(Array(decomposed.utf8)))
        put(box, composed, "canvas 100 100\nview a frame 0 0 10 10\n")
        put(box, decomposed, "view b frame 0 0 20 20\n")
        #expect(box.run(["apply", composed, "-q"]).status == 0)
        let second = box.run(["apply", decomposed])
        #expect(second.status == 0 && !second.stdout.contains("remove"), "\(second.stdout)")
        #expect(
            box.sql("select group_concat(name, ' ') from views where parent_id is not null")
                == "a b")
        #expect(box.run(["apply", composed]).stdout.contains("no changes"))
        #expect(box.sql("select count(*) from script_files") == "2")
        // Both still where they were: nothing moved, so nothing to rename.
        let rename = box.run(["rename-script", composed, decomposed])
        #expect(rename.status == 65 && rename.stderr.contains("is still where"), "\(rename.stderr)")
        // Nor onto the other held one: it overwrote that file's record.
        try? FileManager.default.removeItem(at: box.directory.appending(path: decomposed))
        let onto = box.run(["rename-script", decomposed, composed])
        #expect(onto.status == 65, "\(onto.stdout)\(onto.stderr)")
        #expect(box.sql("select count(*) from script_files") == "2")
    }

    @Test("a layout renamed with SQL keeps the files applied into it: an edit goes there too")
    func startLayoutFollowsASQLRename() {
        let box = Sandbox()
        let path = put(box, "h.layout", Self.script)
        #expect(box.run(["--layout", "phone", "apply", path, "-q"]).status == 0)
        #expect(box.run(["--layout", "phone", "set-constant", "#1", "12", "-q"]).status == 0)
        #expect(box.sqlite("UPDATE layouts SET name = 'phone2' WHERE name = 'phone'").status == 0)
        #expect(box.run(["apply", path]).stdout.contains("no changes"))
        // An edit of the file (a comment) moved its statements into a new `phone` and
        // removed `phone2`, with the set-constant made there.
        put(box, "h.layout", Self.script + "# a comment\n")
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("remove layout"), "\(r.stdout)")
        #expect(box.sql("select group_concat(name, ' ') from layouts") == "phone2")
        #expect(box.sql("select x from solved_frames where view = 'a'") == "12.0")
    }

    @Test("two terminals applying one new file to a project: both succeed, the file made once")
    func concurrentFirstApplies() throws {
        let box = Sandbox()
        put(box, "first.layout", "layout first\n" + Self.script)
        #expect(box.run(["apply", "first.layout", "-q"]).status == 0)
        var card = "layout card\ncanvas 200 200\n"
        for i in 0..<300 {
            card += "view b\(i)\nb\(i).left == \(i); b\(i).top == 0; b\(i).size == 5\n"
        }
        put(box, "card.layout", card)
        for _ in 0..<3 {
            _ = box.sql("delete from layouts where name = 'card'")
            let processes = (0..<2).map { _ in
                let p = Process()
                p.executableURL = productsDirectory.appending(path: "layoutdb")
                p.arguments = ["apply", "card.layout", "-q", "--db", box.db]
                p.currentDirectoryURL = box.directory
                p.standardOutput = FileHandle.nullDevice
                p.standardError = FileHandle.nullDevice
                return p
            }
            for p in processes { try p.run() }
            for p in processes { p.waitUntilExit() }
            #expect(processes.map(\.terminationStatus) == [0, 0])
            #expect(
                box.sql(
                    "select count(*) from views v join layouts l on l.id = v.layout_id where l.name = 'card'"
                ) == "301")
        }
    }

    @Test("an error names the script as typed, not as the project holds it")
    func errorsNameTheTypedFile() {
        let box = Sandbox()
        put(box, "a/home.layout", Self.script)
        #expect(run(box, in: "a", ["apply", "home.layout", "-q"]).0 == 0)
        put(box, "a/home.layout", Self.script.replacingOccurrences(of: "a.width", with: "a.widht"))
        let r = box.run(["apply", "a/home.layout"])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("error: a/home.layout:3:"), "\(r.stderr)")
    }

    @Test(
        "rename-script to a folder, apply - --as a folder, and a project in a missing folder are refused"
    )
    func refusedPaths() {
        let box = Sandbox()
        let path = put(box, "h.layout", Self.script)
        put(box, "dir/.keep", "")
        #expect(box.run(["apply", path, "-q"]).status == 0)
        let folder = box.run(["rename-script", "h.layout", "dir"])
        #expect(folder.status == 65 && folder.stderr.contains("is a folder"), "\(folder.stderr)")
        let asFolder = box.run(["apply", "-", "--as", "dir"], stdin: Self.script)
        #expect(
            asFolder.status == 64 && asFolder.stderr.contains("is a folder"), "\(asFolder.stderr)")
        for extra in [["--dry-run"], []] {
            let r = box.run(["apply", path, "--db", "nofolder/x.layoutdb"] + extra)
            #expect(
                r.status == 66 && r.stderr.contains("there is no folder nofolder"),
                "\(extra): \(r.stderr)")
        }
    }

    @Test(
        "rename-script refuses a held name typed where it names another file, the held one still there"
    )
    func renameRefusesAFileThatDidNotMove() {
        let box = Sandbox()
        put(box, "home.layout", Self.script)
        put(box, "sub/home.layout", Self.other)
        #expect(box.run(["apply", "home.layout", "-q"]).status == 0)
        let r = run(box, in: "sub", ["rename-script", "home.layout", "new.layout"])
        #expect(r.0 == 65, "\(r.1)")
        #expect(r.2.contains("rename-script is for a file that moved"), "\(r.2)")
        #expect(box.sql("select distinct file from script_lines") == "home.layout")
    }

    @Test("a project moved into the folder its held path passes through still finds the file")
    func projectMovedIntoTheScriptsFolder() throws {
        let box = Sandbox()
        put(box, "a/f.layout", Self.script)
        put(box, "db/.keep", "")
        let db = box.directory.appending(path: "db/p.layoutdb").path
        #expect(
            box.run(["--layout", "phone", "apply", "a/f.layout", "-q", "--db", db]).status == 0)
        let moved = box.directory.appending(path: "a/p.layoutdb").path
        try FileManager.default.moveItem(atPath: db, toPath: moved)
        try? FileManager.default.removeItem(atPath: db + "-wal")
        put(
            box, "a/f.layout",
            Self.script.replacingOccurrences(of: "a.height == 20", with: "a.height == 22"))
        let r = box.run(["apply", "a/f.layout", "--db", moved])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("phone: "), "\(r.stdout)")
        let layouts = box.run(["--db", moved, "frames", "--layout", "phone", "--format", "csv"])
            .stdout
        #expect(layouts.contains("a,10,10,20,22,0"), "\(layouts)")
        // Not held a second time, into `main`.
        let main = box.run(["--db", moved, "frames", "--format", "csv"])
        #expect(main.status == 65 && main.stderr.contains("no layout"), "\(main.stdout)")
    }

    @Test(
        "two terminals, two files typed the same way from two folders: two files, each re-applies")
    func concurrentSameTypedName() throws {
        let box = Sandbox()
        put(box, "first.layout", Self.script)
        put(box, "a/home.layout", "layout A\n" + Self.other)
        put(box, "b/home.layout", "layout B\n" + Self.other)
        #expect(box.run(["apply", "first.layout", "-q"]).status == 0)
        for round in 0..<3 {
            _ = box.sql("delete from layouts where name in ('A', 'B')")
            let processes = ["a", "b"].map { folder in
                let p = Process()
                p.executableURL = productsDirectory.appending(path: "layoutdb")
                p.arguments = ["apply", "home.layout", "-q", "--db", box.db]
                p.currentDirectoryURL = box.directory.appending(path: folder)
                p.standardOutput = FileHandle.nullDevice
                p.standardError = FileHandle.nullDevice
                return p
            }
            for p in processes { try p.run() }
            for p in processes { p.waitUntilExit() }
            #expect(processes.map(\.terminationStatus) == [0, 0], "round \(round)")
            for folder in ["a", "b"] {
                let again = run(box, in: folder, ["apply", "home.layout"])
                #expect(again.0 == 0 && again.1.hasSuffix(": no changes\n"), "\(folder): \(again)")
            }
        }
    }

    @Test(
        "a file whose first line was `layout X`: with that line taken out, its statements go to main"
    )
    func leadingLayoutLineRemoved() {
        let box = Sandbox()
        let path = put(box, "s.layout", "layout other\n" + Self.other)
        #expect(box.run(["apply", path, "-q"]).status == 0)
        put(box, "s.layout", Self.other)
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("add view b") && r.stdout.contains("remove layout other"),
            "\(r.stdout)")
        #expect(box.sql("select group_concat(name, ' ') from layouts") == "main")
    }

    @Test("rename-script NEW through a folder link before the move: the place is the real one")
    func renameThroughLinkBeforeMove() throws {
        let box = Sandbox()
        put(box, "real/.keep", "")
        try FileManager.default.createSymbolicLink(
            atPath: box.directory.appending(path: "lnk").path, withDestinationPath: "real")
        put(box, "k.layout", Self.script)
        #expect(box.run(["apply", "k.layout", "-q"]).status == 0)
        #expect(box.run(["rename-script", "k.layout", "lnk/k.layout", "-q"]).status == 0)
        try FileManager.default.moveItem(
            at: box.directory.appending(path: "k.layout"),
            to: box.directory.appending(path: "real/k.layout"))
        for name in ["real/k.layout", "lnk/k.layout"] {
            let r = box.run(["apply", name])
            #expect(r.status == 0 && r.stdout.hasSuffix("no changes\n"), "\(name): \(r)")
        }
    }

    @Test("two held files that swap places: renamed through a temporary name, each re-applies")
    func swapThroughATemporaryName() throws {
        let box = Sandbox()
        put(box, "a/s.layout", Self.script)
        put(box, "b/s.layout", "layout other\n" + Self.other)
        #expect(box.run(["apply", "a/s.layout", "-q"]).status == 0)
        #expect(box.run(["apply", "b/s.layout", "-q"]).status == 0)
        let fm = FileManager.default
        let path = { (name: String) in box.directory.appending(path: name) }
        try fm.moveItem(at: path("a/s.layout"), to: path("t.layout"))
        try fm.moveItem(at: path("b/s.layout"), to: path("a/s.layout"))
        try fm.moveItem(at: path("t.layout"), to: path("b/s.layout"))
        for (old, new) in [
            ("a/s.layout", "t.layout"), ("b/s.layout", "a/s.layout"), ("t.layout", "b/s.layout"),
        ] {
            let r = box.run(["rename-script", old, new])
            #expect(r.status == 0, "\(old) → \(new): \(r.stderr)")
        }
        for name in ["a/s.layout", "b/s.layout"] {
            let r = box.run(["apply", name])
            #expect(r.status == 0 && r.stdout.hasSuffix("no changes\n"), "\(name): \(r)")
        }
    }

    @Test(
        "the layout a file was applied into is kept: a `layout` line added, then taken out, changes nothing"
    )
    func startLayoutRecorded() {
        let box = Sandbox()
        let path = put(box, "s.layout", Self.other)
        #expect(box.run(["--layout", "phone", "apply", path, "-q"]).status == 0)
        #expect(box.run(["--layout", "phone", "set-constant", "#1", "41", "-q"]).status == 0)
        put(box, "s.layout", "layout phone\n" + Self.other)
        #expect(box.run(["apply", path, "-q"]).status == 0)
        put(box, "s.layout", Self.other)
        let r = box.run(["apply", path])
        #expect(r.status == 0 && !r.stdout.contains("remove layout"), "\(r.stdout)")
        #expect(box.sql("select group_concat(name, ' ') from layouts") == "phone")
        #expect(box.sql("select x from solved_frames where view = 'b'") == "41.0")
    }

    @Test("the hint's rename-script quotes a held name a shell would read otherwise")
    func hintQuotesAHeldName() {
        let box = Sandbox()
        #expect(box.run(["apply", "-", "-q"], stdin: Self.script).status == 0)
        put(box, "base.layout", Self.script)
        let r = box.run(["apply", "base.layout"])
        #expect(r.status == 65)
        // Pasted unquoted, `<stdin>` was a redirection.
        #expect(r.stderr.contains("`layoutdb rename-script '<stdin>' base.layout`"), "\(r.stderr)")
        #expect(box.run(["rename-script", "<stdin>", "base.layout", "-q"]).status == 0)
        #expect(box.run(["apply", "base.layout"]).stdout.contains("no changes"))
    }

    @Test("the hint's rename-script names only a gone file that held lines in that layout")
    func hintNamesOnlyAFileOfThatLayout() throws {
        let box = Sandbox()
        put(box, "home.layout", Self.script)
        put(box, "side.layout", "layout B\n" + Self.other)
        #expect(box.run(["apply", "home.layout", "-q"]).status == 0)
        #expect(box.run(["apply", "side.layout", "-q"]).status == 0)
        try FileManager.default.removeItem(at: box.directory.appending(path: "side.layout"))
        put(box, "copy.layout", Self.script)
        let r = box.run(["apply", "copy.layout"])
        #expect(r.status == 65)
        #expect(!r.stderr.contains("rename-script side.layout"), "\(r.stderr)")
    }

    @Test(
        "rename-script refuses a file still where it was, as applied, onto another file that is there"
    )
    func renameRefusesAFileThatDidNotMoveOntoAnother() {
        let box = Sandbox()
        put(box, "s.layout", Self.script)
        put(box, "n.layout", "layout other\n" + Self.other)
        #expect(box.run(["apply", "s.layout", "-q"]).status == 0)
        let r = box.run(["rename-script", "s.layout", "n.layout"])
        #expect(
            r.status == 65 && r.stderr.contains("rename-script is for a file that moved"),
            "\(r.stderr)")
        #expect(box.sql("select distinct file from script_lines") == "s.layout")
    }

    @Test("the hint's rename-script names no gone file whose lines never named what was met")
    func hintNamesOnlyAFileThatNamedIt() throws {
        let box = Sandbox()
        put(box, "home.layout", Self.script)
        put(box, "side.layout", "view c\nc.left == 0; c.top == 0; c.size == 4\n")
        #expect(box.run(["apply", "home.layout", "-q"]).status == 0)
        #expect(box.run(["apply", "side.layout", "-q"]).status == 0)
        try FileManager.default.removeItem(at: box.directory.appending(path: "side.layout"))
        put(box, "copy.layout", Self.script)
        let r = box.run(["apply", "copy.layout"])
        #expect(r.status == 65)
        #expect(!r.stderr.contains("rename-script side.layout"), "\(r.stderr)")
    }
}
