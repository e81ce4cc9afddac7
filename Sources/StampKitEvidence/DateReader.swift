import Foundation
import StampKitSupport

/// Finds the date on a stamp. Formats in order of how little they leave to guess: a month word
/// (`12 JUL 2019`, `12 AUG/AOUT 1974`, `JUL 12 2019`), year first (`2019. 07. 12`,
/// `2019-07-12`), then all-numeric day first (`12.07.19`) — month first only when day first is
/// impossible (`07/25/19`) or the stamp is known to be American.
public struct DateReader: Sendable {
    let months: [String: Int]
    let today: (year: Int, month: Int, day: Int)

    /// `today` decides the century of two-digit years: 20YY unless that is more than a year
    /// ahead, then 19YY.
    public init(lexicon: Lexicon, today: Date = Date()) {
        months = lexicon.months
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: today)
        self.today = (c.year ?? 2026, c.month ?? 1, c.day ?? 1)
    }

    private static let monthWordFirstDay = try! NSRegularExpression(
        pattern: #"(?<![\p{L}\p{N}])(\d{1,2})[\s.\-/]*(\p{L}+)(?:\s*/\s*(\p{L}+))?[\s.\-/,]*(\d{4}|\d{2})(?!\d)"#)
    private static let monthWordFirstMonth = try! NSRegularExpression(
        pattern: #"(?<![\p{L}\p{N}])(\p{L}+)[\s.\-/]*(\d{1,2})(?:\s*,\s*|[\s.\-/]+)(\d{4}|\d{2})(?!\d)"#)
    private static let yearFirst = try! NSRegularExpression(
        pattern: #"(?<!\d)((?:19|20)\d{2})\s*[.\-/年]\s*(\d{1,2})\s*[.\-/月]\s*(\d{1,2})(?!\d)"#)
    private static let numeric = try! NSRegularExpression(
        pattern: #"(?<!\d)(\d{1,2})\s*[.\-/]\s*(\d{1,2})\s*[.\-/]\s*(\d{4}|\d{2})(?!\d)"#)

    /// The most trustworthy valid date in the lines, or nil. `monthFirst` says the stamp is
    /// American, so an ambiguous numeric date is read month first.
    public func read(lines: [String], monthFirst: Bool = false) -> StampDate? {
        // Letter→digit repairs keep every character in place, so a match in the repaired text
        // maps back to the same range of the original for `StampDate.text`.
        let pairs = lines.map { (Self.undoLetterConfusion($0), $0) }
        let passes: [(String, String) -> StampDate?] = [
            { self.matchMonthWordDayFirst($0, $1) ?? self.matchMonthWordMonthFirst($0, $1) },
            { self.matchYearFirst($0, $1) },
            { self.matchNumeric($0, $1, monthFirst: monthFirst) },
        ]
        for pass in passes {
            for (text, original) in pairs {
                if let d = pass(text, original) { return d }
            }
        }
        // A date broken over two lines (12 JUL / 2019).
        for (a, b) in zip(pairs, pairs.dropFirst()) {
            for pass in passes {
                if let d = pass(a.0 + " " + b.0, a.1 + " " + b.1) { return d }
            }
        }
        return nil
    }

    /// `12.O7.I9` → `12.07.19`: a letter OCR often reads for a digit, standing between digits
    /// or separators and touching a digit, is taken as that digit.
    static func undoLetterConfusion(_ text: String) -> String {
        let map: [Character: Character] = ["O": "0", "o": "0", "I": "1", "l": "1", "|": "1"]
        var chars = Array(text)
        for i in chars.indices {
            guard let digit = map[chars[i]] else { continue }
            let before: Character? = i > 0 ? chars[i - 1] : nil
            let after: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            let touchesDigit = (before?.isNumber ?? false) || (after?.isNumber ?? false)
            let noLetterAround = !(before?.isLetter ?? false) && !(after?.isLetter ?? false)
            if touchesDigit, noLetterAround { chars[i] = digit }
        }
        return String(chars)
    }

    /// Capture groups of every match; group 0 is taken from `original`.
    private func matches(_ regex: NSRegularExpression, _ text: String, _ original: String) -> [[String?]] {
        regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (0..<m.numberOfRanges).map { i in
                let source = i == 0 && original.utf16.count == text.utf16.count ? original : text
                return Range(m.range(at: i), in: source).map { String(source[$0]) }
            }
        }
    }

    private func matchMonthWordDayFirst(_ text: String, _ original: String) -> StampDate? {
        for g in matches(Self.monthWordFirstDay, text, original) {
            guard let day = Int(g[1]!), let month = months[SearchForm.of(g[2]!)] else { continue }
            // A lone I, V or X is a month only between dots, dashes or slashes (12.V.19); with
            // spaces it is more likely a stray mark.
            if g[2]!.count == 1, Self.isRoman(g[2]!), !Self.isBetweenSeparators(g[2]!, in: g[0]!) { continue }
            if let second = g[3], let other = months[SearchForm.of(second)], other != month { continue }
            if let d = make(year: g[4]!, month: month, day: day, text: g[0]!) { return d }
        }
        return nil
    }

    private func matchMonthWordMonthFirst(_ text: String, _ original: String) -> StampDate? {
        for g in matches(Self.monthWordFirstMonth, text, original) {
            // Roman months are written day first only.
            guard !Self.isRoman(g[1]!), let month = months[SearchForm.of(g[1]!)], let day = Int(g[2]!)
            else { continue }
            if let d = make(year: g[3]!, month: month, day: day, text: g[0]!) { return d }
        }
        return nil
    }

    private func matchYearFirst(_ text: String, _ original: String) -> StampDate? {
        for g in matches(Self.yearFirst, text, original) {
            guard let month = Int(g[2]!), let day = Int(g[3]!) else { continue }
            if let d = make(year: g[1]!, month: month, day: day, text: g[0]!) { return d }
        }
        return nil
    }

    private func matchNumeric(_ text: String, _ original: String, monthFirst: Bool) -> StampDate? {
        for g in matches(Self.numeric, text, original) {
            guard let a = Int(g[1]!), let b = Int(g[2]!) else { continue }
            let dayFirst = make(year: g[3]!, month: b, day: a, text: g[0]!)
            let monthFirstDate = make(year: g[3]!, month: a, day: b, text: g[0]!)
            if monthFirst, let d = monthFirstDate { return d }
            if let d = dayFirst ?? monthFirstDate { return d }
        }
        return nil
    }

    /// A validated date, or nil for impossible ones (31.02.) and years outside 1900…next year.
    func make(year yearText: String, month: Int, day: Int, text: String) -> StampDate? {
        guard var year = Int(yearText) else { return nil }
        if yearText.count == 2 {
            year += 2000
            if (year, month, day) > (today.year + 1, today.month, today.day) { year -= 100 }
        }
        guard (1900...(today.year + 1)).contains(year), (1...12).contains(month), day >= 1,
            day <= Self.daysIn(month: month, year: year)
        else { return nil }
        let value = String(format: "%04d-%02d-%02d", year, month, day)
        return StampDate(value: value, text: text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    static func isRoman(_ word: String) -> Bool {
        !word.isEmpty && word.allSatisfy { "IVXivx".contains($0) }
    }

    static func isBetweenSeparators(_ word: String, in match: String) -> Bool {
        guard let r = match.range(of: word), r.lowerBound > match.startIndex, r.upperBound < match.endIndex
        else { return false }
        let separators: Set<Character> = [".", "-", "/"]
        return separators.contains(match[match.index(before: r.lowerBound)]) && separators.contains(match[r.upperBound])
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
