import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// Each clue kind on its own, then the combiner, on the hand-written places of `TestPlaces`.
@Suite struct ObservationTests {
    let places = TestPlaces()

    func clues(_ lines: [String], confidence: Double = 90) -> StampClues {
        ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading(lines, confidence: confidence))
    }

    @Test func anAuthorityPhraseNamesItsCountryAlmostSurely() throws {
        var lookup = Lookup(directory: places)
        let found = try CountryAliasObservations().read(clues(["DEPARTMENT OF HOMELAND SECURITY"]), &lookup)
        let o = try #require(found.first)
        #expect(found.count == 1 && o.hypotheses.map(\.country) == ["US"] && o.evidence.kind == .countryName)
        #expect(abs(o.reliability - 0.85) < 1e-9)
        // Read faintly, the same phrase is worth less.
        let faint = try CountryAliasObservations().read(clues(["DEPARTMENT OF HOMELAND SECURITY"], confidence: 45), &lookup)
        #expect(faint.first!.reliability < o.reliability)
    }

    @Test func aCityNameSpreadsOverTheCountriesThatHaveOne() throws {
        var lookup = Lookup(directory: places)
        var cover = NameCover()
        let found = try NamePhraseObservations().read(clues(["LONDON"]), &lookup, &cover)
        let city = try #require(found.first { $0.evidence.kind == .cityName })
        let shares = Dictionary(grouping: city.hypotheses, by: \.country).mapValues { $0.map(\.share).reduce(0, +) }
        #expect(Set(shares.keys) == ["GB", "CA"])
        #expect(shares["GB"]! > shares["CA"]!, "by population")
        #expect(abs(shares.values.reduce(0, +) - 1) < 1e-9)
        #expect(cover.named.count == 1)
    }

    @Test func aTownOnceCalledSoGivesWayToOneWhoseOwnNameItIs() throws {
        let places = TestPlaces()
        places.cities.append((City(id: 2643123, name: "Manchester", countryCode: "GB", regionID: nil, population: 568_996, latitude: 53.48, longitude: -2.24), ["Manchester"]))
        places.cities.append((City(id: 4781708, name: "Richmond", countryCode: "US", regionID: nil, population: 226_610, latitude: 37.55, longitude: -77.46), ["Richmond", "Manchester"]))
        places.cities.append((City(id: 3169070, name: "Rome", countryCode: "IT", regionID: nil, population: 2_318_895, latitude: 41.89, longitude: 12.48), ["Rome", "Roma"]))
        places.cities.append((City(id: 4724129, name: "Roma", countryCode: "US", regionID: nil, population: 11_000, latitude: 26.4, longitude: -99.0), ["Roma"]))
        func shares(_ line: String) throws -> [String: Double] {
            var lookup = Lookup(directory: places)
            var cover = NameCover()
            let city = try #require(try NamePhraseObservations().read(clues([line]), &lookup, &cover).first { $0.evidence.kind == .cityName })
            return Dictionary(grouping: city.hypotheses, by: \.country).mapValues { $0.map(\.share).reduce(0, +) }
        }
        // By population alone Manchester would keep 61 %; Richmond's old name counts a quarter.
        #expect(try shares("MANCHESTER")["GB"]! > 0.85)
        // A city named abroad by another name (Rome) keeps its share against a small town
        // whose own name it is.
        #expect(try shares("ROMA")["IT"]! > 0.9)
    }

    @Test func aDamagedEndingIsReadAsTheNameNearestInShape() throws {
        let places = TestPlaces()
        func airport(_ iata: String, _ name: String, _ muni: String, _ cc: String) -> Airport {
            Airport(iata: iata, icao: nil, name: name, municipality: muni, countryCode: cc, regionID: nil, cityID: nil,
                    type: "large_airport", scheduled: true, latitude: 0, longitude: 0)
        }
        places.airports.append(airport("KIX", "Kansai International Airport", "Osaka", "JP"))
        places.airports.append(airport("MCI", "Kansas City International Airport", "Kansas City", "US"))
        var lookup = Lookup(directory: places)
        // KANSAT cut back to KANSA fits both; a T is worn from an I, not from an S.
        let found = try AirportWordObservations().read(clues(["KANSAT (K)"]), &lookup, NameCover())
        #expect(found.first { $0.evidence.text == "KANSAT" }?.hypotheses.map { $0.airport?.iata } == ["KIX"])
        let kansas = try AirportWordObservations().read(clues(["KANSAX"]), &lookup, NameCover())
        #expect(Set(kansas.first { $0.evidence.text == "KANSAX" }?.hypotheses.compactMap { $0.airport?.iata } ?? []) == ["KIX", "MCI"])
        // Two letters of the ending changed (NATROFT for Natrona) is a guess, weighed as one.
        places.airports.append(airport("CPR", "Casper-Natrona County International Airport", "Casper", "US"))
        var again = Lookup(directory: places)
        func reliability(_ line: String) throws -> Double {
            try #require(try AirportWordObservations().read(clues([line]), &again, NameCover()).first { $0.evidence.text == line }).reliability
        }
        #expect(try reliability("NATROFT") < 0.5 * reliability("NATRONX"))
    }

    @Test func theWordsOfAPhraseForAirportNameNone() throws {
        // ZRAČNA LUKA read with LUKA damaged: ZRAČNA says "airport", though Tivat's airport
        // is named Zračna luka Tivat.
        let found = clues(["ZRAČNA LUXA SOLIT"]).airportNameWords.map(\.form)
        #expect(!found.contains("zracna"))
        #expect(found.contains("solit"))
    }

    @Test func aLongerNameHidesTheShorterOneInsideIt() throws {
        var lookup = Lookup(directory: places)
        var cover = NameCover()
        let found = try NamePhraseObservations().read(clues(["NEW YORK"]), &lookup, &cover)
        #expect(found.allSatisfy { $0.hypotheses.allSatisfy { $0.country == "US" } }, "YORK, GB is inside NEW YORK")
        #expect(!found.isEmpty)
    }

    @Test func anAirportWordBesideAnAirportNameIsStrong() throws {
        var lookup = Lookup(directory: places)
        let beside = try AirportWordObservations().read(clues(["SUVARNABHUMI AIRPORT"]), &lookup, NameCover())
        let alone = try AirportWordObservations().read(clues(["SUVARNABHUMI"]), &lookup, NameCover())
        let b = try #require(beside.first { $0.hypotheses.contains { $0.airport?.iata == "BKK" } })
        let a = try #require(alone.first { $0.hypotheses.contains { $0.airport?.iata == "BKK" } })
        #expect(b.reliability > a.reliability)
    }

    @Test func aCodeAloneOnItsLineCountsMoreThanOneInRunningText() throws {
        var lookup = Lookup(directory: places)
        let alone = try IATACodeObservations(stampWords: TestLexicon.stampWords).read(clues(["ADMITTED", "JFK"]), &lookup, NameCover())
        let running = try IATACodeObservations(stampWords: TestLexicon.stampWords).read(clues(["ADMITTED AT JFK TODAY"]), &lookup, NameCover())
        let a = try #require(alone.first)
        #expect(a.hypotheses.first?.airport?.iata == "JFK" && a.evidence.kind == .iataCode)
        #expect(a.reliability > (running.first?.reliability ?? 0))
    }

    @Test func aCodeInsideANameIsPartOfTheName() throws {
        let c = clues(["NEW YORK JFK"])
        var lookup = Lookup(directory: places)
        let span = try #require(c.iataCandidates.first { $0.code == "JFK" }).span
        var cover = NameCover()
        cover.named = [TokenSpan(line: span.line, start: 0, end: span.end)]
        #expect(try IATACodeObservations(stampWords: TestLexicon.stampWords).read(c, &lookup, cover).isEmpty)
    }

    @Test func loneCountryCodesAndSignsAreWeak() throws {
        var lookup = Lookup(directory: places)
        let c = clues(["* * IS * *", "12.07.19"])
        let signs = try DistinguishingSignObservations().read(c, &lookup, NameCover())
        let codes = try CountryCodeObservations().read(c, &lookup, NameCover())
        let all = signs + codes
        #expect(!all.isEmpty && all.allSatisfy { $0.hypotheses.map(\.country) == ["IS"] })
        #expect(all.allSatisfy { $0.reliability < 0.5 })
    }

    @Test func aStopWordInRunningTextNamesItsCountryButNoAirport() throws {
        // AND of CUSTOMS AND BORDER spells Anderson Regional's code by chance: at most a weak
        // clue to the country, never the airport. Alone on its line it may be the code.
        var lookup = Lookup(directory: places)
        let codes = IATACodeObservations(stampWords: TestLexicon.stampWords)
        let running = try codes.read(clues(["CUSTOMS AND BORDER"]), &lookup, NameCover())
        let and = try #require(running.first { $0.evidence.text == "AND" })
        #expect(and.hypotheses.map(\.country) == ["US"] && and.hypotheses.allSatisfy { $0.airport == nil })
        let alone = try codes.read(clues(["AND"]), &lookup, NameCover())
        #expect(alone.first?.hypotheses.first?.airport?.iata == "AND")
    }

    @Test func agreeingCluesCombineAndRivalsTakeTheirSquaredPart() {
        func observation(_ line: Int, _ country: String, _ r: Double) -> Observation {
            Observation(
                span: TokenSpan(line: line, start: 0, end: 1), evidence: Evidence(kind: .countryCode, text: country, detail: ""),
                reliability: r, hypotheses: [Hypothesis(country: country, share: 1)])
        }
        // Two independent 0.6 clues: 1 − 0.4² = 0.84, and no rival.
        let agree = StampMatcher.countryConfidences([observation(0, "IS", 0.6), observation(1, "IS", 0.6)])
        #expect(agree.count == 1 && abs(agree[0].confidence - 0.84) < 1e-9)
        // Two clues on the same span count once, by the larger.
        let same = StampMatcher.countryConfidences([observation(0, "IS", 0.6), observation(0, "IS", 0.3)])
        #expect(abs(same[0].confidence - 0.6) < 1e-9)
        // A rival of 0.5 against 0.84: 0.84² / (0.84 + 0.25).
        let rival = StampMatcher.countryConfidences([observation(0, "IS", 0.6), observation(1, "IS", 0.6), observation(2, "DE", 0.5)])
        #expect(rival.map(\.country) == ["IS", "DE"])
        #expect(abs(rival[0].confidence - 0.84 * 0.84 / (0.84 + 0.25)) < 1e-9)
    }

    @Test func aChainNamesAnAirportOnlyWhenOneStandsOut() throws {
        var lookup = Lookup(directory: places)
        var cover = NameCover()
        let london = try NamePhraseObservations().read(clues(["LONDON AIRPORT"]), &lookup, &cover)
            + AirportWordObservations().read(clues(["LONDON AIRPORT"]), &lookup, NameCover())
        #expect(StampMatcher.agreedAirport(in: "GB", from: london) == nil, "Heathrow and Gatwick fit LONDON equally")
        let heathrow = try AirportWordObservations().read(clues(["HEATHROW"]), &lookup, NameCover())
        #expect(StampMatcher.agreedAirport(in: "GB", from: heathrow)?.iata == "LHR")
    }

    /// A name read faintly (a worn line looked at again) that fits an airport of the country
    /// another clue on the stamp names is taken with less support than one alone; a code,
    /// which junk makes anywhere, is not.
    @Test func aFaintAirportNameIsTakenBesideItsCountrysName() {
        let male = Airport(iata: "MLE", icao: nil, name: "Velana International Airport", municipality: "Male", countryCode: "MV",
                           regionID: nil, cityID: nil, type: "large_airport", scheduled: true, latitude: 0, longitude: 0)
        func clue(_ line: Int, _ kind: Evidence.Kind, _ r: Double, airport: Airport? = nil) -> Observation {
            Observation(span: TokenSpan(line: line, start: 0, end: 1), evidence: Evidence(kind: kind, text: "", detail: ""),
                        reliability: r, hypotheses: [Hypothesis(country: "MV", airport: airport, share: 1)])
        }
        let faintName = clue(1, .airportName, 0.06, airport: male)
        let country = clue(0, .countryName, 0.42)
        #expect(StampMatcher.agreedAirport(in: "MV", from: [country, faintName])?.iata == "MLE")
        #expect(StampMatcher.agreedAirport(in: "MV", from: [faintName]) == nil, "alone, too faint")
        #expect(StampMatcher.agreedAirport(in: "MV", from: [country, clue(1, .airportName, 0.03, airport: male)]) == nil)
        #expect(StampMatcher.agreedAirport(in: "MV", from: [country, clue(1, .iataCode, 0.06, airport: male)]) == nil,
                "a faint code stays out")
    }
}
