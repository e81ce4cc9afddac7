import Foundation
import StampKitSupport
import StampKitEvidence
import StampKitGazetteer

/// Country aliases and authority phrases from the word lists (HOMELAND SECURITY, BUNDESPOLIZEI):
/// an authority names its country almost surely, an alias a little less.
struct CountryAliasObservations {
    func read(_ clues: StampClues, _ lookup: inout Lookup) throws -> [Observation] {
        try clues.aliases.compactMap { alias in
            guard let country = try lookup.country(alias.value.countryCode) else { return nil }
            return Observation(
                span: alias.span,
                evidence: Evidence(
                    kind: .countryName, text: alias.text,
                    detail: "\(alias.value.isAuthority ? "authority of" : "another name for") \(country.name)"),
                reliability: (alias.value.isAuthority ? 0.85 : 0.7) * Weights.ocr(alias.confidence),
                hypotheses: [Hypothesis(country: country.code, share: 1)])
        }
    }
}

/// Several words beside an airport word, or a run of words that together spell one airport's
/// name (TAN SON NHAT): the airports whose name has every one of them. Runs first among the
/// names, longest phrase first, because an airport name hides every clue inside it.
struct AirportPhraseObservations {
    func read(_ clues: StampClues, _ lookup: inout Lookup, _ cover: inout NameCover) throws -> [Observation] {
        var found: [Observation] = []
        let beside = clues.airportNamePhrases.map { ($0, true) }
        let runs = clues.namePhrases.filter { $0.length >= 2 }.map { ($0, false) }
        for (phrase, besideAirportWord) in (beside + runs).sorted(by: { $0.0.length > $1.0.length })
        where !cover.covers(phrase.span) {
            // Two- and one-letter words (DO, DE) are left out; the rarest word of the rest
            // proposes the airports, and every other word must be a word of their names: a word
            // in hundreds of names narrows nothing, and a capped list of them would lose the
            // right airport.
            let words = phrase.form.split(separator: " ").map(String.init).filter { $0.count >= 3 }
            guard words.count >= 2 else { continue }
            var rarest: (word: String, count: Int)?
            var specific = 0
            for word in words {
                let count = try lookup.airportDocumentFrequency(word)
                guard count > 0 else { rarest = nil; break }
                if count < WordSpecificity.countLimit { specific += 1 }
                if rarest == nil || count < rarest!.count { rarest = (word, count) }
            }
            guard let proposer = rarest, proposer.count < WordSpecificity.countLimit else { continue }
            // Beside a generic word (INTERNATIONAL) one specific word must stand with it as the
            // name prints them (MOI INTERNATIONAL): a word anywhere in a name that also holds
            // the generic one spells nothing (ANA INTERNATIONAL, the tail of a worn MUSCAT
            // INTERNATIONAL, is no airport of Santa Ana).
            let inOrder = specific < 2
            let airports = try lookup.airports(nameWord: proposer.word, limit: WordSpecificity.countLimit).filter { a in
                let name = Inflection.words(of: a)
                if inOrder { return Self.holdsInOrder(name, words) }
                return words.allSatisfy { w in name.contains { $0.hasPrefix(w) } }
            }
            guard !airports.isEmpty else { continue }
            found.append(
                Observation(
                    span: phrase.span,
                    evidence: Evidence(kind: .airportName, text: phrase.text, detail: Weights.airportList(airports)),
                    reliability: (besideAirportWord ? 0.75 : 0.7) * (airports.map(Weights.airportPrior).max() ?? 1)
                        * WordSpecificity.weight(documentFrequency: airports.count) * Weights.ocr(phrase, clues),
                    hypotheses: Weights.airportHypotheses(airports)))
            cover.airports.append(phrase.span)
        }
        return found
    }

    /// Whether `words` begin consecutive words of `name`, in their order.
    static func holdsInOrder(_ name: [Substring], _ words: [String]) -> Bool {
        guard words.count <= name.count else { return false }
        return (0...(name.count - words.count)).contains { start in
            words.indices.allSatisfy { name[start + $0].hasPrefix(words[$0]) }
        }
    }
}

