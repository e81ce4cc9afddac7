import Foundation
import StampKitSupport
import StampKitMatching

/// What a labelled stamp really says: one line of a `truth.jsonl` file.
public struct StampTruth: Sendable, Equatable, Decodable {
    /// The image's file name, relative to the truth file's folder.
    public var file: String
    /// How hard the photo is (`easy`, `medium`, `hard`), when the set says.
    public var level: String?
    /// ISO alpha-2 code of the country that stamped it.
    public var country: String
    /// IATA code of the airport, nil for a land or sea crossing.
    public var airport: String?
    /// The printed date as an ISO day, when it has one.
    public var date: String?
    /// `arrival` or `departure` where the stamp says it; nil where its design does not.
    public var direction: String?
    /// `air`, `land`, `sea` or `rail`.
    public var method: String?
    /// The admin-1 region of the airport, looked up in the gazetteer (not part of the file).
    public var regionID: String?
    /// The GeoNames city of the airport, looked up in the gazetteer (not part of the file).
    public var cityID: Int?

    enum CodingKeys: String, CodingKey {
        case file, level, country, airport, date, direction, method
    }

    /// Every line of a `truth.jsonl` text; a line that is not a truth names its number.
    public static func lines(of text: String) throws -> [StampTruth] {
        var truths: [StampTruth] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            do {
                truths.append(try JSONDecoder().decode(StampTruth.self, from: Data(trimmed.utf8)))
            } catch {
                throw EvaluationError(
                    message: "line \(number + 1) of truth.jsonl is not a stamp's truth (it needs at least \"file\" and \"country\"): \(trimmed.prefix(60))")
            }
        }
        return truths
    }
}

/// A truth file that cannot be used.
public struct EvaluationError: StampKitFailure, Equatable {
    /// One line: what is wrong and how to fix it.
    public var message: String
    /// A malformed truth file is bad input.
    public var failureClass: FailureClass { .input }
    /// The stable code.
    public var code: String { "truth-malformed" }

    /// An error with its message.
    public init(message: String) { self.message = message }
}

/// One stamp scored against its truth.
public struct StampEvaluation: Sendable {
    /// What the stamp really says.
    public var truth: StampTruth
    /// What the scan proposed, nil when the image could not be scanned.
    public var proposal: StampProposal?
    /// Seconds the scan took.
    public var seconds: Double

    /// A stamp's result from its parts.
    public init(truth: StampTruth, proposal: StampProposal?, seconds: Double) {
        self.truth = truth
        self.proposal = proposal
        self.seconds = seconds
    }

    var top: Candidate? { proposal?.candidates.first }
    var countryRight: Bool { top?.country.code == truth.country }
    var countryInTopThree: Bool { proposal?.candidates.prefix(3).contains { $0.country.code == truth.country } ?? false }
    /// Sure of itself and wrong: the answer a person would not think to check.
    func confidentlyWrong(at threshold: Double) -> Bool {
        guard let top else { return false }
        return top.confidence >= threshold && top.country.code != truth.country
    }
}

/// Right answers out of the stamps where the question applies.
public struct Tally: Sendable, Equatable {
    /// Answered right.
    public var right = 0
    /// Stamps where the truth has an answer.
    public var total = 0

    /// The share right, nil when nothing applied.
    public var share: Double? { total == 0 ? nil : Double(right) / Double(total) }

    mutating func count(_ applies: Bool, _ isRight: @autoclosure () -> Bool) {
        guard applies else { return }
        total += 1
        if isRight() { right += 1 }
    }
}

/// The figures for one group of stamps (all of them, or one level).
public struct EvaluationRow: Sendable, Equatable {
    /// `all`, or the level's name.
    public var group: String
    /// Stamps in the group.
    public var stamps = 0
    /// Images that could not be scanned at all.
    public var failed = 0
    /// Top candidate's country.
    public var countryTop1 = Tally()
    /// The country among the first three candidates.
    public var countryTop3 = Tally()
    /// Top candidate's region, on stamps that name an airport.
    public var region = Tally()
    /// Top candidate's city, on stamps that name an airport.
    public var city = Tally()
    /// Top candidate's airport, on stamps that name one.
    public var airport = Tally()
    /// The date read, on stamps that print one.
    public var date = Tally()
    /// Arrival or departure, on stamps that say it.
    public var direction = Tally()
    /// Air, land, sea or rail.
    public var entryMethod = Tally()
    /// Stamps whose top answer was at least the confident threshold and named the wrong country.
    public var confidentWrong = 0

