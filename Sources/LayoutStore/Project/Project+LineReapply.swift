import LayoutScript

/// The re-apply of a file whose edit changed only a few labelled constraint lines in place:
/// it plans from those lines alone instead of reading the whole old and new text into two
/// ``ScriptImage``s, which for a 10k-view file costs seconds for a one-line edit.
///
/// It takes this road only where the answer cannot differ from the whole-image plan
/// (``Reconciler``), and returns nil to send the re-apply there otherwise:
/// - the file has as many lines as the project holds of it, held once each (line `n` is the
///   `n`th row), and the old text started in the layout it starts in now: unchanged lines
///   then keep their places, layouts and origins;
/// - every changed line, old and new, parses alone into labelled constraints only (or into
///   nothing: a comment or a blank line), the same labels in the same order, so each
///   identity is the label, known from the line itself;
/// - no VFL (`|` means the parent the script declared, which a line alone does not know),
///   no metric name of the layout (its value comes from elsewhere), and no view that the old
///   line did not name (the old line was accepted where the new one stands, and the lines
///   that declare views did not change);
/// - no other line of the file names a changed label outside a comment: a `set`,
///   `priority` or `activate` of it would fold into the constraint in the image, and its
///   variant constants are only written again by the whole-image plan.
extension Project {
    /// Changed lines beyond this many go to the whole-image plan: the road exists for edits
    /// of a few lines in a big file.
    static let lineReapplyLimit = 64

    /// `held`: the file's rows compared with `text` (at most ``lineReapplyLimit`` changes).
    func reapplyChangedLines(
        held: ProjectStore.HeldLines, dataVersion: Int64?, text: String, file: String,
        layout: String, dryRun: Bool
    ) throws -> ApplyPlan? {
        guard held.changesAreComplete, !held.changes.isEmpty,
            held.changes.count <= Self.lineReapplyLimit, let firstLayoutID = held.firstLayoutID
        else { return nil }
        let layouts = try store.layouts()
        func name(of id: Int64) -> String? { layouts.first { $0.id == id }?.name }
        guard name(of: firstLayoutID) == layout else { return nil }

        var edits: [LineEdit] = []
        var metricNames: [Int64: Set<String>] = [:]
        for change in held.changes {
            let i = change.index
            guard let layoutName = name(of: change.layoutID) else { return nil }
            if metricNames[change.layoutID] == nil {
                metricNames[change.layoutID] = Set(
                    try store.metrics(layout: layoutName).map(\.name))
            }
            guard
                let old = Self.labelledConstraints(
                    line: change.old, number: i + 1, file: file, layout: layoutName,
                    metrics: metricNames[change.layoutID]!),
                let new = Self.labelledConstraints(
                    line: change.new, number: i + 1, file: file, layout: layoutName,
                    metrics: metricNames[change.layoutID]!),
                old.map(\.label) == new.map(\.label)
            else { return nil }
            let oldViews = Set(old.flatMap(Self.viewNames))
            guard new.allSatisfy({ Self.viewNames($0).allSatisfy(oldViews.contains) }) else {
                return nil
            }
            // A view the command line renamed or removed since: the whole-image plan refuses
            // the line, with what to do, in the dry run and the apply alike.
            guard
                try store.viewIDs(layoutID: change.layoutID, names: oldViews).count
                    == oldViews.count
            else { return nil }
            edits.append(
                LineEdit(
                    line: i + 1, layoutID: change.layoutID, layout: layoutName, text: change.new,
                    pairs: Array(zip(old, new))))
        }
        // A changed label named on any other line of the file: the whole-image plan.
        let bytes = Array(text.utf8)
        for edit in edits {
            for (_, new) in edit.pairs {
                let label = Array(new.label!.utf8)
                let inEditedLines = edits.reduce(0) {
                    $0 + Self.occurrences(of: label, in: Array($1.text.utf8))
                }
                guard Self.occurrences(of: label, in: bytes) == inEditedLines else { return nil }
            }
        }

        var plan = ApplyPlan(
            file: file, isFirstApply: false, steps: [], wrote: false, report: SolveReport())
        let doWork = { () throws -> ApplyPlan? in
            // Another process may have re-applied or edited since the lines were read: its
            // commit moves `data_version`, and the whole-image plan reads everything again.
            if !dryRun, try self.store.database.int64("PRAGMA data_version") != dataVersion {
                return nil
            }
            var solve: [String] = []
            var additions: [(edit: LineEdit, constraints: [Constraint], carried: [Statement])] = []
            for edit in edits {
                let result = try self.reconcile(edit, dryRun: dryRun)
                plan.steps += result.steps
                if result.wrote && !solve.contains(edit.layout) { solve.append(edit.layout) }
                if !result.additions.isEmpty {
                    additions.append((edit, result.additions, result.carried))
                }
            }
            guard !dryRun else { return plan }
            // Added once every replaced row is gone: the applier reads a layout's labels
            // when it first switches to it.
            if let first = additions.first {
                let applier = try ScriptApplier(store: self.store, layout: first.edit.layout)
                for (edit, constraints, carried) in additions {
                    try applier.apply(
                        LocatedStatement(
                            statement: .layout(edit.layout),
                            location: SourceLocation(file: file, line: 0, column: 0),
                            text: "layout \(edit.layout)"))
                    for c in constraints {
                        try applier.apply(
                            LocatedStatement(
                                statement: .constraint(c),
                                location: c.origin
                                    ?? SourceLocation(file: file, line: edit.line, column: 1),
                                text: c.source))
                    }
                    for statement in carried {
                        try applier.apply(
                            LocatedStatement(
                                statement: statement,
                                location: SourceLocation(file: file, line: edit.line, column: 1),
                                text: ScriptWriter.text(of: statement)))
                    }
                    if !solve.contains(edit.layout) { solve.append(edit.layout) }
                }
            }
            for edit in edits {
                try self.store.replaceScriptLine(file: file, line: edit.line, text: edit.text)
            }
            plan.wrote = true
            guard self.solvesAfterEdits else { return plan }
            for name in solve { plan.report.merge(try self.solveDirty(layout: name)) }
            return plan
        }
        return try Self.showingScriptLine(of: text, file: file) {
            guard !dryRun else { return try doWork() }
            let result = try store.transaction(doWork)
            if result != nil { store.checkpoint() }
            return result
        }
    }

