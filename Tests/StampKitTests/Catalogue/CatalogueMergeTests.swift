import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitImaging
@testable import StampKitEvidence

/// `CatalogueStore.merge(from:)` on real SQLite files: catalogues written by the store itself,
/// one per "machine", merged into another.
@Suite struct CatalogueMergeTests {
    /// A catalogue file holding `records`, closed cleanly; each record's `updatedAt` is set to
    /// the given time so the tests decide which one was updated last.
    static func catalogue(_ label: String, _ records: [(StampRecord, Double)]) throws -> URL {
        let url = CatalogueFixtures.newCatalogueURL(label)
        let store = try CatalogueStore(url: url)
        for (record, updated) in records {
            let stored = try store.insert(record)
            try setUpdated(url, id: stored.id!, to: updated)
        }
        store.close()
        return url
    }

    static func setUpdated(_ url: URL, id: Int, to time: Double) throws {
        let raw = try Database(path: url.path, mode: .readWrite)
        try raw.prepare("UPDATE stamps SET updated_at = ? WHERE id = ?").run([.real(time), .integer(id)])
    }

    static func fileHash(_ url: URL) throws -> String {
        var hasher = SHA256()
        hasher.update(Array(try Data(contentsOf: url)))
        return hasher.finalizeHex()
    }

    static func all(_ store: CatalogueStore) throws -> [StampRecord] {
        var filter = RecordFilter()
        filter.statuses = [.pending, .confirmed]
        return try store.records(matching: filter)
    }

    @Test func addsNewRecordsOnceAndAgainAddsNothing() throws {
        let a = try Self.catalogue("a", [(CatalogueFixtures.record(1), 100), (CatalogueFixtures.record(2), 100)])
        let b = try Self.catalogue("b", [(CatalogueFixtures.record(2), 100), (CatalogueFixtures.record(3), 100)])
        let into = CatalogueFixtures.newCatalogueURL("into")
        defer { [a, b, into].forEach(CatalogueFixtures.remove) }
        let store = try CatalogueStore(url: into)
        let first = try store.merge(from: [a, b])
        #expect(first.sources == 2 && first.added == 3 && first.alreadyThere == 1)
        #expect(first.updated == 0 && first.conflicts == 0 && first.booksAdded == 1)
        let records = try Self.all(store)
        #expect(records.map(\.source.sha256).sorted() == (1...3).map(CatalogueFixtures.fakeHash).sorted())
        // Every field travels, the times too (so a later merge still knows which is newer).
        let three = try #require(records.first { $0.source.sha256 == CatalogueFixtures.fakeHash(3) })
        #expect(three == CatalogueFixtures.expected(CatalogueFixtures.record(3), as: three))
        #expect(three.updatedAt.timeIntervalSince1970 == 100)
        let second = try store.merge(from: [b, a])
        #expect(second.added == 0 && second.alreadyThere == 4 && second.updated == 0)
        #expect(try Self.all(store) == records)
    }

    @Test func theSamePhotoWithAnotherCropIsAnotherStamp() throws {
        let left = CatalogueFixtures.record(1, crop: PixelBox(x: 0, y: 0, width: 100, height: 100))
        let right = CatalogueFixtures.record(1, crop: PixelBox(x: 200, y: 0, width: 100, height: 100))
        let a = try Self.catalogue("a", [(left, 1)])
        let b = try Self.catalogue("b", [(right, 1), (left, 1)])
        let into = CatalogueFixtures.newCatalogueURL("into")
        defer { [a, b, into].forEach(CatalogueFixtures.remove) }
        let summary = try CatalogueStore(url: into).merge(from: [a, b])
        #expect(summary.added == 2 && summary.alreadyThere == 1)
    }

