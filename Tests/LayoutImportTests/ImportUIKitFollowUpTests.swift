import Foundation
import LayoutImport
import LayoutStore
import Testing

@Suite("layoutdb import: what UIKit allows and a UIKit expert found refused or misread")
struct ImportUIKitFollowUpTests {
    @Test("a stack with a negative spacing overlaps its views, as UIStackView does")
    func negativeSpacing() throws {
        try expectSolvedToSavedFrames(negativeSpacingXIB, file: "Faces.xib")
        let document = try IBReader.read(data: Data(negativeSpacingXIB.utf8), file: "Faces.xib")
        let script = try #require(IBTranslator.translate(document).layouts.first?.script)
        #expect(script.contains("stack faces H spacing -10 "))
    }

    @Test("a multiplier on a position is applied in the items' common ancestor, as UIKit does")
    func multiplierInAncestorCoordinates() throws {
        // UIKit: the dot's centre is half the card's centre in the card's coordinates,
        // 100 · 0.5 = 50 → root 100 + 50 = 150 (x 140); 50 · 0.5 = 25 → root 50 + 25 = 75
        // (y 65). `a.leading == b.trailing * 0.5` in the panel: 120 · 0.5 = 60 → root 40 +
        // 60 = 100. Without the ancestor's origin, root coordinates give x 90, y 15, a 80.
        try expectSolvedToSavedFrames(multiplierXIB, file: "Dots.xib")
        let document = try IBReader.read(data: Data(multiplierXIB.utf8), file: "Dots.xib")
        let script = try #require(IBTranslator.translate(document).layouts.first?.script)
        #expect(script.contains("dot.centerX == card.centerX * 0.5 + card.left * 0.5"), "\(script)")
        #expect(script.contains("dot.centerY == card.centerY * 0.5 + card.top * 0.5"), "\(script)")
        #expect(script.contains("a.leading == b.trailing * 0.5 + panel.leading * 0.5"), "\(script)")
        // A multiplier against the root, and a multiplier of 1, need nothing added.
        #expect(script.contains("half.width == root.width * 0.5  #"), "\(script)")
        #expect(script.contains("edge.centerX == root.centerX * 1.5  #"), "\(script)")
    }

    @Test("under right-to-left the leading position is measured from the ancestor's leading edge")
    func multiplierRightToLeft() throws {
        // Mirrored, the panel is (40, 0, 240, 200) again; b's right is 280 − 20 = 260, so b
        // is (160, 100, 100, 20); in the panel's flipped coordinates b's trailing is 280 − 160
        // = 120, a's leading 120 · 0.5 = 60, so a's right is 280 − 60 = 220: a at 190.
        let document = try IBReader.read(data: Data(multiplierXIB.utf8), file: "Dots.xib")
        let layout = try #require(IBTranslator.translate(document).layouts.first)
        let directory = FileManager.default.temporaryDirectory
            .appending(path: "import-rtl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = try Project.open(
            path: directory.appending(path: "p.layoutdb").path, create: true)
        try project.apply(
            script: layout.script + "variant arabic direction rtl\n", layout: layout.name)
        func frame(_ view: String, _ variant: String?) throws -> Rect? {
            try project.frames(layout: layout.name, variant: variant).first { $0.view == view }?
                .frame
        }
        #expect(try frame("a", nil) == Rect(x: 100, y: 130, width: 30, height: 20))
        #expect(try frame("a", "arabic") == Rect(x: 190, y: 130, width: 30, height: 20))
        #expect(try frame("b", "arabic") == Rect(x: 160, y: 100, width: 100, height: 20))
        // `centerX` is measured from the card's left edge wherever the card is: the card
        // mirrors to x 320 − 100 − 200 = 20, the dot's centre to 20 + 50 = 70.
        #expect(try frame("dot", "arabic") == Rect(x: 60, y: 65, width: 20, height: 20))
    }

    @Test(
        "a root forced right to left makes the layout rtl; a subview forcing another direction is reported"
    )
    func semanticContentAttribute() throws {
        // The root reads right to left: box's trailing 20 from the root's trailing is its
        // left edge 20 from the root's left, where Xcode saved it.
        let document = try IBReader.read(data: Data(rightToLeftXIB.utf8), file: "Card.xib")
        let (count, report) = try Project.matchCount(document, tolerance: 0.5)
        #expect(count.views == 3 && count.matched == count.views, "\(count) \(count.causes)")
        #expect(report.layouts.first?.script.contains(" direction rtl") == true)
        // The vocabulary has one direction per layout: the left-to-right subview is reported.
        #expect(
            report.skipped == [
                "Card.xib:13: <view id=Ltr-rt-003>: semanticContentAttribute forceLeftToRight: "
                    + "not read; a layout has one direction (rtl, from its root), and this "
                    + "view's leading and trailing follow it; skipped"
            ])
    }
}

