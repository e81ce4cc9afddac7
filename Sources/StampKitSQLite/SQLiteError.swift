import CSQLite
import StampKitSupport

/// A failure reported by SQLite: carries SQLite's result code and message plus what we were doing.
package struct SQLiteError: StampKitFailure, Equatable {
    /// The primary or extended SQLite result code, e.g. `SQLITE_NOTADB` (26).
    package var resultCode: Int32
    /// SQLite's own explanation, e.g. `file is not a database`.
    package var sqliteMessage: String
    /// What StampKit was doing when SQLite failed, e.g. `opening /path/db.sqlite`.
    package var context: String

    /// Wraps a result code and SQLite's message for the step described by `context`.
    package init(resultCode: Int32, sqliteMessage: String, context: String) {
        self.resultCode = resultCode
        self.sqliteMessage = sqliteMessage
        self.context = context
    }

    /// Always `.database`: the fix is about the database file, not the input.
    package var failureClass: FailureClass { .database }

    /// `sqlite-` plus SQLite's lower-case name for the primary code, e.g. `sqlite-notadb`.
    package var code: String { "sqlite-\(Self.name(of: resultCode))" }

    /// What failed, SQLite's reason, and what to try.
    package var message: String {
        "SQLite failed while \(context): \(sqliteMessage) (code \(resultCode)); "
            + "check the file is a complete StampKit database and the disk is writable, "
            + "or rebuild it"
    }

    /// True when the file is missing, unreadable, or not an SQLite database at all.
    package var meansUnusableFile: Bool {
        switch resultCode & 0xFF {
        case SQLITE_CANTOPEN, SQLITE_NOTADB, SQLITE_CORRUPT, SQLITE_IOERR, SQLITE_PERM,
            SQLITE_AUTH:
            true
        default: false
        }
    }

    /// Stable short names for the primary result codes we expect to meet.
    static func name(of code: Int32) -> String {
        switch code & 0xFF {
        case SQLITE_ERROR: "error"
        case SQLITE_PERM: "perm"
        case SQLITE_ABORT: "abort"
        case SQLITE_BUSY: "busy"
        case SQLITE_LOCKED: "locked"
        case SQLITE_NOMEM: "nomem"
        case SQLITE_READONLY: "readonly"
        case SQLITE_INTERRUPT: "interrupt"
        case SQLITE_IOERR: "ioerr"
        case SQLITE_CORRUPT: "corrupt"
        case SQLITE_FULL: "full"
        case SQLITE_CANTOPEN: "cantopen"
        case SQLITE_CONSTRAINT: "constraint"
        case SQLITE_MISMATCH: "mismatch"
        case SQLITE_MISUSE: "misuse"
        case SQLITE_RANGE: "range"
        case SQLITE_NOTADB: "notadb"
        default: "code-\(code & 0xFF)"
        }
    }
}
