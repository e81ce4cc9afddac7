import CLeptonica
import Foundation

extension StampImage {
    /// Wraps a PIX that an operation returned, turning NULL into an error that names it.
    private func made(_ result: UnsafeMutablePointer<PIX>?, _ operation: String) throws -> StampImage {
        guard let result else {
            throw ImageError(.operationFailed, "Leptonica could not \(operation) this image; try another export of the photo (e.g. JPEG)")
        }
        return StampImage(adopting: result)
    }

    /// Turns stored pixels to how a viewer shows them for an EXIF orientation.
    public func oriented(_ orientation: ExifOrientation) throws -> StampImage {
        switch orientation {
        case .up: return try made(pixClone(pix), "copy")
        case .upMirrored: return try made(pixFlipLR(nil, pix), "mirror")
        case .down: return try made(pixRotateOrth(pix, 2), "turn")
        case .downMirrored: return try made(pixFlipTB(nil, pix), "mirror")
        case .right: return try made(pixRotateOrth(pix, 1), "turn")
        case .left: return try made(pixRotateOrth(pix, 3), "turn")
        case .leftMirrored:  // transpose: a quarter turn clockwise, then a left-right mirror
            let turned = try made(pixRotateOrth(pix, 1), "turn")
            return try made(pixFlipLR(nil, turned.pix), "mirror")
        case .rightMirrored:  // transverse: a quarter turn clockwise, then a top-bottom mirror
            let turned = try made(pixRotateOrth(pix, 1), "turn")
            return try made(pixFlipTB(nil, turned.pix), "mirror")
        }
    }

    /// A copy that shares no pixels and no reference count with this image: what another thread
    /// may own (Leptonica counts a PIX's references without locking, and most operations here
    /// hand back a new reference to the same PIX when there is nothing to change).
    public func independentCopy() throws -> StampImage {
        try made(pixCopy(nil, pix), "copy")
    }

    /// The part of the image inside `box`; the box must lie wholly inside the image.
    public func cropped(to box: PixelBox) throws -> StampImage {
        guard box.width > 0, box.height > 0, box.x >= 0, box.y >= 0,
              box.x + box.width <= width, box.y + box.height <= height else {
            throw ImageError(.cropOutsideImage, "the crop \(box.width)×\(box.height) at (\(box.x),\(box.y)) is not inside the \(width)×\(height) image; give a rectangle within it")
        }
        guard let leptBox = boxCreate(l_int32(box.x), l_int32(box.y), l_int32(box.width), l_int32(box.height)) else {
            throw ImageError(.operationFailed, "Leptonica could not make a crop box; try again without --crop")
        }
        defer { var b: UnsafeMutablePointer<BOX>? = leptBox; boxDestroy(&b) }
        return try made(pixClipRectangle(pix, leptBox, nil), "crop")
    }

    /// Turns the image counter-clockwise by `degrees` about its centre, growing the canvas so no
    /// corner is lost and bringing in white; quarter turns are exact.
    public func rotated(byDegrees degrees: Double) throws -> StampImage {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        for quarter in 0..<4 where abs(d - Double(quarter) * 90) < 0.01 {
            // pixRotateOrth counts clockwise quarter turns.
            return try made(quarter == 0 ? pixClone(pix) : pixRotateOrth(pix, l_int32((4 - quarter) % 4)), "turn")
        }
        if abs(d - 360) < 0.01 { return try made(pixClone(pix), "copy") }
        let radiansClockwise = Float(-degrees * .pi / 180)
        return try made(pixRotate(pix, radiansClockwise, l_int32(L_ROTATE_AREA_MAP),
                                  l_int32(L_BRING_IN_WHITE), l_int32(width), l_int32(height)),
                        "rotate")
    }

    /// An 8-bit grayscale copy (luminance for colour, palette removed), what Tesseract reads best.
    public func grayscale() throws -> StampImage {
        if depth == 8 && pixGetColormap(pix) == nil { return try made(pixClone(pix), "copy") }
        return try made(pixConvertTo8(pix, 0), "convert to grayscale")
    }

