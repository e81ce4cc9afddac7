import StampKitEvidence
import StampKitGazetteer

/// A worn word that a person reads at once as the name of one of the airports of the country
/// the rest of the stamp already names: beside MALDIVES IMMIGRATION, JELAMA INTERNATIONAL is
/// Velana International; beside KENYA, NAICBI is Nairobi. Among the world's names such a word
/// is two letters from too many to guess (the near-name index allows about one), but among the
/// few dozen name words of one country's airports it is near one and no other. A name the
/// stamp prints in the genitive is compared by its stem (RYVANIEMEN LENTOASEMA: Rovaniemi).
///
/// Only when the stamp names its country clearly, names no airport of it, and a word in
/// capitals is left over that no clue for that country took (not a stamp word, not a place
/// of that country's name as read).
/// The word is weighed as a guess (`DamagedNameObservations.weight`), so it settles which
/// airport and adds little to the country.
struct DamagedNamesInCountry {
    /// The stamp words of the lexicon, which a worn word nearer to is that word.
    let stampWords: NearNameIndex
    /// The lexicon's one-word airport words as printed prefixes (`aeroport`, `flughaf`).
    let airportWords: [String]
    /// The lexicon's stop-words in search form.
    let stopwords: Set<String>

    /// How sure the country must already be: a stamp whose country is in doubt has no country's
    /// names to search. (Lower than `StampMatcher.settledCountry`: the guess must name the
    /// airport of a country the clues only lean to, MALDIVES read once.)
    static let namedCountryConfidence = 0.3
    /// Letters a worn word needs: four-letter words are too often one letter from another.
    static let minimumLetters = 5
    /// Airports a matched name word may stand for (a town with two airports, NAIROBI).
    static let maximumAirports = 2
    /// The reliability of an airport's name read right on its own, which the guess's weight scales.
    static let nameReliability = 0.5

    /// The most a word of `letters` letters may cost from a name word of the country's airports:
    /// one change up to five letters, one and a half (a change and a worn shape) up to eight,
    /// two from nine.
    static func allowance(letters: Int) -> Double {
        letters <= 5 ? 1 : letters <= 8 ? 1.5 : 2
    }

    /// The words of one country's scheduled airports' names, each with the airports that have
    /// it and its shape counts (for a cheap lower bound on the edit cost); built once per
    /// country and matcher.
    struct NameWords {
        var words: [(form: [UInt8], counts: NearNameIndex.ShapeCounts, airports: Set<String>)]
    }

    /// The name words of `names` (a country's scheduled airports' names), less stop-words and
    /// airport words.
    func nameWords(_ names: [(iata: String, form: String)]) -> NameWords {
        var words: [[UInt8]: Set<String>] = [:]
        for name in names {
            for word in name.form.split(separator: " ") where word.count >= Self.minimumLetters - 1 {
                let form = String(word)
                guard !isLexiconWord(form) else { continue }
                words[Array(form.utf8), default: []].insert(name.iata)
            }
        }
        return NameWords(words: words.map { (form: $0.key, counts: NearNameIndex.ShapeCounts($0.key), airports: $0.value) })
    }

    /// Airport-name observations for the leading country's worn words, or none. `names` gives a
    /// country's name words.
    func read(_ clues: StampClues, _ observations: [Observation], _ lookup: inout Lookup,
              names: (String) throws -> NameWords) throws -> [Observation] {
        guard let lead = StampMatcher.countryConfidences(observations).first, lead.confidence >= Self.namedCountryConfidence,
            !observations.contains(where: { $0.hypotheses.contains { $0.country == lead.country && $0.airport != nil } })
        else { return [] }
        // A word only other countries' places took (CHURU, a town in India) is still free.
        let taken = observations.filter { $0.hypotheses.contains { $0.country == lead.country } }.map(\.span)
        var found: [Observation] = []
        var words: NameWords?
        for (line, tokens) in clues.lines.enumerated() {
            for (k, token) in tokens.enumerated() where token.isUppercase && token.isLettersOnly {
                let span = TokenSpan(line: line, start: k, end: k + 1)
                guard token.form.count >= Self.minimumLetters, !NameCover.inside(span, taken), !isLexiconWord(token.form)
                else { continue }
                if words == nil { words = try names(lead.country) }
                guard let name = nearest(token.form, in: words!), try isWorn(token.form, in: lead.country, &lookup),
                    try lookup.airportDocumentFrequency(String(decoding: name.form, as: UTF8.self)) <= WordSpecificity.specificCount
                else { continue }
                var airports: [Airport] = []
                for iata in name.airports.sorted() {
                    if let airport = try lookup.airport(iata: iata) { airports.append(airport) }
                }
                guard !airports.isEmpty else { continue }
                let weight = DamagedNameObservations.weight(letters: token.form.count, cost: name.cost)
                found.append(Observation(
                    span: span,
                    evidence: Evidence(kind: .airportName, text: token.text,
                                       detail: "read as \(String(decoding: name.form, as: UTF8.self).uppercased()) among \(lead.country)'s airports: \(Weights.airportList(airports))"),
                    reliability: Self.nameReliability * weight * (airports.map(Weights.airportPrior).max() ?? 1),
                    hypotheses: Weights.airportHypotheses(airports)))
            }
        }
        return found
    }

