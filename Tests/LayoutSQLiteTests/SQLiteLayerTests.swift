import CSQLite
import Foundation
import Testing

@testable import LayoutSQLite

/// A fresh path in a fresh temporary folder, removed with the folder by `cleanup()`.
private struct TempFile {
    let folder: URL
    let path: String

    init(_ name: String = "test.sqlite") {
        folder = FileManager.default.temporaryDirectory
            .appending(path: "layoutsqlite-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appending(path: name).path
    }

    func cleanup() { try? FileManager.default.removeItem(at: folder) }
}

/// The SQLite layer on its own: no project, no layouts.
@Suite("SQLite layer")
struct SQLiteLayerTests {
    @Test("a transaction rolls back when its body throws, leaving data untouched")
    func transactionRollback() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let db = try Database(path: file.path, options: .init(create: true))
        try db.execute("CREATE TABLE t (name TEXT NOT NULL UNIQUE) STRICT")
        try db.execute("INSERT INTO t VALUES (?)", ["kept"])
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (?)", ["lost"])
                try db.execute("DELETE FROM t WHERE name = ?", ["kept"])
                throw Stop()
            }
        }
        #expect(!db.isInTransaction)
        let names = try db.cachedStatement("SELECT name FROM t").rows { $0.string(0) }
        #expect(names == ["kept"])
    }

    @Test("the write-ahead log stays small over many edits, each by its own connection")
    func logStaysSmall() throws {
        let file = TempFile()
        defer { file.cleanup() }
        do {
            let db = try Database(path: file.path, options: .init(create: true))
            try db.execute("PRAGMA journal_mode = WAL")
            try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB NOT NULL) STRICT")
        }
        // Five hundred small edits, each a few pages by a connection of its own, as a day
        // of `set-constant` is: each connection first rebuilds the log's index from the
        // file, and a log that is never truncated would hold every edit.
        var pageSize: Int64 = 0
        for edit in 0..<500 {
            let db = try Database(path: file.path)
            pageSize = try #require(try db.int64("PRAGMA page_size"))
            try db.transaction {
                try db.execute(
                    "INSERT OR REPLACE INTO t VALUES (?, zeroblob(?))",
                    [Int64(edit % 50), 3 * pageSize])
            }
        }
        let frameSize = Int(pageSize) + 24
        let log = try FileManager.default.attributesOfItem(atPath: file.path + "-wal")
        let bytes = try #require(log[.size] as? Int)
        #expect(bytes <= 32 + (Database.logPagesBeforeCheckpoint + 16) * frameSize)
        let db = try Database(path: file.path)
        #expect(try db.int64("SELECT count(*) FROM t") == 50)
    }

    @Test("a savepoint in a transaction undoes only its own writes")
    func nestedSavepoint() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let db = try Database(path: file.path, options: .init(create: true))
        try db.execute("CREATE TABLE t (n INTEGER) STRICT")
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (?)", [1])
            _ = try? db.savepoint {
                try db.execute("INSERT INTO t VALUES (?)", [2])
                throw CancellationError()
            }
        }
        #expect(try db.cachedStatement("SELECT n FROM t").rows { $0.int(0) } == [1])
    }

    @Test("a larger page cache lasts for its body only, also when the body throws")
    func pageCacheIsScoped() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let db = try Database(path: file.path, options: .init(create: true))
        let before = try db.int64("PRAGMA cache_size")
        let during = try db.withPageCache(kibibytes: 4096) { try db.int64("PRAGMA cache_size") }
        #expect(during == -4096)
        #expect(try db.int64("PRAGMA cache_size") == before)
        #expect(throws: CancellationError.self) {
            try db.withPageCache(kibibytes: 4096) { throw CancellationError() }
        }
        #expect(try db.int64("PRAGMA cache_size") == before)
    }

    @Test("a flush of the page cache writes an open transaction's pages, which still commits")
    func pageCacheFlush() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let db = try Database(path: file.path, options: .init(create: true))
        try db.execute("PRAGMA journal_mode = DELETE")
        try db.execute("CREATE TABLE t (n INTEGER, text TEXT) STRICT")
        func size() throws -> Int {
            try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        }
        let empty = try size()
        try db.transaction {
            for n in 0..<2000 { try db.execute("INSERT INTO t VALUES (?, ?)", [n, "row \(n)"]) }
            #expect(try size() == empty, "nothing written before the flush")
            try db.flushPageCache()
            #expect(try size() > empty, "the new pages are in the file")
            #expect(db.startWriteback(), "and on their way to the disk")
            #expect(db.isInTransaction)
        }
        #expect(try db.int64("SELECT count(*) FROM t") == 2000)
        // Rolled back after a flush, the transaction leaves nothing.
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.execute("DELETE FROM t")
                try db.flushPageCache()
                throw Stop()
            }
        }
        #expect(try db.int64("SELECT count(*) FROM t") == 2000)
        #expect(try db.makeStatement("PRAGMA integrity_check").rows { $0.string(0) } == ["ok"])
    }

    @Test("transactions do not nest; a savepoint alone is a transaction")
    func transactionsDoNotNest() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let db = try Database(path: file.path, options: .init(create: true))
        try db.execute("CREATE TABLE t (n INTEGER) STRICT")
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (?)", [1])
            #expect(throws: DatabaseError.self) { try db.transaction {} }
        }
        try db.savepoint(.immediate) {
            #expect(db.isInTransaction)
            try db.execute("INSERT INTO t VALUES (?)", [2])
        }
        #expect(!db.isInTransaction)
        #expect(try db.cachedStatement("SELECT n FROM t").rows { $0.int(0) } == [1, 2])
    }

    @Test("typed binding and reading round-trip Int64, Double, String, Bool and NULL")
    func bindingRoundTrip() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let db = try Database(path: file.path, options: .init(create: true))
        try db.execute("CREATE TABLE t (i INTEGER, d REAL, s TEXT, b INTEGER, n TEXT)")
        let hostile = "x'); DROP TABLE t; -- ünïcödé \u{0}?"
        try db.execute(
            "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
            [Int64.max, 0.1, hostile, true, nil])
        let row = try db.cachedStatement("SELECT i, d, s, b, n FROM t")
        #expect(try row.step())
        #expect(row.int64(0) == Int64.max)
        #expect(row.double(1) == 0.1)
        #expect(row.bool(3))
        #expect(row.optionalString(4) == nil)
        #expect(row.string(2) == hostile)
        row.reset()
        #expect(try db.int64("SELECT count(*) FROM t WHERE s = ?", [hostile]) == 1)
        #expect(try db.int64("SELECT count(*) FROM sqlite_schema WHERE name = 't'") == 1)
    }

    @Test("a failure's kind sorts SQLite's result codes; opening a missing file is .cannotOpen")
    func errorKinds() throws {
        let file = TempFile()
        defer { file.cleanup() }
        do {
            _ = try Database(path: file.path)
            Issue.record("a missing file without create was expected to fail")
        } catch {
            #expect(error.kind == .cannotOpen)
        }
        let kinds: [(Int32, DatabaseError.Kind)] = [
            (SQLITE_BUSY, .busy), (SQLITE_LOCKED, .busy), (SQLITE_NOTADB, .notADatabase),
            (SQLITE_FULL, .full), (SQLITE_READONLY, .readOnly), (SQLITE_IOERR | (3 << 8), .ioError),
            (SQLITE_CORRUPT, .corrupt), (SQLITE_PERM, .permission),
            (SQLITE_CONSTRAINT | (8 << 8), .rejectedData), (SQLITE_MISUSE, .other),
        ]
        for (code, kind) in kinds {
            #expect(DatabaseError(extendedCode: code, message: "", path: "p").kind == kind)
        }
        let db = try Database(path: file.path, options: .init(create: true))
        try db.execute("CREATE TABLE t (n INTEGER NOT NULL UNIQUE) STRICT")
        try db.execute("INSERT INTO t VALUES (1)")
        do {
            try db.execute("INSERT INTO t VALUES (1)")
            Issue.record("a unique violation was expected")
        } catch {
            #expect(error.kind == .rejectedData)
            #expect(error.extendedCode == SQLITE_CONSTRAINT | (8 << 8))  // SQLITE_CONSTRAINT_UNIQUE
            #expect(error.sql == "INSERT INTO t VALUES (1)")
        }
    }
}
