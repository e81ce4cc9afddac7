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

    /// A lone letter or code off specks names a country as readily as a word read right; on a
    /// stamp that says LUFTHAVN, a D for Germany or a code of a German airport is as foreign as
    /// a German town would be, and an N for Norway is not. The date and the direction are not
    /// places and keep their weight.
    @Test func codesAndSignsOfCountriesOutsideTheStampsLanguagesAreCut() {
        let coherence = LanguageCoherence(lexicon: TestLexicon.shared)
        let c = clues(["LUFTHAVN SOLS", "D", "N", "18.11.19"])
        func observation(_ kind: Evidence.Kind, _ country: String) -> Observation {
            Observation(span: TokenSpan(line: 1, start: 0, end: 1), evidence: Evidence(kind: kind, text: "D", detail: ""),
                        reliability: 0.5, hypotheses: [Hypothesis(country: country, share: 1)])
        }
        let found = [observation(.distinguishingSign, "DE"), observation(.distinguishingSign, "NO"),
                     observation(.iataCode, "DE"), observation(.countryCode, "DE"), observation(.date, "DE")]
        let shares = coherence.weigh(found, c).map { $0.hypotheses[0].share }
        #expect(shares == [LanguageCoherence.foreignShare, 1, LanguageCoherence.foreignShare, LanguageCoherence.foreignShare, 1])
        // English says nothing: with AIRPORT beside it, nothing is cut.
        #expect(coherence.weigh(found, clues(["SOLA AIRPORT", "D"])).allSatisfy { $0.hypotheses[0].share == 1 })
    }

    /// Direction and entry-method words have languages too: ENTRADA places a stamp among the
    /// countries that speak Spanish or Portuguese. An English one (ARRIVAL beside FLUGHAFEN)
    /// says nothing of itself and leaves the other words' languages standing.
    @Test func directionWordsPlaceTheStampAsAirportWordsDo() throws {
        let coherence = LanguageCoherence(lexicon: TestLexicon.shared)
        let spanish = try #require(coherence.countries(clues(["MIGRACIONES", "ENTRADA", "16 OCT 2006"])))
        #expect(spanish.isSuperset(of: ["ES", "AR", "BR", "PT"]) && !spanish.contains("IT"))
        let german = try #require(coherence.countries(clues(["FLUGHAFEN HAMBURG", "ARRIVAL"])))
        #expect(german.contains("DE") && !german.contains("US"))
        #expect(coherence.countries(clues(["ARRIVAL", "12 JUL 2019"])) == nil)
    }
}
