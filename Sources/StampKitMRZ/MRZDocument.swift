import StampKitSupport

/// The fields of one machine-readable zone. The JSON encoding is the only full output: the
/// document's `description`, `debugDescription` and mirror hide names and numbers so a stray
/// `print` or `dump` in a log cannot leak them.
public struct MRZDocument: Codable, Sendable, Equatable {
    /// Which of the five ICAO layouts the zone has.
    public var format: MRZFormat
    /// Document code without filler, e.g. `P`, `I`, `V`, `VC`.
    public var documentCode: String
    /// Issuing state or organisation without filler, e.g. `UTO`, `D` (Germany prints `D<<`).
    public var issuingState: String
    /// Primary identifier, fillers turned into spaces.
    public var surname: String
    /// Secondary identifier, fillers turned into spaces; empty when the zone has none.
    public var givenNames: String
    /// Document number without trailing filler; a long TD1/TD2 number includes its continuation.
    public var documentNumber: String
    /// Nationality code without filler.
    public var nationality: String
    /// ISO `YYYY-MM-DD`; nil when the zone's date is partial (`<<` or `00`) or not a date.
    public var birthDate: String?
    /// ISO `YYYY-MM-DD`; nil when the zone's date is not a date.
    public var expiryDate: String?
    /// `M`, `F`, or `X` (unspecified, printed `<` or `X`); nil when unreadable.
    public var sex: String?
    /// The optional data (TD3: personal number) with leading and trailing filler removed.
    public var optionalData: String
    /// TD1 only: the second optional data field (line 2, positions 19–29); nil otherwise.
    public var optionalData2: String?
    /// The zone after normalisation and repair, one string per line.
    public var lines: [String]
    /// True when every check in `checks` passes and both dates are real calendar dates.
    public var valid: Bool
    /// Every check digit of the format by name (`documentNumber`, `birthDate`, `expiryDate`,
    /// `optionalData` for TD3, `composite` for TD1/TD2/TD3) → whether it passes after repair.
    public var checks: [String: Bool]
    /// Every character changed from what was read, in zone order.
    public var repairs: [MRZRepair]
    /// Notes that do not make the zone invalid on their own, sorted.
    public var flags: [MRZFlag]

    /// Creates a document from its fields (the parser builds them; tests and stores may too).
    public init(
        format: MRZFormat, documentCode: String, issuingState: String, surname: String, givenNames: String,
        documentNumber: String, nationality: String, birthDate: String?, expiryDate: String?, sex: String?,
        optionalData: String, optionalData2: String?, lines: [String], valid: Bool, checks: [String: Bool],
        repairs: [MRZRepair], flags: [MRZFlag]
    ) {
        self.format = format
        self.documentCode = documentCode
        self.issuingState = issuingState
        self.surname = surname
        self.givenNames = givenNames
        self.documentNumber = documentNumber
        self.nationality = nationality
        self.birthDate = birthDate
        self.expiryDate = expiryDate
        self.sex = sex
        self.optionalData = optionalData
        self.optionalData2 = optionalData2
        self.lines = lines
        self.valid = valid
        self.checks = checks
        self.repairs = repairs
        self.flags = flags
    }
}

extension MRZDocument {
    /// Encodes every field, absent values as `null`, so the JSON always has the same keys.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(format, forKey: .format)
        try c.encode(documentCode, forKey: .documentCode)
        try c.encode(issuingState, forKey: .issuingState)
        try c.encode(surname, forKey: .surname)
        try c.encode(givenNames, forKey: .givenNames)
        try c.encode(documentNumber, forKey: .documentNumber)
        try c.encode(nationality, forKey: .nationality)
        try c.encode(birthDate, forKey: .birthDate)
        try c.encode(expiryDate, forKey: .expiryDate)
        try c.encode(sex, forKey: .sex)
        try c.encode(optionalData, forKey: .optionalData)
        try c.encode(optionalData2, forKey: .optionalData2)
        try c.encode(lines, forKey: .lines)
        try c.encode(valid, forKey: .valid)
        try c.encode(checks, forKey: .checks)
        try c.encode(repairs, forKey: .repairs)
        try c.encode(flags, forKey: .flags)
    }
}

/// One character changed from what was read.
public struct MRZRepair: Codable, Sendable, Equatable {
    /// 1-based line of the zone.
    public var line: Int
    /// 1-based column in that line.
    public var column: Int
    /// The character as read.
    public var from: String
    /// The character it became.
    public var to: String
    /// The field the position belongs to (`documentNumber`, `birthDate`, `name` …).
    public var field: String
    /// Why the change is trusted.
    public var basis: Basis

