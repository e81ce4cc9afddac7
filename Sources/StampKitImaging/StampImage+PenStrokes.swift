import CLeptonica
import Foundation

extension StampImage {
    /// This colour photo with the strokes of a pen drawn across its stamp painted over in the
    /// paper's colour; nil when it holds no such strokes (or is not in colour). A signature is
    /// ink far darker than a rubber stamp's: the line angle follows the scribble instead of
    /// the stamp's lines, and Tesseract reads the scribble. A pixel is ink where it is darker
    /// than the paper around it by `inkDepth` levels, and a pen's where by `penDarkness` times
    /// the ink's median depth and at least `penDepth`, with the `penEdge` pixels round it (the
    /// stroke's soft edge); the photo holds a pen only when such pixels make up `penShare` of
    /// the ink or more, as no stamp's own strokes do (held-out photos: signed stamps 15–34 %,
    /// unsigned ones at most 6 %). Letters under the stroke lose those pixels, which costs
    /// less than the scribble across them.
    public func withoutPenStrokes() throws -> StampImage? {
        guard depth == 32, pixGetColormap(pix) == nil, width >= 16, height >= 16 else { return nil }
        let w = width, h = height, t = Self.paperTile
        guard let copy = pixCopy(nil, pix), let data = pixGetData(copy) else {
            throw ImageError(.operationFailed, "Leptonica could not copy the photo; try again with a smaller photo")
        }
        let cleaned = StampImage(adopting: copy)
        let words = Int(pixGetWpl(copy))
        // The paper per tile and channel: the level at `paperRank`, then the brightest of the
        // tile and its neighbours (a tile full of ink borrows the paper beside it).
        let tx = (w + t - 1) / t, ty = (h + t - 1) / t
        var tilePaper = [Int](repeating: 0, count: 4 * tx * ty)
        var histograms = [Int](repeating: 0, count: 4 * 256)
        for j in 0..<ty {
            for i in 0..<tx {
                for k in histograms.indices { histograms[k] = 0 }
                let x1 = min(w, (i + 1) * t), y1 = min(h, (j + 1) * t)
                for y in (j * t)..<y1 {
                    let row = data + y * words
                    for x in (i * t)..<x1 {
                        let word = row[x]
                        let r = Self.level(ofChannel: 0, in: word), g = Self.level(ofChannel: 1, in: word),
                            b = Self.level(ofChannel: 2, in: word)
                        histograms[r] += 1; histograms[256 + g] += 1; histograms[512 + b] += 1
                        histograms[768 + (r + g + b) / 3] += 1
                    }
                }
                let count = (x1 - i * t) * (y1 - j * t), wanted = Int(Double(count) * Self.paperRank)
                for c in 0..<4 {
                    var seen = 0, level = 0
                    while level < 255 && seen + histograms[c * 256 + level] <= wanted { seen += histograms[c * 256 + level]; level += 1 }
                    tilePaper[(c * ty + j) * tx + i] = level
                }
            }
        }
        var paper = tilePaper
        for c in 0..<4 {
            for j in 0..<ty {
                for i in 0..<tx {
                    var brightest = 0
                    for jj in max(0, j - 1)...min(ty - 1, j + 1) {
                        for ii in max(0, i - 1)...min(tx - 1, i + 1) { brightest = max(brightest, tilePaper[(c * ty + jj) * tx + ii]) }
                    }
                    paper[(c * ty + j) * tx + i] = brightest
                }
            }
        }
        // How much darker than its paper each pixel is.
        var depthBelow = [Int](repeating: 0, count: w * h)
        var histogram = [Int](repeating: 0, count: 256)
        for y in 0..<h {
            let row = data + y * words
            for x in 0..<w {
                let word = row[x]
                let lightness = (Self.level(ofChannel: 0, in: word) + Self.level(ofChannel: 1, in: word)
                    + Self.level(ofChannel: 2, in: word)) / 3
                let below = max(0, paper[(3 * ty + y / t) * tx + x / t] - lightness)
                depthBelow[y * w + x] = below
                histogram[below] += 1
            }
        }
        let ink = histogram[Self.inkDepth...].reduce(0, +)
        guard ink >= Self.minimumInk else { return nil }
        var seen = 0, median = Self.inkDepth
        for level in Self.inkDepth..<256 {
            seen += histogram[level]
            if 2 * seen >= ink { median = level; break }
        }
        let penFrom = max(Self.penDepth, Int((Double(median) * Self.penDarkness).rounded(.up)))
        guard penFrom < 256, Double(histogram[penFrom...].reduce(0, +)) >= Self.penShare * Double(ink) else { return nil }
        // The strokes widened by `penEdge` each way, along the rows and then the columns, and
        // painted in their tile's paper colour.
        var across = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w where depthBelow[y * w + x] >= penFrom {
                for dx in max(0, x - Self.penEdge)...min(w - 1, x + Self.penEdge) { across[y * w + dx] = true }
            }
        }
        for y in 0..<h {
            for x in 0..<w where across[y * w + x] {
                for dy in max(0, y - Self.penEdge)...min(h - 1, y + Self.penEdge) {
                    let i = (dy / t) * tx + x / t
                    let fill = UInt32(paper[i]) << 24 | UInt32(paper[ty * tx + i]) << 16 | UInt32(paper[2 * ty * tx + i]) << 8
                    (data + dy * words)[x] = fill
                }
            }
        }
        return cleaned
    }

    /// Levels below its paper from which a pixel is ink.
    static let inkDepth = 25
    /// Levels below its paper from which a pixel may be a pen's.
    static let penDepth = 60
    /// Ink pixels a photo needs before a pen among them is looked for.
    static let minimumInk = 200
    /// How many times the ink's median depth a pen's stroke is.
    static let penDarkness = 1.8
    /// The share of the ink a pen's strokes must make up.
    static let penShare = 0.1
    /// Pixels round a pen's stroke taken with it.
    static let penEdge = 2
}
