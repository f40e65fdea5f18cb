import Foundation
import LayoutImport
import LayoutStore
import Testing

/// Imports `text` into a new project and checks that every view of every tree was solved
/// to its saved frame within 0.5 point (`IBMatch` at that tolerance), with nothing skipped:
/// the document is its own answer key. A failure shows the causes and the scripts.
func expectSolvedToSavedFrames(
    _ text: String, file: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let document = try IBReader.read(data: Data(text.utf8), file: file)
    let (count, report) = try Project.matchCount(document, tolerance: 0.5)
    #expect(
        report.layouts.allSatisfy { $0.imported },
        "\(report.layouts.compactMap(\.notImported))", sourceLocation: sourceLocation)
    #expect(report.skipped == [], sourceLocation: sourceLocation)
    let placed = document.rootViews.map { $0.framesInRootCoordinates().count }.reduce(0, +)
    #expect(count.views == placed, sourceLocation: sourceLocation)
    #expect(
        count.matched == count.views,
        Comment(
            rawValue: "\(file): \(count.views - count.matched) of \(count.views) views off, "
                + "by cause \(count.causes)\n"
                + report.layouts.map(\.script).joined(separator: "\n")),
        sourceLocation: sourceLocation)
}

/// A new project in a temporary folder, removed afterwards.
private func withProject(_ body: (Project, String) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
        .appending(path: "import-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appending(path: "p.layoutdb").path
    try body(try Project.open(path: path, create: true), path)
}

@Suite("layoutdb import: solved frames against the frames the document saved")
struct ImportFrameTests {
    @Test("plain constraints: edges, centre, ratio multiplier, aspect, optional and <=")
    func plainConstraints() throws {
        try expectSolvedToSavedFrames(constructsStoryboard, file: "Constructs.storyboard")
    }

    @Test("margins (the root's and a view's own), the safe area on both ends, first baselines")
    func marginsSafeAreaBaselines() throws {
        try expectSolvedToSavedFrames(marginsStoryboard, file: "Margins.storyboard")
    }

    @Test("bars IB simulates over a controller's view add to its safe area, opaque ones not")
    func simulatedBars() throws {
        try expectSolvedToSavedFrames(simulatedBarsStoryboard, file: "Bars.storyboard")
    }

    @Test("a scroll view's content and frame guides")
    func scrollGuides() throws {
        try expectSolvedToSavedFrames(scrollStoryboard, file: "Scroll.storyboard")
    }

    @Test("a pre-Xcode 11 scroll view is checked by its own frame, not its content guide's")
    func legacyScrollView() throws {
        try expectSolvedToSavedFrames(legacyScrollStoryboard, file: "Reader.storyboard")
        try withProject { project, _ in
            let report = try project.importInterfaceBuilder(
                data: Data(legacyScrollStoryboard.utf8), file: "Reader.storyboard")
            let guides = Set(
                try project.frames(layout: "Reader").filter { $0.kind == .guide }.map(\.view))
            #expect(guides.contains("scroll_content"), "\(guides)")
            let solved = try project.solvedLayouts(report)
            #expect(solved.count == 1)
            #expect(solved.allSatisfy { $0.frames.keys.allSatisfy { !guides.contains($0) } })
        }
    }

    @Test("a collection view cell laying out its content view at the cell's size")
    func cell() throws {
        try expectSolvedToSavedFrames(cellXIB, file: "Cell.xib")
    }

    @Test("per-axis priorities decide which constraint wins, axis by axis")
    func perAxisPriorities() throws {
        try withProject { project, _ in
            let report = try project.importInterfaceBuilder(
                data: Data(constructsStoryboard.utf8), file: "Constructs.storyboard")
            #expect(
                report.layouts.map(\.name) == ["Plain", "Priorities", "Guides", "Autoresizing"])
            let chip = try project.frames(layout: "Priorities").first { $0.view == "chip" }
            // Hugging at 750 beats the trailing edge at 700; the height at 600 beats hugging
            // at 250.
            #expect(chip?.frame == Rect(x: 20, y: 200, width: 80, height: 50))
        }
    }

    @Test("each view keeps its IB id, in plain SQL too; the root keeps its view's")
    func sourceIDs() throws {
        try withProject { project, _ in
            _ = try project.importInterfaceBuilder(
                data: Data(marginsStoryboard.utf8), file: "Margins.storyboard")
            let ids = try project.store.sourceIDs(layout: "Margins")
            #expect(ids["title"] == "Ttl-pe-002")
            #expect(ids["caption"] == "Cap-pe-005")
            #expect(ids["root"] == "Roo-pe-001")
            let sql = try project.store.database.cachedStatement(
                "SELECT view, source_id FROM solved_frames WHERE layout = 'Margins' AND view = 'card'"
            ).rows { ($0.string(0), $0.string(1)) }
            #expect(sql.first?.1 == "Crd-pe-004")
        }
    }
}

