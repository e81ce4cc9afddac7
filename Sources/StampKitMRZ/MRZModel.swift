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

    /// The checkout these sources were compiled in: three folders up from this file.
    static var checkoutRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The model file committed with the sources (`scripts/mrz/mrz.traineddata`) in the
    /// checkout these sources were compiled in.
    public static var checkoutModel: URL {
        checkoutRoot.appendingPathComponent("scripts/mrz/\(trainedName).traineddata")
    }

    /// StampKit's data folder, shared with the gazetteer: `$XDG_DATA_HOME/stampkit`, else
    /// `~/.local/share/stampkit` (an empty or relative `XDG_DATA_HOME` counts as unset, as the
    /// XDG rules say).
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
        }
        return dataHome.appendingPathComponent("stampkit", isDirectory: true)
    }

    /// Where `make install` (and `make run`) put StampKit's own model, and where an installed
    /// `stampkit` looks for it.
    public static func installedModel(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        dataDirectory(environment: environment).appendingPathComponent("\(trainedName).traineddata")
    }

    /// The program running now (`/proc/self/exe`), symbolic links resolved.
    public static var runningExecutable: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath()
    }

    /// Whether `executable` lies inside the checkout these sources were compiled in (`swift
    /// build`, `swift run`, `swift test`). Only such a program may use the checkout's model: a
    /// copied or installed binary must not depend on a build folder that can move or vanish,
    /// and must say when it has no model of its own rather than quietly read worse.
    static func runsFromCheckout(_ executable: URL?) -> Bool {
        guard let executable else { return false }
        let root = checkoutRoot.resolvingSymlinksInPath().path
        return executable.resolvingSymlinksInPath().path.hasPrefix(root + "/")
    }

    /// The models to read zones with, best first: `$STAMPKIT_MRZ_MODEL` (a `.traineddata` path or
    /// an installed name) alone if set; else StampKit's OCR-B model (for a program run from the
    /// checkout the checkout's `scripts/mrz/`, else `installedModel`), then the `Latin` script model,
    /// then `eng` — the order of measured accuracy.
    public static func candidates(
        environment: [String: String] = ProcessInfo.processInfo.environment, executable: URL? = runningExecutable
    ) -> [MRZModel] {
        if let given = environment["STAMPKIT_MRZ_MODEL"], !given.isEmpty {
            return [named(given)]
        }
        var found: [MRZModel] = []
        // A program built in the checkout reads the checkout's model, so its tests and benchmarks
        // measure the model committed beside the code, not an older copy installed earlier.
        var places = [installedModel(environment: environment)]
        if runsFromCheckout(executable) { places.insert(checkoutModel, at: 0) }
        for file in places where FileManager.default.fileExists(atPath: file.path) {
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
