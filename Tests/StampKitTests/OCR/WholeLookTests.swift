import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitImaging
@testable import StampKitOCR

/// A stamp whose reading found next to no confident text is read again whole, prepared three
/// ways; the looks are further readings of its names.
@Suite struct WholeLookTests {
    @Test func aStampThatReadPoorlyIsReadAgainWhole() throws {
        // Read in the sparse layout, which loses the name; the looks include the stamp read as
        // one block (`otherLayout`).
        let reader = try TesseractStampReader()
        reader.layout = .sparse
        // The photo as it is, signature and all: the reading the looks are for (the reader
        // goes on to read it again with the pen painted out, a separate step).
        let photo = try StampImage(contentsOf: ImagingFixtures.url("stamp-hard-kaunas.jpg"))
        let reading = try reader.finished(reader.findFramed(photo, options: ReadOptions()), engine: reader.engine(for: []))
        #expect(TesseractStampReader.score(reading.lines) < reader.acceptScore)
        let looks = try #require(reading.wholeLooks, "no whole looks at \(reading.text)")
        #expect(looks.count == TesseractStampReader.wholeLooks.count)
        let words = looks.map { Set($0.joined(separator: " ").split(separator: " ").map(String.init)) }
        // The name the first reading lost, read by one look and, a letter off, by another.
        #expect(!reading.text.contains("KAUNO"))
        #expect(words.contains { $0.contains("KAUNO") }, "looks \(looks)")
        let clues = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading)
        #expect(clues.namePhrases.contains { $0.form == "kauno" && $0.span.line >= clues.readLines })
        #expect(reading.passes ?? 0 >= looks.count + 1)
    }

    /// A faint stamp with a signature across it is searched twice, as photographed and with the
    /// pen painted out, but only the reading kept gets the further looks (the whole looks are
    /// three passes over the stamp): what the read costs is both searches and one reading's looks.
    @Test func aSignedStampIsLookedAtOnceForTheReadingKept() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        let photo = try StampImage(contentsOf: ImagingFixtures.url("stamp-hard-kaunas.jpg"))
        let penless = try #require(try photo.withoutPenStrokes(), "no signature found")
        func cost(_ work: () throws -> Void) rethrows -> Int {
            let before = engine.recognitions + engine.textReads
            try work()
            return engine.recognitions + engine.textReads - before
        }
        var signed: TesseractStampReader.Found?, clean: TesseractStampReader.Found?
        let searches = try cost {
            signed = try reader.findAsPhotographed(photo, options: ReadOptions())
            clean = try reader.findAsPhotographed(penless, options: ReadOptions())
        }
        #expect(TesseractStampReader.score(signed!.reading.lines) < reader.acceptScore)
        let signedLooks = try cost { _ = try reader.finished(signed!, engine: engine) }
        let cleanLooks = try cost { _ = try reader.finished(clean!, engine: engine) }
        #expect(signedLooks > TesseractStampReader.wholeLooks.count && cleanLooks > TesseractStampReader.wholeLooks.count)
        let read = try cost { _ = try reader.read(photo) }
        #expect(read == searches + signedLooks || read == searches + cleanLooks,
                "\(read) recognitions: searches \(searches), looks \(signedLooks) or \(cleanLooks)")
    }

    @Test func aStampThatReadWellIsNotReadAgain() throws {
        let reader = try TesseractStampReader()
        let reading = try reader.read(imageAt: ImagingFixtures.url("stamp-upright.jpg"))
        #expect(TesseractStampReader.score(reading.lines) >= reader.acceptScore)
        #expect(reading.wholeLooks == nil)
    }
}