    /// What justified a repair.
    public enum Basis: String, Codable, Sendable {
        /// The check digits covering the field pass with it and with no other candidate.
        case checkDigit = "check-digit"
        /// The character cannot occur in the field (a digit in a state code or name).
        case fieldType = "field-type"
        /// A letter OCR makes of `<`, inside a filler run that no check covers.
        case filler
    }

    /// Creates a repair record.
    public init(line: Int, column: Int, from: String, to: String, field: String, basis: Basis) {
        self.line = line
        self.column = column
        self.from = from
        self.to = to
        self.field = field
        self.basis = basis
    }
}

/// Observations about a zone that a reader may want to act on.
public enum MRZFlag: String, Codable, Sendable, Comparable, CaseIterable {
    /// The name field is full to its last character, so the name may be cut short.
    case nameTruncated
    /// The issuing state is not an ISO, former-ISO, or ICAO special code.
    case unknownIssuingState
    /// The nationality is not an ISO, former-ISO, or ICAO special code.
    case unknownNationality
    /// The document number continues in the optional data (ICAO note j, TD1/TD2).
    case longDocumentNumber
    /// An empty optional field has `<` instead of `0` as its check digit (allowed by ICAO).
    case fillerCheckDigit
    /// The birth date has unknown day or month (`<<` or `00`), so `birthDate` is nil.
    case partialBirthDate
    /// The birth date is not a calendar date.
    case invalidBirthDate
    /// The expiry date is not a calendar date.
    case invalidExpiryDate
    /// The sex position holds something other than `M`, `F`, `X`, `<`.
    case invalidSex
    /// A line was one or two characters off its format's length and was re-aligned.
    case lineLengthAdjusted
    /// Characters outside `A-Z 0-9 <` were read and replaced by `<`.
    case invalidCharacters
    /// Several repairs fit the check digits equally well, so none of them was made.
    case ambiguousRepair
    /// A repair rests on a single check digit (document number, optional data, visas: the
    /// composite repeats their weights or is absent), so it is right only about nine times in
    /// ten when the misreading was not a confusion: confirm the characters by eye.
    case singleCheckRepair

    /// Flags sort by name so the JSON is stable.
    public static func < (lhs: MRZFlag, rhs: MRZFlag) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension MRZDocument: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Format and validity only: names and numbers never reach a log through interpolation.
    public var description: String { "MRZDocument(\(format.rawValue), valid: \(valid))" }
    /// Same as `description`, for the same reason.
    public var debugDescription: String { description }
    /// A mirror without personal fields, so `dump` and test failure output stay clean.
    public var customMirror: Mirror {
        Mirror(self, children: ["format": format, "valid": valid, "flags": flags], displayStyle: .struct)
    }
}

/// Why text (or a line image) could not be read as a machine-readable zone. Messages describe
/// shapes (line counts and lengths, image sizes), never content.
public struct MRZError: StampKitFailure, Equatable {
    /// Always `.input`: the text given is not an MRZ. (`.noMRZ` is for images without a zone.)
    public var failureClass: FailureClass { .input }
    /// `mrz-empty`, `mrz-line-count`, `mrz-line-length`, `mrz-not-zone-text`, or for a line
    /// image `mrz-line-too-small`, `mrz-line-blank`.
    public let code: String
    /// One line: what was wrong and how to fix it.
    public let message: String

    static let empty = MRZError(
        code: "mrz-empty",
        message: "no MRZ text was given; pass the 2 or 3 lines of the machine-readable zone")

    static func lineCount(_ count: Int) -> MRZError {
        MRZError(
            code: "mrz-line-count",
            message: "got \(count) non-blank lines, an MRZ has 2 (TD2, TD3, visas) or 3 (TD1); "
                + "pass only the zone's lines")
    }

    static func lineLengths(_ lengths: [Int]) -> MRZError {
        let shown = lengths.map(String.init).joined(separator: ", ")
        return MRZError(
            code: "mrz-line-length",
            message: "MRZ lines have \(shown) characters, which fits no format "
                + "(TD1 3×30, TD2/MRV-B 2×36, TD3/MRV-A 2×44, ±2 tolerated); rescan the zone or check the line breaks")
    }
}
