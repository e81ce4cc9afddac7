import Foundation
import StampKitImaging

/// A row of letters the reading left out. Tesseract's sparse layout drops a whole line now and
/// then, even on a clean stamp: MANCHESTER in the bottom cell of a ruled UK BORDER stamp, the
/// ARRIVAL under BUREAU OF IMMIGRATION. The row is still there in the ink, where each row of
/// pixels crosses letter after letter; cut out alone and read as one line, it reads.
extension TesseractStampReader {
    /// Ink runs a row of pixels must cross to be taken for a row through letters: a stamp's
    /// frame, a ring or a rule give two to four, a word of three letters six or more.
    static let lettersRowRuns = 6
    /// Rows missed at most per stamp: the few a stamp prints.
    static let maximumMissedLines = 3

    /// `lines` with a line added for each band of letter rows that no line covers, read alone:
    /// a band at least a third as tall as the reading's smallest sure word and at most two and
    /// a half times its middle one, whose words run on for `missedLineLetters` letter heights
    /// at least, and over which no sure word stands. Only for a reading with sure words:
    /// without them there is no letter height to go by, and a faint stamp's bands are its
    /// noise. The lower bound follows the smallest word because the layout for one block
    /// drops a line of small capitals beside big ones (ABU DHABI AIRPORT above EXIT, an
    /// airport's name above GİRİŞ), and with two sure words the middle one is the bigger.
    func readMissedLines(_ lines: [OCRLine], in image: StampImage?, engine: TesseractEngine) throws -> [OCRLine] {
        guard let image, image.depth == 8 else { return lines }
        let heights = lines.flatMap(\.words).filter { Self.isSure($0) }.map(\.box.height).sorted()
        guard !heights.isEmpty else { return lines }
        let letter = heights[heights.count / 2]
        let binary = try image.binarised(threshold: Int(Self.inkLevel))
        let runs = try binary.inkRunsPerRow()
        var added: [OCRLine] = []
        for band in Self.letterBands(runs) where added.count < Self.maximumMissedLines {
            let height = band.count
            guard height * 3 >= heights[0], height * 2 <= letter * 5, !Self.covers(lines, band) else { continue }
            let margin = max(4, height / 3)
            let y0 = max(0, band.lowerBound - margin), y1 = min(image.height, band.upperBound + margin)
            let columns = try binary.cropped(to: PixelBox(x: 0, y: band.lowerBound, width: image.width, height: height)).inkPerColumn()
            guard let words = Self.widestRun(columns.map { $0 > 0 }, gap: letter),
                  words.count >= Self.missedLineLetters * max(letter, height),
                  let first = columns.firstIndex(where: { $0 > 0 }), let last = columns.lastIndex(where: { $0 > 0 })
            else { continue }
            let x0 = max(0, first - margin), x1 = min(image.width, last + 1 + margin)
            // Paper all round, as for the other looks at one line: a letter at the edge was lost.
            let crop = try image.cropped(to: PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
                .bordered(left: margin, right: margin, top: margin, bottom: margin, value: 255)
            // A row of digits left out is a worn date more often than not: read alone, such
            // rows gave held-out stamps eight more wrong dates for two more right ones, while
            // the date lines the reading has get their own looks.
            for line in try engine.recognise(crop, layout: .singleLine)
            where !line.words.isEmpty && !Self.looksLikeDate(line.text) {
                added.append(line.placed { PixelBox(x: $0.x + x0 - margin, y: $0.y + y0 - margin, width: $0.width, height: $0.height) })
            }
        }
        return Self.inserted(added, into: lines)
    }

    /// `added` put among `lines` where their rows stand, before the first line lower down: the
    /// clues read lines in order and join a line's end to the next line's start.
    static func inserted(_ added: [OCRLine], into lines: [OCRLine]) -> [OCRLine] {
        var result = lines
        for line in added {
            result.insert(line, at: result.firstIndex { $0.box.y > line.box.y } ?? result.count)
        }
        return result
    }

    /// Width of the shortest row of words looked for, in letter heights (the reading's, or the
    /// row's own when taller): a word of four or five letters. A ring's row through its sign
    /// is narrower (+FIN+, its letters twice as tall as the words), and so is a frame's side.
    static let missedLineLetters = 3

    /// The widest run of inked columns, gaps of up to `gap` columns inside it (the space
    /// between words; letters stand closer): how far a row's words run on, which the frame's
    /// sides and a ring's stars further off do not lengthen. The row is read across all its
    /// ink all the same: read from its widest run alone, worn words broken by wider gaps lost
    /// their ends (five held-out directions).
    static func widestRun(_ inked: [Bool], gap: Int) -> Range<Int>? {
        var best: Range<Int>?
        var start: Int?, end = 0
        for (x, ink) in inked.enumerated() where ink {
            if let s = start, x - end <= gap {
                end = x + 1
                if (end - s) > (best?.count ?? 0) { best = s..<end }
            } else {
                start = x
                end = x + 1
                if best == nil { best = x..<end }
            }
        }
        return best
    }

    /// Whether a word stands for its line: two letters or digits at least, read at 50 or more.
    static func isSure(_ word: OCRWord) -> Bool {
        word.confidence >= 50 && alphanumericCount(word.text) >= 2
    }

    /// Runs of rows (a gap of two rows inside allowed, the bar of an E) that each cross at
    /// least `lettersRowRuns` runs of ink.
    static func letterBands(_ runs: [Int]) -> [Range<Int>] {
        var bands: [Range<Int>] = []
        var y = 0
        while y < runs.count {
            guard runs[y] >= lettersRowRuns else { y += 1; continue }
            var end = y + 1, k = y + 1
            while k < runs.count, k - end < 2 {
                if runs[k] >= lettersRowRuns { end = k + 1 }
                k += 1
            }
            bands.append(y..<end)
            y = end
        }
        return bands
    }

    /// Whether a sure word of `lines` covers half the band's rows or more.
    static func covers(_ lines: [OCRLine], _ band: Range<Int>) -> Bool {
        lines.flatMap(\.words).contains { word in
            let top = max(word.box.y, band.lowerBound), bottom = min(word.box.y + word.box.height, band.upperBound)
            return isSure(word) && (bottom - top) * 2 >= band.count
        }
    }
}
