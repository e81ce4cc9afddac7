import CTesseract
import Foundation
import StampKitImaging

/// One Tesseract instance (a `TessBaseAPI*`) with its languages loaded. Not Sendable: a
/// TessBaseAPI shared by two threads crashes, so each worker makes its own engine.
public final class TesseractEngine {
    /// How Tesseract should look for text on the page.
    public enum Layout: Int32, Sendable {
        /// Fully automatic page segmentation (PSM 3).
        case automatic = 3
        /// One uniform block of text (PSM 6).
        case singleBlock = 6
        /// Exactly one text line (PSM 7), e.g. one MRZ line.
        case singleLine = 7
        /// As much text as possible in no particular order (PSM 11).
        case sparse = 11
        /// Sparse text with orientation detection (PSM 12).
        case sparseWithOrientation = 12
        /// One line, no Tesseract-specific line hacks (PSM 13).
        case rawLine = 13
    }

    private let api: OpaquePointer
    /// The languages loaded, in Tesseract's order (first is primary).
    public let languages: [String]
    /// The tessdata directory the languages came from.
    public let tessdata: URL

    /// Starts Tesseract with `languages` (empty: `defaultLanguages()`); `initVariables` are set
    /// during `TessBaseAPIInit4`, the only time switches such as `load_system_dawg` work.
    public init(languages: [String] = [], tessdata: URL? = nil,
                initVariables: [String: String] = [:]) throws {
        guard let directory = tessdata ?? Self.tessdataDirectory() else {
            throw OCRError(.tessdataMissing, "no Tesseract language data found (looked in $TESSDATA_PREFIX, /usr/share/tesseract-ocr/5/tessdata, /usr/share/tesseract-ocr/4.00/tessdata); install it with: apt-get install tesseract-ocr-script-latn tesseract-ocr-eng")
        }
        let wanted = languages.isEmpty ? Self.defaultLanguages(in: directory) : languages
        for language in wanted {
            guard !language.isEmpty, language.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                throw OCRError(.badLanguageName, "'\(language)' is not a Tesseract language code; use codes such as eng, isl, deu (installed ones: tesseract --list-langs)")
            }
            let file = directory.appendingPathComponent("\(language).traineddata")
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw OCRError(.languageDataMissing, "Tesseract language '\(language)' is not installed (no \(language).traineddata in \(directory.path)); install it with: apt-get install \(Self.package(for: language))")
            }
        }
        guard let handle = TessBaseAPICreate() else {
            throw OCRError(.initFailed, "Tesseract could not be created (out of memory?); close other programs and try again")
        }
        // Tesseract's own chatter ("Estimating resolution as …", "Empty page!!") goes to its
        // debug file; /dev/null keeps stderr for StampKit's one line per problem.
        var variables = ["debug_file": "/dev/null"]
        variables.merge(initVariables) { _, given in given }
        let names = variables.keys.sorted()
        let cNames = names.map { strdup($0) }
        let cValues = names.map { strdup(variables[$0]!) }
        defer { (cNames + cValues).forEach { free($0) } }
        var namePointers = cNames.map { UnsafeMutablePointer<CChar>($0) }
        var valuePointers = cValues.map { UnsafeMutablePointer<CChar>($0) }
        let status = namePointers.withUnsafeMutableBufferPointer { n in
            valuePointers.withUnsafeMutableBufferPointer { v in
                TessBaseAPIInit4(handle, directory.path, wanted.joined(separator: "+"), OEM_LSTM_ONLY,
                                 nil, 0, n.baseAddress, v.baseAddress, names.count, 0)
            }
        }
        guard status == 0 else {
            TessBaseAPIDelete(handle)
            throw OCRError(.initFailed, "Tesseract could not load \(wanted.joined(separator: "+")) from \(directory.path) (damaged .traineddata?); reinstall with: apt-get install --reinstall \(wanted.map(Self.package).joined(separator: " "))")
        }
        api = handle
        self.languages = wanted
        self.tessdata = directory
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Where the language data lives: `$TESSDATA_PREFIX`, else Debian's Tesseract 5, else 4.
    public static func tessdataDirectory() -> URL? {
        var candidates: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            candidates += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
        }
        candidates += ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"]
        for path in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
               !installedLanguages(in: URL(fileURLWithPath: path)).isEmpty {
                return URL(fileURLWithPath: path)
            }
        }
        return nil
    }

    /// The Debian package that installs `language`'s model: scripts (`Latin`) have their own.
    public static func package(for language: String) -> String {
        if language == "Latin" { return "tesseract-ocr-script-latn" }
        return "tesseract-ocr-" + language.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The installed recognition languages (`osd`, which only detects orientation, left out).
    public static func installedLanguages(in directory: URL? = nil) -> [String] {
        guard let directory = directory ?? tessdataDirectory(),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { $0.hasSuffix(".traineddata") }
            .map { String($0.dropLast(".traineddata".count)) }
            .filter { $0 != "osd" && $0 != "equ" }
            .sorted()
    }

    /// The Latin-script model alone, else English alone. Stamps print their words in many
    /// languages with their accents (AÉROPORT, FLUGHAFEN MÜNCHEN), and on faint, broken print
    /// the Latin model read more place names and dates than English on stamps of designs it was
    /// not tuned on; each extra model would cost a full extra recogniser pass on unsure words.
    public static func defaultLanguages(in directory: URL? = nil) -> [String] {
        let installed = installedLanguages(in: directory)
        for preferred in ["Latin", "eng"] where installed.contains(preferred) { return [preferred] }
        return installed.first.map { [$0] } ?? ["eng"]
    }

    /// Sets a run-time Tesseract variable (e.g. `tessedit_char_whitelist`); false when Tesseract
    /// does not know it. Dictionary switches only work through `initVariables`.
    @discardableResult
    public func setVariable(_ name: String, _ value: String) -> Bool {
        TessBaseAPISetVariable(api, name, value) != 0
    }

    /// Plain-text reads (`text(of:layout:)`, `line(of:allowed:)`) made so far: what a stamp's
    /// further looks cost, counted so a test can tell which readings got them.
    package private(set) var textReads = 0
    /// Recognitions (`recognise`, every pass and look that keeps word boxes) made so far,
    /// counted so a test can tell what a reading cost.
    package private(set) var recognitions = 0
    /// Recognitions stopped after the layout analysis for finding more words than allowed,
    /// counted so a test can tell which passes were given up unread.
    package private(set) var givenUp = 0

    /// Reads `image` as plain text, nothing dropped, with Tesseract's mean confidence (0…100):
    /// for text whose filler characters count (a machine-readable zone's `<`), read line by line.
    public func text(of image: StampImage, layout: Layout) throws -> (text: String, confidence: Double) {
        textReads += 1
        TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(layout.rawValue)))
        TessBaseAPISetImage2(api, .init(image.opaquePix))
        defer { TessBaseAPIClear(api) }
        guard TessBaseAPIRecognize(api, nil) == 0 else {
            throw OCRError(.recognitionFailed, "Tesseract failed to read the image; try again with --rotate or --crop")
        }
        guard let raw = TessBaseAPIGetUTF8Text(api) else { return ("", 0) }
        defer { TessDeleteText(raw) }
        return (String(cString: raw), Double(TessBaseAPIMeanTextConf(api)))
    }

    /// Reads `image` as exactly one line of the characters in `allowed` (a second look at a
    /// line whose characters are known to come from a small set, such as a date's); the
    /// whitelist is lifted again afterwards so the engine's other reads see every character.
    public func line(of image: StampImage, allowed: String) throws -> (text: String, confidence: Double) {
        setVariable("tessedit_char_whitelist", allowed)
        defer { setVariable("tessedit_char_whitelist", "") }
        let read = try text(of: image, layout: .singleLine)
        return (read.text.trimmingCharacters(in: .whitespacesAndNewlines), read.confidence)
    }

    /// Reads `image` and returns its text lines with their words, boxes in `image`'s pixels.
    /// Words without a letter or digit (rules, stars, pictogram fragments read as "=", "—", "*")
    /// are dropped, and lines left empty with them.
    public func recognise(_ image: StampImage, layout: Layout) throws -> [OCRLine] {
        try recognise(image, layout: layout, wordLimit: nil).lines ?? []
    }

    /// Reads `image` as `recognise(_:layout:)` does, unless Tesseract's layout analysis finds
    /// more than `wordLimit` words to recognise: then it stops before recognising any and
    /// gives nil lines. The count of words found is given either way (nil limit: no limit).
    /// Recognition costs about the same per word, and an image of mostly background print (a
    /// colour channel that kept the paper's security lines) splits into hundreds of them, so
    /// the count bounds a pass's cost before it is paid, and does so the same on every run.
    public func recognise(_ image: StampImage, layout: Layout, wordLimit: Int?) throws -> (lines: [OCRLine]?, words: Int) {
        recognitions += 1
        TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(layout.rawValue)))
        // capi.h only forward-declares `struct Pix`; the pointer crosses as an opaque one.
        TessBaseAPISetImage2(api, .init(image.opaquePix))
        defer { TessBaseAPIClear(api) }
        let budget = WordBudget(limit: wordLimit ?? .max)
        guard let monitor = TessMonitorCreate() else {
            throw OCRError(.initFailed, "Tesseract could not be created (out of memory?); close other programs and try again")
        }
        defer { TessMonitorDelete(monitor) }
        // Tesseract asks before each word whether to stop, telling the number of words on the
        // page: the first question comes right after the layout analysis.
        TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(budget).toOpaque())
        TessMonitorSetCancelFunc(monitor) { this, words in
            guard let this else { return false }
            let budget = Unmanaged<WordBudget>.fromOpaque(this).takeUnretainedValue()
            budget.words = max(budget.words, Int(words))
            if budget.words > budget.limit { budget.exceeded = true }
            return budget.exceeded
        }
        let status = withExtendedLifetime(budget) { TessBaseAPIRecognize(api, monitor) }
        if budget.exceeded {
            givenUp += 1
            return (nil, budget.words)
        }
        guard status == 0 else {
            throw OCRError(.recognitionFailed, "Tesseract failed to read the image; try again with --rotate or --crop")
        }
        guard let iterator = TessBaseAPIGetIterator(api) else { return ([], budget.words) }
        defer { TessResultIteratorDelete(iterator) }
        let page = TessResultIteratorGetPageIterator(iterator)

        func box(_ level: TessPageIteratorLevel) -> PixelBox {
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            guard TessPageIteratorBoundingBox(page, level, &l, &t, &r, &b) != 0 else {
                return PixelBox(x: 0, y: 0, width: 0, height: 0)
            }
            return PixelBox(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t))
        }
        func text(_ level: TessPageIteratorLevel) -> String {
            guard let raw = TessResultIteratorGetUTF8Text(iterator, level) else { return "" }
            defer { TessDeleteText(raw) }
            return String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        var lines: [OCRLine] = []
        var current: OCRLine?
        var wordsSeen = 0  // words Tesseract put in the current line, kept or dropped
        func finish() {
            guard var line = current else { return }
            current = nil
            guard !line.words.isEmpty else { return }
            if line.words.count != wordsSeen { line.text = line.words.map(\.text).joined(separator: " ") }
            line.confidence = line.words.map(\.confidence).reduce(0, +) / Double(line.words.count)
            lines.append(line)
        }
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 {
                finish()
                current = OCRLine(text: text(RIL_TEXTLINE), confidence: 0, box: box(RIL_TEXTLINE), words: [])
                wordsSeen = 0
            }
            let word = text(RIL_WORD)
            if !word.isEmpty { wordsSeen += 1 }
            if word.unicodeScalars.contains(where: CharacterSet.alphanumerics.contains) {
                let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
                current?.words.append(OCRWord(text: word, confidence: confidence, box: box(RIL_WORD)))
            }
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        finish()
        return (lines, budget.words)
    }
}

/// What Tesseract's cancel question reports back to a `recognise` call: the words the layout
/// found, and whether they were more than the call allows.
private final class WordBudget {
    let limit: Int
    var words = 0
    var exceeded = false

    init(limit: Int) { self.limit = limit }
}
