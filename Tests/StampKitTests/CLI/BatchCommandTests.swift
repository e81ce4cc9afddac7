import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitImaging

/// `stampkit batch` on a small book of real page photos: every stamp kept once, in page order,
/// the same with one worker or four, after a rerun and after `kill -9`.
@Suite(.serialized) struct BatchCommandTests {
    /// A book folder: three photographed pages with one stamp each (one a quarter turn), a drawn
    /// page with two stamps, a blank page and a text file named like a page.
    static func makeBook() throws -> URL {
        let root = try makeTemporaryDirectory("batch-book")
        let book = root.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: book.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for (fixture, name) in [("page-kef-rot90.jpg", "page_2.jpg"), ("page-cdg-rot-24.jpg", "page_10.jpg"), ("page-fra-rot186.jpg", "sub/page_3.jpg")] {
            try FileManager.default.copyItem(at: ImagingFixtures.url(fixture), to: book.appendingPathComponent(name))
        }
        try FileManager.default.moveItem(at: StampRegionTests.write(StampRegionTests.twoStampPage().page), to: book.appendingPathComponent("page_4.bmp"))
        try FileManager.default.moveItem(at: StampRegionTests.write(StampRegionTests.paper()), to: book.appendingPathComponent("page_5.bmp"))
        try Data("not a photo\n".utf8).write(to: book.appendingPathComponent("page_6.jpg"))
        return book
    }

    /// Stamps in the book above, and the page each lies on in page order.
    static let stampPages = [2, 4, 4, 10, 3]

    static let environment = ["XDG_CACHE_HOME": ReviewFixtures.cacheHome.path]

    static func batch(_ book: URL, _ catalogue: URL, _ extra: [String] = []) throws -> CLI.Outcome {
        try CLI.run(["batch", book.path, "--book", "Blue 2019"] + ReviewFixtures.places(catalogue) + extra, environment: environment)
    }

    /// What must come out the same however the work was shared: page, crop, place, date, turn.
    static func essence(_ records: [StampRecord]) -> [String] {
        records.map { r in
            "\(r.page ?? 0) \(StampRecord.cropKey(r.crop)) \(r.country?.id ?? "-") \(r.airport?.id ?? "-") \(r.date?.description ?? "-") \(r.rotation) \(r.status.rawValue) \((r.source.path as NSString).lastPathComponent)"
        }.sorted()
    }