/// A card 300x100 whose root forces right to left (`semanticContentAttribute`), with a box
/// pinned by its trailing edge 20 from the root's: under RTL the trailing edge is the left,
/// so Xcode saves the box at x 20. A strip inside forces left to right, which the vocabulary
/// cannot say for one view; it is pinned by `left` only, so its frame holds either way.
let rightToLeftXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" semanticContentAttribute="forceRightToLeft" id="Roo-rt-001" userLabel="Card">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Box-rt-002" userLabel="box">
                        <rect key="frame" x="20" y="10" width="80" height="20"/>
                    </view>
                    <view contentMode="scaleToFill" semanticContentAttribute="forceLeftToRight" translatesAutoresizingMaskIntoConstraints="NO" id="Ltr-rt-003" userLabel="strip">
                        <rect key="frame" x="0.0" y="50" width="300" height="20"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstAttribute="trailing" secondItem="Box-rt-002" secondAttribute="trailing" constant="20" id="C01-rt-001"/>
                    <constraint firstItem="Box-rt-002" firstAttribute="top" secondItem="Roo-rt-001" secondAttribute="top" constant="10" id="C02-rt-001"/>
                    <constraint firstItem="Box-rt-002" firstAttribute="width" constant="80" id="C03-rt-001"/>
                    <constraint firstItem="Box-rt-002" firstAttribute="height" constant="20" id="C04-rt-001"/>
                    <constraint firstItem="Ltr-rt-003" firstAttribute="left" secondItem="Roo-rt-001" secondAttribute="left" id="C05-rt-001"/>
                    <constraint firstItem="Ltr-rt-003" firstAttribute="top" secondItem="Roo-rt-001" secondAttribute="top" constant="50" id="C06-rt-001"/>
                    <constraint firstItem="Ltr-rt-003" firstAttribute="width" constant="300" id="C07-rt-001"/>
                    <constraint firstItem="Ltr-rt-003" firstAttribute="height" constant="20" id="C08-rt-001"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// A card 200x60 with a horizontal stack of two labels at (10, 10), pinned by its top and
/// leading edges only, spacing -10 ("Use negative values to allow overlap"). The labels
/// (one line, 17 pt) are 50 and 70 wide: `a` (10, 10, 50, 20.5), `b` at 10 + 50 − 10 = 50
/// (50, 10, 70, 20.5), the stack (10, 10, 50 + 70 − 10 = 110, 20.5).
let negativeSpacingXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-ns-001" customClass="FacesView">
                <rect key="frame" x="0.0" y="0.0" width="200" height="60"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" spacing="-10" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-ns-002" userLabel="faces">
                        <rect key="frame" x="10" y="10" width="110" height="20.5"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Alpha" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Lba-ns-003" userLabel="a">
                                <rect key="frame" x="0.0" y="0.0" width="50" height="20.5"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Bravo!" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Lbb-ns-004" userLabel="b">
                                <rect key="frame" x="40" y="0.0" width="70" height="20.5"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="Stk-ns-002" firstAttribute="top" secondItem="Roo-ns-001" secondAttribute="top" constant="10" id="Cst-ns-001"/>
                    <constraint firstItem="Stk-ns-002" firstAttribute="leading" secondItem="Roo-ns-001" secondAttribute="leading" constant="10" id="Cst-ns-002"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// A 320x200 root. `card` (100, 50, 200, 100) holds `dot` (20x20), centred at half the
