import ArgumentParser
import LayoutStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an Interface Builder document (.xib, .storyboard).",
        discussion: commandHelp(
            """
            One layout per scene's view controller and per top-level view or cell, named
            after its storyboardIdentifier, custom class or IB id; views after their
            userLabel, else class and IB id (docs/import.md). Every view keeps its IB id
            in views.source_id, and in solved_frames.source_id but the root's (its
            frame is the canvas, not a solved row). All layouts are written and solved
            in one transaction. What cannot be imported is reported (FILE:LINE: <element
            id=...>: why) and left out: an element alone, or a whole layout that uses a
            statement layoutdb does not apply yet (stacks, hidden views, size-class
            variants); --strict refuses the import instead (exit 65, nothing written;
            where there was no project yet, none is made), as does a document of which
            no layout can be imported. A layout name the project
            already has refuses the import; --replace imports such layouts again in
            their place, in the same transaction.

            --device ID lays every screen out on that device (its size and safe area)
            instead of the size Xcode saved; --devices ID,ID adds one variant per device,
            named after it.
            Known ids: \(Project.knownDeviceIDs.joined(separator: ", ")).
            """,
            examples: [
                "layoutdb --db app.layoutdb import Main.storyboard",
                "layoutdb import Cell.xib --strict",
                "layoutdb import Main.storyboard --device retina4_0",
                "layoutdb import Main.storyboard --devices retina4_7,retina6_5",
                "layoutdb import Main.storyboard --dry-run",
                "layoutdb import Main.storyboard --replace",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: ArgumentHelp("The .xib or .storyboard file.", valueName: "file"))
    var file: String
    @Option(help: ArgumentHelp("Lay every screen out on this device.", valueName: "id"))
    var device: String?
    @Option(
        help: ArgumentHelp("Add one variant per device, named after it.", valueName: "id,id"))
    var devices: String?
    @Flag(help: "Refuse the import when anything cannot be imported.") var strict = false
    @Flag(help: "Import, report, and leave the project as it was.") var dryRun = false
    @Flag(help: "Replace the layouts an earlier import of the document made.")
    var replace = false

    func run() throws {
        let options = ImportOptions(
            device: device.map(unshielded),
            variantDevices: devices.map {
                unshielded($0).split(separator: ",").map {
                    trimmed($0)
                }
            } ?? [],
            strict: strict, dryRun: dryRun, replace: replace)
        // The document is read and checked before the project is opened, so a file that
        // cannot be imported leaves no new project behind.
        let prepared = try Project.prepareImport(file: unshielded(file), options: options)
        // Into a path with no project yet, as a first apply: a new file beside it, put in
        // place whole (an import refused after that leaves none).
        if !dryRun,
            let report = try global.inNewProject({ try $0.importInterfaceBuilder(prepared) })
        {
            return show(report)
        }
        let project = try dryRun ? global.openForDryRun(writes: true) : global.open(create: true)
        let report = try project.importInterfaceBuilder(prepared)
        show(report)
        // Only a dry run returns a report with nothing imported (an import refuses it): it
        // fails as the import would.
        if !report.layouts.contains(where: \.imported) {
            printError("\(report.file): no layout could be imported (dry run)")
            throw ExitCode(ExitStatus.dataError.rawValue)
        }
    }

    private func show(_ report: ImportReport) {
        for line in report.skipped + report.notes + report.thrownAway { warn(line) }
        for layout in report.layouts {
            if let why = layout.notImported {
                warn(why)
            } else if !global.quiet {
                var line =
                    "\(report.replaced.contains(layout.name) ? "replaced" : "imported") "
                    + "\(layout.name) (\(layout.views) views"
                if !layout.variants.isEmpty {
                    line += "; variants \(layout.variants.joined(separator: ", "))"
                }
                print(line + ")")
            }
        }
        if !global.quiet {
            let imported = report.layouts.filter(\.imported).count
            var summary =
                "\(report.file): \(imported) of \(report.layouts.count) layouts imported"
            let skipped = report.skipped.count
            if skipped > 0 { summary += ", \(skipped) element\(skipped == 1 ? "" : "s") skipped" }
            if report.dryRun { summary += " (dry run: the project was not changed)" }
            print(summary)
        }
        printReport(SolveReport.onlyWarnings(report.solve), global)
    }
}

/// `" iPad "` → `"iPad"`: a list item without the spaces around it.
private func trimmed(_ item: Substring) -> String {
    guard let first = item.firstIndex(where: { !$0.isWhitespace }),
        let last = item.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(item[first...last])
}
