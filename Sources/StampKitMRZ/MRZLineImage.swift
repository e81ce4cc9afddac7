import Foundation
import StampKitImaging

/// Makes any crop of one zone line look like the strips the zone model was trained on, so a
/// tight crop (letters touching the edges, as other tools cut them), a crop with a margin, a
/// crop with the edge of the neighbouring line in it, a binarised strip or light letters on a
/// dark ground all read the same: dark letters on light paper, the crop's edge cleared of what
/// is not a letter, and a margin of paper all round. Vertical framing to the model's geometry
/// follows in `StampImage.textLineFramed`.
public struct MRZLineImage: Sendable {
    /// Paper added left and right, in letter heights. A raw-line model loses the first and last
    /// letter when they touch the edge (it never saw a letter there in training) and imagines
    /// one more in a wide margin: on 120 rendered tight crops, margins of 0.75, 1, 1.5 and 2
    /// letter heights read 85, 87, 76 and 52 % of the lines exactly.
    public var sideMargin = 1.0
    /// Paper added above and below, in letter heights, before the vertical framing crops it to
    /// the model's geometry.
    public var verticalMargin = 1.0
    /// Letter height (pixels) a line is scaled to when it is far larger, so a 200-pixel scan line
    /// and a 30-pixel phone line reach the model alike (area-averaged, strokes kept).
    public var largestLetterHeight = 48

    /// The normalisation with the measured defaults.
    public init() {}

    /// Median gray level of the letters' ink after normalisation when it was fainter.
    static let inkTarget = 70

