import Foundation
import StampKitSupport
import StampKitOCR

/// Where a clue was read: a run of tokens on one line. Clues from the same span are one
/// observation, however many meanings they are given.
public struct TokenSpan: Sendable, Hashable {
    /// Index of the OCR line.
    public var line: Int
    /// First token of the span.
    public var start: Int
    /// One past the last token.
    public var end: Int

    /// Tokens `start..<end` of OCR line `line`.
    public init(line: Int, start: Int, end: Int) {
        self.line = line
        self.start = start
        self.end = end
    }

    /// Whether `other` lies inside this span or is it.
    public func holds(_ other: TokenSpan) -> Bool {
        line == other.line && start <= other.start && other.end <= end
    }
}

/// A word or phrase from a lexicon, found on the stamp.
public struct LexiconHit<Value: Sendable & Equatable>: Sendable, Equatable {
    /// Where on the stamp it was read.
    public var span: TokenSpan
    /// The text as read.
    public var text: String
    /// What the lexicon says it means.
    public var value: Value
    /// Mean OCR confidence of the words, 0…100.
    public var confidence: Double
    /// The lexicon's form of the word, when the words read differ from it (a damaged word);
    /// nil when they are the word.
    public var form: String?

    /// `text` read at `span`, meaning `value`, at OCR `confidence`; `form` for a damaged word.
    public init(span: TokenSpan, text: String, value: Value, confidence: Double, form: String? = nil) {
        self.span = span
        self.text = text
        self.value = value
        self.confidence = confidence
        self.form = form
    }
}

/// An airport word found on the stamp, and the place part of its compound if it had one
/// (`KEFLAVIKURFLUGVOL…` → `keflavikur`).
public struct AirportWordHit: Sendable, Equatable {
    /// Where on the stamp it was read.
    public var span: TokenSpan
    /// The text as printed on the stamp.
    public var text: String
    /// The lexicon entry it matched.
    public var word: AirportWord
    /// Search form of the place part before the airport word inside the same token.
    public var placeStem: String?
    /// OCR confidence, 0…100 (the lowest of its words where there are several).
    public var confidence: Double

    /// `text` read at `span` as the airport word `word`, with the place part of its compound.
    public init(span: TokenSpan, text: String, word: AirportWord, placeStem: String?, confidence: Double) {
        self.span = span
        self.text = text
        self.word = word
        self.placeStem = placeStem
        self.confidence = confidence
    }
}

/// A token shaped like a code (IATA three letters, ISO two letters, a Schengen sign), with what
/// its layout says about how much to trust it.
public struct CodeToken: Sendable, Equatable {
    /// Where on the stamp it was read.
    public var span: TokenSpan
    /// The code in upper case, e.g. `KEF`.
    public var code: String
    /// The text as printed on the stamp.
    public var text: String
    /// OCR confidence, 0…100 (the lowest of its words where there are several).
    public var confidence: Double
    /// Alone on its line, or set off by non-letters (`*IS*`).
    public var standsAlone: Bool
    /// Listed in stopwords.txt (THE, AND, IS…).
    public var isStopword: Bool
    /// Next to a port-of-entry cue (an airport or entry-method word).
    public var nextToPortCue: Bool
    /// A digit was read for one of its letters.
    public var isCorrected: Bool
    /// Its OCR word ends in a quote or apostrophe mark, what Tesseract reads for a half-inked
    /// letter (DUBA… read as `DUB’`), or in a mark it reads for a shape it cannot place (`NYA?`,
    /// `SHR}`, `MAY!`): likely the start of a damaged word, not a printed code.
    public var isClipped: Bool = false
    /// Unlike a printed code: one letter repeated (SSS, EEE — what OCR reads off a ring's border
    /// or a circle of stars), the same letters three times or more on one stamp (texture, not
    /// print), or letters joined to more letters in one OCR word (INT in INT'L, ST in ST-EXUPÉRY).
    public var isDebris: Bool = false
}

