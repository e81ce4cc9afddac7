import Foundation
import Testing

@testable import StampKitImaging
@testable import StampKitMRZ

/// A second look at a zone that read clean but doubtfully: letters a check digit cannot tell
/// apart (values a multiple of 10 apart, such as 8 and S) and slips in the names are decided by
/// most looks at the line, and only while the zone still reads clean.
@Suite struct MRZSecondLookTests {
    let upper = MRZImageTests.td3[0]
    let lower = MRZImageTests.td3[1]
    /// The lower line with the optional data's 8 read as S: 28 and 8 weigh the same modulo 10.
    var blind: String { lower.replacingOccurrences(of: "ZE184226B", with: "ZE1S4226B") }
    /// The lower line with a birth date digit misread as one no repair tries (1 → 7).
    var broken: String { lower.replacingOccurrences(of: "7408122", with: "7408722") }

    func place() -> MRZZonePlacement {
        MRZZonePlacement(angle: 0, box: PixelBox(x: 0, y: 0, width: 900, height: 60), upsideDown: false)
    }

    func search(_ lines: [String]) -> MRZImageReader.ZoneSearch {
        var search = MRZImageReader.ZoneSearch(referenceDay: mrzToday, modelNames: ["mrz"])
        _ = search.add(lines, model: 0, key: 0, placement: place())
        return search
    }

    @Test func theSlipIsCheckBlind() throws {
        // The case the second look is for: the checks pass on the wrong letter.
        let document = try MRZParser.parse(lines: [upper, blind], referenceDay: mrzToday)
        #expect(document.valid)
        #expect(document.checks.values.allSatisfy { $0 })
        #expect(document.repairs.isEmpty)
    }

    @Test func mostLooksDecideACheckBlindLetter() {
        var search = search([upper, blind])
        #expect(search.best?.clean == true)
        // Three looks read 8, the first reading and one look S.
        let changed = search.plurality(line: 1, readings: [lower, blind, lower, lower], model: 0, placement: place())
        #expect(changed)
        #expect(search.best?.reading.document.lines == [upper, lower])
        #expect(search.best?.reading.ocrLines == [upper, lower])
    }

    @Test func aTieKeepsTheFirstReading() {
        var search = search([upper, blind])
        // One look against the first reading, or two looks that differ from each other there.
        let voted1 = search.plurality(line: 1, readings: [lower], model: 0, placement: place())
        #expect(!voted1)
        let other = lower.replacingOccurrences(of: "ZE184226B", with: "ZE1B4226B")
        let voted2 = search.plurality(line: 1, readings: [lower, other], model: 0, placement: place())
        #expect(!voted2)
        #expect(search.best?.reading.document.lines == [upper, blind])
    }

    @Test func looksOfAnotherLengthDoNotVote() {
        var search = search([upper, blind])
        let long = lower + "<"
        let voted3 = search.plurality(line: 1, readings: [long, long, long], model: 0, placement: place())
        #expect(!voted3)
        #expect(search.best?.reading.document.lines == [upper, blind])
    }

    @Test func aVoteThatBreaksACheckIsRefused() {
        var search = search([upper, lower])
        let voted4 = search.plurality(line: 1, readings: [broken, broken], model: 0, placement: place())
        #expect(!voted4)
        #expect(search.best?.reading.document.lines == [upper, lower])
        #expect(search.best?.clean == true)
    }

    @Test func mostLooksMendASlipInTheNames() {
        let slip = upper.replacingOccurrences(of: "ANNA", with: "ANKA")
        var search = search([slip, lower])
        let other = upper.replacingOccurrences(of: "ANNA", with: "ANHA")
        let voted5 = search.plurality(line: 0, readings: [upper, upper, other], model: 0, placement: place())
        #expect(voted5)
        #expect(search.best?.reading.document.givenNames == "ANNA MARIA")
    }

    @Test func earlierReadingsOfALineAreKeptPerZone() {
        var search = search([upper, broken])
        _ = search.add([upper, blind], model: 0, key: 0, placement: place())
        #expect(search.readings(ofLine: 1, key: 0) == [broken, blind])
        #expect(search.readings(ofLine: 1, key: 1).isEmpty)
    }

    @Test func secondLooksAreOtherLooksThanTheFrames() {
        let frames = MRZImageReader.framings.map { MRZImageReader.Frame(letters: $0) }
        #expect(MRZImageReader.secondLooks.allSatisfy { !frames.contains($0) })
        #expect(Set(MRZImageReader.secondLooks.map { "\($0.letters!) \($0.scale)" }).count == MRZImageReader.secondLooks.count)
    }
}
