import Foundation
import StampKitImaging
import StampKitSupport

/// The 256 px JPEG of each catalogued stamp, made from its source on demand. Only a cache: the
/// source photo and the record are the truth, so any file here may be deleted at any time.
/// Files are named by the source's hash, the crop, the turn and the redactions, so a moved photo
/// keeps its thumbnail and an edited crop or a new redaction gets a new one (the record's other
/// versions are deleted when it is made, so no unredacted copy stays behind).
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
        let turn = record.rotation == record.rotation.rounded()
            ? String(Int(record.rotation)) : String(record.rotation).replacingOccurrences(of: ".", with: "p")
        return directoryPath + "/" + Self.recordPrefix(record) + "r" + turn + Self.redactionKey(record) + ".jpg"
    }

    /// What every version of one record's thumbnail is named with first: the source's hash and
    /// the crop (unique to a record in a catalogue).
    private static func recordPrefix(_ record: StampRecord) -> String {
        let crop = record.crop.map { "\($0.x)_\($0.y)_\($0.width)_\($0.height)" } ?? "whole"
        return record.source.sha256 + "-" + crop + "-"
    }

    /// `-x` and 12 hex digits of the redactions' hash; empty without redactions, so the names
    /// of unredacted thumbnails stay as they were.
    private static func redactionKey(_ record: StampRecord) -> String {
        guard !record.redactions.isEmpty else { return "" }
        var hash = SHA256()
        hash.update(Array(StampRecord.redactionText(record.redactions).utf8))
        return "-x" + hash.finalizeHex().prefix(12)
    }

    /// Deletes every thumbnail of `record`'s source and crop but the current one: after a
    /// redaction is added, the copy made before it must not stay readable. Returns how many
    /// files went.
    @discardableResult
    public func removeOtherVersions(of record: StampRecord) -> Int {
        let prefix = Self.recordPrefix(record)
        let current = url(for: record).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directoryPath) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) && name != current && name.hasSuffix(".jpg") {
            if unlink(directoryPath + "/" + name) == 0 { removed += 1 }
        }
        return removed
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

    /// Makes (or remakes) `record`'s thumbnail from its source, as `derivedImage` draws it
    /// (cropped, redactions filled, turned, 256 px on the longest side), after deleting the
    /// record's other versions when it has redactions. Written beside and renamed into place,
    /// so a killed process never leaves half a JPEG under the real name.
    @discardableResult
    public func make(for record: StampRecord) throws -> URL {
        try make(for: record, from: nil)
    }

    /// Makes `record`'s thumbnail from its source already decoded at full size (a batch
    /// decodes a page once for all of its stamps); nil reads the source.
    @discardableResult
    public func make(for record: StampRecord, from source: StampImage?) throws -> URL {
        let url = url(for: record)
        // Only a redacted record must have no other version left; listing the folder for every
        // thumbnail would make rebuilding thousands of them quadratic.
        if !record.redactions.isEmpty { removeOtherVersions(of: record) }
        let image = try record.derivedImage(longSide: Self.longSide, decodedSource: source).image
        try createDirectory()
        let partial = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial")
        defer { unlink(partial.path) }
        try image.writeJPEG(to: partial, quality: Self.quality)
        chmod(partial.path, 0o600)
        guard rename(partial.path, url.path) == 0 else {
            throw CatalogueError(
                .notWritable,
                "cannot save a thumbnail in \(directory.path); make it writable or set XDG_CACHE_HOME")
        }
        return url
    }

    /// JPEG quality of the thumbnails.
    public static let quality = 80

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
