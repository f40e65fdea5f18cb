import Foundation
import Testing

/// Follow-ups to issue 15's fixes: what a QA pass over them still found.
@Suite("Issue 15 follow-ups (end to end)")
struct Issue15FollowUpTests {
    @Test("render draws views of any finite size: 1e20 wide, 1e300 wide, at y = 1e300")
    func renderHugeViews() throws {
        let box = Sandbox()
        let script = box.write(
            "huge.layout",
            """
            canvas 375 812
            view wide
            wide.left == 0; wide.top == 0; wide.width == 1e20; wide.height == 10
            view widest
            widest.left == 0; widest.top == 20; widest.width == 1e300; widest.height == 1e-300
            view far1
            far1.left == 0; far1.top == 1e300; far1.width == 100; far1.height == 1e290
            view far2
            far2.left == 0; far2.top == 1e300; far2.width == 100; far2.height == 1e290
            view tall
            tall.left == 200; tall.top == 0; tall.width == 100; tall.height == 1e20
            view inside in tall
            inside.left == 200; inside.top == 0; inside.width == 100; inside.height == 1e20

            """)
        let applied = box.run(["apply", script, "-q"])
        #expect(applied.status == 0, "\(applied.stderr)")
        let rendered = box.run(["render", "-o", "huge.svg"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let svg = try String(contentsOf: box.directory.appending(path: "huge.svg"), encoding: .utf8)
        for view in ["wide", "widest", "far1", "far2", "tall", "inside"] {
            #expect(svg.contains("data-view=\"\(view)\""), "\(view)")
        }
        // Wide views have room for their whole name; the tall child's label goes on the
        // line under its parent's.
        #expect(svg.contains(">wide</text>"))
        #expect(svg.contains(">widest</text>"))
        #expect(svg.contains("data-label=\"tall\" x=\"223\" y=\"57\""))
        #expect(svg.contains("data-label=\"inside\" x=\"223\" y=\"70\""))
        // At y = 1e300 a line height is below the numbers' precision; both are labelled.
        #expect(svg.contains(">far1</text>") && svg.contains(">far2</text>"))
    }

    /// `n` views side by side, equally wide, in a 100-wide canvas.
    static func equalViews(_ n: Int) -> String {
        var lines = ["canvas 100 50"] + (0..<n).map { "view v\($0)" }
        lines.append("H:|[v0]" + (1..<n).map { "[v\($0)(==v0)]" }.joined() + "|")
        lines += (0..<n).map { "V:|[v\($0)(10)]" }
        return lines.joined(separator: "\n")
    }

    @Test(
        "solved_frames: edges that meet in the layout are equal in SQL; max_x = 100 is found",
        arguments: [3, 6, 7, 11, 12])
    func neighboursMeetInSQL(views n: Int) {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("eq.layout", Self.equalViews(n)), "-q"]).status == 0)
        #expect(box.sql("select view from solved_frames where max_x = 100") == "v\(n - 1)")
        #expect(box.sql("select view from solved_frames where min_x = 0") == "v0")
        let pairs = box.sql(
            """
            select a.view || '|' || b.view from solved_frames a join solved_frames b
            on a.max_x = b.min_x order by a.min_x
            """)
        #expect(pairs == (1..<n).map { "v\($0 - 1)|v\($0)" }.joined(separator: "\n"))
        // Equal views are equally wide, and x is min_x.
        #expect(box.sql("select count(distinct width) from solved_frames") == "1")
        #expect(box.sql("select count(*) from solved_frames where x = min_x") == "\(n)")
        // The frames layoutdb prints are the values SQL shows.
        let json = box.run(["frames", "--format", "json"]).stdout
        let third = box.sql("select x from solved_frames where view = 'v1'")
        #expect(n != 3 || (third == "33.3333333333" && json.contains("33.3333333333,")), "\(json)")
    }

    @Test("solved_frames keeps whole numbers of up to twelve digits exact, in every column")
    func bigWholeNumbersStayExact() {
        let box = Sandbox()
        let script = """
            canvas 375 812
            view big
            big.left == 0; big.top == 0; big.width == 123456789012; big.height == 10

            """
        #expect(box.run(["apply", box.write("big.layout", script), "-q"]).status == 0)
        #expect(
            box.sql("select cast(width as int), cast(max_x as int) from solved_frames")
                == "123456789012|123456789012")
        #expect(box.sql("select count(*) from solved_frames where width = 123456789012") == "1")
        #expect(box.sql("select count(*) from solved_frames where mid_x = 61728394506") == "1")
        #expect(
            box.run(["frames", "--format", "csv"]).stdout.contains("big,0,0,123456789012,10,0"))
    }

    @Test("variant create --canvas with a negative size: a usage error that says why")
    func negativeCanvas() {
        let box = Sandbox()
        #expect(
            box.run(["apply", box.write("a.layout", "canvas 375 812\nview a\n"), "-q"]).status == 0)
        for args in [["--canvas", "-5x5"], ["--canvas=-5x5"], ["--canvas", "5x-5"]] {
            let r = box.run(["variant", "create", "x"] + args)
            #expect(r.status == 64, "\(args)")
            #expect(
                r.stderr.contains("--canvas must be WIDTHxHEIGHT, two numbers >= 0"), "\(r.stderr)")
            #expect(
                r.stderr.contains(
                    "(got '\(args.last!.replacingOccurrences(of: "--canvas=", with: ""))')"))
            #expect(!r.stderr.contains("Missing value"), "\(r.stderr)")
        }
        #expect(!box.run(["variant", "list"]).stdout.contains("x "))
    }

    @Test("variant create --from: a copy with every override; an unknown source changes nothing")
    func variantFrom() {
        let box = Sandbox()
        let script = """
            canvas 320 200
            view a
            a.top == 0
            a.left == 0
            h: a.height == 20
            w: a.width == 10
            variant wide canvas 500 200 direction rtl
            set h 30 in wide
            deactivate w in wide
            """
        #expect(box.run(["apply", box.write("a.layout", script), "-q"]).status == 0)
        let copy = box.run(["variant", "create", "wide2", "--from", "wide", "-q"])
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(box.frameLines(variant: "wide2") == box.frameLines(variant: "wide"))
        // variant list says everything a variant changes, in the script's words.
        let list = box.run(["variant", "list"])
        #expect(
            list.stdout.contains("wide2    500x200  direction rtl; set h 30; deactivate w"),
            "\(list.stdout)")
        let json = box.run(["variant", "list", "--json"])
        #expect(
            json.stdout.contains(
                #"{"canvas":{"height":200,"width":500},"name":"wide","overrides":["direction rtl","set h 30","deactivate w"]}"#
            ), "\(json.stdout)")
        let before = box.snapshot()
        let wrong = box.run(["variant", "create", "x", "--from", "narrow"])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("no variant `narrow`"), "\(wrong.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test("a variant is declared once: again in the script or in another file is refused")
    func variantDeclaredOnce() {
        let box = Sandbox()
        let twice =
            "canvas 100 100\nview a frame 0 0 10 10\nvariant v canvas 100 100\n"
            + "variant v canvas 200 200\n"
        let r = box.run(["apply", box.write("t.layout", twice)])
        #expect(r.status == 65)
        #expect(
            r.stderr.contains(
                "t.layout:4:1: variant `v` already exists in layout `main` (declared at "),
            "\(r.stderr)")
        #expect(r.stderr.contains("t.layout:3:1)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: box.db))
        let once = "canvas 100 100\nview a frame 0 0 10 10\nvariant v canvas 100 100\n"
        #expect(box.run(["apply", box.write("a.layout", once), "-q"]).status == 0)
        let before = box.snapshot()
        let other = box.run(["apply", box.write("b.layout", "variant v canvas 10 10\n")])
        #expect(other.status == 65)
        #expect(
            other.stderr.contains("b.layout:1:1: variant `v` already exists"), "\(other.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test("a metric and a view of one name are refused, whichever comes first")
    func metricNamedAsView() {
        let box = Sandbox()
        let viewFirst = box.run([
            "apply",
            box.write("m.layout", "canvas 100 100\nview x frame 40 0 10 10\nmetric x 5\n"),
        ])
        #expect(viewFirst.status == 65)
        #expect(
            viewFirst.stderr.contains("m.layout:3:1: `x` is already a view in layout `main`"),
            "\(viewFirst.stderr)")
        #expect(viewFirst.stderr.contains("give the metric another name"))
        #expect(
            box.run(["apply", box.write("g.layout", "canvas 100 100\nmetric gap 5\n"), "-q"]).status
                == 0)
        let before = box.snapshot()
        let later = box.run(["apply", box.write("v.layout", "view gap\n")])
        #expect(later.status == 65)
        #expect(
            later.stderr.contains(
                "v.layout:1:1: `gap` is already a metric in layout `main` (stored in the project)"),
            "\(later.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test("an error under a line indented with a tab keeps the tab, so the caret lines up")
    func caretAfterTab() {
        let box = Sandbox()
        let r = box.run([
            "apply", box.write("t.layout", "canvas 100 100\n\tview a frame 0 0 10 10 bogus\n"),
        ])
        #expect(r.status == 65)
        #expect(r.stderr.contains("\n  \tview a frame 0 0 10 10 bogus\n  \t   "), "\(r.stderr)")
        #expect(!r.stderr.contains("\u{FFFD}"), "\(r.stderr)")
    }

    @Test("a script that is not UTF-8 is refused at its first bad byte's line and column")
    func notUTF8() throws {
        let box = Sandbox()
        let path = box.directory.appending(path: "bad.layout")
        try Data([UInt8]("view x\nview y \u{E9} ".utf8) + [0xC3, 0x0A]).write(to: path)
        let r = box.run(["apply", path.path])
        #expect(r.status == 65)
        #expect(
            r.stderr.contains(
                "bad.layout:2:11: not UTF-8 text (byte 0xC3); save the file as UTF-8"),
            "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }

    @Test("a folder or an empty --db, and a mistyped #id, are named for what they are")
    func pathsAndIDs() {
        let box = Sandbox()
        let folder = box.directory.appending(path: "screens").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = box.write(
            "a.layout", "canvas 100 100\nview a frame 0 0 10 10\nh: a.height == 5\n")
        for args in [["frames"], ["apply", script]] {
            let r = box.run(args + ["--db", folder])
            #expect(r.status == 66, "\(args)")
            #expect(r.stderr.contains("screens is a folder, not a project file"), "\(r.stderr)")
        }
        let empty = box.run(["frames", "--db", ""])
        #expect(empty.status == 64)
        #expect(empty.stderr.contains("--db needs a path"), "\(empty.stderr)")
        // A device: refused before SQLite makes a journal beside it.
        let device = box.run(["apply", script, "--db", "/dev/null"])
        #expect(device.status == 66)
        #expect(device.stderr.contains("/dev/null is not a regular file"), "\(device.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
        // An empty LAYOUTDB is unset: the default project, here none.
        let unset = box.run(["frames"], environment: ["LAYOUTDB": ""], db: false)
        #expect(unset.stderr.contains("no project at project.layoutdb"), "\(unset.stderr)")
        #expect(box.run(["apply", script, "-q"]).status == 0)
        for id in ["#-1", "#abc", "#99999999999999999999"] {
            let r = box.run(["set-constant", id, "5"])
            #expect(r.status == 65)
            #expect(r.stderr.contains("no constraint \(id) in layout `main`"), "\(r.stderr)")
        }
    }

    @Test("an infinite canvas that plain SQL stored is named, not blamed on a constraint")
    func infiniteCanvas() {
        let box = Sandbox()
        let script =
            "canvas 320 100\nview a\na.left == 0; a.top == 0; a.right == |.right - 10\na.height == 5\n"
        #expect(box.run(["apply", box.write("c.layout", script), "-q"]).status == 0)
        #expect(box.sqlite("UPDATE layouts SET canvas_width = 9e999").status == 0)
        let r = box.run(["solve"])
        #expect(r.status == 65)
        #expect(
            r.stderr.contains(
                "cannot solve layout `main`: a canvas width must be a finite number >= 0, "
                    + "not inf"),
            "\(r.stderr)")
    }

    @Test("set in a script: an unknown label or variant is shown at its name, line and caret")
    func setPointsAtTheName() {
        let box = Sandbox()
        let script = box.write(
            "s.layout",
            """
            canvas 100 100
            view header
            header.height: header.height == 10
            variant c canvas 50 50
              set header.hieght 5 in c
            view a; set header.height 5 in cc

            """)
        let label = box.run(["apply", script])
        #expect(label.status == 65)
        #expect(
            label.stderr.contains(
                """
                s.layout:5:7: no constraint labelled `header.hieght` in layout `main`; \
                did you mean `header.height`?
                    set header.hieght 5 in c
                        ^
                """), "\(label.stderr)")
        box.write(
            "s.layout",
            try! String(contentsOfFile: script, encoding: .utf8).replacingOccurrences(
                of: "hieght", with: "height"))
        let variant = box.run(["apply", script])
        #expect(variant.status == 65)
        #expect(
            variant.stderr.contains(
                """
                s.layout:6:32: no variant `cc` in layout `main`; did you mean `c`?
                  view a; set header.height 5 in cc
                                                 ^
                """), "\(variant.stderr)")
        // Refused whole: a first apply makes no project file.
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }

    @Test("add: an equation that starts with '-' is an equation, not options")
    func equationStartingWithMinus() {
        let box = Sandbox()
        #expect(
            box.run(["apply", box.write("a.layout", "canvas 375 812\nview a\n"), "-q"]).status == 0)
        let bare = box.run(["add", "-a.width"])
        #expect(bare.status == 65)
        #expect(bare.stderr.contains("<add>:1:9: expected '==', '<=' or '>='"), "\(bare.stderr)")
        #expect(!bare.stdout.contains("USAGE"))
        let added = box.run(["add", "-a.width == -40", "--label", "neg", "-q"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(box.run(["get", "neg"]).stdout.contains("source: -a.width == -40"))
        #expect(box.run(["frames", "--format", "csv"]).stdout.contains("a,0,0,40,0,0"))
        // Short options are still options, with a value after `=` too.
        #expect(box.run(["render", "-o=a.svg", "-q"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: box.directory.appending(path: "a.svg").path))
    }

    @Test("check without --variant checks the base and every variant, and says which")
    func checkEveryVariant() {
        let box = Sandbox()
        let script =
            "canvas 375 812\nview a\nH:|-20-[a]-20-|\nV:|[a(40)]\nvariant compact canvas 320 568\n"
        #expect(box.run(["apply", box.write("c.layout", script), "-q"]).status == 0)
        let clean = box.run(["check"])
        #expect(clean.status == 0)
        #expect(
            clean.stdout
                == "ok: main/base is fully determined\nok: main/compact is fully determined\n")

        #expect(box.run(["variant", "create", "zero", "--canvas", "0x0", "-q"]).status == 0)
        let r = box.run(["check"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("ok: main/base is fully determined"))
        #expect(r.stdout.contains("main/zero: negative size: a is solved -40 wide"), "\(r.stdout)")
        let json = box.run(["check", "--json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"variant\":\"base\",\"variants\":[{"))
        #expect(
            json.stdout.contains(
                "\"negative\":[{\"dimension\":\"width\",\"limit\":0,\"solved\":-40,\"view\":\"a\"}]"
            ))
        // --variant checks that one only.
        #expect(box.run(["check", "--variant", "compact"]).status == 0)
        #expect(box.run(["check", "--variant", "zero"]).status == 1)

        // An empty project has nothing to call fully determined.
        let empty = Sandbox()
        #expect(empty.run(["init", "-q"]).status == 0)
        let none = empty.run(["check"])
        #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stdout)")
        #expect(none.stderr.contains("start with `layoutdb apply FILE`"))
    }

    @Test("help on a narrow terminal: laid out for 40 columns instead of stopping")
    func helpOnNarrowTerminals() throws {
        let box = Sandbox()
        for columns in ["20", "1", "0", "-5"] {
            for args in [["help", "frames"], ["--help"], ["add", "--help"]] {
                let r = box.run(args, environment: ["COLUMNS": columns], db: false)
                #expect(r.status == 0, "COLUMNS=\(columns) \(args): \(r.stderr)")
                #expect(r.stdout.contains("USAGE:"), "COLUMNS=\(columns) \(args)")
            }
        }
        let terminal = try runWithNarrowTerminalStdout(["help", "frames"], columns: 20)
        #expect(terminal.status == 0)
        #expect(terminal.output.contains("USAGE:"))
    }
}

