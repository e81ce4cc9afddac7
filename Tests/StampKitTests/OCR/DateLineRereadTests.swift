import Foundation
import Testing
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitOCR

@Suite struct DateLineRereadTests {
    @Test(arguments: [
        ("26.02.17", true),
        ("0.02.13", true),  // a digit lost at the ring: still four
        ("22 JAN 2", true),  // a year lost: two digits beside a word
        ("Lil MAY 2018", true),
        ("FLUGHAFEN HAMBURG", false),
        ("528", false),  // a counter number alone
        ("NU 304", false),
        ("", false),
    ])
    func aLineLooksLikeADate(text: String, expected: Bool) {
        #expect(TesseractStampReader.looksLikeDate(text) == expected)
    }

    @Test func onlyDateLikeLinesAreReadAgainAndAtMostThree() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg"))
        let box = PixelBox(x: 0, y: 0, width: 40, height: 20)
        let lines = ["FRANKFURT", "12.07.19", "1234", "5678", "9012", "EINREISE"].map {
            OCRLine(text: $0, confidence: 90, box: box, words: [])
        }
        let read = try reader.rereadDateLines(lines, in: image.grayscale(), engine: engine)
        #expect(read.map { $0.rereads != nil } == [false, true, true, true, false, false])
        #expect(read.allSatisfy { ($0.rereads?.count ?? TesseractStampReader.dateLineHeights.count) == TesseractStampReader.dateLineHeights.count })
        // Without the image the lines came from there is nothing to crop.
        #expect(try reader.rereadDateLines(lines, in: nil, engine: engine) == lines)
    }

    @Test func theWhitelistIsLiftedAfterALineRead() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg"))
        _ = try engine.line(of: image.grayscale(), allowed: "0123456789")
        let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-upright.jpg"))
        #expect(reading.text.contains("FRANKFURT"))
    }
}

/// Real Tesseract on a rendered stamp whose date the whole-stamp reading got wrong (`16.02.23`
/// for a printed `18.02.23`): the date line's further looks outvote it.
@Suite struct DateLineRereadIntegrationTests {
    @Test func theDateLineReadAgainOutvotesAMisreadDigit() throws {
        let reader = try TesseractStampReader()
        let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-date-reread.jpg"))
        let dateLine = try #require(reading.lines.first { $0.rereads != nil && $0.text.contains(".02.23") })
        #expect(dateLine.rereads?.count == TesseractStampReader.dateLineHeights.count)
        let clues = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading)
        #expect(clues.date?.value == "2023-02-18", "read \(reading.lines.map { ($0.text, $0.rereads ?? []) })")
    }
}
