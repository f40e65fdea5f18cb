import LayoutSQLite
import LayoutScript

/// Re-applying a script: the difference between what the script made when it was last
/// applied (`old`) and what it says now (`new`), written as row edits (docs/editing.md).
///
/// Things are matched by their ``ScriptImage`` identity. A thing both scripts say alike is
/// not written, so an edit made since from the command line stays; a thing the new script
/// says differently is written as the script says (the script wins, and the plan says
/// when that overrides an edit made since). What no script statement made is left alone.
/// The edits are plain writes through the dirty triggers, so only what they touch is
/// marked; the caller solves and commits.
struct Reconciler {
    let store: ProjectStore
    let old: ScriptImage
    let new: ScriptImage
    let file: String
    /// The project holds nothing of `file` (a dry run of its first apply): what a first
    /// apply refuses, a view, label or metric the layout already has, is refused here
    /// too instead of being taken over as a re-apply takes over what the command line made.
    let firstApply: Bool
    /// The statements `new` was made from, and the layout they start in: where an error
    /// points when the image does not keep a place.
    let statements: [LocatedStatement]
    let start: String

    /// The plan, and the writes that carry it out (run in order, in the caller's
    /// transaction).
    func plan() throws -> (steps: [ApplyPlan.Step], writes: [(ScriptApplier) throws -> Void]) {
        try checkDeclarationOrder()
        var steps: [ApplyPlan.Step] = []
        var writes: [(ScriptApplier) throws -> Void] = []
        var names = new.order
        for name in old.order where !names.contains(name) { names.append(name) }
        for name in names {
            if new.layout(named: name) == nil, let old = old.layout(named: name),
                try madeOnlyBy(old, layout: name)
            {
                steps.append(ApplyPlan.Step(action: .remove, layout: name, what: "layout \(name)"))
                writes.append { _ in try store.removeLayout(name) }
                continue
            }
            let (s, w) = try planLayout(
                name, old: old.layout(named: name) ?? ScriptImage.Layout(name: name),
                new: new.layout(named: name) ?? ScriptImage.Layout(name: name))
            steps += s
            writes += w
        }
        return (steps, writes)
    }

    /// Refuses what a fresh apply of the script refuses for the order of its statements,
    /// with the error it gives: a view, a label or a metric declared twice in one layout,
    /// and a `set`, `priority`, `activate`, `hide` or `intrinsic` that names a label or a
    /// variant the script declares only after it. The images keep one of each thing and
    /// no order, so the plan alone would take such a script.
    private func checkDeclarationOrder() throws {
        var layout = start
        var views: [String: [String: SourceLocation]] = [:]
        var labels: [String: [String: SourceLocation]] = [:]
        var metrics: [String: [String: SourceLocation]] = [:]
        var variants: [String: Set<String>] = [:]
        // A name the script declares somewhere (its image has it) is not one the project
        // held before, which stays nameable from the first line on.
        func checkNamed(label: String?, variant: String?, _ located: LocatedStatement) throws {
            let declared = new.layout(named: layout)
            if let label, declared?.labels[label] != nil, labels[layout]?[label] == nil {
                throw StoreError.unknownLabel(
                    label: label, layout: layout,
                    at: ScriptApplier.location(of: label, in: located, after: 1),
                    suggestion: suggestName(label, from: (labels[layout] ?? [:]).keys.sorted()))
            }
            if let variant, declared?.variants[variant] != nil,
                variants[layout]?.contains(variant) != true
            {
                throw StoreError.unknownVariant(
                    name: variant, layout: layout,
                    at: ScriptApplier.location(ofVariant: variant, in: located),
                    suggestion: suggestName(variant, from: (variants[layout] ?? []).sorted()))
            }
        }
        // A first apply refuses, in the script's order, a view, label or metric the project
        // had before it too, as the applier does: the first such statement is the error.
        var held: [String: (views: Set<String>, metrics: Set<String>, id: Int64?)] = [:]
        func heldNames(_ layout: String) throws -> (
            views: Set<String>, metrics: Set<String>, id: Int64?
        ) {
            if let names = held[layout] { return names }
            let id = try store.storedLayoutID(layout)
            let names =
                (id == nil || !firstApply)
                ? ([], [], id)
                : (
                    Set(try store.views(layout: layout).filter { !$0.isRoot }.map(\.name)),
                    Set(try store.metrics(layout: layout).map(\.name)), id
                )
            held[layout] = names
            return names
        }
        for located in statements {
            let at = located.location
            switch located.statement {
            case .layout(let name):
                layout = name
            case .view(let v):
                if let previous = views[layout, default: [:]].updateValue(at, forKey: v.name) {
                    throw StoreError.duplicateView(
                        name: v.name, layout: layout, at: at, previous: previous)
                }
                if try heldNames(layout).views.contains(v.name) {
                    throw StoreError.duplicateView(
                        name: v.name, layout: layout, at: at, previous: nil)
                }
            case .constraint(let c):
                guard let label = c.label else { continue }
                let origin = c.origin ?? at
                if let previous = labels[layout, default: [:]].updateValue(origin, forKey: label) {
                    throw StoreError.duplicateLabel(
                        label: label, layout: layout, at: origin, previous: previous)
                }
                if firstApply, let id = try heldNames(layout).id,
                    let row = try store.userConstraint(
                        labelled: label, layoutID: id, layout: layout)
                {
                    throw StoreError.duplicateLabel(
                        label: label, layout: layout, at: origin, previous: row.constraint.origin)
                }
            case .metric(let name, _):
                if let previous = metrics[layout, default: [:]].updateValue(at, forKey: name) {
                    throw StoreError.duplicateMetric(
                        name: name, layout: layout, at: at, previous: previous)
                }
                if try heldNames(layout).metrics.contains(name) {
                    throw StoreError.duplicateMetric(
                        name: name, layout: layout, at: at, previous: nil)
                }
            case .variant(let name, _, _, _):
                variants[layout, default: []].insert(name)
            case .set(let label, _, let variant), .priority(let label, _, let variant),
                .activate(let label, _, let variant):
                try checkNamed(label: label, variant: variant, located)
            case .hide(_, _, let variant), .intrinsic(_, _, let variant):
                try checkNamed(label: nil, variant: variant, located)
            default:
                continue
            }
        }
    }

    /// Whether everything layout `name` holds was made by `old`, the section of the file
    /// that the new script no longer has: then the layout goes with the section, as a
    /// fresh apply of the script would not make it. The implicit `main` stays.
    private func madeOnlyBy(_ old: ScriptImage.Layout, layout name: String) throws -> Bool {
        guard name != defaultLayoutName, let layoutID = try store.storedLayoutID(name) else {
            return false
        }
        let views = try store.views(layoutID: layoutID, components: nil)
        let rows = try store.constraintsByIdentity(
            layoutID: layoutID, layout: name, file: file, image: old)
        let userConstraints = try store.database.int64(
            "SELECT count(*) FROM constraints WHERE layout_id = ? AND kind = 'user'", [layoutID])
        let variants = try store.variants(layoutID: layoutID)
        let metrics = try store.metrics(layout: name)
        return views.allSatisfy { $0.isRoot || old.views[$0.name] != nil }
            && rows.keys.allSatisfy { old.constraints[$0] != nil }
            && userConstraints == Int64(rows.count)
            && variants.allSatisfy { old.variants[$0.name] != nil }
            && metrics.allSatisfy { old.metrics[$0.name] != nil }
    }

