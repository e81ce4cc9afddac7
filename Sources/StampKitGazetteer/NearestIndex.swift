import Foundation

/// The kinds of place a nearest-place query returns.
public enum NearbyKind: String, Sendable, Codable, CaseIterable {
    /// A GeoNames populated place.
    case city
    /// An OurAirports airport or seaplane base.
    case airport
}

/// What to look for around a point.
public struct NearestQuery: Sendable, Equatable {
    /// Degrees, −90…90.
    public var latitude: Double
    /// Degrees, −180…180.
    public var longitude: Double
    /// Only this kind; nil for both, merged by distance.
    public var kind: NearbyKind?
    /// Only places at most this far (km).
    public var radiusKm: Double?
    /// Only places of this country (ISO alpha-2).
    public var countryCode: String?
    /// Only places of this admin-1 region (`US.MT`): the clean way to stay in a state, since
    /// the pinned open data has country polygons but no admin-1 polygons.
    public var regionID: String?
    /// Stay inside the country polygon that contains the point (smallest wins): every answer
    /// carries that country's code or lies inside its polygon. Needs borders; a point at sea
    /// has no such country and is searched without one.
    public var sameCountry: Bool
    /// How many places, best first.
    public var limit: Int

    /// A query; by default the one nearest place of either kind, anywhere.
    public init(
        latitude: Double, longitude: Double, kind: NearbyKind? = nil, radiusKm: Double? = nil,
        countryCode: String? = nil, regionID: String? = nil, sameCountry: Bool = false, limit: Int = 1
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.kind = kind
        self.radiusKm = radiusKm
        self.countryCode = countryCode
        self.regionID = regionID
        self.sameCountry = sameCountry
        self.limit = limit
    }
}

/// One answer of a nearest-place query. JSON: `kind`, `id` (GeoNames ID as a number for a city,
/// IATA — else ICAO — for an airport), `name`, `countryCode`, `regionID`, `latitude`,
/// `longitude`, `distanceKm`, and `population` (cities) or `iata`/`icao` (airports).
public struct NearbyPlace: Sendable, Equatable, Encodable {
    /// City or airport.
    public var kind: NearbyKind
    /// The place itself.
    public var entry: NearestEntry
    /// Great-circle distance from the query point.
    public var distanceKm: Double

    enum CodingKeys: String, CodingKey {
        case kind, id, name, countryCode, regionID, latitude, longitude, distanceKm, population, iata, icao
    }

    /// The identifier shown to people: GeoNames ID, or the airport's IATA (else ICAO) code.
    public var displayID: String {
        kind == .city ? String(entry.id) : (entry.iata ?? entry.icao ?? String(entry.id))
    }

    /// The JSON row `places near --json` prints.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        if kind == .city { try c.encode(entry.id, forKey: .id) } else { try c.encode(displayID, forKey: .id) }
        try c.encode(entry.name, forKey: .name)
        try c.encode(entry.countryCode, forKey: .countryCode)
        try c.encode(entry.regionID, forKey: .regionID)
        try c.encode(entry.latitude, forKey: .latitude)
        try c.encode(entry.longitude, forKey: .longitude)
        try c.encode((distanceKm * 1000).rounded() / 1000, forKey: .distanceKm)
        if kind == .city {
            try c.encode(entry.population, forKey: .population)
        } else {
            try c.encode(entry.iata, forKey: .iata)
            try c.encode(entry.icao, forKey: .icao)
        }
    }
}

/// What a nearest-place query found, and which border (if any) bounded it.
public struct NearestAnswer: Sendable, Equatable {
    /// Best first.
    public var places: [NearbyPlace]
    /// The country polygon containing the point (smallest wins), when borders were given.
    public var containingCountry: CountryBorders.Feature?
    /// The search stayed inside `containingCountry`.
    public var keptInsideBorder: Bool
}

/// In-memory nearest-place index over the gazetteer's cities and airports (one k-d tree per
/// kind), with optional country borders. Build once (`NearestIndex(gazetteer:)` or from
/// arrays), then query many times; immutable and Sendable.
public struct NearestIndex: Sendable {
    /// Cities, GeoNames.
    public let cities: NearestTree
    /// Airports, OurAirports.
    public let airports: NearestTree
    /// Natural Earth admin-0 borders, for `sameCountry` and `containingCountry`.
    public let borders: CountryBorders?

