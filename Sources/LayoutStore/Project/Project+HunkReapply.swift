import LayoutSQLite
import LayoutScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The re-apply of a file whose edit changed a few stretches of lines ("hunks", the
/// shortest edit from the kept lines to the new text, ``LineDiff``): views and constraints
/// added there, removed there or changed in place (a row added to a 10k-view form, a line
/// deleted, two lines swapped). It plans from the hunks alone, as the one-line road does
/// (`Project+LineReapply.swift`), where the whole-image plan reads both texts whole, which
/// for a 10k-view file is slower than applying it afresh.
///
/// It takes this road only where the answer cannot differ from the whole-image plan
/// (``Reconciler``), and returns nil to send the re-apply there otherwise:
/// - the file is held once, in one layout, the one it starts in now;
/// - every line of the hunks, old and new, parses alone into `view` declarations (of
///   plain views, not stacks or guides, in a parent that is neither) and constraints
///   (equations or VFL) naming no metric, or into nothing (a comment, a blank line); a VFL
///   line is parsed knowing its views' parents as a fresh apply knows them there;
/// - a view the hunks add, and a label they add, is new to the layout and named by no line
///   outside them; a view or label they remove is named by no line at all; a view they
///   remove has no subview they do not remove; a view declared on both sides is declared
///   alike, in the same hunk (moved past other lines, it may now follow a line naming it),
///   in the same order among the others the hunk declares on both sides; a view they add
///   follows a view declaration of the new text, and goes right after that view;
/// - a constraint they add names only views the layout has that the file declares between
///   the hunks before it (or not at all), or that the hunks declare before it;
/// - each old statement's rows are where it was: a labelled constraint's row (if the
///   command line has not removed it) at the statement's origin, no row there unless the
///   statement made it.
/// Lines between and after the hunks keep their statements, which move by as many lines as
/// the hunks before them grew: their rows' origins move with them, in one UPDATE.
extension Project {
    func reapplyHunk(dataVersion: Int64?, text: String, file: String, layout: String, dryRun: Bool)
        throws -> ApplyPlan?
    {
        guard
            let held = try store.heldHunks(
                file: file, comparedWith: text, limit: Self.lineReapplyLimit),
            let layoutID = try store.storedLayoutID(layout), held.layoutID == layoutID
        else { return nil }
        let hunks = held.hunks
        let metrics = Set(try store.metrics(layout: layout).map(\.name))
        let words = ScriptWords(text, hunks: hunks.map(\.newBytes))
        // A view's parent as a fresh apply knows it before hunk `h`: declared by a line
        // between the hunks before it, or (declared by no line of the file) the project's.
        // What VFL's `|` means in a line of the hunk.
        func parentBefore(_ name: String, hunk h: Int) throws -> String? {
            if let declared = words.declaration(of: name) {
                guard words.isBetweenHunks(declared, before: h) else { return nil }
                return words.declaration(at: declared, file: file, layout: layout)?.parent
            }
            return try store.database.cachedStatement(
                """
                SELECT p.name FROM views v JOIN views p ON p.id = v.parent_id
                WHERE v.layout_id = ? AND v.name = ?
                """
            ).rows([layoutID, name]) { $0.string(0) }.first
        }
        guard
            let old = try Self.hunkStatements(
                hunks.map { ($0.old, $0.oldStart + 1) }, file: file, layout: layout,
                metrics: metrics, parentBefore: parentBefore),
            let new = try Self.hunkStatements(
                hunks.map { ($0.new, $0.newStart + 1) }, file: file, layout: layout,
                metrics: metrics, parentBefore: parentBefore),
            let work = try HunkWork(
                old: old, new: new, hunks: hunks, words: words, file: file, layout: layout,
                layoutID: layoutID, project: self)
        else { return nil }

        var plan = ApplyPlan(
            file: file, isFirstApply: false, steps: work.steps, wrote: false,
            report: SolveReport())
        guard !dryRun else { return plan }
        return try Self.showingScriptLine(of: text, file: file) {
            let result = try store.transaction { () throws -> ApplyPlan? in
                // Another process may have re-applied or edited since the lines were read.
                if try self.store.database.int64("PRAGMA data_version") != dataVersion {
                    return nil
                }
                let solve = try work.write()
                try self.store.saveScriptLines(
                    text: text, file: file, owners: LineOwners(start: layout), replacing: true)
                plan.wrote = true
                if solve && self.solvesAfterEdits {
                    plan.report.merge(try self.solveDirty(layout: layout))
                }
                return plan
            }
            if result != nil { store.checkpoint() }
            return result
        }
    }

    /// The statements of one side of the hunks, per hunk (its lines and its first line's
    /// number), each line parsed alone at its number; nil unless each is a plain view's
    /// declaration or a constraint naming no metric.
    ///
    /// A VFL line (one with `[`) is parsed knowing the parent of each view it may name:
    /// declared earlier in the hunks, else `parentBefore` (nil: not known there, and the
    /// parse fails as a fresh apply's would, at an unknown view). In an equation `|` is
    /// the root, whatever the line.
    static func hunkStatements(
        _ hunks: [(lines: [String], firstLine: Int)], file: String, layout: String,
        metrics: Set<String>, parentBefore: (String, Int) throws -> String?
    ) throws -> [[LocatedStatement]]? {
        var sides: [[LocatedStatement]] = []
        var declared: [String: String] = [:]
        for (h, (lines, firstLine)) in hunks.enumerated() {
            guard
                let statements = try hunkStatements(
                    lines, firstLine: firstLine, file: file, layout: layout, metrics: metrics,
                    declared: &declared, parentBefore: { try parentBefore($0, h) })
            else { return nil }
            sides.append(statements)
        }
        return sides
    }

    private static func hunkStatements(
        _ lines: [String], firstLine: Int, file: String, layout: String, metrics: Set<String>,
        declared: inout [String: String], parentBefore: (String) throws -> String?
    ) throws -> [LocatedStatement]? {
        var statements: [LocatedStatement] = []
        for (offset, line) in lines.enumerated() {
            let names = identifiers(in: line)
            guard !names.contains(where: metrics.contains) else { return nil }
            var views: [String: [String: String]]?
            if line.utf8.contains(UInt8(ascii: "[")) {
                var parents = declared
                for name in names where parents[name] == nil {
                    if let parent = try parentBefore(name) { parents[name] = parent }
                }
                views = [layout: parents]
            }
            guard
                let parsed = parsedAlone(
                    line, number: firstLine + offset, file: file, layout: layout, views: views)
            else { return nil }
            for located in parsed {
                switch located.statement {
                case .view(let view):
                    guard view.kind == .view, view.stack == nil else { return nil }
                    declared[view.name] = view.parent
                case .constraint:
                    break
                default:
                    return nil
                }
                statements.append(located)
            }
        }
        return statements
    }
}

/// The words of a script's text, found where they stand whole, outside comments: what the
/// stretch road asks of the lines outside the stretch without parsing them.
struct ScriptWords {
    let bytes: [UInt8]
    /// Where the edited stretches of new lines are, in order (``ProjectStore/HeldHunks``).
    let hunks: [Range<Int>]

    /// Whether each byte is in a comment (a `#` before it, or it, on its line): one pass,
    /// where walking back from each find to its line's start made a long line (a VFL line
    /// naming thousands of views) cost its length for every name found in it.
    let inComment: [Bool]

    init(_ text: String, hunks: [Range<Int>] = []) {
        bytes = Array(text.utf8)
        self.hunks = hunks
        var inComment = [Bool](repeating: false, count: bytes.count)
        var comment = false
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                comment = false
            } else if byte == UInt8(ascii: "#") {
                comment = true
            }
            inComment[i] = comment
        }
        self.inComment = inComment
    }

    /// Whether `offset` is in an edited stretch.
    func isInHunk(_ offset: Int) -> Bool { hunks.contains { $0.contains(offset) } }

    /// Whether `offset` is on a line between the hunks before hunk `h`, kept as it was:
    /// what a fresh apply has read when it comes to hunk `h`, read the same before the edit.
    func isBetweenHunks(_ offset: Int, before h: Int) -> Bool {
        offset < hunks[h].lowerBound && !isInHunk(offset)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
            || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Where `name` stands as a whole word (not inside a longer name; a `.` bounds it, as
    /// in `LABEL.1`), outside comments, as byte offsets. Bytes beyond ASCII bound a word,
    /// so that a name may be found where it is not, never missed: a false find only sends
    /// the re-apply to the whole-image plan.
    func occurrences(of name: String) -> [Int] {
        let needle = Array(name.utf8)
        guard !needle.isEmpty else { return [] }
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return }
            var from = 0
            // Each place of the name's first byte (`memchr`), then the rest compared.
            while from + needle.count <= text.count,
                let hit = memchr(
                    base + from, Int32(needle[0]), text.count - needle.count + 1 - from)
            {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                from = at + 1
                let end = at + needle.count
                guard memcmp(base + at, needle, needle.count) == 0,
                    at == 0 || !Self.isWordByte(text[at - 1]),
                    end == text.count || !Self.isWordByte(text[end])
                else { continue }
                if inComment[at] { continue }
                found.append(at)
            }
        }
        return found
    }

    /// The declaration of the name at `offset` (``isDeclaration(at:)``), its line parsed
    /// alone; nil where that line does not parse alone.
    func declaration(at offset: Int, file: String, layout: String) -> ViewDeclaration? {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let line = String(decoding: bytes[start..<end], as: UTF8.self)
        let name = String(decoding: bytes[offset...].prefix { Self.isWordByte($0) }, as: UTF8.self)
        guard let statements = try? ScriptParser.parse(line, file: file, layout: layout)
        else { return nil }
        for case .view(let view) in statements.map(\.statement) where view.name == name {
            return view
        }
        return nil
    }

    /// The view the text declares last before the name at `offset` (where a view, guide or
    /// stack is declared: ``isDeclaration(at:)``), if any.
    func declaration(before offset: Int) -> String? {
        var last: (at: Int, name: String)?
        for keyword in ["view", "guide", "stack"] {
            for at in occurrences(of: keyword) {
                var i = at + keyword.utf8.count
                guard i < offset, Self.isSpace(bytes[i]) else { continue }
                while i < offset, Self.isSpace(bytes[i]) { i += 1 }
                guard i < offset, last.map({ i > $0.at }) ?? true, isDeclaration(at: i) else {
                    continue
                }
                let name = bytes[i...].prefix { Self.isWordByte($0) }
                last = (i, String(decoding: name, as: UTF8.self))
            }
        }
        return last?.name
    }

    /// Where the file first declares the view `name` (``isDeclaration(at:)``), if it does.
    func declaration(of name: String) -> Int? {
        occurrences(of: name).first(where: isDeclaration)
    }

    /// Whether the word at `offset` is the name a `view`, `guide` or `stack` statement
    /// declares: that keyword first in its statement (after a line break or `;`), then it.
    func isDeclaration(at offset: Int) -> Bool {
        var i = offset - 1
        guard i >= 0, Self.isSpace(bytes[i]) else { return false }
        while i >= 0, Self.isSpace(bytes[i]) { i -= 1 }
        let keywordEnd = i + 1
        while i >= 0, Self.isWordByte(bytes[i]) { i -= 1 }
        let keyword = bytes[(i + 1)..<keywordEnd]
        guard
            ["view", "guide", "stack"].contains(where: { keyword.elementsEqual($0.utf8) })
        else { return false }
        while i >= 0, Self.isSpace(bytes[i]) { i -= 1 }
        // The start of the text, past a byte order mark.
        if i < 0 || (i == 2 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) { return true }
        return bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "\r")
            || bytes[i] == UInt8(ascii: ";")
    }
}

