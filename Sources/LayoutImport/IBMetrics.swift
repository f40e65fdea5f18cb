/// The numbers an import needs that an Interface Builder document does not store: the
/// safe-area insets of a screen, and where a font puts its baselines. Each table row says
/// where its numbers come from; docs/import.md reprints the tables.
public enum IBMetrics {
    /// Safe-area insets (top, left, bottom, right) of a full-screen view controller's view.
    public struct DeviceRow: Sendable, Equatable {
        /// The screen in points, portrait.
        public var width: Double
        public var height: Double
        /// The `<device id>`s Interface Builder writes for this screen (`--device` takes them).
        public var ids: [String]
        public var devices: String
        public var portrait: IBInsets
        public var landscape: IBInsets
        public var source: String
    }

    private static func insets(_ t: Double, _ l: Double, _ b: Double, _ r: Double) -> IBInsets {
        IBInsets(top: t, left: l, bottom: b, right: r, directional: false)
    }

    private static let statusBarSource =
        "status bar of 20 points in portrait, hidden in landscape, no side insets "
        + "(useyourloaf.com, \"Supporting iPhone X\", 2017)"
    private static let notchSource =
        "safe area 375x734 portrait and 724x354 landscape, 414x818 and 808x393 for the "
        + "414-point models (Apple HIG 2017, \"iPhone X\", as tabulated in qiita.com/usagimaru, "
        + "\"iPhone X のセーフエリア\"; useyourloaf.com, \"Supporting iPhone X\": 34 points "
        + "at the bottom, 44 at each side in landscape)"

    /// The height a bar that IB simulates over a controller's view adds to that side of its
    /// safe area, in portrait on a phone: a navigation bar or toolbar 44 points, a tab bar
    /// 49, a navigation bar with a prompt 74 (Apple's iOS Human Interface Guidelines, "Bars",
    /// through iOS 12: navigation bar and toolbar 44 points, tab bar 49; a prompt adds a 30-point
    /// line). An opaque bar (`translucent="NO"`) adds nothing: UIKit lays the view out below it.
    /// A bar this table does not know adds nothing.
    public static func barHeight(_ bar: IBSimulatedBar) -> Double {
        if bar.opaque { return 0 }
        switch bar.elementName {
        case "simulatedNavigationBarMetrics": return bar.prompted ? 74 : 44
        case "simulatedToolbarMetrics": return 44
        case "simulatedTabBarMetrics": return 49
        default: return 0
        }
    }

    /// Only screens whose insets a source states are listed; another screen size gets 0 on
    /// every side the document's own constraints do not give (IB's device ids do not name one
    /// size: `retina6_1` was 414x896 before Xcode 12 and 390x844 after).
    public static let devices: [DeviceRow] = [
        DeviceRow(
            width: 320, height: 480, ids: ["retina3_5"], devices: "iPhone 4s",
            portrait: insets(20, 0, 0, 0),
            landscape: insets(0, 0, 0, 0), source: statusBarSource),
        DeviceRow(
            width: 320, height: 568, ids: ["retina4_0"], devices: "iPhone 5, SE (1st)",
            portrait: insets(20, 0, 0, 0),
            landscape: insets(0, 0, 0, 0), source: statusBarSource),
        DeviceRow(
            width: 375, height: 667, ids: ["retina4_7"], devices: "iPhone 6 to 8, SE (2nd, 3rd)",
            portrait: insets(20, 0, 0, 0), landscape: insets(0, 0, 0, 0), source: statusBarSource),
        DeviceRow(
            width: 414, height: 736, ids: ["retina5_5"], devices: "iPhone 6 Plus to 8 Plus",
            portrait: insets(20, 0, 0, 0), landscape: insets(0, 0, 0, 0), source: statusBarSource),
        DeviceRow(
            width: 375, height: 812, ids: ["retina5_9"], devices: "iPhone X, XS, 11 Pro",
            portrait: insets(44, 0, 34, 0), landscape: insets(0, 44, 21, 44), source: notchSource),
        DeviceRow(
            width: 414, height: 896, ids: ["retina6_5"],
            devices: "iPhone XR, XS Max, 11, 11 Pro Max",
            portrait: insets(44, 0, 34, 0), landscape: insets(0, 44, 21, 44), source: notchSource),
    ]

