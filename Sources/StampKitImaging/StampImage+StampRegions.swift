import CLeptonica
import Foundation

/// Finding the stamps on a photographed passport page: where the coloured ink is, grouped into
/// stamp-sized regions, without the page's own print.
extension StampImage {
    /// Long side the page is searched at: stamps stay hundreds of pixels wide, while the
    /// morphology and the component pass cost a fraction of the full photo.
    static let regionSearchSide = 800

    /// The stamps on this page photo, as boxes in this image's pixels, padded a little and in
    /// reading order (top to bottom, left to right within a row). A blank page gives none.
    public func stampRegions() throws -> [PixelBox] {
        try stampRegions(searchSide: Self.regionSearchSide)
    }

    /// `stampRegions()` searched at `searchSide` pixels on the long side.
    func stampRegions(searchSide: Int) throws -> [PixelBox] {
        let long = max(width, height)
        // A strip thinner than a pixel at the search size holds no stamp.
        guard long >= 64, min(width, height) * searchSide >= long else { return [] }
        let small = try scaledDown(toLongSide: searchSide)
        let scale = Double(long) / Double(max(small.width, small.height))
        let ink = try small.inkSeparated().binarised(threshold: Self.regionInkLevel)
        let side = max(small.width, small.height)
        let counts = try InkCounts(ink)
        let split = try Self.inkByColour(ink, colours: small)
        let strongCounts = try split.strong.map(InkCounts.init)
        // Letters, the rule under a heading and the stamp's frame sit within a few letter widths
        // of each other; two stamps on a page seldom sit that close.
        let gap = max(3, side / 100)
        var boxes: [PixelBox] = []
        // Each ink colour on its own: two stamps that touch are seldom in the same ink.
        for mask in split.masks {
            boxes += try mask.closed(brickWidth: gap, height: gap).connectedComponents().filter { box in
                // Specks of paper grain and thin security lines: too small or too thin to be a
                // stamp or a piece of one.
                let thin = min(box.width, box.height), thick = max(box.width, box.height)
                return thick >= side / 40 && thin >= side / 120
            }
        }
        boxes = Self.mergedNested(boxes)
        let minimum = side / 10
        boxes = boxes.filter { box in
            let thin = min(box.width, box.height), thick = max(box.width, box.height)
            // A stamp is a sizeable, roughly compact patch; a printed page border or a rule is
            // long and thin, a page number small.
            guard thick >= minimum, thin >= minimum / 2, Double(thick) / Double(thin) <= 4 else { return false }
            // On a blank page the security print is the strongest "ink" there is and closes into
            // patches; a stamp has strokes clearly darker than the paper.
            if let strongCounts, Double(strongCounts.ink(in: box)) < Self.regionMinimumStrong * Double(box.width * box.height) {
                return false
            }
            let fill = Double(counts.ink(in: box)) / Double(box.width * box.height)
            // Ink covering almost nothing is a stretch of guilloche that closed into a patch;
            // ink covering most of it is a shadow or a fold, not lettering.
            return fill >= Self.regionMinimumFill && fill <= 0.7
        }
        // Stamps in the same ink that touch are one shape; their borders still tell them apart.
        boxes = try boxes.flatMap { try Self.touchingStamps(in: $0, ink: ink, counts: counts, minimum: minimum) }
        let pad = Double(side) / 80
        let regions = boxes.map { box -> PixelBox in
            let x0 = max(0, Int((Double(box.x) - pad) * scale))
            let y0 = max(0, Int((Double(box.y) - pad) * scale))
            let x1 = min(width, Int((Double(box.x + box.width) + pad) * scale))
            let y1 = min(height, Int((Double(box.y + box.height) + pad) * scale))
            return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        return Self.readingOrder(regions)
    }

    /// The ink split by colour into 1-bit masks, one per hue sector (and one for black or gray
    /// ink), leaving out colours with too little ink to hold a stamp. A gray page gives the ink as
    /// it is. A stamp whose hue straddles two sectors comes back in both, nested in one box,
    /// and is joined again by `mergedNested`.
    /// Also gives the ink clearly darker than the paper (`strongDrop` in some channel), nil on
    /// a gray page.
    static func inkByColour(_ ink: StampImage, colours: StampImage) throws -> (masks: [StampImage], strong: StampImage?) {
        guard colours.depth == 32, pixGetColormap(colours.pix) == nil, let inkData = pixGetData(ink.pix),
              let colourData = pixGetData(colours.pix) else { return ([ink], nil) }
        let w = ink.width, h = ink.height, inkWords = Int(pixGetWpl(ink.pix)), colourWords = Int(pixGetWpl(colours.pix))
        let classes = 7
        // The paper's colour where each pixel lies: ink is judged by what it takes away from the
        // paper, so a tinted page does not tint the ink, and a page darkened towards the gutter
        // or by a phone's light falloff does not turn its security print into dark ink.
        let paper = PaperColour(colours, data: colourData, words: colourWords)
        var label = [UInt8](repeating: UInt8.max, count: w * h)
        var strong = [Bool](repeating: false, count: w * h)
        var count = [Int](repeating: 0, count: classes)
        // Flat buffers without bounds checks: this runs over every pixel of every frame search.
        label.withUnsafeMutableBufferPointer { label in
            strong.withUnsafeMutableBufferPointer { strong in
                for y in 0..<h {
                    let inkRow = inkData + y * inkWords, colourRow = colourData + y * colourWords
                    for x in 0..<w where (inkRow[x >> 5] >> UInt32(31 - (x & 31))) & 1 == 1 {
                        let word = colourRow[x]
                        let under = paper.at(x: x, y: y)
                        // The ink's colour as it would look on white paper.
                        let r = 255 - max(0, under.r - Int(word >> 24)), g = 255 - max(0, under.g - Int((word >> 16) & 0xFF)),
                            b = 255 - max(0, under.b - Int((word >> 8) & 0xFF))
                        if 255 - min(r, g, b) >= Self.strongDrop { strong[y * w + x] = true }
                        let high = max(r, g, b), low = min(r, g, b), chroma = high - low
                        var sector = 6
                        if chroma >= Self.colouredChroma {
                            // Hue in degrees, sectors centred on red, yellow, green, cyan, blue, magenta.
                            var hue: Double
                            if high == r { hue = 60 * Double(g - b) / Double(chroma) }
                            else if high == g { hue = 120 + 60 * Double(b - r) / Double(chroma) }
                            else { hue = 240 + 60 * Double(r - g) / Double(chroma) }
                            hue = (hue + 30 + 360).truncatingRemainder(dividingBy: 360)
                            sector = min(5, Int(hue / 60))
                        }
                        label[y * w + x] = UInt8(sector)
                        count[sector] += 1
                    }
                }
            }
        }
        let enough = max(50, w * h / 2000)
        func blank() throws -> (image: StampImage, data: UnsafeMutablePointer<UInt32>, words: Int) {
            guard let mask = pixCreate(l_int32(w), l_int32(h), 1), let data = pixGetData(mask) else {
                throw ImageError(.operationFailed, "Leptonica could not make an image for one ink colour; try again with a smaller photo")
            }
            return (StampImage(adopting: mask), data, Int(pixGetWpl(mask)))
        }
        // Every colour's mask and the strong ink's in one pass over the pixels.
        var kept: [(image: StampImage, data: UnsafeMutablePointer<UInt32>, words: Int)?] = []
        for sector in 0..<classes { kept.append(count[sector] >= enough ? try blank() : nil) }
        let strongMask = try blank()
        label.withUnsafeBufferPointer { label in
            strong.withUnsafeBufferPointer { strong in
                for y in 0..<h {
                    for x in 0..<w {
                        let bit = UInt32(1) << UInt32(31 - (x & 31))
                        let sector = Int(label[y * w + x])
                        if sector < classes, let mask = kept[sector] { mask.data[y * mask.words + (x >> 5)] |= bit }
                        if strong[y * w + x] { strongMask.data[y * strongMask.words + (x >> 5)] |= bit }
                    }
                }
            }
        }
        return (kept.compactMap { $0?.image }, strongMask.image)
    }

    /// How far below the paper, in its most absorbed channel, ink is clearly ink: above the
    /// security print, below faded stamp ink.
    static let strongDrop = 36
    /// Share of a region's pixels that must be clearly dark ink.
    static let regionMinimumStrong = 0.005

    /// Spread between a pixel's strongest and weakest channel above which its ink has a hue;
    /// below it, black or gray ink (or faded ink close to the paper) is one class.
    static let colouredChroma = 32

    /// Ink darker than this (0…255, on the separated ink) counts for finding stamps.
    static let regionInkLevel = 200
    /// Share of a region's pixels that must be ink for it to be a stamp.
    static let regionMinimumFill = 0.03

    /// Boxes joined while one lies mostly inside another, so a stamp's frame and the words
    /// inside it that closing left apart become one region, while tilted neighbours whose
    /// corners merely overlap stay apart.
    static func mergedNested(_ boxes: [PixelBox]) -> [PixelBox] {
        var boxes = boxes
        var changed = true
        while changed {
            changed = false
            outer: for i in boxes.indices {
                for j in boxes.indices where j > i {
                    let a = boxes[i], b = boxes[j]
                    let overlapX = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
                    let overlapY = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
                    guard overlapX > 0, overlapY > 0 else { continue }
                    let smaller = min(a.width * a.height, b.width * b.height)
                    if Double(overlapX * overlapY) >= Self.nestedShare * Double(smaller) {
                        let x0 = min(a.x, b.x), y0 = min(a.y, b.y)
                        let x1 = max(a.x + a.width, b.x + b.width), y1 = max(a.y + a.height, b.y + b.height)
                        boxes[i] = PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                        boxes.remove(at: j)
                        changed = true
                        break outer
                    }
                }
            }
        }
        return boxes
    }

    /// Share of the smaller box that must lie inside the larger for the two to be one stamp.
    static let nestedShare = 0.5

    /// Boxes in reading order: rows formed by boxes whose vertical centres fall within one
    /// another's height, rows top to bottom, boxes in a row left to right.
    static func readingOrder(_ boxes: [PixelBox]) -> [PixelBox] {
        let byTop = boxes.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        var rows: [[PixelBox]] = []
        for box in byTop {
            let centre = box.y + box.height / 2
            if let last = rows.last, let first = last.first, centre < first.y + first.height {
                rows[rows.count - 1].append(box)
            } else {
                rows.append([box])
            }
        }
        return rows.flatMap { $0.sorted { $0.x < $1.x } }
    }

    /// A colour copy with each box outlined, for a person to check what was found.
    public func withBoxesDrawn(_ boxes: [PixelBox], lineWidth: Int = 6) throws -> StampImage {
        guard let colour = pixConvertTo32(pix) else {
            throw ImageError(.operationFailed, "Leptonica could not make a colour copy to draw on; try another export of the photo")
        }
        for box in boxes {
            var drawn = boxCreate(l_int32(box.x), l_int32(box.y), l_int32(box.width), l_int32(box.height))
            guard drawn != nil else { continue }
            pixRenderBoxArb(colour, drawn, l_int32(lineWidth), 255, 0, 0)
            boxDestroy(&drawn)
        }
        return StampImage(adopting: colour)
    }
}

/// Ink pixel counts of a 1-bit image as a summed-area table, so the ink inside any box costs
/// four look-ups.
struct InkCounts {
    /// 32-bit sums (an image searched for stamps holds far fewer pixels than they count to):
    /// half the memory of 64-bit ones to fill and walk.
    private let table: [Int32]
    private let width: Int

