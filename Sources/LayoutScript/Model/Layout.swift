/// A size in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle: origin and size, as UIView.frame.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// UIViewAutoresizing: which margins and dimensions stretch when the superview resizes.
///
/// `left` is FlexibleLeftMargin, `width` FlexibleWidth, and so on (springs and struts).
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let left = AutoresizingMask(rawValue: 1 << 0)
    public static let width = AutoresizingMask(rawValue: 1 << 1)
    public static let right = AutoresizingMask(rawValue: 1 << 2)
    public static let top = AutoresizingMask(rawValue: 1 << 3)
    public static let height = AutoresizingMask(rawValue: 1 << 4)
    public static let bottom = AutoresizingMask(rawValue: 1 << 5)

    /// The flag names in script order, as `autoresize left,width` spells them.
    public static let named: [(String, AutoresizingMask)] = [
        ("left", .left), ("right", .right), ("top", .top),
        ("bottom", .bottom), ("width", .width), ("height", .height),
    ]

    /// The flags as the script spells them, comma-separated (`left,width`).
    public var names: [String] { Self.named.filter { contains($0.1) }.map(\.0) }
}

/// A view's natural content size with its hugging and compression-resistance priorities.
///
/// `nil` for a dimension means no intrinsic size there (`-` in a script).
public struct IntrinsicSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    /// The horizontal hugging and compression resistance (`hug PH PV`'s first number).
    public var hug: Priority
    public var resist: Priority
    /// The vertical ones, as UIKit keeps one per axis.
    public var verticalHug: Priority
    public var verticalResist: Priority

    /// `verticalHug`/`verticalResist` default to `hug`/`resist` (`hug P` sets both axes).
    public init(
        width: Double?, height: Double?, hug: Priority = .low, resist: Priority = .high,
        verticalHug: Priority? = nil, verticalResist: Priority? = nil
    ) {
        self.width = width
        self.height = height
        self.hug = hug
        self.resist = resist
        self.verticalHug = verticalHug ?? hug
        self.verticalResist = verticalResist ?? resist
    }
}

/// Insets of a rectangle's four edges (top, left, bottom, right, as UIEdgeInsets).
public struct Insets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    /// The same inset on every side.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }
    public static let zero = Insets(all: 0)

    /// Both insets added edge by edge (the root's margins measured from its safe area).
    public static func + (a: Insets, b: Insets) -> Insets {
        Insets(
            top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom,
            right: a.right + b.right)
    }
}

/// `baseline F [L]`: the first baseline `F` below the top, the last `L` above the bottom
/// (nil: a single line, so the last baseline is the first).
public struct Baselines: Hashable, Sendable {
    public var first: Double
    public var last: Double?
    public init(first: Double, last: Double? = nil) {
        self.first = first
        self.last = last
    }
}

/// The layout's writing direction: which side `leading` and `trailing` are on.
public enum LayoutDirection: String, Hashable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// What a declared rectangle is: a view, or a layout guide (UILayoutGuide).
public enum ViewKind: String, Hashable, Sendable, Codable {
    case view
    /// Solved like a view and stored with its frame, but never drawn; it has no frame
    /// fallback, no intrinsic size and cannot contain views.
    case guide
    /// A stack view (UIStackView): a view that arranges the views declared in it
    /// (``ViewDeclaration/stack`` says how).
    case stack
}

/// A view declaration: its place in the tree and what it was drawn as.
public struct ViewDeclaration: Hashable, Sendable {
    public var name: String
    public var parent: String
    public var frame: Rect?
    public var autoresize: AutoresizingMask
    public var intrinsic: IntrinsicSize?
    public var kind: ViewKind
    /// The layout margins (nil: UIKit's default, 8 on every side).
    public var margins: Insets?
    /// Where its text's baselines are (nil: a view without text).
    public var baseline: Baselines?
    /// How a stack arranges its arranged views (nil for everything but a stack).
    public var stack: StackArrangement?
    /// `hide VIEW` (UIView.isHidden): in a stack the view leaves the arrangement;
    /// elsewhere only the flag changes.
    public var isHidden = false

    /// UIView's default layout margins.
    public static let defaultMargins = Insets(all: 8)

    public init(
        name: String, parent: String = "root", frame: Rect? = nil,
        autoresize: AutoresizingMask = [], intrinsic: IntrinsicSize? = nil,
        kind: ViewKind = .view, margins: Insets? = nil, baseline: Baselines? = nil,
        stack: StackArrangement? = nil, isHidden: Bool = false
    ) {
        self.stack = stack
        self.isHidden = isHidden
        self.margins = margins
        self.baseline = baseline
        self.name = name
        self.parent = parent
        self.frame = frame
        self.autoresize = autoresize
        self.intrinsic = intrinsic
        self.kind = kind
    }
}

/// The root's layout margins when the script gives none: a view controller's root view on
/// iPhone (UIKit's system minimum), 0 at top and bottom, 16 at the sides below 414
/// points of width, 20 from there; measured from the safe area.
public func defaultRootMargins(canvasWidth: Double) -> Insets {
    let side = canvasWidth < 414 ? 16.0 : 20.0
    return Insets(top: 0, left: side, bottom: 0, right: side)
}

/// The name of every layout's root view (`|` in equations and VFL).
public let rootViewName = "root"
/// The layout a script starts in.
public let defaultLayoutName = "main"
/// The name that means "the layout itself, no variant" (in SQL and in `--variant`).
public let baseVariantName = "base"
