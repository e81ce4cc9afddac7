import Foundation
import StampKit

/// `--kind K[,K…]` of the places commands.
enum PlaceKindOption {
    static func parse(_ values: [String]) throws -> Set<PlaceKind>? {
        guard !values.isEmpty else { return nil }
        var kinds: Set<PlaceKind> = []
        for word in values.flatMap({ $0.split(separator: ",") }) {
            guard let kind = PlaceKind(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw UsageError(
                    message: "--kind takes continent, country, region, city or airport (comma-separated), not '\(word.prefix(40))'")
            }
            kinds.insert(kind)
        }
        return kinds
    }
}

/// A point written `LAT,LON` in decimal degrees, e.g. `64.13,-21.94`, as `places near` and
/// `places search --near` take it.
enum Coordinates {
    /// The point, or one usage line naming `what` (the option or argument) and the form to use.
    /// Plain decimals only: `Double` would also take `0x10`, `nan` and `1e999`, which are no
    /// coordinates a person means.
    static func parse(_ text: String, what: String) throws -> (latitude: Double, longitude: Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        func number(_ s: String) -> Double? {
            guard s.range(of: "^[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)$", options: .regularExpression) != nil else {
                return nil
            }
            return Double(s)
        }
        guard parts.count == 2, let lat = number(parts[0]), let lon = number(parts[1]),
            (-90...90).contains(lat), (-180...180).contains(lon)
        else {
            throw UsageError(
                message: "\(what) takes LAT,LON in decimal degrees (latitude −90…90, longitude −180…180), e.g. 64.13,-21.94, not '\(text.prefix(40))'")
        }
        return (lat, lon)
    }
}

/// One place as `--json` prints it: flat, with the fields scripts rely on.
struct PlaceJSON: Encodable {
    var kind: String
    var id: PlaceID
    var name: String
    var countryCode: String?
    var regionID: String?
    var iata: String?
    var icao: String?
    var population: Int?
    var latitude: Double?
    var longitude: Double?
    var matchedName: String?
    var language: String?
    var match: String?
    var distanceKm: Double?

    init(_ place: PlaceSummary) {
        kind = place.kind.rawValue
        id = place.id
        name = place.name
        countryCode = place.countryCode
        regionID = place.regionID
        iata = place.iata
        icao = place.icao
        population = place.population
        latitude = place.latitude
        longitude = place.longitude
    }

    init(_ hit: PlaceHit) {
        self.init(hit.place)
        matchedName = hit.matchedName
        language = hit.language
        match = hit.match.rawValue
        distanceKm = hit.distanceKm.map { ($0 * 10).rounded() / 10 }
    }
}

/// One line for a place in text output: kind, ID, name, where.
func placeLine(_ place: PlaceSummary) -> String {
    var line = "\(place.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) "
    line += place.id.description.padding(toLength: 9, withPad: " ", startingAt: 0) + " " + place.name
    var extras: [String] = []
    if let iata = place.iata, place.id.description != iata { extras.append(iata) }
    if let icao = place.icao { extras.append(icao) }
    if let country = place.countryCode, place.kind != .country { extras.append(country) }
    if let population = place.population, population > 0, place.kind != .airport {
        extras.append("pop. \(population)")
    }
    if !extras.isEmpty { line += " (" + extras.joined(separator: ", ") + ")" }
    return line
}

/// `stampkit places search`: find places by name in any language.
struct PlacesSearchCommand: ToolCommand {
    static let kind = ValueOption("kind", "KIND", help: "Only continent, country, region, city or airport (comma-separated or repeated).", repeating: true)
    static let within = ValueOption("in", "CC", help: "Only places in this country (ISO alpha-2, e.g. IS).")
    static let near = ValueOption("near", "LAT,LON", help: "Prefer places near this point, e.g. 64.13,-21.9.")
    static let limit = ValueOption("limit", "N", help: "At most N results (default 10).")
    static let json = Flag("json", help: "Print one JSON array of places.")
    static let query = Argument("query", help: "What to look for (several words are one query).", repeating: true)
    static let spec = CommandSpec(
        name: "search",
        abstract: "Find continents, countries, regions, cities and airports by name, in any language.",
        discussion: """
            Words are matched as prefixes, without diacritics, with ð→d, þ→th, æ→ae, ø→o, ß→ss, \
            ł→l and German ue/oe/ae spellings (muenchen finds München). Codes work too: IS, ISL, \
            LAX, KLAX. Ranked exact name first, then names that start with the query, then other \
            word matches; within each, continents and countries first, then by population (an \
            airport by its size and scheduled service); --near prefers nearby places among \
            similarly important ones. Any text is safe to search: punctuation and search syntax \
            are ignored. Put -- before a query that starts with '-'.
            """,
        arguments: [Self.query],
        options: [
            Self.kind,
            Self.within,
            Self.near,
            Self.limit,
            Self.json,
            GazetteerOption.spec,
        ])

