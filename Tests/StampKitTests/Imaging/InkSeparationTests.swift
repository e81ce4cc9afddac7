import Foundation
import Testing
@testable import StampKitImaging

/// Faded violet ink over gray security lines as dark as the ink itself, turned 25° counter-clockwise
/// (`make_ink_fixtures.py`): only colour tells the ink from the paper.
@Suite struct InkSeparationTests {
    static let fixture = "stamp-violet-guilloche-rot25.jpg"

    /// Darkest and mean level over a rectangle, sampled every other pixel.
    private func levels(_ image: StampImage, x: Range<Int>, y: Range<Int>) -> (darkest: Int, mean: Double) {
        var darkest = 255, sum = 0, count = 0
        for yy in stride(from: y.lowerBound, to: y.upperBound, by: 2) {
            for xx in stride(from: x.lowerBound, to: x.upperBound, by: 2) {
                guard let v = image.rgb(atX: xx, y: yy)?.red else { continue }
                darkest = min(darkest, v)
                sum += v
                count += 1
            }
        }
        return (darkest, Double(sum) / Double(max(count, 1)))
    }

    @Test func securityLinesTurnWhiteWhileFadedInkTurnsDark() throws {
        let photo = try StampImage(contentsOf: ImagingFixtures.url(Self.fixture))
        let gray = try photo.grayscale()
        let ink = try photo.inkSeparated()
        #expect(ink.depth == 8 && ink.width == photo.width && ink.height == photo.height)
        // The top-left corner is paper and security lines only; the whole image holds the stamp.
        let corner = (x: 0..<180, y: 0..<60)
        let grayLines = levels(gray, x: corner.x, y: corner.y), grayAll = levels(gray, x: 0..<gray.width, y: 0..<gray.height)
        // The premise: in lightness the faded ink is hardly darker than the lines.
        #expect(grayAll.darkest > grayLines.darkest - 60, "gray: ink \(grayAll.darkest), lines \(grayLines.darkest)")
        let inkLines = levels(ink, x: corner.x, y: corner.y), inkAll = levels(ink, x: 0..<ink.width, y: 0..<ink.height)
        // Left at most as faint traces, far lighter than the ink.
        #expect(inkLines.darkest >= inkAll.darkest + 100, "lines left at \(inkLines.darkest)")
        #expect(inkLines.mean >= 248, "lines average \(inkLines.mean)")
        #expect(inkAll.darkest <= 40, "the strongest ink only reached \(inkAll.darkest)")
    }

    /// Dense security print a little darker than the usual level takes for paper stays as
    /// specks in the usual ink; the strict separation takes everything under half the stamp's
    /// strongest strokes for paper, and keeps the strokes.
    @Test func strictSeparationDropsDenseSecurityPrintAndKeepsTheInk() throws {
        let canvas = try DrawingCanvas(width: 200, height: 200, background: .init(235, 228, 210))
        // Faint lines every sixth row, darker ones (8 % of the photo, above the usual level)
        // every twelfth, the sampled rows among them.
        for y in stride(from: 0, to: 200, by: 6) {
            canvas.fill(PixelBox(x: 0, y: y, width: 200, height: 1),
                        colour: y % 12 == 0 ? .init(200, 193, 175) : .init(222, 215, 197))
        }
        canvas.fill(PixelBox(x: 120, y: 20, width: 40, height: 40), colour: .init(120, 90, 170))
        let photo = try canvas.image()
        let usual = try photo.inkSeparated(), strict = try photo.inkSeparated(strictly: true)
        let print = (x: 0..<100, y: 100..<200), stroke = (x: 125..<155, y: 25..<55)
        #expect(levels(usual, x: print.x, y: print.y).darkest <= 230, "the premise: the usual level keeps the print")
        #expect(levels(strict, x: print.x, y: print.y).darkest >= 250)
        #expect(levels(strict, x: stroke.x, y: stroke.y).darkest <= 40)
        #expect(levels(usual, x: stroke.x, y: stroke.y).darkest <= 40)
    }

