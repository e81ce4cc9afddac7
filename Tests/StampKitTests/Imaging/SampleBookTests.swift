import Foundation
import Testing
@testable import StampKitImaging

/// The committed page photos in Samples/book/ (drawn by Samples/make_pages.py) against their
/// truth.jsonl: one region per stamp on every page, none on the blank page.
@Suite struct SampleBookTests {
    struct Page {
        var file: String
        var boxes: [[Int]]
    }

    static let folder = Repository.samples.appendingPathComponent("book")

    static func pages() throws -> [Page] {
        let text = try String(contentsOf: folder.appendingPathComponent("truth.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let stamps = try #require(object["stamps"] as? [[String: Any]])
            return Page(file: try #require(object["file"] as? String), boxes: stamps.compactMap { $0["box"] as? [Int] })
        }
    }

    /// The share of the true box [x0, y0, x1, y1] that `region` covers.
    static func coverage(_ region: PixelBox, _ box: [Int]) -> Double {
        let ix = max(0, min(box[2], region.x + region.width) - max(box[0], region.x))
        let iy = max(0, min(box[3], region.y + region.height) - max(box[1], region.y))
        return Double(ix * iy) / Double((box[2] - box[0]) * (box[3] - box[1]))
    }

    @Test func everyPageGivesOneRegionPerStamp() throws {
        let pages = try Self.pages()
        #expect(pages.count >= 5)
        // The set shows what it promises: a blank page, four stamps on one, a page turned a quarter.
        #expect(pages.contains { $0.boxes.isEmpty })
        #expect(pages.contains { $0.boxes.count == 4 })
        for page in pages {
            let image = try StampImage(contentsOf: Self.folder.appendingPathComponent(page.file))
            let regions = try image.stampRegions()
            #expect(regions.count == page.boxes.count, "\(page.file): \(regions.count) regions for \(page.boxes.count) stamps")
            for box in page.boxes {
                // Each stamp has a region of its own that holds most of it and is not much bigger.
                let holding = regions.filter { Self.coverage($0, box) >= 0.8 }
                #expect(holding.count == 1, "\(page.file): \(holding.count) regions hold the stamp at \(box)")
                if let region = holding.first {
                    let area = Double((box[2] - box[0]) * (box[3] - box[1]))
                    #expect(Double(region.width * region.height) <= 1.6 * area, "\(page.file): \(region) is far larger than \(box)")
                }
            }
        }
    }

    @Test func theQuarterTurnedPageIsLandscapeAndItsStampsAreFound() throws {
        let pages = try Self.pages()
        var turned = 0
        for page in pages {
            let image = try StampImage(contentsOf: Self.folder.appendingPathComponent(page.file))
            guard image.width > image.height else { continue }
            turned += 1
            #expect(!page.boxes.isEmpty)
            let regions = try image.stampRegions()
            for box in page.boxes {
                #expect(regions.contains { Self.coverage($0, box) >= 0.8 }, "\(page.file): \(box) not found in \(regions)")
            }
        }
        #expect(turned == 1)
    }

    @Test func thePhotosStaySmallEnoughToCommit() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".jpg") }
        var total = 0
        for file in files {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: Self.folder.appendingPathComponent(file).path)[.size] as? Int)
            #expect(size <= 250_000, "\(file) is \(size) bytes")
            total += size
        }
        #expect(files.count == (try Self.pages()).count)
        #expect(total <= 1_500_000)
    }
}
