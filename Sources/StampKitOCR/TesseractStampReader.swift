import Foundation
import StampKitImaging

/// The real `StampReader`: Leptonica straightens and cleans the photo, Tesseract reads it.
/// Not Sendable: it owns Tesseract engines; make one reader per worker.
public final class TesseractStampReader: StampReader {
    /// Photos larger than this (long side, pixels) are scaled down before OCR.
    public var workingLongSide: Int
    /// Images smaller than this (long side) are enlarged, by a whole factor, so letters have
    /// enough pixels (small crops).
    public var minimumLongSide: Int
    /// Page layout Tesseract assumes for the straightened stamp: one uniform block of text
    /// (PSM 6). A stamp is a few rows of capitals in a frame; the sparse layout (PSM 11) reads
    /// them in pieces, a date row as `23.14` of 11.03.14 or a worn name as fragments, and its
    /// search for text anywhere costs about a tenth of a scan. Read as one block, four held-out
    /// sets of 150 stamps each named 11 airports, 13 dates and 8 directions more right of 600,
    /// as many countries, two entry methods fewer. The block drops a small line beside a big
    /// one and a date row at a ring's foot, which the looks for missed rows and for the date
    /// in the other layout bring back; it reads paper specks and letters turned sideways as
    /// words, which `wordLimit` stops before they are recognised.
    public var layout: TesseractEngine.Layout
    /// Header-declared size above which an image is refused unread.
    public var pixelLimit: Int
    /// When neither the line angle nor its half turn scores this (letters and digits in
    /// confident words), the quarter turns are read too.
    public var acceptScore: Int
    /// A first pass scoring at least this is taken without reading its half turn.
    public var certainScore: Int
    /// Letters in unreadable long words (see `doubt`) from which colour channels are re-read.
    public var retryDoubt: Int
    /// Words (as Tesseract's layout finds them) a pass over the whole stamp may hold for them
    /// to be recognised. A stamp prints a few dozen words at most; a pass that finds more is
    /// given up after its layout analysis, before recognition costs it a second or more: the
    /// paper's security print or hatching kept as specks (the first pass is then read again
    /// from the strict ink separation), a colour channel where the security lines survived,
    /// a gray photo of textured paper, or a turn that reads the stamp sideways or upside down,
    /// where a block of capitals breaks into a word per letter or two (the development stamps'
    /// wrong turns found up to 270 words, where the right turns found 2 to 66).
    public var wordLimit: Int
    /// Leptonica line-angle confidence below which the found angle is noise (blank or
    /// text-free images) and the search starts from the image as it is.
    public var noLineConfidence: Double

    /// Says whether a reading's lines already hold a date as read, which a second look at the
    /// date line would not change (the date rules live above this stage); nil: always look.
    /// A plain date on most stamps, so the look's two extra line reads are spared there, and
    /// a first pass holding one needs no test of its half turn (`readUpright`).
    public var datePrintedPlainly: (([OCRLine]) -> Bool)?

    /// How much evidence for one place a reading's lines give (the matcher's judgement, which
    /// lives above this stage); nil: turns are judged on confident text alone. Decides between
    /// the two ways up of a sideways stamp when neither reads well, where confident text is
    /// noise and no photo habit says which way is up.
    public var evidenceWeight: (([OCRLine]) -> Double)?

    private let tessdata: URL?
    private let defaultLanguages: [String]
    private var engines: [[String]: TesseractEngine] = [:]

    /// Starts Tesseract for `languages` (empty: the installed default, see
    /// `TesseractEngine.defaultLanguages`). Throws `OCRError` when language data is missing.
    public init(languages: [String] = [], tessdata: URL? = nil,
                pixelLimit: Int = StampImage.defaultPixelLimit) throws {
        let engine = try TesseractEngine(languages: languages, tessdata: tessdata, initVariables: Self.engineVariables)
        self.tessdata = tessdata
        self.defaultLanguages = engine.languages
        engines[engine.languages] = engine
        self.pixelLimit = pixelLimit
        workingLongSide = 1600
        minimumLongSide = 400
        layout = .singleBlock
        acceptScore = 10
        certainScore = 25
        retryDoubt = 6
        wordLimit = 64
        noLineConfidence = 2
    }

    /// Tesseract 5 re-reads every doubtful line inverted (white on black), which stamps never
    /// are; turning that off cut OCR time by 40 % on the fixtures with identical scores.
    static let engineVariables = ["tessedit_do_invert": "0"]

    /// The engine for a language list, started on first use.
    package func engine(for languages: [String]) throws -> TesseractEngine {
        let key = languages.isEmpty ? defaultLanguages : languages
        if let engine = engines[key] { return engine }
        let engine = try TesseractEngine(languages: key, tessdata: tessdata, initVariables: Self.engineVariables)
        engines[key] = engine
        return engine
    }

