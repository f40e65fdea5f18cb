/// Apple's Visual Format Language, as NSLayoutConstraint.constraints(withVisualFormat:):
///
///     [orientation:] [| connection] view (connection view)* [connection |]
///     view        = '[' name ['(' predicate (',' predicate)* ')'] ']'
///     connection  = '' (flush, 0) | '-' (standard) | '-' (number | metric) '-'
///                 | '-' '(' predicate (',' predicate)* ')' '-'
///     predicate   = [relation] (number | metric | view) ['@' priority]
///
/// A line yields, in reading order, one constraint per spacing predicate and per view
/// predicate. `[a]-8-[b]` is `b.leading == a.trailing + 8`; `|-8-[a]` is
/// `a.leading == |.leading + 8`; `[a]-8-|` is `|.trailing == a.trailing + 8` (Apple's
/// shapes). An `H:` line runs from leading to trailing, as Apple's default option
/// `directionLeadingToTrailing` lays it out: left to right, mirrored under `direction rtl`.
extension StatementParser {
    private struct Predicate {
        var relation: Relation
        var constant: Double
        var view: String?
        var priority: Priority
    }

    /// A connection's predicates; nil for `-` alone (8 between views, 20 to the superview).
    private typealias Connection = [Predicate]?

    private enum Item {
        case superview
        case view(String)
    }

    /// Parses a VFL line (the cursor is after `H:`/`V:`, if any). `parents` maps the views
    /// declared so far to their parents: `|` is the parent of the view next to it.
    mutating func parseVisualFormat(
        label: String?, axis: Attribute.Axis, parents: [String: String]
    ) throws(ParseError) -> [Constraint] {
        let (leading, trailing, size): (Attribute, Attribute, Attribute) =
            axis == .horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        var constraints: [Constraint] = []
        func add(_ lhs: Term, _ predicate: Predicate, _ rhs: Term?) {
            constraints.append(
                Constraint(
                    lhs: LinearExpression(terms: [lhs]), relation: predicate.relation,
                    rhs: LinearExpression(
                        terms: rhs.map { [$0] } ?? [], constant: predicate.constant),
                    priority: predicate.priority, source: source, origin: origin))
        }
        func spacing(_ connection: Connection, toSuperview: Bool) -> [Predicate] {
            connection ?? [
                Predicate(relation: .equal, constant: toSuperview ? 20 : 8, priority: .required)
            ]
        }

        guard cursor.isSymbol(ASCII.bar) || cursor.isSymbol(ASCII.lbracket) else {
            throw cursor.error(
                at: cursor.current,
                "expected '|' or '[' to start the visual format, found "
                    + cursor.describe(cursor.current),
                hint: cursor.current.kind == .identifier
                    ? "'H:' and 'V:' start a visual format line; "
                        + "they are not labels" : nil)
        }
        var previous: Item?
        var pending: Connection = []
        if cursor.isSymbol(ASCII.bar) {
            cursor.advance()
            previous = .superview
            pending = try parseConnection()
        }
        while cursor.isSymbol(ASCII.lbracket) {
            let open = cursor.advance()
            let nameToken = cursor.current
            let name = try cursor.identifier("a view name after '['")
            references.append(ViewReference(name: name, offset: nameToken.start))
            switch previous {
            case .superview?:
                let parent = parents[name] ?? rootViewName
                for p in spacing(pending, toSuperview: true) {
                    add(
                        Term(view: name, attribute: leading), p,
                        Term(view: parent, attribute: leading))
                }
            case .view(let before)?:
                for p in spacing(pending, toSuperview: false) {
                    add(
                        Term(view: name, attribute: leading), p,
                        Term(view: before, attribute: trailing))
                }
            case nil: break
            }
            if cursor.isSymbol(ASCII.lparen) {
                cursor.advance()
                for p in try parsePredicates(allowViews: true) {
                    add(
                        Term(view: name, attribute: size), p,
                        p.view.map { Term(view: $0, attribute: size) })
                }
            }
            let line = cursor.line
            try cursor.expect(
                ASCII.rbracket, "to close the '[' at column \(line.column(of: open.start))")
            previous = .view(name)
            pending = try parseConnection()
        }
        guard case .view(let last)? = previous else {
            throw cursor.error(
                at: cursor.current,
                "expected a view '[name]' in the visual format, found "
                    + cursor.describe(cursor.current))
        }
        if cursor.isSymbol(ASCII.bar) {
            cursor.advance()
            let parent = parents[last] ?? rootViewName
            for p in spacing(pending, toSuperview: true) {
                add(
                    Term(view: parent, attribute: trailing), p,
                    Term(view: last, attribute: trailing))
            }
        }
        try cursor.expectEnd(after: "the visual format")
        if let label {
            for i in constraints.indices { constraints[i].label = "\(label).\(i + 1)" }
        }
        return constraints
    }

