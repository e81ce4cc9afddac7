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

/// Difference between two angles in degrees, on the circle.
private func angularDistance(_ a: Double, _ b: Double) -> Double {
    let d = abs((a - b).truncatingRemainder(dividingBy: 360))
    return min(d, 360 - d)
}

private func contains(_ reading: OCRReading, _ word: String) -> Bool {
    reading.text.range(of: word, options: .caseInsensitive) != nil
}

@Suite(.serialized) struct TesseractStampReaderTests {
    /// (fixture, words it must read, rotation that makes it upright, counter-clockwise)
    static let stamps: [(String, [String], Double)] = [
        ("stamp-upright.jpg", ["FRANKFURT", "EINREISE", "12.07.19"], 0),
        ("stamp-rot90.jpg", ["KEFLAVIK", "ARRIVAL", "03.05.22"], -90),
        ("stamp-rot180.jpg", ["HEATHROW", "BORDER", "2019"], 180),
        ("stamp-rot270.jpg", ["NARITA", "DEPARTED", "2019.07.12"], 90),
        ("stamp-rot17.jpg", ["SCHIPHOL", "DEPARTURE", "21.09.18"], -17),
        ("stamp-rot-33.jpg", ["LISBOA", "SAIDA", "04.11.17"], 33),
        ("stamp-faded.jpg", ["BARAJAS", "ENTRADA", "15.08.21"], 0),
        ("stamp-colour.jpg", ["ADMITTED", "JUL", "2019"], 8),
        ("stamp-exif6.jpg", ["ZURICH", "EINREISE"], 0),
        ("stamp.png", ["MUNCHEN", "AUSREISE"], 0),
        ("stamp.tif", ["MUNCHEN", "AUSREISE"], 0),
        ("stamp.webp", ["MUNCHEN", "AUSREISE"], 0),
        ("stamp.bmp", ["MUNCHEN", "AUSREISE"], 0),
        ("stamp-transparent.png", ["SCHIPHOL", "30.11.21"], 0),
        ("page-kef-rot90.jpg", ["KEFLAVIK", "12.07.19"], -90),
        ("page-fra-rot186.jpg", ["FRANKFURT", "03.05.22"], 174),
        ("page-cdg-rot-24.jpg", ["ROISSY", "21.09.18"], 24),
    ]

    @Test(arguments: stamps)
    func readsTheStampAndFindsItsRotation(name: String, words: [String], rotation: Double) throws {
        let reader = try TesseractStampReader()
        let reading = try reader.read(imageAt: ImagingFixtures.url(name), options: ReadOptions())
        for word in words {
            #expect(contains(reading, word), "\(name): expected \(word) in \(reading.text)")
        }
        #expect(angularDistance(reading.rotation, rotation) <= 3, "\(name): rotation \(reading.rotation), expected \(rotation)")
        #expect(reading.rotation > -180 && reading.rotation <= 180)
    }

    @Test func fadedVioletStampOnSecurityLinesIsStraightenedAndRead() throws {
        let reader = try TesseractStampReader()
        let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-violet-guilloche-rot25.jpg"), options: ReadOptions())
        for word in ["FRANKFURT", "EINREISE", "12.07.19"] {
            #expect(contains(reading, word), "expected \(word) in \(reading.text)")
        }
        #expect(angularDistance(reading.rotation, -25) <= 2, "rotation \(reading.rotation)")
        #expect((reading.passes ?? 0) >= 1)
    }

    /// Upside down, the first turn tried reads only fragments: the half turn must be read too
    /// and win on its evidence, and the reading says so in its pass count.
    @Test func upsideDownStampIsReadBothWaysAndTheBetterReadingKept() throws {
        let reader = try TesseractStampReader()
        let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-rot180.jpg"), options: ReadOptions())
        #expect(angularDistance(reading.rotation, 180) <= 3)
        #expect((reading.passes ?? 0) >= 2)
        #expect(contains(reading, "HEATHROW"))
    }

