import CLeptonica
import Foundation

/// Primitives on 1-bit images (ink black, paper white) for stages that find shapes themselves,
/// such as the machine-readable-zone finder: thresholding, morphology with a rectangular brick,
/// connected components, ink counts per row. Each returns a new image or plain numbers.
extension StampImage {
    /// Wraps a PIX an operation returned; NULL becomes an error naming the operation.
    private func result(_ made: UnsafeMutablePointer<PIX>?, _ operation: String) throws -> StampImage {
        guard let made else {
            throw ImageError(.operationFailed, "Leptonica could not \(operation) this image; try another export of the photo (e.g. JPEG)")
        }
        return StampImage(adopting: made)
    }

    /// Whether this is a 1-bit image, as the operations below (except `binarised`) need.
    package var isBinary: Bool { depth == 1 }

    /// A 1-bit image: gray levels below `threshold` (0…255) become ink, the rest paper.
    package func binarised(threshold: Int) throws -> StampImage {
        try result(pixConvertTo1(pix, l_int32(threshold)), "binarise")
    }

    /// The ink shapes (8-connected) no wider than `maxWidth` and no taller than `maxHeight`;
    /// larger shapes (frames, rules, table edges) are removed.
    package func keepingShapes(maxWidth: Int, maxHeight: Int) throws -> StampImage {
        var changed: l_int32 = 0
        return try result(pixSelectBySize(pix, l_int32(maxWidth), l_int32(maxHeight), 8,
                                          l_int32(L_SELECT_IF_BOTH), l_int32(L_SELECT_IF_LTE), &changed),
                          "select shapes by size in")
    }

    /// Morphological closing with a `width`×`height` brick: fills gaps narrower than the brick,
    /// so letters `width` apart join into one bar.
    package func closed(brickWidth width: Int, height: Int) throws -> StampImage {
        try result(pixCloseBrick(nil, pix, l_int32(width), l_int32(height)), "close")
    }

    /// Morphological opening with a `width`×`height` brick: removes ink thinner than the brick.
    package func opened(brickWidth width: Int, height: Int) throws -> StampImage {
        try result(pixOpenBrick(nil, pix, l_int32(width), l_int32(height)), "open")
    }

    /// The bounding boxes of the 8-connected ink shapes, in Leptonica's order.
    package func connectedComponents() throws -> [PixelBox] {
        guard let boxa = pixConnComp(pix, nil, 8) else {
            throw ImageError(.operationFailed, "Leptonica could not find the shapes in this image; try another export of the photo (e.g. JPEG)")
        }
        var owned: UnsafeMutablePointer<BOXA>? = boxa
        defer { boxaDestroy(&owned) }
        var boxes: [PixelBox] = []
        for i in 0..<boxaGetCount(boxa) {
            var x: l_int32 = 0, y: l_int32 = 0, w: l_int32 = 0, h: l_int32 = 0
            guard boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h) == 0 else { continue }
            boxes.append(PixelBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
        }
        return boxes
    }

    /// Ink pixels in each row, top to bottom.
    package func inkPerRow() throws -> [Int] {
        try Self.counts(isBinary ? pixCountPixelsByRow(pix, nil) : nil, "rows")
    }

    /// Ink pixels in each column, left to right.
    package func inkPerColumn() throws -> [Int] {
        try Self.counts(isBinary ? pixCountPixelsByColumn(pix) : nil, "columns")
    }

    /// The counts Leptonica returned for a 1-bit image's `lines` (rows or columns), freed after.
    private static func counts(_ numa: UnsafeMutablePointer<NUMA>?, _ lines: String) throws -> [Int] {
        guard let numa else {
            throw ImageError(.operationFailed, "Leptonica could not count the ink in this image's \(lines); try another export of the photo")
        }
        var owned: UnsafeMutablePointer<NUMA>? = numa
        defer { numaDestroy(&owned) }
        return (0..<numaGetCount(numa)).map { index in
            var value: l_int32 = 0
            numaGetIValue(numa, index, &value)
            return Int(value)
        }
    }

    /// Runs of ink starting in each row, top to bottom: a row through letters crosses many
    /// strokes, a row along a ruled line one.
    package func inkRunsPerRow() throws -> [Int] {
        guard isBinary, let data = pixGetData(pix) else {
            throw ImageError(.operationFailed, "ink runs are counted on a binarised image only")
        }
        let width = self.width, height = self.height, wpl = Int(pixGetWpl(pix))
        // Leptonica packs a row's pixels into 32-bit words, the leftmost pixel in the high bit; the
        // last word's spare low bits are not guaranteed clear.
        let lastMask: UInt32 = width % 32 == 0 ? ~0 : ~UInt32(0) << UInt32(32 - width % 32)
        return (0..<height).map { y in
            let row = data + y * wpl
            var runs = 0
            var left: UInt32 = 0
            for i in 0..<wpl {
                let word = i == wpl - 1 ? row[i] & lastMask : row[i]
                // A run starts at an ink pixel whose left neighbour is paper.
                runs += (word & ~((word >> 1) | (left << 31))).nonzeroBitCount
                left = word & 1
            }
            return runs
        }
    }

    /// The small tilt (within about ±7°) of this 1-bit image's text lines: the counter-clockwise
    /// turn in degrees that makes them horizontal, and Leptonica's confidence (below ~2: no clear
    /// lines); nil when no tilt could be measured. For the whole half-circle see `textLineAngle`.
    package func smallSkew() -> (degrees: Double, confidence: Double)? {
        guard isBinary else { return nil }
        var skew: Float = 0, confidence: Float = 0
        guard pixFindSkew(pix, &skew, &confidence) == 0 else { return nil }
        // Leptonica reports the clockwise turn that deskews; StampKit counts counter-clockwise.
        return (-Double(skew), Double(confidence))
    }

    /// The image with `top` rows added above and `bottom` below (and `left`, `right` columns),
    /// of gray level `value`.
    package func bordered(left: Int = 0, right: Int = 0, top: Int, bottom: Int, value: Int) throws -> StampImage {
        try result(pixAddBorderGeneral(pix, l_int32(left), l_int32(right), l_int32(top), l_int32(bottom), l_uint32(value)), "add a border to")
    }
}
