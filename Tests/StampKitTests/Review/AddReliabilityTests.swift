import Foundation
import Synchronization
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence
@testable import StampKitScan
@testable import StampKitMatching
@testable import StampKitOCR

/// `add` under abuse: killed at random moments, and two processes adding at once.
@Suite(.serialized) struct AddReliabilityTests {
    static let image = ReviewFixtures.sample("kef-entry.jpg")

    /// One `add --yes` of a 30×20 crop with the place given, so it is quick and always confirmed.
    static func arguments(x: Int, y: Int, catalogue: URL) throws -> [String] {
        ["add", image, "--crop", "\(x),\(y),30,20", "--rotate", "0", "--yes", "--airport", "KEF",
         "--date", "2019-07-12", "--direction", "arrival", "--book", "Reliability", "--page", "3"]
            + (try ReviewFixtures.places(catalogue))
    }

    /// A child `stampkit` with no terminal; the caller waits or kills it.
    static func spawn(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment["XDG_CACHE_HOME"] = ReviewFixtures.cacheHome.path
        process.environment = environment
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Every field `add` sets is there: a record is whole or it does not exist.
    static func expectWhole(_ record: StampRecord, size: Int) {
        #expect(record.status == .confirmed)
        #expect(record.source.path == image && record.source.size == size)
        #expect(record.source.sha256.count == 64 && record.source.sha256.allSatisfy(\.isHexDigit))
        #expect(record.crop?.width == 30 && record.crop?.height == 20)
        #expect(record.country?.id == "IS" && record.country?.name == "Iceland")
        #expect(record.region?.id.hasPrefix("IS.") == true && record.city?.name == "Keflavík")
        #expect(record.airport?.id == "KEF" && record.airport?.name.isEmpty == false)
        #expect(record.date == CalendarDay("2019-07-12") && record.direction == .arrival)
        #expect(record.book == "Reliability" && record.page == 3)
        #expect(record.ocrText != nil)
        #expect(record.createdAt.timeIntervalSince1970 > 1_600_000_000 && record.updatedAt >= record.createdAt)
    }

    @Test func killNineAtRandomMomentsLeavesWholeRecordsOrNone() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("kill")
        defer { CatalogueFixtures.remove(catalogue) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: Self.image)[.size] as? Int)
        // How long one add takes here, so the kills spread over its whole life, the save included.
        let firstArguments = try Self.arguments(x: 0, y: 0, catalogue: catalogue)  // builds the fixture gazetteer once
        let start = Date()
        let first = try Self.spawn(firstArguments)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        // Load from other tests changes how long a run takes: each run that ends on its own
        // becomes the new estimate, so the kills keep landing inside the runs.
        var duration = Date().timeIntervalSince(start)
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for i in 1...30 {
            let child = try Self.spawn(try Self.arguments(x: i * 31, y: 0, catalogue: catalogue))
            let launched = Date()
            // Two kills in three anywhere in the run, one in three around its end where the
            // record is written.
            let delay = i % 3 != 0
                ? Double.random(in: 0...(duration * 0.95), using: &generator)
                : Double.random(in: (duration * 0.8)...(duration * 1.05), using: &generator)
            Thread.sleep(forTimeInterval: max(0, delay - Date().timeIntervalSince(launched)))
            if child.isRunning {
                kill(child.processIdentifier, SIGKILL)
                killed += 1
                child.waitUntilExit()
            } else {
                child.waitUntilExit()
                duration = min(duration, Date().timeIntervalSince(launched))
            }
        }
        #expect(killed >= 10, "most children were killed mid-run (\(killed) of 30)")
        // The catalogue opens (checking its integrity after the unclean ends) and holds only whole records.
        let store = try CatalogueStore(url: catalogue)
        #expect(try store.isIntact())
        store.close()
        let records = try ReviewFixtures.records(catalogue)
        #expect(records.count >= 1 && records.count <= 31)
        for record in records { Self.expectWhole(record, size: size) }
        #expect(Set(records.map { $0.crop!.x }).count == records.count, "no crop saved twice")
        // And it still takes new records after all that.
        let after = try Self.spawn(try Self.arguments(x: 1100, y: 800, catalogue: catalogue))
        after.waitUntilExit()
        #expect(after.terminationStatus == 0)
        #expect(try ReviewFixtures.records(catalogue).count == records.count + 1)
    }

    @Test func twoProcessesAddingFiftyEachEndWithAHundredRecords() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("two-writers")
        defer { CatalogueFixtures.remove(catalogue) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: Self.image)[.size] as? Int)
        // Made first, so both writers start on an existing file.
        _ = try CatalogueStore(url: catalogue)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for i in 0..<50 {
                do {
                    let child = try Self.spawn(try Self.arguments(x: i * 20, y: writer * 400, catalogue: catalogue))
                    child.waitUntilExit()
                    if child.terminationStatus != 0 {
                        failures.withLock { $0.append("writer \(writer) add \(i): exit \(child.terminationStatus)") }
                    }
                } catch {
                    failures.withLock { $0.append("writer \(writer) add \(i): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let records = try ReviewFixtures.records(catalogue)
        #expect(records.count == 100)
        #expect(Set(records.map { "\($0.crop!.x),\($0.crop!.y)" }).count == 100)
        for record in records { Self.expectWhole(record, size: size) }
    }
}
