import FoundationEssentials
import LayoutSQLite
import LayoutScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What applying a script file did, or (with `dryRun`) would do.
public struct ApplyPlan: Sendable {
    public enum Action: String, Hashable, Sendable {
        case add, remove, change, move
        /// `--replace`: what the layout held is thrown away.
        case replace
    }

    /// One thing added, removed, changed or moved, in one layout.
    public struct Step: Hashable, Sendable {
        public var action: Action
        public var layout: String
        /// `view footer in body`, `constraint a.width == 10 → a.width == 12`, ...
        public var what: String
        /// Set where the script's change overrides an edit made since it was last applied.
        public var note: String?
    }

    public var file: String
    /// Whether the project held nothing of this file (a first apply).
    public var isFirstApply: Bool
    public var steps: [Step]
    /// Whether the project was written (false for a dry run and for "no changes").
    public var wrote: Bool
    public var report: SolveReport

    /// The plan, one step a line, or `no changes`.
    public var lines: [String] {
        guard !steps.isEmpty else { return ["\(file): no changes"] }
        var lines: [String] = []
        for step in steps {
            var line = "\(step.action.rawValue) \(step.what)"
            if step.layout != defaultLayoutName { line = "\(step.layout): " + line }
            if let note = step.note { line += " (\(note))" }
            lines.append(line)
        }
        return lines
    }
}

extension Project {
    /// Applies the script `text` read from `file`, reconciling with what an earlier apply
    /// of the same file made (docs/editing.md): the project is brought to what the script
    /// now says, in one transaction, keeping what the script did not make and edits of
    /// things the script did not change. A file the project holds nothing of is applied
    /// as ``apply(script:file:layout:)`` does.
    ///
    /// With `dryRun`, nothing is written: the plan says what would change. With
    /// `replace`, the layouts the script uses (and those the file made before) are
    /// emptied first and the script applied to them afresh.
    ///
    ///     let plan = try project.apply(scriptFile: text, file: "home.layout", dryRun: true)
    ///     plan.lines  // ["change constraint header.height == 70 → header.height == 80"]
    @discardableResult
    public func apply(
        scriptFile text: consuming String, file given: String, layout: String? = nil,
        dryRun: Bool = false, replace: Bool = false
    ) throws -> ApplyPlan {
        do {
            return try reapply(
                text, file: given, layout: layout, dryRun: dryRun, replace: replace)
        } catch var error as ParseError {
            // The file named as it was typed, not as the project holds it (the name its
            // first apply gave it, from another folder or another checkout): that is the
            // file the person opens at that line.
            if let held = try? heldName(of: given), held != given, error.location.file == held {
                error.location.file = given
                // Where the hint names this file as a word (`apply NAME --replace`,
                // `rename-script OLD NAME`), as typed too.
                error.hint = error.hint?.replacing(" \(held) ", with: " \(given) ")
                    .replacing(" \(held)`", with: " \(given)`")
            }
            // A first apply that meets what another file made: the file it may be, moved
            // or renamed, is the one the project holds lines of that is not there now.
            guard let hint = error.hint, hint.contains(StoreError.earlierName) else {
                throw error
            }
            let places = try store.scriptPlaces()
            // A held file not where it was, or one at this file's absolute path (the
            // project moved next to another file of the held path's name).
            let absolute = place(of: given).absolute
            // Only one that holds lines in the layout where the name is met could be it.
            let inLayout = try Self.quoted(in: error.message, after: "in layout `").map {
                try store.scriptFiles(inLayout: $0)
            }
            // And only one whose lines name what was met (the first name the message
            // quotes: `view `x` is already declared ...`).
            let met = Self.quoted(in: error.message)
            func names(_ held: String) throws -> Bool {
                guard let met else { return true }
                guard let text = try store.heldScript(file: held)?.text else { return false }
                return Self.identifiers(in: text).contains(met)
            }
            let gone = try store.scriptFiles().filter { held in
                let samePlace = places[held]?.absolute.sameName(as: absolute) == true
                return try (isGone(held, places: places) || samePlace)
                    && inLayout?.contains(held) != false && names(held)
            }
            if gone.count == 1 {
                error.hint = hint.replacing(StoreError.earlierName, with: Self.shellWord(gone[0]))
            } else if gone.isEmpty, let cut = hint.firstRange(of: "; if ") {
                // No held file is gone: this file is no other one moved.
                error.hint = String(hint[..<cut.lowerBound])
            }
            throw error
        }
    }

