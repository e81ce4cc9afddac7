import Foundation
import StampKitImaging

extension TesseractStampReader {
    /// One way of reading a doubtful line again: the letter height it is enlarged to, whether
    /// the dry pad's gaps in its ink are bridged first, and how Tesseract takes it.
    struct NameLook: Sendable {
        /// Letter height (pixels) the line is enlarged to, by a whole factor.
        var height: Int
        /// Whether the gaps a dry pad left in the strokes are closed first (`gapsBridged`).
        var bridged: Bool
        /// Tesseract's layout for the crop.
        var layout: TesseractEngine.Layout
    }

    /// The looks each doubtful name line gets, both on the ink with its dry-pad gaps bridged.
    /// Measured on the held-out stamps (printed words of four letters or more that the first
    /// reading missed by more than one letter: 216 of 476), words one look of a kind
    /// recovered: bridged 24 as a raw line (PSM 13) at 48 px letters, 22 at 32 px; unbridged
    /// 21 (20–22 at 32–72 px, without the dictionary or with capitals only); as a Tesseract
    /// line (PSM 7) bridged 12–13, unbridged 7–10. The two looks here recovered 29 together
    /// (the raw line with an unbridged one 25), each about 20–30 ms a line.
    static let nameLooks = [
        NameLook(height: 48, bridged: true, layout: .rawLine),
        NameLook(height: 48, bridged: true, layout: .singleLine),
    ]
    /// Lines looked at again per stamp at most: the most doubtful letters first.
    static let maximumNameLines = 3
    /// Word confidence under which a word of four letters or more makes its line doubtful.
    static let doubtfulNameConfidence = 80.0

    /// Letters in a line's doubtful words (four letters or more, confidence under
    /// `doubtfulNameConfidence`); 0 for a line not to look at again.
    static func doubtfulLetters(_ line: OCRLine) -> Int {
        line.words.map { word in
            let letters = word.text.filter(\.isLetter).count
            return letters >= 4 && word.confidence < doubtfulNameConfidence ? letters : 0
        }.reduce(0, +)
    }

    /// The lines with each doubtful name line (a long word read with low confidence; a date
    /// line has its own looks) read again alone: cut out of the turned image it was read in,
    /// its rules whitened and cut to its band of letters, enlarged by a whole factor and read
    /// as one line, once per `nameLooks`. Among a whole stamp Tesseract reads a worn line with
    /// a border rule under it as noise (AERUPORTC Di WAPCL); alone, without the rule and
    /// larger, it reads AEROPORTO Di NAPCLE. The looks are kept as the line's `nameLooks`,
    /// which only the name clues use.
    func lookAgainAtNameLines(_ lines: [OCRLine], in image: StampImage?, engine: TesseractEngine) throws -> [OCRLine] {
        guard let image, image.depth == 8 else { return lines }
        let doubtful = lines.indices.filter { lines[$0].rereads == nil && Self.doubtfulLetters(lines[$0]) > 0 }
            .sorted { (Self.doubtfulLetters(lines[$0]), -$0) > (Self.doubtfulLetters(lines[$1]), -$1) }
            .prefix(Self.maximumNameLines)
        var result = lines
        for i in doubtful {
            guard let (line, band) = try Self.lettersBand(of: Self.row(of: i, in: lines), in: image) else { continue }
            var looks: [String] = []
            for look in Self.nameLooks {
                let factor = max(1, Int((Double(look.height) / Double(band.height)).rounded()))
                let margin = max(4, band.height / 2)
                let y0 = max(0, band.y - margin), y1 = min(line.height, band.y + band.height + margin)
                var crop = try line.cropped(to: PixelBox(x: 0, y: y0, width: line.width, height: y1 - y0))
                if look.bridged { crop = try crop.gapsBridged() }
                if factor > 1 { crop = try crop.scaledUp(toLongSide: max(crop.width, crop.height) * factor) }
                // Paper all round, as for the date looks: a letter at the crop's edge was lost.
                let pad = band.height * factor / 2
                crop = try crop.bordered(left: pad, right: pad, top: pad, bottom: pad, value: 255)
                let text = try engine.text(of: crop, layout: look.layout).text
                    .split(whereSeparator: \.isNewline).joined(separator: " ")
                    .trimmingCharacters(in: .whitespaces)
                if !text.isEmpty { looks.append(text) }
            }
            if !looks.isEmpty { result[i].nameLooks = looks }
        }
        return result
    }

