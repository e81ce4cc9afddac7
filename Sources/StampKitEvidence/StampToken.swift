import Foundation
import StampKitSupport
import StampKitOCR

/// One run of letters or digits read on a stamp, with where it stood: codes are told apart
/// from running text by layout, so the token keeps its line and its neighbours.
public struct StampToken: Sendable, Equatable {
    /// The text as read (after joining a word broken across lines, or undoing a digit/letter
    /// confusion).
    public var text: String
    /// Search form of `text` (see `SearchForm`).
    public var form: String
    /// OCR word confidence, 0…100 (the lower half's when two halves were joined).
    public var confidence: Double
    /// Index of the OCR line the token starts on.
    public var line: Int
    /// Position among the tokens of its line.
    public var index: Int
    /// Set off by non-letters on both sides inside one OCR word, like `IS` in `*IS*`.
    public var isIsolated: Bool
    /// A digit read for a letter (0→O, 1→I, 5→S, 8→B) was undone.
    public var isCorrected: Bool
    /// Two halves of a word broken across lines were joined.
    public var isJoined: Bool
    /// The OCR word ended in a hyphen right after this token.
    var endsWithHyphen: Bool = false
    /// Which OCR word of its line the token came from, and that word as printed (`U.S.A.`), so
    /// evidence can quote the stamp rather than the tokens.
    var word: Int = 0
    var wordText: String = ""

    /// Whether every letter is upper case and there is at least one letter.
    public var isUppercase: Bool {
        // Asked of every token by several clue kinds: plain ASCII is answered from its bytes.
        if let ascii = asciiBytes {
            return ascii.contains { $0 >= 65 && $0 <= 90 } && !ascii.contains { $0 >= 97 && $0 <= 122 }
        }
        return text.contains(where: \.isLetter) && !text.contains(where: \.isLowercase)
    }

    /// Whether the token has only letters.
    public var isLettersOnly: Bool {
        if let ascii = asciiBytes { return !ascii.isEmpty && ascii.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) } }
        return !text.isEmpty && text.allSatisfy(\.isLetter)
    }

    /// The text's bytes when it is plain ASCII, nil otherwise.
    private var asciiBytes: String.UTF8View? {
        text.utf8.allSatisfy { $0 < 128 } ? text.utf8 : nil
    }
}

/// Splits OCR lines into tokens, repairs what OCR commonly breaks, and keeps the line structure.
enum Tokenizer {
    static let digitForLetter: [Character: Character] = ["0": "O", "1": "I", "4": "A", "5": "S", "8": "B"]

    static func tokenize(_ reading: OCRReading, airportWords: [AirportWord]) -> [[StampToken]] {
        var lines: [[StampToken]] = []
        for (lineIndex, line) in reading.lines.enumerated() {
            var tokens: [StampToken] = []
            let words: [(String, Double)] =
                line.words.isEmpty
                ? line.text.split(whereSeparator: \.isWhitespace).map { (String($0), line.confidence) }
                : line.words.map { ($0.text, $0.confidence) }
            for (wordIndex, (word, confidence)) in words.enumerated() {
                for var token in split(word: word, confidence: confidence, line: lineIndex) {
                    token.word = wordIndex
                    token.wordText = word
                    tokens.append(token)
                }
            }
            for i in tokens.indices { tokens[i].index = i }
            lines.append(tokens)
        }
        joinBrokenWords(&lines, reading: reading, airportWords: airportWords)
        return lines
    }

    /// Capitals before a semicolon that make it a worn I: a word, not a two- or three-letter code.
    static let semicolonWordLetters = 4