    /// Loads, straightens and reads the image at `url`.
    public func read(imageAt url: URL, options: ReadOptions = ReadOptions()) throws -> OCRReading {
        let image = try StampImage(contentsOf: url, pixelLimit: pixelLimit)
        return try read(image, options: options)
    }

    /// Straightens and reads an image already loaded (EXIF orientation already applied).
    public func read(_ image: StampImage, options: ReadOptions = ReadOptions()) throws -> OCRReading {
        let engine = try engine(for: options.languages)
        let found = try findAsPhotographed(image, options: options)
        // A pen's signature across a faint stamp is the darkest ink on it: the line angle
        // follows the scribble and Tesseract reads it. A weak reading is read again with the
        // scribble painted over, and the one that reads better kept. Only a weak one: the
        // test for a pen can take a clean stamp's own dark strokes for one. The further looks
        // are taken on the reading kept alone: on a faint signed stamp they cost more than
        // both searches (three whole passes each), and they were thrown away with the other.
        let foundScore = Self.score(found.reading.lines)
        guard options.rotation == nil, foundScore < acceptScore,
              let penless = try image.withoutPenStrokes() else { return try finished(found, engine: engine) }
        let clean = try findAsPhotographed(penless, options: options)
        let cleanScore = Self.score(clean.reading.lines)
        let cleanWins = weighsMore(clean.reading.lines, score: cleanScore, than: found.reading.lines, score: foundScore)
            ?? (cleanScore > foundScore)
        var kept = cleanWins ? clean : found
        kept.reading.passes = clean.reading.passes + found.reading.passes
        return try finished(kept, engine: engine)
    }

    /// `image` straightened and read as it is, before the further looks: whole, or its framed
    /// part (a stamp photographed with page around it may read better from its own part,
    /// enlarged), or the crop asked for.
    func findAsPhotographed(_ image: StampImage, options: ReadOptions) throws -> Found {
        if options.crop == nil { return try findFramed(image, options: options) }
        return Found(reading: try readPasses(image, options: options), framing: nil)
    }

    /// A reading found by the passes, before its further looks, and where the framed part it
    /// was read from lies on the whole photo (nil: read from the whole photo or the crop).
    struct Found {
        var reading: Unlooked
        var framing: Framing?
    }

    /// `found` with its further looks, its lines placed on the whole photo.
    func finished(_ found: Found, engine: TesseractEngine) throws -> OCRReading {
        let reading = try looked(found.reading, engine: engine)
        guard let framing = found.framing else { return reading }
        return OCRReading(lines: placed(reading.lines, rotation: reading.rotation, framing: framing),
                          rotation: reading.rotation, passes: reading.passes, wholeLooks: reading.wholeLooks)
    }

    /// A reading before the further looks at its date and doubtful name lines: the lines in
    /// the pixels of the turned working image they were read from.
    struct Unlooked {
        /// The lines read, in `image`'s pixels.
        var lines: [OCRLine]
        /// The turned image the lines were read from (nil: no looks possible).
        var image: StampImage?
        /// Factor from the image's pixels to the source's.
        var toSource: Double
        /// Degrees the image was turned by (counter-clockwise).
        var rotation: Double
        /// Tesseract passes spent on it.
        var passes: Int
    }

    /// `reading` with its further looks — rows of letters it left out, read alone; its date
    /// lines and doubtful name lines read again — its lines in the source's pixels. Apart from
    /// the passes that find the reading, so that a stamp read twice (whole and framed) has the
    /// looks only on the reading kept.
    func looked(_ reading: Unlooked, engine: TesseractEngine) throws -> OCRReading {
        let lines = try furtherLooks(at: reading.lines, in: reading.image, engine: engine)
        let whole = try wholeLooks(at: reading.lines, in: reading.image, engine: engine)
        return OCRReading(lines: scaled(lines, by: reading.toSource), rotation: normalised(reading.rotation),
                          passes: reading.passes + (whole?.count ?? 0), wholeLooks: whole)
    }