/// A run of words that may name a place (country, city or airport), in search form.
public struct NamePhrase: Sendable, Equatable {
    /// Where on the stamp it was read.
    public var span: TokenSpan
    /// The text as printed on the stamp.
    public var text: String
    /// Search form used for gazetteer lookups.
    public var form: String
    /// OCR confidence, 0…100 (the lowest of its words where there are several).
    public var confidence: Double
    /// How many tokens long.
    public var length: Int { span.end - span.start }
}

/// Everything the text of one stamp says before any gazetteer lookup.
public struct StampClues: Sendable, Equatable {
    /// Tokens per OCR line; after the reading's own lines (`readLines`), the words a further
    /// look at a doubtful line, or at a poorly read stamp whole, read differently (see
    /// `Tokenizer.nameLookLines`).
    public var lines: [[StampToken]]
    /// How many of `lines` the reading itself gave: codes, dates and stamp words come from
    /// these only, names also from the lines after them.
    public var readLines: Int
    /// The most trustworthy date on the stamp.
    public var date: StampDate?
    /// Entry and exit words found.
    public var directionHits: [LexiconHit<Direction>]
    /// Words saying how the border was crossed.
    public var entryMethodHits: [LexiconHit<EntryMethod>]
    /// Airport words, with the place part of compounds.
    public var airportWords: [AirportWordHit]
    /// Country aliases and authority phrases.
    public var aliases: [LexiconHit<CountryAlias>]
    /// Three-letter tokens that may be IATA codes.
    public var iataCandidates: [CodeToken]
    /// Two-letter tokens standing alone that may be ISO country codes.
    public var countryCodeCandidates: [CodeToken]
    /// Distinguishing signs standing alone, with their alpha-2 as `code`.
    public var distinguishingSigns: [CodeToken]
    /// Runs of up to four words that may be country or city names.
    public var namePhrases: [NamePhrase]
    /// Single words (≥ 5 letters, four capitals alone on a line, or next to an airport word) that
    /// may be part of an airport's name.
    public var airportNameWords: [NamePhrase]
    /// Runs of two to four words right before or after an airport word (SÂN BAY TÂN SƠN NHẤT),
    /// which together name the airport.
    public var airportNamePhrases: [NamePhrase] = []

    /// The direction the words agree on; nil when none or when they conflict evenly.
    public var direction: Direction? {
        let arrivals = directionHits.filter { $0.value == .arrival }.count
        let departures = directionHits.count - arrivals
        if arrivals == departures { return nil }
        return arrivals > departures ? .arrival : .departure
    }
}

/// Turns an OCR reading into clues: tokens, date, direction, airport words, code-shaped tokens
/// and name phrases. Gazetteer lookups happen in the matcher.
public struct ClueExtractor: Sendable {
    /// The word lists the clues come from.
    public let lexicon: Lexicon
    let dates: DateReader
    /// The airport words of one word with their search forms' UTF-8 bytes, and those of several
    /// words: every token is compared with every airport word, so the comparison is a byte
    /// search made ready once, not a string search set up per pair.
    let singleAirportWords: [SingleAirportWord]
    let airportPhrases: [(word: AirportWord, words: Int)]
    /// The words of those phrases (ZRACNA, LUKA, ORO): a phrase read with a word damaged leaves
    /// the others, which say "airport" and name none, though an airport's name may hold them.
    let airportPhraseWords: Set<String>
    /// The beginnings (five letters or more) of the long stop-words (PROTE, INTERN of
    /// PROTECTION, INTERNATIONAL): a word read so is the stop-word cut short by wear, not the
    /// start of an airport's name (PROTE is not Port Protection's).
    let stopwordBeginnings: Set<String>

    /// The entries of the phrase tables in scripts written without spaces, which also match
    /// inside a word, as bytes in the order of their forms: picked out once, not per stamp.
    let unspacedAliases: [(bytes: [UInt8], value: CountryAlias)]
    let unspacedDirections: [(bytes: [UInt8], value: Direction)]
    let unspacedMethods: [(bytes: [UInt8], value: EntryMethod)]

