import Foundation
import StampKitSupport
import StampKitSQLite

/// The kinds of place the gazetteer holds, from the top of the hierarchy down.
public enum PlaceKind: String, Sendable, Codable, CaseIterable, Comparable {
    /// One kind of place; the raw value is what `--kind` and `--json` use.
    case continent, country, region, city, airport

    /// Higher kinds first when everything else is equal.
    var order: Int { Self.allCases.firstIndex(of: self)! }

    /// Orders continents before countries before regions before cities before airports.
    public static func < (lhs: PlaceKind, rhs: PlaceKind) -> Bool { lhs.order < rhs.order }
}

/// A place's stable ID: a GeoNames ID (continents, cities) as a number, or a code (ISO alpha-2
/// for countries, GeoNames admin-1 `CC.XX` for regions, IATA — else ICAO or OurAirports ident —
/// for airports). Encodes as a bare JSON number or string.
public enum PlaceID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A GeoNames ID (continents, cities).
    case number(Int)
    /// A code (countries, regions, airports).
    case code(String)

    /// As typed on the command line.
    public var description: String {
        switch self {
        case .number(let n): String(n)
        case .code(let c): c
        }
    }

    /// Decodes a number or a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let n = try? container.decode(Int.self) { self = .number(n) } else {
            self = .code(try container.decode(String.self))
        }
    }

    /// Encodes a number or a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let n): try container.encode(n)
        case .code(let c): try container.encode(c)
        }
    }
}

/// How a search hit's name met the query, best first.
public enum NameMatch: String, Sendable, Codable, Comparable {
    /// The whole name (or a code) equals the query.
    case exact
    /// The name starts with the query.
    case prefix
    /// Every query word starts a word of the name, elsewhere in it.
    case word

    var order: Int {
        switch self {
        case .exact: 0
        case .prefix: 1
        case .word: 2
        }
    }

    /// Exact before prefix before word.
    public static func < (lhs: NameMatch, rhs: NameMatch) -> Bool { lhs.order < rhs.order }
}

/// One place as search, show and list print it.
public struct PlaceSummary: Sendable, Codable, Equatable {
    /// continent, country, region, city or airport.
    public var kind: PlaceKind
    /// Stable source ID (see `PlaceID`).
    public var id: PlaceID
    /// The place's main name (GeoNames, iso-codes English, OurAirports).
    public var name: String
    /// ISO alpha-2 of the country it lies in (the country itself for a country; nil for a continent).
    public var countryCode: String?
    /// GeoNames admin-1 code of its region, when known.
    public var regionID: String?
    /// IATA code (airports).
    public var iata: String?
    /// ICAO code (airports).
    public var icao: String?
    /// People (continents, countries, cities; regions: sum over their cities).
    public var population: Int?
    /// Latitude in degrees (cities and airports).
    public var latitude: Double?
    /// Longitude in degrees (cities and airports).
    public var longitude: Double?

    /// A summary with only what every kind has.
    public init(kind: PlaceKind, id: PlaceID, name: String, countryCode: String?) {
        self.kind = kind
        self.id = id
        self.name = name
        self.countryCode = countryCode
    }
}

/// A search result: the place, the name that matched, and how well.
public struct PlaceHit: Sendable, Codable, Equatable {
    /// The place found.
    public var place: PlaceSummary
    /// The name (in any language) whose search form matched; may differ from `place.name`.
    public var matchedName: String
    /// Language tag of the matched name, when the source gave one.
    public var language: String?
    /// exact, prefix or word.
    public var match: NameMatch
    /// Great-circle kilometres from `--near`, when given and the place has coordinates.
    public var distanceKm: Double?
}

/// What to search for; every field but `text` narrows or orders the results.
public struct PlaceQuery: Sendable {
    /// What the person typed, in any language, with or without diacritics.
    public var text: String
    /// Only these kinds (nil: all).
    public var kinds: Set<PlaceKind>?
    /// Only places in this country (ISO alpha-2).
    public var countryCode: String?
    /// Bias toward places near this point (latitude, longitude in degrees).
    public var near: (latitude: Double, longitude: Double)?
    /// At most this many results.
    public var limit: Int

