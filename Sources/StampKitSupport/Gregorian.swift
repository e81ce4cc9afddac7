/// The Gregorian calendar's month lengths, which stamps, zones and the catalogue all check days
/// against.
package enum Gregorian {
    /// Days in `month` (1–12) of `year`; with no year (a zone's two-digit dates), February
    /// allows the 29th.
    package static func days(inMonth month: Int, year: Int?) -> Int {
        switch month {
        case 2:
            guard let year else { return 29 }
            return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
