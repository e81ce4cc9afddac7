import Foundation
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

/// `stampkit add` and `stampkit review` without a terminal: what scripts and CI see.
@Suite struct AddWithoutTerminalTests {
    @Test(arguments: [["add"], ["review"]])
    func withoutATerminalAndWithoutYesItExits64AtOnce(words: [String]) throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("no-tty")
        defer { CatalogueFixtures.remove(catalogue) }
        let image = words == ["add"] ? [ReviewFixtures.sample("kef-entry.jpg")] : []
        let outcome = try NoTerminal.run(words + image + ReviewFixtures.places(catalogue), timeout: 20)
        #expect(!outcome.timedOut, "waited for input that cannot come")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(outcome.stderr.hasPrefix("stampkit: error: ") && outcome.stderr.contains("terminal"))
        if words == ["add"] { #expect(outcome.stderr.contains("--yes")) }
        #expect(outcome.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: catalogue.path), "nothing is created before the refusal")
    }

    @Test func yesAcceptsOnlyProposalsAtOrAboveTheThresholdAndKeepsTheRestPending() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("yes")
        defer { CatalogueFixtures.remove(catalogue) }
        // JFK reads at ~0.99, Keflavík at ~0.64 (its scan has no country word).
        let images = [ReviewFixtures.sample("jfk-admitted.jpg"), ReviewFixtures.sample("kef-entry.jpg")]
        let outcome = try NoTerminal.run(["add"] + images + ["--yes"] + ReviewFixtures.places(catalogue))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let records = try ReviewFixtures.records(catalogue)
        try #require(records.count == 2)
        let jfk = try #require(records.first { $0.source.path.hasSuffix("jfk-admitted.jpg") })
        let kef = try #require(records.first { $0.source.path.hasSuffix("kef-entry.jpg") })
        #expect(jfk.status == .confirmed && jfk.airport?.id == "JFK" && jfk.country?.id == "US")
        #expect((jfk.confidence ?? 0) >= 0.9)
        #expect(kef.status == .pending, "a 0.64 proposal is kept for review, not accepted")
        #expect(kef.airport?.id == "KEF" && (kef.confidence ?? 1) < 0.9, "the pending record keeps the proposal to review")
        #expect(kef.date == CalendarDay("2019-07-12") && jfk.date == CalendarDay("2019-07-12"))
        #expect(!jfk.evidence.isEmpty && jfk.ocrText?.contains("ADMITTED") == true)
        #expect(outcome.stdout.contains("#\(jfk.id!) confirmed") && outcome.stdout.contains("#\(kef.id!) pending"))
        // Each record's 256 px thumbnail is made with it (the cache list and show read).
        for record in records {
            let thumbnail = try StampImage(contentsOf: ReviewFixtures.thumbnails.url(for: record))
            #expect(max(thumbnail.width, thumbnail.height) == 256)
        }