    let query: PlaceQuery
    let json: Bool
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        var query = PlaceQuery(text: parsed.arguments(Self.query).joined(separator: " "))
        query.kinds = try PlaceKindOption.parse(parsed.values(Self.kind))
        query.countryCode = try parsed.value(Self.within).map { try CountryCodeOption.parse($0, option: "--in") }
        if let near = parsed.value(Self.near) { query.near = try Coordinates.parse(near, what: "--near") }
        query.limit = try parsed.integer(Self.limit, in: 1...1000, default: 10)
        self.query = query
        json = parsed[Self.json]
        gazetteer = GazetteerOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let hits = try Gazetteer(path: gazetteer).search(query)
        if json {
            terminal.result(try JSONValue(encoding: hits.map(PlaceJSON.init)))
            return 0
        }
        if hits.isEmpty { terminal.note("no places match") }
        for (i, hit) in hits.enumerated() {
            var line = "\(String(i + 1).leftPadded(3)). " + placeLine(hit.place)
            if hit.matchedName != hit.place.name {
                line += " — \"\(hit.matchedName)\"" + (hit.language.map { " (\($0))" } ?? "")
            }
            if let km = hit.distanceKm { line += String(format: " · %.0f km", km) }
            terminal.result(line)
        }
        return 0
    }
}

/// `stampkit places show ID`: one place with its chain, codes, names and children.
struct PlacesShowCommand: ToolCommand {
    static let json = Flag("json", help: "Print as one JSON object.")
    static let id = Argument("id", help: "A GeoNames ID (2643743), ISO country code (IS), admin-1 code (IS.39), or airport IATA/ICAO code (KEF).")
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show one place: its chain upward, codes, names in other languages, child counts.",
        arguments: [Self.id],
        options: [Self.json, GazetteerOption.spec])

    let id: String
    let json: Bool
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        id = parsed.argument(Self.id) ?? ""
        json = parsed[Self.json]
        gazetteer = GazetteerOption.resolve(parsed)
    }

    struct DetailJSON: Encodable {
        var place: PlaceJSON
        var ancestors: [PlaceJSON]
        var codes: [String: String]
        var names: [PlaceName]
        var childCounts: [String: Int]
        var airportType: String?
        var scheduled: Bool?
        var municipality: String?
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let detail = try Gazetteer(path: gazetteer).detail(id: id) else {
            throw PlaceNotFound(id: id)
        }
        if json {
            terminal.result(try JSONValue(encoding: DetailJSON(
                place: PlaceJSON(detail.place), ancestors: detail.ancestors.map(PlaceJSON.init),
                codes: detail.codes, names: detail.names, childCounts: detail.childCounts,
                airportType: detail.airportType, scheduled: detail.scheduled,
                municipality: detail.municipality)))
            return 0
        }
        terminal.result(placeLine(detail.place))
        if !detail.ancestors.isEmpty {
            terminal.result("  in: " + detail.ancestors.map { "\($0.name) (\($0.id))" }.joined(separator: " › "))
        }
        if let lat = detail.place.latitude, let lon = detail.place.longitude {
            terminal.result(String(format: "  at: %.5f, %.5f", lat, lon))
        }
        if let type = detail.airportType {
            terminal.result("  type: \(type)\(detail.scheduled == true ? ", scheduled service" : "")"
                + (detail.municipality.map { "; serves \($0)" } ?? ""))
        }
        terminal.result("  codes: " + detail.codes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        if !detail.childCounts.isEmpty {
            terminal.result("  contains: " + PlaceKind.allCases.compactMap { kind in
                detail.childCounts[kind.rawValue].map {
                    "\($0) \(kind == .city ? "cities" : kind == .country ? "countries" : kind.rawValue + "s")"
                }
            }.joined(separator: ", "))
        }
        let names = detail.names.filter { $0.name != detail.place.name }
        if !names.isEmpty {
            terminal.result("  names: " + names.map { name in
                name.language.map { "\($0) \(name.name)" } ?? name.name
            }.joined(separator: " · "))
        }
        return 0
    }
}

/// `stampkit places list --in ID`: the places one level down, for browsing.
struct PlacesListCommand: ToolCommand {
    static let within = ValueOption("in", "ID", help: "The place to look inside (any ID `places show` takes).")
    static let kind = ValueOption("kind", "KIND", help: "List this kind instead of the next level down.")
    static let limit = ValueOption("limit", "N", help: "At most N places (default 100).")
    static let json = Flag("json", help: "Print one JSON array of places.")
    static let spec = CommandSpec(
        name: "list",
        abstract: "List the places inside one: continents, a continent's countries, a country's regions, …",
        discussion: """
            Without --in, lists the continents. Below a continent come its countries, below a \
            country its regions, below a region its cities, below a city the airports that serve \
            it; --kind picks another kind further down (e.g. --in IS --kind airport). Most \
            important first.
            """,
        options: [
            Self.within,
            Self.kind,
            Self.limit,
            Self.json,
            GazetteerOption.spec,
        ])

    let parent: String?
    let kind: PlaceKind?
    let limit: Int
    let json: Bool
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        parent = parsed.value(Self.within)
        let kinds = try PlaceKindOption.parse(parsed.values(Self.kind))
        guard (kinds?.count ?? 0) <= 1 else { throw UsageError(message: "--kind takes one kind for places list") }
        kind = kinds?.first
        limit = try parsed.integer(Self.limit, in: 1...100_000, default: 100)
        json = parsed[Self.json]
        gazetteer = GazetteerOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let places = try Gazetteer(path: gazetteer).children(of: parent, kind: kind, limit: limit) else {
            throw PlaceNotFound(id: parent ?? "")
        }
        if json {
            terminal.result(try JSONValue(encoding: places.map(PlaceJSON.init)))
            return 0
        }
        if places.isEmpty { terminal.note("nothing listed there") }
        for place in places { terminal.result(placeLine(place)) }
        return 0
    }
}

extension String {
    /// Right-aligned in `width` columns.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
