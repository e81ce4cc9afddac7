import Foundation
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitSupport

/// A small in-memory gazetteer with real values (OurAirports, GeoNames, iso-codes names) for
/// matcher tests; it answers like the SQLite one: names by search form, airports by word prefix.
final class TestPlaces: PlaceDirectory {
    var countries: [Country] = []
    var countryNames: [String: [String]] = [:]  // alpha-2 → names in several languages
    var airports: [Airport] = []
    var cities: [(City, [String])] = []  // city and alternate names
    var regions: [Region] = []
    /// Every query, so tests can check the matcher only asks about what it read.
    private(set) var queries: [String] = []


    /// Adds an airport known only by its name, town and kind, as tests of name words need.
    func addAirport(_ iata: String, _ name: String, _ town: String, _ cc: String, _ type: String, scheduled: Bool = true) {
        airports.append(
            Airport(
                iata: iata, icao: nil, name: name, municipality: town, countryCode: cc, regionID: nil, cityID: nil,
                type: type, scheduled: scheduled, latitude: 0, longitude: 0))
    }

    /// Adds a country under its English name and `names` in other languages.
    func addCountry(_ code: String, _ a3: String, _ name: String, _ continent: String, _ population: Int, names: [String] = []) {
        countries.append(Country(code: code, alpha3: a3, name: name, continent: continent, population: population))
        countryNames[code] = [name] + names
    }