    @Test func everyStampIsKeptOnceInPageOrderAndARerunAddsNothing() throws {
        let book = try Self.makeBook()
        let catalogue = CatalogueFixtures.newCatalogueURL("batch")
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()); CatalogueFixtures.remove(catalogue) }
        let first = try Self.batch(book, catalogue, ["--json", "--jobs", "2"])
        // The bad file is reported with its path and skipped; the exit code says one failed.
        #expect(first.status == 65, "\(first.stderr)")
        let errors = first.stderrLines.filter { $0.contains("error") }
        #expect(errors.count == 1 && errors[0].hasPrefix(book.appendingPathComponent("page_6.jpg").path + ": error: "), "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.compactMap { $0["page"] as? Int } == Self.stampPages, "\(first.stdout)")
        #expect(objects.allSatisfy { $0["status"] as? String == "pending" && $0["book"] as? String == "Blue 2019" })
        // Each line is the record as `list --json` shows it, thumbnail included.
        #expect(objects.allSatisfy { ($0["thumbnail"] as? String).map { FileManager.default.fileExists(atPath: $0) } == true })
        #expect(first.stderr.contains("batch: 6 pages, 5 stamps found: 0 confirmed, 5 pending, 0 already catalogued; 1 failed"), "\(first.stderr)")
        let records = try ReviewFixtures.records(catalogue)
        #expect(records.count == 5)
        let kef = records.first { $0.page == 2 }
        #expect(kef?.country?.id == "IS" && abs(abs(kef?.rotation ?? 0) - 90) < 10, "\(String(describing: kef))")
        #expect(records.filter { $0.page == 4 }.count == 2)

        // A rerun reads nothing again and lists the same records, so its output is the same.
        let again = try Self.batch(book, catalogue, ["--json"])
        #expect(again.status == 65 && again.stdout == first.stdout, "\(again.stdout)")
        #expect(again.stderr.contains("5 stamps found: 0 confirmed, 0 pending, 5 already catalogued"), "\(again.stderr)")
        #expect(try Self.essence(ReviewFixtures.records(catalogue)) == Self.essence(records))

        // Quiet: the error line and nothing else on stderr; the stamps kept, by number, on stdout.
        let quiet = try Self.batch(book, catalogue, ["--quiet"])
        #expect(quiet.stderrLines.count == 1 && quiet.stderr.contains("page_6.jpg: error:"), "\(quiet.stderr)")
        let ids = objects.compactMap { $0["id"] as? Int }
        #expect(quiet.stdout.split(separator: "\n").map { $0.split(separator: "#").last.map(String.init) ?? "" } == ids.map(String.init), "\(quiet.stdout)")
    }

    @Test func oneWorkerAndFourGiveTheSameRecords() throws {
        let book = try Self.makeBook()
        let one = CatalogueFixtures.newCatalogueURL("batch-one"), four = CatalogueFixtures.newCatalogueURL("batch-four")
        defer {
            try? FileManager.default.removeItem(at: book.deletingLastPathComponent())
            CatalogueFixtures.remove(one)
            CatalogueFixtures.remove(four)
        }
        let a = try Self.batch(book, one, ["--jobs", "1", "--accept-above", "0.5"])
        let b = try Self.batch(book, four, ["--jobs", "4", "--accept-above", "0.5"])
        #expect(a.status == 65 && b.status == 65)
        let left = try Self.essence(ReviewFixtures.records(one)), right = try Self.essence(ReviewFixtures.records(four))
        #expect(left.count == 5 && left == right, "\(left)\n\(right)")
        // Confirmed exactly where the proposal reached --accept-above.
        for record in try ReviewFixtures.records(one) {
            #expect((record.status == .confirmed) == ((record.confidence ?? 0) >= 0.5), "\(record)")
        }
        // Text lines (without --json) come in page order too.
        let pages = a.stdout.split(separator: "\n").compactMap { line in
            line.range(of: #"page_\d+"#, options: .regularExpression).map { Int(line[$0].dropFirst(5))! }
        }
        #expect(pages == Self.stampPages, "\(a.stdout)")
    }

    @Test func killedAtAnyMomentThenRerunKeepsEveryStampExactlyOnce() throws {
        let book = try Self.makeBook()
        let catalogue = CatalogueFixtures.newCatalogueURL("batch-kill")
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()); CatalogueFixtures.remove(catalogue) }
        let arguments = ["batch", book.path, "--book", "Blue 2019", "--jobs", "1", "--json"] + (try ReviewFixtures.places(catalogue))

        /// Starts the batch and kills it with SIGKILL once `ready` says so; returns the lines seen.
        func killed(when ready: (_ lines: Int, _ seconds: Double) -> Bool) throws -> Int {
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["OMP_THREAD_LIMIT"] = "1"
            for (k, v) in Self.environment { environment[k] = v }
            process.environment = environment
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let start = Date()
            var seen = 0
            var buffer = Data()
            let reader = out.fileHandleForReading
            let flags = fcntl(reader.fileDescriptor, F_GETFL)
            _ = fcntl(reader.fileDescriptor, F_SETFL, flags | O_NONBLOCK)
            while process.isRunning && !ready(seen, Date().timeIntervalSince(start)) {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = read(reader.fileDescriptor, &chunk, chunk.count)
                if n > 0 { buffer.append(contentsOf: chunk[0..<n]); seen = buffer.filter { $0 == 0x0A }.count }
                usleep(20_000)
            }
            #expect(process.isRunning, "the batch ended before it could be killed")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            return seen
        }

        // Right after the first stamp was reported, then at another moment of the rerun: a
        // second after it starts (mid-stamp, or between the save and the thumbnail), or right
        // after its first report on a machine fast enough to get there sooner. A fixed later
        // moment let a quiet machine finish the rerun before the kill.
        let firstRun = try killed { lines, _ in lines >= 1 }
        #expect(firstRun >= 1)
        let afterFirst = try ReviewFixtures.records(catalogue).count
        #expect(afterFirst >= 1 && afterFirst < 5, "\(afterFirst) records after the first kill")
        _ = try killed { lines, seconds in lines >= 1 || seconds >= 1 }
        let last = try Self.batch(book, catalogue)
        #expect(last.status == 65, "\(last.stderr)")
        let records = try ReviewFixtures.records(catalogue)
        #expect(records.count == 5, "\(Self.essence(records))")
        #expect(Set(records.map { "\($0.source.sha256) \(StampRecord.cropKey($0.crop))" }).count == records.count)
        #expect(records.compactMap(\.page).sorted() == Self.stampPages.sorted())
        #expect(last.stderr.contains("already catalogued"), "\(last.stderr)")
    }

    @Test func aTerminalShowsAProgressBarThenTheSummary() throws {
        let book = try Self.makeBook()
        let catalogue = CatalogueFixtures.newCatalogueURL("batch-bar")
        defer { try? FileManager.default.removeItem(at: book.deletingLastPathComponent()); CatalogueFixtures.remove(catalogue) }
        let tmux = try Tmux([CLI.binary.path, "batch", book.path, "--book", "B", "--jobs", "1"] + ReviewFixtures.places(catalogue),
                            environment: Self.environment.merging(["OMP_THREAD_LIMIT": "1"]) { $1 })
        // While pages remain: the bar, pages and stamps done, the rate and the time left.
        let during = try tmux.waitUntil("the progress bar", timeout: 120) { screen in
            screen.range(of: #"\[█*░+\] \d/6 pages · \d stamps? · \d+\.\d\d stamps/s · about [0-9hms ]+ left"#, options: .regularExpression) != nil
        }
        #expect(!during.contains("[exit"), "\(during)")
        let end = try tmux.waitFor("[exit 65]", timeout: 180)
        #expect(end.contains("batch: 6 pages, 5 stamps found: 0 confirmed, 5 pending"), "\(end)")
        // The bar is cleared before the summary, not left behind.
        #expect(!end.contains("░"), "\(end)")
    }

    @Test func benchBatchComparesWorkerCountsOnTheSameStamps() throws {
        let root = try makeTemporaryDirectory("bench-batch")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: ImagingFixtures.url("page-kef-rot90.jpg"), to: root.appendingPathComponent("page_1.jpg"))
        try FileManager.default.moveItem(at: StampRegionTests.write(StampRegionTests.twoStampPage().page), to: root.appendingPathComponent("page_2.bmp"))
        let run = try CLI.run(["bench", "batch", root.path, "--jobs-list", "1,2", "--gazetteer", FixtureGazetteer.shared.path])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        try #require(rows.count == 3, "\(run.stdout)")
        #expect(rows[0] == ["jobs", "seconds", "cpu_s", "cores_used", "stamps", "stamps_per_s", "speedup", "peak_mb", "peak_mb_per_worker", "mb_per_extra_worker"])
        for (row, jobs) in zip(rows.dropFirst(), [1, 2]) {
            // Both runs kept all three stamps (nothing skipped as already catalogued), and the
            // memory per worker is the process's peak shared among its workers.
            #expect(row[0] == String(jobs) && row[4] == "3", "\(row)")
            let peak = try #require(Double(row[7])), perWorker = try #require(Double(row[8]))
            #expect(peak > 20 && abs(perWorker - peak / Double(jobs)) <= 1, "\(row)")
            let seconds = try #require(Double(row[1])), rate = try #require(Double(row[5]))
            #expect(seconds > 0 && abs(rate - 3 / seconds) <= 0.02 * rate + 0.001, "\(row)")
        }
        #expect(rows[1][6] == "1.00" && rows[2][9] != "-", "\(rows)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["page_1.jpg", "page_2.bmp"], "the throwaway catalogues stay out of the book")
    }

    @Test func shardsTakeDisjointPagesThatCoverTheBook() throws {
        // Text files named like pages: each shard reports exactly the ones it took, without OCR.
        let root = try makeTemporaryDirectory("batch-shards")
        let catalogue = CatalogueFixtures.newCatalogueURL("batch-shards")
        defer { try? FileManager.default.removeItem(at: root); CatalogueFixtures.remove(catalogue) }
        let names = (1...9).map { "page_\($0).jpg" }
        for name in names { try Data("x".utf8).write(to: root.appendingPathComponent(name)) }
        var taken: [String] = []
        for k in 1...3 {
            let run = try CLI.run(["batch", root.path, "--book", "B", "--shard", "\(k)/3", "--quiet"] + ReviewFixtures.places(catalogue),
                                  environment: Self.environment)
            let failed = run.stderrLines.map { String($0.prefix { $0 != ":" }) }.map { ($0 as NSString).lastPathComponent }
            #expect(run.status == (failed.isEmpty ? 0 : 65), "\(run.stderr)")
            taken += failed
        }
        #expect(taken.sorted() == names.sorted(), "\(taken)")

        for bad in ["0/3", "4/3", "2", "a/b", "1/0"] {
            let run = try CLI.run(["batch", root.path, "--book", "B", "--shard", bad] + ReviewFixtures.places(catalogue))
            #expect(run.status == 64 && run.stderrLines.count == 1 && run.stderr.contains("--shard"), "\(bad): \(run.stderr)")
        }
        let noBook = try CLI.run(["batch", root.path] + ReviewFixtures.places(catalogue))
        #expect(noBook.status == 64 && noBook.stderr.contains("--book"), "\(noBook.stderr)")
    }
}
