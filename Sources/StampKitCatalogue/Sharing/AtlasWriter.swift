import Foundation

/// What writing an atlas did.
public struct AtlasReport: Sendable, Equatable {
    /// The folder written.
    public var directory: URL
    /// Stamps on the page.
    public var stamps: Int
    /// Thumbnails copied into the page.
    public var thumbnails: Int
    /// Stamps shown without a picture (their photo is missing or changed).
    public var missingThumbnails: Int
    /// Bytes of the whole folder.
    public var bytes: Int
    /// Bytes of `index.html`, `atlas.css` and `atlas.js` (the page without pictures).
    public var pageBytes: Int
}

extension AtlasPage {
    /// Marks a folder as an atlas StampKit wrote, so a later run may replace it and nothing else.
    public static let marker = ".stampkit-atlas"

    /// Writes the page into `directory`: built in a hidden folder beside it, then renamed into
    /// place, so a page is never seen half-written and an earlier atlas is replaced whole. Only
    /// thumbnails from `cache` are copied (made first when missing), never a source photo. A
    /// folder that exists must be empty or an earlier atlas; files (mode 0600) and folders
    /// (0700) are private, like the catalogue: they say where you travelled.
    public func write(to directory: URL, cache: ThumbnailCache) throws -> AtlasReport {
        let target = directory.standardizedFileURL
        let fm = FileManager.default
        let parent = target.deletingLastPathComponent()
        let name = target.lastPathComponent
        var isDirectory: ObjCBool = false
        let exists = fm.fileExists(atPath: target.path, isDirectory: &isDirectory)
        if exists {
            guard isDirectory.boolValue else {
                throw SharingError(.notWritable, "\(target.path) is a file, not a folder; give a new or empty folder for the atlas")
            }
            let contents = (try? fm.contentsOfDirectory(atPath: target.path)) ?? []
            guard contents.isEmpty || contents.contains(Self.marker) else {
                throw SharingError(.outputNotEmpty, "\(target.path) holds other files; give a new or empty folder (or an earlier atlas, which is replaced)")
            }
            guard access(target.path, W_OK) == 0 else {
                throw SharingError(.notWritable, "cannot write in \(target.path); make it writable or choose another folder")
            }
        }
        let staging = parent.appendingPathComponent(".\(name).partial-\(getpid())", isDirectory: true)
        try? fm.removeItem(at: staging)
        guard mkdir(staging.path, 0o700) == 0 else {
            let why = errno == ENOENT ? "its parent folder does not exist" : String(cString: strerror(errno))
            throw SharingError(.notWritable, "cannot write the atlas at \(target.path): \(why); choose a folder you can write")
        }
        var staged = true
        defer { if staged { try? fm.removeItem(at: staging) } }
        func put(_ data: Data, _ relative: String) throws {
            let url = staging.appendingPathComponent(relative)
            guard fm.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw SharingError(.notWritable, "cannot write \(relative) for the atlas in \(parent.path) (disk full?); free some space or choose another folder")
            }
        }
        let pictures = staging.appendingPathComponent("thumbnails", isDirectory: true)
        guard mkdir(pictures.path, 0o700) == 0 else {
            throw SharingError(.notWritable, "cannot make the thumbnails folder of the atlas in \(parent.path); choose a folder you can write")
        }
        var thumbnails: [Int: String] = [:]
        var missing = 0
        for record in records {
            guard let path = try? cache.thumbnailPath(for: record), let data = fm.contents(atPath: path) else {
                missing += 1
                continue
            }
            let file = Self.thumbnailName(record)
            try put(data, "thumbnails/" + file)
            thumbnails[record.id ?? 0] = file
        }
        let page = Data(html(thumbnails: thumbnails).utf8)
        try put(page, "index.html")
        try put(Data(Self.css.utf8), "atlas.css")
        try put(Data(Self.javascript.utf8), "atlas.js")
        try put(Data("stampkit atlas\n".utf8), Self.marker)
        let bytes = Self.size(of: staging)
        if exists {
            let old = parent.appendingPathComponent(".\(name).old-\(getpid())", isDirectory: true)
            try? fm.removeItem(at: old)
            guard rename(target.path, old.path) == 0 else {
                throw SharingError(.notWritable, "cannot replace the earlier atlas at \(target.path); make its folder writable")
            }
            guard rename(staging.path, target.path) == 0 else {
                _ = rename(old.path, target.path)
                throw SharingError(.notWritable, "cannot move the new atlas into \(target.path); make its folder writable")
            }
            try? fm.removeItem(at: old)
        } else {
            guard rename(staging.path, target.path) == 0 else {
                throw SharingError(.notWritable, "cannot move the new atlas into \(target.path); make its folder writable")
            }
        }
        staged = false
        return AtlasReport(
            directory: target, stamps: records.count, thumbnails: thumbnails.count, missingThumbnails: missing,
            bytes: bytes, pageBytes: page.count + Self.css.utf8.count + Self.javascript.utf8.count)
    }

    /// Bytes of every regular file under `directory`.
    static func size(of directory: URL) -> Int {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        var total = 0
        for case let url as URL in walker {
            total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }
}
