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

@Suite struct StampImageLoadingTests {
    @Test(arguments: [
        ("stamp-upright.jpg", 640, 380), ("stamp.png", 640, 380), ("stamp.tif", 640, 380),
        ("stamp.webp", 640, 380), ("stamp.bmp", 480, 285),
    ])
    func readsEverySupportedFormat(name: String, width: Int, height: Int) throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url(name))
        #expect(image.width == width)
        #expect(image.height == height)
        // Every fixture has dark ink in the frame near the top-left corner and light paper inside.
        let paper = try #require(image.rgb(atX: image.width / 2, y: image.height / 8))
        #expect(paper.red > 180)
    }

    /// The quadrant fixture shows red top-left, green top-right, blue bottom-left, black
    /// bottom-right once its EXIF orientation is applied, whatever the stored layout.
    @Test(arguments: 1...8)
    func appliesEveryExifOrientation(value: Int) throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("orient-\(value).jpg"))
        #expect(image.exifOrientation?.rawValue == value)
        #expect(image.width == 120 && image.height == 80)
        let tl = try #require(image.rgb(atX: 8, y: 8))
        let tr = try #require(image.rgb(atX: 111, y: 8))
        let bl = try #require(image.rgb(atX: 8, y: 71))
        let br = try #require(image.rgb(atX: 111, y: 71))
        #expect(tl.red > 150 && tl.green < 90 && tl.blue < 90, "top-left should be red: \(tl)")
        #expect(tr.green > 150 && tr.red < 90 && tr.blue < 90, "top-right should be green: \(tr)")
        #expect(bl.blue > 150 && bl.red < 90 && bl.green < 90, "bottom-left should be blue: \(bl)")
        #expect(br.red < 60 && br.green < 60 && br.blue < 60, "bottom-right should be black: \(br)")
    }

    @Test func transparentBackgroundBecomesWhitePaper() throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-transparent.png"))
        #expect(image.width == 560 && image.height == 400)
        let corner = try #require(image.rgb(atX: 2, y: 2))  // outside the frame: transparent in the file
        #expect(corner.red > 240 && corner.green > 240 && corner.blue > 240, "\(corner)")
    }

    @Test func canLeaveTheStoredLayout() throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("orient-6.jpg"), applyExifOrientation: false)
        #expect(image.width == 80 && image.height == 120)
        #expect(image.exifOrientation == .right)
    }

    @Test func sidewaysPhoneShotComesOutLandscape() throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-exif6.jpg"))
        #expect(image.width == 640 && image.height == 380)
    }

    @Test(arguments: [
        (nil, 640, 380), (100, 160, 95), (200, 320, 190), (320, 320, 190), (321, 640, 380), (160, 160, 95), (10, 80, 48),
    ] as [(Int?, Int, Int)])
    func largeJPEGsDecodeReducedButNeverBelowTheAskedSize(atLeast: Int?, width: Int, height: Int) throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg"), longSideAtLeast: atLeast)
        #expect(image.width == width && image.height == height)
        let paper = try #require(image.rgb(atX: image.width / 2, y: image.height / 8))
        #expect(paper.red > 180)
    }

    @Test func reducedDecodingStillTurnsByExif() throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-exif6.jpg"), longSideAtLeast: 300)
        #expect(image.width == 320 && image.height == 190)
    }

    @Test func onlyJPEGsDecodeReduced() throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp.png"), longSideAtLeast: 100)
        #expect(image.width == 640 && image.height == 380)
    }

    @Test func orientationParserIgnoresOtherAndBrokenData() throws {
        let png = try Data(contentsOf: ImagingFixtures.url("stamp.png"))
        #expect(ExifOrientation.inJPEG(png) == nil)
        let jpeg = try Data(contentsOf: ImagingFixtures.url("orient-6.jpg"))
        #expect(ExifOrientation.inJPEG(jpeg) == .right)
        // Cut inside the Exif segment (it ends at byte 86): must give nil, not read past the end.
        for cut in 0..<86 {
            #expect(ExifOrientation.inJPEG(jpeg.prefix(cut)) == nil)
        }
        #expect(ExifOrientation.inJPEG(Data()) == nil)
    }
}

