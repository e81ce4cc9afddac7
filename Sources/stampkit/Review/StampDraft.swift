import StampKit

/// What the person is deciding about one stamp, before it is saved: the chain country → region
/// → city → airport and the other fields of a record. Every level is kept separately so each
/// stays visible and changeable; nothing is filled in that the person did not pick or a scan
/// did not read.
struct StampDraft: Equatable {
    /// One level of the chain: the gazetteer's ID (as text) and the name shown and kept.
    struct Level: Equatable {
        var id: String
        var name: String
    }

    var country: Level?
    var region: Level?
    var city: Level?
    var airport: Level?
    /// `YYYY-MM-DD`.
    var date: String?
    var direction: Direction?
    var entryMethod: EntryMethod?
    var book: String?
    var page: Int?
    var favorite = false
    var note: String?
    /// The confidence of the scan's candidate the chain came from; nil once a level was picked by hand.
    var confidence: Double?
    /// The evidence of that candidate.
    var evidence: [Evidence] = []

    /// The chain as one line, e.g. "Iceland › Suðurnes › Keflavík › KEF Keflavík International".
    var chainText: String {
        let parts = [country?.name, region?.name, city?.name, airport.map { "\($0.id) \($0.name)" }].compactMap { $0 }
        return parts.isEmpty ? "—" : parts.joined(separator: " › ")
    }

    /// The facts a scan read (date, direction, entry method) as the starting point.
    init(proposal: StampProposal? = nil) {
        date = proposal?.date?.value
        direction = proposal?.direction
        entryMethod = proposal?.entryMethod
    }

    /// Takes a scan's candidate: its whole chain, confidence and evidence.
    mutating func take(_ candidate: Candidate) {
        country = Level(id: candidate.country.code, name: candidate.country.name)
        region = candidate.region.map { Level(id: $0.id, name: $0.name) }
        city = candidate.city.map { Level(id: String($0.id), name: $0.name) }
        airport = candidate.airport.map { Level(id: $0.iata, name: $0.name) }
        confidence = candidate.confidence
        evidence = candidate.evidence
    }

    /// Takes a place picked by hand and fills the levels above it from the gazetteer (an
    /// airport brings its city, region and country); levels below it are cleared, as they may
    /// not belong to the new place. Levels above that the gazetteer does not know stay empty.
    mutating func take(_ place: PlaceSummary, from directory: any PlaceDirectory) throws {
        var country: Level?, region: Level?, city: Level?, airport: Level?
        var regionID: String?, cityID: Int?, countryCode = place.countryCode
        switch place.kind {
        case .continent:
            return
        case .country:
            country = Level(id: place.id.description, name: place.name)
            countryCode = place.id.description
        case .region:
            region = Level(id: place.id.description, name: place.name)
        case .city:
            city = Level(id: place.id.description, name: place.name)
            regionID = place.regionID
        case .airport:
            guard let found = try directory.airport(iata: place.iata ?? place.id.description) else {
                airport = Level(id: place.iata ?? place.id.description, name: place.name)
                break
            }
            airport = Level(id: found.iata, name: found.name)
            cityID = found.cityID
            regionID = found.regionID
            countryCode = found.countryCode
        }
        if let cityID, let found = try directory.city(id: cityID) {
            city = Level(id: String(found.id), name: found.name)
            regionID = regionID ?? found.regionID
        }
        if let regionID, region == nil, let found = try directory.region(id: regionID) {
            region = Level(id: found.id, name: found.name)
        }
        if country == nil, let countryCode, let found = try directory.country(code: countryCode) {
            country = Level(id: found.code, name: found.name)
        }
        self.country = country
        self.region = region
        self.city = city
        self.airport = airport
        confidence = nil
        evidence = []
    }

    /// Sets one level only (a correction on the confirm screen); the other levels stay as they
    /// are, shown for the person to check.
    mutating func set(_ place: PlaceSummary) {
        let level = Level(id: place.kind == .airport ? (place.iata ?? place.id.description) : place.id.description, name: place.name)
        switch place.kind {
        case .country: country = level
        case .region: region = level
        case .city: city = level
        case .airport: airport = level
        case .continent: return
        }
        confidence = nil
    }

    /// Removes one level (the person said it is wrong or unknown); the others stay.
    mutating func clear(_ kind: PlaceKind) {
        switch kind {
        case .country: country = nil
        case .region: region = nil
        case .city: city = nil
        case .airport: airport = nil
        case .continent: break
        }
        confidence = nil
    }
}