    /// `table`'s entries in scripts written without spaces, as bytes, sorted by form.
    static func unspacedEntries<V>(_ table: [String: V]) -> [(bytes: [UInt8], value: V)] {
        table.filter { Lexicon.isUnspacedScript($0.key) }.sorted { $0.key < $1.key }.map { (Array($0.key.utf8), $0.value) }
    }

    /// `today` decides the century of two-digit years.
    public init(lexicon: Lexicon, today: Date = Date()) {
        unspacedAliases = Self.unspacedEntries(lexicon.countryAliases)
        unspacedDirections = Self.unspacedEntries(lexicon.directions)
        unspacedMethods = Self.unspacedEntries(lexicon.entryMethods)
        self.lexicon = lexicon
        self.dates = DateReader(lexicon: lexicon, today: today)
        singleAirportWords = lexicon.airportWords.filter { !$0.form.contains(" " as Character) }.map(SingleAirportWord.init)
        airportPhrases = lexicon.airportWords.filter { $0.form.contains(" " as Character) }
            .map { ($0, $0.form.split(separator: " ").count) }
        airportPhraseWords = Set(airportPhrases.map(\.word).flatMap { phrase in
            (phrase.form + " " + (phrase.fullForm ?? "")).split(separator: " ").map(String.init)
        })
        stopwordBeginnings = Set(lexicon.stopwords.keys.filter { $0.count >= Self.longStopword }.flatMap { word in
            (Self.stopwordBeginning..<word.count).map { String(word.prefix($0)) }
        })
    }

    /// Letters from which a stop-word's beginnings are taken for it cut short: shorter ones
    /// (BORDE of BORDER) begin names as often (BORDEAUX).
    static let longStopword = 8
    /// The shortest beginning so taken.
    static let stopwordBeginning = 5

    /// Whether the lines hold a date possible exactly as read, which further looks at the date
    /// line would not change.
    public func holdsPlainDate(_ lines: [OCRLine]) -> Bool {
        dates.holdsPlainDate(lines: Self.lineTexts(lines))
    }

    /// Each line's text as its words give it (the date patterns expect words apart by one space),
    /// for the date patterns. A date Tesseract cut into two lines of one row at a faint or lost
    /// separator (`11.03.0` | `5`, `13` | `07.13`) is given back whole to the first line, the
    /// second left empty: digits go on across a gap inside a word, and across one up to one and
    /// a half letters wide where the separator was (a dot put back); so do the letters of a
    /// month word split inside (`03 A` | `PR 2014`), across a gap inside a word.
    static func lineTexts(_ lines: [OCRLine]) -> [String] {
        var texts = lines.map { line in line.words.isEmpty ? line.text : line.words.map(\.text).joined(separator: " ") }
        let separators: Set<Character> = [".", "-", "/", ","]
        for i in lines.indices {
            guard let last = texts[i].last,
                let j = Tokenizer.rowContinuation(of: i, in: lines, gap: Self.lostSeparatorGap),
                let first = texts[j].first
            else { continue }
            let end = lines[i].words.last!.box, start = lines[j].words.first!.box
            let inside = Double(start.x - end.x - end.width) < Double(min(end.height, start.height)) * Tokenizer.gapInsideWord
            if last.isNumber || separators.contains(last), first.isNumber {
                // A field of two digits split at a spaced-out band's letter gap (`07.1` |
                // `1.24`) is one field, not two around a lost separator.
                let tail = Array(texts[i].suffix(2)), head = Array(texts[j].prefix(2))
                let splitField = tail.count == 2 && separators.contains(tail[0]) && tail[1].isNumber
                    && head.count == 2 && head[0].isNumber && separators.contains(head[1])
                texts[i] += inside || separators.contains(last) || splitField ? texts[j] : "." + texts[j]
            } else if last.isLetter, first.isLetter, inside, (texts[i] + texts[j]).contains(where: \.isNumber) {
                // A month word split inside (`03 A` | `PR 2014`).
                texts[i] += texts[j]
            } else {
                continue
            }
            texts[j] = ""
        }
        return texts
    }

