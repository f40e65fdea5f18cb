import LayoutScript

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `layoutdb doctor`: integrity and consistency checks that read and never write
/// (`doctor --fix` writes, through ``Project/repair(_:)``).
///
/// A project edited only through layoutdb passes all of them; a finding means the file
/// was damaged or edited with plain SQL in a way the triggers cannot describe.
public struct DoctorFinding: Hashable, Sendable, CustomStringConvertible {
    /// Which check: `integrity`, `foreign-keys`, `labels`, `tree`, `frames`, `dirty`,
    /// `solve` (the constraints conflict), `sizes` (a negative width or height),
    /// `export` (a value plain SQL stored that no script can say, so `export` refuses),
    /// `leftover` (a file beside the project that a killed first apply left).
    public var check: String
    /// What is wrong, naming the layout and view or label.
    public var message: String
    /// The layout whose stored frames `doctor --fix` can bring up to date by marking it
    /// dirty and re-solving it; nil when the finding needs a person.
    public var repairableLayout: String?
    /// A file beside the project that a first `apply` or `import` killed before it
    /// finished left (`PATH.layoutdb-new-PID`), which `doctor --fix` removes.
    public var leftoverFile: String?
    /// Rows that point at a missing row and would have gone with it (a deleted
    /// constraint's variant constants, a deleted variant's overrides, a deleted view's
    /// frames), which `doctor --fix` deletes; nil for every other finding, a row that
    /// needs a person included (a constraint's term that names a missing view).
    public var dangling: DanglingRows?

    public init(
        check: String, message: String, repairableLayout: String? = nil,
        leftoverFile: String? = nil, dangling: DanglingRows? = nil
    ) {
        self.check = check
        self.message = message
        self.repairableLayout = repairableLayout
        self.leftoverFile = leftoverFile
        self.dangling = dangling
    }

    /// Whether `doctor --fix` repairs it (``Project/repair(_:)``).
    public var isRepairable: Bool {
        repairableLayout != nil || leftoverFile != nil || dangling != nil
    }

    public var description: String { "\(check): \(message)" }
}

/// Rows of `table` that point at a missing row of `missing` (`variant_constants`,
/// `constraints`): what a delete left behind where foreign keys were off and no trigger
/// took them (a file edited with plain SQL before migration 0015).
public struct DanglingRows: Hashable, Sendable {
    public var table: String
    public var missing: String

    public init(table: String, missing: String) {
        self.table = table
        self.missing = missing
    }
}

/// What `doctor --fix` deleted of one kind of ``DanglingRows``.
public struct DeletedRows: Hashable, Sendable, CustomStringConvertible {
    public var table: String
    public var missing: String
    public var count: Int

    /// `2 rows of variant_constants that pointed at missing variants`
    public var description: String {
        "\(count) row\(count == 1 ? "" : "s") of \(table) that pointed at missing \(missing)"
    }
}

extension Project {
    /// How far a stored frame may be from a fresh solve before doctor reports it: the
    /// solver's own satisfaction tolerance (1e-6), relative to the value's magnitude.
    static let doctorTolerance = 1e-6