    @Test func aConfirmedRecordWinsOverAPendingOneEitherWay() throws {
        var pending = CatalogueFixtures.record(1, country: "NO", status: .pending)
        pending.favorite = false
        pending.note = nil
        let confirmed = CatalogueFixtures.record(1, country: "IS", status: .confirmed)
        // The pending one is newer: a later scan must not undo a person's confirmation.
        let here = try Self.catalogue("here", [(confirmed, 100)])
        let there = try Self.catalogue("there", [(pending, 500)])
        defer { [here, there].forEach(CatalogueFixtures.remove) }
        let kept = try CatalogueStore(url: here)
        let summary = try kept.merge(from: [there])
        #expect(summary.alreadyThere == 1 && summary.updated == 0 && summary.conflicts == 0)
        let record = try #require(try Self.all(kept).first)
        #expect(record.status == .confirmed && record.country?.id == "IS")
        kept.close()

        // And the other way round: the confirmed one comes in and replaces the pending one.
        let pendingHere = try Self.catalogue("pending", [(pending, 500)])
        let confirmedThere = try Self.catalogue("confirmed", [(confirmed, 100)])
        defer { [pendingHere, confirmedThere].forEach(CatalogueFixtures.remove) }
        let store = try CatalogueStore(url: pendingHere)
        let other = try store.merge(from: [confirmedThere])
        #expect(other.updated == 1 && other.conflicts == 0)
        let replaced = try #require(try Self.all(store).first)
        #expect(replaced.status == .confirmed && replaced.country?.id == "IS")
        #expect(replaced.note == confirmed.note && replaced.favorite == confirmed.favorite)
        #expect(replaced.updatedAt.timeIntervalSince1970 == 500)
    }

    @Test func twoConfirmedDecisionsKeepTheOneUpdatedLastAndCountTheConflict() throws {
        let older = CatalogueFixtures.record(1, country: "IS", date: "2019-07-12")
        let newer = CatalogueFixtures.record(1, country: "NO", date: "2019-07-13")
        let same = CatalogueFixtures.record(2)
        for (hereIsNewer, label) in [(true, "here-newer"), (false, "there-newer")] {
            let here = try Self.catalogue(label, [(hereIsNewer ? newer : older, hereIsNewer ? 900 : 100), (same, 5)])
            let there = try Self.catalogue(label + "-src", [(hereIsNewer ? older : newer, hereIsNewer ? 100 : 900), (same, 7)])
            defer { [here, there].forEach(CatalogueFixtures.remove) }
            let store = try CatalogueStore(url: here)
            let id = try #require(try store.record(sha256: CatalogueFixtures.fakeHash(1), crop: older.crop)?.id)
            let summary = try store.merge(from: [there])
            #expect(summary.conflicts == 1 && summary.conflictIDs == [id], "\(label)")
            #expect(summary.updated == (hereIsNewer ? 0 : 1) && summary.alreadyThere == (hereIsNewer ? 2 : 1), "\(label)")
            let record = try #require(try store.record(id: id))
            #expect(record.country?.id == "NO" && record.date == CalendarDay("2019-07-13"), "\(label)")
            #expect(record.updatedAt.timeIntervalSince1970 == 900, "\(label)")
        }
    }

    @Test func favouritesAndNotesFromEitherSideAreKept() throws {
        var plain = CatalogueFixtures.record(1)
        plain.favorite = false
        plain.note = "bought coffee"
        var marked = CatalogueFixtures.record(1)
        marked.favorite = true
        marked.note = "first trip"
        let here = try Self.catalogue("here", [(plain, 100)])
        let there = try Self.catalogue("there", [(marked, 50)])
        defer { [here, there].forEach(CatalogueFixtures.remove) }
        let store = try CatalogueStore(url: here)
        let summary = try store.merge(from: [there])
        #expect(summary.updated == 1 && summary.conflicts == 0)
        let record = try #require(try Self.all(store).first)
        #expect(record.favorite)
        #expect(record.note == "bought coffee · first trip")
        // Merging again changes nothing: the joined note already holds both.
        let again = try store.merge(from: [there])
        #expect(again.alreadyThere == 1 && again.updated == 0)
        #expect(try Self.all(store).first?.note == "bought coffee · first trip")
    }

