import Foundation
import Testing

private let phone = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "../../examples/phone.layout").standardized.path

/// A sandbox with examples/phone.layout applied.
private func phoneBox() -> Sandbox {
    let box = Sandbox()
    let r = box.run(["apply", phone, "-q"])
    #expect(r.status == 0, "\(r.stderr)")
    return box
}

@Suite("layoutdb render, diff, why, sweep, animate (end to end)")
struct SeeingCLITests {
    @Test("render: an SVG with every view, one panel per variant; read-only; usage and data errors")
    func render() throws {
        let box = phoneBox()
        let before = box.snapshot()
        let r = box.run(["render", "--all-variants", "-o", "all.svg"])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOf: box.directory.appending(path: "all.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        // The base and two variants.
        #expect(svg.components(separatedBy: "data-view=\"header\"").count == 4)
        #expect(svg.contains("main/compact"))
        let one = box.run(["render", "--variant", "compact", "-o", "-"])
        #expect(
            one.stdout.contains(
                "<rect data-view=\"header\" x=\"20\" y=\"44\" width=\"320\" height=\"44\""))
        #expect(box.snapshot() == before)

        #expect(box.run(["render", "-o", "x.txt"]).status == 64)
        #expect(
            box.run(["render", "--variant", "compact", "--all-variants", "-o", "x.svg"]).status
                == 64)
        let unknown = box.run(["render", "--variant", "compcat", "-o", "x.svg"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("did you mean `compact`"))
        #expect(
            box.run(
                ["render", "-o", "x.svg", "--db", box.directory.appending(path: "none").path],
                db: false
            ).status == 66)
        let png = box.run(["render", "-o", "x.png"])
        let hasConverter = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/rsvg-convert") }
        if hasConverter {
            #expect(png.status == 0)
        } else {
            #expect(png.status == 69)
            #expect(png.stderr.contains("apt-get install librsvg2-bin"))
        }
        #expect(box.snapshot() == before)
    }

    @Test("diff: old → new per view, every variant by default, JSON; read-only; errors")
    func diff() throws {
        let box = phoneBox()
        let before = box.snapshot()
        let r = box.run(["diff", "--variant", "compact"])
        #expect(r.status == 0)
        #expect(
            r.stdout.contains("main: base → compact\n  header: width 375 → 320, height 70 → 44\n"))
        let all = box.run(["diff"])
        #expect(all.stdout.contains("base → compact") && all.stdout.contains("base → tablet"))
        let json = box.run(["diff", "--variant", "compact", "--variant", "tablet", "--json"])
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let header = try #require(rows.first { $0["view"] as? String == "header" })
        #expect((header["old"] as? [String: Double])?["width"] == 320)
        #expect((header["new"] as? [String: Double])?["width"] == 768)
        #expect(
            box.run(["diff", "--variant", "compact", "--variant", "compact"]).stdout
                .contains("no differences"))
        #expect(
            box.run(["diff", "--variant", "a", "--variant", "b", "--variant", "c"]).status == 64)
        #expect(box.run(["diff", "--variant", "nope"]).status == 65)
        #expect(box.snapshot() == before)
    }

    @Test("why: the constraints behind a value with label, text and FILE:LINE; read-only; errors")
    func why() {
        let box = phoneBox()
        let before = box.snapshot()
        let r = box.run(["why", "form.top"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)  // header row + 3 constraints
        #expect(lines[1].hasPrefix("form.gap"))
        #expect(lines[1].contains("form.top == header.bottom + 20"))
        #expect(lines[1].contains("phone.layout:24"))
        #expect(lines.contains { $0.hasPrefix("header.height") })
        let title = box.run(["why", "title.width", "--json"])
        #expect(title.stdout.contains("\"generated\""))
        let attribute = box.run(["why", "form.wdth"])
        #expect(attribute.status == 65, "an unknown attribute is bad input, as an unknown view")
        #expect(attribute.stderr.contains("did you mean `width`"), "\(attribute.stderr)")
        let unknown = box.run(["why", "titel"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("did you mean `title`"))
        #expect(box.snapshot() == before)
    }

    @Test(
        "sweep: frames per value as csv/json/table without changing the project; --save; usage errors"
    )
    func sweep() throws {
        let box = phoneBox()
        let before = box.snapshot()
        let csv = box.run(["sweep", "header.height", "44", "100", "28", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines[0] == "value,view,x,y,width,height")
        #expect(lines.count == 1 + 3 * 10)  // 44, 72, 100 × 10 views
        #expect(lines.contains("72,header,0,0,375,72"))
        #expect(lines.contains("100,form,16,120,343,100"))  // 100 + 20
        // Negative numbers after `--`, as with any argument-parser command.
        let down = box.run(
            [
                "--db", box.db, "sweep", "--format", "json", "--", "header.height", "100", "44",
                "-56",
            ])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(down.stdout.utf8)) as? [[String: Any]])
        #expect(json.map { $0["value"] as? Double } == [100, 44])
        #expect(box.run(["sweep", "header.height", "44", "100", "8"]).stdout.contains("value"))
        #expect(box.snapshot() == before)

        for bad in [
            ["44", "100", "0"], ["44", "100", "-1"], ["100", "44", "1"], ["0", "100000", "1"],
        ] {
            let r = box.run(["--db", box.db, "sweep", "--", "header.height"] + bad)
            #expect(r.status == 64, "\(bad)")
            #expect(r.stderr.contains("STEP") || r.stderr.contains("steps"), "\(r.stderr)")
        }
        #expect(box.run(["sweep", "header.hieght", "1", "2", "1"]).status == 65)
        #expect(
            box.run(["sweep", "header.height", "1", "2", "1", "--variant", "nope"]).status == 65)
        #expect(box.snapshot() == before)

        let saved = box.run(["sweep", "header.height", "44", "70", "26", "--save"])
        #expect(saved.status == 0)
        #expect(saved.stdout == "saved variant header_height_44\nsaved variant header_height_70\n")
        #expect(
            box.sql(
                "select height from solved_frames where view='header' and variant='header_height_44'"
            )
                == "44.0")
    }

    @Test("animate: N interpolated frames as csv/json or an animated SVG; read-only; errors")
    func animate() throws {
        let box = phoneBox()
        let before = box.snapshot()
        let r = box.run(["animate", "header.height", "100", "--frames", "3"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines[0] == "frame,view,x,y,width,height")
        #expect(lines.contains("0,header,0,0,375,70"))
        #expect(lines.contains("1,header,0,0,375,85"))
        #expect(lines.contains("2,header,0,0,375,100"))
        let json = box.run(["animate", "header.height", "100", "--frames", "2", "--format", "json"])
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 20)
        let svg = box.run(["animate", "header.height", "100", "--frames", "4", "-o", "a.svg"])
        #expect(svg.status == 0)
        let text = try String(contentsOf: box.directory.appending(path: "a.svg"), encoding: .utf8)
        #expect(text.contains("<animate attributeName=\"height\" values=\"70;80;90;100\""))
        #expect(box.snapshot() == before)

        #expect(box.run(["animate", "header.height", "100", "--frames", "1"]).status == 64)
        #expect(box.run(["animate", "header.height", "100"]).status == 64)
        #expect(
            box.run(["animate", "header.height", "100", "--frames", "3", "-o", "a.gif"]).status
                == 64)
        #expect(box.run(["animate", "nope", "100", "--frames", "3"]).status == 65)
        #expect(box.snapshot() == before)
    }
}

