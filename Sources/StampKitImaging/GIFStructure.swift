import Foundation

/// GIF's block structure, walked in Swift before decoding: giflib (through Leptonica) decodes
/// every frame of a file before its size can be asked, so a GIF declaring huge frames must be
/// refused from these numbers, and a cut one caught here.
enum GIFStructure {
    /// The logical screen's size, the pixels of all frames together, and whether the trailer
    /// that ends a whole file was reached; nil when the bytes are not a GIF's blocks.
    static func scan(_ b: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int, framePixels: Int, complete: Bool)? {
        guard b.count >= 13, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46 else { return nil }  // "GIF"
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        let width = u16(6), height = u16(8)
        var at = 13
        if b[10] & 0x80 != 0 { at += 3 << (Int(b[10] & 7) + 1) }  // global colour table
        var pixels = 0
        /// Skips data sub-blocks (a length byte, that many bytes) up to the empty one.
        func skipSubBlocks() -> Bool {
            while at < b.count {
                let length = Int(b[at])
                at += 1 + length
                if length == 0 { return true }
            }
            return false
        }
        while at < b.count {
            switch b[at] {
            case 0x3B:  // trailer
                return (width, height, pixels, true)
            case 0x2C:  // image descriptor
                guard at + 10 <= b.count else { return (width, height, pixels, false) }
                pixels += u16(at + 5) * u16(at + 7)
                let packed = b[at + 9]
                at += 10
                if packed & 0x80 != 0 { at += 3 << (Int(packed & 7) + 1) }  // local colour table
                at += 1  // LZW minimum code size
                guard skipSubBlocks() else { return (width, height, pixels, false) }
            case 0x21:  // extension: label, then sub-blocks
                at += 2
                guard skipSubBlocks() else { return (width, height, pixels, false) }
            default:
                return (width, height, pixels, false)
            }
        }
        return (width, height, pixels, false)
    }
}
