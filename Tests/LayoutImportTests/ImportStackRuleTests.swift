import Foundation
import LayoutImport
import LayoutStore
import Testing

@Suite("layoutdb import: stack spacing, stack margins and wrapped labels as IB saves them")
struct ImportStackRuleTests {
    @Test("a stack with spacingType standard puts the system spacing, 8, between its views")
    func standardSpacing() throws {
        try expectSolvedToSavedFrames(standardSpacingXIB, file: "Chips.xib")
        let document = try IBReader.read(data: Data(standardSpacingXIB.utf8), file: "Chips.xib")
        let script = try #require(IBTranslator.translate(document).layouts.first?.script)
        #expect(script.contains("stack chips H spacing 8 "))
    }

    @Test("a stack with margins set in the document arranges its views within them")
    func stackMargins() throws {
        try expectSolvedToSavedFrames(stackMarginsXIB, file: "Header.xib")
        let document = try IBReader.read(data: Data(stackMarginsXIB.utf8), file: "Header.xib")
        let script = try #require(IBTranslator.translate(document).layouts.first?.script)
        #expect(script.contains(" margins 12 20 12 20 frame 0 0 300 44.5"))
    }

    @Test("a multi-line designable label is as high as it was saved, and as wide where it wrapped")
    func wrappedDesignableLabel() throws {
        try expectSolvedToSavedFrames(wrappedLabelXIB, file: "Note.xib")
    }
}

@Suite("IBMatch: views Xcode flagged ambiguous or misplaced")
struct IBMatchFlaggedTests {
    @Test("a flagged or misplaced view that does not match has its own cause, and its subviews")
    func flaggedViewsHaveTheirOwnCause() throws {
        let document = try IBReader.read(data: Data(flaggedXIB.utf8), file: "Flags.xib")
        let (count, _) = try Project.matchCount(document)
        // root, loose, its dot, stray, stale, anchored: 6 views, every one in the denominator.
        #expect(count.views == 6)
        #expect(count.matched == 2)
        #expect(count.causes == ["ambiguous or misplaced in the document": 4])
        #expect(
            IBMatch.markdownTable([("Flags.xib", count)]).contains(
                "| ambiguous or misplaced in the document | 4 | 66.7 % |"))
    }

    @Test("the count view by view: each view's saved and solved frames and its cause")
    func viewByView() throws {
        let document = try IBReader.read(data: Data(flaggedXIB.utf8), file: "Flags.xib")
        let (views, _) = try Project.matchViews(document)
        #expect(views.count == 6)
        #expect(IBMatch.count(views) == (try Project.matchCount(document)).count)
        let stray = try #require(views.first { $0.ref == "Sty-fl-004" })
        #expect(stray.saved == IBRect(x: 150, y: 70, width: 40, height: 20))
        #expect(stray.solved == IBRect(x: 150, y: 10, width: 40, height: 20))
        #expect(stray.cause == "ambiguous or misplaced in the document")
        #expect(views.first { $0.ref == "Anc-fl-005" }?.cause == nil)
        let lines = IBMatch.mismatchLines(views)
        #expect(lines.count == 4)
        #expect(
            lines.contains(
                "Sty-fl-004: ambiguous or misplaced in the document; saved 150 70 40 20, "
                    + "solved 150 10 40 20"))
    }
}

/// A card 200x60 with a horizontal stack of two labels at (10, 10), pinned by its top and
/// leading edges only, so its width is its content's. `spacingType="standard"` is
/// UIStackView.spacingUseSystem: 8 between two views. The labels (one line, 17 pt) are 50
/// and 70 wide: `a` (10, 10, 50, 20.5), `b` at 10 + 50 + 8 = 68 (68, 10, 70, 20.5), the stack
/// (10, 10, 128, 20.5).
let standardSpacingXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-ss-001" customClass="ChipsView">
                <rect key="frame" x="0.0" y="0.0" width="200" height="60"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" spacingType="standard" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-ss-002" userLabel="chips">
                        <rect key="frame" x="10" y="10" width="128" height="20.5"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Alpha" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Lba-ss-003" userLabel="a">
                                <rect key="frame" x="0.0" y="0.0" width="50" height="20.5"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Bravo!" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Lbb-ss-004" userLabel="b">
                                <rect key="frame" x="58" y="0.0" width="70" height="20.5"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="Stk-ss-002" firstAttribute="top" secondItem="Roo-ss-001" secondAttribute="top" constant="10" id="Cst-ss-001"/>
                    <constraint firstItem="Stk-ss-002" firstAttribute="leading" secondItem="Roo-ss-001" secondAttribute="leading" constant="10" id="Cst-ss-002"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// A header 300x100 with a vertical stack across its top, whose directional margins (12 top
