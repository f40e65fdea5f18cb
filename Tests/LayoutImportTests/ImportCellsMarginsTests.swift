import Foundation
import LayoutImport
import LayoutStore
import Testing

// Documents written for these tests in IB's own format, each with its frames worked out by
// hand in its comment: the rules for cells, margins, scroll views and the safe area that
// `IBTranslator` follows (docs/import.md, "The mapping").

/// A 375x667 phone; a table view fills the root (autoresized), and holds one cell, 44 high at
/// 28 in the table, with a disclosure indicator: its content view is 341 wide (0 0 341 44), the
/// cell's width less the accessory. In it a `title` label whose own content would be 400 wide
/// sits between the content view's margins (16 at the leading side, the cell's; 8 at the
/// trailing side, where the accessory is and the cell's margin does not reach), centred: the
/// label gives way, 317 wide (16 12 317 20), and cannot stretch the content view or the cell.
let accessoryCellStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="15705" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-ce-001">
                <objects>
                    <viewController storyboardIdentifier="Rows" id="Vcl-ce-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-ce-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <tableView clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="44" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="Tbl-ce-001">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <prototypes>
                                        <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" indentationWidth="10" reuseIdentifier="Row" id="Cel-ce-001">
                                            <rect key="frame" x="0.0" y="28" width="375" height="44"/>
                                            <autoresizingMask key="autoresizingMask"/>
                                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="Cel-ce-001" id="Ccv-ce-001">
                                                <rect key="frame" x="0.0" y="0.0" width="341" height="44"/>
                                                <autoresizingMask key="autoresizingMask"/>
                                                <subviews>
                                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="A title longer than the row" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" placeholderIntrinsicWidth="400" placeholderIntrinsicHeight="20" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-ce-001" userLabel="title">
                                                        <rect key="frame" x="16" y="12" width="317" height="20"/>
                                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                        <nil key="textColor"/>
                                                        <nil key="highlightedColor"/>
                                                    </label>
                                                </subviews>
                                                <constraints>
                                                    <constraint firstItem="Ttl-ce-001" firstAttribute="leading" secondItem="Ccv-ce-001" secondAttribute="leadingMargin" id="Cst-ce-001"/>
                                                    <constraint firstAttribute="trailingMargin" secondItem="Ttl-ce-001" secondAttribute="trailing" id="Cst-ce-002"/>
                                                    <constraint firstItem="Ttl-ce-001" firstAttribute="centerY" secondItem="Ccv-ce-001" secondAttribute="centerY" id="Cst-ce-003"/>
                                                </constraints>
                                            </tableViewCellContentView>
                                        </tableViewCell>
                                    </prototypes>
                                </tableView>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Sfe-ce-001"/>
                        </view>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-ce-001" sceneMemberID="firstResponder"/>
                </objects>
                <point key="canvasLocation" x="100" y="100"/>
            </scene>
        </scenes>
    </document>
    """

/// Two XIB top-level views with no margins of their own, laid out as IB shows a XIB's
/// top-level view (its File's Owner's root view): sides at the system minimum, 16 points under
/// 414 wide and 20 from 414, top and bottom UIView's 8.
///
/// - `Narrow` (375x60): `bar` between the root's leading and trailing margins, on its top
///   margin, 20 high (16 8 343 20).
/// - `Wide` (414x60): `bar` the same way (20 8 374 20).
let topLevelMarginsXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14490.70" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait">
            <adaptation id="fullscreen"/>
        </device>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-tm-001" userLabel="Narrow">
                <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Bar-tm-001" userLabel="bar">
                        <rect key="frame" x="16" y="8" width="343" height="20"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="Bar-tm-001" firstAttribute="leading" secondItem="Roo-tm-001" secondAttribute="leadingMargin" id="Cst-tm-001"/>
                    <constraint firstAttribute="trailingMargin" secondItem="Bar-tm-001" secondAttribute="trailing" id="Cst-tm-002"/>
                    <constraint firstItem="Bar-tm-001" firstAttribute="top" secondItem="Roo-tm-001" secondAttribute="topMargin" id="Cst-tm-003"/>
                    <constraint firstItem="Bar-tm-001" firstAttribute="height" constant="20" id="Cst-tm-004"/>
                </constraints>
            </view>
            <view contentMode="scaleToFill" id="Roo-tm-002" userLabel="Wide">
                <rect key="frame" x="0.0" y="0.0" width="414" height="60"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Bar-tm-002" userLabel="bar">
                        <rect key="frame" x="20" y="8" width="374" height="20"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="Bar-tm-002" firstAttribute="leading" secondItem="Roo-tm-002" secondAttribute="leadingMargin" id="Cst-tm-011"/>
                    <constraint firstAttribute="trailingMargin" secondItem="Bar-tm-002" secondAttribute="trailing" id="Cst-tm-012"/>
                    <constraint firstItem="Bar-tm-002" firstAttribute="top" secondItem="Roo-tm-002" secondAttribute="topMargin" id="Cst-tm-013"/>
                    <constraint firstItem="Bar-tm-002" firstAttribute="height" constant="20" id="Cst-tm-014"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// A table view controller on a 375x667 phone under a simulated navigation bar (safe area top
/// 20 + 44 = 64): UIKit insets the table's content by that, so its first cell, saved at the
/// top of the content (0 0 375 60), is never under the bar and its content view's margins are
/// the cell's own: 11 at the top, 16 at the sides (not the 64 the bar would reach at the
/// content's offset 0). `note` sits on the content view's top, leading and trailing margins,
/// 20 high (16 11 343 20).
let scrollContentMarginsStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="18122" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-sm-001">
                <objects>
                    <tableViewController storyboardIdentifier="Notes" id="Tvc-sm-001" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="60" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="Tbl-sm-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <prototypes>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="Note" id="Cel-sm-001">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" tableViewCell="Cel-sm-001" id="Ccv-sm-001">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="60"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Not-sm-001" userLabel="note">
                                                <rect key="frame" x="16" y="11" width="343" height="20"/>
                                            </view>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="Not-sm-001" firstAttribute="top" secondItem="Ccv-sm-001" secondAttribute="topMargin" id="Cst-sm-001"/>
                                            <constraint firstItem="Not-sm-001" firstAttribute="leading" secondItem="Ccv-sm-001" secondAttribute="leadingMargin" id="Cst-sm-002"/>
                                            <constraint firstAttribute="trailingMargin" secondItem="Not-sm-001" secondAttribute="trailing" id="Cst-sm-003"/>
                                            <constraint firstItem="Not-sm-001" firstAttribute="height" constant="20" id="Cst-sm-004"/>
                                        </constraints>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                        <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-sm-001" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A table (375 points wide) saved by an Xcode whose cells had 15-point side margins (before
/// iOS 11), where the rule for today's cells would say 16: the document's own constraints and
/// saved frames say 15, so the cells keep 15. `wide` sits between the first cell's content
/// view's side margins, centred, 20 high (15 12 345 20); `inset` is 10 inside the second
/// cell's leading margin, 100 wide (25 56 100 20).
let cellMarginsStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14460.31" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait">
            <adaptation id="fullscreen"/>
        </device>
        <scenes>
            <scene sceneID="Scn-cm-001">
                <objects>
                    <tableViewController storyboardIdentifier="Older" id="Tvc-cm-001" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="44" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="Tbl-cm-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <prototypes>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="Row1" id="Cel-cm-001">
                                    <rect key="frame" x="0.0" y="0" width="375" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" tableViewCell="Cel-cm-001" id="Ccv-cm-001">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Sub-cm-001" userLabel="wide">
                                                <rect key="frame" x="15" y="12" width="345" height="20"/>
                                            </view>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="Sub-cm-001" firstAttribute="leading" secondItem="Ccv-cm-001" secondAttribute="leadingMargin" id="Cst-cm-011"/>
                                            <constraint firstAttribute="trailingMargin" secondItem="Sub-cm-001" secondAttribute="trailing" id="Cst-cm-012"/>
                                            <constraint firstItem="Sub-cm-001" firstAttribute="centerY" secondItem="Ccv-cm-001" secondAttribute="centerY" id="Cst-cm-013"/>
                                            <constraint firstItem="Sub-cm-001" firstAttribute="height" constant="20" id="Cst-cm-014"/>
                                        </constraints>
                                    </tableViewCellContentView>
                                </tableViewCell>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="Row2" id="Cel-cm-002">
                                    <rect key="frame" x="0.0" y="44" width="375" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" tableViewCell="Cel-cm-002" id="Ccv-cm-002">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Sub-cm-002" userLabel="inset">
                                                <rect key="frame" x="25" y="12" width="100" height="20"/>
                                            </view>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="Sub-cm-002" firstAttribute="leading" secondItem="Ccv-cm-002" secondAttribute="leadingMargin" constant="10" id="Cst-cm-021"/>
                                            <constraint firstItem="Sub-cm-002" firstAttribute="width" constant="100" id="Cst-cm-022"/>
                                            <constraint firstItem="Sub-cm-002" firstAttribute="centerY" secondItem="Ccv-cm-002" secondAttribute="centerY" id="Cst-cm-023"/>
                                            <constraint firstItem="Sub-cm-002" firstAttribute="height" constant="20" id="Cst-cm-024"/>
                                        </constraints>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-cm-001" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A XIB view (320x100) with a `panel` laid out by its autoresizing mask (flexible width and
/// bottom margin, 10 10 300 80) that constraints inside it name: `chip`, whose content would be
/// 400 wide, sits 10 inside the panel's leading, trailing and top edges, 20 high. UIKit keeps
/// the panel's autoresizing constraints (required) however its content pushes, so the chip
/// gives way (20 20 280 20).
let mentionedAutoresizingXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="18122" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-ma-001" userLabel="Holder">
                <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <view contentMode="scaleToFill" id="Pnl-ma-001" userLabel="panel">
                        <rect key="frame" x="10" y="10" width="300" height="80"/>
                        <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="A chip wider than its panel" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" placeholderIntrinsicWidth="400" placeholderIntrinsicHeight="20" translatesAutoresizingMaskIntoConstraints="NO" id="Chp-ma-001" userLabel="chip">
                                <rect key="frame" x="10" y="10" width="280" height="20"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="Chp-ma-001" firstAttribute="leading" secondItem="Pnl-ma-001" secondAttribute="leading" constant="10" id="Cst-ma-001"/>
                            <constraint firstAttribute="trailing" secondItem="Chp-ma-001" secondAttribute="trailing" constant="10" id="Cst-ma-002"/>
                            <constraint firstItem="Chp-ma-001" firstAttribute="top" secondItem="Pnl-ma-001" secondAttribute="top" constant="10" id="Cst-ma-003"/>
                        </constraints>
                    </view>
                </subviews>
            </view>
        </objects>
    </document>
    """

