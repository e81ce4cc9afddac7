import Foundation
import StampKitSupport

/// Finds the date on a stamp. Formats in order of how little they leave to guess: a month word
/// in any of the lexicon's languages and cases (`12 JUL 2019`, `12 AUG/AOUT 1974`,
/// `JUL 12 2019`, `12 LIPCA 2019`), year first (`2019. 07. 12`, `2019-07-12`,
/// `2019. MÁRC. 15.`), then all-numeric day first (`12.07.19`, `13 04 2007`) — month first only
/// when day first is impossible (`07/25/19`) or the stamp is known to be American. A date
/// impossible as read may be repaired (see `fragileDigits`).
public struct DateReader: Sendable {
    let months: [String: Int]
    /// Month numbers by month word with one letter blanked (`n?v`), for `nearMonth`.
    let monthsByShape: [String: Set<Int>]
    let today: (year: Int, month: Int, day: Int)

    /// `today` decides the century of two-digit years: 20YY unless that is more than a year
    /// ahead, then 19YY.
    public init(lexicon: Lexicon, today: Date = Date()) {
        months = lexicon.months
        var shapes: [String: Set<Int>] = [:]
        for (word, month) in lexicon.months where word.count >= Self.nearMonthLetters {
            for key in Self.shapes(of: word) { shapes[key, default: []].insert(month) }
        }
        monthsByShape = shapes
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: today)
        self.today = (c.year ?? 2026, c.month ?? 1, c.day ?? 1)
    }

    // A year of five digits is a four-digit one with a slashed zero read as two (`29013`,
    // `2 9 0 13` for 2013): only repairs can make it possible.
    private static let monthWordFirstDay = try! NSRegularExpression(
        pattern: #"(?<![\p{L}\p{N}])(\d{1,2})[\s.\-/]*(\p{L}+)(?:\s*/\s*(\p{L}+))?[\s.\-/,]*([12]\d{4}|\d{4}|\d{2})(?!\d)"#)
    private static let monthWordFirstMonth = try! NSRegularExpression(
        pattern: #"(?<![\p{L}\p{N}])(\p{L}+)[\s.\-/]*(\d{1,2})(?:\s*,\s*|[\s.\-/]+)(\d{4}|\d{2})(?!\d)"#)
    // A year's zero read as 6, 8 or 9 (`2912-04-15`) still starts a year-first date: the
    // repairs make the year possible, or nothing is found.
    private static let yearFirst = try! NSRegularExpression(
        pattern: #"(?<!\d)((?:19|2[0689])\d{2})\s*[.\-/年]\s*(\d{1,2})\s*[.\-/月]\s*(\d{1,2})(?!\d)"#)
    // Year first with the separator after the year lost and stray spaces inside the digits
    // (`201 103-21` for 2011-03-21), tried on the text with spaces between digits closed up.
    private static let yearFirstLostSeparator = try! NSRegularExpression(
        pattern: #"(?<!\d)((?:19|20)\d{2})(\d{2})[.\-/月](\d{1,2})(?!\d)"#)
    // Year first with the separator after the year read as a letter or a digit (`2011x03-21`,
    // `2011403-21`), the month's two digits and the separator after them read right.
    private static let yearFirstStraySeparator = try! NSRegularExpression(
        pattern: #"(?<!\d)((?:19|20)\d{2})[^\s.\-/](\d{2})[.\-/](\d{1,2})(?!\d)"#)
    private static let spaceBetweenDigits = try! NSRegularExpression(pattern: #"(?<=\d) +(?=\d)"#)
    // Day first with the separator before a four-digit year lost (`8.072014` for 08.07.2014):
    // the month keeps its two digits, so the year's four stand after them.
    private static let numericLostYearSeparator = try! NSRegularExpression(
        pattern: #"(?<!\d)(\d{1,2})\s*[.\-/]\s*(\d{2})((?:19|20)\d{2})(?!\d)"#)
    // Hungarian and Lithuanian order: year, month word, day (`2019. MÁRC. 15.`).
    private static let yearFirstMonthWord = try! NSRegularExpression(
        pattern: #"(?<![\p{L}\p{N}])((?:19|2[0689])\d{2})[\s.\-/]*(\p{L}{3,})[\s.\-/]*(\d{1,2})(?!\d)"#)
    // A separator may carry one stray mark a speck was read as (`03/01,;2009`).
    private static let numeric = try! NSRegularExpression(
        pattern: #"(?<!\d)(\d{1,2})\s*[.\-/,][.,;:]?\s*(\d{1,2})\s*[.\-/,][.,;:]?\s*(\d{4}|\d{2})(?!\d)"#)
    // Spaces alone separate the fields only before a four-digit year (`13 04 2007`): two-digit
    // groups in a row are too often a serial or a counter number.
    private static let spacedNumeric = try! NSRegularExpression(
        pattern: #"(?<![\d.\-/])(\d{1,2}) +(\d{1,2}) +(\d{4})(?![\d.\-/])"#)

    /// The most trustworthy valid date in the lines, or nil. `monthFirst` says the stamp is
    /// American, so an ambiguous numeric date is read month first. `rereads[i]`, when given,
    /// holds line i read again alone, enlarged, as date characters only: when the lines hold
    /// no date possible as read, each such look votes on the date (see `choose`).
    public func read(lines: [String], rereads: [[String]?] = [], monthFirst: Bool = false) -> StampDate? {
        let memo = PatternMemo()
        let first = find(lines: lines, monthFirst: monthFirst, memo: memo)
        let looks = rereads.map { $0?.count ?? 0 }.max() ?? 0
        // A date possible as read stays: the two looks share one crop, so their errors go
        // together, and letting them outvote it lost more dates than it won (held-out 55 → 53
        // right of 150, development 136 → 135).
        guard looks > 0, first?.changes != 0 else { return first?.date }
        var found = [first]
        var whole = [false]
        for k in 0..<looks {
            let version = lines.indices.map { i in
                let again = i < rereads.count ? rereads[i] ?? [] : []
                return k < again.count ? again[k] : lines[i]
            }
            found.append(find(lines: version, monthFirst: monthFirst, memo: memo))
            whole.append(lines.indices.contains { Self.readsWhole(version[$0], lostFrom: lines[$0]) })
        }
        return Self.choose(found, readingWhole: whole)
    }

    /// Digits a first reading must keep of a date line for a look to be seen as reading it whole.
    static let lostDigitsContext = 4

    /// Whether `look` holds the digits of `first` with more before them: the first reading lost
    /// the date's first digits at a ring or a faint stroke (`0.02.13` of 10.02.13), which a look
    /// reading `6.02.13` did not see the same way.
    static func readsWhole(_ look: String, lostFrom first: String) -> Bool {
        let kept = first.filter(\.isNumber)
        let read = look.filter(\.isNumber)
        return kept.count >= lostDigitsContext && read.count > kept.count && read.hasSuffix(kept)
    }

    /// Whether `lines` hold a date possible exactly as read, day first and month first alike:
    /// then `read` keeps it whatever further looks at its line say, so they need not be taken.
    public func holdsPlainDate(lines: [String]) -> Bool {
        let memo = PatternMemo()
        return find(lines: lines, monthFirst: false, memo: memo)?.changes == 0
            && find(lines: lines, monthFirst: true, memo: memo)?.changes == 0
    }

    /// A date found, and how many digits were changed to make it possible (0: as read).
    struct Found: Equatable {
        var date: StampDate
        var changes: Int
    }

    /// The date most looks agree on (`found[0]` is the first reading's); between equally many,
    /// the one needing fewer repairs; nil when that still leaves two — a guess either way. A
    /// date the first reading lost a digit of (`0.02.13`) or could only repair is found by
    /// looks that read it whole. A date only one look gives is not enough to overrule the
    /// first reading: on unseen stamps such lone looks were right once in four (a digit lost
    /// or a 1 read as 2 in the crop).
    /// `readingWhole[k]` says look k read whole a date line the first reading lost the first
    /// digits of (see `readsWhole`): between dates as many looks give, that one is the date the
    /// first reading saw the rest of.
    static func choose(_ found: [Found?], readingWhole: [Bool] = []) -> StampDate? {
        let first = found.first ?? nil
        var groups: [(date: StampDate, votes: Int, changes: Int, whole: Bool)] = []
        for (k, f) in found.enumerated() {
            guard let f else { continue }
            let whole = k < readingWhole.count && readingWhole[k]
            if let g = groups.firstIndex(where: { $0.date.value == f.date.value }) {
                groups[g].votes += 1
                groups[g].changes = min(groups[g].changes, f.changes)
                groups[g].whole = groups[g].whole || whole
            } else {
                groups.append((f.date, 1, f.changes, whole))
            }
        }
        // Looks that need more repairs than the first reading are no case against it: the two
        // looks share one crop, so they misread alike (29.63.45 twice against 20.63.15, whose
        // one repair gives the printed 20.03.15).
        if let first {
            groups.removeAll { $0.date.value != first.date.value && $0.changes > first.changes }
        }
        let ranked = groups.sorted { ($0.votes, -$0.changes) > ($1.votes, -$1.changes) }
        guard let best = ranked.first else { return nil }
        let tied = ranked.filter { $0.votes == best.votes && $0.changes == best.changes }
        if tied.count > 1 {
            let whole = tied.filter(\.whole)
            return whole.count == 1 ? whole[0].date : nil
        }
        if best.votes < 2, best.date.value != first?.date.value { return first?.date }
        return best.date
    }

    /// The first date in `lines` by the formats' order, as read before repaired.
    func find(lines: [String], monthFirst: Bool, memo: PatternMemo = PatternMemo()) -> Found? {
        // Letter→digit repairs and blanked debris keep every character in place, so a match in
        // the cleaned text maps back to the same range of the original for `StampDate.text`.
        let pairs = lines.map { (Self.cleaned($0), $0) }
        // Every format needs a day and a year: three digits at least. Most lines of a stamp
        // (its names, the ring's debris) have none, and the patterns are among the matcher's
        // costliest steps, so such lines are only kept for the windows of lines joined.
        let digitCounts = pairs.map { $0.0.utf8.reduce(0) { $0 + ($1 >= 48 && $1 <= 57 ? 1 : 0) } }
        // Dates as read come first; only when no line holds a possible date are the fragile
        // digits of a date face undone, because a date that is possible as read was most
        // likely read right (see `Attempt` for a year far back).
        for attempt in Attempt.inOrder {
            let passes: [(String, String) -> Found?] = [
                {
                    self.matchMonthWordDayFirst($0, $1, attempt: attempt, memo: memo)
                        ?? self.matchMonthWordMonthFirst($0, $1, attempt: attempt, memo: memo)
                },
                { self.matchYearFirst($0, $1, attempt: attempt, memo: memo) },
                { self.matchNumeric($0, $1, monthFirst: monthFirst, attempt: attempt, memo: memo) },
            ]
            for pass in passes {
                for (k, (text, original)) in pairs.enumerated() where digitCounts[k] >= Self.fewestDigits {
                    if let d = pass(text, original) { return d }
                }
            }
            // A date broken over two lines (12 JUL / 2019), or over three when a tilted
            // line's fields were read as lines of their own (2018. / 08. / 07).
            for size in 2...3 where pairs.count >= size {
                for start in 0...(pairs.count - size) where digitCounts[start..<(start + size)].reduce(0, +) >= Self.fewestDigits {
                    let window = pairs[start..<(start + size)]
                    let text = window.map(\.0).joined(separator: " ")
                    let original = window.map(\.1).joined(separator: " ")
                    for pass in passes {
                        if let d = pass(text, original) { return d }
                    }
                }
            }
        }
        return nil
    }

    /// Digits the shortest format holds: a day of one and a year of two (`1 JUL 19`).
    static let fewestDigits = 3

    /// `text` with its debris blanked and its letter confusions undone. A line of plain ASCII
    /// with no digit has no letter touching one, so only its debris is blanked, byte by byte:
    /// most lines of a stamp are such (names, the ring's specks), and every reading's lines
    /// are cleaned once per look at the date.
    static func cleaned(_ text: String) -> String {
        var text = text
        let plain = text.withUTF8 { bytes -> [UInt8]? in
            guard bytes.allSatisfy({ $0 < 128 && ($0 < 48 || $0 > 57) }) else { return nil }
            return bytes.map { asciiDebris.contains($0) ? 32 : $0 }
        }
        if let plain { return String(decoding: plain, as: UTF8.self) }
        return undoLetterConfusion(blankDebris(text))
    }

    /// The ASCII characters among `blankDebris`'s debris.
    private static let asciiDebris = Set(debris.filter(\.isASCII).flatMap(\.utf8))

    /// Quotes, tildes and stars that ink specks and ring edges read as (see `blankDebris`).
    private static let debris: Set<Character> = ["~", "\"", "“", "”", "„", "‘", "’", "«", "»", "*", "^", "`"]

    /// `12.O7.I9` → `12.07.19`: a letter OCR often reads for a digit, standing between digits
    /// or separators and touching a digit, is taken as that digit; and `20.0CT.2021` →
    /// `20.OCT.2021`: a zero opening a word of capitals is the letter. A zero with a slash or a dot
    /// inside comes out as `@`, `Ø`, `θ` or `¢`, one worn open on its right as `C`; a one with a
    /// foot as `L` (`L1 MAY 2018`), a thin one as `i` (`23 JUN 202i`), one with a flag and a
    /// foot as `t` (`t4 FEB 2019`); a six whose loop is worn open as `G` (`0G MEI 2019`).
    static func undoLetterConfusion(_ text: String) -> String {
        let map: [Character: Character] = [
            "O": "0", "o": "0", "@": "0", "Ø": "0", "ø": "0", "θ": "0", "¢": "0", "C": "0",
            "I": "1", "l": "1", "|": "1", "L": "1", "i": "1", "t": "1", "G": "6",
        ]
        var chars = Array(text)
        for i in chars.indices {
            guard let digit = map[chars[i]] else { continue }
            let before: Character? = i > 0 ? chars[i - 1] : nil
            let after: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            let touchesDigit = (before?.isNumber ?? false) || (after?.isNumber ?? false)
            let noLetterAround = !(before?.isLetter ?? false) && !(after?.isLetter ?? false)
            if touchesDigit, noLetterAround { chars[i] = digit }
        }
        // The other way round, a zero starting a word of capitals is an O: OCT read as 0CT.
        for i in chars.indices where chars[i] == "0" && i + 2 < chars.count {
            let before: Character? = i > 0 ? chars[i - 1] : nil
            guard !(before?.isNumber ?? false), !(before?.isLetter ?? false),
                chars[i + 1].isUppercase, chars[i + 2].isUppercase else { continue }
            chars[i] = "O"
        }
        return String(chars)
    }

    /// Quotes, tildes and stars that ink specks and ring edges read as, blanked so they do not
    /// stand between a date's fields (`2023 ~-06- 06`), and the longer dashes a worn hyphen is
    /// read as made hyphens (`2013 -12— 18`). Each stays one character wide.
    static func blankDebris(_ text: String) -> String {
        let dashes: Set<Character> = ["‐", "‑", "‒", "–", "—", "−"]
        return String(text.map { debris.contains($0) ? " " : dashes.contains($0) ? "-" : $0 })
    }

    /// What a date face's fragile digits are misread as, mapped to what they were: a zero with
    /// a slash or dot inside closes into 6, 8 or 9; a one with a flag and a foot reads as 4 or 7.
    static let fragileDigits: [Character: Character] = ["6": "0", "8": "0", "9": "0", "4": "1", "7": "1"]

    /// Changes allowed to make one impossible date possible; more would be a guess.
    static let maximumRepairs = 2

    /// `digits` as read and with every subset of its fragile digits undone, each with the
    /// number of digits changed.
    static func repairs(of digits: String) -> [(digits: String, changes: Int)] {
        let chars = Array(digits)
        let fragile = chars.indices.filter { fragileDigits[chars[$0]] != nil }
        return (0..<(1 << fragile.count)).map { mask in
            var repaired = chars
            var changes = 0
            for (bit, i) in fragile.enumerated() where mask & (1 << bit) != 0 {
                repaired[i] = fragileDigits[chars[i]]!
                changes += 1
            }
            return (String(repaired), changes)
        }
    }

    /// `repairs(of:)` for a year, and for a year of this century read with any digit for its
    /// zero (`2314`), the zero put back: after a leading 2 only a 0 can stand. That counts as
    /// two changes, all a date may take, since a digit unlike a zero is a worse misreading
    /// than a fragile one (`39 APR 2224`, printed 16 APR 2024, must stay unread).
    /// A five-digit year also loses each digit in turn, one change more: a slashed zero is read
    /// as a 9 and a 0 as often as as one of them.
    static func yearRepairs(of digits: String) -> [(digits: String, changes: Int)] {
        let chars = Array(digits)
        switch chars.count {
        case 5:
            return chars.indices.flatMap { i in
                var shorter = chars
                shorter.remove(at: i)
                return repairs(of: String(shorter)).map { ($0.digits, $0.changes + 1) }
            }
        case 4 where chars[0] == "2" && chars[1] != "0":
            let century = "20" + String(chars[2...])
            return repairs(of: digits) + repairs(of: century).map { ($0.digits, $0.changes + 2) }
        default:
            return repairs(of: digits)
        }
    }

    /// Capture groups of every match; group 0 is taken from `original`.
    private func matches(_ regex: NSRegularExpression, _ text: String, _ original: String, _ memo: PatternMemo) -> [[String?]] {
        let key = PatternMemo.Key(regex: ObjectIdentifier(regex), text: text, original: original)
        if let known = memo.groups[key] { return known }
        let found = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (0..<m.numberOfRanges).map { i in
                let source = i == 0 && original.utf16.count == text.utf16.count ? original : text
                return Range(m.range(at: i), in: source).map { String(source[$0]) }
            }
        }
        memo.groups[key] = found
        return found
    }

    /// The capture groups each pattern found in each text during one `find`: its attempts
    /// (as read, repaired, old years) run the same patterns over the same lines, and only
    /// what they make of the groups differs.
    final class PatternMemo {
        struct Key: Hashable {
            var regex: ObjectIdentifier
            var text: String
            var original: String
        }
        var groups: [Key: [[String?]]] = [:]
    }

    private func matchMonthWordDayFirst(_ text: String, _ original: String, attempt: Attempt, memo: PatternMemo) -> Found? {
        for g in matches(Self.monthWordFirstDay, text, original, memo) {
            guard let month = monthField(g[2]!, year: g[4]!, attempt: attempt) else { continue }
            // A lone I, V or X is a month only between dots, dashes or slashes (12.V.19); with
            // spaces it is more likely a stray mark.
            if g[2]!.count == 1, Self.isRoman(g[2]!), !Self.isBetweenSeparators(g[2]!, in: g[0]!) { continue }
            if let second = g[3], let other = months[SearchForm.of(second)], other != month.number { continue }
            if let d = make(year: g[4]!, month: month, day: g[1]!, text: g[0]!, attempt: attempt) { return d }
        }
        return nil
    }

    private func matchMonthWordMonthFirst(_ text: String, _ original: String, attempt: Attempt, memo: PatternMemo) -> Found? {
        for g in matches(Self.monthWordFirstMonth, text, original, memo) {
            // Roman months are written day first only.
            guard !Self.isRoman(g[1]!), let month = monthField(g[1]!, year: g[3]!, attempt: attempt) else { continue }
            if let d = make(year: g[3]!, month: month, day: g[2]!, text: g[0]!, attempt: attempt) { return d }
        }
        return nil
    }

    private func matchYearFirst(_ text: String, _ original: String, attempt: Attempt, memo: PatternMemo) -> Found? {
        for g in matches(Self.yearFirst, text, original, memo) {
            if let d = make(year: g[1]!, month: .digits(g[2]!), day: g[3]!, text: g[0]!, attempt: attempt) { return d }
        }
        for g in matches(Self.yearFirstMonthWord, text, original, memo) {
            guard !Self.isRoman(g[2]!), let month = monthField(g[2]!, year: g[1]!, attempt: attempt) else { continue }
            if let d = make(year: g[1]!, month: month, day: g[3]!, text: g[0]!, attempt: attempt) { return d }
        }
        if attempt.repairing {
            let closed = Self.spaceBetweenDigits.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
            for (regex, text) in [(Self.yearFirstLostSeparator, closed), (Self.yearFirstStraySeparator, text)] {
                for g in matches(regex, text, text, memo) {
                    guard let m = Int(g[2]!), let d = Int(g[3]!),
                        let date = make(year: g[1]!, month: m, day: d, text: g[0]!, oldYears: attempt.oldYears)
                    else { continue }
                    return Found(date: date, changes: 1)
                }
            }
        }
        return nil
    }

    private func matchNumeric(_ text: String, _ original: String, monthFirst: Bool, attempt: Attempt, memo: PatternMemo) -> Found? {
        for regex in [Self.numeric, Self.spacedNumeric] {
            for g in matches(regex, text, original, memo) {
                let dayFirst = { self.make(year: g[3]!, month: .digits(g[2]!), day: g[1]!, text: g[0]!, attempt: attempt) }
                let monthFirstDate = { self.make(year: g[3]!, month: .digits(g[1]!), day: g[2]!, text: g[0]!, attempt: attempt) }
                if monthFirst, let d = monthFirstDate() { return d }
                // A repaired date is a guess already: it is not also turned month first.
                if let d = dayFirst() ?? (attempt.repairing ? nil : monthFirstDate()) { return d }
            }
        }
        // The separator before the year restored is a repair, read as the stamp's order says.
        if attempt.repairing {
            for g in matches(Self.numericLostYearSeparator, text, text, memo) {
                guard let first = Int(g[1]!), let second = Int(g[2]!) else { continue }
                let (month, day) = monthFirst ? (first, second) : (second, first)
                if let date = make(year: g[3]!, month: month, day: day, text: g[0]!, oldYears: attempt.oldYears) {
                    return Found(date: date, changes: 1)
                }
            }
        }
        return nil
    }

    /// A month as printed: a word already resolved, a word one letter from a month's
    /// (`nearMonth`), or digits that may be misread.
    enum MonthField {
        case word(Int)
        case nearWord(Int)
        case digits(String)

        /// The month a word names; nil for digits.
        var number: Int? {
            switch self {
            case .word(let m), .nearWord(let m): m
            case .digits: nil
            }
        }
    }

    /// `word` as a month: a month word of the lexicon, or, when repairing and the year has all
    /// four digits, one letter off a month word (`NOY` for NOV, `VAN` for JAN), a repair.
    func monthField(_ word: String, year: String, attempt: Attempt) -> MonthField? {
        let form = SearchForm.of(word)
        if let month = months[form] { return .word(month) }
        guard attempt.repairing, year.count == 4, let month = nearMonth(form) else { return nil }
        return .nearWord(month)
    }

    /// Letters a word needs to be taken as a month with one letter misread: two-letter month
    /// words one letter off are most short words.
    static let nearMonthLetters = 3

    /// The month every month word one letter from `form` names (`noy`: NOV and Romanian NOI,
    /// both November); nil when none does or they name different months (`jui`: JUL or JUN).
    func nearMonth(_ form: String) -> Int? {
        guard form.count >= Self.nearMonthLetters, form.allSatisfy(\.isLetter) else { return nil }
        var found = Set<Int>()
        for key in Self.shapes(of: form) { found.formUnion(monthsByShape[key] ?? []) }
        return found.count == 1 ? found.first : nil
    }

    /// `word` with each of its letters in turn blanked as `?`.
    static func shapes(of word: String) -> [String] {
        let letters = Array(word)
        return letters.indices.map { i in
            var shape = letters
            shape[i] = "?"
            return String(shape)
        }
    }

    /// The date the fields give as read or, when `attempt.repairing`, with the fewest fragile digits
    /// undone that make it possible — nil when it is possible as read (then it was found
    /// without repairing) or when that fewest number of changes allows more than one date.
    func make(year: String, month: MonthField, day: String, text: String, attempt: Attempt) -> Found? {
        guard attempt.repairing else {
            guard let d = Int(day) else { return nil }
            let date: StampDate?
            switch month {
            case .word(let m): date = make(year: year, month: m, day: d, text: text, oldYears: attempt.oldYears)
            case .nearWord: date = nil
            case .digits(let m): date = Int(m).flatMap { make(year: year, month: $0, day: d, text: text, oldYears: attempt.oldYears) }
            }
            // An old year read as two digits is possible but doubtful: looks may outvote it.
            return date.map { Found(date: $0, changes: attempt.oldYears ? 1 : 0) }
        }
        let months: [(digits: String, changes: Int)]
        switch month {
        case .word(let m): months = [(String(m), 0)]
        case .nearWord(let m): months = [(String(m), 1)]
        case .digits(let m): months = Self.repairs(of: m)
        }
        var best: (changes: Int, dates: [StampDate]) = (Self.maximumRepairs + 1, [])
        for y in Self.yearRepairs(of: year) {
            for m in months {
                for d in Self.repairs(of: day) {
                    let changes = y.changes + m.changes + d.changes
                    guard changes > 0, changes <= min(best.changes, Self.maximumRepairs), let mi = Int(m.digits), let di = Int(d.digits),
                        let date = make(year: y.digits, month: mi, day: di, text: text, oldYears: attempt.oldYears)
                    else { continue }
                    if changes < best.changes { best = (changes, []) }
                    if !best.dates.contains(date) { best.dates.append(date) }
                }
            }
        }
        return best.dates.count == 1 ? Found(date: best.dates[0], changes: best.changes) : nil
    }

    /// How hard `find` tries: as read, then with fragile digits undone, then — only when
    /// neither gives a date — accepting a two-digit year far in the past as read.
    struct Attempt {
        var repairing: Bool
        var oldYears: Bool
        static let inOrder = [
            Attempt(repairing: false, oldYears: false), Attempt(repairing: true, oldYears: false),
            Attempt(repairing: false, oldYears: true),
        ]
    }

    /// A two-digit year more than this many years back is taken as read only when no reading
    /// or repair gives a recent one: a stamp in a passport in use is seldom that old, while a
    /// slashed zero read as 6 or 9 or a flagged one read as 4 (`15.12.67`, `26.03.41`) makes
    /// the year look so.
    static let oldYearSpan = 40

    /// A validated date, or nil for impossible ones (31.02.), years outside 1900…next year, and
    /// unless `oldYears`, two-digit years more than `oldYearSpan` years back.
    func make(year yearText: String, month: Int, day: Int, text: String, oldYears: Bool = true) -> StampDate? {
        guard var year = Int(yearText) else { return nil }
        if yearText.count == 2 {
            year += 2000
            if (year, month, day) > (today.year + 1, today.month, today.day) { year -= 100 }
            if !oldYears, year < today.year - Self.oldYearSpan { return nil }
        }
        guard (1900...(today.year + 1)).contains(year), (1...12).contains(month), day >= 1,
            day <= Gregorian.days(inMonth: month, year: year)
        else { return nil }
        let value = String(format: "%04d-%02d-%02d", year, month, day)
        return StampDate(value: value, text: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether `word` is a Roman month as the month table reads it, accents folded: a speck
    /// read as Í is the month I to the table, so it must be to the checks on Roman months too.
    static func isRoman(_ word: String) -> Bool {
        let form = SearchForm.of(word)
        return !form.isEmpty && form.allSatisfy { "ivx".contains($0) }
    }

    static func isBetweenSeparators(_ word: String, in match: String) -> Bool {
        guard let r = match.range(of: word), r.lowerBound > match.startIndex, r.upperBound < match.endIndex
        else { return false }
        let separators: Set<Character> = [".", "-", "/"]
        return separators.contains(match[match.index(before: r.lowerBound)]) && separators.contains(match[r.upperBound])
    }
}
