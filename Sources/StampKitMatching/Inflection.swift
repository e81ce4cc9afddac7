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

    /// The words of the airport's name and municipality, in search form.
    static func words(of airport: Airport) -> [Substring] {
        SearchForm.of(airport.name + " " + (airport.municipality ?? "")).split(separator: " ")
    }
}
