import Foundation
import Testing

/// Issue 15, the store's items, end to end on the built binary: what doctor finds and
/// repairs (4), reads that never write (5), conflict messages (10–12), empty projects
/// (19), clean numbers in SQL (20) and in print (21), and what check warns about (22).
@Suite("issue 15: store, reads and messages")
struct StoreDefectTests {
    static let login = """
        canvas 375 812
        view header
        view loginButton
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 88
        loginButton.left == |.left; loginButton.right == |.right
        loginButton.top == header.bottom; loginButton.height == 40

        """

    func project(_ script: String = login) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("a.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return box
    }

    // MARK: 4 — doctor

    @Test(
        "4: doctor reports a layout that no longer solves, with the conflict, and --fix leaves it")
    func doctorReportsUnsolvableLayout() {
        let box = project()
        #expect(
            box.sqlite(
                """
                INSERT INTO constraints (layout_id, ordinal, label, relation, constant, lhs_view_id,
                    lhs_attribute, lhs_coefficient, source)
                SELECT layout_id, 99, 'bw', '==', 200, id, 'width', 1, 'loginButton.width == 200'
                FROM views WHERE name = 'loginButton'
                """
            ).status == 0)
        #expect(box.run(["frames"]).status == 65)
        let r = box.run(["doctor"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("solve: main/base: the constraints do not solve"), "\(r.stdout)")
        #expect(r.stdout.contains("bw: loginButton.width == 200"))
        #expect(r.stdout.contains("loginButton.right == |.right"))
        #expect(!r.stdout.contains("healthy"))
        let before = box.snapshot()
        let fix = box.run(["doctor", "--fix"])
        #expect(fix.status == 1 && !fix.stdout.contains("fixed:"), "\(fix.stdout)")
        #expect(box.snapshot() == before)
    }