    /// The cheap half-turn check reads the first pass's own biggest lines both ways up: read
    /// upright, they rule the half turn out; read upside down, they leave it in.
    @Test func halfTurnCheckOnTheBiggestLinesTellsUprightFromUpsideDown() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        let ink = try reader.prepare(StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg"))).image
        let upright = try reader.pass(ink, rotation: 0, engine: engine)
        #expect(upright.score >= reader.acceptScore)
        #expect(try !reader.halfTurnMayWin(upright, in: ink, engine: engine))
        let turned = try ink.rotated(byDegrees: 180)
        let upsideDown = try reader.pass(turned, rotation: 0, engine: engine)
        #expect(upsideDown.lines.contains { $0.text.count >= 3 }, "no lines to judge: \(upsideDown.lines.map(\.text))")
        #expect(try reader.halfTurnMayWin(upsideDown, in: turned, engine: engine))
    }

    /// The signed Bangkok sample's first reading, which leaves unreadable words to retry. Read
    /// with the English model, which leaves its signed line unreadable (the Latin model reads
    /// enough of it to need no retry).
    func signedStampFirstReading() throws -> (reader: TesseractStampReader, engine: TesseractEngine,
                                              source: StampImage, first: TesseractStampReader.Pass) {
        let reader = try TesseractStampReader(languages: ["eng"])
        let engine = try reader.engine(for: [])
        let source = try StampImage(contentsOf: Repository.samples.appendingPathComponent("stamps/bkk-admitted.jpg"))
        let first = try reader.findUpright(reader.prepare(source).image, ink: true, engine: engine)
        #expect(first.doubt >= reader.retryDoubt, "no unreadable words to retry: \(first.lines.map(\.text))")
        return (reader, engine, source, first)
    }

    /// Unreadable words send a reading to the colour channels, which stop at the first that
    /// reads with certainty and leaves nothing unreadable: on this stamp the red channel does,
    /// so green and blue are never read.
    @Test func channelRetriesStopAtACertainReading() throws {
        let (reader, engine, source, first) = try signedStampFirstReading()
        let retried = try reader.retryChannels(first, of: source, engine: engine)
        #expect(retried.best.doubt == 0 && retried.best.score >= reader.certainScore)
        #expect(retried.passes == 1)
        #expect(retried.best.score > first.score)
    }

    /// A channel that reads the stamp cleanly (certain, nothing unreadable) ends the retries
    /// even when it does not beat the reading retried, which keeps its place: the channels
    /// after it would read the same stamp much the same.
    @Test func channelRetriesStopAtACleanChannelNotKept() throws {
        var (reader, engine, source, first) = try signedStampFirstReading()
        // More confident text than any channel gives, still with unreadable words.
        first.score = 1000
        let retried = try reader.retryChannels(first, of: source, engine: engine)
        #expect(retried.passes == 1)
        #expect(retried.best.lines == first.lines && retried.best.score == 1000)
    }