    init() {
        addCountry("IS", "ISL", "Iceland", "EU", 353_574, names: ["Ísland", "Island", "Islande", "Islandia"])
        addCountry("DE", "DEU", "Germany", "EU", 82_927_922, names: ["Deutschland", "Allemagne", "Alemania", "Alemanha"])
        addCountry("NL", "NLD", "Netherlands", "EU", 17_231_017, names: ["Nederland", "Pays-Bas", "Países Bajos", "Niederlande"])
        addCountry("US", "USA", "United States", "NA", 327_167_434, names: ["Estados Unidos", "États-Unis", "Vereinigte Staaten"])
        addCountry("GB", "GBR", "United Kingdom", "EU", 66_488_991, names: ["Royaume-Uni", "Reino Unido", "Vereinigtes Königreich"])
        addCountry("JP", "JPN", "Japan", "AS", 126_529_100, names: ["日本", "Japon", "Japón"])
        addCountry("TH", "THA", "Thailand", "AS", 69_428_524, names: ["ประเทศไทย", "Thaïlande", "Tailandia"])
        addCountry("BR", "BRA", "Brazil", "SA", 209_469_333, names: ["Brasil", "Brésil", "Brasilien"])
        addCountry("FR", "FRA", "France", "EU", 66_987_244, names: ["Frankreich", "Francia", "França"])
        addCountry("TR", "TUR", "Türkiye", "AS", 82_319_724, names: ["Turkey", "Türkei", "Turquie"])
        addCountry("PE", "PER", "Peru", "SA", 31_989_256, names: ["Perú", "Pérou"])
        addCountry("CA", "CAN", "Canada", "NA", 37_058_856, names: ["Kanada"])
        addCountry("AT", "AUT", "Austria", "EU", 8_847_037, names: ["Österreich", "Autriche"])
        addCountry("NO", "NOR", "Norway", "EU", 5_314_336, names: ["Norge", "Noreg", "Norwegen"])
        addCountry("FI", "FIN", "Finland", "EU", 5_518_050, names: ["Suomi", "Finnland"])
        addCountry("PG", "PNG", "Papua New Guinea", "OC", 8_606_316, names: ["Papua-Neuguinea"])
        addCountry("VN", "VNM", "Viet Nam", "AS", 95_540_395, names: ["Vietnam", "Việt Nam"])
        addCountry("ID", "IDN", "Indonesia", "AS", 267_663_435, names: ["Indonésie", "Indonesien"])
        addCountry("PT", "PRT", "Portugal", "EU", 10_281_762, names: ["Portugal"])
        addCountry("AU", "AUS", "Australia", "OC", 24_992_369, names: ["Australien", "Australie"])

        func a(
            _ iata: String, _ icao: String?, _ name: String, _ muni: String, _ cc: String, _ region: String?,
            _ city: Int?, _ type: String, _ scheduled: Bool, _ lat: Double, _ lon: Double
        ) {
            airports.append(
                Airport(
                    iata: iata, icao: icao, name: name, municipality: muni, countryCode: cc, regionID: region,
                    cityID: city, type: type, scheduled: scheduled, latitude: lat, longitude: lon))
        }
        a("KEF", "BIKF", "Keflavik International Airport", "Reykjavík", "IS", "IS.43", 3415496, "large_airport", true, 63.985001, -22.6056)
        a("RKV", "BIRK", "Reykjavík Domestic Airport", "Reykjavík", "IS", nil, nil, "medium_airport", true, 64.128732, -21.93759)
        a("FRA", "EDDF", "Frankfurt Airport", "Frankfurt am Main", "DE", "DE.05", 2925533, "large_airport", true, 50.030241, 8.561096)
        a("HHN", "EDFH", "Frankfurt-Hahn Airport", "Frankfurt am Main (Lautzenhausen)", "DE", nil, nil, "medium_airport", true, 49.9487, 7.26389)
        a("AMS", "EHAM", "Amsterdam Airport Schiphol", "Amsterdam", "NL", "NL.07", 2759794, "large_airport", true, 52.308601, 4.76389)
        a("JFK", "KJFK", "John F Kennedy International Airport", "New York", "US", "US.NY", 5128581, "large_airport", true, 40.639447, -73.779317)
        a("LGA", "KLGA", "LaGuardia Airport", "New York", "US", nil, nil, "large_airport", true, 40.777199, -73.872597)
        a("LHR", "EGLL", "London Heathrow Airport", "London", "GB", "GB.ENG", 2643743, "large_airport", true, 51.4706, -0.461941)
        a("LGW", "EGKK", "London Gatwick Airport", "London", "GB", nil, nil, "large_airport", true, 51.148771, -0.192089)
        a("NRT", "RJAA", "Narita International Airport", "Narita", "JP", "JP.04", 2111684, "large_airport", true, 35.764702, 140.386002)
        a("HND", "RJTT", "Tokyo Haneda International Airport", "Tokyo", "JP", nil, nil, "large_airport", true, 35.552299, 139.779999)
        a("BKK", "VTBS", "Suvarnabhumi Airport", "Bangkok", "TH", "TH.40", 1609350, "large_airport", true, 13.6811, 100.747002)
        a("DMK", "VTBD", "Don Mueang International Airport", "Bangkok", "TH", nil, nil, "large_airport", true, 13.9126, 100.607002)
        a("CDG", "LFPG", "Charles de Gaulle International Airport", "Paris (Roissy-en-France, Val-d'Oise)", "FR", "FR.11", 2988507, "large_airport", true, 49.012798, 2.55)
        a("IST", "LTFM", "İstanbul Airport", "Arnavutköy, Istanbul", "TR", nil, nil, "large_airport", true, 41.261297, 28.741951)
        a("AND", "KAND", "Anderson Regional Airport", "Anderson", "US", "US.SC", 4569298, "medium_airport", false, 34.4945983887, -82.70939636230001)
        a("FOR", "SBFZ", "Pinto Martins International Airport", "Fortaleza", "BR", "BR.06", 3399415, "large_airport", true, -3.775833, -38.532222)
        a("THE", "SBTE", "Senador Petrônio Portela Airport", "Teresina", "BR", "BR.20", 3386496, "medium_airport", true, -5.06025, -42.823712)
        a("DAY", "KDAY", "James M Cox Dayton International Airport", "Dayton", "US", "US.OH", 4509884, "medium_airport", true, 39.902401, -84.219398)
        a("SEA", "KSEA", "Seattle–Tacoma International Airport", "Seattle", "US", "US.WA", 5809844, "large_airport", true, 47.447943, -122.310276)
        a("JUL", "SPJL", "Inca Manco Capac International Airport", "Juliaca", "PE", nil, nil, "medium_airport", true, -15.467100143432617, -70.158203125)
        a("LUR", "PALU", "Cape Lisburne LRRS Airport", "Cape Lisburne", "US", nil, nil, "medium_airport", true, 68.875099, -166.110001)
        a("SGN", "VVTS", "Tan Son Nhat International Airport", "Ho Chi Minh City", "VN", nil, 1566083, "large_airport", true, 10.8188, 106.652)
        a("DPS", "WADD", "Denpasar I Gusti Ngurah Rai International Airport", "Kuta, Badung", "ID", nil, nil, "large_airport", true, -8.748409, 115.167123)
        a("LIS", "LPPT", "Lisbon Humberto Delgado Airport", "Lisbon", "PT", nil, nil, "large_airport", true, 38.7813, -9.13592)
        a("TAN", "YTGA", "Tangalooma Airport", "", "AU", nil, nil, "small_airport", false, -27.137693, 153.364141)
        a("FIN", "AYFI", "Finschhafen Airport", "Buki", "PG", nil, nil, "small_airport", false, -6.621750109, 147.85405)
        a("PYS", nil, "Paradise Skypark Airport", "Paradise", "US", nil, nil, "small_airport", false, 39.71029, -121.616528)
        a("USA", "KJQF", "Concord-Padgett Regional Airport", "Concord", "US", nil, nil, "medium_airport", true, 35.387798, -80.709099)

        func city(_ id: Int, _ name: String, _ cc: String, _ admin: String, _ pop: Int, _ lat: Double, _ lon: Double, _ alt: [String] = []) {
            cities.append((City(id: id, name: name, countryCode: cc, regionID: "\(cc).\(admin)", population: pop, latitude: lat, longitude: lon), [name] + alt))
        }
        city(3415496, "Keflavík", "IS", "43", 15930, 64.00492, -22.56242)
        city(3413829, "Reykjavík", "IS", "39", 118918, 64.13548, -21.89541, ["Reikiavik"])
        city(2925533, "Frankfurt am Main", "DE", "05", 650000, 50.11552, 8.68417, ["Frankfurt", "Francfort", "Fráncfort del Meno"])
        city(2925535, "Frankfurt (Oder)", "DE", "11", 57107, 52.34714, 14.55062, ["Frankfurt"])
        city(2759794, "Amsterdam", "NL", "07", 741636, 52.37403, 4.88969)
        city(5128581, "New York City", "US", "NY", 8804190, 40.71427, -74.00597, ["New York", "NYC", "Nueva York"])
        city(2643743, "London", "GB", "ENG", 8961989, 51.50853, -0.12574, ["Londres", "Londra"])
        city(6058560, "London", "CA", "08", 422324, 42.98339, -81.23304)
        city(2633352, "York", "GB", "ENG", 156135, 53.95763, -1.08271)
        city(4562407, "York", "US", "PA", 43992, 39.9626, -76.72774)
        city(2988507, "Paris", "FR", "11", 2138551, 48.85341, 2.3488)
        city(4717560, "Paris", "US", "TX", 24782, 33.66094, -95.55551)
        city(2111684, "Narita", "JP", "04", 132906, 35.78333, 140.31667)
        city(1609350, "Bangkok", "TH", "40", 5104476, 13.75398, 100.50144, ["Krung Thep"])
        city(4569298, "Anderson", "US", "SC", 27335, 34.50344, -82.65013)
        city(4509884, "Dayton", "US", "OH", 135512, 39.75895, -84.19161)
        city(5809844, "Seattle", "US", "WA", 780995, 47.60621, -122.33207)
        city(3399415, "Fortaleza", "BR", "06", 2400000, -3.71722, -38.54306)
        city(2267057, "Lisbon", "PT", "14", 517802, 38.72509, -9.1498, ["Lisboa", "Lissabon", "Lisbonne"])
        city(1566083, "Ho Chi Minh City", "VN", "79", 14002598, 10.82302, 106.62965, ["Saigon", "Thành phố Hồ Chí Minh"])
        city(3386496, "Teresina", "BR", "20", 871126, -5.08917, -42.80194)

        regions = [
            Region(id: "IS.43", name: "Suðurnes", countryCode: "IS", iso: "IS-2"),
            Region(id: "IS.39", name: "Höfuðborgarsvæði", countryCode: "IS", iso: "IS-1"),
            Region(id: "DE.05", name: "Hessen", countryCode: "DE", iso: "DE-HE"),
            Region(id: "NL.07", name: "Noord-Holland", countryCode: "NL", iso: "NL-NH"),
            Region(id: "US.NY", name: "New York", countryCode: "US", iso: "US-NY"),
            Region(id: "GB.ENG", name: "England", countryCode: "GB", iso: "GB-ENG"),
            Region(id: "JP.04", name: "Chiba", countryCode: "JP", iso: "JP-12"),
            Region(id: "TH.40", name: "Krung Thep Maha Nakhon", countryCode: "TH", iso: "TH-10"),
            Region(id: "US.SC", name: "South Carolina", countryCode: "US", iso: "US-SC"),
            Region(id: "BR.06", name: "Ceará", countryCode: "BR", iso: "BR-CE"),
            Region(id: "FR.11", name: "Île-de-France", countryCode: "FR", iso: "FR-IDF"),
        ]
    }