    /// One changed line: where it is, its new text, and its old and new constraints paired
    /// by label.
    struct LineEdit {
        var line: Int
        var layoutID: Int64
        var layout: String
        var text: String
        var pairs: [(old: Constraint, new: Constraint)]
    }

    /// The constraints of one line parsed alone, placed at line `number`; nil unless every
    /// statement is a labelled, non-VFL constraint naming no metric.
    static func labelledConstraints(
        line: String, number: Int, file: String, layout: String, metrics: Set<String>
    ) -> [Constraint]? {
        guard !line.utf8.contains(UInt8(ascii: "|")), !line.utf8.contains(UInt8(ascii: "[")),
            !identifiers(in: line).contains(where: metrics.contains),
            let statements = parsedAlone(line, number: number, file: file, layout: layout)
        else { return nil }
        var constraints: [Constraint] = []
        for located in statements {
            guard case .constraint(let constraint) = located.statement, constraint.label != nil
            else { return nil }
            constraints.append(constraint)
        }
        return constraints
    }

    /// The statements of one line of a script parsed alone, placed at line `number`, each
    /// constraint with its text and origin; nil where the line does not parse alone. It is
    /// parsed as line 1 and moved: blank lines before it would be parsed too.
    static func parsedAlone(
        _ line: String, number: Int, file: String, layout: String,
        views: [String: [String: String]]? = nil
    ) -> [LocatedStatement]? {
        guard let parsed = try? ScriptParser.parse(line, file: file, layout: layout, views: views)
        else { return nil }
        return parsed.map {
            var located = $0
            located.location.line += number - 1
            if case .constraint(var constraint) = located.statement {
                if constraint.source.isEmpty { constraint.source = located.text }
                if var origin = constraint.origin {
                    origin.line = located.location.line
                    constraint.origin = origin
                } else {
                    constraint.origin = located.location
                }
                located.statement = .constraint(constraint)
            }
            return located
        }
    }

    static func viewNames(_ constraint: Constraint) -> [String] {
        constraint.lhs.terms.map(\.view) + constraint.rhs.terms.map(\.view)
    }

