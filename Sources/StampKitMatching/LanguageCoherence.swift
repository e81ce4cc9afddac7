import StampKitEvidence

/// An airport, direction or entry-method word in a language (FLUGHAFEN, LOTNISKO, ENTRADA)
/// says where the stamp was printed: a place in a country that speaks it fits the words
/// around it, a place elsewhere whose name merely contains the same word (a surname, a
/// namesake town) does not, nor does a country named only by a lone sign or code, which
/// specks and ring debris read as readily (a D beside LUFTHAVN). English is printed everywhere
/// and says nothing, nor does a language the word lists do not place.
struct LanguageCoherence {
    /// The share a name keeps for a country where none of the stamp's languages is spoken.
    static let foreignShare = 0.3
    let lexicon: Lexicon

    /// The countries that speak a language of the stamp's airport, direction or entry-method
    /// words; nil when they say nothing. An English airport word says nothing of the whole
    /// stamp (it may stand anywhere); an English direction word (ARRIVAL beside FLUGHAFEN) only
    /// says nothing of itself.
    func countries(_ clues: StampClues) -> Set<String>? {
        func primary(_ languages: [String]) -> Set<String> {
            Set(languages.map { $0.split(separator: "-").first.map(String.init) ?? $0 })
        }
        let airport = primary(clues.airportWords.flatMap { lexicon.airportWordLanguages[$0.word.form] ?? [$0.word.language.lowercased()] })
        guard !airport.contains("en") else { return nil }
        let stampWords = primary(clues.stampWordForms.flatMap { lexicon.wordLanguages[$0] ?? [] })
        let countries = airport.union(stampWords).subtracting(["en"]).compactMap { lexicon.languageCountries[$0] }
        guard !countries.isEmpty else { return nil }
        return countries.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    /// The clues a place outside the stamp's languages is unlikely to give.
    static var weighed: Set<Evidence.Kind> { [.airportName, .cityName, .distinguishingSign, .iataCode, .countryCode] }

    /// Name observations with the shares of foreign places cut to `foreignShare`.
    func weigh(_ observations: [Observation], _ clues: StampClues) -> [Observation] {
        guard let speaking = countries(clues) else { return observations }
        return observations.map { observation in
            guard Self.weighed.contains(observation.evidence.kind) else { return observation }
            var weighed = observation
            for i in weighed.hypotheses.indices where !speaking.contains(weighed.hypotheses[i].country) {
                weighed.hypotheses[i].share *= Self.foreignShare
            }
            return weighed
        }
    }
}
