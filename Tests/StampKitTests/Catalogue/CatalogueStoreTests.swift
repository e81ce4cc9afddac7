import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence

@Suite struct CatalogueStoreTests {
    @Test func savesAndReadsBackEveryField() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        let record = CatalogueFixtures.record(1)
        let before = Date()
        let stored = try store.insert(record)
        #expect(stored.id != nil)
        #expect(stored.createdAt >= before.addingTimeInterval(-1) && stored.createdAt == stored.updatedAt)
        #expect(stored == CatalogueFixtures.expected(record, as: stored))
        #expect(try store.record(id: stored.id!) == stored)
        // A new book name made the book.
        #expect(try store.book(named: "blue")?.name == "Blue")
        // Read back by a second connection too, not only from this one's cache.
        store.close()
        let again = try CatalogueStore(url: url)
        #expect(try again.record(id: stored.id!) == stored)
        #expect(try again.record(sha256: record.source.sha256, crop: record.crop) == stored)
        #expect(try again.record(sha256: record.source.sha256, crop: nil) == nil)
    }

    @Test func keepsAWholeImageRecordWithEmptyFields() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        let bare = StampRecord(source: .init(
            path: "/p/a.jpg", sha256: CatalogueFixtures.fakeHash(9), size: 1, modified: Date(timeIntervalSince1970: 5)))
        let stored = try store.insert(bare)
        #expect(stored == CatalogueFixtures.expected(bare, as: stored))
        #expect(stored.status == .pending && stored.crop == nil && stored.evidence.isEmpty)
    }

    @Test func refusesASecondRecordOfTheSameSourceAndCrop() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        let first = try store.insert(CatalogueFixtures.record(1))
        var copy = CatalogueFixtures.record(1)
        copy.source.path = "/elsewhere/renamed.jpg"
        do {
            try store.insert(copy)
            Issue.record("a second record of the same stamp was saved")
        } catch let error as CatalogueError {
            #expect(error.kind == .alreadyCatalogued)
            #expect(error.existingID == first.id)
            #expect(error.message.contains("already catalogued as #\(first.id!)"))
            #expect(error.failureClass == .input)
        }
        // Same photo, another stamp on it (another crop), and the whole image: both new.
        var other = CatalogueFixtures.record(1, crop: PixelBox(x: 400, y: 20, width: 300, height: 200))
        try store.insert(other)
        other.crop = nil
        let whole = try store.insert(other)
        other.note = "again"
        #expect(throws: CatalogueError.alreadyCatalogued(whole.id!)) { try store.insert(other) }
        #expect(try store.counts()[.confirmed] == 3)
    }

    @Test func updatesDeletesAndRefusesUnknownNumbers() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        var record = try store.insert(CatalogueFixtures.record(1, status: .pending))
        let second = try store.insert(CatalogueFixtures.record(2))
        record.status = .confirmed
        record.country = .init(id: "FR", name: "France")
        record.city = nil
        record.date = CalendarDay("2020-02-29")
        record.book = "Red"
        record.favorite = true
        Thread.sleep(forTimeInterval: 0.01)
        let updated = try store.update(record)
        #expect(updated.updatedAt > record.updatedAt)
        #expect(updated.createdAt == record.createdAt)
        #expect(updated == CatalogueFixtures.expected(record, as: updated))
        // Moving onto another record's source and crop is refused.
        var clash = updated
        clash.source.sha256 = second.source.sha256
        #expect(throws: CatalogueError.alreadyCatalogued(second.id!)) { try store.update(clash) }
        var ghost = updated
        ghost.id = 999
        #expect(throws: CatalogueError.recordNotFound(999)) { try store.update(ghost) }
        // All or none: an unknown number among several deletes nothing.
        #expect(throws: CatalogueError.recordNotFound(998)) { try store.delete(ids: [updated.id!, 998]) }
        #expect(try store.record(id: updated.id!) != nil)
        try store.delete(ids: [updated.id!, second.id!, updated.id!])
        #expect(try store.records(matching: {
            var all = RecordFilter(); all.statuses = [.pending, .confirmed]; return all
        }()).isEmpty)
    }

    @Test func refusesRecordsThatCannotBeRight() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        var relative = CatalogueFixtures.record(1)
        relative.source.path = "photos/a.jpg"
        var badHash = CatalogueFixtures.record(2)
        badHash.source.sha256 = "XYZ"
        var badPage = CatalogueFixtures.record(3)
        badPage.page = 0
        var badBook = CatalogueFixtures.record(4)
        badBook.book = "  "
        for record in [relative, badHash, badPage, badBook] {
            #expect(throws: CatalogueError.self) { try store.insert(record) }
        }
        #expect(try store.counts().isEmpty)
    }

    @Test func filtersByStatusCountryBookYearDirectionAndFavourite() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        var departure = CatalogueFixtures.record(2, country: "FR", date: "2021-01-01", book: "Red")
        departure.direction = .departure
        let saved = [
            try store.insert(CatalogueFixtures.record(1, date: "2019-12-31")).id!,  // IS, fav? no (odd)
            try store.insert(departure).id!,  // FR, favourite (even)
            try store.insert(CatalogueFixtures.record(3, date: "2019-01-01", status: .pending)).id!,
            try store.insert(CatalogueFixtures.record(5, date: "2018-05-05", book: nil)).id!,
        ]
        func matching(_ change: (inout RecordFilter) -> Void) throws -> [Int] {
            var filter = RecordFilter()
            change(&filter)
            return try store.records(matching: filter).map { $0.id! }
        }
        // Confirmed by default, oldest date first.
        #expect(try matching { _ in } == [saved[3], saved[0], saved[1]])
        #expect(try matching { $0.statuses = [.pending, .confirmed] } == [saved[3], saved[2], saved[0], saved[1]])
        #expect(try matching { $0.statuses = [.pending] } == [saved[2]])
        #expect(try matching { $0.countryCodes = ["fr"] } == [saved[1]])
        #expect(try matching { $0.countryCodes = [] } == [])
        #expect(try matching { $0.book = "BLUE" } == [saved[0]])
        #expect(try matching { $0.year = 2019 } == [saved[0]])
        #expect(try matching { $0.year = 2019; $0.statuses = [.pending, .confirmed] } == [saved[2], saved[0]])
        #expect(try matching { $0.direction = .departure } == [saved[1]])
        #expect(try matching { $0.direction = .arrival } == [saved[3], saved[0]])
        #expect(try matching { $0.favoritesOnly = true } == [saved[1]])
    }

    @Test func booksAreCreatedOnFirstUseCountedAndRemovedThreeWays() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        try store.insert(CatalogueFixtures.record(1, date: "2019-07-12", book: "Blue"))
        try store.insert(CatalogueFixtures.record(2, date: "2017-01-02", book: "blue"))
        try store.insert(CatalogueFixtures.record(3, date: "2020-01-01", book: "Red"))
        try store.insert(CatalogueFixtures.record(4, book: "Green"))
        let empty = try store.ensureBook(named: "Empty")
        #expect(try store.ensureBook(named: "EMPTY") == empty)
        var withIdentity = empty
        withIdentity.issuingState = "ISL"
        withIdentity.nationality = "ISL"
        withIdentity.expiry = CalendarDay("2031-05-01")
        try store.update(withIdentity)
        #expect(try store.book(named: "empty") == withIdentity)
        let summaries = try store.books()
        #expect(summaries.map(\.book.name) == ["Blue", "Empty", "Green", "Red"])
        #expect(summaries[0].stampCount == 2)
        #expect(summaries[0].firstDate == CalendarDay("2017-01-02") && summaries[0].lastDate == CalendarDay("2019-07-12"))
        #expect(summaries[1].stampCount == 0 && summaries[1].firstDate == nil)

        #expect(try store.removeBook(named: "Blue", stamps: .moveTo("Red")) == 2)
        #expect(try store.books().first { $0.book.name == "Red" }?.stampCount == 3)
        #expect(try store.removeBook(named: "Red", stamps: .keepWithoutBook) == 3)
        #expect(try store.removeBook(named: "Green", stamps: .deleteStamps) == 1)
        #expect(try store.books().map(\.book.name) == ["Empty"])
        var all = RecordFilter()
        all.statuses = [.pending, .confirmed]
        let left = try store.records(matching: all)
        #expect(left.count == 3 && left.allSatisfy { $0.book == nil })
        #expect(throws: CatalogueError.bookNotFound("Nope")) { try store.removeBook(named: "Nope", stamps: .deleteStamps) }
    }

    @Test func makesThePrivateFileAndFolder() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        try store.insert(CatalogueFixtures.record(1))
        #expect(CatalogueFixtures.mode(url.deletingLastPathComponent().path) == 0o700)
        #expect(CatalogueFixtures.mode(url.path) == 0o600)
        // The write-ahead log and shared memory copy the file's mode while the store is open.
        #expect(CatalogueFixtures.mode(url.path + "-wal") == 0o600)
        #expect(CatalogueFixtures.mode(url.path + "-shm") == 0o600)
        let journal = try Database(path: url.path, mode: .readOnly)
        _ = journal
        store.close()
        // A copy left readable by others is made private again on open.
        chmod(url.path, 0o644)
        _ = try CatalogueStore(url: url)
        #expect(CatalogueFixtures.mode(url.path) == 0o600)
    }

    @Test func usesWALForeignKeysAndABusyTimeout() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        try store.insert(CatalogueFixtures.record(1))
        let probe = try Database(path: url.path, mode: .readWrite)
        #expect(try probe.scalarText("PRAGMA journal_mode") == "wal")
        #expect(try probe.scalarInt("PRAGMA user_version") == CatalogueSchema.current)
        #expect(try probe.scalarInt("PRAGMA application_id") == CatalogueSchema.applicationID)
        // The schema's foreign key is enforced on the store's own connection.
        try probe.execute("PRAGMA foreign_keys = ON")
        #expect(throws: SQLiteError.self) { try probe.execute("UPDATE stamps SET book_id = 999") }
    }

    @Test func migratesAVersion1File() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        try CatalogueFixtures.makeVersion1File(at: url)
        let store = try CatalogueStore(url: url)
        #expect(try store.schemaVersion == CatalogueSchema.current)
        let records = try store.records()
        #expect(records.count == 1)
        let r = try #require(records.first)
        #expect(r.country == .init(id: "DE", name: "Germany") && r.date == CalendarDay("2001-09-09"))
        #expect(r.direction == .departure && r.book == "Old book" && r.page == 3 && r.favorite)
        #expect(r.evidence == [.init(kind: "country-code", text: "D", detail: "sign")])
        #expect(r.createdAt == Date(timeIntervalSince1970: 100))
        // Version 2's book fields work on the migrated file.
        var book = try #require(try store.book(named: "old book"))
        #expect(book.issuingState == nil)
        book.issuingState = "D"
        try store.update(book)
        #expect(try store.book(named: "Old book")?.issuingState == "D")
        #expect(try store.isIntact())
    }

    @Test func refusesANewerSchemaAndAForeignDatabase() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        do { _ = try CatalogueStore(url: url) }
        let raw = try Database(path: url.path, mode: .readWrite)
        try raw.execute("PRAGMA user_version = 99")
        #expect { try CatalogueStore(url: url) } throws: { ($0 as? CatalogueError)?.kind == .newerSchema }

        let foreign = url.deletingLastPathComponent().appendingPathComponent("gazetteer.sqlite")
        let other = try Database(path: foreign.path, mode: .readWriteCreate)
        try other.execute("CREATE TABLE places (id INTEGER)")
        #expect { try CatalogueStore(url: foreign) } throws: {
            ($0 as? CatalogueError)?.kind == .notACatalogue
                && ($0 as? CatalogueError)?.message.contains("not a StampKit catalogue") == true
        }
        #expect(try other.scalarInt("SELECT count(*) FROM sqlite_master") == 1)
    }

    @Test func reportsAFileThatIsNotADatabaseAsDamagedWithTheWayBack() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        do { try CatalogueStore(url: url).insert(CatalogueFixtures.record(1)) }
        try Data(repeating: 0x5A, count: 4096).write(to: url)
        do {
            _ = try CatalogueStore(url: url)
            Issue.record("a garbage file opened as a catalogue")
        } catch let error as CatalogueError {
            #expect(error.kind == .corrupt)
            #expect(error.failureClass.exitCode == 74)
            #expect(error.message.contains(".recover") && error.message.contains("backup"))
        }
    }

    @Test func checksIntegrityAfterAnUncleanCloseAndFindsDamage() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        do {
            let store = try CatalogueStore(url: url)
            for seed in 0..<200 { try store.insert(CatalogueFixtures.record(seed)) }
        }
        // Checkpoint the log into the file so the damage below hits the only copy of the data.
        do {
            let raw = try Database(path: url.path, mode: .readWrite)
            try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // A clean close leaves no marker, so the next open skips the check.
        let folder = url.deletingLastPathComponent()
        let markers = { try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".open-") } }
        #expect(try markers().isEmpty)
        #expect(try CatalogueStore(url: url).recoveredFromUncleanClose == false)

        // A session that died without closing: its marker names a process that is gone.
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let stale = folder.appendingPathComponent(".catalogue.sqlite.open-\(dead.processIdentifier)-x")
        try Data(SessionMarker.bootID.utf8).write(to: stale)
        let checked = try CatalogueStore(url: url)
        #expect(checked.recoveredFromUncleanClose)
        checked.close()
        #expect(try markers().isEmpty)

        // Now damage a page in the middle of the file and mark an unclean close again.
        try Data(SessionMarker.bootID.utf8).write(to: stale)
        let handle = try FileHandle(forUpdating: url)
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 6000))
        try handle.close()
        #expect { try CatalogueStore(url: url) } throws: {
            let error = $0 as? CatalogueError
            return error?.kind == .corrupt && error?.message.contains("integrity check") == true
                && error?.message.contains(".recover") == true
        }
        // The marker stays until a check passes, so every later open checks again.
        #expect(try markers().count == 1)
    }

    @Test func twoConnectionsWritingAtOnceBothSucceed() async throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        _ = try CatalogueStore(url: url)
        let path = url
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<2 {
                group.addTask {
                    let store = try CatalogueStore(url: path)
                    for n in 0..<50 { try store.insert(CatalogueFixtures.record(worker * 1000 + n)) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try CatalogueStore(url: url).counts()[.confirmed] == 100)
    }

    @Test func aLockHeldLongerThanTheTimeoutIsAClearErrorAndLosesNothing() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        let first = try store.insert(CatalogueFixtures.record(1))
        let holder = try Database(path: url.path, mode: .readWrite)
        try holder.execute("BEGIN EXCLUSIVE")
        let started = Date()
        do {
            try store.insert(CatalogueFixtures.record(2))
            Issue.record("a write went through an exclusive lock")
        } catch let error as CatalogueError {
            #expect(error.kind == .locked)
            #expect(error.failureClass.exitCode == 74)
            #expect(error.message.contains("locked"))
        }
        #expect(Date().timeIntervalSince(started) >= Double(CatalogueStore.busyTimeoutMilliseconds) / 1000 - 0.5)
        try holder.execute("ROLLBACK")
        #expect(try store.record(id: first.id!) == first)
        try store.insert(CatalogueFixtures.record(2))
        #expect(try store.counts()[.confirmed] == 2)
    }

    @Test func evidenceWithAnyTextRoundTrips() throws {
        let url = CatalogueFixtures.newCatalogueURL()
        defer { CatalogueFixtures.remove(url) }
        let store = try CatalogueStore(url: url)
        var record = CatalogueFixtures.record(1)
        record.evidence = [
            .init(kind: "airport-word", text: "KEFLAVÍKURFLUGVÖLLUR \"quoted\" back\\slash", detail: "line\nbreak\ttab"),
            .init(kind: "odd", text: "control \u{01} and 入国 and emoji 🛂", detail: ""),
            .init(kind: "", text: "/slash/", detail: "{not: json}, [brackets]"),
        ]
        let stored = try store.insert(record)
        #expect(try store.record(id: stored.id!)?.evidence == record.evidence)
        // The fast reader takes the encoder's shape and refuses anything else rather than guess.
        var fast = FlatEvidenceReader(Array(#"[{"kind":"a","text":"b","detail":"c"}]"#.utf8))
        #expect(fast.read() == [.init(kind: "a", text: "b", detail: "c")])
        var nested = FlatEvidenceReader(Array(#"[{"kind":"a","n":1}]"#.utf8))
        #expect(nested.read() == nil)
        #expect(EvidenceCoding.decode(#"[ {"kind": "a", "text": "\u00e9", "detail": "x"} ]"#) == [.init(kind: "a", text: "é", detail: "x")])
    }

    @Test func calendarDaysParseOnlyRealDays() {
        #expect(CalendarDay("2020-02-29")?.description == "2020-02-29")
        #expect(CalendarDay("2019-02-29") == nil)
        #expect(CalendarDay("2019-7-12") == nil)
        #expect(CalendarDay("12.07.2019") == nil)
        #expect(CalendarDay("2019-13-01") == nil)
        #expect(CalendarDay("1900-02-29") == nil)
        #expect(CalendarDay("2000-02-29") != nil)
        #expect(CalendarDay("2019-01-31")! < CalendarDay("2019-02-01")!)
        #expect(CalendarDay("2019-07-1x") == nil && CalendarDay("+019-07-12") == nil && CalendarDay("") == nil)
        #expect(CalendarDay(year: 5, month: 3, day: 9)?.description == "0005-03-09")
    }
}
