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
    var coefficient: Double
    var offset: Int
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

extension StatementParser {
    /// `[LABEL:] LINEAR REL LINEAR [@ PRIORITY]`, expanded into one constraint per component.
    mutating func parseEquation(label: String?) throws(ParseError) -> [Constraint] {
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
            priority = try parsePriority()
        }
        try cursor.expectEnd(after: "the constraint")
        return try resolve(
            lhs: lhs, relation: relation, rhs: rhs, priority: priority, label: label, first: first)
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
        var term = SideTerm(view: view, attribute: .none, coefficient: 1, offset: token.start)
        references.append(
            ViewReference(
                name: view, offset: token.start, couldBeMetric: !cursor.isSymbol(ASCII.dot)))
        guard cursor.isSymbol(ASCII.dot) else { return term }
        cursor.advance()
        let attributeToken = cursor.current
        var name = try cursor.identifier("an attribute after '\(view).'")
        if let guide = Attribute.Guide(rawValue: name) {
            if guide == .safe, view != rootViewName {
                throw cursor.error(
                    at: attributeToken,
                    "only the root has a safe area; '\(view).safe' is not an attribute",
                    hint: "use '|.safe.ATTR' (or 'root.safe.ATTR'), or '\(view).margins.ATTR'")
            }
            guard cursor.isSymbol(ASCII.dot) else {
                throw cursor.error(
                    at: cursor.current,
                    "expected '.' and an attribute after '\(view).\(name)', e.g. "
                        + "'\(view).\(name).top'")
            }
            cursor.advance()
            let innerToken = cursor.current
            let inner = try cursor.identifier("an attribute after '\(view).\(name).'")
            guard let plain = Attribute(parsing: inner), plain.guide == nil,
                plain != .firstBaseline, plain != .lastBaseline
            else {
                throw cursor.error(
                    at: innerToken,
                    "unknown attribute '\(inner)' of the \(guide == .safe ? "safe area" : "margins"); "
                        + "expected left, right, top, bottom, width, height, centerX, "
                        + "centerY or an alias (leading, minX, ...)",
                    hint: didYouMean(inner, Attribute.plainSpellings))
            }
            name = "\(name).\(inner)"
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

    /// `required`, `high`, `low`, a number from 1 to 1000 or a metric.
    mutating func parsePriority() throws(ParseError) -> Priority {
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
                "expected a priority after '@' (a number from 1 to 1000, 'required', "
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
        lhs: Side, relation: Relation, rhs: Side, priority: Priority, label: String?, first: Token
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
                        "'\(term.view)' has no attribute and no other term has one "
                            + "to share", hint: "write e.g. '\(term.view).width'")
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
        func expression(_ side: Side, _ attribute: Attribute, sign: Double) -> LinearExpression {
            LinearExpression(
                terms: side.terms.map { term in
                    if case .simple(let own) = term.attribute, compound == nil {
                        return Term(view: term.view, attribute: own, coefficient: term.coefficient)
                    }
                    return Term(
                        view: term.view, attribute: attribute, coefficient: term.coefficient)
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
}
