import Foundation
import StampKitEvidence

/// The language of the stamp's own words — its direction, entry-method and airport words
/// (GİRİŞ, XUẤT CẢNH, HÖFN) — points to the countries that chiefly print it: a person reading
/// GİRİŞ above a border post's name thinks of Turkey before they know the post. One observation
/// for the whole stamp; each word's vote is spread over its languages' home countries by
/// √population, as city names are (German: Germany before Austria and Liechtenstein). A word
/// of languages printed in many countries (SALIDA, ENTRADA, SORTIE) says nothing, nor does
/// English, printed everywhere.
struct LanguageObservations {
    /// The chance that a stamp's words are in the language of the country that stamped it.
    static let reliability = 0.35
    /// A span of no line: the language is a clue of the whole stamp, counted beside (not
    /// instead of) what its words mean on their own.
    static let span = TokenSpan(line: -1, start: 0, end: 0)
    let lexicon: Lexicon

    /// More home countries than this and a word no longer points anywhere.
    static let maximumHomes = 8

    func read(_ clues: StampClues, _ lookup: inout Lookup) throws -> [Observation] {
        var words: [(span: TokenSpan, text: String, languages: Set<String>, confidence: Double)] = []
        func add(_ span: TokenSpan, _ text: String, _ confidence: Double, _ languages: Set<String>?) {
            let spoken = (languages ?? []).subtracting(["en", "*"])
            if !spoken.isEmpty { words.append((span, text, spoken, confidence)) }
        }
        for hit in clues.directionHits { add(hit.span, hit.text, hit.confidence, lexicon.wordLanguages[clues.form(hit.form, at: hit.span)]) }
        for hit in clues.entryMethodHits { add(hit.span, hit.text, hit.confidence, lexicon.wordLanguages[clues.form(hit.form, at: hit.span)]) }
        for hit in clues.airportWords {
            add(hit.span, hit.text, hit.confidence, lexicon.airportWordLanguages[hit.word.form] ?? [hit.word.language.lowercased()])
        }
        // Each word spreads one vote over the home countries of its languages.
        var votes: [String: Double] = [:]
        var voters: [(text: String, confidence: Double)] = []
        for word in words {
            let homes = word.languages.reduce(into: Set<String>()) { $0.formUnion(lexicon.languageHomes[$1] ?? []) }
            guard !homes.isEmpty, homes.count <= Self.maximumHomes else { continue }
            var weights: [String: Double] = [:]
            for code in homes { weights[code] = try lookup.country(code).map { sqrt(Double(max(1, $0.population))) } ?? 0 }
            let sum = weights.values.reduce(0, +)
            guard sum > 0 else { continue }
            for (code, w) in weights where w > 0 { votes[code, default: 0] += w / sum }
            voters.append((word.text, word.confidence))
        }
        let total = votes.values.reduce(0, +)
        guard total > 0 else { return [] }
        let languages = Set(words.filter { w in voters.contains { $0.text == w.text } }.flatMap(\.languages)).sorted()
        let best = votes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        return [
            Observation(
                span: Self.span,
                evidence: Evidence(
                    kind: .language, text: voters.map(\.text).joined(separator: " "),
                    detail: "\(languages.joined(separator: ", ")): printed chiefly in \(best.prefix(3).joined(separator: ", "))\(best.count > 3 ? "…" : "")"),
                reliability: Self.reliability * Weights.ocr(voters.map(\.confidence).max() ?? 0),
                hypotheses: votes.sorted { $0.key < $1.key }.map { Hypothesis(country: $0.key, share: $0.value / total) })
        ]
    }

}

extension StampClues {
    /// The lexicon form a hit at `span` was matched as: `matched` for a guessed word, else
    /// the words read there.
    func form(_ matched: String?, at span: TokenSpan) -> String {
        matched ?? lines[span.line][span.start..<span.end].map(\.form).joined(separator: " ")
    }

    /// The lexicon forms of the direction and entry-method words read.
    var stampWordForms: [String] {
        directionHits.map { form($0.form, at: $0.span) } + entryMethodHits.map { form($0.form, at: $0.span) }
    }
}
