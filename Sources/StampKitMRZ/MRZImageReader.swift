import Foundation
import StampKitSupport
import StampKitImaging
import StampKitOCR

/// What was read from a page photo: the parsed zone, the raw OCR lines it came from, and how
/// the page had to be turned.
public struct MRZImageReading: Sendable {
    /// The parsed, check-digit-repaired zone.
    public var document: MRZDocument
    /// The lines as Tesseract read them, before repair (private data, like the document).
    public var ocrLines: [String]
    /// Counter-clockwise turn (degrees) that made the zone upright.
    public var rotation: Double
    /// The Tesseract model that read the zone.
    public var model: String
    /// Where the zone lies on the page, for finding the printed fields above it.
    public var placement: MRZZonePlacement?
}

/// Where a zone was found: the page turned by `angle` (`MRZZoneFinder.page(of:turnedBy:)`),
/// the zone's box there, and whether the zone reads upside down in it.
public struct MRZZonePlacement: Sendable, Equatable {
    /// The turn (degrees, counter-clockwise) that made the zone's lines horizontal.
    public var angle: Double
    /// The zone's lines together, in the turned page.
    public var box: PixelBox
    /// The zone reads upside down in the turned page: its printed fields lie below it.
    public var upsideDown: Bool

    /// The turn that makes the zone upright, in (−180, 180].
    public var rotation: Double {
        let turn = angle + (upsideDown ? 180 : 0)
        return turn > 180 ? turn - 360 : turn <= -180 ? turn + 360 : turn
    }
}

/// A page without a readable machine-readable zone. The message names no content.
public struct MRZNotFound: StampKitFailure, Equatable {
    /// `.noMRZ`: its own exit code, so scripts can tell "not an identity page" from bad input.
    public var failureClass: FailureClass { .noMRZ }
    /// Always `mrz-not-found`.
    public var code: String { "mrz-not-found" }
    /// One line: what happened and how to fix it.
    public var message: String {
        "no machine-readable zone found on this image; photograph the whole identity page "
            + "(the 2 or 3 lines of letters and < at its foot) flat, sharp and without glare on the zone"
    }

    /// The one failure value.
    public init() {}
}

/// Reads the machine-readable zone of a photographed identity page, visa or ID card: finds the
/// zone at any orientation, reads each line with language correction off, repairs by check
/// digits. When the first model's reading is not clean (a check fails, a line had to be
/// re-aligned), the next model gives a second opinion. Not Sendable: owns Tesseract engines;
/// use one reader per worker.
public final class MRZImageReader {
    /// The models in the order they are asked.
    public let models: [MRZModel]
    /// How zones are found on the page.
    public var finder = MRZZoneFinder()
    /// Largest image accepted, in pixels (checked from the file header).
    public var pixelLimit = StampImage.defaultPixelLimit
    private var engines: [Int: MRZLineEngine] = [:]

    /// A reader with `model` alone, or by default the best available model with the next one
    /// as second opinion (`MRZModel.candidates()`).
    public init(model: MRZModel? = nil) throws {
        models = model.map { [$0] } ?? Array(MRZModel.candidates().prefix(2))
        guard !models.isEmpty else {
            throw OCRError(.languageDataMissing, "no Tesseract model for machine-readable zones is installed; install one with: apt-get install tesseract-ocr-script-latn")
        }
        engines[0] = try MRZLineEngine(model: models[0].name, tessdata: models[0].directory)
    }

    /// The engine for the model at `index`, started on first use.
    func engine(_ index: Int) throws -> MRZLineEngine {
        if let engine = engines[index] { return engine }
        let engine = try MRZLineEngine(model: models[index].name, tessdata: models[index].directory)
        engines[index] = engine
        return engine
    }

    /// Long side photos need no more than (pixels): the zone finder cuts lines at 1,800 and the
    /// printed-field pass reads at 2,000, so larger JPEGs are decoded reduced.
    public static let decodeLongSide = 2000

