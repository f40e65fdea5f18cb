/// What a name names, for the one naming rule (``Identifier``) and its errors.
public enum NameKind: String, Sendable, Hashable {
    case layout, view, metric, variant, label
}

/// The one rule for names, wherever they enter a project (a script, the command line, the
/// Swift API) and wherever they leave it (`export`).
///
/// Layouts, views, metrics and variants are identifiers, `[A-Za-z_][A-Za-z0-9_-]*`, exactly
/// what the script lexer reads as one name (`layout-format.md`). A label is identifiers
/// joined by dots (`header.height`), which may end in numbers (`gap.2`, as a labelled VFL
/// line names its constraints), and `H` and `V` are not labels (they
/// start a VFL line). A name outside the rule could be stored (plain SQL does not ask), but a
/// script could not say it, or would say something else: `export` refuses it instead.
public enum Identifier {
    /// Whether `name` is an identifier: a letter or `_`, then letters, digits, `_` and `-`.
    public static func isValid(_ name: String) -> Bool {
        var utf8 = name.utf8.makeIterator()
        guard let first = utf8.next(), ASCII.isLetter(first) else { return false }
        while let b = utf8.next() {
            guard ASCII.isWord(b) || b == ASCII.minus else { return false }
        }
        return true
    }

    /// Whether `label` is a constraint label: identifiers, then numbers (`gap.2`: a
    /// labelled VFL line numbers its constraints), joined by dots; not `H` or `V`.
    public static func isValidLabel(_ label: String) -> Bool {
        guard label != "H", label != "V" else { return false }
        // One pass over the bytes (a label is checked for each labelled constraint of a
        // script): `part` is what the current part between dots is so far.
        enum Part { case empty, name, number }
        var part = Part.empty
        var names = 0
        var numbers = false
        for b in label.utf8 {
            switch part {
            case .empty:
                if !numbers, ASCII.isLetter(b) {
                    (part, names) = (.name, names + 1)
                } else if names > 0, ASCII.isDigit(b) {
                    // Numbers come last (`gap.1.2`): the lexer reads `1.b` as a malformed number.
                    (part, numbers) = (.number, true)
                } else {
                    return false
                }
            case .name:
                if b == ASCII.dot {
                    part = .empty
                } else if !(ASCII.isWord(b) || b == ASCII.minus) {
                    return false
                }
            case .number:
                if b == ASCII.dot {
                    part = .empty
                } else if !ASCII.isDigit(b) {
                    return false
                }
            }
        }
        return part != .empty
    }

    /// Whether `name` is valid for `kind` (see ``isValid(_:)`` and ``isValidLabel(_:)``).
    public static func isValid(_ name: String, as kind: NameKind) -> Bool {
        kind == .label ? isValidLabel(name) : isValid(name)
    }

    /// Throws ``InvalidNameError`` unless `name` is valid for `kind`.
    public static func check(_ name: String, as kind: NameKind, at location: SourceLocation? = nil)
        throws(InvalidNameError)
    {
        guard isValid(name, as: kind) else {
            throw InvalidNameError(kind: kind, name: name, location: location)
        }
    }
}

/// A name that breaks the naming rule (``Identifier``): bad input (LayoutStore gives it
/// that error kind, as it does ``ParseError``).
///
///     "iphone.se" cannot be a variant name: a name is a letter or '_' followed by letters,
///     digits, '_' and '-' (e.g. compact, iphone_se)
public struct InvalidNameError: Error, CustomStringConvertible, Hashable, Sendable {
    public var kind: NameKind
    public var name: String
    /// Where the name was read, when it came from a script.
    public var location: SourceLocation?
    /// Set when the name was already stored and `export` refused to write it.
    public var inExport = false

    public init(
        kind: NameKind, name: String, location: SourceLocation? = nil, inExport: Bool = false
    ) {
        self.kind = kind
        self.name = name
        self.location = location
        self.inExport = inExport
    }

    /// The rule every name follows, as errors say it.
    package static let nameRule =
        "a name is an ASCII letter or '_' followed by ASCII letters, digits, '_' and '-'"

    /// Names of the kind that follow the rule, for the message.
    private var examples: String {
        switch kind {
        case .view: "header, title_label"
        case .layout: "main, sign-in"
        case .metric: "margin, gap_2"
        case .variant, .label: "compact, iphone_se"
        }
    }

    public var description: String {
        // debugDescription quotes the name and escapes line breaks, so the message stays
        // one line whatever the name holds.
        let rule =
            kind == .label
            ? "a label is names joined by dots (e.g. header.height, gap.2), not H or V, where "
                + Self.nameRule
            : Self.nameRule + " (e.g. \(examples))"
        let head = (location.map { "\($0): " } ?? "") + "\(name.debugDescription) "
        if inExport {
            return head
                + "is stored as a \(kind.rawValue) name but a script cannot spell it, so "
                + "export would not apply back as the same project; rename it: \(rule)"
        }
        return head + "cannot be a \(kind.rawValue) name: \(rule)"
    }
}
