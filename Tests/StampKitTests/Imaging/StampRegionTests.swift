import Foundation
import Testing
@testable import StampKitImaging

/// Synthetic passport pages drawn here pixel by pixel: tinted paper crossed by wavy security
/// lines, with or without stamps (a framed violet rectangle of "letters", a blue ring of them).
@Suite struct StampRegionTests {
    static let width = 600, height = 800

    /// A stamp drawn on the page: its outline and its centre, for checking what was found.
    struct DrawnStamp {
        var box: PixelBox
        var centre: (x: Int, y: Int) { (box.x + box.width / 2, box.y + box.height / 2) }
    }

    /// The page as RGB bytes: pale paper, security lines a little darker in the same hue.
    static func paper() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                // Wavy lines every 9 rows, as a guilloche pattern would cross the page.
                let wave = Double(y) + 3 * sin(Double(x) / 23)
                let onLine = wave.truncatingRemainder(dividingBy: 9) < 1.2
                let i = (y * width + x) * 3
                bytes[i] = onLine ? 222 : 246
                bytes[i + 1] = onLine ? 212 : 236
                bytes[i + 2] = onLine ? 214 : 238
            }
        }
        return bytes
    }

    static func paint(_ bytes: inout [UInt8], x: Int, y: Int, colour: (UInt8, UInt8, UInt8)) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 3
        (bytes[i], bytes[i + 1], bytes[i + 2]) = colour
    }

    /// A rectangular stamp: a 3-pixel frame and three rows of letter-sized blocks inside.
    static func rectangleStamp(_ bytes: inout [UInt8], at box: PixelBox, colour: (UInt8, UInt8, UInt8)) -> DrawnStamp {
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                let edge = x - box.x < 3 || box.x + box.width - x <= 3 || y - box.y < 3 || box.y + box.height - y <= 3
                let row = (y - box.y - 20) % 40, column = (x - box.x - 20) % 16
                let letter = y > box.y + 20 && y < box.y + box.height - 20 && x > box.x + 20 && x < box.x + box.width - 20
                    && row < 18 && column < 10 && (column < 3 || row < 3 || row > 15)
                if edge || letter { paint(&bytes, x: x, y: y, colour: colour) }
            }
        }
        return DrawnStamp(box: box)
    }

    /// A round stamp: a ring and a row of letter blocks across its middle.
    static func ringStamp(_ bytes: inout [UInt8], centreX: Int, centreY: Int, radius: Int, colour: (UInt8, UInt8, UInt8)) -> DrawnStamp {
        for y in (centreY - radius)...(centreY + radius) {
            for x in (centreX - radius)...(centreX + radius) {
                let d = Double((x - centreX) * (x - centreX) + (y - centreY) * (y - centreY)).squareRoot()
                let ring = abs(d - Double(radius - 2)) < 2
                let letter = abs(y - centreY) < 9 && abs(x - centreX) < radius - 25 && (x - centreX + 200) % 14 < 4
                if ring || letter { paint(&bytes, x: x, y: y, colour: colour) }
            }
        }
        return DrawnStamp(box: PixelBox(x: centreX - radius, y: centreY - radius, width: 2 * radius, height: 2 * radius))
    }

    /// Writes the page and loads it.
    static func load(_ bytes: [UInt8]) throws -> StampImage { try StampImage(contentsOf: write(bytes)) }

    /// Writes the page as a 24-bit BMP (bottom row first, rows padded to four bytes).
    static func write(_ bytes: [UInt8]) throws -> URL {
        let rowBytes = (width * 3 + 3) / 4 * 4
        var file = Data()
        func le32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { file.append(contentsOf: $0) } }
        func le16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { file.append(contentsOf: $0) } }
        file.append(contentsOf: Array("BM".utf8))
        le32(54 + rowBytes * height); le32(0); le32(54)
        le32(40); le32(width); le32(height); le16(1); le16(24); le32(0); le32(rowBytes * height)
        le32(2835); le32(2835); le32(0); le32(0)
        for y in stride(from: height - 1, through: 0, by: -1) {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width {
                let i = (y * width + x) * 3
                (row[x * 3], row[x * 3 + 1], row[x * 3 + 2]) = (bytes[i + 2], bytes[i + 1], bytes[i])
            }
            file.append(contentsOf: row)
        }
        let url = try ImagingFixtures.scratch().appendingPathComponent("page.bmp")
        try file.write(to: url)
        return url
    }

    /// A page with a violet rectangle near the top and a blue ring below it.
    static func twoStampPage() -> (page: [UInt8], stamps: [DrawnStamp]) {
        var page = paper()
        let ring = ringStamp(&page, centreX: 400, centreY: 560, radius: 110, colour: (40, 60, 170))
        let rectangle = rectangleStamp(&page, at: PixelBox(x: 60, y: 90, width: 300, height: 170), colour: (120, 50, 140))
        return (page, [rectangle, ring])
    }

    @Test func twoStampsOnSecurityLinesGiveTwoRegionsInReadingOrder() throws {
        let (page, stamps) = Self.twoStampPage()
        let rectangle = stamps[0], ring = stamps[1]
        let regions = try Self.load(page).stampRegions()
        #expect(regions.count == 2, "found \(regions)")
        guard regions.count == 2 else { return }
        // Reading order: the rectangle near the top first, then the ring below.
        for (region, stamp) in zip(regions, [rectangle, ring]) {
            let c = stamp.centre
            #expect(region.x <= c.x && c.x <= region.x + region.width && region.y <= c.y && c.y <= region.y + region.height,
                    "\(region) misses the stamp at \(stamp.box)")
            // The region hugs its stamp: the stamp's whole box, plus a little padding at most.
            #expect(region.x <= stamp.box.x && region.x + region.width >= stamp.box.x + stamp.box.width - 2)
            #expect(region.width <= stamp.box.width + 60 && region.height <= stamp.box.height + 60, "\(region) for \(stamp.box)")
        }
    }

    /// The page's ink as the region search sees it: separated from the paper, then binarised.
    static func searchedInk(_ page: StampImage) throws -> StampImage {
        try page.inkSeparated().binarised(threshold: StampImage.regionInkLevel)
    }

    @Test func inkCountsAgreeWithCountingPixelByPixel() throws {
        let ink = try Self.searchedInk(Self.load(Self.twoStampPage().page))
        let counts = try InkCounts(ink)
        // A 1-bit image's gray copy shows ink black.
        let pixels = try ink.grayPixels()
        let boxes = [PixelBox(x: 0, y: 0, width: Self.width, height: Self.height), PixelBox(x: 60, y: 90, width: 300, height: 170),
                     PixelBox(x: 17, y: 403, width: 451, height: 9), PixelBox(x: 333, y: 555, width: 1, height: 1)]
        for box in boxes {
            var expected = 0
            for y in box.y..<box.y + box.height {
                for x in box.x..<box.x + box.width where pixels[x, y] == 0 { expected += 1 }
            }
            #expect(counts.ink(in: box) == expected, "\(box)")
        }
        #expect(counts.ink(in: boxes[0]) > 1000, "the stamps' ink was not found at all")
    }

    @Test func eachInkPixelLandsInAtMostOneColourMask() throws {
        let page = try Self.load(Self.twoStampPage().page)
        let ink = try Self.searchedInk(page)
        let split = try StampImage.inkByColour(ink, colours: page)
        // The violet rectangle and the blue ring at least.
        #expect(split.masks.count >= 2, "\(split.masks.count) ink colours")
        let inkPixels = try ink.grayPixels().bytes
        let masks = try split.masks.map { try $0.grayPixels().bytes }
        var shared = 0, notInk = 0, held = 0
        for i in inkPixels.indices {
            var holders = 0
            for mask in masks where mask[i] == 0 { holders += 1 }
            if holders > 1 { shared += 1 }
            if holders > 0 && inkPixels[i] != 0 { notInk += 1 }
            held += holders
        }
        #expect(shared == 0, "\(shared) pixels in two colours")
        #expect(notInk == 0, "\(notInk) mask pixels that are not ink")
        #expect(held > 1000, "the masks hold almost nothing")
        let strong = try #require(split.strong).grayPixels().bytes
        #expect(!zip(strong, inkPixels).contains { $0 == 0 && $1 != 0 }, "strong ink outside the ink")
    }

    @Test func touchingStampsInDifferentInksComeApart() throws {
        var page = Self.paper()
        // The green stamp's frame runs into the violet one's: one shape in black and white.
        let violet = Self.rectangleStamp(&page, at: PixelBox(x: 40, y: 200, width: 280, height: 170), colour: (120, 50, 140))
        let green = Self.rectangleStamp(&page, at: PixelBox(x: 316, y: 260, width: 260, height: 170), colour: (40, 120, 60))
        let regions = try Self.load(page).stampRegions()
        #expect(regions.count == 2, "found \(regions)")
        guard regions.count == 2 else { return }
        #expect(regions[0].x + regions[0].width < green.box.x + 40 && regions[1].x > violet.box.x + violet.box.width - 40, "\(regions)")
    }

    @Test func blankPageWithSecurityLinesGivesNoRegion() throws {
        let regions = try Self.load(Self.paper()).stampRegions()
        #expect(regions.isEmpty, "found \(regions) on a blank page")
    }

    /// The page darkened in a band, as a book's gutter or a phone's light falloff darkens a
    /// photo: the paper there is darker than the page's own paper by more than faint ink is.
    static func shadowed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for y in 0..<height {
            for x in 0..<width {
                let band = (Double(x) - 170) / 90
                let factor = 1 - 0.3 * exp(-band * band)
                for c in 0..<3 {
                    let i = (y * width + x) * 3 + c
                    bytes[i] = UInt8(Double(bytes[i]) * factor)
                }
            }
        }
        return bytes
    }

    @Test func blankPageInAGutterShadowGivesNoRegion() throws {
        let regions = try Self.load(Self.shadowed(Self.paper())).stampRegions()
        #expect(regions.isEmpty, "found \(regions) on a shadowed blank page")
    }

    @Test func stampsInAGutterShadowAreStillFound() throws {
        let (page, stamps) = Self.twoStampPage()
        let regions = try Self.load(Self.shadowed(page)).stampRegions()
        #expect(regions.count == stamps.count, "found \(regions)")
        for stamp in stamps {
            let c = stamp.centre
            #expect(regions.contains { $0.x <= c.x && c.x <= $0.x + $0.width && $0.y <= c.y && c.y <= $0.y + $0.height },
                    "no region on the stamp at \(stamp.box)")
        }
    }

    @Test func readingOrderGoesAlongRowsThenDown() {
        let right = PixelBox(x: 300, y: 10, width: 100, height: 100)
        let left = PixelBox(x: 10, y: 40, width: 100, height: 100)
        let below = PixelBox(x: 0, y: 300, width: 100, height: 100)
        #expect(StampImage.readingOrder([below, right, left]) == [left, right, below])
    }
}
