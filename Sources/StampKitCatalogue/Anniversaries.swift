import Foundation
import StampKitSupport

/// A day of the year without the year (`07-12`); 29 February is a day like any other.
public struct MonthDay: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// 1…12.
    public let month: Int
    /// 1…31, valid for its month in a leap year.
    public let day: Int

    /// A day that exists in a leap year, or nil (`13-40`, `04-31`).
    public init?(month: Int, day: Int) {
        guard CalendarDay(year: 2000, month: month, day: day) != nil else { return nil }
        self.month = month
        self.day = day
    }

    /// Parses `MM-DD` (one or two digits each), or nil.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
            let month = Int(parts[0]), let day = Int(parts[1])
        else { return nil }
        self.init(month: month, day: day)
    }

    /// The month and day of `date`.
    public init(_ date: CalendarDay) {
        month = date.month
        day = date.day
    }

    /// `MM-DD`.
    public var description: String {
        (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)"
    }

    /// `12 July`.
    public var spoken: String {
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "\(day) \(months[month - 1])"
    }

    /// 1…366: the day's place in a leap year.
    public var ordinal: Int {
        (1..<month).reduce(0) { $0 + Gregorian.days(inMonth: $1, year: 2000) } + day
    }

    /// Days from `self` forward to `other` round the 366-day year, −183…183: negative when
    /// `other` came before (the nearer way round wins; 183 exactly counts forward).
    public func days(to other: MonthDay) -> Int {
        var difference = (other.ordinal - ordinal) % 366
        if difference > 183 { difference -= 366 }
        if difference < -183 { difference += 366 }
        if difference == -183 { difference = 183 }
        return difference
    }

    /// Earlier in the year first.
    public static func < (a: MonthDay, b: MonthDay) -> Bool { (a.month, a.day) < (b.month, b.day) }
}

/// "On this day": the stamps dated on today's calendar day in earlier years, by year, or — when
/// that day has none — those of the nearest day that has some.
public struct OnThisDay: Sendable {
    /// The stamps of one earlier year.
    public struct Year: Sendable {
        /// The year.
        public var year: Int
        /// How many years before today's.
        public var yearsAgo: Int
        /// Its stamps on the day, most specific place first (an airport before a city before a
        /// country), then by number.
        public var stamps: [StampRecord]
    }

    /// Today (from the clock or given).
    public let today: CalendarDay
    /// The day asked about.
    public let asked: MonthDay
    /// The day whose stamps these are: `asked`, or the nearest day with stamps.
    public let day: MonthDay
    /// Days from `asked` to `day` (negative: earlier in the year); 0 when `asked` has stamps.
    public let daysAway: Int
    /// Most recent year first; empty when no stamp is dated in an earlier year.
    public let years: [Year]

    /// Picks from `records` those dated in a year before `today`'s on `asked` (today's day when
    /// nil). On 28 February of a year without a 29th, stamps of 29 February count as that day's
    /// too, so they still come round. When the day has none, the nearest day that has some
    /// is taken instead, the earlier one of two equally near.
    public init(records: [StampRecord], today: CalendarDay, asked: MonthDay? = nil) {
        self.today = today
        let asked = asked ?? MonthDay(today)
        self.asked = asked
        let earlier = records.filter { ($0.date?.year ?? Int.max) < today.year }
        let leapYear = CalendarDay(year: today.year, month: 2, day: 29) != nil
        func falls(_ record: StampRecord, on day: MonthDay) -> Bool {
            guard let date = record.date else { return false }
            let own = MonthDay(date)
            return own == day || (!leapYear && day == MonthDay(month: 2, day: 28) && own == MonthDay(month: 2, day: 29))
        }
        var chosen = asked
        var away = 0
        if !earlier.contains(where: { falls($0, on: asked) }) {
            let days = Set(earlier.compactMap { $0.date.map(MonthDay.init) })
            if let nearest = days.min(by: { a, b in
                let (da, db) = (asked.days(to: a), asked.days(to: b))
                return abs(da) != abs(db) ? abs(da) < abs(db) : da < db
            }) {
                chosen = nearest
                away = asked.days(to: nearest)
            }
        }
        day = chosen
        daysAway = away
        let byYear = Dictionary(grouping: earlier.filter { falls($0, on: chosen) }) { $0.date!.year }
        years = byYear.keys.sorted(by: >).map { year in
            Year(year: year, yearsAgo: today.year - year, stamps: byYear[year]!.sorted {
                ($0.placeDepth, $1.id ?? 0) > ($1.placeDepth, $0.id ?? 0)
            })
        }
    }

