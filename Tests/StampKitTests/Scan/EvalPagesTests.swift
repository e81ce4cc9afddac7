import Foundation
import Testing
@testable import StampKitImaging
@testable import StampKitScan

/// `stampkit eval --pages`: stamps found, extra regions and countries against page truth.
@Suite struct EvalPagesTests {
    @Test func regionScoreCountsFoundSplitAndMergedStamps() {
        let boxes = [[0, 0, 100, 100], [200, 0, 300, 100], [0, 300, 100, 400]]
        let regions = [
            PixelBox(x: 0, y: 0, width: 100, height: 50), PixelBox(x: 0, y: 50, width: 100, height: 50),  // the first, split in two
            PixelBox(x: 500, y: 500, width: 80, height: 80),  // nothing there
        ]
        let score = RegionScore(regions: regions, boxes: boxes)
        // Each half covers half the stamp (IoU 0.5): found, and the second half is an extra record.
        #expect(score.found == 1 && score.finder[1] == nil && score.finder[2] == nil)
        #expect(score.extra == 2 && score.merged == 0 && score.sharing == 0)
        let merged = RegionScore(regions: [PixelBox(x: 0, y: 0, width: 300, height: 100)], boxes: boxes)
        #expect(merged.found == 2 && merged.merged == 1 && merged.extra == 0 && merged.sharing == 1)
    }

    @Test func pagesAreScoredByFoundExtraAndCountry() throws {
        let folder = try makeTemporaryDirectory("eval-pages")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (drawn, stamps) = StampRegionTests.twoStampPage()
        try FileManager.default.moveItem(at: StampRegionTests.write(drawn), to: folder.appendingPathComponent("drawn.bmp"))
        try FileManager.default.moveItem(at: StampRegionTests.write(StampRegionTests.paper()), to: folder.appendingPathComponent("blank.bmp"))
        try FileManager.default.copyItem(at: ImagingFixtures.url("page-kef-rot90.jpg"), to: folder.appendingPathComponent("kef.jpg"))
        func box(_ b: PixelBox) -> String { "[\(b.x), \(b.y), \(b.x + b.width), \(b.y + b.height)]" }
        // The drawn stamps say nothing readable (their country cannot be right); the KEF stamp is
        // centred on its page by the fixture's maker, give or take 30 pixels; the blank page's
        // "stamp" is not there to be found.
        try """
            {"file": "drawn.bmp", "stamps": [{"country": "XX", "box": \(box(stamps[0].box))}, {"country": "XX", "box": \(box(stamps[1].box))}]}
            {"file": "blank.bmp", "stamps": [{"country": "XX", "box": [0, 0, 150, 150]}]}
            {"file": "kef.jpg", "stamps": [{"country": "IS", "airport": "KEF", "date": "2019-07-12", "box": [300, 250, 900, 750]}]}

            """.write(to: folder.appendingPathComponent("truth.jsonl"), atomically: true, encoding: .utf8)
        let outcome = try CLI.run(["eval", "--pages", folder.path, "--each", "--gazetteer", FixtureGazetteer.shared.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("3 pages, 4 true stamps: found 3 (75.0%), 0 of them in a region with another stamp (one record for both), extra 0.00 per true stamp (0), country right 1/3"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("IS/KEF 2019-07-12 → IS/"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("XX/- - → not found"), "\(outcome.stdout)")
        let bad = try CLI.run(["eval", "--pages", folder.path + "/missing", "--gazetteer", FixtureGazetteer.shared.path])
        #expect(bad.status == 65 && bad.stderrLines.count == 1 && bad.stderr.contains("truth.jsonl"), "\(bad.stderr)")
    }
}