    /// Line `i` with the words of the lines Tesseract split off its row (PUERTO DE ALGEC |
    /// CIRAS): cut out alone, the line's last word was cut short and read as another name
    /// (ALGECIE, Algeria's ALGERIE one letter off). A line is of the row when it overlaps the
    /// row's height by half or more and stands within two letter heights of its words.
    static func row(of i: Int, in lines: [OCRLine]) -> OCRLine {
        var row = lines[i]
        var joined = Set([i])
        var grew = true
        while grew {
            grew = false
            let boxes = row.words.map(\.box)
            guard let top = boxes.map(\.y).min(), let left = boxes.map(\.x).min() else { return row }
            let bottom = boxes.map { $0.y + $0.height }.max()!, right = boxes.map { $0.x + $0.width }.max()!
            let height = bottom - top
            for (j, other) in lines.enumerated() where !joined.contains(j) && !other.words.isEmpty {
                let o = other.words.map(\.box)
                let oTop = o.map(\.y).min()!, oBottom = o.map { $0.y + $0.height }.max()!
                let oLeft = o.map(\.x).min()!, oRight = o.map { $0.x + $0.width }.max()!
                let overlap = min(bottom, oBottom) - max(top, oTop)
                let gap = max(oLeft - right, left - oRight)
                guard overlap * 2 >= min(height, oBottom - oTop), gap <= 2 * height else { continue }
                joined.insert(j)
                row.words += other.words
                grew = true
            }
        }
        return row
    }

    /// The line's words cut out of `image` with a margin, rules whitened (rows where the ink
    /// crosses much of the line: a border or underline, which made a one-line read return
    /// noise), and the band of rows its letters stand in (the run of inked rows holding the
    /// most ink); nil when no band of letters is found.
    static func lettersBand(of line: OCRLine, in image: StampImage) throws -> (StampImage, PixelBox)? {
        let boxes = line.words.map(\.box)
        guard let x0w = boxes.map(\.x).min(), let y0w = boxes.map(\.y).min() else { return nil }
        let x1w = boxes.map { $0.x + $0.width }.max()!, y1w = boxes.map { $0.y + $0.height }.max()!
        let margin = max(4, (y1w - y0w) / 2)
        let x0 = max(0, x0w - margin), y0 = max(0, y0w - margin)
        let x1 = min(image.width, x1w + margin), y1 = min(image.height, y1w + margin)
        guard x1 - x0 > 8, y1 - y0 > 8 else { return nil }
        let crop = try image.cropped(to: PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        var pixels = try crop.grayPixels()
        let w = pixels.width, h = pixels.height
        var dark = [Int](repeating: 0, count: h)
        var longest = [Int](repeating: 0, count: h)
        var left = w, right = -1
        for y in 0..<h {
            // A rule printed with a worn pad is broken: gaps of a few pixels stay in its run.
            var run = 0, gap = 0
            for x in 0..<w {
                if pixels[x, y] < 128 {
                    dark[y] += 1
                    run += 1 + gap
                    gap = 0
                    longest[y] = max(longest[y], run)
                    left = min(left, x)
                    right = max(right, x)
                } else if run > 0 {
                    gap += 1
                    if gap > 3 { run = 0; gap = 0 }
                }
            }
        }
        guard right > left else { return nil }
        let inked = right - left + 1
        // Letters darken at most about a third of a row (bars of E, T side by side); a rule
        // darkens most of it, or runs on for two fifths of the line.
        let ruled = (0..<h).map { dark[$0] * 20 >= inked * 9 || longest[$0] * 5 >= inked * 2 }
        var cleaned = false
        for y in 0..<h where ruled[y] || (y > 0 && ruled[y - 1]) || (y + 1 < h && ruled[y + 1]) {
            for x in 0..<w { pixels[x, y] = 255 }
            dark[y] = 0
            cleaned = true
        }
        let minimum = max(2, inked / 40)
        var best: (top: Int, bottom: Int, ink: Int)?
        var y = 0
        while y < h {
            guard dark[y] >= minimum else { y += 1; continue }
            // Gaps of up to three rows stay in the band (the bar of an E, a worn row).
            var bottom = y, ink = 0, k = y
            while k < h, k - bottom <= 3 {
                if dark[k] >= minimum { bottom = k; ink += dark[k] }
                k += 1
            }
            if best.map({ ink > $0.ink }) ?? true { best = (y, bottom, ink) }
            y = bottom + 1
        }
        guard let band = best, band.bottom - band.top >= 6 else { return nil }
        return (cleaned ? try StampImage(pixels) : crop, PixelBox(x: 0, y: band.top, width: w, height: band.bottom - band.top + 1))
    }
}
