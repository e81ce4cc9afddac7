/// One proposed place for a stamp: a chain country → region → city → airport, with a calibrated
/// confidence in 0…1 and the evidence that produced it.
public struct Candidate: Sendable, Equatable {
    public var confidence: Double
    public var country: Country
    public var region: Region?
    public var city: City?
    public var airport: Airport?
    public var evidence: [Evidence]

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
    public var date: StampDate?
    public var direction: Direction?
    public var entryMethod: EntryMethod?

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
