/// What a number in a layout must be, and the one error for a number that is not.
///
/// The rule's one home: every road a number takes into a layout checks it here — the
/// parser where it reads a number, the command line where it reads an argument, the
/// store where it writes a number that did not come through the parser (a constraint
/// built in Swift, a `set-constant`, a frame), the engine where it derives one (a
/// product of two finite numbers can overflow). Each of them says where the number came
/// from in its own terms (`FILE:LINE:COL`, a usage error); the rule itself is here. The
/// solver takes only numbers that passed it, and asserts that with `precondition`s: a
/// NaN that reaches it is a caller's mistake, not input to explain.
///
///     NumberRule.finite.admits(.nan) == false
///     try NumberRule.size.check(-4, "a frame's size")   // throws: ... >= 0, not -4
package enum NumberRule: Sendable, Equatable {
    /// Any finite number: no NaN, no infinity (a constant, a multiplier, a position).
    case finite
    /// A finite number that is not negative (a size, an inset, an intrinsic size).
    case size

    /// A stack's spacing: any finite number. A negative spacing lets neighbours overlap,
    /// as UIStackView.spacing does ("Use negative values to allow overlap"); under
    /// `equalSpacing` and `equalCentering`, where the spacing is the smallest gap, it is
    /// the most they may overlap (docs/vocabulary.md §7.2). Every road a spacing takes (a
    /// script's `stack ... spacing N` and `set STACK.spacing N`, `set-constant`, `export`,
    /// an Interface Builder import) checks it with this rule.
    package static let spacing: NumberRule = .finite

    /// Whether `value` keeps the rule.
    @inlinable
    package func admits(_ value: Double) -> Bool {
        switch self {
        case .finite: value.isFinite
        case .size: value.isFinite && value >= 0
        }
    }

    /// Throws ``InvalidNumber`` naming `what` (e.g. "a constant") unless `value` keeps
    /// the rule.
    @inlinable
    package func check(_ value: Double, _ what: String) throws(InvalidNumber) {
        if !admits(value) { throw InvalidNumber(what: what, value: value, rule: self) }
    }
}

/// A number that breaks its ``NumberRule``: what it was, its value and the rule.
package struct InvalidNumber: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the number is, with its article: "a constant", "a canvas size".
    package let what: String
    package let value: Double
    package let rule: NumberRule

    package init(what: String, value: Double, rule: NumberRule) {
        self.what = what
        self.value = value
        self.rule = rule
    }

    /// `a frame's size must be a finite number >= 0, not -4`.
    package var description: String {
        "\(what) must be a finite number\(rule == .size ? " >= 0" : ""), not \(formatNumber(value))"
    }
}
