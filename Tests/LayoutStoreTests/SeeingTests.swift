import Foundation
import Testing

@testable import LayoutStore

#if canImport(FoundationXML)
    import FoundationXML
#endif

private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "../../examples").standardized

/// A fresh project in a temporary file with `script` applied.
private func project(_ script: String, file: String = "test.layout") throws -> (Project, () -> Void)
{
    let path = FileManager.default.temporaryDirectory.appending(
        path: "seeing-\(UUID().uuidString).layoutdb"
    ).path
    let p = try Project.open(path: path, create: true)
    try p.apply(script: script, file: file)
    return (
        p,
        {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    )
}

private func frames(_ p: Project, _ variant: String? = nil) throws -> [String: Rect] {
    Dictionary(uniqueKeysWithValues: try p.frames(variant: variant).map { ($0.view, $0.frame) })
}

private func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

/// Collects every element's attributes; throws when the document is not well formed.
private final class XMLCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String] = []
    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String]
    ) {
        elements.append((name, attributes))
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { texts.append(string) }

    static func parse(_ text: String) throws -> XMLCollector {
        let c = XMLCollector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = c
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.propertyListReadCorrupt)
        }
        return c
    }
}

@Suite("Seeing a layout: examples, render, diff, why, sweep, animate")
struct SeeingTests {
    @Test("examples/phone.layout: frames computed by hand, base and compact")
    func phoneExample() throws {
        let text = try String(contentsOf: examples.appending(path: "phone.layout"), encoding: .utf8)
        #expect(text == BundledExamples.phone)
        let (p, done) = try project(text)
        defer { done() }
        let base = try frames(p)
        #expect(base["header"] == r(0, 0, 375, 70))
        #expect(base["title"] == r(127.5, 24, 120, 22))  // (375-120)/2, (70-22)/2
        #expect(base["form"] == r(16, 90, 343, 100))  // 70 + 20; 375 - 2×16
        #expect(base["nameLabel"] == r(36, 98, 60, 20))  // 16 + 20 (standard); 90 + 8
        // x 36 + 60 + 8; width (16 + 343 - 20) - 104; centre 98 + 10 → y 108 - 16
        #expect(base["nameField"] == r(104, 92, 235, 32))
        #expect(base["emailLabel"] == r(36, 130, 60, 20))  // 98 + 20 + 12
        #expect(base["tabbar"] == r(0, 729, 375, 83))  // 812 - 83
        #expect(base["tab2"] == r(187.5, 729, 187.5, 49))  // 375 / 2
        let compact = try frames(p, "compact")  // 320 × 568, header 44, tab bar 49
        #expect(compact["title"] == r(100, 11, 120, 22))  // (320-120)/2, (44-22)/2
        #expect(compact["nameField"] == r(104, 66, 180, 32))  // 16 + 288 - 20 - 104
        #expect(compact["tab1"] == r(0, 519, 160, 49))  // 568 - 49
    }

    @Test("examples/springs.layout: UIKit autoresizing by hand, landscape and tablet")
    func springsExample() throws {
        let text = try String(
            contentsOf: examples.appending(path: "springs.layout"), encoding: .utf8)
        let (p, done) = try project(text)
        defer { done() }
        // Drawn frames in root coordinates (children offset by their parents).
        let base = try frames(p)
        #expect(base["photo"] == r(20, 64, 280, 200))
        #expect(base["badge"] == r(140, 443, 40, 30))
        // Landscape 480 × 320: the parent grows by dW = 160, shrinks by dH = -160.
        let land = try frames(p, "landscape")
        #expect(land["toolbar"] == r(0, 0, 480, 44))  // width only: 320 + 160
        #expect(land["back"] == r(8, 7, 60, 30))  // right margin takes it all
        #expect(land["done"] == r(412, 7, 60, 30))  // left margin: 252 + 160
        #expect(land["content"] == r(0, 44, 480, 232))  // height 392 - 160
        // photo: 20 : 280 : 20 of 320 → 10, 140, 10 of 160; top fixed (bottom flexible)
        #expect(land["photo"] == r(30, 64, 420, 200))
        #expect(land["caption"] == r(20, 124, 440, 40))  // top: 240 - 160 = 80, + 44
        #expect(land["footer"] == r(0, 276, 480, 44))  // 436 - 160
        #expect(land["badge"] == r(220, 283, 40, 30))  // 140 + 160/2; 276 + 7
        // Tablet 768 × 1024: dW = 448, dH = 544.
        let tablet = try frames(p, "tablet")
        #expect(tablet["done"] == r(700, 7, 60, 30))  // 252 + 448
        #expect(tablet["photo"] == r(48, 64, 672, 200))  // 20 + 448/16, 280 + 448 × 280/320
        #expect(tablet["caption"] == r(20, 828, 728, 40))  // 44 + 240 + 544
        #expect(tablet["badge"] == r(364, 987, 40, 30))  // 140 + 224; 980 + 7
    }

