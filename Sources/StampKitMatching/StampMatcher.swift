import Foundation
import StampKitSupport
import StampKitOCR
import StampKitGazetteer
import StampKitEvidence

/// Proposes where a stamp was made: clues from its text, looked up in the gazetteer, merged per
/// country into chains country → region → city → airport, ranked, with calibrated confidence.
///
/// Scoring model. Every clue is an *observation* (a span of tokens) that names one or more
/// places with a share (an ambiguous city name spreads its share over the countries that have
/// a city of that name, weighted by √population; an airport name over the airports it fits,
/// weighted by size and scheduled service). Each observation has a reliability `r` — the chance
/// that it is genuine and read right — from its kind and layout (authority phrase 0.85, country
/// name 0.7, IATA code alone on its line 0.65 and in running text 0.4, a stop-word code 0.15 or
/// 0.45 alone, airport name 0.5–0.65 (0.75 beside an airport word), city name 0.45–0.55,
/// distinguishing sign 0.3–0.45, two-letter code 0.3–0.4), scaled by the size of the airport a code
/// or name points to, the population of the biggest city of that name, and OCR confidence
/// (`(c − 20) / 50`, clamped to 0.2…1). An observation supports country `c` with
/// `p = r · share(c)`; several meanings of one span count once (the largest). Independent
/// observations combine by noisy-OR: `S(c) = 1 − Π (1 − p)`. Rival countries then take their
/// part: `confidence(c) = S(c) · S(c) / (S(c) + Σ S(rival)²)`; squaring the rivals lets weak
/// background noise cost little while a strong contradiction halves the score. So IATA code +
/// airport name + country sign that agree reach ≥ 0.9, one weak clue stays < 0.5, and two
/// strong clues that disagree both land near 0.45.
public final class StampMatcher {
    let directory: PlaceDirectory
    let extractor: ClueExtractor

    /// `today` decides the century of two-digit years in dates.
    public init(directory: PlaceDirectory, lexicon: Lexicon, today: Date = Date()) {
        self.directory = directory
        self.extractor = ClueExtractor(lexicon: lexicon, today: today)
    }

    /// One possible meaning of an observation.
    struct Hypothesis {
        var country: String
        var airport: Airport?
        var city: City?
        var share: Double
    }

    /// A clue after gazetteer lookup.
    struct Clue {
        var span: TokenSpan
        var evidence: Evidence
        var reliability: Double
        var hypotheses: [Hypothesis]
    }