/// A 414x896 phone (the device table's 44 0 34 0) whose `stale` view, pinned to the safe
/// area's leading edge, was saved 12 points off and flagged `misplaced="YES"` by Xcode: its
/// saved frame is no witness of the safe area, so the left inset stays 0. `bar` sits on the
/// root's side margins (20 at 414 points), 10 below the safe area's top, 20 high
/// (20 54 374 20).
let misplacedWitnessStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-mw-001">
                <objects>
                    <viewController storyboardIdentifier="Stale" id="Vcl-mw-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-mw-001">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" misplaced="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Stl-mw-001" userLabel="stale">
                                    <rect key="frame" x="12" y="400" width="100" height="40"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Bar-mw-001" userLabel="bar">
                                    <rect key="frame" x="20" y="54" width="374" height="20"/>
                                </view>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Sfe-mw-001"/>
                            <constraints>
                                <constraint firstItem="Stl-mw-001" firstAttribute="leading" secondItem="Sfe-mw-001" secondAttribute="leading" id="Cst-mw-001"/>
                                <constraint firstItem="Stl-mw-001" firstAttribute="top" secondItem="Roo-mw-001" secondAttribute="top" constant="400" id="Cst-mw-002"/>
                                <constraint firstItem="Stl-mw-001" firstAttribute="width" constant="100" id="Cst-mw-003"/>
                                <constraint firstItem="Stl-mw-001" firstAttribute="height" constant="40" id="Cst-mw-004"/>
                                <constraint firstItem="Bar-mw-001" firstAttribute="leading" secondItem="Roo-mw-001" secondAttribute="leadingMargin" id="Cst-mw-005"/>
                                <constraint firstAttribute="trailingMargin" secondItem="Bar-mw-001" secondAttribute="trailing" id="Cst-mw-006"/>
                                <constraint firstItem="Bar-mw-001" firstAttribute="top" secondItem="Sfe-mw-001" secondAttribute="top" constant="10" id="Cst-mw-007"/>
                                <constraint firstItem="Bar-mw-001" firstAttribute="height" constant="20" id="Cst-mw-008"/>
                            </constraints>
                        </view>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-mw-001" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """

@Suite("layoutdb import: cells, margins, scroll views and the safe area as UIKit lays them out")
struct ImportCellsMarginsTests {
    @Test(
        "a table cell's content view is the cell less its accessory; its content cannot stretch it")
    func accessoryCell() throws {
        try expectSolvedToSavedFrames(accessoryCellStoryboard, file: "Rows.storyboard")
    }

    @Test("a XIB's top-level view has the system minimum margins at its sides: 16, 20 from 414")
    func topLevelViewMargins() throws {
        try expectSolvedToSavedFrames(topLevelMarginsXIB, file: "Bars.xib")
    }

    @Test("content in a table or scroll view is inset below the bars: no safe area in its margins")
    func scrollContentMargins() throws {
        try expectSolvedToSavedFrames(scrollContentMarginsStoryboard, file: "Notes.storyboard")
    }

    @Test("table cells keep the side margins the document's constraints and frames show")
    func documentCellMargins() throws {
        try expectSolvedToSavedFrames(cellMarginsStoryboard, file: "Older.storyboard")
    }

    @Test("a view laid out by its autoresizing mask keeps it when constraints inside name it")
    func mentionedAutoresizing() throws {
        try expectSolvedToSavedFrames(mentionedAutoresizingXIB, file: "Holder.xib")
    }

    @Test("a view Xcode flagged misplaced is no witness of the safe area's insets")
    func misplacedIsNoWitness() throws {
        let document = try IBReader.read(
            data: Data(misplacedWitnessStoryboard.utf8), file: "Stale.storyboard")
        let (count, report) = try Project.matchCount(document, tolerance: 0.5)
        let script = try #require(report.layouts.first?.script)
        #expect(script.contains("canvas 414 896 safe 44 0 34 0"), Comment(rawValue: script))
        // Every view but the misplaced one is where Xcode saved it.
        #expect(count.views == 3)
        #expect(count.matched == 2, Comment(rawValue: "\(count.causes)\n" + script))
    }
}