    /// The widest gap, in letter heights, across which a date's digits on one row go on.
    static let lostSeparatorGap = 1.5

    /// Marks OCR ends a word with where a letter was half inked or not a letter at all.
    static let clippingMarks: [Character] = ["’", "'", "‘", "`", "?", "!", "}", "]", ")", "»", "®"]

    /// The clues in one reading.
    public func extract(from reading: OCRReading) -> StampClues {
        let read = Tokenizer.tokenize(reading, airportWords: lexicon.airportWords)
        // A further look at a line is another reading of its names only: a look that misreads
        // must not invent a code, a date or a direction.
        let lines = read + Tokenizer.nameLookLines(reading, read: read)
        var consumed = Set<[Int]>()  // [line, index]

        let aliases = phraseHits(read, lexicon.countryAliases, unspaced: unspacedAliases, consumed: &consumed)
        let directions = phraseHits(read, lexicon.directions, unspaced: unspacedDirections, consumed: &consumed)
        let airportWords = airportWordHits(lines, consumed: &consumed)
        // A method word inside an airport word (the PORT of Polish PORT LOTNICZY, air port) is
        // the airport's.
        let methods = phraseHits(read, lexicon.entryMethods, unspaced: unspacedMethods, consumed: &consumed).filter { hit in
            !airportWords.contains { $0.span.holds(hit.span) }
        }
        // Beside an airport word a port word names the place (AEROPORTO DO PORTO): the line
        // already says how the border was crossed, so the word stays free for the names.
        for hit in methods where airportWords.contains(where: { $0.span.line == hit.span.line }) {
            for k in hit.span.start..<hit.span.end { consumed.remove([hit.span.line, k]) }
        }

        let monthFirst = !aliases.isEmpty && aliases.allSatisfy { $0.value.countryCode == "US" }
        let date = dates.read(lines: Self.lineTexts(reading.lines), rereads: reading.lines.map(\.rereads), monthFirst: monthFirst)

        let cueSpans = airportWords.map(\.span) + methods.map(\.span)
        func nextToCue(_ t: StampToken) -> Bool {
            cueSpans.contains { $0.line == t.line && ($0.end == t.index || $0.start == t.index + 1) }
        }

        // A code is printed once (twice at most); the same letters all over the stamp are the
        // texture of a ring or guilloche read as letters (SS SS SSS SE).
        var occurrences: [String: Int] = [:]
        for line in read { for t in line where t.isUppercase { occurrences[t.form, default: 0] += 1 } }
        var iata: [CodeToken] = []
        var iso: [CodeToken] = []
        var signs: [CodeToken] = []
        // A ring's sign letter stands about twice as tall as the stamp's words read surely; a
        // "letter" many times taller is a corner of the stamp's frame read as L or I, and one
        // far smaller a speck.
        let wordHeights = reading.lines.flatMap(\.words)
            .filter { $0.confidence >= Tokenizer.sureConfidence && $0.text.filter(\.isLetter).count >= 3 }
            .map(\.box.height).sorted()
        func sizedUnlikeASign(_ t: StampToken) -> Bool {
            guard !wordHeights.isEmpty, reading.lines.indices.contains(t.line),
                reading.lines[t.line].words.indices.contains(t.word)
            else { return false }
            let ratio = Double(reading.lines[t.line].words[t.word].box.height) / Double(wordHeights[wordHeights.count / 2])
            return ratio > 3 || ratio < 0.5
        }
        let dateWords = Set(SearchForm.of(date?.text ?? "").split(separator: " ").map(String.init))
        for line in read {
            // Ring stars and border specks come out as single lower-case letters (x IS x); they
            // do not make a code's line long.
            let count = line.filter { !($0.text.count == 1 && $0.text.allSatisfy(\.isLowercase)) }.count
            let short = count <= 2
            let ringed = count < line.count
            for t in line where !consumed.contains([t.line, t.index]) && t.isLettersOnly && t.isUppercase {
                let span = TokenSpan(line: t.line, start: t.index, end: t.index + 1)
                let code = t.form.uppercased()
                let stop = lexicon.stopwords[t.form] != nil
                let alone = count == 1 || t.isIsolated
                func token(_ c: String, standsAlone: Bool) -> CodeToken {
                    CodeToken(
                        span: span, code: c, text: t.text, confidence: t.confidence, standsAlone: standsAlone,
                        // In running text a cue does not make a word a code (LAND FOR in
                        // PERMITTED TO LAND FOR 30 DAYS).
                        isStopword: stop, nextToPortCue: nextToCue(t) && !(stop && count >= 3), isCorrected: t.isCorrected,
                        isClipped: Self.clippingMarks.contains { t.wordText.hasSuffix(t.text + String($0)) },
                        isDebris: Set(c).count == 1 || occurrences[t.form, default: 0] >= 3
                            || (!t.isIsolated
                                && line.contains { $0.word == t.word && $0.index != t.index && $0.isLettersOnly }))
                }
                // Codes are printed in plain ASCII: TÂN is a word, not TAN.
                guard t.text.allSatisfy({ $0.isASCII && $0.isLetter }) else { continue }
                // A two-letter sign with a ring star glued on, read as S (PLS in a ring of
                // stars read as e … x): the sign, and a code only as debris.
                let starred = code.count == 3 && ringed && count == 1 && code.hasSuffix("S")
                    && lexicon.distinguishingSigns[t.form] == nil
                    ? lexicon.distinguishingSigns[String(t.form.prefix(2))] : nil
                if let starred { signs.append(token(starred, standsAlone: true)) }
                if code.count == 3 {
                    // A month word is a code only alone on its line (JUL is Juliaca), and not
                    // when it is the month of the stamp's date read across lines (DEC / 01 2020).
                    if lexicon.months[t.form] != nil, count > 1 || dateWords.contains(t.form) { continue }
                    // A letter off a month word beside a number is the date's month misread
                    // (142 SEF. for 02 SEP), not a code.
                    if dates.nearMonth(t.form) != nil,
                        line.contains(where: { abs($0.index - t.index) == 1 && $0.text.contains(where: \.isNumber) }) {
                        continue
                    }
                    var code = token(code, standsAlone: alone)
                    if starred != nil { code.isDebris = true }
                    iata.append(code)
                }
                if code.count == 2, short || t.isIsolated {
                    iso.append(token(code, standsAlone: true))
                }
                if let sign = lexicon.distinguishingSigns[t.form] {
                    let ok = code.count == 1 ? count == 1 && !sizedUnlikeASign(t) : (short || t.isIsolated)
                    if ok { signs.append(token(sign, standsAlone: true)) }
                }
            }
        }

        return StampClues(
            lines: lines, readLines: read.count, date: date, directionHits: directions, entryMethodHits: methods,
            airportWords: airportWords, aliases: aliases, iataCandidates: iata,
            countryCodeCandidates: iso, distinguishingSigns: signs,
            namePhrases: namePhrases(lines, consumed: consumed),
            airportNameWords: airportNameWords(lines, airportWords: airportWords, consumed: consumed),
            airportNamePhrases: airportNamePhrases(lines, airportWords: airportWords, consumed: consumed))
    }

