import Foundation
import LayoutImport
import Testing

@Suite("IB naming")
struct IBNamingTests {
    @Test(
        "names are made valid identifiers: runs of other characters become one _, no leading digit")
    func identifiers() {
        #expect(IBNaming.identifier("File's Owner") == "File_s_Owner")
        #expect(IBNaming.identifier("label_Ttl-aa-001") == "label_Ttl-aa-001")
        #expect(IBNaming.identifier("01J-lp-oVM") == "_01J-lp-oVM")
        #expect(IBNaming.identifier("-1") == "_-1")
        #expect(IBNaming.identifier("Über  Bild") == "_ber_Bild")
        #expect(IBNaming.identifier("") == "_")
        for name in ["File's Owner", "01J", "-x", "", "a b c", "名前"] {
            let id = IBNaming.identifier(name)
            #expect(
                id.range(of: "^[A-Za-z_][A-Za-z0-9_-]*$", options: .regularExpression) != nil,
                "\(id)")
        }
    }

    @Test("views: user label, else class and IB id; the tree's root is root; duplicates get _2, _3")
    func viewNames() throws {
        let doc = try read(cardXIB)
        let card = try #require(doc.topLevelViews.first)
        let names = IBNaming.names(root: card)
        #expect(names["Crd-00-Vw1"] == "root")
        #expect(names["Ttl-aa-001"] == "label_Ttl-aa-001")
        #expect(names["Bdy-aa-002"] == "BodyLabel_Bdy-aa-002", "the custom class names the view")
        #expect(names["Bdg-aa-006"] == "Badge")
        #expect(names["Gde-aa-011"] == "Column")
        #expect(names["Saf-aa-012"] == "root_safe")
        let all = Array(names.values)
        #expect(Set(all).count == all.count)

        var space = IBNaming.Namespace()
        #expect(space.claim("root") == "root_2", "root is reserved for the layout's root view")
        #expect(space.claim("Title") == "Title")
        #expect(space.claim("Title") == "Title_2")
        #expect(space.claim("Title") == "Title_3")
    }

    @Test("guides: scroll guides after their scroll view, controller guides by role")
    func guideNames() throws {
        let doc = try read(screensStoryboard)
        let profile = try #require(doc.scenes[1].controller)
        let names = IBNaming.names(
            root: try #require(profile.view), controllerGuides: profile.layoutGuides)
        #expect(names["Cnt-bb-002"] == "scrollView_Scr-bb-002_content")
        #expect(names["Frm-bb-002"] == "scrollView_Scr-bb-002_frame")
        #expect(names["Top-bb-002"] == "topLayoutGuide")
        #expect(names["Bot-bb-002"] == "bottomLayoutGuide")
        #expect(names["Con-bb-002"] == "Content")
    }

    @Test(
        "layouts: storyboard identifier, else custom class, else element and id; XIB views by class"
    )
    func layoutNames() throws {
        let doc = try read(screensStoryboard)
        let layouts = IBNaming.layoutNames(of: doc)
        #expect(
            layouts.map(\.root) == ["Roo-bb-002", "Tbl-bb-003"],
            "a navigation controller has no view")
        #expect(layouts.map(\.name) == ["Profile", "SettingsViewController"])
        #expect(IBNaming.layoutNames(of: try read(cardXIB)).map(\.name) == ["CardView"])
        #expect(IBNaming.layoutNames(of: try read(cellXIB)).map(\.name) == ["PhotoCell"])
        let twice = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <view contentMode="scaleToFill" id="One-ii-001"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></view>
                    <view contentMode="scaleToFill" id="Two-ii-002"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></view>
                </objects>
            </document>
            """
        #expect(
            IBNaming.layoutNames(of: try read(twice)).map(\.name) == [
                "view_One-ii-001", "view_Two-ii-002",
            ])
    }

    @Test(
        "every sample document's names are valid and unique within each layout",
        .enabled(if: !sampleDocuments().isEmpty, "../shared/ib-samples is absent"))
    func sampleNames() throws {
        for url in sampleDocuments() {
            let doc = try IBReader.read(contentsOf: url)
            var roots: [(IBView, [IBLayoutGuide])] = doc.allControllers.compactMap { c in
                c.view.map { ($0, c.layoutGuides) }
            }
            roots +=
                doc.scenes.flatMap(\.extraViews).map { ($0, []) }
                + doc.topLevelViews.map { ($0, []) }
            for (root, guides) in roots {
                let names = IBNaming.names(root: root, controllerGuides: guides)
                let values = Array(names.values)
                #expect(
                    Set(values).count == values.count, "\(url.lastPathComponent): duplicate names")
                #expect(
                    names.count == root.allViews.count + root.allViews.flatMap(\.layoutGuides).count
                        + guides.count)
                for n in values {
                    #expect(
                        n.range(of: "^[A-Za-z_][A-Za-z0-9_-]*$", options: .regularExpression)
                            != nil, "\(n)")
                }
            }
            let layouts = IBNaming.layoutNames(of: doc).map(\.name)
            #expect(Set(layouts).count == layouts.count, "\(url.lastPathComponent)")
        }
    }
}
