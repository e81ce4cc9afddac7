import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence

/// The catalogue commands as a person runs them: the built binary, a scratch catalogue, real
/// photos copied from the fixtures.
@Suite struct CatalogueCommandTests {
    static let listKeys: Set<String> = [
        "id", "status", "confidence", "country", "region", "city", "airport", "date", "direction",
        "entryMethod", "book", "page", "favorite", "note", "source", "crop", "redactions", "rotation", "thumbnail",
    ]

    @Test func listJSONHasTheContractKeysAndMakesThumbnails() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let photo = try scene.photo("stamp-upright.jpg", as: "kef.jpg")
        let whole = try scene.catalogue(photo, book: "Blue")
        let cropped = try scene.catalogue(photo, crop: PixelBox(x: 10, y: 20, width: 120, height: 60))
        let items = try scene.listJSON()
        #expect(items.count == 2)
        for item in items { #expect(Set(item.keys) == Self.listKeys) }
        let first = try #require(items.first { $0["id"] as? Int == whole.id })
        #expect((first["country"] as? [String: Any])?["code"] as? String == "IS")
        #expect(first["region"] is NSNull && first["crop"] is NSNull && first["airport"] is NSNull)
        #expect((first["source"] as? [String: Any])?["sha256"] as? String == whole.source.sha256)
        #expect((first["source"] as? [String: Any])?["path"] as? String == photo.path)
        #expect(first["book"] as? String == "Blue" && first["date"] as? String == "2019-07-12")
        let second = try #require(items.first { $0["id"] as? Int == cropped.id })
        let crop = try #require(second["crop"] as? [String: Int])
        #expect(crop == ["x": 10, "y": 20, "width": 120, "height": 60])
        // Each thumbnail is a real JPEG in the cache, 256 px on its longest side.
        for item in [first, second] {
            let path = try #require(item["thumbnail"] as? String)
            #expect(path.hasPrefix(scene.cache.path + "/stampkit/thumbnails/"))
            let image = try StampImage(contentsOf: URL(fileURLWithPath: path))
            #expect(max(image.width, image.height) == 256)
            #expect(CatalogueFixtures.mode(path) == 0o600)
        }
        // The crop's thumbnail keeps the crop's shape (120×60 → 256×128).
        let small = try StampImage(contentsOf: URL(fileURLWithPath: second["thumbnail"] as! String))
        #expect(small.height == 128)
    }

