import Foundation
import Testing
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitOCR
@testable import StampKitMatching
@testable import StampKitScan

@Suite struct DateLineRereadTests {
    @Test(arguments: [
        ("26.02.17", true),
        ("0.02.13", true),  // a digit lost at the ring: still four
        ("22 JAN 2", true),  // a year lost: two digits beside a word
        ("Lil MAY 2018", true),
        ("FLUGHAFEN HAMBURG", false),
        ("528", false),  // a counter number alone
        ("1.06", true),  // three digits around a separator: what the layout left of a date band
        ("07.1", true),
        ("NU 304", false),
        ("", false),
    ])
    func aLineLooksLikeADate(text: String, expected: Bool) {
        #expect(TesseractStampReader.looksLikeDate(text) == expected)
    }

    @Test func theDateBoxHoldsTheDateWordsOnly() {
        func word(_ text: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> OCRWord {
            OCRWord(text: text, confidence: 90, box: PixelBox(x: x, y: y, width: w, height: h))
        }
        func line(_ words: [OCRWord]) -> OCRLine {
            // The line's box reaches up over ring stars Tesseract dropped from its words.
            OCRLine(text: words.map(\.text).joined(separator: " "), confidence: 90,
                    box: PixelBox(x: 0, y: -30, width: 300, height: 60), words: words)
        }
        let dayFirst = line([word("DEPARTED", 0, 0, 100, 20), word("04", 110, 0, 30, 20), word("NOV", 150, 2, 40, 18), word("2011", 200, 0, 50, 22)])
        #expect(TesseractStampReader.dateBox(of: dayFirst) == PixelBox(x: 110, y: 0, width: 140, height: 22))
        let monthFirst = line([word("MAR", 0, 0, 40, 20), word("03", 50, 0, 30, 20), word("2017", 90, 0, 50, 20)])
        #expect(TesseractStampReader.dateBox(of: monthFirst) == PixelBox(x: 0, y: 0, width: 140, height: 20))
        let yearBelow = line([word("22", 0, 0, 30, 20), word("JAN", 40, 0, 40, 20)])
        #expect(TesseractStampReader.dateBox(of: yearBelow) == PixelBox(x: 0, y: 0, width: 80, height: 20))
        let noDigits = line([word("FLUGHAFEN", 0, 0, 100, 20)])
        #expect(TesseractStampReader.dateBox(of: noDigits) == noDigits.box)
    }

    @Test func theLookTakesInTheWholeRowOfInk() throws {
        // A date band of 20 px tall fields with 24 px gaps; a serial number 60 px (three line
        // heights) on; ring stars just above the band.
        var pixels = GrayPixels(width: 400, height: 80, bytes: [UInt8](repeating: 255, count: 400 * 80))
        func ink(_ x: Range<Int>, _ y: Range<Int>) {
            for yy in y { for xx in x { pixels[xx, yy] = 20 } }
        }
        for start in [40, 84, 128, 172] { ink(start..<(start + 20), 30..<50) }
        ink(252..<262, 30..<50)
        ink(0..<400, 10..<20)
        let image = try StampImage(pixels)
        // Tesseract kept only the third field.
        let fragment = PixelBox(x: 128, y: 30, width: 20, height: 20)
        #expect(try TesseractStampReader.widenedAlongRow(fragment, in: image) == PixelBox(x: 40, y: 30, width: 152, height: 20))
        // Nothing beside it: the box as it was.
        let alone = PixelBox(x: 252, y: 30, width: 10, height: 20)
        #expect(try TesseractStampReader.widenedAlongRow(alone, in: image) == alone)
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

    /// A reader that asks whether a date is possible as read, as a scanner's does, with its
    /// engine, the upright Frankfurt stamp in gray and the extractor it asks.
    static func askingReader() throws -> (TesseractStampReader, TesseractEngine, StampImage, ClueExtractor) {
        let reader = try TesseractStampReader()
        let extractor = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)
        reader.datePrintedPlainly = { extractor.holdsPlainDate($0) }
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg")).grayscale()
        return (reader, try reader.engine(for: []), image, extractor)
    }

    @Test func aDatePossibleAsReadIsNotLookedAtAgainWhenTheReaderCanAsk() throws {
        let (reader, engine, image, extractor) = try Self.askingReader()
        let box = PixelBox(x: 0, y: 0, width: 40, height: 20)
        func lines(_ texts: [String]) -> [OCRLine] { texts.map { OCRLine(text: $0, confidence: 90, box: box, words: []) } }
        // Valid as read, day first and month first: the looks could not change it.
        let plain = lines(["FRANKFURT", "12.07.19"])
        #expect(try reader.rereadDateLines(plain, in: image, engine: engine) == plain)
        #expect(try reader.rereadDateLines(lines(["04 NOV 2011"]), in: image, engine: engine) == lines(["04 NOV 2011"]))
        // Only possible after a repair (a day 44, a month 92), or no date at all: looked at,
        // line by line where the stamp read in the other layout holds no date (a blank page).
        let blank = try StampImage(GrayPixels(width: 400, height: 200, bytes: [UInt8](repeating: 255, count: 400 * 200)))
        for texts in [["44.92.08"], ["13/04/2645"], ["0.02.13"]] {
            #expect(try reader.rereadDateLines(lines(texts), in: blank, engine: engine).first?.rereads != nil, "\(texts)")
        }
        // A scanner's reader asks; a bare one looks every time.
        let bare = try TesseractStampReader()
        #expect(bare.datePrintedPlainly == nil)
        #expect(try bare.rereadDateLines(plain, in: image, engine: bare.engine(for: [])).last?.rereads != nil)
        _ = StampScanner(reader: bare, matcher: StampMatcher(directory: TestPlaces(), lexicon: TestLexicon.shared, today: TestLexicon.today))
        #expect(try bare.rereadDateLines(plain, in: image, engine: bare.engine(for: [])) == plain)
    }

    @Test func aDateTheStampReadInTheOtherLayoutHoldsJoinsTheLines() throws {
        let (reader, engine, image, extractor) = try Self.askingReader()
        // The pass kept a fragment of the date row, under the name.
        let name = OCRLine(text: "FRANKFURT/M", confidence: 90, box: PixelBox(x: 0, y: 0, width: 200, height: 20), words: [])
        let fragment = OCRLine(text: "7.19", confidence: 60, box: PixelBox(x: 0, y: 1000, width: 60, height: 20), words: [])
        let read = try reader.rereadDateLines([name, fragment], in: image, engine: engine)
        let added = read.filter { $0 != name && $0 != fragment }
        #expect(added.map(\.text) == ["12.07.19"], "read \(read.map(\.text))")
        // Put among the lines where its row stands, and no line read alone after it.
        #expect(read.first == name && read.last == fragment)
        #expect(read.allSatisfy { $0.rereads == nil })
        #expect(extractor.extract(from: OCRReading(lines: read, rotation: 0)).date?.value == "2019-07-12")
        // A piece of the same row (what the pass kept of it) gives way to the row read whole,
        // instead of being joined on to it as its continuation.
        let row = TesseractStampReader.dateBox(of: try #require(added.first))
        let piece = OCRLine(text: "07.1", confidence: 60, box: PixelBox(x: row.x + row.width / 2, y: row.y + 2, width: row.width / 3, height: row.height - 4), words: [])
        let whole = try reader.rereadDateLines([name, piece], in: image, engine: engine)
        #expect(whole.map(\.text) == ["FRANKFURT/M", "12.07.19"])
    }

    @Test func aLineStandingWithinTheRowsBoxIsAPieceOfIt() {
        let row = OCRLine(text: "18.11.23", confidence: 80, box: PixelBox(x: 100, y: 200, width: 300, height: 40), words: [])
        func line(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> OCRLine {
            OCRLine(text: "x", confidence: 80, box: PixelBox(x: x, y: y, width: w, height: h), words: [])
        }
        #expect(TesseractStampReader.isPiece(line(100, 205, 80, 30), of: row))
        #expect(TesseractStampReader.isPiece(line(350, 190, 50, 50), of: row))  // taller, middle inside
        #expect(!TesseractStampReader.isPiece(line(100, 150, 300, 40), of: row))  // the row above
        #expect(!TesseractStampReader.isPiece(line(380, 205, 60, 30), of: row))  // runs on past its end
        #expect(!TesseractStampReader.isPiece(line(100, 240, 80, 30), of: row))  // the row below
        // Read as one block, the row's box took in the frame around it and the line above;
        // its date words' box did not.
        let framed = OCRLine(text: "11 MAY 2013", confidence: 80, box: PixelBox(x: 0, y: 0, width: 500, height: 130), words: [
            OCRWord(text: "11", confidence: 90, box: PixelBox(x: 60, y: 80, width: 40, height: 30)),
            OCRWord(text: "MAY", confidence: 90, box: PixelBox(x: 120, y: 80, width: 80, height: 30)),
            OCRWord(text: "2013", confidence: 90, box: PixelBox(x: 220, y: 80, width: 90, height: 30)),
        ])
        #expect(!TesseractStampReader.isPiece(line(40, 10, 400, 40), of: framed))  // ARRIVAL above
        #expect(TesseractStampReader.isPiece(line(230, 85, 60, 20), of: framed))  // a piece of the year
    }

    @Test func theOtherLayoutsDateCountsOnlyWithEveryDigitReadable() {
        let extractor = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)
        func line(_ words: [(String, Double)]) -> OCRLine {
            let box = PixelBox(x: 0, y: 0, width: 40, height: 20)
            return OCRLine(text: words.map(\.0).joined(separator: " "), confidence: 60, box: box,
                           words: words.map { OCRWord(text: $0.0, confidence: $0.1, box: box) })
        }
        let holds = { TesseractStampReader.holdsReadableDate($0, plainly: { extractor.holdsPlainDate($0) }) }
        #expect(holds(line([("11.03.14", 68)])))
        #expect(holds(line([("22.12.10", 47), ("3", 56)])))
        // A speck beside the date read as a letter says nothing about its digits.
        #expect(holds(line([("29.09.21", 90), ("«x", 12)])))
        // A year Tesseract could not read (2C, confidence 0) is a guess.
        #expect(!holds(line([("07", 93), ("FEB", 93), ("2C", 0)])))
        #expect(!holds(line([("1.2.22", 22), ("æA", 10)])))
        // No date possible as read, or none at all.
        #expect(!holds(line([("44.92.08", 90)])))
        #expect(!holds(line([("FLUGHAFEN", 95)])))
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

/// Real Tesseract on a rendered stamp whose date the whole-stamp reading got wrong: printed
/// `10/04/2015`, read by the English model as `13/04/2645`, which alone repairs to 13 April
/// 2015. (The Latin model reads its slashed zeros as 2 in every look, a misread no vote can
/// catch, so the English model's reading is the case this checks.)
@Suite struct DateLineRereadIntegrationTests {
    @Test func aRepairedDateTheLooksDisagreeWithIsNotTaken() throws {
        // The sparse layout's reading; read as one block, the stamp gives 12/04/2015.
        let reader = try TesseractStampReader(languages: ["eng"])
        reader.layout = .sparse
        let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-date-reread.jpg"))
        let looks = "\(reading.lines.map { ($0.text, $0.rereads ?? []) })"
        let dateLine = try #require(reading.lines.first { $0.rereads != nil && $0.text.contains("/04/") }, "read \(looks)")
        #expect(dateLine.rereads?.count == TesseractStampReader.dateLineHeights.count)
        let clues = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading)
        // The right date or none — never the repaired guess, nor another wrong one.
        #expect(clues.date == nil || clues.date?.value == "2015-04-10", "read \(looks)")
        #expect(clues.date?.value != "2015-04-13", "read \(looks)")
    }

    /// A clean stamp whose date row, just above the frame's bottom rule, the sparse layout
    /// drops whole (`mmr`): read in the layout for one block, as the reader's pass reads it,
    /// or as the other layout after a sparse pass, the stamp gives `11 MAY 2013`.
    @Test func aDateRowTheSparseLayoutDropsIsReadInTheLayoutForOneBlock() throws {
        let extractor = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)
        for layout in [TesseractEngine.Layout.singleBlock, .sparse] {
            let reader = try TesseractStampReader()
            reader.layout = layout
            reader.datePrintedPlainly = { extractor.holdsPlainDate($0) }
            let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-date-block-cebu.jpg"))
            #expect(extractor.extract(from: reading).date?.value == "2013-05-11", "\(layout): read \(reading.lines.map(\.text))")
        }
    }

    /// A clean MELBOURNE DEPARTED stamp in a ring, turned a quarter on its page: the layout for
    /// one block reads its three words and drops `18 APR 2010` under them; the sparse layout,
    /// the other look, reads it.
    @Test func aDateRowTheBlockDropsIsReadInTheSparseLayout() throws {
        let extractor = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)
        let url = ImagingFixtures.url("stamp-ring-melbourne.jpg")
        let bare = try TesseractStampReader()
        let unlooked = try bare.read(imageAt: url)
        #expect(unlooked.lines.contains { $0.text.contains("MELBOURNE") }, "read \(unlooked.lines.map(\.text))")
        #expect(extractor.extract(from: unlooked).date == nil, "read \(unlooked.lines.map(\.text))")
        let reader = try TesseractStampReader()
        reader.datePrintedPlainly = { extractor.holdsPlainDate($0) }
        let reading = try reader.read(imageAt: url)
        #expect(extractor.extract(from: reading).date?.value == "2010-04-18", "read \(reading.lines.map(\.text))")
    }

    /// A date printed as a spaced-out band (`2 1 . 0 3 . 1 3`), of which the whole-stamp
    /// reading keeps `21.03`: the look at its line takes in the row of ink the layout dropped.
    @Test func aDateBandTheLayoutCutShortIsReadWhole() throws {
        let reader = try TesseractStampReader()
        let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-date-band.jpg"))
        let looks = "\(reading.lines.map { ($0.text, $0.rereads ?? []) })"
        let clues = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading)
        #expect(clues.date?.value == "2013-03-21", "read \(looks)")
    }
}