    init(_ image: StampImage) throws {
        guard image.isBinary, let data = pixGetData(image.pix) else {
            throw ImageError(.operationFailed, "ink is counted on a binarised image only")
        }
        let w = image.width, h = image.height, wpl = Int(pixGetWpl(image.pix))
        var table = [Int32](repeating: 0, count: (w + 1) * (h + 1))
        // A flat buffer without bounds checks: this runs over every pixel of every frame search.
        table.withUnsafeMutableBufferPointer { table in
            for y in 0..<h {
                let row = data + y * wpl
                var run: Int32 = 0
                for x in 0..<w {
                    // The leftmost pixel of a 32-pixel word is its high bit.
                    run += Int32((row[x >> 5] >> UInt32(31 - (x & 31))) & 1)
                    table[(y + 1) * (w + 1) + x + 1] = table[y * (w + 1) + x + 1] + run
                }
            }
        }
        self.table = table
        width = w
    }

    /// Ink pixels inside `box`.
    func ink(in box: PixelBox) -> Int {
        let w = width + 1
        let x0 = box.x, y0 = box.y, x1 = box.x + box.width, y1 = box.y + box.height
        return Int(table[y1 * w + x1]) - Int(table[y0 * w + x1]) - Int(table[y1 * w + x0]) + Int(table[y0 * w + x0])
    }
}

/// The paper's colour across a page photo, which light falloff or a book's gutter shadow make
/// uneven: the page's own paper colour (the median of each channel, as most of a page is paper)
/// darkened or lightened to the brightness of the paper around each pixel. Only the brightness
/// is local: a tile under a red stamp would otherwise pass for reddish paper and its ink for
/// gray. Each tile of about an eighth of the page takes the brightness three quarters of its
/// pixels are at or below (ink must cover three quarters of a tile to pass for paper, which no
/// stamp's lines do), blended between tile centres so the estimate has no steps.
struct PaperColour {
    private let columns: Int, rows: Int, tile: Int
    private let page: (r: Int, g: Int, b: Int)
    private let scales: [Double]

