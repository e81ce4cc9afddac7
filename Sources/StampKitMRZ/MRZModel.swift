import Foundation
import StampKitSupport
import StampKitOCR

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