    /// The plan's note on a step where the script overrides what the command line did
    /// since: the one wording of every road (this plan, the line and stretch roads).
    static let editedSince = "replaces an edit made since"

    /// The origin file of what `layoutdb add` makes (``Project/add(_:label:priority:layout:)``).
    static let addOrigin = "<add>"

    /// The plan's note on a variant's override the command line made on a constraint the
    /// re-apply makes again, written again on the new row: every road's wording.
    static func keptNote(on label: String) -> String {
        "made since on the command line; kept on the changed \(label)"
    }

    static func same(_ a: Constraint, _ b: Constraint) -> Bool {
        // Equal values are the same constraint whatever their source and origin; values
        // that differ may still say the same (a row read back splits its constant
        // differently), so their script text decides.
        var x = a
        x.source = b.source
        x.origin = b.origin
        if x == b { return true }
        return ScriptWriter.text(of: a) == ScriptWriter.text(of: b) && a.isActive == b.isActive
    }

    /// The text a kept row is to say when its statement's text changed (another part of a
    /// VFL line or a compound statement did): the new statement's, as a fresh apply's row
    /// would; nil where the text is the same, or where the row no longer says the old
    /// text (`rename-view` rewrote it since: the command line's edit stays).
    static func renewedSource(old oc: Constraint, new nc: Constraint, row: Constraint) -> String? {
        let new = StatementSource.kept(nc.source)
        guard oc.source != nc.source, row.source == StatementSource.kept(oc.source),
            row.source != new
        else { return nil }
        return new
    }

    /// Equal but for constant and priority: changed in place, keeping the row (its id and
    /// its variants' constants).
    static func sameShape(_ a: Constraint, _ b: Constraint) -> Bool {
        var a = a
        var b = b
        a.lhs.constant = 0
        a.rhs.constant = 0
        b.lhs.constant = 0
        b.rhs.constant = 0
        a.priority = .required
        b.priority = .required
        return same(a, b)
    }

