import Foundation
import StampKitImaging
import StampKitOCR

/// A Tesseract engine set up for machine-readable zones: dictionaries and language correction
/// off (init-time switches, the only time Tesseract reads them), characters limited to
/// `A–Z 0–9 <`. The `TessBaseAPI` itself belongs to the `TesseractEngine` inside. Not
/// Sendable: one engine per worker.
public final class MRZLineEngine {
    /// The characters a zone may hold.
    public static let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"

    /// Every dictionary and language-model switch Tesseract reads at init.
    static let initVariables: [String: String] = [
        "load_system_dawg": "0", "load_freq_dawg": "0", "load_punc_dawg": "0", "load_number_dawg": "0",
        "load_unambig_dawg": "0", "load_bigram_dawg": "0", "load_fixed_length_dawgs": "0",
        "wordrec_enable_assoc": "0", "language_model_penalty_non_dict_word": "0",
        "language_model_penalty_non_freq_dict_word": "0",
    ]

    private let engine: TesseractEngine
    /// The model name (traineddata file without extension).
    public let model: String

    /// Loads `model` (e.g. `Latin`, `eng`, `mrz`) from `tessdata` (default: Tesseract's own).
    public init(model: String, tessdata: URL? = nil) throws {
        guard let directory = tessdata ?? TesseractEngine.tessdataDirectory() else {
            throw OCRError(.tessdataMissing, "no Tesseract language data found; install it with: apt-get install tesseract-ocr-eng tesseract-ocr-script-latn")
        }
        // The zone models are not ordinary languages: say which package or script provides them.
        let file = directory.appendingPathComponent("\(model).traineddata")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw OCRError(.languageDataMissing, "the MRZ model '\(model)' is not installed (no \(model).traineddata in \(directory.path)); install it with: apt-get install \(TesseractEngine.package(for: model))")
        }
        do {
            engine = try TesseractEngine(languages: [model], tessdata: directory, initVariables: Self.initVariables)
        } catch let error as OCRError where error.kind == .initFailed {
            throw OCRError(.initFailed, "Tesseract could not load the MRZ model '\(model)' from \(directory.path) (damaged .traineddata?); reinstall or rebuild it")
        }
        guard engine.setVariable("tessedit_char_whitelist", Self.alphabet) else {
            throw OCRError(.initFailed, "Tesseract refused the MRZ character whitelist; reinstall tesseract-ocr")
        }
        self.model = model
    }

    /// Reads `image` as text lines (one for `.singleLine`), spaces removed, with Tesseract's mean
    /// confidence (0…100). Unlike `TesseractEngine.recognise`, filler-only words are kept.
    public func read(_ image: StampImage, layout: TesseractEngine.Layout = .singleLine) throws -> (lines: [String], confidence: Double) {
        let text: String, confidence: Double
        do {
            (text, confidence) = try engine.text(of: image, layout: layout)
        } catch let error as OCRError where error.kind == .recognitionFailed {
            // --rotate and --crop, which the engine's message suggests, are no options of `mrz`.
            throw OCRError(.recognitionFailed, "Tesseract failed to read the machine-readable zone; try a sharper photo")
        }
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.filter { !$0.isWhitespace } }
            .filter { !$0.isEmpty }
        return (lines, confidence)
    }
}
