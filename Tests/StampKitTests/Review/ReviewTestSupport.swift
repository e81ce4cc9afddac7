import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence
@testable import StampKitScan
@testable import StampKitMatching
@testable import StampKitOCR

/// Runs the built binary with stdin from /dev/null (no terminal, as in a script or CI) and a
/// time limit, so a command that waits for input fails the test instead of hanging it.
enum NoTerminal {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
        var timedOut: Bool
    }

    static func run(_ arguments: [String], timeout: Double = 60) throws -> Outcome {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment.removeValue(forKey: "STAMPKIT_CATALOGUE")
        environment.removeValue(forKey: "STAMPKIT_GAZETTEER")
        environment["XDG_CACHE_HOME"] = ReviewFixtures.cacheHome.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        let start = Date()
        try process.run()
        // Drain both pipes while waiting, so a chatty child never blocks on a full pipe.
        nonisolated(unsafe) var outData = Data(), errData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readAll() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readAll() }
        var timedOut = false
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        group.wait()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(start), timedOut: timedOut)
    }
}

/// Sample stamps, the fixture gazetteer and fresh catalogues for the review suites.
enum ReviewFixtures {
    /// `XDG_CACHE_HOME` of every child the review tests start, so thumbnails stay out of the
    /// person's own cache. One folder per checkout, reused by every run, so runs do not pile up
    /// copies (thumbnails are named by content, so reuse is harmless).
    static let cacheHome: URL = {
        var hasher = SHA256()
        hasher.update(Array(#filePath.utf8))
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("stampkit-review-tests-cache-\(hasher.finalizeHex().prefix(16))", isDirectory: true)
    }()

    /// The thumbnail cache those children write to.
    static var thumbnails: ThumbnailCache {
        ThumbnailCache(directory: ThumbnailCache.defaultDirectory(environment: ["XDG_CACHE_HOME": cacheHome.path]))
    }

    static func sample(_ name: String) -> String {
        Repository.samples.appendingPathComponent("stamps/\(name)").path
    }

    /// `--gazetteer` and `--catalogue` for a command run.
    static func places(_ catalogue: URL) throws -> [String] {
        ["--gazetteer", try FixtureGazetteer.shared.path, "--catalogue", catalogue.path]
    }

    /// Every record of the catalogue, pending and confirmed, oldest first.
    static func records(_ catalogue: URL) throws -> [StampRecord] {
        let store = try CatalogueStore(url: catalogue)
        defer { store.close() }
        var filter = RecordFilter()
        filter.statuses = [.pending, .confirmed]
        return try store.records(matching: filter).sorted { ($0.id ?? 0) < ($1.id ?? 0) }
    }
}
