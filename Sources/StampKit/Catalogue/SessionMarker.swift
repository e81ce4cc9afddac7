import Foundation

/// A hidden file beside the catalogue for each writing connection (`.NAME.open-PID-UUID`, holding
/// the boot ID). Closing removes it; a marker whose process is gone, or from an earlier boot,
/// means a session ended without closing, and the next open checks the file's integrity.
/// Files rather than a row in the database, so marking never waits on another writer's lock.
struct SessionMarker {
    let folder: String
    let prefix: String
    let own: String

    init(databasePath: String) {
        folder = (databasePath as NSString).deletingLastPathComponent
        prefix = "." + (databasePath as NSString).lastPathComponent + ".open-"
        own = prefix + "\(getpid())-\(UUID().uuidString)"
    }

    static var bootID: String {
        (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
    }

    /// Markers left by sessions that can no longer close them.
    func staleSessions() -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let boot = Self.bootID
        return names.filter { name in
            guard name.hasPrefix(prefix) else { return false }
            let rest = name.dropFirst(prefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ pid_t($0) }) else { return true }
            let markedBoot = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // An empty marker is one being written right now by a live process: judge it by pid.
            if let markedBoot, !markedBoot.isEmpty, markedBoot != boot { return true }
            return kill(pid, 0) != 0 && errno == ESRCH
        }
    }

    func begin() throws {
        let path = folder + "/" + own
        guard FileManager.default.createFile(atPath: path, contents: Data(Self.bootID.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw CatalogueError(
                .notWritable,
                "cannot write in the catalogue's folder \(folder); make it writable by you or choose another file with --catalogue PATH")
        }
    }

    func end() {
        unlink(folder + "/" + own)
    }

    func clear(_ names: [String]) {
        for name in names { unlink(folder + "/" + name) }
    }
}