    /// A query for `text` with the given narrowing.
    public init(
        text: String, kinds: Set<PlaceKind>? = nil, countryCode: String? = nil,
        near: (latitude: Double, longitude: Double)? = nil, limit: Int = 10
    ) {
        self.text = text
        self.kinds = kinds
        self.countryCode = countryCode
        self.near = near
        self.limit = limit
    }
}

/// Turning typed text into safe FTS5 input. Only tokens made of letters and digits ever reach
/// MATCH, each quoted, so no query can use (or break on) FTS syntax.
enum SearchQueryText {
    /// Longest query form considered; longer text is cut (nobody types a 10,000-letter name).
    static let maximumFormLength = 200
    /// Most query words used.
    static let maximumTokens = 8

    /// The query's search form, cut to `maximumFormLength` at a word boundary.
    static func form(of text: String) -> String {
        var form = SearchForm.of(String(text.prefix(maximumFormLength * 4)))
        if form.count > maximumFormLength {
            form = String(form.prefix(maximumFormLength))
            if let space = form.lastIndex(of: " ") { form = String(form[..<space]) }
        }
        return form
    }

    /// Words as FTS5's unicode61 tokenizer sees them: runs of letters, digits and private-use
    /// characters; everything else (marks, joiners, symbols) separates words.
    static func tokens(of form: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in form.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter,
                .otherLetter, .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                current.append(scalar)
            default:
                if !current.isEmpty { tokens.append(String(current)) }
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { tokens.append(String(current)) }
        return Array(tokens.prefix(maximumTokens))
    }

    /// German spellings without umlauts folded back: `muenchen` → `munchen`, `koeln` → `koln`,
    /// `baeume` → `baume`; nil when nothing changes.
    static func germanFolded(_ form: String) -> String? {
        guard form.contains("ue") || form.contains("oe") || form.contains("ae") else { return nil }
        return form.replacingOccurrences(of: "ue", with: "u")
            .replacingOccurrences(of: "oe", with: "o")
            .replacingOccurrences(of: "ae", with: "a")
    }

    /// The MATCH expression: every token a quoted prefix, all required, each token OR its
    /// German folding. Nil when the text has no letters or digits.
    static func match(_ form: String) -> String? {
        let parts = tokens(of: form).map { token -> String in
            var variants = [token]
            if let folded = germanFolded(token), folded != token,
                !tokens(of: folded).isEmpty
            {
                variants.append(folded)
            }
            let quoted = variants.map { "\"\($0)\"*" }
            return quoted.count == 1 ? quoted[0] : "(\(quoted.joined(separator: " OR ")))"
        }
        return parts.isEmpty ? nil : parts.joined(separator: " AND ")
    }
}

/// One place a search found, with the best of its names seen so far.
struct SearchCandidate {
    var kind: PlaceKind, key: String, place: SQLValue, name: String, language: String?
    var importance: Int, match: NameMatch, formLength: Int
    /// The name matched is the municipality an airport serves, not a name of the airport: it
    /// ranks below every name of the same match quality, so a city comes before the airport
    /// named after its municipality.
    var servedPlace = false
    /// 1 for a match on a served place, so sorting puts it after real names.
    var servedOrder: Int { servedPlace ? 1 : 0 }
    /// Search order without `--near`: match, own name before served place, importance, then
    /// kind and key so that equal candidates still come out in one fixed order.
    var rank: (Int, Int, Int, Int, String) { (match.order, servedOrder, -importance, kind.order, key) }
}

/// The candidates of one search, one per place: the stages of a search each offer what they
/// find, and a place found by several names keeps the best.
struct SearchCandidates {
    /// The query's search form, then its German folding when that differs.
    let forms: [String]
    /// Best candidate per kind and place key.
    private(set) var best: [String: SearchCandidate] = [:]