    /// Reads the clues of one stamp and proposes ranked candidates.
    public func propose(from reading: OCRReading) throws -> StampProposal {
        let clues = extractor.extract(from: reading)
        var lookup = Lookup(directory: directory)
        var found: [Clue] = []

        for alias in clues.aliases {
            guard let country = try lookup.country(alias.value.countryCode) else { continue }
            found.append(
                Clue(
                    span: alias.span,
                    evidence: Evidence(
                        kind: .countryName, text: alias.text,
                        detail: "\(alias.value.isAuthority ? "authority of" : "another name for") \(country.name)"),
                    reliability: (alias.value.isAuthority ? 0.85 : 0.7) * ocr(alias.confidence),
                    hypotheses: [Hypothesis(country: country.code, share: 1)]))
        }

        // Names, longest first. An airport named by several words hides every clue inside it (TÂN
        // in TÂN SƠN NHẤT); a city or country name hides only shorter names inside it (YORK in
        // NEW YORK), so FRANKFURT in FRANKFURT AM MAIN still counts as an airport word.
        var namedSpans: [TokenSpan] = []
        var airportSpans: [TokenSpan] = []
        func within(_ s: TokenSpan, _ spans: [TokenSpan]) -> Bool {
            spans.contains { $0.line == s.line && $0.start <= s.start && s.end <= $0.end && $0 != s }
        }
        func inside(_ s: TokenSpan) -> Bool { within(s, namedSpans) || within(s, airportSpans) }

        // Several words beside an airport word: the airports whose name has every one of them.
        for phrase in clues.airportNamePhrases.sorted(by: { $0.length > $1.length }) where !inside(phrase.span) {
            var common: [Airport]?
            for word in phrase.form.split(separator: " ") {
                let matching = try lookup.airports(nameWord: String(word), limit: Lookup.phraseLimit)
                common = common.map { c in c.filter { a in matching.contains { $0.iata == a.iata } } } ?? matching
            }
            guard let airports = common, !airports.isEmpty, airports.count < Lookup.phraseLimit else { continue }
            let weights = airports.map(airportWeight)
            let total = weights.reduce(0, +)
            found.append(
                Clue(
                    span: phrase.span,
                    evidence: Evidence(
                        kind: .airportName, text: phrase.text,
                        detail: airports.prefix(3).map { "\($0.name) (\($0.iata), \($0.countryCode))" }
                            .joined(separator: " or ")),
                    reliability: 0.75 * (airports.map(airportPrior).max() ?? 1) * ocr(phrase.confidence),
                    hypotheses: zip(airports, weights).map {
                        Hypothesis(country: $0.countryCode, airport: $0, share: $1 / total)
                    }))
            airportSpans.append(phrase.span)
        }
        for phrase in clues.namePhrases.sorted(by: { $0.length > $1.length }) where !inside(phrase.span) {
            var hit = false
            let lengthFactor = phrase.length > 1 ? 1.0 : (phrase.form.count >= 5 ? 0.9 : 0.7)
            let countries = try lookup.countries(named: phrase.form)
            if !countries.isEmpty {
                hit = true
                found.append(
                    Clue(
                        span: phrase.span,
                        evidence: Evidence(
                            kind: .countryName, text: phrase.text,
                            detail: countries.map { "\($0.name) (\($0.code))" }.joined(separator: " or ")),
                        reliability: 0.75 * lengthFactor * ocr(phrase.confidence),
                        hypotheses: countries.map { Hypothesis(country: $0.code, share: 1 / Double(countries.count)) }))
            }
            let cities = try lookup.cities(named: phrase.form)
            if !cities.isEmpty {
                hit = true
                let weights = cities.map { (Double(max($0.population, 1))).squareRoot() }
                let total = weights.reduce(0, +)
                let generic = cities.count >= Lookup.cityLimit ? 0.5 : 1
                // A village that shares its name with a word is weak evidence; a city is not.
                let biggest = Double(max(cities.map(\.population).max() ?? 1, 1))
                let size = min(1, max(0.15, (log10(biggest) - 3) / 3))
                found.append(
                    Clue(
                        span: phrase.span,
                        evidence: Evidence(
                            kind: .cityName, text: phrase.text,
                            detail: cities.prefix(3).map { "\($0.name), \($0.countryCode)" }.joined(separator: " or ")),
                        reliability: (phrase.length > 1 ? 0.55 : 0.45) * lengthFactor * generic * size
                            * ocr(phrase.confidence),
                        hypotheses: zip(cities, weights).map {
                            Hypothesis(country: $0.countryCode, city: $0, share: $1 / total)
                        }))
            }
            if hit { namedSpans.append(phrase.span) }
        }

        for word in clues.airportNameWords where !within(word.span, airportSpans) {
            let isStem = clues.airportWords.contains { $0.span == word.span }
            var airports: [Airport] = []
            var query = word.form
            let shortest = isStem ? max(4, word.form.count - 3) : word.form.count
            while airports.isEmpty, query.count >= shortest {
                airports = try lookup.airports(nameWord: query)
                if airports.isEmpty { query.removeLast() }
            }
            guard !airports.isEmpty else { continue }
            let weights = airports.map(airportWeight)
            let total = weights.reduce(0, +)
            let generic = airports.count >= Lookup.airportLimit ? 0.3 : 1
            // A word beside an airport word is the airport's name (SUVARNABHUMI AIRPORT).
            let besideAirportWord = clues.airportWords.contains {
                $0.span.line == word.span.line && ($0.span.end == word.span.start || $0.span.start == word.span.end)
            }
            let base = besideAirportWord ? 0.75 : (isStem || word.form.count >= 7 ? 0.65 : 0.5)
            // A whole word of the name counts more than a prefix of one (unless the word was cut
            // short on the stamp), and a name that only fits an airstrip is weak.
            let whole = airports.contains { a in
                SearchForm.of(a.name + " " + (a.municipality ?? "")).split(separator: " ").contains {
                    $0 == query
                }
            }
            let exactness = whole || isStem || query != word.form ? 1 : 0.6
            let prior = airports.map(airportPrior).max() ?? 1
            found.append(
                Clue(
                    span: word.span,
                    evidence: Evidence(
                        kind: .airportName, text: word.text,
                        detail: airports.prefix(3).map { "\($0.name) (\($0.iata), \($0.countryCode))" }
                            .joined(separator: " or ")),
                    reliability: base * generic * exactness * prior * ocr(word.confidence),
                    hypotheses: zip(airports, weights).map {
                        Hypothesis(country: $0.countryCode, airport: $0, share: $1 / total)
                    }))
        }

        // Codes last: a code inside a multi-word name (SAN in SAN JOSE) is part of the name.
        let nameSpans = namedSpans + airportSpans
        for token in clues.iataCandidates where !within(token.span, nameSpans) {
            guard let airport = try lookup.airport(iata: token.code) else { continue }
            var r: Double
            if token.isStopword {
                r = (token.standsAlone || token.nextToPortCue) ? 0.45 : 0.15
            } else {
                r = (token.standsAlone || token.nextToPortCue) ? 0.65 : 0.4
            }
            r *= airportPrior(airport) * ocr(token.confidence) * (token.isCorrected ? 0.7 : 1) * (token.isClipped ? 0.6 : 1)
            // FIN, EST or SLO alone is far more often a Schengen sign than an airstrip's code.
            if token.standsAlone, clues.distinguishingSigns.contains(where: { $0.span == token.span }),
                airport.type != "large_airport"
            {
                r *= 0.5
            }
            found.append(
                Clue(
                    span: token.span,
                    evidence: Evidence(
                        kind: .iataCode, text: token.text,
                        detail: "\(airport.name) (\(airport.municipality.map { "\($0), " } ?? "")\(airport.countryCode))"),
                    reliability: r,
                    hypotheses: [Hypothesis(country: airport.countryCode, airport: airport, share: 1)]))
        }

        for token in clues.countryCodeCandidates where !within(token.span, nameSpans) {
            guard let country = try lookup.country(token.code) else { continue }
            found.append(
                Clue(
                    span: token.span,
                    evidence: Evidence(kind: .countryCode, text: token.text, detail: "ISO code of \(country.name)"),
                    reliability: (token.isStopword ? 0.3 : 0.4) * ocr(token.confidence),
                    hypotheses: [Hypothesis(country: country.code, share: 1)]))
        }

        for token in clues.distinguishingSigns where !within(token.span, nameSpans) {
            guard let country = try lookup.country(token.code) else { continue }
            found.append(
                Clue(
                    span: token.span,
                    evidence: Evidence(
                        kind: .distinguishingSign, text: token.text, detail: "distinguishing sign of \(country.name)"),
                    reliability: (token.text.count == 1 ? 0.3 : 0.45) * ocr(token.confidence),
                    hypotheses: [Hypothesis(country: country.code, share: 1)]))
        }

        let context = contextEvidence(clues)
        let candidates = try rank(found, clues: clues, context: context, lookup: &lookup)
        return StampProposal(
            candidates: candidates, date: clues.date, direction: clues.direction,
            entryMethod: entryMethod(clues, top: candidates.first))
    }

