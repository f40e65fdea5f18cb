import FoundationEssentials
import LayoutImport
import LayoutSQLite
import LayoutScript

/// How `Project.importInterfaceBuilder` imports a document.
public struct ImportOptions: Sendable, Equatable {
    /// An Interface Builder device id (`retina4_7`): every screen of the document is laid
    /// out on it (its canvas and safe area) instead of the size Xcode saved.
    public var device: String?
    /// One variant per device id, named after it, on every screen of the document.
    public var variantDevices: [String]
    /// Refuse the whole import when any element or layout cannot be imported.
    public var strict: Bool
    /// Do everything, report it, and leave the project as it was.
    public var dryRun: Bool
    /// Replace the layouts of the same names the project already has (a document imported
    /// again), in the import's transaction; otherwise such a name refuses the import.
    public var replace: Bool

    public init(
        device: String? = nil, variantDevices: [String] = [], strict: Bool = false,
        dryRun: Bool = false, replace: Bool = false
    ) {
        self.device = device
        self.variantDevices = variantDevices
        self.strict = strict
        self.dryRun = dryRun
        self.replace = replace
    }
}

/// What an import did: each layout (imported or not, and why), what was skipped, and the
/// solve of what was imported.
public struct ImportReport: Sendable {
    public struct Layout: Sendable {
        public var name: String
        /// The IB id of the layout's root view.
        public var rootRef: String
        /// The views (and guides) the layout declares, `root` included.
        public var views: Int
        /// Every declared name to the Interface Builder id it came from
        /// (`solved_frames.source_id`).
        public var sourceIDs: [String: String]
        /// The variants added for `--devices`.
        public var variants: [String]
        /// The `.layout` script the layout was imported from.
        public var script: String
        /// Why the layout is not in the project (`file:line: <element id=...>: ...`), or nil
        /// when it was imported.
        public var notImported: String?
        /// `notImported` without the place: the parser's message, or `does not solve`.
        public var reason: String?
        public var imported: Bool { notImported == nil }
    }

    /// The document as named in reports.
    public var file: String
    public var layouts: [Layout] = []
    /// The elements left out of imported layouts, one line each
    /// (`file:line: <constraint id=...>: ...; skipped`).
    public var skipped: [String] = []
    /// Where the project differs from the document beyond what `skipped` lists, one line
    /// each: a `--devices` variant left out (its device's conflict), margins the
    /// variants keep from the document's device.
    public var notes: [String] = []
    /// The layouts `ImportOptions.replace` imported again in place of the project's own (a
    /// layout that is not imported again keeps the project's).
    public var replaced: [String] = []
    /// What `ImportOptions.replace` throws away that the document does not make again,
    /// one line each (`ChatTitleView: remove variant wide (not in X.xib [ChatTitleView])`):
    /// edits made since the import, as `apply --replace` lists them.
    public var thrownAway: [String] = []
    /// Whether the project was left as it was (`ImportOptions.dryRun`).
    public var dryRun = false
    public var solve = SolveReport()
}

/// A document read, translated and parsed, ready to import into a project.
public struct PreparedImport: Sendable {
    var report: ImportReport
    var parsed: [(index: Int, statements: [LocatedStatement])]
    var options: ImportOptions
    /// Every element id of the document to where it is (``Project/elementIndex(_:)``), for
    /// the reports of layouts that do not solve.
    var elements: [String: (element: String, line: Int)] = [:]
    /// The layouts the import will write, and those it cannot (``ImportReport/Layout/notImported``).
    public var layouts: [ImportReport.Layout] { report.layouts }
}

/// An import refused as a whole; the project is left as it was.
public struct ImportError: LayoutDBError, Equatable {
    public var errorKind: ErrorKind
    public var message: String
    public var description: String { message }
}

/// A document that cannot be read: not found (cannot open), or not an Interface Builder
/// document of a supported kind and version (bad input).
extension IBReadError: LayoutDBError {
    public var errorKind: ErrorKind { kind == .unreadable ? .cannotOpen : .badInput }
}