    /// Loads the image at `url` as reading needs it: EXIF orientation applied, decoded reduced
    /// when far larger than `decodeLongSide`.
    public func load(imageAt url: URL) throws -> StampImage {
        try StampImage(contentsOf: url, pixelLimit: pixelLimit, longSideAtLeast: Self.decodeLongSide)
    }

    /// Loads and reads the image at `url`.
    public func read(imageAt url: URL, today: Date = Date()) throws -> MRZImageReading {
        try read(load(imageAt: url), referenceDay: MRZDay(today))
    }

    /// Reads a loaded image; throws `MRZNotFound` when no zone reads with its checks.
    public func read(_ image: StampImage, referenceDay: MRZDay) throws -> MRZImageReading {
        try read(zones: finder.zones(in: image), of: image, referenceDay: referenceDay)
    }

    /// Reads zones `finder` found on `image`; when none reads, looks for zones again the slow
    /// way (`MRZZoneFinder.sweptZones`) and reads those.
    public func read(zones: [MRZZoneImage], of image: StampImage, referenceDay: MRZDay) throws -> MRZImageReading {
        do {
            return try read(zones: zones, referenceDay: referenceDay)
        } catch is MRZNotFound {
            // The sweep finds the first search's zones again at the nearest of its turns: those
            // were read already.
            let swept = try finder.sweptZones(in: image).filter { zone in !zones.contains { Self.same($0, zone) } }
            return try read(zones: swept, referenceDay: referenceDay)
        }
    }

    /// Two candidates that are the same zone: turned alike (within 2°) with boxes that overlap
    /// by at least four fifths of the larger.
    static func same(_ a: MRZZoneImage, _ b: MRZZoneImage) -> Bool {
        guard abs(a.angle - b.angle) < 2, a.lines.count == b.lines.count else { return false }
        let width = min(a.box.x + a.box.width, b.box.x + b.box.width) - max(a.box.x, b.box.x)
        let height = min(a.box.y + a.box.height, b.box.y + b.box.height) - max(a.box.y, b.box.y)
        guard width > 0, height > 0 else { return false }
        return 5 * width * height >= 4 * max(a.box.width * a.box.height, b.box.width * b.box.height)
    }

    /// Reads zones `finder` found, best candidate first; throws `MRZNotFound` when none reads
    /// with its checks.
    public func read(zones: [MRZZoneImage], referenceDay: MRZDay) throws -> MRZImageReading {
        var search = ZoneSearch(referenceDay: referenceDay, modelNames: models.map(\.name))
        for index in models.indices {
            try read(zones, with: index, into: &search)
            // A second opinion only for a zone that was found but read doubtfully.
            guard let best = search.best, !best.clean, best.passed > 0 else { break }
        }
        // A zone whose checks mostly fail is noise that happened to have a zone's shape.
        guard let best = search.best, best.passed * 2 >= best.reading.document.checks.count else { throw MRZNotFound() }
        return best.reading
    }

    /// Letter heights (fractions of the strip) a raw-line model reads each strip at: the
    /// training geometry first; a tighter and a looser frame when that reading is doubtful.
    public static let framings = [0.375, 0.32, 0.43]

    /// One way to frame a strip for the model: the letters' share of its height (nil: as cut),
    /// after the line normalisation (`MRZLineImage`) or not.
    struct Frame: Equatable {
        var letters: Double?
        var normalised = false
        /// The framed strip enlarged by this factor: the model sees thin strokes thicker.
        var scale = 1.0
    }

    /// Looks a doubtful line is read in again for a per-character vote (`ZoneSearch.plurality`):
    /// two frames between the reading ones, and the first and loosest at 1.5 times the size.
    /// Only for a line whose readings disagree: they cost a read each.
    static let secondLooks = [Frame(letters: 0.35), Frame(letters: 0.40),
                              Frame(letters: framings[0], scale: 1.5), Frame(letters: framings[2], scale: 1.5)]

