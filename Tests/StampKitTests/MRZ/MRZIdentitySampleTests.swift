import Foundation
import Testing

@testable import StampKitMRZ

/// The identity-page samples in `Samples/identity/` (the README's tour reads them) read exactly
/// with `stampkit mrz`: every line, every check, the right format, StampKit's model.
@Suite struct MRZIdentitySampleTests {
    static let folder = MRZModel.checkoutRoot.appendingPathComponent("Samples/identity")

    @Test(arguments: [
        ("passport-td3.jpg", "TD3", MRZImageTests.td3),
        ("id-card-td1.jpg", "TD1", MRZImageTests.td1),
        ("visa-mrva.jpg", "MRV-A", MRZTextInputTests.visa),
    ])
    func sampleReadsExactly(file: String, format: String, lines: [String]) throws {
        let url = Self.folder.appendingPathComponent(file)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size < 300_000, "a sample is a small JPEG")
        let outcome = try MRZProcess.run(["mrz", url.path, "--json"], removing: ["STAMPKIT_MRZ_MODEL"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(object["format"] as? String == format)
        #expect((object["lines"] as? [String]) == lines)
        #expect(object["valid"] as? Bool == true)
        #expect((object["checks"] as? [String: Bool])?.values.allSatisfy { $0 } == true)
        #expect((object["model"] as? String)?.hasPrefix(MRZModel.trainedName) == true)
    }

    @Test func everySampleIsTested() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".jpg") }
        #expect(files.sorted() == ["id-card-td1.jpg", "passport-td3.jpg", "visa-mrva.jpg"])
    }
}
