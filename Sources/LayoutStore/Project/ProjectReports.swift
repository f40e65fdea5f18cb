import LayoutScript

/// A view's solved frame, as `frames` prints it.
public struct FrameRow: Hashable, Sendable {
    public var view: String
    public var parent: String
    /// Root coordinates.
    public var frame: Rect
    public var ambiguous: Bool
    /// Stored before an edit that is not re-solved yet (read with ``Project/FrameReading/asStored``).
    public var stale = false
    /// A view, a stack or a layout guide (solved and reported, never drawn).
    public var kind = ViewKind.view
    /// `hide VIEW` in the base or the variant read (UIView.isHidden; drawn faint).
    public var hidden = false
}

/// One view's frame before and after an edit.
public struct FrameChange: Hashable, Sendable {
    public var layout: String
    public var variant: String
    public var view: String
    public var old: Rect?
    public var new: Rect
}

/// What a re-solve did: which parts it solved, which frames changed, what it noticed.
public struct SolveReport: Sendable {
    /// One entry per (layout, variant) solved: how many views and components.
    public struct Part: Hashable, Sendable {
        public var layout: String
        public var variant: String
        /// nil when the whole layout was solved, else the number of dirty components.
        public var components: Int?
        public var views: Int
    }

    public var parts: [Part] = []
    public var changes: [FrameChange] = []
    /// Views whose layout is ambiguous, as "layout/variant: view".
    public var ambiguous: [String] = []

    public init() {}

    mutating func merge(_ other: SolveReport) {
        parts += other.parts
        changes += other.changes
        ambiguous += other.ambiguous
    }
}
