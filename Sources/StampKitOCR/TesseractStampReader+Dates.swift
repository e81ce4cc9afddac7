import Foundation
import StampKitImaging

extension TesseractStampReader {
    /// Digits and the separators dates are printed with.
    static let dateDigits = "0123456789./-, "
    /// Capitals month words are printed in (JAN, MÄR, AOÛT, ŠVI), for lines that hold a word.
    static let dateLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÅÁÀÂÉÈÊÍÎÓÔÖØÚÛÜÇŠŽČŘĘĄŁŃŚŹŻĞİŞ"
    /// Lines re-read at most per stamp: a stamp prints one date, and the longest runs of
    /// digits are where it stands.
    static let maximumDateRereads = 3

    /// Whether a line as first read may hold a date: four digits or more, two beside a word
    /// (`12 JUL 2`, a year lost at the ring), or three around a separator (`1.06`, the rest
    /// of a spaced-out date band lost to the layout; a serial number has no separator).
    static func looksLikeDate(_ text: String) -> Bool {
        let digits = text.filter(\.isNumber).count
        if digits >= 4 { return true }
        let words = text.split(whereSeparator: { !$0.isLetter })
        if digits >= 2 && words.contains(where: { $0.count >= 3 }) { return true }
        return digits == 3 && text.contains(where: { ".-/".contains($0) })
    }

