import Foundation
import StampKit

/// `stampkit places near`: the nearest cities and airports to a point, optionally kept inside a
/// country, a region, a radius, or the border of the country the point is in.
struct PlacesNearCommand: ToolCommand {
    static let kind = ValueOption("kind", "KIND", help: "Only city or airport (default: both).")
    static let radius = ValueOption("radius", "KM", help: "Only places at most KM kilometres away.")
    static let within = ValueOption("in", "CODE", help: "Only places of this country (IS) or admin-1 region (US.MT).")
    static let sameCountry = Flag("same-country", help: "Stay inside the country whose border contains the point.")
    static let limit = ValueOption("limit", "N", help: "How many places (default 5).")
    static let borders = ValueOption("borders", "DIR", help: "Read country borders from this Natural Earth shapefile folder.")
    static let json = Flag("json", help: "Print one JSON array of places.")
    static let latLon = Argument("lat,lon", help: "The point in decimal degrees, e.g. 64.13,-21.94.")
    static let spec = CommandSpec(
        name: "near",
        abstract: "Find the places nearest to a latitude,longitude.",
        discussion: """
            Great-circle distance over an in-memory index of every city and airport in the gazetteer; \
            ties go to the bigger city, then the lower ID. --in CC keeps to one country (ISO alpha-2) \
            and --in CC.XX to one admin-1 region (e.g. US.MT for Montana). --same-country keeps to the \
            country whose border (Natural Earth) contains the point, so the answer never crosses it; \
            the gazetteer must carry borders, or give --borders DIR with the unpacked shapefile.
            """,
        arguments: [Self.latLon],
        options: [
            Self.kind,
            Self.radius,
            Self.within,
            Self.sameCountry,
            Self.limit,
            Self.borders,
            Self.json,
            GazetteerOption.spec,
        ])

    let query: NearestQuery
    let gazetteer: URL
    let borders: URL?
    let json: Bool

    init(_ parsed: ParsedCommand) throws {
        let (latitude, longitude) = try Coordinates.parse(parsed.argument(Self.latLon) ?? "", what: "the point")
        var query = NearestQuery(latitude: latitude, longitude: longitude)
        if let kind = parsed.value(Self.kind) {
            guard let k = NearbyKind(rawValue: kind.lowercased()) else {
                throw UsageError(message: "--kind takes city or airport, not '\(kind)'")
            }
            query.kind = k
        }
        query.radiusKm = try parsed.number(Self.radius, in: 0...20_100)
        if let code = parsed.value(Self.within) {
            let upper = code.uppercased()
            if upper.range(of: "^[A-Z]{2}$", options: .regularExpression) != nil {
                query.countryCode = upper
            } else if upper.range(of: "^[A-Z]{2}\\.[A-Z0-9]{1,8}$", options: .regularExpression) != nil {
                query.countryCode = String(upper.prefix(2))
                query.regionID = upper
            } else {
                throw UsageError(
                    message: "--in takes a country code (IS) or an admin-1 code (US.MT), not '\(code)'")
            }
        }
        query.sameCountry = parsed[Self.sameCountry]
        query.limit = try parsed.integer(Self.limit, in: 1...1000, default: 5)
        self.query = query
        gazetteer = GazetteerOption.resolve(parsed)
        borders = parsed.value(Self.borders).map { URL(fileURLWithPath: $0, isDirectory: true) }
        json = parsed[Self.json]
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let places = try Gazetteer(path: gazetteer)
        let shapes = try borders.map { try CountryBorders.load(directory: $0) }
        let index = try NearestIndex(gazetteer: places, borders: shapes)
        if query.sameCountry, index.borders == nil {
            throw BordersError.absent(gazetteer.path)
        }
        let answer = try index.nearest(query)
        if query.sameCountry, !answer.keptInsideBorder {
            terminal.note("the point is inside no country's border (at sea?); searching every country")
        }
        if json {
            terminal.result(try JSONValue(encoding: answer.places))
            return 0
        }
        if let country = answer.containingCountry {
            terminal.result("inside \(country.name) (\(country.code ?? country.adm0))")
        }
        if answer.places.isEmpty { terminal.result("no place matches") }
        for (n, place) in answer.places.enumerated() {
            let e = place.entry
            let codes = place.kind == .airport ? [e.iata, e.icao].compactMap { $0 }.joined(separator: "/") + " " : ""
            let distance = String(format: "%8.1f km", place.distanceKm)
            terminal.result(
                "\(n + 1). \(distance)  \(place.kind.rawValue) \(codes)\(e.name), \(e.countryCode)"
                    + (e.regionID.map { " (\($0))" } ?? ""))
        }
        return 0
    }
}
