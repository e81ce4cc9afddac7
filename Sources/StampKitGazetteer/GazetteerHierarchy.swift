import Foundation
import StampKitSupport
import StampKitSQLite

/// A name of a place in one language (nil: the source did not say which).
public struct PlaceName: Sendable, Codable, Equatable {
    /// Language tag (`de`, `zh-Hant`), or nil for GeoNames' untagged alternates.
    public var language: String?
    /// The name as the source writes it.
    public var name: String
}

/// Everything `stampkit places show` prints about one place.
public struct PlaceDetail: Sendable, Codable, Equatable {
    /// The place itself.
    public var place: PlaceSummary
    /// Its chain upward, top first: continent → country → region → city.
    public var ancestors: [PlaceSummary]
    /// Identifiers by scheme: `iso3166-1`, `iso3166-1-alpha3`, `iso3166-2`, `geonames`,
    /// `geonames-admin1`, `iata`, `icao`, `ident`, `continent`.
    public var codes: [String: String]
    /// Every stored name, tagged ones first by language.
    public var names: [PlaceName]
    /// Places below it, by kind (`country`, `region`, `city`, `airport`).
    public var childCounts: [String: Int]
    /// Airports: OurAirports type (`large_airport`…).
    public var airportType: String?
    /// Airports: scheduled passenger service.
    public var scheduled: Bool?
    /// Airports: the municipality OurAirports names.
    public var municipality: String?
}

/// An ID that names no place in this gazetteer.
public struct PlaceNotFound: StampKitFailure, Equatable {
    /// What was asked for.
    public var id: String

    /// The failure for `id`.
    public init(id: String) { self.id = id }
    /// Input class (exit 65): the ID given was wrong, not the database.
    public var failureClass: FailureClass { .input }
    /// `place-not-found`.
    public var code: String { "place-not-found" }
    /// What went wrong and what IDs look like.
    public var message: String {
        "no place with ID '\(id.prefix(60))' in this gazetteer; IDs are a GeoNames ID (2643743), an ISO "
            + "country code (IS), an admin-1 code (IS.39) or an airport's IATA/ICAO code (KEF); "
            + "find one with `stampkit places search NAME`"
    }
}

