/// A country (ISO 3166-1), identified by its alpha-2 code.
public struct Country: Sendable, Equatable, Hashable, Codable {
    /// ISO 3166-1 alpha-2, e.g. `IS`.
    public var code: String
    /// ISO 3166-1 alpha-3, e.g. `ISL`.
    public var alpha3: String
    /// English short name, e.g. `Iceland`.
    public var name: String
    /// Continent code (AF, AN, AS, EU, NA, OC, SA).
    public var continent: String
    /// People living there, per GeoNames (0 when unknown).
    public var population: Int

    /// A place as stored in the gazetteer.
    public init(code: String, alpha3: String, name: String, continent: String, population: Int) {
        self.code = code
        self.alpha3 = alpha3
        self.name = name
        self.continent = continent
        self.population = population
    }
}

/// A first-level subdivision, identified by its GeoNames admin-1 code `CC.XX`.
public struct Region: Sendable, Equatable, Hashable, Codable {
    /// GeoNames admin-1 code, e.g. `IS.39`.
    public var id: String
    /// English or local name, as the source spells it.
    public var name: String
    /// ISO 3166-1 alpha-2 of its country.
    public var countryCode: String
    /// ISO 3166-2 code where known, e.g. `IS-2`.
    public var iso: String?

    /// A place as stored in the gazetteer.
    public init(id: String, name: String, countryCode: String, iso: String? = nil) {
        self.id = id
        self.name = name
        self.countryCode = countryCode
        self.iso = iso
    }
}

/// A populated place from GeoNames, identified by its GeoNames ID.
public struct City: Sendable, Equatable, Hashable, Codable {
    /// GeoNames ID.
    public var id: Int
    /// English or local name, as the source spells it.
    public var name: String
    /// ISO 3166-1 alpha-2 of its country.
    public var countryCode: String
    /// GeoNames admin-1 code `CC.XX`, when the region is known.
    public var regionID: String?
    /// People living there, per GeoNames (0 when unknown).
    public var population: Int
    /// Decimal degrees, north positive.
    public var latitude: Double
    /// Decimal degrees, east positive.
    public var longitude: Double

    /// A place as stored in the gazetteer.
    public init(
        id: Int, name: String, countryCode: String, regionID: String?, population: Int,
        latitude: Double, longitude: Double
    ) {
        self.id = id
        self.name = name
        self.countryCode = countryCode
        self.regionID = regionID
        self.population = population
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// An airport or seaplane base from OurAirports, identified by its IATA code.
public struct Airport: Sendable, Equatable, Hashable, Codable {
    /// IATA code, e.g. `KEF` (for the few without one: ICAO or the OurAirports ident).
    public var iata: String
    /// ICAO code, e.g. `BIKF`.
    public var icao: String?
    /// English or local name, as the source spells it.
    public var name: String
    /// The town OurAirports says it serves.
    public var municipality: String?
    /// ISO 3166-1 alpha-2 of its country.
    public var countryCode: String
    /// GeoNames admin-1 code of the region, when it could be resolved.
    public var regionID: String?
    /// GeoNames ID of the city it serves (nearest city in the same country).
    public var cityID: Int?
    /// OurAirports type: `large_airport`, `medium_airport`, `small_airport`, `seaplane_base`, or
    /// `closed` for a closed airport kept for its former IATA code.
    public var type: String
    /// Whether it has scheduled passenger service.
    public var scheduled: Bool
    /// Decimal degrees, north positive.
    public var latitude: Double
    /// Decimal degrees, east positive.
    public var longitude: Double

    /// A place as stored in the gazetteer.
    public init(
        iata: String, icao: String?, name: String, municipality: String?, countryCode: String,
        regionID: String?, cityID: Int?, type: String, scheduled: Bool, latitude: Double,
        longitude: Double
    ) {
        self.iata = iata
        self.icao = icao
        self.name = name
        self.municipality = municipality
        self.countryCode = countryCode
        self.regionID = regionID
        self.cityID = cityID
        self.type = type
        self.scheduled = scheduled
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// What the matcher asks of the world's places. The gazetteer answers from SQLite; every name
/// argument is a search form (see `SearchForm`), so callers normalise once.
public protocol PlaceDirectory {
    /// The airport with this IATA code, if the gazetteer has one.
    func airport(iata: String) throws -> Airport?
    /// Airports whose name or municipality contains a word starting with `searchForm`
    /// (e.g. `schiphol`, `suvarnabhumi`, `keflavik`), most important first.
    func airports(nameWord searchForm: String, limit: Int) throws -> [Airport]
    /// Airports linked to the city with this GeoNames ID (the town each serves), most
    /// important first.
    func airports(cityID: Int) throws -> [Airport]
    /// The country with this ISO alpha-2 or alpha-3 code.
    func country(code: String) throws -> Country?
    /// Countries one of whose names, in any language, has exactly this search form.
    func countries(named searchForm: String) throws -> [Country]
    /// Cities with a name (any language) of exactly this search form, most populous first.
    func cities(named searchForm: String, countryCode: String?, limit: Int) throws -> [City]
    /// The city with this GeoNames ID.
    func city(id: Int) throws -> City?
    /// The region with this admin-1 code.
    func region(id: String) throws -> Region?
    /// The names of the country's airports with scheduled service, each in search form with
    /// its airport's IATA code: its own name with its town, and every other name it is known by.
    func scheduledAirportNames(countryCode: String) throws -> [(iata: String, form: String)]
    /// Distinctive names (countries, big cities, rare airport-name words) within about one
    /// edit of `searchForm`, for a name read with a letter wrong (see `NearNameIndex`), cheapest
    /// first; none when `searchForm` is one itself.
    func nearNames(_ searchForm: String) throws -> [NearName]
}

/// A distinctive name near a reading: its search form, and the edit cost from the reading
/// (1 for a letter added, dropped, changed or swapped; ½ for one changed for a like shape).
public struct NearName: Sendable, Equatable {
    /// The name in search form.
    public var form: String
    /// Edit cost from the reading.
    public var cost: Double

    /// A value from its parts.
    public init(form: String, cost: Double) {
        self.form = form
        self.cost = cost
    }
}
