/// Constraints written in Swift, with their priority and label (`~`).
///
///     header.height == 70 ~ "header.height"     // labelled
///     title.width >= 100 ~ .high                // optional
///     title.center == header.center ~ "title.c" // labels title.c.x and title.c.y
public struct LayoutConstraints: Sendable {
    public var constraints: [Constraint]
    /// For a compound constraint, the label suffix of each component.
    var suffixes: [String]?

    init(_ constraints: [Constraint], suffixes: [String]? = nil) {
        self.constraints = constraints
        self.suffixes = suffixes
    }
}

precedencegroup LayoutAnnotationPrecedence {
    lowerThan: ComparisonPrecedence
    associativity: left
}

infix operator ~ : LayoutAnnotationPrecedence

/// Sets the priority of the constraint(s).
public func ~ (c: LayoutConstraints, priority: Priority) -> LayoutConstraints {
    var copy = c
    for i in copy.constraints.indices { copy.constraints[i].priority = priority }
    return copy
}

/// Labels the constraint; a compound one gets `LABEL.x`/`.y`, `.width`/`.height`,
/// `.top`/`.left`/`.bottom`/`.right`, as in scripts.
public func ~ (c: LayoutConstraints, label: String) -> LayoutConstraints {
    var copy = c
    for i in copy.constraints.indices {
        copy.constraints[i].label = c.suffixes.map { "\(label).\($0[i])" } ?? label
    }
    return copy
}

private func make(_ lhs: LinearExpression, _ r: Relation, _ rhs: LinearExpression) -> Constraint {
    var c = Constraint(lhs: lhs, relation: r, rhs: rhs)
    c.source = ScriptWriter.text(of: c)
    return c
}

public func == <K>(a: LayoutExpression<K>, b: LayoutExpression<K>) -> LayoutConstraints {
    LayoutConstraints([make(a.expression, .equal, b.expression)])
}
public func <= <K>(a: LayoutExpression<K>, b: LayoutExpression<K>) -> LayoutConstraints {
    LayoutConstraints([make(a.expression, .lessOrEqual, b.expression)])
}
public func >= <K>(a: LayoutExpression<K>, b: LayoutExpression<K>) -> LayoutConstraints {
    LayoutConstraints([make(a.expression, .greaterOrEqual, b.expression)])
}

/// Positions and sizes compare with plain numbers too (`header.height == 70`).
public func == <K>(a: LayoutExpression<K>, k: Double) -> LayoutConstraints {
    LayoutConstraints([make(a.expression, .equal, .constant(k))])
}
public func <= <K>(a: LayoutExpression<K>, k: Double) -> LayoutConstraints {
    LayoutConstraints([make(a.expression, .lessOrEqual, .constant(k))])
}
public func >= <K>(a: LayoutExpression<K>, k: Double) -> LayoutConstraints {
    LayoutConstraints([make(a.expression, .greaterOrEqual, .constant(k))])
}

private func compound(_ a: CompoundExpression, _ r: Relation, _ b: CompoundExpression)
    -> LayoutConstraints
{
    precondition(
        a.compound == b.compound, "compound attributes must match (center with center, ...)")
    let components = a.compound.components
    let parts = components.indices.map { i in
        make(
            LinearExpression(
                terms: [Term(view: a.view, attribute: components[i])], constant: a.offsets[i]),
            r,
            LinearExpression(
                terms: [Term(view: b.view, attribute: components[i])], constant: b.offsets[i]))
    }
    return LayoutConstraints(parts, suffixes: components.map { a.compound.suffix(of: $0) })
}

public func == (a: CompoundExpression, b: CompoundExpression) -> LayoutConstraints {
    compound(a, .equal, b)
}
public func <= (a: CompoundExpression, b: CompoundExpression) -> LayoutConstraints {
    compound(a, .lessOrEqual, b)
}
public func >= (a: CompoundExpression, b: CompoundExpression) -> LayoutConstraints {
    compound(a, .greaterOrEqual, b)
}

/// `a.size == 50` (both dimensions).
public func == (a: CompoundExpression, k: Double) -> LayoutConstraints { a == (k, k) }

/// `a.size == (320, 44)`.
public func == (a: CompoundExpression, k: (Double, Double)) -> LayoutConstraints {
    precondition(a.compound == .size, "only size compares with numbers")
    let parts = [(Attribute.width, k.0), (.height, k.1)].map { attribute, value in
        make(
            LinearExpression(terms: [Term(view: a.view, attribute: attribute)]), .equal,
            .constant(value))
    }
    return LayoutConstraints(parts, suffixes: ["width", "height"])
}

/// Collects constraints written one per line.
///
///     let all = constraints {
///         header.top == LayoutView.root.top
///         header.height == 70 ~ "header.height"
///     }
@resultBuilder
public enum ConstraintBuilder {
    public static func buildExpression(_ c: LayoutConstraints) -> [Constraint] { c.constraints }
    public static func buildBlock(_ parts: [Constraint]...) -> [Constraint] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Constraint]?) -> [Constraint] { part ?? [] }
    public static func buildEither(first: [Constraint]) -> [Constraint] { first }
    public static func buildEither(second: [Constraint]) -> [Constraint] { second }
    public static func buildArray(_ parts: [[Constraint]]) -> [Constraint] { parts.flatMap { $0 } }
}

/// The constraints written in the builder block, in order.
public func constraints(@ConstraintBuilder _ build: () -> [Constraint]) -> [Constraint] { build() }
