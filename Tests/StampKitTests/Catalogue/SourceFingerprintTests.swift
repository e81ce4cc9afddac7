import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence

@Suite struct SourceFingerprintTests {
    @Test func hashesLikeTheStandardVectorsAtEveryBlockBoundary() {
        #expect(FileDigest.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(FileDigest.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(FileDigest.sha256(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(FileDigest.sha256(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // Lengths around the 55/56/64-byte padding edges, fed whole and in uneven pieces through
        // both ways in (a buffer, a byte sequence): the same digest.
        for count in [55, 56, 63, 64, 65, 119, 120, 128, 1000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var pieces = SHA256()
            var rest = bytes[...]
            var size = 1
            while !rest.isEmpty {
                if size % 2 == 0 { pieces.update(Data(rest.prefix(size))) } else { pieces.update(rest.prefix(size)) }
                rest = rest.dropFirst(size)
                size = size * 3 % 70 + 1
            }
            #expect(FileDigest.sha256(Data(bytes)) == pieces.finalizeHex(), "length \(count)")
        }
    }

    @Test func fingerprintsAFileInPiecesAsAWhole() throws {
        let dir = try makeTemporaryDirectory("fingerprint")
        defer { try? FileManager.default.removeItem(at: dir) }
        // Larger than one read chunk, and not a multiple of 64.
        let bytes = Data((0..<(1 << 20) + 1234).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        let file = dir.appendingPathComponent("photo.jpg")
        try bytes.write(to: file)
        let source = try StampRecord.Source.fingerprint(of: file)
        #expect(source.sha256 == FileDigest.sha256(bytes), "read in pieces, hashed as a whole")
        #expect(source.size == bytes.count)
        #expect(source.path == file.standardizedFileURL.path && source.path.hasPrefix("/"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let modified = try #require(attributes[.modificationDate] as? Date)
        #expect(abs(source.modified.timeIntervalSince(modified)) < 0.001)
        #expect(throws: CatalogueError.self) { try StampRecord.Source.fingerprint(of: dir.appendingPathComponent("gone.jpg")) }
    }
}
