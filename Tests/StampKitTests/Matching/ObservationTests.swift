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
}
