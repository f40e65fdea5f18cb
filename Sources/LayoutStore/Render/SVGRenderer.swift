import LayoutScript

/// Draws solved frames as SVG: nested labelled rectangles, one panel per variant side
/// by side, ambiguous views dashed red. Pure and deterministic: the same frames give the
/// same bytes (numbers through ``formatNumber(_:)``, names XML-escaped).
///
///     let svg = SVGRenderer.render([
///         .init(title: "main/base", canvas: Size(width: 375, height: 812), boxes: [
///             .init(name: "header", parent: "root", frame: Rect(x: 0, y: 0, width: 375, height: 70)),
///         ]),
///     ])
///
/// A view's `<rect>` carries `data-view="NAME"` and sits at its frame plus its panel's
/// offset (``offsets(for:)``): frames are root coordinates, so nesting shows as
/// rectangles inside rectangles, drawn parents first.
///
/// Labels never overlap (see ``placeLabels(_:)``): each is written inside its view, on
/// the first line down from the top-left corner that no earlier label occupies, and
/// shortened with `…` to the view's width. A view without room for its label keeps its
/// name in the rectangle's `<title>` (a tooltip), as every view does.
package enum SVGRenderer {
    /// One variant: a titled canvas with its views (parents before children).
    package struct Panel: Hashable, Sendable {
        package var title: String
        package var canvas: Size
        package var boxes: [FrameRow]

        package init(title: String, canvas: Size, boxes: [FrameRow]) {
            self.title = title
            self.canvas = canvas
            self.boxes = boxes
        }
    }

    /// The labels' font size, and a character's width as a fraction of it: an estimate
    /// for the sans-serif fonts the SVG asks for (Helvetica's and Arial's average advance
    /// is about 0.55 em), without measuring text.
    package static let labelFontSize = 10.0
    package static let characterWidth = 0.6
    /// A label's distance from its view's left and top edges.
    static let labelInset = 3.0

    /// The rectangle a label is assumed to cover: from its left end at `x`, from one font
    /// size above its `baseline` to a quarter of it below (descenders).
    package static func labelBox(
        _ text: String, x: Double, baseline: Double, fontSize: Double = labelFontSize
    ) -> Rect {
        Rect(
            x: x, y: baseline - fontSize,
            width: Double(text.count) * fontSize * characterWidth, height: fontSize * 1.25)
    }

    static let margin = 20.0
    static let titleHeight = 24.0
    static let gap = 40.0
    /// Fills by depth: nesting reads as darker.
    static let fills = ["#dbeafe", "#bfdbfe", "#93c5fd", "#c7d2fe", "#a5b4fc", "#ddd6fe"]

    /// Where each panel's canvas origin is in the drawing.
    package static func offsets(for panels: [Panel]) -> [(x: Double, y: Double)] {
        var x = margin
        return panels.map { p in
            defer { x += extent(p).width + gap }
            return (x, margin + titleHeight)
        }
    }

    /// The panels side by side in one SVG document.
    package static func render(_ panels: [Panel]) -> String {
        let offsets = offsets(for: panels)
        var width = margin
        var height = 0.0
        for p in panels {
            width += extent(p).width + gap
            height = max(height, extent(p).height)
        }
        width += margin - (panels.isEmpty ? 0 : gap)
        height += 2 * margin + titleHeight
        var out = header(width: width, height: height)
        for (p, o) in zip(panels, offsets) {
            out += "<g class=\"panel\" data-title=\"\(escape(p.title))\">\n"
            out += text(p.title, x: o.x, y: o.y - 8, size: 14, bold: true)
            out += canvasRect(p.canvas, o)
            let depths = depthOf(p.boxes)
            let labels = placeLabels(p.boxes)
            let faint = faintBoxes(p.boxes)
            for (i, (b, depth)) in zip(p.boxes, depths).enumerated() {
                // The full name as a tooltip: the label may be cut short or left out.
                let name = b.view + (b.ambiguous ? " (ambiguous)" : "")
                out +=
                    rectStart(b, depth: depth, o, faint: faint[i])
                    + "<title>\(escape(name))</title></rect>\n"
                if let label = labels[i] {
                    out += labelText(label, for: b, o)
                }
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// One panel whose rectangles move through `steps` (each the same views in the same
    /// order) with SMIL `<animate>` on x, y, width and height, evenly spaced over
    /// `duration` seconds, repeating.
    package static func animate(
        title: String, canvas: Size, steps: [[FrameRow]], duration: Double
    ) -> String {
        guard let first = steps.first else { return render([]) }
        let panel = Panel(title: title, canvas: canvas, boxes: first)
        var big = panel
        // The drawing must hold every step: size it by the union of all of them.
        big.boxes = steps.flatMap { $0 }
        let o = offsets(for: [panel])[0]
        let size = extent(big)
        var out = header(
            width: size.width + 2 * margin, height: size.height + 2 * margin + titleHeight)
        out += text(title, x: o.x, y: o.y - 8, size: 14, bold: true)
        out += canvasRect(canvas, o)
        let depths = depthOf(first)
        let dur = formatNumber(duration)
        for (i, b) in first.enumerated() {
            let track = steps.map { $0[i].frame.drawable }
            var rect = rectStart(b, depth: depths[i], o)
            for (name, key) in [
                ("x", \Rect.x), ("y", \Rect.y), ("width", \Rect.width),
                ("height", \Rect.height),
            ] {
                let shift = name == "x" ? o.x : name == "y" ? o.y : 0
                let values = track.map { formatNumber($0[keyPath: key] + shift) }
                rect +=
                    "<animate attributeName=\"\(name)\" values=\"\(values.joined(separator: ";"))\""
                    + " dur=\"\(dur)s\" repeatCount=\"indefinite\"/>"
            }
            rect += "</rect>\n"
            out += rect + label(b, o, track: track, duration: dur)
        }
        return out + "</svg>\n"
    }

    // MARK: Pieces

    private static func header(width: Double, height: Double) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(formatNumber(width))" \
        height="\(formatNumber(height))" viewBox="0 0 \(formatNumber(width)) \
        \(formatNumber(height))" font-family="Helvetica, Arial, sans-serif">

        """
    }

    private static func canvasRect(_ canvas: Size, _ o: (x: Double, y: Double)) -> String {
        "<rect class=\"canvas\" x=\"\(formatNumber(o.x))\" y=\"\(formatNumber(o.y))\""
            + " width=\"\(formatNumber(canvas.width))\" height=\"\(formatNumber(canvas.height))\""
            + " fill=\"#ffffff\" stroke=\"#111827\" stroke-width=\"1.5\"/>\n"
    }

    /// Where each box's label goes, in the panel's root coordinates, or nil where none
    /// fits. Boxes are taken in drawing order (parents first): a label takes the first line
    /// inside its box, from the top down, whose rectangle (``labelBox(_:x:baseline:fontSize:)``)
    /// overlaps no label placed before; its text is cut with `…` to the box's width. A box
    /// too short for a whole line may still take its top line if that overlaps nothing.
    package static func placeLabels(_ boxes: [FrameRow]) -> [(
        text: String, x: Double, baseline: Double
    )?] {
        let lineHeight = labelFontSize * 1.3
        let charWidth = labelFontSize * characterWidth
        var placed: [Rect] = []
        return boxes.map { b in
            let f = b.frame
            guard f.x.isFinite, f.y.isFinite, f.width.isFinite, f.height.isFinite else {
                return nil
            }
            let name = b.view + (b.ambiguous ? " (ambiguous)" : "")
            // Compared as a Double before converting: a solved width can be far beyond
            // what an Int holds (1e20, 1e300), and converting that would trap.
            let fits = ((f.width - 2 * labelInset) / charWidth).rounded(.down)
            let text: String
            if fits >= Double(name.count) {
                text = name
            } else if fits >= 2 {
                text = String(name.prefix(Int(fits) - 1)) + "…"
            } else {
                return nil
            }
            let x = f.x + labelInset
            let top = f.y + labelInset + labelFontSize
            // A placed label is shorter than two lines, so it blocks at most two of this
            // box's lines: among the first 2n + 1 lines one is free of the n labels placed
            // in its columns. Looking no further keeps a very tall box (1e20) from being
            // walked line by line, and lines are counted from the top, not summed, so a
            // box where adding a line height changes nothing (y = 1e300) still ends.
            let blockers = placed.filter {
                $0.x < x + Double(text.count) * charWidth && x < $0.x + $0.width
            }
            for line in 0...(2 * blockers.count) {
                let baseline = top + Double(line) * lineHeight
                guard line == 0 || baseline + labelFontSize * 0.25 <= f.y + f.height else { break }
                let candidate = labelBox(text, x: x, baseline: baseline)
                if !blockers.contains(where: { $0.overlaps(candidate) }) {
                    placed.append(candidate)
                    return (text, x, baseline)
                }
            }
            return nil
        }
    }

    private static func labelText(
        _ label: (text: String, x: Double, baseline: Double), for b: FrameRow,
        _ o: (x: Double, y: Double)
    ) -> String {
        "<text data-label=\"\(escape(b.view))\" x=\"\(formatNumber(label.x + o.x))\""
            + " y=\"\(formatNumber(label.baseline + o.y))\""
            + " font-size=\"\(formatNumber(labelFontSize))\""
            + " fill=\"\(b.ambiguous ? "#dc2626" : "#111827")\">\(escape(label.text))</text>\n"
    }

    /// Per box, whether it is hidden or inside a hidden box (parents come first).
    private static func faintBoxes(_ boxes: [FrameRow]) -> [Bool] {
        var faint: [String: Bool] = [:]
        return boxes.map { b in
            let value = b.hidden || faint[b.parent] == true
            faint[b.view] = value
            return value
        }
    }

    /// The view's `<rect ...>` start tag: the caller adds its children and `</rect>`. A
    /// stack is outlined (no fill: its arranged views show through); a hidden view, and
    /// everything inside it, is faint.
    private static func rectStart(
        _ b: FrameRow, depth: Int, _ o: (x: Double, y: Double), faint: Bool = false
    ) -> String {
        let f = b.frame.drawable
        let negative = b.frame.width < 0 || b.frame.height < 0
        var s = "<rect data-view=\"\(escape(b.view))\""
        if negative { s += " data-negative=\"1\"" }
        if b.kind == .stack { s += " class=\"stack\"" }
        if b.kind == .guide { s += " class=\"guide\"" }
        if faint { s += " data-hidden=\"1\" opacity=\"0.25\"" }
        s +=
            " x=\"\(formatNumber(f.x + o.x))\""
            + " y=\"\(formatNumber(f.y + o.y))\" width=\"\(formatNumber(f.width))\""
            + " height=\"\(formatNumber(f.height))\""
        s +=
            b.kind == .stack || b.kind == .guide
            ? " fill=\"none\"" : " fill=\"\(fills[depth % fills.count])\" fill-opacity=\"0.8\""
        if negative {
            // SVG refuses a negative width or height and drops the rectangle: the box is
            // drawn over the span it covers, outlined so that it reads as wrong.
            s += " stroke=\"#ea580c\" stroke-width=\"2\" stroke-dasharray=\"2 2\""
        } else if b.ambiguous {
            s += " stroke=\"#dc2626\" stroke-width=\"2\" stroke-dasharray=\"6 3\""
        } else if b.kind == .guide {
            s += " stroke=\"#6b7280\" stroke-width=\"1\" stroke-dasharray=\"2 3\""
        } else if b.kind == .stack {
            s += " stroke=\"#7c3aed\" stroke-width=\"1.5\" stroke-dasharray=\"4 2\""
        } else {
            s += " stroke=\"#1e3a8a\" stroke-width=\"1\""
        }
        return s + ">"
    }

    /// The name in the rectangle's top left corner, moving with it.
    private static func label(
        _ b: FrameRow, _ o: (x: Double, y: Double), track: [Rect], duration: String
    ) -> String {
        let name = b.view + (b.ambiguous ? " (ambiguous)" : "")
        var s =
            "<text x=\"\(formatNumber(b.frame.x + o.x + 3))\""
            + " y=\"\(formatNumber(b.frame.y + o.y + 12))\" font-size=\"10\""
            + " fill=\"\(b.ambiguous ? "#dc2626" : "#111827")\">\(escape(name))"
        let xs = track.map { formatNumber($0.x + o.x + 3) }.joined(separator: ";")
        let ys = track.map { formatNumber($0.y + o.y + 12) }.joined(separator: ";")
        s +=
            "<animate attributeName=\"x\" values=\"\(xs)\" dur=\"\(duration)s\""
            + " repeatCount=\"indefinite\"/>"
        s +=
            "<animate attributeName=\"y\" values=\"\(ys)\" dur=\"\(duration)s\""
            + " repeatCount=\"indefinite\"/>"
        return s + "</text>\n"
    }

    private static func text(
        _ string: String, x: Double, y: Double, size: Int, bold: Bool = false
    ) -> String {
        "<text x=\"\(formatNumber(x))\" y=\"\(formatNumber(y))\" font-size=\"\(size)\""
            + (bold ? " font-weight=\"bold\"" : "") + ">\(escape(string))</text>\n"
    }

    /// The panel's drawn size: the canvas, grown to hold views that stick out of it.
    private static func extent(_ p: Panel) -> Size {
        var w = max(p.canvas.width, 0)
        var h = max(p.canvas.height, 0)
        for b in p.boxes where b.frame.x.isFinite && b.frame.y.isFinite {
            w = max(w, b.frame.x + b.frame.width)
            h = max(h, b.frame.y + b.frame.height)
        }
        return Size(width: max(w, 1), height: max(h, 1))
    }

    private static func depthOf(_ boxes: [FrameRow]) -> [Int] {
        var depth: [String: Int] = [rootViewName: 0]
        return boxes.map { b in
            let d = (depth[b.parent] ?? 0) + 1
            depth[b.view] = d
            return d - 1
        }
    }

    /// Text and attribute values safe inside XML.
    /// The characters XML 1.0 does not allow (`Char` of its grammar): C0 controls but tab,
    /// line feed and carriage return, and U+FFFE and U+FFFF.
    static func isOutsideXML(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value))
            || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // XML 1.0 has no way to write these, escaped or not (a name plain SQL stored).
            case _ where ch.unicodeScalars.contains(where: Self.isOutsideXML): out += "\u{FFFD}"
            default: out.append(ch)
            }
        }
        return out
    }
}

extension Rect {
    /// Whether the two rectangles share some area (touching edges do not count).
    func overlaps(_ other: Rect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height
            && other.y < y + height
    }
}

extension Rect {
    /// The span a frame covers, with a width and height of at least zero: a negative size
    /// (constraints that need more room than they leave) runs back from x or y, and SVG
    /// drops a `<rect>` whose width or height is negative.
    fileprivate var drawable: Rect {
        Rect(
            x: min(x, x + width), y: min(y, y + height), width: abs(width), height: abs(height))
    }
}