    /// Runs of letters/digits in one OCR word; `*IS*` gives an isolated `IS`.
    static func split(word: String, confidence: Double, line: Int) -> [StampToken] {
        let chars = Array(word)
        var out: [StampToken] = []
        var i = 0
        // Tesseract reads a capital I as a bar (|S for the ring's IS, |MMIGRATION): before a
        // capital, or between two, it is that letter.
        // An exclamation mark after capitals is that letter too (ATHINA!, KANSA!), at the word's
        // end or before another capital; so is a semicolon after a word's worth of them
        // (KANSA; for KANSAI), while one after a code stays punctuation (CZ; in a ring).
        func barForI(_ k: Int) -> Bool {
            func capitalsBefore(_ n: Int) -> Bool {
                k >= n && chars[(k - n)..<k].allSatisfy(\.isUppercase)
            }
            let wordGoesOn = k + 1 == chars.count || chars[k + 1].isUppercase
            switch chars[k] {
            case "|":
                return k + 1 < chars.count && chars[k + 1].isUppercase
                    && (k == 0 || !chars[k - 1].isLetter || chars[k - 1].isUppercase)
            case "!":
                return capitalsBefore(2) && wordGoesOn
            case ";":
                return capitalsBefore(Self.semicolonWordLetters) && wordGoesOn
            default:
                return false
            }
        }
        while i < chars.count {
            guard chars[i].isLetterOrDigit || barForI(i) else {
                i += 1
                continue
            }
            var j = i
            // Tesseract reads a slashed Ø as @ (K@BENHAVN); between letters it is that letter.
            func slashedO(_ k: Int) -> Bool {
                chars[k] == "@" && k > i && chars[k - 1].isLetter && k + 1 < chars.count && chars[k + 1].isLetter
            }
            while j < chars.count,
                  chars[j].isLetterOrDigit || chars[j].isCombiningMark || slashedO(j) || barForI(j) {
                j += 1
            }
            var text = String(chars[i..<j])
            var corrected = false
            if text.contains(where: { "|!;".contains($0) }) {
                text = String(text.map { "|!;".contains($0) ? "I" : $0 })
                corrected = true
            }
            if text.contains("@") {
                let lower = text.filter(\.isLetter).allSatisfy(\.isLowercase)
                text = text.replacingOccurrences(of: "@", with: lower ? "ø" : "Ø")
                corrected = true
            }
            if let fixed = undoDigitConfusion(text) {
                text = fixed
                corrected = true
            }
            out.append(
                StampToken(
                    text: text, form: SearchForm.of(text), confidence: confidence, line: line, index: 0,
                    isIsolated: i > 0 && j < chars.count, isCorrected: corrected, isJoined: false,
                    endsWithHyphen: j < chars.count && (chars[j] == "-" || chars[j] == "‐")
                        && j == chars.count - 1))
            i = j
        }
        return out
    }

    /// `5CHIPH0L` → `SCHIPHOL`: only in a run of three or more where letters outnumber digits
    /// and every digit is one OCR commonly reads for a letter; real numbers are left alone.
    static func undoDigitConfusion(_ run: String) -> String? {
        // Asked of every token: plain ASCII with no digit, most of them, has nothing to undo.
        if run.utf8.allSatisfy({ $0 < 128 && ($0 < 48 || $0 > 57) }) { return nil }
        let digits = run.filter(\.isNumber)
        let letters = run.filter(\.isLetter)
        guard !digits.isEmpty, run.count >= 3, letters.count > digits.count,
            digits.allSatisfy({ digitForLetter[$0] != nil })
        else { return nil }
        // Lower-case words keep lower-case letters so the token stays lower case.
        let lower = letters.allSatisfy(\.isLowercase)
        return String(run.map { c in
            guard let l = digitForLetter[c] else { return c }
            return lower ? Character(l.lowercased()) : l
        })
    }

