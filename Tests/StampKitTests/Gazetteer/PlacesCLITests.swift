import Foundation
import Testing
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitScan

/// `stampkit places …`, `gazetteer info` and `bench gazetteer` run as the built binary against
/// the fixture gazetteer.
@Suite struct PlacesCLITests {
    func run(_ words: [String]) throws -> CLI.Outcome {
        try CLI.run(words + ["--gazetteer", try FixtureGazetteer.shared.path])
    }

    func jsonArray(_ text: String) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test(arguments: ["places", "places search", "places show", "places list", "bench gazetteer"])
    func everyPlacesCommandHasHelp(command: String) throws {
        let outcome = try CLI.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("USAGE: stampkit \(command)"))
    }

    @Test func searchJSONCarriesTheContractFields() throws {
        let outcome = try run(["places", "search", "LAX", "--json", "--limit", "3"])
        #expect(outcome.status == 0)
        let places = try jsonArray(outcome.stdout)
        let first = try #require(places.first)
        #expect(first["kind"] as? String == "airport")
        #expect(first["id"] as? String == "LAX")
        #expect(first["iata"] as? String == "LAX")
        #expect(first["icao"] as? String == "KLAX")
        #expect(first["countryCode"] as? String == "US")
        #expect(first["name"] as? String == "Los Angeles International Airport")
        #expect(places.count <= 3)

        let munich = try jsonArray(try run(["places", "search", "Monachium", "--json"]).stdout)
        #expect(munich.first?["kind"] as? String == "city")
        #expect(munich.first?["id"] as? Int == 2_867_714)  // a GeoNames ID is a number
        let several = try run(["places", "search", "new", "york", "--kind", "city,airport", "--in", "us", "--json"])
        #expect(several.status == 0)
        let kinds = Set(try jsonArray(several.stdout).compactMap { $0["kind"] as? String })
        #expect(kinds.isSubset(of: ["city", "airport"]))
    }

    @Test func searchTextShowsRankedLines() throws {
        let outcome = try run(["places", "search", "keflavik"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("KEF"))
        #expect(outcome.stdout.contains("Keflavík"))
        #expect(outcome.stdout.hasPrefix("  1. "))
    }

    @Test(arguments: GazetteerSearchTests.hostile.filter { !$0.contains("\u{0}") && !$0.isEmpty })
    func badQueriesExitZeroWithAJSONArray(query: String) throws {
        let outcome = try CLI.run(
            ["places", "search", "--json", "--gazetteer", try FixtureGazetteer.shared.path, "--", query])
        #expect(outcome.status == 0, "\(query.prefix(30)): \(outcome.stderr)")
        #expect(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) is [Any])
    }

    @Test func onlyPunctuationPrintsNothingAndSaysSo() throws {
        let outcome = try run(["places", "search", "?!.,;:"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("no places match"))
    }

    @Test(arguments: ["91,0", "-91,0", "0,181", "0,-180.5", "abc", "1,2,3", "1;2", "nan,0", "inf,0", ",", "", "64.1", "1e999,0", "0x10,0"])
    func malformedCoordinatesAreAUsageError(near: String) throws {
        let outcome = try run(["places", "search", "keflavik", "--near", near])
        #expect(outcome.status == 64, "\(near): \(outcome.stderr)")
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stdout.isEmpty)
    }

    @Test func otherBadOptionsAreUsageErrors() throws {
        for words in [
            ["places", "search", "x", "--kind", "planet"], ["places", "search", "x", "--in", "ISL"],
            ["places", "search", "x", "--limit", "0"], ["places", "search"], ["places", "show"],
            ["places", "list", "--kind", "city,airport"],
        ] {
            let outcome = try run(words)
            #expect(outcome.status == 64, "\(words)")
            #expect(outcome.stderrLines.count == 1, "\(words)")
        }
    }

    @Test func coordinatesAtTheEdgesAreFine() throws {
        for near in ["90,180", "-90,-180", "0,0", "-33.9,151.2"] {
            #expect(try run(["places", "search", "sydney", "--near", near]).status == 0, "\(near)")
        }
    }

    @Test func missingOrCorruptGazetteerNamesTheRebuild() throws {
        let missing = try CLI.run(["places", "search", "x", "--gazetteer", "/nonexistent/g.sqlite"])
        #expect(missing.status == 74)
        #expect(missing.stderrLines.count == 1)
        #expect(missing.stderr.contains("make gazetteer"))
        let dir = try makeTemporaryDirectory("places-corrupt")
        defer { try? FileManager.default.removeItem(at: dir) }
        let corrupt = dir.appendingPathComponent("g.sqlite")
        try Data(repeating: 0x42, count: 8192).write(to: corrupt)
        for words in [["places", "search", "x"], ["places", "show", "IS"], ["places", "list"], ["bench", "gazetteer"]] {
            let outcome = try CLI.run(words + ["--gazetteer", corrupt.path])
            #expect(outcome.status == 74, "\(words)")
            #expect(outcome.stderrLines.count == 1)
            #expect(outcome.stderr.contains("stampkit gazetteer build"))
        }
    }

    @Test func showAndListBrowseTheHierarchy() throws {
        let show = try run(["places", "show", "KEF", "--json"])
        #expect(show.status == 0)
        let detail = try #require(JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        let ancestors = try #require(detail["ancestors"] as? [[String: Any]])
        #expect(ancestors.compactMap { $0["kind"] as? String } == ["continent", "country", "region", "city"])
        #expect((detail["codes"] as? [String: String])?["icao"] == "BIKF")

        let text = try run(["places", "show", "2867714"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Monachium"))
        #expect(text.stdout.contains("Germany"))

        let continents = try jsonArray(try run(["places", "list", "--json"]).stdout)
        #expect(continents.count == 7)
        let regions = try jsonArray(try run(["places", "list", "--in", "IS", "--json"]).stdout)
        #expect(!regions.isEmpty)
        #expect(regions.allSatisfy { $0["kind"] as? String == "region" && $0["countryCode"] as? String == "IS" })
    }

    @Test func unknownIDIsAnInputError() throws {
        for words in [["places", "show", "XX.99"], ["places", "list", "--in", "nowhere"]] {
            let outcome = try run(words)
            #expect(outcome.status == 65, "\(words)")
            #expect(outcome.stderrLines.count == 1)
            #expect(outcome.stderr.contains("places search"))
        }
    }

    @Test func infoJSONCountsEveryKind() throws {
        let outcome = try run(["gazetteer", "info", "--json"])
        #expect(outcome.status == 0)
        let info = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let counts = try #require(info["counts"] as? [String: Int])
        for key in ["continents", "countries", "regions", "cities", "airports", "airportsWithIATA"] {
            #expect((counts[key] ?? 0) > 0, "\(key)")
        }
        #expect((info["sizeBytes"] as? Int ?? 0) > 0)
        #expect((info["attribution"] as? String)?.contains("CLDR") == true)
    }

    @Test func benchPrintsItsNumbers() throws {
        let outcome = try run(["bench", "gazetteer", "--rounds", "1"])
        #expect(outcome.status == 0)
        for label in ["search\t", "open\t", "size\t", "nearest\t"] {
            #expect(outcome.stdout.contains(label), "\(label)")
        }
    }
}