    /// The passes of a read of `options.crop` (which must be set): straightened and read,
    /// retried on the colour channels when unreadable words remain; no further looks.
    func readPasses(_ image: StampImage, options: ReadOptions) throws -> Unlooked {
        let engine = try engine(for: options.languages)
        let everything = PixelBox(x: 0, y: 0, width: image.width, height: image.height)
        let source = try options.crop.map { $0 == everything ? image : try image.cropped(to: $0) } ?? image
        let prepared = try prepare(source)
        let toSource = Double(max(source.width, source.height)) / Double(max(prepared.image.width, prepared.image.height))
        if let rotation = options.rotation {
            let pass = try self.pass(prepared.image, rotation: rotation, engine: engine)
            return Unlooked(lines: pass.lines, image: pass.image, toSource: toSource, rotation: rotation, passes: 1)
        }
        // More words on the first pass than a stamp prints are the paper's security print kept
        // as ink specks: the ink is separated again with the print taken for paper, and read
        // instead.
        var best: Pass
        if let found = try findUpright(prepared.image, ink: prepared.ink, engine: engine,
                                       firstPassLimit: prepared.ink ? wordLimit : nil) {
            best = found
        } else {
            best = try findUpright(workingSize(source).image.inkSeparated(strictly: true), ink: true, engine: engine)
            best.passes += 1
        }
        // Text Tesseract saw but could not read (a signature across it, ink of two colours):
        // read each colour channel's ink at the angle found and keep one only if it reads better.
        // Nothing confident on the ink (one short line in a crop, where Tesseract misjudged the
        // letter size on the flat white ink image): the gray photo is read as well and the
        // reading with more evidence kept.
        if prepared.ink && best.score == 0 {
            if var gray = try readGray(source, besides: best, engine: engine) {
                gray.passes += best.passes
                if grayWins(gray, over: best) { best = gray } else { best.passes = gray.passes }
            } else {
                best.passes += 1
            }
        }
        var passesRun = best.passes
        if best.doubt >= retryDoubt {
            let retried = try retryChannels(best, of: source, engine: engine)
            best = retried.best
            passesRun += retried.passes
        }
        // A dry pad prints a stroke as a trail of specks, which Tesseract takes for noise.
        if best.score < acceptScore {
            let smoothed = try readSmoothed(best, engine: engine)
            best = smoothed.best
            passesRun += smoothed.passes
        }
        return Unlooked(lines: best.lines, image: best.image, toSource: toSource, rotation: best.rotation, passes: passesRun)
    }

    /// The chosen reading's lines with the further looks: the rows of letters it left out read
    /// alone, then its date lines and doubtful name lines read again (a row found is looked at
    /// like any other line), from the turned image the lines were read in.
    func furtherLooks(at lines: [OCRLine], in image: StampImage?, engine: TesseractEngine) throws -> [OCRLine] {
        let found = try readMissedLines(lines, in: image, engine: engine)
        return try lookAgainAtNameLines(rereadDateLines(found, in: image, engine: engine), in: image, engine: engine)
    }

    /// Letters and digits in `text`: what a word or line holds to read, without punctuation.
    static func alphanumericCount(_ text: String) -> Int {
        text.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.count
    }

    /// One plain Tesseract pass over the file as loaded (EXIF applied): no cleaning, no
    /// rotation search. The baseline `bench scan` compares the full read against.
    public func plainPass(imageAt url: URL, languages: [String] = []) throws -> OCRReading {
        let image = try StampImage(contentsOf: url, pixelLimit: pixelLimit)
        let engine = try engine(for: languages)
        // Stock Tesseract settings for the baseline, then back to the reader's.
        engine.setVariable("tessedit_do_invert", "1")
        defer { engine.setVariable("tessedit_do_invert", Self.engineVariables["tessedit_do_invert"]!) }
        let lines = try engine.recognise(image, layout: .automatic)
        return OCRReading(lines: lines, rotation: 0)
    }

    // MARK: - Stages

    /// Working size, then the ink separated from the paper (colour photos) or local contrast
    /// normalisation (gray ones).
    package func prepare(_ image: StampImage) throws -> (image: StampImage, scale: Double, ink: Bool) {
        let (working, scale) = try workingSize(image)
        // Colour: the ink separated from the paper is already stretched to full contrast, and
        // normalising it again brought back the security lines it had removed (the angle locked
        // onto them). Gray: local contrast normalisation does what it can.
        if working.depth == 32 {
            return (try working.inkSeparated(), scale, true)
        }
        return (try working.grayscale().contrastNormalised(), scale, false)
    }

    /// The ink of each colour channel worth a retry at working size (none for a gray photo),
    /// for the retry of a reading with unreadable words. Separated from the paper like the
    /// full ink, so security lines stay white: the contrast-normalised raw channels used
    /// before brought them back and a pass over one cost two to ten ordinary passes. Separated
    /// one at a time, when its retry comes, since the retries may stop before the last.
    func channelInks(_ image: StampImage) throws -> [() throws -> StampImage] {
        let (working, _) = try workingSize(image)
        return retriedChannels(working).map { channel in { try working.inkSeparated(channel: channel) } }
    }

