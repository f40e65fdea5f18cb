import Foundation

// Small Interface Builder documents for the import's end-to-end tests, written for them in
// IB's format. Each view's saved frame is what Auto Layout solves for its constraints, worked
// out by hand in the comment above the document, so an import must give the same frames.

/// Scene by scene, on a 375x667 phone (safe area 20 0 0 0 from the device table):
///
/// - `Plain`: `header` pinned to the top edges, 64 high (0 0 375 64); `box` centred,
///   16 below the header, half the root wide (`1:2`), square (93.75 80 187.5 187.5); `wide`
///   wants 400 wide at 750 but is at most the root's width less 40, 8 below the box, 20 from
///   the leading edge, 30 high (20 275.5 335 30).
/// - `Priorities`: `chip` has an intrinsic 80x20 (placeholder), hugs at 750 horizontally and
///   250 vertically; its trailing edge 20 from the root's at 700 loses to the horizontal
///   hugging, its height 50 at 600 beats the vertical hugging (20 200 80 50).
/// - `Guides`: a custom guide 40 from the leading edge, 100 wide, 300 from the top, 10 high;
///   `after` 10 right of the guide, at its bottom, 50x50 (150 310 50 50).
/// - `Autoresizing`: `banner`, no constraints, frame 10 30 355 100 with a flexible width and
///   bottom margin; `inner` inside it (5 5 20 20), flexible left margin.
let constructsStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-pa-001">
                <objects>
                    <viewController storyboardIdentifier="Plain" id="Vcl-pa-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-pa-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Hdr-pa-002" userLabel="header">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="64"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Box-pa-003" userLabel="box">
                                    <rect key="frame" x="93.75" y="80" width="187.5" height="187.5"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Wid-pa-004" userLabel="wide">
                                    <rect key="frame" x="20" y="275.5" width="335" height="30"/>
                                </view>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Saf-pa-001"/>
                            <constraints>
                                <constraint firstItem="Hdr-pa-002" firstAttribute="top" secondItem="Roo-pa-001" secondAttribute="top" id="Cst-pa-001"/>
                                <constraint firstItem="Hdr-pa-002" firstAttribute="leading" secondItem="Roo-pa-001" secondAttribute="leading" id="Cst-pa-002"/>
                                <constraint firstAttribute="trailing" secondItem="Hdr-pa-002" secondAttribute="trailing" id="Cst-pa-003"/>
                                <constraint firstItem="Hdr-pa-002" firstAttribute="height" constant="64" id="Cst-pa-004"/>
                                <constraint firstItem="Box-pa-003" firstAttribute="centerX" secondItem="Roo-pa-001" secondAttribute="centerX" id="Cst-pa-005"/>
                                <constraint firstItem="Box-pa-003" firstAttribute="top" secondItem="Hdr-pa-002" secondAttribute="bottom" constant="16" id="Cst-pa-006"/>
                                <constraint firstItem="Box-pa-003" firstAttribute="width" secondItem="Roo-pa-001" secondAttribute="width" multiplier="1:2" id="Cst-pa-007"/>
                                <constraint firstItem="Box-pa-003" firstAttribute="height" secondItem="Box-pa-003" secondAttribute="width" id="Cst-pa-008"/>
                                <constraint firstItem="Wid-pa-004" firstAttribute="width" constant="400" priority="750" id="Cst-pa-009"/>
                                <constraint firstItem="Wid-pa-004" firstAttribute="width" relation="lessThanOrEqual" secondItem="Roo-pa-001" secondAttribute="width" constant="-40" id="Cst-pa-010"/>
                                <constraint firstItem="Wid-pa-004" firstAttribute="top" secondItem="Box-pa-003" secondAttribute="bottom" constant="8" id="Cst-pa-011"/>
                                <constraint firstItem="Wid-pa-004" firstAttribute="leading" secondItem="Roo-pa-001" secondAttribute="leading" constant="20" id="Cst-pa-012"/>
                                <constraint firstItem="Wid-pa-004" firstAttribute="height" constant="30" id="Cst-pa-013"/>
                            </constraints>
                        </view>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-pa-001" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="Scn-pb-001">
                <objects>
                    <viewController storyboardIdentifier="Priorities" id="Vcl-pb-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-pb-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="250" placeholderIntrinsicWidth="80" placeholderIntrinsicHeight="20" translatesAutoresizingMaskIntoConstraints="NO" id="Chp-pb-002" userLabel="chip">
                                    <rect key="frame" x="20" y="200" width="80" height="50"/>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="Chp-pb-002" firstAttribute="leading" secondItem="Roo-pb-001" secondAttribute="leading" constant="20" id="Cst-pb-001"/>
                                <constraint firstAttribute="trailing" secondItem="Chp-pb-002" secondAttribute="trailing" constant="20" priority="700" id="Cst-pb-002"/>
                                <constraint firstItem="Chp-pb-002" firstAttribute="top" secondItem="Roo-pb-001" secondAttribute="top" constant="200" id="Cst-pb-003"/>
                                <constraint firstItem="Chp-pb-002" firstAttribute="height" constant="50" priority="600" id="Cst-pb-004"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="Scn-pc-001">
                <objects>
                    <viewController storyboardIdentifier="Guides" id="Vcl-pc-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-pc-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Aft-pc-002" userLabel="after">
                                    <rect key="frame" x="150" y="310" width="50" height="50"/>
                                </view>
                            </subviews>
                            <layoutGuides>
                                <viewLayoutGuide id="Gde-pc-003" userLabel="spacer"/>
                            </layoutGuides>
                            <constraints>
                                <constraint firstItem="Gde-pc-003" firstAttribute="leading" secondItem="Roo-pc-001" secondAttribute="leading" constant="40" id="Cst-pc-001"/>
                                <constraint firstItem="Gde-pc-003" firstAttribute="width" constant="100" id="Cst-pc-002"/>
                                <constraint firstItem="Gde-pc-003" firstAttribute="top" secondItem="Roo-pc-001" secondAttribute="top" constant="300" id="Cst-pc-003"/>
                                <constraint firstItem="Gde-pc-003" firstAttribute="height" constant="10" id="Cst-pc-004"/>
                                <constraint firstItem="Aft-pc-002" firstAttribute="leading" secondItem="Gde-pc-003" secondAttribute="trailing" constant="10" id="Cst-pc-005"/>
                                <constraint firstItem="Aft-pc-002" firstAttribute="top" secondItem="Gde-pc-003" secondAttribute="bottom" id="Cst-pc-006"/>
                                <constraint firstItem="Aft-pc-002" firstAttribute="width" constant="50" id="Cst-pc-007"/>
                                <constraint firstItem="Aft-pc-002" firstAttribute="height" constant="50" id="Cst-pc-008"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="Scn-pd-001">
                <objects>
                    <viewController storyboardIdentifier="Autoresizing" id="Vcl-pd-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-pd-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" id="Ban-pd-002" userLabel="banner">
                                    <rect key="frame" x="10" y="30" width="355" height="100"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" id="Inn-pd-003" userLabel="inner">
                                            <rect key="frame" x="5" y="5" width="20" height="20"/>
                                            <autoresizingMask key="autoresizingMask" flexibleMinX="YES"/>
                                        </view>
                                    </subviews>
                                </view>
                            </subviews>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A 375x812 phone (safe area 44 0 34 0, as the document's own constraints say too) with
/// root margins of 16 at the sides, a card with its own margins of 12, and baselines:
///
/// - `title` 10 below the safe area's top, between the root's margins, 30 high
///   (16 54 343 30);
/// - `footer` on the safe area's bottom and sides, 50 high (0 728 375 50);
/// - `card` between the root's margins, 20 below the title, 100 high (16 104 343 100), and
///   `caption` on its top, leading and trailing margins, 20 high (28 116 319 20);
/// - `first` (system font 17 in a 20.5-high frame: first baseline 16.3 below its top) at
///   20, 300, its intrinsic 100x20.5; `second` on the same first baseline, 8 after it,
///   intrinsic 60x20.5 (128 300 60 20.5).
let marginsStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina5_9" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-pe-001">
                <objects>
                    <viewController storyboardIdentifier="Margins" id="Vcl-pe-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-pe-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="812"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-pe-002" userLabel="title">
                                    <rect key="frame" x="16" y="54" width="343" height="30"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Ftr-pe-003" userLabel="footer">
                                    <rect key="frame" x="0.0" y="728" width="375" height="50"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Crd-pe-004" userLabel="card">
                                    <rect key="frame" x="16" y="104" width="343" height="100"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Cap-pe-005" userLabel="caption">
                                            <rect key="frame" x="12" y="12" width="319" height="20"/>
                                        </view>
                                    </subviews>
                                    <edgeInsets key="layoutMargins" top="12" left="12" bottom="12" right="12"/>
                                    <constraints>
                                        <constraint firstItem="Cap-pe-005" firstAttribute="top" secondItem="Crd-pe-004" secondAttribute="topMargin" id="Cst-pe-101"/>
                                        <constraint firstItem="Cap-pe-005" firstAttribute="leading" secondItem="Crd-pe-004" secondAttribute="leadingMargin" id="Cst-pe-102"/>
                                        <constraint firstAttribute="trailingMargin" secondItem="Cap-pe-005" secondAttribute="trailing" id="Cst-pe-103"/>
                                        <constraint firstItem="Cap-pe-005" firstAttribute="height" constant="20" id="Cst-pe-104"/>
                                    </constraints>
                                </view>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="First" translatesAutoresizingMaskIntoConstraints="NO" id="Fst-pe-006" userLabel="first">
                                    <rect key="frame" x="20" y="300" width="100" height="20.5"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                </label>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Second" translatesAutoresizingMaskIntoConstraints="NO" id="Snd-pe-007" userLabel="second">
                                    <rect key="frame" x="128" y="300" width="60" height="20.5"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                </label>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Saf-pe-001"/>
                            <constraints>
                                <constraint firstItem="Ttl-pe-002" firstAttribute="top" secondItem="Saf-pe-001" secondAttribute="top" constant="10" id="Cst-pe-001"/>
                                <constraint firstItem="Ttl-pe-002" firstAttribute="leading" secondItem="Roo-pe-001" secondAttribute="leadingMargin" id="Cst-pe-002"/>
                                <constraint firstAttribute="trailingMargin" secondItem="Ttl-pe-002" secondAttribute="trailing" id="Cst-pe-003"/>
                                <constraint firstItem="Ttl-pe-002" firstAttribute="height" constant="30" id="Cst-pe-004"/>
                                <constraint firstItem="Saf-pe-001" firstAttribute="bottom" secondItem="Ftr-pe-003" secondAttribute="bottom" id="Cst-pe-005"/>
                                <constraint firstItem="Ftr-pe-003" firstAttribute="leading" secondItem="Saf-pe-001" secondAttribute="leading" id="Cst-pe-006"/>
                                <constraint firstItem="Saf-pe-001" firstAttribute="trailing" secondItem="Ftr-pe-003" secondAttribute="trailing" id="Cst-pe-007"/>
                                <constraint firstItem="Ftr-pe-003" firstAttribute="height" constant="50" id="Cst-pe-008"/>
                                <constraint firstItem="Crd-pe-004" firstAttribute="leading" secondItem="Roo-pe-001" secondAttribute="leadingMargin" id="Cst-pe-009"/>
                                <constraint firstAttribute="trailingMargin" secondItem="Crd-pe-004" secondAttribute="trailing" id="Cst-pe-010"/>
                                <constraint firstItem="Crd-pe-004" firstAttribute="top" secondItem="Ttl-pe-002" secondAttribute="bottom" constant="20" id="Cst-pe-011"/>
                                <constraint firstItem="Crd-pe-004" firstAttribute="height" constant="100" id="Cst-pe-012"/>
                                <constraint firstItem="Fst-pe-006" firstAttribute="leading" secondItem="Roo-pe-001" secondAttribute="leading" constant="20" id="Cst-pe-013"/>
                                <constraint firstItem="Fst-pe-006" firstAttribute="top" secondItem="Roo-pe-001" secondAttribute="top" constant="300" id="Cst-pe-014"/>
                                <constraint firstItem="Snd-pe-007" firstAttribute="firstBaseline" secondItem="Fst-pe-006" secondAttribute="firstBaseline" id="Cst-pe-015"/>
                                <constraint firstItem="Snd-pe-007" firstAttribute="leading" secondItem="Fst-pe-006" secondAttribute="trailing" constant="8" id="Cst-pe-016"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A scroll view (Xcode 11 and later: content and frame guides) filling a 375x667 root,
/// its `content` pinned to the content guide's edges, as wide as the frame guide and 1000
/// high (0 0 375 1000); a `row` inside the content, 16 from its leading and top edges,
/// 44 high and 32 narrower (16 16 343 44).
let scrollStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-pf-001">
                <objects>
                    <viewController storyboardIdentifier="Scroll" id="Vcl-pf-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-pf-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Scr-pf-002" userLabel="scroll">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Cnv-pf-003" userLabel="content">
                                            <rect key="frame" x="0.0" y="0.0" width="375" height="1000"/>
                                            <subviews>
                                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Row-pf-004" userLabel="row">
                                                    <rect key="frame" x="16" y="16" width="343" height="44"/>
                                                </view>
                                            </subviews>
                                            <constraints>
                                                <constraint firstItem="Row-pf-004" firstAttribute="leading" secondItem="Cnv-pf-003" secondAttribute="leading" constant="16" id="Cst-pf-101"/>
                                                <constraint firstItem="Row-pf-004" firstAttribute="top" secondItem="Cnv-pf-003" secondAttribute="top" constant="16" id="Cst-pf-102"/>
                                                <constraint firstItem="Row-pf-004" firstAttribute="width" secondItem="Cnv-pf-003" secondAttribute="width" constant="-32" id="Cst-pf-103"/>
                                                <constraint firstItem="Row-pf-004" firstAttribute="height" constant="44" id="Cst-pf-104"/>
                                                <constraint firstAttribute="height" constant="1000" id="Cst-pf-105"/>
                                            </constraints>
                                        </view>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="Cnv-pf-003" firstAttribute="top" secondItem="Cnt-pf-002" secondAttribute="top" id="Cst-pf-201"/>
                                        <constraint firstItem="Cnv-pf-003" firstAttribute="leading" secondItem="Cnt-pf-002" secondAttribute="leading" id="Cst-pf-202"/>
                                        <constraint firstItem="Cnt-pf-002" firstAttribute="trailing" secondItem="Cnv-pf-003" secondAttribute="trailing" id="Cst-pf-203"/>
                                        <constraint firstItem="Cnt-pf-002" firstAttribute="bottom" secondItem="Cnv-pf-003" secondAttribute="bottom" id="Cst-pf-204"/>
                                        <constraint firstItem="Cnv-pf-003" firstAttribute="width" secondItem="Frm-pf-002" secondAttribute="width" id="Cst-pf-205"/>
                                    </constraints>
                                    <viewLayoutGuide key="contentLayoutGuide" id="Cnt-pf-002"/>
                                    <viewLayoutGuide key="frameLayoutGuide" id="Frm-pf-002"/>
                                </scrollView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="Scr-pf-002" firstAttribute="top" secondItem="Roo-pf-001" secondAttribute="top" id="Cst-pf-001"/>
                                <constraint firstItem="Scr-pf-002" firstAttribute="leading" secondItem="Roo-pf-001" secondAttribute="leading" id="Cst-pf-002"/>
                                <constraint firstAttribute="trailing" secondItem="Scr-pf-002" secondAttribute="trailing" id="Cst-pf-003"/>
                                <constraint firstAttribute="bottom" secondItem="Scr-pf-002" secondAttribute="bottom" id="Cst-pf-004"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A XIB whose only view is a horizontal stack (200x40) of two views filled equally with 8
/// between them: `left` at 0 0 96 40, `right` at 104 0 96 40.
let stackXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <view contentMode="scaleToFill" id="Roo-pg-001" customClass="PairView">
                <rect key="frame" x="0.0" y="0.0" width="200" height="40"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" distribution="fillEqually" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-pg-002" userLabel="pair">
                        <rect key="frame" x="0.0" y="0.0" width="200" height="40"/>
                        <subviews>
                            <view contentMode="scaleToFill" id="Lft-pg-003" userLabel="left">
                                <rect key="frame" x="0.0" y="0.0" width="96" height="40"/>
                            </view>
                            <view contentMode="scaleToFill" id="Rgt-pg-004" userLabel="right">
                                <rect key="frame" x="104" y="0.0" width="96" height="40"/>
                            </view>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="Stk-pg-002" firstAttribute="top" secondItem="Roo-pg-001" secondAttribute="top" id="Cst-pg-001"/>
                    <constraint firstItem="Stk-pg-002" firstAttribute="leading" secondItem="Roo-pg-001" secondAttribute="leading" id="Cst-pg-002"/>
                    <constraint firstAttribute="trailing" secondItem="Stk-pg-002" secondAttribute="trailing" id="Cst-pg-003"/>
                    <constraint firstAttribute="bottom" secondItem="Stk-pg-002" secondAttribute="bottom" id="Cst-pg-004"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// A storyboard on a 375x667 phone (safe area 20 0 0 0 from the device table) with a hidden
/// view and size-class variations:
///
/// - `badge` is hidden but still laid out, as UIKit lays out hidden views: 20 from the
///   leading edge, 100 from the top, 100x40 (20 100 100 40);
/// - `box`: 20 from the leading edge, 200x50, 200 from the top in the default size class
///   (20 200 200 50); in `heightClass=compact` its top is 120 instead;
/// - `extra` is installed only in `heightClass=compact`; IB saves its frame anyway: on the
///   bottom edge and both sides, 40 high (0 627 375 40).
let hiddenVariantStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-hv-001">
                <objects>
                    <viewController storyboardIdentifier="Toggle" id="Vcl-hv-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-hv-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view hidden="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Bdg-hv-002" userLabel="badge">
                                    <rect key="frame" x="20" y="100" width="100" height="40"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Box-hv-003" userLabel="box">
                                    <rect key="frame" x="20" y="200" width="200" height="50"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Ext-hv-004" userLabel="extra">
                                    <rect key="frame" x="0.0" y="627" width="375" height="40"/>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="Bdg-hv-002" firstAttribute="leading" secondItem="Roo-hv-001" secondAttribute="leading" constant="20" id="Cst-hv-001"/>
                                <constraint firstItem="Bdg-hv-002" firstAttribute="top" secondItem="Roo-hv-001" secondAttribute="top" constant="100" id="Cst-hv-002"/>
                                <constraint firstItem="Bdg-hv-002" firstAttribute="width" constant="100" id="Cst-hv-003"/>
                                <constraint firstItem="Bdg-hv-002" firstAttribute="height" constant="40" id="Cst-hv-004"/>
                                <constraint firstItem="Box-hv-003" firstAttribute="leading" secondItem="Roo-hv-001" secondAttribute="leading" constant="20" id="Cst-hv-005"/>
                                <constraint firstItem="Box-hv-003" firstAttribute="top" secondItem="Roo-hv-001" secondAttribute="top" constant="200" id="Cst-hv-006"/>
                                <constraint firstItem="Box-hv-003" firstAttribute="top" secondItem="Roo-hv-001" secondAttribute="top" constant="120" id="Cst-hv-007"/>
                                <constraint firstItem="Box-hv-003" firstAttribute="width" constant="200" id="Cst-hv-008"/>
                                <constraint firstItem="Box-hv-003" firstAttribute="height" constant="50" id="Cst-hv-009"/>
                                <constraint firstItem="Ext-hv-004" firstAttribute="leading" secondItem="Roo-hv-001" secondAttribute="leading" id="Cst-hv-010"/>
                                <constraint firstAttribute="trailing" secondItem="Ext-hv-004" secondAttribute="trailing" id="Cst-hv-011"/>
                                <constraint firstAttribute="bottom" secondItem="Ext-hv-004" secondAttribute="bottom" id="Cst-hv-012"/>
                                <constraint firstItem="Ext-hv-004" firstAttribute="height" constant="40" id="Cst-hv-013"/>
                            </constraints>
                            <variation key="default">
                                <mask key="subviews">
                                    <exclude reference="Ext-hv-004"/>
                                </mask>
                                <mask key="constraints">
                                    <exclude reference="Cst-hv-007"/>
                                </mask>
                            </variation>
                            <variation key="heightClass=compact">
                                <mask key="subviews">
                                    <include reference="Ext-hv-004"/>
                                </mask>
                                <mask key="constraints">
                                    <exclude reference="Cst-hv-006"/>
                                    <include reference="Cst-hv-007"/>
                                </mask>
                            </variation>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A XIB whose view wants to be 100 and 200 wide, both required: it cannot be solved, so the
/// import leaves it out (or, with `--strict`, refuses the document).
let conflictXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <objects>
            <view contentMode="scaleToFill" id="Roo-cf-001" customClass="ConflictView">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <subviews>
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Bar-cf-002" userLabel="bar">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="Bar-cf-002" firstAttribute="top" secondItem="Roo-cf-001" secondAttribute="top" id="Cst-cf-001"/>
                    <constraint firstItem="Bar-cf-002" firstAttribute="leading" secondItem="Roo-cf-001" secondAttribute="leading" id="Cst-cf-002"/>
                    <constraint firstItem="Bar-cf-002" firstAttribute="height" constant="100" id="Cst-cf-003"/>
                    <constraint firstItem="Bar-cf-002" firstAttribute="width" constant="100" id="Cst-cf-004"/>
                    <constraint firstItem="Bar-cf-002" firstAttribute="width" constant="200" id="Cst-cf-005"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// A XIB (300x100) with two stacks UIKit lays out by their own constraints alone:
///
/// - `empty`, an equal-spacing stack with no arranged views, pinned to the top-left corner,
///   100x20 (0 0 100 20): with nothing to arrange the distribution places nothing;
/// - `column`, a vertical stack aligned on first baselines (valid only for horizontal
///   stacks, so it fills): 0 from the left, 40 from the top, 300x60, its one arranged view
///   filling it (0 40 300 60).
let emptyAndColumnStackXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <objects>
            <view contentMode="scaleToFill" id="Roo-es-001" customClass="StacksView">
                <rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" distribution="equalSpacing" translatesAutoresizingMaskIntoConstraints="NO" id="Emp-es-002" userLabel="empty">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="20"/>
                    </stackView>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" alignment="firstBaseline" translatesAutoresizingMaskIntoConstraints="NO" id="Col-es-003" userLabel="column">
                        <rect key="frame" x="0.0" y="40" width="300" height="60"/>
                        <subviews>
                            <view contentMode="scaleToFill" id="Row-es-004" userLabel="row">
                                <rect key="frame" x="0.0" y="0.0" width="300" height="60"/>
                            </view>
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="Emp-es-002" firstAttribute="top" secondItem="Roo-es-001" secondAttribute="top" id="Cst-es-001"/>
                    <constraint firstItem="Emp-es-002" firstAttribute="leading" secondItem="Roo-es-001" secondAttribute="leading" id="Cst-es-002"/>
                    <constraint firstItem="Emp-es-002" firstAttribute="width" constant="100" id="Cst-es-003"/>
                    <constraint firstItem="Emp-es-002" firstAttribute="height" constant="20" id="Cst-es-004"/>
                    <constraint firstItem="Col-es-003" firstAttribute="top" secondItem="Roo-es-001" secondAttribute="top" constant="40" id="Cst-es-005"/>
                    <constraint firstItem="Col-es-003" firstAttribute="leading" secondItem="Roo-es-001" secondAttribute="leading" id="Cst-es-006"/>
                    <constraint firstAttribute="trailing" secondItem="Col-es-003" secondAttribute="trailing" id="Cst-es-007"/>
                    <constraint firstAttribute="bottom" secondItem="Col-es-003" secondAttribute="bottom" id="Cst-es-008"/>
                </constraints>
            </view>
        </objects>
    </document>
    """

/// Two freeform 375x600 scenes (no device table row, no constraint to the safe area) whose
/// controllers IB draws with simulated bars; `content` is pinned to the root's top and
/// bottom margins and its sides:
///
/// - `Bars`: a translucent navigation bar (44) and a tab bar (49) cover the view, so the
///   safe area is 44 at the top and 49 at the bottom (0 44 375 507);
/// - `Opaque`: an opaque navigation bar (`translucent="NO"`): UIKit lays the view out below
///   it, so it covers nothing (0 0 375 600).
let simulatedBarsStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-sb-001">
                <objects>
                    <viewController storyboardIdentifier="Bars" id="Vcl-sb-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-sb-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="600"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Cnt-sb-002" userLabel="content">
                                    <rect key="frame" x="0.0" y="44" width="375" height="507"/>
                                </view>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Saf-sb-001"/>
                            <constraints>
                                <constraint firstItem="Cnt-sb-002" firstAttribute="top" secondItem="Roo-sb-001" secondAttribute="topMargin" id="Cst-sb-001"/>
                                <constraint firstAttribute="bottomMargin" secondItem="Cnt-sb-002" secondAttribute="bottom" id="Cst-sb-002"/>
                                <constraint firstItem="Cnt-sb-002" firstAttribute="leading" secondItem="Roo-sb-001" secondAttribute="leading" id="Cst-sb-003"/>
                                <constraint firstAttribute="trailing" secondItem="Cnt-sb-002" secondAttribute="trailing" id="Cst-sb-004"/>
                            </constraints>
                        </view>
                        <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>
                        <simulatedTabBarMetrics key="simulatedBottomBarMetrics"/>
                        <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
                        <size key="freeformSize" width="375" height="600"/>
                    </viewController>
                </objects>
            </scene>
            <scene sceneID="Scn-sb-002">
                <objects>
                    <viewController storyboardIdentifier="Opaque" id="Vcl-sb-002" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-sb-002">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="600"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Cnt-sb-003" userLabel="content">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="600"/>
                                </view>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Saf-sb-002"/>
                            <constraints>
                                <constraint firstItem="Cnt-sb-003" firstAttribute="top" secondItem="Roo-sb-002" secondAttribute="topMargin" id="Cst-sb-005"/>
                                <constraint firstAttribute="bottomMargin" secondItem="Cnt-sb-003" secondAttribute="bottom" id="Cst-sb-006"/>
                                <constraint firstItem="Cnt-sb-003" firstAttribute="leading" secondItem="Roo-sb-002" secondAttribute="leading" id="Cst-sb-007"/>
                                <constraint firstAttribute="trailing" secondItem="Cnt-sb-003" secondAttribute="trailing" id="Cst-sb-008"/>
                            </constraints>
                        </view>
                        <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" translucent="NO" prompted="NO"/>
                        <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
                        <size key="freeformSize" width="375" height="600"/>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A scroll view saved before Xcode 11 (no content or frame guide) on a 375x667 phone: it
/// fills the root (0 0 375 667); its `document` is pinned to its content area's edges and
/// as wide as it, 1000 high (0 0 375 1000). The translator gives it a content guide, 375x1000,
/// that keeps the scroll view's IB id.
let legacyScrollStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="14490" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait"/>
        <scenes>
            <scene sceneID="Scn-ls-001">
                <objects>
                    <viewController storyboardIdentifier="Reader" id="Vcl-ls-001" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-ls-001">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Scr-ls-002" userLabel="scroll">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Doc-ls-003" userLabel="document">
                                            <rect key="frame" x="0.0" y="0.0" width="375" height="1000"/>
                                        </view>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="Doc-ls-003" firstAttribute="top" secondItem="Scr-ls-002" secondAttribute="top" id="Cst-ls-001"/>
                                        <constraint firstAttribute="bottom" secondItem="Doc-ls-003" secondAttribute="bottom" id="Cst-ls-002"/>
                                        <constraint firstItem="Doc-ls-003" firstAttribute="leading" secondItem="Scr-ls-002" secondAttribute="leading" id="Cst-ls-003"/>
                                        <constraint firstAttribute="trailing" secondItem="Doc-ls-003" secondAttribute="trailing" id="Cst-ls-004"/>
                                        <constraint firstItem="Doc-ls-003" firstAttribute="width" secondItem="Scr-ls-002" secondAttribute="width" id="Cst-ls-005"/>
                                        <constraint firstItem="Doc-ls-003" firstAttribute="height" constant="1000" id="Cst-ls-006"/>
                                    </constraints>
                                </scrollView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="Scr-ls-002" firstAttribute="top" secondItem="Roo-ls-001" secondAttribute="top" id="Cst-ls-007"/>
                                <constraint firstItem="Scr-ls-002" firstAttribute="leading" secondItem="Roo-ls-001" secondAttribute="leading" id="Cst-ls-008"/>
                                <constraint firstAttribute="trailing" secondItem="Scr-ls-002" secondAttribute="trailing" id="Cst-ls-009"/>
                                <constraint firstAttribute="bottom" secondItem="Scr-ls-002" secondAttribute="bottom" id="Cst-ls-010"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """
