import CLeptonica
import Foundation
import Testing
@testable import StampKitImaging
@testable import StampKitOCR

/// A stamp photographed with page around it: found, read from its own part, and its words
/// placed where they are on the whole photo.
@Suite(.serialized) struct StampFrameTests {
    /// `image` with `left`/`top` white columns and rows added (and some on the other sides), as a
    /// photo taken with page around the stamp.
    static func onLargerPage(_ image: StampImage, left: Int, top: Int) throws -> StampImage {
        try image.bordered(left: left, right: 260, top: top, bottom: 180, value: 0xFFFF_FF00)
    }

    @Test func aStampFillingThePhotoHasNoFrame() throws {
        for name in ["stamp-upright.jpg", "stamp-rot17.jpg", "stamp-violet-guilloche-rot25.jpg"] {
            #expect(try StampImage(contentsOf: ImagingFixtures.url(name)).stampFrame() == nil, "\(name)")
        }
    }

    @Test func aSmallStampOnALargePageIsFramedWithItsMargin() throws {
        let stamp = try StampImage(contentsOf: ImagingFixtures.url("stamp-rot17.jpg"))
        let page = try Self.onLargerPage(stamp, left: 700, top: 420)
        let frame = try #require(try page.stampFrame())
        // The whole stamp inside, little of the white page around it.
        #expect(frame.x <= 700 + 20 && frame.y <= 420 + 20)
        #expect(frame.x + frame.width >= 700 + stamp.width - 20 && frame.y + frame.height >= 420 + stamp.height - 20)
        #expect(frame.x >= 600 && frame.y >= 320)
        #expect(frame.width <= stamp.width + 200 && frame.height <= stamp.height + 200)
    }