    /// The words before and after each airport word, as runs of two to four.
    func airportNamePhrases(
        _ lines: [[StampToken]], airportWords: [AirportWordHit], consumed: Set<[Int]>
    ) -> [NamePhrase] {
        var out: [NamePhrase] = []
        for hit in airportWords {
            let line = lines[hit.span.line]
            func usable(_ k: Int) -> Bool {
                line.indices.contains(k) && line[k].isLettersOnly && !consumed.contains([line[k].line, k])
                    && lexicon.months[line[k].form] == nil && lexicon.directions[line[k].form] == nil
            }
            var after = hit.span.end
            while usable(after), after - hit.span.end < 4 { after += 1 }
            var before = hit.span.start
            while usable(before - 1), hit.span.start - before < 4 { before -= 1 }
            for (start, end) in [(hit.span.end, after), (before, hit.span.start)] where end - start >= 2 {
                let part = line[start..<end]
                out.append(
                    NamePhrase(
                        span: TokenSpan(line: hit.span.line, start: start, end: end), text: part.quoted(in: line),
                        form: part.map(\.form).joined(separator: " "), confidence: part.map(\.confidence).min() ?? 0))
            }
        }
        return out
    }

    /// Longest-first matches of lexicon phrases (up to six words) on each line; scripts
    /// without spaces (`unspaced`, the table's entries in them) also match inside a word.
    func phraseHits<V: Sendable & Equatable>(
        _ lines: [[StampToken]], _ table: [String: V], unspaced: [(bytes: [UInt8], value: V)], consumed: inout Set<[Int]>
    ) -> [LexiconHit<V>] {
        var hits: [LexiconHit<V>] = []
        for line in lines {
            var i = 0
            while i < line.count {
                var matched = false
                for n in stride(from: min(6, line.count - i), through: 1, by: -1) {
                    let part = line[i..<(i + n)]
                    let form = part.map(\.form).joined(separator: " ")
                    guard let value = table[form] else { continue }
                    // A one- or two-letter entry (UK, US) must be printed in capitals.
                    if form.count <= 3, !part.allSatisfy(\.isUppercase) { continue }
                    hits.append(hit(part, in: line, value))
                    for t in part { consumed.insert([t.line, t.index]) }
                    i += n
                    matched = true
                    break
                }
                if !matched {
                    let t = line[i]
                    let bytes = Array(t.form.utf8)
                    for (key, value) in unspaced where Self.firstOffset(of: key, in: bytes) != nil {
                        hits.append(hit(line[i..<(i + 1)], in: line, value))
                        consumed.insert([t.line, t.index])
                        break
                    }
                    i += 1
                }
            }
        }
        return hits
    }

