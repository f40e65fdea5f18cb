import Foundation
import Testing

/// Issue 17 for the whole vocabulary: stacks, `hide`/`show`, `priority`,
/// `activate`/`deactivate`, `intrinsic`, `canvas ... fit`, guides, margins, baselines and
/// direction re-apply by reconciling (an edited line gives the frames of a fresh apply of
/// the edited script, in every variant) and export from the kept source. End to end on
/// the built binary.
@Suite("issue 17: re-apply and export of stacks, hidden views, overrides and fitting")
struct ReapplyVocabularyTests {
    static let signin: String = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../examples/signin.layout").standardized
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()
    static let signinVariants = ["base", "compact", "arabic", "failed"]

    /// A card that fits its height, with a guide, margins, a baseline and every override.
    static let card = """
        canvas 320 fit margins 10 10 10 10
        view card margins 4 4 4 4
        guide lane
        lane.left == root.leftMargin; lane.right == root.rightMargin
        lane.top == root.top; lane.height == 10
        view label in card intrinsic 100 20 baseline 16 4
        card.left == lane.left; card.right == lane.right; card.top == lane.bottom + 8
        root.bottom >= card.bottom + 8
        label.leading == card.leadingMargin; label.top == card.topMargin
        card.bottomMargin >= label.bottom
        wide: label.width == 250 @ 200
        tall: card.height >= 60
        priority wide 600
        variant small canvas 200 fit
        variant rtl direction rtl
        priority wide 100 in small
        deactivate tall in small
        intrinsic label 50 30 in small
        hide label in rtl
        """
    static let cardVariants = ["base", "small", "rtl"]

