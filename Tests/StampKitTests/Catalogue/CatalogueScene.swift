import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitEvidence

/// A scratch world for catalogue command tests: a catalogue file, a thumbnail cache and a photo
/// folder under one temporary root, plus ways to run the built binary in it — as is, as an
/// unprivileged user (root ignores permission bits, so a read-only folder is only read-only to
/// someone else), or under a file-size limit.
struct CatalogueScene {
    let root: URL
    var catalogue: URL { root.appendingPathComponent("data/catalogue.sqlite") }
    var cache: URL { root.appendingPathComponent("cache") }
    var photos: URL { root.appendingPathComponent("photos") }

    /// The user id commands run as when a test needs permissions to count.
    static let unprivilegedID = "65534"

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // Other users must be able to reach the tree when a test drops privileges.
        chmod(root.path, 0o755)
    }

    func remove() {
        chmod(root.path, 0o755)
        _ = try? run(executable: "/bin/chmod", ["-R", "u+rwx", root.path])
        try? FileManager.default.removeItem(at: root)
    }

    var environment: [String: String] {
        ["STAMPKIT_CATALOGUE": catalogue.path, "XDG_CACHE_HOME": cache.path, "HOME": root.path]
    }

    /// A copy of an image fixture in the photo folder (or `folder` under it).
    func photo(_ fixture: String, as name: String, in folder: String? = nil) throws -> URL {
        var dir = photos
        if let folder { dir = dir.appendingPathComponent(folder) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try FileManager.default.copyItem(at: ImagingFixtures.url(fixture), to: url)
        return url
    }

    /// A record of `photo` saved through the library, as `add` would save it.
    @discardableResult
    func catalogue(
        _ photo: URL, crop: PixelBox? = nil, country: (String, String) = ("IS", "Iceland"), date: String? = "2019-07-12",
        direction: StampRecord.Direction? = .arrival, book: String? = nil, favorite: Bool = false,
        status: StampRecord.Status = .confirmed
    ) throws -> StampRecord {
        let store = try CatalogueStore(url: catalogue)
        return try store.insert(StampRecord(
            source: try .fingerprint(of: photo), crop: crop, status: status,
            country: .init(id: country.0, name: country.1), date: date.flatMap(CalendarDay.init),
            direction: direction, entryMethod: .air, book: book, favorite: favorite, confidence: 0.8))
    }

    /// Runs the built `stampkit` with the scene's environment.
    func stampkit(_ arguments: [String], unprivileged: Bool = false, fileSizeLimitKB: Int? = nil) throws -> CLI.Outcome {
        var command = [CLI.binary.path] + arguments
        if let limit = fileSizeLimitKB {
            // Ignoring SIGXFSZ makes an over-limit write fail with EFBIG, as a full disk fails
            // with ENOSPC, instead of killing the process.
            command = ["/bin/bash", "-c", "trap '' XFSZ; ulimit -f \(limit); exec \"$@\"", "bash"] + command
        }
        if unprivileged && geteuid() == 0 {
            _ = try run(executable: "/bin/chown", ["-R", "\(Self.unprivilegedID):\(Self.unprivilegedID)", root.path])
            command = ["/usr/bin/setpriv", "--reuid", Self.unprivilegedID, "--regid", Self.unprivilegedID, "--clear-groups", "--"] + command
        }
        return try run(executable: command[0], Array(command.dropFirst()), environment: environment)
    }

    /// Starts the built `stampkit` without waiting (for kill and concurrency tests).
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        for (k, v) in self.environment { environment[k] = v }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    func run(executable: String, _ arguments: [String], environment extra: [String: String] = [:]) throws -> CLI.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment.removeValue(forKey: "STAMPKIT_GAZETTEER")
        for (k, v) in extra { environment[k] = v }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readAll()
        let errData = err.fileHandleForReading.readAll()
        process.waitUntilExit()
        return CLI.Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Every record, pending and confirmed, read through the library.
    func allRecords() throws -> [StampRecord] {
        var all = RecordFilter()
        all.statuses = [.pending, .confirmed]
        return try CatalogueStore(url: catalogue).records(matching: all)
    }

    /// `list --json` parsed into one dictionary per record.
    func listJSON(_ extra: [String] = []) throws -> [[String: Any]] {
        let outcome = try stampkit(["list", "--json"] + extra)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
        return try #require(parsed as? [[String: Any]])
    }
}