    @Test func listFiltersCombine() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let a = try scene.catalogue(try scene.photo("stamp.png", as: "a.png"), date: "2019-07-12", book: "Blue", favorite: true)
        let b = try scene.catalogue(
            try scene.photo("stamp.bmp", as: "b.bmp"), country: ("FR", "France"), date: "2020-01-02", direction: .departure, book: "Blue")
        let c = try scene.catalogue(
            try scene.photo("stamp.tif", as: "c.tif"), country: ("US", "United States"), date: "2019-03-03", status: .pending)
        func ids(_ arguments: [String]) throws -> [Int] {
            try scene.listJSON(arguments).compactMap { $0["id"] as? Int }
        }
        #expect(try ids([]) == [a.id!, b.id!])
        #expect(try ids(["--all"]) == [c.id!, a.id!, b.id!])
        #expect(try ids(["--pending"]) == [c.id!])
        #expect(try ids(["--country", "fr"]) == [b.id!])
        #expect(try ids(["--book", "blue", "--year", "2019"]) == [a.id!])
        #expect(try ids(["--arrivals"]) == [a.id!])
        #expect(try ids(["--departures"]) == [b.id!])
        #expect(try ids(["--favorites"]) == [a.id!])
        #expect(try ids(["--year", "2019", "--all"]) == [c.id!, a.id!])
        let gazetteer = try FixtureGazetteer.shared.path
        #expect(try ids(["--continent", "EU", "--all", "--gazetteer", gazetteer]) == [a.id!, b.id!])
        #expect(try ids(["--continent", "north america", "--all", "--gazetteer", gazetteer]) == [c.id!])
        // The text list says how many are hidden.
        let text = try scene.stampkit(["list"])
        #expect(text.stdout.split(separator: "\n").count == 2)
        #expect(text.stderr.contains("1 pending not shown"))
        let bad = try scene.stampkit(["list", "--arrivals", "--departures"])
        #expect(bad.status == 64 && bad.stderrLines.count == 1)
    }

    @Test func editFillsTheChainFromAnAirportAndConfirms() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let record = try scene.catalogue(try scene.photo("stamp.png", as: "a.png"), country: ("FR", "France"), status: .pending)
        let gazetteerPath = try FixtureGazetteer.shared.path
        let places = try FixtureGazetteer.open()
        let kef = try #require(try places.airport(iata: "KEF"))
        let outcome = try scene.stampkit([
            "edit", "\(record.id!)", "--airport", "kef", "--date", "2018-06-01", "--direction", "departure",
            "--method", "air", "--book", "Red", "--page", "12", "--favorite", "--note", "first trip", "--confirm",
            "--gazetteer", gazetteerPath,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let saved = try #require(try CatalogueStore(url: scene.catalogue).record(id: record.id!))
        #expect(saved.airport == .init(id: "KEF", name: kef.name))
        #expect(saved.country?.id == kef.countryCode)
        #expect(saved.country?.name == (try places.country(code: kef.countryCode))?.name)
        #expect(saved.region?.id == kef.regionID)
        #expect(saved.city?.id == kef.cityID)
        if let cityID = kef.cityID { #expect(saved.city?.name == (try places.city(id: cityID))?.name) }
        #expect(saved.date == CalendarDay("2018-06-01") && saved.direction == .departure && saved.entryMethod == .air)
        #expect(saved.book == "Red" && saved.page == 12 && saved.favorite && saved.note == "first trip")
        #expect(saved.status == .confirmed)
        // Another region of the same country: the airport's city no longer fits and is cleared.
        let regions = try #require(try places.children(of: kef.countryCode, kind: .region))
        if let other = regions.first(where: { $0.id.description != kef.regionID }) {
            let moved = try scene.stampkit(["edit", "\(record.id!)", "--region", other.id.description, "--gazetteer", gazetteerPath])
            #expect(moved.status == 0, "\(moved.stderr)")
            let regionChanged = try #require(try CatalogueStore(url: scene.catalogue).record(id: record.id!))
            #expect(regionChanged.region?.id == other.id.description && regionChanged.city == nil && regionChanged.airport == nil)
            #expect(regionChanged.country == saved.country)
        } else {
            Issue.record("the fixture gazetteer has no second region in \(kef.countryCode)")
        }
        // A new country clears the levels of the old one; 'none' clears a field.
        let moved = try scene.stampkit(["edit", "\(record.id!)", "--country", "FR", "--date", "none", "--gazetteer", gazetteerPath])
        #expect(moved.status == 0, "\(moved.stderr)")
        let again = try #require(try CatalogueStore(url: scene.catalogue).record(id: record.id!))
        #expect(again.country?.id == "FR" && again.city == nil && again.airport == nil && again.region == nil && again.date == nil)
        // Bad values are usage errors on one line; nothing changes.
        for bad in [["--date", "2019-02-30"], ["--direction", "sideways"], ["--page", "0"], []] {
            let refused = try scene.stampkit(["edit", "\(record.id!)"] + bad)
            #expect(refused.status == 64 && refused.stderrLines.count == 1, "\(bad)")
        }
        let missing = try scene.stampkit(["edit", "999", "--note", "x"])
        #expect(missing.status == 64 && missing.stderr.contains("no stamp #999"))
        #expect(try CatalogueStore(url: scene.catalogue).record(id: record.id!) == again)
    }

    @Test func rmAsksOrNeedsYesAndNeverWaitsForInput() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let a = try scene.catalogue(try scene.photo("stamp.png", as: "a.png"))
        let b = try scene.catalogue(try scene.photo("stamp.bmp", as: "b.bmp"))
        let started = Date()
        let refused = try scene.stampkit(["rm", "\(a.id!)"])
        #expect(refused.status == 64 && refused.stderr.contains("--yes") && refused.stderrLines.count == 1)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try scene.allRecords().count == 2)
        // All or none.
        let unknown = try scene.stampkit(["rm", "\(a.id!)", "999", "--yes"])
        #expect(unknown.status == 64)
        #expect(try scene.allRecords().count == 2)
        let removed = try scene.stampkit(["rm", "\(a.id!)", "--yes"])
        #expect(removed.status == 0)
        #expect(try scene.allRecords().map(\.id) == [b.id])
        // The photo itself is never touched.
        #expect(FileManager.default.fileExists(atPath: a.source.path))
    }

    @Test func booksListAddAndRemoveWithAChoice() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        try scene.catalogue(try scene.photo("stamp.png", as: "a.png"), date: "2017-05-05", book: "Old")
        try scene.catalogue(try scene.photo("stamp.bmp", as: "b.bmp"), date: "2019-09-09", book: "Old")
        #expect(try scene.stampkit(["books", "add", "New"]).status == 0)
        let listing = try scene.stampkit(["books"])
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("Old  2 stamps  2017-05-05 – 2019-09-09"))
        #expect(listing.stdout.contains("New  0 stamps"))
        let refused = try scene.stampkit(["books", "rm", "Old"])
        #expect(refused.status == 64 && refused.stderr.contains("--move-to"))
        #expect(try scene.stampkit(["books", "rm", "Old", "--move-to", "New"]).status == 0)
        let records = try scene.allRecords()
        #expect(records.count == 2 && records.allSatisfy { $0.book == "New" })
        #expect(try scene.stampkit(["books", "rm", "new", "--keep-stamps"]).status == 0)
        #expect(try scene.allRecords().allSatisfy { $0.book == nil })
        #expect(try scene.stampkit(["books", "rm", "Nope", "--keep-stamps"]).status == 64)
    }

    @Test func booksAddFromTheIdentityPageKeepsNoNameAndTheNumberOnlyWhenAsked() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let page = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
            .appendingPathComponent("mrz/page-td3-upright.jpg")
        let document = try MRZImageReader().read(imageAt: page).document
        let added = try scene.stampkit(["books", "add", "Passport", "--mrz", page.path])
        #expect(added.status == 0, "\(added.stderr)")
        var book = try #require(try CatalogueStore(url: scene.catalogue).book(named: "Passport"))
        #expect(book.issuingState == document.issuingState && book.nationality == document.nationality)
        #expect(book.expiry?.description == document.expiryDate)
        #expect(book.documentNumber == nil)
        let everything = added.stdout + added.stderr + (try scene.stampkit(["books"])).stdout
        #expect(!everything.contains(document.surname) && !everything.contains(document.documentNumber))
        // The name is in no column of the file either.
        let bytes = try Data(contentsOf: scene.catalogue) + ((try? Data(contentsOf: URL(fileURLWithPath: scene.catalogue.path + "-wal"))) ?? Data())
        #expect(bytes.range(of: Data(document.surname.utf8)) == nil)
        #expect(try scene.stampkit(["books", "add", "Passport", "--mrz", page.path, "--keep-number"]).status == 0)
        book = try #require(try CatalogueStore(url: scene.catalogue).book(named: "Passport"))
        #expect(book.documentNumber == document.documentNumber)
        let noZone = try scene.stampkit(["books", "add", "Other", "--mrz", page.deletingLastPathComponent().appendingPathComponent("page-no-mrz.jpg").path])
        #expect(noZone.status == 67)
        #expect(try CatalogueStore(url: scene.catalogue).book(named: "Other") == nil)
    }

    @Test func thumbnailsFollowTheEXIFOrientationCropAndTurn() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        // The photo stores its pixels sideways and says so in EXIF: the thumbnail shows it upright.
        let photo = try scene.photo("stamp-exif6.jpg", as: "sideways.jpg")
        let upright = try StampImage(contentsOf: photo)
        let raw = try StampImage(contentsOf: photo, applyExifOrientation: false)
        #expect((upright.width > upright.height) != (raw.width > raw.height))
        let cache = ThumbnailCache(directory: scene.cache)
        let whole = try scene.catalogue(photo)
        let thumbnail = try StampImage(contentsOf: try cache.thumbnail(for: whole))
        #expect((thumbnail.width > thumbnail.height) == (upright.width > upright.height))
        #expect(max(thumbnail.width, thumbnail.height) == 256)
        // A crop (in upright pixels) turned a quarter: 200×100 becomes 128×256.
        var turned = try scene.catalogue(photo, crop: PixelBox(x: 0, y: 0, width: 200, height: 100))
        turned.rotation = 90
        let small = try StampImage(contentsOf: try cache.make(for: turned))
        #expect(small.width == 128 && small.height == 256)
        // Each crop and turn has its own file; the record's hash names it.
        #expect(cache.url(for: turned) != cache.url(for: whole))
        #expect(cache.url(for: turned).lastPathComponent.hasPrefix(whole.source.sha256))
    }

    @Test func thumbnailsRebuildRemakesFromTheSources() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let record = try scene.catalogue(try scene.photo("stamp-rot90.jpg", as: "a.jpg"))
        let cache = ThumbnailCache(directory: scene.cache.appendingPathComponent("stampkit/thumbnails"))
        let made = try scene.stampkit(["thumbnails"])
        #expect(made.status == 0 && made.stdout.hasPrefix("1 thumbnail(s) made"))
        let url = cache.url(for: record)
        try Data("not a jpeg".utf8).write(to: url)
        #expect(try scene.stampkit(["thumbnails"]).stdout.hasPrefix("0 thumbnail(s) made"))
        #expect(try scene.stampkit(["thumbnails", "--rebuild"]).stdout.hasPrefix("1 thumbnail(s) made"))
        let image = try StampImage(contentsOf: url)
        #expect(max(image.width, image.height) == 256)
        // A missing source is reported, the rest still made, exit 1 at the end.
        try FileManager.default.removeItem(at: URL(fileURLWithPath: record.source.path))
        let missing = try scene.stampkit(["thumbnails", "--rebuild"])
        #expect(missing.status == 1 && missing.stderr.contains("reconcile"))
    }

    @Test func theDefaultFolderIsMadePrivate() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        // `make run` may already have made the data folder, readable by all, for the gazetteer.
        let data = scene.root.appendingPathComponent("xdg-data")
        let folder = data.appendingPathComponent("stampkit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o755)
        let outcome = try scene.run(
            executable: CLI.binary.path, ["books", "add", "Blue"],
            environment: scene.environment.merging(["STAMPKIT_CATALOGUE": "", "XDG_DATA_HOME": data.path]) { $1 })
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(CatalogueFixtures.mode(folder.path) == 0o700)
        #expect(CatalogueFixtures.mode(folder.appendingPathComponent("catalogue.sqlite").path) == 0o600)
        // A folder named with --catalogue keeps its own mode.
        let chosen = scene.root.appendingPathComponent("chosen")
        try FileManager.default.createDirectory(at: chosen, withIntermediateDirectories: true)
        chmod(chosen.path, 0o755)
        #expect(try scene.stampkit(["books", "add", "Red", "--catalogue", chosen.appendingPathComponent("c.sqlite").path]).status == 0)
        #expect(CatalogueFixtures.mode(chosen.path) == 0o755)
        #expect(CatalogueFixtures.mode(chosen.appendingPathComponent("c.sqlite").path) == 0o600)
    }

    @Test func twoProcessesWritingAtOnceBothSucceed() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        _ = try CatalogueStore(url: scene.catalogue)
        let writers = try (0..<2).map { _ in try scene.start(["bench", "catalogue", "--catalogue", scene.catalogue.path, "--add", "50", "--runs", "1"]) }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        let records = try scene.allRecords()
        #expect(records.count == 100)
        #expect(Set(records.map(\.source.sha256)).count == 100)
        #expect(try CatalogueStore(url: scene.catalogue).isIntact())
    }
}
