import Foundation
import Testing

@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitScan

/// How the image reader puts a zone together from lines read in different frames or by
/// different models: each line's checks travel with the line.
@Suite struct MRZZoneSearchTests {
    let day = MRZDay(year: 2026, month: 12, day: 2)
    let upper = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    let lower = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"
    /// The lower line with a birth date digit misread as one no repair tries (1 → 7).
    var brokenLower: String { lower.replacingOccurrences(of: "7408122", with: "7408722") }
    /// The upper line with the issuing state misread as an unknown one: unchecked, so only doubtful.
    var doubtfulUpper: String { upper.replacingOccurrences(of: "P<UTO", with: "P<UTQ") }

    func place(_ angle: Double) -> MRZZonePlacement {
        MRZZonePlacement(angle: angle, box: PixelBox(x: 0, y: 0, width: 900, height: 60), upsideDown: false)
    }

    @Test func linesReadRightInDifferentFramesMakeTheZone() {
        var search = MRZImageReader.ZoneSearch(referenceDay: day, modelNames: ["mrz"])
        let added1 = search.add([upper, brokenLower], model: 0, key: 0, placement: place(0))
        #expect(!added1)
        #expect(search.best?.reading.document.valid == false)
        // The second frame gets the lower line right and the upper one doubtful: neither reading
        // alone is clean, their good lines together are.
        let added2 = search.add([doubtfulUpper, lower], model: 0, key: 0, placement: place(0))
        #expect(added2)
        let reading = search.best?.reading
        #expect(reading?.document.valid == true)
        #expect(reading?.document.lines == [upper, lower])
        #expect(reading?.ocrLines == [upper, lower])
        #expect(reading?.model == "mrz")
    }

    @Test func aMixOfModelsNamesBoth() {
        var search = MRZImageReader.ZoneSearch(referenceDay: day, modelNames: ["mrz", "Latin"])
        _ = search.add([upper, brokenLower], model: 0, key: 0, placement: place(0))
        let added3 = search.add([doubtfulUpper, lower], model: 1, key: 0, placement: place(0))
        #expect(added3)
        #expect(search.best?.reading.model == "mrz+Latin")
        #expect(search.best?.reading.document.lines == [upper, lower])
    }

    @Test func linesOfOtherZonesOrTheOtherWayRoundAreNotMixedIn() {
        var search = MRZImageReader.ZoneSearch(referenceDay: day, modelNames: ["mrz"])
        _ = search.add([upper, brokenLower], model: 0, key: 0, placement: place(0))
        // The same text under another key (the zone upside down, or another candidate zone)
        // must not borrow the first key's upper line.
        let added4 = search.add([doubtfulUpper, lower], model: 0, key: 1, placement: place(180))
        #expect(!added4)
        #expect(search.best?.reading.document.lines != [upper, lower])
    }

    @Test func aWholeCleanReadingWinsWithoutMixing() {
        var search = MRZImageReader.ZoneSearch(referenceDay: day, modelNames: ["mrz"])
        let added5 = search.add([upper, lower], model: 0, key: 0, placement: place(-90))
        #expect(added5)
        #expect(search.best?.reading.rotation == -90)
        #expect(search.best?.reading.document.repairs.isEmpty == true)
    }

    @Test(arguments: [(0.0, false, 0.0), (3.5, true, -176.5), (-90.0, true, 90.0), (179.0, true, -1.0), (-2.0, false, -2.0)])
    func theTurnThatMakesTheZoneUpright(angle: Double, upsideDown: Bool, rotation: Double) {
        let placement = MRZZonePlacement(angle: angle, box: PixelBox(x: 0, y: 0, width: 1, height: 1), upsideDown: upsideDown)
        #expect(abs(placement.rotation - rotation) < 1e-9)
    }

    /// The name line has no check digit: two other frames agreeing on a letter outvote the first.
    @Test func twoFramesOutvoteASlipInTheNames() {
        var search = MRZImageReader.ZoneSearch(referenceDay: day, modelNames: ["mrz"])
        let slip = upper.replacingOccurrences(of: "ANNA", with: "ANKA")
        let added = search.add([slip, lower], model: 0, key: 0, placement: place(0))
        #expect(added)
        #expect(search.uncheckedLine == 0)
        // One other frame is no majority.
        search.vote([upper], model: 0, placement: place(0))
        #expect(search.best?.reading.document.givenNames == "ANKA MARIA")
        // Two frames that disagree with each other at the slip leave it.
        search.vote([upper, upper.replacingOccurrences(of: "ANNA", with: "ANHA")], model: 0, placement: place(0))
        #expect(search.best?.reading.document.givenNames == "ANKA MARIA")
        search.vote([upper, upper.replacingOccurrences(of: "MARIA", with: "MAPIA")], model: 0, placement: place(0))
        #expect(search.best?.reading.document.givenNames == "ANNA MARIA")
        #expect(search.best?.reading.document.lines == [upper, lower])
    }

    @Test func aVoteThatWouldMakeTheZoneDoubtfulIsRefused() {
        var search = MRZImageReader.ZoneSearch(referenceDay: day, modelNames: ["mrz"])
        _ = search.add([upper, lower], model: 0, key: 0, placement: place(0))
        search.vote([doubtfulUpper, doubtfulUpper], model: 0, placement: place(0))
        #expect(search.best?.reading.document.issuingState == "UTO")
        #expect(search.best?.clean == true)
    }

    @Test func noVoteOnAZoneThatIsNotClean() {
        var search = MRZImageReader.ZoneSearch(referenceDay: day, modelNames: ["mrz"])
        _ = search.add([upper.replacingOccurrences(of: "ANNA", with: "ANKA"), brokenLower], model: 0, key: 0, placement: place(0))
        #expect(search.uncheckedLine == nil)
        search.vote([upper, upper], model: 0, placement: place(0))
        #expect(search.best?.reading.document.givenNames == "ANKA MARIA")
    }

    @Test func aBlockReadWithAnotherLineCountIsParsedAlone() {
        var search = MRZImageReader.ZoneSearch(referenceDay: day, modelNames: ["mrz"])
        _ = search.add([upper, brokenLower], model: 0, key: 0, placement: place(0))
        // Lines merged into one: nothing to combine with, and no crash.
        let added6 = search.add([upper + lower], model: 0, key: 0, placement: place(0))
        #expect(!added6)
        #expect(search.best?.reading.document.valid == false)
    }
}