    /// A copy no longer than `longSide` on either side (never enlarged), scaled with area
    /// averaging so thin strokes survive.
    public func scaledDown(toLongSide longSide: Int) throws -> StampImage {
        let long = max(width, height)
        guard long > longSide, longSide > 0 else { return try made(pixClone(pix), "copy") }
        let factor = Float(longSide) / Float(long)
        return try made(pixScaleAreaMap(pix, factor, factor), "scale")
    }

    /// A copy enlarged so its long side is at least `longSide` (for small crops Tesseract would
    /// otherwise read at too few pixels per letter).
    public func scaledUp(toLongSide longSide: Int) throws -> StampImage {
        let long = max(width, height)
        guard long < longSide, long > 0 else { return try made(pixClone(pix), "copy") }
        let factor = Float(longSide) / Float(long)
        return try made(pixScale(pix, factor, factor), "scale")
    }

    /// Local contrast normalisation of an 8-bit image: stretches each tile's ink-to-paper range
    /// to full black-to-white, so faded ink and tinted paper read like print.
    public func contrastNormalised(tile: Int = 50, minDifference: Int = 30) throws -> StampImage {
        let gray = try grayscale()
        let side = l_int32(max(5, min(tile, min(gray.width, gray.height) / 2)))
        return try made(pixContrastNorm(nil, gray.pix, side, side, l_int32(minDifference), 2, 2),
                        "normalise the contrast of")
    }

    /// Maps gray levels so `black` and darker become black and `white` and lighter become white,
    /// stretching linearly between: whitens faint background print left after normalisation.
    public func levels(black: Int, white: Int) throws -> StampImage {
        let gray = try grayscale()
        return try made(pixGammaTRC(nil, gray.pix, 1.0, l_int32(black), l_int32(white)), "adjust the levels of")
    }

    /// The three colour channels as 8-bit images (empty for a gray image). In one of them a
    /// pen of another colour fades while the stamp's ink stays dark (blue pen over red ink
    /// vanishes from the blue channel).
    public func colourChannels() throws -> [StampImage] {
        guard depth == 32 else { return [] }
        return try [COLOR_RED, COLOR_GREEN, COLOR_BLUE].map {
            try made(pixGetRGBComponent(pix, l_int32($0)), "separate a colour channel of")
        }
    }

    /// Paper turned white: the median gray (a page is mostly paper) less `margin` and lighter
    /// become white. Rotation brings in white corners; against a gray page their edges and the
    /// faint background print cut through the text lines and Tesseract lost whole stamps.
    public func paperWhitened(margin: Int = 20) throws -> StampImage {
        let gray = try grayscale()
        var median: l_uint32 = 255
        guard pixGetRankValue(gray.pix, 2, 0.5, &median) == 0 else {
            throw ImageError(.operationFailed, "could not measure the paper's brightness; check the image and try again")
        }
        let white = Int(median) - margin
        guard white > 64 else { return gray }
        return try gray.levels(black: 0, white: white)
    }

    /// Evens out uneven lighting (shadow, light falloff) by dividing by a smoothed background,
    /// leaving paper near white and ink dark.
    public func backgroundNormalised() throws -> StampImage {
        let gray = try grayscale()
        return try made(pixBackgroundNormSimple(gray.pix, nil, nil), "even out the lighting of")
    }

    /// Writes a JPEG no longer than `longSide` on either side, for the catalogue.
    public func writeThumbnail(to url: URL, longSide: Int = 256, quality: Int = 80) throws {
        try scaled(toLongSide: longSide).writeJPEG(to: url, quality: quality)
    }