extension Project {
    /// Imports an Interface Builder document (`.xib` or `.storyboard`): one layout per tree
    /// (each scene's controller view, each top-level view or cell), named and translated as
    /// `docs/import.md` describes, every view keeping its IB id in `solved_frames.source_id`.
    ///
    /// All layouts are written and solved in one transaction. An element that cannot be
    /// mapped is left out and reported (``ImportReport/skipped``); a layout whose script the
    /// project cannot apply yet (a statement not built yet, constraints that cannot hold
    /// together) is left out whole and reported with the element that stopped it
    /// (``ImportReport/Layout/notImported``). With ``ImportOptions/strict`` either refuses
    /// the import instead. A layout name the project already has refuses the import, unless
    /// ``ImportOptions/replace`` imports that layout again in its place.
    ///
    ///     let report = try project.importInterfaceBuilder(file: "Main.storyboard")
    ///     report.layouts.filter(\.imported).map(\.name)
    public func importInterfaceBuilder(file path: String, options: ImportOptions = ImportOptions())
        throws -> ImportReport
    {
        try importInterfaceBuilder(Self.prepareImport(file: path, options: options))
    }

    /// Imports a document given as its text (`file` names it in reports).
    public func importInterfaceBuilder(
        data: Data, file: String, options: ImportOptions = ImportOptions()
    ) throws -> ImportReport {
        try importInterfaceBuilder(
            Self.prepare(IBReader.read(data: data, file: file), options: options))
    }

    /// Reads, translates and parses a document without a project, so that a document or
    /// an option that cannot be imported is refused before a project file is opened (or
    /// created).
    public static func prepareImport(file path: String, options: ImportOptions = ImportOptions())
        throws -> PreparedImport
    {
        // The options first: a mistyped device id is a usage error whatever the file is.
        _ = try devices(options)
        return try prepare(
            IBReader.read(contentsOf: URL(fileURLWithPath: path), file: path), options: options)
    }

    package static func prepare(_ document: IBDocument, options: ImportOptions) throws
        -> PreparedImport
    {
        let (device, variantDevices) = try devices(options)
        let screens = Set(document.allControllers.compactMap { $0.view?.ref })
        let roots = Dictionary(
            document.rootViews.map { ($0.ref, $0) }, uniquingKeysWith: { a, _ in a })
        func isScreen(_ ref: String) -> Bool {
            let size = roots[ref]?.frame.map { ($0.width, $0.height) } ?? (0, 0)
            return screens.contains(ref) || IBMetrics.device(width: size.0, height: size.1) != nil
        }
        let translation = IBTranslator.translate(document) { ref, landscape in
            guard let device, isScreen(ref) else { return nil }
            return Self.screen(device, landscape: landscape).safe
        }
        var report = ImportReport(file: document.file, dryRun: options.dryRun)
        // The translator's own reports say `skipped` already; the reader's do not.
        report.skipped = translation.skipped.map {
            $0.message.hasSuffix("skipped") ? "\($0)" : "\($0); skipped"
        }
        guard !translation.layouts.isEmpty else {
            throw ImportError(
                errorKind: .badInput,
                message: "\(document.file): no view to import (a document without a "
                    + "controller's view or a top-level view)")
        }
        if options.strict, !translation.skipped.isEmpty {
            throw ImportError(
                errorKind: .badInput,
                message: Self.listing(
                    "\(document.file): refused (--strict): \(translation.skipped.count) "
                        + "element\(translation.skipped.count == 1 ? "" : "s") cannot be imported",
                    translation.skipped.map(\.description),
                    hint: "without --strict they are reported and left out, and the rest is "
                        + "imported"))
        }
        let elements = Self.elementIndex(document)

        // Parse every layout first: what the parser refuses is known before anything is
        // written, and a strict import refuses before the transaction.
        var parsed: [(index: Int, statements: [LocatedStatement])] = []
        var notImported: [String] = []
        for imported in translation.layouts {
            let size = roots[imported.rootRef]?.frame.map { ($0.width, $0.height) } ?? (0, 0)
            var script = imported.script
            var variants: [String] = []
            if isScreen(imported.rootRef) {
                let landscape = size.0 > size.1
                if let device {
                    script = Self.retargeted(script, to: device, landscape: landscape)
                }
                for extra in variantDevices {
                    script += Self.variantLine(for: extra, landscape: landscape)
                    variants.append(extra.ids[0])
                }
                if !variants.isEmpty, !imported.marginsFromSafeArea.isEmpty {
                    report.notes.append(Self.marginsNote(imported, variants: variants))
                }
            }
            var entry = ImportReport.Layout(
                name: imported.name, rootRef: imported.rootRef,
                views: imported.sourceIDs.count,
                sourceIDs: imported.sourceIDs, variants: variants, script: script)
            do {
                let statements = try ScriptParser.parse(
                    script, file: "\(document.file) [\(imported.name)]", layout: imported.name,
                    views: [:], guides: [:])
                parsed.append((report.layouts.count, statements))
            } catch {
                let why = Self.describe(
                    error.message, scriptLine: error.lineText, document: document,
                    elements: elements, layout: imported.name)
                entry.notImported = why
                entry.reason = error.message
                notImported.append(why)
            }
            report.layouts.append(entry)
        }
        if options.strict, !notImported.isEmpty {
            throw ImportError(
                errorKind: .badInput,
                message: Self.listing(
                    "\(document.file): refused (--strict): \(notImported.count) "
                        + "layout\(notImported.count == 1 ? "" : "s") cannot be imported",
                    notImported, hint: nil))
        }
        return PreparedImport(
            report: report, parsed: parsed, options: options, elements: elements)
    }

