/// What a term of an equation names: nothing yet (`header`, to be taken from the left
/// side), one attribute, or a compound one that expands into several constraints.
enum AttributeReference: Equatable {
    case none
    case simple(Attribute)
    case compound(CompoundAttribute)

    var name: String {
        switch self {
        case .none: ""
        case .simple(let attribute): attribute.rawValue
        case .compound(let compound): compound.rawValue
        }
    }
}

/// A term before attributes are resolved; `offset` is where it was written, for errors.
struct SideTerm {
    var view: String
    var attribute: AttributeReference
    /// The guide written before a compound attribute or in place of an attribute
    /// (`|.safe.edges`, `card.margins`): the term reads each component, or the attribute the
    /// constraint shares, on that guide. Nil for a single attribute, which names its guide
    /// itself (`margins.left`).
    var guide: Attribute.Guide?
    var coefficient: Double
    var offset: Int
    /// Where the attribute (or its guide) was written; the view's offset when it is shared.
    var attributeOffset: Int

    /// `view`, and its guide when the term names one without an attribute (`root.safe`).
    var written: String { guide.map { "\(view).\($0.rawValue)" } ?? view }
}

/// One side of an equation before attributes are resolved.
struct Side {
    var terms: [SideTerm] = []
    var constant: Double = 0

    func scaled(by k: Double) -> Side {
        var result = self
        for i in result.terms.indices { result.terms[i].coefficient *= k }
        result.constant *= k
        return result
    }
}

/// Parentheses deeper than this are refused, so that no input can overflow the stack.
let maximumNestingDepth = 256

/// The names an attribute may be written as, for `did you mean` hints.
let attributeSpellings = Attribute.spellings + CompoundAttribute.allCases.map(\.rawValue)

/// The names an attribute of the margins or the safe area may be written as (after
/// `margins.`/`safe.`), for `did you mean` hints.
let guideAttributeSpellings =
    Attribute.plainSpellings + CompoundAttribute.allCases.map(\.rawValue)

extension StatementParser {
    /// `[LABEL:] LINEAR REL LINEAR [@ PRIORITY]`, expanded into one constraint per component.
    ///
    /// `state` says which views are layout guides, which have no margins or baselines.
    mutating func parseEquation(label: String?, state: ParseState) throws(ParseError)
        -> [Constraint]
    {
        let first = cursor.current
        let lhs = try parseSum(depth: 0)
        guard case .relation(let relation) = cursor.current.kind else {
            let found = cursor.current
            var hint: String?
            if found.kind == .identifier, cursor.text(found).contains("-") {
                hint = "names may contain '-'; put spaces around a minus sign"
            }
            throw cursor.error(
                at: found,
                "expected '==', '<=' or '>=' after the left side, found "
                    + cursor.describe(found), hint: hint)
        }
        cursor.advance()
        let rhs = try parseSum(depth: 0)
        var priority = Priority.required
        if cursor.isSymbol(ASCII.at) {
            cursor.advance()
            priority = try parsePriority(after: "'@'")
        }
        try cursor.expectEnd(after: "the constraint")
        return try resolve(
            lhs: lhs, relation: relation, rhs: rhs, priority: priority, label: label, first: first,
            state: state)
    }

    /// `term (('+' | '-') term)*`
    mutating func parseSum(depth: Int) throws(ParseError) -> Side {
        var result = try parseProduct(depth: depth)
        while cursor.isSymbol(ASCII.plus) || cursor.isSymbol(ASCII.minus) {
            let negative = cursor.advance().kind == .symbol(ASCII.minus)
            let next = try parseProduct(depth: depth)
            result.terms += negative ? next.scaled(by: -1).terms : next.terms
            result.constant += negative ? -next.constant : next.constant
        }
        return result
    }

    /// `unary (('*' | '/') unary)*`, refusing products of two views and division by a view.
    mutating func parseProduct(depth: Int) throws(ParseError) -> Side {
        var result = try parseUnary(depth: depth)
        while cursor.isSymbol(ASCII.star) || cursor.isSymbol(ASCII.slash) {
            let op = cursor.advance()
            let operand = try parseUnary(depth: depth)
            if op.kind == .symbol(ASCII.star) {
                if !result.terms.isEmpty && !operand.terms.isEmpty {
                    throw cursor.error(
                        at: op,
                        "non-linear product: both factors of '*' mention a view; "
                            + "one factor must be a number",
                        hint: "a constraint is linear: write e.g. 'a.width == b.width * 0.5'")
                }
                result =
                    result.terms.isEmpty
                    ? operand.scaled(by: result.constant) : result.scaled(by: operand.constant)
            } else {
                if !operand.terms.isEmpty {
                    throw cursor.error(
                        at: op, "cannot divide by a view's attribute; the divisor must be a number")
                }
                if operand.constant == 0 {
                    throw cursor.error(at: op, "division by zero")
                }
                result = result.scaled(by: 1 / operand.constant)
            }
        }
        return result
    }

