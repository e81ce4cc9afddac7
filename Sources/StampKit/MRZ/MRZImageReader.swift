import Foundation

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
/// digits. Not Sendable: owns a Tesseract engine; use one reader per worker.
public final class MRZImageReader {
    /// The Tesseract engine set up for zones.
    public let engine: MRZLineEngine
    /// How zones are found on the page.
    public var finder = MRZZoneFinder()
    /// Largest image accepted, in pixels (checked from the file header).
    public var pixelLimit = StampImage.defaultPixelLimit

    /// A reader with `model` (default: `MRZModel.resolve()`, the best one installed).
    public init(model: MRZModel? = nil) throws {
        let chosen = try model ?? MRZModel.resolve()
        engine = try MRZLineEngine(model: chosen.name, tessdata: chosen.directory)
    }

    /// Loads and reads the image at `url`.
    public func read(imageAt url: URL, today: Date = Date()) throws -> MRZImageReading {
        try read(StampImage(contentsOf: url, pixelLimit: pixelLimit), referenceDay: MRZDay(today))
    }

    /// Reads a loaded image; throws `MRZNotFound` when no zone reads with its checks.
    public func read(_ image: StampImage, referenceDay: MRZDay) throws -> MRZImageReading {
        var best: (reading: MRZImageReading, rank: [Int])?
        for zone in try finder.zones(in: image) {
            // Upright zones sit at the foot of the page; try that way round first.
            for upsideDown in zone.belowCentre ? [false, true] : [true, false] {
                let strips = upsideDown ? try zone.lines.reversed().map { try $0.rotated(byDegrees: 180) } : zone.lines
                var attempts: [[String]] = []
                if strips.count >= 2 {
                    attempts.append(try strips.map { try engine.read($0, layout: .singleLine).lines.joined() })
                }
                for attempt in attempts + [[]] {
                    var texts = attempt
                    if texts.isEmpty {  // lines merged or a lone line: read the zone as a block
                        let block = upsideDown ? try zone.block.rotated(byDegrees: 180) : zone.block
                        texts = try engine.read(block, layout: .singleBlock).lines.filter { $0.count >= 20 }
                    }
                    guard let document = try? MRZParser.parse(lines: texts, referenceDay: referenceDay) else { continue }
                    let failed = document.checks.values.filter { !$0 }.count
                    let rank = [document.valid ? 0 : 1, failed, document.repairs.count]
                    let rotation = zone.angle + (upsideDown ? 180 : 0)
                    let reading = MRZImageReading(
                        document: document, ocrLines: texts,
                        rotation: rotation > 180 ? rotation - 360 : rotation, model: engine.model)
                    if best == nil || rank.lexicographicallyPrecedes(best!.rank) { best = (reading, rank) }
                    if document.valid && failed == 0 { return reading }
                }
            }
        }
        // A zone whose checks mostly fail is noise that happened to have a zone's shape.
        guard let best, best.rank[1] * 2 <= best.reading.document.checks.count else { throw MRZNotFound() }
        return best.reading
    }
}

/// Which Tesseract model reads zones, and where it lives.
public struct MRZModel: Sendable, Equatable {
    /// The traineddata name, e.g. `Latin`.
    public var name: String
    /// The directory holding `name.traineddata`; nil for Tesseract's own tessdata.
    public var directory: URL?

    /// A model by name and directory.
    public init(name: String, directory: URL? = nil) {
        self.name = name
        self.directory = directory
    }

    /// `$STAMPKIT_MRZ_MODEL` (a `.traineddata` path or an installed name), else the
    /// installed `Latin` script model, else `eng`, in that order of measured accuracy.
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> MRZModel {
        if let given = environment["STAMPKIT_MRZ_MODEL"], !given.isEmpty {
            return named(given)
        }
        let installed = TesseractEngine.installedLanguages()
        for name in preference where installed.contains(name) { return MRZModel(name: name) }
        throw OCRError(.languageDataMissing, "no Tesseract model for machine-readable zones is installed; install one with: apt-get install tesseract-ocr-script-latn")
    }

    /// The models tried in order when none is given.
    public static let preference = ["Latin", "eng"]

    /// A model from a `.traineddata` path or an installed name.
    public static func named(_ given: String) -> MRZModel {
        if given.hasSuffix(".traineddata") {
            let url = URL(fileURLWithPath: given)
            return MRZModel(name: url.deletingPathExtension().lastPathComponent, directory: url.deletingLastPathComponent())
        }
        return MRZModel(name: given)
    }
}
