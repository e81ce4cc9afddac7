import Foundation
import Testing
@testable import StampKitImaging

/// A signature drawn across a faint stamp is painted over in the paper's colour, and only a
/// photo with such strokes is changed.
@Suite struct PenStrokeTests {
    static let paper = DrawingCanvas.Colour(236, 230, 214)

    /// Faint violet lettering, as a dry rubber stamp leaves it, with or without a dark pen
    /// stroke across it.
    func stamp(signed: Bool) throws -> StampImage {
        let canvas = try DrawingCanvas(width: 600, height: 300, background: Self.paper)
        for (k, line) in ["AEROPORTO DI BOLOGNA", "14.08.19"].enumerated() {
            _ = try canvas.text(line, x: 40, y: 60 + 90 * k, size: 10, colour: DrawingCanvas.Colour(170, 150, 196), background: Self.paper)
        }
        if signed {
            for step in 0..<50 {
                // A scribble: short dark strokes stepping up and down across the lettering.
                let y = 80 + (step % 4 < 2 ? step % 4 : 4 - step % 4) * 20
                canvas.fill(PixelBox(x: 60 + step * 10, y: y, width: 12, height: 7), colour: DrawingCanvas.Colour(28, 30, 74))
            }
        }
        return try canvas.image()
    }

    @Test func aSignatureIsPaintedOverAndTheStampKept() throws {
        let signed = try stamp(signed: true)
        let cleaned = try #require(try signed.withoutPenStrokes(), "the scribble was not found")
        let plain = try stamp(signed: false)
        // Where the pen was, paper; where only the stamp's lettering was, as it was.
        var penLeft = 0, pen = 0, letteringChanged = 0
        for y in stride(from: 0, to: 300, by: 2) {
            for x in stride(from: 0, to: 600, by: 2) {
                guard let before = signed.rgb(atX: x, y: y), let after = cleaned.rgb(atX: x, y: y),
                      let unsigned = plain.rgb(atX: x, y: y) else { continue }
                if before.red < 60 {
                    pen += 1
                    if after.red < 150 { penLeft += 1 }
                } else if before == unsigned, unsigned.red < 200, after != before {
                    letteringChanged += 1
                }
            }
        }
        #expect(pen > 200)
        #expect(penLeft == 0, "\(penLeft) of \(pen) pen pixels left")
        // Lettering beside the strokes (their soft edge) may go with them, no more.
        #expect(letteringChanged < pen / 4, "\(letteringChanged) lettering pixels changed")
    }

    @Test func aPhotoWithoutAPenIsLeftAlone() throws {
        #expect(try stamp(signed: false).withoutPenStrokes() == nil)
        #expect(try StampImage(contentsOf: ImagingFixtures.url("stamp-faint-violet-guilloche.jpg")).withoutPenStrokes() == nil)
        #expect(try StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg")).withoutPenStrokes() == nil)
    }
}
