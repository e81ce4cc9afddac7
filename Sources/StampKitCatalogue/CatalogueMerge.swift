import Foundation
import StampKitSupport
import StampKitSQLite

/// What a merge did, counted over every record of every source catalogue.
public struct CatalogueMergeSummary: Sendable, Equatable {
    /// Source catalogues read.
    public var sources = 0
    /// Records that were new here (another source hash or crop).
    public var added = 0
    /// Records already here as they are (or here with a decision that wins over theirs).
    public var alreadyThere = 0
    /// Records here that took the source's decision, favourite or note.
    public var updated = 0
    /// Records confirmed here and in a source with different decisions; the most recently
    /// updated one was kept. Each is also counted as updated or already there.
    public var conflicts = 0
    /// The numbers (here) of the conflicting records, for a person to check.
    public var conflictIDs: [Int] = []
    /// Books that were new here (matched by name, any case).
    public var booksAdded = 0

    /// An empty summary.
    public init() {}
}

/// One source catalogue read into memory: its books and records, as it stood when opened.
struct MergeSource {
    let path: String
    let books: [Book]
    let records: [StampRecord]
}

extension CatalogueStore {
    /// Merges the records and books of the catalogues at `sources` into this one, in one
    /// transaction: all or nothing. Sources are only read (never written, never migrated). A
    /// record is the same when its source hash and crop are: a confirmed record wins over a
    /// pending one, two confirmed records with different decisions keep the most recently
    /// updated (a conflict), favourites and redactions are kept and notes joined. Books are matched by name;
    /// a book's identity fields fill the ones missing here. Throws `catalogueNotFound`,
    /// `sameCatalogue` (a source is this file), `notACatalogue`, `newerSchema`, `corrupt`…
    /// before anything is written.
    public func merge(from sources: [URL]) throws -> CatalogueMergeSummary {
        try merge(loaded: sources.map { try Self.readForMerge($0, into: url) })
    }

    /// Merges the catalogues at `sources` into the one at `target` as `merge(from:)` does, but
    /// reads and checks every source before opening (or creating) `target`, so a refused merge
    /// leaves no new file behind.
    public static func merge(_ sources: [URL], into target: URL) throws -> CatalogueMergeSummary {
        let loaded = try sources.map { try readForMerge($0, into: target) }
        let store = try CatalogueStore(url: target)
        defer { store.close() }
        return try store.merge(loaded: loaded)
    }

    private func merge(loaded: [MergeSource]) throws -> CatalogueMergeSummary {
        var summary = CatalogueMergeSummary()
        summary.sources = loaded.count
        try write("merging catalogues") { database in
            for source in loaded {
                try Self.mergeBooks(source.books, into: database, summary: &summary)
                for record in source.records {
                    try Self.merge(record, into: database, summary: &summary)
                }
            }
        }
        return summary
    }

    /// The record to keep when `incoming` meets `existing` (same source hash and crop), or nil
    /// when `existing` stays as it is; and whether the two were a conflict (both confirmed,
    /// different decisions).
    static func resolve(existing: StampRecord, incoming: StampRecord) -> (keep: StampRecord?, conflict: Bool) {
        let winner: StampRecord
        var conflict = false
        if existing.status != incoming.status {
            // A person's confirmation is never undone by a record still waiting for review.
            winner = existing.status == .confirmed ? existing : incoming
        } else if sameDecision(existing, incoming) {
            winner = existing
        } else {
            winner = incoming.updatedAt > existing.updatedAt ? incoming : existing
            conflict = existing.status == .confirmed
        }
        let loser = winner == existing ? incoming : existing
        var merged = winner
        merged.id = existing.id
        merged.favorite = existing.favorite || incoming.favorite
        merged.note = joinedNote(winner.note, loser.note)
        // What either side hid stays hidden: a redaction is never dropped by a merge.
        merged.redactions = winner.redactions + loser.redactions.filter { !winner.redactions.contains($0) }
        merged.createdAt = min(existing.createdAt, incoming.createdAt)
        merged.updatedAt = existing.updatedAt
        if merged == existing { return (nil, conflict) }
        merged.updatedAt = max(existing.updatedAt, incoming.updatedAt)
        return (merged, conflict)
    }

    /// Whether two records say the same about the stamp: place, day, direction, crossing,
    /// book and page (book names in any case, as books are matched).
    static func sameDecision(_ a: StampRecord, _ b: StampRecord) -> Bool {
        a.country?.id == b.country?.id && a.region?.id == b.region?.id && a.city?.id == b.city?.id
            && a.airport?.id == b.airport?.id && a.date == b.date && a.direction == b.direction
            && a.entryMethod == b.entryMethod && a.book?.lowercased() == b.book?.lowercased()
            && a.page == b.page
    }

    /// Both notes when they differ, the kept record's first; one when it already holds the other,
    /// so merging the same catalogue again adds nothing.
    static func joinedNote(_ kept: String?, _ other: String?) -> String? {
        guard let kept, !kept.isEmpty else { return other }
        guard let other, !other.isEmpty, !kept.contains(other) else { return kept }
        if other.contains(kept) { return other }
        return kept + " · " + other
    }

    // MARK: Reading a source