    func airport(iata: String) throws -> Airport? {
        queries.append("airport \(iata)")
        return airports.first { $0.iata == iata }
    }

    func airports(nameWord searchForm: String, limit: Int) throws -> [Airport] {
        queries.append("airports \(searchForm)")
        let rank = ["large_airport": 0, "medium_airport": 1, "small_airport": 2]
        // As the gazetteer's phrase query: the words in a row, the last one as a prefix.
        let query = searchForm.split(separator: " ")
        return airports.filter { a in
            let words = SearchForm.of(a.name + " " + (a.municipality ?? "")).split(separator: " ")
            guard !query.isEmpty, words.count >= query.count else { return false }
            return (0...(words.count - query.count)).contains { i in
                query.indices.allSatisfy { k in
                    k == query.count - 1 ? words[i + k].hasPrefix(query[k]) : words[i + k] == query[k]
                }
            }
        }
        .sorted { (rank[$0.type] ?? 3, $0.scheduled ? 0 : 1) < (rank[$1.type] ?? 3, $1.scheduled ? 0 : 1) }
        .prefix(limit).map { $0 }
    }

    func airports(cityID: Int) throws -> [Airport] {
        queries.append("airports of city \(cityID)")
        let rank = ["large_airport": 0, "medium_airport": 1, "small_airport": 2]
        return airports.filter { $0.cityID == cityID }
            .sorted { (rank[$0.type] ?? 3, $0.scheduled ? 0 : 1) < (rank[$1.type] ?? 3, $1.scheduled ? 0 : 1) }
    }

