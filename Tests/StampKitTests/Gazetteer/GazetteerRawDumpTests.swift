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
@testable import StampKitSupport

/// A user may point the importer at GeoNames' own dumps (cities500.txt, countryInfo.txt,
/// admin1CodesASCII.txt) instead of the packaged JSON: the same places must come out.
@Suite struct GazetteerRawDumpTests {
    /// Writes the fixture's packaged GeoNames files as raw dumps and removes the packaged ones.
    func rawCopy(in dir: URL) throws -> URL {
        let sources = dir.appendingPathComponent("sources")
        try FileManager.default.copyItem(at: FixtureGazetteer.sourcesURL, to: sources)
        let geonames = sources.appendingPathComponent("geonames")

        let cities = try JSONSerialization.jsonObject(
            with: Data(contentsOf: geonames.appendingPathComponent("cities500.json"))) as! [String: [String: Any]]
        var cityLines: [String] = []
        for city in cities.values {
            let alternates = (city["alternatenames"] as? [String] ?? []).joined(separator: ",")
            let fields: [String] = [
                "\(city["geonameid"]!)", city["name"] as! String, "", alternates,
                "\((city["latitude"] as! NSNumber).doubleValue)",
                "\((city["longitude"] as! NSNumber).doubleValue)", "P", "PPL",
                city["countrycode"] as! String, "", city["admin1code"] as? String ?? "", "", "", "",
                "\(city["population"] ?? 0)", "", "", "", "2024-01-01",
            ]
            cityLines.append(fields.joined(separator: "\t"))
        }
        try (cityLines.joined(separator: "\n") + "\n").write(
            to: geonames.appendingPathComponent("cities500.txt"), atomically: true, encoding: .utf8)

        let countries = try JSONSerialization.jsonObject(
            with: Data(contentsOf: geonames.appendingPathComponent("countries.json"))) as! [String: [String: Any]]
        var countryLines = ["# ISO\tISO3\tISO-Numeric\tfips\tCountry\t…"]
        for country in countries.values {
            func text(_ key: String) -> String { country[key].map { "\($0)" } ?? "" }
            countryLines.append([
                text("iso"), text("iso3"), text("isonumeric"), text("fips"), text("name"),
                text("capital"), text("areakm2"), text("population"), text("continentcode"),
                text("tld"), text("currencycode"), text("currencyname"), text("phone"), "",
                text("postalcoderegex"), text("languages"), text("geonameid"), text("neighbours"), "",
            ].joined(separator: "\t"))
        }
        try (countryLines.joined(separator: "\n") + "\n").write(
            to: geonames.appendingPathComponent("countryInfo.txt"), atomically: true, encoding: .utf8)

        let subdivisions = try String(
            contentsOf: sources.appendingPathComponent("regions/subdivisions.tsv"), encoding: .utf8)
        let admin1 = subdivisions.split(separator: "\n").map { line -> String in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            return [f[2], f[0], f[0], f[3]].joined(separator: "\t")
        }
        try (admin1.joined(separator: "\n") + "\n").write(
            to: sources.appendingPathComponent("regions/admin1CodesASCII.txt"), atomically: true,
            encoding: .utf8)

        for file in ["geonames/cities500.json", "geonames/countries.json", "regions/subdivisions.tsv"] {
            try FileManager.default.removeItem(at: sources.appendingPathComponent(file))
        }
        return sources
    }

    @Test func rawDumpsGiveTheSamePlaces() throws {
        let dir = try makeTemporaryDirectory("gazetteer-raw")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sources = try rawCopy(in: dir)
        let output = dir.appendingPathComponent("raw.sqlite")
        let report = try Gazetteer.build(
            sources: sources, lexicons: FixtureGazetteer.lexiconsURL, output: output,
            minimumCityPopulation: FixtureGazetteer.minimumCityPopulation)
        let packaged = try FixtureGazetteer.report
        #expect(report.counts.countries == packaged.counts.countries)
        #expect(report.counts.regions == packaged.counts.regions)
        #expect(report.counts.cities == packaged.counts.cities)
        #expect(report.counts.airports == packaged.counts.airports)

        let raw = try Gazetteer(path: output).database
        let reference = try FixtureGazetteer.open().database
        for sql in [
            "SELECT * FROM cities ORDER BY id", "SELECT * FROM countries ORDER BY code",
            "SELECT id, country, name FROM regions ORDER BY id",
            // Airport regions come from ISO 3166-2 codes, which admin1CodesASCII.txt lacks.
            "SELECT id, ident, iata, icao, name, country, city FROM airports ORDER BY id",
        ] {
            #expect(try rows(raw, sql) == rows(reference, sql), "\(sql)")
        }
        #expect(try Gazetteer(path: output).search(PlaceQuery(text: "Monachium")).first?.place.name == "Munich")
    }

    @Test func neitherPackagedNorRawIsMissing() throws {
        let dir = try makeTemporaryDirectory("gazetteer-raw-missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sources = try rawCopy(in: dir)
        try FileManager.default.removeItem(at: sources.appendingPathComponent("geonames/cities500.txt"))
        #expect {
            try Gazetteer.build(sources: sources, lexicons: dir, output: dir.appendingPathComponent("g.sqlite"))
        } throws: {
            ($0 as? GazetteerError)?.code == "gazetteer-source-missing"
                && ($0 as? GazetteerError)?.message.contains("cities500.json") == true
        }
    }

    private func rows(_ db: Database, _ sql: String) throws -> [[SQLValue]] {
        let statement = try db.prepare(sql)
        var out: [[SQLValue]] = []
        while try statement.step() {
            out.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        return out
    }
}
