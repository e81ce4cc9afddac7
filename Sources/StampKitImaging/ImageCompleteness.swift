import Foundation

/// Structural checks made in Swift before a codec sees the bytes. libjpeg, libpng and libtiff
/// print their own complaints about cut-off files to stderr (Leptonica's silence does not reach
/// them), so a truncated file is caught here and reported in one line of ours instead.
enum ImageCompleteness {
    /// False when the file visibly stops early or its chunk checksums fail.
    static func looksComplete(_ bytes: Data, format: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            let b = raw.bindMemory(to: UInt8.self)
            switch format {
            case 2: return jpegComplete(b)  // IFF_JFIF_JPEG
            case 3: return pngComplete(b)  // IFF_PNG
            case 15: return webpComplete(b)  // IFF_WEBP
            case 4...10, 17: return tiffComplete(b)  // the TIFF variants
            default: return true
            }
        }
    }

    /// Walks marker segments and entropy-coded scans until EOI; a file cut anywhere has no EOI.
    static func jpegComplete(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = 2
        var inScan = false
        while at + 1 < b.count {
            if inScan {
                // Inside a scan 0xFF is followed by 0x00 (stuffing) or RSTn; anything else ends it.
                guard let next = nextFF(b, from: at) else { return false }
                at = next
                guard at + 1 < b.count else { return false }
                let m = b[at + 1]
                if m == 0x00 || (0xD0...0xD7).contains(m) || m == 0xFF { at += (m == 0xFF ? 1 : 2); continue }
                inScan = false
                continue
            }
            guard b[at] == 0xFF else { return false }
            let marker = b[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0xD9 { return true }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            guard at + 3 < b.count else { return false }
            let length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard length >= 2, at + 2 + length <= b.count else { return false }
            at += 2 + length
            if marker == 0xDA { inScan = true }
        }
        return false
    }

    private static func nextFF(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < b.count, let base = b.baseAddress else { return nil }
        guard let hit = memchr(base + from, 0xFF, b.count - from) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    /// Walks PNG chunks to IEND, checking each chunk's CRC as libpng would.
    static func pngComplete(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = 8
        while at + 12 <= b.count {
            let length = Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard length <= b.count, at + 12 + length <= b.count else { return false }
            let stored = UInt32(b[at + 8 + length]) << 24 | UInt32(b[at + 9 + length]) << 16
                | UInt32(b[at + 10 + length]) << 8 | UInt32(b[at + 11 + length])
            guard CRC32.of(UnsafeBufferPointer(rebasing: b[(at + 4)..<(at + 8 + length)])) == stored else {
                return false
            }
            if b[at + 4] == 0x49, b[at + 5] == 0x45, b[at + 6] == 0x4E, b[at + 7] == 0x44 { return true }  // IEND
            at += 12 + length
        }
        return false
    }

    /// A RIFF container says its own size; a shorter file was cut.
    static func webpComplete(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count >= 12 else { return false }
        let size = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
        return size + 8 <= b.count
    }

    /// Checks that IFD0 and the strips or tiles it points at lie inside the file.
    static func tiffComplete(_ t: UnsafeBufferPointer<UInt8>) -> Bool {
        guard t.count >= 8 else { return false }
        let little = t[0] == 0x49
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= t.count else { return nil }
            return little ? Int(t[i]) | Int(t[i + 1]) << 8 : Int(t[i]) << 8 | Int(t[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let c = u16(i + 2) else { return nil }
            return little ? a | c << 16 : a << 16 | c
        }
        guard let magic = u16(2) else { return false }
        if magic == 43 { return true }  // BigTIFF: leave it to libtiff
        guard magic == 42, let ifd = u32(4), let count = u16(ifd) else { return false }
        var tags: [Int: [Int]] = [:]
        for entry in 0..<count {
            let e = ifd + 2 + entry * 12
            guard let tag = u16(e), let type = u16(e + 2), let n = u32(e + 4) else { return false }
            guard [273, 279, 324, 325].contains(tag), type == 3 || type == 4, n > 0, n < 10_000_000 else { continue }
            let width = type == 3 ? 2 : 4
            var start = e + 8
            if n * width > 4 { guard let offset = u32(e + 8) else { return false }; start = offset }
            guard start + n * width <= t.count else { return false }
            var values: [Int] = []
            values.reserveCapacity(n)
            for k in 0..<n {
                guard let v = width == 2 ? u16(start + k * 2) : u32(start + k * 4) else { return false }
                values.append(v)
            }
            tags[tag] = values
        }
        for (offsetsTag, countsTag) in [(273, 279), (324, 325)] {
            guard let offsets = tags[offsetsTag], let counts = tags[countsTag] else { continue }
            for (o, c) in zip(offsets, counts) where o + c > t.count { return false }
        }
        return true
    }
}

/// The CRC-32 of PNG chunks (ISO 3309 polynomial, reflected).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { t in
            for byte in bytes { c = t[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        }
        return c ^ 0xFFFF_FFFF
    }
}