    /// Merges clues per country, scores them (see the type's comment) and builds the chains.
    func rank(_ clues: [Clue], clues text: StampClues, context: [Evidence], lookup: inout Lookup) throws
        -> [Candidate]
    {
        // Support per observation per country: a clue's shares add up within a country (FRA and
        // HHN are both German); a span's several clues count once, by the largest.
        var perSpan: [TokenSpan: [String: Double]] = [:]
        for clue in clues {
            var byCountry: [String: Double] = [:]
            for h in clue.hypotheses { byCountry[h.country, default: 0] += h.share }
            for (country, share) in byCountry {
                let p = clue.reliability * min(1, share)
                perSpan[clue.span, default: [:]][country] = max(perSpan[clue.span]?[country] ?? 0, p)
            }
        }
        var miss: [String: Double] = [:]
        for (_, countries) in perSpan {
            for (c, p) in countries { miss[c] = (miss[c] ?? 1) * (1 - p) }
        }
        let support = miss.mapValues { 1 - $0 }
        var scored: [(String, Double)] = support.map { c, s in
            let rivals = support.filter { $0.key != c }.values.map { $0 * $0 }.reduce(0, +)
            return (c, s * s / (s + rivals))
        }
        scored.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }

        let airportWordEvidence = text.airportWords.map {
            Evidence(kind: .airportWord, text: $0.text, detail: "\($0.word.language): \($0.word.text)… (airport)")
        }

