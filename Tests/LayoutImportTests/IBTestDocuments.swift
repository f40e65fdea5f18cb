import Foundation
import LayoutImport

// Small Interface Builder documents written for these tests, in the shape Xcode saves them
// (attribute order, omitted defaults, `key`s), each covering a few constructs.

/// A XIB: a card view with a label, an image view, a button, a hidden badge, a stack of two
/// labels, a custom layout guide and a safe area; every constraint form IB writes.
let cardXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <dependencies>
            <deployment identifier="iOS"/>
            <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            <capability name="Safe area layout guides" minToolsVersion="9.0"/>
        </dependencies>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="CardViewController"/>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <view contentMode="scaleToFill" id="Crd-00-Vw1" userLabel="Card" customClass="CardView">
                <rect key="frame" x="0.0" y="0.0" width="390" height="300"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="252" horizontalCompressionResistancePriority="749" verticalCompressionResistancePriority="751" text="Title" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-aa-001">
                        <rect key="frame" x="20" y="40" width="100" height="20.5"/>
                        <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="17"/>
                        <nil key="textColor"/>
                        <nil key="highlightedColor"/>
                    </label>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Body" translatesAutoresizingMaskIntoConstraints="NO" id="Bdy-aa-002" customClass="BodyLabel">
                        <rect key="frame" x="20" y="68.5" width="350" height="18"/>
                        <fontDescription key="fontDescription" name="AvenirNext-Regular" family="Avenir Next" pointSize="15"/>
                        <nil key="textColor"/>
                        <nil key="highlightedColor"/>
                    </label>
                    <imageView clipsSubviews="YES" userInteractionEnabled="NO" contentMode="scaleAspectFit" image="star" translatesAutoresizingMaskIntoConstraints="NO" id="Img-aa-003">
                        <rect key="frame" x="330" y="40" width="40" height="40"/>
                    </imageView>
                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="Btn-aa-004">
                        <rect key="frame" x="20" y="250" width="60" height="30"/>
                        <state key="normal" title="Go" image="arrow"/>
                        <connections>
                            <action selector="go:" destination="-1" eventType="touchUpInside" id="Act-aa-005"/>
                        </connections>
                    </button>
                    <view hidden="YES" contentMode="scaleToFill" placeholderIntrinsicWidth="24" placeholderIntrinsicHeight="infinite" translatesAutoresizingMaskIntoConstraints="NO" id="Bdg-aa-006" userLabel="Badge">
                        <rect key="frame" x="300" y="10" width="24" height="24"/>
                    </view>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="equalSpacing" alignment="firstBaseline" spacing="6.5" baselineRelativeArrangement="YES" layoutMarginsRelativeArrangement="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Stk-aa-007">
                        <rect key="frame" x="20" y="100" width="200" height="80"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="One" translatesAutoresizingMaskIntoConstraints="NO" id="One-aa-008">
                                <rect key="frame" x="8" y="8" width="184" height="20"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Two" translatesAutoresizingMaskIntoConstraints="NO" id="Two-aa-009">
                                <rect key="frame" x="8" y="52" width="184" height="20"/>
                                <fontDescription key="fontDescription" type="boldSystem" pointSize="12"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                        </subviews>
                        <directionalEdgeInsets key="directionalLayoutMargins" top="8" leading="8" bottom="8" trailing="12"/>
                    </stackView>
                    <view contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" id="Old-aa-010">
                        <rect key="frame" x="10" y="200" width="100" height="40"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMinY="YES"/>
                        <edgeInsets key="layoutMargins" top="4" left="6" bottom="4" right="6"/>
                    </view>
                </subviews>
                <layoutGuides>
                    <viewLayoutGuide id="Gde-aa-011" userLabel="Column"/>
                </layoutGuides>
                <viewLayoutGuide key="safeArea" id="Saf-aa-012"/>
                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                <constraints>
                    <constraint firstItem="Ttl-aa-001" firstAttribute="leading" secondItem="Saf-aa-012" secondAttribute="leading" constant="20" id="Con-aa-101"/>
                    <constraint firstItem="Ttl-aa-001" firstAttribute="top" secondItem="Saf-aa-012" secondAttribute="top" constant="40" identifier="title.top" id="Con-aa-102"/>
                    <constraint firstAttribute="trailingMargin" relation="greaterThanOrEqual" secondItem="Bdy-aa-002" secondAttribute="trailing" id="Con-aa-103"/>
                    <constraint firstItem="Img-aa-003" firstAttribute="width" secondItem="Img-aa-003" secondAttribute="height" multiplier="3:2" id="Con-aa-104"/>
                    <constraint firstItem="Bdy-aa-002" firstAttribute="firstBaseline" secondItem="Ttl-aa-001" secondAttribute="lastBaseline" multiplier="0.5" constant="-8.5" priority="750" id="Con-aa-105"/>
                    <constraint firstItem="Stk-aa-007" firstAttribute="width" relation="lessThanOrEqual" secondItem="Crd-00-Vw1" secondAttribute="width" multiplier="0.5" priority="defaultLow" id="Con-aa-106"/>
                    <constraint firstItem="Btn-aa-004" firstAttribute="bottom" secondItem="Saf-aa-012" secondAttribute="bottom" constant="-20" placeholder="YES" id="Con-aa-107"/>
                    <constraint firstItem="Gde-aa-011" firstAttribute="centerX" secondItem="Crd-00-Vw1" secondAttribute="centerXWithinMargins" id="Con-aa-108"/>
                </constraints>
                <point key="canvasLocation" x="138" y="120"/>
            </view>
        </objects>
        <designables>
            <designable name="Bdy-aa-002">
                <size key="intrinsicContentSize" width="36.5" height="18"/>
            </designable>
        </designables>
        <resources>
            <image name="star" width="24" height="23"/>
            <image name="arrow" width="12" height="10"/>
            <systemColor name="systemBackgroundColor">
                <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
            </systemColor>
        </resources>
    </document>
    """

/// A storyboard: a view controller scene with top/bottom layout guides, a scroll view with
/// content and frame guides, and size-class variations; a table view controller scene whose
/// prototype cell lays out a content view; a navigation controller scene.
let screensStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="Nav-bb-001">
        <device id="retina4_7" orientation="landscape">
            <adaptation id="fullscreen"/>
        </device>
        <dependencies>
            <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="21678"/>
        </dependencies>
        <scenes>
            <!--Navigation Controller-->
            <scene sceneID="Scn-bb-001">
                <objects>
                    <navigationController id="Nav-bb-001" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="Bar-bb-001">
                            <rect key="frame" x="0.0" y="0.0" width="667" height="32"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </navigationBar>
                        <connections>
                            <segue destination="Pro-bb-002" kind="relationship" relationship="rootViewController" id="Seg-bb-001"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-bb-001" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Profile-->
            <scene sceneID="Scn-bb-002">
                <objects>
                    <viewController storyboardIdentifier="Profile" id="Pro-bb-002" customClass="ProfileViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                        <layoutGuides>
                            <viewControllerLayoutGuide type="top" id="Top-bb-002"/>
                            <viewControllerLayoutGuide type="bottom" id="Bot-bb-002"/>
                        </layoutGuides>
                        <view key="view" contentMode="scaleToFill" id="Roo-bb-002">
                            <rect key="frame" x="0.0" y="0.0" width="667" height="375"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Scr-bb-002">
                                    <rect key="frame" x="0.0" y="32" width="667" height="343"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Con-bb-002" userLabel="Content">
                                            <rect key="frame" x="16" y="8" width="635" height="600"/>
                                            <subviews>
                                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Name" translatesAutoresizingMaskIntoConstraints="NO" id="Nam-bb-002">
                                                    <rect key="frame" x="12.5" y="20" width="42" height="21"/>
                                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                    <nil key="textColor"/>
                                                    <nil key="highlightedColor"/>
                                                </label>
                                            </subviews>
                                            <constraints>
                                                <constraint firstItem="Nam-bb-002" firstAttribute="top" secondItem="Con-bb-002" secondAttribute="top" constant="20" id="Cst-bb-010"/>
                                                <constraint firstItem="Nam-bb-002" firstAttribute="leading" secondItem="Con-bb-002" secondAttribute="leadingMargin" constant="4.5" id="Cst-bb-011"/>
                                            </constraints>
                                        </view>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="Con-bb-002" firstAttribute="top" secondItem="Cnt-bb-002" secondAttribute="top" constant="8" id="Cst-bb-012"/>
                                        <constraint firstItem="Con-bb-002" firstAttribute="width" secondItem="Frm-bb-002" secondAttribute="width" constant="-32" id="Cst-bb-013"/>
                                    </constraints>
                                    <viewLayoutGuide key="contentLayoutGuide" id="Cnt-bb-002"/>
                                    <viewLayoutGuide key="frameLayoutGuide" id="Frm-bb-002"/>
                                </scrollView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="Scr-bb-002" firstAttribute="top" secondItem="Top-bb-002" secondAttribute="bottom" id="Cst-bb-001"/>
                                <constraint firstItem="Bot-bb-002" firstAttribute="top" secondItem="Scr-bb-002" secondAttribute="bottom" id="Cst-bb-002"/>
                                <constraint firstItem="Scr-bb-002" firstAttribute="leading" secondItem="Roo-bb-002" secondAttribute="leading" id="Cst-bb-003"/>
                                <constraint firstAttribute="trailing" secondItem="Scr-bb-002" secondAttribute="trailing" id="Cst-bb-004"/>
                                <constraint firstItem="Scr-bb-002" firstAttribute="leading" secondItem="Roo-bb-002" secondAttribute="leading" constant="40" id="Cst-bb-005"/>
                            </constraints>
                            <variation key="default">
                                <mask key="constraints">
                                    <exclude reference="Cst-bb-005"/>
                                </mask>
                            </variation>
                            <variation key="heightClass=compact">
                                <mask key="constraints">
                                    <exclude reference="Cst-bb-003"/>
                                    <include reference="Cst-bb-005"/>
                                </mask>
                            </variation>
                            <variation key="heightClass=regular-widthClass=compact">
                                <mask key="subviews">
                                    <exclude reference="Scr-bb-002"/>
                                </mask>
                            </variation>
                        </view>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-bb-002" sceneMemberID="firstResponder"/>
                </objects>
                <point key="canvasLocation" x="100" y="100"/>
            </scene>
            <!--Settings-->
            <scene sceneID="Scn-bb-003">
                <objects>
                    <tableViewController id="Tab-bb-003" customClass="SettingsViewController" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="28" sectionFooterHeight="28" id="Tbl-bb-003">
                            <rect key="frame" x="0.0" y="0.0" width="667" height="375"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <prototypes>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" reuseIdentifier="Row" rowHeight="56" id="Cel-bb-003" customClass="RowCell">
                                    <rect key="frame" x="0.0" y="28" width="667" height="56"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="Cel-bb-003" id="Ccv-bb-003">
                                        <rect key="frame" x="0.0" y="0.0" width="667" height="56"/>
                                        <autoresizingMask key="autoresizingMask"/>
                                        <subviews>
                                            <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="Swi-bb-003">
                                                <rect key="frame" x="598" y="12.5" width="51" height="31"/>
                                            </switch>
                                        </subviews>
                                        <constraints>
                                            <constraint firstAttribute="trailingMargin" secondItem="Swi-bb-003" secondAttribute="trailing" id="Cst-bb-020"/>
                                            <constraint firstItem="Swi-bb-003" firstAttribute="centerY" secondItem="Ccv-bb-003" secondAttribute="centerY" id="Cst-bb-021"/>
                                        </constraints>
                                    </tableViewCellContentView>
                                </tableViewCell>
                            </prototypes>
                            <sections/>
                        </tableView>
                    </tableViewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A XIB whose top-level object is a collection view cell, its content view written without
/// an id (as Xcode 10 did).
let cellXIB = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14460.31" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina4_7" orientation="portrait">
            <adaptation id="fullscreen"/>
        </device>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="Cel-cc-001" customClass="PhotoCell">
                <rect key="frame" x="0.0" y="0.0" width="160" height="120"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center">
                    <rect key="frame" x="0.0" y="0.0" width="160" height="120"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <imageView userInteractionEnabled="NO" contentMode="scaleAspectFill" translatesAutoresizingMaskIntoConstraints="NO" id="Pho-cc-002">
                            <rect key="frame" x="4" y="4" width="152" height="112"/>
                        </imageView>
                    </subviews>
                </view>
                <constraints>
                    <constraint firstItem="Pho-cc-002" firstAttribute="top" secondItem="Cel-cc-001" secondAttribute="top" constant="4" id="Cst-cc-001"/>
                    <constraint firstAttribute="bottom" secondItem="Pho-cc-002" secondAttribute="bottom" constant="4" id="Cst-cc-002"/>
                    <constraint firstItem="Pho-cc-002" firstAttribute="leading" secondItem="Sfe-cc-001" secondAttribute="leading" constant="4" id="Cst-cc-003"/>
                </constraints>
                <viewLayoutGuide key="safeArea" id="Sfe-cc-001"/>
                <size key="customSize" width="160" height="120"/>
            </collectionViewCell>
        </objects>
    </document>
    """

