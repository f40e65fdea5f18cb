import Foundation
import Testing

/// `export` of a project whose kept script lines the command line (or plain SQL) has
/// overtaken since, end to end on the built binary: a label given since, a view renamed
/// since, a number no script can write; and what each constraint row keeps of a long
/// line (docs/editing.md, "The source survives").
@Suite("export after label, rename-view and plain SQL; a long line's rows")
struct ExportSourceDefectTests {
    /// The format contract's first example (../shared/layout-format.md).
    static let contractExample = """
        canvas 375 812
        view header
        view title in header
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 70
        title.center == header.center
        title.height == 24
        title.width <= header.width - 32
        title.width == 200 @ high
        view body
        V:[header]-8-[body]-|
        H:|-16-[body]-16-|
        variant compact canvas 320 568
        set header.height 44 in compact

        """

    func applied(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("home.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return box
    }

    func frames(_ box: Sandbox, variant: String) -> String {
        box.run(["frames", "--format", "csv", "--variant", variant]).stdout
    }

    /// What the constraints say and what each variant holds of them, by label.
    func constraintRows(_ box: Sandbox) -> String {
        box.sql(
            """
            select c.label, c.relation, c.constant, c.priority, c.active, lv.name,
                c.lhs_attribute, c.lhs_coefficient, rv.name, c.rhs_attribute, c.rhs_coefficient
            from constraints c left join views lv on lv.id = c.lhs_view_id
                left join views rv on rv.id = c.rhs_view_id
            order by c.ordinal;
            select v.name, c.label, o.priority, o.active from variant_constraint_overrides o
                join variants v on v.id = o.variant_id join constraints c on c.id = o.constraint_id
            order by 1, 2;
            select v.name, c.label, k.constant from variant_constants k
                join variants v on v.id = k.variant_id join constraints c on c.id = k.constraint_id
            order by 1, 2;
            """)
    }

    /// Exports `box`, applies the export to a new project and expects the same frames in
    /// every variant, the same constraint rows, and the same export again. Returns the
    /// export.
    @discardableResult
    func expectRebuilt(
        _ box: Sandbox, variants: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        let exported = box.run(["export"])
        #expect(exported.status == 0, "\(exported.stderr)", sourceLocation: sourceLocation)
        let copy = Sandbox()
        let r = copy.run(["apply", copy.write("e.layout", exported.stdout), "-q"])
        #expect(r.status == 0, "\(r.stderr)\n\(exported.stdout)", sourceLocation: sourceLocation)
        for variant in variants {
            #expect(
                frames(copy, variant: variant) == frames(box, variant: variant),
                "\(variant)\n\(exported.stdout)", sourceLocation: sourceLocation)
        }
        #expect(
            constraintRows(copy) == constraintRows(box), "\(exported.stdout)",
            sourceLocation: sourceLocation)
        #expect(copy.run(["export"]).stdout == exported.stdout, sourceLocation: sourceLocation)
        return exported.stdout
    }

    // MARK: 1 — a label given since

    @Test(
        "after `label`, the kept `set OLD C in V` line is written with the new label, once, and the export applies"
    )
    func relabelledSetLineIsRewrittenInPlace() {
        let box = applied(Self.contractExample)
        #expect(box.run(["label", "header.height", "hh", "-q"]).status == 0)
        let exported = expectRebuilt(box, variants: ["base", "compact"])
        let lines = exported.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("set ") } == ["set hh 44 in compact"], "\(exported)")
        // In the kept line's place: the script's last line, the export's too.
        #expect(exported.hasSuffix("variant compact canvas 320 568\nset hh 44 in compact\n"))
        #expect(exported.contains("\nhh: header.height == 70\n"))
        #expect(!exported.contains("header.height:") && !exported.contains("set header.height"))
    }

    /// Every kept statement kind that names a label: `set` (base and `in V`), `priority`,
    /// `activate` and `deactivate` (base and `in V`), and a compound label's (`ts`) one
    /// whose part was relabelled.
    static let namedByLabel = """
        canvas 375 812
        view header
        view title in header
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 70
        ts: title.size == header.size * 0.5
        title.top == header.top; title.left == header.left
        opt: title.width <= 100 @ 600
        variant compact canvas 320 568
        set header.height 44 in compact
        priority opt 500 in compact
        deactivate opt in compact
        priority ts 400 in compact
        priority opt 700
        deactivate ts.height
        activate ts.height in compact
        set header.height 60

        """

    @Test(
        "every kept line that names a relabelled constraint is written with its new label and the export rebuilds the project"
    )
    func everyStatementKindNamingALabel() {
        let box = applied(Self.namedByLabel)
        for (old, new) in [("header.height", "hh"), ("opt", "o2"), ("ts.width", "tw")] {
            #expect(box.run(["label", old, new, "-q"]).status == 0)
        }
        let exported = expectRebuilt(box, variants: ["base", "compact"])
        let tail = exported.split(separator: "\n").drop { !$0.hasPrefix("variant ") }
        // Each line in its place, with the labels the project has now; the compound's
        // parts, one called otherwise since, one line each.
        #expect(
            Array(tail) == [
                "variant compact canvas 320 568",
                "set hh 44 in compact",
                "priority o2 500 in compact",
                "deactivate o2 in compact",
                "priority ts.height 400 in compact",
                "priority tw 400 in compact",
                "priority o2 700",
                "deactivate ts.height",
                "activate ts.height in compact",
                "set hh 60",
            ], "\(exported)")
    }

    @Test("a kept `deactivate OLD` line of a relabelled constraint is its one deactivation")
    func relabelledDeactivationIsWrittenOnce() {
        let box = applied(
            """
            canvas 100 100
            view a
            a.left == 0; a.top == 0; a.height == 10
            w: a.width == 40
            wide: a.width == 60 @ 500
            deactivate w

            """)
        #expect(box.run(["label", "w", "fixed", "-q"]).status == 0)
        let exported = expectRebuilt(box, variants: ["base"])
        #expect(
            exported.hasSuffix(
                "fixed: a.width == 40\nwide: a.width == 60 @ 500\ndeactivate fixed\n"))
    }

    @Test(
        "after `label`, re-applying the script is `no changes`; editing its `set` line changes the relabelled constraint's"
    )
    func reapplyAfterRelabel() {
        let box = applied(Self.contractExample)
        #expect(box.run(["label", "header.height", "hh", "-q"]).status == 0)
        let path = box.write("home.layout", Self.contractExample)
        let same = box.run(["apply", path])
        #expect(same.status == 0 && same.stdout.contains("no changes"), "\(same.stdout)")
        // The line still names the row it made (paired by its origin), whatever it is
        // called now: the variant's constant changes on `hh`, and no row is added.
        let edited = Self.contractExample.replacingOccurrences(
            of: "set header.height 44 in compact", with: "set header.height 50 in compact")
        let r = box.run(["apply", box.write("home.layout", edited)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("change set header.height 50 in compact"), "\(r.stdout)")
        #expect(box.run(["get", "hh"]).stdout.contains("variant compact: constant 50"))
        #expect(box.sql("select count(*) from variant_constants") == "1")
        expectRebuilt(box, variants: ["base", "compact"])
    }

    @Test(
        "after `label`, a `priority OLD P in V` line added to the script reaches the relabelled constraint, and taken out undoes it"
    )
    func reapplyAddsAndRemovesAnOverrideOfARelabelledConstraint() {
        let box = applied(Self.contractExample)
        #expect(box.run(["label", "header.height", "hh", "-q"]).status == 0)
        let before = frames(box, variant: "compact")
        let added = Self.contractExample + "priority header.height 900 in compact\n"
        var r = box.run(["apply", box.write("home.layout", added)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("add priority header.height 900 in compact"), "\(r.stdout)")
        #expect(box.run(["get", "hh"]).stdout.contains("variant compact: priority 900"))
        expectRebuilt(box, variants: ["base", "compact"])
        r = box.run(["apply", box.write("home.layout", Self.contractExample)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("remove priority header.height 900 in compact"), "\(r.stdout)")
        #expect(!box.run(["get", "hh"]).stdout.contains("priority 900"))
        #expect(box.sql("select count(*) from variant_constraint_overrides") == "0")
        #expect(frames(box, variant: "compact") == before)
    }

    // MARK: 1 — a view renamed since

    @Test(
        "after `rename-view` of an arranged view no line names, the export keeps the stack's order"
    )
    func renamedArrangedViewKeepsItsPlace() {
        let box = applied(
            """
            canvas 375 812
            view header
            stack row in header H spacing 8
            view a in row intrinsic 10 10
            view b in row intrinsic 20 10
            header.top == |.top; header.left == |.left; header.right == |.right
            header.height: header.height == 70
            row.right == header.right - 8; row.centerY == header.centerY
            variant compact canvas 320 568
            hide b in compact
            intrinsic a 12 12 in compact

            """)
        #expect(box.run(["rename-view", "a", "aa", "-q"]).status == 0)
        let exported = expectRebuilt(box, variants: ["base", "compact"])
        let views = exported.split(separator: "\n").filter {
            $0.hasPrefix("view ") || $0.hasPrefix("stack ")
        }
        #expect(
            views == [
                "view header", "stack row in header H spacing 8",
                "view aa in row intrinsic 10 10", "view b in row intrinsic 20 10",
            ], "\(exported)")
        #expect(exported.contains("\nintrinsic aa 12 12 in compact\n"), "\(exported)")
    }
}

/// Defect 2: a number plain SQL stored that no script can write.
extension ExportSourceDefectTests {
    /// Every kind of number `export` writes, each in a line of its own.
    static let numbers = """
        canvas 375 812 safe 10 0 10 0
        metric pad 16
        view header margins 8
        view label in header intrinsic 80 20 baseline 14
        stack row in header H spacing 8
        view a in row intrinsic 10 10
        view badge frame 1 2 3 4
        header.top == |.top; header.left == |.left + pad; header.right == |.right
        header.height: header.height == 70
        label.left == header.left; label.top == header.top
        row.right == header.right - 8; row.centerY == header.centerY
        ratio: label.height == header.height * 0.25
        variant compact canvas 320 568
        set header.height 44 in compact
        intrinsic label 60 20 in compact

        """

    @Test(
        "export refuses a number it cannot write, naming what holds it and the command that repairs it, and writes nothing",
        arguments: [
            (
                "UPDATE constraints SET constant = 9e999 WHERE label = 'header.height'",
                "constraint #4 `header.height: header.height == inf`: a constant must be a finite number, not inf",
                "layoutdb set-constant header.height C"
            ),
            (
                "UPDATE constraints SET constant = -9e999 WHERE id = 6",
                "constraint #6 `label.top == header.top - inf`",
                "layoutdb set-constant '#6' C"
            ),
            (
                "UPDATE constraints SET rhs_coefficient = 9e999 WHERE label = 'ratio'",
                "constraint #9 `ratio: label.height == header.height * inf`: a multiplier must be a finite number, not inf",
                "layoutdb set-multiplier ratio M"
            ),
            (
                "UPDATE variant_constants SET constant = 9e999",
                "the constant of `header.height` in variant `compact`",
                "layoutdb set-constant header.height C --variant compact"
            ),
            (
                // Inserted: an UPDATE of a metric is refused (migration 0018).
                "DELETE FROM metrics; INSERT INTO metrics (layout_id, name, value) VALUES (1, 'pad', 9e999)",
                "metric `pad`: a metric must be a finite number",
                "`metrics` table"
            ),
            (
                "UPDATE layouts SET canvas_width = 9e999", "the canvas: a canvas size",
                "`layouts` table"
            ),
            (
                "UPDATE layouts SET safe_top = -1", "the canvas: a safe-area inset",
                "`layouts` table"
            ),
            (
                "UPDATE variants SET canvas_height = 9e999", "variant `compact`: a canvas size",
                "`variants` table"
            ),
            (
                "UPDATE views SET frame_width = -5 WHERE name = 'badge'",
                "the frame of view `badge`: a frame's size must be a finite number >= 0, not -5",
                "layoutdb set-frame badge X Y W H"
            ),
            (
                "UPDATE views SET frame_x = 9e999 WHERE name = 'badge'",
                "the frame of view `badge`", "layoutdb set-frame badge"
            ),
            (
                "UPDATE views SET intrinsic_width = 9e999 WHERE name = 'label'",
                "the intrinsic size of view `label`", "layoutdb set-intrinsic label W H"
            ),
            (
                "UPDATE variant_intrinsics SET intrinsic_height = 9e999",
                "the intrinsic size of view `label` in variant `compact`",
                "layoutdb set-intrinsic label W H --variant compact"
            ),
            (
                "UPDATE views SET margin_left = 9e999 WHERE name = 'header'",
                "the margins or baselines of view `header`: a margin", "`views` table"
            ),
            (
                "UPDATE views SET baseline_first = -9e999 WHERE name = 'label'",
                "the margins or baselines of view `label`: a baseline", "`views` table"
            ),
            (
                "UPDATE stacks SET spacing = 9e999", "the spacing of stack `row`",
                "layoutdb set-constant row.spacing C"
            ),
        ])
    func refusesANumberAScriptCannotWrite(_ sql: String, _ what: String, _ repair: String) {
        let box = applied(Self.numbers)
        #expect(box.sqlite(sql).status == 0, "\(sql)")
        let out = box.directory.appending(path: "out.layout").path
        let r = box.run(["export", "-o", out])
        #expect(r.status == 65, "\(sql): \(r.stderr)")
        #expect(r.stderr.contains("cannot export layout `main`: \(what)"), "\(sql): \(r.stderr)")
        #expect(r.stderr.contains("which a script cannot write"), "\(r.stderr)")
        #expect(r.stderr.contains(repair), "\(sql): \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "\(sql)")
        #expect(box.run(["export"]).stdout.isEmpty)
    }

    @Test("the repair the refusal names makes the project export again, and the export applies")
    func theNamedRepairMakesItExport() {
        let box = applied(ExportSourceDefectTests.contractExample)
        #expect(box.sqlite("UPDATE constraints SET constant = 9e999 WHERE id = 4").status == 0)
        let refused = box.run(["export"])
        #expect(refused.status == 65)
        #expect(
            refused.stderr.contains("layoutdb set-constant header.height C"), "\(refused.stderr)")
        #expect(box.run(["set-constant", "header.height", "72", "-q"]).status == 0)
        let exported = expectRebuilt(box, variants: ["base", "compact"])
        #expect(exported.contains("\nheader.height: header.height == 72\n"))
    }

    @Test(
        "a view named `inf` and a constant plain SQL made infinite: refused, not read back as that view"
    )
    func infiniteConstantIsNotAViewNamedInf() {
        let box = applied(
            """
            canvas 100 100
            view inf
            view a
            inf.left == 0; inf.top == 0; inf.width == 10; inf.height == 10
            a.left == 0; a.top == 0; a.height == 10
            w: a.width == 40

            """)
        #expect(box.sqlite("UPDATE constraints SET constant = 9e999 WHERE label = 'w'").status == 0)
        let r = box.run(["export"])
        #expect(r.status == 65 && r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr.contains("`w: a.width == inf`"), "\(r.stderr)")
    }
}