    /// `name` as a shell reads it back as one word: quoted where it holds anything but
    /// letters, digits and `._/-+=:@%,` (a file held as `<stdin>` was pasted as a redirection).
    static func shellWord(_ name: String) -> String {
        let plain =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "._/-+=:@%,".unicodeScalars.contains($0))
            }
        return plain ? name : "'" + name.replacing("'", with: "'\\''") + "'"
    }

    /// The first name `message` quotes in backticks right after `opening` (which ends
    /// with the opening backtick), if any: ``in layout `main` `` after "in layout `".
    private static func quoted(in message: String, after opening: String = "`") -> String? {
        guard let start = message.firstRange(of: opening) else { return nil }
        let rest = message[start.upperBound...]
        return rest.firstIndex(of: "`").map { String(rest[..<$0]) }
    }

    private func reapply(
        _ text: consuming String, file given: String, layout chosen: String?, dryRun: Bool,
        replace: Bool
    ) throws -> ApplyPlan {
        if let chosen { try Identifier.check(chosen, as: .layout) }
        // Read before the name and the lines: a commit by another process after it moves
        // it, and the roads that read outside a transaction then leave it to the one that
        // reads inside.
        let dataVersion = try store.database.int64("PRAGMA data_version")
        let file = try heldName(of: given)
        // Statements before the file's first `layout` go where they went before, unless
        // told otherwise: then they move, and the plan says what that changes.
        let start = try store.startLayout(ofHeld: file)
        let layout = chosen ?? start ?? defaultLayoutName
        let moves = start != nil && start != layout
        store.recordStart(of: file, in: layout)
        if replace { return try applyReplacing(text, file: file, layout: layout, dryRun: dryRun) }
        let held = try store.heldLines(
            file: file, comparedWith: text, limit: Self.lineReapplyLimit)
        // An empty file the project holds nothing of says nothing and leaves no line to
        // hold: applying it (again) is no change, and writes nothing. One it holds lines of
        // is reconciled as any edit is (it now says nothing).
        let emptyAndNew = text.utf8.isEmpty && !held.isHeld
        let isHeld = held.isHeld || emptyAndNew
        var plan = ApplyPlan(
            file: file, isFirstApply: !isHeld, steps: [], wrote: false, report: SolveReport())
        if (held.isUnchanged && !moves) || emptyAndNew { return plan }
        if !moves,
            let done = try reapplyChangedLines(
                held: held, dataVersion: dataVersion, text: text, file: file, layout: layout,
                dryRun: dryRun)
        {
            return done
        }
        if isHeld, !moves,
            let done = try reapplyHunk(
                dataVersion: dataVersion, text: text, file: file, layout: layout, dryRun: dryRun)
        {
            return done
        }
        if !isHeld && !dryRun {
            do {
                // Handed over: the first apply lets go of the text before it solves.
                plan.report = try apply(script: consume text, file: file, layout: layout)
            } catch {
                // Held now: another process's apply of the file committed since its lines
                // were read here (and this one met what it made).
                if error is AppliedMeanwhile { throw error }
                let held = try heldName(of: given)
                if try store.holdsLines(of: held) { throw AppliedMeanwhile(file: held) }
                throw error
            }
            plan.wrote = true
            return plan
        }
        return try reconcile(text, into: plan, file: file, layout: layout, dryRun: dryRun)
    }

    /// Holds the lines of script `old` under the name `new` from now on, with what it made:
    /// after the file was moved or renamed (`git mv home.layout screens/home.layout`), a
    /// re-apply of `new` reconciles with what `old` made instead of being refused as a
    /// first apply of another file. `old` names the held file by its place (where it was,
    /// from the working folder) or as the project holds it (`layoutdb apply` prints it);
    /// one transaction. Returns false, changing nothing, where `new` is already that
    /// file's name and place.
    @discardableResult
    public func renameScript(_ old: String, to new: String) throws -> Bool {
        if Database.fileKind(at: new) == .folder {
            throw StoreError.refusedEdit(
                "`\(new)` is a folder: name the script file itself (`\(new)/NAME.layout`)")
        }
        let held = try store.scriptFiles()
        let places = try store.scriptPlaces()
        let oldPlace = place(of: old)
        // The file whose place `old` names first: a name typed in another folder may be
        // another file's held name (`cd b; rename-script home.layout ...` where `a`'s file
        // is held as `home.layout`).
        let byName = held.containsName(old) ? old : nil
        let byPlace =
            held.first { places[$0].map { isAt(oldPlace, $0) } ?? false }
            ?? held.first { places[$0]?.absolute.sameName(as: oldPlace.absolute) == true }
        if let byPlace, places[byPlace] != nil, !isGone(byPlace, places: places),
            let newPath = Self.resolved(new), !newPath.sameName(as: oldPlace.absolute),
            let now = Self.contents(of: oldPlace.absolute),
            let held = try store.heldScript(file: byPlace)?.text,
            Self.sameLines(now, held)
        {
            // The held file is where it was, as it was applied, and NEW is another file
            // that is there: nothing moved. (In a swap of two held files, the text at
            // OLD's place is the other one's.)
            throw StoreError.refusedEdit(
                "`\(old)` is still where the project holds it, as it was applied, and "
                    + "`\(new)` is another file: rename-script is for a file that moved "
                    + "(`git mv OLD NEW`, before or after); to take `\(new)` in place of what "
                    + "`\(old)` made, `layoutdb apply \(new) --replace`")
        }
        if byPlace == nil, let byName, places[byName] != nil, !isGone(byName, places: places) {
            // The held name typed from another folder, where it names another file: the
            // held file is still where it was, so it did not move.
            throw StoreError.refusedEdit(
                "`\(old)` here is \(oldPlace.absolute), which the project holds no lines of; "
                    + "the file it holds as `\(old)` is still at \(places[byName]?.path ?? old) "
                    + "from the project's folder: rename-script is for a file that moved "
                    + "(name it as it was, from this folder)")
        }
        let name =
            byPlace ?? byName
            ?? held.first { heldName in
                // Held before places were kept: the paths compared as written.
                places[heldName] == nil
                    && (Self.lexical(heldName).sameName(as: oldPlace.absolute)
                        || (!heldName.hasPrefix("/")
                            && Self.lexical(store.projectFolder + heldName)
                                .sameName(as: oldPlace.absolute)))
            } ?? old
        let newName = Self.tidy(new)
        let newPlace = place(of: new)
        if name.sameName(as: newName), places[name] == newPlace { return false }
        try store.renameScriptFile(name, to: newName, place: newPlace)
        return true
    }

    /// `path` without `.` parts and with each `..` that follows a folder taken away with it
    /// (`./screens/../home.layout` → `home.layout`; `/..` is `/`), as a person would name
    /// the file. Links are not followed: the file need not exist.
    private static func tidy(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part != ".." || !absolute || !parts.isEmpty {
                parts.append(part)
            }
        }
        let tidy = parts.joined(separator: "/")
        return absolute ? "/" + tidy : (tidy.isEmpty ? path : tidy)
    }

    /// `path` made absolute from the working folder, then ``tidy(_:)``.
    private static func lexical(_ path: String) -> String {
        guard !path.hasPrefix("/"), let cwd = getcwd(nil, 0) else { return tidy(path) }
        defer { free(cwd) }
        return tidy(String(cString: cwd) + "/" + path)
    }

    /// The name the project holds `file`'s lines under, and (``ProjectStore/locate(_:at:)``)
    /// where the file is, to be written with its lines. A file is known by its place
    /// (``place(of:)``), whatever folder names it and however: `home.layout`,
    /// `./home.layout`, its absolute path, or `../app/home.layout` from another folder all
    /// name the file first applied as `home.layout`, and the plan names it so. Its path
    /// from the project's folder decides (a clone of the repository holding both finds
    /// it); its absolute path where nothing is at the held path any more (the project
    /// moved). A name held before the project kept places (version 17) is found as before:
    /// as given, or resolving to the same file from the working folder or the project's.
    /// A file the project holds nothing of is held as given, unless another file holds
    /// that name (`cd a; apply home.layout`, then `cd ../b; apply home.layout`): then by
    /// its path from the project's folder, or its absolute path.
    func heldName(of file: String) throws -> String {
        let files = try store.scriptFiles()
        let places = try store.scriptPlaces()
        let place = place(of: file)
        let name = try {
            if let held = files.first(where: { places[$0].map { isAt(place, $0) } ?? false }) {
                return held
            }
            if let held = files.first(where: { held in
                places[held]?.absolute.sameName(as: place.absolute) == true
                    && isGone(held, places: places)
            }) {
                return held
            }
            let unplaced = files.filter { places[$0] == nil }
            if unplaced.containsName(file) { return file }
            if let target = Self.resolved(file),
                let held = unplaced.first(where: { held in
                    let isTarget = { Self.resolved($0)?.sameName(as: target) == true }
                    return isTarget(held)
                        || (!held.hasPrefix("/") && isTarget(store.projectFolder + held))
                })
            {
                return held
            }
            guard
                let free = [file, place.path, place.absolute].first(where: {
                    !files.containsName($0)
                })
            else {
                throw StoreError.refusedEdit(
                    "the project holds lines of other files under `\(file)` and `\(place.absolute)`: "
                        + "rename one (`layoutdb rename-script \(place.absolute) NEW`)")
            }
            return free
        }()
        store.locate(name, at: place)
        return name
    }

    /// Where `file` is (``ScriptPlace``): from the project file's folder and from `/`, with
    /// links and `.`/`..` resolved; for a file that does not exist (`apply - --as NAME`, a
    /// moved file), its folder's resolved (``resolvedFolder(of:)``).
    func place(of file: String) -> ScriptPlace {
        let base = placesFolder
        let absolute = Self.resolved(file) ?? Self.resolvedFolder(of: file)
        let parts = absolute.split(separator: "/")
        let baseParts = base.split(separator: "/")
        var common = 0
        while common < min(parts.count, baseParts.count), parts[common] == baseParts[common] {
            common += 1
        }
        let up = Array(repeating: "..", count: baseParts.count - common)
        return ScriptPlace(
            path: (up + parts[common...].map(String.init)).joined(separator: "/"),
            absolute: absolute)
    }

    /// Whether `place` (of a file named now) is the file a held `heldPlace` says: the held
    /// path read from the project's folder as it is now (a project moved into a folder
    /// the path passes through still finds it: `a/../a/f.layout`), the same file with its
    /// links resolved; for a file that is not there (`apply - --as NAME`), the same path.
    func isAt(_ place: ScriptPlace, _ heldPlace: ScriptPlace) -> Bool {
        if heldPlace.path.sameName(as: place.path) { return true }
        guard let held = Self.resolved(placesFolder + "/" + heldPlace.path) else { return false }
        return held.sameName(as: place.absolute)
    }

    /// `path` absolute for a file that does not exist (yet, or any more): its folder's
    /// real path (links resolved) and its name, or the path made absolute where the folder
    /// is missing too.
    private static func resolvedFolder(of path: String) -> String {
        let lexical = lexical(path)
        guard let slash = lexical.lastIndex(of: "/") else { return lexical }
        let folder = String(lexical[..<slash])
        guard let real = resolved(folder.isEmpty ? "/" : folder) else { return lexical }
        return (real == "/" ? "" : real) + String(lexical[slash...])
    }

    /// The project file's folder, absolute, links resolved (the project's own link too:
    /// the same file opened by another path gives the same places).
    private var placesFolder: String {
        let path = store.database.path
        if let real = Self.resolved(path) {
            return String(real[..<(real.lastIndex(of: "/") ?? real.startIndex)])
        }
        let folder = store.projectFolder.isEmpty ? "." : store.projectFolder
        return Self.resolved(folder) ?? Self.lexical(folder)
    }

    /// Whether the file the project holds lines of as `held` is no longer where it was:
    /// at its held place, or (held before places were kept) by its name from the working
    /// folder and from the project's.
    func isGone(_ held: String, places: ScriptPlaces) -> Bool {
        guard let place = places[held] else {
            return access(held.hasPrefix("/") ? held : store.projectFolder + held, F_OK) != 0
                && access(held, F_OK) != 0
        }
        return access(placesFolder + "/" + place.path, F_OK) != 0
    }

    /// The text of the file at `path`, or nil where it cannot be read as UTF-8.
    private static func contents(of path: String) -> String? {
        try? String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    }

    /// Whether two texts have the same lines (a last line break, or none, and `\r\n`
    /// against `\n` aside).
    private static func sameLines(_ a: String, _ b: String) -> Bool {
        func lines(_ text: String) -> [Substring] {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
        return lines(a) == lines(b)
    }

    /// `path` with its links and `.`/`..` resolved; nil where no such file exists.
    private static func resolved(_ path: String) -> String? {
        guard !path.isEmpty, let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// `apply(scriptFile:...)` of a file the project holds lines of: the plan of what
    /// changes, and unless `dryRun` its writes and solve, in one transaction.
    private func reconcile(
        _ text: String, into plan: ApplyPlan, file: String, layout: String, dryRun: Bool
    ) throws -> ApplyPlan {
        var plan = plan
        return try Self.showingScriptLine(of: text, file: file) {
            let doWork = {
                // The name was chosen before this transaction: another process may have
                // held another file under it since (two terminals, one typed name).
                if let placed = try self.store.scriptPlaces()[file],
                    let mine = self.store.located[file], !self.isAt(mine, placed),
                    !placed.absolute.sameName(as: mine.absolute)
                {
                    throw AppliedMeanwhile(file: file)
                }
                // What the file made when last applied, read again inside the transaction
                // (another process may have re-applied it since). It is read back as it
                // was written, so its names are not checked against the project.
                var old: [LocatedStatement] = []
                var start = layout
                let held = try self.store.heldScript(file: file)
                if let held {
                    start = held.startLayout ?? layout
                    do {
                        old = try ScriptParser.parse(held.text, file: file, layout: start)
                    } catch {
                        throw StoreError.refusedEdit(
                            "the project's copy of \(file) no longer reads (\(error)); "
                                + "use `layoutdb apply \(file) --replace`")
                    }
                }
                let oldImage = ScriptImage(old, start: start)
                // The new script may name the project's views, except those the old script
                // declared: a view it no longer declares is gone.
                var views: [String: [String: String]] = [:]
                var guides: [String: Set<String>] = [:]
                for summary in try self.store.layouts() {
                    let stored = try self.store.views(layout: summary.name)
                    let declared = oldImage.layout(named: summary.name)?.views ?? [:]
                    views[summary.name] = Self.parents(
                        of: stored.filter { declared[$0.name] == nil })
                    let names = stored.filter {
                        $0.declaration.kind == .guide && declared[$0.name] == nil
                    }.map(\.name)
                    if !names.isEmpty { guides[summary.name] = Set(names) }
                }
                // Its metrics likewise, but those the old script declared.
                let declaredMetrics = oldImage.layout(named: layout)?.metrics ?? [:]
                let metrics =
                    try self.store.storedLayoutID(layout) == nil
                    ? [:]
                    : self.metricValues(layout: layout).filter { declaredMetrics[$0.key] == nil }
                let statements = try ScriptParser.parse(
                    text, file: file, metrics: metrics, layout: layout, views: views,
                    guides: guides)
                let newImage = ScriptImage(statements, start: layout)
                let reconciler = Reconciler(
                    store: self.store, old: oldImage, new: newImage, file: file,
                    firstApply: held == nil, statements: statements, start: layout)
                let (steps, writes) = try reconciler.plan()
                plan.steps = steps
                if dryRun { return }
                let applier = try ScriptApplier(store: self.store, layout: layout)
                for write in writes { try write(applier) }
                try self.store.saveScriptLines(
                    text: text, file: file, owners: LineOwners(statements, start: layout),
                    replacing: true)
                plan.wrote = true
                guard self.solvesAfterEdits, !writes.isEmpty else { return }
                var names = newImage.order
                for name in oldImage.order where !names.contains(name) { names.append(name) }
                // A layout that went with its section has nothing left to solve.
                for name in names where try self.store.storedLayoutID(name) != nil {
                    plan.report.merge(try self.solveDirty(layout: name))
                }
            }
            if dryRun {
                try doWork()
            } else {
                try store.transaction(doWork)
                store.checkpoint()
            }
            return plan
        }
    }

    /// What `--replace` loses in layout `summary` that the script does not make again: its
    /// views, variants and metrics the script does not declare, and the constraints another
    /// file or the command line added. One step each, so that a dry run lists them.
    func thrownAway(
        by script: ScriptImage.Layout?, from summary: LayoutSummary, file: String
    ) throws -> [ApplyPlan.Step] {
        var steps: [ApplyPlan.Step] = []
        func step(_ what: String, _ note: String) {
            steps.append(
                ApplyPlan.Step(action: .remove, layout: summary.name, what: what, note: note))
        }
        if summary.canvas != nil, script?.canvas == nil {
            step("canvas", "not in \(file)")
        }
        for view in try store.views(layout: summary.name)
        where !view.isRoot && script?.views[view.name] == nil {
            step("view \(view.name)", "not in \(file)")
        }
        for constraint in try store.listConstraints(layout: summary.name).map(\.constraint) {
            guard let origin = constraint.origin, origin.file != file else { continue }
            step("constraint \(ScriptWriter.text(of: constraint))", "from \(origin)")
        }
        for variant in try store.variants(layoutID: summary.id)
        where script?.variants[variant.name] == nil {
            step("variant \(variant.name)", "not in \(file)")
        }
        for metric in try store.metrics(layout: summary.name)
        where script?.metrics[metric.name] == nil {
            step("metric \(metric.name)", "not in \(file)")
        }
        return steps
    }

    /// `apply --replace`: the layouts the script uses and those the file made before are
    /// emptied, then the script applied as to a new project, in one transaction.
    private func applyReplacing(_ text: String, file: String, layout: String, dryRun: Bool)
        throws -> ApplyPlan
    {
        let statements = try ScriptParser.parse(text, file: file, layout: layout)
        let image = ScriptImage(statements, start: layout)
        var names = image.order
        // The file's lines and the layouts read once: the lines say which layouts the
        // file made before, and whether it was applied at all.
        let held = try store.scriptLines(file: file)
        let layouts = try store.layouts()
        for row in held {
            if let name = layouts.first(where: { $0.id == row.layoutID })?.name,
                !names.contains(name)
            {
                names.append(name)
            }
        }
        let existing = layouts.filter { names.contains($0.name) }
        // A layout the file made before that the script no longer uses goes whole, as a
        // fresh apply of the script would not make it (the implicit `main` stays, empty).
        let dropped = existing.filter {
            image.layout(named: $0.name) == nil && $0.name != defaultLayoutName
        }
        var steps: [ApplyPlan.Step] = []
        for summary in existing {
            if dropped.contains(summary) {
                steps.append(
                    ApplyPlan.Step(
                        action: .remove, layout: summary.name, what: "layout \(summary.name)",
                        note: nil))
            } else {
                steps.append(
                    ApplyPlan.Step(
                        action: .replace, layout: summary.name,
                        what: "layout \(summary.name): what it holds is thrown away and the "
                            + "script taken",
                        note: nil))
            }
            steps += try thrownAway(
                by: image.layout(named: summary.name), from: summary, file: file)
        }
        var plan = ApplyPlan(
            file: file, isFirstApply: held.isEmpty, steps: steps, wrote: false,
            report: SolveReport())
        guard !dryRun else { return plan }
        plan.report = try store.database.withStatementJournalsInFiles {
            try store.database.savepoint(.immediate) {
                try store.emptyLayouts(existing.map(\.id))
                for summary in dropped { try store.removeLayout(summary.name) }
                return try apply(script: text, file: file, layout: layout)
            }
        }
        plan.wrote = true
        return plan
    }
}
