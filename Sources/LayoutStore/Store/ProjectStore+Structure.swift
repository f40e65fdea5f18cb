import FoundationEssentials
import LayoutSQLite
import LayoutScript

/// Structural edits: views removed, moved, renamed, re-framed or re-sized, a constraint's
/// multiplier or label changed. Each runs in one savepoint, refuses what would leave the
/// layout broken before it writes anything. The schema's triggers mark what each write
/// makes dirty: a multiplier, the constraint's components; a view changed, moved or
/// removed, its whole layout (the triggers are the one home of dirty marks).
extension ProjectStore {
    /// What `removeView` took away: the views (the named one last) and the constraints
    /// that mentioned them, as they were.
    package struct ViewRemoval {
        package var views: [String]
        package var constraints: [StoredConstraint]
    }

    /// Removes view `name` (with `recursive`, its subviews too) and every constraint that
    /// mentions one of them. A view with subviews and no `recursive` is refused.
    package func removeView(_ name: String, recursive: Bool, layout: String = defaultLayoutName)
        throws -> ViewRemoval
    {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let view = try existingView(name, layoutID: layoutID, layout: layout)
            guard !view.isRoot else {
                throw StoreError.refusedEdit(
                    "the root view cannot be removed; remove its subviews one by one, or with "
                        + "`layoutdb remove-view VIEW --recursive`")
            }
            try refuseEmptyingEqualSpacingStack(of: view)
            let subtree = try self.subtree(of: view.id)
            if subtree.count > 1 && !recursive {
                // Deepest first in the subtree; a person reads the outermost first.
                let inside = subtree.dropLast().map(\.name).reversed()
                throw StoreError.refusedEdit(
                    "view `\(name)` has \(inside.count) view\(inside.count == 1 ? "" : "s") inside it ("
                        + inside.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
                        + (inside.count > 5 ? ", ..." : "")
                        + "); remove them first, or pass --recursive to remove them with it")
            }
            // A parent cycle through the view (plain SQL left it): the view's parent is
            // under it, so no view of the cycle is ever deepest and the delete trigger
            // would refuse each one. Hanging the view from the root first opens the cycle.
            if let parent = view.parentID, subtree.contains(where: { $0.id == parent }) {
                try database.execute(
                    """
                    UPDATE views SET parent_id = (SELECT id FROM views
                        WHERE layout_id = ?1 AND ordinal = 0 AND parent_id IS NULL)
                    WHERE id = ?2
                    """, [layoutID, view.id])
            }
            let ids = subtree.map(\.id)
            let gone = try constraints(mentioning: ids, layoutID: layoutID, layout: layout)
            // Deepest first: the delete trigger refuses a view that still has subviews,
            // and takes each view's constraints, terms and frames with it.
            for id in ids { try database.execute("DELETE FROM views WHERE id = ?", [id]) }
            return ViewRemoval(views: subtree.map(\.name), constraints: gone)
        }
    }

    /// The constraints of layout `layoutID` (named `layout`) that name any of the views
    /// `viewIDs`: those that go when the views go (the delete trigger takes them).
    func constraints(mentioning viewIDs: [Int64], layoutID: Int64, layout: String) throws
        -> [StoredConstraint]
    {
        // The ids as one JSON array parameter: no SQL text is built from values.
        let idArray = "[" + viewIDs.map(String.init).joined(separator: ",") + "]"
        return try ConstraintReader(database: database).constraints(
            layoutID: layoutID, layout: layout,
            filter: """
                c.lhs_view_id IN (SELECT value FROM json_each(?2))
                OR c.rhs_view_id IN (SELECT value FROM json_each(?2))
                OR c.id IN (SELECT constraint_id FROM constraint_terms
                            WHERE view_id IN (SELECT value FROM json_each(?2)))
                """,
            [idArray])
    }

    /// Makes `parent` the parent of view `name`. Refuses the root, an unknown parent, and a
    /// parent inside the view (a cycle). The view's frame stays relative to its parent, as
    /// UIView.frame does when a view is added to another superview.
    package func moveView(_ name: String, into parent: String, layout: String = defaultLayoutName)
        throws
    {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let view = try existingView(name, layoutID: layoutID, layout: layout)
            guard !view.isRoot else {
                throw StoreError.refusedEdit("the root view has no parent and cannot be moved")
            }
            let parentName = parent == "|" ? rootViewName : parent
            guard let target = try viewRow(parentName, layoutID: layoutID) else {
                throw StoreError.unknownParent(
                    view: name, parent: parent, at: nil,
                    suggestion: suggestName(parentName, from: try viewNames(layoutID: layoutID)))
            }
            guard try !isGuide(target.id) else {
                throw StoreError.refusedEdit(
                    "'\(parentName)' is a guide, and a guide cannot contain views or guides")
            }
            if target.id != view.parentID {
                try refuseEmptyingEqualSpacingStack(of: view)
            }
            let subtree = try self.subtree(of: view.id)
            if subtree.contains(where: { $0.id == target.id }) {
                throw StoreError.refusedEdit(
                    target.id == view.id
                        ? "a view cannot be its own parent (`\(name)` into `\(parentName)`)"
                        : "cannot move `\(name)` into `\(parentName)`: `\(parentName)` is inside "
                            + "`\(name)`, and a view cannot contain itself")
            }
            // Into a stack the view is its last arranged one (addArrangedSubview), also
            // when it is arranged there already.
            let intoStack = try isStack(target.id)
            guard target.id != view.parentID || intoStack else { return }
            if target.id != view.parentID {
                try database.execute(
                    "UPDATE views SET parent_id = ? WHERE id = ?", [target.id, view.id])
            }
            // A parent cycle through the view (plain SQL left it; `doctor` names this
            // move as its repair): the move opens it, and the views that were in it
            // may come before their new parents, so the subtree is renumbered parents
            // first (`subtree` is deepest first).
            let wasCycle = view.parentID.map { p in subtree.contains { $0.id == p } } ?? false
            // Parents come before their children in declaration order (the engine and
            // `export` rely on it): a subtree moved under a later view goes after it.
            let moved =
                wasCycle
                ? Array(subtree.reversed())
                : target.ordinal > view.ordinal || intoStack
                    ? subtree.sorted { $0.ordinal < $1.ordinal } : []
            if !moved.isEmpty {
                let next =
                    try database.int64(
                        "SELECT max(ordinal) + 1 FROM views WHERE layout_id = ?", [layoutID])
                    ?? 1
                for (k, member) in moved.enumerated() {
                    try database.execute(
                        "UPDATE views SET ordinal = ? WHERE id = ?",
                        [next + Int64(k), member.id])
                }
            }
        }
    }

    /// Renames view `old` to `new`; constraints keep pointing at it (by id), and their
    /// source text is rewritten to the new name. Nothing is re-solved: names do not
    /// change what the engine solves.
    package func renameView(_ old: String, to new: String, layout: String = defaultLayoutName)
        throws
    {
        try Identifier.check(new, as: .view)
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let view = try existingView(old, layoutID: layoutID, layout: layout)
            guard !view.isRoot else {
                throw StoreError.refusedEdit(
                    "the root view is always `root` (`|`) and cannot be renamed")
            }
            guard new != rootViewName else {
                throw StoreError.refusedEdit(
                    "`root` names the layout's root view; choose another name")
            }
            guard new != old else { return }
            if try viewRow(new, layoutID: layoutID) != nil {
                throw StoreError.duplicateView(name: new, layout: layout, at: nil, previous: nil)
            }
            let metricNames = Set(
                try database.cachedStatement("SELECT name FROM metrics WHERE layout_id = ?")
                    .rows([layoutID]) { $0.string(0) })
            // As a script's view may not take a metric's name, nor may a renamed one.
            if metricNames.contains(new) {
                throw StoreError.metricNamesView(
                    name: new, layout: layout, at: nil, previous: nil, metricFirst: true)
            }
            // Nor may a stack take a name whose spacing label a constraint has.
            let spacing = StackArrangement.spacingLabel(of: new)
            if try isStack(view.id), try labelIsTaken(spacing, layoutID: layoutID) {
                throw StoreError.labelNamesSpacing(label: spacing, stack: new, at: nil)
            }
            let sources = try database.cachedStatement(
                """
                SELECT id, source, label FROM constraints
                WHERE lhs_view_id = ?1 OR rhs_view_id = ?1
                   OR id IN (SELECT constraint_id FROM constraint_terms WHERE view_id = ?1)
                """
            ).rows([view.id]) {
                (id: $0.int64(0), source: $0.string(1), label: $0.optionalString(2))
            }
            try database.execute("UPDATE views SET name = ? WHERE id = ?", [new, view.id])
            for row in sources {
                // A long text a row keeps: only the words it shows are the statement's.
                let rewritten = StatementSource.mapShown(row.source) {
                    SourceRename.rewrite(
                        $0, from: old, to: new, label: row.label,
                        bareNamesAreViews: !metricNames.contains(old))
                }
                if rewritten != row.source {
                    try database.execute(
                        "UPDATE constraints SET source = ? WHERE id = ?", [rewritten, row.id])
                }
            }
        }
    }

    /// Sets view `name`'s frame as drawn (relative to its parent, as UIView.frame).
    package func setFrame(_ name: String, to frame: Rect, layout: String = defaultLayoutName)
        throws
    {
        try StoreError.checkingNumbers(frame.checkNumbers())
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let view = try existingView(name, layoutID: layoutID, layout: layout)
            guard !view.isRoot else {
                throw StoreError.refusedEdit(
                    "the root view's frame is the canvas: change it with a `canvas W H` statement")
            }
            // A script cannot say it (`guide NAME frame` is refused): its export did not apply.
            guard try !isGuide(view.id) else {
                throw StoreError.refusedEdit(
                    "'\(name)' is a guide, and a guide has no frame: it is never drawn; "
                        + "constrain its edges instead")
            }
            try database.execute(
                """
                UPDATE views SET frame_x = ?, frame_y = ?, frame_width = ?, frame_height = ?
                WHERE id = ?
                """, [frame.x, frame.y, frame.width, frame.height, view.id])
        }
    }

    /// Sets view `name`'s intrinsic content size (nil: none on that axis; both nil: none).
    /// `hug`/`resist` nil keep the view's own priorities (250 and 750 when it had none).
    package func setIntrinsic(
        _ name: String, width: Double?, height: Double?, hug: Priority?, resist: Priority?,
        layout: String = defaultLayoutName
    ) throws {
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let view = try intrinsicTarget(name, layoutID: layoutID, layout: layout)
            // A script cannot say it (`stack NAME ... intrinsic` is refused): the export of
            // a stack given one did not apply.
            guard try !isStack(view.id) else {
                throw StoreError.refusedEdit(
                    "'\(name)' is a stack, and a stack's size comes from its arranged views "
                        + "(UIStackView has no intrinsic size of its own); give them one instead")
            }
            let old = try database.cachedStatement(
                "SELECT hug, resist FROM views WHERE id = ?"
            ).rows([view.id]) { (hug: $0.optionalDouble(0), resist: $0.optionalDouble(1)) }.first
            let intrinsic = IntrinsicSize(
                width: width, height: height,
                hug: hug ?? old?.hug.flatMap(Priority.init(rawValue:)) ?? .low,
                resist: resist ?? old?.resist.flatMap(Priority.init(rawValue:)) ?? .high)
            try StoreError.checkingNumbers(intrinsic.checkNumbers())
            let none = width == nil && height == nil
            try database.execute(
                """
                UPDATE views SET intrinsic_width = ?, intrinsic_height = ?, hug = ?, resist = ?
                WHERE id = ?
                """,
                [
                    width, height, none ? nil : intrinsic.hug.rawValue,
                    none ? nil : intrinsic.resist.rawValue, view.id,
                ])
        }
    }

    /// Sets the multiplier of constraint `ref` (a label or `#ID`): the coefficient of its
    /// right side's one view term, Auto Layout's `a.attr == b.attr * m + c`.
    package func setMultiplier(
        _ ref: String, to multiplier: Double, layout: String = defaultLayoutName
    )
        throws
    {
        try StoreError.checkingNumbers(NumberRule.finite.check(multiplier, "a multiplier"))
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let target = try labelledConstraint(ref, layoutID: layoutID, layout: layout)
            guard
                var stored = try ConstraintReader(database: database).constraints(
                    layoutID: layoutID, layout: layout, filter: "c.id = ?", [target.id]
                ).first
            else { throw try unknownLabel(ref, layoutID: layoutID, layout: layout, at: nil) }
            let c = stored.constraint
            guard c.rhs.terms.count == 1 else {
                throw StoreError.refusedEdit(
                    "`\(ScriptWriter.text(of: c))` has \(c.rhs.terms.isEmpty ? "no view" : "more than one view") "
                        + "on its right side, so it has no multiplier (the shape is "
                        + "`a.attr == b.attr * M + C`); remove it and `layoutdb add` the new equation"
                )
            }
            guard multiplier != 0 else {
                throw StoreError.refusedEdit(
                    "a multiplier of 0 would drop `\(c.rhs.terms[0].view)` from the constraint; "
                        + "remove it and `layoutdb add` the new equation")
            }
            stored.constraint.rhs.terms[0].coefficient = multiplier
            try database.execute(
                "UPDATE constraints SET rhs_coefficient = ?, source = ? WHERE id = ?",
                [multiplier, ScriptWriter.text(of: stored.constraint), target.id])
        }
    }

    /// Gives constraint `ref` (a label or `#ID`) the label `label`.
    package func setLabel(_ ref: String, to label: String, layout: String = defaultLayoutName)
        throws
    {
        try Identifier.check(label, as: .label)
        try database.savepoint(.immediate) {
            let layoutID = try layoutID(layout)
            let target = try labelledConstraint(ref, layoutID: layoutID, layout: layout)
            if let taken = try spacingTaken(by: label, layoutID: layoutID) {
                throw StoreError.labelNamesSpacing(label: taken.label, stack: taken.stack, at: nil)
            }
            if let existing = try self.constraint(labelled: label, layout: layout) {
                guard existing.id != target.id else { return }
                throw StoreError.duplicateLabel(
                    label: label, layout: layout, at: nil, previous: existing.constraint.origin)
            }
            let row = try database.cachedStatement(
                "SELECT label, source FROM constraints WHERE id = ?"
            ).rows([target.id]) { (label: $0.optionalString(0), source: $0.string(1)) }.first
            try database.execute(
                "UPDATE constraints SET label = ? WHERE id = ?", [label, target.id])
            // A source that starts with the old label (`old: ...`) says the new one.
            if let row, let old = row.label, let rest = SourceRename.afterLabel(old, in: row.source)
            {
                try database.execute(
                    "UPDATE constraints SET source = ? WHERE id = ?",
                    [label + ":" + rest, target.id])
            }
        }
    }

    /// Orders the views of layout `layoutID` as a fresh apply of a file would, after a
    /// re-apply of it: the file's views that were there before (`fileOrder`, in the
    /// script's order) take the places they held, and each view the re-apply `added` goes
    /// right after the view the script declares before it (`after`; nil: before the file's
    /// first view). The views of other files and of the command line keep their places.
    /// A view never comes before its parent. Only the ordinals that change are written. See
    /// ``ViewOrderChange``.
    func orderViews(
        layoutID: Int64, fileOrder: [String], added: [(view: String, after: String?)]
    ) throws {
        // Views added at the end, each after the one before (a row appended to a file):
        // in place already, and the layout's rows need not be read.
        if fileOrder.isEmpty, try areLast(added, layoutID: layoutID) { return }
        let rows = try database.cachedStatement(
            "SELECT id, name, parent_id, ordinal FROM views WHERE layout_id = ? ORDER BY ordinal"
        ).rows([layoutID]) {
            TreeRow(
                id: $0.int64(0), name: $0.string(1), parentID: $0.optionalInt64(2),
                ordinal: $0.int(3))
        }
        let byName = Dictionary(rows.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let addedNames = Set(added.map(\.view))
        var order = rows.filter { !addedNames.contains($0.name) }
        let fileNames = Set(fileOrder).subtracting(addedNames)
        let places = order.indices.filter {
            !order[$0].isRoot && fileNames.contains(order[$0].name)
        }
        let held = fileOrder.compactMap { fileNames.contains($0) ? byName[$0] : nil }
        guard held.count == places.count else { return }
        for (place, row) in zip(places, held) { order[place] = row }
        // Each view added hangs after the one declared before it: a chain of them follows.
        var following: [String: [TreeRow]] = [:]
        var leading: [TreeRow] = []
        for (view, after) in added {
            guard let row = byName[view] else { continue }
            if let after { following[after, default: []].append(row) } else { leading.append(row) }
        }
        var out: [TreeRow] = []
        out.reserveCapacity(rows.count)
        func emit(_ row: TreeRow) {
            out.append(row)
            for next in following.removeValue(forKey: row.name) ?? [] { emit(next) }
        }
        for (i, row) in order.enumerated() {
            if i == places.first { leading.forEach(emit) }
            emit(row)
        }
        if places.isEmpty { leading.forEach(emit) }
        // After a view that is no longer there (none should be): at the end.
        while let after = following.keys.first {
            for row in following.removeValue(forKey: after) ?? [] { emit(row) }
        }
        // Every order of the project has a parent before its subviews: a view the order
        // puts before its parent (one `move-view` put in a view declared later) waits, and
        // follows its parent.
        var placed: [TreeRow] = []
        placed.reserveCapacity(out.count)
        var seen: Set<Int64> = []
        var waiting: [Int64: [TreeRow]] = [:]
        func place(_ row: TreeRow) {
            if let parent = row.parentID, !seen.contains(parent) {
                waiting[parent, default: []].append(row)
                return
            }
            placed.append(row)
            seen.insert(row.id)
            for child in waiting.removeValue(forKey: row.id) ?? [] { place(child) }
        }
        out.forEach(place)
        guard placed.count == rows.count else { return }  // a parent outside the layout
        try writeOrdinals(placed, now: rows, layoutID: layoutID)
    }

    /// Whether the views `added` are the last of layout `layoutID` in declaration order, in
    /// their order, each after the view it names (the first after the one before them).
    private func areLast(_ added: [(view: String, after: String?)], layoutID: Int64) throws
        -> Bool
    {
        let last = try database.cachedStatement(
            "SELECT name FROM views WHERE layout_id = ? ORDER BY ordinal DESC LIMIT ?"
        ).rows([layoutID, added.count + 1]) { $0.string(0) }.reversed()
        return last.count == added.count + 1
            && last.dropFirst().elementsEqual(added.map(\.view))
            && zip(added, last).allSatisfy { $0.after == $1 }
    }

    /// Writes the ordinals of `order` (every view of layout `layoutID`; `rows` are the same
    /// views in their order now): from the first place the two differ, each view takes the
    /// ordinal after the one before it.
    private func writeOrdinals(_ order: [TreeRow], now rows: [TreeRow], layoutID: Int64) throws {
        guard let first = order.indices.first(where: { order[$0].id != rows[$0].id }) else {
            return
        }
        var moves: [(row: TreeRow, by: Int)] = []
        var ordinal = first > 0 ? order[first - 1].ordinal : -1
        for row in order[first...] {
            ordinal += 1
            if ordinal != row.ordinal { moves.append((row, ordinal - row.ordinal)) }
        }
        // A run of views moved by one amount that holds every view between its first
        // ordinal and its last (those after a view added before thousands) is one UPDATE.
        let ordinals = rows.map(\.ordinal)  // rising
        func firstIndex(atLeast value: Int) -> Int {
            var (low, high) = (0, ordinals.count)
            while low < high {
                let mid = (low + high) / 2
                if ordinals[mid] < value { low = mid + 1 } else { high = mid }
            }
            return low
        }
        var runs: [(range: ClosedRange<Int>, by: Int)] = []
        var singles: [(id: Int64, ordinal: Int)] = []
        var start = 0
        while start < moves.count {
            var end = start + 1
            while end < moves.count, moves[end].by == moves[start].by,
                moves[end].row.ordinal > moves[end - 1].row.ordinal
            {
                end += 1
            }
            let range = moves[start].row.ordinal...moves[end - 1].row.ordinal
            let held =
                firstIndex(atLeast: range.upperBound + 1) - firstIndex(atLeast: range.lowerBound)
            if end - start > 1, held == end - start {
                runs.append((range, moves[start].by))
            } else {
                singles += moves[start..<end].map { ($0.row.id, $0.row.ordinal + $0.by) }
            }
            start = end
        }
        // One run reads no view another write moved when it goes first (the views it
        // holds move with it alone). Where there are more, each view goes to its new
        // ordinal written as -1 - ordinal, out of every range still to move, and all come
        // back at the end.
        let away = runs.count > 1
        let one = try database.cachedStatement(
            away
                ? "UPDATE views SET ordinal = -1 - ? WHERE id = ?"
                : "UPDATE views SET ordinal = ? WHERE id = ?")
        let run = try database.cachedStatement(
            away
                ? "UPDATE views SET ordinal = -1 - (ordinal + ?1) WHERE layout_id = ?2 AND ordinal BETWEEN ?3 AND ?4"
                : "UPDATE views SET ordinal = ordinal + ?1 WHERE layout_id = ?2 AND ordinal BETWEEN ?3 AND ?4"
        )
        for (range, by) in runs {
            try run.run([by, layoutID, range.lowerBound, range.upperBound])
        }
        for (id, ordinal) in singles { try one.run([ordinal, id]) }
        if away {
            try database.execute(
                "UPDATE views SET ordinal = -1 - ordinal WHERE layout_id = ? AND ordinal < 0",
                [layoutID])
        }
    }

    // MARK: Helpers

    /// What a structural edit needs of a view.
    struct TreeRow {
        var id: Int64
        var name: String
        var parentID: Int64?
        var ordinal: Int
        var isRoot: Bool { parentID == nil }
    }

    func viewRow(_ name: String, layoutID: Int64) throws -> TreeRow? {
        try database.cachedStatement(
            "SELECT id, name, parent_id, ordinal FROM views WHERE layout_id = ? AND name = ?"
        ).rows([layoutID, name]) {
            TreeRow(
                id: $0.int64(0), name: $0.string(1), parentID: $0.optionalInt64(2),
                ordinal: $0.int(3))
        }.first
    }

    func viewNames(layoutID: Int64) throws -> [String] {
        try database.cachedStatement("SELECT name FROM views WHERE layout_id = ?")
            .rows([layoutID]) { $0.string(0) }
    }

    /// The view `name`, or ``StoreError/unknownView(name:layout:at:suggestion:)``.
    func existingView(_ name: String, layoutID: Int64, layout: String) throws -> TreeRow {
        let spelled = name == "|" ? rootViewName : name
        if let row = try viewRow(spelled, layoutID: layoutID) { return row }
        throw StoreError.unknownView(
            name: name, layout: layout, at: nil,
            suggestion: suggestName(name, from: try viewNames(layoutID: layoutID)))
    }

    /// Refuses to take the last arranged view out of an equal-spacing stack (`remove-view`,
    /// `move-view`): a script cannot say such a stack (docs/vocabulary.md §13), so its
    /// export did not apply.
    func refuseEmptyingEqualSpacingStack(of view: TreeRow) throws {
        guard let parent = view.parentID,
            try database.int64(
                """
                SELECT (SELECT distribution FROM stacks WHERE view_id = ?1) = 'equalSpacing'
                    AND (SELECT count(*) FROM views WHERE parent_id = ?1) = 1
                """, [parent]) == 1
        else { return }
        let stack =
            try database.cachedStatement("SELECT name FROM views WHERE id = ?").rows([parent]) {
                $0.string(0)
            }.first ?? "?"
        throw StoreError.refusedEdit(
            "`\(view.name)` is the last arranged view of equal-spacing stack `\(stack)`, and such "
                + "a stack needs views (the space between them); add another view to it first, "
                + "or give it another distribution in the script")
    }

    /// The view `id` and every view under it, deepest first (the view itself last).
    ///
    /// Every walk down the view tree goes through here, and it ends on a parent cycle
    /// that plain SQL left (`doctor` reports it): `UNION` keeps each view once, so the
    /// recursion stops where the cycle comes back, and the depths are counted here from
    /// `id` with each view visited once. A cycle through `id` holds `id`'s own parent.
    func subtree(of id: Int64) throws -> [TreeRow] {
        let rows = try database.cachedStatement(
            """
            WITH RECURSIVE sub(id) AS (
                SELECT ? UNION
                SELECT v.id FROM views v JOIN sub ON v.parent_id = sub.id)
            SELECT v.id, v.name, v.parent_id, v.ordinal FROM sub JOIN views v ON v.id = sub.id
            """
        ).rows([id]) {
            TreeRow(
                id: $0.int64(0), name: $0.string(1), parentID: $0.optionalInt64(2),
                ordinal: $0.int(3))
        }
        var children: [Int64: [Int]] = [:]
        for (i, row) in rows.enumerated() {
            if let parent = row.parentID { children[parent, default: []].append(i) }
        }
        var depth: [Int64: Int] = [id: 0]
        var level = [id]
        var d = 0
        while !level.isEmpty {
            d += 1
            var next: [Int64] = []
            for parent in level {
                for i in children[parent] ?? [] where depth[rows[i].id] == nil {
                    depth[rows[i].id] = d
                    next.append(rows[i].id)
                }
            }
            level = next
        }
        return rows.sorted {
            let (a, b) = (depth[$0.id] ?? 0, depth[$1.id] ?? 0)
            return a != b ? a > b : $0.ordinal > $1.ordinal
        }
    }

}

