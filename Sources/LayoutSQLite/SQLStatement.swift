import CSQLite
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A prepared statement of one ``Database``: bind, step, read columns.
///
/// Parameters are 1-based, columns 0-based (as in sqlite3). Values are always bound,
/// never spliced into SQL, so a name like `x'); DROP TABLE views; --` is just data.
///
///     let statement = try db.cachedStatement("SELECT id FROM views WHERE name = ?")
///     try statement.bind(["header"])
///     while try statement.step() { print(statement.int64(0)) }
package final class SQLStatement {
    let handle: OpaquePointer
    /// The SQL text, for errors.
    package let sql: String
    unowned let database: Database

    init(handle: OpaquePointer, sql: String, database: Database) {
        self.handle = handle
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding

    /// Clears the previous run: resets the statement and unbinds every parameter.
    package func reset() {
        // sqlite3_reset repeats the last step's error, which was already reported.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Resets the statement to run again and keeps its bound values: for a writer that
    /// binds every parameter each run, where unbinding several hundred would be wasted.
    package func rewind() {
        // As in reset(): the last step's error was already reported.
        sqlite3_reset(handle)
    }

    package func bind(_ value: Int64, at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    package func bind(_ value: Int, at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    package func bind(_ value: Double, at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    package func bind(_ value: Bool, at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_int64(handle, index, value ? 1 : 0))
    }

    package func bind(_ value: String, at index: Int32) throws(DatabaseError) {
        // SQLITE_TRANSIENT: SQLite copies the bytes, so the Swift buffer may go away.
        // An explicit length, so a text with an embedded NUL is stored whole; withUTF8
        // lends a native string's own bytes without a copy.
        var text = value
        let length = Int32(text.utf8.count)
        let code = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(handle, index, chars.baseAddress, length, csqlite_transient())
            }
        }
        try check(code)
    }

    /// Binds text that lives as long as the program (a literal), in place: SQLite reads it
    /// where it is (`SQLITE_STATIC`) instead of copying it into memory of its own, as it
    /// does a `String`'s bytes, which may go away (a malloc, a copy and a free each).
    package func bind(literal text: StaticString, at index: Int32) throws(DatabaseError) {
        precondition(text.hasPointerRepresentation, "a literal of one character's scalar")
        let code = UnsafeRawPointer(text.utf8Start).withMemoryRebound(
            to: CChar.self, capacity: text.utf8CodeUnitCount
        ) { sqlite3_bind_text(handle, index, $0, Int32(text.utf8CodeUnitCount), nil) }
        try check(code)
    }

    /// Binds `value`, or NULL where it is nil: for a writer that binds every parameter
    /// of each run (``rewind()``). One function a type, not one generic over
    /// ``SQLBindable``: called across the module boundary, the generic looked up the
    /// metadata of `Optional<T>` in the runtime's cache on each call, 9 % of the
    /// instructions of a first apply's row writes.
    package func bind(_ value: Int64?, at index: Int32) throws(DatabaseError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bind(_ value: Int?, at index: Int32) throws(DatabaseError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bind(_ value: Double?, at index: Int32) throws(DatabaseError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bind(_ value: Bool?, at index: Int32) throws(DatabaseError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bind(_ value: String?, at index: Int32) throws(DatabaseError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    package func bindNull(at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds `values` to parameters 1, 2, ... after a ``reset()``.
    package func bind(_ values: [(any SQLBindable)?]) throws(DatabaseError) {
        reset()
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            if let value { try value.bind(to: self, at: index) } else { try bindNull(at: index) }
        }
    }

    // MARK: Running

    /// Runs one step: `true` when a row is available, `false` when done.
    @discardableResult
    package func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            // The statement's error is the connection's error; reset so it can run again.
            let error = database.error(code: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Binds `values`, runs to completion, resets.
    package func run(_ values: [(any SQLBindable)?] = []) throws(DatabaseError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Binds `values` and collects one value per row with `read`.
    package func rows<T>(
        _ values: [(any SQLBindable)?] = [], _ read: (SQLStatement) -> T
    ) throws(DatabaseError) -> [T] {
        try bind(values)
        var result: [T] = []
        while try step() { result.append(read(self)) }
        sqlite3_reset(handle)
        return result
    }

    // MARK: Reading columns of the current row

    package func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    package func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }

    package func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Calls `body` with a text column's UTF-8 bytes in place (valid only inside `body`):
    /// for comparing many rows without making a `String` of each.
    package func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
        rethrows -> T
    {
        guard let text = sqlite3_column_text(handle, column) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeBufferPointer(start: text, count: count))
    }

    package func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    package func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    package func optionalDouble(_ column: Int32) -> Double? {
        isNull(column) ? nil : double(column)
    }

    package func optionalString(_ column: Int32) -> String? {
        isNull(column) ? nil : string(column)
    }

    /// Whether a text column holds exactly `text`'s bytes (no String made).
    package func textEquals(_ column: Int32, _ text: String) -> Bool {
        guard let bytes = sqlite3_column_text(handle, column) else { return false }
        let count = Int(sqlite3_column_bytes(handle, column))
        var text = text
        return text.withUTF8 { utf8 in
            utf8.count == count && (count == 0 || memcmp(utf8.baseAddress!, bytes, count) == 0)
        }
    }

    /// The first byte of a text column (0 for NULL or empty).
    package func firstByte(_ column: Int32) -> UInt8 {
        guard let bytes = sqlite3_column_text(handle, column),
            sqlite3_column_bytes(handle, column) > 0
        else { return 0 }
        return bytes[0]
    }

    /// A text column's length in bytes and its first and seventh bytes (0 where absent),
    /// read without making a String: enough to tell short keywords apart.
    package func textShape(_ column: Int32) -> (count: Int, first: UInt8, seventh: UInt8) {
        guard let bytes = sqlite3_column_text(handle, column) else { return (0, 0, 0) }
        let count = Int(sqlite3_column_bytes(handle, column))
        return (count, count > 0 ? bytes[0] : 0, count > 6 ? bytes[6] : 0)
    }

    private func check(_ code: Int32) throws(DatabaseError) {
        if code != SQLITE_OK { throw database.error(code: code, sql: sql) }
    }
}

/// A Swift value that binds to a statement parameter.
package protocol SQLBindable {
    func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError)
}

extension Int64: SQLBindable {
    package func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}

extension Int: SQLBindable {
    package func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}

extension Double: SQLBindable {
    package func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}

extension Bool: SQLBindable {
    package func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}

extension String: SQLBindable {
    package func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}