    /// Writes the image as a JPEG file.
    public func writeJPEG(to url: URL, quality: Int = 85) throws {
        // JPEG holds 8-bit gray or 24-bit colour; convert palettes and bitonal images first.
        let source: StampImage = (depth == 8 || depth == 32) && pixGetColormap(pix) == nil
            ? self : try made(pixConvertTo32(pix), "convert to colour")
        let status = url.withUnsafeFileSystemRepresentation { path -> l_ok in
            guard let path else { return 1 }
            return pixWriteJpeg(path, source.pix, l_int32(quality), 0)
        }
        guard status == 0 else {
            throw ImageError(.writeFailed, "could not write the JPEG file; check that its folder exists and is writable")
        }
    }

    /// Writes the image as a lossless PNG file (training strips, where JPEG loss would teach noise).
    public func writePNG(to url: URL) throws {
        let status = url.withUnsafeFileSystemRepresentation { path -> l_ok in
            guard let path else { return 1 }
            return pixWrite(path, pix, l_int32(IFF_PNG))
        }
        guard status == 0 else {
            throw ImageError(.writeFailed, "could not write the PNG file; check that its folder exists and is writable")
        }
    }

    /// The red, green and blue of one pixel (gray images give three equal values). For tests and
    /// measurements, not for per-pixel loops.
    package func rgb(atX x: Int, y: Int) -> (red: Int, green: Int, blue: Int)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        if depth == 32 {
            var r: l_int32 = 0, g: l_int32 = 0, b: l_int32 = 0
            guard pixGetRGBPixel(pix, l_int32(x), l_int32(y), &r, &g, &b) == 0 else { return nil }
            return (Int(r), Int(g), Int(b))
        }
        guard let gray = try? grayscale() else { return nil }
        var v: l_uint32 = 0
        guard pixGetPixel(gray.pix, l_int32(x), l_int32(y), &v) == 0 else { return nil }
        return (Int(v), Int(v), Int(v))
    }

    /// The PIX for Tesseract, which declares its own opaque `struct Pix`; valid while `self` lives.
    package var opaquePix: OpaquePointer { OpaquePointer(pix) }
}

extension StampImage {
    /// The counter-clockwise turn (degrees, in (-90, 90]) that makes this image's text lines
    /// horizontal, and Leptonica's confidence (max/min score ratio; below ~2 means no clear
    /// lines). Searches the whole half-circle: ±47° about both the horizontal and the vertical,
    /// unlike `pixFindSkewAndDeskew` (±7°). Whether the text then reads upright or upside down
    /// is for the OCR stage to tell.
    public func textLineAngle() throws -> (degrees: Double, confidence: Double) {
        try textLineAngle(binarisation: .backgroundNormalisedOtsu)
    }

    /// How to make the 1-bit image the line-angle search needs; `inkOpened` is for images
    /// already made by `inkSeparated`.
    package enum SkewBinarisation: CaseIterable { case fixed, backgroundNormalisedOtsu, backgroundNormalised, inkOpened }

    package func textLineAngle(binarisation: SkewBinarisation) throws -> (degrees: Double, confidence: Double) {
        // On separated ink, what touches the edge is no stamp's (see `withoutBorderInk`); on a
        // gray photo the paper's own texture runs to the edge and is all that tells its lines.
        guard let lines = try lineBinary(binarisation) else { return (0, 0) }
        let binary = binarisation == .inkOpened ? try lines.withoutBorderInk() : lines
        // Sweep at 300–600 px on the long side, cheap to shear; the search refines the peak at
        // half size. Separated ink is swept from 150 px: its lines are clean, the sweep only
        // picks the peak, and a 1000 px stamp photo swept at half size spent a fifth of a
        // one-pass scan here, while at a quarter it found the same angle on every development
        // stamp. Gray pages keep the finer sweep (an identity card's zone 20° off level is
        // found differently at a quarter).
        let long = max(width, height)
        let (quarterFrom, halfFrom) = binarisation == .inkOpened ? (600, 300) : (1200, 600)
        let reduction: l_int32 = long >= 2400 ? 8 : long >= quarterFrom ? 4 : long >= halfFrom ? 2 : 1
        var angle: Float = 0, confidence: Float = 0
        let failed = pixFindSkewOrthogonalRange(binary.pix, &angle, &confidence, reduction, min(reduction, 2),
                                                47, 1, 0.05, 0)
        guard failed == 0 else { return (0, 0) }
        // Leptonica reports the clockwise turn that deskews; StampKit counts counter-clockwise.
        var degrees = -Double(angle)
        while degrees <= -90 { degrees += 180 }
        while degrees > 90 { degrees -= 180 }
        return (degrees, Double(confidence))
    }