/// A view's new name in the text a constraint was written as (`source`), so `list`,
/// `get` and conflict messages show what the project holds now.
enum SourceRename {
    /// What follows `label:` when `source` starts with it (spaces allowed before the
    /// colon), or nil.
    static func afterLabel(_ label: String, in source: String) -> String? {
        guard source.hasPrefix(label) else { return nil }
        let rest = source.dropFirst(label.count).drop { $0 == " " }
        guard rest.first == ":" else { return nil }
        return String(rest.dropFirst())
    }

    /// `source` with each use of view `old` spelled `new`: a name followed by `.ATTR`,
    /// a VFL `[old...]` or `(==old)`, and, when `bareNamesAreViews` (no metric has that
    /// name), a bare name (`a.height == old + 8`). The statement's label stays as it is.
    static func rewrite(
        _ source: String, from old: String, to new: String, label: String?,
        bareNamesAreViews: Bool
    ) -> String {
        let chars = Array(source)
        // `LABEL:` at the start is the label, not a view.
        let start = label.flatMap { afterLabel($0, in: source) }.map { chars.count - $0.count } ?? 0
        func isName(_ c: Character) -> Bool {
            c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-")
        }
        var out = String(chars[0..<start])
        var i = start
        while i < chars.count {
            guard isName(chars[i]), i == 0 || !(isName(chars[i - 1]) || chars[i - 1] == ".")
            else {
                out.append(chars[i])
                i += 1
                continue
            }
            var j = i
            while j < chars.count, isName(chars[j]) { j += 1 }
            let word = String(chars[i..<j])
            let next = j < chars.count ? chars[j] : " "
            let before = chars[..<i].last { $0 != " " }
            let isView =
                word == old && next != ":" && before != "@"
                && (next == "." || before == "[" || before == "=" || bareNamesAreViews)
            out += isView ? new : word
            i = j
        }
        return out
    }
}
