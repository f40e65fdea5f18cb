import CSQLite
import Foundation
import Testing

@testable import LayoutSQLite
@testable import LayoutStore

/// A fresh path in a fresh temporary folder, removed with the folder by `cleanup()`.
struct TempFile {
    let folder: URL
    let path: String

    init(_ name: String = "project.layoutdb") {
        folder = FileManager.default.temporaryDirectory
            .appending(path: "layoutdb-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appending(path: name).path
    }

    func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func cleanup() { try? FileManager.default.removeItem(at: folder) }
}

@Suite("Database")
struct DatabaseTests {
    @Test("migration from an empty file sets the version, the application id and WAL")
    func migrateFromEmpty() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let db = try Database(path: file.path, options: .init(create: true))
        try DatabaseMigrator().migrate(db, allowEmpty: true)
        #expect(try db.int64("PRAGMA user_version") == Int64(DatabaseMigrator().latestVersion))
        #expect(try db.int64("PRAGMA application_id") == DatabaseMigrator.applicationID)
        let mode = try db.makeStatement("PRAGMA journal_mode")
        #expect(try mode.step())
        #expect(mode.string(0) == "wal")
        #expect(try db.int64("PRAGMA foreign_keys") == 1)
        for table in [
            "layouts", "views", "constraints", "constraint_terms", "variants",
            "variant_constants", "frames", "dirty", "metrics",
        ] {
            #expect(
                try db.int64("SELECT count(*) FROM sqlite_schema WHERE name = ?", [table]) == 1,
                "table \(table)")
        }
        // Migrating again is a no-op.
        try DatabaseMigrator().migrate(db, allowEmpty: false)
        #expect(try db.int64("PRAGMA user_version") == Int64(DatabaseMigrator().latestVersion))
    }

    /// The file's schema as SQLite keeps it (in its order: triggers on one event fire in
    /// it), its header fields, and the row count of every table.
    private func schemaDump(_ db: Database) throws -> [String] {
        var lines = try db.makeStatement(
            "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema ORDER BY rowid"
        ).rows { "\($0.string(0)) \($0.string(1)) on \($0.string(2)): \($0.string(3))" }
        let tables = try db.makeStatement(
            "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
        ).rows { $0.string(0) }
        for table in tables {
            lines.append(
                "rows in \(table): \(try db.int64("SELECT count(*) FROM \"\(table)\"") ?? -1)")
        }
        lines.append("user_version \(try db.int64("PRAGMA user_version") ?? -1)")
        lines.append("application_id \(try db.int64("PRAGMA application_id") ?? -1)")
        return lines
    }

    @Test("a new file from the baseline has the schema every migration in turn makes")
    func baselineEqualsMigrations() throws {
        let embedded = DatabaseMigrator()
        // Nil also when a build folder made before the plugin passed the baseline was not
        // planned again: `touch Package.swift` makes SwiftPM run the plugin anew.
        let baseline = try #require(
            embedded.baseline, "no baseline embedded from Migrations/baseline/")
        #expect(baseline.version <= embedded.latestVersion)
        let stepped = TempFile()
        let squashed = TempFile()
        defer {
            stepped.cleanup()
            squashed.cleanup()
        }
        let a = try Database(path: stepped.path, options: .init(create: true))
        try DatabaseMigrator(migrations: embedded.migrations).migrate(a, allowEmpty: true)
        let b = try Database(path: squashed.path, options: .init(create: true))
        try embedded.migrate(b, allowEmpty: true)
        let expected = try schemaDump(a)
        let got = try schemaDump(b)
        #expect(expected.count > 50)
        // Line by line, so a failure names the object that differs. To regenerate the
        // baseline after a new migration: `python3 Tools/squash_migrations.py`.
        for (line, other) in zip(expected, got) where line != other {
            Issue.record("migrated: \(line)\nbaseline: \(other)")
        }
        #expect(expected.count == got.count)
    }

    @Test("a new file written from the baseline's image is the file the baseline's SQL makes")
    func baselineImageEqualsBaseline() throws {
        let written = TempFile()
        let executed = TempFile()
        defer {
            written.cleanup()
            executed.cleanup()
        }
        #expect(DatabaseMigrator.createFile(atPath: written.path))
        let a = try Database(path: written.path)
        try DatabaseMigrator().migrate(a, allowEmpty: false)
        let b = try Database(path: executed.path, options: .init(create: true))
        try DatabaseMigrator().migrate(b, allowEmpty: true)
        let expected = try schemaDump(b)
        let got = try schemaDump(a)
        for (line, other) in zip(expected, got) where line != other {
            Issue.record("baseline SQL: \(line)\nimage: \(other)")
        }
        #expect(expected.count == got.count)
        for db in [a, b] {
            let mode = try db.makeStatement("PRAGMA journal_mode")
            #expect(try mode.step())
            #expect(mode.string(0) == "wal")
            #expect(try db.int64("PRAGMA freelist_count") == 0)
            #expect(try db.makeStatement("PRAGMA integrity_check").rows { $0.string(0) } == ["ok"])
        }
    }

    @Test("the baseline's image never replaces a file, and leaves no temporary file")
    func baselineImageKeepsExistingFiles() throws {
        let file = TempFile()
        defer { file.cleanup() }
        try Data("someone's notes".utf8).write(to: URL(fileURLWithPath: file.path))
        #expect(!DatabaseMigrator.createFile(atPath: file.path))
        #expect(try file.bytes() == Data("someone's notes".utf8))
        #expect(!DatabaseMigrator.createFile(atPath: file.folder.path + "/no/such/folder/x"))
        let left = try FileManager.default.contentsOfDirectory(atPath: file.folder.path)
        #expect(left == ["project.layoutdb"])
        #expect(!DatabaseMigrator.createFile(atPath: ":memory:"))
    }

    @Test("an older file still migrates step by step, to the baseline's schema")
    func olderFileMigratesStepByStep() throws {
        let embedded = DatabaseMigrator()
        let old = TempFile()
        let new = TempFile()
        defer {
            old.cleanup()
            new.cleanup()
        }
        let a = try Database(path: old.path, options: .init(create: true))
        try DatabaseMigrator(migrations: Array(embedded.migrations.prefix(5)))
            .migrate(a, allowEmpty: true)
        #expect(try a.int64("PRAGMA user_version") == 5)
        try embedded.migrate(a, allowEmpty: false)
        let b = try Database(path: new.path, options: .init(create: true))
        try embedded.migrate(b, allowEmpty: true)
        #expect(try schemaDump(a) == schemaDump(b))
    }

    @Test("migrations after the baseline's version run on top of it in a new file")
    func migrationsAfterBaseline() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let embedded = DatabaseMigrator()
        let next = embedded.latestVersion + 1
        let migrator = DatabaseMigrator(
            migrations: embedded.migrations + [
                .init(
                    version: next, name: "later", sql: "CREATE TABLE later (x INTEGER) STRICT;")
            ],
            baseline: embedded.baseline)
        let db = try Database(path: file.path, options: .init(create: true))
        try migrator.migrate(db, allowEmpty: true)
        #expect(try db.int64("PRAGMA user_version") == Int64(next))
        #expect(try db.int64("SELECT count(*) FROM sqlite_schema WHERE name = 'later'") == 1)
        #expect(try db.int64("PRAGMA application_id") == DatabaseMigrator.applicationID)
    }

    @Test("migrations apply in order, each once, each recorded in user_version")
    func migrationsInOrder() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let first = DatabaseMigrator(migrations: [
            .init(
                version: 1, name: "0001_a",
                sql: "PRAGMA application_id = 1280918594; CREATE TABLE a (x INTEGER) STRICT;")
        ])
        let db = try Database(path: file.path, options: .init(create: true))
        try first.migrate(db, allowEmpty: true)
        let both = DatabaseMigrator(
            migrations: first.migrations + [
                .init(
                    version: 2, name: "0002_b",
                    sql: "INSERT INTO a VALUES (7); CREATE TABLE b (y TEXT) STRICT;")
            ])
        try both.migrate(db, allowEmpty: false)
        try both.migrate(db, allowEmpty: false)
        #expect(try db.int64("SELECT count(*) FROM a") == 1)  // 0002 ran once
        #expect(try db.int64("PRAGMA user_version") == 2)
    }

    @Test("a writer waits for the lock for its busy timeout, then fails as busy")
    func busyTimeoutHonoured() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let holder = try Database(path: file.path, options: .init(create: true))
        try holder.execute("PRAGMA journal_mode = WAL")
        try holder.execute("CREATE TABLE t (x)")
        let waiter = try Database(
            path: file.path, options: .init(busyTimeout: .milliseconds(300)))
        try holder.execute("BEGIN IMMEDIATE TRANSACTION")
        let start = ContinuousClock.now
        do {
            try waiter.transaction(.immediate) { try waiter.execute("INSERT INTO t VALUES (1)") }
            Issue.record("the second writer got the lock the first one held")
        } catch let error as DatabaseError {
            #expect(error.kind == .busy)
        }
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(300) && waited < .seconds(3), "\(waited)")
        try holder.execute("COMMIT")
        try waiter.transaction(.immediate) { try waiter.execute("INSERT INTO t VALUES (2)") }
        #expect(try holder.int64("SELECT count(*) FROM t") == 1)
    }

    @Test("a failing migration rolls back and leaves the version unchanged")
    func failingMigration() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let db = try Database(path: file.path, options: .init(create: true))
        let bad = DatabaseMigrator(migrations: [
            .init(
                version: 1, name: "0001_bad",
                sql: "CREATE TABLE a (x INTEGER); SELECT nope FROM missing;")
        ])
        #expect(
            throws: ProjectFileError.schemaMismatch(
                path: file.path, version: 0, migration: "0001_bad",
                message: "no such table: missing")
        ) { try bad.migrate(db, allowEmpty: true) }
        #expect(try db.int64("PRAGMA user_version") == 0)
        #expect(try db.int64("SELECT count(*) FROM sqlite_schema") == 0)
    }

    @Test("a newer schema is refused and the file is left byte for byte")
    func newerSchemaRefused() throws {
        let file = TempFile()
        defer { file.cleanup() }
        do {
            let store = try ProjectStore.open(path: file.path, create: true)
            try store.database.execute("PRAGMA user_version = 99")
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = try file.bytes()
        #expect(
            throws: ProjectFileError.newerSchema(
                path: file.path, version: 99, known: DatabaseMigrator().latestVersion)
        ) {
            _ = try ProjectStore.open(path: file.path, create: true)
        }
        #expect(try file.bytes() == before)
        let message = ProjectFileError.newerSchema(
            path: file.path, version: 99, known: DatabaseMigrator().latestVersion
        )
        .description
        #expect(message.contains("newer layoutdb") && message.contains(file.path))
    }

    @Test("a foreign SQLite database is refused untouched")
    func foreignDatabaseRefused() throws {
        let file = TempFile("other.db")
        defer { file.cleanup() }
        do {
            let db = try Database(path: file.path, options: .init(create: true))
            try db.execute("CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('ann')")
        }
        let before = try file.bytes()
        #expect(throws: ProjectFileError.foreignDatabase(path: file.path)) {
            _ = try ProjectStore.open(path: file.path, create: true)
        }
        #expect(try file.bytes() == before)
        #expect(ProjectFileError.foreignDatabase(path: file.path).errorKind == .cannotOpen)
    }

    @Test("a file that is not a database is refused with its name, untouched")
    func notADatabase() throws {
        let file = TempFile("notes.txt")
        defer { file.cleanup() }
        let text = Data(String(repeating: "hello, this is not SQLite\n", count: 100).utf8)
        try text.write(to: URL(fileURLWithPath: file.path))
        do {
            _ = try ProjectStore.open(path: file.path, create: true)
            Issue.record("opened a text file")
        } catch let error as ProjectFileError {
            #expect(error == .notADatabase(path: file.path))
            #expect(error.description.contains(file.path))
            #expect(error.errorKind == .cannotOpen)
        }
        #expect(try file.bytes() == text)
    }

    @Test("a missing file is created only with create: true")
    func missingFile() throws {
        let file = TempFile()
        defer { file.cleanup() }
        #expect(throws: ProjectFileError.noProject(path: file.path)) {
            _ = try ProjectStore.open(path: file.path)
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(
            ProjectFileError.noProject(path: file.path).description
                == "no project at \(file.path); run `layoutdb init` or `layoutdb apply FILE`")
        _ = try ProjectStore.open(path: file.path, create: true)
        _ = try ProjectStore.open(path: file.path)  // now it exists
    }

    @Test("errors carry codes, message and SQL; exit statuses follow the codes")
    func errorsCarryDetails() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let db = try Database(path: file.path, options: .init(create: true))
        try db.execute("CREATE TABLE t (n INTEGER NOT NULL UNIQUE) STRICT")
        try db.execute("INSERT INTO t VALUES (?)", [1])
        do {
            try db.execute("INSERT INTO t VALUES (?)", [1])
            Issue.record("duplicate accepted")
        } catch {
            #expect(error.resultCode == SQLITE_CONSTRAINT)
            #expect(error.extendedCode == SQLITE_CONSTRAINT | (8 << 8))  // SQLITE_CONSTRAINT_UNIQUE
            #expect(error.message.contains("UNIQUE"))
            #expect(error.sql == "INSERT INTO t VALUES (?)")
            #expect(error.errorKind == .badInput)
        }
        do {
            try db.execute("SELECT * FROM nowhere")
            Issue.record("bad SQL accepted")
        } catch {
            #expect(error.sql == "SELECT * FROM nowhere")
            #expect(error.description.contains("no such table"))
        }
        let busy = DatabaseError(extendedCode: SQLITE_BUSY, message: "locked", path: "p")
        #expect(busy.errorKind == .busy)
        #expect(
            DatabaseError(extendedCode: SQLITE_FULL, message: "", path: "p").errorKind == .io)
        #expect(
            DatabaseError(extendedCode: SQLITE_READONLY, message: "", path: "p").errorKind
                == .io)
        #expect(
            DatabaseError(extendedCode: SQLITE_NOTADB, message: "", path: "p").errorKind
                == .cannotOpen)
    }

    @Test("full disk: the write fails with an I/O exit status and nothing is kept")
    func diskFull() throws {
        let file = TempFile()
        defer { file.cleanup() }
        let store = try ProjectStore.open(path: file.path, create: true)
        let pages = try store.database.int64("PRAGMA page_count") ?? 0
        try store.database.execute("PRAGMA max_page_count = \(pages + 2)")
        let many = (0..<2000).map { i in
            LocatedStatement(
                statement: .view(
                    ViewDeclaration(name: "view\(i)-" + String(repeating: "x", count: 200))),
                location: SourceLocation(file: "f", line: i + 1, column: 1), text: "view")
        }
        do {
            try store.apply(many)
            Issue.record("the full disk went unnoticed")
        } catch let error as DatabaseError {
            #expect(error.resultCode == SQLITE_FULL)
            #expect(error.errorKind == .io)
        }
        #expect(try store.database.int64("SELECT count(*) FROM views") == 0)
    }
}
