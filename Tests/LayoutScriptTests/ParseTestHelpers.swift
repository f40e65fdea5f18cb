import Foundation
import Testing

@testable import LayoutScript

/// The constraints a script yields, in order.
func constraints(_ text: String, metrics: [String: Double] = [:]) throws -> [Constraint] {
    try ScriptParser.parse(text, file: "t.layout", metrics: metrics).compactMap {
        if case .constraint(let constraint) = $0.statement { return constraint }
        return nil
    }
}

/// The constraints a script yields, written back as equations: compact expectations.
func equations(_ text: String, metrics: [String: Double] = [:]) throws -> [String] {
    try constraints(text, metrics: metrics).map(ScriptWriter.text(of:))
}

/// The statements a script yields, without positions.
func statements(_ text: String, metrics: [String: Double] = [:]) throws -> [Statement] {
    try ScriptParser.parse(text, file: "t.layout", metrics: metrics).map(\.statement)
}

/// The error a script is refused with (nil when it parses).
func parseError(_ text: String, metrics: [String: Double] = [:]) -> ParseError? {
    do {
        _ = try ScriptParser.parse(text, file: "t.layout", metrics: metrics)
        return nil
    } catch {
        return error
    }
}

/// `LINE:COL: message` of the error a script is refused with.
func failure(_ text: String, metrics: [String: Double] = [:]) -> String? {
    parseError(text, metrics: metrics).map {
        "\($0.location.line):\($0.location.column): \($0.message)"
    }
}

/// A statement without what a script cannot say again (`source`, `origin`).
func withoutSource(_ statement: Statement) -> Statement {
    guard case .constraint(var constraint) = statement else { return statement }
    constraint.source = ""
    constraint.origin = nil
    return .constraint(constraint)
}

/// `a.attr` as a single-term expression.
func term(_ view: String, _ attribute: Attribute, _ coefficient: Double = 1) -> Term {
    Term(view: view, attribute: attribute, coefficient: coefficient)
}

/// A fixture's text, from the test bundle's `Fixtures` folder.
func fixture(_ path: String) throws -> String {
    let base = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
    return try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
}