func read(_ text: String, file: String = "test.xib") throws -> IBDocument {
    try IBReader.read(data: Data(text.utf8), file: file)
}

/// The 1-based line of the first line of `text` that contains `needle`: where an element is,
/// found the way a person would find it, so tests need not count lines.
func lineOf(_ needle: String, in text: String) -> Int? {
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where line.contains(needle) {
        return i + 1
    }
    return nil
}

extension IBDocument {
    func view(_ ref: String) -> IBView? { allViews.first { $0.ref == ref } }
    func constraint(_ id: String) -> IBConstraint? { allConstraints.first { $0.id == id } }
}

/// A storyboard for a 414x896 phone whose saved frames put the safe area's top at 48 (as
/// later Xcode versions did), with margins from the safe area and a superview, labels from
/// `identifier`s that are and are not valid labels, and constraints the import cannot map.
let phoneStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
        <device id="retina6_1" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="Scn-dd-001">
                <objects>
                    <viewController id="Vcl-dd-001" customClass="PhoneViewController" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-dd-001">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Hdr-dd-002" userLabel="Header">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="100"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Chd-dd-003" userLabel="Child">
                                            <rect key="frame" x="0.0" y="60" width="200" height="40"/>
                                        </view>
                                    </subviews>
                                    <edgeInsets key="layoutMargins" top="8" left="24" bottom="8" right="8"/>
                                </view>
                                <view contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" translatesAutoresizingMaskIntoConstraints="NO" id="Pln-dd-004" userLabel="Plain">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="40"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Ftr-dd-006" userLabel="Footer">
                                    <rect key="frame" x="0.0" y="856" width="414" height="40"/>
                                </view>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Far-dd-007" userLabel="Below">
                                    <rect key="frame" x="0.0" y="900" width="414" height="40"/>
                                </view>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-dd-005" userLabel="Title">
                                    <rect key="frame" x="20" y="58" width="40" height="20.5"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                </label>
                            </subviews>
                            <viewLayoutGuide key="safeArea" id="Saf-dd-001"/>
                            <constraints>
                                <constraint firstItem="Ttl-dd-005" firstAttribute="top" secondItem="Saf-dd-001" secondAttribute="top" constant="10" identifier="not a label" id="Cst-dd-001"/>
                                <constraint firstItem="Ttl-dd-005" firstAttribute="leading" secondItem="Saf-dd-001" secondAttribute="leading" constant="20" identifier="dup" id="Cst-dd-002"/>
                                <constraint firstItem="Hdr-dd-002" firstAttribute="top" secondItem="Roo-dd-001" secondAttribute="top" identifier="dup" id="Cst-dd-003"/>
                                <constraint firstItem="Hdr-dd-002" firstAttribute="height" constant="100" id="Cst-dd-004"/>
                                <constraint firstItem="Pln-dd-004" firstAttribute="top" secondItem="Zzz-zz-999" secondAttribute="bottom" id="Cst-dd-005"/>
                                <constraint firstItem="Pln-dd-004" firstAttribute="top" secondItem="Saf-dd-001" secondAttribute="topMargin" id="Cst-dd-006"/>
                                <constraint firstItem="Ttl-dd-005" firstAttribute="firstBaseline" secondItem="Hdr-dd-002" secondAttribute="bottom" relation="lessThanOrEqual" constant="-8" identifier="H" id="Cst-dd-007"/>
                            </constraints>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