    /// `onthisday --json`: `today`, `asked` and `day` (`MM-DD`), `daysAway`, `years` [{`year`,
    /// `yearsAgo`, `stamps` [records as `list --json`]}].
    public func json(thumbnail: (StampRecord) -> String?) -> JSONValue {
        .object([
            ("today", .string(today.description)), ("asked", .string(asked.description)),
            ("day", .string(day.description)), ("daysAway", .int(daysAway)),
            ("years", .array(years.map { year in
                .object([
                    ("year", .int(year.year)), ("yearsAgo", .int(year.yearsAgo)),
                    ("stamps", .array(year.stamps.map { $0.json(thumbnail: thumbnail($0)) })),
                ])
            })),
        ])
    }
}

/// "Then & now": places stamped in two or more different years, with every dated stamp there.
public struct ThenAndNow: Sendable {
    /// One place and its visits.
    public struct Place: Sendable {
        /// `country` or `city`.
        public var level: String
        /// ISO alpha-2 for a country, the GeoNames ID for a city.
        public var id: String
        /// The name the records keep.
        public var name: String
        /// The country's name (for a city; the country itself for a country).
        public var countryName: String
        /// The stamps there, oldest first.
        public var stamps: [StampRecord]
        /// The distinct years, oldest first (two or more).
        public var years: [Int]
    }

    /// Most years first, then the longest span, then by name; countries and cities mixed.
    public let places: [Place]

    /// Groups the dated `records` by country and by city and keeps the places of two or more
    /// years. Undated stamps count nowhere: they have no year to compare.
    public init(records: [StampRecord]) {
        var groups: [String: Place] = [:]
        for record in records.filter({ $0.date != nil }).sorted(by: { ($0.date!, $0.id ?? 0) < ($1.date!, $1.id ?? 0) }) {
            guard let country = record.country else { continue }
            var keys: [(String, String, String)] = [("country", country.id, country.name)]
            if let city = record.city { keys.append(("city", String(city.id), city.name)) }
            for (level, id, name) in keys {
                groups["\(level):\(id)", default: Place(level: level, id: id, name: name, countryName: country.name, stamps: [], years: [])]
                    .stamps.append(record)
            }
        }
        places = groups.values.compactMap { place -> Place? in
            var place = place
            place.years = Array(Set(place.stamps.map { $0.date!.year })).sorted()
            return place.years.count >= 2 ? place : nil
        }.sorted { a, b in
            if a.years.count != b.years.count { return a.years.count > b.years.count }
            let spanA = a.years.last! - a.years.first!, spanB = b.years.last! - b.years.first!
            if spanA != spanB { return spanA > spanB }
            if a.name != b.name { return a.name.localizedStandardCompare(b.name) == .orderedAscending }
            return a.level < b.level
        }
    }

    /// `thennow --json`: an array of {`level`, `id`, `name`, `country`, `years`, `stamps`
    /// [{`id`, `date`, `direction`}]}.
    public func json() -> JSONValue {
        .array(places.map { place in
            .object([
                ("level", .string(place.level)), ("id", .string(place.id)), ("name", .string(place.name)),
                ("country", .string(place.countryName)), ("years", .array(place.years.map { .int($0) })),
                ("stamps", .array(place.stamps.map { record in
                    .object([
                        ("id", record.id.map { .int($0) } ?? .null), ("date", .string(record.date?.description)),
                        ("direction", .string(record.direction?.rawValue)),
                    ])
                })),
            ])
        })
    }
}

extension StampRecord {
    /// How specific the record's place is: 4 with an airport, 3 a city, 2 a region, 1 a country.
    public var placeDepth: Int {
        airport != nil ? 4 : city != nil ? 3 : region != nil ? 2 : country != nil ? 1 : 0
    }
}
