import Foundation
import StampKitImaging

extension StampImage {
    /// For one cut-out text line: evens the light, turns out the line's own tilt, finds the band
    /// of rows the letters fill, and
    /// crops or pads above and below so the letters take `letterFraction` of the height, with
    /// `topShare` of the rest above. A raw-line model (PSM 13) scales the whole strip to its input
    /// height, so it reads well only with the geometry it was trained on (`scripts/mrz/render.py
    /// lines`, measured: letters 0.375 of the height, 45 % of the margin above).
    public func textLineFramed(letterFraction: Double = 0.375, topShare: Double = 0.45) throws -> StampImage {
        func framing<T>(_ operation: () throws -> T) throws -> T {
            do { return try operation() } catch { throw Self.framingFailed }
        }
        var flat = try backgroundNormalised()
        var binary = try framing { try flat.binarised(threshold: 140) }
        // The page was straightened as a whole; in perspective each line keeps a tilt of its own,
        // and a degree over a long line drifts by a letter's height.
        if let (skew, confidence) = binary.smallSkew(), confidence >= 2, abs(skew) >= 0.2, abs(skew) <= 5 {
            flat = try flat.rotated(byDegrees: skew)
            binary = try framing { try flat.binarised(threshold: 140) }
        }
        let ink = try framing { try binary.inkPerRow() }
        let runs = try framing { try binary.inkRunsPerRow() }
        guard let inkBand = Self.letterBand(ink, cut: 7, bridge: 2) else { return flat }
        // Ink alone is fooled by a guilloche stroke or a shadow edge along the line, or the feet
        // of a neighbouring line that touches this one: each widens the band until the letters
        // are too small for the model. Ink runs are not: every row through the letters crosses
        // many strokes, a stroke along the line is one run. When the ink band is clearly taller
        // than the runs band, take the runs band and blank what lies outside it; otherwise keep
        // the ink band the model was trained with.
        var band = inkBand
        var blank = false
        let runsBand = Self.letterBand(runs, cut: 4, bridge: 0)
        if let runsBand, inkBand.count * 5 > runsBand.count * 6 + 5 {
            band = runsBand
            blank = true
        }
        let top = band.lowerBound, bottom = band.upperBound
        let letters = bottom - top + 1
        let wanted = Int((Double(letters) / letterFraction).rounded())
        let extra = max(0, wanted - letters)
        let above = top - Int((Double(extra) * topShare).rounded())
        let below = above + wanted - 1
        // Keep the band and a sliver of paper round it; the rest of the frame is blank paper, as
        // the model saw in training, when the frame would otherwise take in strokes along the
        // line or letters of a neighbouring line (as many runs as a quarter of the letters').
        let slack = max(1, letters / 8)
        if !blank, let peak = runsBand.flatMap({ runs[$0].max() }) {
            blank = runs.indices.contains { row in
                row >= above && row <= below && (row < top - slack || row > bottom + slack) && runs[row] >= max(1, peak / 4)
            }
        }
        // Straightening grew the canvas round the line: frame within the turned strip's bounds.
        let width = flat.width, height = flat.height
        let keep = blank ? slack : height
        let cropTop = max(0, above, top - keep), cropBottom = min(height - 1, below, bottom + keep)
        let kept = try flat.cropped(to: PixelBox(x: 0, y: cropTop, width: width, height: cropBottom - cropTop + 1))
        let padTop = cropTop - above, padBottom = below - cropBottom
        guard padTop > 0 || padBottom > 0 else { return kept }
        // Background normalisation brings paper to 200; pad with the same.
        return try framing { try kept.bordered(top: padTop, bottom: padBottom, value: 200) }
    }

    /// The rows round the fullest row of `counts` that reach 1/`cut` of it, bridging gaps of up
    /// to `bridge` rows; nil when no row has any. The fullest row is sought in the middle half:
    /// the finder cuts the line centred, and a neighbouring line cut in at the top or bottom must
    /// not win when this one reads faint.
    static func letterBand(_ counts: [Int], cut: Int, bridge: Int) -> ClosedRange<Int>? {
        let middle = counts.count >= 8 ? counts.count / 4..<(counts.count - counts.count / 4) : counts.indices
        guard let peak = middle.max(by: { counts[$0] < counts[$1] }), counts[peak] > 0 else { return nil }
        let least = max(1, counts[peak] / cut)
        func edge(_ step: Int) -> Int {
            var edge = peak, probe = peak + step
            while counts.indices.contains(probe) {
                if counts[probe] >= least {
                    edge = probe
                } else if !(0..<bridge).contains(where: { counts.indices.contains(probe + ($0 + 1) * step) && counts[probe + ($0 + 1) * step] >= least }) {
                    break
                }
                probe += step
            }
            return edge
        }
        return edge(-1)...edge(1)
    }

    static let framingFailed = ImageError(.operationFailed, "Leptonica could not frame a line of the machine-readable zone; try a sharper photo")
}
