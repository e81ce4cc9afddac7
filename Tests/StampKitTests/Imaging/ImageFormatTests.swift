import Foundation
import Testing
@testable import StampKit
@testable import StampKitImaging

/// Formats beyond JPEG/PNG/TIFF/WebP/BMP (GIF, HEIC) and the orientation tags of every format
/// that carries one. Fixtures: `Fixtures/images/make_formats.sh`.
@Suite struct ImageFormatTests {
    /// Mean absolute difference of the red channel at a 24×24 grid of points (0…255).
    static func difference(_ a: StampImage, _ b: StampImage) throws -> Double {
        #expect(a.width == b.width && a.height == b.height)
        var total = 0, count = 0
        for i in 0..<24 {
            for j in 0..<24 {
                let x = (2 * i + 1) * a.width / 48, y = (2 * j + 1) * a.height / 48
                let p = try #require(a.rgb(atX: x, y: y)), q = try #require(b.rgb(atX: x, y: y))
                total += abs(p.red - q.red)
                count += 1
            }
        }
        return Double(total) / Double(count)
    }

    /// Quadrants red top-left, green top-right, blue bottom-left, black bottom-right, 120×80.
    static func expectUpright(_ image: StampImage, _ name: String) throws {
        #expect(image.width == 120 && image.height == 80, "\(name): \(image.width)×\(image.height)")
        guard image.width == 120 && image.height == 80 else { return }
        let tl = try #require(image.rgb(atX: 12, y: 12))
        let tr = try #require(image.rgb(atX: 107, y: 12))
        let bl = try #require(image.rgb(atX: 12, y: 67))
        let br = try #require(image.rgb(atX: 107, y: 67))
        #expect(tl.red > 150 && tl.green < 90 && tl.blue < 90, "\(name): top-left should be red: \(tl)")
        #expect(tr.green > 150 && tr.red < 90 && tr.blue < 90, "\(name): top-right should be green: \(tr)")
        #expect(bl.blue > 150 && bl.red < 90 && bl.green < 90, "\(name): bottom-left should be blue: \(bl)")
        #expect(br.red < 60 && br.green < 60 && br.blue < 60, "\(name): bottom-right should be black: \(br)")
    }

