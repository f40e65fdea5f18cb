/// One statement of a `.layout` script, already expanded: a compound constraint or a
/// VFL line arrives as several `.constraint` statements.
package enum Statement: Hashable, Sendable {
    /// `layout NAME`: switch to (and create if needed) a layout.
    case layout(String)
    /// `canvas W H [safe T L B R] [margins T L B R]`: the root view's size in the current
    /// layout, its safe-area insets (nil: none) and layout margins (nil: the system minimum).
    case canvas(
        Size, safe: Insets? = nil, margins: Insets? = nil, direction: LayoutDirection? = nil)
    /// `view NAME [in PARENT] [frame X Y W H] [autoresize ...] [intrinsic W H ...]`.
    case view(ViewDeclaration)
    /// `metric NAME NUMBER`: a named number (already substituted where used).
    case metric(name: String, value: Double)
    /// An equation or one constraint of a compound constraint or a VFL line.
    case constraint(Constraint)
    /// `variant NAME [canvas W H] [safe T L B R]` (nil: the layout's).
    case variant(
        name: String, canvas: Size?, safe: Insets? = nil, direction: LayoutDirection? = nil)
    /// `set LABEL CONSTANT [in VARIANT]`.
    case set(label: String, constant: Double, variant: String?)
    /// `priority LABEL P [in VARIANT]`.
    case priority(label: String, priority: Priority, variant: String?)
    /// `activate LABEL [in VARIANT]` (`isActive` true) or `deactivate LABEL [in VARIANT]`.
    case activate(label: String, isActive: Bool, variant: String?)
    /// `intrinsic VIEW W H [hug ...] [resist ...] [in VARIANT]`: the view's intrinsic size
    /// (`- -`: none), in the base or in one variant.
    case intrinsic(view: String, size: IntrinsicSize, variant: String?)
    /// Follows a `canvas` (variant nil) or `variant NAME canvas` statement whose width or
    /// height is `fit`: that dimension is as small as the constraints allow.
    case fit(width: Bool, height: Bool, variant: String?)
    /// `hide VIEW [in VARIANT]` (`hidden`), `show VIEW [in VARIANT]` (not `hidden`).
    case hide(view: String, hidden: Bool, variant: String?)
}

/// A statement with the place and text it came from.
package struct LocatedStatement: Hashable, Sendable {
    package var statement: Statement
    package var location: SourceLocation
    /// The statement's text, trimmed, without comment.
    package var text: String

    package init(statement: Statement, location: SourceLocation, text: String) {
        self.statement = statement
        self.location = location
        self.text = text
    }
}