/// Country and city names in any language, longest first. An ambiguous city name spreads its
/// share over the countries that have a city of that name, by √population; a village that
/// shares its name with a word is weak evidence, a city is not.
struct NamePhraseObservations {
    func read(_ clues: StampClues, _ lookup: inout Lookup, _ cover: inout NameCover) throws -> [Observation] {
        var found: [Observation] = []
        for phrase in clues.namePhrases.sorted(by: { $0.length > $1.length }) where !cover.covers(phrase.span) {
            let lengthFactor = phrase.length > 1 ? 1.0 : (phrase.form.count >= 5 ? 0.9 : 0.7)
            let countries = try lookup.countries(named: phrase.form)
            if !countries.isEmpty {
                found.append(
                    Observation(
                        span: phrase.span,
                        evidence: Evidence(
                            kind: .countryName, text: phrase.text,
                            detail: countries.map { "\($0.name) (\($0.code))" }.joined(separator: " or ")),
                        reliability: 0.75 * lengthFactor * Weights.ocr(phrase, clues),
                        hypotheses: countries.map { Hypothesis(country: $0.code, share: 1 / Double(countries.count)) }))
                cover.countries.append(phrase.span)
            }
            let cities = try lookup.cities(named: phrase.form)
            if !cities.isEmpty {
                // A town once called so (Richmond, Virginia, took in a Manchester) gives way to
                // a bigger one whose own name it is: stamps print a place's usual name. A big
                // city known abroad by another name (München, Munich) keeps its share.
                let ownName = cities.map { SearchForm.of($0.name) == phrase.form }
                let biggestOwnNamed = zip(cities, ownName).filter(\.1).map(\.0.population).max() ?? 0
                // Beside an airport word the stamp was struck at the town's airport: of towns of
                // one name, the one whose airport takes more flights is likelier (AEROPUERTO DE
                // VALENCIA: Spain's large airport before Venezuela's medium one, though
                // Venezuela's Valencia is the bigger town).
                let atAirport = Self.besideAirportWord(phrase, clues)
                let weights = try zip(cities, ownName).map { city, own in
                    let formerly = !own && city.population < biggestOwnNamed
                    let airport = atAirport ? try Self.airportWeight(of: city, &lookup) : 1
                    return (Double(max(city.population, 1))).squareRoot() * (formerly ? 0.25 : 1) * airport
                }
                let total = weights.reduce(0, +)
                let generic = cities.count >= Lookup.cityLimit ? 0.5 : 1
                let biggest = Double(max(cities.map(\.population).max() ?? 1, 1))
                let size = min(1, max(0.15, (log10(biggest) - 3) / 3))
                found.append(
                    Observation(
                        span: phrase.span,
                        evidence: Evidence(
                            kind: .cityName, text: phrase.text,
                            detail: cities.prefix(3).map { "\($0.name), \($0.countryCode)" }.joined(separator: " or ")),
                        reliability: (phrase.length > 1 ? 0.55 : 0.45) * lengthFactor * generic * size
                            * Weights.ocr(phrase, clues),
                        hypotheses: zip(cities, weights).map {
                            Hypothesis(country: $0.countryCode, city: $0, share: $1 / total)
                        }))
            }
            if !countries.isEmpty || !cities.isEmpty { cover.named.append(phrase.span) }
        }
        return found
    }
}

extension NamePhraseObservations {
    /// A town's weight among towns of its name where the stamp names its airport: its largest
    /// airport's share weight, a town without one counting as a small airfield would.
    static func airportWeight(of city: City, _ lookup: inout Lookup) throws -> Double {
        try lookup.airports(cityID: city.id).map(Weights.airportShareWeight).max() ?? Self.noAirportWeight
    }

    /// The weight of a town with no airport of its own beside an airport word.
    static let noAirportWeight = 0.5

    /// Whether an airport word stands right before or after the phrase, or one short particle
    /// away (AEROPUERTO DE VALENCIA).
    static func besideAirportWord(_ phrase: NamePhrase, _ clues: StampClues) -> Bool {
        clues.airportWords.contains { hit in
            guard hit.span.line == phrase.span.line else { return false }
            if hit.span.end == phrase.span.start || hit.span.start == phrase.span.end { return true }
            let line = clues.lines[phrase.span.line]
            return hit.span.end + 1 == phrase.span.start && line.indices.contains(hit.span.end)
                && line[hit.span.end].form.count <= 3
        }
    }
}

/// Single words of an airport's name (SCHIPHOL, or the stem of KEFLAVIKURFLUGVOLLUR), cut back
/// a letter at a time when the stamp's ending is damaged.
struct AirportWordObservations {
    /// The towns an airport's municipality names, in search form: the municipality may add the
    /// district or county the airport stands in (`Sydney (Mascot)`, `Manchester, Greater
    /// Manchester`) or name two towns (`Toulouse/Blagnac`).
    static func townsServed(by airport: Airport) -> [String] {
        (airport.municipality ?? "").split(separator: "/").map { town in
            SearchForm.of(String(town.prefix { $0 != "(" && $0 != "," }))
        }
    }

    /// The whole words of an airport's name and municipality, in search form.
    static func nameWords(of airport: Airport) -> [String] {
        SearchForm.of(airport.name + " " + (airport.municipality ?? "")).split(separator: " ").map(String.init)
    }

