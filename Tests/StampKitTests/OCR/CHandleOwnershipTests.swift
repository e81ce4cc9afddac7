import Foundation
import Testing

/// One class owns each kind of C handle (which stage may import which C module is
/// `ArchitectureTests`' business).
@Suite struct CHandleOwnershipTests {
    static let sources = Repository.root.appendingPathComponent("Sources")

    /// Every Swift file under Sources, by path relative to it, with its text.
    static func files() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(sources.path.count + 1))
            found.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        #expect(found.count > 20)
        return found
    }

    @Test func oneClassCreatesAndFreesTessBaseAPI() throws {
        let files = try Self.files()
        let creating = files.filter { $0.text.contains("TessBaseAPICreate(") }.map(\.path)
        let deleting = files.filter { $0.text.contains("TessBaseAPIDelete(") }.map(\.path)
        #expect(creating == ["StampKitOCR/TesseractEngine.swift"])
        #expect(deleting == ["StampKitOCR/TesseractEngine.swift"])
    }
}
