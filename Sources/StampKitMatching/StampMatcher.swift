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
/// observations combine by noisy-OR: `S(c) = 1 − Π (1 − p)`; a code that nothing else on the
/// stamp supports counts at half its reliability. Rival countries then take their
/// part: `confidence(c) = S(c) · S(c) / (S(c) + Σ S(rival)²)`; squaring the rivals lets weak
/// background noise cost little while a strong contradiction halves the score. So IATA code +
/// airport name + country sign that agree reach ≥ 0.9, one weak clue stays < 0.5, and two
/// strong clues that disagree both land near 0.45.
public final class StampMatcher {
    let directory: PlaceDirectory
    /// How readings become clues; the reader asks it whether a date needs a second look.
    public let extractor: ClueExtractor
    /// The lexicon's words, so that a damaged stamp word is not guessed to be a name.
    let stampWords: NearNameIndex
    /// The lexicon's airport words of one word, as printed prefixes in search form.
    let airportWordPrefixes: [String]
    /// The lexicon's stop-words in search form.
    let stopwordForms: Set<String>
    /// Entry and exit words read with a letter wrong.
    let damagedDirections: DamagedStampWords<Direction>
    /// Entry-method words read with a letter wrong.
    let damagedMethods: DamagedStampWords<EntryMethod>
    /// Airport words read with a letter wrong inside them (ATRPORT, LENLOASEMA, RAČNA LUKA), by full word.
    let damagedAirportWords: DamagedStampWords<String>
    /// Authority and country phrases read with letters wrong.
    let damagedAliases: DamagedAliasObservations
    /// Which airports had opened by a stamp's date.
    let history: AirportHistory
    /// Each country's airport-name words, for worn words read among them, as first asked for.
    var nameWordsByCountry: [String: DamagedNamesInCountry.NameWords] = [:]

    /// `today` decides the century of two-digit years in dates.
    public init(directory: PlaceDirectory, lexicon: Lexicon, today: Date = Date()) {
        self.directory = directory
        self.extractor = ClueExtractor(lexicon: lexicon, today: today)
        self.stampWords = DamagedNameObservations.stampWords(lexicon)
        self.airportWordPrefixes = lexicon.airportWords.map(\.form).filter { !$0.contains(" ") }
        self.stopwordForms = Set(lexicon.stopwords.keys)
        self.damagedDirections = DamagedStampWords(lexicon.directions, lexicon: lexicon)
        self.damagedMethods = DamagedStampWords(lexicon.entryMethods, lexicon: lexicon)
        // Every airport word means the same; each is known by its whole word where the list
        // gives one (AEROPORT of AEROPORTO, AERFORT), so a reading nearer one prefix than
        // another's whole word is the nearer. Words of two (ZRAČNA LUKA, ORO UOSTAS) too: read
        // with a letter lost, the LUKA left alone would say a sea port.
        let words = lexicon.airportWords.map { $0.fullForm ?? $0.form }
        self.damagedAirportWords = DamagedStampWords(Dictionary(words.map { ($0, $0) }, uniquingKeysWith: { a, _ in a }), lexicon: lexicon)
        self.damagedAliases = DamagedAliasObservations(lexicon: lexicon)
        self.history = AirportHistory(openings: lexicon.airportOpenings)
    }

    /// Reads the clues of one stamp and proposes ranked candidates.
    public func propose(from reading: OCRReading) throws -> StampProposal {
        var lookup = Lookup(directory: directory)
        let clues = try withDamagedStampWords(extractor.extract(from: reading), &lookup)
        let observations = try observe(clues, &lookup)
        let candidates = try rank(observations, clues: clues, context: contextEvidence(clues), lookup: &lookup)
        return StampProposal(
            candidates: candidates, date: clues.date,
            direction: clues.direction ?? candidates.first.flatMap {
                // Only as sure as the country it follows from.
                $0.confidence >= Self.impliedDirectionConfidence ? impliedDirection(country: $0.country.code) : nil
            },
            entryMethod: entryMethod(clues, top: candidates.first))
    }

    /// How much evidence `lines` give for one place: the pieces of evidence read for the top
    /// candidate, its confidence breaking ties; 0 when nothing matches or the lookup fails.
    /// Counts, not confidence, lead: junk read the wrong way up matches a lone code or town at
    /// times quite surely, while text read the right way up gives several clues that agree.
    /// The arrival a country's stamps imply was not read, and is not counted.
    public func evidenceWeight(of lines: [OCRLine]) -> Double {
        guard let top = try? propose(from: OCRReading(lines: lines, rotation: 0)).candidates.first else { return 0 }
        let read = top.evidence.filter { !($0.kind == .direction && $0.text == top.country.name) }
        return Double(read.count) + top.confidence
    }

    /// `clues` with the direction, entry-method and airport words read with a letter wrong, for
    /// each list none of whose words was read right; not where the words read are a country's
    /// or a town's own name (see `namesAPlace`), nor a word of such a name read whole (DELGADA
    /// of PONTA DELGADA is two letters from CHEGADA, arrival).
    func withDamagedStampWords(_ clues: StampClues, _ lookup: inout Lookup) throws -> StampClues {
        var clues = clues
        let phrases = clues.namePhrases.filter { $0.length > 1 }
        func guessed<V>(_ hits: [LexiconHit<V>]) throws -> [LexiconHit<V>] {
            try hits.filter { hit in
                let whole = phrases.filter { $0.span.holds(hit.span) }
                return try !namesAPlace(hit.text, &lookup) && !whole.contains { try namesAPlace($0.text, &lookup) }
            }
        }
        clues.directionHits += try guessed(damagedDirections.hits(clues, read: clues.directionHits))
        clues.entryMethodHits += try guessed(damagedMethods.hits(clues, read: clues.entryMethodHits))
        if clues.airportWords.isEmpty {
            // Damaged inside, not only at its end (which the extractor reads already).
            clues.airportWords = try guessed(damagedAirportWords.hits(clues, read: [])).compactMap { hit in
                extractor.lexicon.airportWords.first { ($0.fullForm ?? $0.form) == hit.value }.map {
                    AirportWordHit(span: hit.span, text: hit.text, word: $0, placeStem: nil, confidence: hit.confidence)
                }
            }
            // Read as "airport", the word is no longer a word of an airport's name (AIRFORT cut
            // back to AIRF found an airfield).
            let words = Set(clues.airportWords.map(\.span))
            clues.airportNameWords.removeAll { words.contains($0.span) }
        }
        return clues
    }

    /// Smallest town whose own name, read exactly, is taken for the town rather than for a
    /// stamp word with a letter wrong: villages by the hundred thousand share five-letter
    /// names with words, a town of this size seldom does.
    static let townPopulation = 10_000

    /// Whether `text` is exactly a country's name or a town's own name: SADAO, a Thai border
    /// town, is one letter from SADAM (Estonian for harbour), and read so it named Estonia.
    func namesAPlace(_ text: String, _ lookup: inout Lookup) throws -> Bool {
        let form = SearchForm.of(text)
        if try !lookup.countries(named: form).isEmpty { return true }
        return try lookup.cities(named: form).contains { $0.population >= Self.townPopulation && SearchForm.of($0.name) == form }
    }

    /// Every clue kind in turn. Names come before codes, and longer names before shorter ones,
    /// because a name hides the clues inside it.
    func observe(_ clues: StampClues, _ lookup: inout Lookup) throws -> [Observation] {
        var found = try CountryAliasObservations().read(clues, &lookup)
        var cover = NameCover(countries: found.map(\.span))
        found += try AirportPhraseObservations().read(clues, &lookup, &cover)
        let guesses = DamagedNameObservations(stampWords: stampWords, airportWords: airportWordPrefixes, stopwords: stopwordForms)
        let damaged = try guesses.airportNames(clues, &lookup, cover)
        found += try NamePhraseObservations().read(clues, &lookup, &cover)
        found += try damagedAliases.read(clues, &lookup, &cover)
        found += try AirportWordObservations().read(clues, &lookup, cover)
        found += try guesses.names(clues, &lookup, &cover)
        found = DamagedNameObservations.narrow(found, to: damaged) + damaged
        found += try IATACodeObservations(stampWords: stampWords).read(clues, &lookup, cover)
        found += try CountryCodeObservations().read(clues, &lookup, cover)
        found += try DistinguishingSignObservations().read(clues, &lookup, cover)
        found = LanguageCoherence(lexicon: extractor.lexicon).weigh(found, clues)
        found += try LanguageObservations(lexicon: extractor.lexicon).read(clues, &lookup)
        found = Self.codesWithoutSupportDiscounted(found)
        // Last: a worn word is read among the names of the country everything else points to.
        let inCountry = DamagedNamesInCountry(stampWords: stampWords, airportWords: airportWordPrefixes, stopwords: stopwordForms)
        return found + (try inCountry.read(clues, found, &lookup) { country in
            if let known = nameWordsByCountry[country] { return known }
            let words = inCountry.nameWords(try directory.scheduledAirportNames(countryCode: country))
            nameWordsByCountry[country] = words
            return words
        })
    }