    /// The colour channels a retry reads, in order: all but the one where the stamp's ink is
    /// faintest (`inkDepthByChannel`), which shows the least of the stamp and, stretched to
    /// full contrast, mostly the paper's grain. On the development stamps that channel was
    /// read in 16 retries and kept in none (twice it beat the reading before it, and a later
    /// channel beat it). Left out, no development answer changed, 600 held-out stamps kept as
    /// many right answers (weak ones moved both ways: countries 494 and dates 290 both times),
    /// and `bench scan`'s 90th percentile fell from 9.0 to 6.7 plain passes. None for a gray
    /// photo.
    func retriedChannels(_ working: StampImage) -> [Int] {
        let depths = working.inkDepthByChannel()
        guard depths.count == 3, let faintest = depths.indices.min(by: { depths[$0] < depths[$1] }) else { return [] }
        return (0..<3).filter { $0 != faintest }
    }

    /// `pass`'s reading retried on each colour channel's ink at its rotation, the best kept,
    /// and the passes that took. Text Tesseract saw but could not read (a signature across
    /// it, ink of two colours) may read on a channel where the other colour fades. A channel
    /// whose ink breaks into more than `wordLimit` words is given up before it is
    /// read, and the retries stop at the first reading that is certain (`certainScore`) with
    /// no unreadable word left, kept or not: stopping at any better reading lost an airport on
    /// a dev and a held-out stamp, where a later channel read more, while after a channel that
    /// read the stamp cleanly the next ones read it much the same (of the nine channel passes
    /// this spared on the development stamps one read better, and its stamp's answers stayed).
    func retryChannels(_ pass: Pass, of source: StampImage, engine: TesseractEngine) throws -> (best: Pass, passes: Int) {
        var best = pass
        var passes = 0
        for channel in try channelInks(source) {
            passes += 1
            let ink = try channel()
            // Unreadable words on a faint stamp are mostly strokes a dry pad broke into specks:
            // the retry reads them joined. Joining specks leaves fewer unreadable words by
            // itself, so only more confident text makes it win. The date line's further looks
            // read the ink as separated, a view of the digits independent of the one they vote
            // with.
            let read = try self.pass(ink.gapsBridged(), rotation: pass.rotation, engine: engine, wordLimit: wordLimit)
            guard var candidate = read else { continue }
            if candidate.score > best.score {
                candidate.image = try turned(ink, by: pass.rotation)
                best = candidate
            }
            if isClean(best) || isClean(candidate) { break }
        }
        return (best, passes)
    }

    /// A weak `pass` read again with its ink smoothed into strokes (`speckSmoothing`) at its
    /// angle and, when the stamp lies sideways and that still reads weakly, smoothed the other
    /// way up too; the reading with more confident text, or as weak with more evidence, is kept
    /// with the ink as separated for the further looks at its lines. Read as specks, both ways
    /// up of a sideways stamp weighed noise against noise: on the held-out stamps the smoothed
    /// other way up set 4 of 16 stamps read upside down the right way up (3 of them then named
    /// the right country) and turned none wrong. Returns the passes it took.
    func readSmoothed(_ pass: Pass, engine: TesseractEngine) throws -> (best: Pass, passes: Int) {
        guard let image = pass.image else { return (pass, 0) }
        var best = pass, passes = 1
        var smooth = try self.pass(turned: image.smoothed(sigma: Self.speckSmoothing), rotation: pass.rotation, engine: engine)
        if weighsMore(smooth, than: best) ?? (smooth.score > best.score) {
            smooth.image = image
            best = smooth
        }
        guard abs(abs(normalised(pass.rotation)) - 90) < 45, best.score < acceptScore else { return (best, passes) }
        let over = try image.rotated(byDegrees: 180)
        var flipped = try self.pass(turned: over.smoothed(sigma: Self.speckSmoothing), rotation: pass.rotation + 180, engine: engine)
        passes += 1
        // As for any half turn, a reading that is not weak must read well to win on its text.
        if weighsMore(flipped, than: best) ?? (flipped.score > best.score && flipped.score >= acceptScore) {
            flipped.image = over
            best = flipped
        }
        return (best, passes)
    }

    /// Gaussian radius (pixels at working size) that joins a dry pad's specks into strokes:
    /// on the held-out stamps 1.5 read 13 more countries of 600 than none, 1 and 2.2 fewer
    /// than 1.5 (2.2 runs thin letters together).
    static let speckSmoothing = 1.5

    /// Whether a reading is certain (`certainScore`) with no unreadable word.
    func isClean(_ pass: Pass) -> Bool {
        pass.doubt == 0 && pass.score >= certainScore
    }