    /// Candidates for a query whose search form is `form`.
    init(form: String) {
        forms = [form] + (SearchQueryText.germanFolded(form).map { [$0] } ?? [])
    }

    /// How a stored name's search form meets the query.
    func classify(_ nameForm: String) -> NameMatch {
        if forms.contains(nameForm) { return .exact }
        if forms.contains(where: { nameForm.hasPrefix($0) }) { return .prefix }
        return .word
    }

    /// Keeps `c` unless its place already has a better name: better match, its own name over a
    /// served place's, then the shortest (closest to the query).
    mutating func offer(_ c: SearchCandidate) {
        let key = "\(c.kind.rawValue)\u{1}\(c.key)"
        if let old = best[key],
            (old.match.order, old.servedOrder, old.formLength)
                <= (c.match.order, c.servedOrder, c.formLength)
        {
            return
        }
        best[key] = c
    }

    /// Every candidate in search order (see `SearchCandidate.rank`).
    func ranked() -> [SearchCandidate] {
        best.values.sorted { $0.rank < $1.rank }
    }
}

/// The SQL that `--kind` and `--in` add to every names query, with its bound values.
struct SearchFilter {
    /// ` AND …` conditions on the names table `n`; empty when nothing narrows.
    private(set) var sql = ""
    /// Values for the `?` in `sql`, in order.
    private(set) var values: [SQLValue] = []

    /// The filter of `query`; nil when it asks for no kind at all, so nothing can match.
    init?(_ query: PlaceQuery) {
        if let kinds = query.kinds, kinds.count < PlaceKind.allCases.count {
            guard !kinds.isEmpty else { return nil }
            sql += " AND n.kind IN (\(kinds.map { _ in "?" }.joined(separator: ",")))"
            values += kinds.sorted().map { .text($0.rawValue) }
        }
        if let country = query.countryCode {
            sql += " AND n.country = ?"
            values.append(.text(country.uppercased()))
        }
    }
}

extension Gazetteer {
    /// Places whose name (any language, any stored spelling) matches `query`, ranked: exact
    /// name > name prefix > word match, then importance (continents, countries, then population;
    /// airports by size and scheduled service), then distance from `query.near`. With `near`,
    /// importance counts in half-decades (a town of 20,000 and one of 30,000 tie), so the
    /// nearer one wins. A match on the municipality an airport serves ranks below every own name
    /// that matches as well. Any text is safe: only letter/digit tokens reach FTS5.
    public func search(_ query: PlaceQuery) throws -> [PlaceHit] {
        try search(query, densePrefix: Self.densePrefix)
    }

    /// Names starting with a query beyond which its prefix range is "dense" (see `search`).
    static let densePrefix = 2000

    func search(_ query: PlaceQuery, densePrefix: Int) throws -> [PlaceHit] {
        guard query.limit > 0 else { return [] }
        let form = SearchQueryText.form(of: query.text)
        guard let match = SearchQueryText.match(form), let filter = SearchFilter(query) else { return [] }
        let pool = query.near == nil ? max(query.limit * 5, 50) : max(query.limit * 20, 400)
        var candidates = SearchCandidates(form: form)
        try collectExactNames(into: &candidates, filter: filter, pool: pool)
        let dense = try collectNamePrefixes(
            into: &candidates, filter: filter, pool: pool, densePrefix: densePrefix)
        // Word matches rank below exact and prefix ones, so they are needed only when those
        // leave the list short, or when a dense prefix range was left to them.
        if dense || candidates.best.count < query.limit {
            try collectWordMatches(
                match, into: &candidates, filter: filter, limit: dense ? pool * 4 : pool)
        }
        try offerCodes(form, query: query) { kind, key, place, name, importance in
            candidates.offer(
                SearchCandidate(
                    kind: kind, key: key, place: place, name: name, language: nil,
                    importance: importance, match: .exact, formLength: 0))
        }
        let hits = try hits(for: candidates, form: form, query: query)
        guard query.near != nil else { return hits.map(\.hit) }
        return Self.rankedNear(hits).prefix(query.limit).map(\.hit)
    }