    /// An index over these places.
    public init(cities: [NearestEntry], airports: [NearestEntry], borders: CountryBorders? = nil) {
        self.cities = NearestTree(cities)
        self.airports = NearestTree(airports)
        self.borders = borders
    }

    private func tree(_ kind: NearbyKind) -> NearestTree { kind == .city ? cities : airports }

    /// The nearest places for `query`. Throws `BordersError` when `sameCountry` is asked of an
    /// index without borders.
    public func nearest(_ query: NearestQuery) throws -> NearestAnswer {
        try answer(query, bruteForce: false)
    }

    /// The same answer by measuring every place: the reference the index must equal exactly.
    public func nearestByBruteForce(_ query: NearestQuery) throws -> NearestAnswer {
        try answer(query, bruteForce: true)
    }

    private func answer(_ query: NearestQuery, bruteForce: Bool) throws -> NearestAnswer {
        if query.sameCountry, borders == nil { throw BordersError.absent("this gazetteer") }
        let feature = borders?.featureIndex(atLatitude: query.latitude, longitude: query.longitude)
        let border = query.sameCountry ? feature : nil
        let radiusKey = query.radiusKm.map { GreatCircle.chordSquared(kilometres: $0) } ?? .infinity
        var merged: [(NearbyKind, NearestTree.Hit)] = []
        for kind in NearbyKind.allCases where query.kind == nil || query.kind == kind {
            let tree = self.tree(kind)
            let filter = self.filter(tree, query, border: border)
            let hits =
                bruteForce
                ? tree.bruteForce(
                    latitude: query.latitude, longitude: query.longitude, limit: query.limit,
                    radiusKey: radiusKey, filter: filter)
                : tree.nearest(
                    latitude: query.latitude, longitude: query.longitude, limit: query.limit,
                    radiusKey: radiusKey, filter: filter)
            merged += hits.map { (kind, $0) }
        }
        // Both kinds: by distance, then population, then cities before airports, then ID.
        merged.sort { a, b in
            if a.1.key != b.1.key || a.1.population != b.1.population { return a.1.precedes(b.1) }
            if a.0 != b.0 { return a.0 == .city }
            return a.1.id < b.1.id
        }
        let places = merged.prefix(query.limit).map { kind, hit in
            NearbyPlace(
                kind: kind, entry: tree(kind).entry(Int(hit.index)),
                distanceKm: GreatCircle.kilometres(chordSquared: hit.key))
        }
        return NearestAnswer(
            places: Array(places), containingCountry: feature.map { borders!.features[$0] },
            keptInsideBorder: border != nil)
    }

    /// The filter of a query, nil when it has none. A place is inside a border when it carries
    /// that country's code (GeoNames and OurAirports say which country a place is in, and at
    /// Natural Earth's 10m scale a city point can fall a few hundred metres outside its own
    /// country: Vatican City's does), or when its point lies inside the polygon (French Guiana's
    /// towns are inside Natural Earth's France though GeoNames files them under GF).
    private func filter(_ tree: NearestTree, _ query: NearestQuery, border: Int?) -> ((Int) -> Bool)? {
        guard query.countryCode != nil || query.regionID != nil || border != nil else { return nil }
        // Codes become table indexes once, so the test per place compares small integers;
        // a code no place carries matches nothing.
        var country: UInt16? = nil
        if let code = query.countryCode {
            guard let known = tree.countryIndex(code.uppercased()) else { return { _ in false } }
            country = known
        }
        var region: Int32? = nil
        if let id = query.regionID {
            guard let known = tree.regionIndex(id) else { return { _ in false } }
            region = known
        }
        let borders = self.borders
        let borderCountry = border.flatMap { borders?.features[$0].code }.flatMap { tree.countryIndex($0) }
        return { [country, region] i in
            if let country, tree.country[i] != country { return false }
            if let region, tree.region[i] != region { return false }
            if let border, let borders {
                if let borderCountry, tree.country[i] == borderCountry { return true }
                return borders.contains(feature: border, latitude: tree.latitude[i], longitude: tree.longitude[i])
            }
            return true
        }
    }
}
