import CSQLite

extension SQLStatement {
    /// Lends the current row's BLOB column to `body` without a copy (an empty buffer for
    /// NULL or an empty value); the bytes are valid only inside `body`.
    package func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T)
        rethrows -> T
    {
        let start = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : count))
    }
}