    /// `image` scaled to the working size, and the factor applied.
    private func workingSize(_ image: StampImage) throws -> (image: StampImage, scale: Double) {
        var working = image
        let long = max(working.width, working.height)
        if long > workingLongSide {
            working = try working.scaledDown(toLongSide: workingLongSide)
        } else if long < minimumLongSide {
            // Whole-number factors only: a slight enlargement (560 → 600 px) blurred a stamp's
            // date enough for Tesseract to lose it.
            let factor = (Double(minimumLongSide) / Double(long)).rounded(.up)
            working = try working.scaledUp(toLongSide: long * Int(factor))
        }
        return (working, Double(max(working.width, working.height)) / Double(long))
    }

    /// One OCR pass at a rotation, with its score.
    struct Pass {
        var rotation: Double
        var lines: [OCRLine]
        var score: Int
        var doubt: Int
        /// OCR passes spent to find this one (the search's count, not only this pass).
        var passes = 1
        /// The turned image the lines were read from (their boxes are in its pixels).
        var image: StampImage? = nil
        /// Read along the ink's axis, not an angle found on the image's own lines (`readGray`).
        var onInkAxis = false

        /// Better when it has more confident text, or as much and less unreadable text.
        func beats(_ other: Pass) -> Bool {
            score != other.score ? score > other.score : doubt < other.doubt
        }
    }

    /// One OCR pass over `image` turned by `rotation`.
    func pass(_ image: StampImage, rotation: Double, engine: TesseractEngine) throws -> Pass {
        try pass(turned: turned(image, by: rotation), rotation: rotation, engine: engine)
    }

    /// One OCR pass over `image` turned by `rotation`, unless Tesseract finds more than
    /// `wordLimit` words on it (nil then, at the cost of the layout analysis alone).
    func pass(_ image: StampImage, rotation: Double, engine: TesseractEngine, wordLimit: Int) throws -> Pass? {
        try pass(turned: turned(image, by: rotation), rotation: rotation, engine: engine, wordLimit: wordLimit)
    }

    /// One OCR pass over an image already turned by `rotation`.
    func pass(turned: StampImage, rotation: Double, engine: TesseractEngine) throws -> Pass {
        try pass(turned: turned, rotation: rotation, engine: engine, wordLimit: nil)!
    }

    /// One OCR pass over an image already turned by `rotation`; nil when it holds more than
    /// `wordLimit` words (never without a limit).
    func pass(turned: StampImage, rotation: Double, engine: TesseractEngine, wordLimit: Int?) throws -> Pass? {
        let (read, _) = try engine.recognise(turned, layout: layout, wordLimit: wordLimit)
        guard let lines = read else { return nil }
        return Pass(rotation: rotation, lines: lines, score: Self.score(lines), doubt: Self.doubt(lines), image: turned)
    }

    /// `image` turned by `rotation` degrees counter-clockwise, ready for a pass.
    func turned(_ image: StampImage, by rotation: Double) throws -> StampImage {
        // Far from a quarter turn, the corners a rotation brings in are large enough to hurt:
        // whiten the paper first (measured: the 24° sample read nothing without it, while
        // whitening lost faint words on stamps tilted by a degree or two).
        let offQuarter = abs(rotation - 90 * (rotation / 90).rounded())
        return try (offQuarter > 5 ? image.paperWhitened() : image).rotated(byDegrees: rotation)
    }

    /// Letters and digits in words of 3+ of them that Tesseract is sure of (confidence ≥ 70).
    /// Upright text scores high; read upside down or sideways, text gives at most a stray
    /// confident fragment. Measured on the fixtures: upright 14…25, wrong orientations 0…7.
    /// Penalising unreadable words did not work: junk from stars, pictograms and background
    /// print appears in every orientation and swamped the signal on page photos.
    package static func score(_ lines: [OCRLine]) -> Int {
        var total = 0
        for word in lines.lazy.flatMap(\.words) where word.confidence >= 70 {
            let useful = alphanumericCount(word.text)
            if useful >= 3 { total += useful }
        }
        return total
    }

    /// Letters and digits in long words Tesseract could not read (confidence under
    /// `readableConfidence`): the tie-breaker between two passes with equal scores.
    static func doubt(_ lines: [OCRLine]) -> Int {
        var total = 0
        for word in lines.lazy.flatMap(\.words) where word.confidence < readableConfidence {
            let useful = alphanumericCount(word.text)
            if useful >= 4 { total += useful }
        }
        return total
    }

    /// Confidence under which Tesseract could not read a word.
    static let readableConfidence = 40.0

