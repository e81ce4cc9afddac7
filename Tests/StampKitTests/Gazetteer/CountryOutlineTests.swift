import Foundation
import Testing
@testable import StampKitGazetteer

/// Country borders reduced for the atlas map.
@Suite("Country outlines")
struct CountryOutlineTests {
    /// Distance in degrees from `p` to the closed polyline `ring`.
    func distance(_ p: CountryOutline.Point, to ring: [CountryOutline.Point]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(ring, ring.dropFirst()) {
            let dx = b.lon - a.lon, dy = b.lat - a.lat
            let length = dx * dx + dy * dy
            let t = length > 0 ? max(0, min(1, ((p.lon - a.lon) * dx + (p.lat - a.lat) * dy) / length)) : 0
            best = min(best, hypot(p.lon - (a.lon + t * dx), p.lat - (a.lat + t * dy)))
        }
        return best
    }

    @Test func simplifiedRingsStayWithinTheToleranceOfEveryDroppedPoint() throws {
        let borders = try FixtureBorders.shared
        // A negative tolerance keeps every point: the rings as stored.
        let full = borders.outlines(tolerance: -1, minimumSize: 0)
        let simple = borders.outlines(tolerance: 0.2, minimumSize: 0)
        #expect(full.count == borders.features.count && simple.count == full.count)
        let fullPoints = full.reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.count } }
        let simplePoints = simple.reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.count } }
        #expect(fullPoints == borders.pointCount)
        #expect(simplePoints * 2 < fullPoints, "\(simplePoints) of \(fullPoints) points kept")
        // Every point against every segment is slow for the whole excerpt; these cover a
        // coastline, an island country, a hole and rings across ±180°.
        for f in full where ["IS", "GB", "CH", "LS", "ZA", "FJ", "KI"].contains(f.code ?? "") {
            for ring in f.rings {
                let reduced = CountryBorders.simplified(ring, tolerance: 0.2)
                #expect(reduced.first == ring.first && reduced.last == ring.last)
                #expect(reduced.count <= ring.count)
                for p in ring where distance(p, to: reduced) > 0.2 + 1e-9 {
                    Issue.record("\(f.name): a point \(distance(p, to: reduced))° from its simplified ring")
                }
            }
        }
    }

    @Test func smallIslandsGoButEveryCountryKeepsItsLargestRing() throws {
        let borders = try FixtureBorders.shared
        let outlines = borders.outlines(tolerance: 0.1, minimumSize: 1.0)
        let byCode = Dictionary(outlines.compactMap { o in o.code.map { ($0, o) } }, uniquingKeysWith: { a, _ in a })
        // The Vatican is far below a degree, yet stays drawable; Fiji loses its small islands.
        #expect(byCode["VA"]?.rings.count == 1)
        #expect(byCode["VA"].map { $0.rings[0].count >= 4 } == true)
        let fijiAll = borders.outlines(tolerance: 0.1, minimumSize: 0).first { $0.code == "FJ" }!.rings.count
        #expect(byCode["FJ"]!.rings.count < fijiAll)
        #expect(outlines.allSatisfy { !$0.rings.isEmpty })
    }
}
