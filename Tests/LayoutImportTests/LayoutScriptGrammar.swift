import Foundation

// The `.layout` contract (../shared/layout-format.md, both parts) written down as a checker,
// so tests can read a translated script back as statements and check each one against the
// contract's grammar without the project's parser (which does not know the helpers yet).

/// One statement of a script: its keyword (`constraint` for equations), its words, the label
/// of a constraint, and the `#` comment of its line.
struct ScriptStatement: Equatable {
    var keyword: String
    var words: [String]
    var label: String?
    var text: String
    var comment: String
    var line: Int
}

let statementKeywords: Set<String> = [
    "layout", "canvas", "view", "stack", "guide", "metric", "variant", "set", "hide", "show",
    "priority", "activate", "deactivate", "intrinsic",
]

/// Splits a script into statements: one a line, `;` separates, `#` comments.
func statements(of script: String) -> [ScriptStatement] {
    var out: [ScriptStatement] = []
    for (index, rawLine) in script.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
    {
        var code = String(rawLine)
        var comment = ""
        if let hash = code.firstIndex(of: "#") {
            comment = String(code[code.index(after: hash)...]).trimmingCharacters(in: .whitespaces)
            code = String(code[..<hash])
        }
        for part in code.split(separator: ";") {
            let text = part.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let words = text.split(separator: " ").map(String.init)
            if statementKeywords.contains(words[0]) {
                out.append(
                    ScriptStatement(
                        keyword: words[0], words: words, label: nil, text: text, comment: comment,
                        line: index + 1))
            } else {
                var label: String?
                var body = text
                if let match = text.firstMatch(of: /^([A-Za-z_][A-Za-z0-9_.-]*):\s+/) {
                    label = String(match.1)
                    body = String(text[match.range.upperBound...])
                }
                out.append(
                    ScriptStatement(
                        keyword: "constraint", words: body.split(separator: " ").map(String.init),
                        label: label, text: body, comment: comment, line: index + 1))
            }
        }
    }
    return out
}

let identifierPattern = "[A-Za-z_][A-Za-z0-9_-]*"
let numberPattern = "-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?"
let contractAttributes = [
    "left", "right", "top", "bottom", "width", "height", "centerX", "centerY", "leading",
    "trailing", "minX", "midX", "maxX", "minY", "midY", "maxY", "center", "size", "edges",
    "firstBaseline", "lastBaseline", "baseline", "leftMargin", "rightMargin", "topMargin",
    "bottomMargin", "leadingMargin", "trailingMargin", "centerXWithinMargins",
    "centerYWithinMargins",
]

/// `[A-Za-z_][A-Za-z0-9_-]*`.
func isIdentifier(_ s: String) -> Bool {
    guard let first = s.unicodeScalars.first, first.isASCII,
        first.properties.isAlphabetic || first == "_"
    else { return false }
    return s.unicodeScalars.allSatisfy {
        $0.isASCII
            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
    }
}

/// `IDENT(.IDENT)*`, not `H` or `V`.
func isLabel(_ s: String) -> Bool {
    s != "H" && s != "V"
        && s.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
            isIdentifier(String($0))
        }
}

/// The contract's statement patterns, compiled once per use (compiling them per statement
/// makes the sample test slow).
struct Grammar {
    var patterns: [String: Regex<AnyRegexOutput>] = [:]

    init() {
        for keyword in statementKeywords.union(["constraint"]) {
            patterns[keyword] = try! Regex(grammarPattern(keyword))
        }
    }

    /// Why `statement` does not match the contract's grammar, or nil when it does.
    func problem(_ statement: ScriptStatement) -> String? {
        guard let pattern = patterns[statement.keyword] else {
            return "unknown keyword \(statement.keyword)"
        }
        guard statement.text.wholeMatch(of: pattern) != nil else {
            return "line \(statement.line): '\(statement.text)' does not match \(statement.keyword)"
        }
        if let label = statement.label, !isLabel(label) {
            return "line \(statement.line): label '\(label)' is not a valid label"
        }
        return nil
    }
}

