import CLeptonica
import Foundation

extension StampImage {
    /// Stamp ink separated from tinted, patterned paper, as 8-bit gray (ink dark, paper white).
    /// Faded violet, red or green ink over guilloche differs from the paper far more in colour
    /// than in lightness, so each pixel is judged by its colour distance from the paper around it
    /// (lighting evened out first), not by its luminance; weak differences (thin security lines,
    /// paper grain) turn white and the strongest ink is stretched to black, so half-strength ink
    /// reads like full. A gray image (no colour to separate) comes back as its grayscale.
    /// `strictly`: everything under half the stamp's strongest strokes is taken for paper, for
    /// a photo whose security print is dense and nearly as dark as faded ink, which the usual
    /// level keeps as hundreds of specks.
    public func inkSeparated(strictly: Bool = false) throws -> StampImage {
        guard depth == 32, pixGetColormap(pix) == nil, width >= 16, height >= 16 else { return try grayscale() }
        return try inkByColourDistance(strict: strictly)
    }

    /// The ink of one colour channel (0 red, 1 green, 2 blue) separated from the paper the same
    /// way: its darkening below the paper's level in that channel alone. A pen of another colour
    /// fades from the channel in which it is as light as the paper (a blue pen in the blue
    /// channel), while the stamp's ink stays, and the security lines are whitened as in
    /// `inkSeparated`, so the image reads as fast as the separated ink.
    public func inkSeparated(channel: Int) throws -> StampImage {
        guard depth == 32, pixGetColormap(pix) == nil, width >= 16, height >= 16, (0..<3).contains(channel) else {
            return try grayscale()
        }
        return try inkByColourDistance(weights: (0..<3).map { $0 == channel ? 1 : 0 })
    }

    /// This ink image (8-bit, ink dark on white) with gaps in its strokes of a pixel or two
    /// filled: the darkest level within a 3×3 square spreads, then the lightest within it takes
    /// the spread back (a gray closing of the ink), so a stroke keeps its width while the specks
    /// a dry pad leaves of it join again, and Tesseract reads letters where it saw noise.
    /// Letters further apart, and the counters of small letters (a 0 at 15 px), stay open; a
    /// disk of radius 2 closed those too. For a second look at a stamp whose first reading held
    /// unreadable words, which on faint stamps are mostly strokes a dry pad broke; not for
    /// every first reading, where it cost as many place names as it won dates.
    public func gapsBridged() throws -> StampImage {
        guard depth == 8 else { return self }
        guard let bridged = pixOpenGray(pix, 3, 3) else {
            throw ImageError(.operationFailed, "Leptonica could not fill the gaps in the ink; try again with a smaller photo")
        }
        return StampImage(adopting: bridged)
    }

    /// This ink image (8-bit, ink dark on white) with its strokes a pixel thicker all round
    /// (the darkest level within a 3×3 square): strokes a dry pad left thin and broken gain
    /// the body Tesseract needs to see letters, at the cost of closing small counters. For a
    /// further look at a stamp that read poorly, beside its reading as it was.
    public func strokesThickened() throws -> StampImage {
        guard depth == 8 else { return self }
        guard let thick = pixErodeGray(pix, 3, 3) else {
            throw ImageError(.operationFailed, "Leptonica could not thicken the ink's strokes; try again with a smaller photo")
        }
        return StampImage(adopting: thick)
    }

    /// This ink image (8-bit) smoothed with a Gaussian of `sigma` pixels: the specks a dry pad
    /// leaves of a stroke run together into one gray stroke again. An image narrower than the
    /// kernel holds no stroke to smooth (Leptonica refuses it) and comes back as it is.
    public func smoothed(sigma: Double) throws -> StampImage {
        let half = l_int32(max(1, (2.5 * sigma).rounded(.up)))
        guard depth == 8, width > 2 * Int(half), height > 2 * Int(half) else { return self }
        var kx: UnsafeMutablePointer<L_KERNEL>?, ky: UnsafeMutablePointer<L_KERNEL>?
        guard makeGaussianKernelSep(half, half, Float(sigma), 1, &kx, &ky) == 0, kx != nil, ky != nil else {
            throw ImageError(.operationFailed, "Leptonica could not make a smoothing kernel; try again with a smaller photo")
        }
        defer { kernelDestroy(&kx); kernelDestroy(&ky) }
        guard let smooth = pixConvolveSep(pix, kx, ky, 8, 1) else {
            throw ImageError(.operationFailed, "Leptonica could not smooth the ink; try again with a smaller photo")
        }
        return StampImage(adopting: smooth)
    }