    @Test(arguments: [0.0, 7.5, -17, 33, 90, -90, 180, 174, 261])
    func turnedSizeIsTheSizeOfTheTurnedImage(degrees: Double) throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-rot17.jpg"))
        for (w, h) in [(724, 552), (301, 977), (1200, 900)] {
            let sized = try image.scaledUp(toLongSide: 1300).cropped(to: PixelBox(x: 0, y: 0, width: w, height: h))
            let turned = try sized.rotated(byDegrees: degrees)
            let size = StampImage.turnedSize(width: w, height: h, degrees: degrees)
            #expect(size.width == turned.width && size.height == turned.height, "\(w)×\(h) by \(degrees)°")
        }
    }

    /// The same stamp read alone and on a larger page: on the page it is read from its frame,
    /// enlarged, yet every word found in both readings lies on the same source pixels.
    @Test(arguments: [("stamp-rot17.jpg", "SCHIPHOL"), ("stamp-rot90.jpg", "KEFLAVIK"), ("stamp-upright.jpg", "FRANKFURT")])
    func wordBoxesOnAFramedStampAreInTheWholePhotosPixels(name: String, word: String) throws {
        let reader = try TesseractStampReader()
        let stamp = try StampImage(contentsOf: ImagingFixtures.url(name))
        let (left, top) = (640, 380)
        let page = try Self.onLargerPage(stamp, left: left, top: top)
        #expect(try reader.framing(of: page) != nil)
        let alone = try reader.read(stamp)
        // The framed part's reading, even where the whole page reads well enough.
        let framed = try reader.finished(reader.findFramed(page, options: ReadOptions(), weakBelow: .max), engine: reader.engine(for: []))
        #expect(abs(alone.rotation - framed.rotation) <= 1.5, "\(alone.rotation) against \(framed.rotation)")
        func sourceCentre(_ box: PixelBox, of reading: OCRReading, in image: StampImage) -> (Double, Double)? {
            let turned = StampImage.turnedSize(width: image.width, height: image.height, degrees: reading.rotation)
            let frame = DerivedFrame(crop: PixelBox(x: 0, y: 0, width: image.width, height: image.height),
                                     rotation: reading.rotation, turnedWidth: turned.width, turnedHeight: turned.height,
                                     width: turned.width, height: turned.height)
            guard let source = frame.sourceBox(ofDerived: box) else { return nil }
            return (Double(source.x) + Double(source.width) / 2, Double(source.y) + Double(source.height) / 2)
        }
        let aloneWords = Dictionary(alone.lines.flatMap(\.words).map { ($0.text, $0.box) }, uniquingKeysWith: { a, _ in a })
        var compared = 0
        for found in framed.lines.flatMap(\.words) where found.text.count >= 4 {
            guard let box = aloneWords[found.text],
                  let a = sourceCentre(box, of: alone, in: stamp), let f = sourceCentre(found.box, of: framed, in: page) else { continue }
            compared += 1
            #expect(abs(f.0 - Double(left) - a.0) <= 6 && abs(f.1 - Double(top) - a.1) <= 6,
                    "\(found.text): \(f) on the page, \(a) + (\(left), \(top)) alone")
        }
        #expect(framed.text.contains(word), "\(framed.text)")
        #expect(compared >= 2, "words read in both: alone \(alone.text) framed \(framed.text)")
    }

    /// A stamp read whole and from its frame gets the further looks at its date and doubtful
    /// lines once, on the reading kept: the whole photo's reading, which has lines to look at
    /// too, is not looked at again when the framed one wins.
    @Test func onlyTheReadingKeptGetsTheFurtherLooks() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        let page = try Self.onLargerPage(try StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg")), left: 640, top: 380)
        let framing = try #require(try reader.framing(of: page))
        let part = try page.cropped(to: framing.box)
        let enlarged = try part.scaledUp(toLongSide: max(part.width, part.height) * framing.factor)
        func looks(of image: StampImage) throws -> Int {
            let read = try reader.readPasses(image, options: ReadOptions(crop: PixelBox(x: 0, y: 0, width: image.width, height: image.height)))
            let before = engine.textReads
            _ = try reader.looked(read, engine: engine)
            return engine.textReads - before
        }
        let wholeLooks = try looks(of: page), framedLooks = try looks(of: enlarged)
        #expect(wholeLooks > 0 && framedLooks > 0, "whole \(wholeLooks), framed \(framedLooks)")
        let before = engine.textReads
        let framed = try reader.finished(reader.findFramed(page, options: ReadOptions(), weakBelow: .max), engine: reader.engine(for: []))
        #expect(engine.textReads - before == framedLooks, "\(engine.textReads - before) reads for \(framed.text)")
        #expect(framed.lines.contains { $0.rereads != nil })
    }
}

/// A stamp photographed small on a whole page, whose whole-photo reading missed its place and
/// misread its date, is read from its frame.
@Suite(.serialized) struct SmallStampReadingTests {
    @Test func aSmallStampOnAPageIsReadFromItsFrame() throws {
        let reader = try TesseractStampReader()
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-small-kiel.jpg"))
        let framing = try #require(try reader.framing(of: image))
        #expect(framing.factor >= 2)
        let reading = try reader.read(image)
        #expect(reading.text.contains("24.06.05"), "\(reading.text)")
        #expect(reading.text.contains("KIEL"), "\(reading.text)")
        #expect(abs(reading.rotation + 3) <= 2, "rotation \(reading.rotation)")
        // The date's box lies on the stamp, in the whole photo's pixels: inside the frame once
        // turned back (the photo turned by the reading's small angle moves it by a few pixels).
        let date = try #require(reading.lines.flatMap(\.words).first { $0.text.contains("24.06.05") })
        let turned = StampImage.turnedSize(width: image.width, height: image.height, degrees: reading.rotation)
        let frame = DerivedFrame(crop: PixelBox(x: 0, y: 0, width: image.width, height: image.height), rotation: reading.rotation,
                                 turnedWidth: turned.width, turnedHeight: turned.height, width: turned.width, height: turned.height)
        let source = try #require(frame.sourceBox(ofDerived: date.box))
        let box = framing.box
        #expect(source.x >= box.x && source.y >= box.y && source.x + source.width <= box.x + box.width
                && source.y + source.height <= box.y + box.height, "date at \(source), frame \(box)")
    }
}
