import StampKitEvidence
import StampKitGazetteer

/// Names read with a letter wrong — BELIING, HAMBYRG, ATHINAS, HIANG MAI, LALINEA — which a
/// person reads as BEIJING, HAMBURG, ATHINAI, CHIANG MAI and LA LINEA at once. A run of words
/// that is not itself a distinctive name but lies within an edit of one or two (see
/// `NearNameIndex`: countries, big cities, cities with an airline airport, rare airport-name
/// words; six letters or more) is read as that name by the name units, at a part of the weight
/// the name would have read right; so is a run of words that spells an airport's name once one
/// of its words is read so (BELIING CAPITAL). A guess never outweighs a clean reading: the part
/// grows with the length of the word (one letter in six leaves more room for another word than
/// one in ten), shrinks with the edit's cost, and names equally near split it.
///
/// A reading as near a word printed on stamps of every country (INTERNATIOMAL, IMMIGRATIOM,
/// DEPARTURF) is that word, however near a name it also lies. Only readings in capitals are
/// guessed at: stamps print names in capitals, and lower-case letters are what OCR makes of
/// a ring's texture or the security print (ee te re eres ween).
struct DamagedNameObservations {
    /// The OCR confidence a guessed name is weighed at: full. Tesseract's low confidence in a
    /// damaged word is what the damage looks like to it, and the guess's weight already falls
    /// with the edit's cost, so counting both would count the damage twice (TAMPEPE-STPEUSLA,
    /// confidence 0, lost to a stray IN read at 95).
    static let guessConfidence = 100.0
    /// More places equally near than this and the reading points nowhere.
    static let maximumNeighbours = 2
    /// Spellings equally near looked up at most: a country's name has one in many languages
    /// (AXSTRALIA is one letter from AUSTRALIA, AVSTRALIA and ASTRALIA, all one place), but
    /// past this many the reading is too short or too worn to point anywhere.
    static let maximumSpellings = 6
    /// The stamp words of the lexicon (stop-words, months, directions, entry-method and
    /// airport words, country aliases), indexed like names.
    let stampWords: NearNameIndex
    /// The lexicon's airport words as printed prefixes (`aeroport`, `flughaf`): a word that is
    /// one with a short ending (AEROPORTI of Aeroporti Nënë Tereza, Tirana) may stand in an
    /// airport's name, but it says "airport" on every stamp of its language, so a reading
    /// near it is not that airport's name.
    let airportWords: [String]
    /// The lexicon's stop-words in search form (PROTECTION, IMMIGRATION): never a place's name
    /// on their own, so never the name a damaged reading is taken for (PRUTECIION is the
    /// authority's word, not Port Protection's).
    var stopwords: Set<String> = []

    /// The lexicon's words as an index (built once per matcher).
    static func stampWords(_ lexicon: Lexicon) -> NearNameIndex {
        NearNameIndex(forms: stampWordForms(lexicon))
    }

    /// Every stamp word of the lexicon in search form, airport words whole.
    static func stampWordForms(_ lexicon: Lexicon) -> [String] {
        Array(lexicon.stopwords.keys) + Array(lexicon.months.keys) + Array(lexicon.directions.keys)
            + Array(lexicon.entryMethods.keys) + Array(lexicon.countryAliases.keys)
            + lexicon.airportWords.map { $0.fullForm ?? $0.form }
    }

    /// The part of a clean reading's weight kept by a name at edit `cost` from a reading of
    /// `letters` letters: 0.5 at six letters, 0.1 more a letter up to 0.8 from nine on; all of
    /// it for one letter of a like shape (cost ½), less by 0.1 for each further ½.
    static func weight(letters: Int, cost: Double) -> Double {
        let length = min(0.8, 0.5 + 0.1 * Double(max(0, letters - NearNameIndex.minimumLength)))
        return length * max(0.5, 1.1 - 0.2 * cost)
    }

    /// The names nearest to `form` (all at the lowest cost), or none when more than
    /// `maximumSpellings` are, or when a stamp word is as near.
    func nearest(_ form: String, _ lookup: inout Lookup) throws -> [NearName] {
        let near = try lookup.nearNames(form).filter { name in
            !stopwords.contains(name.form) && !airportWords.contains { name.form.hasPrefix($0) && name.form.count <= $0.count + 3 }
        }
        guard let cheapest = near.map(\.cost).min() else { return [] }
        let best = near.filter { $0.cost == cheapest }
        guard best.count <= Self.maximumSpellings else { return [] }
        // A stamp word that is itself the name (VIETNAM, a country alias too) does not stand
        // in its way.
        let names = Set(best.map(\.form))
        if stampWords.neighbours(of: form).contains(where: { $0.cost <= cheapest && !names.contains($0.form) }) { return [] }
        return best
    }

