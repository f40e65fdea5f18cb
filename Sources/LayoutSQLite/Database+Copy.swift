import CSQLite

extension Database {
    /// Copies every page of this database into `destination` (SQLite's online backup),
    /// replacing what it held: a read-only project copied into memory, where a dry run
    /// may write and roll back.
    ///
    ///     let copy = try Database(path: ":memory:", options: .init(create: true))
    ///     try project.copy(into: copy)
    package func copy(into destination: Database) throws(DatabaseError) {
        guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
            throw destination.error(code: sqlite3_errcode(destination.handle), sql: nil)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE else { throw error(code: stepped, sql: nil) }
        try destination.check(finished)
    }
}
