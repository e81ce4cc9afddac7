import Foundation

/// One country's borders reduced for drawing a small map: rings of longitude, latitude degrees.
public struct CountryOutline: Sendable, Equatable {
    /// ISO 3166-1 alpha-2 code, nil where Natural Earth has none.
    public var code: String?
    /// Natural Earth's English name.
    public var name: String
    /// Closed rings (the last point repeats the first), islands and holes alike.
    public var rings: [[Point]]

    /// A longitude, latitude pair in degrees.
    public struct Point: Sendable, Equatable {
        /// Degrees east (past ±180 for rings unwrapped across the antimeridian).
        public var lon: Double
        /// Degrees north.
        public var lat: Double
    }
}

extension CountryBorders {
    /// Every feature's rings simplified with Douglas–Peucker to `tolerance` degrees, rings
    /// smaller than `minimumSize` degrees on both sides dropped (islands a world map cannot
    /// show), so a page of the whole world stays small. A feature keeps at least its largest
    /// ring, so every country can still be drawn and clicked.
    public func outlines(tolerance: Double, minimumSize: Double) -> [CountryOutline] {
        features.indices.map { f in
            var kept: [[CountryOutline.Point]] = []
            var largest: (extent: Double, ring: [CountryOutline.Point])?
            for r in Int(featureRings[f])..<Int(featureRings[f + 1]) {
                let box = ringBox[r]
                let extent = max(box.maxLon - box.minLon, box.maxLat - box.minLat)
                let points = (Int(ringPoints[r])..<Int(ringPoints[r + 1])).map { CountryOutline.Point(lon: lon[$0], lat: lat[$0]) }
                let simplified = Self.simplified(points, tolerance: tolerance)
                if extent >= minimumSize, simplified.count >= 4 { kept.append(simplified) }
                if extent > (largest?.extent ?? -1) { largest = (extent, simplified.count >= 4 ? simplified : points) }
            }
            if kept.isEmpty, let largest { kept = [largest.ring] }
            return CountryOutline(code: features[f].code, name: features[f].name, rings: kept)
        }
    }

    /// Douglas–Peucker on a closed ring, split at its first point and the point farthest from
    /// it so the two halves are simplified as open lines (a closed ring has no base segment).
    static func simplified(_ ring: [CountryOutline.Point], tolerance: Double) -> [CountryOutline.Point] {
        guard ring.count > 4 else { return ring }
        var far = 0
        var farDistance = -1.0
        for i in ring.indices {
            let d = hypot(ring[i].lon - ring[0].lon, ring[i].lat - ring[0].lat)
            if d > farDistance { far = i; farDistance = d }
        }
        var keep = [Bool](repeating: false, count: ring.count)
        keep[0] = true; keep[far] = true; keep[ring.count - 1] = true
        var stack = [(0, far), (far, ring.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            var best = a + 1
            var bestDistance = -Double.infinity
            for i in (a + 1)..<b {
                let d = segmentDistance(ring[i], ring[a], ring[b])
                if d > bestDistance { best = i; bestDistance = d }
            }
            if bestDistance > tolerance {
                keep[best] = true
                stack.append((a, best)); stack.append((best, b))
            }
        }
        return ring.indices.filter { keep[$0] }.map { ring[$0] }
    }

    /// Distance in degrees (on the flat map) from `p` to the segment `a`–`b`.
    private static func segmentDistance(_ p: CountryOutline.Point, _ a: CountryOutline.Point, _ b: CountryOutline.Point) -> Double {
        let dx = b.lon - a.lon, dy = b.lat - a.lat
        let length = dx * dx + dy * dy
        guard length > 0 else { return hypot(p.lon - a.lon, p.lat - a.lat) }
        let t = max(0, min(1, ((p.lon - a.lon) * dx + (p.lat - a.lat) * dy) / length))
        return hypot(p.lon - (a.lon + t * dx), p.lat - (a.lat + t * dy))
    }
}