    /// Country, city and airport names read from damaged words (after the clean names: a
    /// reading that names something as read is not guessed at).
    func names(_ clues: StampClues, _ lookup: inout Lookup, _ cover: inout NameCover) throws -> [Observation] {
        var found: [Observation] = []
        // Airport-name words not already among the name phrases (a word beside an airport word).
        let words = clues.airportNameWords.filter { w in w.length == 1 && !clues.namePhrases.contains { $0.span == w.span } }
        for phrase in clues.namePhrases.sorted(by: { $0.length > $1.length }) + words {
            // Words that are a place's name as read (MEDYKA, a border village) are that place,
            // however near a bigger one's name they lie (MEDYNA, Medina); and a name of several
            // words read right (PEACE ARCH) is not guessed again from its words run together.
            guard !cover.covers(phrase.span), !cover.named.contains(phrase.span),
                Self.inCapitals(phrase, clues)
            else { continue }
            let near = try nearest(phrase.form, &lookup)
            var readings: [(name: NearName, read: [Observation])] = []
            for name in near {
                var fixed = phrase
                fixed.form = name.form
                fixed.confidence = Self.guessConfidence
                var one = clues
                one.namePhrases = [fixed]
                // A single word may also be a word of an airport's name.
                one.airportNameWords = phrase.length == 1 ? [fixed] : []
                one.airportNamePhrases = []
                var read = try NamePhraseObservations().read(one, &lookup, &cover)
                read += try AirportWordObservations().read(one, &lookup, cover)
                readings.append((name, read))
            }
            // Names equally near split the weight only when they mean different places: two
            // spellings of one country's name (VIETNAS: VIETNAM, VIETNA) are one reading, and so
            // is a spelling whose places all lie among another's (WELINGTON: WELINTON, a name of
            // Wellington, New Zealand, among the towns called WELLINGTON).
            let places = readings.filter { !$0.read.isEmpty }.map { Self.places($0.read) }
            let meanings = Set(places.filter { one in !places.contains { one != $0 && one.isSubset(of: $0) } }).count
            guard meanings <= Self.maximumNeighbours else { continue }
            for (name, read) in readings {
                let weight = Self.weight(letters: phrase.form.filter(\.isLetter).count, cost: name.cost)
                    / Double(max(1, meanings))
                found += read.map { Self.damaged($0, weight, as: name.form) }
            }
        }
        return found
    }

    /// Runs of words that spell an airport's name once their damaged words are read as the
    /// names nearest them (BELIING CAPITAL → Beijing Capital International Airport). Unlike a
    /// clean name it hides nothing inside it (a guess must not silence what was read right),
    /// but see `narrow`. `cover` is the clean names' cover; the guesses are kept out of it.
    func airportNames(_ clues: StampClues, _ lookup: inout Lookup, _ cover: NameCover) throws -> [Observation] {
        var cover = cover
        var found: [Observation] = []
        let beside = clues.airportNamePhrases.map { ($0, true) }
        let runs = clues.namePhrases.filter { $0.length >= 2 }.map { ($0, false) }
        for (phrase, besideAirportWord) in (beside + runs).sorted(by: { $0.0.length > $1.0.length }) {
            let tokens = clues.lines[phrase.span.line][phrase.span.start..<phrase.span.end]
            guard tokens.map(\.form).joined(separator: " ") == phrase.form, !cover.covers(phrase.span),
                Self.inCapitals(phrase, clues)
            else { continue }
            var forms: [String] = []
            var weight = 1.0
            var changed: [String] = []
            for token in tokens {
                let near = try nearest(token.form, &lookup)
                if near.count == 1 {
                    forms.append(near[0].form)
                    changed.append(near[0].form)
                    weight *= Self.weight(letters: token.form.count, cost: near[0].cost)
                } else {
                    forms.append(token.form)
                }
            }
            func airports(_ forms: [String]) throws -> [Observation] {
                var fixed = phrase
                fixed.form = forms.joined(separator: " ")
                fixed.confidence = Self.guessConfidence
                var one = clues
                one.namePhrases = besideAirportWord ? [] : [fixed]
                one.airportNamePhrases = besideAirportWord ? [fixed] : []
                return try AirportPhraseObservations().read(one, &lookup, &cover)
            }
            var read = changed.isEmpty ? [] : try airports(forms)
            if read.isEmpty, let words = try wordsOfNamedAirports(tokens, &lookup) {
                (forms, changed, weight) = words
                read = try airports(forms)
            }
            found += read.map { Self.damaged($0, weight, as: changed.joined(separator: " ")) }
        }
        return found
    }

    /// The most a damaged word of a run may cost from a word of the airports its other words
    /// already name (see `wordsOfNamedAirports`).
    static let namedAirportWordCost = 2.0

