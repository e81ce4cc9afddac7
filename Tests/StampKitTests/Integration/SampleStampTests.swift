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

/// Real Tesseract on the committed sample photos, matched against the fixture gazetteer built by
/// the real importer: the top candidate must name the right country for all but at most one,
/// and a wrong top candidate must never look confident.
@Suite struct SampleStampTests {
    struct Expectation: Decodable {
        var file: String
        var country: String
        var iata: String?
        var date: String?
        var direction: String?
    }

    static let expectations: [Expectation] = {
        let url = Repository.samples.appendingPathComponent("expected.json")
        guard let data = try? Data(contentsOf: url), let list = try? JSONDecoder().decode([Expectation].self, from: data) else {
            return []
        }
        return list
    }()

    @Test func topCandidateNamesTheCountryOnAllButOneSample() throws {
        try #require(Self.expectations.count >= 12, "Samples/expected.json lists the samples")
        let gazetteer = try FixtureGazetteer.open()
        let scanner = StampScanner(
            reader: try TesseractStampReader(),
            matcher: StampMatcher(directory: gazetteer, lexicon: try Lexicon(files: gazetteer.lexiconFiles())))
        var wrong: [String] = []
        var datesRight = 0
        var airportsRight = 0
        for expected in Self.expectations {
            let url = Repository.samples.appendingPathComponent(expected.file)
            let scan = try scanner.scan(imageAt: url, named: expected.file)
            let best = scan.proposal.candidates.first
            if best?.country.code != expected.country {
                wrong.append("\(expected.file): got \(best?.country.code ?? "nothing") at \(best?.confidence ?? 0)")
                // Calibration: a miss costs a tap, a confident wrong answer corrupts the record.
                if let best { #expect(best.confidence < 0.5, "confident wrong answer for \(expected.file)") }
            }
            if let date = expected.date, scan.proposal.date?.value == date { datesRight += 1 }
            if let iata = expected.iata, best?.airport?.iata == iata { airportsRight += 1 }
        }
        #expect(wrong.count <= 1, "wrong countries: \(wrong)")
        // Dates and airports are reported, and must not collapse.
        #expect(datesRight * 2 >= Self.expectations.count, "dates right: \(datesRight)/\(Self.expectations.count)")
        #expect(airportsRight * 2 >= Self.expectations.count, "airports right: \(airportsRight)/\(Self.expectations.count)")
    }
}
