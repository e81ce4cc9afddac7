import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitGazetteer

/// `stampkit gallery` on a scratch catalogue of real photos with places from the fixture
/// gazetteer.
@Suite struct GalleryCommandTests {
    @Test func groupsTheCatalogueByContinentAndCountry() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let kef = try scene.catalogue(at: "KEF", date: "2019-07-12")
        let cdg1 = try scene.catalogue(at: "CDG", date: "2017-08-18")
        let cdg2 = try scene.catalogue(at: "CDG", date: "2021-01-05", direction: .departure)
        let jfk = try scene.catalogue(at: "JFK", date: "2019-07-12")
        let pending = try scene.catalogue(at: "NRT", date: "2018-03-27", status: .pending)

        let outcome = try scene.stampkitWithPlaces(["gallery", "--json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let object = try #require(try CatalogueScene.json(outcome) as? [String: Any])
        #expect(object["count"] as? Int == 4 && object["arrivals"] as? Int == 3 && object["departures"] as? Int == 1)
        #expect(object["firstVisit"] as? String == "2017-08-18" && object["lastVisit"] as? String == "2021-01-05")
        let continents = try #require(object["continents"] as? [[String: Any]])
        // The gazetteer's continents and names; Europe has the most stamps, so it comes first.
        #expect(continents.map { $0["code"] as? String } == ["EU", "NA"])
        #expect(continents.map { $0["name"] as? String } == ["Europe", "North America"])
        let europe = try #require(continents[0]["countries"] as? [[String: Any]])
        #expect(europe.map { $0["code"] as? String } == ["FR", "IS"])
        #expect(europe[0]["count"] as? Int == 2 && europe[0]["departures"] as? Int == 1)
        let french = try #require(europe[0]["stamps"] as? [[String: Any]])
        #expect(french.map { $0["id"] as? Int } == [cdg1.id, cdg2.id])
        #expect(europe[1]["name"] as? String == kef.country?.name)
        let america = try #require(continents[1]["countries"] as? [[String: Any]])
        #expect((america.first?["stamps"] as? [[String: Any]])?.first?["id"] as? Int == jfk.id)
        // Stamps are `list --json` records, thumbnails made.
        let thumbnail = try #require(french.first?["thumbnail"] as? String)
        #expect(FileManager.default.fileExists(atPath: thumbnail))

        // --all brings the pending one in (Asia); list's filters work the same way.
        let all = try #require(try CatalogueScene.json(try scene.stampkitWithPlaces(["gallery", "--all", "--json"])) as? [String: Any])
        #expect((all["continents"] as? [[String: Any]])?.map { $0["code"] as? String } == ["EU", "AS", "NA"])
        #expect(all["count"] as? Int == 5)
        _ = pending
        let filtered = try #require(try CatalogueScene.json(
            try scene.stampkitWithPlaces(["gallery", "--json", "--year", "2019"])) as? [String: Any])
        #expect(filtered["count"] as? Int == 2)
        let onlyEurope = try #require(try CatalogueScene.json(
            try scene.stampkitWithPlaces(["gallery", "--json", "--continent", "europe", "--departures"])) as? [String: Any])
        #expect(onlyEurope["count"] as? Int == 1 && onlyEurope["departures"] as? Int == 1)

        // The text form: a heading per continent and country with its tally, then the stamps.
        let text = try scene.stampkitWithPlaces(["gallery"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Europe (EU) · 3 stamps · 2017-08-18 – 2021-01-05 · 2 arrivals · 1 departure")
        #expect(lines[1] == "  France (FR) · 2 stamps · 2017-08-18 – 2021-01-05 · 1 arrival · 1 departure")
        #expect(lines[2].hasPrefix("    #\(cdg1.id!) "))
        #expect(lines.contains("  United States (US) · 1 stamp · 2019-07-12 · 1 arrival"))
        #expect(lines.count == 2 + 5 + 2)
        #expect(text.stderr.contains("4 stamps from 3 countries on 2 continents"))
    }

    @Test func badInputGivesOneLineAndItsExitCode() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        // No catalogue yet, then an empty one: nothing to show is an input error (65).
        let missing = try scene.stampkitWithPlaces(["gallery"])
        #expect(missing.status == 65 && missing.stderrLines.count == 1, "\(missing.stderr)")
        #expect(missing.stderr.contains("has no stamps yet") && missing.stderr.contains("stampkit add"))
        #expect(missing.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scene.catalogue.path))
        _ = try CatalogueStore(url: scene.catalogue)
        let empty = try scene.stampkitWithPlaces(["gallery", "--json"])
        #expect(empty.status == 65 && empty.stderrLines.count == 1 && empty.stdout.isEmpty)

        try scene.catalogue(at: "KEF", date: "2019-07-12")
        // A well-formed code no country has, a malformed one, a contradiction: usage (64).
        for bad in [["--country", "QQ"], ["--country", "ISL"], ["--all", "--pending"], ["--continent", "atlantis"]] {
            let refused = try scene.stampkitWithPlaces(["gallery"] + bad)
            #expect(refused.status == 64 && refused.stderrLines.count == 1 && refused.stdout.isEmpty, "\(bad): \(refused.stderr)")
        }
        let unknown = try scene.stampkitWithPlaces(["gallery", "--country", "qq"])
        #expect(unknown.stderr.contains("--country QQ") && unknown.stderr.contains("places search"))
        // A real country with no stamps is an empty gallery, not an error.
        let none = try scene.stampkitWithPlaces(["gallery", "--country", "FR", "--json"])
        #expect(none.status == 0)
        #expect((try CatalogueScene.json(none) as? [String: Any])?["count"] as? Int == 0)
        // Without a gazetteer the message names how to build one (database, 74).
        let noPlaces = try scene.stampkit(["gallery", "--gazetteer", scene.root.appendingPathComponent("none.sqlite").path])
        #expect(noPlaces.status == 74 && noPlaces.stderrLines.count == 1)
    }
}
