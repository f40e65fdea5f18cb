/// How far a long piece of work has come: which stage, how many units of how many.
/// ``Project`` reports it to ``Project/progress`` while it applies a script or solves;
/// whether and how to show it (a bar on a terminal, nothing in a pipe) is the caller's
/// business, so the library knows nothing of terminals.
///
///     project.progress = { p in log("\(p.stage) \(p.done)/\(p.total) \(p.unit)") }
///     try project.apply(script: text)   // store 0/N lines, ..., solve ..., write ...
public struct WorkProgress: Hashable, Sendable {
    /// The stages of an apply, in order; an edit's re-solve has the last two. An apply
    /// reads and stores its script in one pass (`store`, in lines).
    public enum Stage: String, Hashable, Sendable, CaseIterable {
        case store, solve, write
    }

    public var stage: Stage
    /// What the stage works on, when there are several: `main/compact` for a solve.
    public var subject: String
    public var done: Int
    public var total: Int
    /// What `done` and `total` count: lines, statements, views, frames.
    public var unit: String

    public init(stage: Stage, subject: String = "", done: Int, total: Int, unit: String) {
        self.stage = stage
        self.subject = subject
        self.done = done
        self.total = total
        self.unit = unit
    }
}

/// Statements between two store reports: often enough to move a bar smoothly, rarely
/// enough to cost nothing next to the inserts.
let storeProgressInterval = 4096