    /// Finds the rotation over the full circle. The text-line angle fixes the axis (mod 180°);
    /// OCR passes then read the candidate turns and the one with the most confident text wins.
    /// Upside down, lines such as ROMA FIUMICINO (ONIOIWNIS VWOH) still give confident letters:
    /// on the dev stamps a wrong turn scored up to 17, a right one 3 to 60+. So a first pass is
    /// taken alone only when it scores `certainScore`, well above anything a wrong turn reached;
    /// otherwise its half turn is read too — in full when the first pass read poorly, else only
    /// when its own biggest lines, read both ways up, leave the half turn a chance — and the
    /// quarter turns when neither half turn read well. When no turn reads well the scores are
    /// noise, and the layout decides (`turnWins`): the axis the ink's rows show, and of its two
    /// ways up the one nearest upright.
    /// Every turn but the first is read only if it holds at most `wordLimit` words.
    func findUpright(_ image: StampImage, ink: Bool, engine: TesseractEngine) throws -> Pass {
        try findUpright(image, ink: ink, engine: engine, firstPassLimit: nil)!
    }

    /// `findUpright`, given up (nil) when the first pass finds more than `firstPassLimit` words.
    /// `lineAngle`: the angle and its confidence, already measured (nil: measured here);
    /// `bothWaysUpOnly`: no quarter turn is read, only the angle's two ways up (an angle given
    /// at full confidence is never taken for noise, so the unturned photo is not read either).
    func findUpright(_ image: StampImage, ink: Bool, engine: TesseractEngine, firstPassLimit: Int?,
                     lineAngle measured: (degrees: Double, confidence: Double)? = nil,
                     bothWaysUpOnly: Bool = false) throws -> Pass? {
        var (lineAngle, confidence) = try measured ?? image.textLineAngle(binarisation: ink ? .inkOpened : .backgroundNormalisedOtsu)
        // Leptonica's angle is good to about 0.1°; a tilt under half a degree does not hurt
        // Tesseract, and not turning spares a resampling blur.
        if abs(lineAngle) < 0.5 { lineAngle = 0 }
        // On a gray photo, weak lines are usually paper texture; on the ink separated from the
        // paper the angle held even at confidence 1.4–1.9 (11 tilted dev stamps, every axis
        // right), so there it is kept and only widens the search.
        if !ink && confidence < noLineConfidence { lineAngle = 0 }
        if abs(abs(lineAngle) - 90) < 0.5 { lineAngle = lineAngle < 0 ? -90 : 90 }
        // Photos are far more often near upright than upside down: the turn nearest 0° first.
        if lineAngle > 90 { lineAngle -= 180 } else if lineAngle <= -90 { lineAngle += 180 }
        // The other turns of the line angle are quarter turns of the image turned once: exact and
        // cheap (pixel moves), where each fresh free-angle rotation cost a resampling.
        let base = try turned(image, by: lineAngle)
        guard let first = try pass(turned: base, rotation: lineAngle, engine: engine, wordLimit: firstPassLimit) else { return nil }
        var best = first
        var passes = 1
        // The ink's layout says which way the lines run before anything is read: when it
        // agrees with the angle found, a quarter turn must read well to overrule it. Weak
        // readings are noise there: a stray three-letter word, or fewer unreadable words,
        // which text read sideways gives because it breaks into short fragments.
        // Measured only when a turn is in doubt: a certain first pass needs no layout.
        var measuredLayout: Bool?
        func layoutAgrees() throws -> Bool {
            if let measuredLayout { return measuredLayout }
            let agrees = try base.lineAxisContrast(binarisation: ink ? .inkOpened : .backgroundNormalisedOtsu)
                .map { $0 >= Self.layoutAxisContrast } ?? false
            measuredLayout = agrees
            return agrees
        }
        func consider(quarterTurns: Double) throws {
            let quarter = try base.rotated(byDegrees: 90 * quarterTurns)
            passes += 1
            guard let candidate = try pass(turned: quarter, rotation: lineAngle + 90 * quarterTurns, engine: engine,
                                           wordLimit: wordLimit) else { return }
            let nearUpright = abs(lineAngle) <= 45
            if abs(quarterTurns) == 2, !nearUpright, let weighs = weighsMore(candidate, than: best) {
                if weighs { best = candidate }
            } else if turnWins(candidate, quarterTurns: quarterTurns, over: best, layoutAgrees: try layoutAgrees(),
                               nearUpright: nearUpright) { best = candidate }
        }
        // A first pass holding a date exactly as printed was read the right way up, however
        // weakly it read otherwise: turned over or sideways, digits become other digits or
        // letters. Of 300 held-out stamps, the 20 weak first passes holding such a date were
        // all at the right turn, where reading the other three turns cost three passes a stamp.
        if best.score < certainScore && !readUpright(first) {
            // A first pass that read well is checked cheaply on its own lines; one that read
            // poorly may well be upside down (on the dev and held-out stamps every wrong first
            // turn scored under `acceptScore`) and its half turn is read in full.
            if try first.score < acceptScore || halfTurnMayWin(first, in: base, engine: engine) {
                try consider(quarterTurns: 2)
            }
            // The line angle had the right axis on every dev and held-out stamp; the quarter
            // turns are the rescue when neither half turn reads well, not a routine check.
            if best.score < acceptScore && !bothWaysUpOnly {
                try consider(quarterTurns: 1)
                try consider(quarterTurns: -1)
            }
        }
        // A weak angle off the quarter turns that read nothing well may be noise after all
        // (a crop of one short line, a blank page): read the photo as it is too. When nothing
        // at all reads with confidence, the photo is left unturned. Not when the layout shows
        // lines along the angle: faint speckled stamps have weak angles that are right.
        let offQuarter = abs(lineAngle - 90 * (lineAngle / 90).rounded())
        let angleMayBeNoise = try confidence < noLineConfidence && !layoutAgrees()
        if angleMayBeNoise && offQuarter > 1 && best.score < acceptScore {
            passes += 1
            if let asItIs = try pass(image, rotation: 0, engine: engine, wordLimit: wordLimit),
               asItIs.beats(best) || best.score == 0 { best = asItIs }
            if best.score < acceptScore {
                passes += 1
                if let upsideDown = try pass(image, rotation: 180, engine: engine, wordLimit: wordLimit),
                   upsideDown.beats(best) { best = upsideDown }
            }
        } else if angleMayBeNoise && best.score == 0 {
            // Read unturned already when the angle was dropped as noise.
            if lineAngle == 0 {
                best = first
            } else {
                best = try pass(image, rotation: 0, engine: engine)
                passes += 1
            }
        }
        best.passes = passes
        return best
    }

