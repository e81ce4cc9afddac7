import StampKitSupport
import StampKitOCR
import StampKitMatching

/// What scanning one stamp image produced: the text as read and the proposal made from it.
public struct StampScan: Sendable, Equatable {
    /// The image as the person named it.
    public var image: String
    /// What the OCR stage read.
    public var reading: OCRReading
    /// What the matcher made of it.
    public var proposal: StampProposal

    /// A scan from its parts.
    public init(image: String, reading: OCRReading, proposal: StampProposal) {
        self.image = image
        self.reading = reading
        self.proposal = proposal
    }

    /// The `scan --json` line (the README's contract), with at most `top` candidates.
    public func json(top: Int) -> JSONValue {
        .object([
            ("image", .string(image)),
            ("candidates", .array(proposal.candidates.prefix(top).map(Self.json))),
            ("date", proposal.date.map { .object([("value", .string($0.value)), ("text", .string($0.text))]) } ?? .null),
            ("direction", .string(proposal.direction?.rawValue)),
            ("entryMethod", .string(proposal.entryMethod?.rawValue)),
            ("ocr", .object([
                ("lines", .array(reading.lines.map { line in
                    .object([("text", .string(line.text)), ("confidence", .rounded(line.confidence, places: 1))])
                })),
                ("rotation", .rounded(reading.rotation, places: 1)),
                ("passes", reading.passes.map { .int($0) } ?? .null),
            ])),
        ])
    }

    /// The line printed for an image that could not be scanned.
    public static func errorJSON(image: String, failure: any StampKitFailure) -> JSONValue {
        .object([
            ("image", .string(image)),
            ("error", .object([("code", .string(failure.code)), ("message", .string(failure.message))])),
        ])
    }

    static func json(_ candidate: Candidate) -> JSONValue {
        .object([
            ("confidence", .rounded(candidate.confidence)),
            ("country", .object([("code", .string(candidate.country.code)), ("name", .string(candidate.country.name))])),
            ("region", candidate.region.map { .object([("id", .string($0.id)), ("name", .string($0.name))]) } ?? .null),
            ("city", candidate.city.map { .object([("id", .int($0.id)), ("name", .string($0.name))]) } ?? .null),
            ("airport", candidate.airport.map {
                .object([("iata", .string($0.iata)), ("icao", .string($0.icao)), ("name", .string($0.name))])
            } ?? .null),
            ("evidence", .array(candidate.evidence.map {
                .object([("kind", .string($0.kind.rawValue)), ("text", .string($0.text)), ("detail", .string($0.detail))])
            })),
        ])
    }
}
