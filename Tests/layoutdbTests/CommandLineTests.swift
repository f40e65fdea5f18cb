import Foundation
import Testing

private let login = """
    canvas 375 812
    view header
    view passField in header
    header.top == |.top; header.left == |.left; header.right == |.right
    header.height: header.height == 70
    button.gap: passField.left == header.left + 8
    passField.top == header.top + 4; passField.width == 100; passField.height == 20

    """

/// The options of `GlobalOptions`, as their help lines start.
private let globalOptions = [
    "--db", "--layout", "--no-solve", "--busy-timeout", "--read-only", "-q, --quiet",
]

/// The command paths `layoutdb --help` lists (and `variant`'s own), read from the help
/// itself so that a new subcommand is checked without editing this test.
private func commandPaths(_ box: Sandbox) -> [[String]] {
    func listed(_ help: String) -> [String] {
        var names: [String] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix("SUBCOMMANDS:") {
                inSection = true
            } else if line.isEmpty {
                inSection = false
            } else if inSection, line.hasPrefix("  "), !line.hasPrefix("   ") {
                names.append(String(line.dropFirst(2).prefix { $0 != " " }))
            }
        }
        return names
    }
    let top = listed(box.run(["--help"], db: false).stdout)
    return top.flatMap { name -> [[String]] in
        let nested = listed(box.run(["help", name], db: false).stdout)
        return [[name]] + nested.map { [name, $0] }
    }
}

@Suite("The command line: command names, help pages, label and attribute lookups")
struct CommandLineTests {
    @Test("a mistyped command exits 64 with `did you mean`, also after `help`; nothing else runs")
    func unknownCommands() {
        let box = Sandbox()
        let typo = box.run(["fram"])
        #expect(typo.status == 64)
        #expect(
            typo.stderr.contains("unknown command `fram`; did you mean `frames`?"), "\(typo.stderr)"
        )
        #expect(typo.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: box.db), "no project is created")

        let help = box.run(["help", "nonexist"], db: false)
        #expect(help.status == 64)
        #expect(help.stderr.contains("unknown command `nonexist`"))
        #expect(help.stdout.isEmpty, "not the root's help: \(help.stdout.prefix(80))")

        let helpTypo = box.run(["help", "fram"], db: false)
        #expect(helpTypo.status == 64)
        #expect(helpTypo.stderr.contains("did you mean `frames`?"))

        let nested = box.run(["--db", box.db, "variant", "crate", "compact"])
        #expect(nested.status == 64)
        #expect(nested.stderr.contains("unknown command `crate`; did you mean `create`?"))
        #expect(nested.stderr.contains("layoutdb variant --help"))