    /// Imports what ``prepareImport(file:options:)`` prepared.
    public func importInterfaceBuilder(_ prepared: PreparedImport) throws -> ImportReport {
        var report = prepared.report
        let options = prepared.options
        let existing = Set(try store.layouts().map(\.name))
        let taken = report.layouts.map(\.name).filter(existing.contains)
        if !taken.isEmpty, !options.replace {
            throw ImportError(
                errorKind: .badInput,
                message: "\(report.file): the project already has layout"
                    + "\(taken.count == 1 ? "" : "s") "
                    + taken.map { "`\($0)`" }.joined(separator: ", ")
                    + " (imported before?); nothing was imported\n"
                    + "hint: pass --replace to import them again in their place, or import "
                    + "into another project (--db OTHER.layoutdb)")
        }
        // --replace replaces what an earlier import made: a layout with views no import
        // made (written by hand, or added after) would lose them, so it is not replaced.
        for name in taken {
            let handMade = try store.viewsWithoutSourceID(layout: name)
            guard !handMade.isEmpty else { continue }
            let shown = handMade.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
            throw ImportError(
                errorKind: .badInput,
                message: "\(report.file): --replace would delete layout `\(name)`, which no "
                    + "import made: its view\(handMade.count == 1 ? "" : "s") \(shown)"
                    + (handMade.count > 5 ? " and \(handMade.count - 5) more" : "")
                    + " \(handMade.count == 1 ? "has" : "have") no source id (written by hand, "
                    + "added after an import, or rebuilt from an `export`, which keeps no IB "
                    + "id); nothing was imported\nhint: import into another project "
                    + "(--db OTHER.layoutdb), or give the document's scene another name (its "
                    + "storyboardIdentifier) in Xcode")
        }
        let parsed = prepared.parsed
        let file = report.file
        if !taken.isEmpty {
            let summaries = try store.layouts()
            for (index, statements) in parsed where taken.contains(report.layouts[index].name) {
                let name = report.layouts[index].name
                guard let summary = summaries.first(where: { $0.name == name }) else { continue }
                let image = ScriptImage(statements, start: name)
                for step in try thrownAway(
                    by: image.layout(named: name), from: summary, file: "\(file) [\(name)]")
                {
                    report.thrownAway.append(
                        "\(name): remove \(step.what)" + (step.note.map { " (\($0))" } ?? ""))
                }
            }
        }

        // One transaction for every layout; each in its own savepoint, so that a layout
        // whose constraints cannot be solved is left out whole and the others stay.
        let strict = options.strict
        do {
            report = try store.transaction {
                var report = report
                for (index, statements) in parsed {
                    let name = report.layouts[index].name
                    do {
                        // A layout replaced goes in the same savepoint as its new version:
                        // one that cannot be imported leaves the old one in place.
                        let solved = try importLayout(
                            statements, layout: report.layouts[index],
                            replacing: taken.contains(name))
                        report.solve.merge(solved)
                        if taken.contains(name) { report.replaced.append(name) }
                    } catch let error as LayoutDBError where error.errorKind == .badInput {
                        // A `--devices` variant that cannot hold on its device leaves the
                        // layout out no more: the base and the other devices go in, and
                        // that device's variant is reported by name.
                        let noted = report.notes.count
                        if let solved = try importLeavingOutDevices(
                            statements, index: index, replacing: taken.contains(name),
                            report: &report, elements: prepared.elements)
                        {
                            guard !strict || report.notes.count == noted else {
                                throw ImportError(
                                    errorKind: .badInput,
                                    message: "\(file): refused (--strict): "
                                        + report.notes[noted...].joined(separator: "\n"))
                            }
                            report.solve.merge(solved)
                            if taken.contains(name) { report.replaced.append(name) }
                            continue
                        }
                        var why = Self.notSolved(
                            error, layout: report.layouts[index], file: file,
                            elements: prepared.elements)
                        if let device = options.device {
                            // The layout holds on the document's own device, maybe.
                            why = why.replacing(
                                "layout \(name) not imported: ",
                                with: "layout \(name) not imported on --device \(device) (its "
                                    + "size and safe area): ")
                        }
                        guard !strict else {
                            throw ImportError(
                                errorKind: .badInput,
                                message: "\(file): refused (--strict): \(why)")
                        }
                        report.layouts[index].notImported = why
                        report.layouts[index].reason = "does not solve"
                    }
                }
                // A document of which nothing can be imported is refused, so the import
                // fails (and where there was no project, none is made). A dry run returns
                // its report, and the command line fails on it.
                let reasons = report.layouts.compactMap(\.notImported)
                if reasons.count == report.layouts.count, !options.dryRun {
                    throw ImportError(
                        errorKind: .badInput,
                        message: "\(file): no layout could be imported:\n"
                            + reasons.joined(separator: "\n") + "\nnothing was imported")
                }
                if options.dryRun { throw DryRun(report: report) }
                return report
            }
        } catch let dryRun as DryRun {
            return dryRun.report
        }
        store.checkpoint()
        return report
    }

