import StampKitSupport
import StampKitGazetteer

/// Names on stamps are often inflected (Estonian TALLINNA LENNUJAAM, Lithuanian VILNIAUS ORO
/// UOSTAS, Icelandic REYKJAVÍKURFLUGVÖLLUR): the place's name stands in the genitive, while the
/// gazetteer has the nominative. Both share a stem and differ by a short ending.
enum Inflection {
    /// Whether a word of the airport's name or municipality starts with `stem` and is at most
    /// `longerBy` letters longer than it.
    static func nameHasWord(of airport: Airport, stem: String, longerBy: ClosedRange<Int>) -> Bool {
        words(of: airport).contains { word in word.hasPrefix(stem) && longerBy.contains(word.count - stem.count) }
    }

    /// The airports with a name word starting with `stem` nearest in shape to the word `read`
    /// (see `NearNameIndex.cost`), all of those tied, and that word's cost from `read`.
    static func nearestEnding(_ airports: [Airport], stem: String, read: String) -> (airports: [Airport], cost: Double) {
        let target = Array(read.utf8)
        let costs = airports.map { airport in
            words(of: airport).filter { $0.hasPrefix(stem) }
                .map { NearNameIndex.cost(target, Array($0.utf8)) }.min() ?? .infinity
        }
        guard let best = costs.min() else { return (airports, .infinity) }
        return (zip(airports, costs).filter { $0.1 == best }.map(\.0), best)
    }

    /// The words of the airport's name and municipality, in search form.
    static func words(of airport: Airport) -> [Substring] {
        SearchForm.of(airport.name + " " + (airport.municipality ?? "")).split(separator: " ")
    }
}
