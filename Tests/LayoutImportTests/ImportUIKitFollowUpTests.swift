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
}

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