        // Known names, with global options and their values anywhere, still work.
        #expect(box.run(["help", "frames"], db: false).status == 0)
        #expect(box.run(["help", "variant", "create"], db: false).status == 0)
        #expect(box.run(["--layout", "fram", "init"]).status == 0)
    }

    @Test("`layoutdb --help` groups the commands: edit, read, see, project; each once")
    func groupedHelp() {
        let box = Sandbox()
        let help = box.run(["--help"], db: false).stdout
        for group in ["EDIT", "READ", "SEE", "PROJECT"] {
            #expect(help.contains("\(group) SUBCOMMANDS:"), "\(group) group")
        }
        let top = commandPaths(box).filter { $0.count == 1 }.map { $0[0] }
        #expect(Set(top).count == top.count, "a command in two groups: \(top)")
        for name in ["apply", "get", "render", "doctor", "variant", "why"] {
            #expect(top.contains(name), "\(name) is listed")
        }
        for option in globalOptions {
            #expect(help.contains("  \(option)"), "the root's help explains \(option)")
        }
        let wide = box.run(["--help"], environment: ["COLUMNS": "400"], db: false).stdout
        let narrow = box.run(["--help"], environment: ["COLUMNS": "80"], db: false).stdout
        #expect(
            narrow.components(separatedBy: "USAGE:")[0]
                == wide.components(separatedBy: "USAGE:")[0],
            "the root's overview is written for 80 columns")
    }

    @Test(
        "every command's help: an example, the global options not repeated, no trailing spaces, nothing wrapped at 80 columns"
    )
    func everyCommandsHelp() {
        let box = Sandbox()
        let paths = commandPaths(box)
        #expect(paths.count >= 27, "every subcommand found: \(paths)")
        for path in paths {
            let name = path.joined(separator: " ")
            let help = box.run(["help"] + path, environment: ["COLUMNS": "80"], db: false)
            #expect(help.status == 0, "\(name)")
            let text = help.stdout
            #expect(
                text.contains("Examples:\n  layoutdb "), "`layoutdb help \(name)` shows an example")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines where line.last == " " {
                Issue.record("`layoutdb help \(name)` has trailing spaces: '\(line)'")
            }
            #expect(text.contains("Global options: see `layoutdb --help`."), "\(name)")
            let usage = lines.first { $0.hasPrefix("USAGE:") } ?? ""
            for option in globalOptions {
                let flag = option.split(separator: " ").last.map(String.init) ?? option
                #expect(!usage.contains(flag), "\(name)'s usage repeats \(flag)")
                #expect(
                    !lines.contains { $0.hasPrefix("  \(option)") },
                    "\(name)'s help repeats \(option)")
            }
            // Text written for 80 columns is not re-wrapped there: what precedes the
            // usage reads the same on a wide terminal.
            let wide = box.run(["help"] + path, environment: ["COLUMNS": "400"], db: false).stdout
            func overview(_ s: String) -> String { s.components(separatedBy: "USAGE:")[0] }
            #expect(
                overview(text) == overview(wide),
                "`layoutdb help \(name)` wraps at 80 columns:\n\(overview(text))")
        }
    }

    @Test("tables end no line with spaces, also where a last column is empty")
    func tablesHaveNoTrailingSpaces() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("login.layout", login)]).status == 0)
        for command in [["frames"], ["list"], ["why", "passField"], ["variant", "list"]] {
            let r = box.run(command)
            #expect(r.status == 0, "\(command): \(r.stderr)")
            for line in r.stdout.split(separator: "\n") where line.last == " " {
                Issue.record("\(command.joined(separator: " ")): trailing spaces in '\(line)'")
            }
        }
    }

    @Test("every command that takes a label suggests the same label for a typo")
    func oneLabelLookup() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("login.layout", login)]).status == 0)
        let before = box.snapshot()
        let expected =
            "error: no constraint labelled `buton.gap` in layout `main`; did you mean `button.gap`?"
        for command in [
            ["get", "buton.gap"], ["get", "buton.gap", "--json"], ["remove", "buton.gap"],
            ["set-constant", "buton.gap", "3"], ["set-priority", "buton.gap", "low"],
            ["activate", "buton.gap"], ["deactivate", "buton.gap"],
            ["sweep", "buton.gap", "0", "8", "4"], ["animate", "buton.gap", "3", "--frames", "2"],
        ] {
            let r = box.run(command)
            #expect(r.status == 65, "\(command)")
            #expect(r.stderr.hasPrefix(expected), "\(command.joined(separator: " ")): \(r.stderr)")
        }
        #expect(box.snapshot() == before)
    }

    @Test("why VIEW.ATTR: an unknown attribute is bad input with a suggestion or the list")
    func whyUnknownAttribute() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("login.layout", login)]).status == 0)
        let colour = box.run(["why", "passField.colour"])
        #expect(colour.status == 65)
        #expect(
            colour.stderr.contains("unknown attribute `colour` in `passField.colour`"),
            "\(colour.stderr)")
        #expect(colour.stderr.contains("left, right, top, bottom, width, height"))
        let swapped = box.run(["why", "passField.widht"])
        #expect(swapped.status == 65)
        #expect(swapped.stderr.contains("did you mean `width`?"), "\(swapped.stderr)")
        // The view is checked first: both wrong names the view.
        let both = box.run(["why", "pasField.colour"])
        #expect(both.status == 65)
        #expect(both.stderr.contains("unknown view `pasField`"))
        #expect(box.run(["why", "passField.leading"]).status == 0, "aliases are attributes")
    }
}
