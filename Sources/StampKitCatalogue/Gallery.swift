import Foundation
import StampKitSupport

/// Catalogued stamps grouped continent → country → stamps, each group with its tally (count,
/// first and last visit, arrivals, departures): what `stampkit gallery` shows and what a page or
/// a picture of the collection is laid out by. The catalogue keeps each record's country but not
/// its continent, so the caller says which continent a country is on (the gazetteer knows).
public struct Gallery: Sendable {
    /// How many stamps a group holds and when and which way they were stamped.
    public struct Tally: Sendable, Equatable {
        /// Stamps in the group.
        public var count = 0
        /// The earliest stamp date; nil when no stamp is dated.
        public var firstVisit: CalendarDay?
        /// The latest stamp date; nil when no stamp is dated.
        public var lastVisit: CalendarDay?
        /// Arrival stamps.
        public var arrivals = 0
        /// Departure stamps.
        public var departures = 0

        /// An empty tally.
        public init() {}

        /// A tally from its parts.
        public init(count: Int, firstVisit: CalendarDay?, lastVisit: CalendarDay?, arrivals: Int, departures: Int) {
            self.count = count
            self.firstVisit = firstVisit
            self.lastVisit = lastVisit
            self.arrivals = arrivals
            self.departures = departures
        }

        /// Counts `record` in.
        public mutating func add(_ record: StampRecord) {
            count += 1
            if let date = record.date {
                firstVisit = firstVisit.map { min($0, date) } ?? date
                lastVisit = lastVisit.map { max($0, date) } ?? date
            }
            switch record.direction {
            case .arrival: arrivals += 1
            case .departure: departures += 1
            case nil: break
            }
        }

        /// The tally's JSON fields: `count`, `firstVisit`, `lastVisit`, `arrivals`, `departures`.
        public var jsonFields: [(String, JSONValue)] {
            [
                ("count", .int(count)), ("firstVisit", .string(firstVisit?.description)),
                ("lastVisit", .string(lastVisit?.description)), ("arrivals", .int(arrivals)),
                ("departures", .int(departures)),
            ]
        }
    }

    /// A country's stamps.
    public struct Country: Sendable {
        /// ISO alpha-2; nil for the stamps that have no country yet (pending ones).
        public var code: String?
        /// The name the records keep.
        public var name: String
        /// Oldest first (undated last), as the catalogue lists them.
        public var stamps: [StampRecord]
        /// Their tally.
        public var tally: Tally
    }

    /// A continent's countries.
    public struct Continent: Sendable {
        /// GeoNames continent code (`EU`); nil for countries whose continent is not known.
        public var code: String?
        /// Its English name.
        public var name: String
        /// Most stamps first, then by name.
        public var countries: [Country]
        /// The tally of all its stamps.
        public var tally: Tally
    }

    /// Name of the group for countries the continent lookup does not know and records without
    /// a country.
    public static let unknownContinentName = "Unknown continent"
    /// Name of the group of records without a country.
    public static let noCountryName = "No country yet"

    /// Most stamps first, then by name; the unknown continent last.
    public let continents: [Continent]
    /// The tally of every stamp.
    public let tally: Tally

    /// Groups `records` (kept in their order within each country). `continentOf` gives a
    /// country code's continent code and name, or nil when it does not know the country.
    public init(records: [StampRecord], continentOf: (String) throws -> (code: String, name: String)?) rethrows {
        // Records by country code ("" for none), appended in place: building each group's
        // struct while adding would copy its stamps once per record.
        var byCountry: [String: [StampRecord]] = [:]
        var total = Tally()
        for record in records {
            total.add(record)
            byCountry[record.country?.id ?? "", default: []].append(record)
        }
        var continentNames: [String: String] = [:]
        var countriesByContinent: [String: [Country]] = [:]
        for (code, stamps) in byCountry {
            let continent = code.isEmpty ? nil : try continentOf(code)
            let key = continent?.code ?? ""  // "" stands for unknown
            continentNames[key] = continent?.name ?? Self.unknownContinentName
            var tally = Tally()
            stamps.forEach { tally.add($0) }
            countriesByContinent[key, default: []].append(Country(
                code: code.isEmpty ? nil : code, name: stamps[0].country?.name ?? Self.noCountryName,
                stamps: stamps, tally: tally))
        }
        func byCountThenName(_ a: (count: Int, name: String, unknown: Bool), _ b: (count: Int, name: String, unknown: Bool)) -> Bool {
            if a.unknown != b.unknown { return b.unknown }
            if a.count != b.count { return a.count > b.count }
            return a.name.localizedStandardCompare(b.name) == .orderedAscending
        }
        continents = countriesByContinent.map { key, countries in
            var tally = Tally()
            for country in countries { country.stamps.forEach { tally.add($0) } }
            let sorted = countries.sorted {
                byCountThenName(($0.tally.count, $0.name, $0.code == nil), ($1.tally.count, $1.name, $1.code == nil))
            }
            return Continent(code: key.isEmpty ? nil : key, name: continentNames[key] ?? Self.unknownContinentName, countries: sorted, tally: tally)
        }.sorted {
            byCountThenName(($0.tally.count, $0.name, $0.code == nil), ($1.tally.count, $1.name, $1.code == nil))
        }
        tally = total
    }

    /// The gallery as `gallery --json` prints it: the whole tally, then `continents`, each with
    /// `code`, `name`, its tally and `countries`, each with `code`, `name`, its tally and
    /// `stamps` (records as `list --json` prints them, with `thumbnail(record)`).
    public func json(thumbnail: (StampRecord) -> String?) -> JSONValue {
        .object(tally.jsonFields + [
            ("continents", .array(continents.map { continent in
                .object([("code", .string(continent.code)), ("name", .string(continent.name))] + continent.tally.jsonFields + [
                    ("countries", .array(continent.countries.map { country in
                        .object([("code", .string(country.code)), ("name", .string(country.name))] + country.tally.jsonFields + [
                            ("stamps", .array(country.stamps.map { $0.json(thumbnail: thumbnail($0)) })),
                        ])
                    })),
                ])
            })),
        ])
    }
}

extension StampRecord {
    /// The record's places, most specific first, as a person names them: the city with its
    /// airport's code (`Keflavík (KEF)`; the airport's own name when there is no city), the
    /// region, the country; a name equal to the one before it is left out (a city-state).
    public var placeNames: [String] {
        var names: [String] = []
        if let city {
            names.append(city.name + (airport.map { " (\($0.id))" } ?? ""))
        } else if let airport {
            names.append("\(airport.name) (\(airport.id))")
        }
        for name in [region?.name, country?.name].compactMap({ $0 }) where names.last != name {
            names.append(name)
        }
        return names
    }
}
