import Foundation
import StampKitImaging

/// What a labelled page photo really carries: one line of a pages `truth.jsonl`.
public struct PageTruth: Sendable, Equatable, Decodable {
    /// One stamp on the page.
    public struct Stamp: Sendable, Equatable, Decodable {
        /// ISO alpha-2 code of the country that stamped it.
        public var country: String
        /// IATA code of the airport, nil for a land or sea crossing.
        public var airport: String?
        /// The printed date as an ISO day, when it has one.
        public var date: String?
        /// The turned stamp's bounding box on the page, [x0, y0, x1, y1].
        public var box: [Int]
    }

    /// The page's file name, relative to the truth file's folder.
    public var file: String
    /// The stamps on it; empty for a blank page.
    public var stamps: [Stamp]

    /// Every line of a pages `truth.jsonl`; a line that is not a page's truth names its number.
    public static func lines(of text: String) throws -> [PageTruth] {
        var pages: [PageTruth] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let page = try? JSONDecoder().decode(PageTruth.self, from: Data(trimmed.utf8)),
                  page.stamps.allSatisfy({ $0.box.count == 4 }) else {
                throw EvaluationError(
                    message: "line \(number + 1) of truth.jsonl is not a page's truth ({\"file\": …, \"stamps\": [{\"country\": …, \"box\": [x0, y0, x1, y1]}]}): \(trimmed.prefix(60))")
            }
            pages.append(page)
        }
        return pages
    }
}

/// Regions found on a page scored against the true stamps' boxes.
public struct RegionScore: Sendable, Equatable {
    /// For each true stamp, the region that found it best (largest overlap), nil when none did.
    public var finder: [Int?]
    /// Regions that match no stamp, plus every region beyond the first on a stamp found by
    /// several: each would be a record that is not a stamp of its own.
    public var extra: Int
    /// Regions that cover more than one stamp.
    public var merged: Int

    /// True stamps found.
    public var found: Int { finder.compactMap { $0 }.count }

    /// True stamps found by a region that is also the best region of another stamp: a batch
    /// keeps one record for them all, so all but one of them are not catalogued.
    public var sharing: Int {
        let finders = finder.compactMap { $0 }
        return finders.count - Set(finders).count
    }

    /// Scores `regions` against `boxes` ([x0, y0, x1, y1] each).
    public init(regions: [PixelBox], boxes: [[Int]]) {
        var matchesPerRegion = [Int](repeating: 0, count: regions.count)
        var split = 0
        finder = boxes.map { box in
            var best: (index: Int, overlap: Int)?
            var hits = 0
            for (index, region) in regions.enumerated() where Self.finds(region, box) {
                hits += 1
                matchesPerRegion[index] += 1
                let overlap = Self.intersection(region, box)
                if best == nil || overlap > best!.overlap { best = (index, overlap) }
            }
            split += max(0, hits - 1)
            return best?.index
        }
        extra = matchesPerRegion.filter { $0 == 0 }.count + split
        merged = matchesPerRegion.filter { $0 > 1 }.count
    }

    private static func intersection(_ region: PixelBox, _ box: [Int]) -> Int {
        let ix = max(0, min(box[2], region.x + region.width) - max(box[0], region.x))
        let iy = max(0, min(box[3], region.y + region.height) - max(box[1], region.y))
        return ix * iy
    }

    /// Whether `region` finds the true box [x0, y0, x1, y1]: IoU at least 0.3, or it covers at
    /// least 60 % of the box (a region padded around a small stamp still finds it).
    public static func finds(_ region: PixelBox, _ box: [Int]) -> Bool {
        let inter = Double(intersection(region, box))
        let truth = Double((box[2] - box[0]) * (box[3] - box[1])), area = Double(region.width * region.height)
        guard truth > 0 else { return false }
        return inter / (truth + area - inter) >= 0.3 || inter / truth >= 0.6
    }
}