/// The pattern of a statement that starts with `keyword`.
func grammarPattern(_ keyword: String) -> String {
    let n = numberPattern
    let id = identifierPattern
    let priority = "(\(n)|required|high|low)"
    let margins = "margins \(n)( \(n) \(n) \(n))?"
    let pattern: String
    switch keyword {
    case "layout": pattern = "layout \(id)"
    case "canvas":
        pattern =
            "canvas (\(n)|fit) (\(n)|fit)( safe \(n) \(n) \(n) \(n))?( margins \(n) \(n) \(n) \(n))?( direction (ltr|rtl))?"
    case "view":
        pattern =
            "view \(id)( in \(id))?( frame \(n) \(n) \(n) \(n))?( autoresize (left|right|top|bottom|width|height)(,(left|right|top|bottom|width|height))*)?"
            + "( intrinsic (\(n)|-) (\(n)|-)( hug \(priority)( \(priority))?)?( resist \(priority)( \(priority))?)?)?"
            + "( \(margins))?( baseline \(n)( \(n))?)?"
    case "stack":
        pattern =
            "stack \(id)( in \(id))? (H|V)( spacing \(n))?"
            + "( distribute (fill|fillEqually|fillProportionally|equalSpacing|equalCentering))?"
            + "( align (fill|leading|top|center|trailing|bottom|firstBaseline|lastBaseline))?"
            + "( \(margins))?( frame \(n) \(n) \(n) \(n))?"
    case "guide": pattern = "guide \(id)( in \(id))?"
    case "hide", "show": pattern = "(hide|show) \(id)( in \(id))?"
    case "activate", "deactivate":
        pattern = "(activate|deactivate) \(id)(\\.\(id))*( in \(id))?"
    case "variant":
        pattern =
            "variant \(id)( canvas (\(n)|fit) (\(n)|fit))?( safe \(n) \(n) \(n) \(n))?( direction (ltr|rtl))?"
    case "metric": pattern = "metric \(id) \(n)"
    case "set": pattern = "set \(id)(\\.\(id))* \(n)( in \(id))?"
    case "priority": pattern = "priority \(id)(\\.\(id))* \(priority)( in \(id))?"
    case "constraint":
        let attribute = "(\(contractAttributes.joined(separator: "|")))"
        let term = "(\(id)|\\|)(\\.(safe|margins))?\\.\(attribute)"
        let side = "(\(term)( \\* \(n))?( [-+] \(n))?|\(n))"
        pattern = "\(side) (==|<=|>=) \(side)( @ \(priority))?"
    default: pattern = "(?!)"
    }
    return pattern
}

/// The names a script declares (views, stacks, guides), in order.
func declaredNames(_ all: [ScriptStatement]) -> [String] {
    all.filter { ["view", "stack", "guide"].contains($0.keyword) }.map { $0.words[1] }
}

/// The view or guide names a constraint's terms refer to (`root` and `|` included).
func referencedNames(_ statement: ScriptStatement) -> [String] {
    statement.words.compactMap { word in
        guard let dot = word.firstIndex(of: ".") else { return nil }
        let name = String(word[..<dot])
        return name == "|" || isIdentifier(name) ? name : nil
    }
}

extension Array where Element == ScriptStatement {
    func first(_ keyword: String, _ name: String) -> ScriptStatement? {
        first { $0.keyword == keyword && $0.words.count > 1 && $0.words[1] == name }
    }
    /// The constraint whose line carries `# ib:ID`.
    func constraint(ib id: String) -> ScriptStatement? {
        first { $0.keyword == "constraint" && $0.comment.hasPrefix("ib:\(id)") }
    }
    /// The value words after `clause` in a statement (`frame` → the 4 numbers after it).
    func clause(_ keyword: String, _ name: String, _ clause: String, count: Int) -> [String]? {
        guard let s = first(keyword, name), let i = s.words.firstIndex(of: clause),
            i + count < s.words.count
        else { return nil }
        return [String](s.words[(i + 1)...(i + count)])
    }
}
