import Foundation
import StampKitSupport
import StampKitImaging

/// A photo's zone, and the printed fields above it when they could be read.
public struct MRZPhotoReading {
    /// The zone as read and repaired.
    public var zone: MRZImageReading
    /// The visual zone's dates and place of birth; nil when that pass failed.
    public var printed: MRZPrintedFields?
}

/// Reads a photo's zone and, best effort, its printed fields (`stampkit mrz IMAGE`) on two
/// threads, since a person waits for both: Tesseract's `eng` (printed fields) loads on a
/// second thread while the zone model loads and the zone is found; that thread then reads the
/// area above the likeliest zone — the first candidate, the way round it is tried first — while
/// this one reads the zone's lines. When another candidate or the other way round turns out to
/// be the zone, the area is read again here, once the zone is known. The two threads own
/// separate engines and separate copies of the image. Not Sendable: one reader per worker.
public final class MRZPhotoReader {
    /// Finds and reads the zone (on the calling thread).
    public let zoneReader: MRZImageReader
    private let printedReader: Background<MRZVisualZoneReader>
    /// The last read's printed-field pass, if still running: its engine serves one area at a time.
    private var pending: Background<[String]>?
    /// Where the zone will most likely turn out to be, guessed from the candidates before any is
    /// read (replaceable so a test can make the guess wrong).
    var likeliest: ([MRZZoneImage]) -> MRZZonePlacement? = MRZPhotoReader.firstTried

    /// The zone reader's first try: the best candidate, the foot of the page first.
    static func firstTried(_ zones: [MRZZoneImage]) -> MRZZonePlacement? {
        zones.first.map { MRZZonePlacement(angle: $0.angle, box: $0.box, upsideDown: !$0.belowCentre) }
    }

    /// Starts the printed-field engine on a second thread, then loads the zone model (`model`,
    /// else the best available, as `MRZImageReader`).
    public init(model: MRZModel? = nil) throws {
        printedReader = Background { try MRZVisualZoneReader() }
        zoneReader = try MRZImageReader(model: model)
    }

    /// Waits for the second thread: a process that exits while Tesseract still loads or reads
    /// there (a photo with no zone fails before the printed fields are wanted) frees the
    /// library's globals under it and aborts with a corrupted heap.
    deinit {
        _ = try? pending?.value()
        _ = try? printedReader.value()
    }

    /// Reads the photo at `url`; throws `MRZNotFound` when no zone reads with its checks.
    public func read(imageAt url: URL, referenceDay: MRZDay) throws -> MRZPhotoReading {
        try read(zoneReader.load(imageAt: url), referenceDay: referenceDay)
    }

    /// Reads a loaded photo; throws `MRZNotFound` when no zone reads with its checks.
    public func read(_ image: StampImage, referenceDay: MRZDay) throws -> MRZPhotoReading {
        _ = try? pending?.value()
        let finder = zoneReader.finder
        let zones = try finder.zones(in: image)
        let likeliest = likeliest(zones)
        if let likeliest, let copy = try? image.independentCopy() {
            let printedReader = self.printedReader
            pending = Background { try printedReader.value().lines(copy, placement: likeliest, finder: finder) }
        } else {
            pending = nil
        }
        let zone = try zoneReader.read(zones: zones, of: image, referenceDay: referenceDay)
        var lines: [String]?
        if let pending, zone.placement == likeliest {
            lines = try? pending.value()
        } else {
            _ = try? pending?.value()
            lines = try? printedReader.value().lines(image, placement: zone.placement, rotation: zone.rotation, finder: finder)
        }
        pending = nil
        return MRZPhotoReading(zone: zone, printed: lines.map { MRZVisualZone.compare(lines: $0, document: zone.document) })
    }
}
