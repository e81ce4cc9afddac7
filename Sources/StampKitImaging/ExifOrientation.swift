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
        guard let entry = tiffOrientationEntry(t) else { return nil }
        // The value sits in the entry itself, in the file's byte order.
        let bytes = (0..<(entry.long ? 4 : 2)).map { Int(t[entry.offset + 8 + $0]) }
        let little = t[0] == 0x49
        return ExifOrientation(rawValue: (little ? bytes.reversed() : bytes).reduce(0) { $0 << 8 | $1 })
    }
}