    /// A channel whose ink breaks into more words than the reader allows is given up unread:
    /// with an allowance below what this stamp's channels hold, every retry is given up and
    /// the first reading stands. Two retries, not three: the channel where the ink is faintest
    /// is never read.
    @Test func channelWithTooManyWordsIsNotRead() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        let source = try StampImage(contentsOf: Repository.samples.appendingPathComponent("stamps/bkk-admitted.jpg"))
        let first = try reader.findUpright(reader.prepare(source).image, ink: true, engine: engine)
        reader.wordLimit = 2
        let retried = try reader.retryChannels(first, of: source, engine: engine)
        #expect(retried.passes == 2)
        #expect(retried.best.lines == first.lines)
        #expect(retried.best.doubt == first.doubt)
    }

    /// The channel where the stamp's ink is faintest is left out of the retries: the red
    /// channel for red ink, the blue one for blue ink; a gray photo has none to retry.
    @Test func theRetriesLeaveOutTheChannelWhereTheInkIsFaintest() throws {
        let reader = try TesseractStampReader()
        func retried(_ ink: DrawingCanvas.Colour) throws -> [Int] {
            let canvas = try DrawingCanvas(width: 300, height: 200, background: .init(236, 230, 212))
            canvas.outline(PixelBox(x: 20, y: 20, width: 260, height: 160), colour: ink, lineWidth: 5)
            for row in 0..<4 { canvas.fill(PixelBox(x: 50, y: 50 + 30 * row, width: 200, height: 10), colour: ink) }
            return reader.retriedChannels(try canvas.image())
        }
        #expect(try retried(.init(178, 34, 44)) == [1, 2])
        #expect(try retried(.init(38, 66, 168)) == [0, 1])
        #expect(try retried(.init(28, 112, 64)) == [0, 2])
        let gray = try StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg")).grayscale()
        #expect(reader.retriedChannels(gray).isEmpty)
    }

    /// Paper hatching that the ink separation kept as specks, each read as I, l or ]: the first
    /// pass over the usual ink finds more words than a stamp prints and is given up after the
    /// layout, and the stamp is read from the strict separation. Read in full, the specks
    /// buried the date (903.23.). However it gets there, the reader reads the airport and date
    /// whole and little else.
    @Test func aFirstPassFullOfHatchingIsReadFromTheStrictInk() throws {
        let reader = try TesseractStampReader()
        let photo = try StampImage(contentsOf: ImagingFixtures.url("stamp-hatched-salzburg.jpg"))
        let ink = try reader.prepare(photo).image
        #expect(try reader.findUpright(ink, ink: true, engine: reader.engine(for: []), firstPassLimit: reader.wordLimit) == nil)
        let reading = try reader.read(photo)
        let texts = reading.lines.map(\.text)
        #expect(texts.contains("28.03.23"), "lines: \(texts)")
        #expect(texts.contains { $0.hasPrefix("FLUGHAFEN SALZ") }, "lines: \(texts)")
        #expect(reading.lines.flatMap(\.words).count < 30, "lines: \(texts)")
    }

    @Test func givenRotationIsUsedExactly() throws {
        let reader = try TesseractStampReader()
        let url = ImagingFixtures.url("stamp-rot90.jpg")
        let right = try reader.read(imageAt: url, options: ReadOptions(rotation: -90))
        #expect(right.rotation == -90)
        #expect(right.passes == 1)
        #expect(contains(right, "KEFLAVIK"))
        // Told the wrong angle, the reader must not search: the sideways text stays unread.
        let wrong = try reader.read(imageAt: url, options: ReadOptions(rotation: 0))
        #expect(wrong.rotation == 0)
        #expect(!contains(wrong, "KEFLAVIK"))
    }

    @Test func cropReadsOnlyThatPart() throws {
        let reader = try TesseractStampReader()
        let url = ImagingFixtures.url("stamp-upright.jpg")  // 640 × 380, three centred lines
        let bottom = try reader.read(imageAt: url, options: ReadOptions(crop: PixelBox(x: 0, y: 220, width: 640, height: 160)))
        #expect(contains(bottom, "12.07.19"))
        #expect(!contains(bottom, "FRANKFURT"))
        #expect {
            try reader.read(imageAt: url, options: ReadOptions(crop: PixelBox(x: 600, y: 0, width: 100, height: 100)))
        } throws: { ($0 as? ImageError)?.kind == .cropOutsideImage }
    }

    @Test func wordsAndLinesCarryBoxesInTheStraightenedImage() throws {
        let reader = try TesseractStampReader()
        let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-upright.jpg"), options: ReadOptions())
        #expect(reading.lines.count >= 3)
        for line in reading.lines {
            #expect(!line.words.isEmpty)
            #expect(line.confidence >= 0 && line.confidence <= 100)
            for word in line.words {
                #expect(line.text.contains(word.text))
                #expect(word.box.width > 0 && word.box.height > 0)
                #expect(word.box.x >= 0 && word.box.x + word.box.width <= 640)
                #expect(word.box.y >= 0 && word.box.y + word.box.height <= 380)
            }
        }
        // Lines come top to bottom: FRANKFURT above EINREISE above the date.
        let frankfurt = try #require(reading.lines.first { $0.text.contains("FRANKFURT") })
        let date = try #require(reading.lines.first { $0.text.contains("12.07") })
        #expect(frankfurt.box.y < date.box.y)
    }

    @Test func wordsWithoutLettersOrDigitsAreDropped() throws {
        let reader = try TesseractStampReader()
        // The page photo's stars, plane and guilloche print read as "*", "=", "—" and the like.
        let reading = try reader.read(imageAt: ImagingFixtures.url("page-cdg-rot-24.jpg"), options: ReadOptions())
        #expect(contains(reading, "ROISSY"))
        for line in reading.lines {
            #expect(!line.words.isEmpty)
            #expect(line.text == line.words.map(\.text).joined(separator: " "))
            for word in line.words {
                #expect(word.text.unicodeScalars.contains(where: CharacterSet.alphanumerics.contains), "kept \(word.text)")
            }
        }
    }

    @Test func blankPageReadsNothing() throws {
        let reader = try TesseractStampReader()
        let quadrants = try StampImage(contentsOf: ImagingFixtures.url("orient-1.jpg"))
        let blank = try quadrants.cropped(to: PixelBox(x: 45, y: 30, width: 30, height: 20))  // white middle
        let reading = try reader.read(blank, options: ReadOptions())
        #expect(reading.lines.isEmpty)
        #expect(reading.rotation == 0)
    }

    @Test func oneReaderPerWorkerRunsInParallel() throws {
        let names = ["stamp-upright.jpg", "stamp-rot90.jpg", "stamp-faded.jpg", "stamp-rot180.jpg"]
        let found = LockedStrings()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            guard let reader = try? TesseractStampReader() else { return }
            for name in names.enumerated().filter({ $0.offset % 2 == worker }).map(\.element) {
                if let reading = try? reader.read(imageAt: ImagingFixtures.url(name), options: ReadOptions()) {
                    found.append("\(name): \(reading.text)")
                }
            }
        }
        let all = found.values.joined(separator: "\n")
        #expect(found.values.count == 4)
        for word in ["FRANKFURT", "KEFLAVIK", "BARAJAS", "HEATHROW"] {
            #expect(all.contains(word))
        }
    }

    @Test func plainPassDoesNoStraightening() throws {
        let reader = try TesseractStampReader()
        let upright = try reader.plainPass(imageAt: ImagingFixtures.url("stamp-upright.jpg"))
        #expect(contains(upright, "FRANKFURT"))
        #expect(upright.rotation == 0)
        let sideways = try reader.plainPass(imageAt: ImagingFixtures.url("stamp-rot90.jpg"))
        #expect(!contains(sideways, "KEFLAVIK"))
    }

    @Test func explicitLanguagesAreHonoured() throws {
        let reader = try TesseractStampReader(languages: ["eng"])
        let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-upright.jpg"), options: ReadOptions(languages: ["eng"]))
        #expect(contains(reading, "EINREISE"))
    }

    @Test func badImageGivesTheImageError() throws {
        let reader = try TesseractStampReader()
        #expect {
            try reader.read(imageAt: ImagingFixtures.url("bomb.png"), options: ReadOptions())
        } throws: { ($0 as? ImageError)?.kind == .tooLarge }
    }
}

