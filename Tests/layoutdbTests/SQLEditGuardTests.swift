import Foundation
import Testing

/// What plain SQL may do to a project (migration 0015, `doctor --fix`). `sqlite3` opens a
/// file with `PRAGMA foreign_keys` off, as a person's shell does, so ON DELETE CASCADE
/// does nothing there: a delete takes what depends on the deleted row through triggers,
/// an edit that changes what is solved marks it dirty, and an edit no command makes is
/// refused with the command to use.
@Suite("plain SQL edits")
struct SQLEditGuardTests {
    /// The README's tour. Views: root 1, header 2, title 3, body 4; constraint #4 is
    /// `header.height`; variant compact is id 1.
    static let tour = """
        canvas 375 812
        view header
        view title in header
        header.top == |.top; header.left == |.left; header.right == |.right
        header.height: header.height == 70
        title.center == header.center
        title.width == 200 @ high; title.height == 24
        view body
        V:[header]-8-[body]-|
        H:|-16-[body]-16-|
        variant compact canvas 320 568
        set header.height 44 in compact

        """

    /// The tour and a second layout, `side` (id 2), with a variant of its own.
    static let twoLayouts =
        tour + """
            layout side
            canvas 200 200
            view panel
            panel.left == |.left; panel.top == |.top; pw: panel.width == 50; panel.height == 50
            variant wide canvas 400 200

            """

    func project(_ text: String = tour, sourceLocation: SourceLocation = #_sourceLocation)
        -> Sandbox
    {
        let box = Sandbox()
        let r = box.run(["apply", box.write("home.layout", text), "-q"])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        return box
    }

    /// Runs each command; all must succeed.
    func run(
        _ box: Sandbox, _ commands: [[String]], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for command in commands {
            let r = box.run(command + ["-q"])
            #expect(r.status == 0, "\(command): \(r.stderr)", sourceLocation: sourceLocation)
        }
    }

    /// Rows that point at a row that is not there: every foreign key, and the references
    /// without one (`frames.variant_id`, `dirty.variant_id`, `solve_image_constants`).
    /// Empty when there are none.
    func danglingRows(_ box: Sandbox) -> String {
        box.sqlite(
            """
            PRAGMA foreign_key_check;
            SELECT 'frames of variant ' || variant_id FROM frames
            WHERE variant_id <> 0 AND variant_id NOT IN (SELECT id FROM variants);
            SELECT 'dirty mark of variant ' || variant_id FROM dirty
            WHERE variant_id <> 0 AND variant_id NOT IN (SELECT id FROM variants);
            SELECT 'kept constant of constraint ' || constraint_id FROM solve_image_constants
            WHERE constraint_id NOT IN (SELECT id FROM constraints);
            """
        ).stdout
    }

    // MARK: Deletes take their dependents

    @Test("a constraint deleted with SQL takes its variant constants, overrides and terms")
    func constraintDeleteTakesItsDependents() {
        let box = project()
        run(
            box,
            [
                ["add", "title.width == 150 @ 800", "--label", "tw"],
                ["set-constant", "tw", "20", "--variant", "compact"],
                ["set-priority", "tw", "700", "--variant", "compact"],
                [
                    "add", "title.width == 0.5 * header.width + 0.1 * body.width @ 900",
                    "--label", "multi",
                ],
            ])
        #expect(box.sqlite("DELETE FROM constraints WHERE label IN ('tw', 'multi')").status == 0)
        #expect(danglingRows(box) == "")
        #expect(box.run(["doctor", "-q"]).status == 0)

        // The next constraints get the deleted ones' ids (13 and 14) and inherit nothing:
        // not tw's 20 in compact, not multi's `0.1 * body.width`.
        let added = [
            ["add", "title.width == 120 @ 800", "--label", "tw2"],
            ["add", "title.width <= 100 @ 900", "--label", "cap"],
        ]
        run(box, added)
        #expect(
            box.sql("SELECT id FROM constraints WHERE label IN ('tw2', 'cap') ORDER BY id")
                == "13\n14")
        let fresh = project()
        run(fresh, added)
        for variant in ["base", "compact"] {
            #expect(box.frameLines(variant: variant) == fresh.frameLines(variant: variant))
        }
        #expect(box.frameLines(variant: "compact").contains("title,110,10,100,24,0"))
        func listed(_ box: Sandbox) -> String {
            box.run(["list"]).stdout.replacingOccurrences(of: box.directory.path, with: "")
        }
        #expect(listed(box) == listed(fresh))
        #expect(box.run(["export"]).stdout == fresh.run(["export"]).stdout)
    }

