import CSQLite

extension Database {
    /// The longest string or BLOB this connection stores (`SQLITE_LIMIT_LENGTH`).
    package var maximumValueLength: Int { Int(sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, -1)) }

    /// Writes into the BLOB in `column` of the row whose rowid is `row` in `table`, in
    /// place: `body` gets a function that writes bytes at an offset. The BLOB keeps its
    /// size; insert a `zeroblob(N)` of the size wanted first, in the same transaction.
    ///
    /// For values too large to hold twice: a BLOB bound as a parameter is copied whole
    /// into its row's record before it is written, and the caller holds it whole too.
    package func writeBlob(
        table: String, column: String, row: Int64,
        _ body: (_ write: (UnsafeRawBufferPointer, Int) throws(DatabaseError) -> Void) throws ->
            Void
    ) throws {
        // What an error names in place of a statement's SQL.
        let writing = "(writing \(table).\(column) of row \(row))"
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(handle, "main", table, column, row, 1, &blob)
        guard code == SQLITE_OK, let blob else { throw error(code: code, sql: writing) }
        defer { sqlite3_blob_close(blob) }
        try body { (bytes, offset) throws(DatabaseError) in
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
            let code =
                offset + bytes.count <= Int(Int32.max)
                ? sqlite3_blob_write(blob, start, Int32(bytes.count), Int32(offset)) : SQLITE_TOOBIG
            if code != SQLITE_OK { throw error(code: code, sql: writing) }
        }
    }
}
