import Foundation
import Testing

@testable import LayoutStore

/// Issue 17: a re-apply whose edit is a few stretches of lines (a view and its constraints
/// added, a line deleted, lines moved) plans from the stretches alone
/// (`Project+HunkReapply.swift`). Whatever road it takes, the project ends as a fresh apply
/// of the edited file leaves one: the same frames in every variant, each constraint at the
/// same line and column, the same kept lines.
@Suite("a re-apply of a few stretches of lines")
struct HunkReapplyTests {
    static let base = """
        # a small form
        canvas 375 812
        view header
        header.top == root.top; header.left == root.left; header.right == root.right
        header.height: header.height == 64
        view row0
        view label0 in row0
        row0.top == header.bottom + 8
        row0.left == root.left + 16; row0.right == root.right - 16
        row0.height: row0.height == 44
        label0.left == row0.left + 16; label0.centerY == row0.centerY
        label0.width == 120; label0.height == 20
        view row1
        row1.top == row0.bottom + 8
        row1.left == root.left + 16; row1.right == root.right - 16
        row1.height: row1.height == 44
        stack column V spacing 4
        column.top == row1.bottom + 8; column.left == root.left; column.width == 100
        view first in column
        first.height == 10
        variant compact canvas 320 568
        set row0.height 30 in compact

        """

    static let badge = """
        view badge in row0
        badge.right == row0.right - 4; badge.top == row0.top + 4
        badge.width: badge.width == 12
        badge.height == 12
        """

    /// `base` with `line` put before the line `before`.
    static func inserting(_ lines: String, before: String, in text: String = base) -> String {
        text.replacingOccurrences(of: before + "\n", with: lines + "\n" + before + "\n")
    }

    static func replacing(_ old: String, with new: String, in text: String = base) -> String {
        text.replacingOccurrences(of: old, with: new)
    }

    /// Edits the stretch road takes: (what, script before, script after).
    static let taken: [(String, String, String)] = [
        ("a view and its constraints added", base, inserting(badge, before: "view row1")),
        ("a view and its constraints removed", inserting(badge, before: "view row1"), base),
        ("a comment added at the top", base, "# the sign-in form, v2\n\n" + base),
        (
            "an unlabelled line removed, every line after it moving up", base,
            replacing("label0.width == 120; label0.height == 20\n", with: "")
        ),
        (
            "a labelled line changed and a line added after it", base,
            replacing(
                "row1.height: row1.height == 44\n",
                with: "row1.height: row1.height == 50\nrow1.width == 300 @ 500\n")
        ),
        (
            "two lines swapped", base,
            replacing(
                "row1.top == row0.bottom + 8\nrow1.left == root.left + 16; row1.right == root.right - 16",
                with:
                    "row1.left == root.left + 16; row1.right == root.right - 16\nrow1.top == row0.bottom + 8"
            )
        ),
        (
            "a view in row 1 placed by VFL lines, `|` its parent", base,
            inserting(
                "view chip in row1\nH:[chip(30)]-(4)-|\nV:|-(2)-[chip(==row1)]",
                before: "stack column V spacing 4")
        ),
        (
            "an equation with `|`, the root", base,
            inserting(
                "view mark\nmark.left == |.left + 3; mark.top == |.top; mark.size == 4",
                before: "view row1")
        ),
        (
            "a VFL line taken out with its view",
            inserting(
                "view chip in row1\nH:[chip(30)]-(4)-|\nV:|-(2)-[chip(==row1)]",
                before: "stack column V spacing 4"),
            base
        ),
        (
            "a view and its subview removed with their lines",
            inserting(
                "view box in row1\nview dot in box\nbox.left == row1.left; dot.left == box.left",
                before: "stack column V spacing 4"),
            base
        ),
        (
            "a view and its constraints added at the end", base,
            base + "view tail\ntail.left == root.left; tail.top == root.top; tail.size == 4\n"
        ),
        (
            "two views added in two stretches, each after the view above it", base,
            inserting(badge, before: "view row1").replacingOccurrences(
                of: "view first in column\n", with: "view first in column\nview second\n")
        ),
        (
            "two stretches apart: a comment out, a line changed and one added", base,
            replacing("# a small form\n", with: "")
                .replacingOccurrences(
                    of: "label0.width == 120; label0.height == 20\n",
                    with: "label0.width == 110; label0.height == 20\nlabel0.top >= row0.top\n")
        ),
    ]