    @Test(
        "render: well-formed SVG, one panel per variant, each rect at its frame plus the panel offset"
    )
    func render() throws {
        let (p, done) = try project(BundledExamples.phone)
        defer { done() }
        let panels = try p.panels(variants: [nil, "compact", "tablet"])
        let svg = SVGRenderer.render(panels)
        #expect(svg == SVGRenderer.render(panels))  // deterministic
        let xml = try XMLCollector.parse(svg)
        let offsets = SVGRenderer.offsets(for: panels)
        #expect(offsets[1].x == offsets[0].x + 375 + 40)
        let rects = xml.elements.filter { $0.name == "rect" && $0.attributes["data-view"] != nil }
        #expect(rects.count == panels.map(\.boxes.count).reduce(0, +))
        var k = 0
        for (panel, o) in zip(panels, offsets) {
            for b in panel.boxes {
                let a = rects[k].attributes
                k += 1
                #expect(a["data-view"] == b.view)
                #expect(Double(a["x"]!) == b.frame.x + o.x)
                #expect(Double(a["y"]!) == b.frame.y + o.y)
                #expect(Double(a["width"]!) == b.frame.width)
                #expect(Double(a["height"]!) == b.frame.height)
            }
        }
        #expect(xml.texts.contains { $0.contains("main/compact") })
    }

    @Test("render: names are escaped, ambiguous views dashed red")
    func renderEscapesAndMarks() throws {
        let svg = SVGRenderer.render([
            .init(
                title: "a & <b>", canvas: Size(width: 100, height: 100),
                boxes: [
                    FrameRow(
                        view: "x\"<&>'", parent: "root", frame: r(0, 0, 10, 10), ambiguous: true)
                ])
        ])
        let xml = try XMLCollector.parse(svg)
        let rect = try #require(xml.elements.first { $0.attributes["data-view"] != nil })
        #expect(rect.attributes["data-view"] == "x\"<&>'")
        #expect(rect.attributes["stroke-dasharray"] != nil)
        #expect(rect.attributes["stroke"] == "#dc2626")
        #expect(xml.texts.joined().contains("a & <b>"))
    }

    @Test("animated SVG: well formed, one <animate> per rect attribute with N values")
    func animatedSVG() throws {
        let (p, done) = try project(BundledExamples.phone)
        defer { done() }
        let steps = try p.animation(label: "header.height", to: 100, frames: 4)
        let svg = SVGRenderer.animate(
            title: "t", canvas: Size(width: 375, height: 812), steps: steps, duration: 1)
        let xml = try XMLCollector.parse(svg)
        let heights = xml.elements.filter {
            $0.name == "animate" && $0.attributes["attributeName"] == "height"
        }
        #expect(heights.count == steps[0].count)
        #expect(heights[0].attributes["values"] == "70;80;90;100")  // the header
    }

    @Test("diff: the views that differ between two variants, old → new")
    func diff() throws {
        let (p, done) = try project(BundledExamples.phone)
        defer { done() }
        let changes = try p.diff(from: nil, to: "compact")
        let header = try #require(changes.first { $0.view == "header" })
        #expect(header.old == r(0, 0, 375, 70))
        #expect(header.new == r(0, 0, 320, 44))
        #expect(try p.diff(from: "compact", to: "compact").isEmpty)
        #expect(throws: StoreError.self) { try p.diff(from: nil, to: "compct") }
    }

    @Test("why: the defining chain, most direct first; intrinsic sizes as generated reasons")
    func why() throws {
        let (p, done) = try project(BundledExamples.phone, file: "phone.layout")
        defer { done() }
        let y = try p.why(view: "form", attribute: .top)
        let labels = y.compactMap { if case .constraint(let c) = $0 { c.label } else { nil } }
        #expect(labels == ["form.gap", "header.height"])  // form.top = header.bottom + 20
        #expect(y.count == 3)  // and header.top == |.top
        guard case .constraint(let first) = y[0] else {
            Issue.record("not a constraint")
            return
        }
        #expect(first.origin?.file == "phone.layout")
        #expect(first.origin?.line == 24)
        let title = try p.why(view: "title", attribute: .width)
        #expect(title.allSatisfy { if case .generated = $0 { true } else { false } })
        #expect(title.count == 2)  // hugging and compression resistance
        // x attributes never bring in the y axis.
        let left = try p.why(view: "tab2", attribute: .left)
        for reason in left {
            if case .constraint(let c) = reason {
                #expect(c.terms.allSatisfy { $0.attribute.axis == .horizontal })
            }
        }
        #expect(throws: StoreError.self) { try p.why(view: "titel", attribute: nil) }
    }

