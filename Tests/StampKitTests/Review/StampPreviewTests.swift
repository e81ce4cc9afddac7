import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence
@testable import StampKitScan
@testable import StampKitMatching
@testable import StampKitOCR
@testable import stampkit

@Suite struct StampPreviewTests {
    @Test(arguments: [
        (0, 0, 0, 16), (255, 255, 255, 231), (255, 0, 0, 196), (0, 255, 0, 46), (0, 0, 255, 21),
        (95, 135, 175, 67), (128, 128, 128, 244), (8, 8, 8, 232), (238, 238, 238, 255), (30, 30, 30, 234),
        (200, 30, 40, 160),
    ])
    func palette256PicksTheNearestCubeColourOrGrey(r: Int, g: Int, b: Int, index: Int) {
        #expect(HalfBlockRenderer.palette256(UInt8(r), UInt8(g), UInt8(b)) == index)
    }

    @Test func palette256IsNeverFartherThanAnyOtherPaletteColour() {
        // The whole 16–255 palette, by its definition.
        func rgb(_ i: Int) -> (Int, Int, Int) {
            if i >= 232 { let v = 8 + 10 * (i - 232); return (v, v, v) }
            let c = i - 16, l = HalfBlockRenderer.cubeLevels
            return (l[c / 36], l[(c / 6) % 6], l[c % 6])
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let r = Int.random(in: 0...255, using: &generator), g = Int.random(in: 0...255, using: &generator)
            let b = Int.random(in: 0...255, using: &generator)
            func d(_ c: (Int, Int, Int)) -> Int {
                let dr: Int = c.0 - r, dg: Int = c.1 - g, db: Int = c.2 - b
                return dr * dr + dg * dg + db * db
            }
            let chosen = d(rgb(HalfBlockRenderer.palette256(UInt8(r), UInt8(g), UInt8(b))))
            let best = (16...255).map { d(rgb($0)) }.min()!
            // The per-axis cube rounding may miss the exact optimum by a little, never by much.
            #expect(chosen <= best + 3 * 20 * 20, "\(r),\(g),\(b)")
        }
    }

    @Test func eachCellStacksTwoPixelsInTruecolor() {
        // 2×3: red over green, blue over white; then a lone last row (black, grey).
        let pixels = RGBPixels(width: 2, height: 3, bytes: [
            255, 0, 0, 0, 0, 255,
            0, 255, 0, 255, 255, 255,
            0, 0, 0, 128, 128, 128,
        ])
        let lines = HalfBlockRenderer.render(pixels, colours: .truecolor)
        #expect(lines.count == 2)
        #expect(lines[0] == "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;255;0m▀\u{1B}[38;2;0;0;255m\u{1B}[48;2;255;255;255m▀\u{1B}[0m")
        #expect(lines[1] == "\u{1B}[38;2;0;0;0m\u{1B}[49m▀\u{1B}[38;2;128;128;128m\u{1B}[49m▀\u{1B}[0m")
    }

    @Test func thePaletteFallbackUses256ColourCodes() {
        let pixels = RGBPixels(width: 1, height: 2, bytes: [255, 0, 0, 128, 128, 128])
        #expect(HalfBlockRenderer.render(pixels, colours: .palette256) == ["\u{1B}[38;5;196m\u{1B}[48;5;244m▀\u{1B}[0m"])
        #expect(HalfBlockRenderer.render(pixels, colours: .off).isEmpty)
    }

    @Test(arguments: [
        ([:], false, PreviewColours.off),
        (["TERM": "dumb", "COLORTERM": "truecolor"], false, .off),
        (["TERM": "xterm-256color"], false, .palette256),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], false, .truecolor),
        (["TERM": "screen", "COLORTERM": "24bit"], false, .truecolor),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], false, .off),
        (["TERM": "xterm-256color", "NO_COLOR": ""], false, .palette256),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], true, .off),
    ] as [([String: String], Bool, PreviewColours)])
    func coloursFollowTheEnvironment(environment: [String: String], noPreview: Bool, expected: PreviewColours) {
        #expect(PreviewColours.detect(environment: environment, noPreview: noPreview) == expected)
    }

    @Test func aSampleStampFitsFortyColumnsWithItsProportions() throws {
        let url = Repository.samples.appendingPathComponent("stamps/kef-entry.jpg")
        let image = try StampImage(contentsOf: url)
        let box = HalfBlockRenderer.pixelBox(columns: 40, rows: 14)
        let pixels = try image.rgbPixels(fittingWidth: box.width, height: box.height)
        #expect(pixels.width <= 40 && pixels.height <= 28)
        #expect(pixels.width == 40 || pixels.height == 28)
        let aspect = Double(image.width) / Double(image.height)
        #expect(abs(Double(pixels.width) / Double(pixels.height) - aspect) < 0.15)
        // The stamp's pixels are read, not blank: paper is light, the ink is not.
        var lightness: [Int] = []
        for i in stride(from: 0, to: pixels.bytes.count, by: 3) {
            let sum: Int = Int(pixels.bytes[i]) + Int(pixels.bytes[i + 1]) + Int(pixels.bytes[i + 2])
            lightness.append(sum)
        }
        #expect(lightness.max()! > 500 && lightness.min()! < 450)
        let lines = HalfBlockRenderer.preview(of: url, colours: .truecolor)
        #expect(lines.count == (pixels.height + 1) / 2)
        #expect(lines.allSatisfy { $0.filter { $0 == "▀" }.count == pixels.width })
    }

    @Test func pixelsMatchLeptonicasOwnReadingOfEachPixel() throws {
        let image = try StampImage(contentsOf: Repository.samples.appendingPathComponent("stamps/lhr-arrival.jpg"))
        let small = try image.scaledDown(toLongSide: 30)
        let pixels = try small.rgbPixels(fittingWidth: 100, height: 100)
        #expect(pixels.width == small.width && pixels.height == small.height)
        for (x, y) in [(0, 0), (5, 7), (small.width - 1, small.height - 1), (small.width / 2, small.height / 2)] {
            let expected = try #require(small.rgb(atX: x, y: y))
            let got = pixels[x, y]
            #expect(Int(got.red) == expected.red && Int(got.green) == expected.green && Int(got.blue) == expected.blue)
        }
    }
}