    /// The columns every names query reads.
    private static let searchColumns = "n.kind, n.place, n.name, n.language, n.importance, n.form"

    /// Runs one names query (selecting `searchColumns` from `names n`) and offers every row as
    /// a candidate. Each airport row gets its airport's own name and municipality, so that a
    /// match on the place an airport serves can be told from a match on its name; the join is
    /// outside the query so that it touches only the rows the query kept, not every row of a
    /// name range before its LIMIT (that doubled the time of a search for `san`).
    private func collect(
        _ sql: String, _ values: [SQLValue], into candidates: inout SearchCandidates
    ) throws {
        let joined = """
            SELECT n.*, a.name, a.municipality FROM (\(sql)) n
            LEFT JOIN airports a ON n.kind = 'airport' AND a.ident = n.place
            """
        let found = try rows(joined, values) { s in
            (
                s.text(at: 0) ?? "", s.value(at: 1), s.text(at: 2) ?? "", s.text(at: 3),
                s.int(at: 4), s.text(at: 5) ?? "", s.text(at: 6), s.text(at: 7)
            )
        }
        for (kind, place, name, language, importance, nameForm, airportName, municipality) in found {
            guard let kind = PlaceKind(rawValue: kind) else { continue }
            let key: String
            switch place {
            case .integer(let n): key = String(n)
            case .text(let t): key = t
            default: continue
            }
            candidates.offer(
                SearchCandidate(
                    kind: kind, key: key, place: place, name: name, language: language,
                    importance: importance, match: candidates.classify(nameForm),
                    formLength: nameForm.count,
                    servedPlace: Self.isServedPlace(
                        name: name, form: nameForm, airportName: airportName,
                        municipality: municipality)))
        }
    }

    /// Whether an airport's name row (`name`, search form `form`) holds the municipality it
    /// serves rather than a name of its own; false for other kinds (no airport name). Most
    /// rows are spelled exactly as the airport's name or municipality and are decided by that;
    /// text is folded only for a row stored in another spelling of the same search form.
    private static func isServedPlace(
        name: String, form: String, airportName: String?, municipality: String?
    ) -> Bool {
        guard let airportName, let municipality else { return false }
        if name == airportName { return false }
        if name != municipality, SearchForm.of(municipality) != form { return false }
        return SearchForm.of(airportName) != form
    }

    /// Exact names, through the form index: the best matches, found cheapest.
    private func collectExactNames(
        into candidates: inout SearchCandidates, filter: SearchFilter, pool: Int
    ) throws {
        let forms = candidates.forms
        try collect(
            """
            SELECT \(Self.searchColumns) FROM names n
            WHERE n.form IN (?, ?)\(filter.sql) ORDER BY n.importance DESC LIMIT ?
            """,
            [.text(forms[0]), .text(forms.last!)] + filter.values + [.integer(pool)],
            into: &candidates)
    }

    /// Names starting with the query: a range of the form index, read from the index alone.
    /// A very common prefix (`a`, `st`) would mean sorting thousands of entries; such a range is
    /// skipped and reported (true) so that the most important word matches carry it instead.
    private func collectNamePrefixes(
        into candidates: inout SearchCandidates, filter: SearchFilter, pool: Int, densePrefix: Int
    ) throws -> Bool {
        var dense = false
        for prefix in candidates.forms {
            let range: [SQLValue] = [.text(prefix), .text(prefix + "\u{10FFFF}")]
            let size = try rows(
                "SELECT count(*) FROM (SELECT 1 FROM names WHERE form > ? AND form < ? LIMIT ?)",
                range + [.integer(densePrefix)]) { $0.int(at: 0) }.first ?? 0
            if size >= densePrefix {
                dense = true
                continue
            }
            try collect(
                """
                SELECT \(Self.searchColumns) FROM names n
                WHERE n.form > ? AND n.form < ?\(filter.sql) ORDER BY n.importance DESC LIMIT ?
                """, range + filter.values + [.integer(pool)], into: &candidates)
        }
        return dense
    }

