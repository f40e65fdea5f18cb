/// Why a file could not be read as an Interface Builder document at all. (What the reader can
/// skip element by element goes to `IBDocument.skipped` instead.)
public struct IBReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The file cannot be opened or read.
        case unreadable
        /// Not well-formed XML (or not XML at all: a compiled `.nib`, a binary plist).
        case malformedXML
        /// Well-formed XML whose root is not an IB `<document>`.
        case notInterfaceBuilder
        /// An IB document for another platform (macOS, tvOS, watchOS).
        case unsupportedDocumentType
        /// An IB document in a format version other than 3.x (the pre-Xcode 5 `<archive>`).
        case unsupportedVersion
        /// Read, but not as Xcode writes it: an id written twice (a merge that kept both
        /// sides), views nested deeper than ``IBReader/maximumViewDepth``.
        case damaged
    }

    public var kind: Kind
    public var file: String
    /// 1-based; 0 when the error is not at a place in the file (it cannot be opened).
    public var line: Int
    public var column: Int
    /// What is wrong, in one sentence.
    public var message: String
    /// What to do about it.
    public var hint: String?

    public init(
        kind: Kind, file: String, line: Int, column: Int, message: String, hint: String? = nil
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// `FILE:LINE:COL: message`, then the hint on its own line, as the `.layout` parser's
    /// errors read (whoever prints it says `error:` before it).
    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        var text = "\(place): \(message)"
        if let hint { text += "\nhint: \(hint)" }
        return text
    }
}
