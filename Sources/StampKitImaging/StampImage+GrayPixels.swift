import CLeptonica

/// The gray levels of an 8-bit image, row by row, one byte a pixel (0 black, 255 white): for
/// stages that measure and edit small images pixel by pixel (a cut-out text line) instead of
/// calling Leptonica once per pixel.
package struct GrayPixels: Sendable, Equatable {
    /// Columns.
    package var width: Int
    /// Rows.
    package var height: Int
    /// `width × height` bytes, top row first.
    package var bytes: [UInt8]

    /// Pixels from their bytes; `bytes.count` must be `width × height`.
    package init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height, "GrayPixels needs width × height bytes")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The gray level at (x, y).
    package subscript(x: Int, y: Int) -> UInt8 {
        get { bytes[y * width + x] }
        set { bytes[y * width + x] = newValue }
    }
}

extension StampImage {
    /// The image's gray levels (colour converted by luminance, palettes and bit depths removed).
    package func grayPixels() throws -> GrayPixels {
        let gray = try grayscale()
        guard let data = pixGetData(gray.pix) else {
            throw ImageError(.operationFailed, "Leptonica could not read this image's pixels; try another export of the photo (e.g. JPEG)")
        }
        let w = gray.width, h = gray.height, words = Int(pixGetWpl(gray.pix))
        var bytes = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = data + y * words
            for x in 0..<w {
                // Leptonica packs four 8-bit pixels into a 32-bit word, the leftmost in the high byte.
                bytes[y * w + x] = UInt8(truncatingIfNeeded: row[x >> 2] >> UInt32(24 - 8 * (x & 3)))
            }
        }
        return GrayPixels(width: w, height: h, bytes: bytes)
    }

    /// An 8-bit image made from gray levels.
    package convenience init(_ pixels: GrayPixels) throws {
        guard pixels.width > 0, pixels.height > 0,
              let made = pixCreate(l_int32(pixels.width), l_int32(pixels.height), 8), let data = pixGetData(made) else {
            throw ImageError(.operationFailed, "Leptonica could not make a \(pixels.width)×\(pixels.height) image; try a smaller image")
        }
        let words = Int(pixGetWpl(made))
        for y in 0..<pixels.height {
            let row = data + y * words
            for x in 0..<pixels.width {
                row[x >> 2] |= UInt32(pixels.bytes[y * pixels.width + x]) << UInt32(24 - 8 * (x & 3))
            }
        }
        self.init(adopting: made)
    }
}
