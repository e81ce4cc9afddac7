import Foundation
import StampKitImaging

/// A stamp photographed with page around it: when the whole photo reads poorly, the stamp's own
/// part is read as well, enlarged so its letters have the pixels Tesseract needs, and the
/// reading with more confident text is kept, its words placed where they are on the whole photo.
extension TesseractStampReader {
    /// Where the stamp lies in the photo and how much its part is enlarged for reading.
    struct Framing {
        /// The stamp's part of the photo, in the photo's pixels.
        var box: PixelBox
        /// Whole-number enlargement of that part.
        var factor: Int
        /// The whole photo's size.
        var width: Int
        var height: Int
    }

    /// Long side a framed stamp is enlarged towards, by a whole factor.
    static let framedLongSide = 1400

    /// The framing of a photo whose stamp covers clearly less than the whole of it and is small
    /// enough to be enlarged at least twice; nil otherwise.
    func framing(of image: StampImage) throws -> Framing? {
        guard let box = try image.stampFrame() else { return nil }
        let long = max(box.width, box.height)
        // Whole-number factors only (a fractional enlargement blurs thin strokes); at most the
        // working size, which `prepare` would scale back down to anyway. A stamp that cannot
        // be doubled has letters of pixels enough.
        let factor = min(Int((Double(Self.framedLongSide) / Double(long)).rounded()), workingLongSide / long)
        guard factor >= 2 else { return nil }
        return Framing(box: box, factor: factor, width: image.width, height: image.height)
    }

    /// The whole photo's reading, or, when that found little confident text and the stamp is
    /// small in the photo, its framed part's if that found more; before the further looks,
    /// which are taken on the reading kept alone (`finished`).
    /// `weakBelow`: the whole photo's score under which the part is read (default
    /// `certainScore`).
    /// The whole photo is read first: enlarged, letters that were already 20–25 px tall read
    /// worse (held-out stamps lost airport names), so the frame only rescues a weak reading.
    func findFramed(_ image: StampImage, options: ReadOptions, weakBelow: Int? = nil) throws -> Found {
        var whole = options
        whole.crop = PixelBox(x: 0, y: 0, width: image.width, height: image.height)
        var wholeRead = try readPasses(image, options: whole)
        let wholeScore = Self.score(wholeRead.lines)
        // Finding the frame costs a pass over the photo at 800 px: only for a weak reading.
        guard wholeScore < weakBelow ?? certainScore, let framing = try framing(of: image) else {
            return Found(reading: wholeRead, framing: nil)
        }
        let part = try image.cropped(to: framing.box)
        let enlarged = try part.scaledUp(toLongSide: max(part.width, part.height) * framing.factor)
        var framed = options
        framed.crop = PixelBox(x: 0, y: 0, width: enlarged.width, height: enlarged.height)
        var framedRead = try readPasses(enlarged, options: framed)
        let passes = wholeRead.passes + framedRead.passes
        guard Self.score(framedRead.lines) > wholeScore || weakBelow == .max else {
            wholeRead.passes = passes
            return Found(reading: wholeRead, framing: nil)
        }
        framedRead.passes = passes
        return Found(reading: framedRead, framing: framing)
    }

    /// Lines read on the enlarged part turned by `rotation` moved to where they lie on the whole
    /// photo turned by `rotation`, the frame every reading's boxes are in. Both canvases turn
    /// about their centres, so the move is a scale and a shift: the part's centre, turned
    /// about the photo's centre.
    func placed(_ lines: [OCRLine], rotation: Double, framing: Framing) -> [OCRLine] {
        let k = Double(framing.factor)
        let part = StampImage.turnedSize(width: framing.box.width * framing.factor,
                                         height: framing.box.height * framing.factor, degrees: rotation)
        let whole = StampImage.turnedSize(width: framing.width, height: framing.height, degrees: rotation)
        let r = rotation * .pi / 180
        let c = cos(r), s = sin(r)
        // Turned as `rotated(byDegrees:)` turns: counter-clockwise as seen, y pointing down.
        let dx = Double(framing.box.x) + Double(framing.box.width) / 2 - Double(framing.width) / 2
        let dy = Double(framing.box.y) + Double(framing.box.height) / 2 - Double(framing.height) / 2
        let shiftX = Double(whole.width) / 2 + dx * c + dy * s - Double(part.width) / 2 / k
        let shiftY = Double(whole.height) / 2 - dx * s + dy * c - Double(part.height) / 2 / k
        func move(_ b: PixelBox) -> PixelBox {
            let x0 = Double(b.x) / k + shiftX, y0 = Double(b.y) / k + shiftY
            let x1 = Double(b.x + b.width) / k + shiftX, y1 = Double(b.y + b.height) / k + shiftY
            let left = Int(x0.rounded()), top = Int(y0.rounded())
            return PixelBox(x: left, y: top, width: max(1, Int(x1.rounded()) - left), height: max(1, Int(y1.rounded()) - top))
        }
        return lines.map { $0.placed(by: move) }
    }
}