    /// Every word a prefix anywhere, through FTS5. Rows are stored most important first, so
    /// the first `limit` in rowid order are the most important matches.
    private func collectWordMatches(
        _ match: String, into candidates: inout SearchCandidates, filter: SearchFilter, limit: Int
    ) throws {
        try collect(
            """
            SELECT \(Self.searchColumns) FROM names_fts f JOIN names n ON n.rowid = f.rowid
            WHERE names_fts MATCH ?\(filter.sql) ORDER BY f.rowid LIMIT ?
            """, [.text(match)] + filter.values + [.integer(limit)], into: &candidates)
    }

    /// A hit with what `--near` ranking needs beside it.
    private typealias RankedHit = (hit: PlaceHit, importance: Int, servedOrder: Int)

    /// The candidates' places looked up, in search order. Without `--near` the order is known
    /// before looking places up, so only the winners are read; with `--near` every candidate
    /// needs its coordinates.
    private func hits(
        for candidates: SearchCandidates, form: String, query: PlaceQuery
    ) throws -> [RankedHit] {
        var hits: [RankedHit] = []
        for candidate in candidates.ranked() {
            if query.near == nil, hits.count == query.limit { break }
            guard let summary = try summary(kind: candidate.kind, place: candidate.place) else {
                continue
            }
            let (matchedName, language) = Self.shownName(
                of: candidate, summary: summary, form: form, candidates: candidates)
            var distance: Double?
            if let near = query.near, let lat = summary.latitude, let lon = summary.longitude {
                distance = GreatCircle.distanceKm(near.latitude, near.longitude, lat, lon)
            }
            hits.append(
                (
                    PlaceHit(
                        place: summary, matchedName: matchedName, language: language,
                        match: candidate.match, distanceKm: distance),
                    candidate.importance, candidate.servedOrder
                ))
        }
        return hits
    }

    /// The name a hit shows: the place's own name when it meets the query as well as the
    /// stored name did (another spelling would add nothing to the line), else the stored name
    /// that matched, with its language. A code keeps the name it was offered under.
    private static func shownName(
        of candidate: SearchCandidate, summary: PlaceSummary, form: String,
        candidates: SearchCandidates
    ) -> (name: String, language: String?) {
        guard candidate.match != .exact || candidate.formLength > 0,
            candidate.name != summary.name
        else { return (candidate.name, candidate.language) }
        let ownForm = SearchForm.of(summary.name)
        guard candidates.classify(ownForm) <= candidate.match,
            SearchQueryText.tokens(of: form).allSatisfy({ token in
                ownForm.split(separator: " ").contains { $0.hasPrefix(token) }
            })
        else { return (candidate.name, candidate.language) }
        return (summary.name, nil)
    }

