import Foundation
import StampKitSupport

/// Catalogued records as CSV: one header row, one row per record, RFC 4180 quoting (a field with
/// a comma, quote, CR or LF is quoted and its quotes doubled; rows end in CRLF), so a note with
/// any of them reads back unchanged in a spreadsheet or Python's `csv` module.
public enum RecordCSV {
    /// The columns, in order.
    public static let header = [
        "id", "status", "confidence", "country_code", "country_name", "region_id", "region_name",
        "city_id", "city_name", "airport_iata", "airport_name", "date", "direction", "entry_method",
        "book", "page", "favorite", "note", "source_path", "source_sha256", "crop_x", "crop_y",
        "crop_width", "crop_height", "rotation",
    ]

    /// The whole document: the header, then `records`, each row ending in CRLF.
    public static func document(_ records: [StampRecord]) -> String {
        var out = row(header)
        for record in records { out += row(fields(of: record)) }
        return out
    }

    /// One record's fields, in `header` order; empty for what it does not know.
    public static func fields(of r: StampRecord) -> [String] {
        func number(_ value: Int?) -> String { value.map(String.init) ?? "" }
        return [
            number(r.id), r.status.rawValue, r.confidence.map { String(format: "%.3f", $0) } ?? "",
            r.country?.id ?? "", r.country?.name ?? "", r.region?.id ?? "", r.region?.name ?? "",
            number(r.city?.id), r.city?.name ?? "", r.airport?.id ?? "", r.airport?.name ?? "",
            r.date?.description ?? "", r.direction?.rawValue ?? "", r.entryMethod?.rawValue ?? "",
            r.book ?? "", number(r.page), r.favorite ? "true" : "false", r.note ?? "",
            r.source.path, r.source.sha256, number(r.crop?.x), number(r.crop?.y),
            number(r.crop?.width), number(r.crop?.height), String(format: "%.1f", r.rotation),
        ]
    }

    /// One row: the fields quoted as needed, joined by commas, ended by CRLF.
    public static func row(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// `field` as RFC 4180 writes it: as is, or in quotes with its quotes doubled when it holds
    /// a comma, a quote, CR or LF.
    public static func quoted(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Catalogued records as a GeoJSON FeatureCollection (RFC 7946): a Point feature per record at
/// its most specific place, `[longitude, latitude]` in WGS 84 degrees, with the record's fields
/// as properties.
public enum RecordGeoJSON {
    /// Where a record stands on the map and which of its places gave the point (`airport`,
    /// `city`, `region` or `country`).
    public struct Location: Sendable, Equatable {
        /// Degrees north, −90…90.
        public var latitude: Double
        /// Degrees east, −180…180.
        public var longitude: Double
        /// The place level the point is of.
        public var level: String

        /// A location from its parts.
        public init(latitude: Double, longitude: Double, level: String) {
            self.latitude = latitude
            self.longitude = longitude
            self.level = level
        }
    }

    /// The collection, and the records left out because `locate` placed them nowhere (no place
    /// at all, or a place the gazetteer no longer has). Coordinates get 6 decimals (about
    /// 0.1 m), as RFC 7946 advises against false precision; a longitude is wrapped into
    /// −180…180 and a latitude outside −90…90 is refused as no location.
    public static func featureCollection(
        _ records: [StampRecord], locate: (StampRecord) throws -> Location?
    ) rethrows -> (collection: JSONValue, unplaced: [StampRecord]) {
        var features: [JSONValue] = []
        var unplaced: [StampRecord] = []
        for record in records {
            guard let location = try locate(record), location.latitude.isFinite, location.longitude.isFinite,
                (-90...90).contains(location.latitude)
            else {
                unplaced.append(record)
                continue
            }
            var longitude = location.longitude.truncatingRemainder(dividingBy: 360)
            if longitude > 180 { longitude -= 360 }
            if longitude < -180 { longitude += 360 }
            features.append(.object([
                ("type", .string("Feature")),
                ("id", record.id.map { .int($0) } ?? .null),
                ("geometry", .object([
                    ("type", .string("Point")),
                    ("coordinates", .array([.rounded(longitude, places: 6), .rounded(location.latitude, places: 6)])),
                ])),
                ("properties", .object([
                    ("id", record.id.map { .int($0) } ?? .null),
                    ("place", .string(record.placeNames.joined(separator: ", "))),
                    ("placeLevel", .string(location.level)),
                    ("country", .string(record.country?.id)),
                    ("countryName", .string(record.country?.name)),
                    ("region", .string(record.region?.name)),
                    ("city", .string(record.city?.name)),
                    ("airport", .string(record.airport?.id)),
                    ("date", .string(record.date?.description)),
                    ("direction", .string(record.direction?.rawValue)),
                    ("entryMethod", .string(record.entryMethod?.rawValue)),
                    ("book", .string(record.book)),
                    ("favorite", .bool(record.favorite)),
                    ("note", .string(record.note)),
                    ("status", .string(record.status.rawValue)),
                ])),
            ]))
        }
        return (.object([("type", .string("FeatureCollection")), ("features", .array(features))]), unplaced)
    }
}