    /// The line made ready for `textLineFramed`: polarity, edge clean-up, margins, size.
    public func normalised(_ image: StampImage) throws -> StampImage {
        var pixels = try image.grayPixels()
        guard pixels.width >= 16, pixels.height >= 6 else { throw Self.tooSmall(pixels) }
        pixels = Self.withoutAddedFrame(pixels)
        var histogram = [Int](repeating: 0, count: 256)
        for value in pixels.bytes { histogram[Int(value)] += 1 }
        var threshold = Self.otsuThreshold(histogram)
        // Paper is most of any line crop, even a tight one (letters cover about a third of it):
        // when the dark class is the larger, the letters are light on dark, as on a negative.
        let dark = histogram[0...threshold].reduce(0, +)
        if dark * 2 > pixels.bytes.count {
            for i in pixels.bytes.indices { pixels.bytes[i] = 255 - pixels.bytes[i] }
            histogram.reverse()
            threshold = 254 - threshold
        }
        // Paper to white, and faint letters darkened to the ink the model saw in training (but
        // print already dark left as it is: blackening blurred letters thickens them): faint
        // ink, a dark scan and a binarised strip then meet the framing's fixed threshold alike.
        let paperLevel = Int(Self.median(histogram, from: threshold + 1))
        let inkLevel = Int(Self.median(Array(histogram[0...threshold]), from: 0))
        var paper = UInt8(paperLevel)
        if paperLevel - inkLevel >= 8 {
            let darkest = Double(min(inkLevel, Self.inkTarget))
            let span = Double(paperLevel - inkLevel)
            // Linear through (inkLevel → darkest) and (paperLevel → 255).
            let map = (0..<256).map { v in
                UInt8(max(0, min(255, (255 - (255 - darkest) * Double(paperLevel - v) / span).rounded())))
            }
            for i in pixels.bytes.indices { pixels.bytes[i] = map[Int(pixels.bytes[i])] }
            threshold = Int(map[threshold])
            paper = 255
        }
        let ink = pixels.bytes.map { Int($0) <= threshold }
        var rows = [Int](repeating: 0, count: pixels.height)
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where ink[y * pixels.width + x] { rows[y] += 1 }
        }
        guard let band = StampImage.letterBand(rows, cut: 7, bridge: 2) else { throw Self.noLetters }
        let letters = band.count
        let shapes = Self.shapes(ink, width: pixels.width, height: pixels.height)
        var left = pixels.width, right = -1
        for shape in shapes {
            if Self.isForeign(shape, band: band, width: pixels.width, height: pixels.height) {
                Self.clear(shape, in: &pixels, ink: ink, paper: paper)
            } else if Self.overlap(shape, band) * 2 >= shape.box.height, shape.box.height * 4 >= letters {
                left = min(left, shape.box.x)
                right = max(right, shape.box.x + shape.box.width - 1)
            }
        }
        guard right >= left else { throw Self.noLetters }
        // The same paper left and right of the letters whatever the crop had: the model reads
        // the letters at the ends worse both when they touch the edge and when a wide margin
        // lets it imagine one more.
        let side = max(4, Int((Double(letters) * sideMargin).rounded()))
        let vertical = max(4, Int((Double(letters) * verticalMargin).rounded()))
        // A binarised strip has hard, stair-stepped edges the model never saw: soften them as
        // print and camera soften real letters (measured: 3.8 → 2.9 % character errors on 120
        // binarised crops; a second pass made it worse).
        if Self.isTwoTone(histogram) { Self.soften(&pixels) }
        var result = try StampImage(pixels).cropped(to: PixelBox(x: left, y: 0, width: right - left + 1, height: pixels.height))
        result = try result.bordered(left: side, right: side, top: vertical, bottom: vertical, value: Int(paper))
        if letters > largestLetterHeight {
            let factor = Double(largestLetterHeight) / Double(letters)
            result = try result.scaledDown(toLongSide: Int(Double(max(result.width, result.height)) * factor))
        }
        return result
    }

    /// The crop without a frame of one flat level added around it (tools pad a tight crop with
    /// white): around a tinted or gray strip such a frame is the lightest thing in the image, so
    /// the strip's own paper would pass for ink. Photographed paper is never perfectly flat
    /// over a whole row or column, so a real margin loses at most rows of paper, which the
    /// margins added later give back.
    static func withoutAddedFrame(_ pixels: GrayPixels) -> GrayPixels {
        let w = pixels.width, h = pixels.height
        func flat(_ values: some Sequence<UInt8>) -> Bool {
            var low = UInt8.max, high = UInt8.min
            for v in values { low = min(low, v); high = max(high, v) }
            return Int(high) - Int(low) <= 2
        }
        var top = 0, bottom = h - 1, left = 0, right = w - 1
        while bottom - top >= 6, flat((left...right).map { pixels[$0, top] }) { top += 1 }
        while bottom - top >= 6, flat((left...right).map { pixels[$0, bottom] }) { bottom -= 1 }
        while right - left >= 16, flat((top...bottom).map { pixels[left, $0] }) { left += 1 }
        while right - left >= 16, flat((top...bottom).map { pixels[right, $0] }) { right -= 1 }
        guard top > 0 || left > 0 || bottom < h - 1 || right < w - 1 else { return pixels }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((right - left + 1) * (bottom - top + 1))
        for y in top...bottom { bytes += pixels.bytes[(y * w + left)...(y * w + right)] }
        return GrayPixels(width: right - left + 1, height: bottom - top + 1, bytes: bytes)
    }

    /// One 8-connected ink shape: its box and its pixels (indices into the image).
    struct Shape {
        var box: PixelBox
        var pixels: [Int]
    }

    /// The 8-connected shapes of `ink`.
    static func shapes(_ ink: [Bool], width w: Int, height h: Int) -> [Shape] {
        var seen = [Bool](repeating: false, count: w * h)
        var shapes: [Shape] = []
        var stack: [Int] = []
        for start in ink.indices where ink[start] && !seen[start] {
            var pixels: [Int] = []
            stack.append(start)
            seen[start] = true
            var x0 = w, x1 = 0, y0 = h, y1 = 0
            while let i = stack.popLast() {
                pixels.append(i)
                let x = i % w, y = i / w
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                for ny in max(0, y - 1)...min(h - 1, y + 1) {
                    for nx in max(0, x - 1)...min(w - 1, x + 1) {
                        let j = ny * w + nx
                        if ink[j] && !seen[j] { seen[j] = true; stack.append(j) }
                    }
                }
            }
            shapes.append(Shape(box: PixelBox(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1), pixels: pixels))
        }
        return shapes
    }

    /// Rows of `shape` inside `band`.
    static func overlap(_ shape: Shape, _ band: ClosedRange<Int>) -> Int {
        max(0, min(shape.box.y + shape.box.height - 1, band.upperBound) - max(shape.box.y, band.lowerBound) + 1)
    }

    /// A shape that touches the crop's edge and is not a letter of this line: mostly outside the
    /// line's band of rows (the feet or heads of the neighbouring line, cut), far taller than the
    /// letters (a card's or photo's edge), or a thin rule along the edge. Letters cut by a tight
    /// crop are not: they lie in the band and are letter-sized.
    static func isForeign(_ shape: Shape, band: ClosedRange<Int>, width: Int, height: Int) -> Bool {
        let box = shape.box, letters = band.count
        guard box.x == 0 || box.y == 0 || box.x + box.width == width || box.y + box.height == height else { return false }
        let outside = overlap(shape, band) * 2 < box.height
        let tall = box.height * 5 > letters * 8
        let rule = box.width > 3 * letters && box.height * 2 < letters
        return outside || tall || rule
    }

    /// Paints `shape` with paper, and its soft, anti-aliased rim (lighter than the threshold) too.
    static func clear(_ shape: Shape, in pixels: inout GrayPixels, ink: [Bool], paper: UInt8) {
        let w = pixels.width, h = pixels.height
        for i in shape.pixels {
            let x = i % w, y = i / w
            for ny in max(0, y - 1)...min(h - 1, y + 1) {
                for nx in max(0, x - 1)...min(w - 1, x + 1) where !ink[ny * w + nx] || ny * w + nx == i {
                    pixels.bytes[ny * w + nx] = max(pixels.bytes[ny * w + nx], paper)
                }
            }
        }
    }

    /// Nearly every pixel at one of two gray levels: a binarised image.
    static func isTwoTone(_ histogram: [Int]) -> Bool {
        let sorted = histogram.sorted(by: >)
        return (sorted[0] + sorted[1]) * 100 >= histogram.reduce(0, +) * 98
    }

    /// A 3×3 box blur.
    static func soften(_ pixels: inout GrayPixels) {
        let w = pixels.width, h = pixels.height, source = pixels.bytes
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0, count = 0
                for ny in max(0, y - 1)...min(h - 1, y + 1) {
                    for nx in max(0, x - 1)...min(w - 1, x + 1) {
                        sum += Int(source[ny * w + nx])
                        count += 1
                    }
                }
                pixels.bytes[y * w + x] = UInt8(sum / count)
            }
        }
    }

    /// Otsu's threshold: the gray level (ink at or below it) that best separates the histogram
    /// into two classes.
    static func otsuThreshold(_ histogram: [Int]) -> Int {
        let total = histogram.reduce(0, +)
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var weightBelow = 0, sumBelow = 0.0
        var best = (level: 127, spread: -1.0)
        for level in 0..<255 {
            weightBelow += histogram[level]
            sumBelow += Double(level * histogram[level])
            let weightAbove = total - weightBelow
            guard weightBelow > 0, weightAbove > 0 else { continue }
            let meanBelow = sumBelow / Double(weightBelow), meanAbove = (sum - sumBelow) / Double(weightAbove)
            let spread = Double(weightBelow) * Double(weightAbove) * (meanAbove - meanBelow) * (meanAbove - meanBelow)
            if spread > best.spread { best = (level, spread) }
        }
        return best.level
    }

    /// The median gray level of the histogram's part from `level` up.
    static func median(_ histogram: [Int], from level: Int) -> UInt8 {
        let part = histogram[min(255, level)...]
        var left = part.reduce(0, +) / 2
        for (value, count) in zip(part.indices, part) {
            left -= count
            if left < 0 { return UInt8(value) }
        }
        return 255
    }

    /// The gray level below which `share` of the histogram's pixels at or below `below` lie.
    static func percentile(_ histogram: [Int], _ share: Double, below: Int) -> Int {
        let part = histogram[0...max(0, min(255, below))]
        var left = Int(Double(part.reduce(0, +)) * share)
        for (value, count) in zip(part.indices, part) {
            left -= count
            if left < 0 { return value }
        }
        return below
    }

    static func tooSmall(_ pixels: GrayPixels) -> MRZError {
        MRZError(code: "mrz-line-too-small", message: "the line image is \(pixels.width)×\(pixels.height) pixels, too small to hold a line of the machine-readable zone; crop the whole line")
    }

    static let noLetters = MRZError(code: "mrz-line-blank", message: "the line image holds no letters (it is blank or a single tone); crop one line of the machine-readable zone")
}