    /// What a code's reliability keeps when nothing else on the stamp points to its country.
    static let unsupportedCodeWeight = 0.5

    /// Two or three capitals are the commonest shape OCR makes of anything: a word's broken
    /// end (MED of TANGER MED, ORT of AEROPORT), ring debris, texture. Measured on stamps
    /// drawn like real ones, fewer than one in three such codes pointed to the right country.
    /// A printed port or country code comes with the stamp that prints it (an authority, an
    /// airport word, a name, the language), so a code whose country nothing else on the stamp
    /// supports keeps only part of its weight: alone it still names its country, against a
    /// name it gives way.
    static func codesWithoutSupportDiscounted(_ observations: [Observation]) -> [Observation] {
        let codeKinds: Set<Evidence.Kind> = [.iataCode, .countryCode]
        return observations.map { o in
            guard codeKinds.contains(o.evidence.kind) else { return o }
            let countries = Set(o.hypotheses.map(\.country))
            let supported = observations.contains { other in
                !codeKinds.contains(other.evidence.kind) && other.span != o.span
                    && other.hypotheses.contains { countries.contains($0.country) }
            }
            guard !supported else { return o }
            var weaker = o
            weaker.reliability *= unsupportedCodeWeight
            return weaker
        }
    }

    /// Merges the observations per country, scores them (see the type's comment) and builds
    /// the chains of the five best countries.
    func rank(_ observations: [Observation], clues: StampClues, context: [Evidence], lookup: inout Lookup) throws
        -> [Candidate]
    {
        let airportWordEvidence = clues.airportWords.map {
            Evidence(kind: .airportWord, text: $0.text, detail: "\($0.word.language): \($0.word.text)… (airport)")
        }
        var out: [Candidate] = []
        for (code, confidence) in directionWeighed(Self.countryConfidences(observations), clues).prefix(5) where confidence >= 0.02 {
            guard let country = try lookup.country(code) else { continue }
            let mine = observations.filter { $0.hypotheses.contains { $0.country == code } }
            let chain = try self.chain(in: code, confidence: confidence, from: mine, clues: clues, lookup: &lookup)
            var evidence = mine.sorted { $0.reliability > $1.reliability }.map(\.evidence)
            if let inferred = chain.inferred { evidence.append(inferred) }
            if chain.airport != nil || !airportWordEvidence.isEmpty { evidence += airportWordEvidence }
            evidence += context
            if clues.direction == nil, let why = extractor.lexicon.entryOnlyCountries[code] {
                evidence.append(Evidence(kind: .direction, text: country.name, detail: "\(Direction.arrival.rawValue): \(why)"))
            }
            var unique: [Evidence] = []
            for e in evidence where !unique.contains(e) { unique.append(e) }
            out.append(
                Candidate(
                    confidence: (confidence * 1000).rounded() / 1000, country: country, region: chain.region,
                    city: chain.city, airport: chain.airport, evidence: unique))
        }
        return Self.portsOfEntryFirst(out)
    }

