import Foundation

/// The EXIF Orientation tag (0x0112) a camera writes instead of turning the pixels: values 1…8,
/// including the mirrored ones, as TIFF 6.0 / EXIF 2.3 define them.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    /// As stored.
    case up = 1
    /// Mirrored left to right.
    case upMirrored
    /// Upside down.
    case down
    /// Mirrored top to bottom.
    case downMirrored
    /// Transposed (mirrored across the main diagonal).
    case leftMirrored
    /// Stored a quarter turn anticlockwise; shown after a quarter turn clockwise.
    case right
    /// Transversed (mirrored across the anti-diagonal).
    case rightMirrored
    /// Stored a quarter turn clockwise; shown after a quarter turn anticlockwise.
    case left

    /// Finds the orientation in a JPEG's APP1 Exif segment; nil when the file is not a JPEG or
    /// carries no (valid) tag, which means "as stored".
    public static func inJPEG(_ bytes: Data) -> ExifOrientation? {
        bytes.withUnsafeBytes { raw -> ExifOrientation? in
            let b = raw.bindMemory(to: UInt8.self)
            guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
            var at = 2
            while at + 4 <= b.count {
                guard b[at] == 0xFF else { return nil }
                let marker = b[at + 1]
                if marker == 0xFF { at += 1; continue }  // fill byte
                // Markers without a length: TEM and RSTn; SOS/EOI end the header part.
                if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
                if marker == 0xDA || marker == 0xD9 { return nil }
                let length = Int(b[at + 2]) << 8 | Int(b[at + 3])
                guard length >= 2, at + 2 + length <= b.count else { return nil }
                let body = at + 4
                if marker == 0xE1, length >= 8,
                   b[body] == 0x45, b[body + 1] == 0x78, b[body + 2] == 0x69, b[body + 3] == 0x66,
                   b[body + 4] == 0, b[body + 5] == 0,
                   let found = inTIFF(UnsafeBufferPointer(rebasing: b[(body + 6)..<(at + 2 + length)])) {
                    return found
                }
                at += 2 + length
            }
            return nil
        }
    }

    /// Reads tag 0x0112 from IFD0 of a TIFF structure (the payload of an Exif segment).
    static func inTIFF(_ t: UnsafeBufferPointer<UInt8>) -> ExifOrientation? {
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
            guard let tag = u16(e), let type = u16(e + 2) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (3) is what the standard says; some writers use LONG (4).
            let value: Int?
            switch type {
            case 3: value = u16(e + 8)
            case 4: value = u32(e + 8)
            default: value = nil
            }
            return value.flatMap(ExifOrientation.init(rawValue:))
        }
        return nil
    }
}
