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
@testable import StampKitSupport

@Suite struct GazetteerHierarchyTests {
    @Test func anAirportShowsItsWholeChain() throws {
        let detail = try #require(try FixtureGazetteer.open().detail(id: "kef"))
        #expect(detail.place.kind == .airport)
        #expect(detail.place.id == .code("KEF"))
        #expect(detail.ancestors.map(\.kind) == [.continent, .country, .region, .city])
        #expect(detail.ancestors.map(\.name).first == "Europe")
        #expect(detail.ancestors[1].id == .code("IS"))
        #expect(detail.ancestors.last?.name == "Keflavík")
        #expect(detail.codes["iata"] == "KEF")
        #expect(detail.codes["icao"] == "BIKF")
        #expect(detail.airportType == "large_airport")
        #expect(detail.scheduled == true)
        // Also reachable by its ICAO code.
        #expect(try FixtureGazetteer.open().detail(id: "BIKF")?.place.id == .code("KEF"))
    }

    @Test func aCityShowsNamesInOtherLanguages() throws {
        let detail = try #require(try FixtureGazetteer.open().detail(id: "2867714"))
        #expect(detail.place.name == "Munich")
        #expect(detail.names.contains(PlaceName(language: "pl", name: "Monachium")))
        #expect(detail.names.contains { $0.name == "München" })
        #expect(detail.ancestors.map(\.kind) == [.continent, .country, .region])
        #expect(detail.ancestors[2].name.contains("Bayern") || detail.ancestors[2].name.contains("Bavaria"))
        #expect((detail.childCounts["airport"] ?? 0) >= 1)  // MUC serves Munich
        #expect(detail.codes["geonames"] == "2867714")
    }

    @Test func aCountryAndARegionCountTheirChildren() throws {
        let gazetteer = try FixtureGazetteer.open()
        let iceland = try #require(try gazetteer.detail(id: "is"))
        #expect(iceland.codes["iso3166-1-alpha3"] == "ISL")
        #expect(iceland.ancestors.map(\.kind) == [.continent])
        #expect(iceland.names.contains { $0.name == "Ísland" })
        let regions = try #require(try gazetteer.children(of: "IS", limit: 1000))
        #expect(regions.count == iceland.childCounts["region"])
        #expect(regions.allSatisfy { $0.kind == .region && $0.countryCode == "IS" })
        let capital = try #require(regions.first)  // most populous first
        let cities = try #require(try gazetteer.children(of: capital.id.description, limit: 1000))
        #expect(cities.allSatisfy { $0.kind == .city && $0.regionID == capital.regionID })
        #expect(cities.count == (try gazetteer.detail(id: capital.id.description))?.childCounts["city"])
        let populations = cities.compactMap(\.population)
        #expect(populations == populations.sorted(by: >))
    }

    @Test func browsingFromTheTop() throws {
        let gazetteer = try FixtureGazetteer.open()
        let continents = try #require(try gazetteer.children(of: nil))
        #expect(continents.count == 7)
        let europe = try #require(continents.first { $0.name == "Europe" })
        let countries = try #require(try gazetteer.children(of: europe.id.description, limit: 500))
        #expect(countries.contains { $0.id == .code("IS") })
        #expect(!countries.contains { $0.id == .code("JP") })
        let german = try #require(try gazetteer.children(of: "DE", kind: .airport, limit: 500))
        #expect(german.contains { $0.iata == "FRA" })
        #expect(try gazetteer.children(of: "KEF") == [])
        #expect(try gazetteer.children(of: "DE", kind: .continent) == [])
    }

    @Test(arguments: ["", "XX", "ZZZ", "XX.99", "-1", "99999999999999999999", "nope", "🇮🇸"])
    func unknownIDsNameNothing(id: String) throws {
        #expect(try FixtureGazetteer.open().detail(id: id) == nil)
        #expect(try FixtureGazetteer.open().children(of: id) == nil)
    }
}