    @Test("sweep: in-place constant changes give the frames a full re-solve gives; nothing written")
    func sweep() throws {
        let (p, done) = try project(BundledExamples.phone)
        defer { done() }
        let before = try p.frames()
        let values = [44.0, 70, 100, 13.5]
        let steps = try p.sweep(label: "header.height", values: values)
        #expect(steps.map(\.value) == values)
        for step in steps {
            try p.setConstant(label: "header.height", to: step.value)
            #expect(step.frames.map(\.frame) == (try p.frames()).map(\.frame))
        }
        try p.setConstant(label: "header.height", to: 70)
        #expect(try p.frames() == before)
        // A variant: its canvas and overrides, then the swept value.
        let compact = try p.sweep(label: "tabbar.height", values: [60], variant: "compact")
        #expect(compact[0].frames.first { $0.view == "tabbar" }?.frame == r(0, 508, 320, 60))
        #expect(throws: StoreError.self) { try p.sweep(label: "header.hieght", values: [1]) }
    }

    @Test("sweep --save: one variant per value, named as documented, replaced when it exists")
    func saveSweep() throws {
        let (p, done) = try project(BundledExamples.phone)
        defer { done() }
        #expect(
            Project.sweepVariantName(label: "header.height", value: 44.5) == "header_height_44_5")
        #expect(Project.sweepVariantName(label: "form.gap", value: -8) == "form_gap_m8")
        let (names, _) = try p.saveSweep(
            label: "tabbar.height", values: [40, 60], variant: "compact")
        #expect(names == ["tabbar_height_40", "tabbar_height_60"])
        let saved = try frames(p, "tabbar_height_60")
        #expect(saved["tabbar"] == r(0, 508, 320, 60))  // compact's canvas: 568 - 60
        #expect(saved["header"]?.height == 44)  // compact's other override kept
        try p.saveSweep(label: "tabbar.height", values: [60])  // replaces, base canvas
        #expect(try frames(p, "tabbar_height_60")["tabbar"] == r(0, 752, 375, 60))
        // The names are identifiers: export and apply round-trip.
        let (copy, done2) = try project(try p.export())
        defer { done2() }
        #expect(try copy.frames(variant: "tabbar_height_40").count == 10)
    }

    /// A variant that overrides every kind of thing a variant can: canvas and fitting,
    /// safe area, direction, a constant, a stack's spacing, a hidden view, a priority, an
    /// activation and an intrinsic size. Each of them moves a frame.
    static let everyOverride = """
        canvas 375 fit safe 20 0 0 0
        view header frame 0 0 375 60
        stack row in header H spacing 8
        view a in row intrinsic 40 20
        view b in row intrinsic 60 20
        view c in row intrinsic 30 20
        header.top == |.safe.top
        header.leading == |.leading
        header.trailing == |.trailing
        row.edges == header.margins
        hw: header.height == 60
        pin: c.width == 30
        variant wide canvas 500 fit safe 0 44 0 44 direction rtl
        set hw 80 in wide
        set row.spacing 12 in wide
        hide b in wide
        priority pin 500 in wide
        deactivate pin in wide
        intrinsic a 90 20 hug 300 in wide
        """

    @Test("a variant made from another (--from, sweep --save) takes all its overrides")
    func variantCopies() throws {
        let (p, done) = try project(Self.everyOverride)
        defer { done() }
        let wide = try frames(p, "wide")
        #expect(wide != (try frames(p)))
        #expect(wide["c"]?.width == 382)  // pin off, a hugs harder, b hidden
        try p.createVariant("wide2", canvas: nil, copying: "wide")
        #expect(try frames(p, "wide2") == wide)
        try p.createVariant("tall", canvas: Size(width: 320, height: 0), copying: "wide")
        #expect(try frames(p, "tall")["header"]?.width == 320)  // the given canvas wins
        try p.saveSweep(label: "hw", values: [80, 90], variant: "wide")
        #expect(try frames(p, "hw_80") == wide)  // the variant's own value: itself
        #expect(try frames(p, "hw_90")["header"]?.height == 90)
        // Sweeping a saved variant replaces the others and keeps itself.
        try p.saveSweep(label: "hw", values: [80, 90], variant: "hw_90")
        #expect(try frames(p, "hw_80") == wide)
        #expect(throws: StoreError.self) {
            try p.createVariant("x", canvas: nil, copying: "narrow")
        }
        #expect(try p.variants().map(\.name).contains("x") == false)
    }

    @Test("animate: linear from the current solution to the new one, both ends solved")
    func animate() throws {
        let (p, done) = try project(BundledExamples.phone)
        defer { done() }
        let steps = try p.animation(label: "header.height", to: 100, frames: 5)
        #expect(steps.count == 5)
        let title = steps.map { $0.first { $0.view == "title" }!.frame.y }
        #expect(title == [24, 27.75, 31.5, 35.25, 39])  // (h - 22) / 2 for h = 70, 77.5, ... 100
        #expect(steps[0].map(\.frame) == (try p.frames()).map(\.frame))
        #expect(try p.frames().first { $0.view == "header" }?.frame.height == 70)  // unchanged
    }
}