    func scheduledAirportNames(countryCode: String) throws -> [(iata: String, form: String)] {
        queries.append("airport names of \(countryCode)")
        return airports.filter { $0.countryCode == countryCode && $0.scheduled }
            .map { (iata: $0.iata, form: SearchForm.of($0.name + " " + ($0.municipality ?? ""))) }
    }

    func country(code: String) throws -> Country? {
        countries.first { $0.code == code || $0.alpha3 == code }
    }

    func countries(named searchForm: String) throws -> [Country] {
        queries.append("countries \(searchForm)")
        return countries.filter { c in countryNames[c.code]!.contains { SearchForm.of($0) == searchForm } }
    }

    func cities(named searchForm: String, countryCode: String?, limit: Int) throws -> [City] {
        queries.append("cities \(searchForm)")
        return cities.filter { city, names in
            (countryCode == nil || city.countryCode == countryCode) && names.contains { SearchForm.of($0) == searchForm }
        }
        .map(\.0).sorted { $0.population > $1.population }.prefix(limit).map { $0 }
    }

    func city(id: Int) throws -> City? { cities.first { $0.0.id == id }?.0 }

    /// Like the gazetteer's, over every country name, the names of cities as big as the
    /// gazetteer's index takes, and every airport-name word here (the fixture has no generic
    /// airport words to leave out).
    func nearNames(_ searchForm: String) throws -> [NearName] {
        queries.append("near \(searchForm)")
        let forms = countryNames.values.flatMap { $0 }
            + cities.filter { $0.0.population >= Gazetteer.nearNameMinimumPopulation }.flatMap(\.1)
            + airports.flatMap { SearchForm.of($0.name + " " + ($0.municipality ?? "")).split(separator: " ").map(String.init) }
        return NearNameIndex(forms: forms.map(SearchForm.of)).neighbours(of: searchForm).map { NearName(form: $0.form, cost: $0.cost) }
    }

    func region(id: String) throws -> Region? { regions.first { $0.id == id } }
}

/// The matcher's proposal for a reading of `lines`, every word read at `confidence`, against
/// `places` and the project's lexicon.
func propose(_ lines: [String], places: TestPlaces = TestPlaces(), confidence: Double = 90) throws -> StampProposal {
    try StampMatcher(directory: places, lexicon: TestLexicon.shared, today: TestLexicon.today)
        .propose(from: reading(lines, confidence: confidence))
}
