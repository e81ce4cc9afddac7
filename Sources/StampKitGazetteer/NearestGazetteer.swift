import Foundation
import StampKitSQLite

/// The gazetteer's `borders` table: one row holding `CountryBorders.encoded()`. The importer
/// creates it with `createTableSQL` and fills it with `store(_:in:)`.
package enum BordersTable {
    /// DDL for the table (one row, id 1).
    package static let createTableSQL =
        "CREATE TABLE borders (id INTEGER PRIMARY KEY CHECK (id = 1), source TEXT NOT NULL, data BLOB NOT NULL);"

    /// Writes the borders into a database that has the table; `source` names the file read
    /// (e.g. `ne_10m_admin_0_countries_deu.shp`).
    package static func store(_ borders: CountryBorders, source: String, in database: Database) throws {
        let insert = try database.prepare("INSERT INTO borders (id, source, data) VALUES (1, ?, ?)")
        defer { insert.finalize() }
        try insert.run([.text(source), .blob([UInt8](borders.encoded()))])
    }

    /// The borders stored in the gazetteer at `url`, nil when it was built without them.
    static func load(from url: URL) throws -> CountryBorders? {
        let database = try Database(path: url.path, mode: .readOnly)
        guard try database.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'borders'") == 1
        else { return nil }
        let select = try database.prepare("SELECT data FROM borders WHERE id = 1")
        defer { select.finalize() }
        guard try select.step() else { return nil }
        guard case .blob(let bytes) = select.value(at: 0) else { throw BordersError.blob("the row is not a blob") }
        return try CountryBorders(decoding: Data(bytes))
    }
}

extension Gazetteer {
    /// The country borders stored in this gazetteer, nil when it was built without them.
    public func countryBorders() throws -> CountryBorders? {
        do {
            return try BordersTable.load(from: url)
        } catch let error as SQLiteError {
            throw GazetteerError.corrupt(url.path, error.sqliteMessage)
        }
    }

    /// Every city as an index entry, in ID order.
    public func nearestCityEntries() throws -> [NearestEntry] {
        try entries(
            "SELECT id, name, country, region, population, latitude, longitude, NULL, NULL FROM cities ORDER BY id")
    }

    /// Every airport as an index entry (ID = OurAirports ID), in ID order.
    public func nearestAirportEntries() throws -> [NearestEntry] {
        try entries(
            "SELECT id, name, country, region, 0, latitude, longitude, iata, icao FROM airports ORDER BY id")
    }

    private func entries(_ sql: String) throws -> [NearestEntry] {
        do {
            let database = try Database(path: url.path, mode: .readOnly)
            let select = try database.prepare(sql)
            defer { select.finalize() }
            var out: [NearestEntry] = []
            while try select.step() {
                out.append(NearestEntry(
                    id: select.int(at: 0), name: select.text(at: 1) ?? "", countryCode: select.text(at: 2) ?? "",
                    regionID: select.text(at: 3), population: select.int(at: 4), latitude: select.double(at: 5),
                    longitude: select.double(at: 6), iata: select.text(at: 7), icao: select.text(at: 8)))
            }
            return out
        } catch let error as SQLiteError {
            throw GazetteerError.corrupt(url.path, error.sqliteMessage)
        }
    }
}

extension NearestIndex {
    /// An index over every city and airport of `gazetteer`, with its stored borders (or
    /// `borders` when given, e.g. read from a shapefile for a gazetteer built without them).
    public init(gazetteer: Gazetteer, borders: CountryBorders? = nil) throws {
        self.init(
            cities: try gazetteer.nearestCityEntries(), airports: try gazetteer.nearestAirportEntries(),
            borders: try borders ?? gazetteer.countryBorders())
    }
}
