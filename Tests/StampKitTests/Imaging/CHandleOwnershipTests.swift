import Foundation
import Testing

/// Which source files may touch which C library: one class owns each kind of handle, and each
/// C module is imported by its own stage only.
@Suite struct CHandleOwnershipTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

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

    @Test(arguments: [("CLeptonica", "StampKitImaging/"), ("CHeif", "StampKitImaging/"), ("CTesseract", "StampKitOCR/")])
    func cModuleImportedByItsStageOnly(module: String, stage: String) throws {
        let importing = try Self.files().filter { file in
            file.text.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "import \(module)" }
        }.map(\.path)
        #expect(!importing.isEmpty, "nothing imports \(module)")
        #expect(importing.allSatisfy { $0.hasPrefix(stage) }, "\(importing)")
    }
}
