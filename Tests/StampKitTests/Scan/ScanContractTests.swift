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

/// The `scan --json` line is a contract scripts rely on (README, "The scan contract"): these tests parse it back
/// with Foundation's JSON reader and check every field's name and type.
@Suite struct ScanContractTests {
    static let iceland = Country(code: "IS", alpha3: "ISL", name: "Iceland", continent: "EU", population: 353_574)
    static let kef = Airport(
        iata: "KEF", icao: "BIKF", name: "Keflavik International Airport", municipality: "Reykjavík",
        countryCode: "IS", regionID: "IS.39", cityID: 3_415_496, type: "large_airport", scheduled: true,
        latitude: 63.985, longitude: -22.6056)

    func parse(_ value: JSONValue) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(value.serialized().utf8))
        return try #require(object as? [String: Any])
    }

    @Test func fullScanLineHasEveryContractField() throws {
        let scan = StampScan(
            image: "Samples/stamps/kef.jpg",
            reading: OCRReading(
                lines: [OCRLine(text: "KEFLAVÍK \"12.07.19\"", confidence: 91.04, box: PixelBox(x: 1, y: 2, width: 3, height: 4), words: [])],
                rotation: 12, passes: 3),
            proposal: StampProposal(
                candidates: [
                    Candidate(
                        confidence: 0.934_56, country: Self.iceland,
                        region: Region(id: "IS.39", name: "Suðurnes", countryCode: "IS"),
                        city: City(id: 3_415_496, name: "Keflavík", countryCode: "IS", regionID: "IS.39", population: 15_129, latitude: 64, longitude: -22.5),
                        airport: Self.kef,
                        evidence: [Evidence(kind: .airportWord, text: "FLUGVOL", detail: "airport (is)")]),
                    Candidate(confidence: 0.05, country: Self.iceland, evidence: []),
                ],
                date: StampDate(value: "2019-07-12", text: "12.07.19"), direction: .arrival, entryMethod: .air))
        let json = try parse(scan.json(top: 5))
        #expect(json["image"] as? String == "Samples/stamps/kef.jpg")
        let candidates = try #require(json["candidates"] as? [[String: Any]])
        #expect(candidates.count == 2)
        let best = candidates[0]
        #expect(best["confidence"] as? Double == 0.935)
        #expect((best["country"] as? [String: Any])?["code"] as? String == "IS")
        #expect((best["region"] as? [String: Any])?["id"] as? String == "IS.39")
        #expect((best["city"] as? [String: Any])?["id"] as? Int == 3_415_496)
        #expect((best["airport"] as? [String: Any])?["icao"] as? String == "BIKF")
        #expect(((best["evidence"] as? [[String: Any]])?.first?["kind"]) as? String == "airport-word")
        // Missing links of a chain are explicit nulls, not absent keys.
        #expect(candidates[1]["region"] is NSNull && candidates[1]["city"] is NSNull && candidates[1]["airport"] is NSNull)
        #expect((json["date"] as? [String: Any])?["value"] as? String == "2019-07-12")
        #expect(json["direction"] as? String == "arrival")
        #expect(json["entryMethod"] as? String == "air")
        let ocr = try #require(json["ocr"] as? [String: Any])
        #expect(ocr["rotation"] as? Double == 12)
        #expect(ocr["passes"] as? Int == 3)
        #expect(((ocr["lines"] as? [[String: Any]])?.first?["text"]) as? String == "KEFLAVÍK \"12.07.19\"")
        #expect(!scan.json(top: 5).serialized().contains("\n"), "JSON Lines: one line per image")
    }

    @Test func topLimitsCandidatesAndEmptyFieldsAreNull() throws {
        let scan = StampScan(
            image: "x.jpg", reading: OCRReading(lines: [], rotation: 0),
            proposal: StampProposal(candidates: [Candidate(confidence: 0.5, country: Self.iceland, evidence: [])]))
        let json = try parse(scan.json(top: 0))
        #expect((json["candidates"] as? [Any])?.isEmpty == true)
        #expect(json["date"] is NSNull && json["direction"] is NSNull && json["entryMethod"] is NSNull)
        // A reading from elsewhere did not count its passes: null, not a made-up number.
        #expect((json["ocr"] as? [String: Any])?["passes"] is NSNull)
    }

    @Test func errorLineCarriesCodeAndMessage() throws {
        struct Broken: StampKitFailure {
            var failureClass: FailureClass { .input }
            var code: String { "image-unreadable" }
            var message: String { "x.jpg: not an image; export it as JPEG" }
        }
        let json = try parse(StampScan.errorJSON(image: "x.jpg", failure: Broken()))
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["code"] as? String == "image-unreadable")
        #expect((error["message"] as? String)?.contains("export it as JPEG") == true)
    }

    @Test func stringsEscapeControlCharactersAndQuotes() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}").serialized() == #""a\"b\\c\n\u0001""#)
        #expect(JSONValue.rounded(0.123_456).serialized() == "0.123")
        #expect(JSONValue.double(.nan).serialized() == "null")
    }
}