    /// `('-' | '+')* primary`, looped rather than recursive so `- - - ... x` cannot overflow.
    mutating func parseUnary(depth: Int) throws(ParseError) -> Side {
        var negative = false
        while cursor.isSymbol(ASCII.minus) || cursor.isSymbol(ASCII.plus) {
            if cursor.advance().kind == .symbol(ASCII.minus) { negative.toggle() }
        }
        let value = try parsePrimary(depth: depth)
        return negative ? value.scaled(by: -1) : value
    }

    /// A number, a metric, `VIEW[.ATTR]`, `|[.ATTR]` or `( LINEAR )`.
    mutating func parsePrimary(depth: Int) throws(ParseError) -> Side {
        let token = cursor.current
        switch token.kind {
        case .number:
            cursor.advance()
            return Side(constant: token.value)
        case .symbol(ASCII.lparen):
            guard depth < maximumNestingDepth else {
                throw cursor.error(
                    at: token, "parentheses nested too deeply (more than \(maximumNestingDepth))")
            }
            cursor.advance()
            let inner = try parseSum(depth: depth + 1)
            let line = cursor.line
            try cursor.expect(
                ASCII.rparen, "to close the '(' at column \(line.column(of: token.start))")
            return inner
        case .symbol(ASCII.bar):
            cursor.advance()
            return Side(terms: [try parseViewTerm(view: rootViewName, at: token)])
        case .identifier:
            cursor.advance()
            let name = cursor.text(token)
            if !cursor.isSymbol(ASCII.dot), let value = metrics[name] {
                return Side(constant: value)
            }
            return Side(terms: [try parseViewTerm(view: name, at: token)])
        default:
            throw cursor.error(
                at: token, "expected a number, a view or '(', found \(cursor.describe(token))")
        }
    }

    /// The optional `.ATTR` after a view name.
    private mutating func parseViewTerm(view: String, at token: Token) throws(ParseError)
        -> SideTerm
    {
        var term = SideTerm(
            view: view, attribute: .none, coefficient: 1, offset: token.start,
            attributeOffset: token.start)
        references.append(
            ViewReference(
                name: view, offset: token.start, couldBeMetric: !cursor.isSymbol(ASCII.dot)))
        guard cursor.isSymbol(ASCII.dot) else { return term }
        cursor.advance()
        let attributeToken = cursor.current
        let name = try cursor.identifier("an attribute after '\(view).'")
        term.attributeOffset = attributeToken.start
        if let guide = Attribute.Guide(rawValue: name) {
            if guide == .safe, view != rootViewName {
                throw cursor.error(
                    at: attributeToken,
                    "only the root has a safe area; '\(view).safe' is not an attribute",
                    hint: "use '|.safe.ATTR' (or 'root.safe.ATTR'), or '\(view).margins.ATTR'")
            }
            guard cursor.isSymbol(ASCII.dot) else {
                // `card.margins`, `|.safe`: the guide as a side without an attribute, which
                // reads the one the constraint shares, as a view would (`a.edges == |.safe`
                // is `a.top == |.safe.top; ...`).
                term.guide = guide
                return term
            }
            cursor.advance()
            let innerToken = cursor.current
            let inner = try cursor.identifier("an attribute after '\(view).\(name).'")
            if let compound = CompoundAttribute(rawValue: inner) {
                // A guide has a view's attributes, the compound ones included.
                term.attribute = .compound(compound)
                term.guide = guide
                return term
            }
            if let plain = Attribute(parsing: inner), plain.isBaseline {
                throw cursor.error(
                    at: innerToken,
                    (guide == .safe ? "the safe area has" : "the margins have")
                        + " no baseline: a baseline is a view's own",
                    hint: "use '\(view).\(inner)'")
            }
            guard let plain = Attribute(parsing: inner), plain.guide == nil else {
                throw cursor.error(
                    at: innerToken,
                    "unknown attribute '\(inner)' of the \(guide == .safe ? "safe area" : "margins"); "
                        + "expected left, right, top, bottom, width, height, centerX, "
                        + "centerY, an alias (leading, minX, ...), center, size or edges",
                    hint: didYouMean(inner, guideAttributeSpellings))
            }
            term.attribute = .simple(Attribute(plain, on: guide))
            return term
        }
        if let attribute = Attribute(parsing: name) {
            term.attribute = .simple(attribute)
        } else if let compound = CompoundAttribute(rawValue: name) {
            term.attribute = .compound(compound)
        } else {
            var hint = didYouMean(name, attributeSpellings)
            if let dash = name.firstIndex(of: "-"), Attribute(parsing: String(name[..<dash])) != nil
            {
                let rest = name[name.index(after: dash)...]
                hint = "names may contain '-': write '\(name[..<dash]) - \(rest)'"
            }
            throw cursor.error(
                at: attributeToken,
                "unknown attribute '\(name)'; expected left, right, top, bottom, "
                    + "width, height, centerX, centerY, an alias (leading, minX, ...), "
                    + "center, size, edges, margins.ATTR, a margin (leftMargin, ...) or "
                    + "a baseline (firstBaseline, lastBaseline)", hint: hint)
        }
        return term
    }