    @Test(arguments: ["stamp.gif", "stamp.heic"])
    func readsLikeThePNG(name: String) throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url(name))
        let png = try StampImage(contentsOf: ImagingFixtures.url("stamp.png"))
        #expect(image.width == 640 && image.height == 380)
        // GIF's 64-colour palette and HEVC's loss keep the picture: a wrong decode is far off.
        #expect(try Self.difference(image, png) < 12)
    }

    @Test(arguments: [
        ("orient-3.tif", 3), ("orient-5.tif", 5), ("orient-6.tif", 6), ("orient-8.tif", 8),
        ("orient-3.webp", 3), ("orient-6.webp", 6), ("orient-6-exif.heic", 6), ("orient-6-irot.heic", 6),
    ])
    func appliesTheOrientationTagOfEveryFormat(name: String, value: Int) throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url(name))
        #expect(image.exifOrientation?.rawValue == value, "\(name)")
        try Self.expectUpright(image, name)
    }

    /// A phone's HEIC says the quarter turn twice, in its irot box and in its EXIF: turning by
    /// both would show the page upside down.
    @Test func phoneHEICIsTurnedOnceNotTwice() throws {
        let bytes = try Data(contentsOf: ImagingFixtures.url("orient-6-irot.heic"))
        #expect(HEIFFile.hasTransform(bytes))
        #expect(HEIFFile.exifOrientation(bytes) == .right)
        try Self.expectUpright(try StampImage(contentsOf: ImagingFixtures.url("orient-6-irot.heic")), "irot")
        #expect(!HEIFFile.hasTransform(try Data(contentsOf: ImagingFixtures.url("orient-6-exif.heic"))))
    }

    @Test(arguments: ["orient-6.tif", "orient-6.webp", "orient-6-exif.heic"])
    func canLeaveTheStoredLayout(name: String) throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url(name), applyExifOrientation: false)
        #expect(image.width == 80 && image.height == 120)
        #expect(image.exifOrientation == .right)
    }

    @Test(arguments: ["stamp-exif6.tif", "stamp-exif6.webp", "stamp-exif6.heic"])
    func sidewaysShotsOfEveryFormatComeOutLandscape(name: String) throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url(name))
        #expect(image.width == 640 && image.height == 380)
    }

    @Test func orientationParsersIgnoreBrokenData() throws {
        for name in ["orient-6.webp", "orient-6-exif.heic", "orient-6.tif"] {
            let bytes = try Data(contentsOf: ImagingFixtures.url(name))
            #expect(ExifOrientation.inFile(bytes) == .right, "\(name)")
            for cut in stride(from: 0, to: bytes.count, by: 7) {
                _ = ExifOrientation.inFile(bytes.prefix(cut))  // must not read past the end
            }
        }
        #expect(ExifOrientation.inFile(try Data(contentsOf: ImagingFixtures.url("stamp.gif"))) == nil)
    }

    /// giflib decodes every frame before Leptonica can ask the size: a GIF declaring a
    /// 30000×30000 frame in a few bytes must be refused from its blocks, and a cut one caught.
    @Test func gifBombAndCutGIFAreRefusedBeforeDecoding() throws {
        let dir = try ImagingFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        let bomb = Array("GIF89a".utf8) + le16(30000) + le16(30000) + [0, 0, 0]
            + [0x2C] + le16(0) + le16(0) + le16(30000) + le16(30000) + [0]
            + [2, 2, 0x4C, 0x01, 0] + [0x3B]
        let file = dir.appendingPathComponent("bomb.gif")
        try Data(bomb).write(to: file)
        #expect(throws: ImageError(.tooLarge, "")) {
            do { _ = try StampImage(contentsOf: file) } catch let error as ImageError { throw ImageError(error.kind, "") }
        }
        let gif = try Data(contentsOf: ImagingFixtures.url("stamp.gif"))
        let cut = dir.appendingPathComponent("cut.gif")
        try gif.prefix(gif.count * 2 / 3).write(to: cut)
        #expect(throws: ImageError(.corrupt, "")) {
            do { _ = try StampImage(contentsOf: cut) } catch let error as ImageError { throw ImageError(error.kind, "") }
        }
    }

    /// A cut HEIC is refused as damaged input, not passed to the decoder as a whole one.
    @Test func truncatedHEICIsCorruptInput() throws {
        let dir = try ImagingFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("cut.heic")
        let bytes = try Data(contentsOf: ImagingFixtures.url("stamp.heic"))
        try bytes.prefix(bytes.count / 2).write(to: file)
        do {
            _ = try StampImage(contentsOf: file)
            Issue.record("a truncated HEIC loaded")
        } catch let error as ImageError {
            #expect(error.kind == .corrupt)
            #expect(error.failureClass == .input)
        }
    }
}

/// Pictures of extreme shapes: every stage must read them or refuse them as input, never fail
/// as if StampKit had a bug.
@Suite struct ExtremeShapeTests {
    /// A 24-bit BMP of paper with a band of letter-like ink strokes across its middle.
    static func picture(width: Int, height: Int, in dir: URL) throws -> URL {
        let rowBytes = (width * 3 + 3) / 4 * 4
        var data = Data()
        func le32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func le16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [0x42, 0x4D]); le32(54 + rowBytes * height); le32(0); le32(54)
        le32(40); le32(width); le32(height); le16(1); le16(24); le32(0); le32(rowBytes * height)
        le32(2835); le32(2835); le32(0); le32(0)
        for y in (0..<height).reversed() {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width {
                let horizontal = width >= height
                let (along, across, thickness) = horizontal ? (x, y, height) : (y, x, width)
                let ink = across > thickness * 3 / 10 && across < thickness * 7 / 10 && along % 9 < 3 && (along / 300) % 2 == 0
                let v: UInt8 = ink ? 25 : 235
                row[3 * x] = v; row[3 * x + 1] = v; row[3 * x + 2] = v
            }
            data.append(contentsOf: row)
        }
        let file = dir.appendingPathComponent("shape-\(width)x\(height).bmp")
        try data.write(to: file)
        return file
    }

    static let shapes = [(12000, 40), (40, 12000), (1, 1), (10, 10), (3000, 2)]

    @Test(arguments: shapes)
    func loadsAndMeasuresAnAngle(width: Int, height: Int) throws {
        let dir = try ImagingFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = try StampImage(contentsOf: Self.picture(width: width, height: height, in: dir))
        #expect(image.width == width && image.height == height)
        let (degrees, confidence) = try image.textLineAngle()
        #expect(degrees > -90 && degrees <= 90 && confidence >= 0)
    }

    /// `ocr` and `scan` read such a picture (finding little or nothing) or refuse it as input
    /// with one line; `mrz` finds no zone. Exit 70 would blame StampKit for the picture.
    @Test(arguments: shapes)
    func commandsTreatTheShapeAsInput(width: Int, height: Int) throws {
        let dir = try ImagingFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.picture(width: width, height: height, in: dir).path
        let gazetteer = try FixtureGazetteer.shared
        for (command, allowed) in [(["ocr", path, "--json"], [0, 65]), (["scan", path, "--json", "--gazetteer", gazetteer.path], [0, 65]),
                                   (["mrz", path], [65, 67])] as [([String], [Int32])] {
            let outcome = try CLI.run(command)
            #expect(allowed.contains(outcome.status), "\(command[0]) \(width)×\(height): exit \(outcome.status): \(outcome.stderr)")
            if outcome.status != 0 { #expect(outcome.stderrLines.count == 1, "\(outcome.stderr)") }
        }
    }
}

