import Foundation
import Testing

/// A statement that makes several constraints (a VFL line, a compound attribute such as
/// `box.edges == root.edges + 5`) edited again and again, each edit re-applied: the rows a
/// re-apply keeps and the rows it makes again are paired with the statement's constraints
/// by what they say, so every re-apply ends as a fresh apply of the edited file does, frame
/// for frame and row for row, on the stretch road and on the whole-image plan alike; its
/// dry run prints the plan the apply carries out, and `export` gives the lines back as
/// written (docs/editing.md). End to end on the built binary.
@Suite("a multi-constraint line edited several times in a row")
struct ReapplyRepeatedEditTests {
    static let script = """
        canvas 320 812
        metric m 1
        view box frame 0 0 100 100
        view a in box frame 0 0 10 10
        view b in box frame 0 0 10 10
        view c in box frame 0 0 10 10
        box.edges == root.edges + 5
        H:|-7-[a(>=6)]
        V:|-3-[a(==20)]-4-[b(==30)]
        b.leading == a.leading; b.width == 40
        c.size == 12
        c.center == box.center
        view d in box frame 0 0 10 10
        gap: H:[b]-5-[d(==9)]
        d.top == b.top; d.height == 9

        """

    /// The road an edit is sent down: the stretch road, or the whole-image plan (the edit
    /// also changes `metric m`, which the stretch road leaves to it).
    enum Road: String, CustomStringConvertible {
        case stretch, whole
        var description: String { rawValue }
    }

    /// Edits, each (old fragment → new, road), made one after the other to `script`.
    static let sequences: [(String, [(String, String, Road)])] = [
        (
            "a VFL line's leading space, twice, then its width",
            [("-7-", "-8-", .stretch), ("-8-", "-9-", .stretch), ("(>=6)", "(==20)", .stretch)]
        ),
        (
            "a VFL line's leading space, then its width twice",
            [
                ("-7-", "-8-", .stretch), ("(>=6)", "(==20)", .stretch),
                ("(==20)", "(<=30)", .stretch),
            ]
        ),
        (
            "a VFL line on the stretch road, then on the whole-image plan, then again",
            [("-7-", "-8-", .stretch), ("-8-", "-9-", .whole), ("(>=6)", "(==20)", .stretch)]
        ),
        (
            "a VFL line on the whole-image plan, then on the stretch road",
            [("(>=6)", "(==20)", .whole), ("-7-", "-8-", .stretch), ("-8-", "-9-", .whole)]
        ),
        (
            "a VFL line of two views, one part at a time",
            [("-4-", "-6-", .stretch), ("|-3-", "|-2-", .stretch), ("(==30)", "(==25)", .stretch)]
        ),
        (
            "a labelled VFL line, one part at a time",
            [
                ("-5-[d", "-6-[d", .stretch), ("(==9)]", "(==11)]", .whole),
                ("-6-[d", "-2-[d", .stretch),
            ]
        ),
        (
            "compound attributes: edges, size and center",
            [
                ("root.edges + 5", "root.edges + 6", .stretch),
                ("c.size == 12", "c.size == 14", .stretch),
                ("root.edges + 6", "root.edges - 2", .whole),
                ("c.center == box.center", "c.center == box.center + 3", .stretch),
                ("c.size == 14", "c.size >= 16", .stretch),
            ]
        ),
        (
            "a labelled compound line, its constant changed in place",
            [
                ("c.size == 12", "s: c.size == 12", .stretch),
                ("s: c.size == 12", "s: c.size == 14", .stretch),
                ("s: c.size == 14", "s: c.size == 16", .whole),
            ]
        ),
        (
            "the VFL line's parent renamed in the script, then the line edited",
            [("box", "panel", .whole), ("-7-", "-8-", .stretch), ("(>=6)", "(==8)", .stretch)]
        ),
    ]

    /// The sorted CSV lines of `frames`.
    func frames(_ box: Sandbox) -> [Substring] { box.frameLines(variant: "base") }

    /// Every user constraint as `list --json` shows it, less its id and the text it was
    /// made from (a constant changed in place keeps that text, as `set-constant` does),
    /// sorted: what two projects that made their rows in another order agree on.
    func rows(_ box: Sandbox) -> [String] {
        let r = box.run(["list", "--json"])
        guard r.status == 0,
            let rows = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
                as? [[String: Any]]
        else { return ["list: exit \(r.status) \(r.stderr)"] }
        return rows.map { row in
            row.filter { $0.key != "id" && $0.key != "source" }.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }.sorted()
    }

    /// The plan lines of `apply` output (not what the solve moved, nor the dry run's note).
    func planLines(_ output: String) -> [Substring] {
        output.split(separator: "\n").filter { line in
            ["add ", "remove ", "change ", "move ", "replace "].contains { line.hasPrefix($0) }
        }
    }

    /// Non-empty lines, their runs of blanks made one.
    func words(_ text: String) -> [String] {
        text.split(separator: "\n").map {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }.filter { !$0.isEmpty }
    }