/// A pre-iOS 11 storyboard on a 320x568 phone: no safe-area guide, a scroll view without
/// content or frame guides whose content is pinned to its edges, root margins under the
/// system minimum, and a subview installed only in the compact width class.
let legacyStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="12118" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
        <device id="retina4_0" orientation="portrait">
            <adaptation id="fullscreen"/>
        </device>
        <scenes>
            <scene sceneID="Scn-ee-001">
                <objects>
                    <viewController id="Vcl-ee-001" customClass="LegacyViewController" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="Roo-ee-001">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="568"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Scr-ee-002" userLabel="Scroll">
                                    <rect key="frame" x="0.0" y="20" width="320" height="548"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Doc-ee-003" userLabel="Document">
                                            <rect key="frame" x="0.0" y="0.0" width="320" height="900"/>
                                        </view>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="Doc-ee-003" firstAttribute="top" secondItem="Scr-ee-002" secondAttribute="top" id="Cst-ee-001"/>
                                        <constraint firstAttribute="bottom" secondItem="Doc-ee-003" secondAttribute="bottom" id="Cst-ee-002"/>
                                        <constraint firstItem="Doc-ee-003" firstAttribute="leading" secondItem="Scr-ee-002" secondAttribute="leading" id="Cst-ee-003"/>
                                        <constraint firstItem="Doc-ee-003" firstAttribute="width" secondItem="Scr-ee-002" secondAttribute="width" id="Cst-ee-004"/>
                                    </constraints>
                                </scrollView>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="Ext-ee-004" userLabel="Extra">
                                    <rect key="frame" x="0.0" y="528" width="320" height="40"/>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="Ext-ee-004" firstAttribute="height" constant="40" id="Cst-ee-005"/>
                            </constraints>
                            <edgeInsets key="layoutMargins" top="0.0" left="4" bottom="0.0" right="24"/>
                            <variation key="default">
                                <mask key="subviews">
                                    <exclude reference="Ext-ee-004"/>
                                </mask>
                            </variation>
                            <variation key="widthClass=compact">
                                <mask key="subviews">
                                    <include reference="Ext-ee-004"/>
                                </mask>
                            </variation>
                        </view>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """
