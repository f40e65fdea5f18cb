/// Stack views written in Swift: a stack and its arranged views (views or nested stacks)
/// in order, as a `stack` statement and the views declared in it.
///
///     let form = stack("form", .vertical, spacing: 12) {
///         stack("row", .horizontal, spacing: 8, align: .center) {
///             ViewDeclaration(name: "label", intrinsic: IntrinsicSize(width: 60, height: 20))
///             ViewDeclaration(name: "field")
///         }
///         ViewDeclaration(name: "submit")
///     }
///     try project.apply(script: form.script)   // then constrain `form` to its parent
public struct LayoutStack: Hashable, Sendable {
    /// The stack's own declaration (kind ``ViewKind/stack``).
    public var declaration: ViewDeclaration
    /// The arranged views in order; a nested stack is one item.
    public var arranged: [StackItem]

    /// The stack and everything arranged in it, parents before their children, each with
    /// its parent set (an arranged view's parent is its stack).
    public var declarations: [ViewDeclaration] {
        var result = [declaration]
        for item in arranged {
            switch item {
            case .view(var view):
                view.parent = declaration.name
                result.append(view)
            case .stack(var nested):
                nested.declaration.parent = declaration.name
                result += nested.declarations
            }
        }
        return result
    }

    /// The declarations as `.layout` script lines (`stack ...`, `view ... in STACK`).
    public var script: String {
        ScriptWriter.script(statements: declarations.map(Statement.view))
    }
}

/// One arranged view of a ``LayoutStack``.
public enum StackItem: Hashable, Sendable {
    case view(ViewDeclaration)
    case stack(LayoutStack)
}

/// Collects a stack's arranged views, one per line.
@resultBuilder
public enum StackBuilder {
    public static func buildExpression(_ view: ViewDeclaration) -> [StackItem] { [.view(view)] }
    public static func buildExpression(_ stack: LayoutStack) -> [StackItem] { [.stack(stack)] }
    public static func buildBlock(_ parts: [StackItem]...) -> [StackItem] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [StackItem]?) -> [StackItem] { part ?? [] }
    public static func buildEither(first: [StackItem]) -> [StackItem] { first }
    public static func buildEither(second: [StackItem]) -> [StackItem] { second }
    public static func buildArray(_ parts: [[StackItem]]) -> [StackItem] { parts.flatMap { $0 } }
}

/// A stack view (UIStackView) named `name` in `parent`, arranging the views the block
/// lists, in order. `margins` also makes the arrangement relative to them.
public func stack(
    _ name: String, in parent: String = rootViewName, _ axis: Attribute.Axis,
    spacing: Double = 0, distribute: StackArrangement.Distribution = .fill,
    align: StackArrangement.Alignment = .fill, margins: Insets? = nil,
    @StackBuilder _ arranged: () -> [StackItem]
) -> LayoutStack {
    LayoutStack(
        declaration: ViewDeclaration(
            name: name, parent: parent, kind: .stack, margins: margins,
            stack: StackArrangement(
                axis: axis, spacing: spacing, distribution: distribute, alignment: align)),
        arranged: arranged())
}