/// Runs layoutdb with standard output on a pseudo-terminal `columns` wide (and no
/// `COLUMNS`), returning what the terminal received.
private func runWithNarrowTerminalStdout(_ args: [String], columns: UInt16) throws -> (
    status: Int32, output: String
) {
    // posix_openpt and friends are not visible from Swift's Glibc module; these are the
    // Linux ioctls they wrap.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(master >= 0)
    defer { close(master) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    try #require(ioctl(master, 0x4004_5431, &unlock) == 0)  // TIOCSPTLCK
    try #require(ioctl(master, 0x8004_5430, &number) == 0)  // TIOCGPTN
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    try #require(slave >= 0)
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    try #require(ioctl(slave, 0x5414, &size) == 0)  // TIOCSWINSZ
    let p = Process()
    p.executableURL = productsDirectory.appending(path: "layoutdb")
    p.arguments = args
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "COLUMNS")
    p.environment = environment
    p.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    p.standardError = FileHandle.nullDevice
    p.standardInput = FileHandle.nullDevice
    try p.run()
    close(slave)
    // Read while it runs (the terminal's buffer is small), until the last writer closes.
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(master, &buffer, buffer.count)
        if n <= 0 { break }
        received += buffer[0..<n]
    }
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: received, as: UTF8.self))
}
