import Foundation
import Testing

/// Issue 17, part 4: a constant edit in a new process solves the layout's kept image
/// (`solve_images`) instead of loading its rows, and gives what a full re-solve from the
/// rows gives, frame for frame and bit for bit.
@Suite("issue 17: constant edits solve the kept image")
struct SolveImageTests {
    /// A form of `rows` rows (label, field, a hidden hint, an intrinsic-sized badge),
    /// chained top to bottom, with a drawn view that only autoresizes, a view drawn with a
    /// frame and constraints (fallbacks), a multiplier, an inequality and an optional
    /// constraint: every kind of constant the engine folds.
    static func form(rows: Int) -> String {
        var lines = ["canvas 375 812 safe 20 0 34 0", "metric gap 8"]
        lines.append("view backdrop frame 0 0 375 812 autoresize width,height")
        lines.append("view header frame 0 0 375 60")
        lines.append("header.top == |.top; header.left == |.left; header.right == |.right")
        lines.append("header.height: header.height == 60")
        var above = "header"
        for r in 0..<rows {
            lines.append("view label\(r)")
            lines.append("view field\(r)")
            lines.append("view hint\(r) in field\(r)")
            lines.append("view badge\(r) in field\(r)")
            lines.append("intrinsic badge\(r) 24 16")
            lines.append("hide hint\(r)")
            lines.append("gap\(r): label\(r).top == \(above).bottom + gap")
            lines.append("label\(r).left == |.left + 16")
            lines.append("lw\(r): label\(r).width == 100")
            lines.append("lh\(r): label\(r).height == 30")
            lines.append("field\(r).left == label\(r).right + gap")
            lines.append("field\(r).right <= |.right - 16")
            lines.append("fw\(r): field\(r).width == 400 @ 750")
            lines.append("field\(r).top == label\(r).top")
            lines.append("fh\(r): field\(r).height == label\(r).height * 1.5")
            lines.append("hint\(r).edges == field\(r).edges")
            lines.append("badge\(r).right == field\(r).right - 4")
            lines.append("badge\(r).centerY == field\(r).centerY")
            above = "field\(r)"
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let frames =
        "select view_id, variant_id, x, y, width, height, ambiguous from frames order by view_id, variant_id"

    /// The frames a full re-solve from the rows gives: a copy of the project with its image
    /// dropped and the whole layout marked dirty, solved.
    func resolvedFromRows(_ box: Sandbox) -> String {
        let copy = box.directory.appending(path: "copy-\(UUID().uuidString).layoutdb").path
        _ = box.sql("vacuum into '\(copy)'")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [
            "sqlite3", copy,
            "delete from solve_images; insert into dirty (layout_id, variant_id, component) select id, 0, -1 from layouts",
        ]
        try? p.run()
        p.waitUntilExit()
        let solved = box.run(["solve", "--db", copy, "-q"])
        #expect(solved.status == 0, "\(solved.stderr)")
        let read = Process()
        read.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        read.arguments = ["sqlite3", copy, Self.frames]
        let out = Pipe()
        read.standardOutput = out
        try? read.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        read.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "apply keeps the layout's solved system; a constant edit records the constraint and keeps it"
    )
    func imageKeptAndConstantRecorded() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("f.layout", Self.form(rows: 3)), "-q"]).status == 0)
        #expect(box.sql("select count(*) from solve_images") == "1")
        #expect(
            box.sql(
                "select views = (select count(*) from views where parent_id is not null) from solve_images"
            ) == "1")
        let edit = box.run(["set-constant", "lh1", "44", "-q"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(box.sql("select count(*) from solve_images") == "1")
        #expect(
            box.sql(
                "select c.label from solve_image_constants p join constraints c on c.id = p.constraint_id"
            ) == "lh1")
        #expect(box.sql("select count(*) from dirty") == "0")
        #expect(box.sql("select height from solved_frames where view = 'label1'") == "44.0")
        #expect(box.sql("select height from solved_frames where view = 'field1'") == "66.0")
    }

    @Test(
        "a constant edit solves the image, not the rows: a change the triggers were kept from seeing is not read"
    )
    func editReadsImageNotRows() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("f.layout", Self.form(rows: 2)), "-q"]).status == 0)
        // Every constraint trigger but the constant one dropped, fw0 (field0.width == 400)
        // made required unseen: it conflicts with field0.right <= |.right - 16, so a solve
        // from the rows refuses the edit. The image still holds fw0 @750.
        let triggers = box.sql(
            "select name from sqlite_master where type = 'trigger' and tbl_name = 'constraints' and name <> 'constraints_constant_dirty'"
        )
        let drops = triggers.split(separator: "\n").map { "drop trigger \($0);" }.joined()
        _ = box.sql(drops + "update constraints set priority = 1000 where label = 'fw0'")
        #expect(box.sql("select count(*) from dirty") == "0")
        let edit = box.run(["set-constant", "lw0", "90", "-q"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(box.sql("select width from solved_frames where view = 'label0'") == "90.0")
        // Without the image the same edit goes to the rows, which conflict.
        _ = box.sql("delete from solve_images")
        let fromRows = box.run(["set-constant", "lw0", "80"])
        #expect(fromRows.status == 65)
        #expect(fromRows.stderr.contains("fw0"))
    }

    @Test(
        "an edit of anything but a constant drops the image; the next whole solve keeps a new one")
    func structuralEditDropsImage() {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("f.layout", Self.form(rows: 2)), "-q"]).status == 0)
        #expect(box.run(["set-priority", "fw0", "700", "-q"]).status == 0)
        #expect(box.sql("select count(*) from solve_images") == "0")
        #expect(box.sql("select count(*) from solve_image_constants") == "0")
        // Plain SQL is seen the same way: the trigger that marks the dirt drops it.
        let again = Sandbox()
        #expect(
            again.run(["apply", again.write("f.layout", Self.form(rows: 2)), "-q"]).status == 0)
        _ = again.sql("update constraints set relation = '>=' where label = 'lw0'")
        #expect(again.sql("select count(*) from solve_images") == "0")
        #expect(again.run(["solve", "-q"]).status == 0)
        #expect(again.sql(Self.frames) == resolvedFromRows(again))
    }

    @Test("random constant edits through the image equal a full re-solve from the rows")
    func randomEditsEqualFullResolve() {
        let box = Sandbox()
        let rows = 12
        #expect(box.run(["apply", box.write("f.layout", Self.form(rows: rows)), "-q"]).status == 0)
        let seed = testSeed("constant edits through the image")
        var rng = SeededGenerator(seed: seed)
        let labels =
            (0..<rows).flatMap { ["gap\($0)", "lw\($0)", "lh\($0)", "fw\($0)", "fh\($0)"] } + [
                "header.height"
            ]
        for step in 0..<10 {
            // Two edits, the second with --no-solve, then one solve: several constants
            // change under one image, some constraints more than once.
            for k in 0..<2 {
                let label = labels[Int(rng.next() % UInt64(labels.count))]
                let value = Double(Int(rng.next() % 2000) - 400) / 8
                let args =
                    ["set-constant", label, String(value), "-q"] + (k == 0 ? ["--no-solve"] : [])
                let r = box.run(args)
                #expect(r.status == 0, "step \(step): \(args) \(r.stderr)")
            }
            #expect(
                box.sql("select count(*) from solve_images") == "1",
                "step \(step): the image is kept")
            #expect(box.sql(Self.frames) == resolvedFromRows(box), "seed \(seed), step \(step)")
        }
    }

    @Test(
        "a constant edit that makes required constraints conflict is refused through the image too, and changes nothing"
    )
    func conflictRefused() {
        let box = Sandbox()
        #expect(
            box.run([
                "apply", box.write("f.layout", Self.form(rows: 2) + "pin: label0.height == 30\n"),
                "-q",
            ]).status == 0)
        let before = box.snapshot()
        let r = box.run(["set-constant", "lh0", "50"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("conflict"))
        #expect(r.stderr.contains("lh0"))
        #expect(box.snapshot() == before)
        #expect(box.sql("select count(*) from solve_image_constants") == "0")
    }

    @Test(
        "a layout with a variant: the base is solved from the image, the variant from its rows, both as a full re-solve"
    )
    func variantBesideImage() {
        let box = Sandbox()
        let text = Self.form(rows: 3) + "variant compact canvas 320 568\nset lh0 20 in compact\n"
        #expect(box.run(["apply", box.write("f.layout", text), "-q"]).status == 0)
        #expect(box.run(["set-constant", "lh2", "41", "-q"]).status == 0)
        #expect(box.run(["set-constant", "lh0", "35", "-q"]).status == 0)
        #expect(box.sql("select count(*) from solve_images") == "1")
        #expect(box.sql(Self.frames) == resolvedFromRows(box))
        #expect(
            box.sql("select height from solved_frames where view = 'label0' order by variant")
                == "35.0\n20.0")
    }
}
