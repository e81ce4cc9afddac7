import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// An airport word's language supports places where it is spoken, and only those.
@Suite struct LanguageCoherenceTests {
    func clues(_ lines: [String]) -> StampClues {
        ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading(lines))
    }

    @Test func theWordListsPlaceTheirLanguages() throws {
        let lexicon = TestLexicon.shared
        #expect(lexicon.languageCountries["de"]?.isSuperset(of: ["DE", "AT", "CH"]) == true)
        #expect(lexicon.languageCountries["en"] == nil, "English is printed everywhere")
        // One spelling, several languages: AÉROPORT is French as well as the prefix of AEROPORTO.
        #expect(lexicon.airportWordLanguages["aeroport"]?.isSuperset(of: ["pt", "it", "fr", "ro"]) == true)
        #expect(lexicon.airportWordLanguages["lufthavn"] == ["da", "no"])
        var files = try Dictionary(uniqueKeysWithValues: Lexicon.fileNames.map {
            ($0, try String(contentsOf: TestLexicon.directory.appendingPathComponent($0), encoding: .utf8))
        })
        #expect(try Lexicon(files: files).languageCountries.isEmpty, "a gazetteer built before the file still loads")
        files[Lexicon.languagesFile] = "de\tDE germany\n"
        #expect(throws: LexiconFailure.self) { try Lexicon(files: files) }
    }

    @Test func aNamesakeAbroadLosesToThePlaceThatSpeaksTheWord() throws {
        let places = TestPlaces()
        places.airports.append(
            Airport(
                iata: "HAM", icao: "EDDH", name: "Hamburg Helmut Schmidt Airport", municipality: "Hamburg", countryCode: "DE",
                regionID: nil, cityID: nil, type: "large_airport", scheduled: true, latitude: 53.63, longitude: 9.99))
        places.airports.append(
            Airport(
                iata: "ZHB", icao: nil, name: "Hamburg Municipal Airport", municipality: "Hamburg", countryCode: "US",
                regionID: nil, cityID: nil, type: "large_airport", scheduled: true, latitude: 42.7, longitude: -78.8))
        let coherence = LanguageCoherence(lexicon: TestLexicon.shared)
        func shares(_ lines: [String]) throws -> [String: Double] {
            var lookup = Lookup(directory: places)
            let c = clues(lines)
            let found = coherence.weigh(try AirportWordObservations().read(c, &lookup, NameCover()), c)
            let o = try #require(found.first)
            return Dictionary(grouping: o.hypotheses, by: \.country).mapValues { $0.map(\.share).reduce(0, +) }
        }
        let german = try shares(["FLUGHAFEN HAMBURG"])
        #expect(german["DE"]! > 3 * german["US"]!)
        // AIRPORT is English, printed in every country: both keep their part.
        let english = try shares(["HAMBURG AIRPORT"])
        #expect(abs(english["DE"]! - english["US"]!) < 1e-9)
    }
}
