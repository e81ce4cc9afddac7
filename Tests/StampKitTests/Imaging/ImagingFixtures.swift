import Foundation

/// Paths of the image fixtures (Fixtures/images, made by make_images.py) and scratch files.
enum ImagingFixtures {
    static var folder: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("images")
    }

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// A fresh empty directory for files a test writes.
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("stampkit-imaging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
