import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching
@testable import StampKitScan

private let iceland = Country(code: "IS", alpha3: "ISL", name: "Iceland", continent: "EU", population: 1)
private let germany = Country(code: "DE", alpha3: "DEU", name: "Germany", continent: "EU", population: 1)
private let kef = Airport(
    iata: "KEF", icao: "BIKF", name: "Keflavik International Airport", municipality: "Reykjavík", countryCode: "IS",
    regionID: "IS.43", cityID: 3415496, type: "large_airport", scheduled: true, latitude: 64, longitude: -22.6)

private func candidate(_ country: Country, _ confidence: Double, airport: Airport? = nil) -> Candidate {
    Candidate(
        confidence: confidence, country: country, region: airport.map { Region(id: $0.regionID ?? "", name: "r", countryCode: $0.countryCode) },
        city: nil, airport: airport, evidence: [])
}

private func truth(_ line: String) throws -> StampTruth { try StampTruth.lines(of: line)[0] }

@Suite struct EvaluationTests {
    @Test func readsTheDevelopmentSetsTruthLines() throws {
        let t = try truth(#"{"file": "s.jpg", "level": "hard", "country": "IS", "airport": "KEF", "date": "2019-07-12", "date_text": "12.07.19", "direction": null, "method": "air", "rotation": 2.1, "lines": ["X"]}"#)
        #expect(t == StampTruth(file: "s.jpg", level: "hard", country: "IS", airport: "KEF", date: "2019-07-12", direction: nil, method: "air"))
        #expect(throws: EvaluationError.self) { try StampTruth.lines(of: "{\"file\": \"a.jpg\"}\n") }
        #expect(throws: EvaluationError.self) { try StampTruth.lines(of: "not json") }
        #expect(try StampTruth.lines(of: "\n\n").isEmpty)
    }

    @Test func countsEachAnswerOnlyWhereTheTruthHasOne() throws {
        var right = try truth(#"{"file": "a", "level": "easy", "country": "IS", "airport": "KEF", "date": "2019-07-12", "direction": "arrival", "method": "air"}"#)
        right.regionID = "IS.43"
        right.cityID = 3415496
        let land = try truth(#"{"file": "b", "level": "hard", "country": "DE", "airport": null, "date": "2020-01-02", "direction": null, "method": "land"}"#)
        let unreadable = try truth(#"{"file": "c", "level": "hard", "country": "IS"}"#)
        let evaluations = [
            StampEvaluation(
                truth: right,
                proposal: StampProposal(
                    candidates: [candidate(iceland, 0.95, airport: kef)], date: StampDate(value: "2019-07-12", text: "12.07.19"),
                    direction: .arrival, entryMethod: .air),
                seconds: 0.2),
            // Sure and wrong: Iceland at 0.85 for a German stamp, Germany second.
            StampEvaluation(
                truth: land,
                proposal: StampProposal(candidates: [candidate(iceland, 0.85), candidate(germany, 0.1)], date: StampDate(value: "2020-02-01", text: "02.01.20")),
                seconds: 0.4),
            StampEvaluation(truth: unreadable, proposal: nil, seconds: 0.1),
        ]
        let report = EvaluationReport(evaluations)
        let all = report.rows[0]
        #expect(all.group == "all" && all.stamps == 3 && all.failed == 1)
        #expect(all.countryTop1 == Tally(right: 1, total: 3))
        #expect(all.countryTop3 == Tally(right: 2, total: 3))
        #expect(all.airport == Tally(right: 1, total: 1), "only the stamp naming an airport counts")
        #expect(all.region == Tally(right: 1, total: 1))
        #expect(all.city == Tally(right: 0, total: 1), "the candidate named no city")
        #expect(all.date == Tally(right: 1, total: 2), "a day-month swap is wrong")
        #expect(all.direction == Tally(right: 1, total: 1))
        #expect(all.entryMethod == Tally(right: 1, total: 2))
        #expect(all.confidentWrong == 1)
        #expect(report.rows.map(\.group) == ["all", "easy", "hard"])
        #expect(report.rows[2].stamps == 2 && report.rows[2].confidentWrong == 1)
        // Reliability: one answer in 0.9–1.0, right; one in 0.8–0.9, wrong; the unreadable one is not an answer.
        #expect(report.calibration[9].tally == Tally(right: 1, total: 1))
        #expect(report.calibration[8].tally == Tally(right: 0, total: 1))
        #expect(report.calibration.map(\.tally.total).reduce(0, +) == 2)
        #expect(report.medianSeconds == 0.2)
        #expect(report.p90Seconds == 0.4)
        #expect(report.slowest?.file == land.file && report.slowest?.seconds == 0.4, "the slowest image is named")
        #expect(EvaluationReport([]).slowest == nil)
    }
}