    /// The distance's whole part taken without a conversion is `min(447, Int(d))` everywhere:
    /// at whole numbers, halves (where rounding to the nearest goes to even), just either side
    /// of them, at the cap and beyond it.
    @Test func wholeDistanceIsTheTruncatedDistanceCapped() {
        var values: [Double] = [0, 0.25, 0.5, 1.5, 2.5, 446.5, 447, 447.5, 448, 1000, 441.67, Double(255 * 3)]
        for n in 0...448 {
            let whole = Double(n)
            values += [whole, whole.nextUp, whole.nextDown, whole + 0.5, (whole + 0.5).nextDown, (whole + 0.5).nextUp]
        }
        for k in 0..<2000 { values.append(Double(k * k % 194_482).squareRoot()) }
        for d in values where d >= 0 {
            #expect(Int(StampImage.wholeDistance(d)) == min(447, Int(d)), "\(d)")
        }
    }

    @Test func grayPhotosComeBackAsTheirGrayscale() throws {
        let photo = try StampImage(contentsOf: ImagingFixtures.url(Self.fixture)).grayscale()
        let ink = try photo.inkSeparated()
        #expect(ink.depth == 8)
        #expect(ink.rgb(atX: 300, y: 300)?.red == photo.rgb(atX: 300, y: 300)?.red)
    }

    /// Red stamp ink and a blue pen, drawn as strokes 4 px wide, on cream paper: the separated
    /// ink keeps both, the blue channel's ink only the stamp (the pen is as light as the paper
    /// there), and bare paper stays white.
    @Test func oneChannelsInkDropsAPenOfAnotherColour() throws {
        let canvas = try DrawingCanvas(width: 240, height: 140, background: .init(240, 232, 214))
        let stamp = PixelBox(x: 20, y: 20, width: 70, height: 100), pen = PixelBox(x: 140, y: 20, width: 70, height: 100)
        canvas.outline(stamp, colour: .init(170, 30, 40), lineWidth: 4)
        canvas.outline(pen, colour: .init(40, 50, 235), lineWidth: 4)
        let photo = try canvas.image()
        // The middle of each box's left edge, under its stroke however Leptonica centres it.
        func stroke(_ image: StampImage, _ box: PixelBox) -> Int { image.rgb(atX: box.x, y: box.y + box.height / 2)?.red ?? -1 }
        let both = try photo.inkSeparated(), blue = try photo.inkSeparated(channel: 2)
        #expect(blue.depth == 8 && blue.width == photo.width && blue.height == photo.height)
        #expect(stroke(both, stamp) <= 60 && stroke(both, pen) <= 60, "stamp \(stroke(both, stamp)), pen \(stroke(both, pen))")
        #expect(stroke(blue, stamp) <= 60, "stamp ink at \(stroke(blue, stamp))")
        #expect(stroke(blue, pen) >= 240, "pen left at \(stroke(blue, pen))")
        #expect(blue.rgb(atX: 115, y: 70)?.red == 255)
    }

    /// Blue, red and green inks on cream paper: each is faintest in the channel where it is
    /// nearly as light as the paper (blue in blue, red in red, green in green), deepest where
    /// it absorbs most, and a gray photo has no channels to measure.
    @Test func inkIsFaintestInTheChannelOfItsOwnColour() throws {
        func depths(_ ink: DrawingCanvas.Colour) throws -> [Int] {
            let canvas = try DrawingCanvas(width: 240, height: 160, background: .init(240, 232, 214))
            for row in 0..<5 { canvas.fill(PixelBox(x: 30, y: 20 + 26 * row, width: 180, height: 8), colour: ink) }
            return try canvas.image().inkDepthByChannel()
        }
        let blue = try depths(.init(38, 66, 168)), red = try depths(.init(178, 34, 44)), green = try depths(.init(28, 112, 64))
        #expect(blue.count == 3 && blue[2] < blue[1] && blue[1] < blue[0], "blue ink: \(blue)")
        #expect(red.count == 3 && red[0] < red[2] && red[2] < red[1], "red ink: \(red)")
        #expect(green.count == 3 && green[1] < green[2] && green[2] < green[0], "green ink: \(green)")
        // The drop is the paper's level less the ink's: 240 − 38 in red for the blue ink.
        #expect(abs(blue[0] - (240 - 38)) <= 4, "blue ink's red drop \(blue[0])")
        let gray = try DrawingCanvas(width: 64, height: 64, background: .init(200, 200, 200)).image().grayscale()
        #expect(gray.inkDepthByChannel().isEmpty)
    }