    /// `required`, `high`, `low`, a number from 1 to 1000 or a metric; `what` is the word it
    /// follows, which an error names when the priority is missing (`'@'`, `'hug'`).
    mutating func parsePriority(after what: @autoclosure () -> String) throws(ParseError)
        -> Priority
    {
        let token = cursor.current
        let value: Double
        switch token.kind {
        case .number:
            value = token.value
        case .identifier:
            let name = cursor.text(token)
            if let named = Priority(parsing: name), Double(name) == nil {
                cursor.advance()
                return named
            }
            guard let metric = metrics[name] else {
                throw cursor.error(
                    at: token,
                    "unknown priority '\(name)'; expected a number from 1 to 1000, "
                        + "'required', 'high', 'low' or a metric",
                    hint: didYouMean(name, ["required", "high", "low"] + metrics.keys))
            }
            value = metric
        default:
            throw cursor.error(
                at: token,
                "expected a priority after \(what()) (a number from 1 to 1000, 'required', "
                    + "'high' or 'low'), found \(cursor.describe(token))")
        }
        guard let priority = Priority(rawValue: value) else {
            throw cursor.error(
                at: token, "priority \(formatNumber(value)) is out of range; expected 1 to 1000")
        }
        cursor.advance()
        return priority
    }

    /// Gives attribute-less terms the left side's attribute and expands compound attributes.
    private func resolve(
        lhs: Side, relation: Relation, rhs: Side, priority: Priority, label: String?, first: Token,
        state: ParseState
    ) throws(ParseError) -> [Constraint] {
        guard !lhs.terms.isEmpty || !rhs.terms.isEmpty else {
            throw cursor.error(
                at: first, "the constraint mentions no view; expected e.g. 'a.width == 40'")
        }
        let withAttribute = { (term: SideTerm) in term.attribute != .none }
        let inheritedFrom =
            lhs.terms.first(where: withAttribute)
            ?? rhs.terms.first(where: withAttribute)
        let inherited = inheritedFrom?.attribute
        var compound: CompoundAttribute?
        var simpleSeen: SideTerm?
        for term in [lhs.terms, rhs.terms].joined() {
            switch term.attribute {
            case .none:
                guard inherited != nil else {
                    throw cursor.line.error(
                        at: term.offset,
                        "'\(term.written)' has no attribute and no other term has one "
                            + "to share", hint: "write e.g. '\(term.written).width'")
                }
            case .simple: if simpleSeen == nil { simpleSeen = term }
            case .compound(let kind):
                if let compound, compound != kind {
                    throw cursor.line.error(
                        at: term.offset,
                        "cannot mix compound attributes '\(compound.rawValue)' and "
                            + "'\(kind.rawValue)' in one constraint")
                }
                compound = kind
            }
        }
        if let compound, let simple = simpleSeen {
            throw cursor.line.error(
                at: simple.offset,
                "cannot mix the compound attribute '\(compound.rawValue)' with "
                    + "'\(simple.attribute.name)' in one constraint")
        }
        // UIKit raises for a constraint between leading/trailing and left/right: the two
        // would mean different edges once the layout is read right to left.
        let simpleTerms = [lhs.terms, rhs.terms].joined().compactMap {
            term -> (SideTerm, Attribute)? in
            if case .simple(let attribute) = term.attribute { return (term, attribute) }
            return nil
        }
        if let directional = simpleTerms.first(where: { $0.1.isDirectional }),
            let absolute = simpleTerms.first(where: {
                !$0.1.isDirectional && $0.1.mirrored != nil && $0.1.base != .centerX
            })
        {
            throw cursor.line.error(
                at: absolute.0.offset,
                "'\(absolute.0.view).\(absolute.1.rawValue)' is a left/right edge and "
                    + "'\(directional.0.view).\(directional.1.rawValue)' a leading/trailing "
                    + "one; a constraint cannot relate the two (they differ right to left)",
                hint: "use leading/trailing on both sides, or left/right on both")
        }
        let rule = NumberRule.finite
        let finite =
            rule.admits(lhs.constant) && rule.admits(rhs.constant)
            && lhs.terms.allSatisfy { rule.admits($0.coefficient) }
            && rhs.terms.allSatisfy { rule.admits($0.coefficient) }
        if !finite { throw cursor.error(at: first, "a number in the constraint is out of range") }
        // What each term reads, for each attribute the constraint shares (its compound's
        // components, or the one attribute attribute-less terms take), checked once here.
        func checkTerms(_ terms: [SideTerm]) throws(ParseError) {
            for term in terms {
                if let compound {
                    for component in compound.components {
                        try check(
                            term, reading: Self.attribute(of: term, sharing: component),
                            state: state)
                    }
                } else if case .simple(let attribute)? = inherited {
                    try check(
                        term, reading: Self.attribute(of: term, sharing: attribute), state: state)
                }
            }
        }
        try checkTerms(lhs.terms)
        try checkTerms(rhs.terms)
        func expression(_ side: Side, _ attribute: Attribute, sign: Double) -> LinearExpression {
            LinearExpression(
                terms: side.terms.map { term in
                    Term(
                        view: term.view, attribute: Self.attribute(of: term, sharing: attribute),
                        coefficient: term.coefficient)
                },
                constant: side.constant * sign)
        }
        guard let compound else {
            // Attribute-less terms take the inherited attribute (checked above to exist, and
            // simple since no term is compound).
            guard case .simple(let shared)? = inherited else { return [] }
            return [
                Constraint(
                    label: label, lhs: expression(lhs, shared, sign: 1), relation: relation,
                    rhs: expression(rhs, shared, sign: 1), priority: priority, source: source,
                    origin: origin)
            ]
        }
        return compound.components.map { component in
            // `a.edges == b.edges + 8` is an inset: bottom and right move inwards, so their
            // constants change sign and an inequality keeps meaning "at least 8 inside".
            let inward = compound == .edges && (component == .bottom || component == .right)
            return Constraint(
                label: label.map { "\($0).\(compound.suffix(of: component))" },
                lhs: expression(lhs, component, sign: inward ? -1 : 1),
                relation: inward ? relation.flipped : relation,
                rhs: expression(rhs, component, sign: inward ? -1 : 1),
                priority: priority, source: source, origin: origin)
        }
    }