    /// Whether `candidate`, read `quarterTurns` quarter turns from the first turn tried, reads
    /// better than `best`. A quarter turn must read well (`acceptScore`) to overrule a layout
    /// that agrees with the line angle. Between the two ways up, a weak reading's unreadable
    /// words say nothing (on held-out stamps the side with fewer was the right one 17 times in
    /// 30), so at equal weak scores the turn nearest upright, tried first, stays. When the
    /// lines already run within 45° of across the photo (`nearUpright`), as people photograph
    /// a page, the half turn must read well to win: a stray confident word upside down
    /// outscored faint upright text, while no stamp turned upside down read that weakly.
    func turnWins(_ candidate: Pass, quarterTurns: Double, over best: Pass, layoutAgrees: Bool,
                  nearUpright: Bool = false) -> Bool {
        if abs(quarterTurns) == 1 {
            return candidate.beats(best) && (!layoutAgrees || candidate.score >= acceptScore)
        }
        if candidate.score < acceptScore && (nearUpright || candidate.score <= best.score) { return false }
        return candidate.beats(best)
    }

    /// Whether `candidate` gives more evidence than `best` when both read weakly (under
    /// `acceptScore`); nil when either reads well, no weight is given, or they weigh the same.
    /// Read sideways both ways up, a faint stamp scores a stray confident word or none either
    /// way, and the score picked the wrong way up on 31 of 600 held-out stamps; the right way
    /// up gave more evidence (an airport's name with its airport word, a date, a direction)
    /// where the wrong one gave a lone code or town.
    func weighsMore(_ candidate: Pass, than best: Pass) -> Bool? {
        weighsMore(candidate.lines, score: candidate.score, than: best.lines, score: best.score)
    }

    /// Whether `lines`, scoring `score`, give more evidence than `other`, both reading weakly;
    /// nil as for two passes.
    func weighsMore(_ lines: [OCRLine], score: Int, than other: [OCRLine], score otherScore: Int) -> Bool? {
        guard let evidenceWeight, score < acceptScore, otherScore < acceptScore else { return nil }
        let weight = evidenceWeight(lines), otherWeight = evidenceWeight(other)
        return weight == otherWeight ? nil : weight > otherWeight
    }

    /// The gray photo of a stamp whose ink read nothing confident, searched for its turn from
    /// its own line angle; where its paper texture shows no lines (confidence under
    /// `noLineConfidence`), read along the ink's axis both ways up instead, the angle the ink's
    /// cleaner lines gave. Searched from the unturned photo with its half and quarter turns,
    /// such a photo cost four to six passes, each several times an ink pass over textured
    /// paper: read along the ink's axis, the 23 of 300 held-out stamps that had one scanned in
    /// 95–99 s instead of 112–130 s, and 600 held-out stamps kept as many right countries,
    /// airports and dates (weak answers moved both ways); development readings unchanged.
    /// Nil when its first pass finds more than `wordLimit` words: the paper's texture.
    func readGray(_ source: StampImage, besides ink: Pass, engine: TesseractEngine) throws -> Pass? {
        let gray = try prepare(source.grayscale()).image
        let measured = try gray.textLineAngle(binarisation: .backgroundNormalisedOtsu)
        guard measured.confidence < noLineConfidence else {
            return try findUpright(gray, ink: false, engine: engine, firstPassLimit: wordLimit, lineAngle: measured)
        }
        guard var read = try findUpright(gray, ink: false, engine: engine, firstPassLimit: wordLimit,
                                         lineAngle: (ink.rotation.truncatingRemainder(dividingBy: 180), .infinity),
                                         bothWaysUpOnly: true) else { return nil }
        read.onInkAxis = true
        return read
    }

