import Foundation
import StampKit

/// `stampkit gallery [filters]`: the collection by continent → country → stamps.
struct GalleryCommand: ToolCommand {
    static let json = Flag("json", help: "Print one JSON object: the tally, then continents → countries → stamps.")
    static let spec = CommandSpec(
        name: "gallery",
        abstract: "Show the collection by continent and country: counts, first and last visit, arrivals and departures.",
        discussion: """
            Takes the filters of 'stampkit list' (confirmed stamps unless --all or --pending). \
            Continents and countries with the most stamps come first; each stamp is listed as \
            'stampkit list' lists it. Continents come from the gazetteer; a country it does not \
            know goes under "\(Gallery.unknownContinentName)". --json prints one object whose \
            stamps are 'list --json' records (thumbnails made if missing).
            """,
        options: RecordFilterOptions.specs + [Self.json])

    let filters: RecordFilterOptions
    let json: Bool

    init(_ parsed: ParsedCommand) throws {
        filters = try RecordFilterOptions(parsed)
        json = parsed[Self.json]
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let store = try CatalogueOption.openWithStamps(filters.catalogue, terminal)
        let places = try Gazetteer(path: filters.gazetteer)
        let records = try filters.records(in: store, checkingCountry: true, places: places)
        let gallery = try Gallery(records: records, continentOf: try places.continentLookup())
        if json {
            let cache = CatalogueOption.thumbnails
            terminal.result(gallery.json(thumbnail: { try? cache.thumbnailPath(for: $0) }))
            return 0
        }
        var lines: [String] = []
        for continent in gallery.continents {
            lines.append(Self.heading(continent.name, code: continent.code, continent.tally))
            for country in continent.countries {
                lines.append("  " + Self.heading(country.name, code: country.code, country.tally))
                lines += country.stamps.map { "    " + recordLine($0) }
            }
        }
        if !lines.isEmpty { terminal.result(lines.joined(separator: "\n")) }
        let countries = gallery.continents.reduce(0) { $0 + $1.countries.filter { $0.code != nil }.count }
        let known = gallery.continents.filter { $0.code != nil }.count
        terminal.note(records.isEmpty
            ? "no stamps match these filters (without filters 'stampkit gallery' shows every confirmed stamp)"
            : "\(Self.plural(records.count, "stamp")) from \(Self.plural(countries, "country", "countries")) on \(Self.plural(known, "continent"))")
        return 0
    }

    /// `Europe (EU) · 9 stamps · 2016-05-02 – 2023-09-05 · 8 arrivals · 1 departure`.
    static func heading(_ name: String, code: String?, _ tally: Gallery.Tally) -> String {
        var parts = [name + (code.map { " (\($0))" } ?? ""), plural(tally.count, "stamp")]
        switch (tally.firstVisit, tally.lastVisit) {
        case let (first?, last?) where first == last: parts.append(first.description)
        case let (first?, last?): parts.append("\(first) – \(last)")
        default: parts.append("undated")
        }
        if tally.arrivals > 0 { parts.append(plural(tally.arrivals, "arrival")) }
        if tally.departures > 0 { parts.append(plural(tally.departures, "departure")) }
        return parts.joined(separator: " · ")
    }

    /// `1 stamp`, `2 stamps`.
    static func plural(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) \(count == 1 ? one : many ?? one + "s")"
    }
}

extension CatalogueOption {
    /// Opens an existing catalogue that holds at least one stamp: the collection commands have
    /// nothing to show otherwise, and say so as an input error rather than print nothing.
    static func openWithStamps(_ url: URL, _ terminal: Terminal) throws -> CatalogueStore {
        guard FileManager.default.fileExists(atPath: url.path) else { throw CatalogueError.empty(url.path) }
        let store = try CatalogueStore.openForReading(url: url)
        if store.recoveredFromUncleanClose {
            terminal.note("stampkit: the catalogue was not closed cleanly last time; its integrity check passed")
        }
        guard try store.counts().values.reduce(0, +) > 0 else { throw CatalogueError.empty(url.path) }
        return store
    }
}

extension Gazetteer {
    /// A country code's continent code and English name, for `Gallery`.
    func continentLookup() throws -> (String) throws -> (code: String, name: String)? {
        let names = try continentNames()
        return { code in
            guard let continent = try self.country(code: code)?.continent else { return nil }
            return (continent, names[continent] ?? continent)
        }
    }
}
