import StampKitEvidence
import StampKitGazetteer

/// Three-letter airport codes that exist. Read after the names: a code inside a multi-word name
/// (SAN in SAN JOSE) or a country's phrase (ANC, a worn AND of CUSTOMS AND BORDER PROTECTION)
/// is part of it. A code alone on its line or beside a port cue is
/// likelier a port code than a word that happens to spell one.
struct IATACodeObservations {
    /// The lexicon's stamp words, for codes that are the broken end of one.
    let stampWords: NearNameIndex

    func read(_ clues: StampClues, _ lookup: inout Lookup, _ cover: NameCover) throws -> [Observation] {
        var found: [Observation] = []
        for token in clues.iataCandidates where !NameCover.within(token.span, cover.named + cover.airports + cover.countries) {
            guard let airport = try lookup.airport(iata: token.code) else { continue }
            let prominent = token.standsAlone || token.nextToPortCue
            var r: Double = token.isStopword ? (prominent ? 0.45 : 0.15) : (prominent ? 0.65 : 0.4)
            let debris = token.isDebris || completesStampWord(token, clues)
            r *= Weights.airportPrior(airport) * Weights.ocr(token.confidence)
                * (token.isCorrected ? 0.7 : 1) * (token.isClipped ? 0.6 : 1) * (debris ? 0.15 : 1)
            // FIN, EST or SLO alone is far more often a Schengen sign than an airstrip's code.
            if token.standsAlone, clues.distinguishingSigns.contains(where: { $0.span == token.span }),
                airport.type != "large_airport"
            {
                r *= 0.5
            }
            found.append(
                Observation(
                    span: token.span,
                    evidence: Evidence(
                        kind: .iataCode, text: token.text,
                        detail: "\(airport.name) (\(airport.municipality.map { "\($0), " } ?? "")\(airport.countryCode))"),
                    reliability: r,
                    // A stop-word in running text (SAN of a worn SAN YSIDRO) says its country
                    // at most, never which airport: the word spells the code by chance.
                    hypotheses: [Hypothesis(country: airport.countryCode, airport: token.isStopword && !prominent ? nil : airport, share: 1)]))
        }
        return found
    }

    /// Whether the code, joined to the capital word before or after it on its line, spells a
    /// stamp word, read right or within an edit or two: OCR breaks a damaged word at a gap
    /// (TMMIGRAT TON, LENLOAS EMA), and its end is no more a printed code than the rest.
    func completesStampWord(_ token: CodeToken, _ clues: StampClues) -> Bool {
        let line = clues.lines[token.span.line]
        let code = token.code.lowercased()
        for k in [token.span.start - 1, token.span.end] where line.indices.contains(k) {
            let word = line[k]
            guard word.isLettersOnly, word.isUppercase, word.form.count >= 3 else { continue }
            let joined = k < token.span.start ? word.form + code : code + word.form
            if stampWords.contains(joined) || !stampWords.neighbours(of: joined).isEmpty { return true }
        }
        return false
    }
}

/// A lone two-letter ISO code (the extractor keeps only codes that stand alone): weak, since
/// many two-letter words are codes too.
struct CountryCodeObservations {
    func read(_ clues: StampClues, _ lookup: inout Lookup, _ cover: NameCover) throws -> [Observation] {
        try clues.countryCodeCandidates.filter {
            !NameCover.within($0.span, cover.named + cover.airports) && !$0.isDebris
        }.compactMap { token in
            guard let country = try lookup.country(token.code) else { return nil }
            return Observation(
                span: token.span,
                evidence: Evidence(kind: .countryCode, text: token.text, detail: "ISO code of \(country.name)"),
                reliability: (token.isStopword ? 0.3 : 0.4) * Weights.ocr(token.confidence),
                hypotheses: [Hypothesis(country: country.code, share: 1)])
        }
    }
}

/// The Schengen ring's distinguishing sign (D, F, IS, FIN…). A single letter alone on its line
/// is weak: it is also what OCR makes of a frame's corner, a star or a speck (of 176 such
/// letters read on 600 development and held-out stamps, 12 were the stamp's own sign). At a
/// third of a two-letter sign's weight, a worn name beside it (POIPET, IRAKLICN) outweighs it.
struct DistinguishingSignObservations {
    func read(_ clues: StampClues, _ lookup: inout Lookup, _ cover: NameCover) throws -> [Observation] {
        try clues.distinguishingSigns.filter {
            !NameCover.within($0.span, cover.named + cover.airports) && !$0.isDebris
        }.compactMap { token in
            guard let country = try lookup.country(token.code) else { return nil }
            return Observation(
                span: token.span,
                evidence: Evidence(
                    kind: .distinguishingSign, text: token.text, detail: "distinguishing sign of \(country.name)"),
                reliability: (token.text.count == 1 ? 0.15 : 0.45) * Weights.ocr(token.confidence),
                hypotheses: [Hypothesis(country: country.code, share: 1)])
        }
    }
}
