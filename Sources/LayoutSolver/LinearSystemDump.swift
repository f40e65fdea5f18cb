#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A flattened linear system in the benchmark peer's `--dump` format, so the solver can be
/// tested and timed on exactly what kiwi solves:
///
///     vars 404
///     views 101
///     c == 1001001000.0 -375.0 1 2 1.0     # Σ c·var + CONST REL 0, kiwi strength
///     set 235 44.0 60.0                    # the scenario's constant change
///
/// Variables `4i ..< 4i+4` are view i's left, top, width, height (view 0 is the root).
/// Kiwi strengths map back to priorities by the peer's rule `weight = 10^(9p/1000)`.
package struct LinearSystemDump: Sendable {
    package var variableCount: Int
    package var viewCount: Int
    package var constraints:
        [(terms: [(Int32, Double)], relation: Relation, constant: Double, priority: Priority)]
    /// The scenario: constraint index, old and new constant (in `Σ terms REL constant` form).
    package var change: (index: Int, old: Double, new: Double)?

    package struct FormatError: Error, CustomStringConvertible {
        package var line: Int
        package var message: String
        package var description: String { "dump line \(line): \(message)" }
    }

    package init(parsing text: String) throws(FormatError) {
        variableCount = 0
        viewCount = 0
        constraints = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            lineNumber += 1
            let f = line.split(separator: " ")
            func number(_ i: Int) throws(FormatError) -> Double {
                guard i < f.count, let x = Double(f[i]) else {
                    throw FormatError(
                        line: lineNumber, message: "expected a number in field \(i + 1)")
                }
                return x
            }
            // A count or an index is read as a whole number in range: converting any
            // other Double to Int would trap on a damaged or hostile file.
            func whole(_ i: Int, below limit: Int = Int(Int32.max)) throws(FormatError) -> Int {
                let x = try number(i)
                guard x == x.rounded(), x >= 0, x < Double(limit) else {
                    throw FormatError(
                        line: lineNumber,
                        message: "expected a whole number below \(limit) in field \(i + 1)")
                }
                return Int(x)
            }
            switch f.first {
            case "vars": variableCount = try whole(1)
            case "views": viewCount = try whole(1)
            case "set":
                change = (try whole(1), try number(2), try number(3))
            case "c":
                guard f.count >= 5, let relation = Relation(rawValue: String(f[1])) else {
                    throw FormatError(line: lineNumber, message: "bad constraint line")
                }
                let strength = try number(2)
                guard strength > 0, strength.isFinite else {
                    throw FormatError(
                        line: lineNumber, message: "a strength must be a positive number")
                }
                let priority: Priority =
                    strength >= 1e9
                    ? .required
                    : Priority(min(999, max(1, (1000 * log10(strength) / 9).rounded())))
                let k = try whole(4, below: f.count)
                var terms: [(Int32, Double)] = []
                terms.reserveCapacity(k)
                for j in 0..<k {
                    // A variable must be one `vars` declared (it comes first in a dump).
                    let v = try whole(5 + 2 * j, below: variableCount)
                    terms.append((Int32(v), try number(6 + 2 * j)))
                }
                constraints.append((terms, relation, -(try number(3)), priority))
            default:
                throw FormatError(line: lineNumber, message: "unknown line kind '\(f.first ?? "")'")
            }
        }
    }

    /// The constraints as one solver batch over `variables` (at least `variableCount`
    /// of them).
    package func constraintBatch(_ variables: [Variable]) -> ConstraintBatch {
        var terms = 0
        for c in constraints { terms += c.terms.count }
        var batch = ConstraintBatch(reservingConstraints: constraints.count, terms: terms)
        for c in constraints {
            for (v, k) in c.terms { batch.appendTerm(variables[Int(v)], k) }
            batch.endConstraint(c.relation, c.constant, priority: c.priority)
        }
        return batch
    }
}