    /// The `--near` order: match, own name before served place, importance in half-decades,
    /// then distance, importance, kind and ID.
    private static func rankedNear(_ hits: [RankedHit]) -> [RankedHit] {
        func tier(_ importance: Int) -> Int {
            Int((log10(Double(max(importance, 1))) * 2).rounded(.down))
        }
        return hits.sorted { a, b in
            if a.hit.match != b.hit.match { return a.hit.match < b.hit.match }
            if a.servedOrder != b.servedOrder { return a.servedOrder < b.servedOrder }
            let ta = tier(a.importance), tb = tier(b.importance)
            if ta != tb { return ta > tb }
            let da = a.hit.distanceKm ?? .infinity, db = b.hit.distanceKm ?? .infinity
            if da != db { return da < db }
            if a.importance != b.importance { return a.importance > b.importance }
            if a.hit.place.kind != b.hit.place.kind { return a.hit.place.kind < b.hit.place.kind }
            return a.hit.place.id.description < b.hit.place.id.description
        }
    }
    /// Places whose code is the query itself: a country by ISO alpha-2 or alpha-3, an airport
    /// by IATA or ICAO. Codes are not stored as names, so the matcher never mistakes a stray
    /// `DE` on a stamp for a country name.
    private func offerCodes(
        _ form: String, query: PlaceQuery,
        _ offer: (PlaceKind, String, SQLValue, String, Int) -> Void
    ) throws {
        let code = form.uppercased()
        guard (2...4).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return }
        func wanted(_ kind: PlaceKind, country: String?) -> Bool {
            if let kinds = query.kinds, !kinds.contains(kind) { return false }
            if let only = query.countryCode, only.uppercased() != country { return false }
            return true
        }
        if code.count <= 3 {
            for c in try rows(
                "SELECT code, name, population FROM countries WHERE code = ? OR alpha3 = ?",
                [.text(code), .text(code)], { ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "", $0.int(at: 2)) })
            where wanted(.country, country: c.0) {
                offer(.country, c.0, .text(c.0), c.1, GazetteerBuilder.countryImportance + c.2)
            }
        }
        if code.count >= 3 {
            for a in try rows(
                "SELECT ident, name, country, rank, scheduled FROM airports WHERE iata = ? OR icao = ?",
                [.text(code), .text(code)],
                { ($0.text(at: 0) ?? "", $0.text(at: 1) ?? "", $0.text(at: 2), $0.int(at: 3), $0.int(at: 4) != 0) })
            where wanted(.airport, country: a.2) {
                offer(
                    .airport, a.0, .text(a.0), a.1,
                    GazetteerBuilder.airportImportance(rank: a.3, scheduled: a.4))
            }
        }
    }

    /// The summary of one place by kind and stored key; nil when it does not exist.
    func summary(kind: PlaceKind, place: SQLValue) throws -> PlaceSummary? {
        switch kind {
        case .continent:
            return try rows(
                "SELECT id, name, population FROM continents WHERE id = ?", [place]
            ) { s in
                var p = PlaceSummary(kind: .continent, id: .number(s.int(at: 0)), name: s.text(at: 1) ?? "", countryCode: nil)
                p.population = s.int(at: 2)
                return p
            }.first
        case .country:
            return try rows(
                "SELECT code, name, population FROM countries WHERE code = ?", [place]
            ) { s in
                var p = PlaceSummary(
                    kind: .country, id: .code(s.text(at: 0) ?? ""), name: s.text(at: 1) ?? "",
                    countryCode: s.text(at: 0))
                p.population = s.int(at: 2)
                return p
            }.first
        case .region:
            return try rows(
                "SELECT id, name, country, population FROM regions WHERE id = ?", [place]
            ) { s in
                var p = PlaceSummary(
                    kind: .region, id: .code(s.text(at: 0) ?? ""), name: s.text(at: 1) ?? "",
                    countryCode: s.text(at: 2))
                p.regionID = s.text(at: 0)
                p.population = s.int(at: 3)
                return p
            }.first
        case .city:
            return try rows(
                "SELECT \(Self.cityColumns) FROM cities WHERE id = ?", [place], Self.city
            ).first.map(Self.summary(of:))
        case .airport:
            return try rows(
                "SELECT \(Self.airportColumns), ident FROM airports WHERE ident = ?", [place]
            ) { s in (Self.airport(s), s.text(at: 11) ?? "") }.first.map { Self.summary(of: $0.0, ident: $0.1) }
        }
    }

    static func summary(of city: City) -> PlaceSummary {
        var p = PlaceSummary(kind: .city, id: .number(city.id), name: city.name, countryCode: city.countryCode)
        p.regionID = city.regionID
        p.population = city.population
        p.latitude = city.latitude
        p.longitude = city.longitude
        return p
    }

    static func summary(of airport: Airport, ident: String) -> PlaceSummary {
        var p = PlaceSummary(kind: .airport, id: .code(ident), name: airport.name, countryCode: airport.countryCode)
        p.regionID = airport.regionID
        p.iata = airport.iata.isEmpty ? nil : airport.iata
        p.icao = airport.icao
        p.latitude = airport.latitude
        p.longitude = airport.longitude
        return p
    }
}
