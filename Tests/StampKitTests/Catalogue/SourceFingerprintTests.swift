import Foundation
import Testing
@testable import StampKit

@Suite struct SourceFingerprintTests {
    @Test func hashesLikeTheStandardVectorsAtEveryBlockBoundary() {
        #expect(FileDigest.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(FileDigest.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Lengths around the 55/56/64-byte padding edges, compared with the gazetteer's hasher.
        for count in [55, 56, 63, 64, 65, 119, 120, 128, 1000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            var reference = SHA256Hasher()
            reference.update(bytes)
            #expect(FileDigest.sha256(Data(bytes)) == reference.finalizeHex(), "length \(count)")
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
        var reference = SHA256Hasher()
        reference.update(Array(bytes))
        #expect(source.sha256 == reference.finalizeHex())
        #expect(source.size == bytes.count)
        #expect(source.path == file.standardizedFileURL.path && source.path.hasPrefix("/"))
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let modified = try #require(attributes[.modificationDate] as? Date)
        #expect(abs(source.modified.timeIntervalSince(modified)) < 0.001)
        #expect(throws: CatalogueError.self) { try StampRecord.Source.fingerprint(of: dir.appendingPathComponent("gone.jpg")) }
    }
}