    private func planLayout(_ name: String, old o: ScriptImage.Layout, new n: ScriptImage.Layout)
        throws -> ([ApplyPlan.Step], [(ScriptApplier) throws -> Void])
    {
        let db = store.database
        var steps: [ApplyPlan.Step] = []
        func step(_ action: ApplyPlan.Action, _ what: String, _ note: String? = nil) {
            steps.append(ApplyPlan.Step(action: action, layout: name, what: what, note: note))
        }
        let edited = Self.editedSince
        // A layout the script adds has no row yet: it is planned as empty.
        let layoutID = try store.storedLayoutID(name)
        let views = try layoutID.map { try store.views(layoutID: $0, components: nil) } ?? []
        let viewByName = Dictionary(views.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let variants = try layoutID.map { try store.variants(layoutID: $0) } ?? []
        let variantByName = Dictionary(
            variants.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let metrics = Dictionary(
            try layoutID.map { _ in try store.metrics(layout: name) }?.map { ($0.name, $0.value) }
                ?? [], uniquingKeysWith: { a, _ in a })

        let all =
            try layoutID.map {
                try ConstraintReader(database: db).constraints(
                    layoutID: $0, layout: name, filter: "c.kind = 'user'", [])
            } ?? []
        let rows = ProjectStore.byIdentity(all, file: file, image: o)
        // Unlabelled constraints `layoutdb add` made: a new line of the script that says one
        // takes it over (as a labelled one is by its label), where it made another beside
        // it, and the export of the project written over the script and applied (git's
        // loop) doubled each.
        var addedOnCommandLine = all.filter {
            $0.constraint.label == nil && $0.constraint.origin?.file == Self.addOrigin
        }
        try checkTargets(
            old: o, new: n, rows: rows, viewByName: viewByName, variantByName: variantByName)

        // Views the script declares as it did, that the command line removed or renamed
        // since: they stay so, as a removed constraint does. A constraint the script
        // changed or added that names one has nothing to hold on to.
        let removedSince = Set(
            n.viewOrder.filter {
                viewByName[$0] == nil && o.views[$0] != nil && o.views[$0] == n.views[$0]
            })
        func checkViews(of constraint: Constraint, _ text: String) throws {
            try checkNames(constraint.views, at: constraint.origin, text)
        }
        /// Refuses a new or changed statement (`text`, at `at`) that names one of those views.
        func checkNames(_ names: [String], at: SourceLocation?, _ text: String) throws {
            guard let view = names.first(where: removedSince.contains) else { return }
            throw StoreError.refusedEdit(
                "`\(text)` names view `\(view)`, "
                    + "which was removed or renamed from the command line since \(file) was "
                    + "applied: name the view in the script as the project now does "
                    + "(`layoutdb views` lists them), or apply the file afresh with "
                    + "`layoutdb apply \(file) --replace`", at: at)
        }

        // Constraints: what goes before the views change, what comes after.
        var deletions: [Int64] = []
        var additions: [Constraint] = []
        var inPlace: [(id: Int64, constant: Double, priority: Priority, source: String)] = []
        var moved: [(id: Int64, origin: SourceLocation)] = []
        /// Rows kept as they are whose statement's text changed (another part of it did).
        var renewed: [(id: Int64, source: String)] = []
        var recreatedLabels: Set<String> = []
        /// What the variants held on a constraint made again (``variantOverrideStatements``).
        var carried: [Statement] = []
        // Rows of statements the script no longer has, by what they say now: a new
        // statement that says exactly what one of them says is that row (the export of a
        // constraint the `label` command renamed since, written over the script and
        // applied), kept with its id, where it was removed and made again.
        var goneRows: [(key: String, row: StoredConstraint)] = o.constraintOrder.compactMap {
            key in
            n.constraints[key] == nil ? rows[key].map { (key, $0) } : nil
        }
        var keptGone: Set<String> = []
        for key in n.constraintOrder {
            let nc = n.constraints[key]!
            let row = rows[key]
            let text = ScriptWriter.text(of: nc)
            if o.constraints[key] == nil, row == nil,
                let k = goneRows.firstIndex(where: {
                    $0.row.constraint.label == nc.label && Self.same($0.row.constraint, nc)
                }), let id = goneRows[k].row.id, let origin = nc.origin
            {
                keptGone.insert(goneRows.remove(at: k).key)
                moved.append((id, origin))
                renewed.append((id, StatementSource.kept(nc.source)))
                continue
            }
            guard let oc = o.constraints[key] else {
                try checkViews(of: nc, text)
                // A label a row of another statement has now (the `label` command gave it to
                // this file's constraint since), one that stays: refused at the line, where
                // the row's insert failed on the unique label with its SQL (and a dry run said
                // nothing). A row whose statement the script no longer has goes first.
                if row == nil, let label = nc.label,
                    let holder = all.first(where: { $0.constraint.label == label }),
                    !goneRows.contains(where: { $0.row.id == holder.id })
                {
                    throw StoreError.duplicateLabel(
                        label: label, layout: name, at: nc.origin,
                        previous: holder.constraint.origin)
                }
                if let row, firstApply, let label = nc.label {
                    throw StoreError.duplicateLabel(
                        label: label, layout: name, at: nc.origin, previous: row.constraint.origin)
                }
                if let row {
                    deletions.append(row.id!)
                    additions.append(nc)
                    if let label = nc.label {
                        recreatedLabels.insert(label)
                        carried += try store.variantOverrideStatements(
                            ofConstraint: row.id!, label: label)
                    }
                    step(
                        .change, "constraint \(text)",
                        "replaces a constraint made on the command line")
                } else if nc.label == nil,
                    let k = addedOnCommandLine.firstIndex(where: { Self.same($0.constraint, nc) }),
                    let id = addedOnCommandLine[k].id, let origin = nc.origin
                {
                    addedOnCommandLine.remove(at: k)
                    moved.append((id, origin))
                    renewed.append((id, StatementSource.kept(nc.source)))
                    step(
                        .change, "constraint \(text)",
                        "takes over the same constraint made on the command line")
                } else {
                    additions.append(nc)
                    step(.add, "constraint \(text)")
                }
                continue
            }
            guard let row, let id = row.id else {
                // Removed since from the command line: kept removed unless the script
                // changed it.
                if !Self.same(oc, nc) {
                    try checkViews(of: nc, text)
                    additions.append(nc)
                    step(.add, "constraint \(text)", "removed since; the script changed it")
                }
                continue
            }
            if Self.same(oc, nc) {
                if let origin = nc.origin, origin != row.constraint.origin {
                    moved.append((id, origin))
                }
                if let source = Self.renewedSource(old: oc, new: nc, row: row.constraint) {
                    renewed.append((id, source))
                }
                continue
            }
            // Where the row says what the script now says, nothing made since is replaced.
            let note = Self.same(oc, row.constraint) || Self.same(nc, row.constraint) ? nil : edited
            try checkViews(of: nc, text)
            if Self.sameShape(nc, row.constraint) {
                inPlace.append((id, nc.constant, nc.priority, StatementSource.kept(nc.source)))
                if let origin = nc.origin { moved.append((id, origin)) }
            } else {
                deletions.append(id)
                additions.append(nc)
                if let label = nc.label {
                    recreatedLabels.insert(label)
                    carried += try store.variantOverrideStatements(ofConstraint: id, label: label)
                }
            }
            step(.change, "constraint \(ScriptWriter.text(of: oc)) → \(text)", note)
        }
        for key in o.constraintOrder where n.constraints[key] == nil && !keptGone.contains(key) {
            guard let row = rows[key], let id = row.id else { continue }
            deletions.append(id)
            // An unlabelled statement whose text changed makes other constraints: what
            // the command line did to its old ones since goes with them, and the plan says.
            let note = Self.same(o.constraints[key]!, row.constraint) ? nil : edited
            step(.remove, "constraint \(ScriptWriter.text(of: row.constraint))", note)
            // A variant's override of it that this script did not say (another file's
            // `set`, the command line's) goes with it: listed.
            if let label = row.constraint.label {
                for statement in try store.variantOverrideStatements(ofConstraint: id, label: label)
                where !o.saysOverride(statement) {
                    step(
                        .remove, ScriptWriter.text(of: statement), "goes with constraint \(label)")
                }
            }
        }

        // Views: added and changed in the new script's order (a parent before its
        // children), removed deepest first once their subviews have moved away.
        var viewWrites: [(ScriptApplier) throws -> Void] = []
        /// Where the new script declares `view`.
        func declarationOf(_ view: String) -> SourceLocation? {
            declaration(in: name) { if case .view(let v) = $0 { v.name == view } else { false } }
        }
        for view in n.viewOrder {
            let nv = n.views[view]!
            let ov = o.views[view]
            guard let current = viewByName[view] else {
                if removedSince.contains(view) { continue }
                if ov == nil {
                    // A new view in one of them.
                    try checkNames(
                        [nv.parent], at: declarationOf(view), ScriptWriter.text(of: .view(nv)))
                } else {
                    // The command line removed or renamed it since; which, the project does
                    // not say. Made again under this name, a renamed view would be two.
                    throw StoreError.refusedEdit(
                        "the declaration of view `\(view)` "
                            + "changed, and the command line removed or renamed `\(view)` "
                            + "since \(file) was applied: if it was renamed, use its new "
                            + "name in the script (`layoutdb views` lists them); to take the "
                            + "script as it is, `layoutdb apply \(file) --replace`",
                        at: declarationOf(view))
                }
                // At its line: an error the applier finds there (a stack whose spacing label
                // a constraint has) says where, not `FILE:0:0`.
                let at = declarationOf(view)
                viewWrites.append { try $0.apply(statement(.view(nv), at: at)) }
                step(.add, "view \(view)" + (nv.parent == rootViewName ? "" : " in \(nv.parent)"))
                continue
            }
            if firstApply {
                throw StoreError.duplicateView(
                    name: view, layout: name, at: declarationOf(view), previous: nil)
            }
            if ov == nv { continue }
            // A view the script did not declare that the project has as the script declares
            // a view gone since (but for its name): it is that view, renamed on the command
            // line (`rename-view a z`, then `view z` added beside `view a`), and taking it
            // over merged the two into one. Refused, as a changed declaration of a renamed
            // view is.
            if ov == nil,
                let gone = removedSince.sorted().first(where: { gone in
                    var declared = n.views[gone]
                    declared?.name = view
                    return declared == current.declaration
                })
            {
                throw StoreError.refusedEdit(
                    "\(file) declares view `\(view)`, which the "
                        + "project has and \(file) did not declare, while view `\(gone)` that "
                        + "\(file) declares was removed or renamed from the command line since "
                        + "it was applied: if `\(view)` is `\(gone)` renamed, name it so in one "
                        + "place in the script; to take the script as it is, `layoutdb apply "
                        + "\(file) --replace`", at: declarationOf(view))
            }
            if ov == nil, current.declaration == nv {
                // Declared as the project has it: the file takes it over (taking the line
                // out later removes it), with nothing to write, and the plan says so.
                step(
                    .change, "view \(view)",
                    "the project had it, made by another file, the command line or plain "
                        + "SQL: \(file) declares it now")
                continue
            }
            let note =
                ov == nil
                ? "the view was made on the command line"
                : current.declaration == ov ? nil : edited
            if current.declaration.parent != nv.parent {
                try checkNames(
                    [nv.parent], at: declarationOf(view), ScriptWriter.text(of: .view(nv)))
                step(.move, "view \(view): \(current.declaration.parent) → \(nv.parent)", note)
            }
            var rest = current.declaration
            rest.parent = nv.parent
            if rest != nv { step(.change, "view \(view): \(ScriptWriter.text(of: nv))", note) }
            let layout = name
            viewWrites.append { _ in
                if current.declaration.parent != nv.parent {
                    try store.moveView(view, into: nv.parent, layout: layout)
                }
                try Self.updateView(nv, id: current.id, in: db)
            }
        }
        // A stack arranges its views in declaration order (their ordinals): where the new
        // script orders a stack's views otherwise than the project does (a line moved, a
        // view added between two), their ordinals are dealt out again in the script's
        // order, over the places they hold.
        let stacks = n.viewOrder.filter { n.views[$0]?.stack != nil }
        for stack in stacks {
            let wanted = n.viewOrder.filter { n.views[$0]?.parent == stack }
            let held = views.filter { $0.declaration.parent == stack && wanted.contains($0.name) }
                .sorted { $0.ordinal < $1.ordinal }.map(\.name)
            let expected = held + wanted.filter { !held.contains($0) }
            if expected != wanted {
                step(.move, "view \(stack): arranged as \(wanted.joined(separator: ", "))")
            }
        }
        let reorder: (ScriptApplier) throws -> Void = { _ in
            guard !stacks.isEmpty, let id = try store.existingLayoutID(name) else { return }
            let now = try store.views(layoutID: id, components: nil)
            for stack in stacks {
                let wanted = n.viewOrder.filter { n.views[$0]?.parent == stack }
                let children = now.filter {
                    $0.declaration.parent == stack && wanted.contains($0.name)
                }.sorted { $0.ordinal < $1.ordinal }
                let byName = Dictionary(
                    children.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
                let ordered = wanted.compactMap { byName[$0] }
                guard ordered.map(\.id) != children.map(\.id) else { continue }
                for (view, ordinal) in zip(ordered, children.map(\.ordinal)) {
                    try db.execute("UPDATE views SET ordinal = ? WHERE id = ?", [ordinal, view.id])
                }
                // The ordinals' trigger (migration 0015) marks the stack's layout dirty.
            }
        }
        // The file's views in the script's order, where the script changed that order
        // (``ViewOrderChange``): after the stacks', which mark their stacks dirty.
        // (Of the views there are: not those the command line removed since.)
        let order = ViewOrderChange(
            old: o.viewOrder.filter { viewByName[$0] != nil },
            new: n.viewOrder.filter { !removedSince.contains($0) })
        for (view, after) in order.moved {
            step(
                .move, "view \(view): " + (after.map { "declared after \($0)" } ?? "declared first")
            )
        }
        // Each view the script adds, after the one it declares before it.
        var added: [(view: String, after: String?)] = []
        var declaredBefore: String?
        for view in n.viewOrder where !removedSince.contains(view) {
            if viewByName[view] == nil { added.append((view, declaredBefore)) }
            declaredBefore = view
        }
        let dealOrdinals: (ScriptApplier) throws -> Void = { _ in
            guard order.changes || !added.isEmpty, let id = try store.existingLayoutID(name)
            else { return }
            // Where the script moved none of its views (it may have added some), they keep
            // the project's order (which `move-view` may have changed since).
            let held = n.viewOrder.filter { viewByName[$0] != nil }
            try store.orderViews(
                layoutID: id,
                fileOrder: order.moved.isEmpty
                    ? held.sorted { viewByName[$0]!.ordinal < viewByName[$1]!.ordinal } : held,
                added: added)
        }
        var viewRemovals: [Int64] = []
        for view in o.viewOrder.reversed() where n.views[view] == nil {
            guard let current = viewByName[view] else { continue }
            viewRemovals.append(current.id)
            step(.remove, "view \(view)")
        }
        // What another file or the command line made that names a view that goes goes with
        // it, as with `remove-view`: the plan lists it, so that a dry run shows the loss.
        if let layoutID, !viewRemovals.isEmpty {
            let own = Set(deletions)
            let names = Dictionary(uniqueKeysWithValues: views.map { ($0.id, $0.name) })
            let removed = Set(viewRemovals.compactMap { names[$0] })
            for row in try store.constraints(
                mentioning: viewRemovals, layoutID: layoutID, layout: name)
            where row.id.map({ !own.contains($0) }) ?? true && row.constraint.kind == .user {
                let view = row.constraint.views.first(where: removed.contains) ?? "?"
                step(
                    .remove, "constraint \(ScriptWriter.text(of: row.constraint))",
                    "names view \(view), which goes"
                        + (row.constraint.origin.map { "; from \($0)" } ?? ""))
            }
        }

        // Metrics (their values are already in the constraints that use them).
        var metricWrites: [(ScriptApplier) throws -> Void] = []
        func declarationOf(metric: String) -> SourceLocation? {
            declaration(in: name) { if case .metric(let m, _) = $0 { m == metric } else { false } }
        }
        for metric in n.metricOrder
        where o.metrics[metric] != n.metrics[metric] || metrics[metric] == nil {
            let value = n.metrics[metric]!
            if firstApply, metrics[metric] != nil {
                throw StoreError.duplicateMetric(
                    name: metric, layout: name, at: declarationOf(metric: metric), previous: nil)
            }
            if metrics[metric] == value { continue }
            // A view of that name (one the command line renamed to it since): refused at
            // the line, where the schema's trigger refused the row with its SQL.
            if metrics[metric] == nil, viewByName[metric] != nil {
                throw StoreError.metricNamesView(
                    name: metric, layout: name, at: declarationOf(metric: metric), previous: nil,
                    metricFirst: false)
            }
            step(
                metrics[metric] == nil ? .add : .change,
                "metric \(metric) \(ScriptWriter.number(value))")
            metricWrites.append { applier in
                guard let id = try store.existingLayoutID(name) else { return }
                try db.execute(
                    "DELETE FROM metrics WHERE layout_id = ? AND name = ?", [id, metric])
                try db.execute(
                    "INSERT INTO metrics (layout_id, name, value) VALUES (?, ?, ?)",
                    [id, metric, value])
            }
        }
        for metric in o.metricOrder where n.metrics[metric] == nil && metrics[metric] != nil {
            step(.remove, "metric \(metric)")
            metricWrites.append { _ in
                guard let id = try store.existingLayoutID(name) else { return }
                try db.execute(
                    "DELETE FROM metrics WHERE layout_id = ? AND name = ?", [id, metric])
            }
        }
        if o.canvas?.statement != n.canvas?.statement || o.fit != n.fit {
            if let canvas = n.canvas {
                let fit = n.fit ?? Fit.none
                step(
                    .change,
                    ScriptWriter.text(of: canvas.statement, fitting: (fit.width, fit.height)))
                metricWrites.append {
                    try $0.apply(canvas)
                    if fit.any {
                        try $0.apply(
                            statement(.fit(width: fit.width, height: fit.height, variant: nil)))
                    }
                }
            } else if layoutID != nil {
                step(.remove, "canvas")
                metricWrites.append { _ in
                    guard let id = try store.existingLayoutID(name) else { return }
                    try db.execute(
                        """
                        UPDATE layouts SET canvas_width = NULL, canvas_height = NULL, safe_top = 0,
                            safe_left = 0, safe_bottom = 0, safe_right = 0, direction = 'ltr',
                            fit_width = 0, fit_height = 0
                        WHERE id = ?
                        """, [id])
                }
            }
        }

        // Variants and `set`s.
        var variantWrites: [(ScriptApplier) throws -> Void] = []
        var variantRemovals: [Int64] = []
        var newVariants: Set<String> = []
        var variantsRemovedSince: Set<String> = []
        for variant in n.variantOrder {
            let nv = n.variants[variant]!
            guard let current = variantByName[variant] else {
                // Removed since from the command line (`variant remove`): it stays so
                // unless the script changed it, as a removed view does.
                if o.variants[variant] == nv {
                    variantsRemovedSince.insert(variant)
                    continue
                }
                newVariants.insert(variant)
                step(.add, "variant \(variant)")
                variantWrites.append {
                    try $0.apply(
                        statement(
                            .variant(
                                name: variant, canvas: nv.canvas, safe: nv.safe,
                                direction: nv.direction)))
                    if let fit = nv.fit, fit.any {
                        try $0.apply(
                            statement(.fit(width: fit.width, height: fit.height, variant: variant)))
                    }
                }
                continue
            }
            let shape = ScriptImage.VariantShape(
                canvas: current.canvas, safe: current.safe, direction: current.direction,
                fit: current.fit)
            let madeOnCommandLine = o.variants[variant] == nil
            if o.variants[variant] == nv { continue }
            if shape == nv {
                // The script now declares, as it is, one the command line made: the file
                // takes it over (taking the line out later removes it), and the plan says so.
                if madeOnCommandLine {
                    step(.change, "variant \(variant)", "the variant was made on the command line")
                }
                continue
            }
            step(
                .change, "variant \(variant)",
                madeOnCommandLine
                    ? "the variant was made on the command line"
                    : o.variants[variant] == shape ? nil : edited)
            variantWrites.append { _ in
                try db.execute(
                    """
                    UPDATE variants SET canvas_width = ?, canvas_height = ?, safe_top = ?,
                        safe_left = ?, safe_bottom = ?, safe_right = ?, direction = ?,
                        fit_width = ?, fit_height = ?
                    WHERE id = ?
                    """,
                    [
                        nv.canvas?.width, nv.canvas?.height, nv.safe?.top, nv.safe?.left,
                        nv.safe?.bottom, nv.safe?.right, nv.direction?.rawValue,
                        nv.fit?.width, nv.fit?.height, current.id,
                    ])
            }
        }
        for variant in o.variantOrder where n.variants[variant] == nil {
            guard let current = variantByName[variant] else { continue }
            variantRemovals.append(current.id)
            step(.remove, "variant \(variant)")
        }
        // A statement the script changed in such a variant has nowhere to go.
        func checkVariant(_ variant: String?, _ located: LocatedStatement) throws {
            guard let variant, variantsRemovedSince.contains(variant) else { return }
            throw StoreError.refusedEdit(
                "\(located.location): `\(located.text)` is in variant `\(variant)`, which was "
                    + "removed from the command line since \(file) was applied: take the line "
                    + "out, or apply the file afresh with `layoutdb apply \(file) --replace`")
        }
        /// The labels that reach, now, the constraints a `set`, `priority` or `activate` of
        /// `label` names: a row is found by its identity, and stays its line's when the
        /// `label` command renamed it since (docs/editing.md), so the statement is applied
        /// to the label the row has now (to each part's, for a compound label one of whose
        /// parts was renamed). A row this re-apply makes again has the script's label, and
        /// a label no row answers to is as written.
        func labelsNow(_ label: String) -> [String] {
            if recreatedLabels.contains(label) { return [label] }
            if let row = rows[label] { return [row.constraint.label ?? label] }
            let parts = rows.filter {
                o.labels[$0.key] != nil && SourceExport.compoundLabel(of: $0.key) == label
            }.sorted { $0.key < $1.key }
            guard parts.contains(where: { $0.value.constraint.label != $0.key }) else {
                return [label]
            }
            return parts.map {
                recreatedLabels.contains($0.key) ? $0.key : $0.value.constraint.label ?? $0.key
            }
        }
        /// `located` as the applier is to write it: naming each constraint by the label it
        /// has now (``labelsNow``), in the line's place.
        func aimed(_ located: LocatedStatement) -> [LocatedStatement] {
            let statements: [Statement]
            switch located.statement {
            case .set(let label, let constant, let variant):
                statements = labelsNow(label).map {
                    .set(label: $0, constant: constant, variant: variant)
                }
            case .priority(let label, let priority, let variant):
                statements = labelsNow(label).map {
                    .priority(label: $0, priority: priority, variant: variant)
                }
            case .activate(let label, let isActive, let variant):
                statements = labelsNow(label).map {
                    .activate(label: $0, isActive: isActive, variant: variant)
                }
            default: return [located]
            }
            if statements == [located.statement] { return [located] }
            return statements.map {
                LocatedStatement(statement: $0, location: located.location, text: located.text)
            }
        }
        var setRemovals: [(variant: Int64, constraint: Int64)] = []
        for key in n.setOrder {
            let ns = n.sets[key]!
            let os = o.sets[key]
            let recreated = recreatedLabels.contains(ns.label)
            let variantIsNew = ns.variant.map { newVariants.contains($0) } ?? false
            if let os, os.value == ns.value, !recreated, !variantIsNew { continue }
            let current = ns.variant.flatMap { variantByName[$0] }.flatMap { variant in
                // A stack's spacing is the variant's own, not a constraint's constant.
                if let stack = StackArrangement.stack(ofSpacingLabel: ns.label),
                    viewByName[stack]?.declaration.stack != nil
                {
                    return variant.spacing[stack]
                }
                return rows[n.labels[ns.label] ?? ns.label]?.id.flatMap { variant.overrides[$0] }
            }
            if !recreated && current == ns.value { continue }
            if recreated, let os, os.value == ns.value, let current, current != os.value {
                // The line is as it was and the command line changed the value since: the
                // value stays with the constraint made again, as a fresh apply plus the
                // edits made since would give.
                let kept = LocatedStatement(
                    statement: .set(label: ns.label, constant: current, variant: ns.variant),
                    location: ns.located.location, text: ns.located.text)
                step(
                    .add,
                    "set \(ns.label) \(ScriptWriter.number(current))"
                        + (ns.variant.map { " in \($0)" } ?? ""),
                    Self.keptNote(on: ns.label))
                let writes = aimed(kept)
                variantWrites.append { applier in for s in writes { try applier.apply(s) } }
                continue
            }
            // The project held a value the old script did not say (none, or another): the
            // command line's, which the script's replaces.
            let note = current != nil && current != os?.value ? edited : nil
            step(
                os == nil ? .add : .change,
                "set \(ns.label) \(ScriptWriter.number(ns.value))"
                    + (ns.variant.map { " in \($0)" } ?? ""), note)
            try checkVariant(ns.variant, ns.located)
            let writes = aimed(ns.located)
            variantWrites.append { applier in for s in writes { try applier.apply(s) } }
        }
        var spacingRemovals: [(variant: Int64, stack: Int64)] = []
        for key in o.setOrder where n.sets[key] == nil {
            let os = o.sets[key]!
            if let variant = os.variant, let v = variantByName[variant],
                o.variants[variant] == nil || n.variants[variant] != nil,
                let stack = StackArrangement.stack(ofSpacingLabel: os.label),
                let stackView = viewByName[stack], v.spacing[stack] != nil
            {
                spacingRemovals.append((v.id, stackView.id))
                step(.remove, "set \(os.label) in \(variant)")
                continue
            }
            // A variant the script removes takes its constants with it.
            guard let variant = os.variant, let v = variantByName[variant],
                let id = rows[os.label]?.id, v.overrides[id] != nil,
                o.variants[variant] == nil || n.variants[variant] != nil
            else { continue }
            setRemovals.append((v.id, id))
            step(.remove, "set \(os.label) in \(variant)")
        }
        // Overrides not folded into a declaration (those of a variant, and base ones of
        // what another file or the command line declared): a new or changed one is
        // applied, and applied again when what it holds was made again (a constraint
        // recreated, a view or variant added); a variant's one that is gone is undone
        // (the variant falls back to the base).
        let addedViews = Set(n.viewOrder.filter { viewByName[$0] == nil })
        var overrideRemovals: [(ScriptApplier) throws -> Void] = []
        for key in n.overrideOrder {
            let located = n.overrides[key]!
            let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let (target, variant) = (parts[1], parts[2].isEmpty ? nil : parts[2])
            let remade =
                recreatedLabels.contains(target) || addedViews.contains(target)
                || (variant.map { newVariants.contains($0) } ?? false)
                || additions.contains { $0.label == target }
            if o.overrides[key]?.statement == located.statement && !remade { continue }
            try checkVariant(variant, located)
            if parts[0] == "hide" || parts[0] == "intrinsic" {
                try checkNames([target], at: located.location, located.text)
            }
            step(o.overrides[key] == nil ? .add : .change, located.text)
            let writes = aimed(located)
            variantWrites.append { applier in for s in writes { try applier.apply(s) } }
        }
        for key in o.overrideOrder where n.overrides[key] == nil {
            let located = o.overrides[key]!
            let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let (kind, target, variant) = (parts[0], parts[1], parts[2])
            // A base one that is gone: what the target held before it is not known here,
            // unless the script now declares the target (its declaration says it all).
            guard !variant.isEmpty else {
                let declared =
                    kind == "hide" || kind == "intrinsic"
                    ? n.views[target] != nil : n.labels[target] != nil
                if declared { continue }
                throw StoreError.refusedEdit(
                    "\(located.location): `\(located.text)` is no longer in the script, and "
                        + "re-applying cannot tell what \(target) held before it: use "
                        + "`layoutdb apply \(file) --replace`")
            }
            guard let v = variantByName[variant],
                n.variants[variant] != nil || o.variants[variant] == nil
            else { continue }
            step(.remove, located.text)
            overrideRemovals.append { _ in
                switch kind {
                case "hide":
                    guard let view = viewByName[target] else { return }
                    try db.execute(
                        "UPDATE variant_views SET hidden = NULL WHERE variant_id = ? AND view_id = ?",
                        [v.id, view.id])
                case "intrinsic":
                    guard let view = viewByName[target] else { return }
                    try db.execute(
                        "DELETE FROM variant_intrinsics WHERE variant_id = ? AND view_id = ?",
                        [v.id, view.id])
                default:
                    guard let id = try store.existingLayoutID(name) else { return }
                    let ids = labelsNow(target).flatMap {
                        (try? store.constraintIDs(named: $0, layoutID: id, layout: name)) ?? []
                    }
                    for constraint in ids {
                        try db.execute(
                            kind == "priority"
                                ? """
                                UPDATE variant_constraint_overrides SET priority = NULL
                                WHERE variant_id = ? AND constraint_id = ?
                                """
                                : """
                                UPDATE variant_constraint_overrides SET active = NULL
                                WHERE variant_id = ? AND constraint_id = ?
                                """, [v.id, constraint])
                    }
                    try db.execute(
                        """
                        DELETE FROM variant_constraint_overrides
                        WHERE variant_id = ? AND priority IS NULL AND active IS NULL
                        """, [v.id])
                }
            }
        }

        // A variant's override of a constraint made again, that the script does not say
        // (the command line made it since): written again on the new row. One the script
        // says was written above; a variant the script removes takes its own.
        for statement in carried {
            let label: String
            let variant: String?
            switch statement {
            case .set(let l, _, let v), .priority(let l, _, let v), .activate(let l, _, let v):
                (label, variant) = (l, v)
            default: continue
            }
            guard let variant, !n.saysOverride(statement),
                n.variants[variant] != nil || o.variants[variant] == nil
            else { continue }
            let located = self.statement(statement)
            step(.add, located.text, Self.keptNote(on: label))
            variantWrites.append { try $0.apply(located) }
        }

        // A statement kind the image keeps whole: a new one is applied; one that is gone
        // cannot be undone row by row.
        for key in n.otherOrder where o.others[key] == nil {
            let located = n.others[key]!
            step(.add, located.text)
            variantWrites.append { try $0.apply(located) }
        }
        for key in o.otherOrder where n.others[key] == nil {
            let located = o.others[key]!
            throw StoreError.refusedEdit(
                "\(located.location): `\(located.text)` is no longer in the script, and "
                    + "re-applying cannot undo it: use `layoutdb apply \(file) --replace`")
        }

        var writes: [(ScriptApplier) throws -> Void] = []
        guard !steps.isEmpty || !moved.isEmpty else { return ([], []) }
        writes.append { _ in
            for id in deletions { try db.execute("DELETE FROM constraints WHERE id = ?", [id]) }
            for (variant, constraint) in setRemovals {
                try db.execute(
                    "DELETE FROM variant_constants WHERE variant_id = ? AND constraint_id = ?",
                    [variant, constraint])
            }
            for (variant, stack) in spacingRemovals {
                try db.execute(
                    "UPDATE variant_views SET spacing = NULL WHERE variant_id = ? AND view_id = ?",
                    [variant, stack])
            }
        }
        writes += overrideRemovals
        writes.append { try $0.apply(statement(.layout(name))) }
        writes += viewWrites
        writes.append { _ in
            for id in viewRemovals { try db.execute("DELETE FROM views WHERE id = ?", [id]) }
        }
        writes.append(reorder)
        writes.append(dealOrdinals)
        writes += metricWrites
        writes.append { applier in
            for c in additions { try applier.apply(statement(.constraint(c), at: c.origin)) }
            for change in inPlace {
                // The row says what its statement says now, as a fresh apply's would.
                try db.execute(
                    "UPDATE constraints SET constant = ?, priority = ?, source = ? WHERE id = ?",
                    [change.constant, change.priority.rawValue, change.source, change.id])
            }
            // The file too: a constraint taken over from the command line was `<add>`'s.
            for (id, origin) in moved {
                try db.execute(
                    """
                    UPDATE constraints SET origin_file = ?, origin_line = ?, origin_column = ?
                    WHERE id = ?
                    """, [origin.file, origin.line, origin.column, id])
            }
            for (id, source) in renewed {
                try db.execute("UPDATE constraints SET source = ? WHERE id = ?", [source, id])
            }
        }
        writes += variantWrites
        writes.append { _ in
            for id in variantRemovals { try db.execute("DELETE FROM variants WHERE id = ?", [id]) }
        }
        // The plan reads views first (what moves), then metrics and the canvas, then
        // constraints, then variants and their constants; in script order within each.
        func rank(_ step: ApplyPlan.Step) -> Int {
            for (i, prefix) in ["view ", "metric ", "canvas", "constraint "].enumerated()
            where step.what.hasPrefix(prefix) {
                return min(i, 2) + (i == 3 ? 1 : 0)
            }
            return 4
        }
        let ordered = steps.enumerated().sorted {
            (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
        }.map(\.element)
        return (ordered, writes)
    }

    /// Refuses a `set`, `priority`, `activate`, `hide` or `intrinsic` whose label or
    /// variant the re-applied layout no longer has (its declaration gone from the script,
    /// or never in the project), with the error a fresh apply of the script gives. Checked
    /// before anything is planned, so a dry run refuses it too; an unchanged statement
    /// would otherwise be skipped and stay in the script naming nothing.
    private func checkTargets(
        old o: ScriptImage.Layout, new n: ScriptImage.Layout,
        rows: [String: StoredConstraint], viewByName: [String: StoredView],
        variantByName: [String: VariantModel]
    ) throws {
        func labelSurvives(_ label: String) -> Bool {
            if let stack = StackArrangement.stack(ofSpacingLabel: label),
                n.views[stack]?.stack != nil
                    || (o.views[stack] == nil && viewByName[stack]?.declaration.stack != nil)
            {
                return true
            }
            // A compound label or a labelled VFL line names its parts (`c.width`, `c.1`).
            return !n.keys(named: label).isEmpty
                || (o.labels[label] == nil && rows[label] != nil)
        }
        var targets = n.setOrder.compactMap {
            n.sets[$0].map { (label: Optional($0.label), $0.variant, $0.located) }
        }
        for key in n.overrideOrder {
            let located = n.overrides[key]!
            switch located.statement {
            case .priority(let label, _, let variant), .activate(let label, _, let variant):
                targets.append((label, variant, located))
            case .hide(_, _, let variant), .intrinsic(_, _, let variant):
                targets.append((nil, variant, located))
            default: break
            }
        }
        for (label, variant, located) in targets {
            if let label, ProjectStore.constraintKey(label).label != nil, !labelSurvives(label) {
                let labels = Set(n.labels.keys).union(
                    rows.keys.filter { o.labels[$0] == nil && rows[$0]?.constraint.label == $0 })
                throw StoreError.unknownLabel(
                    label: label, layout: n.name,
                    at: ScriptApplier.location(of: label, in: located, after: 1),
                    suggestion: suggestName(label, from: labels.sorted()))
            }
            if let variant, n.variants[variant] == nil,
                o.variants[variant] != nil || variantByName[variant] == nil
            {
                let variants = Set(n.variants.keys).union(
                    variantByName.keys.filter { o.variants[$0] == nil })
                throw StoreError.unknownVariant(
                    name: variant, layout: n.name,
                    at: ScriptApplier.location(ofVariant: variant, in: located),
                    suggestion: suggestName(variant, from: variants.sorted()))
            }
        }
    }

    /// Where the new script first says what `matches` in layout `layout` (read only for an
    /// error, so the image need not keep every declaration's place).
    private func declaration(in layout: String, where matches: (Statement) -> Bool)
        -> SourceLocation?
    {
        var current = start
        for located in statements {
            if case .layout(let name) = located.statement { current = name }
            if current == layout && matches(located.statement) { return located.location }
        }
        return nil
    }

    private func statement(_ s: Statement, at origin: SourceLocation? = nil) -> LocatedStatement {
        LocatedStatement(
            statement: s, location: origin ?? SourceLocation(file: file, line: 0, column: 0),
            text: ScriptWriter.text(of: s))
    }

    /// Writes every column a `view` statement gives (the parent is moved separately).
    static func updateView(_ view: ViewDeclaration, id: Int64, in db: Database) throws {
        try db.execute(
            """
            UPDATE views SET frame_x = ?, frame_y = ?, frame_width = ?, frame_height = ?,
                autoresize = ?, intrinsic_width = ?, intrinsic_height = ?, hug = ?, resist = ?,
                kind = ?, margin_top = ?, margin_left = ?, margin_bottom = ?, margin_right = ?,
                baseline_first = ?, baseline_last = ?, hug_vertical = ?, resist_vertical = ?,
                hidden = ?
            WHERE id = ?
            """,
            [
                view.frame?.x, view.frame?.y, view.frame?.width, view.frame?.height,
                view.autoresize.rawValue, view.intrinsic?.width, view.intrinsic?.height,
                view.intrinsic?.hug.rawValue, view.intrinsic?.resist.rawValue,
                // A stack is a view row plus its `stacks` row.
                (view.kind == .stack ? ViewKind.view : view.kind).rawValue,
                view.margins?.top, view.margins?.left, view.margins?.bottom, view.margins?.right,
                view.baseline?.first, view.baseline?.last, view.intrinsic?.verticalHug.rawValue,
                view.intrinsic?.verticalResist.rawValue, view.isHidden, id,
            ])
        guard let stack = view.stack else {
            try db.execute("DELETE FROM stacks WHERE view_id = ?", [id])
            return
        }
        let values: [(any SQLBindable)?] = [
            stack.axis == .horizontal ? "H" : "V", stack.spacing, stack.distribution.rawValue,
            stack.alignment.rawValue, id,
        ]
        try db.execute(
            """
            UPDATE stacks SET axis = ?, spacing = ?, distribution = ?, alignment = ?
            WHERE view_id = ?
            """, values)
        if db.changes == 0 {
            try db.execute(
                """
                INSERT INTO stacks (axis, spacing, distribution, alignment, view_id)
                VALUES (?, ?, ?, ?, ?)
                """, values)
        }
    }
}

extension ProjectStore {
    /// A layout's user constraints by ``ScriptImage`` identity: labelled ones by label,
    /// `file`'s unlabelled ones as the image of that file keys them (statement order,
    /// then id). With `image`, the image `file` made them from, each of `file`'s rows is
    /// keyed as the constraint of the statement at its origin that it was made from
    /// (``expansionPlaces(of:in:)``), whatever its text, label or id says now.
    func constraintsByIdentity(
        layoutID: Int64, layout: String, file: String, image: ScriptImage.Layout? = nil
    ) throws -> [String: StoredConstraint] {
        Self.byIdentity(
            try ConstraintReader(database: database).constraints(
                layoutID: layoutID, layout: layout, filter: "c.kind = 'user'", []),
            file: file, image: image)
    }

    /// ``constraintsByIdentity(layoutID:layout:file:image:)`` of constraints already read:
    /// `all` are a layout's user constraints.
    static func byIdentity(
        _ all: [StoredConstraint], file: String, image: ScriptImage.Layout? = nil
    ) -> [String: StoredConstraint] {
        var rows: [String: StoredConstraint] = [:]
        var mine: [StoredConstraint] = []
        for row in all {
            if let label = row.constraint.label {
                rows[label] = row
            } else if let origin = row.constraint.origin, origin.file == file {
                mine.append(row)
            }
        }
        mine.sort { Self.statementOrder($0, $1) }
        for (row, key) in zip(mine, ScriptImage.keys(ofStored: mine.map(\.constraint))) {
            rows[key] = row
        }
        guard let image else { return rows }
        // What a row says need not find the statement that made it: the command line may
        // have changed it since (`rename-view` rewrites its text, `label` gives it a label),
        // a constant the command line changed keeps the text the row was made from, the keys
        // of a statement's rows above follow their ids, which after a re-apply that kept some
        // of its rows and made others again are not the order the statement made them in.
        // The origin does find it (the kept line and column): the rows there go to the
        // constraints the statement there makes by what they say (``expansionPlaces``).
        // Every origin here is in `file`: line and column say where.
        func place(_ origin: SourceLocation) -> Int { origin.line &<< 24 | origin.column }
        var keysAt: [Int: [String]] = [:]
        for key in image.constraintOrder {
            if let origin = image.constraints[key]?.origin {
                keysAt[place(origin), default: []].append(key)
            }
        }
        let made = all.filter { $0.constraint.origin?.file == file }.sorted {
            Self.statementOrder($0, $1)
        }
        var byOrigin: [String: StoredConstraint] = [:]
        var placed: Set<Int64> = []
        var at = 0
        while at < made.count {
            let origin = made[at].constraint.origin
            var end = at
            while end < made.count, made[end].constraint.origin == origin { end += 1 }
            if let origin, let keys = keysAt[place(origin)] {
                let group = Array(made[at..<end])
                let expansion = keys.compactMap { image.constraints[$0] }
                for (row, i) in zip(group, expansionPlaces(of: group, in: expansion)) {
                    guard let i else { continue }
                    byOrigin[keys[i]] = row
                    if let id = row.id { placed.insert(id) }
                }
            }
            at = end
        }
        // One row, one identity: the statement's at its origin, over its label or the key
        // of its text (which another statement's row may hold).
        rows = rows.filter { key, row in
            byOrigin[key] == nil && !(row.id.map(placed.contains) ?? false)
        }
        rows.merge(byOrigin) { _, paired in paired }
        return rows
    }

    /// Which constraint of one statement's expansion each of its rows was made from:
    /// `rows` are the rows at the statement's origin, in any order, and `made` the
    /// constraints it makes, in order (a VFL line's, a compound attribute's). For each row,
    /// its index in `made`, or nil where it pairs with none. The one rule for it, used by
    /// the whole-image plan and `export` (``byIdentity(_:file:image:)``) and by the stretch
    /// road (`Project+HunkReapply.swift`).
    ///
    /// Not by the rows' order: a re-apply that keeps the rows of an edited statement's
    /// unchanged constraints and makes the others again (`H:|-7-[a(>=6)]` → `H:|-8-[a(>=6)]`
    /// keeps `a.width >= 6`) gives the new rows later ids, and a statement's rows are no
    /// longer in the order it made them. A row goes, in turn, to the constraint with its
    /// label; to one that says what it says; to one it differs from only where the command
    /// line changes a row in place (constant, priority, active); and, where rows and
    /// constraints are as many, the rest in order (a row whose views were renamed since
    /// says what no constraint says). Each pass takes the rows in the order given.
    static func expansionPlaces(of rows: [StoredConstraint], in made: [Constraint]) -> [Int?] {
        // One row and one constraint (most statements): the last pass pairs them.
        if rows.count == 1 && made.count == 1 { return [0] }
        var places = [Int?](repeating: nil, count: rows.count)
        var taken = [Bool](repeating: false, count: made.count)
        /// Every constraint before it is taken. A pass looks from there: a statement's rows
        /// in its constraints' order (most often) pair one step each, not a scan from the
        /// start each (3,000 rows of one VFL line: nine million comparisons).
        var firstFree = 0
        func pass(_ matches: (_ row: Constraint, _ made: Constraint) -> Bool) {
            for (r, row) in rows.enumerated() where places[r] == nil {
                while firstFree < made.count, taken[firstFree] { firstFree += 1 }
                guard
                    let i = made.indices[firstFree...].first(where: {
                        !taken[$0] && matches(row.constraint, made[$0])
                    })
                else { continue }
                places[r] = i
                taken[i] = true
            }
        }
        // Labels are compared in the first pass only: one the command line gave a row
        // since does not make it another constraint.
        func unlabelled(_ row: Constraint, as made: Constraint) -> Constraint {
            var row = row
            row.label = made.label
            return row
        }
        if rows.contains(where: { $0.constraint.label != nil }) {
            pass { row, made in row.label != nil && row.label == made.label }
        }
        pass { row, made in Reconciler.same(unlabelled(row, as: made), made) }
        pass { row, made in
            var row = unlabelled(row, as: made)
            row.isActive = made.isActive
            return Reconciler.sameShape(row, made)
        }
        if rows.count == made.count { pass { _, _ in true } }
        return places
    }

    /// Rows in the order their statements come: by origin, then as made.
    private static func statementOrder(_ a: StoredConstraint, _ b: StoredConstraint) -> Bool {
        let x = a.constraint.origin!
        let y = b.constraint.origin!
        return (x.line, x.column, a.id ?? 0) < (y.line, y.column, b.id ?? 0)
    }
}