    /// Tile side for the paper estimate: several letters' worth, so a tile is mostly paper.
    static let paperTile = 24

    /// The paper's colour around each pixel, per channel: in tiles of `paperTile`, the level at
    /// `paperRank` (paper and its security lines, not the ink), each tile then taken as the
    /// brightest of its neighbours (a tile full of ink borrows the paper next to it), and
    /// interpolated between tile centres so lighting falls off smoothly, without steps.
    /// `levels` holds channel c's tile (i, j) at `(c * tilesY + j) * tilesX + i`.
    private func paperColour(_ source: UnsafeMutablePointer<l_uint32>, wordsPerLine: Int) -> (tilesX: Int, tilesY: Int, levels: [Double]) {
        let w = width, h = height, t = Self.paperTile
        let tx = (w + t - 1) / t, ty = (h + t - 1) / t
        let plane = tx * ty
        var raw = [Double](repeating: 0, count: 3 * plane)
        // Flat buffers without bounds checks: this runs over every pixel of every photo. A
        // tile's counts fit 16 bits, which keeps its three histograms small to clear.
        var histogram = [UInt16](repeating: 0, count: 3 * 256)
        raw.withUnsafeMutableBufferPointer { raw in
            histogram.withUnsafeMutableBufferPointer { histogram in
                for j in 0..<ty {
                    for i in 0..<tx {
                        histogram.update(repeating: 0)
                        let x0 = i * t, y0 = j * t, x1 = min(w, x0 + t), y1 = min(h, y0 + t)
                        for y in y0..<y1 {
                            let row = source + y * wordsPerLine
                            for x in x0..<x1 {
                                let word = row[x]
                                histogram[Int(word >> 24)] += 1
                                histogram[256 + Int((word >> 16) & 0xFF)] += 1
                                histogram[512 + Int((word >> 8) & 0xFF)] += 1
                            }
                        }
                        let count = (x1 - x0) * (y1 - y0)
                        let wanted = Int(Double(count) * Self.paperRank)
                        // The lowest level with more than `wanted` pixels at or under it, found
                        // from the top: paper is light, so few levels lie above it.
                        let brighterAllowed = count - wanted
                        for c in 0..<3 {
                            var brighter = 0, level = 255
                            while level > 0 && brighter + Int(histogram[c * 256 + level]) < brighterAllowed {
                                brighter += Int(histogram[c * 256 + level])
                                level -= 1
                            }
                            raw[c * plane + j * tx + i] = Double(level)
                        }
                    }
                }
            }
        }
        var levels = raw
        for c in 0..<3 {
            let base = c * plane
            for j in 0..<ty {
                for i in 0..<tx {
                    var brightest = 0.0
                    for jj in max(0, j - 1)...min(ty - 1, j + 1) {
                        for ii in max(0, i - 1)...min(tx - 1, i + 1) { brightest = max(brightest, raw[base + jj * tx + ii]) }
                    }
                    // The median of the tile and its brightest neighbour: ink-filled tiles rise to
                    // paper, paper tiles stay close to their own level.
                    levels[base + j * tx + i] = (raw[base + j * tx + i] + brightest) / 2
                }
            }
        }
        return (tx, ty, levels)
    }

    /// Rank of the paper level inside a tile: above the ink and most security lines.
    static let paperRank = 0.7