        var out: [Candidate] = []
        for (code, confidence) in scored.prefix(5) where confidence >= 0.02 {
            guard let country = try lookup.country(code) else { continue }
            let mine = clues.filter { $0.hypotheses.contains { $0.country == code } }

            // The airport this country's clues agree on most; ties go to the one the gazetteer
            // listed first (the more important).
            var airportMiss: [String: Double] = [:]
            var airports: [Airport] = []
            for clue in mine {
                for h in clue.hypotheses where h.country == code {
                    guard let a = h.airport else { continue }
                    if !airports.contains(where: { $0.iata == a.iata }) { airports.append(a) }
                    airportMiss[a.iata] = (airportMiss[a.iata] ?? 1) * (1 - clue.reliability * h.share)
                }
            }
            // The chain names an airport only when one stands out: some support, and clearly
            // more than the runner-up (LONDON alone fits Heathrow and Gatwick equally).
            let ranked = airports.map { ($0, 1 - airportMiss[$0.iata]!) }.enumerated()
                .sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
                .map(\.element)
            var airport: Airport?
            if let best = ranked.first, best.1 >= 0.1, ranked.count == 1 || best.1 > 1.5 * ranked[1].1 {
                airport = best.0
            }
            var inferred: Evidence?

            var city: City?
            if let id = airport?.cityID { city = try lookup.city(id: id) }
            if city == nil {
                let named = mine.flatMap { c in c.hypotheses.compactMap { h in h.country == code ? h.city.map { ($0, c.reliability * h.share) } : nil } }
                city = named.max { $0.1 < $1.1 }?.0
            }
            // An airport word and a city but no airport name (AEROPORTO DE LISBOA): the city's
            // main airport.
            if airport == nil, !text.airportWords.isEmpty, let named = city {
                let main = try lookup.airports(nameWord: SearchForm.of(named.name))
                    .first { $0.countryCode == code && ($0.type == "large_airport" || $0.type == "medium_airport") }
                if let main {
                    airport = main
                    inferred = Evidence(
                        kind: .airportName, text: named.name,
                        detail: "\(main.name) (\(main.iata)), the main airport of \(named.name)")
                }
            }
            var region: Region?
            if let id = airport?.regionID ?? city?.regionID { region = try lookup.region(id: id) }

            var evidence = mine.sorted { $0.reliability > $1.reliability }.map(\.evidence)
            if let inferred { evidence.append(inferred) }
            if airport != nil || !airportWordEvidence.isEmpty { evidence += airportWordEvidence }
            evidence += context
            var unique: [Evidence] = []
            for e in evidence where !unique.contains(e) { unique.append(e) }
            out.append(
                Candidate(
                    confidence: (confidence * 1000).rounded() / 1000, country: country, region: region,
                    city: city, airport: airport, evidence: unique))
        }
        return out
    }

    /// Date, direction and entry-method evidence, shown with every candidate.
    func contextEvidence(_ clues: StampClues) -> [Evidence] {
        var out: [Evidence] = []
        if let d = clues.date { out.append(Evidence(kind: .date, text: d.text, detail: d.value)) }
        if let dir = clues.direction {
            for h in clues.directionHits where h.value == dir {
                out.append(Evidence(kind: .direction, text: h.text, detail: dir.rawValue))
            }
        }
        for h in clues.entryMethodHits {
            out.append(Evidence(kind: .entryMethod, text: h.text, detail: h.value.rawValue))
        }
        return out
    }

    /// Air when an airport word, a plane word or a trusted airport is on the stamp; otherwise
    /// what the entry-method words say; nil when nothing does.
    func entryMethod(_ clues: StampClues, top: Candidate?) -> EntryMethod? {
        if !clues.airportWords.isEmpty { return .air }
        if clues.entryMethodHits.contains(where: { $0.value == .air }) { return .air }
        if let top, top.airport != nil, top.confidence >= 0.5 { return .air }
        var counts: [EntryMethod: Int] = [:]
        for h in clues.entryMethodHits { counts[h.value, default: 0] += 1 }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key.rawValue > $1.key.rawValue }?.key
    }

    /// OCR confidence 0…100 as a factor: words read at 70 or better count fully (Tesseract
    /// rarely goes higher on inked stamps), at 40 half.
    func ocr(_ confidence: Double) -> Double {
        min(1, max(0.2, (confidence - 20) / 50))
    }

    /// How plausible it is that a stamp names this airport: border posts sit at big airports.
    func airportPrior(_ a: Airport) -> Double {
        let size: Double
        switch a.type {
        case "large_airport": size = 1
        case "medium_airport": size = 0.85
        case "small_airport": size = 0.6
        default: size = 0.5
        }
        return size * (a.scheduled ? 1 : 0.8)
    }

    func airportWeight(_ a: Airport) -> Double {
        let size: Double
        switch a.type {
        case "large_airport": size = 4
        case "medium_airport": size = 2
        case "small_airport": size = 0.5
        default: size = 0.25
        }
        return size * (a.scheduled ? 2 : 1)
    }
}