@Suite("layoutdb import: stacks, hidden views and size-class variants")
struct ImportStackHiddenVariantTests {
    @Test("a fill-equally stack view: its arranged views share its width less the spacing")
    func stackView() throws {
        try expectSolvedToSavedFrames(stackXIB, file: "Pair.xib")
    }

    @Test("an empty equal-spacing stack and a vertical stack aligned on baselines are laid out")
    func emptyStackAndVerticalBaselineAlignment() throws {
        try expectSolvedToSavedFrames(emptyAndColumnStackXIB, file: "Stacks.xib")
    }

    @Test("a hidden view is still laid out; a view installed only in a size class keeps its frame")
    func hiddenAndDefaultSizeClass() throws {
        try expectSolvedToSavedFrames(hiddenVariantStoryboard, file: "Toggle.storyboard")
    }

    @Test("a size-class variation becomes a variant that swaps the constraints it names")
    func sizeClassVariant() throws {
        try withProject { project, _ in
            let report = try project.importInterfaceBuilder(
                data: Data(hiddenVariantStoryboard.utf8), file: "Toggle.storyboard")
            #expect(report.layouts.map(\.imported) == [true])
            let base = try project.frames(layout: "Toggle")
            #expect(
                base.first { $0.view == "box" }?.frame
                    == Rect(x: 20, y: 200, width: 200, height: 50))
            let compact = try project.frames(layout: "Toggle", variant: "heightClass_compact")
            #expect(
                compact.first { $0.view == "box" }?.frame
                    == Rect(x: 20, y: 120, width: 200, height: 50))
            #expect(
                compact.first { $0.view == "extra" }?.frame
                    == Rect(x: 0, y: 627, width: 375, height: 40))
        }
    }

    @Test("the translator's documents with stacks, hidden views and variations import whole")
    func translatorDocumentsImport() throws {
        try withProject { project, _ in
            for (text, file) in [
                (cardXIB, "Card.xib"), (legacyStoryboard, "Legacy.storyboard"),
                (screensStoryboard, "Screens.storyboard"),
            ] {
                let report = try project.importInterfaceBuilder(
                    data: Data(text.utf8), file: file)
                #expect(
                    report.layouts.allSatisfy { $0.imported },
                    "\(file): \(report.layouts.compactMap(\.notImported))")
            }
        }
    }

    @Test("--strict refuses a document with a layout that cannot be solved; nothing written")
    func strictRefuses() throws {
        try withProject { project, _ in
            let lenient = try project.importInterfaceBuilder(
                data: Data(conflictXIB.utf8), file: "Conflict.xib",
                options: ImportOptions(dryRun: true))
            #expect(lenient.layouts.map(\.imported) == [false])
            do {
                _ = try project.importInterfaceBuilder(
                    data: Data(conflictXIB.utf8), file: "Conflict.xib",
                    options: ImportOptions(strict: true))
                Issue.record("a strict import of conflicting constraints was not refused")
            } catch let error as ImportError {
                #expect(error.errorKind == .badInput)
                #expect(
                    error.message.hasPrefix(
                        "Conflict.xib: refused (--strict): Conflict.xib:4:1: <view "
                            + "id=Roo-cf-001>: layout ConflictView not imported: "),
                    "\(error.message)")
            }
            #expect(try project.layoutNames() == [])
        }
    }
}

@Suite("layoutdb import: devices")
struct ImportDeviceTests {
    @Test("--device lays a screen out on another phone: canvas, safe area, margins follow")
    func retarget() throws {
        try withProject { project, _ in
            let report = try project.importInterfaceBuilder(
                data: Data(marginsStoryboard.utf8), file: "Margins.storyboard",
                options: ImportOptions(device: "retina6_5"))
            #expect(report.layouts.allSatisfy { $0.imported })
            let frames = Dictionary(
                try project.frames(layout: "Margins").map { ($0.view, $0.frame) },
                uniquingKeysWith: { a, _ in a })
            // 414x896, safe area 44 0 34 0, root margins 20 at 414 points wide.
            #expect(frames["title"] == Rect(x: 20, y: 54, width: 374, height: 30))
            #expect(frames["footer"] == Rect(x: 0, y: 812, width: 414, height: 50))
            #expect(frames["caption"] == Rect(x: 32, y: 116, width: 350, height: 20))
        }
    }