    mutating func add(_ e: StampEvaluation, confident: Double) {
        stamps += 1
        if e.proposal == nil { failed += 1 }
        let t = e.truth
        let top = e.top
        countryTop1.count(true, e.countryRight)
        countryTop3.count(true, e.countryInTopThree)
        region.count(t.regionID != nil, top?.region?.id == t.regionID)
        city.count(t.cityID != nil, top?.city?.id == t.cityID)
        airport.count(t.airport != nil, top?.airport?.iata == t.airport)
        date.count(t.date != nil, e.proposal?.date?.value == t.date)
        direction.count(t.direction != nil, e.proposal?.direction?.rawValue == t.direction)
        entryMethod.count(t.method != nil, e.proposal?.entryMethod?.rawValue == t.method)
        if e.confidentlyWrong(at: confident) { confidentWrong += 1 }
    }
}

/// One confidence band of the reliability table: how often answers that sure were right.
public struct CalibrationBucket: Sendable, Equatable {
    /// Lowest confidence in the band.
    public var lower: Double
    /// The band ends below this (the last band includes 1.0).
    public var upper: Double
    /// Top answers whose country was right / top answers in the band.
    public var tally = Tally()
}

/// `stampkit eval` in figures: rows per level, the reliability table, time per image.
public struct EvaluationReport: Sendable {
    /// Every stamp first, then one row per level in the order first seen.
    public var rows: [EvaluationRow]
    /// Confidence bands of 0.1 from 0 to 1.
    public var calibration: [CalibrationBucket]
    /// The threshold above which a wrong answer counts as confident.
    public var confident: Double
    /// Median seconds per image.
    public var medianSeconds: Double
    /// 90th-percentile seconds per image.
    public var p90Seconds: Double
    /// The image that took longest and its seconds (nil without images): one photo can take
    /// many times the 90th percentile, and a batch waits for it.
    public var slowest: (file: String, seconds: Double)?

    /// Scores `evaluations`; `confident` is the threshold for confident-wrong (0.8).
    public init(_ evaluations: [StampEvaluation], confident: Double = 0.8) {
        self.confident = confident
        var all = EvaluationRow(group: "all")
        var levels: [EvaluationRow] = []
        for e in evaluations {
            all.add(e, confident: confident)
            let level = e.truth.level ?? "unlabelled"
            if let i = levels.firstIndex(where: { $0.group == level }) {
                levels[i].add(e, confident: confident)
            } else {
                var row = EvaluationRow(group: level)
                row.add(e, confident: confident)
                levels.append(row)
            }
        }
        rows = [all] + (levels.count > 1 || levels.first?.group != "unlabelled" ? levels : [])
        calibration = (0..<10).map { CalibrationBucket(lower: Double($0) / 10, upper: Double($0 + 1) / 10) }
        for e in evaluations {
            guard let top = e.top else { continue }
            let band = min(9, max(0, Int(top.confidence * 10)))
            calibration[band].tally.count(true, e.countryRight)
        }
        let times = evaluations.map(\.seconds).sorted()
        medianSeconds = times.isEmpty ? .nan : times[times.count / 2]
        p90Seconds = times.isEmpty ? .nan : times[min(times.count - 1, Int((0.9 * Double(times.count)).rounded(.up)) - 1)]
        slowest = evaluations.max { $0.seconds < $1.seconds }.map { ($0.truth.file, $0.seconds) }
    }

    /// The report as one JSON object.
    public var json: JSONValue {
        func tally(_ t: Tally) -> JSONValue {
            .object([("right", .int(t.right)), ("total", .int(t.total)), ("share", t.share.map { .rounded($0) } ?? .null)])
        }
        return .object([
            ("rows", .array(rows.map { r in
                .object([
                    ("group", .string(r.group)), ("stamps", .int(r.stamps)), ("failed", .int(r.failed)),
                    ("countryTop1", tally(r.countryTop1)), ("countryTop3", tally(r.countryTop3)),
                    ("region", tally(r.region)), ("city", tally(r.city)), ("airport", tally(r.airport)),
                    ("date", tally(r.date)), ("direction", tally(r.direction)), ("entryMethod", tally(r.entryMethod)),
                    ("confidentWrong", .int(r.confidentWrong)),
                    ("confidentWrongShare", r.stamps == 0 ? .null : .rounded(Double(r.confidentWrong) / Double(r.stamps))),
                ])
            })),
            ("calibration", .array(calibration.map { b in
                .object([("lower", .rounded(b.lower, places: 1)), ("upper", .rounded(b.upper, places: 1)), ("answers", tally(b.tally))])
            })),
            ("confidentThreshold", .rounded(confident, places: 2)),
            ("secondsPerImage", .object([
                ("median", .rounded(medianSeconds)), ("p90", .rounded(p90Seconds)),
                ("max", slowest.map { .rounded($0.seconds) } ?? .null), ("slowest", slowest.map { .string($0.file) } ?? .null),
            ])),
        ])
    }
}
