import LayoutScript

/// `layoutdb doctor`: integrity and consistency checks that read and never write.
///
/// A project edited only through layoutdb passes all of them; a finding means the file
/// was damaged or edited with plain SQL in a way the triggers cannot describe.
public struct DoctorFinding: Hashable, Sendable, CustomStringConvertible {
    /// Which check: `integrity`, `foreign-keys`, `labels`, `tree`, `frames`, `dirty`.
    public var check: String
    /// What is wrong, naming the layout and view or label.
    public var message: String

    public init(check: String, message: String) {
        self.check = check
        self.message = message
    }

    public var description: String { "\(check): \(message)" }
}

extension Project {
    /// How far a stored frame may be from a fresh solve before doctor reports it: the
    /// solver's own satisfaction tolerance (1e-6), relative to the value's magnitude.
    public static let doctorTolerance = 1e-6

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
            if treeFindings.isEmpty { findings += try frameFindings() }
        }
        return findings
    }

    /// Re-solves every layout and variant in memory and compares with the stored frames
    /// that are not marked stale. Ambiguous views are skipped: any solution is right.
    private func frameFindings() throws -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        for layout in try store.layouts() {
            let model = try store.loadLayout(layout.name)
            let marks = try store.dirtyMarks(layout: layout.name)
            let variants: [VariantRef] = [.base] + model.variants.map { .named($0.name) }
            for variant in variants {
                let variantMarks = marks.filter { $0.variant == variant }
                if variantMarks.contains(where: { $0.component == nil }) { continue }
                let stale = Set(variantMarks.compactMap(\.component))
                let place = "\(layout.name)/\(variant)"
                let output: EngineOutput
                do {
                    output = try LayoutEngine.solve(model.engineInput(variant: model.variant(variant)))
                } catch {
                    findings.append(DoctorFinding(
                        check: "frames", message: "\(place): the stored constraints do not solve: "
                            + "\(error)".prefix { $0 != "\n" }))
                    continue
                }
                let stored = try store.storedFrames(layout: layout.name, variant: variant)
                for (i, view) in model.solvedViews.enumerated() {
                    if view.components.contains(where: { $0.map(stale.contains) ?? false }) {
                        continue
                    }
                    guard let frame = stored[view.id] else {
                        findings.append(DoctorFinding(
                            check: "frames", message: "\(place): view \(view.name) has no frame "
                                + "and no dirty mark"))
                        continue
                    }
                    if frame.ambiguous || output.ambiguous[i] { continue }
                    let solved = output.frames[i]
                    let pairs = [
                        ("x", frame.x, solved.x), ("y", frame.y, solved.y),
                        ("width", frame.width, solved.width), ("height", frame.height, solved.height),
                    ]
                    let off = pairs.filter {
                        !(abs($0.1 - $0.2) <= Self.doctorTolerance * max(1, abs($0.2)))
                    }
                    if !off.isEmpty {
                        let text = off.map { "\($0.0) \(formatNumber($0.1)) (solves to "
                            + "\(formatNumber($0.2)))" }.joined(separator: ", ")
                        findings.append(DoctorFinding(
                            check: "frames",
                            message: "\(place): view \(view.name) is stale but not marked dirty: "
                                + text))
                    }
                }
            }
        }
        return findings
    }
}
