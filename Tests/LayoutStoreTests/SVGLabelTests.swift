import Foundation
import Testing

@testable import LayoutStore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The views' rectangles and labels of a rendered SVG, read back with an XML parser.
private final class SVGReader: NSObject, XMLParserDelegate {
    struct Label {
        var view: String
        var text: String
        var x: Double
        var baseline: Double
        var fontSize: Double
        var box: Rect {
            SVGRenderer.labelBox(text, x: x, baseline: baseline, fontSize: fontSize)
        }
    }
    var rects: [String: Rect] = [:]
    var titles: [String] = []
    var labels: [Label] = []
    private var open: (element: String, attributes: [String: String], text: String)?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String]
    ) {
        if name == "rect", let view = attributes["data-view"] {
            rects[view] = Rect(
                x: Double(attributes["x"] ?? "") ?? .nan, y: Double(attributes["y"] ?? "") ?? .nan,
                width: Double(attributes["width"] ?? "") ?? .nan,
                height: Double(attributes["height"] ?? "") ?? .nan)
        }
        open = (name, attributes, "")
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { open?.text += string }

    func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        guard let element = open, element.element == name else { return }
        open = nil
        if name == "title" { titles.append(element.text) }
        if name == "text", let view = element.attributes["data-label"] {
            labels.append(
                Label(
                    view: view, text: element.text,
                    x: Double(element.attributes["x"] ?? "") ?? .nan,
                    baseline: Double(element.attributes["y"] ?? "") ?? .nan,
                    fontSize: Double(element.attributes["font-size"] ?? "") ?? .nan))
        }
    }

    static func read(_ svg: String) throws -> SVGReader {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return reader
    }
}

/// Every promise about labels, checked on one rendered SVG.
private func checkLabels(_ svg: String, views: [FrameRow]) throws {
    let svg = try SVGReader.read(svg)
    for (i, a) in svg.labels.enumerated() {
        for b in svg.labels[(i + 1)...] where a.box.overlaps(b.box) {
            Issue.record("labels overlap: '\(a.text)' \(a.box) and '\(b.text)' \(b.box)")
        }
        let rect = try #require(svg.rects[a.view])
        #expect(
            a.box.x >= rect.x && a.box.x + a.box.width <= rect.x + rect.width,
            "'\(a.text)' fits its view's width \(rect)")
        let name = views.first { $0.view == a.view }.map {
            $0.view + ($0.ambiguous ? " (ambiguous)" : "")
        }
        let full = try #require(name)
        #expect(
            a.text == full || (a.text.hasSuffix("…") && full.hasPrefix(a.text.dropLast())),
            "'\(a.text)' is '\(full)' or its beginning and …")
    }
    for view in views {
        #expect(
            svg.titles.contains { $0.hasPrefix(view.view) },
            "\(view.view) keeps its name in a <title>")
    }
}

private func box(
    _ name: String, in parent: String = "root", _ x: Double, _ y: Double, _ w: Double, _ h: Double,
    ambiguous: Bool = false
) -> FrameRow {
    FrameRow(
        view: name, parent: parent, frame: Rect(x: x, y: y, width: w, height: h),
        ambiguous: ambiguous)
}

@Suite("render: labels that do not collide")
struct SVGLabelTests {
    @Test(
        "nested views at one corner, an ambiguous view over a header, a narrow view: no two labels overlap"
    )
    func labelsDoNotOverlap() throws {
        let views = [
            box("header", 0, 0, 375, 70),
            box("loose", 0, 0, 120, 40, ambiguous: true),
            box("tabbar", 0, 763, 375, 49),
            box("tab1", in: "tabbar", 0, 763, 93.75, 49),
            box("tab2", in: "tabbar", 93.75, 763, 93.75, 49),
            box("verylongname_for_a_narrow_view", 200, 100, 50, 30),
            box("a", 300, 300, 40, 14),
            box("b", 300, 300, 40, 14),
        ]
        let rendered = SVGRenderer.render([
            .init(title: "main/base", canvas: Size(width: 375, height: 812), boxes: views)
        ])
        try checkLabels(rendered, views: views)
        let svg = try SVGReader.read(rendered)
        let labelled = Set(svg.labels.map(\.view))
        for name in [
            "header", "loose", "tabbar", "tab1", "tab2", "verylongname_for_a_narrow_view", "a",
        ] {
            #expect(labelled.contains(name), "\(name) has room for a label")
        }
        #expect(!labelled.contains("b"), "b's only line is a's: left out, named in its <title>")
        let narrow = try #require(svg.labels.first { $0.view == "verylongname_for_a_narrow_view" })
        #expect(narrow.text == "verylo…")
        let tab1 = try #require(svg.labels.first { $0.view == "tab1" })
        let tabbar = try #require(svg.labels.first { $0.view == "tabbar" })
        #expect(tab1.baseline > tabbar.baseline, "tab1 goes below its parent's label")
    }

    @Test("the bundled examples, every variant: no two labels overlap")
    func examplesDoNotOverlap() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../examples").standardized
        for name in ["phone", "springs"] {
            let path = FileManager.default.temporaryDirectory.appending(
                path: "labels-\(UUID().uuidString).layoutdb"
            ).path
            defer {
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: path + suffix)
                }
            }
            let project = try Project.open(path: path, create: true)
            let script = try String(
                contentsOf: examples.appending(path: "\(name).layout"), encoding: .utf8)
            try project.apply(script: script, file: "\(name).layout")
            let variants: [String?] = [nil] + (try project.variants().map(\.name))
            for panel in try project.panels(variants: variants) {
                try checkLabels(SVGRenderer.render([panel]), views: panel.boxes)
            }
        }
    }
}