    /// `confidences` (best first) with the countries that stamp passports on entry only
    /// weighed down when the stamp reads a departure, which such a country never prints (a
    /// Japanese KANSAI worn to KANSA beside DEPARTED is not Kansas City's), best first again.
    func directionWeighed(_ confidences: [(country: String, confidence: Double)], _ clues: StampClues)
        -> [(country: String, confidence: Double)]
    {
        guard clues.direction == .departure else { return confidences }
        let weighed = confidences.map { c in
            let entryOnly = extractor.lexicon.entryOnlyCountries[c.country] != nil
            return (country: c.country, confidence: entryOnly ? c.confidence * Self.departureFromEntryOnlyWeight : c.confidence)
        }
        // Equally sure countries keep the order they came in.
        return weighed.enumerated().sorted { a, b in
            a.element.confidence != b.element.confidence ? a.element.confidence > b.element.confidence : a.offset < b.offset
        }.map(\.element)
    }

    /// What a country that stamps on entry only keeps of its confidence on a stamp that reads a
    /// departure: the word may be misread, but it is far likelier another country's stamp.
    static let departureFromEntryOnlyWeight = 0.5

    /// Candidates best first, and between equally sure ones the one whose chain reaches an
    /// airport: border posts sit at airports, not in any town of the name.
    static func portsOfEntryFirst(_ candidates: [Candidate]) -> [Candidate] {
        candidates.enumerated().sorted {
            if $0.element.confidence != $1.element.confidence { return $0.element.confidence > $1.element.confidence }
            let (a, b) = ($0.element.airport != nil, $1.element.airport != nil)
            return a != b ? a : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Each country's confidence, best first. A clue's shares add up within a country (FRA and
    /// HHN are both German); a span's several clues count once, by the largest; spans combine
    /// by noisy-OR, then rivals take their squared part.
    static func countryConfidences(_ observations: [Observation]) -> [(country: String, confidence: Double)] {
        var perSpan: [TokenSpan: [String: Double]] = [:]
        for observation in observations {
            var byCountry: [String: Double] = [:]
            for h in observation.hypotheses { byCountry[h.country, default: 0] += h.share }
            for (country, share) in byCountry {
                let p = observation.reliability * min(1, share)
                perSpan[observation.span, default: [:]][country] = max(perSpan[observation.span]?[country] ?? 0, p)
            }
        }
        var miss: [String: Double] = [:]
        for (_, countries) in perSpan {
            for (c, p) in countries { miss[c] = (miss[c] ?? 1) * (1 - p) }
        }
        let support = miss.mapValues { 1 - $0 }
        var scored: [(country: String, confidence: Double)] = support.map { c, s in
            let rivals = support.filter { $0.key != c }.values.map { $0 * $0 }.reduce(0, +)
            return (c, s * s / (s + rivals))
        }
        scored.sort { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.country < $1.country }
        return scored
    }

    /// Region, city and airport under country `code` from the observations that support it,
    /// and the evidence for an airport inferred from a city.
    func chain(in code: String, confidence: Double, from mine: [Observation], clues: StampClues, lookup: inout Lookup) throws
        -> (region: Region?, city: City?, airport: Airport?, inferred: Evidence?)
    {
        let mine = history.asOf(clues.date, mine)
        // Overland, only a code printed on a line of its own names an airport (a land crossing
        // may print the nearest airport's code; a town's name is the town, and three letters
        // beside the port word are what is left of its name: HAFEN KEL for HAFEN KIEL), or an
        // airport's name of several words that is no town's (ADNAN MENDERES: a port word read
        // off a worn airport word does not make it a harbour).
        let overland = CityAirport.saysOverland(clues)
        let printedCode = { (o: Observation) in
            o.evidence.kind == .iataCode && o.span.line >= 0 && clues.lines[o.span.line].count == 1
        }
        // A crossing word right by the name makes the name the crossing's (KING HUSSEIN BRIDGE),
        // whoever else it names.
        let crossings = overland ? CityAirport.heading(clues).filter { $0.value != .air } : []
        let crossingNamed = { (o: Observation) in
            crossings.contains { hit in
                hit.span.line == o.span.line && (hit.span.start == o.span.end || hit.span.end == o.span.start)
            }
        }
        let namesNoTown = { (o: Observation) in
            o.evidence.kind == .airportName && o.span.end - o.span.start > 1 && !crossingNamed(o)
                && !mine.contains { $0.span == o.span && $0.hypotheses.contains { $0.city != nil } }
        }
        var airport = Self.agreedAirport(
            in: code, from: overland ? mine.filter { printedCode($0) || namesNoTown($0) } : mine,
            settled: confidence >= Self.settledCountry)
        var inferred: Evidence?
        var city: City?
        if let id = airport?.cityID { city = try lookup.city(id: id) }
        let cities = mine.flatMap { c in c.hypotheses.compactMap { h in h.country == code ? h.city.map { ($0, c.reliability * h.share) } : nil } }
        if city == nil { city = cities.max { $0.1 < $1.1 }?.0 }
        if city == nil { city = try Self.cityNamedAsCountry(code, from: mine, clues: clues, lookup: &lookup) }
        // A city but no airport name (AEROPORTO DE LISBOA, or FARO alone): the city's main
        // airport, unless the stamp says it was a port or a road.
        if airport == nil, let named = city {
            if let main = try CityAirport.infer(
                for: named, named: cities.map(\.0), in: code, clues: clues, history: history, lookup: &lookup)
            {
                airport = main
                inferred = Evidence(
                    kind: .airportName, text: named.name,
                    detail: "\(main.name) (\(main.iata)), the main airport of \(named.name)")
            }
        }
        var region: Region?
        if let id = airport?.regionID ?? city?.regionID { region = try lookup.region(id: id) }
        return (region, city, airport, inferred)
    }

    /// A city of country `code` that bears the name the stamp gives the country (HONG KONG,
    /// SINGAPORE, KUWAIT): a city-state's name is its city's too, and its border post the
    /// city's airport unless the stamp says otherwise.
    static func cityNamedAsCountry(_ code: String, from mine: [Observation], clues: StampClues, lookup: inout Lookup) throws
        -> City?
    {
        for observation in mine where observation.evidence.kind == .countryName && observation.span.line >= 0 {
            let span = observation.span
            let form = clues.lines[span.line][span.start..<span.end].map(\.form).joined(separator: " ")
            if let city = try lookup.cities(named: form).first(where: { $0.countryCode == code }) { return city }
        }
        return nil
    }

    /// The confidence from which a country is settled, and its airport chosen among its own.
    static let settledCountry = 0.5

    /// Support from which the observations' best airport is taken.
    static let airportSupport = 0.1
    /// Support enough for an airport named (not coded) beside another clue to its country.
    static let corroboratedAirportSupport = 0.05

    /// The airport the country's observations agree on most, when one stands out: some support,
    /// and clearly more than the runner-up (LONDON alone fits Heathrow and Gatwick equally).
    /// Ties go to the one the gazetteer listed first (the more important). `settled`: the
    /// country is at least `settledCountry` sure.
    static func agreedAirport(in code: String, from mine: [Observation], settled: Bool = false) -> Airport? {
        var airportMiss: [String: Double] = [:]
        var namers: [String: Set<TokenSpan>] = [:]
        var airports: [Airport] = []
        for observation in mine {
            // Once the country is settled, a name's share is taken among its airports in that
            // country (JORGE beside AEROPUERTO on a Peruvian stamp is Jorge Chávez, whatever
            // Argentina and Bolivia have); while it is not, a name spread over many countries'
            // airports names none of them.
            let inCountry = settled
                ? observation.hypotheses.filter { $0.country == code && $0.airport != nil }.map(\.share).reduce(0, +) : 1
            for h in observation.hypotheses where h.country == code {
                guard let a = h.airport else { continue }
                if !airports.contains(where: { $0.iata == a.iata }) { airports.append(a) }
                airportMiss[a.iata] = (airportMiss[a.iata] ?? 1) * (1 - observation.reliability * h.share / inCountry)
                namers[a.iata, default: []].insert(observation.span)
            }
        }
        let ranked = airports.map { ($0, 1 - airportMiss[$0.iata]!) }.enumerated()
            .sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
            .map(\.element)
        guard let best = ranked.first else { return nil }
        // A name that fits an airport of the very country another clue names is a reading, not
        // chance: a worn line looked at again (VELANA beside MALDIVES) gives it little
        // confidence of its own, yet a misread word seldom lands on that country's airports.
        // Codes are left out: junk makes three-letter words anywhere (AND beside U.S.).
        let spans = namers[best.0.iata]!
        let coded = mine.contains { o in
            o.evidence.kind == .iataCode && o.hypotheses.contains { $0.airport?.iata == best.0.iata }
        }
        let corroborated = !coded && mine.contains { o in !spans.contains(o.span) && o.hypotheses.contains { $0.country == code } }
        guard best.1 >= (corroborated ? Self.corroboratedAirportSupport : Self.airportSupport) else { return nil }
        if ranked.count == 1 || best.1 > 1.5 * ranked[1].1 { return best.0 }
        // Two words that each fit several airports (BEIJING, CAPITAL on lines of their own)
        // agree on the one whose name holds both.
        let most = namers[best.0.iata]!.count
        guard most > 1, ranked.dropFirst().allSatisfy({ namers[$0.0.iata]!.count < most }) else { return nil }
        return best.0
    }

    /// The least confidence in the top country for the direction it implies to be proposed.
    static let impliedDirectionConfidence = 0.3

    /// Arrival for a country that stamps passports on entry only, when the stamp names no
    /// direction itself.
    func impliedDirection(country code: String?) -> Direction? {
        guard let code, extractor.lexicon.entryOnlyCountries[code] != nil else { return nil }
        return .arrival
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
    /// what the entry-method words heading a line say; failing those, how the border post the
    /// top candidate was named by is crossed (SAN YSIDRO, NARVA: by land); nil when nothing says.
    func entryMethod(_ clues: StampClues, top: Candidate?) -> EntryMethod? {
        if !clues.airportWords.isEmpty { return .air }
        if clues.entryMethodHits.contains(where: { $0.value == .air }) { return .air }
        if let top, top.airport != nil, top.confidence >= Self.airportMethodConfidence { return .air }
        var counts: [EntryMethod: Int] = [:]
        for h in CityAirport.heading(clues) { counts[h.value, default: 0] += 1 }
        if let said = counts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key.rawValue > $1.key.rawValue })?.key {
            return said
        }
        return top.flatMap(borderPostMethod)
    }

    /// The confidence from which a top candidate's airport says the stamp was struck there
    /// when no word on it speaks of flying. Measured on kept readings of the
    /// development stamps, four held-out sets and clean-text probes: of such stamps between 0.3
    /// and 0.5, 48 were by air and 3 by sea or land; below 0.3, one in four was not by air.
    static let airportMethodConfidence = 0.3

    /// How the border post that names `candidate` is crossed: a name it was read by, as
    /// printed, that the lexicon lists as a post (not one read with letters wrong, which could
    /// be a word of anything).
    func borderPostMethod(_ candidate: Candidate) -> EntryMethod? {
        let posts = extractor.lexicon.borderPosts
        guard !posts.isEmpty else { return nil }
        for evidence in candidate.evidence where evidence.kind == .cityName || evidence.kind == .airportName {
            if let method = posts[SearchForm.of(evidence.text)] { return method }
        }
        return nil
    }
}

/// Memoised gazetteer queries for one proposal (the same code or word often appears twice).
struct Lookup {
    static let cityLimit = 8
    static let airportLimit = 8
    let directory: PlaceDirectory
    var countriesByCode: [String: Country?] = [:]
    var airportsByIATA: [String: Airport?] = [:]
    var countriesByName: [String: [Country]] = [:]
    var citiesByName: [String: [City]] = [:]
    var airportsByWord: [String: [Airport]] = [:]
    var airportsByCity: [Int: [Airport]] = [:]
    var nearNamesByForm: [String: [NearName]] = [:]

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

    mutating func airports(cityID: Int) throws -> [Airport] {
        if let a = airportsByCity[cityID] { return a }
        let a = try directory.airports(cityID: cityID)
        airportsByCity[cityID] = a
        return a
    }

    mutating func nearNames(_ form: String) throws -> [NearName] {
        guard NearNameIndex.indexable(form) else { return [] }
        if let n = nearNamesByForm[form] { return n }
        let n = try directory.nearNames(form)
        nearNamesByForm[form] = n
        return n
    }

    mutating func city(id: Int) throws -> City? { try directory.city(id: id) }
    mutating func region(id: String) throws -> Region? { try directory.region(id: id) }
}
