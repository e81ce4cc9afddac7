import Foundation
import Testing
@testable import StampKitImaging

/// The layout's line axis: rows of text against columns, measured on the ink before anything
/// is read, so faint and speckled stamps still say which way their lines run.
@Suite struct LineAxisTests {
    /// A framed stamp of three text lines, wider than tall as stamps are, in dark ink on white.
    private func stamp() throws -> StampImage {
        let paper = DrawingCanvas.Colour(255, 255, 255), ink = DrawingCanvas.Colour(40, 30, 90)
        let canvas = try DrawingCanvas(width: 420, height: 220, background: paper)
        canvas.outline(PixelBox(x: 10, y: 10, width: 400, height: 200), colour: ink, lineWidth: 4)
        try canvas.text("FLUGHAFEN WIEN", x: 40, y: 40, size: 8, colour: ink, background: paper)
        try canvas.text("12.07.19", x: 110, y: 100, size: 8, colour: ink, background: paper)
        try canvas.text("EINREISE", x: 110, y: 160, size: 8, colour: ink, background: paper)
        return try canvas.image()
    }

    /// Ink removed in dry spots: every pixel a fixed pseudo-random draw picks, about `share`
    /// of them, turns to paper.
    private func speckled(_ image: StampImage, share: Double) throws -> StampImage {
        var pixels = try image.grayPixels()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in pixels.bytes.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            if Double(state >> 33) / Double(1 << 31) < share { pixels.bytes[i] = 255 }
        }
        return try StampImage(pixels)
    }

    @Test func linesAcrossGiveRowsOfInkAndTurnedTheyGiveColumns() throws {
        let upright = try stamp()
        let across = try #require(try upright.lineAxisContrast(binarisation: .backgroundNormalisedOtsu))
        #expect(across >= 1.5, "upright \(across)")
        let down = try #require(try upright.rotated(byDegrees: 90).lineAxisContrast(binarisation: .backgroundNormalisedOtsu))
        #expect(down <= 1 / 1.5, "quarter turn \(down)")
        #expect(abs(down * across - 1) < 0.05, "a quarter turn swaps rows and columns exactly: \(across) × \(down)")
    }

    /// The layout cannot tell the two ways up apart: that is left to reading.
    @Test func upsideDownLooksTheSame() throws {
        let upright = try stamp()
        let across = try #require(try upright.lineAxisContrast(binarisation: .backgroundNormalisedOtsu))
        let flipped = try #require(try upright.rotated(byDegrees: 180).lineAxisContrast(binarisation: .backgroundNormalisedOtsu))
        #expect(abs(flipped - across) / across < 0.05, "\(across) against \(flipped)")
    }

    /// A third of the ink lost to specks, where Tesseract reads little, still shows the lines.
    @Test func speckledInkStillShowsItsLines() throws {
        let faint = try speckled(try stamp(), share: 0.35)
        let across = try #require(try faint.lineAxisContrast(binarisation: .fixed))
        #expect(across >= 1.5, "speckled upright \(across)")
        let down = try #require(try faint.rotated(byDegrees: -90).lineAxisContrast(binarisation: .fixed))
        #expect(down <= 1 / 1.5, "speckled quarter turn \(down)")
    }

    @Test func blankPaperHasNoAxis() throws {
        let blank = try DrawingCanvas(width: 200, height: 100, background: .init(250, 250, 250)).image()
        #expect(try blank.lineAxisContrast(binarisation: .fixed) == nil)
    }

    @Test func columnsCountEachColumnsInk() throws {
        let canvas = try DrawingCanvas(width: 6, height: 4, background: .init(255, 255, 255))
        canvas.fill(PixelBox(x: 2, y: 0, width: 1, height: 3), colour: .init(0, 0, 0))
        canvas.fill(PixelBox(x: 4, y: 1, width: 2, height: 1), colour: .init(0, 0, 0))
        let binary = try canvas.image().binarised(threshold: 128)
        #expect(try binary.inkPerColumn() == [0, 0, 3, 0, 1, 1])
    }
}