    /// Reads the catalogue at `url` without writing to it, refusing a missing file, this
    /// catalogue itself and anything that is not a StampKit catalogue this code can read.
    static func readForMerge(_ url: URL, into target: URL) throws -> MergeSource {
        let path = url.standardizedFileURL.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CatalogueError(
                .catalogueNotFound,
                "no catalogue at \(path) to merge (\(reason(errno: errno, fallback: "not found"))); nothing was changed; "
                    + "check the path")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw CatalogueError(
                .catalogueNotFound,
                "\(path) is a folder, not a catalogue; nothing was changed; name the catalogue's file, e.g. \(path)/catalogue.sqlite")
        }
        var here = stat()
        if stat(target.path, &here) == 0, here.st_dev == info.st_dev, here.st_ino == info.st_ino {
            throw CatalogueError(
                .sameCatalogue,
                "\(path) is the catalogue being merged into; nothing was changed; merge other catalogues into it, "
                    + "or choose another target with --into PATH")
        }
        let notACatalogue = CatalogueError(
            .notACatalogue,
            "\(path) is not a StampKit catalogue (is it the gazetteer, or another file?); nothing was changed; "
                + "give only catalogue files made by stampkit to merge")
        do {
            let database = try Database(path: path, mode: .readOnlyShared)
            // Reading as one transaction: a stampkit still writing the source cannot change it mid-way.
            try database.execute("BEGIN")
            defer { try? database.execute("ROLLBACK") }
            let application = try database.scalarInt("PRAGMA application_id") ?? 0
            let version = try database.scalarInt("PRAGMA user_version") ?? 0
            guard application == CatalogueSchema.applicationID, version >= 1 else { throw notACatalogue }
            if version > CatalogueSchema.current {
                throw CatalogueError(
                    .newerSchema,
                    "the catalogue \(path) was written by a newer StampKit (schema \(version), this one "
                        + "knows up to \(CatalogueSchema.current)); nothing was changed; update stampkit")
            }
            // Version 1 books have names only; later fields read as missing.
            let identity = version >= 2
                ? "issuing_state, nationality, expiry, document_number" : "NULL, NULL, NULL, NULL"
            let bookRows = try database.prepare("SELECT id, name, \(identity), created_at FROM books ORDER BY id")
            var books: [Book] = []
            while try bookRows.step() { books.append(book(from: bookRows)) }
            // Before version 3 a record had no redactions.
            let columns = version >= 3 ? recordColumns : recordColumns.replacingOccurrences(of: "s.redactions", with: "''")
            let recordRows = try database.prepare("SELECT \(columns) ORDER BY s.id")
            var records: [StampRecord] = []
            while try recordRows.step() {
                let record = try self.record(from: recordRows)
                do {
                    try validate(record)
                } catch let error as CatalogueError {
                    throw CatalogueError(
                        .invalidRecord,
                        "stamp #\(record.id ?? 0) of \(path) cannot be merged (\(error.message)); nothing was changed; "
                            + "fix it with 'stampkit edit \(record.id ?? 0) --catalogue \(path)' and merge again")
                }
                records.append(record)
            }
            return MergeSource(path: path, books: books, records: records)
        } catch let error as SQLiteError {
            if error.code == "sqlite-notadb" { throw notACatalogue }
            throw CatalogueError.from(error, path: path, doing: "reading it to merge")
        }
    }

    // MARK: Writing

    /// Adds the books missing here and fills identity fields this catalogue lacks.
    static func mergeBooks(_ books: [Book], into database: Database, summary: inout CatalogueMergeSummary) throws {
        for book in books {
            let find = try database.prepare("SELECT \(bookColumns) FROM books WHERE name = ? COLLATE NOCASE")
            try find.bind([.text(book.name)])
            if try find.step() {
                let here = Self.book(from: find)
                try database.prepare("""
                    UPDATE books SET issuing_state = ?, nationality = ?, expiry = ?, document_number = ? WHERE id = ?
                    """).run([
                    text(here.issuingState ?? book.issuingState), text(here.nationality ?? book.nationality),
                    text((here.expiry ?? book.expiry)?.description),
                    text(here.documentNumber ?? book.documentNumber), .integer(here.id),
                ])
            } else {
                try validateBookName(book.name)
                try database.prepare("""
                    INSERT INTO books (name, created_at, issuing_state, nationality, expiry, document_number)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """).run([
                    .text(book.name), .real(book.createdAt.timeIntervalSince1970), text(book.issuingState),
                    text(book.nationality), text(book.expiry?.description), text(book.documentNumber),
                ])
                summary.booksAdded += 1
            }
        }
    }

    /// Adds `record`, or settles it against the record here with the same source hash and crop.
    static func merge(_ record: StampRecord, into database: Database, summary: inout CatalogueMergeSummary) throws {
        let existingID = try recordID(sha256: record.source.sha256, crop: record.crop, in: database)
        guard let existingID else {
            // The times travel with the record, so a later merge still knows which was updated last.
            _ = try insertRow(record, in: database, keepingTimes: true)
            summary.added += 1
            return
        }
        let read = try database.prepare("SELECT \(recordColumns) WHERE s.id = ?")
        try read.bind([.integer(existingID)])
        guard try read.step() else { throw CatalogueError.recordNotFound(existingID) }
        let existing = try self.record(from: read)
        let (keep, conflict) = resolve(existing: existing, incoming: record)
        if conflict {
            summary.conflicts += 1
            summary.conflictIDs.append(existingID)
        }
        guard let keep else {
            summary.alreadyThere += 1
            return
        }
        let bookID = try keep.book.map { try Self.bookID(named: $0, creating: true, in: database)! }
        try database.prepare(updateSQL).run(
            values(of: keep, bookID: bookID) + [.real(keep.updatedAt.timeIntervalSince1970), redactions(keep), .integer(existingID)])
        try database.prepare("UPDATE stamps SET created_at = ? WHERE id = ?")
            .run([.real(keep.createdAt.timeIntervalSince1970), .integer(existingID)])
        summary.updated += 1
    }
}
