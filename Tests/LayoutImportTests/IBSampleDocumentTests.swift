import Foundation
import LayoutImport
import Testing

/// `../shared/ib-samples` beside the package: real documents from public apps, read where they
/// are (never copied into the project). Absent on machines without the shared folder.
let sampleDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "../shared/ib-samples").standardized

func sampleDocuments() -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sampleDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted()
        .map { sampleDirectory.appending(path: $0) }
}

@Suite("IB sample documents")
struct IBSampleDocumentTests {
    @Test(
        "every sample document parses, and every constraint's items are views or guides of its scene",
        .enabled(if: !sampleDocuments().isEmpty, "../shared/ib-samples is absent"))
    func samplesParse() throws {
        var lines = [
            "document                                          views constr stacks guides skipped"
        ]
        for url in sampleDocuments() {
            let doc = try IBReader.read(contentsOf: url, file: url.lastPathComponent)
            let views = doc.allViews
            let stacks = views.filter { $0.stack != nil }.count
            let guides = doc.allLayoutGuides.count
            lines.append(
                url.lastPathComponent.padding(toLength: 50, withPad: " ", startingAt: 0)
                    + [views.count, doc.allConstraints.count, stacks, guides, doc.skipped.count]
                    .map { String($0).leftPadded(6) }.joined(separator: " "))
            #expect(!views.isEmpty, "\(url.lastPathComponent): no views read")
            #expect(doc.unresolvedConstraintItems() == [], "\(url.lastPathComponent)")
            #expect(doc.duplicateIDs() == [], "\(url.lastPathComponent)")
            // Every view IB saved a frame for is placed in root coordinates.
            let placed = doc.framesInRootCoordinates()
            for v in views where v.frame != nil {
                #expect(
                    placed[v.ref] != nil, "\(url.lastPathComponent):\(v.line): \(v.ref) not placed")
            }
        }
        print(lines.joined(separator: "\n"))
    }

    @Test(
        "every sample cut short is malformed XML at a line inside the file, never a crash or a partial document",
        .enabled(if: !sampleDocuments().isEmpty, "../shared/ib-samples is absent"))
    func truncatedSamples() throws {
        for url in sampleDocuments() {
            let data = try Data(contentsOf: url)
            let lineCount = data.filter { $0 == 0x0A }.count + 1
            for fraction in [0.1, 0.5, 0.9] {
                let cut = data.prefix(Int(Double(data.count) * fraction))
                #expect(throws: IBReadError.self) {
                    try IBReader.read(data: cut, file: url.lastPathComponent)
                }
                do {
                    _ = try IBReader.read(data: cut, file: url.lastPathComponent)
                } catch {
                    #expect(error.kind == .malformedXML, "\(url.lastPathComponent) at \(fraction)")
                    #expect(error.line >= 1 && error.line <= lineCount)
                }
            }
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
