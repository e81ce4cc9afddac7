import StampKitSupport
import StampKitEvidence
import StampKitGazetteer

/// The airport a stamp means when it names only a town (FARO, ATHINAI, HONG KONG): a border
/// post in a town with an airline airport is that airport, unless the stamp's own words say the
/// traveller came by sea, road or rail (HAFEN KIEL, HELSINGIN SATAMA, CALAIS PORT). An airport
/// word beside the town (AEROPORTO DE LISBOA) settles it, and then any large or medium airport
/// bearing the town's name will do; without one only an airport with scheduled service that
/// serves the town counts, so a town that merely shares a word with an airfield gets none.
struct CityAirport {
    /// How near a town an airport may lie and still be that town's (most sit outside it).
    static let servingKm = 15.0

    /// The main airport of `city` in country `code`, or nil. Where the stamp names several
    /// towns (RIONEGRO MEDELLIN), the airport that serves most of them wins: a city's second
    /// airport often stands by a neighbouring town, and the stamp names that town too. Two
    /// airports that fit equally well (the same size, the same towns, both or neither named
    /// international) give none: the stamp does not say which.
    static func infer(
        for city: City, named others: [City], in code: String, clues: StampClues, history: AirportHistory,
        lookup: inout Lookup
    ) throws -> Airport? {
        let byAir = !clues.airportWords.isEmpty
        guard !saysOverland(clues) else { return nil }
        var towns = [city]
        for town in others where !towns.contains(where: { $0.id == town.id }) { towns.append(town) }
        // An airport bears the town's name, or is linked to it under another (Heraklion is the
        // airport of Irákleion, printed IRAKLION), or to another town the stamp names (Córdova,
        // of Rionegro and Medellín).
        var airports: [Airport] = []
        for a in try lookup.airports(nameWord: SearchForm.of(city.name)) + towns.flatMap({ try lookup.airports(cityID: $0.id) })
        where !airports.contains(where: { $0.iata == a.iata }) {
            guard a.countryCode == code, a.type == "large_airport" || a.type == "medium_airport",
                byAir || (a.scheduled && Self.serves(a, city))
            else { continue }
            // An airport opened after the stamp's day: the airport it replaced, closed or not.
            for standing in try history.standing(a, on: clues.date, lookup: &lookup)
            where !airports.contains(where: { $0.iata == standing.iata }) {
                airports.append(standing)
            }
        }
        let ranked = airports.map { a in
            (airport: a, fit: towns.filter { serves(a, $0) }.count, size: a.type == "large_airport" ? 1 : 0,
             plain: isNamedPlainly(a, after: city) ? 1 : 0, abroad: isNamedInternational(a) ? 1 : 0)
        }.enumerated().sorted { x, y in
            let a = x.element, b = y.element
            return (a.fit, a.size, a.plain, a.abroad, -x.offset) > (b.fit, b.size, b.plain, b.abroad, -y.offset)
        }.map(\.element)
        guard let best = ranked.first else { return nil }
        if ranked.count > 1, ranked[1].fit == best.fit, ranked[1].size == best.size, ranked[1].plain == best.plain,
            ranked[1].abroad == best.abroad, ranked[1].airport.scheduled == best.airport.scheduled
        {
            return nil
        }
        return best.airport
    }

    /// Words airport names use for "international", in search form.
    static let internationalWords: Set<Substring> = [
        "international", "internacional", "internazionale", "internationaal", "internationale", "internationaler",
        "internasjonale", "internationella", "intl",
    ]

    /// Whether the airport's name says it serves flights abroad: of a town's two airports of
    /// one size (Medellín's Olaya Herrera and Córdova International), the one a border stamp
    /// comes from.
    static func isNamedInternational(_ airport: Airport) -> Bool {
        SearchForm.of(airport.name).split(separator: " ").contains { internationalWords.contains($0) }
    }

    /// Whether the airport is named for the town and nothing else but one word (İstanbul
    /// Airport, not Istanbul Sabiha Gökçen International Airport): the one a stamp that names
    /// only the town and an airport word means, among several of the town's airports.
    static func isNamedPlainly(_ airport: Airport, after city: City) -> Bool {
        let name = SearchForm.of(airport.name).split(separator: " ")
        let town = SearchForm.of(city.name).split(separator: " ")
        return name.count <= town.count + 1 && name.starts(with: town)
    }

    /// Whether the stamp's words say the border was crossed by sea, road or rail and nothing
    /// on it speaks of flying: then a name shared with an airport (HELSINGIN of HELSINGIN
    /// SATAMA) is the port's town, not the airport.
    static func saysOverland(_ clues: StampClues) -> Bool {
        let said = heading(clues)
        return clues.airportWords.isEmpty && said.contains { $0.value != .air } && !said.contains { $0.value == .air }
    }

    /// Entry-method words that head a line (CALAIS PORT, HAFEN KIEL, PUERTO DE ALGECIRAS), not
    /// a word in running text: LAND in PERMITTED TO LAND FOR 90 DAYS is a verb. A lone
    /// letter does not make a line running text: it is what OCR reads off a ring or a rule at
    /// the line's end (PASO CRISTO REDENTOR N).
    static func heading(_ clues: StampClues) -> [LexiconHit<EntryMethod>] {
        clues.entryMethodHits.filter { hit in
            hit.span.end - hit.span.start > 1 || clues.lines[hit.span.line].filter { $0.form.count > 1 }.count <= 3
        }
    }

    /// Whether the airport is linked to the town, lies by it, or has the town's whole name
    /// among the words of its name or municipality.
    static func serves(_ airport: Airport, _ city: City) -> Bool {
        if airport.cityID == city.id { return true }
        if GreatCircle.distanceKm(airport.latitude, airport.longitude, city.latitude, city.longitude) <= servingKm {
            return true
        }
        let words = " " + Inflection.words(of: airport).joined(separator: " ") + " "
        return words.contains(" " + SearchForm.of(city.name) + " ")
    }
}
