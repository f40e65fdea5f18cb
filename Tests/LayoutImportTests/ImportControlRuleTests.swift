import Foundation
import LayoutImport
import LayoutStore
import Testing

@Suite("layoutdb import: controls whose frames are not the rectangles Auto Layout places")
struct ImportControlRuleTests {
    @Test("a switch's frame is 2 points wider than the 49-point rectangle its constraints place")
    func switchOverhang() throws {
        try expectSolvedToSavedFrames(switchRowXIB, file: "Toggles.xib")
        let document = try IBReader.read(data: Data(switchRowXIB.utf8), file: "Toggles.xib")
        let script = try #require(IBTranslator.translate(document).layouts.first?.script)
        // 16 from the rectangle's trailing edge is 14 from the frame's, which overhangs it.
        #expect(script.contains("root.trailing == toggle.trailing + 14"))
        // `fixed.width == 49` on the rectangle is 51 on the frame.
        #expect(script.contains("fixed.width == 51"))
        #expect(IBMetrics.alignmentOverhang(elementName: "switch") == 2)
        #expect(IBMetrics.alignmentOverhang(elementName: "label") == 0)
    }

    @Test("the safe area is inferred from the rectangle a switch's constraints place")
    func switchAsSafeAreaWitness() throws {
        try expectSolvedToSavedFrames(switchSafeAreaXIB, file: "Inset.xib")
        let document = try IBReader.read(data: Data(switchSafeAreaXIB.utf8), file: "Inset.xib")
        let layout = try #require(IBTranslator.translate(document).layouts.first)
        #expect(layout.safeArea.right == 10)
    }
}

/// A bar 320x60 whose safe area no device gives: its two witnesses say where the guide's
/// trailing edge was. `toggle` is 10 before it, and its 49-point rectangle ends at 300 (its
/// frame (251, 10, 51, 31) at 302); `box`, flush with it, ends at 310 (280, 45, 30, 10). Both
/// say 310, a right inset of 10; the switch's frame alone would say 312, an inset of 8.
let switchSafeAreaXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-si-001" customClass="InsetBar">
                <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Tgl-si-002" userLabel="toggle">
                        <rect key="frame" x="251" y="10" width="51" height="31"/>
                    </switch>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Box-si-003" userLabel="box">
                        <rect key="frame" x="280" y="45" width="30" height="10"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="30" id="Cst-si-001"/>
                            <constraint firstAttribute="height" constant="10" id="Cst-si-002"/>
                        </constraints>
                    </view>
                </subviews>
                <viewLayoutGuide key="safeArea" id="Saf-si-004"/>
                <constraints>
                    <constraint firstItem="Tgl-si-002" firstAttribute="top" secondItem="Roo-si-001" secondAttribute="top" constant="10" id="Cst-si-003"/>
                    <constraint firstItem="Saf-si-004" firstAttribute="trailing" secondItem="Tgl-si-002" secondAttribute="trailing" constant="10" id="Cst-si-004"/>
                    <constraint firstItem="Box-si-003" firstAttribute="top" secondItem="Roo-si-001" secondAttribute="top" constant="45" id="Cst-si-005"/>
                    <constraint firstItem="Box-si-003" firstAttribute="trailing" secondItem="Saf-si-004" secondAttribute="trailing" id="Cst-si-006"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// A row 320x100 with two switches, each drawn 51x31 around the 49x31 rectangle Auto Layout