    @Test(
        "--device: a view under the unsafe area takes that device's part of it into its margins; --devices says its variants cannot"
    )
    func deviceSafeAreaInMargins() throws {
        try withProject { project, _ in
            // Saved on a 375x812 phone (top 44): the header's top margin is 44 + 8, and the
            // title on it sits at 52. On a 375x667 phone (top 20) UIKit gives 20 + 8 = 28.
            let report = try project.importInterfaceBuilder(
                data: Data(headerStoryboard.utf8), file: "Header.storyboard",
                options: ImportOptions(device: "retina4_7"))
            #expect(report.layouts.map(\.imported) == [true])
            #expect(
                try project.frames(layout: "HeaderVC").first { $0.view == "title" }?.frame
                    == Rect(x: 8, y: 28, width: 359, height: 20))
            #expect(report.notes == [])
        }
        try withProject { project, _ in
            let report = try project.importInterfaceBuilder(
                data: Data(headerStoryboard.utf8), file: "Header.storyboard",
                options: ImportOptions(variantDevices: ["retina4_7"]))
            #expect(
                report.notes == [
                    "layout HeaderVC: the margins of header (top 44) include the part of the "
                        + "document's safe area the view lies under; the --devices variants "
                        + "retina4_7 keep those numbers (a variant cannot change a view's "
                        + "margins): import with --device ID for one device's own"
                ])
            #expect(
                try project.frames(layout: "HeaderVC").first { $0.view == "title" }?.frame
                    == Rect(x: 8, y: 52, width: 359, height: 20))
        }
    }

    @Test(
        "a label a fill stack stretched keeps no intrinsic width: on a narrower phone it gives up the room, not its neighbour"
    )
    func stretchedLabelOnNarrowerPhone() throws {
        try withProject { project, _ in
            let report = try project.importInterfaceBuilder(
                data: Data(rowStoryboard.utf8), file: "Row.storyboard",
                options: ImportOptions(variantDevices: ["retina4_0"]))
            #expect(report.layouts.map(\.imported) == [true])
            #expect(
                report.layouts[0].script.contains("view value in "), "\(report.layouts[0].script)")
            #expect(!report.layouts[0].script.contains("intrinsic 285"))
            func frame(_ view: String, _ variant: String?) throws -> Rect? {
                try project.frames(layout: "RowVC", variant: variant).first { $0.view == view }?
                    .frame
            }
            // As saved on 375 points: the stack 335 wide, name at its content (50), value
            // the rest. On 320 points the stack is 280 and value gives up 55: UIKit's 230.
            #expect(try frame("name", nil) == Rect(x: 20, y: 100, width: 50, height: 20.5))
            #expect(try frame("value", nil) == Rect(x: 70, y: 100, width: 285, height: 20.5))
            #expect(
                try frame("name", "retina4_0") == Rect(x: 20, y: 100, width: 50, height: 20.5))
            #expect(
                try frame("value", "retina4_0") == Rect(x: 70, y: 100, width: 230, height: 20.5))
        }
    }

    @Test("--devices adds one variant per device, with its canvas and safe area")
    func variants() throws {
        try withProject { project, _ in
            let report = try project.importInterfaceBuilder(
                data: Data(marginsStoryboard.utf8), file: "Margins.storyboard",
                options: ImportOptions(variantDevices: ["retina4_7", "retina6_5"]))
            #expect(report.layouts[0].variants == ["retina4_7", "retina6_5"])
            let small = try project.frames(layout: "Margins", variant: "retina4_7")
            // 375x667 with a 20-point status bar: the footer sits on the bottom edge.
            #expect(
                small.first { $0.view == "footer" }?.frame
                    == Rect(x: 0, y: 617, width: 375, height: 50))
            #expect(
                small.first { $0.view == "title" }?.frame
                    == Rect(x: 16, y: 30, width: 343, height: 30))
            let base = try project.frames(layout: "Margins")
            #expect(
                base.first { $0.view == "footer" }?.frame
                    == Rect(x: 0, y: 728, width: 375, height: 50))
        }
    }

    @Test(
        "--devices: a device the screen cannot hold on is left out by name; the base and the other devices go in"
    )
    func deviceThatConflicts() throws {
        try withProject { project, _ in
            let report = try project.importInterfaceBuilder(
                data: Data(wideBoxStoryboard.utf8), file: "Wide.storyboard",
                options: ImportOptions(variantDevices: ["retina4_7", "retina6_5"]))
            #expect(report.layouts.map(\.imported) == [true])
            #expect(report.layouts[0].variants == ["retina6_5"])
            #expect(
                report.notes.contains {
                    $0.hasPrefix(
                        "Wide.storyboard:8:1: <view id=Roo-wb-001>: variant retina4_7 (--devices) "
                            + "of layout BoxVC not added: on that device, required constraints "
                            + "cannot all hold; they conflict:")
                }, "\(report.notes)")
            #expect(
                try project.frames(layout: "BoxVC").first { $0.view == "box" }?.frame
                    == Rect(x: 30, y: 100, width: 350, height: 40))
            #expect(
                try project.frames(layout: "BoxVC", variant: "retina6_5").first {
                    $0.view == "box"
                }?.frame == Rect(x: 30, y: 100, width: 350, height: 40))
        }
        // --strict refuses, naming the device.
        try withProject { project, _ in
            do {
                _ = try project.importInterfaceBuilder(
                    data: Data(wideBoxStoryboard.utf8), file: "Wide.storyboard",
                    options: ImportOptions(variantDevices: ["retina4_7"], strict: true))
                Issue.record("a strict import of a device that conflicts was taken")
            } catch let error as ImportError {
                #expect(
                    error.description.hasPrefix(
                        "Wide.storyboard: refused (--strict): Wide.storyboard:8:1: <view "
                            + "id=Roo-wb-001>: variant retina4_7 (--devices) of layout BoxVC not "
                            + "added"), "\(error)")
            }
            #expect(try project.layoutNames() == [])
        }
    }

    @Test("an unknown device is refused with the known ids, before anything is read")
    func unknownDevice() throws {
        do {
            _ = try Project.prepareImport(
                file: "/nonexistent.storyboard", options: ImportOptions(device: "retina9_9"))
            Issue.record("an unknown device was not refused")
        } catch let error as ImportError {
            #expect(error.errorKind == .invalidRequest)
            #expect(
                error.message.hasPrefix("unknown device `retina9_9`; known devices: retina3_5 ("))
            #expect(error.message.contains("retina6_5 (414x896"))
        }
    }
}