/// and bottom, 20 at the sides) were set in the size inspector: IB writes the margins and no
/// `layoutMarginsRelativeArrangement`, and lays the stack out within them. The stack is
/// pinned at the top and both sides, so its height is its content's: the label (one line,
/// 17 pt, 20.5 high) at (20, 12, 260, 20.5), the stack (0, 0, 300, 12 + 20.5 + 12 = 44.5).
let stackMarginsXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-sm-001" customClass="HeaderView">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-sm-002" userLabel="column">
                        <rect key="frame" x="0.0" y="0.0" width="300" height="44.5"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" verticalHuggingPriority="251" text="Title" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-sm-003" userLabel="title">
                                <rect key="frame" x="20" y="12" width="260" height="20.5"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                        </subviews>
                        <directionalEdgeInsets key="directionalLayoutMargins" top="12" leading="20" bottom="12" trailing="20"/>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="Stk-sm-002" firstAttribute="top" secondItem="Roo-sm-001" secondAttribute="top" id="Cst-sm-001"/>
                    <constraint firstItem="Stk-sm-002" firstAttribute="leading" secondItem="Roo-sm-001" secondAttribute="leading" id="Cst-sm-002"/>
                    <constraint firstAttribute="trailing" secondItem="Stk-sm-002" secondAttribute="trailing" id="Cst-sm-003"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// A note 240x160 with two labels of the app's designable class (`numberOfLines="0"`), whose