    /// Runs every check and returns the findings (empty: healthy). Writes nothing.
    ///
    ///     let findings = try project.doctor()
    ///     findings.isEmpty  // true for a project only layoutdb has written
    public func doctor() throws -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        // One read transaction: every check sees the same committed state.
        try store.readTransaction {
            findings = try store.integrityFindings()
            // Structure checks on a damaged file would report the damage again, or crash.
            guard findings.isEmpty else { return }
            findings += try store.foreignKeyFindings()
            findings += try store.uniquenessFindings()
            let treeFindings = try store.treeFindings()
            findings += treeFindings
            findings += try store.dirtyFindings()
            // Solving needs a tree; a cycle is already reported.
            if treeFindings.isEmpty {
                findings += try frameFindings()
                findings += exportFindings()
            }
        }
        for file in ProjectStore.abandonedFiles(for: store.database.path) {
            findings.append(
                DoctorFinding(
                    check: "leftover",
                    message: "\(file) was left by a first apply or import that did not finish; "
                        + "`layoutdb doctor --fix` removes it",
                    leftoverFile: file))
        }
        return findings
    }

    /// What `export` refuses: a value plain SQL stored that a script cannot say (a negative
    /// safe-area inset, an infinite margin), which no other check reads. Doctor called such
    /// a project healthy while its export failed. Not a constraint without a label that a
    /// variant overrides: the command line makes one (`set-constant '#12' 5 --variant v`),
    /// and the refusal says to label it.
    private func exportFindings() -> [DoctorFinding] {
        do {
            _ = try export()
            return []
        } catch {
            if let error = error as? StoreError, case .unlabelledInExport = error { return [] }
            return [
                DoctorFinding(
                    check: "export",
                    message: "`layoutdb export` refuses the project: \(error)")
            ]
        }
    }

    /// Re-solves every layout and variant in memory, dirty or not: reports those that do
    /// not solve (with the conflict) and negative sizes, and compares the stored frames
    /// that are not marked stale with the fresh solve. Ambiguous views are skipped: any
    /// solution is right.
    private func frameFindings() throws -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        for layout in try store.layouts() {
            let model = try store.loadLayout(layout.name)
            let marks = try store.dirtyMarks(layout: layout.name)
            let variants: [VariantRef] = [.base] + model.variants.map { .named($0.name) }
            for variant in variants {
                let place = "\(layout.name)/\(variant)"
                let output: EngineOutput
                do {
                    output = try LayoutEngine.solve(
                        model.engineInput(variant: model.variant(variant)))
                } catch {
                    let conflict = "\(error)".split(separator: "\n").map { "  " + $0 }
                    findings.append(
                        DoctorFinding(
                            check: "solve",
                            message:
                                "\(place): the constraints do not solve; every read and edit of "
                                + "this layout fails until one of these changes:\n"
                                + conflict.joined(separator: "\n")))
                    continue
                }
                let views = model.solvedViews
                for problem in Self.negativeSizes(
                    views.map(\.name), output.frames, free: output.freeSizes)
                {
                    findings.append(
                        DoctorFinding(
                            check: "sizes",
                            message: "\(place): view \(problem.view) solves to a negative "
                                + "\(problem.dimension) (\(formatNumber(problem.solved))): its constraints "
                                + "need more room than they leave (`layoutdb check` explains more)")
                    )
                }
                let variantMarks = marks.filter { $0.variant == variant }
                // Marked dirty: the next read re-solves it, so the stored frames may differ.
                if variantMarks.contains(where: { $0.component == nil }) { continue }
                let stale = Set(variantMarks.compactMap(\.component))
                let stored = try store.storedFrames(layout: layout.name, variant: variant)
                for (i, view) in views.enumerated() {
                    if view.components.contains(where: { $0.map(stale.contains) ?? false }) {
                        continue
                    }
                    guard let frame = stored[view.id] else {
                        findings.append(
                            DoctorFinding(
                                check: "frames",
                                message: "\(place): view \(view.name) has no frame "
                                    + "and no dirty mark", repairableLayout: layout.name))
                        continue
                    }
                    if frame.ambiguous || output.ambiguous[i] { continue }
                    let solved = output.frames[i]
                    let pairs = [
                        ("x", frame.x, solved.x), ("y", frame.y, solved.y),
                        ("width", frame.width, solved.width),
                        ("height", frame.height, solved.height),
                    ]
                    let off = pairs.filter {
                        !(abs($0.1 - $0.2) <= Self.doctorTolerance * max(1, abs($0.2)))
                    }
                    if !off.isEmpty {
                        let text = off.map {
                            "\($0.0) \(formatNumber($0.1)) (solves to "
                                + "\(formatNumber($0.2)))"
                        }.joined(separator: ", ")
                        findings.append(
                            DoctorFinding(
                                check: "frames",
                                message:
                                    "\(place): view \(view.name) is stale but not marked dirty: "
                                    + text, repairableLayout: layout.name))
                    }
                }
            }
        }
        return findings
    }

    /// What `doctor --fix` did.
    public struct DoctorRepair: Sendable {
        /// The layouts marked dirty and re-solved, in name order.
        public var resolvedLayouts: [String] = []
        /// What the re-solve changed.
        public var report = SolveReport()
        /// The leftover files removed.
        public var removedFiles: [String] = []
        /// The rows deleted that pointed at missing rows, by kind.
        public var deletedRows: [DeletedRows] = []
    }

    /// Repairs what `findings` allow, in one transaction: rows that point at a missing
    /// row and would have gone with it (``DoctorFinding/dangling``) are deleted, then each
    /// layout with stale frames that no dirty mark covered is marked dirty (base and every
    /// variant) and re-solved. Everything else (conflicts, damage, duplicates, a
    /// constraint that names a missing view) is left for a person; run ``doctor()`` again
    /// to see what remains.
    ///
    ///     let repair = try project.repair(try project.doctor())
    public func repair(_ findings: [DoctorFinding]) throws -> DoctorRepair {
        let layouts = Set(findings.compactMap(\.repairableLayout)).sorted()
        let dangling = Set(findings.compactMap(\.dangling))
        var repair = DoctorRepair()
        for file in findings.compactMap(\.leftoverFile) where unlink(file) == 0 {
            repair.removedFiles.append(file)
        }
        guard !layouts.isEmpty || !dangling.isEmpty else { return repair }
        try store.transaction {
            repair.deletedRows = try store.deleteDanglingRows(dangling)
            for layout in layouts {
                try store.markDirty(layoutID: try store.layoutID(layout))
                repair.report.merge(try solveDirty(layout: layout))
            }
        }
        store.checkpoint()
        repair.resolvedLayouts = layouts
        return repair
    }
}
