import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitImaging
@testable import StampKitOCR

@Suite struct MissedLineTests {
    /// Rows crossing six ink runs or more make a band, a gap of two rows inside it allowed (the
    /// bar of an E); rows along a frame or a rule (two to four runs) make none.
    @Test func bandsOfLetterRows() {
        let runs = [2, 2, 8, 9, 3, 7, 8, 2, 2, 2, 4, 12, 12, 12, 0, 2]
        #expect(TesseractStampReader.letterBands(runs) == [2..<7, 11..<14])
        #expect(TesseractStampReader.letterBands([2, 3, 4, 4, 2]).isEmpty)
    }

    /// A row's words are the widest run of inked columns with gaps no wider than a letter's
    /// height: the frame's sides, further off, stay out.
    @Test func theWordsOfARowAreItsWidestRunOfInk() {
        func columns(_ pattern: String) -> [Bool] { pattern.map { $0 == "#" } }
        #expect(TesseractStampReader.widestRun(columns("#.......##.###..#.......#"), gap: 2) == 8..<17)
        #expect(TesseractStampReader.widestRun(columns("#.......##.###..#.......#"), gap: 1) == 8..<14)
        #expect(TesseractStampReader.widestRun(columns("......"), gap: 2) == nil)
    }

    /// A band is covered by a word of two letters or more read at 50 or more over half its
    /// rows; a word read at 12 (`mmr` on a date's row) or one letter alone leaves it open.
    @Test func aBandIsCoveredOnlyByASureWord() {
        func line(_ text: String, confidence: Double, y: Int) -> OCRLine {
            let box = PixelBox(x: 100, y: y, width: 20 * text.count, height: 30)
            return OCRLine(text: text, confidence: confidence, box: box,
                           words: [OCRWord(text: text, confidence: confidence, box: box)])
        }
        #expect(TesseractStampReader.covers([line("ARRIVAL", confidence: 74, y: 200)], 205..<235))
        #expect(!TesseractStampReader.covers([line("mmr", confidence: 12, y: 200)], 205..<235))
        #expect(!TesseractStampReader.covers([line("J", confidence: 90, y: 200)], 205..<235))
        #expect(!TesseractStampReader.covers([line("ARRIVAL", confidence: 74, y: 150)], 205..<235))
    }

    /// A fixture read by a reader in `layout` (its own when nil), with its lines' texts.
    static func read(_ fixture: String, layout: TesseractEngine.Layout? = nil) throws -> (reading: OCRReading, texts: [String]) {
        let reader = try TesseractStampReader()
        if let layout { reader.layout = layout }
        let reading = try reader.read(imageAt: ImagingFixtures.url(fixture))
        return (reading, reading.lines.map(\.text))
    }

    /// A clean UK BORDER stamp ruled into three cells: the sparse layout reads the top two
    /// and drops MANCHESTER in the bottom cell; its row of letters, read alone, gives it.
    @Test func aLineTheLayoutDroppedIsReadAlone() throws {
        let (reading, texts) = try Self.read("stamp-ruled-manchester.jpg")
        #expect(texts.contains { $0.contains("MANCHESTER") }, "read \(texts)")
        #expect(texts.contains { $0.contains("UK BORDER") }, "read \(texts)")
        let clues = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading)
        #expect(clues.date?.value == "2017-07-14", "read \(texts)")
    }

    /// The ARRIVAL of a clean BUREAU OF IMMIGRATION stamp, dropped by the sparse layout, comes
    /// back. The date row under it, dropped too, stays out: rows of digits read alone gave more
    /// wrong dates than right ones. (Read as one block, the stamp gives both rows.)
    @Test func aWordRowTheLayoutDroppedComesBackADateRowDoesNot() throws {
        let (reading, texts) = try Self.read("stamp-mactan-arrival.jpg", layout: .sparse)
        let clues = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading)
        #expect(clues.direction == .arrival, "read \(texts)")
        #expect(!texts.contains { $0.contains("2013") }, "read \(texts)")
    }

    /// ABU DHABI AIRPORT in small capitals above a big EXIT and its date, on a stamp turned
    /// 27°: read as one block, the stamp gives EXIT and the date only, and the row of small
    /// letters, a third as tall as the date's digits, is read alone.
    @Test func aSmallLineAboveABigOneComesBack() throws {
        let texts = try Self.read("stamp-small-line-abu-dhabi.jpg").texts
        #expect(texts.contains { $0.contains("ABU DHABI") }, "read \(texts)")
        #expect(texts.contains { $0.contains("EXIT") }, "read \(texts)")
    }

    /// A line read alone goes where its row stands, before the first line lower down; one
    /// below every line goes last.
    @Test func aMissedLineGoesWhereItsRowStands() {
        func line(_ text: String, y: Int) -> OCRLine {
            let box = PixelBox(x: 10, y: y, width: 100, height: 30)
            return OCRLine(text: text, confidence: 90, box: box, words: [OCRWord(text: text, confidence: 90, box: box)])
        }
        let read = [line("ANTALYA HAVALİMANI", y: 100), line("03.12.20", y: 300)]
        let texts = TesseractStampReader.inserted([line("GİRİŞ", y: 200), line("T.C.", y: 400)], into: read).map(\.text)
        #expect(texts == ["ANTALYA HAVALİMANI", "GİRİŞ", "03.12.20", "T.C."])
    }
}