/// heights only their content gives. Xcode recorded each designable's intrinsic size measured
/// alone, its text on one line. `text`, pinned 20 from each side and 10 from the top, is
/// narrower than its line (512 x 20.5): laid out 200 wide its text wraps, and the saved frame
/// holds the wrapped height: (20, 10, 200, 61). Below it, 8 apart, a plain view 20 high:
/// (20, 79, 200, 20), placed by the label's height. `caption`, 8 below that and as wide, is
/// wider than its line (41.5 x 20.5) and was saved 41 high: (20, 107, 200, 41), the height
/// Xcode laid it out with, which its one recorded size does not give.
let wrappedLabelXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-wl-001" customClass="NoteView">
                <rect key="frame" x="0.0" y="0.0" width="240" height="160"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="A note long enough to wrap over three lines at this width" textAlignment="natural" lineBreakMode="tailTruncation" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Txt-wl-002" customClass="StyledLabel" customModule="App" customModuleProvider="target" userLabel="text">
                        <rect key="frame" x="20" y="10" width="200" height="61"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <nil key="textColor"/>
                        <nil key="highlightedColor"/>
                    </label>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Rul-wl-003" userLabel="rule">
                        <rect key="frame" x="20" y="79" width="200" height="20"/>
                        <constraints>
                            <constraint firstAttribute="height" constant="20" id="Cst-wl-001"/>
                        </constraints>
                    </view>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Label" textAlignment="natural" lineBreakMode="tailTruncation" numberOfLines="0" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Cap-wl-004" customClass="StyledLabel" customModule="App" customModuleProvider="target" userLabel="caption">
                        <rect key="frame" x="20" y="107" width="200" height="41"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <nil key="textColor"/>
                        <nil key="highlightedColor"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="Txt-wl-002" firstAttribute="top" secondItem="Roo-wl-001" secondAttribute="top" constant="10" id="Cst-wl-002"/>
                    <constraint firstItem="Txt-wl-002" firstAttribute="leading" secondItem="Roo-wl-001" secondAttribute="leading" constant="20" id="Cst-wl-003"/>
                    <constraint firstAttribute="trailing" secondItem="Txt-wl-002" secondAttribute="trailing" constant="20" id="Cst-wl-004"/>
                    <constraint firstItem="Rul-wl-003" firstAttribute="top" secondItem="Txt-wl-002" secondAttribute="bottom" constant="8" id="Cst-wl-005"/>
                    <constraint firstItem="Rul-wl-003" firstAttribute="leading" secondItem="Txt-wl-002" secondAttribute="leading" id="Cst-wl-006"/>
                    <constraint firstItem="Rul-wl-003" firstAttribute="trailing" secondItem="Txt-wl-002" secondAttribute="trailing" id="Cst-wl-007"/>
                    <constraint firstItem="Cap-wl-004" firstAttribute="top" secondItem="Rul-wl-003" secondAttribute="bottom" constant="8" id="Cst-wl-008"/>
                    <constraint firstItem="Cap-wl-004" firstAttribute="leading" secondItem="Rul-wl-003" secondAttribute="leading" id="Cst-wl-009"/>
                    <constraint firstItem="Cap-wl-004" firstAttribute="trailing" secondItem="Rul-wl-003" secondAttribute="trailing" id="Cst-wl-010"/>
                </constraints>
            </view>
        </objects>
        <designables>
            <designable name="Cap-wl-004">
                <size key="intrinsicContentSize" width="41.5" height="20.5"/>
            </designable>
            <designable name="Txt-wl-002">
                <size key="intrinsicContentSize" width="512" height="20.5"/>
            </designable>
        </designables>
    </document>
    """

/// A box 200x100 where Xcode flagged two views: `loose` (`ambiguous="YES"`) has constraints
/// for its top and leading edges (10, 10) and none for its size, and was saved at (30, 10),
/// 80x40, a frame its constraints do not give; its subview `dot`, pinned to its bottom right
/// corner, follows it. `stray` (`misplaced="YES"`) was saved at (150, 70) where its
/// constraints say (150, 10). `stale`, not flagged, was saved 60 wide at (120, 40) though
/// its own required constraint says 40 wide (so its constraints put it at (140, 40)): a saved
/// frame that breaks a required constraint is misplaced whether Xcode says so or not.
/// `anchored` is fully constrained and matches, as does the root.
let flaggedXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21225" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-fl-001" customClass="BoxView">
                <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" ambiguous="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Lse-fl-002" userLabel="loose">
                        <rect key="frame" x="30" y="10" width="80" height="40"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Dot-fl-003" userLabel="dot">
                                <rect key="frame" x="70" y="30" width="10" height="10"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="10" id="Cst-fl-001"/>
                                    <constraint firstAttribute="height" constant="10" id="Cst-fl-002"/>
                                </constraints>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstAttribute="trailing" secondItem="Dot-fl-003" secondAttribute="trailing" id="Cst-fl-003"/>
                            <constraint firstAttribute="bottom" secondItem="Dot-fl-003" secondAttribute="bottom" id="Cst-fl-004"/>
                        </constraints>
                    </view>
                    <view contentMode="scaleToFill" misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Sty-fl-004" userLabel="stray">
                        <rect key="frame" x="150" y="70" width="40" height="20"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="40" id="Cst-fl-005"/>
                            <constraint firstAttribute="height" constant="20" id="Cst-fl-006"/>
                        </constraints>
                    </view>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Stl-fl-006" userLabel="stale">
                        <rect key="frame" x="120" y="40" width="60" height="20"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="40" id="Cst-fl-015"/>
                            <constraint firstAttribute="height" constant="20" id="Cst-fl-016"/>
                        </constraints>
                    </view>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Anc-fl-005" userLabel="anchored">
                        <rect key="frame" x="10" y="60" width="100" height="30"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="100" id="Cst-fl-007"/>
                            <constraint firstAttribute="height" constant="30" id="Cst-fl-008"/>
                        </constraints>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="Lse-fl-002" firstAttribute="top" secondItem="Roo-fl-001" secondAttribute="top" constant="10" id="Cst-fl-009"/>
                    <constraint firstItem="Lse-fl-002" firstAttribute="leading" secondItem="Roo-fl-001" secondAttribute="leading" constant="10" id="Cst-fl-010"/>
                    <constraint firstItem="Sty-fl-004" firstAttribute="top" secondItem="Roo-fl-001" secondAttribute="top" constant="10" id="Cst-fl-011"/>
                    <constraint firstAttribute="trailing" secondItem="Sty-fl-004" secondAttribute="trailing" constant="10" id="Cst-fl-012"/>
                    <constraint firstItem="Stl-fl-006" firstAttribute="top" secondItem="Roo-fl-001" secondAttribute="top" constant="40" id="Cst-fl-017"/>
                    <constraint firstAttribute="trailing" secondItem="Stl-fl-006" secondAttribute="trailing" constant="20" id="Cst-fl-018"/>
                    <constraint firstItem="Anc-fl-005" firstAttribute="top" secondItem="Roo-fl-001" secondAttribute="top" constant="60" id="Cst-fl-013"/>
                    <constraint firstItem="Anc-fl-005" firstAttribute="leading" secondItem="Roo-fl-001" secondAttribute="leading" constant="10" id="Cst-fl-014"/>
                </constraints>
            </view>
        </objects>
    </document>
    """
