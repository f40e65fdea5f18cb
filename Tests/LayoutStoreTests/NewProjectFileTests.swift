import Foundation
import Testing

@testable import LayoutSQLite
@testable import LayoutStore

/// A new project filled in a file of its own beside its path, then put in place whole
/// (`Project.openUnpublished`, `publish`, `discard`).
@Suite("New project files")
struct NewProjectFileTests {
    static let script = "view a in root\na.width == 40\na.height == 30\n"

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("a new project is filled where no one looks, then put in place whole, in WAL")
    func publishedWhole() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let new = try #require(try Project.openUnpublished(path: file.path))
        try new.apply(script: Self.script)
        #expect(!FileManager.default.fileExists(atPath: file.path), "not there until published")
        #expect(
            try files(in: file.folder).allSatisfy { $0.hasPrefix("project.layoutdb.layoutdb-new-") }
        )
        // Filled through a rollback journal from the start: the header's format bytes say
        // so (1; WAL is 2), and no log was ever made beside it.
        let header = try #require(
            FileManager.default.contents(
                atPath: file.folder.appending(path: try files(in: file.folder)[0]).path))
        #expect(header[18] == 1 && header[19] == 1)
        #expect(try files(in: file.folder).count == 1)
        #expect(try new.publish())
        // Beside it, an empty log, as every edit leaves one (reads then keep it).
        #expect(Set(try files(in: file.folder)) == ["project.layoutdb", "project.layoutdb-wal"])
        #expect(FileManager.default.contents(atPath: file.path + "-wal") == Data())
        let project = try Project.open(path: file.path)
        #expect(try project.frames().map(\.frame.width) == [40])
        let db = try Database(path: file.path)
        #expect(try db.journalMode() == "wal")
        #expect(try db.makeStatement("PRAGMA integrity_check").rows { $0.string(0) } == ["ok"])
    }

    @Test("an error of the new file names the project's path, not the file it is made in")
    func errorsNameThePath() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let new = try #require(try Project.openUnpublished(path: file.path))
        defer { new.discard() }
        let error = try #require(
            throws: DatabaseError.self,
            performing: { try new.store.database.execute("INSERT INTO views (id) VALUES (1)") })
        #expect(error.description.hasPrefix(file.path + ": "), "\(error.description)")
        #expect(!error.description.contains(".new-"), "\(error.description)")
    }

    @Test("a file that appears at the path first is kept, and the new project dropped")
    func otherFileWins() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let new = try #require(try Project.openUnpublished(path: file.path))
        try new.apply(script: Self.script)
        let other = try Project.open(path: file.path, create: true)
        try other.apply(script: "view b in root\nb.width == 7\nb.height == 7\n", layout: "other")
        #expect(try !new.publish())
        #expect(try files(in: file.folder).filter { $0.contains(".new-") }.isEmpty)
        #expect(try Project.open(path: file.path).layoutNames() == ["other"])
    }

    @Test("a project discarded, or refused by its first apply, leaves nothing")
    func discardedLeavesNothing() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let new = try #require(try Project.openUnpublished(path: file.path))
        #expect(throws: (any Error).self) {
            try new.apply(script: "view a in root\nb.width == 1\n")
        }
        new.discard()
        #expect(try files(in: file.folder).isEmpty)
        // A path already taken is opened as usual instead.
        _ = try Project.open(path: file.path, create: true)
        #expect(try Project.openUnpublished(path: file.path) == nil)
    }

    @Test("what a killed process left beside the path goes; a running process's file stays")
    func abandonedFilesGo() throws {
        let file = TempFile()
        defer { file.cleanup() }
        // A process id nobody runs, and one that runs (this test's parent).
        var dead: pid_t = 999_999
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let abandoned = file.path + ".layoutdb-new-\(dead)"
        let running = file.path + ".layoutdb-new-\(getppid())"
        // A person's copy of a name like the old one's (`PATH.new-PID`) was removed too.
        let copy = file.path + ".new-\(dead)"
        for name in [abandoned, abandoned + "-journal", running, copy] {
            #expect(FileManager.default.createFile(atPath: name, contents: Data("x".utf8)))
        }
        let new = try #require(try Project.openUnpublished(path: file.path))
        new.discard()
        #expect(
            try files(in: file.folder).sorted()
                == ["project.layoutdb.layoutdb-new-\(getppid())", "project.layoutdb.new-\(dead)"])
    }
}
