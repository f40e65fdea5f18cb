import CSQLite

/// A prepared statement of one ``Database``: bind, step, read columns.
///
/// Parameters are 1-based, columns 0-based (as in sqlite3). Values are always bound,
/// never spliced into SQL, so a name like `x'); DROP TABLE views; --` is just data.
///
///     let statement = try db.cachedStatement("SELECT id FROM views WHERE name = ?")
///     try statement.bind(["header"])
///     while try statement.step() { print(statement.int64(0)) }
public final class SQLStatement {
    let handle: OpaquePointer
    /// The SQL text, for errors.
    public let sql: String
    unowned let database: Database

    init(handle: OpaquePointer, sql: String, database: Database) {
        self.handle = handle
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding

    /// Clears the previous run: resets the statement and unbinds every parameter.
    public func reset() {
        // sqlite3_reset repeats the last step's error, which was already reported.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    public func bind(_ value: Int64, at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    public func bind(_ value: Int, at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    public func bind(_ value: Double, at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    public func bind(_ value: Bool, at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_int64(handle, index, value ? 1 : 0))
    }

    public func bind(_ value: String, at index: Int32) throws(DatabaseError) {
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

    public func bindNull(at index: Int32) throws(DatabaseError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds `values` to parameters 1, 2, ... after a ``reset()``.
    public func bind(_ values: [(any SQLBindable)?]) throws(DatabaseError) {
        reset()
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            if let value { try value.bind(to: self, at: index) } else { try bindNull(at: index) }
        }
    }

    // MARK: Running

    /// Runs one step: `true` when a row is available, `false` when done.
    @discardableResult
    public func step() throws(DatabaseError) -> Bool {
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
    public func run(_ values: [(any SQLBindable)?] = []) throws(DatabaseError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Binds `values` and collects one value per row with `read`.
    public func rows<T>(
        _ values: [(any SQLBindable)?] = [], _ read: (SQLStatement) -> T
    ) throws(DatabaseError) -> [T] {
        try bind(values)
        var result: [T] = []
        while try step() { result.append(read(self)) }
        sqlite3_reset(handle)
        return result
    }

    // MARK: Reading columns of the current row

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    public func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }

    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    public func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    public func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    public func optionalDouble(_ column: Int32) -> Double? {
        isNull(column) ? nil : double(column)
    }

    public func optionalString(_ column: Int32) -> String? {
        isNull(column) ? nil : string(column)
    }

    private func check(_ code: Int32) throws(DatabaseError) {
        if code != SQLITE_OK { throw database.error(code: code, sql: sql) }
    }
}

/// A Swift value that binds to a statement parameter.
public protocol SQLBindable {
    func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError)
}

extension Int64: SQLBindable {
    public func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}

extension Int: SQLBindable {
    public func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}

extension Double: SQLBindable {
    public func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}

extension Bool: SQLBindable {
    public func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}

extension String: SQLBindable {
    public func bind(to statement: SQLStatement, at index: Int32) throws(DatabaseError) {
        try statement.bind(self, at: index)
    }
}