/// card's centre on each axis: in the card, (40, 15); in the root, (140, 65). `panel` (40, 0,
/// 240, 200) holds `b` at panel x 20, 100 wide (root 60), and `a`, 30 wide, whose leading
/// edge is half b's trailing edge in the panel: 120 · 0.5 = 60 (root 100). `half` is half
/// the root wide, and `edge`'s centre is at 1.5 times the root's: 240 (x 230): the root is
/// the ancestor there, and UIKit's coordinates are the script's.
let multiplierXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-mu-001" customClass="DotsView">
                <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Crd-mu-002" userLabel="card">
                        <rect key="frame" x="100" y="50" width="200" height="100"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Dot-mu-003" userLabel="dot">
                                <rect key="frame" x="40" y="15" width="20" height="20"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="20" id="Cst-mu-001"/>
                                    <constraint firstAttribute="height" constant="20" id="Cst-mu-002"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="Dot-mu-003" firstAttribute="centerX" secondItem="Crd-mu-002" secondAttribute="centerX" multiplier="0.5" id="Cst-mu-003"/>
                            <constraint firstItem="Dot-mu-003" firstAttribute="centerY" secondItem="Crd-mu-002" secondAttribute="centerY" multiplier="0.5" id="Cst-mu-004"/>
                            <constraint firstAttribute="width" constant="200" id="Cst-mu-005"/>
                            <constraint firstAttribute="height" constant="100" id="Cst-mu-006"/>
                        </constraints>
                    </view>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Pnl-mu-004" userLabel="panel">
                        <rect key="frame" x="40" y="0.0" width="240" height="200"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Bbb-mu-005" userLabel="b">
                                <rect key="frame" x="20" y="100" width="100" height="20"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="100" id="Cst-mu-007"/>
                                    <constraint firstAttribute="height" constant="20" id="Cst-mu-008"/>
                                </constraints>
                            </view>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Aaa-mu-006" userLabel="a">
                                <rect key="frame" x="60" y="130" width="30" height="20"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="30" id="Cst-mu-009"/>
                                    <constraint firstAttribute="height" constant="20" id="Cst-mu-010"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="Bbb-mu-005" firstAttribute="leading" secondItem="Pnl-mu-004" secondAttribute="leading" constant="20" id="Cst-mu-011"/>
                            <constraint firstItem="Bbb-mu-005" firstAttribute="top" secondItem="Pnl-mu-004" secondAttribute="top" constant="100" id="Cst-mu-012"/>
                            <constraint firstItem="Aaa-mu-006" firstAttribute="leading" secondItem="Bbb-mu-005" secondAttribute="trailing" multiplier="0.5" id="Cst-mu-013"/>
                            <constraint firstItem="Aaa-mu-006" firstAttribute="top" secondItem="Bbb-mu-005" secondAttribute="bottom" constant="10" id="Cst-mu-014"/>
                        </constraints>
                    </view>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Hlf-mu-007" userLabel="half">
                        <rect key="frame" x="0.0" y="180" width="160" height="10"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="10" id="Cst-mu-015"/>
                        </constraints>
                    </view>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Edg-mu-008" userLabel="edge">
                        <rect key="frame" x="230" y="190" width="20" height="10"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="20" id="Cst-mu-016"/>
                            <constraint firstAttribute="height" constant="10" id="Cst-mu-017"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="Crd-mu-002" firstAttribute="leading" secondItem="Roo-mu-001" secondAttribute="leading" constant="100" id="Cst-mu-018"/>
                    <constraint firstItem="Crd-mu-002" firstAttribute="top" secondItem="Roo-mu-001" secondAttribute="top" constant="50" id="Cst-mu-019"/>
                    <constraint firstItem="Pnl-mu-004" firstAttribute="leading" secondItem="Roo-mu-001" secondAttribute="leading" constant="40" id="Cst-mu-020"/>
                    <constraint firstItem="Pnl-mu-004" firstAttribute="top" secondItem="Roo-mu-001" secondAttribute="top" id="Cst-mu-021"/>
                    <constraint firstItem="Pnl-mu-004" firstAttribute="width" constant="240" id="Cst-mu-022"/>
                    <constraint firstItem="Pnl-mu-004" firstAttribute="height" constant="200" id="Cst-mu-023"/>
                    <constraint firstItem="Hlf-mu-007" firstAttribute="width" secondItem="Roo-mu-001" secondAttribute="width" multiplier="0.5" id="Cst-mu-024"/>
                    <constraint firstItem="Hlf-mu-007" firstAttribute="leading" secondItem="Roo-mu-001" secondAttribute="leading" id="Cst-mu-025"/>
                    <constraint firstItem="Hlf-mu-007" firstAttribute="top" secondItem="Roo-mu-001" secondAttribute="top" constant="180" id="Cst-mu-026"/>
                    <constraint firstItem="Edg-mu-008" firstAttribute="centerX" secondItem="Roo-mu-001" secondAttribute="centerX" multiplier="1.5" id="Cst-mu-027"/>
                    <constraint firstItem="Edg-mu-008" firstAttribute="top" secondItem="Roo-mu-001" secondAttribute="top" constant="190" id="Cst-mu-028"/>
                </constraints>
            </view>
        </objects>
    </document>
    """
