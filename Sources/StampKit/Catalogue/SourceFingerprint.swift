import Foundation

extension StampRecord.Source {
    /// Reads the file at `url` (made absolute, symlinks kept as given) and fingerprints it: its
    /// SHA-256, size and modification time. Throws `CatalogueError.invalidRecord` (input) when
    /// the file is missing or unreadable.
    public static func fingerprint(of url: URL) throws -> StampRecord.Source {
        let path = url.standardizedFileURL.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CatalogueError(
                .invalidRecord,
                "cannot read \(path) (\(CatalogueStore.reason(errno: errno, fallback: "missing"))); check the path")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw CatalogueError(.invalidRecord, "\(path) is not a regular file; give the photo's path")
        }
        let digest = try FileDigest.sha256(path: path)
        let modified = Date(
            timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        return .init(path: path, sha256: digest, size: Int(info.st_size), modified: modified)
    }
}

/// SHA-256 of whole files, a block at a time straight from the read buffer: the gazetteer's
/// byte-by-byte hasher is fine for its small texts but far too slow for photos of several MB.
enum FileDigest {
    /// The lower-case hex SHA-256 of the file at `path`.
    static func sha256(path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CatalogueError(.invalidRecord, "cannot open \(path) for reading; check its permissions")
        }
        defer { try? handle.close() }
        var hasher = BlockSHA256()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw CatalogueError(.invalidRecord, "reading \(path) failed (\(error.localizedDescription)); check the disk")
            }
            guard let chunk, !chunk.isEmpty else { break }
            hasher.update(chunk)
        }
        return hasher.finalizeHex()
    }

    /// The lower-case hex SHA-256 of `data`.
    static func sha256(_ data: Data) -> String {
        var hasher = BlockSHA256()
        hasher.update(data)
        return hasher.finalizeHex()
    }
}

/// SHA-256 (FIPS 180-4) over 64-byte blocks.
struct BlockSHA256 {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    mutating func update(_ data: Data) {
        length &+= UInt64(data.count)
        var input = data[...]
        if !pending.isEmpty {
            let take = min(64 - pending.count, input.count)
            pending += input.prefix(take)
            input = input.dropFirst(take)
            if pending.count == 64 {
                let block = pending
                block.withUnsafeBytes { compress($0, count: 1) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        let whole = input.count / 64
        if whole > 0 {
            input.prefix(whole * 64).withUnsafeBytes { compress($0, count: whole) }
        }
        pending += input.dropFirst(whole * 64)
    }

    private mutating func compress(_ bytes: UnsafeRawBufferPointer, count: Int) {
        var state = h
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            Self.k.withUnsafeBufferPointer { k in
                for block in 0..<count {
                    let base = block * 64
                    for i in 0..<16 {
                        let o = base + i * 4
                        w[i] = UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8
                            | UInt32(bytes[o + 3])
                    }
                    for i in 16..<64 {
                        let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                        let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, hh) = state
                    for i in 0..<64 {
                        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let ch = (e & f) ^ (~e & g)
                        let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
                        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let maj = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ maj
                        hh = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    state = (
                        state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f,
                        state.6 &+ g, state.7 &+ hh
                    )
                }
            }
        }
        h = state
    }

    @inline(__always) private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }

    mutating func finalizeHex() -> String {
        let bits = length &* 8
        var tail = pending + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        tail.withUnsafeBytes { compress($0, count: tail.count / 64) }
        pending = []
        return [h.0, h.1, h.2, h.3, h.4, h.5, h.6, h.7].map { String(format: "%08x", $0) }.joined()
    }
}