/// Defect 3: each constraint's row kept the whole text of its statement, so a VFL line of
/// thousands of views (a constraint each) made a project the square of its size.
extension ExportSourceDefectTests {
    /// `n` views and one VFL line that names them all, `gap` between two.
    static func longLine(_ n: Int, gap: String = "-") -> String {
        (0..<n).map { "view v\($0)\n" }.joined() + "H:|"
            + (0..<n).map { "[v\($0)]" }.joined(separator: gap) + "|\n"
    }

    func fileSize(_ box: Sandbox) -> Int {
        let size = try? FileManager.default.attributesOfItem(atPath: box.db)[.size] as? Int
        return size ?? 0
    }

    @Test("a long line's rows keep its start and a digest, so the project grows as the line does")
    func longLineStorageIsLinear() {
        let small = applied(Self.longLine(1000))
        let big = applied(Self.longLine(3000))
        #expect(big.sql("select count(*) from constraints") == "3001")
        // One text for all the line's rows, a bounded one, that says what it is.
        #expect(
            big.sql("select count(distinct source), max(length(source)) <= 256 from constraints")
                == "1|1")
        let kept = big.sql("select source from constraints limit 1")
        #expect(kept.hasPrefix("H:|[v0]-[v1]-[v2]-"), "\(kept)")
        #expect(kept.contains("… (22893 bytes, digest "), "\(kept)")
        // Three times the line, about three times the project (the whole line in each row
        // made it nine times, and 75 MB at 3,000 views).
        #expect(fileSize(big) < 4 * fileSize(small), "\(fileSize(small)) → \(fileSize(big))")
        #expect(fileSize(big) < 4_000_000, "\(fileSize(big))")
        // The line itself is kept once, as written.
        let line = Self.longLine(3000).split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            big.sql("select count(*) from script_lines where instr(text, '\(line)') > 0") == "1")
    }

    @Test("a short statement's rows keep its text whole, as before")
    func shortStatementsKeptWhole() {
        let box = applied(Self.contractExample)
        #expect(
            box.sql("select distinct source from constraints order by id").split(separator: "\n")
                == [
                    "header.top == |.top", "header.left == |.left", "header.right == |.right",
                    "header.height: header.height == 70", "title.center == header.center",
                    "title.height == 24", "title.width <= header.width - 32",
                    "title.width == 200 @ high", "V:[header]-8-[body]-|", "H:|-16-[body]-16-|",
                ])
    }

    @Test(
        "a long line is still its rows' statement: re-applied unchanged, respaced, edited elsewhere or edited itself"
    )
    func longLineIdentity() {
        let script = "canvas 30000 100\n" + Self.longLine(1000)
        let box = applied(script)
        let ids = box.sql("select group_concat(id) from constraints")
        let path = box.write("home.layout", script)
        var r = box.run(["apply", path])
        #expect(r.status == 0 && r.stdout.contains("no changes"), "\(r.stdout)")
        // Whitespace is not a statement's: the rows stay.
        r = box.run([
            "apply",
            box.write("home.layout", script.replacingOccurrences(of: "]-[", with: "] - [")),
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("constraint"), "\(r.stdout.prefix(300))")
        #expect(box.sql("select group_concat(id) from constraints") == ids)
        // Another line edited: the long line's rows stay.
        let other = script.replacingOccurrences(of: "canvas 30000 100", with: "canvas 31000 100")
        r = box.run(["apply", box.write("home.layout", other)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(box.sql("select group_concat(id) from constraints") == ids)
        // A part of the line changed from the command line, then the line edited: the
        // line's text changed, so the edit goes with the constraints it made (docs/editing.md).
        let id = box.sql("select id from constraints order by id limit 1 offset 500")
        #expect(box.run(["set-constant", "#" + id, "15", "-q"]).status == 0)
        let edited = other.replacingOccurrences(of: "[v999]|", with: "[v999]-|")
        r = box.run(["apply", box.write("home.layout", edited)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("(replaces an edit made since)"), "\(r.stdout.prefix(600))")
        let fresh = applied(edited)
        #expect(box.frameLines(variant: "base") == fresh.frameLines(variant: "base"))
        #expect(
            box.sql("select count(*) from constraints")
                == fresh.sql("select count(*) from constraints"))
    }

    @Test(
        "export writes a long line back as written, and the edited part of one in the writer's form"
    )
    func longLineExport() {
        let box = applied("canvas 30000 100\n" + Self.longLine(1000))
        let exported = expectRebuilt(box, variants: ["base"])
        #expect(
            exported.contains("\n" + (Self.longLine(1000).split(separator: "\n").last ?? "") + "\n")
        )
        let id = box.sql("select id from constraints order by id limit 1 offset 500")
        #expect(box.run(["set-constant", "#" + id, "15", "-q"]).status == 0)
        let edited = expectRebuilt(box, variants: ["base"])
        #expect(edited.contains(" + 15\n"), "\(edited.suffix(300))")
    }

    @Test(
        "rename-view rewrites the start a long line's rows show, and a conflict shows it with its place"
    )
    func longLineRenameAndConflict() {
        let box = applied("canvas 30000 100\n" + Self.longLine(1000))
        #expect(box.run(["rename-view", "v1", "second", "-q"]).status == 0)
        // The rows that name the view say its new name (as a short line's do).
        let kept = box.sql(
            "select c.source from constraints c join views v on v.id = c.lhs_view_id"
                + " where v.name = 'second'")
        #expect(kept.hasPrefix("H:|[v0]-[second]-[v2]-"), "\(kept)")
        #expect(kept.contains("bytes, digest "), "\(kept)")
        expectRebuilt(box, variants: ["base"])

        // Widths that cannot fit: the message names the line by its start and its place.
        let wide =
            "canvas 375 100\n" + (0..<1000).map { "view v\($0)\n" }.joined() + "H:|"
            + (0..<1000).map { "[v\($0)(==100)]" }.joined(separator: "-") + "|\n"
        let refused = Sandbox()
        let r = refused.run(["apply", refused.write("wide.layout", wide)])
        #expect(r.status == 65)
        #expect(r.stderr.contains("H:|[v0(==100)]-[v1(==100)]-"), "\(r.stderr.prefix(400))")
        #expect(r.stderr.contains("wide.layout:1002"), "\(r.stderr.prefix(400))")
        #expect(r.stderr.utf8.count < 200_000, "\(r.stderr.utf8.count)")
    }
}
