import StampKitEvidence
import StampKitGazetteer

/// One possible meaning of an observation: a country, and the airport or city that puts it there.
struct Hypothesis {
    var country: String
    var airport: Airport?
    var city: City?
    /// This meaning's part of the observation (the meanings of one observation add up to 1).
    var share: Double
}

/// A clue after gazetteer lookup: the tokens it covers, what it means, and how far to trust it.
struct Observation {
    var span: TokenSpan
    var evidence: Evidence
    /// The chance that the clue is genuine and read right.
    var reliability: Double
    var hypotheses: [Hypothesis]
}

/// The spans already explained by a name, so that a shorter clue inside one is not counted again.
struct NameCover {
    /// City and country names: they hide only shorter names inside them (YORK in NEW YORK).
    var named: [TokenSpan] = []
    /// Airport names of several words: they hide every clue inside them (TÂN in TÂN SƠN NHẤT).
    var airports: [TokenSpan] = []
    /// Country names and authority phrases (REPÚBLICA ARGENTINA, HOMELAND SECURITY): a word in
    /// one is the country's, not a word of an airport's name it merely shares.
    var countries: [TokenSpan] = []

    /// Whether `span` lies strictly inside one of `spans`.
    static func within(_ span: TokenSpan, _ spans: [TokenSpan]) -> Bool {
        spans.contains { $0.holds(span) && $0 != span }
    }

    /// Whether `span` lies inside one of `spans` or is one of them.
    static func inside(_ span: TokenSpan, _ spans: [TokenSpan]) -> Bool {
        spans.contains { $0.holds(span) }
    }

    /// Inside any name found so far.
    func covers(_ span: TokenSpan) -> Bool { Self.within(span, named) || Self.within(span, airports) }
}

/// The weights every clue kind shares: how OCR confidence and an airport's size count.
enum Weights {
    /// OCR confidence 0…100 as a factor: words read at 70 or better count fully (Tesseract
    /// rarely goes higher on inked stamps), at 40 half.
    static func ocr(_ confidence: Double) -> Double {
        min(1, max(0.2, (confidence - 20) / 50))
    }

    /// A name's OCR confidence as a factor, but never below the part a guess of the same name
    /// from a reading one worn letter off it keeps (`DamagedNameObservations.weight`): six or
    /// more capitals spelling a place's name exactly are that name however unsure Tesseract
    /// was of the word, and a reading that needs no guess is no weaker than one that does.
    static func ocr(_ phrase: NamePhrase, _ clues: StampClues) -> Double {
        let letters = phrase.form.filter(\.isLetter).count
        guard letters >= NearNameIndex.minimumLength, DamagedNameObservations.inCapitals(phrase, clues) else {
            return ocr(phrase.confidence)
        }
        return max(ocr(phrase.confidence), DamagedNameObservations.weight(letters: letters, cost: 0.5))
    }

    /// How plausible it is that a stamp names this airport: border posts sit at big airports
    /// with scheduled flights, seldom at an air base or a private field (DOVER is the port of
    /// Dover far more often than Dover Air Force Base).
    static func airportPrior(_ a: Airport) -> Double {
        let size: Double
        switch a.type {
        case "large_airport": size = 1
        case "medium_airport": size = 0.85
        case "small_airport": size = 0.6
        default: size = 0.5
        }
        return size * (a.scheduled ? 1 : 0.5)
    }

    /// An airport's part among the airports a name fits: bigger and scheduled ones are likelier.
    static func airportShareWeight(_ a: Airport) -> Double {
        let size: Double
        switch a.type {
        case "large_airport": size = 4
        case "medium_airport": size = 2
        case "small_airport": size = 0.5
        default: size = 0.25
        }
        return size * (a.scheduled ? 2 : 1)
    }

    /// Hypotheses for `airports`, each with its share by `airportShareWeight`.
    static func airportHypotheses(_ airports: [Airport]) -> [Hypothesis] {
        let weights = airports.map(airportShareWeight)
        let total = weights.reduce(0, +)
        return zip(airports, weights).map { Hypothesis(country: $0.countryCode, airport: $0, share: $1 / total) }
    }

    /// The evidence detail listing the first three airports a name fits.
    static func airportList(_ airports: [Airport]) -> String {
        airports.prefix(3).map { "\($0.name) (\($0.iata), \($0.countryCode))" }.joined(separator: " or ")
    }
}