    /// What follows a view or the leading `|`: nothing (flush), `-`, `-N-` or `-(...)-`.
    /// Returns `[]` when no connection is written before the end of the line.
    private mutating func parseConnection() throws(ParseError) -> Connection {
        if cursor.isSymbol(ASCII.lbracket) || cursor.isSymbol(ASCII.bar) {
            return [Predicate(relation: .equal, constant: 0, priority: .required)]
        }
        guard cursor.isSymbol(ASCII.minus) else { return [] }
        cursor.advance()
        if cursor.isSymbol(ASCII.lbracket) || cursor.isSymbol(ASCII.bar) { return nil }
        let predicates: [Predicate]
        if cursor.isSymbol(ASCII.lparen) {
            cursor.advance()
            predicates = try parsePredicates(allowViews: false)
        } else if cursor.current.kind == .number || cursor.current.kind == .identifier {
            predicates = [
                Predicate(relation: .equal, constant: try parseConstant(), priority: .required)
            ]
        } else {
            throw cursor.error(
                at: cursor.current,
                "expected a spacing after '-' (a number, a metric, "
                    + "'(predicates)', '[' or '|'), found \(cursor.describe(cursor.current))")
        }
        try cursor.expect(ASCII.minus, "after the spacing")
        guard cursor.isSymbol(ASCII.lbracket) || cursor.isSymbol(ASCII.bar) else {
            throw cursor.error(
                at: cursor.current,
                "expected a view '[name]' or '|' after the spacing, found "
                    + cursor.describe(cursor.current))
        }
        return predicates
    }

    /// `predicate (',' predicate)* ')'` (the `(` already read).
    private mutating func parsePredicates(allowViews: Bool) throws(ParseError) -> [Predicate] {
        var predicates: [Predicate] = []
        repeat {
            if !predicates.isEmpty { cursor.advance() }  // the ','
            var predicate = Predicate(relation: .equal, constant: 0, priority: .required)
            if case .relation(let relation) = cursor.current.kind {
                predicate.relation = relation
                cursor.advance()
            }
            let token = cursor.current
            if allowViews, token.kind == .identifier, metrics[cursor.text(token)] == nil {
                let view = cursor.text(cursor.advance())
                references.append(
                    ViewReference(name: view, offset: token.start, couldBeMetric: true))
                predicate.view = view
            } else {
                predicate.constant = try parseConstant(signed: true)
            }
            if cursor.isSymbol(ASCII.at) {
                cursor.advance()
                predicate.priority = try parsePriority(after: "'@'")
            }
            predicates.append(predicate)
        } while cursor.isSymbol(ASCII.comma)
        try cursor.expect(ASCII.rparen, "or ',' after a predicate")
        return predicates
    }

    /// A number or a metric name (with a sign written against it when `signed`).
    private mutating func parseConstant(signed: Bool = false) throws(ParseError) -> Double {
        var sign = 1.0
        if signed, cursor.isSymbol(ASCII.minus) || cursor.isSymbol(ASCII.plus) {
            if cursor.advance().kind == .symbol(ASCII.minus) { sign = -1 }
        }
        let token = cursor.current
        switch token.kind {
        case .number:
            cursor.advance()
            return sign * token.value
        case .identifier:
            let name = cursor.text(token)
            guard let value = metrics[name] else {
                throw cursor.error(
                    at: token,
                    "unknown metric '\(name)'; define it first with 'metric \(name) NUMBER'",
                    hint: didYouMean(name, metrics.keys))
            }
            cursor.advance()
            return sign * value
        default:
            throw cursor.error(
                at: token, "expected a number or a metric, found \(cursor.describe(token))")
        }
    }
}