    private func hit<V>(_ part: ArraySlice<StampToken>, in line: [StampToken], _ value: V) -> LexiconHit<V> {
        let first = part.first!
        return LexiconHit(
            span: TokenSpan(line: first.line, start: first.index, end: first.index + part.count),
            text: part.quoted(in: line), value: value,
            confidence: part.map(\.confidence).reduce(0, +) / Double(part.count))
    }

    /// Airport words: a prefix anywhere in a token (compounds), a damaged ending (the token ends
    /// with at least five letters of the prefix), or a multi-word phrase.
    func airportWordHits(_ lines: [[StampToken]], consumed: inout Set<[Int]>) -> [AirportWordHit] {
        var hits: [AirportWordHit] = []
        for line in lines {
            var i = 0
            tokens: while i < line.count {
                let t = line[i]
                // Phrases first (BANDAR UDARA, SAN BAY).
                var joined: [Int: String] = [:]
                for (w, n) in airportPhrases {
                    guard i + n <= line.count else { continue }
                    let part = line[i..<(i + n)]
                    let form = joined[n] ?? part.map(\.form).joined(separator: " ")
                    joined[n] = form
                    if form.hasPrefix(w.form) {
                        hits.append(
                            AirportWordHit(
                                span: TokenSpan(line: t.line, start: i, end: i + n),
                                text: part.map(\.text).joined(separator: " "), word: w, placeStem: nil,
                                confidence: part.map(\.confidence).reduce(0, +) / Double(n)))
                        for p in part { consumed.insert([p.line, p.index]) }
                        i += n
                        continue tokens
                    }
                }
                let tokenBytes = Array(t.form.utf8)
                for single in singleAirportWords {
                    // A match of whole UTF-8 sequences starts on a scalar boundary.
                    let found = Self.firstOffset(of: single.bytes, in: tokenBytes)
                    // A word that goes on well past the airport word is another word that
                    // begins with it: BANDARANAIKE, a name, is not BANDARA with a worn end.
                    if let found, tokenBytes.count - found - single.bytes.count > single.longestEnding { continue }
                    guard let end = found
                        ?? single.cutEndings.first(where: { tokenBytes.count >= $0.count && tokenBytes.suffix($0.count).elementsEqual($0) })
                            .map({ tokenBytes.count - $0.count })
                    else { continue }
                    let w = single.word
                    let stem = String(decoding: tokenBytes[..<end], as: UTF8.self)
                    let usable = stem.count >= 3 && !Lexicon.isUnspacedScript(stem)
                    hits.append(
                        AirportWordHit(
                            span: TokenSpan(line: t.line, start: i, end: i + 1), text: t.text, word: w,
                            placeStem: usable ? stem : nil, confidence: t.confidence))
                    consumed.insert([t.line, t.index])
                    break
                }
                i += 1
            }
        }
        return hits
    }

