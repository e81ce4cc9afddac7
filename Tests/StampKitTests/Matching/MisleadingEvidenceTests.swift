import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// Clues that look like evidence but are not: words shared by many airport names, codes read off
/// a ring's texture, inflected or run-together names. Each test fails without its rule.
@Suite struct MisleadingEvidenceTests {
    func clues(_ lines: [String], confidence: Double = 90) -> StampClues {
        ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading(lines, confidence: confidence))
    }

    func airport(_ iata: String, _ name: String, _ muni: String, _ cc: String, type: String = "medium_airport") -> Airport {
        Airport(
            iata: iata, icao: nil, name: name, municipality: muni, countryCode: cc, regionID: nil, cityID: nil,
            type: type, scheduled: true, latitude: 0, longitude: 0)
    }

    @Test func ringTextureIsNotACode() throws {
        let places = TestPlaces()
        places.airports.append(airport("SSS", "Siassi Airport", "Siassi", "PG", type: "small_airport"))
        places.airports.append(airport("INT", "Smith Reynolds Airport", "Winston Salem", "US"))
        places.countries.append(Country(code: "SS", alpha3: "SSD", name: "South Sudan", continent: "AF", population: 11_062_113))
        places.countryNames["SS"] = ["South Sudan"]
        var lookup = Lookup(directory: places)
        let ring = clues(["SS SS", "SSS", "AUSTRALIA", "SS", "KEF"])
        #expect(try CountryCodeObservations().read(ring, &lookup, NameCover()).isEmpty)
        let codes = try IATACodeObservations().read(ring, &lookup, NameCover())
        let sss = try #require(codes.first { $0.evidence.text == "SSS" })
        let kef = try #require(codes.first { $0.evidence.text == "KEF" })
        #expect(sss.reliability < 0.1 && kef.reliability >= 0.5)
        // The same letters three times are texture even when they are not one letter repeated.
        let texture = clues(["FI", "FI FI", "FARO"])
        #expect(!texture.countryCodeCandidates.isEmpty && texture.countryCodeCandidates.allSatisfy { $0.isDebris })
        #expect(try CountryCodeObservations().read(texture, &lookup, NameCover()).isEmpty)
        // INT of INT'L is part of a word, not a code; the same letters printed alone are one.
        let inWord = try IATACodeObservations().read(clues(["SIEM REAP INT'L AIRPORT"]), &lookup, NameCover())
        let alone = try IATACodeObservations().read(clues(["SIEM REAP", "INT"]), &lookup, NameCover())
        #expect((inWord.first?.reliability ?? 0) < 0.1)
        #expect((alone.first?.reliability ?? 0) >= 0.3)
    }
}
