import Foundation
import Testing

/// A one-scene storyboard on a 375x667 phone: `header` pinned to the top, 64 high
/// (0 0 375 64), and `title` 20 inside the root's leading edge, 8 below the header, 30 high,
/// 200 wide (20 72 200 30); plus a constraint on an item that is not in the scene, which the
/// import reports and leaves out.
private let screenStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-ci-001">
                <objects>
                    <viewController storyboardIdentifier="Home" id="Vcl-ci-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-ci-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Hdr-ci-002" userLabel="header">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="64"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-ci-003" userLabel="title">
                                    <rect key="frame" x="20" y="72" width="200" height="30"/>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="Hdr-ci-002" firstAttribute="top" secondItem="Roo-ci-001" secondAttribute="top" id="Cst-ci-001"/>
                                <constraint firstItem="Hdr-ci-002" firstAttribute="leading" secondItem="Roo-ci-001" secondAttribute="leading" id="Cst-ci-002"/>
                                <constraint firstAttribute="trailing" secondItem="Hdr-ci-002" secondAttribute="trailing" id="Cst-ci-003"/>
                                <constraint firstItem="Hdr-ci-002" firstAttribute="height" constant="64" id="Cst-ci-004"/>
                                <constraint firstItem="Ttl-ci-003" firstAttribute="leading" secondItem="Roo-ci-001" secondAttribute="leading" constant="20" id="Cst-ci-005"/>
                                <constraint firstItem="Ttl-ci-003" firstAttribute="top" secondItem="Hdr-ci-002" secondAttribute="bottom" constant="8" id="Cst-ci-006"/>
                                <constraint firstItem="Ttl-ci-003" firstAttribute="width" constant="200" id="Cst-ci-007"/>
                                <constraint firstItem="Ttl-ci-003" firstAttribute="height" constant="30" id="Cst-ci-008"/>
                                <constraint firstItem="Ttl-ci-003" firstAttribute="top" secondItem="Gon-ci-999" secondAttribute="bottom" id="Cst-ci-009"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A XIB whose view holds a stack view filling it (200x40) with two arranged views, filled
/// equally with 8 between them: `left` at 0 0 96 40, `right` at 104 0 96 40.
private let stackXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <objects>
            <view contentMode="scaleToFill" id="Roo-cj-001" customClass="PairView">
                <rect key="frame" x="0.0" y="0.0" width="200" height="40"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" distribution="fillEqually" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-cj-002" userLabel="pair">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="40"/>
                        <subviews>
                            <view contentMode="scaleToFill" id="Lft-cj-003" userLabel="left">
                                <rect key="frame" x="0.0" y="0.0" width="96" height="40"/>
                            </view>
                            <view contentMode="scaleToFill" id="Rgt-cj-004" userLabel="right">
                                <rect key="frame" x="104" y="0.0" width="96" height="40"/>
                            </view>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="Stk-cj-002" firstAttribute="top" secondItem="Roo-cj-001" secondAttribute="top" id="Cst-cj-001"/>
                    <constraint firstItem="Stk-cj-002" firstAttribute="leading" secondItem="Roo-cj-001" secondAttribute="leading" id="Cst-cj-002"/>
                    <constraint firstAttribute="trailing" secondItem="Stk-cj-002" secondAttribute="trailing" id="Cst-cj-003"/>
                    <constraint firstAttribute="bottom" secondItem="Stk-cj-002" secondAttribute="bottom" id="Cst-cj-004"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// The 1-based line of `text` that contains `needle` (0 when none does).
private func line(of needle: String, in text: String) -> Int {
    (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.contains(needle)
    } ?? -1) + 1
}

