import Foundation
import Testing

/// Variants that override more than constants (docs/vocabulary.md §12, V1–V4): a
/// priority, a constraint turned on or off, an intrinsic size, per variant; end to end on
/// the built binary. Expected frames are computed by hand in the comments.
@Suite("Variant overrides: priority, activate/deactivate, intrinsic")
struct VariantOverrideTests {
    func applied(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) -> Sandbox {
        let box = Sandbox()
        let r = box.run(["apply", box.write("v.layout", script), "-q"])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return box
    }

    func frames(_ box: Sandbox, variant: String = "base") -> String {
        box.run(["frames", "--format", "csv", "--variant", variant]).stdout
    }

    /// Export, apply the export to a fresh project: the frames of every variant agree, and
    /// the second export is the first.
    func expectRoundTrip(
        _ box: Sandbox, variants: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let exported = box.run(["export"])
        #expect(exported.status == 0, "\(exported.stderr)", sourceLocation: sourceLocation)
        let copy = Sandbox()
        let r = copy.run(["apply", copy.write("again.layout", exported.stdout), "-q"])
        #expect(r.status == 0, "\(r.stderr)\n\(exported.stdout)", sourceLocation: sourceLocation)
        for v in variants {
            #expect(
                frames(copy, variant: v) == frames(box, variant: v), sourceLocation: sourceLocation)
        }
        #expect(copy.run(["export"]).stdout == exported.stdout, sourceLocation: sourceLocation)
    }

    /// Everything a person could read, the override tables included.
    func snapshot(_ box: Sandbox) -> String {
        box.snapshot()
            + box.sql(
                "select * from variant_constraint_overrides; select * from variant_intrinsics")
    }

    static let v1 = """
        canvas 320 480
        view box intrinsic 100 40
        box.left == |.left; box.top == |.top
        wide: box.width == 200 @ 300
        variant narrow
        priority wide 200 in narrow
        """

    @Test("V1: a priority in a variant: 300 beats the hugging (250), 200 loses to it")
    func priorityInVariant() {
        let box = applied(Self.v1)
        // Base: wide @300 > hug 250 → width 200. narrow: wide @200 < hug 250 → 100.
        #expect(frames(box) == "view,x,y,width,height,stale\nbox,0,0,200,40,0\n")
        #expect(frames(box, variant: "narrow") == "view,x,y,width,height,stale\nbox,0,0,100,40,0\n")
        #expect(box.run(["export"]).stdout.contains("\npriority wide 200 in narrow\n"))
        expectRoundTrip(box, variants: ["base", "narrow"])
        let get = box.run(["get", "wide"]).stdout
        #expect(get.contains("\npriority: 300\n"), "\(get)")
        #expect(get.hasSuffix("\nvariant narrow: priority 200\n"), "\(get)")
    }

    static let v2 = """
        canvas 320 480
        view side; view main
        side.top == |.top; side.bottom == |.bottom; side.left == |.left
        main.top == |.top; main.bottom == |.bottom; main.right == |.right
        main.left == side.right
        collapsed: side.width == 0
        split: side.width == 240
        deactivate split
        variant regular canvas 768 1024
        deactivate collapsed in regular
        activate split in regular
        """

    @Test(
        "V2: a constraint that exists in one size class: deactivated in the base, activated in the variant"
    )
    func activateInVariant() {
        let box = applied(Self.v2)
        // Base: collapsed holds → side 0 wide, main the whole 320. regular (768 × 1024):
        // split holds → side 240, main from 240 to 768 = 528.
        #expect(
            frames(box) == """
                view,x,y,width,height,stale
                side,0,0,0,480,0
                main,0,0,320,480,0

                """)
        #expect(
            frames(box, variant: "regular") == """
                view,x,y,width,height,stale
                side,0,0,240,1024,0
                main,240,0,528,1024,0

                """)
        let exported = box.run(["export"]).stdout
        #expect(exported.contains("\nsplit: side.width == 240\ndeactivate split\n"))
        #expect(exported.contains("\ndeactivate collapsed in regular\nactivate split in regular\n"))
        let get = box.run(["get", "split"]).stdout
        #expect(get.contains("\nactive: no\n"), "\(get)")
        #expect(get.hasSuffix("\nvariant regular: active\n"), "\(get)")
        expectRoundTrip(box, variants: ["base", "regular"])
        // What-ifs reach a constraint only the variant activates: side 100 → main from 100.
        let sweep = box.run([
            "sweep", "split", "100", "100", "1", "--variant", "regular", "--format", "csv",
        ])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(sweep.stdout.contains("100,side,0,0,100,1024"), "\(sweep.stdout)")
        #expect(sweep.stdout.contains("100,main,100,0,668,1024"), "\(sweep.stdout)")
    }

    @Test(
        "set-priority, activate, deactivate and set-intrinsic with --variant change only that variant"
    )
    func commandsWithVariant() {
        let box = applied(Self.v1 + "\nvariant other")
        let base = frames(box)
        let other = frames(box, variant: "other")

        // narrow: wide @400 > hug 250 → 200 again.
        var r = box.run(["set-priority", "wide", "400", "--variant", "narrow"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "main/narrow box: width 100 → 200\n")
        #expect(frames(box) == base)
        #expect(frames(box, variant: "other") == other)

        r = box.run(["deactivate", "wide", "--variant", "narrow"])
        #expect(r.stdout == "main/narrow box: width 200 → 100\n", "\(r.stderr)")
        r = box.run(["activate", "wide", "--variant", "narrow"])
        #expect(r.stdout == "main/narrow box: width 100 → 200\n", "\(r.stderr)")

        // Intrinsic 150 × 60 in narrow only: wide still wins the width, the height hugs 60.
        r = box.run(["set-intrinsic", "box", "150", "60", "--variant", "narrow"])
        #expect(r.stdout == "main/narrow box: height 40 → 60\n", "\(r.stderr)")
        #expect(frames(box) == base)
        #expect(frames(box, variant: "other") == other)
        let exported = box.run(["export"]).stdout
        // The script's `priority ... in narrow` line is written as it now is, in its place;
        // what the command line added comes after the script's lines.
        #expect(exported.contains("\npriority wide 400 in narrow\n"), "\(exported)")
        #expect(exported.contains("\nactivate wide in narrow\n"), "\(exported)")
        #expect(exported.contains("\nintrinsic box 150 60 in narrow\n"))
        expectRoundTrip(box, variants: ["base", "narrow", "other"])

        // Without --variant: the base, and `other`, which inherits it; narrow keeps its own.
        r = box.run(["set-priority", "wide", "100"])
        #expect(
            r.stdout == "main box: width 200 → 100\nmain/other box: width 200 → 100\n",
            "\(r.stderr)")

        // `variant reset` drops narrow's priority and activation of `wide`: the base's
        // 100 loses to the hugging there too (its own intrinsic size stays: 150 × 60).
        r = box.run(["variant", "reset", "narrow", "wide"])
        #expect(r.stdout == "main/narrow box: width 200 → 150\n", "\(r.stderr)")
        #expect(box.sql("select count(*) from variant_constraint_overrides") == "0")
    }

    @Test(
        "an override marks only its variant dirty; a base change marks the variants that inherit it"
    )
    func dirtyMarks() {
        let box = applied(Self.v1 + "\nvariant other")
        let narrow = box.sql("select id from variants where name = 'narrow'")
        let other = box.sql("select id from variants where name = 'other'")
        #expect(box.sql("select count(*) from dirty") == "0")
        #expect(
            box.run(["set-priority", "wide", "400", "--variant", "narrow", "--no-solve"]).status
                == 0)
        #expect(box.sql("select variant_id, component from dirty") == "\(narrow)|-1")
        #expect(box.run(["solve", "-q"]).status == 0)
        #expect(
            box.run(["set-intrinsic", "box", "1", "1", "--variant", "other", "--no-solve"]).status
                == 0)
        #expect(box.sql("select variant_id, component from dirty") == "\(other)|-1")
        #expect(box.run(["solve", "-q"]).status == 0)
        // Plain SQL on the override tables is marked by the same triggers.
        _ = box.sql("delete from variant_intrinsics")
        #expect(box.sql("select variant_id from dirty") == other)
        #expect(box.run(["solve", "-q"]).status == 0)
        #expect(box.run(["deactivate", "wide", "--no-solve"]).status == 0)
        #expect(
            box.sql("select variant_id from dirty order by variant_id")
                == "0\n\(narrow)\n\(other)")
    }

    @Test("a compound label given to priority, activate or deactivate applies to each component")
    func compoundLabel() {
        let box = applied(
            """
            canvas 320 480
            view box intrinsic 100 40
            box.left == |.left; box.top == |.top
            size: box.size == 150 @ 300
            variant small
            priority size 200 in small
            variant none
            deactivate size in none
            """)
        // Base: size @300 beats hugging → 150 × 150; small: @200 loses → 100 × 40.
        #expect(frames(box) == "view,x,y,width,height,stale\nbox,0,0,150,150,0\n")
        #expect(frames(box, variant: "small") == "view,x,y,width,height,stale\nbox,0,0,100,40,0\n")
        #expect(frames(box, variant: "none") == "view,x,y,width,height,stale\nbox,0,0,100,40,0\n")
        let exported = box.run(["export"]).stdout
        // The script's lines say it, once: the parts are not written again after them.
        #expect(
            exported.hasSuffix(
                "\nvariant small\npriority size 200 in small\nvariant none\ndeactivate size in none\n"
            ),
            "\(exported)")
        expectRoundTrip(box, variants: ["base", "small", "none"])
        // The command takes the compound label too.
        let r = box.run(["set-priority", "size", "400", "--variant", "small"])
        #expect(r.stdout == "main/small box: width 100 → 150, height 40 → 150\n", "\(r.stderr)")
    }

    @Test(
        "unknown labels, variants and views are errors at the name with a suggestion, and nothing is written",
        arguments: [
            (
                "priority wde 200 in narrow", "bad.layout:2:10: ",
                "no constraint labelled `wde` in layout `main`; did you mean `wide`?"
            ),
            (
                "priority wide 200 in narow", "bad.layout:2:22: ",
                "no variant `narow` in layout `main`; did you mean `narrow`?"
            ),
            (
                "activate wide in narow", "bad.layout:2:18: ",
                "no variant `narow` in layout `main`; did you mean `narrow`?"
            ),
            ("deactivate wid", "bad.layout:2:12: ", "did you mean `wide`?"),
            ("intrinsic bx 10 10 in narrow", "bad.layout:2:11: ", "unknown view 'bx'"),
            ("priority wide 2000", "bad.layout:2:15: ", "priority 2000 is out of range"),
            ("priority wide 200 in", "bad.layout:2:21: ", "expected a variant name after 'in'"),
            ("activate wide narrow", "bad.layout:2:15: ", "unexpected 'narrow' after the label"),
            ("intrinsic root 10 10", "bad.layout:2:11: ", "the root view has no intrinsic size"),
        ])
    func errors(line: String, place: String, message: String) {
        let box = applied(Self.v1)
        let before = snapshot(box)
        // The first line is written before the bad one fails: it must not stay.
        let r = box.run(["apply", box.write("bad.layout", "priority wide 100\n" + line)])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("/" + place), "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(snapshot(box) == before)
    }

    @Test("the commands refuse unknown labels, variants and views with a suggestion (exit 65)")
    func commandErrors() {
        let box = applied(Self.v1)
        let before = snapshot(box)
        for (args, message) in [
            (["set-priority", "wide", "400", "--variant", "narow"], "did you mean `narrow`?"),
            (["activate", "wde", "--variant", "narrow"], "did you mean `wide`?"),
            (["set-intrinsic", "bx", "1", "1", "--variant", "narrow"], "did you mean"),
        ] {
            let r = box.run(args)
            #expect(r.status == 65, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        #expect(snapshot(box) == before)
    }

    // MARK: Export of a constraint turned off

    /// The constraint rows and the variants' holdings of them, by label and view name
    /// (ids, ordinals and origins are the applying project's own): what a round trip keeps.
    func constraintRows(_ box: Sandbox) -> String {
        box.sql(
            """
            select c.label, c.relation, c.constant, c.lhs_constant, c.priority, c.active, c.kind,
                lv.name, c.lhs_attribute, c.lhs_coefficient, rv.name, c.rhs_attribute,
                c.rhs_coefficient
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

    /// ``expectRoundTrip(_:variants:sourceLocation:)``, and the copy holds the same rows.
    func expectSameRows(
        _ box: Sandbox, variants: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectRoundTrip(box, variants: variants, sourceLocation: sourceLocation)
        let copy = Sandbox()
        let exported = box.run(["export"]).stdout
        _ = copy.run(["apply", copy.write("again.layout", exported), "-q"])
        #expect(
            constraintRows(copy) == constraintRows(box), "\(exported)",
            sourceLocation: sourceLocation)
    }

    /// Export, apply the export to a fresh project: it holds the same rows, solves to
    /// `expected` (frames CSV by variant, worked out by hand) as the project does, and
    /// exports the same text. The hand's frames, not only the project's: an edit of a
    /// constraint that is off in the base once left the variants that turn it on stale
    /// (migration 0013), and a round trip checked against stale frames proves nothing.
    func expectRebuilt(
        _ box: Sandbox, frames expected: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let exported = box.run(["export"])
        #expect(exported.status == 0, "\(exported.stderr)", sourceLocation: sourceLocation)
        let copy = Sandbox()
        let r = copy.run(["apply", copy.write("again.layout", exported.stdout), "-q"])
        #expect(r.status == 0, "\(r.stderr)\n\(exported.stdout)", sourceLocation: sourceLocation)
        for (variant, frames) in expected.sorted(by: { $0.key < $1.key }) {
            let csv = "view,x,y,width,height,stale\n" + frames
            #expect(self.frames(box, variant: variant) == csv, sourceLocation: sourceLocation)
            #expect(self.frames(copy, variant: variant) == csv, sourceLocation: sourceLocation)
        }
        #expect(
            constraintRows(copy) == constraintRows(box), "\(exported.stdout)",
            sourceLocation: sourceLocation)
        #expect(copy.run(["export"]).stdout == exported.stdout, sourceLocation: sourceLocation)
    }

    @Test(
        "a constraint declared, deactivated in the base, activated in a variant and edited since exports as its statement and `deactivate`"
    )
    func exportDeactivatedAndEdited() {
        let box = applied(
            """
            canvas 100 100
            view a frame 0 0 10 10
            w: a.width == 50
            deactivate w
            variant v canvas 200 200
            activate w in v
            """)
        #expect(box.run(["set-constant", "w", "60", "-q"]).status == 0)
        let exported = box.run(["export"])
        #expect(exported.status == 0, "\(exported.stderr)")
        // The edited line in the writer's form; the script's own `deactivate w` says the
        // rest, once.
        #expect(
            exported.stdout.hasSuffix(
                "\nw: a.width == 60\ndeactivate w\nvariant v canvas 200 200\nactivate w in v\n"),
            "\(exported.stdout)")
        #expect(!exported.stdout.contains("# inactive"), "\(exported.stdout)")
        // Base: w off, a keeps its frame's 10; v: w on, 60.
        expectRebuilt(box, frames: ["base": "a,0,0,10,10,0\n", "v": "a,0,0,60,10,0\n"])
    }

    @Test(
        "deactivate, activate --variant and set-priority --variant from the command line export so that apply rebuilds them"
    )
    func exportDeactivatedFromTheCommandLine() {
        let box = applied(
            """
            canvas 100 100
            view a frame 0 0 10 10
            view b frame 0 20 10 10
            w: a.width == 50
            wide: b.width == 80 @ 500
            b.width == 30 @ 400
            variant v canvas 200 200
            variant land canvas 200 100
            """)
        for args in [
            ["deactivate", "w"], ["activate", "w", "--variant", "v"], ["deactivate", "wide"],
            ["set-priority", "wide", "900", "--variant", "land"],
            ["activate", "wide", "--variant", "land"],
        ] {
            let r = box.run(args + ["-q"])
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
        let exported = box.run(["export"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(
            exported.stdout.contains("\nw: a.width == 50\ndeactivate w\n"), "\(exported.stdout)")
        #expect(
            exported.stdout.contains("\nwide: b.width == 80 @ 500\ndeactivate wide\n"),
            "\(exported.stdout)")
        // Base: w and wide off (a 10, b 30); v: w on (a 50); land: wide on at 900 (b 80).
        #expect(
            frames(box, variant: "land")
                == "view,x,y,width,height,stale\na,0,0,10,10,0\nb,0,20,80,10,0\n")
        expectSameRows(box, variants: ["base", "v", "land"])
        // And an edit of the constant since: still one statement, then `deactivate`.
        #expect(box.run(["set-constant", "wide", "70", "-q"]).status == 0)
        #expect(
            box.run(["export"]).stdout.contains("\nwide: b.width == 70 @ 500\ndeactivate wide\n"))
        expectRebuilt(
            box,
            frames: [
                "base": "a,0,0,10,10,0\nb,0,20,30,10,0\n", "v": "a,0,0,50,10,0\nb,0,20,30,10,0\n",
                "land": "a,0,0,10,10,0\nb,0,20,70,10,0\n",
            ])
    }

    @Test(
        "a compound label's `deactivate` and `priority ... in V` whose parts were given other values since export each part"
    )
    func exportCompoundLabelParts() {
        let box = applied(
            """
            canvas 100 100
            view t frame 0 0 10 10
            ts: t.size == 20 @ 500
            t.width == 5 @ 450
            t.height == 5 @ 450
            deactivate ts
            variant v canvas 200 200
            activate ts in v
            priority ts 400 in v
            """)
        #expect(box.run(["activate", "ts.height", "-q"]).status == 0)
        #expect(box.run(["set-priority", "ts.width", "300", "--variant", "v", "-q"]).status == 0)
        // Base: ts.height on (@500 beats 5 @450), ts.width off: 5 × 20. v: both on, below 450.
        #expect(frames(box) == "view,x,y,width,height,stale\nt,0,0,5,20,0\n")
        #expect(frames(box, variant: "v") == "view,x,y,width,height,stale\nt,0,0,5,5,0\n")
        let exported = box.run(["export"]).stdout
        // The script's lines of `ts` say what each part now holds, in their places; what
        // they say is not written again after them.
        #expect(
            exported.hasSuffix(
                """
                t.height == 5 @ 450
                activate ts.height
                deactivate ts.width
                variant v canvas 200 200
                activate ts in v
                priority ts.height 400 in v
                priority ts.width 300 in v

                """), "\(exported)")
        expectSameRows(box, variants: ["base", "v"])
    }

    @Test(
        "a constraint without a label that is turned off, or held otherwise in a variant, is refused by export with what to do"
    )
    func exportRefusesAnUnlabelledHolding() {
        let script = """
            canvas 100 100
            view a frame 0 0 10 10
            a.width == 50
            variant v canvas 200 200
            """
        for args in [
            ["deactivate", "#1"], ["activate", "#1", "--variant", "v"],
            ["set-priority", "#1", "500", "--variant", "v"],
            ["set-constant", "#1", "30", "--variant", "v"],
        ] {
            let box = applied(script)
            #expect(box.run(args + ["-q"]).status == 0, "\(args)")
            // A script names a constraint by its label to turn it off, or to hold it
            // otherwise in a variant: without one the export would apply as another project.
            let r = box.run(["export"])
            #expect(r.status == 65, "\(args): \(r.stdout)")
            #expect(r.stdout.isEmpty, "\(args): \(r.stdout)")
            #expect(
                r.stderr.contains("constraint #1 `a.width == 50` in layout `main` has no label"),
                "\(args): \(r.stderr)")
            #expect(r.stderr.contains("layoutdb label '#1' NAME"), "\(args): \(r.stderr)")
            // Labelled, it exports, and apply rebuilds it.
            #expect(box.run(["label", "#1", "aw", "-q"]).status == 0)
            expectSameRows(box, variants: ["base", "v"])
        }
    }

    @Test("variant create --safe and --direction give a variant its own safe area and direction")
    func createWithSafeAreaAndDirection() {
        // h: 10 from the leading edge, on the safe area's top. On 375x667 with a 20-point
        // top under RTL: the leading edge is the right, so x = 375 - 10 - 100 = 265, y 20.
        let box = applied(
            """
            canvas 375 812 safe 44 0 34 0
            view h
            h.top == root.safe.top; h.leading == root.leading + 10; h.width == 100
            h.height == 20
            """)
        let create = box.run([
            "variant", "create", "se", "--canvas", "375x667", "--safe", "20,0,0,0",
            "--direction", "rtl", "-q",
        ])
        #expect(create.status == 0, "\(create.stderr)")
        #expect(frames(box, variant: "se") == "view,x,y,width,height,stale\nh,265,20,100,20,0\n")
        #expect(
            box.run(["export"]).stdout.contains(
                "\nvariant se canvas 375 667 safe 20 0 0 0 direction rtl\n"))
        // --from keeps the rest of the copy and takes the given safe area.
        #expect(
            box.run(["variant", "create", "flat", "--from", "se", "--safe", "0 0 0 0", "-q"]).status
                == 0)
        #expect(frames(box, variant: "flat") == "view,x,y,width,height,stale\nh,265,0,100,20,0\n")
        expectRoundTrip(box, variants: ["base", "se", "flat"])
        for (option, value, message) in [
            ("--safe", "1,2,3", "--safe must be TOP,LEFT,BOTTOM,RIGHT, four numbers >= 0"),
            ("--safe", "-1,0,0,0", "--safe must be TOP,LEFT,BOTTOM,RIGHT, four numbers >= 0"),
            ("--direction", "up", "--direction must be ltr or rtl (got 'up')"),
        ] {
            let r = box.run(["variant", "create", "bad", option, value])
            #expect(r.status == 64 && r.stderr.contains(message), "\(r.stderr)")
        }
    }
}