        // A lower threshold accepts Keflavík too, in a fresh catalogue.
        let second = CatalogueFixtures.newCatalogueURL("yes-low")
        defer { CatalogueFixtures.remove(second) }
        let low = try NoTerminal.run(["add", images[1], "--yes", "--accept-above", "0.5"] + ReviewFixtures.places(second))
        #expect(low.status == 0)
        #expect(try ReviewFixtures.records(second).map(\.status) == [.confirmed])
    }

    @Test func overridesWinOverTheScan() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("overrides")
        defer { CatalogueFixtures.remove(catalogue) }
        // Heathrow's photo, told it is Keflavík on another day, leaving.
        let outcome = try NoTerminal.run(
            ["add", ReviewFixtures.sample("lhr-arrival.jpg"), "--yes", "--airport", "kef", "--date", "2020-02-29",
             "--direction", "departure", "--book", "Blue passport", "--page", "7"] + ReviewFixtures.places(catalogue))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let record = try #require(try ReviewFixtures.records(catalogue).first)
        #expect(record.status == .confirmed, "a place given on the command line is the person's decision")
        #expect(record.airport?.id == "KEF" && record.city?.name == "Keflavík" && record.country?.id == "IS")
        #expect(record.region?.id.hasPrefix("IS.") == true, "the airport brings its region")
        #expect(record.date == CalendarDay("2020-02-29") && record.direction == .departure)
        #expect(record.book == "Blue passport" && record.page == 7)
        #expect(record.confidence == nil, "picked, not proposed")

        // --country alone keeps the top candidate's lower levels when they are in that country…
        let kef = try NoTerminal.run(["add", ReviewFixtures.sample("kef-entry.jpg"), "--yes", "--country", "IS"] + ReviewFixtures.places(catalogue))
        #expect(kef.status == 0)
        // …and drops them when they are not.
        let fra = try NoTerminal.run(["add", ReviewFixtures.sample("jfk-admitted.jpg"), "--yes", "--country", "fr"] + ReviewFixtures.places(catalogue))
        #expect(fra.status == 0)
        let records = try ReviewFixtures.records(catalogue)
        try #require(records.count == 3)
        #expect(records[1].status == .confirmed && records[1].country?.id == "IS" && records[1].airport?.id == "KEF")
        #expect(records[2].status == .confirmed && records[2].country?.id == "FR" && records[2].airport == nil && records[2].city == nil)
        #expect(records[2].date == CalendarDay("2019-07-12"), "the date read stays when not overridden")
    }

    @Test func theSameSourceAndCropIsCataloguedOnce() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("twice")
        defer { CatalogueFixtures.remove(catalogue) }
        let image = ReviewFixtures.sample("jfk-admitted.jpg")
        let first = try NoTerminal.run(["add", image, "--yes"] + ReviewFixtures.places(catalogue))
        let again = try NoTerminal.run(["add", image, "--yes"] + ReviewFixtures.places(catalogue))
        #expect(first.status == 0 && again.status == 0)
        #expect(again.stdout.contains("already catalogued as #1"))
        // Another crop of the same photo is another stamp.
        let cropped = try NoTerminal.run(["add", image, "--yes", "--crop", "0,0,1000,800", "--country", "US"] + ReviewFixtures.places(catalogue))
        #expect(cropped.status == 0, "\(cropped.stderr)")
        let records = try ReviewFixtures.records(catalogue)
        #expect(records.count == 2)
        #expect(records.last?.crop == PixelBox(x: 0, y: 0, width: 1000, height: 800))
    }

    @Test(arguments: [
        ["--date", "2019-02-30"], ["--date", "12.07.19"], ["--direction", "sideways"], ["--accept-above", "2"],
        ["--country", "ISL"], ["--airport", "KEFL"], ["--page", "0"],
    ])
    func badOverridesAreUsageErrors(extra: [String]) throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("bad")
        defer { CatalogueFixtures.remove(catalogue) }
        let outcome = try NoTerminal.run(["add", ReviewFixtures.sample("kef-entry.jpg"), "--yes"] + extra + ReviewFixtures.places(catalogue))
        #expect(outcome.status == 64, "\(extra): \(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: catalogue.path))
    }

    @Test func anUnknownAirportIsRefusedBeforeAnythingIsSaved() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("unknown-airport")
        defer { CatalogueFixtures.remove(catalogue) }
        let outcome = try NoTerminal.run(["add", ReviewFixtures.sample("kef-entry.jpg"), "--yes", "--airport", "QQQ"] + ReviewFixtures.places(catalogue))
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("QQQ"))
        let saved = FileManager.default.fileExists(atPath: catalogue.path) ? try ReviewFixtures.records(catalogue) : []
        #expect(saved.isEmpty)
    }

    @Test func aBadImageIsReportedAndTheOthersAreStillAdded() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("bad-image")
        defer { CatalogueFixtures.remove(catalogue) }
        let bad = Repository.badFixtures.appendingPathComponent("truncated.jpg").path
        let outcome = try NoTerminal.run(["add", bad, ReviewFixtures.sample("jfk-admitted.jpg"), "--yes"] + ReviewFixtures.places(catalogue))
        #expect(outcome.status == 65)
        #expect(outcome.stderr.split(separator: "\n").count == 1 && outcome.stderr.hasPrefix(bad + ": error: "))
        #expect(try ReviewFixtures.records(catalogue).count == 1)
    }
}