@Suite("layoutdb import: export")
struct ImportExportTests {
    @Test("export of an imported project applies to a new project and gives the same frames")
    func roundTrip() throws {
        try withProject { project, _ in
            for (text, file) in [
                (constructsStoryboard, "Constructs.storyboard"),
                (marginsStoryboard, "Margins.storyboard"), (scrollStoryboard, "Scroll.storyboard"),
            ] {
                _ = try project.importInterfaceBuilder(data: Data(text.utf8), file: file)
            }
            let script = try project.export()
            try withProject { copy, _ in
                try copy.apply(script: script, file: "export.layout")
                for layout in try project.layoutNames() {
                    let original = try project.frames(layout: layout).map { [$0.view: $0.frame] }
                    let again = try copy.frames(layout: layout).map { [$0.view: $0.frame] }
                    #expect(original == again, "\(layout)")
                    #expect(!original.isEmpty)
                }
            }
        }
    }
}

@Suite("IB samples: the match share")
struct ImportSampleShareTests {
    @Test(
        "every sample imports whole and is compared view by view against Xcode's frames",
        .enabled(if: !sampleDocuments().isEmpty, "../shared/ib-samples is absent"))
    func matchShare() throws {
        var rows: [(name: String, count: IBMatch.Count)] = []
        for url in sampleDocuments() {
            let name = url.lastPathComponent
            let document = try IBReader.read(contentsOf: url, file: name)
            let (count, report) = try Project.matchCount(document)
            // Every layout of every sample parses and solves.
            #expect(
                report.layouts.allSatisfy { $0.imported },
                "\(name): \(report.layouts.compactMap(\.notImported))")
            // The share is over every view that has a saved frame, none left out.
            let placed = document.rootViews.map { $0.framesInRootCoordinates().count }
                .reduce(0, +)
            #expect(count.views == placed, "\(name)")
            #expect(count.causes.values.reduce(0, +) == count.views - count.matched, "\(name)")
            rows.append((name, count))
        }
        let table = IBMatch.markdownTable(rows)
        print(table)
        let total = rows.map(\.count).reduce(IBMatch.Count(), +)
        #expect(total.views == 615)
        // 518 of 615 (84.2 %) with the stack, label, cell, margin, scroll-content and switch
        // rules: a drop below that is a regression in the import or the engine.
        #expect(total.matched >= 518, "\(total.matched) of \(total.views) views")
    }
}