    /// A project made by applying `text` as `home.layout`.
    func project(_ text: String) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("home.layout", text), "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        return box
    }

    /// The frames of every variant in `variants`, one sorted CSV line per view.
    func frames(_ box: Sandbox, _ variants: [String]) -> [String] {
        variants.flatMap { variant -> [String] in
            let r = box.run(["frames", "--format", "csv", "--variant", variant])
            return r.stdout.split(separator: "\n").dropFirst().map { "\(variant),\($0)" }.sorted()
                + (r.status == 0 ? [] : ["\(variant): exit \(r.status)"])
        }
    }

    /// `text` with `edits` (old fragment → new) applied.
    static func edited(_ text: String, _ edits: [(String, String)]) -> String {
        var text = text
        for (old, new) in edits {
            #expect(text.contains(old), "the script has no `\(old)`")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// The script's lines with runs of whitespace made one space, blank lines left out.
    func words(_ text: String) -> [String] {
        text.split(separator: "\n").map {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        .filter { !$0.isEmpty }
    }

    /// Applies `script`, then `edited` over it: the re-apply plans `planned` and gives the
    /// frames of a fresh apply of `edited` in every variant; applying it again changes
    /// nothing, and the project is sound.
    func expectReapply(
        _ kind: String, _ script: String, _ edited: String, planned: String, _ variants: [String]
    ) {
        let box = project(script)
        let path = box.write("home.layout", edited)
        let r = box.run(["apply", path])
        #expect(r.status == 0, "\(kind): \(r.stderr)")
        #expect(r.stdout.contains(planned), "\(kind): plan was\n\(r.stdout)")
        #expect(frames(box, variants) == frames(project(edited), variants), "\(kind)")
        #expect(box.run(["apply", path]).stdout.contains("home.layout: no changes"), "\(kind)")
        let doctor = box.run(["doctor"])
        #expect(doctor.status == 0, "\(kind): \(doctor.stdout)")
    }

    static let signinEdits: [(String, [(String, String)], String)] = [
        (
            "stack spacing changed",
            [("stack column V spacing 16", "stack column V spacing 24")], "change view column"
        ),
        (
            "stack alignment changed",
            [("stack column V spacing 16", "stack column V spacing 16 align center")],
            "change view column"
        ),
        (
            "stack distribution changed",
            [("distribute equalSpacing", "distribute fillEqually")], "change view options"
        ),
        ("view shown", [("hide error\n", "")], "change view error"),
        ("view hidden", [("hide error\n", "hide error\nhide email\n")], "change view email"),
        (
            "base spacing set", [("hide error\n", "hide error\nset column.spacing 8\n")],
            "change view column"
        ),
        (
            "hidden in a variant changed",
            [("hide title in compact", "hide email in compact")], "add hide email in compact"
        ),
        (
            "show in a variant removed", [("show error in failed\n", "")],
            "remove show error in failed"
        ),
        (
            "variant spacing changed",
            [("set column.spacing 12 in compact", "set column.spacing 4 in compact")],
            "change set column.spacing 4 in compact"
        ),
        (
            "variant spacing removed", [("set column.spacing 12 in compact\n", "")],
            "remove set column.spacing in compact"
        ),
        (
            "arranged view added",
            [
                (
                    "view error in column intrinsic 200 20\n",
                    "view error in column intrinsic 200 20\nview extra in column intrinsic 50 10\n"
                )
            ],
            "add view extra in column"
        ),
        (
            "arranged view added between two",
            [
                (
                    "view password in column",
                    "view extra in column intrinsic 50 10\nview password in column"
                )
            ],
            "move view column: arranged as title, email, extra, password"
        ),
        (
            "arranged views reordered",
            [
                ("view email in column intrinsic - 44\n", ""),
                (
                    "view password in column intrinsic - 44\n",
                    "view password in column intrinsic - 44\nview email in column intrinsic - 44\n"
                ),
            ],
            "move view column: arranged as title, password, email"
        ),
        (
            "intrinsic size changed",
            [("view title in column intrinsic 200 41", "view title in column intrinsic 200 60")],
            "change view title"
        ),
        (
            "baseline changed",
            [("intrinsic 120 20 baseline 16 4", "intrinsic 120 20 baseline 18 2")],
            "change view remember"
        ),
        (
            "safe area changed",
            [("canvas 390 844 safe 47 0 34 0", "canvas 390 844 safe 20 0 0 0")], "change canvas"
        ),
        (
            "variant direction changed",
            [("variant arabic direction rtl", "variant arabic direction ltr")],
            "change variant arabic"
        ),
    ]

    @Test(
        "examples/signin.layout with a line edited re-applies to the frames of a fresh apply, in every variant",
        arguments: signinEdits.indices)
    func signinEditAndReapply(_ index: Int) {
        let (kind, changes, planned) = Self.signinEdits[index]
        expectReapply(
            kind, Self.signin, Self.edited(Self.signin, changes), planned: planned,
            Self.signinVariants)
    }

    static let cardEdits: [(String, [(String, String)], String)] = [
        (
            "base priority changed", [("priority wide 600", "priority wide 150")],
            "change constraint"
        ),
        (
            "variant priority changed",
            [("priority wide 100 in small", "priority wide 900 in small")],
            "change priority wide 900 in small"
        ),
        (
            "variant deactivate removed", [("deactivate tall in small\n", "")],
            "remove deactivate tall in small"
        ),
        (
            "base deactivate added",
            [("priority wide 600\n", "priority wide 600\ndeactivate tall\n")], "change constraint"
        ),
        (
            "variant intrinsic changed",
            [("intrinsic label 50 30 in small", "intrinsic label 80 40 in small")],
            "change intrinsic label 80 40 in small"
        ),
        (
            "variant intrinsic removed", [("intrinsic label 50 30 in small\n", "")],
            "remove intrinsic label"
        ),
        (
            "base intrinsic added",
            [("priority wide 600\n", "priority wide 600\nintrinsic label 120 24\n")],
            "change view label"
        ),
        (
            "hidden in a variant removed", [("hide label in rtl", "show label in rtl")],
            "change show label in rtl"
        ),
        ("canvas fit changed", [("canvas 320 fit", "canvas 300 fit")], "change canvas 300 fit"),
        ("canvas no longer fits", [("canvas 320 fit", "canvas 320 200")], "change canvas 320 200"),
        (
            "variant fit changed",
            [("variant small canvas 200 fit", "variant small canvas 200 150")],
            "change variant small"
        ),
        (
            "guide constraint changed", [("lane.height == 10", "lane.height == 30")],
            "lane.height == 30"
        ),
        (
            "view margins changed",
            [("view card margins 4 4 4 4", "view card margins 12 12 12 12")], "change view card"
        ),
        (
            "canvas margins changed", [("margins 10 10 10 10", "margins 20 20 20 20")],
            "change canvas"
        ),
    ]

    @Test(
        "a script of overrides, fitting, guides and margins re-applies a line's edit as a fresh apply, in every variant",
        arguments: cardEdits.indices)
    func cardEditAndReapply(_ index: Int) {
        let (kind, changes, planned) = Self.cardEdits[index]
        expectReapply(
            kind, Self.card, Self.edited(Self.card, changes), planned: planned, Self.cardVariants)
    }

    @Test("export of a project made by one apply of examples/signin.layout gives back its lines")
    func signinExportGivesBackTheScript() {
        for script in [Self.signin, Self.card] {
            let box = project(script)
            let r = box.run(["export"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(words(r.stdout) == ["# layoutdb export", "layout main"] + words(script))
        }
    }

    @Test("export writes a line whose override was edited since as the project now holds it")
    func exportWritesEditedOverride() {
        let box = project(Self.signin)
        #expect(
            box.run(["set-constant", "column.spacing", "6", "--variant", "compact", "-q"]).status
                == 0)
        #expect(box.run(["show", "title", "--variant", "compact", "-q"]).status == 0)
        let r = box.run(["export"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = words(r.stdout)
        #expect(lines.contains("set column.spacing 6 in compact"), "\(r.stdout)")
        #expect(!lines.contains("set column.spacing 12 in compact"), "\(r.stdout)")
        #expect(lines.contains("show title in compact"), "\(r.stdout)")
        #expect(!lines.contains("hide title in compact"), "\(r.stdout)")
        // Written once each, and it applies to the same frames.
        #expect(lines.filter { $0.hasPrefix("set column.spacing") }.count == 1, "\(r.stdout)")
        let again = project(r.stdout)
        #expect(frames(again, Self.signinVariants) == frames(box, Self.signinVariants))
    }

    @Test(
        "a base override of a view another file declared, gone from the script, is refused with a pointer to --replace"
    )
    func baseOverrideOfAnotherFilesViewRefused() {
        let box = Sandbox()
        let views = box.write("views.layout", "canvas 100 100\nview a frame 0 0 10 10\n")
        #expect(box.run(["apply", views, "-q"]).status == 0)
        let hides = box.write("hides.layout", "hide a\n")
        #expect(box.run(["apply", hides, "-q"]).status == 0)
        let before = box.bytes()
        box.write("hides.layout", "# nothing hidden\n")
        let r = box.run(["apply", hides])
        #expect(r.status != 0)
        #expect(r.stderr.contains("hides.layout:1:1"), "\(r.stderr)")
        #expect(r.stderr.contains("--replace"), "\(r.stderr)")
        #expect(box.bytes() == before)
    }

    // MARK: STACK.spacing as a name

    @Test("get STACK.spacing prints the stack's spacing and each variant's own")
    func getStackSpacing() {
        let box = project(Self.signin)
        let r = box.run(["get", "column.spacing"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("constant: 16"), "\(r.stdout)")
        #expect(r.stdout.contains("variant compact: constant 12"), "\(r.stdout)")
        let json = box.run(["get", "column.spacing", "--json"])
        #expect(
            json.stdout.contains("\"compact\":12") || json.stdout.contains("\"compact\" : 12"),
            "\(json.stdout)")
        // A stack that does not exist is an unknown label, as before.
        let unknown = box.run(["get", "nothing.spacing"])
        #expect(unknown.status != 0)
    }

    @Test("variant reset V STACK.spacing gives the variant the base's spacing again")
    func variantResetStackSpacing() {
        let box = project(Self.signin)
        let r = box.run(["variant", "reset", "compact", "column.spacing", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!box.run(["get", "column.spacing"]).stdout.contains("variant compact"))
        let fresh = project(Self.edited(Self.signin, [("set column.spacing 12 in compact\n", "")]))
        #expect(frames(box, Self.signinVariants) == frames(fresh, Self.signinVariants))
    }

    @Test(
        "list --variant V shows the constraints a variant's stacks generate, with its spacing and hidden views"
    )
    func listVariantShowsItsStackConstraints() {
        let box = project(Self.signin)
        let base = box.run(["list"])
        #expect(base.stdout.contains("password.top == email.bottom + 16"), "\(base.stdout)")
        let compact = box.run(["list", "--variant", "compact"])
        #expect(compact.status == 0, "\(compact.stderr)")
        // compact: spacing 12, title hidden (collapsed, no gap after it), column.top 16.
        #expect(compact.stdout.contains("password.top == email.bottom + 12"), "\(compact.stdout)")
        #expect(compact.stdout.contains("email.top == title.bottom "), "\(compact.stdout)")
        #expect(compact.stdout.contains("title.height == 0"), "\(compact.stdout)")
        #expect(compact.stdout.contains("column.top == root.safe.top + 16"), "\(compact.stdout)")
        #expect(!compact.stdout.contains(".bottom + 16"), "\(compact.stdout)")
        let unknown = box.run(["list", "--variant", "nope"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("no variant `nope`"), "\(unknown.stderr)")
    }

    // MARK: Standard input under a file's name

    @Test("apply - --as FILE reconciles standard input as that file, the file applied either way")
    func standardInputAsFile() {
        let box = Sandbox()
        var r = box.run(["apply", "-", "--as", "home.layout", "-q"], stdin: Self.signin)
        #expect(r.status == 0, "\(r.stderr)")
        let edited = Self.edited(
            Self.signin, [("set column.spacing 12 in compact", "set column.spacing 4 in compact")])
        r = box.run(["apply", "-", "--as", "home.layout"], stdin: edited)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("change set column.spacing 4 in compact"), "\(r.stdout)")
        #expect(frames(box, Self.signinVariants) == frames(project(edited), Self.signinVariants))
        // The same text again is no change.
        r = box.run(["apply", "-", "--as", "home.layout"], stdin: edited)
        #expect(r.stdout.contains("home.layout: no changes"), "\(r.stdout)")
        // --dry-run is allowed with a name; --as needs standard input.
        r = box.run(["apply", "-", "--as", "home.layout", "--dry-run"], stdin: Self.signin)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("change set column.spacing 12 in compact"), "\(r.stdout)")
        r = box.run(["apply", box.write("other.layout", Self.signin), "--as", "x.layout"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("use it with `apply -`"), "\(r.stderr)")
    }

    /// The examples, each with its variants: every part of the vocabulary a line edit of a
    /// real file may touch.
    static let examples: [(String, String, [String])] = ["phone", "signin", "springs"].map {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../examples/\($0).layout").standardized
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let variants = text.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("variant ") ? String(line.split(separator: " ")[1]) : nil
        }
        return ($0, text, ["base"] + variants)
    }

    @Test(
        "random line edits of the examples: re-apply refuses what a fresh apply refuses, else gives its frames in every variant"
    )
    func randomLineEditsOfExamples() {
        var rng = SeededGenerator(seed: testSeed("randomLineEditsOfExamples"))
        for (name, script, variants) in Self.examples {
            #expect(!script.isEmpty, "examples/\(name).layout")
            for _ in 0..<3 {
                var lines = script.split(separator: "\n", omittingEmptySubsequences: false)
                    .map(String.init)
                let box = project(script)
                for _ in 0..<3 {
                    var new = lines
                    let i = Int.random(in: 1..<(new.count - 1), using: &rng)
                    switch Int.random(in: 0..<4, using: &rng) {
                    case 0: new.remove(at: i)
                    case 1: new.swapAt(i, i + 1)
                    case 2: new.insert("# a note", at: i)
                    default:
                        new[i] = new[i].replacingOccurrences(
                            of: "== \\d+", with: "== \(Int.random(in: 1...200, using: &rng))",
                            options: .regularExpression)
                    }
                    let text = new.joined(separator: "\n")
                    let r = box.run(["apply", box.write("home.layout", text), "-q"])
                    let fresh = Sandbox()
                    let made = fresh.run(["apply", fresh.write("home.layout", text)])
                    #expect(r.status == made.status, "\(name): \(r.stderr)\n\(text)")
                    guard made.status == 0 else { continue }
                    lines = new
                    // A free view's frame depends on the order constraints were added in.
                    guard !made.stderr.contains("ambiguous") else { continue }
                    #expect(frames(box, variants) == frames(fresh, variants), "\(name):\n\(text)")
                }
            }
        }
    }
}
