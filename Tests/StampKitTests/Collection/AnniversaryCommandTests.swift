import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue

/// `stampkit onthisday` and `stampkit thennow` with the clock fixed by `STAMPKIT_TODAY`.
@Suite struct AnniversaryCommandTests {
    @Test func onThisDayGroupsByYearAndFindsTheNearestDay() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let kef = try scene.catalogue(at: "KEF", date: "2023-07-12")
        let jfk = try scene.catalogue(at: "JFK", date: "2019-07-12", direction: .departure)
        try scene.catalogue(at: "CDG", date: "2020-02-29")
        try scene.catalogue(at: "NRT", date: "2018-03-27", status: .pending)
        let today = ["STAMPKIT_TODAY": "2026-07-12"]

        let text = try scene.stampkitWithPlaces(["onthisday"], environment: today)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "On this day, 12 July:")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("  3 years ago: \(kef.city!.name) (KEF), ") && lines[1].hasSuffix(", arrival — 2023-07-12, #\(kef.id!)"))
        #expect(lines[2].hasPrefix("  7 years ago: ") && lines[2].contains("(JFK)") && lines[2].contains("departure"))

        let json = try #require(try CatalogueScene.json(try scene.stampkitWithPlaces(["onthisday", "--json"], environment: today)) as? [String: Any])
        #expect(json["today"] as? String == "2026-07-12" && json["day"] as? String == "07-12" && json["daysAway"] as? Int == 0)
        let years = try #require(json["years"] as? [[String: Any]])
        #expect(years.map { $0["year"] as? Int } == [2023, 2019] && years.map { $0["yearsAgo"] as? Int } == [3, 7])
        #expect(((years[1]["stamps"] as? [[String: Any]])?.first?["id"] as? Int) == jfk.id)

        // 1 March 2027 has nothing: the leap day before is the nearest (1 day earlier).
        let near = try scene.stampkitWithPlaces(["onthisday"], environment: ["STAMPKIT_TODAY": "2027-03-01"])
        #expect(near.stdout.hasPrefix("Nothing on 1 March; the nearest day with stamps is 29 February, 1 day earlier:"), "\(near.stdout)")
        // On 28 February of a year without a 29th the leap-day stamp comes round.
        let leap = try scene.stampkitWithPlaces(["onthisday", "--json"], environment: ["STAMPKIT_TODAY": "2027-02-28"])
        let leapJSON = try #require(try CatalogueScene.json(leap) as? [String: Any])
        #expect(leapJSON["daysAway"] as? Int == 0 && (leapJSON["years"] as? [[String: Any]])?.first?["year"] as? Int == 2020)
        // --date asks for another day; --all brings pending stamps in.
        let march = try scene.stampkitWithPlaces(["onthisday", "--date", "03-27", "--all", "--json"], environment: today)
        let marchJSON = try #require(try CatalogueScene.json(march) as? [String: Any])
        #expect(marchJSON["day"] as? String == "03-27" && (marchJSON["years"] as? [[String: Any]])?.first?["yearsAgo"] as? Int == 8)
        let confirmedOnly = try #require(try CatalogueScene.json(
            try scene.stampkitWithPlaces(["onthisday", "--date", "03-27", "--json"], environment: today)) as? [String: Any])
        #expect(confirmedOnly["day"] as? String != "03-27")
    }

    @Test func thenAndNowListsPlacesOfSeveralYears() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        try scene.catalogue(at: "KEF", date: "2016-05-02")
        try scene.catalogue(at: "KEF", date: "2019-07-12", direction: .departure)
        try scene.catalogue(at: "KEF", date: "2019-07-20")
        try scene.catalogue(at: "CDG", date: "2017-08-18")
        let outcome = try scene.stampkitWithPlaces(["thennow"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "Iceland (country) · 2 years: 2016-05-02 · 2019-07-12, 2019-07-20",
            "Keflavík, Iceland (city) · 2 years: 2016-05-02 · 2019-07-12, 2019-07-20",
        ])
        let json = try #require(try CatalogueScene.json(try scene.stampkitWithPlaces(["thennow", "--json"])) as? [[String: Any]])
        #expect(json.map { $0["level"] as? String } == ["country", "city"])
        #expect(json.first?["years"] as? [Int] == [2016, 2019])
        #expect((json.first?["stamps"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2016-05-02", "2019-07-12", "2019-07-20"])
        // Many days in a year: the first four and a count (the same day twice counts once).
        for date in ["2016-05-02", "2016-06-01", "2016-06-02", "2016-06-03", "2016-06-04", "2016-06-05"] {
            try scene.catalogue(at: "KEF", date: date)
        }
        let busy = try scene.stampkitWithPlaces(["thennow"]).stdout.split(separator: "\n").first.map(String.init)
        #expect(busy == "Iceland (country) · 2 years: 2016-05-02, 2016-06-01, 2016-06-02, 2016-06-03 and 2 more days · 2019-07-12, 2019-07-20")
        // One year only: a clear line, nothing on stdout.
        let single = try CatalogueScene()
        defer { single.remove() }
        try single.catalogue(at: "CDG", date: "2017-08-18")
        let none = try single.stampkitWithPlaces(["thennow"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("no place has confirmed stamps from two different years"))
    }

    @Test func badInputGivesOneLineAndItsExitCode() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        for command in [["onthisday"], ["thennow"], ["onthisday", "--json"]] {
            let empty = try scene.stampkitWithPlaces(command)
            #expect(empty.status == 65 && empty.stderrLines.count == 1 && empty.stderr.contains("no stamps yet"), "\(command)")
        }
        try scene.catalogue(at: "KEF", date: "2019-07-12")
        for bad in ["13-40", "02-30", "7/12", "2019-07-12"] {
            let refused = try scene.stampkitWithPlaces(["onthisday", "--date", bad])
            #expect(refused.status == 64 && refused.stderrLines.count == 1 && refused.stderr.contains("MM-DD"), "\(bad)")
        }
        let clock = try scene.stampkitWithPlaces(["onthisday"], environment: ["STAMPKIT_TODAY": "yesterday"])
        #expect(clock.status == 64 && clock.stderr.contains("STAMPKIT_TODAY"))
        // Nothing from an earlier year: a clear line, exit 0.
        let early = try scene.stampkitWithPlaces(["onthisday"], environment: ["STAMPKIT_TODAY": "2019-12-01"])
        #expect(early.status == 0 && early.stdout.isEmpty && early.stderr.contains("before 2019"))
    }
}
