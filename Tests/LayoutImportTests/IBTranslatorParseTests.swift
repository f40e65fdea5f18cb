import Foundation
import LayoutImport
import LayoutStore
import Testing

/// A translated script cut down to the statements the project's parser already reads (the
/// first part of the contract): the helpers (guides, hide/show, activate/deactivate) are left
/// out, a stack is declared as a plain view, and so are the clauses and constraints that need
/// them (margins, baselines, the safe area, guides, per-axis priorities).
func knownPart(of script: String) -> String {
    let all = statements(of: script)
    let guides = Set(all.filter { $0.keyword == "guide" }.map { $0.words[1] })
    let helperAttributes = [
        "Margin", "WithinMargins", "Baseline", ".baseline",
    ]
    var out: [String] = []
    for s in all {
        var words = s.words
        switch s.keyword {
        case "guide", "hide", "show", "activate", "deactivate", "priority":
            continue
        case "canvas":
            if let cut = words.firstIndex(where: { $0 == "safe" || $0 == "margins" }) {
                words = Array(words[..<cut])
            }
        case "stack":
            var view = ["view", words[1]]
            if let i = words.firstIndex(of: "in") { view += ["in", words[i + 1]] }
            if let i = words.firstIndex(of: "frame") { view += Array(words[i...(i + 4)]) }
            words = view
        case "view":
            if let i = words.firstIndex(of: "baseline") { words = Array(words[..<i]) }
            if let i = words.firstIndex(of: "margins") { words = Array(words[..<i]) }
            for clause in ["hug", "resist"] {
                if let i = words.firstIndex(of: clause), i + 2 < words.count,
                    Double(words[i + 2]) != nil
                {
                    words.remove(at: i + 2)
                }
            }
        case "constraint":
            let usesHelpers =
                referencedNames(s).contains { guides.contains($0) }
                || s.text.contains(".safe.")
                || helperAttributes.contains { s.text.contains($0) }
            if usesHelpers { continue }
            if let label = s.label { words = ["\(label):"] + words }
        default:
            break
        }
        out.append(words.joined(separator: " "))
    }
    return out.joined(separator: "\n") + "\n"
}

/// A new project in a temporary directory that `body` gets, removed afterwards; it stores
/// what is applied without solving it.
func withTemporaryProject(_ body: (Project) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
        .appending(path: "ib-translate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let project = try Project.open(path: directory.appending(path: "p.layoutdb").path, create: true)
    project.solvesAfterEdits = false
    try body(project)
}

@Suite("IB translator output and the project's parser")
struct IBTranslatorParseTests {
    @Test("the statements the parser already knows apply to a project, for the test documents")
    func testDocuments() throws {
        for (text, file) in [
            (cardXIB, "Card.xib"), (screensStoryboard, "Screens.storyboard"),
            (cellXIB, "Cell.xib"), (phoneStoryboard, "Phone.storyboard"),
            (legacyStoryboard, "Legacy.storyboard"),
        ] {
            let layouts = IBTranslator.translate(try read(text, file: file)).layouts
            try withTemporaryProject { project in
                for layout in layouts {
                    let known = knownPart(of: layout.script)
                    #expect(throws: Never.self, "\(file) \(layout.name)") {
                        try project.apply(script: known, file: layout.name)
                    }
                }
            }
        }
    }

    @Test(
        "the statements the parser already knows apply to a project, for every sample",
        .enabled(if: !sampleDocuments().isEmpty, "../shared/ib-samples is absent"))
    func samples() throws {
        for url in sampleDocuments() {
            let doc = try IBReader.read(contentsOf: url, file: url.lastPathComponent)
            try withTemporaryProject { project in
                for layout in IBTranslator.translate(doc).layouts {
                    do {
                        try project.apply(script: knownPart(of: layout.script), file: layout.name)
                    } catch {
                        Issue.record("\(url.lastPathComponent) \(layout.name): \(error)")
                    }
                }
            }
        }
    }
}