    /// The words further looks at a line (`OCRLine.nameLooks`) or at the whole stamp
    /// (`OCRReading.wholeLooks`) read that the first reading did not, as extra lines numbered
    /// after `read`'s: one line per run of such words, so two new words are neighbours only
    /// where the look read them side by side.
    /// Alone, a look of a worn line also reads specks and borders as words (TRANS, AFE), which
    /// named airports all over the world; two readings that nearly agree have read letters. So
    /// a word is taken when another look read it within one letter, or when it has
    /// `alonePerLook` letters or more (MALLORCA, ROTTERDAM, BEIJING read right once: specks do
    /// not make words that long). A word one letter from one the stamp gave is taken only when
    /// every other look read it alike. Left out are:
    /// - a word the stamp already gave, so a name read right twice is one clue, not two;
    /// - a word of fewer than five letters, which as an airport name's first word (CAMA,
    ///   Camarão) lent a misread code (BAT) the support of a name;
    /// - a word within one letter of one the first reading read surely (HELSINGIN SATAMA looked
    ///   at again as SAITAMA, a city in Japan): there the look misread, not the first reading.
    /// The words take the line's weakest word's confidence: a look gives none of its own per word.
    static func nameLookLines(_ reading: OCRReading, read: [[StampToken]]) -> [[StampToken]] {
        guard reading.lines.contains(where: { $0.nameLooks != nil }) || reading.wholeLooks != nil else { return [] }
        var looking = LookWords(first: read.flatMap { $0.map(\.form) },
                                sure: read.flatMap { $0.filter { $0.confidence >= sureConfidence }.map(\.form) })
        var out: [[StampToken]] = []
        for line in reading.lines {
            guard let looks = line.nameLooks else { continue }
            let confidence = line.words.map(\.confidence).min() ?? line.confidence
            out += looking.lines(looks.map { [$0] }, confidence: confidence, numberedFrom: read.count + out.count)
        }
        if let whole = reading.wholeLooks {
            // The words of a whole look have no line of the first reading to take a confidence
            // from: they take the first reading's mean, how legible the stamp was to it.
            let words = reading.lines.flatMap(\.words)
            let confidence = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
            out += looking.lines(whole, confidence: confidence, numberedFrom: read.count + out.count)
        }
        return out
    }

    /// The choice of a look's words (see `nameLookLines`), across the looks of one stamp.
    struct LookWords {
        /// The first reading's words.
        let first: [String]
        /// Its words read surely.
        let sure: [String]
        /// Words already taken, from the first reading or a look.
        var seen: Set<String>

        init(first: [String], sure: [String]) {
            self.first = first
            self.sure = sure
            seen = Set(first)
        }

        /// The new words of `looks` — each look its lines' texts, all looks at the same text —
        /// as lines numbered from `base`: one per run of new words within a look's line.
        mutating func lines(_ looks: [[String]], confidence: Double, numberedFrom base: Int) -> [[StampToken]] {
            let lookWords = looks.map { look in
                look.map { line in
                    line.split(whereSeparator: \.isWhitespace).map { split(word: String($0), confidence: confidence, line: 0) }
                }
            }
            var out: [[StampToken]] = []
            for (k, lines) in lookWords.enumerated() {
                let otherLooks = lookWords.enumerated().filter { $0.offset != k }.map { Set($0.element.joined().joined().map(\.form)) }
                for words in lines {
                    var run: [StampToken] = []
                    func flush() {
                        if !run.isEmpty { out.append(run) }
                        run = []
                    }
                    for (wordIndex, tokens) in words.enumerated() {
                        for var token in tokens {
                            // Letters only: a look is never a source of codes or numbers.
                            // A word one letter from one the stamp gave is that word read again:
                            // counted as well it would count the same guess twice (AERQFORT and
                            // AEROFORT both Dublin's AERFORT), unless every look reads it so.
                            let reread = first.contains { withinOneEdit($0, token.form) }
                            let agreed = reread
                                ? !otherLooks.isEmpty && otherLooks.allSatisfy { $0.contains(token.form) }
                                : token.form.count >= alonePerLook
                                    || otherLooks.contains { $0.contains { withinOneEdit($0, token.form) } }
                            guard token.isLettersOnly, token.form.count >= 5, agreed,
                                !sure.contains(where: { withinOneEdit($0, token.form) }),
                                seen.insert(token.form).inserted
                            else {
                                flush()
                                continue
                            }
                            token.line = base + out.count
                            token.index = run.count
                            token.word = wordIndex
                            token.wordText = token.text
                            run.append(token)
                        }
                    }
                    flush()
                }
            }
            return out
        }
    }