/// What a stretch's re-apply decides before it writes: its steps, and the writes that
/// carry them out (``write()``). Made only where the stretch road holds
/// (`Project+HunkReapply.swift`); nil otherwise.
private struct HunkWork {
    let project: Project
    let file: String
    let layout: String
    let layoutID: Int64
    /// Per hunk, its last old line, and how many lines the hunks up to it grew by.
    let oldEnds: [Int]
    let growths: [Int]
    /// Per hunk, its first old line.
    let oldStarts: [Int]
    /// In the whole-image plan's order: views added, views removed, constraints changed or
    /// added, constraints removed.
    private(set) var steps: [ApplyPlan.Step] = []
    private var removedConstraints: [Int64] = []
    private var removedViews: [Int64] = []
    private var addedViews: [LocatedStatement] = []
    /// Each view added, with the view the text declares before it.
    private var addedAfter: [(view: String, after: String?)] = []
    private var addedConstraints: [Constraint] = []
    private var movedOrigins: [(id: Int64, origin: SourceLocation)] = []
    /// Kept rows whose statement's text changed, with the text they are to say now.
    private var renewedSources: [(id: Int64, source: String)] = []
    /// Labelled constraints on both sides, decided as the one-line road decides them.
    private var labelledPairs: [Project.LineEdit] = []
    private var store: ProjectStore { project.store }