    @Test func aRedactionOnEitherSideIsKept() throws {
        let visa = PixelBox(x: 20, y: 30, width: 200, height: 40)
        let signature = PixelBox(x: 100, y: 150, width: 90, height: 60)
        var hidden = CatalogueFixtures.record(1)
        hidden.redactions = [visa]
        var other = CatalogueFixtures.record(1, country: "NO")
        other.redactions = [signature, visa]
        // The newer confirmed record wins the conflict, yet the older one's redaction stays.
        let here = try Self.catalogue("here", [(hidden, 100)])
        let there = try Self.catalogue("there", [(other, 50), (hidden.withSource(2), 10)])
        defer { [here, there].forEach(CatalogueFixtures.remove) }
        let store = try CatalogueStore(url: here)
        let summary = try store.merge(from: [there])
        #expect(summary.conflicts == 1 && summary.added == 1)
        let kept = try #require(try store.record(sha256: CatalogueFixtures.fakeHash(1), crop: hidden.crop))
        #expect(kept.country?.id == "IS" && Set(kept.redactions.map { "\($0)" }) == Set([visa, signature].map { "\($0)" }))
        let added = try #require(try store.record(sha256: CatalogueFixtures.fakeHash(2), crop: hidden.crop))
        #expect(added.redactions == [visa])
    }

    @Test func booksAreMatchedByNameAndKeepTheirIdentityFields() throws {
        let there = CatalogueFixtures.newCatalogueURL("there")
        let here = CatalogueFixtures.newCatalogueURL("here")
        defer { [there, here].forEach(CatalogueFixtures.remove) }
        let source = try CatalogueStore(url: there)
        var blue = try source.ensureBook(named: "blue")
        blue.issuingState = "UTO"
        blue.nationality = "UTO"
        blue.expiry = CalendarDay("2031-04-15")
        try source.update(blue)
        try source.ensureBook(named: "Empty Book")
        try source.insert(CatalogueFixtures.record(1, book: "blue"))
        source.close()
        let target = try CatalogueStore(url: here)
        var own = try target.ensureBook(named: "Blue")
        own.nationality = "ISL"
        try target.update(own)
        let summary = try target.merge(from: [there])
        #expect(summary.booksAdded == 1 && summary.added == 1)
        let books = try target.books()
        #expect(books.map(\.book.name) == ["Blue", "Empty Book"])
        let merged = try #require(books.first?.book)
        // Missing fields filled in; the field this catalogue already had is kept.
        #expect(merged.issuingState == "UTO" && merged.nationality == "ISL")
        #expect(merged.expiry == CalendarDay("2031-04-15"))
        #expect(books.first?.stampCount == 1)
    }

    @Test func sourcesAreOnlyReadAndAWriterLeftInTheLogIsRead() throws {
        let a = try Self.catalogue("a", [(CatalogueFixtures.record(1), 1)])
        let into = CatalogueFixtures.newCatalogueURL("into")
        let live = CatalogueFixtures.newCatalogueURL("live")
        defer { [a, into, live].forEach(CatalogueFixtures.remove) }
        chmod(a.path, 0o400)
        let before = try Self.fileHash(a)
        // A second source still open by its writer: its record sits in the write-ahead log,
        // not yet in the file.
        let writer = try CatalogueStore(url: live)
        try writer.insert(CatalogueFixtures.record(2))
        let store = try CatalogueStore(url: into)
        let summary = try store.merge(from: [a, live])
        #expect(summary.added == 2)
        #expect(try Self.fileHash(a) == before)
        #expect(CatalogueFixtures.mode(a.path) == 0o400)
        writer.close()
    }