    /// This 1-bit image less the ink that touches its edge: a page's edge, the table behind it
    /// or a neighbour stamp cut by the photo, whose long straight edges would outweigh the
    /// stamp's lines. Kept whole when nearly all its ink touches the edge (a stamp cropped
    /// tight to its frame, whose text hangs off the frame).
    func withoutBorderInk() throws -> StampImage {
        // Ink within a band along the edge counts as touching it: a page edge separated from
        // its paper tile by tile comes out as a row of blobs, not one stroke.
        guard let copy = pixCopy(nil, pix) else { return self }
        let banded = StampImage(adopting: copy)
        let band = l_int32(Double(max(width, height)) * Self.edgeBand)
        let removed = withExtendedLifetime(banded) {
            pixSetOrClearBorder(copy, band, band, band, band, 0xf)
            return pixRemoveBorderConnComps(copy, 8)
        }
        guard let inner = removed else { return self }
        let kept = StampImage(adopting: inner)
        var all: l_int32 = 0, left: l_int32 = 0
        pixCountPixels(pix, &all, nil)
        pixCountPixels(inner, &left, nil)
        return Double(left) >= Self.innerInkShare * Double(all) ? kept : self
    }

    /// The share of a line image's ink that must lie clear of its edge for the rest to be
    /// dropped.
    static let innerInkShare = 0.2

    /// The width of the edge band, as a share of the long side.
    static let edgeBand = 0.02

    /// The 1-bit image (ink black) the line measures read, made as `binarisation` says; nil
    /// when the image is too thin or small for any level to be found.
    package func lineBinary(_ binarisation: SkewBinarisation) throws -> StampImage? {
        let gray = try grayscale()
        let made: UnsafeMutablePointer<PIX>?
        switch binarisation {
        case .fixed:
            made = pixConvertTo1(gray.pix, 140)
        case .backgroundNormalisedOtsu:
            made = pixOtsuThreshOnBackgroundNorm(gray.pix, nil, 10, 15, 100, 50, 255, 2, 2, 0.1, nil)
        case .inkOpened:
            // An ink image (`inkSeparated`) is already flat: a fixed level finds the ink, and
            // opening with a 2×2 brick drops the one-pixel security lines left on it, which
            // otherwise pull the angle to their own (measured on 100 tilted dev stamps: 1 axis
            // wrong, against 3 with Otsu).
            if let binary = pixConvertTo1(gray.pix, 160) {
                var b: UnsafeMutablePointer<PIX>? = binary
                made = pixOpenBrick(nil, binary, 2, 2)
                pixDestroy(&b)
            } else {
                made = nil
            }
        case .backgroundNormalised:
            if let flat = pixBackgroundNormSimple(gray.pix, nil, nil) {
                var f: UnsafeMutablePointer<PIX>? = flat
                made = pixConvertTo1(flat, 160)
                pixDestroy(&f)
            } else {
                made = nil
            }
        }
        // Background normalisation needs tiles of 10×15 pixels and more; a picture too thin or
        // small for them (a 12000×40 strip, a thumbnail) is judged at a fixed level, and if
        // even that fails it has no lines to measure.
        guard let binary = made ?? (binarisation == .fixed ? nil : pixConvertTo1(gray.pix, 140)) else { return nil }
        return StampImage(adopting: binary)
    }
}
