import CSQLite
import Foundation

/// One SQLite connection. Owns its `sqlite3*`; not Sendable: use a connection from one task only.
package final class Database {
    /// How a connection opens its file.
    package enum Mode: Sendable {
        /// Lookups: read-only and `immutable=1`, so SQLite takes no locks and never writes.
        case readOnly
        /// Building: read-write, creating the file when it does not exist.
        case readWriteCreate
        /// Everyday writes to a file that must already exist (its creator chose its permissions).
        case readWrite
        /// Reading a file another program may have written or still writes (a catalogue to merge):
        /// read-only, but through its locks and write-ahead log, so changes a killed writer left
        /// in the log are read too.
        case readOnlyShared
    }

    /// The raw handle; valid until `deinit`. Only the SQLite layer touches it.
    let handle: OpaquePointer
    /// The file this connection opened.
    package let path: String

    /// Opens `path` in `mode`; throws `SQLiteError` (and frees the half-open handle) on failure.
    package init(path: String, mode: Mode) throws {
        var raw: OpaquePointer?
        let rc: Int32
        switch mode {
        case .readOnly:
            rc = sqlite3_open_v2(
                Self.immutableURI(for: path), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        case .readWriteCreate:
            rc = sqlite3_open_v2(path, &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        case .readWrite:
            rc = sqlite3_open_v2(path, &raw, SQLITE_OPEN_READWRITE, nil)
        case .readOnlyShared:
            rc = sqlite3_open_v2(path, &raw, SQLITE_OPEN_READONLY, nil)
        }
        guard rc == SQLITE_OK, let opened = raw else {
            let message = raw.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let raw { sqlite3_close_v2(raw) }
            throw SQLiteError(resultCode: rc, sqliteMessage: message, context: "opening \(path)")
        }
        sqlite3_extended_result_codes(opened, 1)
        handle = opened
        self.path = path
    }

    deinit {
        // close_v2 defers the close until outstanding statements are finalized.
        sqlite3_close_v2(handle)
    }

    /// The `file:` URI that opens `path` immutable; escapes what URIs give meaning to.
    static func immutableURI(for path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%;=&")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(escaped)?immutable=1"
    }

    /// SQLite's message for the last failure on this connection.
    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// Turns a non-OK result code into a thrown `SQLiteError`.
    func check(_ rc: Int32, _ context: @autoclosure () -> String) throws {
        guard rc == SQLITE_OK else {
            throw SQLiteError(resultCode: rc, sqliteMessage: lastErrorMessage, context: context())
        }
    }

    /// Runs one or more statements without parameters (schema, pragmas). Never pass user text.
    package func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        defer { sqlite3_free(errorMessage) }
        guard rc == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            throw SQLiteError(
                resultCode: rc, sqliteMessage: message,
                context: "running \(sql.prefix(60).split(separator: "\n").first ?? "")")
        }
    }

    /// Compiles `sql`; values go in with `Statement.bind`, never by splicing text into `sql`.
    package func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The first column of the first row of `sql` as an integer (counts, pragmas).
    package func scalarInt(_ sql: String, _ values: [SQLValue] = []) throws -> Int? {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step() ? statement.optionalInt(at: 0) : nil
    }

    /// The first column of the first row of `sql` as text.
    package func scalarText(_ sql: String, _ values: [SQLValue] = []) throws -> String? {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step() ? statement.text(at: 0) : nil
    }

    /// Rows changed by the last INSERT/UPDATE/DELETE on this connection.
    package var changes: Int { Int(sqlite3_changes(handle)) }
}
