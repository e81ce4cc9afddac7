import Foundation
import StampKitImaging

/// The 256 px JPEG of each catalogued stamp, made from its source on demand. Only a cache: the
/// source photo and the record are the truth, so any file here may be deleted at any time.
/// Files are named by the source's hash, the crop and the turn, so a moved photo keeps its
/// thumbnail and an edited crop gets a new one.
public struct ThumbnailCache: Sendable {
    /// Longest side of every thumbnail, in pixels.
    public static let longSide = 256

    /// The folder holding the thumbnails.
    public let directory: URL

    /// A cache in `directory` (created, mode 0700, when the first thumbnail is written).
    public init(directory: URL) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/stampkit/thumbnails`, else `~/.cache/stampkit/thumbnails`.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        let cacheHome: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cacheHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            cacheHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        }
        return cacheHome.appendingPathComponent("stampkit/thumbnails", isDirectory: true)
    }

    /// Where `record`'s thumbnail lives (whether or not it has been made).
    public func url(for record: StampRecord) -> URL {
        URL(fileURLWithPath: path(for: record))
    }

    /// The file path of `record`'s thumbnail, built as text: `list --json` asks for thousands,
    /// and URL building costs more than reading the records.
    public func path(for record: StampRecord) -> String {
        let crop = record.crop.map { "\($0.x)_\($0.y)_\($0.width)_\($0.height)" } ?? "whole"
        let turn = record.rotation == record.rotation.rounded()
            ? String(Int(record.rotation)) : String(record.rotation).replacingOccurrences(of: ".", with: "p")
        return directoryPath + "/" + record.source.sha256 + "-" + crop + "-r" + turn + ".jpg"
    }

    private var directoryPath: String {
        let path = directory.path
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// `record`'s thumbnail, made from its source first when it is missing.
    public func thumbnail(for record: StampRecord) throws -> URL {
        let path = path(for: record)
        if access(path, F_OK) == 0 { return URL(fileURLWithPath: path) }
        return try make(for: record)
    }

    /// The path of `record`'s thumbnail, made first when it is missing.
    public func thumbnailPath(for record: StampRecord) throws -> String {
        let path = path(for: record)
        if access(path, F_OK) == 0 { return path }
        return try make(for: record).path
    }

    /// Makes (or remakes) `record`'s thumbnail from its source: the crop, then the turn, then
    /// scaled to 256 px on the longest side. Written beside and renamed into place, so a
    /// killed process never leaves half a JPEG under the real name.
    @discardableResult
    public func make(for record: StampRecord) throws -> URL {
        let source = record.source.path
        var info = stat()
        guard stat(source, &info) == 0 else {
            throw CatalogueError(
                .sourceMissing,
                "the photo of stamp #\(record.id ?? 0) is not at \(source) any more; "
                    + "run 'stampkit reconcile' to find it or drop the record")
        }
        guard Int(info.st_size) == record.source.size else {
            throw CatalogueError(
                .sourceMissing,
                "the photo at \(source) changed since stamp #\(record.id ?? 0) was catalogued (its size differs); "
                    + "run 'stampkit reconcile' or catalogue the new photo")
        }
        // A crop is in the full image's pixels, so only a whole image may be decoded reduced
        // (libjpeg's 1/2–1/8 scaling), and never below twice the thumbnail's size.
        let image = try StampImage(
            contentsOf: URL(fileURLWithPath: source), longSideAtLeast: record.crop == nil ? 2 * Self.longSide : nil)
        return try make(for: record, from: image)
    }

    /// Makes `record`'s thumbnail from its source already decoded at full size (a batch
    /// decodes a page once for all of its stamps).
    @discardableResult
    public func make(for record: StampRecord, from source: StampImage) throws -> URL {
        let url = url(for: record)
        var image = source
        if let crop = record.crop { image = try image.cropped(to: crop) }
        if record.rotation != 0 { image = try image.rotated(byDegrees: record.rotation) }
        try createDirectory()
        let partial = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial")
        defer { unlink(partial.path) }
        try image.writeThumbnail(to: partial, longSide: Self.longSide)
        chmod(partial.path, 0o600)
        guard rename(partial.path, url.path) == 0 else {
            throw CatalogueError(
                .notWritable,
                "cannot save a thumbnail in \(directory.path); make it writable or set XDG_CACHE_HOME")
        }
        return url
    }

    private func createDirectory() throws {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CatalogueError(
                .notWritable,
                "cannot create the thumbnail folder \(directory.path); make its parent writable or set XDG_CACHE_HOME")
        }
    }
}
