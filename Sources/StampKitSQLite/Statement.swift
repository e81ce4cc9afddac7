import CSQLite
import Foundation

/// A value bound to a statement parameter; the only way caller data enters SQL.
package enum SQLValue: Sendable, Equatable {
    /// SQL NULL.
    case null
    /// A 64-bit integer.
    case integer(Int)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])
}

/// A compiled statement. Owns its `sqlite3_stmt*` and keeps its `Database` alive; not Sendable.
package final class Statement {
    /// The connection this statement runs on.
    package let database: Database
    private var handle: OpaquePointer?
    /// The SQL text, for error context.
    package let sql: String

    /// SQLite copies bound text and blobs (`SQLITE_TRANSIENT`), so Swift buffers may go away.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(database: Database, sql: String) throws {
        self.database = database
        self.sql = sql
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.handle, sql, -1, &raw, nil)
        guard rc == SQLITE_OK, let raw else {
            sqlite3_finalize(raw)
            throw SQLiteError(
                resultCode: rc == SQLITE_OK ? SQLITE_MISUSE : rc,
                sqliteMessage: rc == SQLITE_OK ? "empty statement" : database.lastErrorMessage,
                context: "preparing \(Self.abbreviate(sql))")
        }
        handle = raw
    }

    deinit {
        sqlite3_finalize(handle)
    }

    static func abbreviate(_ sql: String) -> String {
        let line = sql.split(whereSeparator: \.isNewline).first.map(String.init) ?? sql
        return line.count > 60 ? String(line.prefix(60)) + "…" : line
    }

    private func live() throws -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(
                resultCode: SQLITE_MISUSE, sqliteMessage: "statement already finalized",
                context: "using \(Self.abbreviate(sql))")
        }
        return handle
    }

    private func check(_ rc: Int32, _ what: String) throws {
        guard rc == SQLITE_OK else {
            throw SQLiteError(
                resultCode: rc, sqliteMessage: database.lastErrorMessage,
                context: "\(what) for \(Self.abbreviate(sql))")
        }
    }

    /// Binds `value` to the 1-based parameter `index`.
    package func bind(_ value: SQLValue, at index: Int32) throws {
        let stmt = try live()
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(stmt, index)
        case .integer(let v): rc = sqlite3_bind_int64(stmt, index, sqlite3_int64(v))
        case .real(let v): rc = sqlite3_bind_double(stmt, index, v)
        case .text(let v): rc = sqlite3_bind_text(stmt, index, v, -1, Self.transient)
        case .blob(let v):
            rc = v.withUnsafeBytes {
                sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), Self.transient)
            }
        }
        try check(rc, "binding parameter \(index)")
    }

    /// Binds `values` to parameters 1…n in order, after clearing old bindings.
    package func bind(_ values: [SQLValue]) throws {
        let stmt = try live()
        try check(sqlite3_clear_bindings(stmt), "clearing bindings")
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Advances one row: true when a row is ready to read, false when the statement is done.
    @discardableResult
    package func step() throws -> Bool {
        let rc = sqlite3_step(try live())
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            throw SQLiteError(
                resultCode: rc, sqliteMessage: database.lastErrorMessage,
                context: "running \(Self.abbreviate(sql))")
        }
    }

    /// Rewinds so the statement can run again; bindings stay unless rebound.
    package func reset() throws {
        // sqlite3_reset only repeats the last step's error, which step() already threw; checking
        // it again would fail every reuse of a statement after one refused row.
        _ = sqlite3_reset(try live())
    }

    /// Resets, binds `values`, and runs to completion (INSERT/UPDATE/DELETE).
    package func run(_ values: [SQLValue]) throws {
        try reset()
        try bind(values)
        while try step() {}
    }

    /// Frees the compiled statement now rather than at `deinit`.
    package func finalize() {
        sqlite3_finalize(handle)
        handle = nil
    }

    /// Number of result columns.
    package var columnCount: Int32 { handle.map { sqlite3_column_count($0) } ?? 0 }

    /// Whether column `index` (0-based) of the current row is NULL.
    package func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as an integer (0 for NULL).
    package func int(at index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    /// Column `index` as an integer, nil for NULL.
    package func optionalInt(at index: Int32) -> Int? { isNull(at: index) ? nil : int(at: index) }

    /// Column `index` as a double (0 for NULL).
    package func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` as text, nil for NULL.
    package func text(at index: Int32) -> String? {
        guard let raw = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: raw, count: count), as: UTF8.self)
    }

    /// Column `index` as a value of whatever type SQLite stored.
    package func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(int(at: index))
        case SQLITE_FLOAT: return .real(double(at: index))
        case SQLITE_TEXT: return .text(text(at: index) ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let raw = sqlite3_column_blob(handle, index), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: raw, count: count)))
        default: return .null
        }
    }
}