    /// Largest number of line combinations parsed for one zone: 4 readings of each of 3 lines.
    static let maxCombinations = 64

    /// Reads the zones with one model, adding its lines to `search`; returns as soon as a zone
    /// reads clean.
    private func read(_ zones: [MRZZoneImage], with index: Int, into search: inout ZoneSearch) throws {
        let engine = try engine(index)
        let model = models[index]
        // The plain frames first, as trained; then the strip normalised as `mrz --line` reads a
        // line (paper to white, what is lighter than the letters faded): a zone printed over a
        // sticker's or card's coloured pattern reads only so.
        let framings: [Frame] = model.lineLayout == .rawLine
            ? Self.framings.map { Frame(letters: $0) } + [Frame(letters: Self.framings[0], normalised: true)]
            : [Frame(letters: nil)]
        func read(_ strip: StampImage, _ framing: Frame) throws -> String {
            var strip = strip
            if framing.normalised {
                do { strip = try MRZLineImage().normalised(strip) } catch is MRZError { return "" }
            }
            var framed = try framing.letters.map { try strip.textLineFramed(letterFraction: $0) } ?? strip
            if framing.scale > 1 { framed = try framed.scaledUp(toLongSide: Int(Double(max(framed.width, framed.height)) * framing.scale)) }
            return try engine.read(framed, layout: model.lineLayout).lines.joined()
        }

        for (number, zone) in zones.enumerated() {
            // Upright zones sit at the foot of the page; try that way round first.
            for upsideDown in zone.belowCentre ? [false, true] : [true, false] {
                let key = 2 * number + (upsideDown ? 1 : 0)
                let placement = MRZZonePlacement(angle: zone.angle, box: zone.box, upsideDown: upsideDown)
                let strips = upsideDown ? try zone.lines.reversed().map { try $0.rotated(byDegrees: 180) } : zone.lines
                if strips.count >= 2 {
                    // Frame by frame until the lines read so far make a clean zone.
                    for framing in framings {
                        let texts = try strips.map { try read($0, framing) }
                        guard search.add(texts, model: index, key: key, placement: placement) else { continue }
                        guard framings.count > 1 else { return }
                        // Clean: the checks vouch for every line but the names'. Read that one in
                        // the other frames too; stop at the first that agrees.
                        let unchecked = search.uncheckedLine
                        if let line = unchecked, line < strips.count {
                            var others: [String] = []
                            var agreed = false
                            for other in framings where other != framing {
                                let text = try read(strips[line], other)
                                if text == search.best?.reading.ocrLines[line] { agreed = true; break }
                                others.append(text)
                            }
                            search.vote(others, model: index, placement: placement)
                            // No frame agrees: look again and let most looks decide each letter.
                            if !agreed {
                                let looks = try Self.secondLooks.map { try read(strips[line], $0) }
                                search.plurality(line: line, readings: others + looks, model: index, placement: placement)
                            }
                        }
                        // A checked line that other frames read otherwise before this one read
                        // clean may hold letters its check cannot tell apart: look again.
                        for line in strips.indices where line != unchecked {
                            guard let chosen = search.best?.reading.ocrLines[line] else { break }
                            let earlier = search.readings(ofLine: line, key: key).filter { $0 != chosen && $0.count == chosen.count }
                            guard !earlier.isEmpty else { continue }
                            let looks = try Self.secondLooks.map { try read(strips[line], $0) }
                            search.plurality(line: line, readings: earlier + looks, model: index, placement: placement)
                        }
                        return
                    }
                } else {  // lines merged into one bar: read the zone as a block
                    let block = upsideDown ? try zone.block.rotated(byDegrees: 180) : zone.block
                    let texts = try engine.read(block, layout: .singleBlock).lines.filter { $0.count >= 20 }
                    if search.add(texts, model: index, key: key, placement: placement) { return }
                }
            }
        }
    }
}