/// places (UISwitch's intrinsic content size is 49x31, rdar://31777116). `toggle` is pinned
/// 16 from the trailing edge and 10 from the top: its rectangle ends at 304, so its frame is
/// (255, 10, 51, 31), 2 points past the edge the constraint names. `title`, 16 from the leading
/// edge and 8 before the switch, centred on it: (16, 15.25, 231, 20.5). `line`, 8 below the
/// switch, from the title's leading edge to the switch's trailing edge (its rectangle's, 304):
/// (16, 49, 288, 1). `fixed` is constrained `width == 49`, 16 from the leading edge and 8
/// below the line: its frame is (16, 58, 51, 31). `badge`, 8 after it, as wide and as high,
/// top to top: (16 + 49 + 8 = 73, 58, 49, 31). `marker`, centred under it (its rectangle's
/// centre, 16 + 24.5 = 40.5), 10 wide, 2 below, 5 high: (35.5, 91, 10, 5).
let switchRowXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-sw-001" customClass="TogglesView">
                <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Notifications" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-sw-002" userLabel="title">
                        <rect key="frame" x="16" y="15.25" width="231" height="20.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <nil key="textColor"/>
                        <nil key="highlightedColor"/>
                    </label>
                    <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Tgl-sw-003" userLabel="toggle">
                        <rect key="frame" x="255" y="10" width="51" height="31"/>
                    </switch>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Lin-sw-004" userLabel="line">
                        <rect key="frame" x="16" y="49" width="288" height="1"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="1" id="Cst-sw-001"/>
                        </constraints>
                    </view>
                    <switch opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="Fix-sw-005" userLabel="fixed">
                        <rect key="frame" x="16" y="58" width="51" height="31"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="49" id="Cst-sw-002"/>
                        </constraints>
                    </switch>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Bdg-sw-006" userLabel="badge">
                        <rect key="frame" x="73" y="58" width="49" height="31"/>
                    </view>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Mrk-sw-007" userLabel="marker">
                        <rect key="frame" x="35.5" y="91" width="10" height="5"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="10" id="Cst-sw-003"/>
                            <constraint firstAttribute="height" constant="5" id="Cst-sw-004"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="Tgl-sw-003" firstAttribute="top" secondItem="Roo-sw-001" secondAttribute="top" constant="10" id="Cst-sw-005"/>
                    <constraint firstAttribute="trailing" secondItem="Tgl-sw-003" secondAttribute="trailing" constant="16" id="Cst-sw-006"/>
                    <constraint firstItem="Ttl-sw-002" firstAttribute="leading" secondItem="Roo-sw-001" secondAttribute="leading" constant="16" id="Cst-sw-007"/>
                    <constraint firstItem="Tgl-sw-003" firstAttribute="leading" secondItem="Ttl-sw-002" secondAttribute="trailing" constant="8" id="Cst-sw-008"/>
                    <constraint firstItem="Ttl-sw-002" firstAttribute="centerY" secondItem="Tgl-sw-003" secondAttribute="centerY" id="Cst-sw-009"/>
                    <constraint firstItem="Lin-sw-004" firstAttribute="top" secondItem="Tgl-sw-003" secondAttribute="bottom" constant="8" id="Cst-sw-010"/>
                    <constraint firstItem="Lin-sw-004" firstAttribute="leading" secondItem="Ttl-sw-002" secondAttribute="leading" id="Cst-sw-011"/>
                    <constraint firstItem="Lin-sw-004" firstAttribute="trailing" secondItem="Tgl-sw-003" secondAttribute="trailing" id="Cst-sw-012"/>
                    <constraint firstItem="Fix-sw-005" firstAttribute="leading" secondItem="Roo-sw-001" secondAttribute="leading" constant="16" id="Cst-sw-013"/>
                    <constraint firstItem="Fix-sw-005" firstAttribute="top" secondItem="Lin-sw-004" secondAttribute="bottom" constant="8" id="Cst-sw-014"/>
                    <constraint firstItem="Bdg-sw-006" firstAttribute="leading" secondItem="Fix-sw-005" secondAttribute="trailing" constant="8" id="Cst-sw-015"/>
                    <constraint firstItem="Bdg-sw-006" firstAttribute="width" secondItem="Fix-sw-005" secondAttribute="width" id="Cst-sw-016"/>
                    <constraint firstItem="Bdg-sw-006" firstAttribute="height" secondItem="Fix-sw-005" secondAttribute="height" id="Cst-sw-017"/>
                    <constraint firstItem="Bdg-sw-006" firstAttribute="top" secondItem="Fix-sw-005" secondAttribute="top" id="Cst-sw-018"/>
                    <constraint firstItem="Mrk-sw-007" firstAttribute="centerX" secondItem="Fix-sw-005" secondAttribute="centerX" id="Cst-sw-019"/>
                    <constraint firstItem="Mrk-sw-007" firstAttribute="top" secondItem="Fix-sw-005" secondAttribute="bottom" constant="2" id="Cst-sw-020"/>
                </constraints>
            </view>
        </objects>
    </document>
    """
