/// One clue found in a stamp's text, shown to the person with every proposal.
public struct Evidence: Sendable, Equatable, Hashable, Codable {
    /// What kind of clue this is.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case iataCode = "iata-code"
        case countryCode = "country-code"
        case distinguishingSign = "distinguishing-sign"
        case countryName = "country-name"
        case cityName = "city-name"
        case airportName = "airport-name"
        case airportWord = "airport-word"
        case date
        case direction
        case entryMethod = "entry-method"
        case language
    }

    /// What kind of clue this is.
    public var kind: Kind
    /// The text as read on the stamp.
    public var text: String
    /// What it was taken to mean, e.g. `Keflavik International Airport (Reykjavík, IS)`.
    public var detail: String

    /// A clue of `kind`, read as `text`, taken to mean `detail`.
    public init(kind: Kind, text: String, detail: String) {
        self.kind = kind
        self.text = text
        self.detail = detail
    }
}

/// A date read from a stamp, with the text it came from.
public struct StampDate: Sendable, Equatable, Codable {
    /// ISO 8601 `YYYY-MM-DD`.
    public var value: String
    /// The text as read on the stamp.
    public var text: String

    /// A date `value` (YYYY-MM-DD) read from `text`.
    public init(value: String, text: String) {
        self.value = value
        self.text = text
    }
}

/// Whether a stamp records entering or leaving.
public enum Direction: String, Sendable, Codable, CaseIterable {
    case arrival, departure
}

/// How the traveller crossed the border.
public enum EntryMethod: String, Sendable, Codable, CaseIterable {
    case air, land, sea, rail
}