    /// Edits it leaves to the whole-image plan (or to the refusal a fresh apply gives).
    static let left: [(String, String, String)] = [
        (
            "a line naming a view declared after it", base,
            inserting("row0.width == row1.width", before: "view row1")
        ),
        (
            "a view added to a stack", base,
            inserting("view second in column", before: "first.height == 10")
        ),
        (
            "a VFL line naming a view declared after it", base,
            inserting("V:[row1]-8-[first]", before: "stack column V spacing 4")
        ),
        (
            "a view moved to another parent", base,
            replacing("view label0 in row0", with: "view label0")
        ),
        (
            "a view removed that a later line names", base,
            replacing("view row1\n", with: "")
        ),
        (
            "a label removed that a `set` names",
            base, replacing("row0.height: row0.height == 44\n", with: "")
        ),
        (
            "two views' lines swapped, which draws one over the other the other way",
            inserting("view p\nview q\np.size == 3; q.size == 5", before: "view row1"),
            inserting("view q\nview p\np.size == 3; q.size == 5", before: "view row1")
        ),
        (
            "a view added before the first", base,
            replacing("view header\n", with: "view lead\nlead.size == 2\nview header\n")
        ),
        (
            "a view's line moved below a line that names it", base,
            replacing("view label0 in row0\n", with: "").replacingOccurrences(
                of: "label0.left == row0.left + 16; label0.centerY == row0.centerY\n",
                with: "label0.left == row0.left + 16; label0.centerY == row0.centerY\n"
                    + "view label0 in row0\n")
        ),
    ]

    /// What a re-apply must leave as a fresh apply does: frames in each variant, the
    /// constraints each at its line and column, the kept lines.
    struct Outcome: Equatable {
        var refused: String?
        var frames: [String] = []
        /// The views in the order `frames` lists them and `render` draws them (a later
        /// one over an earlier one): the script's.
        var order: [String] = []
        var origins: [String] = []
        var lines: String?

        init(_ project: Project, refused: String? = nil) throws {
            self.refused = refused
            for variant in [nil, "compact"] {
                frames += try project.frames(variant: variant).map {
                    "\(variant ?? "base") \($0.view) \($0.frame)"
                }.sorted()
            }
            order = try project.frames().map(\.view)
            // A constant changed in place keeps the text the row was made from (`source`),
            // as `set-constant` does: the values are compared, not the text. A statement's
            // rows are ordered by what they say, not by id: a re-apply that kept some of a
            // VFL line's rows made the others after them.
            origins = try project.store.database.cachedStatement(
                """
                SELECT origin_line, origin_column, coalesce(label, '-'), relation, constant,
                    priority, active
                FROM constraints WHERE kind = 'user' ORDER BY 1, 2, 3, 4, 5, 6, 7
                """
            ).rows {
                "\($0.int(0)):\($0.int(1)) \($0.string(2)) \($0.string(3)) \($0.double(4)) @\($0.double(5)) \($0.int(6))"
            }
            lines = try project.store.scriptText(file: "form.layout")
        }
    }

    func project(_ text: String) throws -> (Project, TempFile) {
        let file = TempFile()
        let project = try Project.open(path: file.path, create: true)
        try project.apply(scriptFile: text, file: "form.layout")
        return (project, file)
    }

    /// Re-applies `after` over `before`; whether the stretch road took it.
    func reapply(_ before: String, _ after: String) throws -> (Outcome, Outcome, Bool) {
        #expect(before != after, "the edit changes nothing")
        let (project, file) = try project(before)
        defer { file.cleanup() }
        let dataVersion = try project.store.database.int64("PRAGMA data_version")
        let taken =
            try project.reapplyHunk(
                dataVersion: dataVersion, text: after, file: "form.layout", layout: "main",
                dryRun: true) != nil
        var refused: String?
        do {
            try project.apply(scriptFile: after, file: "form.layout")
        } catch {
            refused = "\(error)"
        }
        let (fresh, freshFile) = try self.project(before)
        defer { freshFile.cleanup() }
        var freshRefused: String?
        let new = TempFile()
        defer { new.cleanup() }
        let made = try Project.open(path: new.path, create: true)
        do {
            try made.apply(scriptFile: after, file: "form.layout")
        } catch {
            freshRefused = "\(error)"
        }
        // A refused re-apply leaves the project as it was: a fresh apply of `before`.
        let expected =
            freshRefused == nil
            ? try Outcome(made) : try Outcome(fresh, refused: freshRefused)
        return (try Outcome(project, refused: refused), expected, taken)
    }

    /// Every edit above: whether the stretch road should take it, and which.
    static let edits = taken.indices.map { (true, $0) } + left.indices.map { (false, $0) }

    @Test(
        "each edit takes the road it should, and ends as a fresh apply of the edited file ends",
        arguments: edits)
    func roads(_ stretchRoad: Bool, _ index: Int) throws {
        let (what, before, after) = stretchRoad ? Self.taken[index] : Self.left[index]
        let (outcome, expected, taken) = try reapply(before, after)
        #expect(taken == stretchRoad, "\(what)")
        // Refused as a fresh apply refuses (the whole-image plan may say it otherwise).
        #expect((outcome.refused == nil) == (expected.refused == nil), "\(what)")
        #expect(outcome.frames == expected.frames, "\(what)")
        #expect(outcome.order == expected.order, "\(what)")
        #expect(outcome.origins == expected.origins, "\(what)")
        #expect(outcome.lines == expected.lines, "\(what)")
    }

