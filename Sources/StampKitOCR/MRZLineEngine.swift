import CTesseract
import Foundation
import StampKitImaging

/// A Tesseract instance set up for machine-readable zones: dictionaries and language
/// correction off (through `TessBaseAPIInit4`, the only place those switches work), characters
/// limited to `A–Z 0–9 <`. Not Sendable: one engine per worker.
public final class MRZLineEngine {
    /// The characters a zone may hold.
    public static let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"

    /// Every dictionary and language-model switch Tesseract reads at init.
    static let initVariables: [String: String] = [
        "load_system_dawg": "0", "load_freq_dawg": "0", "load_punc_dawg": "0", "load_number_dawg": "0",
        "load_unambig_dawg": "0", "load_bigram_dawg": "0", "load_fixed_length_dawgs": "0",
        "wordrec_enable_assoc": "0", "language_model_penalty_non_dict_word": "0",
        "language_model_penalty_non_freq_dict_word": "0", "debug_file": "/dev/null",
    ]

    private let api: OpaquePointer
    /// The model name (traineddata file without extension).
    public let model: String

    /// Loads `model` (e.g. `Latin`, `eng`, `mrz`) from `tessdata` (default: Tesseract's own).
    public init(model: String, tessdata: URL? = nil) throws {
        guard let directory = tessdata ?? TesseractEngine.tessdataDirectory() else {
            throw OCRError(.tessdataMissing, "no Tesseract language data found; install it with: apt-get install tesseract-ocr-eng tesseract-ocr-script-latn")
        }
        let file = directory.appendingPathComponent("\(model).traineddata")
        guard FileManager.default.fileExists(atPath: file.path) else {
            let package = model == "Latin" ? "tesseract-ocr-script-latn" : "tesseract-ocr-" + model.lowercased()
            throw OCRError(.languageDataMissing, "the MRZ model '\(model)' is not installed (no \(model).traineddata in \(directory.path)); install it with: apt-get install \(package)")
        }
        guard let handle = TessBaseAPICreate() else {
            throw OCRError(.initFailed, "Tesseract could not be created (out of memory?); close other programs and try again")
        }
        let names = Self.initVariables.keys.sorted()
        let cNames = names.map { strdup($0) }
        let cValues = names.map { strdup(Self.initVariables[$0]!) }
        defer { (cNames + cValues).forEach { free($0) } }
        var namePointers = cNames.map { UnsafeMutablePointer<CChar>($0) }
        var valuePointers = cValues.map { UnsafeMutablePointer<CChar>($0) }
        let status = namePointers.withUnsafeMutableBufferPointer { n in
            valuePointers.withUnsafeMutableBufferPointer { v in
                TessBaseAPIInit4(handle, directory.path, model, OEM_LSTM_ONLY,
                                 nil, 0, n.baseAddress, v.baseAddress, names.count, 0)
            }
        }
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw OCRError(.initFailed, "Tesseract could not load the MRZ model '\(model)' from \(directory.path) (damaged .traineddata?); reinstall or rebuild it")
        }
        guard TessBaseAPISetVariable(handle, "tessedit_char_whitelist", Self.alphabet) != 0 else {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
            throw OCRError(.initFailed, "Tesseract refused the MRZ character whitelist; reinstall tesseract-ocr")
        }
        api = handle
        self.model = model
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Reads `image` as text lines (one for `.singleLine`), spaces removed, with Tesseract's mean
    /// confidence (0…100). Unlike `TesseractEngine.recognise`, filler-only words are kept.
    public func read(_ image: StampImage, layout: TesseractEngine.Layout = .singleLine) throws -> (lines: [String], confidence: Double) {
        TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(layout.rawValue)))
        TessBaseAPISetImage2(api, .init(image.opaquePix))
        defer { TessBaseAPIClear(api) }
        guard TessBaseAPIRecognize(api, nil) == 0 else {
            throw OCRError(.recognitionFailed, "Tesseract failed to read the machine-readable zone; try a sharper photo")
        }
        guard let raw = TessBaseAPIGetUTF8Text(api) else { return ([], 0) }
        defer { TessDeleteText(raw) }
        let text = String(cString: raw)
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.filter { !$0.isWhitespace } }
            .filter { !$0.isEmpty }
        return (lines, Double(TessBaseAPIMeanTextConf(api)))
    }
}