    /// What the `--devices` variants of `layout` cannot follow: margins that include the
    /// part of the safe area a view lies under are numbers, and a variant cannot change a
    /// view's margins.
    static func marginsNote(_ layout: ImportedLayout, variants: [String]) -> String {
        let views = layout.marginsFromSafeArea.map { entry in
            let part = [
                ("top", entry.part.top), ("left", entry.part.left),
                ("bottom", entry.part.bottom), ("right", entry.part.right),
            ].filter { $0.1 != 0 }.map { "\($0.0) \(formatNumber($0.1))" }
            return "\(entry.view) (\(part.joined(separator: ", ")))"
        }
        let shown =
            views.prefix(3).joined(separator: ", ")
            + (views.count > 3 ? " and \(views.count - 3) more" : "")
        return "layout \(layout.name): the margins of \(shown) include the part of the "
            + "document's safe area the view lies under; the --devices variants "
            + "\(variants.joined(separator: ", ")) keep those numbers (a variant cannot change "
            + "a view's margins): import with --device ID for one device's own"
    }

    /// Writes and solves one imported layout in a savepoint of its own, in place of the
    /// project's layout of that name when `replacing` (which stays where the import fails).
    private func importLayout(
        _ statements: [LocatedStatement], layout: ImportReport.Layout, replacing: Bool
    ) throws -> SolveReport {
        let name = layout.name
        return try store.database.savepoint(.immediate) {
            if replacing { try store.removeLayout(name) }
            let applied = try store.apply(statements, layout: name)
            try store.setSourceIDs(layout: name, layout.sourceIDs)
            guard solvesAfterEdits else { return SolveReport() }
            return try solveDirty(
                layout: name, preloaded: applied.first { $0.name == name }?.model)
        }
    }