@Suite struct GazetteerValidationTests {
    @Test func everyLinkPointsAtARowThatExists() throws {
        let gazetteer = try FixtureGazetteer.open()
        let db = gazetteer.database
        #expect(try db.scalarInt("SELECT count(*) FROM cities WHERE region IS NOT NULL AND region NOT IN (SELECT id FROM regions)") == 0)
        #expect(try db.scalarInt("SELECT count(*) FROM cities WHERE country NOT IN (SELECT code FROM countries)") == 0)
        #expect(try db.scalarInt("SELECT count(*) FROM airports WHERE country NOT IN (SELECT code FROM countries)") == 0)
        #expect(try db.scalarInt("SELECT count(*) FROM airports WHERE region IS NOT NULL AND region NOT IN (SELECT id FROM regions)") == 0)
        // An airport's city lies in the airport's own country.
        #expect(try db.scalarInt("SELECT count(*) FROM airports a JOIN cities c ON c.id = a.city WHERE c.country != a.country") == 0)
        #expect(try db.scalarInt("SELECT count(*) FROM airports WHERE city IS NOT NULL AND city NOT IN (SELECT id FROM cities)") == 0)
        let report = try FixtureGazetteer.report
        #expect(try db.scalarInt("SELECT count(*) FROM airports WHERE city IS NULL") == report.validation.airportsWithoutCity)
        #expect(try db.scalarInt("SELECT count(*) FROM airports WHERE region IS NULL") == report.validation.airportsWithoutRegion)
        #expect(
            try db.scalarInt("SELECT count(*) FROM cities WHERE region IS NULL")
                == report.validation.citiesWithUnknownRegion + report.validation.citiesWithoutRegion)
    }

    @Test func namesFollowTheSelectiveRule() throws {
        let db = try FixtureGazetteer.open().database
        // Selfoss (9,000 people, no airport) keeps only its own name and tagged names: GeoNames'
        // untagged alternates (Arborg, Selfos…) are for cities of 15,000+ or airport towns.
        let selfoss = try #require(try FixtureGazetteer.open().cities(named: "selfoss", countryCode: "IS", limit: 1).first)
        #expect(try db.scalarInt("SELECT count(*) FROM names WHERE kind = 'city' AND place = ? AND language IS NULL", [.integer(selfoss.id)]) == 1)
        #expect(try FixtureGazetteer.open().cities(named: "arborg", countryCode: "IS", limit: 1).isEmpty)
        // Egilsstaðir serves EGS, so it keeps them.
        #expect(try FixtureGazetteer.open().cities(named: "egilsstadi", countryCode: "IS", limit: 1).count == 1)
        // Tagged city names are in Latin or the country's script only: no Cyrillic name of Munich.
        #expect(try db.scalarInt("SELECT count(*) FROM names WHERE place = 2867714 AND language = 'ru'") == 0)
        // Country names keep every script.
        #expect(try db.scalarInt("SELECT count(*) FROM names WHERE kind = 'country' AND place = 'DE' AND language = 'ru'") ?? 0 >= 1)
        // One row per place and search form.
        #expect(try db.scalarInt("SELECT count(*) FROM (SELECT kind, place, form FROM names GROUP BY 1, 2, 3 HAVING count(*) > 1)") == 0)
    }

    @Test func rowsAreStoredMostImportantFirst() throws {
        let db = try FixtureGazetteer.open().database
        #expect(try db.scalarInt("SELECT count(*) FROM names a JOIN names b ON b.rowid = a.rowid + 1 WHERE b.importance > a.importance") == 0)
    }

    @Test func buildReportsLocalesAndContinents() throws {
        let report = try FixtureGazetteer.report
        #expect(report.counts.continents == 7)
        #expect(report.locales["cldr"] == 10)
        #expect(report.locales["geonames"] == 8)
        #expect((report.locales["iso-codes"] ?? 0) >= 14)
        let info = try FixtureGazetteer.open().info()
        #expect(info.schemaVersion == GazetteerSchema.version)
        #expect(info.attribution.contains("CLDR"))
        #expect(Set(info.sources.map(\.name)).isSuperset(of: ["unicode-cldr-core", "libgeonames-common"]))
        #expect(info.locales["cldr"] == report.locales["cldr"])
        #expect(info.locales["geonames"] == report.locales["geonames"])
        #expect(info.validation["airports_without_city"] == report.validation.airportsWithoutCity)
    }
}

@Suite struct CLDRNamesTests {
    @Test func subdivisionCodesBecomeISO() {
        #expect(CLDRNames.isoSubdivision("deby") == "DE-BY")
        #expect(CLDRNames.isoSubdivision("is1") == "IS-1")
        #expect(CLDRNames.isoSubdivision("usca") == "US-CA")
        #expect(CLDRNames.isoSubdivision("d") == nil)
        #expect(CLDRNames.isoSubdivision("1abc") == nil)
    }

    @Test func readsOnlyTheTerritoriesBlock() throws {
        let dir = try makeTemporaryDirectory("cldr")
        defer { try? FileManager.default.removeItem(at: dir) }
        let main = dir.appendingPathComponent("main")
        try FileManager.default.createDirectory(at: main, withIntermediateDirectories: true)
        try """
            <?xml version="1.0" encoding="UTF-8" ?>
            <!DOCTYPE ldml SYSTEM "../../common/dtd/ldml.dtd">
            <ldml><localeDisplayNames><languages><language type="de">Deutsch</language></languages>
            <territories><territory type="DE">Deutschland</territory>
            <territory type="HK" alt="short">Hongkong</territory><territory type="IS">Is&amp;land</territory>
            </territories></localeDisplayNames></ldml>
            """.write(to: main.appendingPathComponent("de_AT.xml"), atomically: true, encoding: .utf8)
        try "<ldml>no territories</ldml>".write(to: main.appendingPathComponent("xx.xml"), atomically: true, encoding: .utf8)
        let names = try CLDRNames(main: main, subdivisions: dir.appendingPathComponent("none"))
        #expect(names.locales == 1)
        #expect(names.territories["DE"] == [TaggedName(language: "de-AT", name: "Deutschland")])
        #expect(names.territories["HK"]?.first?.name == "Hongkong")
        #expect(names.territories["IS"]?.first?.name == "Is&land")
        #expect(names.territories["de"] == nil)
    }

    @Test func brokenXMLNamesItsFile() throws {
        let dir = try makeTemporaryDirectory("cldr-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "<ldml><territories><territory type=\"DE>Deutsch</territory></territories>".write(
            to: dir.appendingPathComponent("de.xml"), atomically: true, encoding: .utf8)
        #expect { try CLDRNames(main: dir, subdivisions: dir) } throws: {
            ($0 as? GazetteerError)?.message.contains("de.xml") == true
        }
    }
}