    func read(_ clues: StampClues, _ lookup: inout Lookup, _ cover: NameCover) throws -> [Observation] {
        var found: [Observation] = []
        for word in clues.airportNameWords where !NameCover.within(word.span, cover.airports) {
            let isStem = clues.airportWords.contains { $0.span == word.span }
            // A word beside an airport word is the airport's name (SUVARNABHUMI AIRPORT).
            let besideAirportWord = clues.airportWords.contains {
                $0.span.line == word.span.line && ($0.span.end == word.span.start || $0.span.start == word.span.end)
            }
            var airports: [Airport] = []
            var query = word.form
            // A stem's ending is often damaged, and a place's name beside an airport word stands
            // in the genitive (TALLINNA LENNUJAAM, VILNIAUS ORO UOSTAS) where the gazetteer has
            // the nominative: cut back, but then only to a name word that is the cut word plus
            // at most a short ending. A city's name read whole (LISBOA) is taken as printed.
            let readWhole = try !lookup.cities(named: word.form).isEmpty || !lookup.countries(named: word.form).isEmpty
            // A word of a country's name (BRASIL, KENYA, REPÚBLICA DE CHILE) is the country's,
            // not an airport's that merely shares it (Kenyatta, Chile Chico, Atlas Brasil):
            // beside an airport word it names the airport whose name has it whole (AJRUPORT TA'
            // MALTA), alone only a large airport named after it (Kuwait International).
            let inCountryName = NameCover.inside(word.span, cover.countries)
            // Beside an airport word, or one particle (DO, DE, DI, OF, TA') away from it.
            let namesServedTown = clues.airportWords.contains { hit in
                guard hit.span.line == word.span.line else { return false }
                if hit.span.end == word.span.start || hit.span.start == word.span.end { return true }
                let line = clues.lines[word.span.line]
                return hit.span.end + 1 == word.span.start && line.indices.contains(hit.span.end)
                    && line[hit.span.end].form.count <= 3
            }
            func namedAfterCountry(_ airport: Airport) -> Bool {
                let words = Self.nameWords(of: airport)
                return namesServedTown ? words.contains(word.form)
                    : airport.type == "large_airport" && words.first == word.form
            }
            // A word of four letters (KLIA, an airport's initials) is looked up as read.
            let shortest = min(
                word.form.count,
                isStem ? max(4, word.form.count - 3)
                    : (besideAirportWord || !readWhole) && !inCountryName ? max(5, word.form.count - 3) : word.form.count)
            while airports.isEmpty, query.count >= shortest {
                airports = try lookup.airports(nameWord: query)
                if !isStem, query != word.form {
                    airports = airports.filter { Inflection.nameHasWord(of: $0, stem: query, longerBy: 0...2) }
                }
                if inCountryName { airports = airports.filter(namedAfterCountry) }
                if airports.isEmpty { query.removeLast() }
            }
            // Cut back, the stem may go on into several names (KANSAT: Kansai and Kansas): the
            // damaged ending is the one nearest in shape (T for I, not S). An ending of two
            // letters or more changed (NATROFT for Natrona) is a guess, weighed as a damaged
            // name is; one changed or added is a worn letter or an inflection.
            var guessWeight = 1.0
            if !isStem, query != word.form, !airports.isEmpty {
                let nearest = Inflection.nearestEnding(airports, stem: query, read: word.form)
                airports = nearest.airports
                if nearest.cost > 1 {
                    guessWeight = DamagedNameObservations.weight(letters: word.form.count, cost: nearest.cost)
                }
            }
            // A town's name read whole beside an airport word (AEROPORTO DO PORTO) is the town
            // the airport serves: airports of towns whose longer names merely contain it (Porto
            // Alegre, Porto Seguro) are other airports. A country's name there (AJRUPORT TA'
            // MALTA) is the country's airport, not that of a town of the name (Malta, Montana).
            if namesServedTown, readWhole, query == word.form, try lookup.countries(named: word.form).isEmpty {
                let serving = airports.filter { Self.townsServed(by: $0).contains(word.form) }
                if !serving.isEmpty { airports = serving }
            }
            guard !airports.isEmpty else { continue }
            // A word in many airports' names says little about which; in dozens, nothing.
            let generic = try lookup.airportWordWeight(query)
            guard generic > 0 else { continue }
            let base = besideAirportWord ? 0.75 : (isStem || word.form.count >= 7 ? 0.65 : 0.5)
            // A whole word of the name counts more than a prefix of one (unless the word was cut
            // short on the stamp), and a name that only fits an airstrip is weak.
            let whole = airports.contains { Self.nameWords(of: $0).contains(query) }
            let exactness = whole || isStem || query != word.form ? 1 : 0.6
            let prior = airports.map(Weights.airportPrior).max() ?? 1
            // Only a whole word of the name read as it is spells the name exactly.
            let read = whole && query == word.form ? Weights.ocr(word, clues) : Weights.ocr(word.confidence)
            found.append(
                Observation(
                    span: word.span,
                    evidence: Evidence(kind: .airportName, text: word.text, detail: Weights.airportList(airports)),
                    reliability: base * generic * exactness * guessWeight * prior * read,
                    hypotheses: Weights.airportHypotheses(airports)))
        }
        return found
    }
}
