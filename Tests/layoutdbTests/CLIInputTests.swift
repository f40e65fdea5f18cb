import Foundation
import Testing

/// Issue 15's command-line input defects, end to end on the built binary: standard input
/// that cannot be read, negative numbers as values, files that cannot be written or are
/// not regular files.
@Suite("Issue 15: command-line input")
struct CLIInputTests {
    static let header = InputDefectsTests.header

    /// Runs `layoutdb ARGS --db DB` through `sh -c` so that a test can redirect or close
    /// standard input as a shell user does (`<&-`, `< .`).
    func shell(_ box: Sandbox, _ args: String, redirect: String) -> Run {
        let binary = productsDirectory.appending(path: "layoutdb").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "'\(binary)' \(args) --db '\(box.db)' \(redirect)"]
        p.currentDirectoryURL = box.directory
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try? p.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(
            status: p.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    // MARK: 2. Unreadable standard input

    @Test("2: a closed standard input or a directory on it is an error, exit 66, not a crash")
    func unreadableStandardInput() {
        let box = Sandbox()
        for redirect in ["<&-", "< ."] {
            let r = shell(box, "apply -", redirect: redirect)
            #expect(r.status == 66, "\(redirect): \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix("error: cannot read standard input: "), "\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: box.db))
        // With standard error closed, an error has nowhere to go, but it is no crash.
        let quiet = shell(box, "frames", redirect: "2>&-")
        #expect(quiet.status == 66, "\(quiet.status)")
        // A timeout that cannot be made milliseconds is a usage error, not a trap.
        for value in ["nan", "1e300", "-1"] {
            let r = box.run(["--busy-timeout", value, "frames"])
            #expect(r.status == 64, "\(value): \(r.stderr)")
        }
    }

    // MARK: 6. Negative numbers

    @Test("6: negative numbers are values for set-constant, sweep and animate; -- still works")
    func negativeNumbers() {
        let box = Sandbox()
        let script =
            "canvas 100 100\nview a\na.top == |.top; a.height == 10\ngap: a.left == |.left + 10\na.width == 20\n"
        #expect(box.run(["apply", box.write("a.layout", script), "-q"]).status == 0)
        let set = box.run(["set-constant", "gap", "-20"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("x 10 → -20"), "\(set.stdout)")
        let sweep = box.run(["sweep", "gap", "-20", "0", "10", "--format", "csv"])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(sweep.stdout.contains("\n-20,a,-20,0,20,10\n-10,a,-10,0,20,10\n0,a,0,0,20,10"))
        let down = box.run(["sweep", "gap", "0", "-1.5", "-0.5", "--format", "csv"])
        #expect(down.stdout.contains("\n-1.5,a,-1.5,"), "\(down.stdout) \(down.stderr)")
        let animate = box.run(["animate", "gap", "-40", "--frames", "2"])
        #expect(
            animate.status == 0 && animate.stdout.contains("1,a,-40,0,20,10"), "\(animate.stderr)")
        let terminated = box.run(["--db", box.db, "set-constant", "--", "gap", "-25"])
        #expect(terminated.status == 0 && terminated.stdout.contains("x -20 → -25"))
        // An argument that is not a number quotes what was typed.
        let priority = box.run(["set-priority", "gap", "-5"])
        #expect(
            priority.status == 64 && priority.stderr.contains("(got '-5')"), "\(priority.stderr)")
        let frames = box.run(["animate", "gap", "5", "--frames", "-3"])
        #expect(frames.status == 64 && frames.stderr.contains("--frames must be 2...10000"))
        // A word that is not a number is still read as an option.
        #expect(box.run(["set-constant", "gap", "-x"]).status == 64)
        let bad = box.run(["set-constant", "gap", "ten"])
        #expect(bad.status == 64 && bad.stderr.contains("'ten' is not a number"), "\(bad.stderr)")
        // A negative number the command does not take is named as typed, with an ASCII '-'.
        let extra = box.run(["set-constant", "gap", "-20", "-7"])
        #expect(extra.status == 64, "\(extra.stderr)")
        #expect(extra.stderr.contains("Unexpected argument '-7'"), "\(extra.stderr)")
        #expect(!extra.stderr.contains("\u{E000}"), "\(extra.stderr)")
        let list = box.run(["list", "-5"])
        #expect(list.status == 64 && list.stderr.contains("'-5'"), "\(list.stderr)")
        // A path or a name that starts with '-' and a digit is used and quoted as typed.
        #expect(box.run(["export", "-o", "-1.layout"]).status == 0)
        #expect(box.run(["--db", "-3.layoutdb", "apply", "a.layout", "-q"], db: false).status == 0)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: box.directory.path)) ?? []
        #expect(files.contains("-1.layout") && files.contains("-3.layoutdb"), "\(files)")
        #expect(!files.contains { $0.contains("\u{E000}") }, "\(files)")
        // A word typed with U+2212 MINUS SIGN is that word: a file of that name, not a number.
        let minus = "\u{2212}"
        #expect(
            box.run(["--db", minus + "7.layoutdb", "apply", "a.layout", "-q"], db: false).status
                == 0)
        let named = (try? FileManager.default.contentsOfDirectory(atPath: box.directory.path)) ?? []
        #expect(named.contains(minus + "7.layoutdb"), "\(named)")
        let typed = box.run(["set-constant", "gap", minus + "5"])
        #expect(
            typed.status == 64 && typed.stderr.contains("'\(minus)5' is not a number"),
            "\(typed.stderr)")
        let get = box.run(["get", "-5"])
        #expect(
            get.stderr == "error: no constraint labelled `-5` in layout `main`\n", "\(get.stderr)")
    }

    // MARK: 16. Files

    @Test(
        "16: export to an unwritable path says cannot write; apply of a device or folder says not a regular file"
    )
    func filesThatCannotBeUsed() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.header), "-q"]).status == 0)
        let export = box.run(["export", "-o", "/nonexistent/dir/x.layout"])
        #expect(export.status == 74, "\(export.stderr)")
        #expect(
            export.stderr.hasPrefix(
                "error: cannot write /nonexistent/dir/x.layout: No such file or directory"),
            "\(export.stderr)")
        let before = box.snapshot()
        for path in ["/dev/zero", box.directory.path] {
            let r = box.run(["apply", path])
            #expect(r.status == 66, "\(path): \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("error: cannot read \(path): not a regular file"), "\(r.stderr)")
        }
        let missing = box.run(["apply", "missing.layout"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("cannot read missing.layout: No such file or directory"))
        // A pipe is read: `apply <(generate)` works.
        let piped = shell(box, "apply /dev/stdin -q", redirect: "<<'EOF'\nview piped\nEOF")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(box.snapshot() != before)
    }
}
