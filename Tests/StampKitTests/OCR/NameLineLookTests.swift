import Foundation
import Testing
@testable import StampKitImaging
@testable import StampKitOCR
@testable import StampKitEvidence

/// Real Tesseract on the ink of one worn place-name line as the reader saw it on a held-out
/// stamp: AEROPORTO DI NAPOLI with a border rule under it, read among the whole stamp as
/// `AERUPORTC Di WAPCL`.
@Suite struct NameLineLookTests {
    /// The line as the stamp's reading gave it: its words' boxes in the fixture's pixels and
    /// their confidences (AERUPORTC and WAPCL reach down over the rule).
    static let napoli = OCRLine(
        text: "AERUPORTC Di WAPCL", confidence: 78, box: PixelBox(x: 30, y: 30, width: 491, height: 60),
        words: [
            OCRWord(text: "AERUPORTC", confidence: 90, box: PixelBox(x: 30, y: 30, width: 245, height: 60)),
            OCRWord(text: "Di", confidence: 96, box: PixelBox(x: 306, y: 31, width: 49, height: 34)),
            OCRWord(text: "WAPCL", confidence: 48, box: PixelBox(x: 381, y: 31, width: 140, height: 59)),
        ])

    static func fixture() throws -> StampImage {
        try StampImage(contentsOf: ImagingFixtures.url("line-napoli-ruled.png")).grayscale()
    }

    static func words(_ text: String) -> [String] {
        text.uppercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
    }

    @Test func aLookReadsTheWornNameTheStampReadingMissed() throws {
        let reader = try TesseractStampReader()
        let looked = try reader.lookAgainAtNameLines([Self.napoli], in: Self.fixture(), engine: reader.engine(for: []))
        let looks = try #require(looked.first?.nameLooks, "no look at a line with a doubtful word")
        #expect(looks.count == TesseractStampReader.nameLooks.count)
        let read = looks.flatMap(Self.words)
        // The stamp's reading was two letters off (AERUPORTC); a look is at most one.
        #expect(read.contains { $0 == "AEROPORTO" || Tokenizer.withinOneEdit($0, "AEROPORTO") }, "looks \(looks)")
        #expect(!Self.words(Self.napoli.text).contains { Tokenizer.withinOneEdit($0, "AEROPORTO") })
    }

    @Test func theRuleUnderTheLineIsWhitenedAndTheBandHoldsTheLetters() throws {
        let image = try Self.fixture()
        let (cleaned, band) = try #require(try TesseractStampReader.lettersBand(of: Self.napoli, in: image))
        // The letters stand about 30 px tall (Di's box); the words' boxes, 60 px, took the rule in.
        #expect(band.height >= 24 && band.height <= 40, "band \(band)")
        let pixels = try cleaned.grayPixels()
        func darkRows(_ rows: Range<Int>) -> Int {
            rows.filter { y in (0..<pixels.width).filter { pixels[$0, y] < 128 }.count * 2 > pixels.width }.count
        }
        // Before, rows more than half dark (the rule); after, none.
        let original = try image.grayPixels()
        #expect((0..<original.height).contains { y in (0..<original.width).filter { original[$0, y] < 128 }.count * 2 > original.width })
        #expect(darkRows(0..<pixels.height) == 0)
    }

    @Test func aLineIsCutOutWithTheLinesTesseractSplitOffItsRow() {
        func line(_ text: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> OCRLine {
            let box = PixelBox(x: x, y: y, width: w, height: h)
            return OCRLine(text: text, confidence: 80, box: box, words: [OCRWord(text: text, confidence: 80, box: box)])
        }
        let lines = [
            line("PUERTO DE ALGEC", 100, 100, 300, 30),
            line("CIRAS", 420, 102, 90, 28),  // the rest of the row, 20 px on
            line("23.05.07", 150, 150, 200, 30),  // the next row
            line("X", 700, 100, 20, 30),  // far along the row: a ring's speck
        ]
        let row = TesseractStampReader.row(of: 0, in: lines)
        #expect(row.words.map(\.text) == ["PUERTO DE ALGEC", "CIRAS"])
        #expect(TesseractStampReader.row(of: 2, in: lines).words.map(\.text) == ["23.05.07"])
    }

    @Test func onlyLinesWithADoubtfulLongWordAreLookedAtAndAtMostThree() throws {
        func line(_ words: [(String, Double)]) -> OCRLine {
            OCRLine(text: words.map(\.0).joined(separator: " "), confidence: 80, box: Self.napoli.box,
                    words: words.map { OCRWord(text: $0.0, confidence: $0.1, box: Self.napoli.words[0].box) })
        }
        #expect(TesseractStampReader.doubtfulLetters(line([("HELSINGIN", 92), ("SATAMA", 88)])) == 0)
        #expect(TesseractStampReader.doubtfulLetters(line([("Di", 20), ("NU", 10)])) == 0)  // short words
        #expect(TesseractStampReader.doubtfulLetters(line([("AERUPORTC", 90), ("WAPCL", 48)])) == 5)
        let reader = try TesseractStampReader()
        var date = line([("WAPCL", 30)])
        date.rereads = ["18.10.22"]
        let lines = [line([("AERUPORTC", 50)]), line([("WAPCL", 40)]), line([("HELSINGIN", 95)]), date,
                     line([("PIRKKALA", 30)]), line([("LENTOASEMA", 20)])]
        let looked = try reader.lookAgainAtNameLines(lines, in: Self.fixture(), engine: reader.engine(for: []))
        // The three with most doubtful letters; never a date line, which has looks of its own.
        #expect(looked.map { $0.nameLooks != nil } == [true, false, false, false, true, true])
        #expect(try reader.lookAgainAtNameLines(lines, in: nil, engine: reader.engine(for: [])) == lines)
    }
}
