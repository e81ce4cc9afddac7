import Foundation
import StampKitSupport

extension StampRecord.Source {
    /// Reads the file at `url` (made absolute, symlinks kept as given) and fingerprints it: its
    /// SHA-256, size and modification time. Throws `CatalogueError.invalidRecord` (input) when
    /// the file is missing or unreadable.
    public static func fingerprint(of url: URL) throws -> StampRecord.Source {
        let path = url.standardizedFileURL.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CatalogueError(
                .invalidRecord,
                "cannot read \(path) (\(CatalogueStore.reason(errno: errno, fallback: "missing"))); check the path")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw CatalogueError(.invalidRecord, "\(path) is not a regular file; give the photo's path")
        }
        let digest = try FileDigest.sha256(path: path)
        let modified = Date(
            timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        return .init(path: path, sha256: digest, size: Int(info.st_size), modified: modified)
    }
}

/// SHA-256 of whole files, read a megabyte at a time.
package enum FileDigest {
    /// The lower-case hex SHA-256 of the file at `path`.
    package static func sha256(path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CatalogueError(.invalidRecord, "cannot open \(path) for reading; check its permissions")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw CatalogueError(.invalidRecord, "reading \(path) failed (\(error.localizedDescription)); check the disk")
            }
            guard let chunk, !chunk.isEmpty else { break }
            hasher.update(chunk)
        }
        return hasher.finalizeHex()
    }

    /// The lower-case hex SHA-256 of `data`.
    package static func sha256(_ data: Data) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalizeHex()
    }
}
