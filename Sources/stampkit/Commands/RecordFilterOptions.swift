import Foundation
import StampKit

/// The filters of `list`, declared once for every command that picks catalogued stamps the same
/// way (`list`, `gallery`, `export`): status, country, continent, book, year, direction,
/// favourites, plus the catalogue and gazetteer files they read.
struct RecordFilterOptions {
    static let all = Flag("all", help: "Include pending stamps.")
    static let pending = Flag("pending", help: "Only pending stamps (not yet confirmed).")
    static let country = ValueOption("country", "CC", help: "Only stamps of this country (ISO alpha-2, e.g. IS).")
    static let continent = ValueOption("continent", "CODE", help: "Only stamps of countries on this continent (AF, AN, AS, EU, NA, OC, SA or its English name).")
    static let book = ValueOption("book", "NAME", help: "Only stamps filed in this book.")
    static let year = ValueOption("year", "YYYY", help: "Only stamps dated in this year.")
    static let arrivals = Flag("arrivals", help: "Only arrival stamps.")
    static let departures = Flag("departures", help: "Only departure stamps.")
    static let favorites = Flag("favorites", help: "Only favourites.")
    /// All of them, with `--catalogue` and `--gazetteer`, for a command's table.
    static let specs: [any DeclaredOption] = [
        all, pending, country, continent, book, year, arrivals, departures, favorites, CatalogueOption.spec, GazetteerOption.spec,
    ]

    static let continents = [
        "africa": "AF", "antarctica": "AN", "asia": "AS", "europe": "EU", "north america": "NA",
        "oceania": "OC", "south america": "SA",
    ]

    /// Everything but the continent, which only the gazetteer can turn into countries.
    var filter = RecordFilter()
    /// The continent code asked for, if any.
    let continent: String?
    /// The catalogue file.
    let catalogue: URL
    /// The gazetteer file.
    let gazetteer: URL

    /// Reads the filters; contradictions and malformed values are usage errors.
    init(_ parsed: ParsedCommand) throws {
        if parsed[Self.all] && parsed[Self.pending] {
            throw UsageError(message: "--all and --pending contradict each other; give one; see 'stampkit \(parsed.name) --help'")
        }
        if parsed[Self.all] { filter.statuses = [.pending, .confirmed] }
        if parsed[Self.pending] { filter.statuses = [.pending] }
        if let country = parsed.value(Self.country) {
            filter.countryCodes = [try CountryCodeOption.parse(country, option: "--country")]
        }
        if let text = parsed.value(Self.continent) {
            let upper = text.uppercased()
            guard let code = Self.continents.values.contains(upper) ? upper : Self.continents[text.lowercased()] else {
                throw UsageError(message: "--continent takes AF, AN, AS, EU, NA, OC, SA or a continent's English name, not '\(text.prefix(40))'")
            }
            continent = code
        } else {
            continent = nil
        }
        filter.book = parsed.value(Self.book)
        if parsed.value(Self.year) != nil { filter.year = try parsed.integer(Self.year, in: 1...9999, default: 0) }
        if parsed[Self.arrivals] && parsed[Self.departures] {
            throw UsageError(message: "--arrivals and --departures contradict each other; leave both out to list both")
        }
        if parsed[Self.arrivals] { filter.direction = .arrival }
        if parsed[Self.departures] { filter.direction = .departure }
        filter.favoritesOnly = parsed[Self.favorites]
        catalogue = CatalogueOption.resolve(parsed)
        gazetteer = GazetteerOption.resolve(parsed)
    }

    /// The records these filters pick. The gazetteer (`places`, else opened only when needed)
    /// turns `--continent` into the catalogue's countries on it. With `checkingCountry`, a
    /// `--country` code the gazetteer does not know is refused rather than answered with an
    /// empty result that reads as "never been there" (`list` keeps working without a gazetteer).
    func records(in store: CatalogueStore, checkingCountry: Bool = false, places: Gazetteer? = nil) throws -> [StampRecord] {
        var opened = places
        func gazetteer() throws -> Gazetteer {
            if let opened { return opened }
            let made = try Gazetteer(path: self.gazetteer)
            opened = made
            return made
        }
        var filter = filter
        if checkingCountry, let code = filter.countryCodes?.first, try gazetteer().country(code: code) == nil {
            throw UsageError(message: "--country \(code): no country has that code in the gazetteer; 'stampkit places search NAME' shows a country's code")
        }
        if let continent {
            var all = filter
            all.countryCodes = nil
            let codes = Set(try store.records(matching: all).compactMap { $0.country?.id })
            let places = try gazetteer()
            let onContinent = Set(try codes.filter { try places.country(code: $0)?.continent == continent })
            filter.countryCodes = filter.countryCodes.map { $0.intersection(onContinent) } ?? onContinent
        }
        return try store.records(matching: filter)
    }
}