    /// The attribute `term` reads where the constraint shares `shared` (the attribute of the
    /// terms that have one, or a compound's component): its own single attribute, else
    /// `shared` on the term's guide (`|.safe` sharing `top` reads `safe.top`), else `shared`.
    private static func attribute(of term: SideTerm, sharing shared: Attribute) -> Attribute {
        if case .simple(let own) = term.attribute { return own }
        guard let guide = term.guide else { return shared }
        return Attribute(shared.withoutGuide, on: guide)
    }

    /// Refuses what `term` cannot read: a baseline of the margins or the safe area, a safe
    /// area of a view other than the root (shared from the other side), and a layout
    /// guide's margins or baselines (UILayoutGuide has none).
    private func check(_ term: SideTerm, reading attribute: Attribute, state: ParseState)
        throws(ParseError)
    {
        // Most terms read a view's own attribute: nothing to look up.
        guard attribute.guide != nil || attribute.isBaseline else { return }
        if let guide = term.guide, attribute.isBaseline {
            // `Attribute(_:on:)` has no baseline on a guide and gave the view's own.
            throw cursor.line.error(
                at: term.offset, "'\(term.written)' has no baseline: a baseline is a view's own",
                hint: "name an edge of the \(guide == .safe ? "safe area" : "margins"), e.g. "
                    + "'\(term.written).top'")
        }
        if attribute.guide == .safe, term.view != rootViewName {
            throw cursor.line.error(
                at: term.offset,
                "only the root has a safe area; '\(term.view)' would share "
                    + "'\(attribute.rawValue)' from the other side",
                hint: "write the attribute of '\(term.view)' you mean, e.g. "
                    + "'\(term.view).\(attribute.withoutGuide.rawValue)'")
        }
        if state.guides[state.layout]?.contains(term.view) == true,
            let refusal = GuideRule.refusal(
                of: attribute, guide: term.view, owner: state.parents[state.layout]?[term.view])
        {
            throw cursor.line.error(
                at: term.attributeOffset, refusal.message, hint: refusal.hint)
        }
    }
}