@Suite struct StampImageRefusalTests {
    private func refusal(_ url: URL, pixelLimit: Int = StampImage.defaultPixelLimit) -> ImageError? {
        do {
            _ = try StampImage(contentsOf: url, pixelLimit: pixelLimit)
            return nil
        } catch let error as ImageError {
            return error
        } catch {
            return nil
        }
    }

    private func expectOneLine(_ error: ImageError?, _ kind: ImageError.Code) {
        #expect(error?.kind == kind)
        #expect(error?.failureClass == .input)
        #expect(error?.message.contains("\n") == false)
        #expect((error?.message.count ?? 0) > 20)
    }

    @Test func missingFile() throws {
        let dir = try ImagingFixtures.scratch()
        expectOneLine(refusal(dir.appendingPathComponent("nope.jpg")), .missing)
    }

    @Test func directory() throws {
        let error = refusal(try ImagingFixtures.scratch())
        expectOneLine(error, .isDirectory)
    }

    @Test func emptyFile() throws {
        let file = try ImagingFixtures.scratch().appendingPathComponent("empty.jpg")
        try Data().write(to: file)
        expectOneLine(refusal(file), .empty)
        #expect(refusal(file)?.code == "image-empty")
    }

    @Test func textNamedJPEG() throws {
        let file = try ImagingFixtures.scratch().appendingPathComponent("notes.jpg")
        try Data("FRANKFURT 12.07.19 - remember to scan this\n".utf8).write(to: file)
        let error = refusal(file)
        expectOneLine(error, .unsupportedFormat)
        #expect(error?.message.contains("JPEG/PNG/TIFF/WebP/BMP") == true)
    }

    @Test func tinyFile() throws {
        let file = try ImagingFixtures.scratch().appendingPathComponent("x.png")
        try Data([0x89, 0x50]).write(to: file)
        expectOneLine(refusal(file), .unsupportedFormat)
    }

    @Test(arguments: ["stamp-upright.jpg", "stamp.png", "stamp.webp", "stamp.tif"])
    func truncatedImage(name: String) throws {
        let whole = try Data(contentsOf: ImagingFixtures.url(name))
        let file = try ImagingFixtures.scratch().appendingPathComponent("cut-" + name)
        try whole.prefix(whole.count / 2).write(to: file)
        expectOneLine(refusal(file), .corrupt)
    }

    /// Scrambled bytes in the middle keep the file's length and end markers intact.
    @Test(arguments: ["stamp-upright.jpg", "stamp.png"])
    func garbledImage(name: String) throws {
        var bytes = [UInt8](try Data(contentsOf: ImagingFixtures.url(name)))
        var state: UInt32 = 12345
        for i in 2000..<2400 {
            state = state &* 1_103_515_245 &+ 12345
            bytes[i] = UInt8(truncatingIfNeeded: state >> 16)
        }
        let file = try ImagingFixtures.scratch().appendingPathComponent("garbled-" + name)
        try Data(bytes).write(to: file)
        expectOneLine(refusal(file), .corrupt)
    }

    @Test func headerOnlyJPEG() throws {
        let whole = try Data(contentsOf: ImagingFixtures.url("stamp-upright.jpg"))
        let file = try ImagingFixtures.scratch().appendingPathComponent("head.jpg")
        try whole.prefix(40).write(to: file)
        expectOneLine(refusal(file), .corrupt)
    }

    @Test func decompressionBombIsRefusedFromItsHeader() throws {
        let error = refusal(ImagingFixtures.url("bomb.png"))
        expectOneLine(error, .tooLarge)
        #expect(error?.message.contains("144 megapixels") == true)
        #expect(error?.message.contains("120 megapixel limit") == true)
    }

    @Test func pixelLimitIsAParameter() throws {
        let url = ImagingFixtures.url("stamp-upright.jpg")  // 640 × 380 = 243,200 pixels
        expectOneLine(refusal(url, pixelLimit: 200_000), .tooLarge)
        #expect(refusal(url, pixelLimit: 243_200) == nil)
    }
}

@Suite struct StampImageOperationTests {
    private func quadrants() throws -> StampImage {
        try StampImage(contentsOf: ImagingFixtures.url("orient-1.jpg"))
    }