    /// The run with its damaged words read as words of the airports its clean words name: the
    /// rarest word read right proposes a few airports (CAPITAL: a dozen, more than one), and among their
    /// names a word two letters off (BENING of BEIJING) is far likelier that word than among
    /// every name, where one letter off is all a guess may be (BENING lies one from BENINO).
    /// Each damaged word needs one nearest word, of its length give or take a letter (ACENSE is
    /// two letters from ANSE, but a third of a word dropped leaves too little to say which);
    /// the forms, the words read so and the weight.
    func wordsOfNamedAirports(_ tokens: ArraySlice<StampToken>, _ lookup: inout Lookup) throws
        -> (forms: [String], changed: [String], weight: Double)? {
        var rarest: (word: String, count: Int)?
        var damaged: [Int] = []
        for (k, token) in tokens.enumerated() {
            let count = token.form.count >= 3 ? try lookup.airportDocumentFrequency(token.form) : 0
            if count > 0 {
                if rarest.map({ count < $0.count }) ?? true { rarest = (token.form, count) }
            } else if token.form.utf8.count >= NearNameIndex.minimumLength {
                damaged.append(k)
            }
        }
        // A clean word that names one airport has said which already: the guess would only
        // fold that airport's other clues into itself.
        guard let proposer = rarest, (2..<WordSpecificity.countLimit).contains(proposer.count), !damaged.isEmpty else {
            return nil
        }
        // As for any guess, a reading near a stamp word (AEROPYERTO) is that word, and an
        // airport word inside a name (Aeropuerto Nacional Juan de Ayolas) is no name's word.
        let words = Set(try lookup.airports(nameWord: proposer.word, limit: WordSpecificity.countLimit)
            .flatMap { Inflection.words(of: $0) }.map(String.init)
            .filter { word in !airportWords.contains { word.hasPrefix($0) && word.count <= $0.count + 3 } }
            .map { Array($0.utf8) })
        var forms = tokens.map(\.form)
        var changed: [String] = []
        var weight = 1.0
        for k in damaged {
            guard stampWords.neighbours(of: forms[k]).isEmpty else { return nil }
            let read = Array(forms[k].utf8)
            let near = words.filter { abs($0.count - read.count) <= 1 }
                .map { (word: $0, cost: NearNameIndex.cost(read, $0)) }.filter { $0.cost <= Self.namedAirportWordCost }
            guard let cheapest = near.map(\.cost).min() else { return nil }
            let best = near.filter { $0.cost == cheapest }
            guard best.count == 1 else { return nil }
            forms[k] = String(decoding: best[0].word, as: UTF8.self)
            changed.append(forms[k])
            weight *= Self.weight(letters: read.count, cost: cheapest)
        }
        return (forms, changed, weight)
    }

    /// The names read inside a damaged airport name count once with it, by the largest (as a
    /// clean airport name hides them), so a guess adds up to no more than the clean reading
    /// would; and a word that names that airport among others (CAPITAL in BELIING CAPITAL: a
    /// dozen airports' word) means only the airports the whole name does.
    static func narrow(_ observations: [Observation], to names: [Observation]) -> [Observation] {
        observations.map { observation in
            let nameKinds: Set<Evidence.Kind> = [.airportName, .cityName, .countryName]
            guard nameKinds.contains(observation.evidence.kind),
                let name = names.first(where: { NameCover.within(observation.span, [$0.span]) })
            else { return observation }
            var inside = observation
            inside.span = name.span
            guard observation.evidence.kind == .airportName else { return inside }
            let airports = Set(name.hypotheses.compactMap { $0.airport?.iata })
            let kept = observation.hypotheses.filter { h in h.airport.map { airports.contains($0.iata) } ?? false }
            let total = kept.map(\.share).reduce(0, +)
            guard total > 0 else { return inside }
            var narrowed = inside
            narrowed.hypotheses = kept.map { h in
                var h = h
                h.share /= total
                return h
            }
            return narrowed
        }
    }

    /// The countries, cities and airports a name's observations point to.
    static func places(_ observations: [Observation]) -> Set<String> {
        Set(observations.flatMap(\.hypotheses).map { h in
            [h.country, h.city.map { "\($0.id)" } ?? "", h.airport?.iata ?? ""].joined(separator: "/")
        })
    }

    /// Whether every word of the phrase was read in capitals, a long word allowing one small
    /// letter: a worn capital is often read as one (uLGECIRAS), while OCR's words made of a
    /// ring's texture or the security print are small letters throughout.
    static func inCapitals(_ phrase: NamePhrase, _ clues: StampClues) -> Bool {
        clues.lines[phrase.span.line][phrase.span.start..<phrase.span.end].allSatisfy { token in
            if token.isUppercase { return true }
            let letters = token.text.filter(\.isLetter)
            return letters.count >= NearNameIndex.minimumLength && letters.filter(\.isLowercase).count == 1
        }
    }

    /// `observation` at `weight` of its reliability, saying what the damaged words were read as.
    static func damaged(_ observation: Observation, _ weight: Double, as form: String) -> Observation {
        var damaged = observation
        damaged.reliability *= weight
        damaged.evidence.detail = "read as \(form.uppercased()): " + observation.evidence.detail
        return damaged
    }
}
