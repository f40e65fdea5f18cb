/// Each model value's numbers against ``NumberRule``, named as errors name them. The
/// parser checks a script's numbers as it reads them (with a caret); these are for values
/// built in Swift or taken from the command line, which the store checks before it
/// writes them.
extension Constraint {
    package func checkNumbers() throws(InvalidNumber) {
        try NumberRule.finite.check(lhs.constant, "a constant")
        try NumberRule.finite.check(rhs.constant, "a constant")
        try NumberRule.finite.check(constant, "a constant")
        // Each side on its own, not `lhs.terms + rhs.terms`: no array made per constraint.
        for term in lhs.terms { try NumberRule.finite.check(term.coefficient, "a multiplier") }
        for term in rhs.terms { try NumberRule.finite.check(term.coefficient, "a multiplier") }
    }
}

extension Rect {
    /// A drawn frame: any position, a size not negative.
    package func checkNumbers() throws(InvalidNumber) {
        try NumberRule.finite.check(x, "a frame's x")
        try NumberRule.finite.check(y, "a frame's y")
        try NumberRule.size.check(width, "a frame's size")
        try NumberRule.size.check(height, "a frame's size")
    }
}

extension Size {
    package func checkNumbers(_ what: String) throws(InvalidNumber) {
        try NumberRule.size.check(width, what)
        try NumberRule.size.check(height, what)
    }
}

extension IntrinsicSize {
    package func checkNumbers() throws(InvalidNumber) {
        if let width { try NumberRule.size.check(width, "an intrinsic size") }
        if let height { try NumberRule.size.check(height, "an intrinsic size") }
    }
}