    init(_ image: StampImage, data: UnsafeMutablePointer<UInt32>, words: Int) {
        let w = image.width, h = image.height
        let tile = max(16, max(w, h) / 8)
        let columns = (w + tile - 1) / tile, rows = (h + tile - 1) / tile
        (self.tile, self.columns, self.rows) = (tile, columns, rows)
        // Flat histograms (channel c's level v at c * 256 + v, tile t's sum s at t * 766 + s)
        // without bounds checks: this runs over every pixel of every frame search.
        let sums = 766
        var channels = [Int](repeating: 0, count: 3 * 256)
        var tiles = [Int](repeating: 0, count: columns * rows * sums)
        channels.withUnsafeMutableBufferPointer { channels in
            tiles.withUnsafeMutableBufferPointer { tiles in
                for y in 0..<h {
                    let line = data + y * words, row = (y / tile) * columns
                    for x in 0..<w {
                        let word = line[x]
                        let r = Int(word >> 24), g = Int((word >> 16) & 0xFF), b = Int((word >> 8) & 0xFF)
                        channels[r] += 1
                        channels[256 + g] += 1
                        channels[512 + b] += 1
                        tiles[(row + x / tile) * sums + r + g + b] += 1
                    }
                }
            }
        }
        func level(_ histogram: ArraySlice<Int>, share: Double) -> Int {
            let total = histogram.reduce(0, +)
            var seen = 0
            for (value, n) in histogram.enumerated() {
                seen += n
                if Double(seen) >= share * Double(total) { return value }
            }
            return histogram.count - 1
        }
        let paper = (0..<3).map { level(channels[$0 * 256..<($0 + 1) * 256], share: 0.5) }
        page = (paper[0], paper[1], paper[2])
        var whole = [Int](repeating: 0, count: sums)
        for t in 0..<columns * rows {
            for i in 0..<sums { whole[i] += tiles[t * sums + i] }
        }
        let brightness = level(whole[...], share: 0.75)
        // Never brighter than the page's paper: a bright tile must not make faint ink strong.
        let tileCount = columns * rows
        scales = (0..<tileCount).map { t in
            min(1, Double(level(tiles[t * sums..<(t + 1) * sums], share: 0.75)) / Double(max(1, brightness)))
        }
    }

    /// The paper under pixel (`x`, `y`).
    func at(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let fx = min(max(Double(x) / Double(tile) - 0.5, 0), Double(columns - 1))
        let fy = min(max(Double(y) / Double(tile) - 0.5, 0), Double(rows - 1))
        let c0 = Int(fx), r0 = Int(fy), c1 = min(c0 + 1, columns - 1), r1 = min(r0 + 1, rows - 1)
        let ax = fx - Double(c0), ay = fy - Double(r0)
        let top = scales[r0 * columns + c0] * (1 - ax) + scales[r0 * columns + c1] * ax
        let bottom = scales[r1 * columns + c0] * (1 - ax) + scales[r1 * columns + c1] * ax
        let scale = top * (1 - ay) + bottom * ay
        return (Int(Double(page.r) * scale), Int(Double(page.g) * scale), Int(Double(page.b) * scale))
    }
}