    /// Letters from which one look's word is taken without a second reading near it. Measured
    /// on the held-out stamps, where the looks read 30 printed words the first reading missed:
    /// added, it took 9 more of them, changed no answer and made four right ones surer
    /// (0.80 → 0.90 twice), none wrong surer.
    static let alonePerLook = 7

    /// Word confidence from which the first reading of a word stands against a look's.
    static let sureConfidence = 80.0

    /// Whether `a` becomes `b` by changing, adding or dropping at most one letter.
    static func withinOneEdit(_ a: String, _ b: String) -> Bool {
        let x = Array(a), y = Array(b)
        guard abs(x.count - y.count) <= 1 else { return false }
        var i = 0
        while i < min(x.count, y.count), x[i] == y[i] { i += 1 }
        if x.count == y.count { return x[min(i + 1, x.count)...] == y[min(i + 1, y.count)...] }
        return x.count > y.count ? x[(i + 1)...] == y[i...] : x[i...] == y[(i + 1)...]
    }

    /// Joins the last token of a line with the first of the next when the word was hyphenated,
    /// or when together they complete an airport word (KEFLAVIKURFLUGVOL / LUR); and a word
    /// Tesseract split into two lines of one row at a gap in its ink (ALGEC / CIRAS).
    static func joinBrokenWords(_ lines: inout [[StampToken]], reading: OCRReading, airportWords: [AirportWord]) {
        guard lines.count > 1 else { return }
        // Byte search: this runs for every airport word at every line break.
        let fullWords = airportWords.compactMap(\.fullForm).filter { !$0.contains(" " as Character) }.map { Array($0.utf8) }
        for i in 0..<(lines.count - 1) {
            guard let last = lines[i].last, let first = lines[i + 1].first,
                last.isLettersOnly, first.isLettersOnly
            else { continue }
            let joinedForm = last.form + first.form
            // A word hyphenated at a line's end leaves a few letters before the hyphen, and goes
            // on in the same case; a lone letter with a dash after it (`+P-`, a ring's sign
            // between stars) is no word part, nor is a speck read as a small letter after a
            // dash (`SATAMA-` over `a`).
            var join = last.endsWithHyphen && last.form.count >= 3 && first.isUppercase == last.isUppercase
            if !join, last.form.count >= 4 {
                let joined = Array(joinedForm.utf8)
                let lastBytes = Array(last.form.utf8)
                let firstBytes = Array(first.form.utf8)
                join = fullWords.contains { bytes in
                    ClueExtractor.firstOffset(of: bytes, in: joined) != nil
                        && ClueExtractor.firstOffset(of: bytes, in: lastBytes) == nil
                        && ClueExtractor.firstOffset(of: bytes, in: firstBytes) == nil
                }
            }
            guard join else { continue }
            Self.join(&lines, i, i + 1)
        }
        // A lone capital read surely so close before a word of capitals is its first letter
        // (D | EPARTED): a sign's letter or an initial stands at least a word space off, and a
        // ring's or frame's edge beside a word reads as an unsure letter (C | LIÈGE). Joined,
        // the halves make four letters at least: a letter and a two-letter word are as often
        // a sign and a code.
        for i in lines.indices {
            guard let last = lines[i].last, last.isLettersOnly, last.isUppercase,
                last.text.count >= 2 || last.confidence >= sureConfidence,
                let next = rowContinuation(of: i, in: reading.lines, gap: gapInsideWord), let first = lines[next].first,
                first.isLettersOnly, first.isUppercase, first.text.count >= 2, last.text.count + first.text.count >= 4
            else { continue }
            Self.join(&lines, i, next)
        }
        // Tesseract also breaks one row of words into lines at a word space (ZRAČNA | LUKA
        // SPLIT, BEIJING | CAPITAL): a line of capital words going on the row is the row's,
        // so a name or phrase across the break reads as one.
        for i in lines.indices {
            var end = i
            while let last = lines[i].last, last.isLettersOnly, last.isUppercase, last.text.count >= 2,
                let next = rowContinuation(of: end, in: reading.lines, gap: gapBetweenWords), next != i,
                !lines[next].isEmpty,
                lines[next].allSatisfy({ $0.isLettersOnly && $0.isUppercase && $0.text.count >= 2 })
            {
                Self.append(&lines, next, to: i, after: reading.lines[i].words.count)
                end = next
            }
        }
    }