    /// Imports layout `report.layouts[index]` without the `--devices` variants on which it
    /// does not solve: the base first (nil when it does not solve either: the layout is
    /// not imported, as before), then each device's variant in a savepoint of its own.
    /// A variant left out is taken off the layout's report and said in `report.notes`.
    private func importLeavingOutDevices(
        _ statements: [LocatedStatement], index: Int, replacing: Bool,
        report: inout ImportReport, elements: [String: (element: String, line: Int)]
    ) throws -> SolveReport? {
        let layout = report.layouts[index]
        let devices = Set(layout.variants)
        guard !devices.isEmpty else { return nil }
        func isDevice(_ located: LocatedStatement) -> Bool {
            if case .variant(let name, _, _, _) = located.statement {
                devices.contains(name)
            } else {
                false
            }
        }
        let name = layout.name
        var solved: SolveReport
        do {
            solved = try importLayout(
                statements.filter { !isDevice($0) }, layout: layout, replacing: replacing)
        } catch let error as LayoutDBError where error.errorKind == .badInput {
            return nil
        }
        for device in statements.filter(isDevice) {
            guard case .variant(let variant, _, _, _) = device.statement else { continue }
            do {
                let added = try store.database.savepoint(.immediate) {
                    _ = try store.apply([device], layout: name)
                    return solvesAfterEdits ? try solveDirty(layout: name) : SolveReport()
                }
                solved.merge(added)
            } catch let error as LayoutDBError where error.errorKind == .badInput {
                report.layouts[index].variants.removeAll { $0 == variant }
                let why = Self.notSolved(
                    error, layout: layout, file: report.file, elements: elements)
                report.notes.append(
                    why.replacing(
                        "layout \(name) not imported: ",
                        with: "variant \(variant) (--devices) of layout \(name) not added: on "
                            + "that device, "))
            }
        }
        return solved
    }

    /// Thrown to roll a dry run's transaction back, carrying its report.
    private struct DryRun: Error {
        var report: ImportReport
    }

    /// Each layout of `report` with its views' solved frames (the root's is the canvas), for
    /// ``IBMatch``: what the import's frames are checked against.
    package func solvedLayouts(_ report: ImportReport) throws -> [IBMatch.SolvedLayout] {
        let canvases = Dictionary(
            try store.layouts().map { ($0.name, $0.canvas) }, uniquingKeysWith: { a, _ in a })
        return try report.layouts.map { layout in
            var solved: [String: IBRect] = [:]
            if layout.imported {
                // Views only: a guide the translator makes for a scroll view (its content
                // area) keeps the scroll view's IB id, and must not stand in for its frame.
                for row in try frames(layout: layout.name) where row.kind != .guide {
                    solved[row.view] = IBRect(
                        x: row.frame.x, y: row.frame.y, width: row.frame.width,
                        height: row.frame.height)
                }
                if let canvas = canvases[layout.name] ?? nil {
                    solved["root"] = IBRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
                }
            }
            return IBMatch.SolvedLayout(
                rootRef: layout.rootRef, sourceIDs: layout.sourceIDs, frames: solved,
                notApplied: layout.reason ?? (layout.imported ? nil : "not imported"))
        }
    }

    /// Imports `document` into a new project in a temporary folder (removed afterwards),
    /// solves it, and counts its views solved within `tolerance` of the saved frames
    /// (``IBMatch``): the check `layoutdb-bench import-samples` and the tests run.
    package static func matchCount(
        _ document: IBDocument, options: ImportOptions = ImportOptions(), tolerance: Double = 1
    ) throws -> (count: IBMatch.Count, report: ImportReport) {
        let (views, report) = try matchViews(document, options: options, tolerance: tolerance)
        return (IBMatch.count(views), report)
    }

    /// `matchCount` view by view (``IBMatch/views(_:layouts:tolerance:)``): each view's saved
    /// and solved frames and the cause of a mismatch (`layoutdb-bench import-samples --views`).
    package static func matchViews(
        _ document: IBDocument, options: ImportOptions = ImportOptions(), tolerance: Double = 1
    ) throws -> (views: [IBMatch.ViewMatch], report: ImportReport) {
        let directory = FileManager.default.temporaryDirectory
            .appending(path: "layoutdb-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let project = try Project.open(
            path: directory.appending(path: "match.layoutdb").path, create: true)
        let report = try project.importInterfaceBuilder(
            prepare(document, options: options))
        let views = IBMatch.views(
            document, layouts: try project.solvedLayouts(report), tolerance: tolerance)
        return (views, report)
    }

