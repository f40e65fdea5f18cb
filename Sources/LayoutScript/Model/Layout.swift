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
    public var hug: Priority
    public var resist: Priority

    public init(width: Double?, height: Double?, hug: Priority = .low, resist: Priority = .high) {
        self.width = width
        self.height = height
        self.hug = hug
        self.resist = resist
    }
}

/// What a declared rectangle is: a view, or a layout guide (UILayoutGuide).
public enum ViewKind: String, Hashable, Sendable, Codable {
    case view
    /// Solved like a view and stored with its frame, but never drawn; it has no frame
    /// fallback, no intrinsic size and cannot contain views.
    case guide
}

/// A view declaration: its place in the tree and what it was drawn as.
public struct ViewDeclaration: Hashable, Sendable {
    public var name: String
    public var parent: String
    public var frame: Rect?
    public var autoresize: AutoresizingMask
    public var intrinsic: IntrinsicSize?
    public var kind: ViewKind

    public init(
        name: String, parent: String = "root", frame: Rect? = nil,
        autoresize: AutoresizingMask = [], intrinsic: IntrinsicSize? = nil,
        kind: ViewKind = .view
    ) {
        self.name = name
        self.parent = parent
        self.frame = frame
        self.autoresize = autoresize
        self.intrinsic = intrinsic
        self.kind = kind
    }
}

/// The name of every layout's root view (`|` in equations and VFL).
public let rootViewName = "root"
/// The layout a script starts in.
public let defaultLayoutName = "main"
/// The name that means "the layout itself, no variant" (in SQL and in `--variant`).
public let baseVariantName = "base"
