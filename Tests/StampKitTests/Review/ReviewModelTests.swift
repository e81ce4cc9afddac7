import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence
@testable import StampKitScan
@testable import StampKitMatching
@testable import StampKitOCR
@testable import stampkit

/// The draft's chain rules and the screens' text, without a terminal.
@Suite struct ReviewModelTests {
    @Test func pickingAnAirportFillsItsCityRegionAndCountry() throws {
        let places = try FixtureGazetteer.open()
        var draft = StampDraft()
        draft.confidence = 0.5
        let kef = try #require(try places.search(PlaceQuery(text: "keflavik", kinds: [.airport])).first?.place)
        try draft.take(kef, from: places)
        #expect(draft.airport?.id == "KEF")
        #expect(draft.city?.name == "Keflavík" && draft.country == .init(id: "IS", name: "Iceland"))
        #expect(draft.region?.id.hasPrefix("IS.") == true)
        #expect(draft.confidence == nil, "a place picked by hand has no scan confidence")
    }

    @Test func pickingACityClearsTheAirportBelowIt() throws {
        let places = try FixtureGazetteer.open()
        var draft = StampDraft()
        draft.airport = .init(id: "KEF", name: "Keflavik International Airport")
        let munich = try #require(try places.search(PlaceQuery(text: "München", kinds: [.city])).first?.place)
        try draft.take(munich, from: places)
        #expect(draft.city?.name == "Munich" && draft.country?.id == "DE" && draft.region?.id == "DE.02")
        #expect(draft.airport == nil)
    }

    @Test func correctingOneLevelKeepsTheOthers() throws {
        let places = try FixtureGazetteer.open()
        var draft = StampDraft()
        let kef = try #require(try places.search(PlaceQuery(text: "KEF", kinds: [.airport])).first?.place)
        try draft.take(kef, from: places)
        let reykjavik = try #require(try places.search(PlaceQuery(text: "reykjavik", kinds: [.city])).first?.place)
        draft.set(reykjavik)
        #expect(draft.city?.name == "Reykjavík" && draft.airport?.id == "KEF" && draft.country?.id == "IS")
        draft.clear(.region)
        #expect(draft.region == nil && draft.city != nil)
        #expect(draft.chainText == "Iceland › Reykjavík › KEF Keflavik International Airport")
    }

    @Test func aCandidateBringsItsChainConfidenceAndEvidenceButNotTheFields() {
        var draft = StampDraft(proposal: StampProposal(candidates: [], date: StampDate(value: "2019-07-12", text: "12.07.19"), direction: .arrival, entryMethod: .air))
        draft.note = "first trip"
        let candidate = Candidate(
            confidence: 0.93, country: Country(code: "IS", alpha3: "ISL", name: "Iceland", continent: "EU", population: 1),
            airport: Airport(iata: "KEF", icao: "BIKF", name: "Keflavik International Airport", municipality: nil, countryCode: "IS",
                             regionID: nil, cityID: nil, type: "large_airport", scheduled: true, latitude: 0, longitude: 0),
            evidence: [Evidence(kind: .iataCode, text: "KEF", detail: "airport")])
        draft.take(candidate)
        #expect(draft.country?.id == "IS" && draft.airport?.id == "KEF" && draft.region == nil && draft.city == nil)
        #expect(draft.confidence == 0.93 && draft.evidence.count == 1)
        #expect(draft.date == "2019-07-12" && draft.direction == .arrival && draft.entryMethod == .air && draft.note == "first trip")
    }

    @Test(arguments: [("2019-07-12", true), ("2020-02-29", true), ("2019-02-29", false), ("2019-13-01", false),
                      ("2019-7-12", false), ("12.07.2019", false), ("", false), ("2019-04-31", false)])
    func calendarDays(text: String, valid: Bool) {
        #expect((CalendarDay(text) != nil) == valid, "the day the review accepts when it is typed")
    }

    @Test func linesAreCutToTheWidthWithoutBreakingColours() {
        let line = "\u{1B}[1mKeflavík\u{1B}[0m airport"
        let cut = ReviewScreens.fit(line, width: 5)
        #expect(cut == "\u{1B}[1mKefla\u{1B}[0m\u{1B}[0m")
        #expect(ReviewScreens.fit("short", width: 10) == "short")
        let preview = HalfBlockRenderer.render(RGBPixels(width: 3, height: 2, bytes: Array(repeating: 100, count: 18)), colours: .truecolor)[0]
        #expect(ReviewScreens.fit(preview, width: 2).filter { $0 == "▀" }.count == 2)
    }

    @Test func theStampScreenListsCandidatesWithEvidenceThenTheCommands() {
        let candidate = Candidate(
            confidence: 0.64, country: Country(code: "IS", alpha3: "ISL", name: "Iceland", continent: "EU", population: 1),
            city: City(id: 3415496, name: "Keflavík", countryCode: "IS", regionID: nil, population: 1, latitude: 0, longitude: 0),
            evidence: [Evidence(kind: .airportWord, text: "FLUGVOL", detail: "is: airport")])
        let entries = ReviewScreens.stampEntries(candidates: [candidate], draft: StampDraft())
        #expect(entries.map(\.key) == ["1", "s", "f", "r", "k", "x", "q"])
        #expect(entries[0].label.contains("64%") && entries[0].label.contains("Iceland › Keflavík"))
        #expect(entries[0].detail == ["        evidence: airport-word \"FLUGVOL\""])
        let lines = ReviewScreens.stamp(
            title: "stampkit add · stamp 1 of 1", source: "kef.jpg", scan: nil, draft: StampDraft(), preview: ["PICTURE"],
            entries: entries, highlight: 1, message: nil, width: 200)
        #expect(lines.contains("PICTURE"))
        #expect(lines.contains { $0.contains("▸  s  Search the gazetteer by hand") })
        #expect(lines.contains { $0.contains("could not be scanned") })
    }
}

@Suite struct ReviewHelpTests {
    @Test(arguments: ["add", "review"])
    func helpNamesTheKeysAndOptions(command: String) throws {
        let outcome = try CLI.run([command, "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("OVERVIEW: ") && outcome.stdout.contains("USAGE: stampkit \(command)"))
        #expect(outcome.stdout.contains("--no-preview") && outcome.stdout.contains("--catalogue"))
        if command == "add" {
            for option in ["--yes", "--accept-above", "--country", "--airport", "--date", "--direction", "--book", "--page", "--crop", "--rotate"] {
                #expect(outcome.stdout.contains(option), "\(option)")
            }
        }
    }
}