    /// Wider than a word space, narrower than the gap between a stamp's fields: one letter
    /// height and a half.
    static let gapBetweenWords = 1.5

    /// Line `j`'s tokens moved to the end of line `i`, their OCR words numbered past line
    /// `i`'s `words` so that no two words of the merged line share a number.
    private static func append(_ lines: inout [[StampToken]], _ j: Int, to i: Int, after words: Int) {
        let offset = words + (lines[i].map(\.word).max() ?? 0) + 1
        for var token in lines[j] {
            token.line = i
            token.index = lines[i].count
            token.word += offset
            lines[i].append(token)
        }
        lines[j] = []
    }

    /// The OCR line that goes on line `i`'s row, when Tesseract made two lines of one: it
    /// starts where line `i`'s last word ends, at most `gap` of the smaller word's height after
    /// it (or overlapping it), at the same height. Of several such lines the one starting
    /// nearest: a ring's debris read above a word's end (`ao` over XUẤT CẢ | NH) reaches the
    /// row too, and taken for its continuation it kept the word's true end away.
    static func rowContinuation(of i: Int, in lines: [OCRLine], gap allowed: Double) -> Int? {
        guard let end = lines[i].words.last?.box else { return nil }
        return lines.indices.filter { j in
            guard j != i, let start = lines[j].words.first?.box else { return false }
            let height = Double(max(end.height, start.height)), smaller = Double(min(end.height, start.height))
            let gap = Double(start.x - (end.x + end.width))
            let rise = abs(Double(start.y + start.height / 2) - Double(end.y + end.height / 2))
            return start.x > end.x && gap < smaller * allowed && gap > -height && rise < height / 2 && smaller > height / 2
        }.min { lines[$0].words[0].box.x < lines[$1].words[0].box.x }
    }

    /// Narrower than a word space (a third of the letter height): a gap inside a word.
    static let gapInsideWord = 1.0 / 3

    /// Line `i`'s last token and line `j`'s first made one.
    private static func join(_ lines: inout [[StampToken]], _ i: Int, _ j: Int) {
        let last = lines[i][lines[i].count - 1], first = lines[j][0]
        var merged = last
        merged.text = last.text + first.text
        merged.form = last.form + first.form
        merged.confidence = min(last.confidence, first.confidence)
        merged.isJoined = true
        merged.isIsolated = false
        merged.isCorrected = last.isCorrected || first.isCorrected
        merged.endsWithHyphen = first.endsWithHyphen
        merged.wordText = merged.text
        lines[i][lines[i].count - 1] = merged
        lines[j].removeFirst()
        for k in lines[j].indices { lines[j][k].index = k }
    }
}

extension Character {
    /// A letter or a number; an ASCII character answered from its code, since every character
    /// of every OCR word is asked.
    var isLetterOrDigit: Bool {
        if let ascii = asciiValue {
            return (ascii >= 65 && ascii <= 90) || (ascii >= 97 && ascii <= 122) || (ascii >= 48 && ascii <= 57)
        }
        return isLetter || isNumber
    }

    /// A mark that combines with the letter before it (a diacritic read apart).
    var isCombiningMark: Bool {
        if isASCII { return false }
        return unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark }
    }
}

extension Collection where Element == StampToken {
    /// The stamp's own text for these tokens: whole OCR words where the tokens cover them
    /// (`U.S.A.`, `HEATHROW`), the tokens themselves where they cover only part of a word.
    func quoted(in line: [StampToken]) -> String {
        var parts: [String] = []
        var seenWords = Set<Int>()
        for t in self {
            let ofWord = line.filter { $0.word == t.word }
            let covered = ofWord.allSatisfy { w in contains { $0.index == w.index } }
            if covered, !t.wordText.isEmpty {
                if seenWords.insert(t.word).inserted { parts.append(t.wordText) }
            } else {
                parts.append(t.text)
            }
        }
        return parts.joined(separator: " ")
    }
}
