import Foundation
import Testing
@testable import StampKitImaging

/// `stampkit scan --stamps` on synthetic pages: the regions listed, as JSON boxes, drawn.
@Suite struct ScanStampsCLITests {
    @Test func jsonListsOneBoxPerStampAndNoneOnABlankPage() throws {
        let page = try StampRegionTests.write(StampRegionTests.twoStampPage().page)
        let blank = try StampRegionTests.write(StampRegionTests.paper())
        let outcome = try CLI.run(["scan", "--stamps", "--json", page.path, blank.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        guard lines.count == 2 else { return }
        let boxes = try lines.map { line -> [[Int]] in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return ((object?["stamps"] as? [[String: Any]]) ?? []).compactMap { $0["box"] as? [Int] }
        }
        #expect(boxes[0].count == 2 && boxes[0].allSatisfy { $0.count == 4 && $0[0] < $0[2] && $0[1] < $0[3] }, "\(boxes[0])")
        #expect(boxes[1].isEmpty, "blank page: \(boxes[1])")
    }

    @Test func debugImageDrawsThePageAndNeedsStamps() throws {
        let page = try StampRegionTests.write(StampRegionTests.twoStampPage().page)
        let out = page.deletingLastPathComponent().appendingPathComponent("regions.png")
        let drawn = try CLI.run(["scan", "--stamps", "--debug-image", out.path, page.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.contains("2 stamps"), "\(drawn.stdout)")
        let image = try StampImage(contentsOf: out)
        #expect(image.width == StampRegionTests.width && image.height == StampRegionTests.height)
        // The outline is drawn in pure red where the paper was pale.
        let regions = try StampImage(contentsOf: page).stampRegions()
        let corner = try #require(regions.first)
        let pixel = image.rgb(atX: corner.x + corner.width / 2, y: corner.y + 1)
        #expect(pixel?.red == 255 && pixel?.green == 0 && pixel?.blue == 0, "\(String(describing: pixel))")
        let misuse = try CLI.run(["scan", "--debug-image", out.path, page.path])
        #expect(misuse.status == 64 && misuse.stderrLines.count == 1 && misuse.stderr.contains("--stamps"), "\(misuse.stderr)")
    }
}
