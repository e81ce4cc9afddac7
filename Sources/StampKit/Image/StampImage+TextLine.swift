import CLeptonica
import Foundation

extension StampImage {
    /// For one cut-out text line: evens the light, turns out the line's own tilt, finds the band
    /// of rows the letters fill, and
    /// crops or pads above and below so the letters take `letterFraction` of the height, with
    /// `topShare` of the rest above. A raw-line model (PSM 13) scales the whole strip to its input
    /// height, so it reads well only with the geometry it was trained on (`scripts/mrz/render.py
    /// lines`, measured: letters 0.375 of the height, 45 % of the margin above).
    public func textLineFramed(letterFraction: Double = 0.375, topShare: Double = 0.45) throws -> StampImage {
        var flat = try backgroundNormalised()
        guard var binary = pixConvertTo1(flat.pix, 140) else { throw Self.framingFailed }
        var binaryOwned: UnsafeMutablePointer<PIX>? = binary
        defer { pixDestroy(&binaryOwned) }
        // The page was straightened as a whole; in perspective each line keeps a tilt of its own,
        // and a degree over a long line drifts by a letter's height.
        var skew: Float = 0, confidence: Float = 0
        if pixFindSkew(binary, &skew, &confidence) == 0, confidence >= 2, abs(skew) >= 0.2, abs(skew) <= 5 {
            // Leptonica reports the clockwise turn that deskews; StampKit turns counter-clockwise.
            flat = try flat.rotated(byDegrees: -Double(skew))
            guard let turned = pixConvertTo1(flat.pix, 140) else { throw Self.framingFailed }
            pixDestroy(&binaryOwned)
            binary = turned
            binaryOwned = turned
        }
        guard let counts = inkPerRow(binary) else { throw Self.framingFailed }
        guard let peak = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[peak] > 0 else { return flat }
        // The band round the fullest row, bridging gaps of a row or two (thin strokes of `<`);
        // fragments of a neighbouring line beyond an empty stretch are left outside.
        let cut = max(1, counts[peak] / 7)
        var top = peak, bottom = peak
        func extend(_ edge: inout Int, by step: Int) {
            var probe = edge + step
            while probe >= 0, probe < counts.count {
                if counts[probe] >= cut {
                    edge = probe
                } else if !(1...2).contains(where: { probe + $0 * step >= 0 && probe + $0 * step < counts.count && counts[probe + $0 * step] >= cut }) {
                    break
                }
                probe += step
            }
        }
        extend(&top, by: -1)
        extend(&bottom, by: 1)
        let letters = bottom - top + 1
        let wanted = Int((Double(letters) / letterFraction).rounded())
        let extra = max(0, wanted - letters)
        let above = top - Int((Double(extra) * topShare).rounded())
        let below = above + wanted - 1
        let cropTop = max(0, above), cropBottom = min(height - 1, below)
        let band = try flat.cropped(to: PixelBox(x: 0, y: cropTop, width: width, height: cropBottom - cropTop + 1))
        let padTop = cropTop - above, padBottom = below - cropBottom
        guard padTop > 0 || padBottom > 0 else { return band }
        // Background normalisation brings paper to 200; pad with the same.
        guard let padded = pixAddBorderGeneral(band.pix, 0, 0, l_int32(padTop), l_int32(padBottom), 200) else {
            throw Self.framingFailed
        }
        return StampImage(adopting: padded)
    }

    static let framingFailed = ImageError(.operationFailed, "Leptonica could not frame a line of the machine-readable zone; try a sharper photo")
}

/// Black pixels in each row of a 1-bit image, top to bottom; nil when Leptonica fails.
func inkPerRow(_ binary: UnsafeMutablePointer<PIX>) -> [Int]? {
    guard let numa = pixCountPixelsByRow(binary, nil) else { return nil }
    var owned: UnsafeMutablePointer<NUMA>? = numa
    defer { numaDestroy(&owned) }
    return (0..<numaGetCount(numa)).map { row in
        var value: l_int32 = 0
        numaGetIValue(numa, row, &value)
        return Int(value)
    }
}