/// A view solved with a negative size is drawn (SVG drops a `<rect>` with a negative
/// width or height): over the span it covers, marked, and the SVG stays valid.
@Suite("render of a negative size")
struct RenderNegativeSizeTests {
    @Test("render draws a negative height as a marked rectangle with a height of 35")
    func negative() throws {
        let box = Sandbox()
        let script = """
            canvas 100 100
            view a
            a.left == root.left; a.top == root.top; a.width == 50; a.height == -35

            """
        #expect(box.run(["apply", box.write("n.layout", script), "-q"]).status == 0)
        let out = box.directory.appending(path: "n.svg").path
        let r = box.run(["render", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(!svg.contains("height=\"-"), "\(svg)")
        #expect(svg.contains("data-view=\"a\" data-negative=\"1\""), "\(svg)")
        #expect(svg.contains("width=\"50\" height=\"35\""), "\(svg)")
    }
}

@Suite("render of a name XML cannot hold")
struct RenderControlCharacterTests {
    @Test("a control character plain SQL put in a name is drawn as U+FFFD: the SVG stays XML")
    func controlCharacter() throws {
        let box = Sandbox()
        let script = "canvas 100 100\nview a frame 0 0 10 10\n"
        #expect(box.run(["apply", box.write("c.layout", script), "-q"]).status == 0)
        #expect(
            box.sqlite("UPDATE views SET name = 't' || char(1) || 'x' WHERE name = 'a'").status == 0
        )
        let out = box.directory.appending(path: "c.svg").path
        let r = box.run(["render", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(!svg.contains("\u{1}"))
        #expect(svg.contains("data-view=\"t\u{FFFD}x\""), "\(svg)")
        // A table keeps one line per row; CSV quotes the name as it is.
        let rename = "UPDATE views SET name = 'a' || char(10) || 'b' WHERE name <> 'root'"
        #expect(box.sqlite(rename).status == 0)
        let table = box.run(["frames"]).stdout
        #expect(table.split(separator: "\n").count == 2, "\(table)")
        #expect(table.contains("a\u{FFFD}b"), "\(table)")
        #expect(box.run(["frames", "--format", "csv"]).stdout.contains("\"a\nb\",0,0,10,10"))
        // doctor's findings name the view the same way.
        let escape =
            "UPDATE views SET name = 'e' || char(27) || '[31m' WHERE name <> 'root'; "
            + "DELETE FROM frames WHERE view_id <> (SELECT id FROM views WHERE name = 'root')"
        #expect(box.sqlite(escape).status == 0)
        let doctor = box.run(["doctor"]).stdout
        #expect(doctor.contains("view e\u{FFFD}[31m has no frame"), "\(doctor)")
        #expect(!doctor.contains("\u{1B}"))
    }
}
