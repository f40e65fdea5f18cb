import Foundation
import Testing

/// The module graph of docs/architecture.md, read off the sources: what each target
/// imports, and that the CLI speaks to the library only through `Project`.
@Suite("Module boundaries")
struct ModuleBoundaryTests {
    /// Every Swift file of a target, as (name, text).
    private func sources(_ target: String) throws -> [(String, String)] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Sources/\(target)").standardized
        let files = try #require(FileManager.default.enumerator(atPath: folder.path))
        var result: [(String, String)] = []
        while let file = files.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            result.append(
                (file, try String(contentsOf: folder.appending(path: file), encoding: .utf8)))
        }
        #expect(!result.isEmpty, "no sources in \(target)")
        return result
    }

    /// The modules a target imports (`import X`, `@_exported import kind X.Y`).
    private func imports(_ target: String) throws -> Set<String> {
        var modules = Set<String>()
        for (_, text) in try sources(target) {
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count else {
                    continue
                }
                guard words[..<i].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                let name = words.count > i + 2 ? words[i + 2] : words[i + 1]
                modules.insert(String(name.split(separator: ".")[0]))
            }
        }
        return modules
    }

    /// The system modules any target may import: Foundation's essentials, the C library.
    private let system: Set<String> = ["FoundationEssentials", "Glibc", "Darwin"]

    @Test("each library module imports only what lies below it")
    func importsFollowTheGraph() throws {
        #expect(try imports("LayoutSolver").isSubset(of: system))
        #expect(try imports("LayoutScript").isSubset(of: system.union(["LayoutSolver"])))
        #expect(try imports("LayoutSQLite").isSubset(of: system.union(["CSQLite"])))
        #expect(
            try imports("LayoutStore").isSubset(
                of: system.union([
                    "LayoutSolver", "LayoutScript", "LayoutSQLite", "LayoutImport",
                ])))
        // Interface Builder documents are read with the system alone; the import into a
        // project is LayoutStore's (Project.importInterfaceBuilder).
        #expect(try imports("LayoutImport").isSubset(of: system))
        #expect(
            try imports("layoutdb").isSubset(of: system.union(["ArgumentParser", "LayoutStore"])))
    }

    @Test("nothing in the layoutdb binary imports Foundation whole or FoundationXML")
    func noFoundationWhole() throws {
        // Foundation whole brings ICU, and FoundationXML libxml2, into every process: a
        // millisecond and more of each command's start (docs/performance.md).
        for target in [
            "LayoutSolver", "LayoutScript", "LayoutSQLite", "LayoutStore", "LayoutImport",
            "layoutdb",
        ] {
            let modules = try imports(target)
            #expect(
                !modules.contains("Foundation") && !modules.contains("FoundationXML"), "\(target)")
        }
    }

    @Test("the CLI uses no SQL and never reaches past Project into its store or database")
    func cliSpeaksThroughProject() throws {
        let forbidden = [
            ".store", "store.", ".database", "Database", "SELECT ", "INSERT ", "UPDATE ",
            "DELETE ", "PRAGMA ", "sqlite3_",
        ]
        var offending: [String] = []
        for (file, text) in try sources("layoutdb") {
            for line in text.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                // Help texts show `sqlite3 app.layoutdb "select ..."` to the user.
                if code.hasPrefix("//") || code.contains("sqlite3 ") { continue }
                if forbidden.contains(where: { code.contains($0) }) {
                    offending.append("\(file): \(code)")
                }
            }
        }
        #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    }
}