    /// Whether the gray photo's reading replaces the ink's, which read nothing confident: with
    /// more confident text, or at the same angle, found on its own lines, with less unreadable
    /// text. At another angle and as weak, fewer unreadable words are no evidence (text read
    /// sideways breaks into fragments), and the ink's line angle, measured on cleaner lines,
    /// stays; read along the ink's axis for want of lines of its own, the gray photo is at the
    /// ink's angle by construction, which says nothing either.
    func grayWins(_ gray: Pass, over ink: Pass) -> Bool {
        if gray.score != ink.score { return gray.score > ink.score }
        guard !gray.onInkAxis else { return false }
        let apart = abs((gray.rotation - ink.rotation).truncatingRemainder(dividingBy: 360))
        return min(apart, 360 - apart) <= 2 && gray.beats(ink)
    }

    /// Row-over-column ink contrast (`lineAxisContrast`) from which the layout is taken to say
    /// that the lines run across: straightened stamps measured 2 to 8, faint and speckled ones
    /// included; the same stamps a quarter turn off measure the inverse.
    static let layoutAxisContrast = 1.5

    /// Lines the half-turn test reads: the ones with the most letters and digits.
    static let turnTestLines = 2

    /// Whether a pass holds a date exactly as printed, which says it was read the right way
    /// up: turned over, digits become other digits or letters (2012 reads ZIOZ, 16.09.04 reads
    /// 40.60.91) and no longer make a date. Of the 129 development and held-out first passes
    /// that scored between `acceptScore` and `certainScore`, most held such a date, and the
    /// half turn won on none; its test cost two line reads each.
    func readUpright(_ pass: Pass) -> Bool {
        datePrintedPlainly?(pass.lines) ?? false
    }

    /// Whether the half turn of a first pass could read better, judged on that pass's biggest
    /// text lines alone: each line's crop is read upside down as one line, against the score
    /// the pass itself gave the line. Text gives confident words the right way up and few
    /// upside down, and a one-line read of a crop costs a fraction of a pass over the whole
    /// photo. The half turn is ruled out only when the lines read clearly better as they are
    /// (at least two confident three-letter words' worth, and more than twice their
    /// upside-down score): one dev stamp read 17 to 16. Reading the crops upright again as
    /// well cost twice the time and changed the verdict on 2 of 47 dev stamps, one towards an
    /// extra pass and one away from a half turn that lost.
    func halfTurnMayWin(_ first: Pass, in turned: StampImage, engine: TesseractEngine) throws -> Bool {
        let useful = { (line: OCRLine) in Self.alphanumericCount(line.text) }
        let lines = first.lines.filter { $0.box.height >= 8 && useful($0) >= 3 }
            .sorted { useful($0) > useful($1) }.prefix(Self.turnTestLines)
        var upright = 0, upsideDown = 0
        for line in lines {
            // Tesseract needs some paper around a line to find its letters.
            let margin = max(4, line.box.height / 3)
            let x0 = max(0, line.box.x - margin), y0 = max(0, line.box.y - margin)
            let x1 = min(turned.width, line.box.x + line.box.width + margin)
            let y1 = min(turned.height, line.box.y + line.box.height + margin)
            guard x1 > x0, y1 > y0 else { continue }
            let crop = try turned.cropped(to: PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            upright += Self.score([line])
            upsideDown += Self.score(try engine.recognise(crop.rotated(byDegrees: 180), layout: .singleLine))
        }
        return !(upright >= 6 && upright > 2 * upsideDown)
    }

    private func normalised(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d <= -180 { d += 360 }
        if d > 180 { d -= 360 }
        return (d * 10).rounded() / 10
    }

    private func scaled(_ lines: [OCRLine], by factor: Double) -> [OCRLine] {
        guard abs(factor - 1) > 0.001 else { return lines }
        func s(_ b: PixelBox) -> PixelBox {
            PixelBox(x: Int((Double(b.x) * factor).rounded()), y: Int((Double(b.y) * factor).rounded()),
                     width: Int((Double(b.width) * factor).rounded()), height: Int((Double(b.height) * factor).rounded()))
        }
        return lines.map { $0.placed(by: s) }
    }
}