@Suite struct TesseractEngineTests {
    @Test func listsInstalledLanguagesWithoutOSD() {
        let languages = TesseractEngine.installedLanguages()
        #expect(languages.contains("eng"))
        #expect(!languages.contains("osd"))
        #expect(TesseractEngine.defaultLanguages().allSatisfy(languages.contains))
    }

    /// The layout tells how many words a pass would recognise before any is read: a limit
    /// under that count gives no lines (and the count), one at it reads as without a limit,
    /// and the engine reads normally after a pass it stopped.
    @Test func wordLimitStopsAPassBeforeItsWordsAreRead() throws {
        let engine = try TesseractEngine()
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg"))
        let free = try engine.recognise(image, layout: .sparse, wordLimit: nil)
        let lines = try #require(free.lines)
        #expect(free.words >= 3)
        #expect(lines.contains { $0.text.contains("FRANKFURT") })
        let over = try engine.recognise(image, layout: .sparse, wordLimit: free.words - 1)
        #expect(over.lines == nil)
        #expect(over.words == free.words)
        let at = try engine.recognise(image, layout: .sparse, wordLimit: free.words)
        #expect(at.lines == lines)
        #expect(try engine.recognise(image, layout: .sparse) == lines)
    }

    @Test func missingLanguageNamesTheFix() {
        // "qaa" is reserved for local use in ISO 639: no Debian package will ever install it.
        #expect {
            _ = try TesseractEngine(languages: ["eng", "qaa"])
        } throws: { error in
            guard let error = error as? OCRError else { return false }
            return error.kind == .languageDataMissing && error.failureClass == .languageData
                && error.message.contains("apt-get install tesseract-ocr-qaa") && !error.message.contains("\n")
        }
    }

    @Test func emptyTessdataFolderIsALanguageDataError() throws {
        let empty = try ImagingFixtures.scratch()
        #expect {
            _ = try TesseractStampReader(languages: ["eng"], tessdata: empty)
        } throws: { error in
            (error as? OCRError)?.kind == .languageDataMissing && (error as? OCRError)?.message.contains("tesseract-ocr-eng") == true
        }
    }

    @Test func languageNamesCannotBePaths() {
        #expect {
            _ = try TesseractEngine(languages: ["../../etc/passwd"])
        } throws: { ($0 as? OCRError)?.kind == .badLanguageName }
    }

    @Test func scoreRewardsConfidentWordsAndPenalisesHopelessOnes() {
        func line(_ words: [(String, Double)]) -> OCRLine {
            OCRLine(text: words.map(\.0).joined(separator: " "), confidence: 0, box: PixelBox(x: 0, y: 0, width: 1, height: 1),
                    words: words.map { OCRWord(text: $0.0, confidence: $0.1, box: PixelBox(x: 0, y: 0, width: 1, height: 1)) })
        }
        let upright = [line([("HEATHROW", 95), ("UK", 96), ("BORDER", 96)])]
        let flipped = [line([("610Z", 71), ("1Nf", 68), ("ZT", 93), ("Yuaquod", 0), ("MOWHLVAH", 1)])]
        #expect(TesseractStampReader.score(upright) == 14)
        #expect(TesseractStampReader.score(flipped) == 4)
        #expect(TesseractStampReader.doubt(flipped) == 15)
        #expect(TesseractStampReader.score([line([("x", 20), ("==", 10), ("Sy", 95), ("KEFLAVIK", 89)])]) == 8)
    }
}