    @Test(
        "a VFL line edited again and again takes the stretch road each time and ends as a fresh apply"
    )
    func vflLineEditedAgain() throws {
        var before = Self.inserting(
            "view chip in row1\nH:[chip(30)]-(4)-|\nV:|-(2)-[chip(==row1)]",
            before: "stack column V spacing 4")
        let (project, file) = try project(before)
        defer { file.cleanup() }
        // Each edit keeps the rows of the line's unchanged constraints and makes the others
        // again, with later ids: from the second edit on, the line's rows are not in its
        // order, and are paired with its constraints by what they say.
        for (old, new) in [
            ("[chip(30)]", "[chip(34)]"), ("-(4)-|", "-(6)-|"), ("[chip(34)]", "[chip(20)]"),
            ("|-(2)-", "|-(3)-"), ("-(6)-|", "-(1)-|"),
        ] {
            let after = before.replacingOccurrences(of: old, with: new)
            let dataVersion = try project.store.database.int64("PRAGMA data_version")
            let dry = try project.reapplyHunk(
                dataVersion: dataVersion, text: after, file: "form.layout", layout: "main",
                dryRun: true)
            #expect(dry != nil, "\(old) → \(new): the stretch road")
            let plan = try project.apply(scriptFile: after, file: "form.layout")
            #expect(plan.lines == dry?.lines, "\(old) → \(new)")
            #expect(plan.lines.count == 2, "\(old) → \(new): one constraint made again")
            let freshFile = TempFile()
            defer { freshFile.cleanup() }
            let fresh = try Project.open(path: freshFile.path, create: true)
            try fresh.apply(scriptFile: after, file: "form.layout")
            #expect(try Outcome(project) == Outcome(fresh), "\(old) → \(new)")
            before = after
        }
    }

    @Test(
        "the plan of a stretch names each view and constraint it adds or removes, in the whole-image plan's order"
    )
    func planLines() throws {
        let (project, file) = try project(Self.base)
        defer { file.cleanup() }
        let plan = try project.apply(
            scriptFile: Self.inserting(Self.badge, before: "view row1")
                .replacingOccurrences(of: "label0.width == 120; label0.height == 20\n", with: ""),
            file: "form.layout", dryRun: true)
        #expect(
            plan.lines == [
                "add view badge in row0",
                "add constraint badge.right == row0.right - 4",
                "add constraint badge.top == row0.top + 4",
                "add constraint badge.width: badge.width == 12",
                "add constraint badge.height == 12",
                "remove constraint label0.width == 120",
                "remove constraint label0.height == 20",
            ])
        #expect(!plan.wrote)
        #expect(try project.store.scriptText(file: "form.layout") == Self.base)
    }

    @Test(
        "an edit made since from the command line outside the stretch stays; one inside goes with its line"
    )
    func editsMadeSince() throws {
        let (project, file) = try project(Self.inserting(Self.badge, before: "view row1"))
        defer { file.cleanup() }
        try project.setConstant(label: "header.height", to: 100)
        try project.setConstant(label: "badge.width", to: 30)
        try project.apply(scriptFile: Self.base, file: "form.layout")
        #expect(try project.namedConstraint("header.height")?.constant == 100)
        #expect(try project.namedConstraint("badge.width") == nil)
        try project.apply(
            scriptFile: Self.inserting(Self.badge, before: "view row1"), file: "form.layout")
        #expect(try project.namedConstraint("badge.width")?.constant == 12)
        #expect(try project.namedConstraint("header.height")?.constant == 100)
    }

    @Test("a word is found whole, not inside a longer name or a comment")
    func words() {
        let words = ScriptWords(
            "row1.top == row10.top # row1\nw: row1.width == 1\nrow1_x.left == 0\n")
        #expect(words.occurrences(of: "row1") == [0, 32])
        #expect(words.occurrences(of: "row10").count == 1)
        #expect(words.occurrences(of: "w") == [29])
        #expect(words.occurrences(of: "row1.top") == [0])
    }

    @Test("a declaration is view, guide or stack first in its statement, then the name")
    func declarations() {
        let text =
            "\u{FEFF}view a\n# view b\nview b in root; guide g\n  view   c # x\nhide view\nx.left == view.left\n"
        let words = ScriptWords(text)
        for (name, declared) in [
            ("a", true), ("b", true), ("g", true), ("c", true), ("view", false), ("x", false),
        ] {
            #expect(
                words.occurrences(of: name).contains(where: words.isDeclaration) == declared,
                "\(name)")
        }
    }
}
