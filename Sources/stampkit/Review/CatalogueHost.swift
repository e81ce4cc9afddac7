import Foundation
import StampKit

/// What `add` and `review` give the review session: saving into the catalogue, scanning again,
/// and the stamp's picture from its thumbnail.
final class CatalogueHost: ReviewHost {
    let store: CatalogueStore
    private let scanner: StampScanner
    private let reading: ReadOptions
    private let colours: PreviewColours
    private let thumbnails = CatalogueOption.thumbnails
    private var frameCache: (key: String, frame: DerivedFrame)?
    /// Fingerprints of the sources, taken once before their scan.
    var sources: [String: StampRecord.Source] = [:]

    init(store: CatalogueStore, scanner: StampScanner, reading: ReadOptions, colours: PreviewColours) {
        self.store = store
        self.scanner = scanner
        self.reading = reading
        self.colours = colours
    }

    /// Saves the record, then makes its 256 px thumbnail. The thumbnail is only a cache
    /// (`list` makes a missing one), so failing to write it does not fail the save.
    func save(_ item: ReviewItem, confirmed: Bool) throws -> Int {
        let status: StampRecord.Status = confirmed ? .confirmed : .pending
        let saved: StampRecord
        if let id = item.recordID, var record = try store.record(id: id) {
            Self.fill(&record, from: item, status: status)
            saved = try store.update(record)
        } else {
            let source = try sources[item.source.path] ?? StampRecord.Source.fingerprint(of: item.source)
            var record = StampRecord(source: source, crop: item.crop, rotation: item.rotation)
            Self.fill(&record, from: item, status: status)
            saved = try store.insert(record)
        }
        // The preview's thumbnail may predate a redaction drawn since: it goes at once.
        if !saved.redactions.isEmpty { thumbnails.removeOtherVersions(of: saved) }
        _ = try? thumbnails.thumbnail(for: saved)
        return saved.id ?? 0
    }

    /// Copies the draft's decisions into a record.
    static func fill(_ record: inout StampRecord, from item: ReviewItem, status: StampRecord.Status) {
        let draft = item.draft
        record.status = status
        record.rotation = item.rotation
        record.country = draft.country.map { .init(id: $0.id, name: $0.name) }
        record.region = draft.region.map { .init(id: $0.id, name: $0.name) }
        record.city = draft.city.flatMap { level in Int(level.id).map { .init(id: $0, name: level.name) } }
        record.airport = draft.airport.map { .init(id: $0.id, name: $0.name) }
        record.date = draft.date.flatMap(CalendarDay.init)
        record.direction = draft.direction.flatMap { StampRecord.Direction(rawValue: $0.rawValue) }
        record.entryMethod = draft.entryMethod.flatMap { StampRecord.EntryMethod(rawValue: $0.rawValue) }
        record.book = draft.book
        record.page = draft.page
        record.favorite = draft.favorite
        record.note = draft.note
        if let scan = item.scan { record.ocrText = scan.reading.text }
        record.evidence = draft.evidence.map { .init(kind: $0.kind.rawValue, text: $0.text, detail: $0.detail) }
        record.confidence = draft.confidence
        record.redactions = item.redactions
    }

    func rescan(_ item: ReviewItem, rotation degrees: Double) throws -> StampScan {
        var options = reading
        options.crop = item.crop
        options.rotation = degrees
        return try scanner.scan(imageAt: item.source, named: item.name, options: options)
    }

    /// Draws the stamp from its 256 px thumbnail (made now if the cache has none: the same
    /// file `list` and `show` use later). A stamp without a picture is reviewed without one.
    func preview(_ item: ReviewItem, columns: Int, rows: Int) -> [String] {
        previewPixels(item, columns: columns, rows: rows).map(render) ?? []
    }

    func previewPixels(_ item: ReviewItem, columns: Int, rows: Int) -> RGBPixels? {
        guard colours != .off, let url = try? thumbnail(item) else { return nil }
        return HalfBlockRenderer.pixels(of: url, columns: columns, rows: rows)
    }

    func render(_ pixels: RGBPixels) -> [String] {
        HalfBlockRenderer.render(pixels, colours: colours)
    }

    /// Carries a box drawn over the preview back to the photo through the stamp's crop and
    /// turn; the frame is worked out once per stamp and turn.
    func sourceBox(_ item: ReviewItem, ofPreview box: PixelBox, width: Int, height: Int) throws -> PixelBox? {
        let key = "\(item.source.path)|\(StampRecord.cropKey(item.crop))|\(item.rotation)"
        var frame: DerivedFrame
        if let cached = frameCache, cached.key == key {
            frame = cached.frame
        } else {
            frame = try record(of: item).derivedFrame(longSide: nil)
            frameCache = (key, frame)
        }
        // The preview is the whole turned stamp fitted into the terminal.
        frame.width = width
        frame.height = height
        return frame.sourceBox(ofDerived: box)
    }

    /// The thumbnail of the stamp as the scan read it: cropped, turned upright, redacted.
    func thumbnail(_ item: ReviewItem) throws -> URL {
        try thumbnails.thumbnail(for: record(of: item))
    }

    /// The record the item would be saved as, as far as its picture goes.
    private func record(of item: ReviewItem) throws -> StampRecord {
        let source = try sources[item.source.path] ?? StampRecord.Source.fingerprint(of: item.source)
        sources[item.source.path] = source
        return StampRecord(source: source, crop: item.crop, rotation: item.rotation, redactions: item.redactions)
    }
}
