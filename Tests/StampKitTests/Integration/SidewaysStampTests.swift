import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitScan

/// Real Tesseract on faint stamps turned or tilted, matched against the fixture gazetteer.
@Suite struct SidewaysStampTests {
    /// Real Tesseract and the fixture gazetteer, as a scan runs them.
    func scanner(reading reader: TesseractStampReader) throws -> StampScanner {
        let gazetteer = try FixtureGazetteer.open()
        return StampScanner(reader: reader, matcher: StampMatcher(directory: gazetteer, lexicon: try Lexicon(files: gazetteer.lexiconFiles())))
    }

    /// A faint stamp turned a quarter turn: neither way up reads a confident word, so the way
    /// up whose reading gives more evidence for one place must be the one kept.
    @Test func theWayUpWithMoreEvidenceIsKept() throws {
        let reader = try TesseractStampReader()
        let scanner = try scanner(reading: reader)
        let scan = try scanner.scan(imageAt: ImagingFixtures.url("stamp-sideways-faint-cologne.jpg"), named: "cologne")
        // The stamp is printed turned 90.6° clockwise: read upright after 90.6° counter-clockwise.
        let off = abs((scan.reading.rotation - 90.6).truncatingRemainder(dividingBy: 360))
        #expect(min(off, 360 - off) <= 5, "read at \(scan.reading.rotation)°: \(scan.reading.text)")
        let top = try #require(scan.proposal.candidates.first)
        #expect(top.country.code == "DE", "\(top.country.code): \(top.evidence.map(\.text))")
        #expect(top.airport?.iata == "CGN")
        // The case this is about: no turn reads well enough for confident text to decide.
        #expect(TesseractStampReader.score(scan.reading.lines) < reader.acceptScore)
    }

    /// A faint violet stamp turned a quarter turn whose strokes a dry pad broke into specks:
    /// read as separated in the sparse layout, Tesseract takes them for noise; smoothed into
    /// strokes, they name the airport. (Read as one block, as the reader's pass reads, the
    /// specks come out as junk words confident enough to be kept, and this stamp is lost.)
    @Test func aStampOfSpecksIsReadSmoothed() throws {
        let reader = try TesseractStampReader()
        reader.layout = .sparse
        let scan = try scanner(reading: reader)
            .scan(imageAt: ImagingFixtures.url("stamp-sideways-faint-rovaniemi.jpg"), named: "rovaniemi")
        let top = try #require(scan.proposal.candidates.first, "nothing found in \(scan.reading.text)")
        #expect(top.country.code == "FI", "\(top.country.code): \(top.evidence.map(\.text))")
        #expect(top.airport?.iata == "RVN", "\(top.evidence.map(\.text))")
    }

    /// A faint stamp turned a quarter turn, its strokes broken into specks: read as separated,
    /// the wrong way up weighed more; smoothed, the right way up reads the port and the country.
    @Test func aSidewaysStampOfSpecksIsTurnedTheWayItReadsSmoothed() throws {
        let scan = try scanner(reading: TesseractStampReader())
            .scan(imageAt: ImagingFixtures.url("stamp-sideways-faint-helsinki.jpg"), named: "helsinki")
        // Printed turned 96.1° counter-clockwise: read upright after 96.1° clockwise.
        let off = abs((scan.reading.rotation + 96.1).truncatingRemainder(dividingBy: 360))
        #expect(min(off, 360 - off) <= 5, "read at \(scan.reading.rotation)°: \(scan.reading.text)")
        let top = try #require(scan.proposal.candidates.first, "nothing found in \(scan.reading.text)")
        #expect(top.country.code == "FI", "\(top.country.code): \(top.evidence.map(\.text))")
    }

    /// A faint stamp tilted 27° with a dark signature across it: the line angle followed the
    /// scribble (about 6°) and Tesseract read the scribble. Read again with the pen painted
    /// over, its lines are found at their angle and name the airport.
    @Test func aSignatureAcrossAFaintStampIsReadPast() throws {
        let scanner = try scanner(reading: TesseractStampReader())
        let url = ImagingFixtures.url("stamp-signed-tilted-bologna.jpg")
        #expect(try StampImage(contentsOf: url).withoutPenStrokes() != nil, "the signature is found")
        let scan = try scanner.scan(imageAt: url, named: "bologna")
        // Printed 27.4° counter-clockwise: read upright after 27.4° clockwise.
        #expect(abs(scan.reading.rotation + 27.4) <= 3, "read at \(scan.reading.rotation)°: \(scan.reading.text)")
        let top = try #require(scan.proposal.candidates.first)
        #expect(top.country.code == "IT", "\(top.country.code): \(top.evidence.map(\.text))")
        #expect(top.airport?.iata == "BLQ")
    }
}
