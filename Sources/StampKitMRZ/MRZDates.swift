import Foundation
import StampKitSupport

/// A calendar day: the reference "today" that two-digit MRZ years are resolved against.
public struct MRZDay: Sendable, Equatable, Comparable {
    /// Four-digit year.
    public var year: Int
    /// 1–12.
    public var month: Int
    /// 1–31.
    public var day: Int

    /// A day given by its parts (tests pin "today" this way).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC calendar day of `date`: the zone's dates carry no time zone, so UTC is as good as any.
    public init(_ date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// Orders days chronologically.
    public static func < (lhs: MRZDay, rhs: MRZDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// ISO 8601 `YYYY-MM-DD`.
    var iso: String {
        let y = String(year), m = String(month), d = String(day)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-"
            + (m.count < 2 ? "0" : "") + m + "-" + (d.count < 2 ? "0" : "") + d
    }
}

/// Two-digit-year dates of the zone. The rules, by field:
/// - birth: the latest century that does not put the birthday after the reference day;
/// - expiry: the century that puts the year in the 100-year window from 79 years before to 20
///   years after the reference year. Documents run at most 10–15 years ahead, while a stamp
///   archive holds passports that expired decades ago, so the window leans into the past.
enum MRZDates {
    /// What a six-character `YYMMDD` field holds.
    enum Parsed: Equatable {
        case date(yy: Int, month: Int, day: Int)
        /// Day or month unknown (`<<` or `00`), allowed for birth dates.
        case partial
        case invalid
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Parsed {
        guard bytes.count == 6 else { return .invalid }
        let b = Array(bytes)
        func pair(_ i: Int) -> Int? {
            guard let hi = digit(b[i]), let lo = digit(b[i + 1]) else { return nil }
            return hi * 10 + lo
        }
        func unknown(_ i: Int) -> Bool {
            (b[i] == UInt8(ascii: "<") && b[i + 1] == UInt8(ascii: "<")) || pair(i) == 0
        }
        guard let yy = pair(0) else { return .invalid }
        if unknown(2) || unknown(4) {
            // A known day in an unknown month is no date at all.
            return unknown(2) && !unknown(4) ? .invalid : .partial
        }
        guard let month = pair(2), let day = pair(4), (1...12).contains(month),
            (1...Gregorian.days(inMonth: month, year: nil)).contains(day)
        else { return .invalid }
        return .date(yy: yy, month: month, day: day)
    }

    /// Whether a field could hold a date (used to reject repairs that make a non-date pass).
    static func plausible(_ bytes: ArraySlice<UInt8>, allowPartial: Bool) -> Bool {
        switch parse(bytes) {
        case .date: true
        case .partial: allowPartial
        case .invalid: false
        }
    }

    static func birth(yy: Int, month: Int, day: Int, today: MRZDay) -> MRZDay? {
        let base = today.year - today.year % 100
        var candidate = MRZDay(year: base + yy, month: month, day: day)
        if candidate > today { candidate.year -= 100 }
        return isReal(candidate) ? candidate : nil
    }

    static func expiry(yy: Int, month: Int, day: Int, today: MRZDay) -> MRZDay? {
        let low = today.year - 79
        let year = low + ((yy - low % 100) % 100 + 100) % 100
        let candidate = MRZDay(year: year, month: month, day: day)
        return isReal(candidate) ? candidate : nil
    }

    static func isReal(_ day: MRZDay) -> Bool {
        (1...12).contains(day.month) && (1...Gregorian.days(inMonth: day.month, year: day.year)).contains(day.day)
    }


    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