    /// The one name word within `allowance` of `form` at the lowest cost, standing for at most
    /// `maximumAirports` airports; nil when none is, or several are equally near.
    func nearest(_ form: String, in names: NameWords) -> (form: [UInt8], airports: Set<String>, cost: Double)? {
        let read = Array(form.utf8)
        let counts = NearNameIndex.ShapeCounts(read)
        let allowance = Self.allowance(letters: read.count)
        var best: [(form: [UInt8], airports: Set<String>, cost: Double)] = []
        for word in names.words where abs(word.form.count - read.count) <= Self.endings.upperBound {
            var cost = Double.infinity
            if abs(word.form.count - read.count) <= 2 && counts.bound(to: word.counts) <= allowance {
                cost = NearNameIndex.cost(read, word.form)
            }
            cost = min(cost, Self.inflectedCost(read, word.form))
            guard cost <= allowance, cost <= best.first?.cost ?? .infinity else { continue }
            if cost < best.first?.cost ?? .infinity { best = [] }
            best.append((word.form, word.airports, cost))
        }
        guard best.count == 1, best[0].airports.count <= Self.maximumAirports else { return nil }
        return best[0]
    }

    /// Letters a genitive puts after a name's stem, its last letter dropped (ROVANIEM|EN,
    /// TALLIN|NA, LIEPĀJ|AS): two or three, so a read word no longer than the name (a worn last
    /// letter) is not taken for one.
    static let endings = 2...3
    /// What an ending counts for beside the changes of the stem.
    static let endingCost = 0.5

    /// The cost of `read` as the name word `name` in the genitive, worn: the name less its
    /// last letter against as many letters of the read word, and after them a short ending
    /// (RYVANIEMEN for Rovaniemi: ROVANIEM against RYVANIEM, then EN). Infinite when the name
    /// has a stem under five letters (too short to tell by) or the ending is not two or three.
    static func inflectedCost(_ read: [UInt8], _ name: [UInt8]) -> Double {
        let stem = name.count - 1
        guard stem >= minimumLetters, endings.contains(read.count - stem) else { return .infinity }
        return NearNameIndex.cost(Array(read[..<stem]), Array(name[..<stem])) + endingCost
    }

    /// Whether `form` is a stop-word or starts with an airport word: said on stamps of every
    /// airport, so neither a name word of one nor a worn one.
    func isLexiconWord(_ form: String) -> Bool {
        stopwords.contains(form) || airportWords.contains { form.hasPrefix($0) }
    }

    /// Whether a word read in capitals is left for a guess: no stamp word, as read or worn (ENTRÉ,
    /// five letters, one short of ENTRÉE, is not Toronto City Centre's CENTRE), and no country's
    /// name, town of `country`'s or airport's word as read (those are what they say). A town of
    /// another country's name is not: beside LANDING PERMISSION, Japan's, CHURU is Chubu worn,
    /// not Chūru in India.
    func isWorn(_ form: String, in country: String, _ lookup: inout Lookup) throws -> Bool {
        guard !stampWords.contains(form), stampWords.neighbours(of: form, shortest: Self.minimumLetters).isEmpty else { return false }
        return try lookup.countries(named: form).isEmpty && !lookup.cities(named: form).contains { $0.countryCode == country }
            && lookup.airportDocumentFrequency(form) == 0
    }
}