/// A 414-point screen with a box 350 wide, 30 from the leading edge and at least 30 from
/// the trailing one: 30 + 350 + 30 = 410 fits 414, not a 375-point phone.
let wideBoxStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490.70" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="VC0-wb-001">
        <device id="retina6_1" orientation="portrait"/>
        <scenes>
            <scene sceneID="Sce-wb-001">
                <objects>
                    <viewController id="VC0-wb-001" customClass="BoxVC" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-wb-001">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Box-wb-001" userLabel="box">
                                    <rect key="frame" x="30" y="100" width="350" height="40"/>
                                </view>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Saf-wb-001"/>
                            <constraints>
                                <constraint firstItem="Box-wb-001" firstAttribute="leading" secondItem="Roo-wb-001" secondAttribute="leading" constant="30" id="C01-wb-001"/>
                                <constraint firstAttribute="trailing" relation="greaterThanOrEqual" secondItem="Box-wb-001" secondAttribute="trailing" constant="30" id="C02-wb-001"/>
                                <constraint firstItem="Box-wb-001" firstAttribute="top" secondItem="Roo-wb-001" secondAttribute="top" constant="100" id="C03-wb-001"/>
                                <constraint firstItem="Box-wb-001" firstAttribute="width" constant="350" id="C04-wb-001"/>
                                <constraint firstItem="Box-wb-001" firstAttribute="height" constant="40" id="C05-wb-001"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A 375x812 screen (safe area top 44) with a 100-point header at the top and a title on
/// the header's top and side margins: the header lies under the 44 points, so its top
/// margin is 44 + 8 and the title is saved at y 52.
let headerStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490.70" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="VC0-hd-001">
        <device id="retina5_9" orientation="portrait"/>
        <scenes>
            <scene sceneID="Sce-hd-001">
                <objects>
                    <viewController id="VC0-hd-001" customClass="HeaderVC" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-hd-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="812"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Hdr-hd-001" userLabel="header">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-hd-001" userLabel="title">
                                            <rect key="frame" x="8" y="52" width="359" height="20"/>
                                        </view>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="Ttl-hd-001" firstAttribute="top" secondItem="Hdr-hd-001" secondAttribute="topMargin" id="C01-hd-001"/>
                                        <constraint firstItem="Ttl-hd-001" firstAttribute="leading" secondItem="Hdr-hd-001" secondAttribute="leadingMargin" id="C02-hd-001"/>
                                        <constraint firstItem="Ttl-hd-001" firstAttribute="trailing" secondItem="Hdr-hd-001" secondAttribute="trailingMargin" id="C03-hd-001"/>
                                        <constraint firstItem="Ttl-hd-001" firstAttribute="height" constant="20" id="C04-hd-001"/>
                                    </constraints>
                                </view>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Saf-hd-001"/>
                            <constraints>
                                <constraint firstItem="Hdr-hd-001" firstAttribute="top" secondItem="Roo-hd-001" secondAttribute="top" id="C05-hd-001"/>
                                <constraint firstItem="Hdr-hd-001" firstAttribute="leading" secondItem="Roo-hd-001" secondAttribute="leading" id="C06-hd-001"/>
                                <constraint firstItem="Hdr-hd-001" firstAttribute="trailing" secondItem="Roo-hd-001" secondAttribute="trailing" id="C07-hd-001"/>
                                <constraint firstItem="Hdr-hd-001" firstAttribute="height" constant="100" id="C08-hd-001"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A horizontal `fill` stack 20 points in from each side of a 375-point screen, holding two
/// one-line labels: "name" hugs at 251, "value" at 250, so the stack stretched "value" to
/// the 285 points "name" (50) left.
let rowStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490.70" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="VC0-rw-001">
        <device id="retina4_7" orientation="portrait"/>
        <scenes>
            <scene sceneID="Sce-rw-001">
                <objects>
                    <viewController id="VC0-rw-001" customClass="RowVC" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-rw-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <stackView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-rw-001">
                                    <rect key="frame" x="20" y="100" width="335" height="20.5"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Name" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="Lab-rw-001" userLabel="name">
                                            <rect key="frame" x="0.0" y="0.0" width="50" height="20.5"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        </label>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Value" textAlignment="right" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="Lab-rw-002" userLabel="value">
                                            <rect key="frame" x="50" y="0.0" width="285" height="20.5"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                        </label>
                                    </subviews>
                                </stackView>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Saf-rw-001"/>
                            <constraints>
                                <constraint firstItem="Stk-rw-001" firstAttribute="leading" secondItem="Roo-rw-001" secondAttribute="leading" constant="20" id="C01-rw-001"/>
                                <constraint firstAttribute="trailing" secondItem="Stk-rw-001" secondAttribute="trailing" constant="20" id="C02-rw-001"/>
                                <constraint firstItem="Stk-rw-001" firstAttribute="top" secondItem="Roo-rw-001" secondAttribute="top" constant="100" id="C03-rw-001"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """
