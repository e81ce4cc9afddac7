import Foundation
import StampKitSupport
import StampKitSQLite

/// Why the catalogue refused or failed an operation. Messages name the file and the fix, never a
/// passport number or a holder's name.
public struct CatalogueError: StampKitFailure, Equatable {
    /// Stable codes, one per way the catalogue can refuse or fail.
    public enum Code: String, Sendable {
        /// The same source and crop already has a record.
        case alreadyCatalogued = "already-catalogued"
        /// No record with that number.
        case recordNotFound = "record-not-found"
        /// No book with that name.
        case bookNotFound = "book-not-found"
        /// A record or book that cannot be saved as given (bad page, empty name…).
        case invalidRecord = "invalid-record"
        /// A record's source photo is not where the record says.
        case sourceMissing = "source-missing"
        /// The file fails SQLite's integrity check or is not a database at all.
        case corrupt = "catalogue-corrupt"
        /// The file or its folder cannot be written.
        case notWritable = "catalogue-not-writable"
        /// The disk (or a file-size limit) ran out while saving.
        case diskFull = "catalogue-disk-full"
        /// Another process held the catalogue longer than the busy timeout.
        case locked = "catalogue-locked"
        /// The file was written by a newer StampKit.
        case newerSchema = "catalogue-newer-schema"
        /// The file is an SQLite database of something else (e.g. the gazetteer).
        case notACatalogue = "not-a-catalogue"
        /// A catalogue named to read from (e.g. to merge) does not exist.
        case catalogueNotFound = "catalogue-not-found"
        /// A catalogue was asked to merge into itself.
        case sameCatalogue = "same-catalogue"
        /// Any other SQLite failure.
        case failed = "catalogue-failed"
        /// The catalogue holds no stamps, so there is nothing to show or export.
        case empty = "catalogue-empty"
        /// A file the person asked to write (an export) cannot be written there.
        case outputNotWritable = "output-not-writable"
    }

    /// Which way it failed.
    public let kind: Code
    /// One line: what happened and how to fix it.
    public let message: String
    /// The record that already holds this source and crop (for `alreadyCatalogued`).
    public let existingID: Int?

    /// A failure of `kind` explained by `message`.
    public init(_ kind: Code, _ message: String, existingID: Int? = nil) {
        self.kind = kind
        self.message = message
        self.existingID = existingID
    }

    /// Refusals of what the person asked are input or usage; the file's problems are database.
    public var failureClass: FailureClass {
        switch kind {
        case .alreadyCatalogued, .invalidRecord, .sourceMissing, .empty, .outputNotWritable, .catalogueNotFound: .input
        case .recordNotFound, .bookNotFound, .sameCatalogue: .usage
        case .corrupt, .notWritable, .diskFull, .locked, .newerSchema, .notACatalogue, .failed: .database
        }
    }

    /// The stable machine-readable code.
    public var code: String { kind.rawValue }

    /// The same source and crop already has record `id`.
    public static func alreadyCatalogued(_ id: Int) -> CatalogueError {
        CatalogueError(
            .alreadyCatalogued,
            "this stamp is already catalogued as #\(id) (same source file and crop); see 'stampkit show \(id)'",
            existingID: id)
    }

    /// No record `id`.
    public static func recordNotFound(_ id: Int) -> CatalogueError {
        CatalogueError(.recordNotFound, "no stamp #\(id) in the catalogue; 'stampkit list --all' shows the numbers")
    }

    /// No book called `name`.
    public static func bookNotFound(_ name: String) -> CatalogueError {
        CatalogueError(.bookNotFound, "no book named '\(name.prefix(80))'; 'stampkit books' lists them")
    }

    /// The catalogue at `path` holds no stamps (or does not exist yet).
    public static func empty(_ path: String) -> CatalogueError {
        CatalogueError(
            .empty,
            "the catalogue \(path) has no stamps yet, so there is nothing to show; "
                + "'stampkit add IMAGE' catalogues one (or give another file with --catalogue PATH)")
    }

    /// How to get a damaged catalogue back, for every message that reports damage.
    static func recoveryHint(_ path: String) -> String {
        "recover what can be read with 'sqlite3 \(path) .recover | sqlite3 recovered.sqlite' and "
            + "use it with --catalogue recovered.sqlite, or restore a backup of the file"
    }

    /// `path` is damaged; `detail` is what SQLite found.
    static func corrupt(_ path: String, detail: String) -> CatalogueError {
        CatalogueError(
            .corrupt,
            "the catalogue \(path) is damaged (\(detail.prefix(120))); nothing was changed; "
                + recoveryHint(path))
    }

    /// Turns a SQLite failure while `doing` something to `path` into the catalogue's own words.
    static func from(_ error: SQLiteError, path: String, doing: String) -> CatalogueError {
        let folder = (path as NSString).deletingLastPathComponent
        // By SQLite's named code (`sqlite-busy`…): only the SQLite layer sees the C library.
        switch error.code {
        case "sqlite-busy", "sqlite-locked":
            return CatalogueError(
                .locked,
                "the catalogue \(path) stayed locked by another program for more than "
                    + "\(CatalogueStore.busyTimeoutMilliseconds / 1000) s while \(doing); that change was not saved "
                    + "(everything saved before is kept); "
                    + "wait for the other stampkit to finish and try again")
        case "sqlite-full":
            return CatalogueError(
                .diskFull,
                "the disk is full (or a file-size limit was reached) while \(doing) in \(path); "
                    + "that change was not saved (everything saved before is kept); free some space and try again")
        case "sqlite-ioerr":
            return CatalogueError(
                .diskFull,
                "could not write \(path) while \(doing) (\(error.sqliteMessage)); that change was not saved "
                    + "(everything saved before is kept); "
                    + "check the disk has free space and is still mounted, then try again")
        case "sqlite-readonly", "sqlite-perm", "sqlite-cantopen":
            return CatalogueError(
                .notWritable,
                "cannot write the catalogue \(path) while \(doing) (\(error.sqliteMessage)); "
                    + "make the file and its folder \(folder) writable by you, "
                    + "or choose another file with --catalogue PATH")
        case "sqlite-corrupt", "sqlite-notadb":
            return corrupt(path, detail: error.sqliteMessage)
        default:
            return CatalogueError(
                .failed,
                "SQLite failed while \(doing) in \(path): \(error.sqliteMessage) (code \(error.resultCode)); "
                    + "try again, and if it repeats run 'sqlite3 \(path) \"PRAGMA integrity_check\"'")
        }
    }
}
