import Foundation

extension ExifOrientation {
    /// The orientation a file declares, whatever its format: JPEG (APP1 Exif), TIFF (IFD0),
    /// WebP (its EXIF chunk) or HEIF (its Exif item); nil for other formats or no valid tag.
    public static func inFile(_ bytes: Data) -> ExifOrientation? {
        if let jpeg = inJPEG(bytes) { return jpeg }
        if let webp = inWebP(bytes) { return webp }
        if HEIFFile.isHEIF(bytes) { return HEIFFile.exifOrientation(bytes) }
        return bytes.withUnsafeBytes { inTIFF($0.bindMemory(to: UInt8.self)) }
    }

    /// Finds the orientation in a WebP's `EXIF` chunk (a TIFF structure, which some writers
    /// start with JPEG's `Exif\0\0`); nil when the file is not a WebP or carries no tag.
    public static func inWebP(_ bytes: Data) -> ExifOrientation? {
        bytes.withUnsafeBytes { raw -> ExifOrientation? in
            let b = raw.bindMemory(to: UInt8.self)
            guard b.count >= 12, Array(b[0..<4]) == Array("RIFF".utf8), Array(b[8..<12]) == Array("WEBP".utf8) else { return nil }
            var at = 12
            while at + 8 <= b.count {
                let size = Int(b[at + 4]) | Int(b[at + 5]) << 8 | Int(b[at + 6]) << 16 | Int(b[at + 7]) << 24
                let body = at + 8
                guard size >= 0, body + size <= b.count else { return nil }
                if Array(b[at..<(at + 4)]) == Array("EXIF".utf8) {
                    var start = body
                    if size >= 6, Array(b[body..<(body + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] { start += 6 }
                    return inTIFF(UnsafeBufferPointer(rebasing: b[start..<(body + size)]))
                }
                at = body + size + (size & 1)  // chunks are padded to even length
            }
            return nil
        }
    }

    /// A copy of a TIFF file whose IFD0 Orientation says "as stored", so the decoder hands over
    /// the stored pixels and StampKit turns them itself, as for every other format (Leptonica
    /// applies some TIFF orientations when reading from memory and not others); nil when the
    /// file carries no tag.
    static func tiffStoredAsIs(_ bytes: Data) -> Data? {
        guard let at = bytes.withUnsafeBytes({ tiffOrientationEntry($0.bindMemory(to: UInt8.self)) }) else { return nil }
        var copy = bytes
        let little = copy[copy.startIndex] == 0x49
        let value = copy.startIndex + at.offset + 8
        // SHORT as the standard says, or LONG as some writers put it: the value 1 either way.
        let width = at.long ? 4 : 2
        for i in 0..<width { copy[value + i] = 0 }
        copy[little ? value : value + width - 1] = 1
        return copy
    }

    /// The offset of IFD0's Orientation entry in a TIFF structure, and whether it is a LONG
    /// (SHORT is what the standard says; some writers use LONG); nil without one.
    static func tiffOrientationEntry(_ t: UnsafeBufferPointer<UInt8>) -> (offset: Int, long: Bool)? {
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[0], t[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= t.count else { return nil }
            return little ? Int(t[i]) | Int(t[i + 1]) << 8 : Int(t[i]) << 8 | Int(t[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let c = u16(i + 2) else { return nil }
            return little ? a | c << 16 : a << 16 | c
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 512) {
            let e = ifd + 2 + entry * 12
            guard let tag = u16(e), let type = u16(e + 2), e + 12 <= t.count else { return nil }
            if tag == 0x0112 { return type == 3 || type == 4 ? (e, type == 4) : nil }
        }
        return nil
    }
}