    // MARK: Devices

    /// The rows of `--device` and `--devices`; an unknown or repeated id is refused.
    private static func devices(_ options: ImportOptions) throws -> (
        IBMetrics.DeviceRow?, [IBMetrics.DeviceRow]
    ) {
        let device = try options.device.map(knownDevice)
        let variantDevices = try options.variantDevices.map(knownDevice)
        if let twice = firstRepeated(options.variantDevices) {
            throw ImportError(
                errorKind: .invalidRequest, message: "--devices names \(twice) twice")
        }
        return (device, variantDevices)
    }

    /// The device ids `--device` and `--devices` take.
    public static var knownDeviceIDs: [String] { IBMetrics.deviceIDs }

    static func knownDevice(_ id: String) throws -> IBMetrics.DeviceRow {
        if let row = IBMetrics.device(id: id) { return row }
        let known = IBMetrics.devices.map {
            "\($0.ids.joined(separator: "/")) (\(Int($0.width))x\(Int($0.height)), \($0.devices))"
        }
        var message = "unknown device `\(id)`; known devices: " + known.joined(separator: ", ")
        if id == "retina6_1" {
            message +=
                "\nhint: retina6_1 was 414x896 before Xcode 12 (use retina6_5) and 390x844 after, "
                + "whose safe area no source in the table states"
        } else if let near = suggestName(id, from: IBMetrics.deviceIDs) {
            message += "\nhint: did you mean '\(near)'?"
        }
        throw ImportError(errorKind: .invalidRequest, message: message)
    }

    /// The canvas and safe area of `device` in the document's orientation.
    static func screen(_ device: IBMetrics.DeviceRow, landscape: Bool) -> (
        width: Double, height: Double, safe: IBInsets
    ) {
        landscape
            ? (device.height, device.width, device.landscape)
            : (device.width, device.height, device.portrait)
    }

    private static func insetsText(_ i: IBInsets) -> String {
        [i.top, i.left, i.bottom, i.right].map { formatNumber($0) }.joined(separator: " ")
    }

    /// `script` with its `canvas` statement's size and safe area replaced by `device`'s (its
    /// margins kept), and a comment saying so.
    static func retargeted(_ script: String, to device: IBMetrics.DeviceRow, landscape: Bool)
        -> String
    {
        let screen = Self.screen(device, landscape: landscape)
        var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        guard let i = lines.firstIndex(where: { $0.hasPrefix("canvas ") }) else { return script }
        let (statement, comment) = splitComment(lines[i])
        var words = statement.split(separator: " ").map(String.init)
        if let s = words.firstIndex(of: "safe"), s + 4 < words.count {
            words.removeSubrange(s...(s + 4))
        }
        let margins = words.firstIndex(of: "margins").map { Array(words[$0...]) } ?? []
        var canvas = "canvas \(formatNumber(screen.width)) \(formatNumber(screen.height))"
        canvas += " safe \(insetsText(screen.safe))"
        if !margins.isEmpty { canvas += " " + margins.joined(separator: " ") }
        lines[i] = canvas + comment
        lines.insert(
            "# re-targeted (--device \(device.ids[0])): \(device.devices), "
                + "\(landscape ? "landscape" : "portrait"); safe area: \(device.source)",
            at: i)
        return lines.joined(separator: "\n")
    }

    /// `variant ID canvas W H safe T L B R` for `--devices`.
    static func variantLine(for device: IBMetrics.DeviceRow, landscape: Bool) -> String {
        let screen = Self.screen(device, landscape: landscape)
        return "variant \(device.ids[0]) canvas \(formatNumber(screen.width)) "
            + "\(formatNumber(screen.height)) safe \(insetsText(screen.safe))"
            + "  # --devices: \(device.devices)\n"
    }

    private static func splitComment(_ line: String) -> (String, String) {
        guard let hash = line.firstIndex(of: "#") else { return (line, "") }
        var statement = String(line[..<hash])
        while statement.hasSuffix(" ") { statement.removeLast() }
        return (statement, "  " + line[hash...])
    }

