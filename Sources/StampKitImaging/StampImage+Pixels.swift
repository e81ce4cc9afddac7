import CLeptonica

/// The colour of every pixel of a (small) image, row by row, three bytes (R, G, B) a pixel.
public struct RGBPixels: Sendable, Equatable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// `width × height × 3` bytes, top row first.
    public var bytes: [UInt8]

    /// Pixels from their bytes; `bytes.count` must be `width × height × 3`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 3, "RGBPixels needs width × height × 3 bytes")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The red, green and blue of the pixel at (x, y).
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let i = (y * width + x) * 3
        return (bytes[i], bytes[i + 1], bytes[i + 2])
    }
}

extension StampImage {
    /// The image's pixels as RGB bytes, scaled (area-averaged, never enlarged) to fit inside
    /// `maxWidth × maxHeight` with its proportions kept: a terminal preview needs a few
    /// thousand pixels, read in one pass instead of one C call per pixel.
    public func rgbPixels(fittingWidth maxWidth: Int, height maxHeight: Int) throws -> RGBPixels {
        guard maxWidth > 0, maxHeight > 0 else { return RGBPixels(width: 0, height: 0, bytes: []) }
        let factor = min(1.0, min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height)))
        let w = max(1, Int((Double(width) * factor).rounded(.down)))
        let h = max(1, Int((Double(height) * factor).rounded(.down)))
        guard let colour = pixConvertTo32(pix) else {
            throw ImageError(.operationFailed, "Leptonica could not convert this image to colour; try another export of the photo (e.g. JPEG)")
        }
        var owned: UnsafeMutablePointer<PIX>? = colour
        defer { pixDestroy(&owned) }
        var scaled: UnsafeMutablePointer<PIX>? = (w == width && h == height)
            ? pixClone(colour) : pixScaleToSize(colour, l_int32(w), l_int32(h))
        defer { pixDestroy(&scaled) }
        guard let scaled, let data = pixGetData(scaled) else {
            throw ImageError(.operationFailed, "Leptonica could not scale this image; try another export of the photo (e.g. JPEG)")
        }
        let outWidth = Int(pixGetWidth(scaled)), outHeight = Int(pixGetHeight(scaled))
        let wordsPerLine = Int(pixGetWpl(scaled))
        var bytes = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        for y in 0..<outHeight {
            let row = data + y * wordsPerLine
            for x in 0..<outWidth {
                // A 32-bit Leptonica pixel holds red in the top byte, then green, then blue.
                let word = row[x]
                let i = (y * outWidth + x) * 3
                bytes[i] = UInt8(truncatingIfNeeded: word >> 24)
                bytes[i + 1] = UInt8(truncatingIfNeeded: word >> 16)
                bytes[i + 2] = UInt8(truncatingIfNeeded: word >> 8)
            }
        }
        return RGBPixels(width: outWidth, height: outHeight, bytes: bytes)
    }
}
