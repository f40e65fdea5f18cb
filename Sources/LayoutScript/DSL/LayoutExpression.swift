/// The kind of quantity an attribute measures; it types DSL expressions so that the
/// compiler refuses what Auto Layout's anchors refuse: an x position against a y
/// position, or a size against a position.
public protocol AttributeKind {}
/// Horizontal positions: `left`, `right`, `centerX` (and their aliases).
public enum XPosition: AttributeKind {}
/// Vertical positions: `top`, `bottom`, `centerY`.
public enum YPosition: AttributeKind {}
/// Sizes: `width`, `height` — and distances, the difference of two positions.
public enum Dimension: AttributeKind {}

/// A linear expression of view attributes of one kind, built with `+`, `-`, `*`, `/`.
///
///     title.width >= header.width * 0.5 + 5
///     body.left - title.right            // a Dimension: the gap between them
public struct LayoutExpression<Kind: AttributeKind>: Sendable {
    public var expression: LinearExpression

    public init(_ expression: LinearExpression) { self.expression = expression }

    init(_ view: String, _ attribute: Attribute) {
        expression = LinearExpression(terms: [Term(view: view, attribute: attribute)])
    }

    public static func + (a: Self, b: Self) -> Self { Self(a.expression + b.expression) }
    public static func - (a: Self, b: Self) -> Self { Self(a.expression - b.expression) }
    public static func + (a: Self, k: Double) -> Self { Self(a.expression + .constant(k)) }
    public static func - (a: Self, k: Double) -> Self { Self(a.expression - .constant(k)) }
    public static func * (a: Self, k: Double) -> Self { Self(a.expression * k) }
    public static func * (k: Double, a: Self) -> Self { Self(a.expression * k) }
    public static func / (a: Self, k: Double) -> Self { Self(a.expression * (1 / k)) }
    public static prefix func - (a: Self) -> Self { Self(a.expression * -1) }
}

/// The distance between two positions is a dimension: `b.left - a.right == 8`.
public func - (a: LayoutExpression<XPosition>, b: LayoutExpression<XPosition>) -> LayoutExpression<
    Dimension
> {
    LayoutExpression(a.expression - b.expression)
}

public func - (a: LayoutExpression<YPosition>, b: LayoutExpression<YPosition>) -> LayoutExpression<
    Dimension
> {
    LayoutExpression(a.expression - b.expression)
}

/// A view of a layout, by name, with its attributes as typed expressions.
///
///     let header = LayoutView("header"), title = LayoutView("title")
///     title.center == header.center
///     header.height == 70 ~ "header.height"
public struct LayoutView: Sendable, ExpressibleByStringLiteral {
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }

    /// The root view (`|` in scripts).
    public static let root = LayoutView(rootViewName)

    public var left: LayoutExpression<XPosition> { .init(name, .left) }
    public var right: LayoutExpression<XPosition> { .init(name, .right) }
    public var centerX: LayoutExpression<XPosition> { .init(name, .centerX) }
    /// The edge where text starts: left, or right under `direction rtl` (kept as
    /// written, as a script's `leading` is; not to be related to `left`/`right`).
    public var leading: LayoutExpression<XPosition> { .init(name, .leading) }
    /// The edge where text ends: right, or left under `direction rtl`.
    public var trailing: LayoutExpression<XPosition> { .init(name, .trailing) }
    public var top: LayoutExpression<YPosition> { .init(name, .top) }
    public var bottom: LayoutExpression<YPosition> { .init(name, .bottom) }
    public var centerY: LayoutExpression<YPosition> { .init(name, .centerY) }
    public var width: LayoutExpression<Dimension> { .init(name, .width) }
    public var height: LayoutExpression<Dimension> { .init(name, .height) }
    /// The first line's baseline (`view ... baseline F`; a view without text: its top).
    public var firstBaseline: LayoutExpression<YPosition> { .init(name, .firstBaseline) }
    /// The last line's baseline (a view without text: its bottom).
    public var lastBaseline: LayoutExpression<YPosition> { .init(name, .lastBaseline) }

    /// The view's layout margins guide (`VIEW.margins.ATTR`): its edges inset by its
    /// margins, as UIView.layoutMarginsGuide.
    ///
    ///     title.leading == card.margins.leading
    public var margins: GuideAnchors { GuideAnchors(view: name, guide: .margins) }

    /// The root's safe-area guide (`|.safe.ATTR`), as safeAreaLayoutGuide. Only the root
    /// has one (a script's `card.safe.top` is an error); asking another view for it is a
    /// programming error.
    ///
    ///     header.top == LayoutView.root.safe.top
    public var safe: GuideAnchors {
        precondition(
            name == rootViewName, "only the root view has a safe area (LayoutView.root.safe)")
        return GuideAnchors(view: name, guide: .safe)
    }

    /// centerX and centerY together: `a.center == b.center` is two constraints.
    public var center: CompoundExpression { CompoundExpression(view: name, compound: .center) }
    /// width and height together: `a.size == b.size`, `a.size == 50`.
    public var size: CompoundExpression { CompoundExpression(view: name, compound: .size) }
    /// top, left, bottom, right: `a.edges == b.edges`, `a.edges == b.edges.inset(8)`.
    public var edges: CompoundExpression { CompoundExpression(view: name, compound: .edges) }
}

/// The attributes of a view's margins guide or of the root's safe area: the view's
/// edges inset by constants, typed like the view's own attributes.
public struct GuideAnchors: Sendable {
    public let view: String
    public let guide: Attribute.Guide

    private func x(_ margins: Attribute, _ safe: Attribute) -> LayoutExpression<XPosition> {
        .init(view, guide == .margins ? margins : safe)
    }
    private func y(_ margins: Attribute, _ safe: Attribute) -> LayoutExpression<YPosition> {
        .init(view, guide == .margins ? margins : safe)
    }
    private func size(_ margins: Attribute, _ safe: Attribute) -> LayoutExpression<Dimension> {
        .init(view, guide == .margins ? margins : safe)
    }

    public var left: LayoutExpression<XPosition> { x(.marginsLeft, .safeLeft) }
    public var right: LayoutExpression<XPosition> { x(.marginsRight, .safeRight) }
    public var centerX: LayoutExpression<XPosition> { x(.marginsCenterX, .safeCenterX) }
    public var leading: LayoutExpression<XPosition> { x(.marginsLeading, .safeLeading) }
    public var trailing: LayoutExpression<XPosition> { x(.marginsTrailing, .safeTrailing) }
    public var top: LayoutExpression<YPosition> { y(.marginsTop, .safeTop) }
    public var bottom: LayoutExpression<YPosition> { y(.marginsBottom, .safeBottom) }
    public var centerY: LayoutExpression<YPosition> { y(.marginsCenterY, .safeCenterY) }
    public var width: LayoutExpression<Dimension> { size(.marginsWidth, .safeWidth) }
    public var height: LayoutExpression<Dimension> { size(.marginsHeight, .safeHeight) }
}

/// Several attributes of one view at once (`center`, `size`, `edges`).
public struct CompoundExpression: Sendable {
    public let view: String
    public let compound: CompoundAttribute
    /// Per component, the constant added (edges: insets turned into offsets).
    public var offsets: [Double]

    init(view: String, compound: CompoundAttribute) {
        self.view = view
        self.compound = compound
        offsets = compound.components.map { _ in 0 }
    }

    /// Edges moved inwards by `amount` (top and left +amount, bottom and right -amount).
    public func inset(_ amount: Double) -> CompoundExpression {
        precondition(compound == .edges, "inset(_:) is for edges")
        var copy = self
        copy.offsets = [amount, amount, -amount, -amount]
        return copy
    }

    /// `center + (dx, dy)`, `size + (dw, dh)`.
    public static func + (a: CompoundExpression, offset: (Double, Double)) -> CompoundExpression {
        precondition(a.compound != .edges, "use inset(_:) for edges")
        var copy = a
        copy.offsets = [a.offsets[0] + offset.0, a.offsets[1] + offset.1]
        return copy
    }
}
