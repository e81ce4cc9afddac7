import CLeptonica
import Foundation

/// A picture of a stamp or passport page, held as a Leptonica PIX that this object owns.
/// Every operation returns a new image; not Sendable, like every C handle in StampKit.
public final class StampImage {
    /// The owned PIX; freed exactly once in deinit.
    let pix: UnsafeMutablePointer<PIX>

    /// Width in pixels.
    public var width: Int { Int(pixGetWidth(pix)) }
    /// Height in pixels.
    public var height: Int { Int(pixGetHeight(pix)) }
    /// Bits per pixel: 8 for grayscale, 32 for colour, lower for bitonal/palette files.
    public var depth: Int { Int(pixGetDepth(pix)) }

    /// The EXIF orientation found in the file (already applied to the pixels), if any.
    public private(set) var exifOrientation: ExifOrientation?

    /// The default refusal size: 120 megapixels, far above any phone photo (a 50 MP shot) but
    /// well below what would exhaust memory when decoded as 32-bit colour (480 MB).
    public static let defaultPixelLimit = 120_000_000

    /// Takes ownership of a PIX made by Leptonica.
    init(adopting pix: UnsafeMutablePointer<PIX>) {
        Leptonica.silence()
        self.pix = pix
    }

    deinit {
        var owned: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&owned)
    }

    /// Loads an image file (JPEG, PNG, TIFF, WebP, BMP, GIF's first frame, or HEIC/HEIF) and
    /// turns it upright as its orientation says: the EXIF Orientation of a JPEG, TIFF, WebP or
    /// HEIC, or a HEIC's own rotation and mirroring, which then stand for its EXIF tag (phones
    /// write both for the same turn). Refuses files whose header declares more than `pixelLimit`
    /// pixels before decoding anything, so a decompression bomb costs nothing. With
    /// `longSideAtLeast`, a JPEG at least twice that size is decoded at 1/2, 1/4 or 1/8 scale
    /// (libjpeg's own reduction): a 12-megapixel phone photo then costs a quarter of the decoding.
    /// `applyExifOrientation: false` keeps the stored layout (a HEIC's own rotation still applies).
    public convenience init(contentsOf url: URL, pixelLimit: Int = StampImage.defaultPixelLimit,
                            applyExifOrientation: Bool = true, longSideAtLeast: Int? = nil) throws {
        Leptonica.silence()
        let bytes = try Self.readBytes(url)
        var stored: StampImage
        let orientation: ExifOrientation?
        var turnedByFile = false
        if HEIFFile.isHEIF(bytes) {
            let decoded = try HEIFFile.decode(bytes, pixelLimit: pixelLimit)
            stored = StampImage(adopting: decoded.pix)
            orientation = decoded.exifOrientation
            turnedByFile = decoded.transformed
        } else {
            let header = try Self.checkHeader(bytes, pixelLimit: pixelLimit)
            var reduction: l_int32 = 1
            if let wanted = longSideAtLeast, wanted > 0, header.format == IFF_JFIF_JPEG {
                while reduction < 8 && max(header.width, header.height) / Int(reduction * 2) >= wanted { reduction *= 2 }
            }
            orientation = ExifOrientation.inFile(bytes)
            // Leptonica applies some TIFF orientations itself and not others: hand it the
            // stored layout and turn here, as for every format.
            let decodable = Self.tiffs.contains(header.format) ? ExifOrientation.tiffStoredAsIs(bytes) ?? bytes : bytes
            let decoded = decodable.withUnsafeBytes { raw -> UnsafeMutablePointer<PIX>? in
                let base = raw.bindMemory(to: l_uint8.self).baseAddress
                guard reduction > 1 else { return pixReadMem(base, raw.count) }
                var warnings: l_int32 = 0
                return pixReadMemJpeg(base, raw.count, 0, reduction, &warnings, 0)
            }
            guard let decoded else {
                throw ImageError(.corrupt, "the image data is damaged or truncated and could not be decoded; copy or export the photo again")
            }
            stored = StampImage(adopting: decoded)
        }
        if pixGetSpp(stored.pix) == 4 {
            // A transparent background would read as black (its RGB is usually 0): lay the
            // picture on white paper.
            guard let flat = pixAlphaBlendUniform(stored.pix, 0xFFFF_FF00) else {
                throw ImageError(.corrupt, "the image's transparency could not be flattened; export the photo as JPEG and try again")
            }
            stored = StampImage(adopting: flat)
        }
        if applyExifOrientation, !turnedByFile, let orientation {
            stored = try stored.oriented(orientation)
        }
        // A clone shares the pixels and bumps the reference count; `stored` drops its own.
        self.init(adopting: pixClone(stored.pix))
        exifOrientation = orientation
    }

    private static func readBytes(_ url: URL) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ImageError(.missing, "no file at this path; check the path and try again")
        }
        if isDirectory.boolValue {
            throw ImageError(.isDirectory, "this is a directory, not an image; give the path of a photo inside it")
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw ImageError(.unreadable, "the file cannot be read (permissions?); make it readable, e.g. chmod u+r, and try again")
        }
        if bytes.isEmpty {
            throw ImageError(.empty, "the file is empty (0 bytes); copy the photo again from its source")
        }
        return bytes
    }

    /// Leptonica's TIFF format codes, one per compression.
    static let tiffs: [Int] = [IFF_TIFF, IFF_TIFF_PACKBITS, IFF_TIFF_RLE, IFF_TIFF_G3, IFF_TIFF_G4,
                        IFF_TIFF_LZW, IFF_TIFF_ZIP, IFF_TIFF_JPEG]

    /// The refusal of an image over the pixel limit, from its declared size.
    static func tooLarge(width: Int, height: Int, limit: Int) -> ImageError {
        let mp = Double(width * height) / 1e6, limitMP = Double(limit) / 1e6
        return ImageError(.tooLarge, "the image declares \(width)×\(height) pixels (\(String(format: "%.0f", mp)) megapixels), over the \(String(format: "%.0f", limitMP)) megapixel limit; scale it down (e.g. convert -resize 50%) and try again")
    }

    /// Checks format and declared size from the first bytes, without decoding pixels (HEIF
    /// files are checked by `HEIFFile.decode`).
    @discardableResult
    static func checkHeader(_ bytes: Data, pixelLimit: Int) throws -> (format: Int, width: Int, height: Int) {
        var probe = [l_uint8](bytes.prefix(16))
        while probe.count < 16 { probe.append(0) }  // findFileFormatBuffer reads 12 bytes
        var format: l_int32 = 0
        let found = findFileFormatBuffer(probe, &format)
        let supported: [Int] = [IFF_JFIF_JPEG, IFF_PNG, IFF_WEBP, IFF_BMP, IFF_GIF] + tiffs
        guard found == 0, supported.contains(Int(format)) else {
            throw ImageError(.unsupportedFormat, "not a JPEG/PNG/TIFF/WebP/BMP/GIF/HEIC image; export the photo as JPEG and try again")
        }
        guard ImageCompleteness.looksComplete(bytes, format: Int(format)) else {
            throw ImageError(.corrupt, "the image file is cut short or damaged (incomplete copy or download?); copy or export the photo again")
        }
        if Int(format) == IFF_GIF {
            // Leptonica would decode every frame to learn the size: read it from the blocks.
            guard let gif = bytes.withUnsafeBytes({ GIFStructure.scan($0.bindMemory(to: UInt8.self)) }), gif.complete,
                  gif.width > 0, gif.height > 0, gif.framePixels > 0 else {
                throw ImageError(.corrupt, "the GIF file is cut short or damaged (incomplete copy or download?); copy or export the picture again")
            }
            if max(gif.width * gif.height, gif.framePixels) > pixelLimit {
                throw tooLarge(width: gif.width, height: gif.height, limit: pixelLimit)
            }
            return (Int(format), gif.width, gif.height)
        }
        var w: l_int32 = 0, h: l_int32 = 0, bps: l_int32 = 0, spp: l_int32 = 0, cmap: l_int32 = 0
        var headerFormat: l_int32 = 0
        let status = bytes.withUnsafeBytes { raw in
            pixReadHeaderMem(raw.bindMemory(to: l_uint8.self).baseAddress, raw.count,
                             &headerFormat, &w, &h, &bps, &spp, &cmap)
        }
        guard status == 0, w > 0, h > 0 else {
            throw ImageError(.corrupt, "the image header is damaged or truncated; copy or export the photo again")
        }
        if Int(w) * Int(h) > pixelLimit { throw tooLarge(width: Int(w), height: Int(h), limit: pixelLimit) }
        return (Int(format), Int(w), Int(h))
    }
}