/// What a person sees on stderr when a codec or Tesseract has something to say: nothing.
@Suite struct QuietStderrTests {
    /// libpng warns about a broken colour profile (an `iCCP` chunk too short to hold one) on
    /// the C stderr stream, and decodes the picture all the same.
    @Test func decodablePNGWithACodecWarningPrintsNothing() throws {
        let dir = try ImagingFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = try Data(contentsOf: ImagingFixtures.url("stamp.png"))
        // zlib stream of 200 zero bytes: a valid compressed profile, far too short for ICC.
        let profile: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x18, 0x1E, 0x00, 0x00, 0x00, 0xC8, 0x00, 0x01]
        let body = Array("iCCPbad".utf8) + [0, 0] + profile
        var chunk = withUnsafeBytes(of: UInt32(body.count - 4).bigEndian) { Array($0) } + body
        chunk += withUnsafeBytes(of: body.withUnsafeBufferPointer { CRC32.of($0) }.bigEndian) { Array($0) }
        var bytes = png
        bytes.insert(contentsOf: chunk, at: 8 + 25)  // after the signature and IHDR
        let file = dir.appendingPathComponent("odd-profile.png")
        try bytes.write(to: file)
        let outcome = try CLI.run(["ocr", file.path, "--json"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("MUNCHEN"))
    }

    /// libjpeg prints "Corrupt JPEG data" for garbage inside the picture before Leptonica gives
    /// up: the person sees StampKit's one line only.
    @Test func damagedJPEGGivesOneLineOnly() throws {
        let dir = try ImagingFixtures.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes = try Data(contentsOf: ImagingFixtures.url("stamp-upright.jpg"))
        let scan = try #require(bytes.firstRange(of: Data([0xFF, 0xDA]))).lowerBound
        for i in (scan + 2000)..<(scan + 2040) { bytes[i] = 0x5A }  // never 0xFF: markers stay intact
        let file = dir.appendingPathComponent("damaged.jpg")
        try bytes.write(to: file)
        let outcome = try CLI.run(["ocr", file.path, "--json"])
        #expect(outcome.status == 65)
        #expect(outcome.stderrLines.count == 1, "\(outcome.stderr)")
    }

    /// GIF, HEIC and orientation-tagged TIFF/WebP/HEIC read through the whole OCR path, upright
    /// without the rotation search having to find a quarter turn, and quietly.
    @Test(arguments: ["stamp.gif", "stamp.heic", "stamp-exif6.tif", "stamp-exif6.webp", "stamp-exif6.heic"])
    func newFormatsReadUprightAndQuietly(name: String) throws {
        let outcome = try CLI.run(["ocr", ImagingFixtures.url(name).path, "--json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let word = name.hasPrefix("stamp-exif6") ? "ZURICH" : "MUNCHEN"
        #expect(outcome.stdout.contains(word), "\(outcome.stdout.prefix(300))")
        let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let rotation = try #require(json?["rotation"] as? Double)
        #expect(abs(rotation) < 10, "read after a turn of \(rotation)°: the orientation tag was not applied")
    }
}