/// Memoised gazetteer queries for one proposal (the same code or word often appears twice).
struct Lookup {
    static let cityLimit = 8
    static let airportLimit = 8
    /// Per word of a multi-word airport name, before intersecting.
    static let phraseLimit = 60
    let directory: PlaceDirectory
    var countriesByCode: [String: Country?] = [:]
    var airportsByIATA: [String: Airport?] = [:]
    var countriesByName: [String: [Country]] = [:]
    var citiesByName: [String: [City]] = [:]
    var airportsByWord: [String: [Airport]] = [:]

    init(directory: PlaceDirectory) { self.directory = directory }

    mutating func country(_ code: String) throws -> Country? {
        if let c = countriesByCode[code] { return c }
        let c = try directory.country(code: code)
        countriesByCode[code] = c
        return c
    }

    mutating func airport(iata: String) throws -> Airport? {
        if let a = airportsByIATA[iata] { return a }
        let a = try directory.airport(iata: iata)
        airportsByIATA[iata] = a
        return a
    }

    mutating func countries(named form: String) throws -> [Country] {
        if let c = countriesByName[form] { return c }
        let c = try directory.countries(named: form)
        countriesByName[form] = c
        return c
    }

    mutating func cities(named form: String) throws -> [City] {
        if let c = citiesByName[form] { return c }
        let c = try directory.cities(named: form, countryCode: nil, limit: Self.cityLimit)
        citiesByName[form] = c
        return c
    }

    mutating func airports(nameWord form: String, limit: Int = Self.airportLimit) throws -> [Airport] {
        let key = "\(limit) \(form)"
        if let a = airportsByWord[key] { return a }
        let a = try directory.airports(nameWord: form, limit: limit)
        airportsByWord[key] = a
        return a
    }

    mutating func city(id: Int) throws -> City? { try directory.city(id: id) }
    mutating func region(id: String) throws -> Region? { try directory.region(id: id) }
}