    @Test("a variant deleted with SQL takes its constants: a new variant inherits none")
    func variantDeleteTakesItsConstants() {
        let box = project()
        run(
            box,
            [
                ["hide", "title", "--variant", "compact"],
                ["set-intrinsic", "body", "100", "100", "--variant", "compact"],
                ["set-priority", "header.height", "999", "--variant", "compact"],
            ])
        #expect(box.sqlite("DELETE FROM variants WHERE name = 'compact'").status == 0)
        #expect(danglingRows(box) == "")
        #expect(box.run(["doctor", "-q"]).status == 0)

        run(box, [["variant", "create", "big", "--canvas", "600x900"]])
        #expect(box.sql("SELECT id FROM variants WHERE name = 'big'") == "1")
        let fresh = project()
        run(fresh, [["variant", "create", "big", "--canvas", "600x900"]])
        #expect(box.frameLines(variant: "big") == fresh.frameLines(variant: "big"))
        #expect(box.frameLines(variant: "big").contains("header,0,0,600,70,0"))
        #expect(!box.run(["export"]).stdout.contains(" in big"))
    }

    @Test("a layout deleted with SQL takes everything in it; the next layout starts empty")
    func layoutDeleteTakesItsContents() {
        let box = project(Self.twoLayouts)
        run(box, [["--layout", "side", "set-constant", "pw", "80", "--variant", "wide"]])
        let main = box.frameLines(variant: "compact")
        #expect(box.sqlite("DELETE FROM layouts WHERE name = 'side'").status == 0)
        #expect(danglingRows(box) == "")
        #expect(box.sql("SELECT count(*) FROM views WHERE layout_id = 2") == "0")
        #expect(box.sql("SELECT count(*) FROM script_lines WHERE layout_id = 2") == "0")
        #expect(box.run(["doctor", "-q"]).status == 0)
        #expect(box.frameLines(variant: "compact") == main)

        // The next layout gets id 2 and holds only what its script says.
        let other = box.write(
            "other.layout",
            """
            layout other
            canvas 100 100
            view box
            box.left == |.left; box.top == |.top; box.width == 10; box.height == 10

            """)
        let r = box.run(["apply", other, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(box.sql("SELECT id FROM layouts WHERE name = 'other'") == "2")
        #expect(box.run(["--layout", "other", "views"]).stdout.contains("panel") == false)
        #expect(box.run(["--layout", "other", "variant", "list"]).stdout.contains("wide") == false)
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    // MARK: A stack's order is solved

    static let stack = """
        canvas 320 100
        stack row H spacing 8
        row.left == |.left + 10; row.top == |.top + 10; row.width == 300; row.height == 30
        view a in row intrinsic 50 20
        view b in row intrinsic 60 20 hug 200 250
        view c in row intrinsic 40 20
        variant narrow canvas 300 100

        """

    @Test("an arranged view's ordinal changed with SQL marks its stack's layout dirty")
    func stackOrdinalMarksDirty() {
        let box = project(Self.stack)
        #expect(box.sql("SELECT count(*) FROM dirty") == "0")
        // `a` goes after `c`: the row arranges b, c, a.
        #expect(box.sqlite("UPDATE views SET ordinal = 10 WHERE name = 'a'").status == 0)
        #expect(
            box.sql("SELECT variant_id FROM dirty WHERE component = -1 ORDER BY 1") == "0\n1")
        let stale = box.run(["frames", "--no-solve", "--format", "csv"])
        #expect(stale.stdout.contains("a,10,10,50,30,1"), "\(stale.stdout)")

        let fresh = project(
            Self.stack.replacingOccurrences(
                of: "view a in row intrinsic 50 20\n", with: ""
            ).replacingOccurrences(
                of: "variant narrow", with: "view a in row intrinsic 50 20\nvariant narrow"))
        for variant in ["base", "narrow"] {
            #expect(box.frameLines(variant: variant) == fresh.frameLines(variant: variant))
        }
        #expect(box.frameLines(variant: "base").contains("a,260,10,50,30,0"))
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    @Test("an ordinal changed outside a stack marks the view's components, not the layout")
    func ordinalOutsideAStackMarksTheView() {
        let box = project(Self.stack + "view loose\nloose.edges == row.edges\n")
        #expect(
            box.sqlite(
                "UPDATE views SET ordinal = ordinal + 100 WHERE name = 'loose'"
            ).status == 0)
        // Its order may settle a tie of frames (migration 0018): its components only.
        #expect(box.sql("SELECT count(*) FROM dirty WHERE component = -1") == "0")
        #expect(box.sql("SELECT count(*) > 0 FROM dirty") == "1")
        #expect(box.run(["solve"]).stdout.contains("0 changed"))
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    // MARK: Conflict clauses

    @Test("an UPSERT of a variant's override marks the variant dirty, also a second time")
    func upsertOfAnOverrideMarksDirty() {
        let box = project()
        // Constraint 4 is `header.height`; variant 1 is compact, which overrides it (44).
        let upsert = """
            INSERT INTO variant_constants (variant_id, constraint_id, constant) VALUES (1, 4, %@)
            ON CONFLICT (variant_id, constraint_id) DO UPDATE SET constant = excluded.constant
            """
        // The second finds the first one's mark in `dirty`: it failed there (UNIQUE
        // constraint failed: dirty...), the trigger's `OR IGNORE` overridden.
        for value in ["50", "52"] {
            let r = box.sqlite(upsert.replacingOccurrences(of: "%@", with: value))
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(box.sql("SELECT count(*) > 0 FROM dirty WHERE variant_id = 1") == "1")
        let fresh = project(
            Self.tour.replacingOccurrences(of: "44 in compact", with: "52 in compact"))
        #expect(box.frameLines(variant: "compact") == fresh.frameLines(variant: "compact"))
        #expect(box.frameLines(variant: "compact").contains("header,0,0,320,52,0"))
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    @Test("UPSERTs of the other override tables mark their variants as UPDATEs do")
    func upsertsOfEveryOverrideTable() {
        let box = project()
        // View 3 is `title`, constraint 6 `title.width == 200 @ high`.
        let statements = [
            """
            INSERT INTO variant_views (variant_id, view_id, hidden) VALUES (1, 3, 1)
            ON CONFLICT (variant_id, view_id) DO UPDATE SET hidden = excluded.hidden
            """,
            """
            INSERT INTO variant_constraint_overrides (variant_id, constraint_id, priority)
            VALUES (1, 6, 100)
            ON CONFLICT (variant_id, constraint_id) DO UPDATE SET priority = excluded.priority
            """,
        ]
        for statement in statements {
            // Twice each: the second meets the row and the first one's mark.
            for _ in 0..<2 {
                let r = box.sqlite(statement)
                #expect(r.status == 0, "\(statement): \(r.stderr)")
            }
        }
        let fresh = project()
        run(
            fresh,
            [
                ["hide", "title", "--variant", "compact"],
                ["set-priority", "#6", "100", "--variant", "compact"],
            ])
        #expect(box.frameLines(variant: "compact") == fresh.frameLines(variant: "compact"))
        #expect(box.frameLines(variant: "base") == fresh.frameLines(variant: "base"))
    }

    @Test("UPDATE OR REPLACE of a constant keeps a whole component's mark")
    func updateOrReplaceKeepsTheWholeMark() {
        let box = project()
        // A new relation marks header.height's component whole (by_constant 0); a constant
        // changed after it, in a statement that replaces on conflict, replaced that mark by
        // one for the constant alone.
        #expect(
            box.sqlite(
                """
                UPDATE constraints SET relation = '>=' WHERE id = 4;
                UPDATE OR REPLACE constraints SET constant = 60 WHERE id = 4;
                """
            ).status == 0)
        #expect(box.sql("SELECT DISTINCT by_constant FROM dirty WHERE variant_id = 0") == "0")
        let fresh = project(
            Self.tour.replacingOccurrences(
                of: "header.height: header.height == 70", with: "header.height: header.height >= 60"
            ))
        #expect(box.frameLines(variant: "base") == fresh.frameLines(variant: "base"))
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    // MARK: Refused edits

    @Test("renaming the root view with SQL is refused with the command for views")
    func rootRenameRefused() {
        let box = project()
        let before = box.snapshot()
        let r = box.sqlite("UPDATE views SET name = 'canvasview' WHERE parent_id IS NULL")
        #expect(r.status != 0)
        #expect(r.stderr.contains("the root view is always named `root`"), "\(r.stderr)")
        #expect(r.stderr.contains("`layoutdb rename-view OLD NEW`"), "\(r.stderr)")
        #expect(box.snapshot() == before)
        // Another view is renamed as before.
        #expect(box.sqlite("UPDATE views SET name = 'heading' WHERE name = 'title'").status == 0)
        #expect(box.run(["export"]).status == 0)
        #expect(box.run(["add", "heading.top >= root.top", "-q"]).status == 0)
    }

    @Test("moving a constraint, view or variant to another layout with SQL is refused")
    func layoutMovesRefused() {
        let box = project(Self.twoLayouts)
        let before = box.snapshot()
        for (statement, words) in [
            (
                "UPDATE constraints SET layout_id = 2 WHERE label = 'header.height'",
                "a constraint cannot be moved to another layout: remove it (`layoutdb remove"
            ),
            (
                "UPDATE views SET layout_id = 2 WHERE name = 'body'",
                "a view cannot be moved to another layout: remove it (`layoutdb remove-view"
            ),
            (
                "UPDATE views SET layout_id = 2 WHERE layout_id = 1 AND parent_id IS NULL",
                "a view cannot be moved to another layout"
            ),
            (
                "UPDATE variants SET layout_id = 2 WHERE name = 'compact'",
                "a variant cannot be moved to another layout: remove it (`layoutdb variant remove"
            ),
        ] {
            let r = box.sqlite(statement)
            #expect(r.status != 0, "\(statement)")
            #expect(r.stderr.contains(words), "\(statement): \(r.stderr)")
        }
        #expect(box.snapshot() == before)
        #expect(box.run(["doctor", "-q"]).status == 0)
    }

    @Test("an override of another layout's constraint or view is refused (migration 0016)")
    func overridesStayInTheirLayout() {
        let box = project(Self.twoLayouts)
        let before = box.snapshot()
        let pw = "(SELECT id FROM constraints WHERE label = 'pw')"
        let panel = "(SELECT id FROM views WHERE name = 'panel')"
        for (statement, words) in [
            (
                "INSERT INTO variant_constants VALUES (1, \(pw), 3.0)",
                "a variant's constant must be for a constraint of the variant's own layout"
            ),
            (
                "UPDATE variant_constants SET variant_id = 2 WHERE variant_id = 1",
                "a variant's constant must be for a constraint of the variant's own layout"
            ),
            (
                "INSERT INTO variant_constraint_overrides VALUES (1, \(pw), 500, NULL)",
                "a variant's priority or activation must be for a constraint of the variant's"
            ),
            (
                "INSERT INTO variant_intrinsics VALUES (1, \(panel), 10, 10, 250, 750, 250, 750)",
                "a variant's intrinsic size must be for a view of the variant's own layout"
            ),
            (
                "INSERT INTO variant_views VALUES (1, \(panel), 1, NULL)",
                "a variant's hidden view or spacing must be for a view of the variant's own"
            ),
        ] {
            let r = box.sqlite(statement)
            #expect(r.status != 0, "\(statement)")
            #expect(r.stderr.contains(words), "\(statement): \(r.stderr)")
            #expect(r.stderr.contains("--layout LAYOUT"), "\(r.stderr)")
        }
        #expect(box.snapshot() == before)
        // Within its own layout, as before.
        #expect(box.sqlite("INSERT INTO variant_constants VALUES (2, \(pw), 80)").status == 0)
        let wide = box.run(["frames", "--layout", "side", "--variant", "wide", "--format", "csv"])
        #expect(wide.stdout.contains("panel,0,0,80,50,0"), "\(wide.stdout)")
    }

    // MARK: doctor

    @Test("doctor names a dangling row by its key; --fix deletes what a delete leaves behind")
    func doctorFixesDanglingRows() {
        let box = project()
        run(
            box,
            [
                ["add", "title.width == 150 @ 800", "--label", "tw"],
                ["set-constant", "tw", "20", "--variant", "compact"],
            ])
        // A file edited before 0015: deletes left their dependents behind.
        #expect(
            box.sqlite(
                """
                DROP TRIGGER constraints_delete_dependents;
                DROP TRIGGER variants_delete_constants;
                DELETE FROM constraints WHERE label = 'tw';
                DELETE FROM variants WHERE name = 'compact';
                """
            ).status == 0)
        let r = box.run(["doctor"])
        #expect(r.status == 1)
        // The table has no rowid: its key names the row.
        for (key, missing) in [
            ("constraint_id 4", "variants"), ("constraint_id 13", "variants"),
            ("constraint_id 13", "constraints"),
        ] {
            let finding =
                "foreign-keys: variant_constants row (variant_id 1, \(key)) refers to a missing "
                + "row of \(missing) (`layoutdb doctor --fix` deletes it)\n"
            #expect(r.stdout.contains(finding), "\(r.stdout)")
        }
        #expect(!r.stdout.contains("row ?"), "\(r.stdout)")

        let fixed = box.run(["doctor", "--fix"])
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(
            fixed.stdout.contains(
                "fixed: deleted 2 rows of variant_constants that pointed at missing variants"),
            "\(fixed.stdout)")
        #expect(!fixed.stdout.contains("still:"), "\(fixed.stdout)")
        #expect(danglingRows(box) == "")
        #expect(box.run(["doctor"]).stdout.hasPrefix("ok:"))

        // What was left behind is gone: a new variant inherits nothing.
        run(box, [["variant", "create", "big", "--canvas", "600x900"]])
        #expect(box.frameLines(variant: "big").contains("header,0,0,600,70,0"))
    }

    @Test("doctor names a dangling row of a table with rowids by its rowid, as before")
    func doctorNamesRowidRows() {
        let box = project()
        #expect(box.sqlite("UPDATE constraints SET lhs_view_id = 99 WHERE id = 8").status == 0)
        let r = box.run(["doctor"])
        #expect(
            r.stdout.contains("foreign-keys: constraints row 8 refers to a missing row of views"),
            "\(r.stdout)")
        // A constraint that names a missing view needs a person: --fix does not guess.
        #expect(box.run(["doctor", "--fix"]).status == 1)
        #expect(box.sql("SELECT count(*) FROM constraints WHERE id = 8") == "1")
    }

    // MARK: Messages

    @Test("a term that points at a missing view is reported by the view's id")
    func missingViewIsNamedByID() {
        let box = project()
        run(
            box,
            [
                [
                    "add", "title.width == 0.5 * header.width + 0.1 * body.width @ 900",
                    "--label", "multi",
                ]
            ])
        #expect(box.sqlite("UPDATE constraint_terms SET view_id = 99").status == 0)
        let r = box.run(["frames"])
        #expect(r.status == 65)
        #expect(
            r.stderr.hasPrefix(
                "error: unknown view id 99 in constraint: "
                    + "title.width == 0.5 * header.width + 0.1 * body.width @ 900"),
            "\(r.stderr)")
        #expect(!r.stderr.contains("''"), "\(r.stderr)")

        let inline = project()
        #expect(inline.sqlite("UPDATE constraints SET lhs_view_id = 98 WHERE id = 8").status == 0)
        let s = inline.run(["frames"])
        #expect(
            s.stderr.hasPrefix("error: unknown view id 98 in constraint: title.height == 24"),
            "\(s.stderr)")
        // export names it by its id too, and writes nothing.
        let export = inline.run(["export"])
        #expect(export.status == 65)
        #expect(
            export.stderr.contains("names view id 98, which is not in the project"),
            "\(export.stderr)")
    }
}