    /// Colour distance of each pixel below the paper level, stretched: the 99.5th percentile
    /// (the stamp's own strokes) to black and the weak tail (security lines) to white.
    private func inkByColourDistance(weights: [Double] = [1, 1, 1], strict: Bool = false) throws -> StampImage {
        let w = width, h = height
        guard let out = pixCreate(l_int32(w), l_int32(h), 8), let source = pixGetData(pix), let target = pixGetData(out) else {
            throw ImageError(.operationFailed, "Leptonica could not make an image for the ink; try again with a smaller photo")
        }
        pixCopyResolution(out, pix)
        let image = StampImage(adopting: out)
        let inWords = Int(pixGetWpl(pix)), outWords = Int(pixGetWpl(out))
        let paper = paperColour(source, wordsPerLine: inWords)
        let t = Double(Self.paperTile)
        let tx = paper.tilesX, plane = paper.tilesX * paper.tilesY
        let wr = weights[0], wg = weights[1], wb = weights[2]
        // Flat buffers without bounds checks: this loop runs over every pixel of every photo.
        let columnWeight = UnsafeMutableBufferPointer<Double>.allocate(capacity: w)
        let rowPaper = UnsafeMutableBufferPointer<Double>.allocate(capacity: 3 * tx)
        let levels = UnsafeMutableBufferPointer<Double>.allocate(capacity: 3 * plane)
        // The paper's level under each pixel of a row, channel after channel, so that the
        // distance loop reads it in order and vectorises.
        let paperRow = UnsafeMutableBufferPointer<Double>.allocate(capacity: 3 * w)
        defer { columnWeight.deallocate(); rowPaper.deallocate(); levels.deallocate(); paperRow.deallocate() }
        _ = levels.initialize(from: paper.levels)
        // Each column's two tile centres and its weight between them are the same for every
        // row; the columns between the same two centres, in order, make a run whose paper
        // levels are interpolated from the same pair.
        var columnRuns: [(left: Int, right: Int, columns: Range<Int>)] = []
        for x in 0..<w {
            let fx = min(max((Double(x) + 0.5) / t - 0.5, 0), Double(tx - 1))
            let left = Int(fx), right = min(left + 1, tx - 1)
            columnWeight[x] = fx - Double(left)
            if let last = columnRuns.last, last.left == left, last.right == right {
                columnRuns[columnRuns.count - 1].columns = last.columns.lowerBound..<(x + 1)
            } else {
                columnRuns.append((left, right, x..<(x + 1)))
            }
        }
        // Distances fit 0…441 (√3·255); a histogram gives the percentiles in one pass.
        let distance = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: w * h)
        defer { distance.deallocate() }
        var histograms = [Int](repeating: 0, count: 4 * 448)
        histograms.withUnsafeMutableBufferPointer { histogram in
            for y in 0..<h {
                let fy = min(max((Double(y) + 0.5) / t - 0.5, 0), Double(paper.tilesY - 1))
                let j0 = Int(fy), j1 = min(j0 + 1, paper.tilesY - 1), ay = fy - Double(j0)
                for c in 0..<3 {
                    for i in 0..<tx {
                        rowPaper[c * tx + i] = levels[c * plane + j0 * tx + i] * (1 - ay) + levels[c * plane + j1 * tx + i] * ay
                    }
                }
                for c in 0..<3 {
                    let tiles = rowPaper.baseAddress! + c * tx, levelsHere = paperRow.baseAddress! + c * w
                    for run in columnRuns {
                        let left = tiles[run.left], right = tiles[run.right]
                        for x in run.columns {
                            let ax = columnWeight[x]
                            levelsHere[x] = left * (1 - ax) + right * ax
                        }
                    }
                }
                let row = source + y * inWords, distances = distance.baseAddress! + y * w
                let pr = paperRow.baseAddress!, pg = pr + w, pb = pg + w
                for x in 0..<w {
                    let word = row[x]
                    // Only darker than the paper counts: ink absorbs light, glare and paper fibres do not.
                    let r = max(0, pr[x] - Double(word >> 24)) * wr, g = max(0, pg[x] - Double((word >> 16) & 0xFF)) * wg,
                        b = max(0, pb[x] - Double((word >> 8) & 0xFF)) * wb
                    distances[x] = Self.wholeDistance((r * r + g * g + b * b).squareRoot())
                }
                // Four histograms in turn: neighbouring pixels mostly share a distance, and
                // counting them in one would wait on each previous count.
                var x = 0
                while x + 4 <= w {
                    histogram[Int(distances[x])] += 1
                    histogram[448 + Int(distances[x + 1])] += 1
                    histogram[896 + Int(distances[x + 2])] += 1
                    histogram[1344 + Int(distances[x + 3])] += 1
                    x += 4
                }
                while x < w {
                    histogram[Int(distances[x])] += 1
                    x += 1
                }
            }
        }
        var histogram = [Int](repeating: 0, count: 448)
        for (i, count) in histograms.enumerated() { histogram[i % 448] += count }
        func percentile(_ p: Double) -> Int { Self.level(atRank: p, of: histogram) }
        let strong = max(percentile(0.995), 24)
        let weak = strict ? strong / 2 : min(max(percentile(Self.backgroundRank) + Self.backgroundMargin, 6), strong / 2)
        let span = Double(strong - weak)
        // Each distance's gray level, worked out once instead of at every pixel.
        let shade = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: histogram.count)
        defer { shade.deallocate() }
        for d in 0..<histogram.count {
            shade[d] = d > weak ? UInt32(max(0, 255 - Int(Double(d - weak) / span * 255))) : 255
        }
        for y in 0..<h {
            let row = target + y * outWords
            for xWord in 0..<outWords {
                var word: UInt32 = 0
                for k in 0..<4 {
                    let x = xWord * 4 + k
                    let level: UInt32 = x < w ? shade[Int(distance[y * w + x])] : 255
                    // Leptonica keeps an 8-bit row's leftmost pixel in the word's high byte.
                    word |= level << UInt32(24 - 8 * k)
                }
                row[xWord] = word
            }
        }
        return image
    }

    /// The value at `rank` (0…1) of the values a histogram counts (`histogram[v]`: how many
    /// are v): the lowest value with more than that share at or under it.
    static func level(atRank rank: Double, of histogram: [Int]) -> Int {
        let wanted = Int(Double(histogram.reduce(0, +)) * rank)
        var seen = 0
        for (value, count) in histogram.enumerated() {
            seen += count
            if seen > wanted { return value }
        }
        return histogram.count - 1
    }

    /// How far the stamp's strongest strokes fall below the paper in each colour channel (red,
    /// green, blue; 0–255, the drop at the 99.5th percentile, the level `inkSeparated` stretches
    /// to black); empty for a gray image. Ink is faint in the channel where it is as light as
    /// the paper: blue ink in the blue channel, red ink in the red. An estimate, from every
    /// other pixel of every other row against its own tile's paper level.
    public func inkDepthByChannel() -> [Int] {
        guard depth == 32, pixGetColormap(pix) == nil, width >= 16, height >= 16, let source = pixGetData(pix) else { return [] }
        let wordsPerLine = Int(pixGetWpl(pix))
        let paper = paperColour(source, wordsPerLine: wordsPerLine)
        let t = Self.paperTile, plane = paper.tilesX * paper.tilesY
        // Channel c's drops at c * 256 + drop.
        var histograms = [Int](repeating: 0, count: 3 * 256)
        for y in stride(from: 0, to: height, by: 2) {
            let row = source + y * wordsPerLine, tileRow = (y / t) * paper.tilesX
            for x in stride(from: 0, to: width, by: 2) {
                let word = row[x], tile = tileRow + x / t
                for c in 0..<3 {
                    histograms[c * 256 + max(0, Int(paper.levels[c * plane + tile]) - Self.level(ofChannel: c, in: word))] += 1
                }
            }
        }
        return (0..<3).map { c in Self.level(atRank: 0.995, of: Array(histograms[(c * 256)..<((c + 1) * 256)])) }
    }

    /// Channel `c`'s level (0 red, 1 green, 2 blue) in a 32-bit pixel as Leptonica stores it.
    @inline(__always)
    static func level(ofChannel c: Int, in word: UInt32) -> Int {
        Int((word >> UInt32(24 - 8 * c)) & 0xFF)
    }

    /// The whole part of a colour distance (≥ 0), at most 447: `min(447, Int(distance))` in
    /// plain arithmetic that vectorises, with no trapping conversion and no call to floor (the
    /// baseline x86-64 target has no rounding instruction). Adding 2⁵² rounds a number under
    /// 2⁵² to the nearest whole one, held exactly in the low bits of the sum; one less is taken
    /// when that rounded up.
    @inline(__always)
    static func wholeDistance(_ distance: Double) -> UInt16 {
        let capped = min(447, distance)
        let nearest = capped + 0x1p52
        let whole = nearest - 0x1p52 > capped ? nearest - 1 : nearest
        return UInt16(truncatingIfNeeded: whole.bitPattern)
    }

    /// Share of pixels that are paper or security print: the distance at this rank, plus the
    /// margin, is where ink starts.
    static let backgroundRank = 0.85
    static let backgroundMargin = 4
}
