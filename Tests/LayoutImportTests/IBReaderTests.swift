import Foundation
import LayoutImport
import Testing

@Suite("IB reader: documents, scenes and views")
struct IBReaderDocumentTests {
    @Test("a XIB's document header, device and top-level views; placeholders are not views")
    func xibHeader() throws {
        let doc = try read(cardXIB, file: "Card.xib")
        #expect(doc.kind == .xib)
        #expect(doc.type == "com.apple.InterfaceBuilder3.CocoaTouch.XIB")
        #expect(doc.version == "3.0")
        #expect(doc.toolsVersion == "22505")
        #expect(doc.useAutolayout && doc.useSafeAreas && doc.useTraitCollections)
        #expect(doc.device == IBDevice(id: "retina6_1", orientation: "portrait", line: 3))
        #expect(doc.scenes.isEmpty)
        #expect(doc.topLevelViews.map(\.ref) == ["Crd-00-Vw1"])
        let card = try #require(doc.topLevelViews.first)
        #expect(
            card.elementName == "view" && card.customClass == "CardView" && card.userLabel == "Card"
        )
        #expect(card.className == "CardView")
        #expect(
            card.subviews.map(\.ref) == [
                "Ttl-aa-001", "Bdy-aa-002", "Img-aa-003", "Btn-aa-004", "Bdg-aa-006", "Stk-aa-007",
                "Old-aa-010",
            ])
        #expect(doc.view("Stk-aa-007")?.subviews.map(\.ref) == ["One-aa-008", "Two-aa-009"])
        #expect(doc.designableIntrinsicSizes["Bdy-aa-002"] == IBSize(width: 36.5, height: 18))
        #expect(doc.skipped.isEmpty)
    }

    @Test(
        "a storyboard's scenes: controllers with identifier, class and id; containers have no view")
    func storyboardScenes() throws {
        let doc = try read(screensStoryboard, file: "Screens.storyboard")
        #expect(doc.kind == .storyboard)
        #expect(doc.device?.id == "retina4_7")
        #expect(doc.device?.orientation == "landscape")
        #expect(doc.device?.adaptation == "fullscreen")
        #expect(doc.scenes.map(\.sceneID) == ["Scn-bb-001", "Scn-bb-002", "Scn-bb-003"])
        let controllers = doc.scenes.compactMap(\.controller)
        #expect(
            controllers.map(\.elementName) == [
                "navigationController", "viewController", "tableViewController",
            ])
        #expect(controllers.map(\.id) == ["Nav-bb-001", "Pro-bb-002", "Tab-bb-003"])
        #expect(controllers[0].view == nil)
        #expect(controllers[1].storyboardIdentifier == "Profile")
        #expect(controllers[1].customClass == "ProfileViewController")
        #expect(controllers[1].view?.ref == "Roo-bb-002")
        #expect(controllers[2].view?.elementName == "tableView")
        #expect(controllers[1].line == lineOf("id=\"Pro-bb-002\"", in: screensStoryboard))
        // The navigation controller's bar is reported, not read as a view.
        #expect(doc.view("Bar-bb-001") == nil)
        #expect(doc.skipped.map(\.element) == ["<navigationBar id=Bar-bb-001>"])
        #expect(
            doc.skipped.first?.description.hasPrefix(
                "Screens.storyboard:\(lineOf("Bar-bb-001", in: screensStoryboard)!): ") == true)
    }

    @Test(
        "view properties: frame, autoresizing, translates flag, hidden, per-axis priorities, placeholders"
    )
    func viewProperties() throws {
        let doc = try read(cardXIB)
        let title = try #require(doc.view("Ttl-aa-001"))
        #expect(title.frame == IBRect(x: 20, y: 40, width: 100, height: 20.5))
        #expect(title.translatesAutoresizingMaskIntoConstraints == false)
        #expect(title.horizontalHuggingPriority == 251 && title.verticalHuggingPriority == 252)
        #expect(title.horizontalCompressionResistancePriority == 749)
        #expect(title.verticalCompressionResistancePriority == 751)
        #expect(title.hidden == false)
        // Omitted priorities stay unset: UIKit's defaults are the import's business.
        let body = try #require(doc.view("Bdy-aa-002"))
        #expect(
            body.horizontalHuggingPriority == nil
                && body.verticalCompressionResistancePriority == nil)
        let badge = try #require(doc.view("Bdg-aa-006"))
        #expect(badge.hidden && badge.userLabel == "Badge")
        #expect(badge.placeholderIntrinsicWidth == .points(24))
        #expect(badge.placeholderIntrinsicHeight == IBPlaceholderLength.none)
        let old = try #require(doc.view("Old-aa-010"))
        #expect(old.translatesAutoresizingMaskIntoConstraints)
        #expect(old.autoresizingMask == IBAutoresizingMask(flexibleMaxX: true, flexibleMinY: true))
        #expect(old.autoresizingMask?.layoutFlags == ["right", "top"])
        #expect(doc.view("Crd-00-Vw1")?.autoresizingMask?.layoutFlags == ["width", "height"])
    }

    @Test("fonts: system type and size, named fonts, text styles")
    func fonts() throws {
        let doc = try read(cardXIB)
        #expect(
            doc.view("Ttl-aa-001")?.font
                == IBFont(type: "system", weight: "semibold", pointSize: 17))
        #expect(
            doc.view("Bdy-aa-002")?.font
                == IBFont(name: "AvenirNext-Regular", family: "Avenir Next", pointSize: 15))
        #expect(doc.view("One-aa-008")?.font == IBFont(style: "UICTFontTextStyleBody"))
        #expect(doc.view("Two-aa-009")?.font?.type == "boldSystem")
        #expect(doc.view("Img-aa-003")?.font == nil)
    }

    @Test("images: an image view's image and a button's normal-state image, sized from resources")
    func images() throws {
        let doc = try read(cardXIB)
        #expect(doc.view("Img-aa-003")?.imageName == "star")
        #expect(doc.view("Img-aa-003")?.imageSize == IBSize(width: 24, height: 23))
        #expect(doc.view("Btn-aa-004")?.imageName == "arrow")
        #expect(doc.view("Btn-aa-004")?.imageSize == IBSize(width: 12, height: 10))
        #expect(doc.imageSizes.count == 2)
    }

    @Test("margins: layoutMargins, directionalLayoutMargins and the two margin flags")
    func margins() throws {
        let doc = try read(cardXIB)
        let old = try #require(doc.view("Old-aa-010"))
        #expect(
            old.layoutMargins == IBInsets(top: 4, left: 6, bottom: 4, right: 6, directional: false))
        #expect(old.preservesSuperviewLayoutMargins == true)
        #expect(old.insetsLayoutMarginsFromSafeArea == false)
        let stack = try #require(doc.view("Stk-aa-007"))
        #expect(
            stack.layoutMargins
                == IBInsets(top: 8, left: 8, bottom: 8, right: 12, directional: true))
        #expect(stack.preservesSuperviewLayoutMargins == nil)
    }

    @Test(
        "stack views: axis, distribution, alignment, spacing and arrangement flags; IB's omitted defaults"
    )
    func stacks() throws {
        let doc = try read(cardXIB)
        #expect(
            doc.view("Stk-aa-007")?.stack
                == IBStack(
                    axis: "vertical", distribution: "equalSpacing", alignment: "firstBaseline",
                    spacing: 6.5,
                    baselineRelativeArrangement: true, layoutMarginsRelativeArrangement: true))
        let plain = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <stackView opaque="NO" contentMode="scaleToFill" id="Stk-dd-001">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                    </stackView>
                </objects>
            </document>
            """
        #expect(try read(plain).view("Stk-dd-001")?.stack == IBStack())
        #expect(doc.view("Crd-00-Vw1")?.stack == nil)
    }

    @Test(
        "layout guides: safe area, custom guides, scroll content and frame guides, controller guides"
    )
    func layoutGuides() throws {
        let card = try read(cardXIB)
        let guides = try #require(card.view("Crd-00-Vw1")).layoutGuides
        #expect(guides.map(\.kind) == [.custom, .safeArea])
        #expect(guides.map(\.id) == ["Gde-aa-011", "Saf-aa-012"])
        #expect(guides[0].userLabel == "Column")
        #expect(guides.allSatisfy { $0.owner == "Crd-00-Vw1" })

        let screens = try read(screensStoryboard)
        let scroll = try #require(screens.view("Scr-bb-002"))
        #expect(scroll.layoutGuides.map(\.kind) == [.scrollContent, .scrollFrame])
        #expect(scroll.layoutGuides.map(\.id) == ["Cnt-bb-002", "Frm-bb-002"])
        let profile = try #require(screens.scenes[1].controller)
        #expect(profile.layoutGuides.map(\.kind) == [.controllerTop, .controllerBottom])
        #expect(profile.layoutGuides.allSatisfy { $0.owner == "Roo-bb-002" })
        #expect(screens.allLayoutGuides.count == 4)
    }

    @Test(
        "cells: a table view's prototype cell and its contentView; a XIB cell whose contentView has no id"
    )
    func cells() throws {
        let screens = try read(screensStoryboard)
        let table = try #require(screens.view("Tbl-bb-003"))
        let cell = try #require(table.subviews.first)
        #expect(cell.ref == "Cel-bb-003" && cell.isCell && cell.customClass == "RowCell")
        let content = try #require(cell.subviews.first)
        #expect(content.elementName == "tableViewCellContentView" && content.key == "contentView")
        #expect(content.subviews.map(\.elementName) == ["switch"])
        #expect(screens.constraint("Cst-bb-020")?.firstItem == "Ccv-bb-003")

        let doc = try read(cellXIB)
        let top = try #require(doc.topLevelViews.first)
        #expect(top.isCell && top.elementName == "collectionViewCell")
        let contentView = try #require(top.subviews.first)
        #expect(contentView.id == nil)
        #expect(contentView.ref == "Cel-cc-001.contentView")
        #expect(contentView.subviews.map(\.ref) == ["Pho-cc-002"])
        #expect(doc.unresolvedConstraintItems().isEmpty)
    }

    @Test("every element keeps its source line")
    func lines() throws {
        let doc = try read(cardXIB)
        for ref in ["Crd-00-Vw1", "Ttl-aa-001", "Stk-aa-007", "Two-aa-009"] {
            #expect(doc.view(ref)?.line == lineOf("id=\"\(ref)\"", in: cardXIB), "\(ref)")
        }
        for c in doc.allConstraints {
            #expect(c.line == lineOf("id=\"\(c.id)\"", in: cardXIB), "\(c.id)")
        }
        #expect(
            doc.allLayoutGuides.allSatisfy { $0.line == lineOf("id=\"\($0.id)\"", in: cardXIB) })
    }
}

@Suite("IB reader: constraints and variations")
struct IBReaderConstraintTests {
    @Test("every constraint attribute IB writes, and the holder as the implicit first item")
    func constraintFields() throws {
        let doc = try read(cardXIB)
        #expect(doc.allConstraints.count == 8)
        let leading = try #require(doc.constraint("Con-aa-101"))
        #expect(leading.holder == "Crd-00-Vw1")
        #expect(leading.firstItem == "Ttl-aa-001" && leading.firstAttribute == .leading)
        #expect(leading.relation == .equal)
        #expect(leading.secondItem == "Saf-aa-012" && leading.secondAttribute == .leading)
        #expect(leading.multiplier == 1 && leading.multiplierText == nil)
        #expect(leading.constant == 20 && leading.priority == 1000)
        #expect(leading.identifier == nil && !leading.placeholder)

        #expect(doc.constraint("Con-aa-102")?.identifier == "title.top")

        let margin = try #require(doc.constraint("Con-aa-103"))
        #expect(
            margin.firstItem == "Crd-00-Vw1", "a constraint without firstItem is about its holder")
        #expect(margin.firstAttribute == .trailingMargin && margin.firstAttribute.isMargin)
        #expect(margin.relation == .greaterThanOrEqual)

        let ratio = try #require(doc.constraint("Con-aa-104"))
        #expect(ratio.multiplier == 1.5 && ratio.multiplierText == "3:2")

        let baseline = try #require(doc.constraint("Con-aa-105"))
        #expect(
            baseline.firstAttribute == .firstBaseline && baseline.secondAttribute == .lastBaseline)
        #expect(baseline.firstAttribute.isBaseline)
        #expect(baseline.multiplier == 0.5 && baseline.constant == -8.5 && baseline.priority == 750)

        let half = try #require(doc.constraint("Con-aa-106"))
        #expect(half.relation == .lessThanOrEqual && half.priority == 250)

        #expect(doc.constraint("Con-aa-107")?.placeholder == true)
        #expect(doc.constraint("Con-aa-108")?.firstItem == "Gde-aa-011")
        #expect(doc.constraint("Con-aa-108")?.secondAttribute == .centerXWithinMargins)
    }

    @Test("size-only constraints have no second item; cell and nested holders hold their own")
    func holders() throws {
        let doc = try read(screensStoryboard)
        #expect(doc.constraint("Cst-bb-010")?.holder == "Con-bb-002")
        #expect(doc.constraint("Cst-bb-012")?.secondItem == "Cnt-bb-002")
        #expect(doc.constraint("Cst-bb-001")?.secondItem == "Top-bb-002")
        #expect(doc.constraint("Cst-bb-004")?.firstItem == "Roo-bb-002")
        #expect(doc.unresolvedConstraintItems().isEmpty)
        let launch = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <view contentMode="scaleToFill" id="Box-ee-001">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="100" id="Wid-ee-001"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """
        let width = try #require(try read(launch).constraint("Wid-ee-001"))
        #expect(
            width.firstItem == "Box-ee-001" && width.secondItem == nil
                && width.secondAttribute == nil)
        #expect(width.items == ["Box-ee-001"])
    }

    @Test("size-class variations: which constraints and subviews each installs and removes")
    func variations() throws {
        let doc = try read(screensStoryboard)
        let root = try #require(doc.view("Roo-bb-002"))
        #expect(
            root.variations.map(\.key) == [
                "default", "heightClass=compact", "heightClass=regular-widthClass=compact",
            ])
        let base = root.variations[0]
        #expect(base.traits.isEmpty)
        #expect(base.removesConstraints == ["Cst-bb-005"] && base.installsConstraints.isEmpty)
        let compact = root.variations[1]
        #expect(compact.traits == ["heightClass": "compact"])
        #expect(compact.installsConstraints == ["Cst-bb-005"])
        #expect(compact.removesConstraints == ["Cst-bb-003"])
        #expect(compact.line == lineOf("heightClass=compact\"", in: screensStoryboard))
        let phone = root.variations[2]
        #expect(phone.traits == ["heightClass": "regular", "widthClass": "compact"])
        #expect(phone.masks == [IBMask(key: "subviews", excludes: ["Scr-bb-002"])])
        #expect(phone.installsConstraints.isEmpty && phone.removesConstraints.isEmpty)
    }

    @Test(
        "numbers past what a layout can hold (1e400, Double's largest, past 1e15) are not numbers")
    func hugeNumbers() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <view contentMode="scaleToFill" id="Box-fg-001">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="1.7976931348623157e308" id="Big-fg-001"/>
                            <constraint firstAttribute="width" constant="1e400" id="Big-fg-002"/>
                            <constraint firstAttribute="width" constant="-2e15" id="Big-fg-003"/>
                            <constraint firstAttribute="width" multiplier="1e300:1e-300" id="Big-fg-004"/>
                            <constraint firstAttribute="height" constant="1e15" id="Top-fg-005"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """
        let doc = try read(text, file: "Box.xib")
        #expect(doc.allConstraints.map(\.id) == ["Top-fg-005"])
        #expect(
            doc.skipped.map(\.description) == [
                "Box.xib:7: <constraint id=Big-fg-001>: constant \"1.7976931348623157e308\" is not a number a layout can hold (finite, at most 1e15 in size); skipped",
                "Box.xib:8: <constraint id=Big-fg-002>: constant \"1e400\" is not a number a layout can hold (finite, at most 1e15 in size); skipped",
                "Box.xib:9: <constraint id=Big-fg-003>: constant \"-2e15\" is not a number a layout can hold (finite, at most 1e15 in size); skipped",
                "Box.xib:10: <constraint id=Big-fg-004>: multiplier \"1e300:1e-300\" is neither a number nor a ratio a:b with b not 0, of numbers a layout can hold (finite, at most 1e15 in size); skipped",
            ])
        let script = try #require(IBTranslator.translate(doc).layouts.first?.script)
        #expect(!script.contains("inf"), "\(script)")
    }

    @Test("a multiplier of 0 on a location is skipped, as NSLayoutConstraint refuses it")
    func zeroMultiplierOnALocation() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <view contentMode="scaleToFill" id="Box-fz-001">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <subviews>
                            <view id="Dot-fz-002">
                                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="Dot-fz-002" firstAttribute="centerX" secondItem="Box-fz-001" secondAttribute="centerX" multiplier="0" id="Zer-fz-003"/>
                            <constraint firstItem="Dot-fz-002" firstAttribute="width" secondItem="Box-fz-001" secondAttribute="width" multiplier="0" constant="8" id="Siz-fz-004"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """
        let doc = try read(text, file: "Box.xib")
        // A size may be a multiple 0 of another (then it is the constant).
        #expect(doc.allConstraints.map(\.id) == ["Siz-fz-004"])
        #expect(
            doc.skipped.map(\.description) == [
                "Box.xib:12: <constraint id=Zer-fz-003>: multiplier 0 makes centerX equal to a constant, which Auto Layout refuses; skipped"
            ])
    }

    @Test(
        "a constraint the reader cannot read is reported with file:line and skipped; the rest are read"
    )
    func badConstraintSkipped() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <view contentMode="scaleToFill" id="Box-ff-001">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <constraints>
                            <constraint firstAttribute="width" constant="100" id="Good-ff-01"/>
                            <constraint firstAttribute="diagonal" constant="3" id="Bad-ff-001"/>
                            <constraint firstAttribute="height" constant="wide" id="Bad-ff-002"/>
                            <constraint firstAttribute="height" multiplier="2:0" id="Bad-ff-003"/>
                            <constraint firstAttribute="height" priority="1001" id="Bad-ff-004"/>
                            <constraint firstAttribute="height" relation="about" id="Bad-ff-005"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """
        let doc = try read(text, file: "Box.xib")
        #expect(doc.allConstraints.map(\.id) == ["Good-ff-01"])
        #expect(
            doc.skipped.map(\.description) == [
                "Box.xib:8: <constraint id=Bad-ff-001>: unknown firstAttribute \"diagonal\"; skipped",
                "Box.xib:9: <constraint id=Bad-ff-002>: constant \"wide\" is not a number a layout can hold (finite, at most 1e15 in size); skipped",
                "Box.xib:10: <constraint id=Bad-ff-003>: multiplier \"2:0\" is neither a number nor a ratio a:b with b not 0, of numbers a layout can hold (finite, at most 1e15 in size); skipped",
                "Box.xib:11: <constraint id=Bad-ff-004>: priority \"1001\" is not a number from 1 to 1000; skipped",
                "Box.xib:12: <constraint id=Bad-ff-005>: unknown relation \"about\"; skipped",
            ])
    }

    @Test("a view in a navigation item is reported as not read; the controller's view is read")
    func navigationItemViews() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505">
                <scenes>
                    <scene sceneID="Scn-jj-001">
                        <objects>
                            <viewController id="Vc0-jj-001" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="Roo-jj-001">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                </view>
                                <navigationItem key="navigationItem" id="Itm-jj-001">
                                    <view key="titleView" contentMode="scaleToFill" id="Tit-jj-001">
                                        <rect key="frame" x="100" y="6" width="175" height="32"/>
                                    </view>
                                    <barButtonItem key="rightBarButtonItem" style="plain" id="Bbi-jj-001">
                                        <button key="customView" opaque="NO" contentMode="scaleToFill" id="Cbt-jj-001">
                                            <rect key="frame" x="300" y="7" width="59" height="30"/>
                                        </button>
                                    </barButtonItem>
                                </navigationItem>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let doc = try read(text, file: "Nav.storyboard")
        #expect(doc.allViews.map(\.ref) == ["Roo-jj-001"])
        #expect(
            doc.skipped.map(\.description) == [
                "Nav.storyboard:11: <view id=Tit-jj-001>: titleView of a bar item: not read (UIKit's bars lay it out)",
                "Nav.storyboard:15: <button id=Cbt-jj-001>: customView of a bar item: not read (UIKit's bars lay it out)",
            ])
    }

    @Test(
        "an id written twice (a merge that kept both sides) refuses the document at the later element"
    )
    func duplicateIDs() throws {
        func doc(_ inner: String, guide: String = "") -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <view contentMode="scaleToFill" id="Box-kk-001">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <subviews>
            \(inner)
                        </subviews>\(guide)
                        <constraints>
                            <constraint firstAttribute="width" constant="100" id="Cst-kk-001"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """
        }
        func refusal(_ text: String) -> IBReadError? {
            do {
                _ = try IBReader.read(data: Data(text.utf8), file: "Merged.xib")
                return nil
            } catch { return error }
        }
        // A subview with its ancestor's id: the tree would hold a view inside itself.
        let ancestor = try #require(
            refusal(doc(#"<view contentMode="scaleToFill" id="Box-kk-001"/>"#)))
        #expect(ancestor.kind == .damaged)
        #expect(
            ancestor.description.hasPrefix(
                "Merged.xib:7:1: duplicate id Box-kk-001: <view id=Box-kk-001> repeats the id of "
                    + "the element at line 4\nhint: "),
            "\(ancestor)")
        #expect(ancestor.hint?.contains("resolve the merge in Xcode") == true)
        let siblings = refusal(
            doc(
                #"<view contentMode="scaleToFill" id="Two-kk-002"/>"# + "\n"
                    + #"<view contentMode="scaleToFill" id="Two-kk-002"/>"#))
        #expect(siblings?.line == 8 && siblings?.message.contains("at line 7") == true)
        let guide = refusal(doc("", guide: #"<viewLayoutGuide key="safeArea" id="Box-kk-001"/>"#))
        #expect(guide?.message.hasPrefix("duplicate id Box-kk-001: <viewLayoutGuide") == true)
        let constraint = refusal(
            doc(#"<view contentMode="scaleToFill" id="Cst-kk-001"/>"#))
        #expect(constraint?.line == 10 && constraint?.message.contains("at line 7") == true)
        #expect(try read(cardXIB).duplicateIDs().isEmpty)
        #expect(try read(screensStoryboard).duplicateIDs().isEmpty)
    }

    @Test("views nested deeper than the limit are refused at the first view too deep")
    func nestingLimit() throws {
        func nested(_ depth: Int) -> String {
            var text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>

                """
            for level in 1...depth {
                text += "<view id=\"V\(level)\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" "
                text += "height=\"10\"/><subviews>\n"
            }
            text += String(repeating: "</subviews></view>\n", count: depth)
            return text + "</objects>\n</document>\n"
        }
        let limit = IBReader.maximumViewDepth
        #expect(
            try IBReader.read(data: Data(nested(limit).utf8), file: "Deep.xib").rootViews.count == 1
        )
        do {
            _ = try IBReader.read(data: Data(nested(limit + 1).utf8), file: "Deep.xib")
            Issue.record("a document nested deeper than the limit was read")
        } catch {
            #expect(error.kind == .damaged)
            #expect(error.line == limit + 1 + 3, "the line of the first view too deep")
            #expect(
                error.message
                    == "<view> is nested \(limit + 1) views deep; at most \(limit) levels of views "
                    + "are read")
        }
    }

    @Test("a constraint naming an item that is not in its scene is found by the resolution check")
    func unresolvedItem() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <view contentMode="scaleToFill" id="Box-gg-001">
                        <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
                        <constraints>
                            <constraint firstItem="Box-gg-001" firstAttribute="width" secondItem="Gon-gg-001" secondAttribute="width" id="Cst-gg-001"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """
        let doc = try read(text, file: "Box.xib")
        #expect(
            doc.unresolvedConstraintItems().map(\.description) == [
                "Box.xib:7: <constraint id=Cst-gg-001>: item Gon-gg-001 is not a view or layout guide of this scene"
            ])
    }
}

@Suite("IB reader: frames in root coordinates")
struct IBFrameTests {
    @Test("nested frames add up their superviews' origins; each tree's root is at 0, 0")
    func nested() throws {
        let doc = try read(screensStoryboard)
        let placed = doc.framesInRootCoordinates()
        #expect(placed["Roo-bb-002"]?.frame == IBRect(x: 0, y: 0, width: 667, height: 375))
        #expect(placed["Scr-bb-002"]?.frame == IBRect(x: 0, y: 32, width: 667, height: 343))
        // Content (16, 8) in the scroll view at (0, 32).
        #expect(placed["Con-bb-002"]?.frame == IBRect(x: 16, y: 40, width: 635, height: 600))
        // Name (12.5, 20) in the content view.
        #expect(placed["Nam-bb-002"]?.frame == IBRect(x: 28.5, y: 60, width: 42, height: 21))
        #expect(placed["Nam-bb-002"]?.root == "Roo-bb-002")
        // The prototype cell sits 28 below the table's top (the section header); its switch
        // at (598, 12.5) in the content view at the cell's origin.
        #expect(placed["Cel-bb-003"]?.frame == IBRect(x: 0, y: 28, width: 667, height: 56))
        #expect(placed["Swi-bb-003"]?.frame == IBRect(x: 598, y: 40.5, width: 51, height: 31))
        #expect(placed["Swi-bb-003"]?.root == "Tbl-bb-003")
    }

    @Test("a root saved away from the origin is still the origin of its tree")
    func offsetRoot() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <view contentMode="scaleToFill" id="Box-hh-001">
                        <rect key="frame" x="50" y="70" width="200" height="100"/>
                        <subviews>
                            <view contentMode="scaleToFill" id="Kid-hh-001">
                                <rect key="frame" x="10" y="5" width="20" height="30"/>
                            </view>
                            <view contentMode="scaleToFill" id="Nof-hh-001"/>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        let placed = try read(text).framesInRootCoordinates()
        #expect(placed["Box-hh-001"]?.frame == IBRect(x: 0, y: 0, width: 200, height: 100))
        #expect(placed["Kid-hh-001"]?.frame == IBRect(x: 10, y: 5, width: 20, height: 30))
        #expect(placed["Nof-hh-001"] == nil, "a view saved without a frame cannot be placed")
    }
}

@Suite("IB reader: files that are not readable IB documents")
struct IBReaderErrorTests {
    func error(_ text: String, file: String = "bad.xib") -> IBReadError? {
        do {
            _ = try IBReader.read(data: Data(text.utf8), file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test("malformed XML: its line and column, and what to do")
    func malformed() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <view id="a"
            </document>
            """
        let e = try #require(error(text, file: "Broken.xib"))
        #expect(e.kind == .malformedXML)
        #expect(e.line == 5, "libxml2 reports where it gave up: the next tag")
        #expect(e.description.hasPrefix("Broken.xib:5:"))
        #expect(e.description.contains("malformed XML"))
        #expect(e.description.contains("\nhint: "))
        let mismatched = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                </object>
            </document>
            """
        let m = try #require(error(mismatched, file: "Conflict.xib"))
        #expect(m.kind == .malformedXML && m.line == 4)
        #expect(m.message == "malformed XML: an end tag does not match the open element")
    }

    @Test("not XML at all (a compiled nib, a binary plist) and an empty file")
    func notXML() throws {
        #expect(error("bplist00\u{1}\u{2}\u{3}")?.kind == .malformedXML)
        #expect(error("")?.kind == .malformedXML)
    }

    @Test("well-formed XML that is not an Interface Builder document")
    func notIB() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict/></plist>
            """
        let e = try #require(error(plist, file: "Info.plist"))
        #expect(e.kind == .notInterfaceBuilder)
        #expect(e.description.hasPrefix("Info.plist:2:"))
        #expect(e.message == "the root element is <plist>, not an Interface Builder <document>")
        #expect(error("<document version=\"3.0\"/>")?.kind == .notInterfaceBuilder)
    }

    @Test("documents of other platforms and other format versions are refused by name")
    func unsupported() throws {
        let mac = error(
            "<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"3.0\" toolsVersion=\"22505\"/>"
        )
        #expect(mac?.kind == .unsupportedDocumentType)
        #expect(mac?.message.contains("com.apple.InterfaceBuilder3.Cocoa.XIB") == true)
        let old = error(
            "<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\"><data/></archive>"
        )
        #expect(old?.kind == .unsupportedVersion)
        #expect(old?.hint?.contains("Xcode") == true)
        let future = error(
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"4.0\" toolsVersion=\"1\"/>"
        )
        #expect(future?.kind == .unsupportedVersion)
        #expect(future?.message == "document format version 4.0 is not supported (3.x is)")
    }

    @Test("a missing file is unreadable, named without a line")
    func missingFile() throws {
        let url = FileManager.default.temporaryDirectory.appending(
            path: "no-such-\(UUID().uuidString).xib")
        #expect(throws: IBReadError.self) {
            try IBReader.read(contentsOf: url, file: "Missing.xib")
        }
        do {
            _ = try IBReader.read(contentsOf: url, file: "Missing.xib")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.description.hasPrefix("Missing.xib: cannot read the file"))
        }
    }
}
