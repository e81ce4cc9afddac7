import Foundation
import Testing

@testable import StampKitMRZ

/// The name line has no check digit: when it is read a character too long or short, only the
/// document code and issuing state at its start can tell one alignment from another.
@Suite struct MRZNameLineFitTests {
    static let upper = MRZImageTests.td3[0]
    static let lower = MRZImageTests.td3[1]

    static func parse(_ lines: [String]) throws -> MRZDocument {
        try MRZParser.parse(lines: lines, referenceDay: mrzToday)
    }

    @Test func aLetterReadTwiceAtTheStartIsDropped() throws {
        let doc = try Self.parse(["P" + Self.upper, Self.lower])
        #expect(doc.lines == [Self.upper, Self.lower])
        #expect(doc.issuingState == "UTO")
        #expect(!doc.flags.contains(.unknownIssuingState))
        #expect(doc.flags.contains(.lineLengthAdjusted))
    }

    @Test func aDoubledLetterBeforeAOneLetterState() throws {
        // As read the state would be `<D<`; without the doubled P it is `D<<`, Germany.
        let upper = "PP<D<<SCHMIDT<<OLGA" + String(repeating: "<", count: 26)
        let doc = try Self.parse([upper, Self.lower])
        #expect(doc.lines[0] == "P<D<<SCHMIDT<<OLGA" + String(repeating: "<", count: 26))
        #expect(doc.issuingState == "D")
    }

    @Test func aPlausibleHeaderKeepsTheEndTrimmed() throws {
        // One filler too many at the end: the first alignment already has a known state.
        let doc = try Self.parse([Self.upper + "<", Self.lower])
        #expect(doc.lines == [Self.upper, Self.lower])
    }

    @Test func withoutAKnownStateTheFirstAlignmentStays() {
        let line = Array("QQ<XYZERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<".utf8)
        let fitted = MRZParser.nameLineFit(line, to: 44, header: true)
        #expect(fitted == MRZParser.fit(line, to: 44)[0])
        // TD1's name line has no header: nothing to judge alignments by.
        let td1 = Array(("P" + MRZImageTests.td1[2]).utf8)
        #expect(MRZParser.nameLineFit(td1, to: 30, header: false) == MRZParser.fit(td1, to: 30)[0])
    }
}