    /// The row whose `ids` include `id` (`retina4_7`). `retina6_1` names no row: Xcode used it
    /// for 414x896 before Xcode 12 and for 390x844 after, and the table has no source for the
    /// insets of 390x844.
    public static func device(id: String) -> DeviceRow? {
        devices.first { $0.ids.contains(id) }
    }

    /// Every id `device(id:)` knows, in table order.
    public static var deviceIDs: [String] { devices.flatMap(\.ids) }

    /// The row for a screen of `width` x `height` points (either orientation) and its insets.
    public static func device(width: Double, height: Double) -> (
        row: DeviceRow, insets: IBInsets, landscape: Bool
    )? {
        for row in devices {
            if row.width == width && row.height == height { return (row, row.portrait, false) }
            if row.width == height && row.height == width { return (row, row.landscape, true) }
        }
        return nil
    }

    /// A font's ascender and descender as fractions of its point size.
    public struct FontMetrics: Sendable, Equatable {
        public var ascender: Double
        public var descender: Double
        public var lineHeight: Double { ascender + descender }
    }

    /// The system font (San Francisco): SF Pro's `hhea` table has unitsPerEm 2048, ascender
    /// 1950 and descender -494, which is why `UIFont.systemFont(ofSize: 17).lineHeight` is
    /// 20.29 (17 x 2444 / 2048). Every font is measured with these ratios: the document names
    /// other fonts but not their metrics, and text fonts' ascenders lie within a few percent of
    /// SF's (a baseline off by well under a point at body sizes).
    public static let systemFont = FontMetrics(ascender: 1950.0 / 2048, descender: 494.0 / 2048)

    /// The point size of a Dynamic Type text style at the default (Large) content size, from
    /// Apple's Human Interface Guidelines, Typography, "iOS Dynamic Type sizes".
    public static let textStyleSizes: [String: Double] = [
        "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleLargeTitle": 34,
        "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22,
        "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17,
        "UICTFontTextStyleBody": 17, "UICTFontTextStyleCallout": 16,
        "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleFootnote": 13,
        "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// The point size a font description gives: its `pointSize`, else its text style's size.
    public static func pointSize(of font: IBFont) -> Double? {
        if let size = font.pointSize, size > 0 { return size }
        if let style = font.style { return textStyleSizes[style] }
        return nil
    }

    /// `baseline F L` for a text view of `height` points drawn in `font`: UILabel, UIButton and
    /// UITextField draw one line of text centred vertically in their bounds, so with one line
    /// (a frame under two lines high) the first baseline is the centring pad plus the
    /// ascender, and the last baseline is the pad plus the descender above the bottom. A frame
    /// two or more lines high is taken as several lines sized to their text: ascender below
    /// the top, descender above the bottom.
    public static func baseline(font: IBFont, height: Double?) -> (first: Double, last: Double)? {
        guard let size = pointSize(of: font) else { return nil }
        let m = systemFont
        let line = m.lineHeight * size
        var pad = 0.0
        if let height, height < 2 * line { pad = max(0, (height - line) / 2) }
        return (pad + m.ascender * size, pad + m.descender * size)
    }

    /// How far a control's frame reaches beyond the rectangle Auto Layout places, on its
    /// right (trailing, in a left-to-right document) side. UISwitch reports an intrinsic
    /// content size of 49x31 and draws in a 51x31 frame (rdar://31777116, "UISwitch's intrinsic
    /// content size is incorrect", 2017: "a UISwitch and views with the same trailing space to
    /// the superview are not trailing-aligned"): the engine lays out a rectangle 49 points
    /// wide and the switch's frame starts where it starts and is 2 points wider. Xcode saves
    /// that frame: a switch pinned to a trailing edge is saved 2 points past it, and one
    /// constrained `width == 49` is saved 51 wide. Other views: 0.
    public static func alignmentOverhang(elementName: String) -> Double {
        elementName == "switch" ? 2 : 0
    }

    /// What `attribute` of a view's frame must be less by to give the same attribute of the
    /// rectangle Auto Layout places (``alignmentOverhang(elementName:)``): the overhang for
    /// its right or trailing edge and its width, half of it for its horizontal centre, 0 for
    /// the rest (its left edge, its vertical attributes, its margins and baselines).
    public static func alignmentOffset(elementName: String, attribute: IBAttribute) -> Double {
        let overhang = alignmentOverhang(elementName: elementName)
        switch attribute {
        case .right, .trailing, .width: return overhang
        case .centerX: return overhang / 2
        default: return 0
        }
    }
}
