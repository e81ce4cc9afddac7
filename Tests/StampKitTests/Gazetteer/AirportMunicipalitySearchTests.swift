import Foundation
import Testing
@testable import StampKit
@testable import StampKitGazetteer

/// An airport's municipality is the place it serves, not a name of the airport: a search for
/// the city's name finds the city first and the airport after it, while the airport's own name
/// or code still finds the airport first. The fixture holds San Francisco and SFO (municipality
/// San Francisco), Oakland and OAK (municipality Oakland), Reykjavík with KEF and RKV (both
/// municipality Reykjavík), Egilsstaðir and EGS.
@Suite struct AirportMunicipalitySearchTests {
    func search(
        _ text: String, kinds: Set<PlaceKind>? = nil, near: (Double, Double)? = nil, limit: Int = 10
    ) throws -> [PlaceHit] {
        try FixtureGazetteer.open().search(
            PlaceQuery(
                text: text, kinds: kinds,
                near: near.map { (latitude: $0.0, longitude: $0.1) }, limit: limit))
    }

    /// Where the airport with this IATA code stands in `hits`.
    func index(ofAirport iata: String, in hits: [PlaceHit]) -> Int? {
        hits.firstIndex { $0.place.kind == .airport && $0.place.iata == iata }
    }

    @Test(arguments: [
        ("san francisco", 5_391_959, "SFO"), ("oakland", 5_378_538, "OAK"),
        ("reykjavik", 3_413_829, "KEF"), ("reykjavik", 3_413_829, "RKV"),
        ("egilsstadir", 2_632_132, "EGS"),
    ])
    func theCityNamedSoComesBeforeTheAirportServingIt(query: String, city: Int, iata: String) throws {
        let hits = try search(query)
        #expect(hits.first?.place.kind == .city, "\(query): \(hits.map(\.place.name))")
        #expect(hits.first?.place.id == .number(city), "\(query)")
        // The airport is still found, right behind the places named exactly so.
        let airport = try #require(index(ofAirport: iata, in: hits), "\(query)")
        #expect(airport > 0)
    }

    @Test func nearTheAirportTheCityStillComesFirst() throws {
        // SFO counts as a bigger place than the city (2,000,000 against 827,526), which without
        // the rule put it first whenever importance was compared in half-decades.
        let hits = try search("san francisco", near: (37.62, -122.37))
        #expect(hits.first?.place.id == .number(5_391_959))
        #expect(index(ofAirport: "SFO", in: hits) != nil)
    }

    @Test(arguments: [
        ("san francisco international airport", "SFO"), ("san francisco international", "SFO"),
        ("SFO", "SFO"), ("KSFO", "SFO"), ("keflavik international airport", "KEF"), ("KEF", "KEF"),
        ("reykjavik domestic", "RKV"), ("egilsstadir airport", "EGS"),
    ])
    func theAirportsOwnNameOrCodeStillFindsItFirst(query: String, iata: String) throws {
        let first = try #require(try search(query).first, "\(query)")
        #expect(first.place.kind == .airport, "\(query)")
        #expect(first.place.iata == iata, "\(query)")
    }

    @Test func whenOnlyAirportsAreAskedTheMunicipalityFindsThem() throws {
        let hits = try search("san francisco", kinds: [.airport])
        #expect(hits.first?.place.iata == "SFO")
        #expect(hits.first?.matchedName == "San Francisco")
        #expect(hits.first?.match == .exact)
    }

    @Test func theCommandListsTheCityFirst() throws {
        let outcome = try CLI.run(
            ["places", "search", "san", "francisco", "--gazetteer", try FixtureGazetteer.shared.path])
        #expect(outcome.status == 0)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.first?.contains("city") == true, "\(lines.prefix(2))")
        #expect(lines.first?.contains("5391959") == true)
        #expect(lines.dropFirst().first?.contains("SFO") == true, "\(lines.prefix(3))")
    }
}
