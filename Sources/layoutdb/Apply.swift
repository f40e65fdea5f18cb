import ArgumentParser
import LayoutStore

struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply a .layout script: all of it, or nothing.",
        discussion: commandHelp(
            """
            The whole script is one transaction. Creates the project if needed: a
            file's first apply makes it whole or, refused, not at all. FILE is a
            .layout script (see the README for the format), or - for standard input.
            Prints the views whose frames changed; on a terminal, long work shows its
            progress on standard error. Statements before the script's first `layout`
            statement go into --layout (default main), which is created if the project
            has no layout of that name.

            Applying a file again reconciles: the project is brought to what the file
            now says (views, constraints, metrics, variants and set added, removed,
            changed or moved), in one transaction, and the plan is printed. What the
            file did not make, and edits made since of things the file did not change,
            are kept; where the file changed the same thing, the file wins and the plan
            says so. Re-applying an unchanged file prints "no changes" and writes
            nothing. --dry-run prints the plan and writes nothing; it refuses what the
            apply would refuse for a name (a parse error, an unknown or duplicate view
            or label), but it does not solve, so constraints that cannot all hold show
            only when the file is applied. --replace throws away what the file's
            layouts hold and applies the file afresh (see docs/editing.md). Standard
            input (or a pipe, as <(generate)) adds to the project, unless --as NAME
            names the file it stands for: then it reconciles as that file would. A
            file is known by where it is, from any folder; a re-apply without --layout
            goes into the layout the file was applied into.
            """,
            examples: [
                "layoutdb apply home.layout",
                "layoutdb --db app.layoutdb apply home.layout -q",
                "layoutdb --layout compact apply small.layout",
                "generate-layout | layoutdb apply -",
                "generate-layout | layoutdb apply - --as home.layout",
                "layoutdb apply home.layout --dry-run",
                "layoutdb apply home.layout --replace",
            ]))
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Argument(help: ArgumentHelp("The script, or - for standard input.", valueName: "file"))
    var file: String
    @Flag(help: "Print the changed frames as JSON (with --dry-run, the plan's steps).")
    var json = false
    @Flag(help: "Print what applying the file would change, and write nothing.")
    var dryRun = false
    @Flag(help: "Throw away what the file's layouts hold and apply the file afresh.")
    var replace = false
    @Option(
        name: .customLong("as"),
        help: ArgumentHelp(
            "With -, the file name standard input stands for: it reconciles as that file.",
            valueName: "file"))
    var name: String?

    func validate() throws {
        if file == "-" && name == nil && (dryRun || replace) {
            throw ValidationError(
                "--dry-run and --replace need a file: standard input is not re-applied; "
                    + "name the file it stands for with --as FILE")
        }
        if file != "-" && name != nil {
            throw ValidationError(
                "--as names the file standard input stands for: use it with `apply -`")
        }
        if name == "-" || name?.isEmpty == true {
            throw ValidationError("--as needs a file name, e.g. --as home.layout")
        }
        if let name, isFolder(unshielded(name)) {
            throw ValidationError(
                "--as names the script file standard input stands for; \(name) is a folder")
        }
    }

    func run() throws {
        do {
            try applyOnce()
        } catch let error as AppliedMeanwhile {
            // Another terminal applied the same file first: this one now reconciles with
            // it, reading the file again. Standard input and a pipe are read once.
            let file = unshielded(file)
            guard file != "-", !isStream(file) else { throw error }
            try applyOnce()
        }
    }

    private func applyOnce() throws {
        let file = unshielded(file)
        // A pipe (`apply <(generate)`, /dev/stdin) is read once, as standard input is, and
        // is no file with a place: every generated script would be "/dev/fd/63".
        let isPipe = file != "-" && isStream(file)
        if isPipe, dryRun || replace {
            throw ValidationError(
                "\(file) is a pipe: it is read once and adds to the project; to re-apply "
                    + "a generated script, name the file it stands for: "
                    + "`generate | layoutdb apply - --as FILE\(dryRun ? " --dry-run" : " --replace")`"
            )
        }
        let display = ProgressDisplay.standardError(quiet: global.quiet)
        defer { display.finish() }
        // A file's first apply fills a new project made beside the path, then put in place
        // (standard input cannot be read again, should another process make it meanwhile).
        if !dryRun, file != "-", !isPipe,
            let plan = try global.inNewProject({
                try apply(try readInput(file), file: file, to: $0, display: display)
            })
        {
            return show(plan, display: display)
        }
        let text = try readInput(file)
        let project = try dryRun ? global.openForDryRun() : global.open(create: true)
        // Standard input is kept under the name --as gives it, as a file of that name.
        if !isPipe, let named = file == "-" ? name.map(unshielded) : file {
            show(
                try apply(consume text, file: named, to: project, display: display),
                display: display)
        } else {
            project.progress = display.update
            let report = try project.apply(
                script: consume text, file: isPipe ? file : "<stdin>", layout: global.layout)
            show(report, display: display)
        }
    }

    private func apply(
        _ text: consuming String, file: String, to project: Project, display: ProgressDisplay
    ) throws -> ApplyPlan {
        project.progress = display.update
        return try project.apply(
            scriptFile: text, file: file, layout: global.givenLayout, dryRun: dryRun,
            replace: replace)
    }

    private func show(_ plan: ApplyPlan, display: ProgressDisplay) {
        display.finish()
        if dryRun && json {
            print(planJSON(plan))
            return
        }
        // The plan is what a dry run is for; otherwise -q silences it and --json
        // keeps standard output JSON.
        if !plan.isFirstApply || dryRun || replace, !global.quiet || dryRun, !json || dryRun {
            for line in plan.lines { print(line) }
        }
        if dryRun {
            if !global.quiet { print("dry run: nothing written") }
            return
        }
        show(plan.report, display: display)
    }

    private func show(_ report: SolveReport, display: ProgressDisplay) {
        display.finish()
        if report.changes.count > 50 && !json {
            if !global.quiet { print("\(report.changes.count) views solved") }
            printReport(SolveReport.onlyWarnings(report), global)
        } else {
            printReport(report, global, json: json)
        }
    }
}

extension SolveReport {
    /// The same report without the frame changes (a big apply prints a count instead).
    static func onlyWarnings(_ r: SolveReport) -> SolveReport {
        var copy = r
        copy.changes = []
        return copy
    }
}