    /// An airport word of one word made ready for comparison with every token.
    struct SingleAirportWord {
        var word: AirportWord
        /// The search form's UTF-8 bytes.
        var bytes: [UInt8]
        /// The form cut short by one letter, then two (never under five), as bytes: a token
        /// ending in one is the word with its end lost at the ring (AEROPU for AEROPUERTO).
        /// None in scripts written without spaces, where a shorter run is another word.
        var cutEndings: [[UInt8]]
        /// The most bytes a token may go on past the form: the rest of the full word and an
        /// inflection or a worn letter or two (FLUGHAFENS, LOTNISKA); any number in scripts
        /// written without spaces, where the next word follows unbroken.
        var longestEnding: Int

        init(_ word: AirportWord) {
            self.word = word
            bytes = Array(word.form.utf8)
            longestEnding = Lexicon.isUnspacedScript(word.form)
                ? Int.max : max(0, (word.fullForm?.utf8.count ?? bytes.count) - bytes.count) + 3
            let letters = word.form.count
            let minimum = max(5, letters - 2)
            cutEndings = Lexicon.isUnspacedScript(word.form) || minimum >= letters ? []
                : stride(from: letters - 1, through: minimum, by: -1).map { Array(word.form.prefix($0).utf8) }
        }
    }

    /// Where `needle` first starts in `haystack`, in bytes.
    static func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty ? 0 : nil }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var k = 1
            while k < needle.count, haystack[start + k] == needle[k] { k += 1 }
            if k == needle.count { return start }
        }
        return nil
    }

    /// Runs of one to four words that might name a country or city, skipping consumed,
    /// all-stop-word and all-lower-case runs and anything shorter than four letters.
    func namePhrases(_ lines: [[StampToken]], consumed: Set<[Int]>) -> [NamePhrase] {
        var out: [NamePhrase] = []
        for line in lines {
            // A month word is part of a date only on a line with digits: on a line of words
            // alone it may end a name (CHIANG MAI; MAI is May in French).
            let dated = line.contains { $0.text.contains(where: \.isNumber) }
            for i in line.indices {
                for n in 1...4 where i + n <= line.count {
                    let part = line[i..<(i + n)]
                    guard part.allSatisfy({ $0.isLettersOnly && !consumed.contains([$0.line, $0.index]) })
                    else { break }
                    let form = part.map(\.form).joined(separator: " ")
                    guard form.filter(\.isLetter).count >= 4 else { continue }
                    if part.allSatisfy({ isFunctionWord($0.form) }) { continue }
                    // Stamps print names in capitals: words with none are what OCR makes of
                    // the paper's texture (`boma vuo maa` named Boma, Congo, on an American stamp).
                    if part.allSatisfy({ !$0.text.contains(where: \.isUppercase) }) { continue }
                    // A phrase does not start or end on a month or direction word; stop-words may
                    // (NEW YORK, SAN JOSE), since names are matched exactly.
                    if n > 1, [part.first!.form, part.last!.form].contains(where: {
                        (dated && lexicon.months[$0] != nil) || lexicon.directions[$0] != nil
                    }) { continue }
                    // An elided article is part of the next word, not the end of a name: COTE D
                    // of CÔTE D'AZUR is not Côte d'Ivoire.
                    if let last = part.last, last.text.count == 1, line.indices.contains(i + n),
                        line[i + n].word == last.word
                    { continue }
                    let span = TokenSpan(line: part.first!.line, start: i, end: i + n)
                    let confidence = part.map(\.confidence).min() ?? 0
                    out.append(NamePhrase(span: span, text: part.quoted(in: line), form: form, confidence: confidence))
                    // OCR splits a long word at a wide letter gap (MALAY SIA), or a wide capital
                    // off its word (N ARVA): a fragment and its neighbour are also tried as one.
                    let splitCapital = part.first!.form.count == 1 && part.first!.isUppercase && part.last!.form.count >= 4
                    if n == 2, part.contains(where: { $0.form.count <= 4 }),
                        part.allSatisfy({ $0.form.count >= 2 }) || splitCapital {
                        out.append(
                            NamePhrase(
                                span: span, text: part.quoted(in: line), form: part.map(\.form).joined(),
                                confidence: confidence))
                    }
                }
            }
        }
        return out
    }

    func isFunctionWord(_ form: String) -> Bool {
        lexicon.stopwords[form] != nil || lexicon.months[form] != nil || lexicon.directions[form] != nil
    }

    /// Whether a word may be part of an airport's own name: no function word, nor a word of
    /// a phrase that means "airport", nor a long stop-word cut short.
    func mayNameAnAirport(_ form: String) -> Bool {
        !isFunctionWord(form) && !airportPhraseWords.contains(form) && !stopwordBeginnings.contains(form)
    }

    /// Words that may be part of an airport's name: long words, the place part of a compound
    /// airport word, and a word right before or after an airport word.
    func airportNameWords(
        _ lines: [[StampToken]], airportWords: [AirportWordHit], consumed: Set<[Int]>
    ) -> [NamePhrase] {
        var out: [NamePhrase] = []
        var seen = Set<TokenSpan>()
        for hit in airportWords {
            if let stem = hit.placeStem, seen.insert(hit.span).inserted {
                out.append(NamePhrase(span: hit.span, text: hit.text, form: stem, confidence: hit.confidence))
            }
            let line = lines[hit.span.line]
            for k in [hit.span.start - 1, hit.span.end] where line.indices.contains(k) {
                let t = line[k]
                let span = TokenSpan(line: t.line, start: k, end: k + 1)
                guard t.isLettersOnly, t.form.count >= 3, !consumed.contains([t.line, k]),
                    mayNameAnAirport(t.form), seen.insert(span).inserted
                else { continue }
                out.append(NamePhrase(span: span, text: t.text, form: t.form, confidence: t.confidence))
            }
        }
        for line in lines {
            // Four capitals alone on a line may be an airport's initials (KLIA, JKIA).
            for t in line where t.isLettersOnly && (t.form.count >= 5 || (t.form.count == 4 && t.isUppercase && line.count == 1)) {
                let span = TokenSpan(line: t.line, start: t.index, end: t.index + 1)
                guard !consumed.contains([t.line, t.index]), mayNameAnAirport(t.form),
                    seen.insert(span).inserted
                else { continue }
                out.append(NamePhrase(span: span, text: t.text, form: t.form, confidence: t.confidence))
            }
        }
        return out
    }
}