@Suite("layoutdb import")
struct ImportCLITests {
    @Test("imports a storyboard: frames, IB ids in solved_frames.source_id, skipped elements")
    func importsAndReports() {
        let box = Sandbox()
        let r = box.run(["import", box.write("Home.storyboard", screenStoryboard)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("imported Home (3 views)"))
        #expect(r.stdout.contains("Home.storyboard: 1 of 1 layouts imported, 1 element skipped"))
        #expect(
            r.stderr.contains(
                "Home.storyboard:\(line(of: "id=\"Cst-ci-009\"", in: screenStoryboard)): "
                    + "<constraint id=Cst-ci-009>: item Gon-ci-999 is not a view or guide of this "
                    + "layout; skipped\n"), "\(r.stderr)")
        #expect(
            box.sql(
                "select view, source_id, x, y, width, height from solved_frames "
                    + "where layout = 'Home' order by view")
                == "header|Hdr-ci-002|0.0|0.0|375.0|64.0\ntitle|Ttl-ci-003|20.0|72.0|200.0|30.0")
        // The columns before it keep their order; source_id comes last.
        #expect(
            box.sql("select name from pragma_table_info('solved_frames')").split(separator: "\n")
                .last == "source_id")
        // A view added afterwards was not imported: NULL.
        #expect(
            box.run(["apply", box.write("more.layout", "view extra"), "--layout", "Home", "-q"])
                .status == 0)
        #expect(box.sql("select source_id is null from views where name = 'extra'") == "1")
    }

    @Test("a folder is refused in words; a pipe is read as a file is")
    func folderRefusedPipeRead() throws {
        let box = Sandbox()
        try FileManager.default.createDirectory(
            at: box.directory.appending(path: "d.xib"), withIntermediateDirectories: true)
        // It printed Foundation's error with its types (`CocoaError(code: ...)`).
        let folder = box.run(["import", "d.xib"])
        #expect(folder.status == 66, "\(folder.stderr)")
        #expect(
            folder.stderr.hasPrefix("error: d.xib: cannot read the file (a folder)")
                && !folder.stderr.contains("Error("), "\(folder.stderr)")
        // A device was read without end, until memory ran out (a trap).
        let device = box.run(["import", "/dev/zero"])
        #expect(
            device.status == 66 && device.stderr.contains("a device or a socket"),
            "\(device.stderr)")
        // A pipe was "permission denied".
        let piped = box.run(["import", "/dev/stdin", "-q"], stdin: screenStoryboard)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(box.sql("select count(*) from views") == "3")
    }

    @Test("importing the same document again is refused with what to do; nothing changes")
    func reimportRefused() {
        let box = Sandbox()
        let file = box.write("Home.storyboard", screenStoryboard)
        #expect(box.run(["import", file, "-q"]).status == 0)
        let before = box.snapshot()
        let r = box.run(["import", file])
        #expect(r.status == 65)
        #expect(
            r.stderr.hasPrefix(
                "error: \(file): the project already has layout `Home` (imported before?); "
                    + "nothing was imported\nhint: pass --replace to import them again in their "
                    + "place, or import into another project (--db OTHER.layoutdb)"),
            "\(r.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test("--strict refuses a document with an element it cannot import; no project is made")
    func strictRefuses() {
        let box = Sandbox()
        let r = box.run(["import", box.write("Home.storyboard", screenStoryboard), "--strict"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("refused (--strict): 1 element cannot be imported"))
        #expect(r.stderr.contains("<constraint id=Cst-ci-009>"))
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }

    @Test(
        "--strict refuses a layout whose constraints cannot all hold; where there was no project, none is left"
    )
    func strictRefusesAConflictIntoANewPath() {
        let box = Sandbox()
        // The stack pinned to its superview's top, and 30 points below it as well.
        let conflicting = stackXIB.replacingOccurrences(
            of: #"id="Cst-cj-001"/>"#,
            with: #"id="Cst-cj-001"/><constraint firstItem="Stk-cj-002" firstAttribute="top" "#
                + #"secondItem="Roo-cj-001" secondAttribute="top" constant="30" id="Cst-cj-099"/>"#)
        let r = box.run(["import", box.write("Pair.xib", conflicting), "--strict"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("refused (--strict)"), "\(r.stderr)")
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: box.directory.path)) == [
                "Pair.xib"
            ]
        )
    }

    @Test(
        "a layout whose constraints conflict is reported at its element with each member; none imported fails"
    )
    func conflictListsItsMembers() {
        let box = Sandbox()
        // The stack pinned to its superview's top, and 30 points below it as well.
        let conflicting = stackXIB.replacingOccurrences(
            of: #"id="Cst-cj-001"/>"#,
            with: #"id="Cst-cj-001"/><constraint firstItem="Stk-cj-002" firstAttribute="top" "#
                + #"secondItem="Roo-cj-001" secondAttribute="top" constant="30" id="Cst-cj-099"/>"#)
        let file = box.write("Pair.xib", conflicting)
        let at = line(of: "Cst-cj-001", in: conflicting)
        for extra in [[], ["--strict"], ["--dry-run"]] {
            let r = box.run(["import", file] + extra)
            #expect(
                r.stderr.contains(
                    "\(file):\(line(of: "id=\"Roo-cj-001\"", in: conflicting)):1: "
                        + "<view id=Roo-cj-001>: layout PairView not imported: required "
                        + "constraints cannot all hold; they conflict:\n"),
                "\(r.stderr)")
            #expect(
                r.stderr.contains("\n  \(file):\(at): <constraint id=Cst-cj-001>: "), "\(r.stderr)")
            #expect(
                r.stderr.contains("\n  \(file):\(at): <constraint id=Cst-cj-099>: "), "\(r.stderr)")
            #expect(r.stderr.contains("\nhint: remove one of them"), "\(r.stderr)")
            // Its only layout not imported: the import fails, and makes no project file.
            #expect(r.status == 65, "\(r.stderr)")
            #expect(r.stderr.contains("error: \(file): "), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: box.db))
        }
        // Into an existing project too, which is left as it was.
        #expect(
            box.run(["apply", box.write("other.layout", "canvas 100 100\nview a")]).status == 0)
        let before = box.snapshot()
        let r = box.run(["import", file])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("no layout could be imported:\n"), "\(r.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test("a stack view imports: its arranged views are solved where Xcode saved them")
    func stackView() {
        let box = Sandbox()
        let r = box.run(["import", box.write("Pair.xib", stackXIB), "--strict"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("imported PairView (4 views)"), "\(r.stdout)")
        #expect(r.stdout.contains("Pair.xib: 1 of 1 layouts imported"), "\(r.stdout)")
        #expect(
            box.sql(
                "select view, source_id, x, y, width, height from solved_frames "
                    + "where layout = 'PairView' order by view")
                == "left|Lft-cj-003|0.0|0.0|96.0|40.0\npair|Stk-cj-002|0.0|0.0|200.0|40.0\n"
                + "right|Rgt-cj-004|104.0|0.0|96.0|40.0")
    }

    @Test("malformed XML, a file that is not IB, an old format: exit 65, project untouched")
    func badDocuments() {
        let box = Sandbox()
        #expect(
            box.run(["import", box.write("Home.storyboard", screenStoryboard), "-q"]).status == 0)
        let before = box.snapshot()
        let cases: [(String, String, String)] = [
            (
                "Broken.xib", "<?xml version=\"1.0\"?>\n<document type=\"x\">\n<objects>\n",
                "Broken.xib:"
            ),
            ("Plain.xib", "<?xml version=\"1.0\"?>\n<plist><dict/></plist>\n", "Plain.xib:"),
            (
                "Old.xib",
                "<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\"></archive>\n",
                "Old.xib:"
            ),
        ]
        for (name, text, prefix) in cases {
            let r = box.run(["import", box.write(name, text)])
            #expect(r.status == 65, "\(name): \(r.stderr)")
            #expect(
                r.stderr.contains("error: \(box.directory.appending(path: name).path)")
                    || r.stderr.contains(prefix), "\(name): \(r.stderr)")
            #expect(r.stderr.contains("hint:"), "\(name): \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("error: ") && !r.stderr.contains("error: error"), "\(r.stderr)")
        }
        #expect(box.snapshot() == before)
        let missing = box.run(["import", "nowhere.storyboard"])
        #expect(missing.status == 66, "\(missing.stderr)")
    }

    @Test(
        "a damaged document (an id written twice, views nested too deep) is refused: exit 65, no file"
    )
    func damagedDocuments() {
        let box = Sandbox()
        // A subview with its root's id (this used to hang), and 1,200 nested views (this
        // overflowed the stack).
        let dup = box.write(
            "Merged.xib",
            stackXIB.replacingOccurrences(of: #"id="Lft-cj-003""#, with: #"id="Roo-cj-001""#))
        var deep = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
            <objects>

            """
        for level in 1...1200 {
            deep += "<view id=\"V\(level)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" "
            deep += "height=\"10\"/><subviews>\n"
        }
        deep += String(repeating: "</subviews></view>\n", count: 1200) + "</objects>\n</document>\n"
        let deepFile = box.write("Deep.xib", deep)
        for extra in [[], ["--dry-run"]] {
            let r = box.run(["import", dup] + extra)
            #expect(r.status == 65, "\(r.stderr)")
            #expect(
                r.stderr.hasPrefix(
                    "error: \(dup):\(line(of: "Lft-cj-003", in: stackXIB)):1: duplicate id "
                        + "Roo-cj-001: <view id=Roo-cj-001> repeats the id of the element at line "
                        + "\(line(of: "Roo-cj-001", in: stackXIB))\nhint: "),
                "\(r.stderr)")
            let d = box.run(["import", deepFile] + extra)
            #expect(d.status == 65, "\(d.stderr)")
            #expect(d.stderr.hasPrefix("error: \(deepFile):204:1: <view> is nested 201 views deep"))
        }
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }

    @Test("--device and --devices: unknown ids are a usage error listing the known ones")
    func devices() {
        let box = Sandbox()
        let file = box.write("Home.storyboard", screenStoryboard)
        let unknown = box.run(["import", file, "--device", "retina6_1"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains("unknown device `retina6_1`; known devices: retina3_5 (320x480")
        )
        #expect(unknown.stderr.contains("hint: retina6_1 was 414x896 before Xcode 12"))
        #expect(!FileManager.default.fileExists(atPath: box.db))
        let r = box.run([
            "import", file, "--device", "retina5_5", "--devices", "retina4_0,retina6_5",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("imported Home (3 views; variants retina4_0, retina6_5)"))
        #expect(
            box.sql(
                "select variant, width from solved_frames where view = 'header' order by variant")
                == "base|414.0\nretina4_0|320.0\nretina6_5|414.0")
    }

    @Test("--dry-run reports and leaves the project as it was")
    func dryRun() {
        let box = Sandbox()
        #expect(box.run(["init"]).status == 0)
        let before = box.snapshot()
        let r = box.run(["import", box.write("Home.storyboard", screenStoryboard), "--dry-run"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("(dry run: the project was not changed)"))
        #expect(box.snapshot() == before)
        #expect(box.sql("select count(*) from layouts") == "0")
    }

    @Test(
        "--dry-run works on a project opened --read-only, on a copy in memory; the import does not")
    func dryRunReadOnly() {
        let box = Sandbox()
        #expect(box.run(["init"]).status == 0)
        let before = box.bytes()
        let document = box.write("Home.storyboard", screenStoryboard)
        let r = box.run(["--read-only", "import", document, "--dry-run"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1 of 1 layouts imported"), "\(r.stdout)")
        #expect(r.stdout.contains("(dry run: the project was not changed)"))
        #expect(box.bytes() == before)
        let refused = box.run(["--read-only", "import", document])
        #expect(refused.status == 74, "\(refused.stderr)")
        #expect(box.bytes() == before)
    }

    @Test("--dry-run where there is no project file yet reports and creates none")
    func dryRunWithoutAProject() {
        let box = Sandbox()
        let r = box.run(["import", box.write("Home.storyboard", screenStoryboard), "--dry-run"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("(dry run: the project was not changed)"))
        #expect(!FileManager.default.fileExists(atPath: box.db))
    }

    @Test("export of an imported project applies again to the same frames")
    func exportRoundTrip() {
        let box = Sandbox()
        #expect(
            box.run(["import", box.write("Home.storyboard", screenStoryboard), "-q"]).status == 0)
        let exported = box.run(["export", "--layout", "Home"])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("layout Home"))
        let copy = Sandbox()
        #expect(copy.run(["apply", copy.write("again.layout", exported.stdout), "-q"]).status == 0)
        let frames = { (b: Sandbox) in
            b.run(["frames", "--layout", "Home", "--format", "csv"]).stdout
        }
        #expect(frames(copy) == frames(box))
        #expect(frames(box).contains("title,20,72,200,30,0"))
    }
}

@Suite("layoutdb import --replace")
struct ImportReplaceCLITests {
    @Test("--replace refuses to replace a layout no import made; nothing changes")
    func replaceRefusesAHandWrittenLayout() {
        let box = Sandbox()
        // A hand-written layout named as the document's scene (storyboardIdentifier Home).
        #expect(
            box.run(["apply", box.write("Home.layout", "layout Home\ncanvas 100 100\nview a")])
                .status == 0)
        let before = box.snapshot()
        let r = box.run(["import", box.write("Home.storyboard", screenStoryboard), "--replace"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "--replace would delete layout `Home`, which no import made: its views `a`, "),
            "\(r.stderr)")
        #expect(r.stderr.contains("\nhint: import into another project"), "\(r.stderr)")
        #expect(box.snapshot() == before)
    }

    @Test("--replace imports a document again in place of its layouts; the rest stays")
    func replaces() {
        let box = Sandbox()
        let file = box.write("Home.storyboard", screenStoryboard)
        #expect(box.run(["import", file, "-q"]).status == 0)
        #expect(
            box.run(["apply", box.write("other.layout", "canvas 100 100\nview a")]).status == 0)
        // An edit after the first import is replaced by the document's layout again.
        #expect(
            box.run(["set-frame", "title", "0", "0", "10", "10", "--layout", "Home"]).status == 0)
        let edited = box.sql("select count(*) from views")
        let r = box.run(["import", file, "--replace"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("replaced Home (3 views)"))
        #expect(box.sql("select count(*) from views") == edited)
        #expect(
            box.sql("select x, y, width, height from solved_frames where view = 'title'")
                == "20.0|72.0|200.0|30.0")
        #expect(box.sql("select count(*) from layouts") == "2")
        #expect(box.run(["doctor"]).status == 0)
    }

    @Test("--replace lists what it throws away that the document does not make again, dry run too")
    func replaceListsEditsMadeSince() {
        let box = Sandbox()
        let file = box.write("Home.storyboard", screenStoryboard)
        #expect(box.run(["import", file, "-q"]).status == 0)
        for command in [
            ["add", "title.height <= 40", "--label", "th"], ["variant", "create", "wide"],
        ] {
            #expect(box.run(command + ["--layout", "Home", "-q"]).status == 0, "\(command)")
        }
        for extra in [["--dry-run"], []] {
            let r = box.run(["import", file, "--replace"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(
                r.stderr.contains("Home: remove constraint th: title.height <= 40"), "\(r.stderr)")
            #expect(r.stderr.contains("Home: remove variant wide"), "\(r.stderr)")
        }
        #expect(box.sql("select count(*) from variants") == "0")
    }
}
