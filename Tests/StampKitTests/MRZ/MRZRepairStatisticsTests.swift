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

/// Seeded random TD3 zones with one misread each: repair must restore what the check digits can
/// see and must never let an unconfirmed guess pass as a plain valid zone.
@Suite struct MRZRepairStatisticsTests {
    static let upper = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    /// Confusions the check digits can see. (6↔G and `<`↔K differ by 10 and 20, nothing modulo
    /// 10: no check digit can notice them, see `invisibleConfusionsPassUnnoticed`.)
    static let visible: [Character: Character] = [
        "O": "0", "0": "O", "I": "1", "1": "I", "S": "5", "5": "S", "B": "8", "8": "B", "Z": "2", "2": "Z",
    ]

    struct Outcome {
        var restored = 0, refused = 0, wrongFlagged = 0, wrongSilent = 0, total = 0
    }

    /// Damages `count` random valid zones with `damage` and sorts what the parser made of them.
    static func run(seed: UInt64, count: Int, damage: (inout [Character], inout SplitMix64) -> Bool) throws -> Outcome {
        var rng = SplitMix64(seed: seed)
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), digits = Array("0123456789")
        func pick(_ a: [Character]) -> Character { a[Int(rng.next() % UInt64(a.count))] }
        var outcome = Outcome()
        while outcome.total < count {
            let number = String((0..<(7 + Int(rng.next() % 3))).map { _ in rng.next() % 3 == 0 ? pick(letters) : pick(digits) })
            let optional = rng.next() % 2 == 0 ? "" : String((0..<Int(rng.next() % 10)).map { _ in pick(digits + letters) })
            let (m, d) = (1 + Int(rng.next() % 12), 1 + Int(rng.next() % 28))
            let birth = String(format: "%02d%02d%02d", Int(rng.next() % 100), m, d)
            let expiry = String(format: "%02d%02d%02d", Int(rng.next() % 100), m, d)
            let lower = td3Lower(
                number: number, nationality: "UTO", birth: birth, sex: "F", expiry: expiry, optional: optional)
            var chars = Array(lower)
            guard damage(&chars, &rng) else { continue }
            outcome.total += 1
            let doc = try MRZParser.parse(lines: [upper, String(chars)], referenceDay: mrzToday)
            if doc.valid && doc.lines[1] == lower {
                outcome.restored += 1
            } else if !doc.valid {
                outcome.refused += 1
            } else if doc.flags.contains(.singleCheckRepair) {
                outcome.wrongFlagged += 1
            } else {
                outcome.wrongSilent += 1
            }
        }
        return outcome
    }

    /// Positions a misread may hit: everything but nationality and sex, which no check covers.
    static func damageable(_ i: Int) -> Bool { !(10...12).contains(i) && i != 20 }

    @Test func oneVisibleConfusionIsRestoredOrRefusedNeverSilentlyWrong() throws {
        let outcome = try Self.run(seed: 11, count: 1_000) { chars, rng in
            let spots = chars.indices.filter { Self.damageable($0) && Self.visible[chars[$0]] != nil }
            guard !spots.isEmpty else { return false }
            let i = spots[Int(rng.next() % UInt64(spots.count))]
            chars[i] = Self.visible[chars[i]]!
            return true
        }
        // Measured with this seed: 911 restored, 89 refused as ambiguous (two confusions in the
        // document number pass its single check), 0 wrong.
        #expect(outcome.restored >= 880)
        #expect(outcome.wrongSilent == 0)
        #expect(outcome.wrongFlagged == 0)
    }

    @Test func oneDigitMisreadAsAnotherDigitIsNeverSilentlyValid() throws {
        let outcome = try Self.run(seed: 12, count: 1_000) { chars, rng in
            let spots = chars.indices.filter { Self.damageable($0) && chars[$0].isNumber }
            let i = spots[Int(rng.next() % UInt64(spots.count))]
            var c = chars[i]
            while c == chars[i] { c = Character(String(rng.next() % 10)) }
            chars[i] = c
            return true
        }
        // No confusion explains such an error, so nothing is restored; where a confusion elsewhere
        // happens to satisfy the single check, the guess is flagged for review.
        #expect(outcome.restored == 0)
        #expect(outcome.wrongSilent == 0)
        #expect(outcome.refused + outcome.wrongFlagged == 1_000)
        // Measured with this seed: 902 refused, 98 flagged guesses.
        #expect(outcome.refused >= 850)
    }

    @Test func invisibleConfusionsPassUnnoticed() throws {
        // The documented limit of check digits: G for 6 inside a document number changes no sum.
        let lower = td3Lower(
            number: "X1634567", nationality: "UTO", birth: "740812", sex: "F", expiry: "300415", optional: "")
        let doc = try MRZParser.parse(lines: [Self.upper, replacing(lower, column: 3, with: "G")], referenceDay: mrzToday)
        #expect(doc.valid)
        #expect(doc.documentNumber == "X1G34567")
    }
}