    /// A violet bar 5 px thick broken by dry-pad gaps 1–4 px wide, beside a second bar 6 px
    /// away, on pale paper: bridged, one colour channel's ink joins the narrow gaps in the bar,
    /// keeps the stroke's thickness and leaves the gap between the two bars white.
    @Test func bridgedInkJoinsGapsInAStrokeButNotBetweenLetters() throws {
        let paper = DrawingCanvas.Colour(238, 233, 245)
        let canvas = try DrawingCanvas(width: 200, height: 60, background: paper)
        let violet = DrawingCanvas.Colour(150, 110, 200)
        canvas.fill(PixelBox(x: 20, y: 20, width: 120, height: 5), colour: violet)
        for (x, width) in [(35, 1), (55, 2), (80, 2), (110, 4)] {
            canvas.fill(PixelBox(x: x, y: 20, width: width, height: 5), colour: paper)
        }
        canvas.fill(PixelBox(x: 146, y: 20, width: 30, height: 5), colour: violet)
        let photo = try canvas.image()
        // The green channel, where this violet is darkest against the paper.
        let separated = try photo.inkSeparated(channel: 1), ink = try separated.gapsBridged()
        func level(_ x: Int, _ y: Int) -> Int { ink.rgb(atX: x, y: y)?.red ?? -1 }
        for x in [35, 55, 56, 80, 81] { #expect(level(x, 22) <= 80, "gap at x \(x) left at \(level(x, 22))") }
        // Four pixels are a letter's spacing or a small counter, not a gap in a stroke.
        #expect((110...113).allSatisfy { level($0, 22) >= 200 }, "a 4 px gap closed")
        #expect((141...144).allSatisfy { level($0, 22) >= 200 }, "the gap between the bars closed")
        // The stroke keeps its thickness: paper two pixels above and below it stays white.
        #expect(level(60, 17) >= 230 && level(60, 27) >= 230, "stroke grew: \(level(60, 17)), \(level(60, 27))")
        // Unbridged, the gaps are paper: the test sees what the bridging adds.
        #expect((separated.rgb(atX: 56, y: 22)?.red ?? 0) >= 200)
    }

    /// A small violet stamp at half strength on lilac guilloche, its strokes broken by dry spots
    /// (`make_faint_fixture.py`): bridged, its ink falls into fewer pieces (127 → 109 when written),
    /// while the strokes grow little and the paper outside the border stays white.
    @Test func bridgingJoinsTheSpecksOfAFaintStamp() throws {
        let photo = try StampImage(contentsOf: ImagingFixtures.url("stamp-faint-violet-guilloche.jpg"))
        let separated = try photo.inkSeparated(channel: 1), bridged = try separated.gapsBridged()
        func pieces(_ ink: StampImage) throws -> (count: Int, pixels: Int) {
            let binary = try ink.binarised(threshold: 160)
            // Pieces of a letter or more, not single specks of noise.
            let count = try binary.connectedComponents().filter { $0.width * $0.height >= 4 }.count
            return (count, try binary.inkPerRow().reduce(0, +))
        }
        let before = try pieces(separated), after = try pieces(bridged)
        #expect(Double(after.count) <= 0.9 * Double(before.count), "pieces \(before.count) → \(after.count)")
        #expect(Double(after.pixels) <= 1.6 * Double(before.pixels), "ink pixels \(before.pixels) → \(after.pixels)")
        #expect(after.pixels > before.pixels)
        // The page around the stamp (its border starts about 24 px in).
        for (x, y) in [(4, 4), (10, 200), (540, 10), (545, 215)] {
            #expect((bridged.rgb(atX: x, y: y)?.red ?? 0) >= 200, "paper at \(x),\(y)")
        }
    }

    /// Thickened, a one-pixel stroke grows a pixel on each side and no further, and paper
    /// away from it stays white.
    @Test func thickeningGrowsAStrokeByAPixelEachSide() throws {
        var pixels = GrayPixels(width: 40, height: 20, bytes: [UInt8](repeating: 255, count: 40 * 20))
        for y in 5..<15 { pixels[20, y] = 30 }
        let thick = try StampImage(pixels).strokesThickened().grayPixels()
        #expect((19...21).allSatisfy { thick[$0, 10] == 30 })
        #expect(thick[18, 10] == 255 && thick[22, 10] == 255)
        #expect(thick[20, 3] == 255 && thick[20, 4] == 30 && thick[20, 15] == 30 && thick[20, 16] == 255)
    }

    /// A stroke a dry pad printed as a trail of 3 px specks 2 px apart: smoothed, it is one
    /// even gray stroke, well below the paper along its whole length, while paper four pixels
    /// off it stays white.
    @Test func smoothingRunsAStrokesSpecksTogether() throws {
        var pixels = GrayPixels(width: 60, height: 24, bytes: [UInt8](repeating: 255, count: 60 * 24))
        for start in stride(from: 10, to: 50, by: 5) {
            for x in start..<(start + 3) { for y in 10..<13 { pixels[x, y] = 20 } }
        }
        let smooth = try StampImage(pixels).smoothed(sigma: 1.5).grayPixels()
        let along = (12...47).map { Int(smooth[$0, 11]) }
        #expect(along.allSatisfy { $0 < 180 }, "along the stroke: \(along)")
        // Specks and gaps were 235 levels apart.
        #expect(along.max()! - along.min()! < 40, "along the stroke: \(along)")
        #expect(smooth[30, 4] >= 250 && smooth[30, 18] >= 250, "paper: \(smooth[30, 4]), \(smooth[30, 18])")
        // Unsmoothed, the gaps are paper: the test sees what smoothing adds.
        #expect(pixels[13, 11] == 255)
        // A strip thinner than the kernel is left as it is rather than refused.
        let strip = try StampImage(GrayPixels(width: 300, height: 2, bytes: [UInt8](repeating: 90, count: 600))).smoothed(sigma: 1.5)
        #expect(strip.width == 300 && strip.height == 2)
    }

    @Test func lineAngleOnTheInkIgnoresTheSecurityLines() throws {
        let ink = try StampImage(contentsOf: ImagingFixtures.url(Self.fixture)).inkSeparated()
        let found = try ink.textLineAngle(binarisation: .inkOpened)
        // Turned 25° counter-clockwise, so 25° clockwise makes the lines level again.
        #expect(abs(found.degrees - -25) <= 2, "found \(found.degrees)° (confidence \(found.confidence))")
    }

    /// A photo that takes in the page's edge gives an ink image with the edge as a long dark
    /// band: its angle is the page's, not the stamp's. Ink that reaches the image's edge, or a
    /// band along it, is left out of the line angle; a stamp's own lines stay.
    @Test func lineAngleOnTheInkIgnoresAPageEdgeAcrossThePhoto() throws {
        let width = 800, height = 600
        var pixels = GrayPixels(width: width, height: height, bytes: [UInt8](repeating: 255, count: width * height))
        func ink(_ x: Int, _ y: Int) {
            if (0..<width).contains(x), (0..<height).contains(y) { pixels[x, y] = 0 }
        }
        // Three lines of letters turned 6° counter-clockwise about the middle.
        let stamp = 6.0 * .pi / 180
        for base in [240, 290, 340] {
            for left in stride(from: 260, to: 540, by: 18) {
                for dx in 0..<12 {
                    let x = left + dx
                    let y0 = base - Int((Double(x - 400) * tan(stamp)).rounded())
                    for dy in 0..<20 { ink(x, y0 + dy) }
                }
            }
        }
        // The page's edges turned 8° clockwise, running from side to side: thick bands.
        let page = -8.0 * .pi / 180
        for base in [90, 520] {
            for x in 0..<width {
                let y0 = base - Int((Double(x - 400) * tan(page)).rounded())
                for dy in 0..<14 { ink(x, y0 + dy) }
            }
        }
        let found = try StampImage(pixels).textLineAngle(binarisation: .inkOpened)
        #expect(abs(found.degrees - -6) <= 1, "found \(found.degrees)° (confidence \(found.confidence))")
        // Ink that is all edge (a stamp cropped tight to a frame its text touches) is kept.
        var framed = GrayPixels(width: 200, height: 100, bytes: [UInt8](repeating: 255, count: 200 * 100))
        for x in 0..<200 { for y in [0, 1, 98, 99] { framed[x, y] = 0 } }
        let tight = try StampImage(framed).binarised(threshold: 160)
        #expect(try tight.withoutBorderInk().inkPerRow().reduce(0, +) == tight.inkPerRow().reduce(0, +))
    }
}