    @Test func cropInsideTheImage() throws {
        let image = try quadrants()
        let part = try image.cropped(to: PixelBox(x: 80, y: 0, width: 40, height: 26))
        #expect(part.width == 40 && part.height == 26)
        let c = try #require(part.rgb(atX: 20, y: 13))
        #expect(c.green > 150 && c.red < 90)
    }

    @Test(arguments: [
        PixelBox(x: 100, y: 0, width: 40, height: 10), PixelBox(x: -1, y: 0, width: 10, height: 10),
        PixelBox(x: 0, y: 0, width: 0, height: 10), PixelBox(x: 0, y: 75, width: 10, height: 6),
    ])
    func cropOutsideIsAnInputError(box: PixelBox) throws {
        let image = try quadrants()
        #expect {
            try image.cropped(to: box)
        } throws: { error in
            (error as? ImageError)?.kind == .cropOutsideImage && (error as? ImageError)?.failureClass == .input
        }
    }

    @Test func quarterTurnIsCounterClockwiseAndExact() throws {
        let turned = try quadrants().rotated(byDegrees: 90)
        #expect(turned.width == 80 && turned.height == 120)
        // Counter-clockwise: the red top-left corner ends bottom-left, green top-right top-left.
        let bl = try #require(turned.rgb(atX: 8, y: 111))
        let tl = try #require(turned.rgb(atX: 8, y: 8))
        #expect(bl.red > 150 && bl.green < 90)
        #expect(tl.green > 150 && tl.red < 90)
        let back = try turned.rotated(byDegrees: -90)
        #expect(back.width == 120 && back.height == 80)
    }

    @Test func anyAngleKeepsTheCornersAndBringsInWhite() throws {
        let image = try quadrants()
        let tilted = try image.rotated(byDegrees: 30)
        // Bounding box of a 120 × 80 rectangle turned by 30°: 144 × 129.
        #expect(abs(tilted.width - 144) <= 2)
        #expect(abs(tilted.height - 129) <= 2)
        let corner = try #require(tilted.rgb(atX: 1, y: 1))
        #expect(corner.red > 240 && corner.green > 240 && corner.blue > 240)
    }

    @Test func grayscaleAndScaling() throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-colour.jpg"))
        #expect(image.depth == 32)
        let gray = try image.grayscale()
        #expect(gray.depth == 8)
        let small = try gray.scaledDown(toLongSide: 300)
        #expect(max(small.width, small.height) == 300)
        let same = try small.scaledDown(toLongSide: 1000)
        #expect(same.width == small.width)
        let big = try small.scaledUp(toLongSide: 600)
        #expect(max(big.width, big.height) == 600)
    }

    @Test func contrastNormalisationSpreadsFadedInk() throws {
        let faded = try StampImage(contentsOf: ImagingFixtures.url("stamp-faded.jpg")).grayscale()
        let normal = try faded.contrastNormalised()
        #expect(normal.depth == 8 && normal.width == faded.width)
        func spread(_ image: StampImage) -> Int {
            var lo = 255, hi = 0
            for y in stride(from: 100, to: 280, by: 3) {
                for x in stride(from: 180, to: 460, by: 3) {
                    if let v = image.rgb(atX: x, y: y)?.red { lo = min(lo, v); hi = max(hi, v) }
                }
            }
            return hi - lo
        }
        #expect(spread(faded) < 90)
        #expect(spread(normal) > 2 * spread(faded))
    }

    @Test func thumbnailIsASmallJPEGWithTheSameShape() throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-rot90.jpg"))
        let file = try ImagingFixtures.scratch().appendingPathComponent("thumb.jpg")
        try image.writeThumbnail(to: file, longSide: 256)
        let thumb = try StampImage(contentsOf: file)
        #expect(thumb.height == 256)
        #expect(abs(thumb.width - 152) <= 1)  // 380 × 640 scaled by 0.4
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int
        #expect((size ?? .max) < 30_000)
    }

    @Test func writingIntoAMissingFolderFails() throws {
        let image = try quadrants()
        let file = try ImagingFixtures.scratch().appendingPathComponent("no/such/dir/t.jpg")
        #expect(throws: ImageError.self) { try image.writeThumbnail(to: file) }
    }
}
