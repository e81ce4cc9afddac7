import Foundation

/// The collection in time, for the atlas and the collage: stamps in date order and cut into
/// trips (the grouping by continent and country is `Gallery`'s).
public enum CollectionGroups {
    /// Dated stamps by day (then number), undated ones after them.
    public static func chronological(_ a: StampRecord, _ b: StampRecord) -> Bool {
        switch (a.date, b.date) {
        case let (x?, y?) where x != y: return x < y
        case (nil, _?): return false
        case (_?, nil): return true
        default: return (a.id ?? 0) < (b.id ?? 0)
        }
    }

    /// A run of dated stamps with no more than `gapDays` between neighbours: one journey.
    public struct Trip: Sendable, Equatable {
        /// First day.
        public var start: CalendarDay
        /// Last day.
        public var end: CalendarDay
        /// Country codes and names in the order first stamped.
        public var countries: [(code: String, name: String)]
        /// The stamps.
        public var records: [StampRecord]

        /// Trips compare by their stamps.
        public static func == (a: Trip, b: Trip) -> Bool { a.records == b.records }
    }

    /// The dated stamps cut into trips wherever more than `gapDays` pass without a stamp.
    public static func trips(_ records: [StampRecord], gapDays: Int = 7) -> [Trip] {
        let dated = records.filter { $0.date != nil }.sorted(by: chronological)
        var trips: [Trip] = []
        for record in dated {
            let day = record.date!
            if var last = trips.last, dayNumber(day) - dayNumber(last.end) <= gapDays {
                last.end = day
                last.records.append(record)
                if let c = record.country, !last.countries.contains(where: { $0.code == c.id }) {
                    last.countries.append((c.id, c.name))
                }
                trips[trips.count - 1] = last
            } else {
                trips.append(Trip(
                    start: day, end: day, countries: record.country.map { [($0.id, $0.name)] } ?? [], records: [record]))
            }
        }
        return trips
    }

    /// Days since 1970-01-01 (proleptic Gregorian), for gaps between days.
    static func dayNumber(_ d: CalendarDay) -> Int {
        // The civil-from-days inverse of Howard Hinnant's algorithm.
        let y = d.month <= 2 ? d.year - 1 : d.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (d.month + 9) % 12
        let doy = (153 * mp + 2) / 5 + d.day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
