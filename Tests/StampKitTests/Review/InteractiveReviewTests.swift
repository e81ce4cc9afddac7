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

/// The interactive review in a real pseudo-terminal (tmux): keys typed as a person types them,
/// the screen read back, the catalogue checked afterwards. Real Tesseract on the sample stamps,
/// the fixture gazetteer.
@Suite struct InteractiveReviewTests {
    /// Starts `stampkit WORDS…` in a fresh 120×40 terminal with a fresh catalogue.
    private enum Colours { case none, palette, truecolor }

    // The last line of each screen: a screen is drawn top to bottom, so waiting for its last
    // line (not its title) means the whole screen is there to be read.
    static let stampScreen = "1–9 pick · d hide a part"
    static let confirmScreen = "Back to the candidates"
    static let pickScreen = "1–9 pick · Esc back"

    private func start(_ words: [String], catalogue: URL, colours: Colours = .none, before: String = "", after: String = "") throws -> Tmux {
        var environment = ["OMP_THREAD_LIMIT": "1", "LANG": "C.UTF-8", "XDG_CACHE_HOME": ReviewFixtures.cacheHome.path]
        switch colours {
        case .none: environment["NO_COLOR"] = "1"
        case .palette: break  // TERM from tmux, no COLORTERM: the 256-colour palette
        case .truecolor: environment["COLORTERM"] = "truecolor"
        }
        return try Tmux([CLI.binary.path] + words + ReviewFixtures.places(catalogue), environment: environment, before: before, after: after)
    }

    @Test func tmuxIsInstalled() throws {
        // Named on its own so a missing tmux reads as one clear failure with the fix.
        _ = try Tmux.executable()
    }

