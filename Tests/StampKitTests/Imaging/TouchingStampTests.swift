import Foundation
import Testing
@testable import StampKitImaging

/// Stamps in the same ink whose borders run into each other: one shape of ink that must still
/// give one region per stamp, while one stamp with rules or a double frame stays whole. Pages
/// are drawn with `StampRegionTests`' paper and stamps.
@Suite struct TouchingStampTests {
    typealias Page = StampRegionTests
    static let violet: (UInt8, UInt8, UInt8) = (120, 50, 140)

    /// Whether `region` holds `stamp` and little more: its centre inside, at most a small margin over.
    static func hugs(_ region: PixelBox, _ stamp: Page.DrawnStamp) -> Bool {
        let c = stamp.centre
        return region.x <= c.x && c.x <= region.x + region.width && region.y <= c.y && c.y <= region.y + region.height
            && region.width <= stamp.box.width + 60 && region.height <= stamp.box.height + 60
            && region.width >= stamp.box.width - 20 && region.height >= stamp.box.height - 20
    }

    static func expectOneRegionEach(_ page: [UInt8], _ stamps: [Page.DrawnStamp]) throws {
        let regions = try Page.load(page).stampRegions()
        #expect(regions.count == stamps.count, "found \(regions) for \(stamps.map(\.box))")
        for stamp in stamps {
            #expect(regions.contains { hugs($0, stamp) }, "no region hugs \(stamp.box) in \(regions)")
        }
    }

    /// Strokes `width` pixels thick along `box`'s edges in `colour`, leaving out x in `gap`.
    static func frame(_ page: inout [UInt8], _ box: PixelBox, width: Int, colour: (UInt8, UInt8, UInt8), gap: Range<Int> = 0..<0) {
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) where !gap.contains(x) {
                let edge = x - box.x < width || box.x + box.width - x <= width || y - box.y < width || box.y + box.height - y <= width
                if edge { Page.paint(&page, x: x, y: y, colour: colour) }
            }
        }
    }

    @Test func twoRectanglesSideBySideInOneInkComeApart() throws {
        var page = Page.paper()
        // The second frame starts 2 pixels inside the first: one shape, borders overlapping.
        let left = Page.rectangleStamp(&page, at: PixelBox(x: 30, y: 220, width: 280, height: 170), colour: Self.violet)
        let right = Page.rectangleStamp(&page, at: PixelBox(x: 307, y: 250, width: 260, height: 190), colour: Self.violet)
        try Self.expectOneRegionEach(page, [left, right])
    }

    @Test func stackedStampsInOneInkComeApart() throws {
        var page = Page.paper()
        let top = Page.rectangleStamp(&page, at: PixelBox(x: 120, y: 120, width: 300, height: 180), colour: Self.violet)
        let below = Page.rectangleStamp(&page, at: PixelBox(x: 170, y: 298, width: 280, height: 170), colour: Self.violet)
        try Self.expectOneRegionEach(page, [top, below])
    }

    @Test func aRoundStampTouchingARectangleInOneInkComesApart() throws {
        var page = Page.paper()
        let rectangle = Page.rectangleStamp(&page, at: PixelBox(x: 40, y: 300, width: 280, height: 170), colour: Self.violet)
        let ring = Page.ringStamp(&page, centreX: 427, centreY: 400, radius: 110, colour: Self.violet)
        try Self.expectOneRegionEach(page, [rectangle, ring])
    }

    @Test func aStampWhoseBorderHasAGapStillComesApartFromItsNeighbour() throws {
        var page = Page.paper()
        let whole = Page.rectangleStamp(&page, at: PixelBox(x: 30, y: 220, width: 280, height: 170), colour: Self.violet)
        let right = Page.rectangleStamp(&page, at: PixelBox(x: 307, y: 250, width: 260, height: 190), colour: Self.violet)
        // The second stamp's frame dried out for 12 pixels at the top: its inside leaks out.
        for y in 248..<256 {
            for x in 400..<412 { Page.paint(&page, x: x, y: y, colour: (246, 236, 238)) }
        }
        try Self.expectOneRegionEach(page, [whole, right])
    }

    @Test func oneStampWithRulesAcrossOrADoubleFrameStaysWhole() throws {
        var page = Page.paper()
        // Two rules across the stamp cut its inside into three cells, each too thin to be a stamp.
        let ruled = Page.rectangleStamp(&page, at: PixelBox(x: 40, y: 60, width: 420, height: 190), colour: Self.violet)
        for y in [122, 186] {
            Self.frame(&page, PixelBox(x: 40, y: y, width: 420, height: 4), width: 2, colour: Self.violet)
        }
        // A second frame just inside the first, as many stamps have.
        let framed = Page.rectangleStamp(&page, at: PixelBox(x: 120, y: 420, width: 360, height: 240), colour: Self.violet)
        Self.frame(&page, PixelBox(x: 128, y: 428, width: 344, height: 224), width: 2, colour: Self.violet)
        try Self.expectOneRegionEach(page, [ruled, framed])
    }

    @Test func inkCoveredCountsEachPixelOnce() throws {
        var page = [UInt8](repeating: 255, count: Page.width * Page.height * 3)
        Self.frame(&page, PixelBox(x: 10, y: 10, width: 100, height: 100), width: 100, colour: (0, 0, 0))
        let ink = try Page.load(page).binarised(threshold: 128)
        let counts = try InkCounts(ink)
        let a = PixelBox(x: 0, y: 0, width: 60, height: 60), b = PixelBox(x: 40, y: 40, width: 60, height: 60)
        // 50×50 + 50×50 (inside the inked square, from 10) less the 20×20 they share.
        // The square runs from 10 to 110: a holds 50×50 of it, b 60×60, and they share 20×20.
        #expect(counts.inkCovered(by: [a, b]) == 2500 + 3600 - 400)
        #expect(counts.inkCovered(by: [a, b]) == counts.ink(in: a) + counts.ink(in: b) - counts.ink(in: PixelBox(x: 40, y: 40, width: 20, height: 20)))
    }
}