    func apply(_ text: String, to box: Sandbox, _ args: String...) -> Run {
        box.write("z.layout", text)
        return box.run(["apply", "z.layout"] + args)
    }

    /// Re-applies `text` over `box` (after its dry run) and checks it against a fresh
    /// apply of `text`: the plan, frames, rows, `export`, a second re-apply, `doctor`.
    func reapply(_ text: String, over box: Sandbox, _ step: String) {
        let dry = apply(text, to: box, "--dry-run")
        #expect(dry.status == 0, "\(step): \(dry.stderr)")
        let r = apply(text, to: box)
        #expect(r.status == 0, "\(step): \(r.stderr)\n\(text)")
        #expect(
            planLines(dry.stdout) == planLines(r.stdout),
            "\(step): dry run\n\(dry.stdout)\napply\n\(r.stdout)")
        let fresh = Sandbox()
        #expect(apply(text, to: fresh, "-q").status == 0, "\(step)")
        #expect(frames(box) == frames(fresh), "\(step)\n\(text)")
        #expect(rows(box) == rows(fresh), "\(step)\n\(text)")
        // The project holds the file as written: export gives its lines back, and applying
        // it again changes nothing.
        let export = box.run(["export"])
        #expect(
            words(export.stdout) == ["# layoutdb export", "layout main"] + words(text),
            "\(step): export\n\(export.stdout)")
        #expect(apply(text, to: box).stdout.contains("z.layout: no changes"), "\(step)")
        // What `doctor` finds (a random layout may leave a view too little room) is what
        // it finds in the fresh project.
        let doctor = box.run(["doctor"])
        let freshDoctor = fresh.run(["doctor"])
        #expect(
            doctor.status == freshDoctor.status
                && doctor.stdout.replacingOccurrences(of: box.db, with: fresh.db)
                    == freshDoctor.stdout,
            "\(step): \(doctor.stdout)\n\(freshDoctor.stdout)")
    }

    @Test(
        "each edit re-applies as a fresh apply of the edited file: frames, rows, plan, export",
        arguments: sequences.indices)
    func repeatedEdits(_ index: Int) {
        let (what, edits) = Self.sequences[index]
        let box = Sandbox()
        #expect(apply(Self.script, to: box, "-q").status == 0)
        var text = Self.script
        var metric = 1
        for (n, (old, new, road)) in edits.enumerated() {
            #expect(text.contains(old), "\(what): the script has no `\(old)`")
            text = text.replacingOccurrences(of: old, with: new)
            if road == .whole {
                text = text.replacingOccurrences(
                    of: "metric m \(metric)", with: "metric m \(metric + 1)")
                metric += 1
            }
            reapply(text, over: box, "\(what), edit \(n + 1) (\(old) → \(new), \(road))")
        }
    }

    @Test(
        "an edit the command line made to a part of an unlabelled line goes when the line's text changes, on either road",
        arguments: [Road.stretch, .whole])
    func commandLineEditOfAnEditedLine(road: Road) {
        let box = Sandbox()
        #expect(apply(Self.script, to: box, "-q").status == 0)
        let id = box.sql(
            "select id from constraints where source = 'H:|-7-[a(>=6)]' and relation = '>='")
        #expect(box.run(["set-constant", "#\(id)", "15", "-q"]).status == 0)
        var text = Self.script.replacingOccurrences(of: "-7-", with: "-8-")
        if road == .whole {
            text = text.replacingOccurrences(of: "metric m 1", with: "metric m 2")
        }
        // The line's text changed: it makes other constraints (ScriptImage's identity),
        // `a.width >= 6` among them, and the plan says the edit made since goes.
        let r = apply(text, to: box)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains("remove constraint a.width >= 15 (replaces an edit made since)"),
            "\(r.stdout)")
        let fresh = Sandbox()
        #expect(apply(text, to: fresh, "-q").status == 0)
        #expect(frames(box) == frames(fresh))
        #expect(rows(box) == rows(fresh))
    }

    @Test(
        "a labelled compound line whose part the command line removed and the script made again: export gives the line back"
    )
    func compoundPartMadeAgain() {
        let box = Sandbox()
        let text =
            "canvas 320 812\nview c frame 0 0 10 10\nc.center == root.center\ns: c.size == 12\n"
        #expect(apply(text, to: box, "-q").status == 0)
        #expect(box.run(["remove", "s.width", "-q"]).status == 0)
        // The script makes `s.width` again, after `s.height`: their ids are in the other order.
        let edited = text.replacingOccurrences(of: "== 12", with: "== 14")
        let r = apply(edited, to: box)
        #expect(
            r.stdout.contains("add constraint s.width: c.width == 14 (removed since"), "\(r.stdout)"
        )
        let fresh = Sandbox()
        #expect(apply(edited, to: fresh, "-q").status == 0)
        #expect(frames(box) == frames(fresh))
        #expect(rows(box) == rows(fresh))
        // A part of another line removed since: that line is written as what is left of it,
        // the compound line as written.
        let centerX = box.sql("select id from constraints where lhs_attribute = 'centerX'")
        #expect(box.run(["remove", "#\(centerX)", "-q"]).status == 0)
        let export = box.run(["export"]).stdout
        #expect(export.hasSuffix("\nc.centerY == root.centerY\ns: c.size == 14\n"), "\(export)")
    }

    // MARK: Property

    /// A random layout of views placed by multi-constraint lines: VFL lines (a view's
    /// leading space and width, its top space and height), compound attributes (`size`,
    /// `center`, `edges`), some labelled, each view to its parent.
    static func randomScript(_ rng: inout SeededGenerator) -> [String] {
        var lines = ["canvas 400 800", "metric m 1"]
        var names: [String] = []
        func n(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
        for i in 0..<n(3...7) {
            let name = "v\(i)"
            let parent =
                names.isEmpty || Bool.random(using: &rng) ? "root" : names[n(0...names.count - 1)]
            lines.append("view \(name)" + (parent == "root" ? "" : " in \(parent)"))
            let label = Bool.random(using: &rng) ? "l\(i): " : ""
            switch n(0...3) {
            case 0:
                lines.append("\(label)H:|-\(n(0...30))-[\(name)(\(n(10...90)))]")
                lines.append("V:|-\(n(0...30))-[\(name)(\(n(10...90)))]")
            case 1:
                lines.append("H:|-\(n(0...30))-[\(name)(\(n(10...90)))]")
                lines.append(
                    "\(name).top == \(parent).top + \(n(0...30)); \(name).height == \(n(10...90))")
            case 2:
                lines.append("\(label)\(name).size == \(n(10...90))")
                lines.append("\(name).center == \(parent).center + \(n(0...20))")
            default:
                lines.append("\(label)\(name).edges == \(parent).edges + \(n(0...20))")
            }
            names.append(name)
        }
        return lines
    }

    /// `line` with one of its numbers (not a digit of a name) changed.
    static func renumbered(_ line: String, _ rng: inout SeededGenerator) -> String {
        let numbers = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_.])[0-9]+")
        let all = numbers.matches(in: line, range: NSRange(line.startIndex..., in: line))
        guard let match = all.randomElement(using: &rng),
            let range = Range(match.range, in: line)
        else { return line }
        let old = Int(line[range]) ?? 0
        var new = old
        while new == old { new = Int.random(in: 0...40, using: &rng) + (old >= 10 ? 10 : 0) }
        return line.replacingCharacters(in: range, with: "\(new)")
    }

    @Test(
        "random scripts of VFL and compound lines, one line edited again and again: each re-apply as a fresh apply"
    )
    func randomRepeatedEdits() {
        var rng = SeededGenerator(seed: testSeed("randomRepeatedEdits"))
        for round in 0..<5 {
            var lines = Self.randomScript(&rng)
            let box = Sandbox()
            #expect(apply(lines.joined(separator: "\n") + "\n", to: box, "-q").status == 0)
            // One line edited again and again (another now and then), on either road: a
            // VFL line where there is one, as the edits of its parts make some of its rows
            // again and keep the others.
            let multi = lines.indices.filter { !lines[$0].hasPrefix("view ") && $0 > 1 }
            let vfl = multi.filter { lines[$0].contains("[") }
            let target = (vfl.isEmpty ? multi : vfl).randomElement(using: &rng)!
            var metric = 1
            for n in 0..<4 {
                let i =
                    Int.random(in: 0..<4, using: &rng) == 0
                    ? multi.randomElement(using: &rng)! : target
                lines[i] = Self.renumbered(lines[i], &rng)
                let road: Road = Bool.random(using: &rng) ? .stretch : .whole
                if road == .whole {
                    metric += 1
                    lines[1] = "metric m \(metric)"
                }
                reapply(
                    lines.joined(separator: "\n") + "\n", over: box,
                    "round \(round) edit \(n + 1) (line \(i + 1), \(road))")
            }
        }
    }

    @Test(
        "`H:|-7-[a(>=6)]` edited to `-8-`, then `-9-`: the plan makes the leading row again, not the width's, and the apply holds"
    )
    func staleRowRemoved() {
        let box = Sandbox()
        let text = "canvas 320 812\nview a frame 0 0 10 10\nH:|-7-[a(>=6)]\n"
        #expect(apply(text, to: box, "-q").status == 0)
        _ = apply(text.replacingOccurrences(of: "-7-", with: "-8-"), to: box, "-q")
        let edited = text.replacingOccurrences(of: "-7-", with: "-9-")
        let dry = apply(edited, to: box, "--dry-run")
        #expect(
            planLines(dry.stdout) == [
                "add constraint a.leading == root.leading + 9",
                "remove constraint a.leading == root.leading + 8",
            ], "\(dry.stdout)")
        let r = apply(edited, to: box)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(box.run(["export"]).stdout.hasSuffix("\nH:|-9-[a(>=6)]\n"))
    }
}