    @Test func pickACandidateByNumberAndSaveIt() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("tty-pick")
        defer { CatalogueFixtures.remove(catalogue) }
        let tmux = try start(["add", ReviewFixtures.sample("jfk-admitted.jpg")], catalogue: catalogue, colours: .truecolor)
        let stamp = try tmux.waitFor(Self.stampScreen)
        #expect(stamp.contains("stamp 1 of 1") && stamp.contains("John F Kennedy International Airport"))
        #expect(stamp.contains("evidence: ") && stamp.contains("iata-code \"JFK\""))
        #expect(stamp.contains("Date 2019-07-12") && stamp.contains("arrival") && stamp.contains("by air"))
        // The stamp itself is drawn in 24-bit colour with half blocks.
        let coloured = try tmux.screenWithColours()
        #expect(coloured.contains("▀") && coloured.contains("38;2;"), "\(coloured.prefix(400))")
        try tmux.press("1")
        let confirm = try tmux.waitFor(Self.confirmScreen)
        #expect(confirm.contains("Country    United States (US)") && confirm.contains("Airport    JFK John F Kennedy"))
        #expect(confirm.contains("City       New York City") && confirm.contains("Region     New York"))
        try tmux.press("y")
        #expect(try tmux.exitStatus() == 0)
        let records = try ReviewFixtures.records(catalogue)
        try #require(records.count == 1)
        #expect(records[0].status == .confirmed && records[0].airport?.id == "JFK" && records[0].date == CalendarDay("2019-07-12"))
        #expect(records[0].direction == .arrival && records[0].entryMethod == .air && (records[0].confidence ?? 0) > 0.9)
        #expect(try tmux.screen().contains("#\(records[0].id!) confirmed"))
        // The preview came from the record's 256 px thumbnail, which stays in the cache.
        let thumbnail = try StampImage(contentsOf: ReviewFixtures.thumbnails.url(for: records[0]))
        #expect(max(thumbnail.width, thumbnail.height) == 256)
    }

    @Test func searchTheGazetteerByHandAndEditTheDate() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("tty-search")
        defer { CatalogueFixtures.remove(catalogue) }
        let tmux = try start(["add", ReviewFixtures.sample("kef-entry.jpg")], catalogue: catalogue)
        try tmux.waitFor(Self.stampScreen)
        try tmux.press("s")
        try tmux.waitFor("Search:")
        try tmux.type("München")
        try tmux.press("Enter")
        let hits = try tmux.waitUntil("the places matching 'München'") { $0.contains("Places matching 'München'") && $0.contains(Self.pickScreen) }
        // Pick the city by the number the screen gives it.
        let cityLine = try #require(hits.split(separator: "\n").first { $0.contains("city ") && $0.contains("Munich") })
        let number = try #require(cityLine.first { $0.isNumber })
        try tmux.press(String(number))
        let confirm = try tmux.waitFor(Self.confirmScreen)
        #expect(confirm.contains("Country    Germany (DE)") && confirm.contains("City       Munich"))
        #expect(confirm.contains("Region     ") && confirm.contains("(DE.02)"), "the city brings its region (Bavaria)")
        #expect(confirm.contains("Airport    —"), "the scan's Keflavík airport is not kept under Munich")
        #expect(confirm.contains("picked by hand"))
        try tmux.press("e")
        try tmux.waitFor("Date (YYYY-MM-DD")
        try tmux.press("BSpace", "BSpace")
        try tmux.type("13")
        try tmux.press("Enter")
        try tmux.waitFor("Date       2019-07-13")
        // A day that does not exist is refused on the screen and changes nothing.
        try tmux.press("e")
        try tmux.waitFor("Date (YYYY-MM-DD")
        try tmux.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.type("02-30")
        try tmux.press("Enter")
        try tmux.waitFor("is not a day")
        #expect(try tmux.screen().contains("Date       2019-07-13"))
        try tmux.press("y")
        #expect(try tmux.exitStatus() == 0)
        let record = try #require(try ReviewFixtures.records(catalogue).first)
        #expect(record.status == .confirmed && record.country?.id == "DE" && record.city?.name == "Munich")
        #expect(record.airport == nil && record.confidence == nil)
        #expect(record.date == CalendarDay("2019-07-13"))
    }

    @Test func quitHalfWayKeepsWhatWasConfirmedAndNothingAfter() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("tty-quit")
        defer { CatalogueFixtures.remove(catalogue) }
        let images = ["jfk-admitted.jpg", "kef-entry.jpg", "lhr-arrival.jpg"].map(ReviewFixtures.sample)
        let tmux = try start(["add"] + images, catalogue: catalogue, colours: .palette)
        try tmux.waitFor("stamp 1 of 3")
        try tmux.waitFor(Self.stampScreen)
        // Without COLORTERM the stamp is drawn with the 256-colour palette.
        let coloured = try tmux.screenWithColours()
        #expect(coloured.contains("▀") && coloured.contains("38;5;") && !coloured.contains("38;2;"))
        try tmux.press("1")
        try tmux.waitFor(Self.confirmScreen)
        try tmux.press("y")
        try tmux.waitFor("stamp 2 of 3")
        try tmux.waitFor(Self.stampScreen)
        try tmux.press("q")
        #expect(try tmux.exitStatus() == 0)
        let records = try ReviewFixtures.records(catalogue)
        #expect(records.count == 1)
        #expect(records.first?.airport?.id == "JFK" && records.first?.status == .confirmed)
        #expect(try tmux.screen().contains("not added"))
    }

    @Test func arrowKeysEnterAndEscapeWork() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("tty-arrows")
        defer { CatalogueFixtures.remove(catalogue) }
        let tmux = try start(["add", ReviewFixtures.sample("kef-entry.jpg")], catalogue: catalogue)
        try tmux.waitFor(Self.stampScreen)
        try tmux.press("Down")
        try tmux.waitFor("▸  s  Search")
        try tmux.press("Up")
        try tmux.waitUntil("candidate 1 highlighted") { $0.contains("▸  1 ") }
        try tmux.press("Enter")
        try tmux.waitFor(Self.confirmScreen)
        try tmux.press("Escape")
        try tmux.waitFor(Self.stampScreen)
        try tmux.press("Enter")
        try tmux.waitFor(Self.confirmScreen)
        // Down to the Favourite row (after save, 4 levels and 5 fields), Enter turns it on.
        for _ in 0..<10 { try tmux.press("Down") }
        try tmux.waitFor("▸  f  Favourite  no")
        try tmux.press("Enter")
        try tmux.waitFor("Favourite  yes")
        for _ in 0..<10 { try tmux.press("Up") }
        try tmux.waitFor("▸  y  Save as confirmed")
        try tmux.press("Enter")
        #expect(try tmux.exitStatus() == 0)
        let record = try #require(try ReviewFixtures.records(catalogue).first)
        #expect(record.status == .confirmed && record.favorite && record.airport?.id == "KEF")
        // No picture was drawn (NO_COLOR), yet the record's thumbnail was made with it.
        #expect(FileManager.default.fileExists(atPath: ReviewFixtures.thumbnails.path(for: record)))
    }

    @Test func keepAndSkipThenReviewConfirmsThePendingStamp() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("tty-review")
        defer { CatalogueFixtures.remove(catalogue) }
        let images = ["kef-entry.jpg", "lhr-arrival.jpg"].map(ReviewFixtures.sample)
        let add = try start(["add"] + images, catalogue: catalogue)
        try add.waitFor(Self.stampScreen)
        try add.press("k")
        try add.waitFor("stamp 2 of 2")
        try add.waitFor(Self.stampScreen)
        try add.press("x")
        #expect(try add.exitStatus() == 0)
        let pending = try ReviewFixtures.records(catalogue)
        try #require(pending.count == 1)
        #expect(pending[0].status == .pending && pending[0].source.path.hasSuffix("kef-entry.jpg"))

        let review = try start(["review"], catalogue: catalogue)
        let screen = try review.waitFor(Self.stampScreen)
        #expect(screen.contains("stampkit review · stamp 1 of 1 · #\(pending[0].id!)"))
        #expect(screen.contains("Keflavik International Airport"))
        try review.press("p")
        try review.waitFor("Page (empty")
        try review.type("12")
        try review.press("Enter")
        try review.waitFor("page 12")
        try review.press("1")
        try review.waitFor(Self.confirmScreen)
        try review.press("y")
        #expect(try review.exitStatus() == 0)
        let records = try ReviewFixtures.records(catalogue)
        #expect(records.count == 1)
        #expect(records.first?.status == .confirmed && records.first?.page == 12 && records.first?.id == pending[0].id)
    }

    @Test(arguments: ["C-c", "SIGTERM"])
    func theTerminalIsRestoredAfterCtrlCAndSIGTERM(stop: String) throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("tty-restore")
        defer { CatalogueFixtures.remove(catalogue) }
        let dir = catalogue.deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let before = dir.appendingPathComponent("before").path, after = dir.appendingPathComponent("after").path
        let tmux = try start(
            ["add", ReviewFixtures.sample("jfk-admitted.jpg")], catalogue: catalogue,
            before: "stty -g > \(Tmux.quote(before)); ", after: "stty -g > \(Tmux.quote(after)); echo saved-stty; ")
        try tmux.waitFor(Self.stampScreen)
        if stop == "C-c" {
            try tmux.press("C-c")
            #expect(try tmux.exitStatus() == 0, "Ctrl-C quits like q")
        } else {
            let pid = try #require(try tmux.programPID())
            kill(pid, SIGTERM)
            #expect(try tmux.exitStatus() == 128 + SIGTERM)
        }
        try tmux.waitFor("saved-stty")
        let saved = try String(contentsOfFile: before, encoding: .utf8)
        #expect(!saved.isEmpty)
        #expect(try String(contentsOfFile: after, encoding: .utf8) == saved, "the terminal settings are as they were")
        #expect(try ReviewFixtures.records(catalogue).isEmpty)
    }

    @Test func aPendingStampWhosePhotoIsGoneIsCorrectedByHand() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("tty-gone")
        defer { CatalogueFixtures.remove(catalogue) }
        let folder = catalogue.deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("kef-copy.jpg")
        try FileManager.default.copyItem(atPath: ReviewFixtures.sample("kef-entry.jpg"), toPath: copy.path)
        let added = try NoTerminal.run(["add", copy.path, "--yes"] + ReviewFixtures.places(catalogue))
        #expect(added.status == 0 && added.stdout.contains("pending"))
        try FileManager.default.removeItem(at: copy)

        let review = try start(["review"], catalogue: catalogue, colours: .truecolor)
        let screen = try review.waitFor(Self.stampScreen)
        #expect(screen.contains("could not be scanned"))
        #expect(screen.contains("Chain   Iceland › ") && screen.contains("KEF"), "what the record holds is shown")
        try review.press("s")
        try review.waitFor("Search:")
        try review.type("keflavik")
        try review.press("Enter")
        let hits = try review.waitUntil("the places matching 'keflavik'") { $0.contains("Places matching 'keflavik'") && $0.contains(Self.pickScreen) }
        let airport = try #require(hits.split(separator: "\n").first { $0.contains("airport") && $0.contains("KEF") })
        try review.press(String(try #require(airport.first { $0.isNumber })))
        try review.waitFor(Self.confirmScreen)
        try review.press("y")
        #expect(try review.exitStatus() == 0)
        let record = try #require(try ReviewFixtures.records(catalogue).first)
        #expect(record.status == .confirmed && record.airport?.id == "KEF" && record.confidence == nil)
        #expect(record.date == CalendarDay("2019-07-12"), "the date read when it was added stays")
    }
}