    /// The words of `line` that could be names (letters, digits, `_`), comments included:
    /// a false match only sends the re-apply to the whole-image plan.
    static func identifiers(in line: String) -> [String] {
        line.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// How often `needle` stands in the code of `haystack`: comments (from `#` to the end
    /// of the line, as the parser reads them) are skipped, so a comment that names a label
    /// (a workload's `# set-constant LABEL ...` header) does not count.
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
        guard !needle.isEmpty, haystack.count >= needle.count else { return 0 }
        var count = 0
        let first = needle[0]
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            let byte = haystack[i]
            if byte == UInt8(ascii: "#") {
                while i < haystack.count, haystack[i] != UInt8(ascii: "\n") { i += 1 }
            } else if byte == first && haystack[i..<(i + needle.count)].elementsEqual(needle) {
                count += 1
                i += needle.count
            } else {
                i += 1
            }
        }
        return count
    }

    /// The steps of one changed line and its writes but additions (returned, with what the
    /// variants held on the rows they replace), as ``Reconciler`` decides them for a
    /// labelled constraint in the old and the new script.
    ///
    /// A row `label` renamed since is found at its line's origin, as the whole-image plan
    /// pairs rows with statements: looked up by its old label alone it was "removed since",
    /// and an edit of the line made a second constraint beside it.
    func reconcile(_ edit: LineEdit, dryRun: Bool) throws -> (
        steps: [ApplyPlan.Step], wrote: Bool, additions: [Constraint], carried: [Statement]
    ) {
        let db = store.database
        var steps: [ApplyPlan.Step] = []
        var wrote = false
        func step(_ action: ApplyPlan.Action, _ what: String, _ note: String? = nil) {
            steps.append(
                ApplyPlan.Step(action: action, layout: edit.layout, what: what, note: note))
        }
        var additions: [Constraint] = []
        // What the variants held on a row made again: no other line names its label (see
        // above), so the command line made each since, and it stays with the label.
        var carried: [Statement] = []
        for (oc, nc) in edit.pairs {
            let text = ScriptWriter.text(of: nc)
            let row =
                try store.userConstraint(
                    labelled: nc.label!, layoutID: edit.layoutID, layout: edit.layout)
                ?? relabelledRow(of: oc, in: edit)
            guard let row, let id = row.id else {
                // Removed since from the command line: kept removed unless the script
                // changed it.
                if !Reconciler.same(oc, nc) {
                    additions.append(nc)
                    step(.add, "constraint \(text)", "removed since; the script changed it")
                }
                continue
            }
            if Reconciler.same(oc, nc) {
                if let origin = nc.origin, origin != row.constraint.origin, !dryRun {
                    try db.execute(
                        "UPDATE constraints SET origin_line = ?, origin_column = ? WHERE id = ?",
                        [origin.line, origin.column, id])
                    wrote = true
                }
                if let source = Reconciler.renewedSource(old: oc, new: nc, row: row.constraint),
                    !dryRun
                {
                    try db.execute("UPDATE constraints SET source = ? WHERE id = ?", [source, id])
                }
                continue
            }
            let note = Reconciler.same(oc, row.constraint) ? nil : Reconciler.editedSince
            step(.change, "constraint \(ScriptWriter.text(of: oc)) → \(text)", note)
            let remade = !Reconciler.sameShape(nc, row.constraint)
            if remade {
                let kept = try store.variantOverrideStatements(ofConstraint: id, label: nc.label!)
                for statement in kept {
                    step(
                        .add, ScriptWriter.text(of: statement),
                        Reconciler.keptNote(on: nc.label!))
                }
                carried += kept
            }
            guard !dryRun else { continue }
            if !remade {
                try db.execute(
                    """
                    UPDATE constraints SET constant = ?, priority = ?, source = ?,
                        origin_line = ?, origin_column = ?
                    WHERE id = ?
                    """,
                    [
                        nc.constant, nc.priority.rawValue, StatementSource.kept(nc.source),
                        nc.origin?.line, nc.origin?.column, id,
                    ])
            } else {
                try db.execute("DELETE FROM constraints WHERE id = ?", [id])
                additions.append(nc)
            }
            wrote = true
        }
        return (steps, wrote, additions, carried)
    }

    /// The row made from `old`'s statement that the `label` command renamed since: at its
    /// origin, one whose label no part of the line has (another part's row is that part's)
    /// and that says what `old` says but for its label, constant and priority. Nil where
    /// there is none.
    private func relabelledRow(of old: Constraint, in edit: LineEdit) throws -> StoredConstraint? {
        guard let origin = old.origin else { return nil }
        let partLabels = Set(edit.pairs.flatMap { [$0.0.label, $0.1.label] }.compactMap { $0 })
        return try ConstraintReader(database: store.database).constraints(
            layoutID: edit.layoutID, layout: edit.layout,
            filter:
                "c.kind = 'user' AND c.origin_file = ? AND c.origin_line = ? AND c.origin_column = ?",
            [origin.file, origin.line, origin.column]
        ).first { row in
            guard let label = row.constraint.label, !partLabels.contains(label) else {
                return false
            }
            var relabelled = row.constraint
            relabelled.label = old.label
            return Reconciler.sameShape(relabelled, old)
        }
    }
}
