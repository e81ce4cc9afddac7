import Foundation
import StampKitGazetteer

/// How much one word of an airport's name says about which airport: a word in a handful of
/// names (SCHIPHOL, GALEAO) points at one, a word in hundreds (INTERNACIONAL, AIRPORT, REGIONAL)
/// points nowhere, however well it was read. Counted in the gazetteer itself, so a generic word
/// in any language is weighed without being listed anywhere.
enum WordSpecificity {
    /// Names counted before a word is judged to say nothing: past this many airports a word
    /// spans so many countries that it cannot tell them apart.
    static let countLimit = 40
    /// Up to this many airports a word is fully specific (a city with a few airports).
    static let specificCount = 4

    /// 1 for a word in at most `specificCount` airport names, falling with the log of the count
    /// to 0 at `countLimit`.
    static func weight(documentFrequency df: Int) -> Double {
        guard df > specificCount else { return 1 }
        guard df < countLimit else { return 0 }
        return max(0, 1 - log(Double(df) / Double(specificCount)) / log(Double(countLimit) / Double(specificCount)))
    }
}

extension Lookup {
    /// How many airport names (or municipalities) have a word starting with `form`, counted up
    /// to `WordSpecificity.countLimit`.
    mutating func airportDocumentFrequency(_ form: String) throws -> Int {
        try airports(nameWord: form, limit: WordSpecificity.countLimit).count
    }

    /// `WordSpecificity.weight` of `form` in this gazetteer.
    mutating func airportWordWeight(_ form: String) throws -> Double {
        WordSpecificity.weight(documentFrequency: try airportDocumentFrequency(form))
    }
}
