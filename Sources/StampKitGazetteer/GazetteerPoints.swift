import Foundation
import StampKitSQLite

/// Where a place lies, for a map: the coordinates of the most specific place that has some.
public struct PlacePoint: Sendable, Equatable {
    /// Which place gave the coordinates: `airport`, `city`, `region` or `country`.
    public var level: PlaceKind
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double

    /// A point from its parts.
    public init(level: PlaceKind, latitude: Double, longitude: Double) {
        self.level = level
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension Gazetteer {
    /// Every continent's English name by its code (`EU` → `Europe`).
    public func continentNames() throws -> [String: String] {
        Dictionary(
            try rows("SELECT code, name FROM continents", []) { ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "") },
            uniquingKeysWith: { first, _ in first })
    }

    /// The coordinates of the most specific of these places the gazetteer can place: the
    /// airport's own, else the city's, else the region's, else the country's. Regions and
    /// countries have no coordinates of their own in the sources, so they stand at their most
    /// populous city — a point inside them that a reader recognises (usually the capital),
    /// where a centroid may fall in the sea or a neighbour. Nil when none is known.
    public func point(airport: String?, city: Int?, region: String?, country: String?) throws -> PlacePoint? {
        if let airport, let found = try self.airport(iata: airport) {
            return PlacePoint(level: .airport, latitude: found.latitude, longitude: found.longitude)
        }
        if let city, let found = try self.city(id: city) {
            return PlacePoint(level: .city, latitude: found.latitude, longitude: found.longitude)
        }
        if let region, let found = try largestCity(where: "region = ?", region) {
            return PlacePoint(level: .region, latitude: found.latitude, longitude: found.longitude)
        }
        if let country, let found = try largestCity(where: "country = ?", country.uppercased()) {
            return PlacePoint(level: .country, latitude: found.latitude, longitude: found.longitude)
        }
        return nil
    }

    private func largestCity(where condition: String, _ value: String) throws -> City? {
        try rows(
            "SELECT \(Self.cityColumns) FROM cities WHERE \(condition) ORDER BY population DESC, id LIMIT 1",
            [.text(value)], Self.city
        ).first
    }
}