    // MARK: Reports

    /// Every element id of the document to where it is (`<constraint id=...>`, line).
    static func elementIndex(_ document: IBDocument) -> [String: (element: String, line: Int)] {
        var index: [String: (element: String, line: Int)] = [:]
        for view in document.allViews {
            index[view.ref] = ("<\(view.elementName) id=\(view.ref)>", view.line)
            for c in view.constraints { index[c.id] = ("<constraint id=\(c.id)>", c.line) }
        }
        for guide in document.allLayoutGuides {
            index[guide.id] = ("<layoutGuide id=\(guide.id)>", guide.line)
        }
        return index
    }

    /// Why a layout is not imported, at the document element whose script line (ending in
    /// `# ib:ID`) the parser stopped at: `file:line: <stackView id=...>: what; layout NAME
    /// not imported`.
    static func describe(
        _ message: String, scriptLine: String, document: IBDocument,
        elements: [String: (element: String, line: Int)], layout: String
    ) -> String {
        var place = "\(document.file)"
        if let range = scriptLine.firstRange(of: "# ib:") {
            let id = scriptLine[range.upperBound...].prefix { !$0.isWhitespace }
            if let at = elements[String(id)] {
                place = "\(document.file):\(at.line): \(at.element)"
            }
        }
        return "\(place): \(message); layout \(layout) not imported"
    }

    /// Why a layout's constraints do not solve: a conflict at the layout's root element in
    /// the document, with each member at its document element where the script line it
    /// came from names one (`# ib:ID`), bounded as `apply` bounds it; any other error's
    /// first line.
    static func notSolved(
        _ error: any LayoutDBError, layout: ImportReport.Layout, file: String,
        elements: [String: (element: String, line: Int)]
    ) -> String {
        guard let engine = error as? EngineError,
            case .unsatisfiable(let conflicts, let generated) = engine.withoutContext
        else {
            return "\(file): layout \(layout.name) not imported: "
                + firstLine(of: error.description)
        }
        let scriptLines = layout.script.split(separator: "\n", omittingEmptySubsequences: false)
        func element(atScriptLine line: Int) -> (element: String, line: Int)? {
            guard line >= 1, line <= scriptLines.count,
                let range = scriptLines[line - 1].firstRange(of: "# ib:")
            else { return nil }
            let id = scriptLines[line - 1][range.upperBound...].prefix { !$0.isWhitespace }
            return elements[String(id)]
        }
        let place =
            elements[layout.rootRef].map { "\(file):\($0.line):1: \($0.element)" } ?? file
        var lines = [
            "\(place): layout \(layout.name) not imported: required constraints cannot all "
                + "hold; they conflict:"
        ]
        var seen = Set<String>()
        for c in conflicts {
            let text: String
            if let origin = c.origin, let at = element(atScriptLine: origin.line) {
                text = "\(file):\(at.line): \(at.element): \(c.source)"
            } else {
                text = c.labelledSource + (c.origin.map { "    (script line \($0.line))" } ?? "")
            }
            guard seen.insert(text).inserted else { continue }
            lines.append("  " + text)
        }
        let shown = EngineError.conflictsShown
        if lines.count > shown + 1 {
            let more = lines.count - 1 - shown
            lines = Array(lines.prefix(shown + 1)) + ["  ... and \(more) more"]
        }
        for g in generated { lines.append("  \(g)") }
        lines.append(
            "hint: remove one of them in Interface Builder, lower its priority below 1000, or "
                + "change a constant; `layoutdb import --dry-run` shows the result")
        return lines.joined(separator: "\n")
    }

    private static func listing(_ head: String, _ lines: [String], hint: String?) -> String {
        var text = head + ":\n" + lines.prefix(20).map { "  " + $0 }.joined(separator: "\n")
        if lines.count > 20 { text += "\n  ... and \(lines.count - 20) more" }
        text += "\nnothing was imported"
        if let hint { text += "\nhint: \(hint)" }
        return text
    }

    private static func firstLine(of text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }

    private static func firstRepeated(_ items: [String]) -> String? {
        var seen = Set<String>()
        for item in items where !seen.insert(item).inserted { return item }
        return nil
    }
}
