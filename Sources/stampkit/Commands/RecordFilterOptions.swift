import Foundation
import StampKit

/// The record filters of `list`, shared by every command that shows part of the collection
/// (`atlas`, …): `--country`, `--continent`, `--book`, `--year`, `--arrivals`/`--departures`,
/// `--favorites`, and `--all`/`--pending` for the statuses.
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
    /// Every filter, for a command's table.
    static let specs: [any DeclaredOption] = [all, pending, country, continent, book, year, arrivals, departures, favorites]

    /// Continent names accepted by `--continent`, to their GeoNames codes.
    static let continents = [
        "africa": "AF", "antarctica": "AN", "asia": "AS", "europe": "EU", "north america": "NA",
        "oceania": "OC", "south america": "SA",
    ]

    /// Everything but the continent, which needs the gazetteer (see `resolved`).
    var filter = RecordFilter()
    /// `--continent` as a code.
    let continent: String?

    init(_ parsed: ParsedCommand) throws {
        if parsed[Self.all] && parsed[Self.pending] {
            throw UsageError(message: "--all and --pending contradict each other; give one; see 'stampkit \(parsed.name) --help'")
        }
        if parsed[Self.all] { filter.statuses = [.pending, .confirmed] }
        if parsed[Self.pending] { filter.statuses = [.pending] }
        if let country = parsed.value(Self.country) {
            filter.countryCodes = [try CountryCodeOption.parse(country, option: "--country")]
        }
        continent = try parsed.value(Self.continent).map(Self.continentCode)
        filter.book = parsed.value(Self.book)
        if parsed.value(Self.year) != nil { filter.year = try parsed.integer(Self.year, in: 1...9999, default: 0) }
        if parsed[Self.arrivals] && parsed[Self.departures] {
            throw UsageError(message: "--arrivals and --departures contradict each other; leave both out to list both")
        }
        if parsed[Self.arrivals] { filter.direction = .arrival }
        if parsed[Self.departures] { filter.direction = .departure }
        filter.favoritesOnly = parsed[Self.favorites]
    }

    /// A continent code from `AF`…`SA` or an English name, any case.
    static func continentCode(_ text: String) throws -> String {
        let upper = text.uppercased()
        guard let code = continents.values.contains(upper) ? upper : continents[text.lowercased()] else {
            throw UsageError(message: "--continent takes AF, AN, AS, EU, NA, OC, SA or a continent's English name, not '\(text.prefix(40))'")
        }
        return code
    }

    /// The filter with `--continent` turned into the catalogue's countries on it.
    func resolved(store: CatalogueStore, gazetteer: URL) throws -> RecordFilter {
        guard let continent else { return filter }
        var all = filter
        all.countryCodes = nil
        let codes = Set(try store.records(matching: all).compactMap { $0.country?.id })
        let places = try Gazetteer(path: gazetteer)
        var resolved = filter
        resolved.countryCodes = Set(try codes.filter { try places.country(code: $0)?.continent == continent })
        return resolved
    }
}