    @Test("4: doctor --fix marks stale, unmarked frames dirty, re-solves them and says so")
    func doctorFixRepairsStaleFrames() {
        let box = project()
        #expect(
            box.sqlite(
                """
                UPDATE frames SET y = y + 5
                WHERE view_id = (SELECT id FROM views WHERE name = 'loginButton');
                DELETE FROM dirty;
                """
            ).status == 0)
        let found = box.run(["doctor"])
        #expect(found.status == 1)
        #expect(found.stdout.contains("view loginButton is stale but not marked dirty: y 93"))
        let fix = box.run(["doctor", "--fix"])
        #expect(fix.status == 0, "\(fix.stdout)\(fix.stderr)")
        #expect(
            fix.stdout.contains("fixed: layout main: marked dirty and re-solved, 1 frame rewritten")
        )
        #expect(fix.stdout.contains("healthy"))
        #expect(box.sql("select y from solved_frames where view = 'loginButton'") == "88.0")
        #expect(box.sql("select count(*) from dirty") == "0")
        #expect(box.run(["doctor"]).status == 0)
    }

    // MARK: 5 — reads that never write

    @Test("5: with --no-solve, frames shows stored frames, marks stale ones, and writes nothing")
    func noSolveReadsShowStaleFrames() {
        let box = project()
        #expect(box.run(["--no-solve", "set-constant", "header.height", "100"]).status == 0)
        let before = box.snapshot()
        #expect(box.sql("select count(*) from dirty") != "0")

        let table = box.run(["frames", "--no-solve"])
        #expect(table.status == 0)
        #expect(
            table.stdout.split(separator: "\n").contains {
                $0.hasPrefix("header ") && $0.hasSuffix("*")
            })
        #expect(table.stdout.contains("88"), "the stored height, not the edit's 100")
        let warnings = table.stderr.split(separator: "\n")
        #expect(
            warnings.count == 1 && warnings[0].contains("2 frames are stale"), "\(table.stderr)")

        let csv = box.run(["frames", "--no-solve", "--format", "csv"]).stdout
        #expect(csv.hasPrefix("view,x,y,width,height,stale\n"))
        #expect(csv.contains("header,0,0,375,88,1") && csv.contains("loginButton,0,88,375,40,1"))
        let json = box.run(["frames", "--no-solve", "--format", "json"]).stdout
        #expect(json.contains("\"stale\":true") && !json.contains("\"stale\":false"))
        #expect(box.snapshot() == before)

        // Commands documented never to change the project solve in memory instead.
        #expect(
            box.run(["--no-solve", "variant", "create", "compact", "--canvas", "320x568"]).status
                == 0)
        let marked = box.snapshot()
        let diff = box.run(["diff"])
        #expect(
            diff.status == 0 && diff.stdout.contains("header: width 375 → 320"), "\(diff.stdout)")
        #expect(box.run(["render", "-o", box.directory.appending(path: "x.svg").path]).status == 0)
        for read in [
            ["diff", "--no-solve"], ["render", "--all-variants", "--no-solve", "-o", "-"],
        ] {
            let warnings = box.run(read).stderr.split(separator: "\n")
            #expect(
                warnings.count == 1 && warnings[0].contains("2 frames are stale"),
                "\(read): \(warnings)")
        }
        #expect(box.snapshot() == marked)

        // Without the flags, frames re-solves first, as before.
        let solved = box.run(["frames", "--format", "csv"])
        #expect(solved.stdout.contains("header,0,0,375,100,0") && solved.stderr.isEmpty)
        #expect(box.sql("select count(*) from dirty") == "0")
    }

    /// Whether this process can run the binary as another user (root, with util-linux's
    /// setpriv): the only way to make a folder unwritable to layoutdb when tests run as root.
    static let canRunAsNobody =
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// `layoutdb ARGS` as user and group 65534 (nobody), in the sandbox's folder.
    func runAsNobody(_ box: Sandbox, _ args: [String]) -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments =
            [
                "--reuid=65534", "--regid=65534", "--clear-groups",
                productsDirectory.appending(path: "layoutdb").path,
            ]
            + args
        p.currentDirectoryURL = box.directory
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return Run(status: -1, stdout: "", stderr: "\(error)") }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(
            status: p.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test(
        "5: --read-only reads a WAL project in a folder the user cannot write",
        .enabled(if: canRunAsNobody, "needs root and /usr/bin/setpriv to drop to user nobody"))
    func readOnlyInUnwritableFolder() throws {
        let box = project()
        #expect(box.run(["--no-solve", "set-constant", "header.height", "100"]).status == 0)
        // A project as a checkout or a package holds it: the main file alone, no -wal or -shm.
        #expect(box.sqlite("PRAGMA wal_checkpoint(TRUNCATE)").status == 0)
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: box.db + suffix)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: box.directory.path).sorted()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: box.db)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o555], ofItemAtPath: box.directory.path)
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: box.directory.path)
        }

        let r = runAsNobody(box, ["--db", box.db, "--read-only", "frames", "--format", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("header,0,0,375,88,1"), "\(r.stdout)")
        #expect(r.stderr.contains("stale") && r.stderr.contains("writable"))
        let plain = runAsNobody(box, ["--db", box.db, "frames"])
        #expect(plain.status == 74 && plain.stderr.contains("--read-only"), "\(plain.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: box.directory.path).sorted()
                == files)
    }

    // MARK: 10, 11, 12 — conflict messages

    static let tall = """
        canvas 375 812
        view header
        view body
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 88
        V:|[header]-[body]|
        H:|[body]|
        body.height >= 700

        """

    @Test("10, 11: a set-constant conflict prints the label once and the value that was tried")
    func setConstantConflictShowsTriedValue() {
        let box = project(Self.tall)
        let r = box.run(["set-constant", "header.height", "150"])
        #expect(r.status == 65)
        let message = r.stderr.replacingOccurrences(of: box.directory.path + "/", with: "")
        #expect(message.components(separatedBy: "header.height:").count == 2, "\(message)")
        #expect(
            message.contains(
                "  header.height: header.height == 88    (a.layout:5)\n      → header.height == 150\n"
            ))
        #expect(!message.contains("header.height: header.height: "))
    }

    @Test("12: each equation a VFL line or compound constraint generated, once, under its line")
    func generatedConstraintsUnderTheirLine() {
        let box = Sandbox()
        let script = Self.tall.replacingOccurrences(
            of: "body.height >= 700", with: "b: body.edges == |.edges + 10")
        let r = box.run(["apply", box.write("b.layout", script)])
        #expect(r.status == 65)
        let lines = r.stderr.replacingOccurrences(of: box.directory.path + "/", with: "")
            .split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("V:|[header]-[body]|") }.count == 1, "\(r.stderr)")
        guard let vfl = lines.firstIndex(where: { $0.contains("V:|[header]-[body]|") }) else {
            return
        }
        #expect(lines[vfl + 1] == "      → body.top == header.bottom + 8")
        #expect(lines[vfl + 2] == "      → root.bottom == body.bottom")
        guard let compound = lines.firstIndex(of: "  b: body.edges == |.edges + 10    (b.layout:8)")
        else {
            Issue.record("no line for the compound constraint: \(r.stderr)")
            return
        }
        #expect(lines[compound + 1].hasPrefix("      → b."))
        let parts = lines[(compound + 1)...].prefix { $0.hasPrefix("      → ") }
        #expect(Set(parts).count == parts.count && parts.count >= 2, "\(parts)")
        // A plain equation's own line says it all: no equation under it.
        guard
            let height = lines.firstIndex(
                of: "  header.height: header.height == 88    (b.layout:5)")
        else {
            Issue.record("no line for header.height: \(r.stderr)")
            return
        }
        #expect(!lines[height + 1].hasPrefix("      → "))
    }

    // MARK: 19 — an empty project

    @Test(
        "19: after init, reads are empty (exit 0) and say how to start; variant create makes main")
    func emptyProjectReadsAsEmpty() {
        let box = Sandbox()
        #expect(box.run(["init", "-q"]).status == 0)
        for command in [["frames"], ["views"], ["list"], ["variant", "list"], ["check"]] {
            let r = box.run(command)
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(r.stdout.split(separator: "\n").count <= 1, "\(command): \(r.stdout)")
            #expect(r.stderr.contains("layoutdb apply FILE"), "\(command): \(r.stderr)")
        }
        #expect(box.run(["frames", "--format", "csv"]).stdout == "view,x,y,width,height,stale\n")
        let created = box.run(["variant", "create", "x", "--canvas", "320x568"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stderr.contains("created an empty layout main"))
        #expect(box.run(["variant", "list"]).stdout.contains("x        320x568"))
        #expect(box.run(["apply", box.write("a.layout", Self.login), "-q"]).status == 0)
        #expect(
            box.run(["frames", "--variant", "x", "--format", "csv"]).stdout.contains(
                "header,0,0,320,88,0"))
        // Another name is still unknown: nothing is read from a layout that is not there.
        #expect(box.run(["--layout", "other", "frames"]).status == 65)
    }

    // MARK: 20, 21 — numbers

    /// `n` views side by side, equally wide, in a 100-wide canvas.
    static func equalViews(_ n: Int) -> String {
        var lines = ["canvas 100 50"] + (0..<n).map { "view v\($0)" }
        lines.append("H:|[v0]" + (1..<n).map { "[v\($0)(==v0)]" }.joined() + "|")
        lines += (0..<n).map { "V:|[v\($0)(10)]" }
        return lines.joined(separator: "\n")
    }

    @Test(
        "20: solved values are stored on a clean grid: plain SQL finds max_x = 100",
        arguments: [3, 6, 11, 12])
    func solvedValuesAreCleanInSQL(views n: Int) {
        let box = project(Self.equalViews(n))
        #expect(box.sql("select view from solved_frames where max_x = 100") == "v\(n - 1)")
        #expect(
            box.sql("select count(*) from solved_frames where width = round(width, 12)")
                == "\(n)")
    }

    @Test("21: numbers beyond a sane range print in their shortest exact form")
    func extremeNumbersPrintShort() {
        let box = project(
            """
            canvas 375 812
            view big
            big.left == 0; big.top == 20; big.width == 1e300; big.height == 1e-300

            """)
        let table = box.run(["frames"]).stdout
        #expect(table.contains("1e+300") && table.contains("1e-300"), "\(table)")
        #expect(table.split(separator: "\n").allSatisfy { $0.count < 60 })
        #expect(box.run(["frames", "--format", "csv"]).stdout.contains("big,0,20,1e+300,1e-300"))
        let json = box.run(["frames", "--format", "json"]).stdout
        #expect(json.contains("\"width\":1e+300") && json.contains("\"height\":1e-300"))
    }

    // MARK: 22 — check and doctor on solutions no screen should have

    static let cramped = """
        canvas 375 812
        view a
        H:|-200-[a]-200-|
        V:|[a(40)]
        view title intrinsic 120 20
        title.left == |.left + 10
        V:|-50-[title]
        title.width <= 80
        view left
        view right
        H:|-10-[left(100)]
        H:|-60-[right(100)]
        V:|-100-[left(50)]
        V:|-120-[right(50)]

        """

    @Test("22: check warns about negative sizes, squeezed views and overlapping siblings, exit 1")
    func checkWarnsAboutBadSolutions() {
        let box = project(Self.cramped)
        let r = box.run(["check"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("negative size: a is solved -25 wide"), "\(r.stdout)")
        #expect(
            r.stdout.contains("squeezed: title is solved 80 wide, below its intrinsic width 120"))
        #expect(r.stdout.contains("overlap: left and right share x 60…110, y 120…150"))
        #expect(!r.stdout.contains("fully determined"))
        let allowed = box.run(["check", "--allow-overlap"])
        #expect(allowed.status == 1 && !allowed.stdout.contains("overlap"))
        let json = box.run(["check", "--json"]).stdout
        #expect(
            json.contains(
                "\"negative\":[{\"dimension\":\"width\",\"limit\":0,\"solved\":-25,\"view\":\"a\"}]"
            ))

        // Overlap alone, allowed: nothing left to report.
        let overlapOnly = project(
            """
            canvas 375 812
            view left
            view right
            H:|-10-[left(100)]
            H:|-60-[right(100)]
            V:|-100-[left(50)]
            V:|-120-[right(50)]

            """)
        #expect(overlapOnly.run(["check"]).status == 1)
        #expect(overlapOnly.run(["check", "--allow-overlap"]).status == 0)
    }

    @Test("22: doctor flags negative sizes, also in a variant with a 0x0 canvas")
    func doctorFlagsNegativeSizes() {
        let box = project(
            Self.login.replacingOccurrences(
                of: "loginButton.left == |.left; loginButton.right == |.right",
                with: "H:|-20-[loginButton]-20-|"))
        #expect(box.run(["doctor"]).status == 0)
        #expect(box.run(["variant", "create", "zero", "--canvas", "0x0", "-q"]).status == 0)
        let r = box.run(["doctor"])
        #expect(r.status == 1)
        #expect(
            r.stdout.contains(
                "sizes: main/zero: view loginButton solves to a negative width (-40)"),
            "\(r.stdout)")
        #expect(box.run(["check", "--variant", "zero"]).status == 1)
    }
}
