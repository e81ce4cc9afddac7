import CHeif
import CLeptonica
import Foundation

/// HEIF files (HEIC from phones, also AVIF), read through libheif: the primary image, decoded
/// to RGB with the file's own rotation and mirroring (`irot`, `imir`) applied, handed to
/// Leptonica as a 32-bit PIX.
enum HEIFFile {
    /// libheif's one-time set-up of its decoders, done on first use.
    private static let initialised: Void = { _ = heif_init(nil) }()

    /// The file is a HEIF that this libheif can decode (checked from the `ftyp` box).
    static func isHEIF(_ bytes: Data) -> Bool {
        guard bytes.count >= 12 else { return false }
        _ = initialised
        let probe = [UInt8](bytes.prefix(64))
        return heif_check_filetype(probe, Int32(probe.count)) == heif_filetype_yes_supported
    }

    /// The file turns or mirrors its image itself: an `irot` or `imir` property in its `meta`
    /// box. Phones write these and also an EXIF Orientation that says the same turn, which must
    /// then not be applied a second time.
    static func hasTransform(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { raw in
            let b = raw.bindMemory(to: UInt8.self)
            func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
            func type(_ i: Int) -> String { String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self) }
            // Top-level boxes until `meta`; its properties are 9-byte `irot`/`imir` boxes.
            var at = 0
            while at + 8 <= b.count {
                let size = u32(at)
                guard size >= 8, at + size <= b.count else { return false }
                if type(at) == "meta" {
                    var i = at + 8
                    while i + 8 <= at + size {
                        if u32(i) == 9, ["irot", "imir"].contains(type(i)) { return true }
                        i += 1
                    }
                    return false
                }
                at += size
            }
            return false
        }
    }

    /// What a decode gives: the pixels (owned by the caller), and whether libheif turned them.
    struct Decoded {
        var pix: UnsafeMutablePointer<PIX>
        var transformed: Bool
        var exifOrientation: ExifOrientation?
    }

    static let damaged = ImageError(.corrupt, "the HEIC/HEIF file is damaged or cut short and could not be decoded; copy or export the photo again")

    /// Decodes the primary image; refuses one over `pixelLimit` pixels before decoding.
    static func decode(_ bytes: Data, pixelLimit: Int) throws -> Decoded {
        _ = initialised
        guard let context = heif_context_alloc() else { throw damaged }
        defer { heif_context_free(context) }
        return try bytes.withUnsafeBytes { raw -> Decoded in
            guard heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil).code == heif_error_Ok
            else { throw damaged }
            var handle: OpaquePointer?
            guard heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else { throw damaged }
            defer { heif_image_handle_release(handle) }
            let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
            guard width > 0, height > 0 else { throw damaged }
            if width * height > pixelLimit { throw StampImage.tooLarge(width: width, height: height, limit: pixelLimit) }
            let exif = exifOrientation(handle)

            var image: OpaquePointer?
            guard let options = heif_decoding_options_alloc() else { throw damaged }
            defer { heif_decoding_options_free(options) }
            // Transformations left on: libheif applies the file's irot/imir/clap, once. 10-bit
            // photos (HDR modes) come down to the 8 bits Leptonica and Tesseract work in.
            options.pointee.convert_hdr_to_8bit = 1
            guard heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, options).code == heif_error_Ok,
                  let image else { throw damaged }
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else { throw damaged }
            let w = heif_image_get_width(image, heif_channel_interleaved), h = heif_image_get_height(image, heif_channel_interleaved)
            guard w > 0, h > 0, let pix = pixCreate(w, h, 32), let data = pixGetData(pix) else { throw damaged }
            let wpl = Int(pixGetWpl(pix))
            for y in 0..<Int(h) {
                let source = plane + y * Int(stride)
                let target = data + y * wpl
                for x in 0..<Int(w) {
                    // Leptonica's RGB word: red in the top byte, then green, blue, spare.
                    target[x] = UInt32(source[3 * x]) << 24 | UInt32(source[3 * x + 1]) << 16 | UInt32(source[3 * x + 2]) << 8
                }
            }
            return Decoded(pix: pix, transformed: hasTransform(bytes), exifOrientation: exif)
        }
    }

    /// The Orientation tag of the primary image's EXIF block, if any.
    static func exifOrientation(_ bytes: Data) -> ExifOrientation? {
        _ = initialised
        guard let context = heif_context_alloc() else { return nil }
        defer { heif_context_free(context) }
        return bytes.withUnsafeBytes { raw -> ExifOrientation? in
            guard heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil).code == heif_error_Ok
            else { return nil }
            var handle: OpaquePointer?
            guard heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else { return nil }
            defer { heif_image_handle_release(handle) }
            return exifOrientation(handle)
        }
    }

    private static func exifOrientation(_ handle: OpaquePointer) -> ExifOrientation? {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 4, size < 1 << 24 else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_metadata(handle, id, &block).code == heif_error_Ok else { return nil }
        // The block starts with the offset of the TIFF header past its own 4 bytes.
        let offset = 4 + (Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3]))
        guard offset < block.count else { return nil }
        return block[offset...].withUnsafeBufferPointer { ExifOrientation.inTIFF($0) }
    }
}
