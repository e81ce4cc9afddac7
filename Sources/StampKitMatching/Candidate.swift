import StampKitGazetteer
import StampKitEvidence

/// One proposed place for a stamp: a chain country → region → city → airport, with a calibrated
/// confidence in 0…1 and the evidence that produced it.
public struct Candidate: Sendable, Equatable {
    /// Calibrated 0…1: how likely this chain is the stamp's place.
    public var confidence: Double
    /// The country, always present.
    public var country: Country
    /// The admin-1 region, when the clues reach it.
    public var region: Region?
    /// The city, when the clues reach it.
    public var city: City?
    /// The airport (port of entry), when the clues name one.
    public var airport: Airport?
    /// Every clue behind this chain, shown to the person.
    public var evidence: [Evidence]

    /// A value from its parts.
    public init(
        confidence: Double, country: Country, region: Region? = nil, city: City? = nil,
        airport: Airport? = nil, evidence: [Evidence]
    ) {
        self.confidence = confidence
        self.country = country
        self.region = region
        self.city = city
        self.airport = airport
        self.evidence = evidence
    }
}

/// What the matcher concluded about one stamp's text.
public struct StampProposal: Sendable, Equatable {
    /// Ranked best first; may be empty.
    public var candidates: [Candidate]
    /// The date on the stamp, when one was read.
    public var date: StampDate?
    /// Entry or exit, when the words say so or the country stamps on entry only.
    public var direction: Direction?
    /// Air, land, sea or rail, when the clues say so.
    public var entryMethod: EntryMethod?

    /// A value from its parts.
    public init(
        candidates: [Candidate], date: StampDate? = nil, direction: Direction? = nil,
        entryMethod: EntryMethod? = nil
    ) {
        self.candidates = candidates
        self.date = date
        self.direction = direction
        self.entryMethod = entryMethod
    }
}
