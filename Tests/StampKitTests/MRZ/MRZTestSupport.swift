import Foundation
import Testing

@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitScan

/// Independent 7-3-1 check digit for building test zones (deliberately not the library's).
func icaoCheck(_ text: String) -> Character {
    let weights = [7, 3, 1]
    var sum = 0
    for (i, c) in text.enumerated() {
        let v: Int
        if let d = c.wholeNumberValue { v = d } else if c == "<" { v = 0 } else {
            v = Int(c.asciiValue!) - 55
        }
        sum += v * weights[i % 3]
    }
    return Character(String(sum % 10))
}

/// Builds a valid TD3 lower line from its fields, computing every check digit independently.
func td3Lower(number: String, nationality: String, birth: String, sex: String, expiry: String, optional: String)
    -> String
{
    let n = number.padding(toLength: 9, withPad: "<", startingAt: 0)
    let o = optional.padding(toLength: 14, withPad: "<", startingAt: 0)
    let part1 = n + String(icaoCheck(n))
    let part2 = birth + String(icaoCheck(birth))
    let part3 = expiry + String(icaoCheck(expiry)) + o + String(icaoCheck(o))
    let composite = icaoCheck(part1 + part2 + part3)
    return part1 + nationality + part2 + sex + part3 + String(composite)
}

/// Replaces the character at a 1-based column.
func replacing(_ line: String, column: Int, with c: Character) -> String {
    var chars = Array(line)
    chars[column - 1] = c
    return String(chars)
}

/// A fixed "today" so two-digit years resolve the same on every run.
let mrzToday = MRZDay(year: 2026, month: 12, day: 2)

struct Specimens: Decodable {
    struct Vector: Decodable {
        let id: String
        let kind: String
        let lines: [String]
        let parsed: [String: Parsed]
    }

    /// The `parsed` object mixes strings and an `ok` map of booleans.
    enum Parsed: Decodable {
        case text(String)
        case flags([String: Bool])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let s = try? container.decode(String.self) { self = .text(s) } else {
                self = .flags(try container.decode([String: Bool].self))
            }
        }

        var text: String? { if case .text(let s) = self { s } else { nil } }
        var flags: [String: Bool]? { if case .flags(let f) = self { f } else { nil } }
    }

    struct CheckExample: Decodable {
        let input: String
        let check: String
    }

    struct NameExample: Decodable {
        let line1: String
        let primary: String
        let secondary: String
        let ends_alpha_possible_truncation: Bool
    }

    let vectors: [Vector]
    let check_digit_examples: [CheckExample]
    let name_field_examples: [NameExample]

    static func load() throws -> Specimens {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let data = try Data(contentsOf: fixtures.appendingPathComponent("mrz/icao9303-specimens.json"))
        return try JSONDecoder().decode(Specimens.self, from: data)
    }
}

func trimFiller(_ s: String, leading: Bool = false) -> String {
    var t = Substring(s)
    while t.last == "<" { t = t.dropLast() }
    if leading { while t.first == "<" { t = t.dropFirst() } }
    return String(t)
}