    /// The lines with each date-like one read again on its own: cropped with a margin from
    /// the turned image it was read in, enlarged by a whole factor so its letters stand about
    /// each of `dateLineHeights` pixels tall, and read as one line of date characters only.
    /// Among a whole stamp's words Tesseract loses a small date's first digit at a ring
    /// (0.02.13), closes 0 into 6 (03.63.11) or takes 1 for 4 (26.03.41, 4011); alone and
    /// larger, with no other shapes to choose from, it mostly reads the digits that are there,
    /// and two sizes give two looks to vote with (`DateReader.read(lines:rereads:)`). When the
    /// reader can tell a date possible as read, the stamp is first read again in the other
    /// layout: a readable date there (`dateReadInOtherLayout`) takes the place of the pieces
    /// of its row among the lines, and no line is read alone.
    func rereadDateLines(_ lines: [OCRLine], in image: StampImage?, engine: TesseractEngine) throws -> [OCRLine] {
        guard let image, !(datePrintedPlainly?(lines) ?? false) else { return lines }
        if let plainly = datePrintedPlainly, let row = try dateReadInOtherLayout(in: image, engine: engine, plainly: plainly) {
            return Self.inserted([row], into: lines.filter { !Self.isPiece($0, of: row) })
        }
        let candidates = lines.indices.filter { Self.looksLikeDate(lines[$0].text) }
            .sorted { (lines[$0].text.filter(\.isNumber).count, -$0) > (lines[$1].text.filter(\.isNumber).count, -$1) }
            .prefix(Self.maximumDateRereads)
        var result = lines
        for i in candidates {
            let box = try Self.widenedAlongRow(Self.dateBox(of: lines[i]), in: image)
            guard box.height > 0, box.width > 0 else { continue }
            let marginY = max(4, box.height / 4)
            let marginX = max(8, box.height / 2)
            let x0 = max(0, box.x - marginX), y0 = max(0, box.y - marginY)
            let x1 = min(image.width, box.x + box.width + marginX), y1 = min(image.height, box.y + box.height + marginY)
            guard x1 > x0, y1 > y0 else { continue }
            let crop = try image.cropped(to: PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            let hasWord = lines[i].text.split(whereSeparator: { !$0.isLetter }).contains { $0.count >= 3 }
            let allowed = Self.dateDigits + (hasWord ? Self.dateLetters : "")
            var reads: [String] = []
            for height in Self.dateLineHeights {
                let factor = max(1, Int((Double(height) / Double(box.height)).rounded()))
                var enlarged = factor > 1 ? try crop.scaledUp(toLongSide: max(crop.width, crop.height) * factor) : crop
                // Paper all round: PSM 7 lost a first digit that stood near the crop's edge.
                let pad = box.height * factor / 2
                if enlarged.depth == 8 {
                    enlarged = try enlarged.bordered(left: pad, right: pad, top: pad, bottom: pad, value: 255)
                }
                reads.append(try engine.line(of: enlarged, allowed: allowed).text)
            }
            result[i].rereads = reads
        }
        return result
    }

    /// The first line of `image` read in the layout the pass did not use (`otherLayout`) that
    /// holds a date possible as read (`plainly`), every word of it with a digit readable; nil
    /// when there is none. Each layout loses date rows the other reads: the sparse one reads a
    /// row in pieces and apart from the rest of the stamp (`23.14` of 11.03.14, `50.11.12` of
    /// 30.11.12), the one for a uniform block drops a clean `18 APR 2010` under DEPARTED inside
    /// a ring. Dates with a digit Tesseract could not read (`07 FEB 2C`, its year at confidence
    /// 0) are left to the line looks: taken too, they gave 3 dates more right and 5 more wrong
    /// on 450 stamps.
    func dateReadInOtherLayout(in image: StampImage, engine: TesseractEngine, plainly: ([OCRLine]) -> Bool) throws -> OCRLine? {
        try engine.recognise(image, layout: otherLayout).first { Self.holdsReadableDate($0, plainly: plainly) }
    }

    /// Whether `line` stands within the box of `row`'s date words (`dateBox`): its middle
    /// inside their height, its ink within their width. The pass's pieces of a date row
    /// (`18.11` | `3` of 18.11.23) would otherwise be joined to the row read whole as its
    /// continuation. Not the row's own box: read as one block, a row takes in the frame's
    /// sides and rules around it, and with them the line above.
    static func isPiece(_ line: OCRLine, of row: OCRLine) -> Bool {
        let date = dateBox(of: row)
        let middle = line.box.y + line.box.height / 2
        return middle >= date.y && middle < date.y + date.height
            && line.box.x >= date.x && line.box.x + line.box.width <= date.x + date.width
    }

    /// Whether `line` looks like a date, holds one possible as read (`plainly`), and every
    /// word of it with a digit was readable to Tesseract.
    static func holdsReadableDate(_ line: OCRLine, plainly: ([OCRLine]) -> Bool) -> Bool {
        looksLikeDate(line.text)
            && line.words.allSatisfy { !$0.text.contains(where: \.isNumber) || $0.confidence >= readableConfidence }
            && plainly([line])
    }

    /// Where a line's date stands: from its first word with a digit to its last, with the
    /// month word beside them (`MAR 03 2017`, `22 JAN` before a year on the next line). The
    /// line's own box also holds what Tesseract dropped from it — ring stars above the digits,
    /// a border rule — which made the line read alone misread clean digits (13.07.13 as
    /// 3.07.13) and kept it from being enlarged; the whole line when no word has a digit.
    static func dateBox(of line: OCRLine) -> PixelBox {
        let words = line.words
        let letters = { (k: Int) in words[k].text.filter(\.isLetter).count >= 3 }
        guard var first = words.firstIndex(where: { $0.text.contains(where: \.isNumber) }),
              var last = words.lastIndex(where: { $0.text.contains(where: \.isNumber) })
        else { return line.box }
        // Before the day only a short month word (MAR, SEPT, AOÛT), not DEPARTED; after a lone
        // day any word (12 LIPCA, its year on the next line).
        if first > 0, letters(first - 1), words[first - 1].text.count <= 5 { first -= 1 }
        if first == last, last + 1 < words.count, letters(last + 1) { last += 1 }
        let boxes = words[first...last].map(\.box)
        let x0 = boxes.map(\.x).min()!, y0 = boxes.map(\.y).min()!
        let x1 = boxes.map { $0.x + $0.width }.max()!, y1 = boxes.map { $0.y + $0.height }.max()!
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `box` widened along its row over the ink beside it, gaps of up to `rowGap` of its height
    /// bridged: Tesseract's sparse layout reads a date band printed with wide letter spacing
    /// (`2 0 . 0 1 . 0 8`) as a fragment (`1.06`) and drops the rest as specks, so the look
    /// must take in the whole row to read the date whole. Only a band of the box's own height
    /// is searched, so the ring's stars above the digits stay out.
    static func widenedAlongRow(_ box: PixelBox, in image: StampImage) throws -> PixelBox {
        let top = max(0, box.y), bottom = min(image.height, box.y + box.height)
        guard box.height > 0, box.width > 0, bottom > top, box.x >= 0, box.x + box.width <= image.width else { return box }
        let inked = try image.cropped(to: PixelBox(x: 0, y: top, width: image.width, height: bottom - top))
            .binarised(threshold: Int(Self.inkLevel)).inkPerColumn().map { $0 > 0 }
        let reach = max(1, Int(Double(box.height) * Self.rowGap))
        var left = box.x, right = box.x + box.width
        while let further = (max(0, left - reach)..<left).first(where: { inked[$0] }) { left = further }
        while let further = (right..<min(inked.count, right + reach)).last(where: { inked[$0] }) { right = further + 1 }
        return PixelBox(x: left, y: box.y, width: right - left, height: box.height)
    }

    /// Gray level below which a pixel of the ink image is ink.
    static let inkLevel: UInt8 = 128
    /// Widest gap along a date's row, in line heights, still inside the date: a spaced-out
    /// band leaves about one between its fields; more than this is the frame or another print.
    static let rowGap = 1.5

    /// Line heights (pixels, ink box) a date line is enlarged to for its further looks. Measured
    /// on the development stamps (dates right, of 150): first reading alone 132; one look at
    /// 40 px 134, at 64 px 133, at 96 px 132; looks at 40 and 64 px 135, adding 96 px no more.
    static let dateLineHeights = [40, 64]
}
