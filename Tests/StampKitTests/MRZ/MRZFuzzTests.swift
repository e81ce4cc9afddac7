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
@testable import StampKitSupport

/// Random and mutated zones must come back as a document or an `MRZError`, never a crash or a
/// hang, and every document must be well-formed.
@Suite struct MRZFuzzTests {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<")
    static let noise = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<<<<<<<<KCESOI0158abcz .,«|-é\t")

    /// Whether the outcome is well-formed; `valid` reports a document's validity.
    static func check(_ lines: [String], valid: inout Bool) -> Bool {
        valid = false
        do {
            let doc = try MRZParser.parse(lines: lines, referenceDay: mrzToday)
            valid = doc.valid
            var ok = doc.lines.count == doc.format.lineCount
            ok = ok && doc.lines.allSatisfy { $0.count == doc.format.lineLength }
            ok = ok && doc.lines.allSatisfy { $0.allSatisfy { alphabet.contains($0) } }
            ok = ok && (!doc.valid || doc.checks.values.allSatisfy { $0 })
            ok = ok && doc.repairs.allSatisfy { (1...doc.format.lineCount).contains($0.line)
                && (1...doc.format.lineLength).contains($0.column) && $0.from != $0.to }
            for date in [doc.birthDate, doc.expiryDate].compactMap({ $0 }) {
                ok = ok && date.count == 10 && date.allSatisfy { $0.isNumber || $0 == "-" }
            }
            return ok
        } catch let error as MRZError {
            return error.failureClass == .input && !error.message.isEmpty
        } catch {
            return false
        }
    }

    @Test func randomLinesNeverCrash() {
        var rng = SplitMix64(seed: 9303)
        var bad = 0
        for _ in 0..<4_000 {
            let count = Int(rng.next() % 5)
            var lines: [String] = []
            // Mostly lengths near the real ones, so the parser gets past its shape checks.
            let target = [30, 36, 44][Int(rng.next() % 3)]
            for _ in 0..<count {
                let length = rng.next() % 4 == 0 ? Int(rng.next() % 50) : target - 2 + Int(rng.next() % 5)
                let pool = rng.next() % 2 == 0 ? Self.alphabet : Self.noise
                lines.append(String((0..<length).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }))
            }
            var valid = false
            if !Self.check(lines, valid: &valid) { bad += 1 }
        }
        #expect(bad == 0)
    }

    @Test func mutatedSpecimensNeverCrash() throws {
        let specimens = try Specimens.load().vectors.map(\.lines)
        var rng = SplitMix64(seed: 44)
        var bad = 0
        var stillValid = 0
        for _ in 0..<6_000 {
            var lines = specimens[Int(rng.next() % UInt64(specimens.count))].map { Array($0) }
            for _ in 0..<(1 + Int(rng.next() % 6)) {
                let l = Int(rng.next() % UInt64(lines.count))
                let n = lines[l].count
                switch rng.next() % 7 {
                case 0, 1, 2:
                    if n > 0 { lines[l][Int(rng.next() % UInt64(n))] = Self.noise[Int(rng.next() % UInt64(Self.noise.count))] }
                case 3: lines[l].insert(Self.noise[Int(rng.next() % UInt64(Self.noise.count))], at: Int(rng.next() % UInt64(n + 1)))
                case 4: if n > 0 { lines[l].remove(at: Int(rng.next() % UInt64(n))) }
                case 5: if lines.count > 1 { lines.swapAt(0, lines.count - 1) }
                default: if rng.next() % 4 == 0 { lines.remove(at: l) } else { lines[l] = lines[l].map { Character($0.lowercased()) } }
                }
                if lines.isEmpty { break }
            }
            let text = lines.map { String($0) }
            var valid = false
            if !Self.check(text, valid: &valid) { bad += 1 }
            if valid { stillValid += 1 }
        }
        #expect(bad == 0)
        // Some mutations are repaired or harmless; most are not. Both kinds must occur.
        #expect(stillValid > 0)
        #expect(stillValid < 6_000)
    }

    @Test func textEntryPointSurvivesArbitraryText() {
        var rng = SplitMix64(seed: 5)
        let pool = Array("P<UTO0123456789ABCXYZ<<<<\n\n \r\t«é")
        for _ in 0..<1_000 {
            let text = String((0..<Int(rng.next() % 200)).map { _ in pool[Int(rng.next() % UInt64(pool.count))] })
            do { _ = try MRZParser.parse(text: text) } catch { #expect(error is MRZError) }
        }
    }
}