/// Collects results from worker threads.
private final class LockedStrings: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ value: String) { lock.lock(); storage.append(value); lock.unlock() }
    var values: [String] { lock.lock(); defer { lock.unlock() }; return storage }
}

@Suite struct DefaultLanguageTests {
    /// A tessdata folder holding (empty) models of these names.
    private func tessdata(_ models: [String]) throws -> URL {
        let folder = try makeTemporaryDirectory("tessdata")
        for model in models {
            FileManager.default.createFile(atPath: folder.appendingPathComponent("\(model).traineddata").path, contents: Data())
        }
        return folder
    }

    @Test func prefersTheLatinScriptModelThenEnglish() throws {
        #expect(TesseractEngine.defaultLanguages(in: try tessdata(["eng", "Latin", "osd", "deu"])) == ["Latin"])
        #expect(TesseractEngine.defaultLanguages(in: try tessdata(["deu", "eng", "osd"])) == ["eng"])
        #expect(TesseractEngine.defaultLanguages(in: try tessdata(["osd", "isl"])) == ["isl"])
    }

    @Test func namesTheDebianPackageOfAModel() {
        #expect(TesseractEngine.package(for: "Latin") == "tesseract-ocr-script-latn")
        #expect(TesseractEngine.package(for: "chi_sim") == "tesseract-ocr-chi-sim")
        #expect(TesseractEngine.package(for: "eng") == "tesseract-ocr-eng")
    }
}
