import Foundation
import Testing

/// `layoutdb doctor` on healthy projects and on projects damaged with plain SQL.
@Suite("doctor")
struct DoctorTests {
    static let script = """
        canvas 375 812
        view header
        view title in header
        header.left == root.left; header.top == root.top; header.width == root.width
        h: header.height == 70
        title.center == header.center; title.size == 20
        variant compact canvas 320 568
        """

    func project() -> Sandbox {
        let box = Sandbox()
        #expect(box.run(["apply", box.write("a.layout", Self.script), "-q"]).status == 0)
        return box
    }

    @Test func healthyProjectIsClean() {
        let box = project()
        let r = box.run(["doctor"])
        #expect(r.status == 0 && r.stdout.hasPrefix("ok:"), "\(r.stdout)\(r.stderr)")
    }

    @Test("a file a killed first apply left beside the project is reported; --fix removes it")
    func leftoverNewFile() {
        let box = project()
        // A process id nobody runs names the leftover, as a killed apply's would.
        var dead: pid_t = 999_999
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let leftover = box.db + ".layoutdb-new-\(dead)"
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data([1, 2, 3])))
        let r = box.run(["doctor"])
        #expect(r.status == 1)
        #expect(
            r.stdout.contains("leftover: \(leftover) was left by a first apply or import"),
            "\(r.stdout)")
        let fixed = box.run(["doctor", "--fix"])
        #expect(fixed.stdout.contains("fixed: removed \(leftover)"), "\(fixed.stdout)")
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(box.run(["doctor"]).stdout.hasPrefix("ok:"))
        // A first apply at a new path removes such files too, and now says so.
        let path = box.directory.appending(path: "new.layoutdb").path
        let other = path + ".layoutdb-new-\(dead)"
        #expect(FileManager.default.createFile(atPath: other, contents: Data([1])))
        let first = box.run([
            "apply", box.write("one.layout", "canvas 10 10\n"), "-q", "--db", path,
        ])
        #expect(first.status == 0)
        #expect(
            first.stderr
                == "warning: removed \(other), left by a first apply or import that did not finish\n",
            "\(first.stderr)")
    }

    @Test func editedFrameIsReported() {
        let box = project()
        #expect(
            box.sqlite(
                """
                UPDATE frames SET x = x + 5 WHERE variant_id = 0
                  AND view_id = (SELECT id FROM views WHERE name = 'title')
                """
            ).status == 0)
        let r = box.run(["doctor"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("frames: main/base: view title is stale but not marked dirty"))
    }

    @Test func constantEditedWithSQLIsMarkedDirtyNotAFinding() {
        let box = project()
        #expect(box.sqlite("UPDATE constraints SET constant = 44 WHERE label = 'h'").status == 0)
        #expect(box.run(["doctor"]).status == 0)  // the trigger marked it: a pending solve
    }

    @Test func parentCycleIsReported() {
        let box = project()
        #expect(
            box.sqlite(
                """
                PRAGMA foreign_keys = OFF;
                DROP TRIGGER views_parent_refuse_cycle;  -- as a file made before 0014
                UPDATE views SET parent_id = (SELECT id FROM views WHERE name = 'title')
                WHERE name = 'header';
                """
            ).status == 0)
        let r = box.run(["doctor"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("tree: layout main: parent cycle"), "\(r.stdout)")
        #expect(r.stdout.contains("layout main has 0 root views") == false)
    }

    @Test func duplicateLabelsMissingRowsAndStrayDirtyMarks() {
        let box = project()
        #expect(
            box.sqlite(
                """
                PRAGMA foreign_keys = OFF;
                DROP INDEX constraints_label;
                UPDATE constraints SET label = 'h' WHERE id = (SELECT max(id) FROM constraints);
                INSERT INTO dirty (layout_id, variant_id, component) VALUES (1, 77, -1);
                INSERT INTO constraint_terms (constraint_id, position, side, view_id, attribute,
                    coefficient) VALUES (1, 99, 'lhs', 12345, 'left', 1);
                """
            ).status == 0)
        let r = box.run(["doctor"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("labels: layout main: label 'h' is used by 2 constraints"))
        #expect(r.stdout.contains("dirty: a dirty mark points at a missing layout or variant"))
        #expect(r.stdout.contains("foreign-keys: constraint_terms"), "\(r.stdout)")
    }

    @Test func corruptFileIsReportedByIntegrityCheck() throws {
        let box = project()
        var data = box.bytes()
        // Scribble over the b-tree page headers after the schema page.
        let page = 4096
        #expect(data.count >= 4 * page)
        for p in 2..<(data.count / page) {
            for i in (p * page)..<(p * page + 8) { data[i] = 0x5A }
        }
        try data.write(to: URL(fileURLWithPath: box.db))
        let r = box.run(["doctor"])
        #expect(r.status != 0, "\(r.stdout)")
        #expect(
            r.stdout.contains("integrity:") || r.stderr.contains("corrupt"),
            "\(r.stdout)\(r.stderr)")
    }

    @Test("doctor reports what export refuses: a value plain SQL stored that no script says")
    func exportRefusalIsAFinding() {
        let box = Sandbox()
        #expect(
            box.run([
                "apply", box.write("a.layout", "canvas 100 100\nview a frame 0 0 10 10\n"), "-q",
            ]).status == 0)
        #expect(box.sqlite("UPDATE layouts SET safe_top = -5").status == 0)
        // It said "healthy" while `export` failed.
        let r = box.run(["doctor"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("export: `layoutdb export` refuses the project"), "\(r.stdout)")
        #expect(box.run(["export"]).status != 0)
        // One margin of four: read as none, and dropped by export.
        #expect(
            box.sqlite(
                "UPDATE layouts SET safe_top = 0; UPDATE views SET margin_top = 5 WHERE name = 'a'"
            ).status == 0)
        let partial = box.run(["doctor"])
        #expect(
            partial.status == 1 && partial.stdout.contains("view 'a' has only some of its margins"),
            "\(partial.stdout)")
        // One safe-area inset of a variant's four, the same.
        #expect(
            box.sqlite(
                "INSERT INTO variants (layout_id, name) SELECT id, 'v' FROM layouts; "
                    + "UPDATE variants SET safe_left = 30"
            ).status == 0)
        #expect(box.run(["doctor"]).stdout.contains("variant 'v' has only some of its safe-area"))
    }
}
