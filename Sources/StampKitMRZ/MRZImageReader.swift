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
        let zones = try finder.zones(in: image)
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

    /// One reading with its rank: invalid after valid, then by failed minus passed checks,
    /// doubtful readings (re-aligned lines, ambiguous or single-check repairs, implausible
    /// unchecked fields), repairs, model order.
    struct Found {
        var reading: MRZImageReading
        var rank: [Int]
        var passed: Int
        /// Valid, every check passing, nothing doubtful.
        var clean: Bool { rank[0] == 0 && passed == reading.document.checks.count && rank[2] == 0 }
    }

    /// Every line read so far for each zone and way round, and the best zone reading made of
    /// them. Check digits sit within lines (TD1's composite aside), so a line read right in one
    /// frame or by one model can be put together with another line read right elsewhere.
    struct ZoneSearch {
        let referenceDay: MRZDay
        /// The names of the models, by the index readings carry.
        let modelNames: [String]
        /// Per zone and way round: each line's distinct readings, with the model that made them.
        private var lineReadings: [Int: [[(text: String, model: Int)]]] = [:]
        /// Zone readings already parsed (lines joined), so no combination is parsed twice.
        private var tried: Set<String> = []
        /// The best reading so far.
        private(set) var best: Found?

        init(referenceDay: MRZDay, modelNames: [String]) {
            self.referenceDay = referenceDay
            self.modelNames = modelNames
        }

        /// Adds one reading of a zone's lines (`key` tells zones and ways round apart) and
        /// parses every new combination of the lines read so far; true when the best is clean.
        mutating func add(_ texts: [String], model: Int, key: Int, placement: MRZZonePlacement) -> Bool {
            var lines = lineReadings[key] ?? []
            if lines.isEmpty || lines.count != texts.count {
                // A block read can give another number of lines: parse it alone.
                consider(texts.map { ($0, model) }, placement: placement)
                if lines.isEmpty { lineReadings[key] = texts.map { [($0, model)] } }
                return best?.clean == true
            }
            for (line, text) in texts.enumerated() where !lines[line].contains(where: { $0.text == text }) {
                lines[line].append((text, model))
            }
            lineReadings[key] = lines
            var combinations: [[(text: String, model: Int)]] = [[]]
            for options in lines {
                combinations = combinations.flatMap { prefix in options.map { prefix + [$0] } }
                if combinations.count > MRZImageReader.maxCombinations { break }
            }
            // The reading just made first: on a tie in rank, a whole reading wins over a mix.
            let fresh = texts.map { ($0, model) }
            for combination in [fresh] + combinations.prefix(MRZImageReader.maxCombinations) where combination.count == texts.count {
                consider(combination, placement: placement)
                if best?.clean == true { return true }
            }
            return false
        }

        /// The line no check digit covers (the names; TD3 and TD2 also hold the document code
        /// and issuing state there) of the best reading, if it is clean.
        var uncheckedLine: Int? {
            guard let best, best.clean else { return nil }
            return best.reading.document.format == .td1 ? 2 : 0
        }

        /// Puts a character-by-character majority of `readings` (other frames' readings of the
        /// unchecked line, each as long as the best's) in place of the best reading's line, if
        /// the zone still reads clean: a lone frame's slip in a name has nothing else to catch it.
        mutating func vote(_ readings: [String], model: Int, placement: MRZZonePlacement) {
            guard let line = uncheckedLine, let best else { return }
            let chosen = Array(best.reading.ocrLines[line])
            let others = readings.map(Array.init).filter { $0.count == chosen.count }
            guard others.count >= 2 else { return }
            var voted = chosen
            for position in chosen.indices where others.allSatisfy({ $0[position] == others[0][position] }) {
                voted[position] = others[0][position]  // two frames against one
            }
            guard voted != chosen else { return }
            var texts = best.reading.ocrLines
            texts[line] = String(voted)
            let kept = self.best
            self.best = nil
            consider(texts.map { ($0, model) }, placement: placement)
            if self.best?.clean != true { self.best = kept }
        }

        private mutating func consider(_ lines: [(text: String, model: Int)], placement: MRZZonePlacement) {
            let texts = lines.map(\.text)
            guard tried.insert(texts.joined(separator: "\n")).inserted,
                  let document = try? MRZParser.parse(lines: texts, referenceDay: referenceDay) else { return }
            let failed = document.checks.values.filter { !$0 }.count
            // Fields no check digit covers can still be implausible: an unknown state code, a
            // document code other than A, C, I, P, V, a sex that is none.
            let doubtful = [MRZFlag.lineLengthAdjusted, .ambiguousRepair, .singleCheckRepair, .invalidSex,
                            .unknownIssuingState, .unknownNationality].contains(where: document.flags.contains)
                || document.repairs.contains { $0.field == "sex" }
                || !"ACIPV".contains(document.documentCode.first ?? "<")
            // Failed minus passed checks: formats have 3 to 5 checks, and noise read as a visa
            // must not beat a passport with one bad check.
            let passed = document.checks.count - failed
            let rank = [document.valid ? 0 : 1, failed - passed, doubtful ? 1 : 0, document.repairs.count,
                        lines.map(\.model).max() ?? 0]
            let names = Set(lines.map(\.model)).sorted().map { modelNames[$0] }
            let found = Found(
                reading: MRZImageReading(
                    document: document, ocrLines: texts, rotation: placement.rotation,
                    model: names.joined(separator: "+"), placement: placement),
                rank: rank, passed: passed)
            if best == nil || rank.lexicographicallyPrecedes(best!.rank) { best = found }
        }
    }

    /// Letter heights (fractions of the strip) a raw-line model reads each strip at: the
    /// training geometry first; a tighter and a looser frame when that reading is doubtful.
    public static let framings = [0.375, 0.32, 0.43]

    /// Largest number of line combinations parsed for one zone: 4 readings of each of 3 lines.
    static let maxCombinations = 64

    /// Reads the zones with one model, adding its lines to `search`; returns as soon as a zone
    /// reads clean.
    private func read(_ zones: [MRZZoneImage], with index: Int, into search: inout ZoneSearch) throws {
        let engine = try engine(index)
        let model = models[index]
        let framings: [Double?] = model.lineLayout == .rawLine ? Self.framings : [nil]
        func read(_ strip: StampImage, _ framing: Double?) throws -> String {
            let framed = try framing.map { try strip.textLineFramed(letterFraction: $0) } ?? strip
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
                        // Clean: the checks vouch for every line but the names'. Read that one in
                        // the other frames too; stop at the first that agrees.
                        if let line = search.uncheckedLine, framings.count > 1, line < strips.count {
                            var others: [String] = []
                            for other in framings where other != framing {
                                let text = try read(strips[line], other)
                                if text == search.best?.reading.ocrLines[line] { break }
                                others.append(text)
                            }
                            search.vote(others, model: index, placement: placement)
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

/// Which Tesseract model reads zones, and where it lives.
public struct MRZModel: Sendable, Equatable {
    /// The traineddata name, e.g. `mrz` (StampKit's OCR-B model) or `Latin`.
    public var name: String
    /// The directory holding `name.traineddata`; nil for Tesseract's own tessdata.
    public var directory: URL?

    /// A model by name and directory.
    public init(name: String, directory: URL? = nil) {
        self.name = name
        self.directory = directory
    }

    /// How a cut-out line is handed to Tesseract: StampKit's own model was trained on raw lines
    /// (PSM 13, `scripts/mrz/train.sh`) and reads worse through PSM 7's line normalisation;
    /// Tesseract's stock models are the other way round.
    public var lineLayout: TesseractEngine.Layout { name == Self.trainedName ? .rawLine : .singleLine }

    /// The file name (without `.traineddata`) of the model `scripts/mrz/train.sh` builds.
    public static let trainedName = "mrz"

    /// The model file committed with the sources (`scripts/mrz/mrz.traineddata`), found from this
    /// source file's path: present in a checkout, absent in an installed copy.
    public static var checkoutModel: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("scripts/mrz/\(trainedName).traineddata")
    }

    /// The models to read zones with, best first: `$STAMPKIT_MRZ_MODEL` (a `.traineddata` path or
    /// an installed name) alone if set; else StampKit's OCR-B model (in the data directory,
    /// `$XDG_DATA_HOME/stampkit` or `~/.local/share/stampkit`, else the checkout's
    /// `scripts/mrz/`), then the `Latin` script model, then `eng` — the order of measured accuracy.
    public static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [MRZModel] {
        if let given = environment["STAMPKIT_MRZ_MODEL"], !given.isEmpty {
            return [named(given)]
        }
        var found: [MRZModel] = []
        // The data directory the gazetteer also uses (XDG; an empty or relative value counts as unset).
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
        }
        let dataFile = dataHome.appendingPathComponent("stampkit/\(trainedName).traineddata")
        for file in [dataFile, checkoutModel] where FileManager.default.fileExists(atPath: file.path) {
            found.append(named(file.path))
            break
        }
        let installed = TesseractEngine.installedLanguages()
        for name in ["Latin", "eng"] where installed.contains(name) { found.append(MRZModel(name: name)) }
        return found
    }

    /// The best model available; throws when none is.
    public static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> MRZModel {
        guard let best = candidates(environment: environment).first else {
            throw OCRError(.languageDataMissing, "no Tesseract model for machine-readable zones is installed; install one with: apt-get install tesseract-ocr-script-latn")
        }
        return best
    }

    /// A model from a `.traineddata` path or an installed name.
    public static func named(_ given: String) -> MRZModel {
        if given.hasSuffix(".traineddata") {
            let url = URL(fileURLWithPath: (given as NSString).expandingTildeInPath)
            return MRZModel(name: url.deletingPathExtension().lastPathComponent, directory: url.deletingLastPathComponent())
        }
        return MRZModel(name: given)
    }
}
