import Foundation

/// The collection as people browse it: continents, then their countries, then the stamps.
/// The atlas page and the collage group the same way; the terminal gallery may share it.
public enum CollectionGroups {
    /// One country's stamps, oldest first (undated last).
    public struct Country: Sendable, Equatable {
        /// ISO alpha-2 code; empty for stamps without a country.
        public var code: String
        /// The name the records carry.
        public var name: String
        /// The stamps.
        public var records: [StampRecord]
    }

    /// One continent's countries, by name.
    public struct Continent: Sendable, Equatable {
        /// GeoNames continent code (AF, AN, AS, EU, NA, OC, SA); empty when not known.
        public var code: String
        /// English name.
        public var name: String
        /// Its countries.
        public var countries: [Country]
        /// Stamps on this continent.
        public var stampCount: Int { countries.reduce(0) { $0 + $1.records.count } }
    }

    /// English names of the GeoNames continent codes.
    public static let continentNames = [
        "AF": "Africa", "AN": "Antarctica", "AS": "Asia", "EU": "Europe", "NA": "North America",
        "OC": "Oceania", "SA": "South America",
    ]

    /// `records` grouped by continent (most stamps first, then by name) and country (by name);
    /// `continentOf` maps a country code to its continent code. Countries it does not know and
    /// stamps without a country come last, under "Elsewhere", so no stamp is left out.
    public static func byContinent(_ records: [StampRecord], continentOf: [String: String]) -> [Continent] {
        var countries: [String: Country] = [:]
        for record in records {
            let code = record.country?.id ?? ""
            countries[code, default: Country(code: code, name: record.country?.name ?? "No country", records: [])]
                .records.append(record)
        }
        var continents: [String: Continent] = [:]
        for (code, var country) in countries {
            country.records.sort(by: chronological)
            let continent = continentOf[code].flatMap { continentNames[$0] != nil ? $0 : nil } ?? ""
            continents[continent, default: Continent(
                code: continent, name: continentNames[continent] ?? "Elsewhere", countries: [])
            ].countries.append(country)
        }
        return continents.values.map { continent in
            var continent = continent
            continent.countries.sort { ($0.code.isEmpty ? 1 : 0, $0.name, $0.code) < ($1.code.isEmpty ? 1 : 0, $1.name, $1.code) }
            return continent
        }.sorted { a, b in
            (a.code.isEmpty ? 1 : 0, -a.stampCount, a.name) < (b.code.isEmpty ? 1 : 0, -b.stampCount, b.name)
        }
    }

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