extension Gazetteer {
    /// Finds the place an ID names: digits are a continent's or city's GeoNames ID, `CC.XX` a
    /// region, two letters a country, three an airport's IATA code (else a country's alpha-3),
    /// anything else an airport's ICAO code or OurAirports ident. Case does not matter.
    public func place(id rawID: String) throws -> PlaceSummary? {
        let id = rawID.trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty, id.count <= 40 else { return nil }
        if id.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard let number = Int(id) else { return nil }
            return try summary(kind: .continent, place: .integer(number))
                ?? summary(kind: .city, place: .integer(number))
        }
        let upper = id.uppercased()
        if upper.contains("."), GazetteerSources.isAdmin1Code(Substring(upper)) {
            return try summary(kind: .region, place: .text(upper))
        }
        if upper.count == 2 {
            return try summary(kind: .country, place: .text(upper))
        }
        if upper.count == 3, let airport = try airport(iata: upper) {
            return try summary(kind: .airport, place: .text(airport.iata))
        }
        if upper.count == 3, let country = try country(code: upper) {
            return try summary(kind: .country, place: .text(country.code))
        }
        if let byIdent = try summary(kind: .airport, place: .text(upper)) { return byIdent }
        let ident = try rows(
            "SELECT ident FROM airports WHERE icao = ? ORDER BY ident LIMIT 1", [.text(upper)]
        ) { $0.text(at: 0) ?? "" }.first
        return try ident.flatMap { try summary(kind: .airport, place: .text($0)) }
    }

    /// The stored key of a summary, as the `names` table and child queries use it.
    private static func key(_ place: PlaceSummary) -> SQLValue {
        switch place.id {
        case .number(let n): .integer(n)
        case .code(let c): .text(c)
        }
    }

    /// The continent code (`EU`) of a continent summary.
    private func continentCode(_ place: PlaceSummary) throws -> String? {
        try rows("SELECT code FROM continents WHERE id = ?", [Self.key(place)]) { $0.text(at: 0) }
            .first ?? nil
    }

    /// Ancestors, codes, names and child counts of the place `id` names; nil when none does.
    public func detail(id: String) throws -> PlaceDetail? {
        guard let place = try place(id: id) else { return nil }
        var detail = PlaceDetail(
            place: place, ancestors: [], codes: [:], names: [], childCounts: [:])
        switch place.kind {
        case .continent: try describeContinent(&detail)
        case .country: try describeCountry(&detail)
        case .region: try describeRegion(&detail)
        case .city: try describeCity(&detail)
        case .airport: try describeAirport(&detail)
        }
        detail.names = try rows(
            """
            SELECT language, name FROM names WHERE kind = ? AND place = ?
            ORDER BY language IS NULL, language, name
            """, [.text(place.kind.rawValue), Self.key(place)]
        ) { PlaceName(language: $0.text(at: 0), name: $0.text(at: 1) ?? "") }
        return detail
    }

    /// A `count(*)` query's answer.
    private func count(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try rows(sql, values) { $0.int(at: 0) }.first ?? 0
    }

    /// The continent a country (ISO alpha-2) lies in.
    private func continent(ofCountry code: SQLValue) throws -> PlaceSummary? {
        guard
            let continent = try rows(
                "SELECT c.id FROM continents c JOIN countries k ON k.continent = c.code WHERE k.code = ?",
                [code], { $0.int(at: 0) }
            ).first
        else { return nil }
        return try summary(kind: .continent, place: .integer(continent))
    }

    /// The chain above a place in country `code`, top first: its continent, then the country;
    /// nothing when the country is unknown.
    private func countryChain(_ code: String?) throws -> [PlaceSummary] {
        guard let code, let country = try summary(kind: .country, place: .text(code)) else { return [] }
        return try (continent(ofCountry: .text(code)).map { [$0] } ?? []) + [country]
    }

    /// The region a place lies in, as an ancestor list of zero or one.
    private func regionChain(_ id: String?) throws -> [PlaceSummary] {
        guard let id, let region = try summary(kind: .region, place: .text(id)) else { return [] }
        return [region]
    }

    /// A continent: its GeoNames codes and how many countries, regions, cities and airports
    /// lie in it.
    private func describeContinent(_ detail: inout PlaceDetail) throws {
        let code = try continentCode(detail.place) ?? ""
        detail.codes["continent"] = code
        detail.codes["geonames"] = detail.place.id.description
        let inContinent = "country IN (SELECT code FROM countries WHERE continent = ?)"
        detail.childCounts = [
            "country": try count("SELECT count(*) FROM countries WHERE continent = ?", [.text(code)]),
            "region": try count("SELECT count(*) FROM regions WHERE \(inContinent)", [.text(code)]),
            "city": try count("SELECT count(*) FROM cities WHERE \(inContinent)", [.text(code)]),
            "airport": try count("SELECT count(*) FROM airports WHERE \(inContinent)", [.text(code)]),
        ]
    }

    /// A country: ISO and GeoNames codes, its continent, and its regions, cities and airports.
    private func describeCountry(_ detail: inout PlaceDetail) throws {
        let key = Self.key(detail.place)
        if let row = try rows(
            "SELECT alpha3, geonameid, continent FROM countries WHERE code = ?", [key],
            { ($0.text(at: 0), $0.optionalInt(at: 1), $0.text(at: 2)) }
        ).first {
            detail.codes["iso3166-1"] = detail.place.id.description
            detail.codes["iso3166-1-alpha3"] = row.0
            detail.codes["geonames"] = row.1.map(String.init)
            detail.codes["continent"] = row.2
        }
        if let continent = try continent(ofCountry: key) { detail.ancestors.append(continent) }
        detail.childCounts = [
            "region": try count("SELECT count(*) FROM regions WHERE country = ?", [key]),
            "city": try count("SELECT count(*) FROM cities WHERE country = ?", [key]),
            "airport": try count("SELECT count(*) FROM airports WHERE country = ?", [key]),
        ]
    }

    /// A region: admin-1, ISO 3166-2 and GeoNames codes, its country chain, its cities and
    /// airports.
    private func describeRegion(_ detail: inout PlaceDetail) throws {
        let key = Self.key(detail.place)
        if let row = try rows(
            "SELECT iso, geonameid FROM regions WHERE id = ?", [key],
            { ($0.text(at: 0), $0.optionalInt(at: 1)) }
        ).first {
            detail.codes["geonames-admin1"] = detail.place.id.description
            detail.codes["iso3166-2"] = row.0
            detail.codes["geonames"] = row.1.map(String.init)
        }
        detail.ancestors += try countryChain(detail.place.countryCode)
        detail.childCounts = [
            "city": try count("SELECT count(*) FROM cities WHERE region = ?", [key]),
            "airport": try count("SELECT count(*) FROM airports WHERE region = ?", [key]),
        ]
    }

    /// A city: its GeoNames ID, country chain and region, and the airports serving it.
    private func describeCity(_ detail: inout PlaceDetail) throws {
        detail.codes["geonames"] = detail.place.id.description
        detail.ancestors += try countryChain(detail.place.countryCode)
        detail.ancestors += try regionChain(detail.place.regionID)
        detail.childCounts = [
            "airport": try count("SELECT count(*) FROM airports WHERE city = ?", [Self.key(detail.place)])
        ]
    }

    /// An airport: its codes, type, service and municipality, and the chain down to the city
    /// it serves; it has no children.
    private func describeAirport(_ detail: inout PlaceDetail) throws {
        if let row = try rows(
            "SELECT ident, iata, icao, type, scheduled, municipality, city FROM airports WHERE ident = ?",
            [Self.key(detail.place)],
            { ($0.text(at: 0), $0.text(at: 1), $0.text(at: 2), $0.text(at: 3), $0.int(at: 4) != 0, $0.text(at: 5), $0.optionalInt(at: 6)) }
        ).first {
            detail.codes["ident"] = row.0
            detail.codes["iata"] = row.1
            detail.codes["icao"] = row.2
            detail.airportType = row.3
            detail.scheduled = row.4
            detail.municipality = row.5
            detail.ancestors += try countryChain(detail.place.countryCode)
            detail.ancestors += try regionChain(detail.place.regionID)
            if let city = row.6, let summary = try summary(kind: .city, place: .integer(city)) {
                detail.ancestors.append(summary)
            }
        }
        detail.childCounts = [:]
    }

    /// The kind `places list --in` shows by default below a place of `kind`.
    public static func childKind(of kind: PlaceKind?) -> PlaceKind? {
        switch kind {
        case nil: .continent
        case .continent: .country
        case .country: .region
        case .region: .city
        case .city: .airport
        case .airport: nil
        }
    }

    /// Places of `kind` (default: the next level down) inside the place `id` names, most
    /// important first; nil `id` lists the continents. Returns nil when `id` names no place.
    public func children(of id: String?, kind requested: PlaceKind? = nil, limit: Int = 100) throws
        -> [PlaceSummary]?
    {
        guard limit > 0 else { return [] }
        guard let id else {
            return try rows("SELECT id FROM continents ORDER BY population DESC, id", []) { $0.int(at: 0) }
                .compactMap { try summary(kind: .continent, place: .integer($0)) }
        }
        guard let parent = try place(id: id) else { return nil }
        guard let kind = requested ?? Self.childKind(of: parent.kind), kind > parent.kind else {
            return []
        }
        // The condition that puts a row of `kind` inside `parent`.
        let key = Self.key(parent)
        var scope: String
        var value: SQLValue = key
        switch parent.kind {
        case .continent:
            scope = "country IN (SELECT code FROM countries WHERE continent = ?)"
            value = .text(try continentCode(parent) ?? "")
            if kind == .country { scope = "continent = ?" }
        case .country: scope = "country = ?"
        case .region: scope = "region = ?"
        case .city: scope = "city = ?"
        case .airport: return []
        }
        let limitValue = SQLValue.integer(limit)
        switch kind {
        case .continent: return []
        case .country:
            return try rows(
                "SELECT code FROM countries WHERE \(scope) ORDER BY population DESC, code LIMIT ?",
                [value, limitValue], { $0.text(at: 0) ?? "" }
            ).compactMap { try summary(kind: .country, place: .text($0)) }
        case .region:
            return try rows(
                "SELECT id FROM regions WHERE \(scope) ORDER BY population DESC, id LIMIT ?",
                [value, limitValue], { $0.text(at: 0) ?? "" }
            ).compactMap { try summary(kind: .region, place: .text($0)) }
        case .city:
            return try rows(
                "SELECT \(Self.cityColumns) FROM cities WHERE \(scope) ORDER BY population DESC, id LIMIT ?",
                [value, limitValue], Self.city
            ).map(Self.summary(of:))
        case .airport:
            return try rows(
                """
                SELECT \(Self.airportColumns), ident FROM airports WHERE \(scope)
                ORDER BY rank, scheduled DESC, ident LIMIT ?
                """, [value, limitValue], { (Self.airport($0), $0.text(at: 11) ?? "") }
            ).map { Self.summary(of: $0.0, ident: $0.1) }
        }
    }
}
