import Foundation
import Testing
@testable import StampKit
@testable import StampKitImaging
@testable import StampKitOCR
@testable import StampKitScan

/// Reading every stamp of a page: each region a crop of the one decoded page, at its own angle.
@Suite struct PageScanTests {
    static func scanner() throws -> StampScanner {
        let gazetteer = try FixtureGazetteer.open()
        return StampScanner(
            reader: try TesseractStampReader(),
            matcher: StampMatcher(directory: gazetteer, lexicon: try Lexicon(files: gazetteer.lexiconFiles())))
    }

    @Test func aQuarterTurnedStampOnAPageIsReadAtItsOwnAngle() throws {
        let page = try StampImage(contentsOf: ImagingFixtures.url("page-kef-rot90.jpg"))
        var stamps: [PageStamp] = []
        let found = try Self.scanner().scanStamps(onPage: page, named: "page") { stamps.append($0) }
        #expect(found == 1 && stamps.count == 1, "\(stamps.map(\.crop))")
        let stamp = try #require(stamps.first)
        let scan = try #require(stamp.scan)
        // The crop is the stamp, not the page: well inside it.
        #expect(stamp.crop.width < page.width * 3 / 4 && stamp.crop.height < page.height * 3 / 4, "\(stamp.crop)")
        #expect(abs(abs(scan.reading.rotation) - 90) < 10, "rotation \(scan.reading.rotation)")
        #expect(scan.proposal.candidates.first?.country.code == "IS", "\(scan.proposal.candidates.prefix(2).map(\.country.code))")
    }

    @Test func regionsAlreadyDoneAreNotReadAndABlankPageGivesNone() throws {
        let scanner = try Self.scanner()
        let page = try StampRegionTests.load(StampRegionTests.twoStampPage().page)
        let regions = try page.stampRegions()
        try #require(regions.count == 2)
        var stamps: [PageStamp] = []
        try scanner.scanStamps(onPage: page, named: "page", alreadyDone: { $0 == regions[0] }) { stamps.append($0) }
        #expect(stamps.map(\.crop) == regions)
        #expect(stamps.first?.scan == nil && stamps.last?.scan != nil)
        var blank = 0
        let found = try scanner.scanStamps(onPage: StampRegionTests.load(StampRegionTests.paper()), named: "blank") { _ in blank += 1 }
        #expect(found == 0 && blank == 0)
    }
}