    init?(
        old oldSides: [[LocatedStatement]], new newSides: [[LocatedStatement]],
        hunks: [ProjectStore.HeldHunks.Hunk], words: ScriptWords, file: String,
        layout: String, layoutID: Int64, project: Project
    ) throws {
        (self.project, self.file, self.layout, self.layoutID) = (project, file, layout, layoutID)
        let store = project.store
        oldStarts = hunks.map { $0.oldStart + 1 }
        oldEnds = hunks.map { $0.oldStart + $0.old.count }
        var growth = 0
        growths = hunks.map {
            growth += $0.new.count - $0.old.count
            return growth
        }
        let old = oldSides.flatMap { $0 }
        func namedOutside(_ name: String) -> Bool {
            words.occurrences(of: name).contains { !words.isInHunk($0) }
        }
        func named(_ name: String) -> Bool { !words.occurrences(of: name).isEmpty }
        func step(_ action: ApplyPlan.Action, _ what: String, _ note: String? = nil)
            -> ApplyPlan.Step
        {
            ApplyPlan.Step(action: action, layout: layout, what: what, note: note)
        }

        // Views, by name.
        var oldViews: [String: (declaration: ViewDeclaration, hunk: Int)] = [:]
        var oldViewOrder: [String] = []
        for (h, side) in oldSides.enumerated() {
            for case .view(let v) in side.map(\.statement) {
                guard oldViews.updateValue((v, h), forKey: v.name) == nil else { return nil }
                oldViewOrder.append(v.name)
            }
        }
        var newViews: [String: ViewDeclaration] = [:]
        for case .view(let v) in newSides.joined().map(\.statement) {
            guard newViews.updateValue(v, forKey: v.name) == nil else { return nil }
        }
        // Views are ordered as declared (``ViewOrderChange``): those a hunk declares on both
        // sides keep their order there; the whole-image plan deals them out again.
        func viewNames(_ side: [LocatedStatement]) -> [String] {
            side.compactMap { if case .view(let v) = $0.statement { v.name } else { nil } }
        }
        for h in newSides.indices {
            guard
                viewNames(newSides[h]).filter({ oldViews[$0]?.hunk == h })
                    == viewNames(oldSides[h]).filter({ newViews[$0] != nil })
            else { return nil }
        }
        var removedNames: Set<String> = []
        var viewRemovalSteps: [ApplyPlan.Step] = []
        // Deepest first: a subview is declared after its parent.
        for name in oldViewOrder.reversed() where newViews[name] == nil {
            guard !named(name) else { return nil }
            removedNames.insert(name)
            guard let row = try store.viewRow(name, layoutID: layoutID) else { continue }
            guard try !Self.isStackOrGuide(row.parentID, in: store),
                try store.subtree(of: row.id).allSatisfy({
                    $0.id == row.id || removedNames.contains($0.name)
                })
            else { return nil }
            removedViews.append(row.id)
            viewRemovalSteps.append(step(.remove, "view \(name)"))
        }
        // A view that goes takes what another file or the command line made that names it:
        // the whole-image plan lists those.
        if !removedViews.isEmpty,
            try store.constraints(mentioning: removedViews, layoutID: layoutID, layout: layout)
                .contains(where: { $0.constraint.origin?.file != file })
        {
            return nil
        }
        // Views a new statement may name, as a fresh apply knows them there: those the
        // layout has that the file declares before the stretch or not at all, and those
        // the stretch declares before the statement.
        var known: Set<String> = [rootViewName]
        func exists(_ name: String, hunk h: Int) throws -> Bool {
            if known.contains(name) { return true }
            guard !removedNames.contains(name), try store.viewRow(name, layoutID: layoutID) != nil
            else { return false }
            if let declared = words.declaration(of: name),
                !words.isBetweenHunks(declared, before: h)
            {
                return false
            }
            known.insert(name)
            return true
        }

        // Unlabelled constraints `layoutdb add` made, read where the stretch adds an
        // unlabelled one: a line that says one of them takes it over, which the whole-image
        // plan does (where the stretch added another beside it).
        var addedOnCommandLine: [StoredConstraint]?
        func takesOverCommandLine(_ nc: Constraint) throws -> Bool {
            if addedOnCommandLine == nil {
                addedOnCommandLine = try ConstraintReader(database: store.database).constraints(
                    layoutID: layoutID, layout: layout,
                    filter: "c.kind = 'user' AND c.label IS NULL AND c.origin_file = ?",
                    [Reconciler.addOrigin])
            }
            return addedOnCommandLine?.contains { Reconciler.same($0.constraint, nc) } ?? false
        }

        // The old side's constraints, each with its row (nil: removed since).
        // No index finds rows by origin: where the old side is empty, none is read.
        var stretchRows: [StoredConstraint] = []
        for (first, last) in zip(oldStarts, oldEnds) where first <= last {
            stretchRows += try ConstraintReader(database: store.database).constraints(
                layoutID: layoutID, layout: layout,
                filter: "c.kind = 'user' AND c.origin_file = ? AND c.origin_line BETWEEN ? AND ?",
                [file, first, last])
        }
        var rowsAt: [SourceLocation: [StoredConstraint]] = [:]
        for row in stretchRows {
            guard let origin = row.constraint.origin else { return nil }
            rowsAt[origin, default: []].append(row)
        }
        // A statement's rows are paired with the constraints it makes by what they say, as
        // the whole-image plan pairs them (``ProjectStore/expansionPlaces(of:in:)``): their
        // ids need not be in the statement's order.
        var madeAt: [SourceLocation: [Constraint]] = [:]
        for case .constraint(let c) in old.map(\.statement) {
            madeAt[c.origin!, default: []].append(c)
        }
        var rowsOf: [SourceLocation: [StoredConstraint?]] = [:]
        for (origin, made) in madeAt {
            let rows = rowsAt[origin] ?? []
            guard rows.isEmpty || rows.count == made.count else { return nil }
            var paired = [StoredConstraint?](repeating: nil, count: made.count)
            for (row, i) in zip(rows, ProjectStore.expansionPlaces(of: rows, in: made)) {
                guard let i else { return nil }
                paired[i] = row
            }
            rowsOf[origin] = paired
        }
        var oldConstraints: [(constraint: Constraint, row: StoredConstraint?)] = []
        var taken: [SourceLocation: Int] = [:]
        for case .constraint(let c) in old.map(\.statement) {
            let origin = c.origin!
            let k = taken[origin, default: 0]
            taken[origin] = k + 1
            let row = rowsOf[origin]?[k]
            if let label = c.label {
                let byLabel = try store.userConstraint(
                    labelled: label, layoutID: layoutID, layout: layout)
                guard byLabel?.id == row?.id, row == nil || row?.constraint.label == label
                else { return nil }
            } else if row?.constraint.label != nil {
                return nil
            }
            oldConstraints.append((c, row))
        }
        // Every row made from a line of the stretch is an old statement's.
        guard stretchRows.count == oldConstraints.filter({ $0.row != nil }).count else {
            return nil
        }

        // The new side, in order: views added, constraints kept, changed or added.
        var viewAdditionSteps: [ApplyPlan.Step] = []
        var constraintSteps: [ApplyPlan.Step] = []
        var paired = Set<Int>()
        var newLabels: Set<String> = []
        /// Each statement's identity (``StatementSource/identity(of:)``), once per statement
        /// of each side: a VFL line's thousands of constraints share their statement's text.
        var identities: [Bool: [SourceLocation: String]] = [:]
        func identity(of c: Constraint, old: Bool) -> String {
            guard let origin = c.origin else { return StatementSource.identity(of: c.source) }
            if let known = identities[old]?[origin] { return known }
            let identity = StatementSource.identity(of: c.source)
            identities[old, default: [:]][origin] = identity
            return identity
        }
        for (h, located) in newSides.enumerated().flatMap({ h, s in s.map { (h, $0) } }) {
            switch located.statement {
            case .view(let v):
                // A stack arranges its views in declaration order: the whole-image plan's.
                guard try exists(v.parent, hunk: h),
                    try !Self.isStackOrGuide(named: v.parent, layoutID: layoutID, in: store)
                else { return nil }
                if let before = oldViews[v.name] {
                    // Moved to another hunk, it moved past lines that may name it.
                    guard before.declaration == v, before.hunk == h,
                        try store.viewRow(v.name, layoutID: layoutID) != nil
                    else { return nil }
                    known.insert(v.name)
                    continue
                }
                guard !namedOutside(v.name), try store.viewRow(v.name, layoutID: layoutID) == nil
                else { return nil }
                // It goes after the view declared before it (none: the whole-image plan).
                guard let name = words.declaration(of: v.name),
                    let after = words.declaration(before: name)
                else { return nil }
                known.insert(v.name)
                addedViews.append(located)
                addedAfter.append((v.name, after))
                viewAdditionSteps.append(
                    step(
                        .add,
                        "view \(v.name)" + (v.parent == rootViewName ? "" : " in \(v.parent)")))
            case .constraint(let nc):
                guard try nc.views.allSatisfy({ try exists($0, hunk: h) }) else { return nil }
                if let label = nc.label {
                    guard newLabels.insert(label).inserted, !namedOutside(label) else {
                        return nil
                    }
                }
                // An unlabelled constraint is its statement's: one whose text changed
                // makes other constraints (``ScriptImage``'s identity, the whole-image
                // plan's). Its row is kept where the statement still makes what it made and
                // the row still says that (`H:|-7-[a(>=6)]` → `H:|-8-[a(>=6)]` keeps
                // `a.width >= 6`); one the command line changed since is made again, as
                // the whole-image plan makes it, and the plan says the edit goes.
                let match = oldConstraints.indices.first {
                    guard !paired.contains($0) else { return false }
                    let (oc, row) = oldConstraints[$0]
                    if let label = nc.label { return oc.label == label }
                    guard oc.label == nil, Reconciler.same(oc, nc) else { return false }
                    return identity(of: oc, old: true) == identity(of: nc, old: false)
                        || row.map { Reconciler.same(oc, $0.constraint) } ?? true
                }
                guard let match else {
                    if let label = nc.label,
                        try store.userConstraint(
                            labelled: label, layoutID: layoutID, layout: layout) != nil
                    {
                        return nil
                    }
                    if nc.label == nil, try takesOverCommandLine(nc) { return nil }
                    addedConstraints.append(nc)
                    constraintSteps.append(step(.add, "constraint \(ScriptWriter.text(of: nc))"))
                    continue
                }
                paired.insert(match)
                let (oc, row) = oldConstraints[match]
                if nc.label != nil {
                    let edit = Project.LineEdit(
                        line: nc.origin!.line, layoutID: layoutID, layout: layout, text: "",
                        pairs: [(oc, nc)])
                    labelledPairs.append(edit)
                    constraintSteps += try project.reconcile(edit, dryRun: true).steps
                } else if let row, let id = row.id {
                    if nc.origin != row.constraint.origin { movedOrigins.append((id, nc.origin!)) }
                    if let source = Reconciler.renewedSource(old: oc, new: nc, row: row.constraint)
                    {
                        renewedSources.append((id, source))
                    }
                }
            default:
                return nil
            }
        }
        var constraintRemovalSteps: [ApplyPlan.Step] = []
        for (i, (oc, row)) in oldConstraints.enumerated() where !paired.contains(i) {
            if let label = oc.label, named(label) { return nil }
            guard let row, let id = row.id else { continue }
            // A variant's override of it goes with it; no line of this file says one (see
            // `named`), so another file or the command line made it: the whole-image plan
            // lists it.
            if let label = row.constraint.label,
                try !store.variantOverrideStatements(ofConstraint: id, label: label).isEmpty
            {
                return nil
            }
            removedConstraints.append(id)
            let note = Reconciler.same(oc, row.constraint) ? nil : Reconciler.editedSince
            constraintRemovalSteps.append(
                step(.remove, "constraint \(ScriptWriter.text(of: row.constraint))", note))
        }
        steps = viewAdditionSteps + viewRemovalSteps + constraintSteps + constraintRemovalSteps
    }

