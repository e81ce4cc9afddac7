import Foundation
import StampKitImaging

/// A contact sheet of stamps to send: a header (place, dates, count) over the thumbnails in
/// date order, each captioned with its day and place, no side longer than 2048 px (what
/// messengers and mail keep without shrinking). Drawn only from the thumbnail cache.
public struct Collage {
    /// Header height: title and subtitle lines of Leptonica's fonts (drawn at 300 ppi, so
    /// 10 points are about 40 px) with their margins.
    static let header = 124

    /// The longest side of every collage.
    public static let longestSide = 2048

    /// What the sheet shows, e.g. "Iceland" or "Europe, 2019".
    public let title: String
    /// The stamps, oldest first.
    public let records: [StampRecord]

    /// A collage of `records` under `title`.
    public init(title: String, records: [StampRecord]) {
        self.title = title
        self.records = records.sorted(by: CollectionGroups.chronological)
    }

    /// Where everything goes.
    public struct Layout: Sendable, Equatable {
        /// Thumbnails per row and rows.
        public var columns: Int, rows: Int
        /// Side of a thumbnail's square, and the caption's height below it (0: no captions).
        public var cell: Int, caption: Int
        /// Header height.
        public var header: Int
        /// The picture's size.
        public var width: Int, height: Int

        static let margin = 24, gap = 12

        /// The top-left of thumbnail `index`'s square.
        public func origin(_ index: Int) -> (x: Int, y: Int) {
            let column = index % columns, row = index / columns
            return (Self.margin + column * (cell + Self.gap), header + row * (cell + caption + Self.gap))
        }
    }

    /// The layout with the largest thumbnails (at most their own 256 px) that fits `count` of
    /// them in `longestSide`; nil when they would be under 24 px (too many for one picture).
    public static func layout(count: Int) -> Layout? {
        guard count > 0 else { return nil }
        let margin = Layout.margin, gap = Layout.gap
        var best: Layout?
        for columns in 1...min(count, 400) {
            let rows = (count + columns - 1) / columns
            let header = Self.header
            let byWidth = (longestSide - 2 * margin - (columns - 1) * gap) / columns
            var caption = 22
            var byHeight = (longestSide - header - margin - (rows - 1) * gap) / rows - caption
            if min(byWidth, byHeight) < 120 {
                caption = 0
                byHeight = (longestSide - header - margin - (rows - 1) * gap) / rows
            }
            let cell = min(ThumbnailCache.longSide, byWidth, byHeight)
            guard cell >= 24 else { continue }
            let width = max(2 * margin + columns * cell + (columns - 1) * gap, 640)
            let height = header + rows * (cell + caption) + (rows - 1) * gap + margin
            let layout = Layout(columns: columns, rows: rows, cell: cell, caption: caption, header: header,
                                width: min(width, longestSide), height: height)
            // Bigger thumbnails win; at equal size the squarer sheet.
            if let b = best, (b.cell, -abs(b.width - b.height)) >= (cell, -abs(layout.width - layout.height)) { continue }
            best = layout
        }
        return best
    }

    /// The subtitle: first and last day, the number of stamps and of countries.
    public var subtitle: String {
        let days = records.compactMap(\.date)
        var parts: [String] = []
        if let first = days.min(), let last = days.max() {
            parts.append(first == last ? AtlasPage.readable(first) : AtlasPage.readable(first) + " - " + AtlasPage.readable(last))
        }
        parts.append(records.count == 1 ? "1 stamp" : "\(records.count) stamps")
        let countries = Set(records.compactMap { $0.country?.id })
        if countries.count > 1 { parts.append("\(countries.count) countries") }
        return parts.joined(separator: ", ")
    }

    static let paper = DrawingCanvas.Colour(251, 250, 247)
    static let ink = DrawingCanvas.Colour(31, 42, 54)
    static let grey = DrawingCanvas.Colour(100, 100, 100)
    static let cellColour = DrawingCanvas.Colour(236, 233, 226)

    /// The picture; stamps whose thumbnail cannot be made get an empty square.
    public func render(cache: ThumbnailCache) throws -> (image: StampImage, missing: Int) {
        guard let layout = Self.layout(count: records.count) else {
            throw SharingError(.noStamps, "\(records.count) stamps are too many for one \(Self.longestSide) px collage; narrow it, e.g. with --year")
        }
        let canvas = try DrawingCanvas(width: layout.width, height: layout.height, background: Self.paper)
        try canvas.text(title, x: Layout.margin, y: 18, size: 10, colour: Self.ink, background: Self.paper)
        try canvas.text(subtitle, x: Layout.margin, y: 70, size: 6, colour: Self.grey, background: Self.paper)
        var missing = 0
        for (i, record) in records.enumerated() {
            let (x, y) = layout.origin(i)
            let square = PixelBox(x: x, y: y, width: layout.cell, height: layout.cell)
            canvas.fill(square, colour: Self.cellColour)
            if let path = try? cache.thumbnailPath(for: record), let thumbnail = try? StampImage(contentsOf: URL(fileURLWithPath: path)) {
                try canvas.paste(thumbnail, fitting: square)
            } else {
                missing += 1
            }
            if layout.caption > 0 {
                try canvas.text(Self.caption(record), x: x, y: y + layout.cell + 2, size: 4, maxWidth: layout.cell, colour: Self.ink, background: Self.paper)
            }
        }
        return (try canvas.image(), missing)
    }

    /// A stamp's caption: its day and its most specific place.
    static func caption(_ r: StampRecord) -> String {
        let place = r.airport?.id ?? r.city?.name ?? r.country?.name ?? "?"
        return (r.date.map(AtlasPage.readable) ?? "no date") + "  " + place
    }

    /// Renders and writes a PNG at `url`, beside it first and renamed into place, so a failed
    /// run never leaves half a picture under the real name. Returns the picture and the number
    /// of stamps without a thumbnail.
    @discardableResult
    public func write(to url: URL, cache: ThumbnailCache) throws -> (image: StampImage, missing: Int) {
        let rendered = try render(cache: cache)
        let target = url.standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw SharingError(.notWritable, "\(target.path) is a folder; give a file name such as \(target.path)/collage.png")
        }
        let partial = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(getpid()).partial")
        defer { unlink(partial.path) }
        do {
            try rendered.image.writePNG(to: partial)
        } catch {
            throw SharingError(.notWritable, "cannot write the collage at \(target.path); check that its folder exists and is writable")
        }
        chmod(partial.path, 0o600)
        guard rename(partial.path, target.path) == 0 else {
            throw SharingError(.notWritable, "cannot write the collage at \(target.path); check that its folder exists and is writable")
        }
        return rendered
    }
}