    @Test func aVersionOneCatalogueMerges() throws {
        let old = CatalogueFixtures.newCatalogueURL("old")
        let into = CatalogueFixtures.newCatalogueURL("into")
        defer { [old, into].forEach(CatalogueFixtures.remove) }
        try CatalogueFixtures.makeVersion1File(at: old)
        let store = try CatalogueStore(url: into)
        let summary = try store.merge(from: [old])
        #expect(summary.added == 1 && summary.booksAdded == 1)
        let record = try #require(try Self.all(store).first)
        #expect(record.country?.id == "DE" && record.book == "Old book" && record.page == 3 && record.favorite)
        #expect(record.updatedAt == Date(timeIntervalSince1970: 200))
        // The source stays at version 1: merging never migrates it.
        #expect(try Database(path: old.path, mode: .readOnly).scalarInt("PRAGMA user_version") == 1)
    }

    @Test func refusesWhatIsNotACatalogueAndWritesNothing() throws {
        let good = try Self.catalogue("good", [(CatalogueFixtures.record(1), 1)])
        let into = CatalogueFixtures.newCatalogueURL("into")
        let folder = try makeTemporaryDirectory("merge")
        defer {
            [good, into].forEach(CatalogueFixtures.remove)
            try? FileManager.default.removeItem(at: folder)
        }
        let other = folder.appendingPathComponent("gazetteer.sqlite")
        try Database(path: other.path, mode: .readWriteCreate).execute("CREATE TABLE places (id INTEGER)")
        let text = folder.appendingPathComponent("notes.sqlite")
        try Data("not a database at all, just some words long enough to be read as a header".utf8).write(to: text)
        let missing = folder.appendingPathComponent("missing.sqlite")
        let cases: [(URL, CatalogueError.Code, FailureClass)] = [
            (other, .notACatalogue, .database), (text, .notACatalogue, .database),
            (missing, .catalogueNotFound, .input), (folder, .catalogueNotFound, .input),
        ]
        let store = try CatalogueStore(url: into)
        for (bad, code, failureClass) in cases {
            do {
                _ = try store.merge(from: [good, bad])
                Issue.record("merged \(bad.lastPathComponent)")
            } catch let error as CatalogueError {
                #expect(error.kind == code, "\(bad.lastPathComponent)")
                #expect(error.failureClass == failureClass)
                #expect(error.message.contains(bad.path) && error.message.contains("nothing was changed"))
            }
            // The good source came first, yet nothing of it was written.
            #expect(try Self.all(store).isEmpty)
        }
    }

    @Test func aRefusedMergeIntoANewFileLeavesNoFile() throws {
        let good = try Self.catalogue("good", [(CatalogueFixtures.record(1), 1)])
        let into = CatalogueFixtures.newCatalogueURL("into")
        defer { [good, into].forEach(CatalogueFixtures.remove) }
        let missing = good.deletingLastPathComponent().appendingPathComponent("missing.sqlite")
        #expect(throws: CatalogueError.self) { try CatalogueStore.merge([good, missing], into: into) }
        #expect(!FileManager.default.fileExists(atPath: into.path))
        let summary = try CatalogueStore.merge([good], into: into)
        #expect(summary.added == 1 && CatalogueFixtures.mode(into.path) == 0o600)
    }

    @Test func refusesToMergeACatalogueIntoItself() throws {
        let here = try Self.catalogue("here", [(CatalogueFixtures.record(1), 1)])
        defer { CatalogueFixtures.remove(here) }
        let link = here.deletingLastPathComponent().appendingPathComponent("link.sqlite")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: here)
        let store = try CatalogueStore(url: here)
        for same in [here, link] {
            #expect(throws: CatalogueError.self) { try store.merge(from: [same]) }
            do {
                _ = try store.merge(from: [same])
            } catch let error as CatalogueError {
                #expect(error.kind == .sameCatalogue && error.failureClass == .usage)
            }
        }
        #expect(try Self.all(store).count == 1)
    }
}

extension StampRecord {
    /// This record for the photo `CatalogueFixtures.fakeHash(seed)` instead.
    func withSource(_ seed: Int) -> StampRecord {
        var copy = self
        copy.source.sha256 = CatalogueFixtures.fakeHash(seed)
        copy.source.path = "/photos/page-\(seed).jpg"
        return copy
    }
}