    /// Carries the plan out, in the caller's transaction; whether anything that is solved
    /// changed.
    func write() throws -> Bool {
        let db = store.database
        // The lines between hunks move by what the hunks before them grew, all in one
        // statement: one UPDATE a stretch could move a row into the next one's lines.
        var cases: [String] = []
        var values: [(any SQLBindable)?] = []
        for i in oldEnds.indices where growths[i] != 0 {
            if i + 1 < oldStarts.count {
                cases.append("WHEN origin_line > ? AND origin_line < ? THEN ?")
                values += [oldEnds[i], oldStarts[i + 1], growths[i]]
            } else {
                cases.append("WHEN origin_line > ? THEN ?")
                values += [oldEnds[i], growths[i]]
            }
        }
        if !cases.isEmpty {
            try db.execute(
                """
                UPDATE constraints
                SET origin_line = origin_line + CASE \(cases.joined(separator: " ")) ELSE 0 END
                WHERE origin_file = ? AND origin_line > ?
                """, values + [file, oldEnds[0]])
        }
        for id in removedConstraints {
            try db.execute("DELETE FROM constraints WHERE id = ?", [id])
        }
        var additions: [Constraint] = []
        // What the variants held on the rows made again, written on the new ones.
        var carried: [Statement] = []
        var changed = !removedConstraints.isEmpty || !removedViews.isEmpty
        for edit in labelledPairs {
            let result = try project.reconcile(edit, dryRun: false)
            additions += result.additions
            carried += result.carried
            changed = changed || result.wrote
        }
        for (id, origin) in movedOrigins {
            try db.execute(
                "UPDATE constraints SET origin_line = ?, origin_column = ? WHERE id = ?",
                [origin.line, origin.column, id])
        }
        for (id, source) in renewedSources {
            try db.execute("UPDATE constraints SET source = ? WHERE id = ?", [source, id])
        }
        for id in removedViews { try db.execute("DELETE FROM views WHERE id = ?", [id]) }
        additions = addedConstraints + additions
        guard !addedViews.isEmpty || !additions.isEmpty else { return changed }
        let applier = try ScriptApplier(store: store, layout: layout)
        try applier.apply(
            LocatedStatement(
                statement: .layout(layout),
                location: SourceLocation(file: file, line: 0, column: 0), text: "layout \(layout)"))
        for view in addedViews { try applier.apply(view) }
        if !addedAfter.isEmpty {
            try store.orderViews(layoutID: layoutID, fileOrder: [], added: addedAfter)
        }
        for c in additions {
            try applier.apply(
                LocatedStatement(
                    statement: .constraint(c),
                    location: c.origin ?? SourceLocation(file: file, line: 0, column: 0),
                    text: c.source))
        }
        for statement in carried {
            try applier.apply(
                LocatedStatement(
                    statement: statement,
                    location: SourceLocation(file: file, line: 0, column: 0),
                    text: ScriptWriter.text(of: statement)))
        }
        return true
    }

    /// Whether the view `id` is a stack or a guide (false for nil, the root's parent).
    private static func isStackOrGuide(_ id: Int64?, in store: ProjectStore) throws -> Bool {
        guard let id else { return false }
        return try store.database.int64(
            """
            SELECT kind = 'guide' OR EXISTS (SELECT 1 FROM stacks WHERE view_id = views.id)
            FROM views WHERE id = ?
            """, [id]) == 1
    }

    private static func isStackOrGuide(
        named name: String, layoutID: Int64, in store: ProjectStore
    ) throws -> Bool {
        try isStackOrGuide(try store.viewRow(name, layoutID: layoutID)?.id, in: store)
    }
}
