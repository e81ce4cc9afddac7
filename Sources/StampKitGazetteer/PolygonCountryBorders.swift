import Foundation

/// Country borders (Natural Earth admin-0) for "which country is this point in" and for keeping
/// a nearest-place answer inside one country. Coordinates are kept at 1e-7° (about 1 cm), the
/// same whether read from the shapefile or decoded from the gazetteer, so both give identical
/// answers. Point-in-polygon is even-odd over all rings of a country, so holes (Lesotho inside
/// South Africa, Vatican City and San Marino inside Italy) and multipolygons need no special
/// case; rings that cross ±180° are unwrapped at load and tested at longitude ±360°.
public struct CountryBorders: Sendable {
    /// One admin-0 feature: a country, dependency or disputed area.
    public struct Feature: Sendable, Equatable {
        /// ISO 3166-1 alpha-2 code, nil where Natural Earth has none (Bir Tawil, Spratly Islands).
        public var code: String?
        /// Natural Earth's `ADM0_A3` code, always present (e.g. `FRA`, `KOS`).
        public var adm0: String
        /// Natural Earth's English name.
        public var name: String
        /// Area on the sphere (R = 6371.0088 km); decides which feature wins where they overlap.
        public var areaKm2: Double
    }

    /// Every feature, in source order; indexes are stable for one `CountryBorders` value.
    public let features: [Feature]
    /// First ring of each feature, plus one final end index.
    let featureRings: [Int32]
    /// First point of each ring, plus one final end index; the last point repeats the first.
    let ringPoints: [Int32]
    /// Point longitudes and latitudes in degrees (rings crossing ±180° unwrapped past it).
    let lon: [Double]
    let lat: [Double]
    /// Bounding box of each ring and of each feature.
    let ringBox: [Box]
    private let featureBox: [Box]
    /// Horizontal strips per ring: an edge is listed in every strip its latitudes touch, so a
    /// crossing test looks only at the edges of the point's strip.
    private let ringStripBase: [Int32]
    private let ringStripCount: [Int32]
    private let stripStart: [Int32]
    private let stripEdges: [Int32]

    struct Box: Sendable {
        var minLon: Double, maxLon: Double, minLat: Double, maxLat: Double
    }

    /// Fixed-point scale of stored coordinates.
    static let scale = 1e7
    /// Earth's mean radius (IUGG), the one used for every distance in StampKit.
    static let earthRadiusKm = 6371.0088

    /// Reads a Natural Earth admin-0 shapefile (`.shp` + `.dbf`). Codes come from `ISO_A2`,
    /// else `ISO_A2_EH` (France, Norway and Kosovo carry `-99` in `ISO_A2`), else none.
    public static func load(shp: URL, dbf: URL) throws -> CountryBorders {
        func bytes(_ url: URL) throws -> [UInt8] {
            do { return [UInt8](try Data(contentsOf: url)) } catch {
                throw BordersError.shapefile(url.path, "cannot read the file")
            }
        }
        let shapes = try ShapefileReader.shapes(shp: try bytes(shp), path: shp.path)
        let rows = try ShapefileReader.records(dbf: try bytes(dbf), path: dbf.path)
        guard shapes.count == rows.count else {
            throw BordersError.shapefile(shp.path, "\(shapes.count) shapes but \(rows.count) attribute rows")
        }
        var raw: [RawFeature] = []
        for (shape, row) in zip(shapes, rows) where !row.isEmpty && !shape.rings.isEmpty {
            let rings = shape.rings.map { ring in
                ring.map { (Int64(($0.lon * scale).rounded()), Int64(($0.lat * scale).rounded())) }
            }
            raw.append(RawFeature(
                code: isoCode(row), adm0: row["ADM0_A3"] ?? "", name: row["ADMIN"] ?? row["NAME"] ?? "",
                rings: rings))
        }
        guard !raw.isEmpty else { throw BordersError.shapefile(shp.path, "no polygons") }
        return CountryBorders(raw)
    }

    /// Reads the first `*.shp` in `directory` (sorted by name) with its `.dbf` beside it.
    public static func load(directory: URL) throws -> CountryBorders {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard let shp = names.sorted().first(where: { $0.lowercased().hasSuffix(".shp") }) else {
            throw BordersError.shapefile(directory.path, "no .shp file in the directory")
        }
        let base = directory.appendingPathComponent(shp).deletingPathExtension()
        return try load(shp: base.appendingPathExtension("shp"), dbf: base.appendingPathExtension("dbf"))
    }

    /// The two-letter code of a Natural Earth row, skipping `-99` and non-ISO values like `CN-TW`.
    static func isoCode(_ row: [String: String]) -> String? {
        for key in ["ISO_A2", "ISO_A2_EH"] {
            if let v = row[key], v.count == 2, v.unicodeScalars.allSatisfy({ $0.value >= 65 && $0.value <= 90 }) {
                return v
            }
        }
        return nil
    }

    /// A feature before indexing: fixed-point rings.
    struct RawFeature {
        var code: String?
        var adm0: String
        var name: String
        var rings: [[(Int64, Int64)]]
    }

    /// Borders from features in memory (rings as longitude, latitude degrees), quantised like
    /// the loaders; for tests and synthetic shapes.
    init(features: [(code: String?, adm0: String, name: String, rings: [[(lon: Double, lat: Double)]])]) {
        self.init(features.map { f in
            RawFeature(
                code: f.code, adm0: f.adm0, name: f.name,
                rings: f.rings.map { $0.map { (Int64(($0.lon * Self.scale).rounded()), Int64(($0.lat * Self.scale).rounded())) } })
        })
    }

    private init(_ raw: [RawFeature]) {
        var features: [Feature] = []
        var featureRings: [Int32] = [0]
        var ringPoints: [Int32] = [0]
        var lon: [Double] = []
        var lat: [Double] = []
        var ringBox: [Box] = []
        var featureBox: [Box] = []
        for f in raw {
            var fbox = Box(minLon: .infinity, maxLon: -.infinity, minLat: .infinity, maxLat: -.infinity)
            var signedArea = 0.0
            for ring in f.rings {
                let start = lon.count
                for (x, y) in Self.unwrapped(ring) {
                    lon.append(Double(x) / Self.scale)
                    lat.append(Double(y) / Self.scale)
                }
                if lon[start] != lon[lon.count - 1] || lat[start] != lat[lat.count - 1] {
                    lon.append(lon[start]); lat.append(lat[start])
                }
                var box = Box(minLon: .infinity, maxLon: -.infinity, minLat: .infinity, maxLat: -.infinity)
                for p in start..<lon.count {
                    box.minLon = min(box.minLon, lon[p]); box.maxLon = max(box.maxLon, lon[p])
                    box.minLat = min(box.minLat, lat[p]); box.maxLat = max(box.maxLat, lat[p])
                }
                signedArea += Self.sphericalArea(lon[start..<lon.count], lat[start..<lat.count])
                ringPoints.append(Int32(lon.count))
                ringBox.append(box)
                fbox.minLon = min(fbox.minLon, box.minLon); fbox.maxLon = max(fbox.maxLon, box.maxLon)
                fbox.minLat = min(fbox.minLat, box.minLat); fbox.maxLat = max(fbox.maxLat, box.maxLat)
            }
            featureRings.append(Int32(ringBox.count))
            featureBox.append(fbox)
            features.append(Feature(code: f.code, adm0: f.adm0, name: f.name, areaKm2: abs(signedArea)))
        }
        // Strips: about four edges per strip on average keeps each crossing test short.
        var ringStripBase: [Int32] = []
        var ringStripCount: [Int32] = []
        var stripStart: [Int32] = []
        var stripEdges: [Int32] = []
        for r in 0..<ringBox.count {
            let first = Int(ringPoints[r]), end = Int(ringPoints[r + 1])
            let edges = end - first - 1
            let count = max(1, edges / 4)
            let box = ringBox[r]
            var buckets = [[Int32]](repeating: [], count: count)
            for e in first..<(end - 1) {
                let a = Self.strip(min(lat[e], lat[e + 1]), box, count)
                let b = Self.strip(max(lat[e], lat[e + 1]), box, count)
                for s in a...b { buckets[s].append(Int32(e)) }
            }
            ringStripBase.append(Int32(stripStart.count))
            ringStripCount.append(Int32(count))
            for bucket in buckets {
                stripStart.append(Int32(stripEdges.count))
                stripEdges.append(contentsOf: bucket)
            }
        }
        stripStart.append(Int32(stripEdges.count))
        self.features = features
        self.featureRings = featureRings
        self.ringPoints = ringPoints
        self.lon = lon
        self.lat = lat
        self.ringBox = ringBox
        self.featureBox = featureBox
        self.ringStripBase = ringStripBase
        self.ringStripCount = ringStripCount
        self.stripStart = stripStart
        self.stripEdges = stripEdges
    }

    /// A ring whose steps jump more than 180° in longitude crosses ±180°: shifted by 360° after
    /// each jump it becomes one piece in the plane. Only when it closes again: a ring around a
    /// pole (Antarctica's, if unsplit) runs along ±180° and is already right as it is.
    static func unwrapped(_ ring: [(Int64, Int64)]) -> [(Int64, Int64)] {
        let half = 180 * Int64(scale), full = 360 * Int64(scale)
        var shift: Int64 = 0
        var out: [(Int64, Int64)] = []
        out.reserveCapacity(ring.count)
        for (x, y) in ring {
            if let (px, _) = out.last {
                let step = x + shift - px
                if step > half { shift -= full }
                if step < -half { shift += full }
            }
            out.append((x + shift, y))
        }
        guard shift != 0, let first = ring.first, let last = ring.last, first == last else { return out }
        return ring
    }

    /// The strip of latitude `y` in a ring's box; monotonic in `y`, so an edge's strips always
    /// include the strip of any latitude the edge crosses.
    @inline(__always)
    private static func strip(_ y: Double, _ box: Box, _ count: Int) -> Int {
        let height = box.maxLat - box.minLat
        guard height > 0 else { return 0 }
        let s = Int(((y - box.minLat) / height) * Double(count))
        return min(max(s, 0), count - 1)
    }

    /// Signed area of a closed ring on the sphere, in km² (the formula of Chamberlain &
    /// Duquette, as geojson-area uses): clockwise outer rings and anticlockwise holes have
    /// opposite signs.
    static func sphericalArea(_ lon: ArraySlice<Double>, _ lat: ArraySlice<Double>) -> Double {
        var total = 0.0
        var i = lon.startIndex
        while i + 1 < lon.endIndex {
            let dl = (lon[i + 1] - lon[i]) * .pi / 180
            total += dl * (2 + sin(lat[i] * .pi / 180) + sin(lat[i + 1] * .pi / 180))
            i += 1
        }
        return total * earthRadiusKm * earthRadiusKm / 2
    }

    /// Number of points stored (for sizes and memory reports).
    public var pointCount: Int { lon.count }

    /// The longitude to test against a box: `lon` itself, or shifted by 360° for rings
    /// unwrapped past ±180°; nil when no shift falls in the box.
    @inline(__always)
    private static func shifted(_ x: Double, into box: Box) -> Double? {
        if x >= box.minLon && x <= box.maxLon { return x }
        if x - 360 >= box.minLon && x - 360 <= box.maxLon { return x - 360 }
        if x + 360 >= box.minLon && x + 360 <= box.maxLon { return x + 360 }
        return nil
    }

    /// Whether the point lies inside feature `index` (even-odd over its rings).
    public func contains(feature index: Int, latitude: Double, longitude: Double) -> Bool {
        guard index >= 0, index < features.count, latitude >= -90, latitude <= 90 else { return false }
        let y = latitude
        let fbox = featureBox[index]
        guard y >= fbox.minLat, y <= fbox.maxLat, Self.shifted(longitude, into: fbox) != nil else { return false }
        var inside = false
        for r in Int(featureRings[index])..<Int(featureRings[index + 1]) {
            let box = ringBox[r]
            guard y >= box.minLat, y <= box.maxLat, let x = Self.shifted(longitude, into: box) else { continue }
            let count = Int(ringStripCount[r])
            let s = Int(ringStripBase[r]) + Self.strip(y, box, count)
            var crossings = false
            for k in Int(stripStart[s])..<Int(stripStart[s + 1]) {
                let e = Int(stripEdges[k])
                if Self.crosses(x, y, lon[e], lat[e], lon[e + 1], lat[e + 1]) { crossings.toggle() }
            }
            if crossings { inside.toggle() }
        }
        return inside
    }

    /// The ray-casting step: whether the ray east from (x, y) crosses the edge. Half-open in
    /// latitude, so a vertex on the ray counts once.
    @inline(__always)
    private static func crosses(_ x: Double, _ y: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Bool {
        guard (y1 > y) != (y2 > y) else { return false }
        let xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        return x < xi
    }

    /// Every feature containing the point, smallest area first (then source order).
    public func features(atLatitude latitude: Double, longitude: Double) -> [Int] {
        (0..<features.count).filter { contains(feature: $0, latitude: latitude, longitude: longitude) }
            .sorted { (features[$0].areaKm2, $0) < (features[$1].areaKm2, $1) }
    }

    /// The feature containing the point; where features overlap, the smallest wins.
    public func featureIndex(atLatitude latitude: Double, longitude: Double) -> Int? {
        features(atLatitude: latitude, longitude: longitude).first
    }

    /// The feature containing the point (smallest wins), nil at sea or outside every border.
    public func country(atLatitude latitude: Double, longitude: Double) -> Feature? {
        featureIndex(atLatitude: latitude, longitude: longitude).map { features[$0] }
    }

    /// Reference for tests and audits: the same even-odd rule over every edge of every ring,
    /// without boxes or strips. Slow; the answer must equal `contains(feature:…)`.
    public func containsByScan(feature index: Int, latitude: Double, longitude: Double) -> Bool {
        guard index >= 0, index < features.count, latitude >= -90, latitude <= 90 else { return false }
        var inside = false
        for r in Int(featureRings[index])..<Int(featureRings[index + 1]) {
            // No box skipping here: a ring that does not hold the point is crossed an even
            // number of times, which is exactly what the fast path relies on.
            let x = Self.shifted(longitude, into: ringBox[r]) ?? longitude
            var crossings = false
            for e in Int(ringPoints[r])..<(Int(ringPoints[r + 1]) - 1)
            where Self.crosses(x, latitude, lon[e], lat[e], lon[e + 1], lat[e + 1]) {
                crossings.toggle()
            }
            if crossings { inside.toggle() }
        }
        return inside
    }

    // MARK: - Encoding

    /// Magic and version of the encoded form.
    private static let magic: [UInt8] = Array("SKBORD01".utf8)

    /// A compact binary form for the gazetteer's `borders` table: per feature its codes, name
    /// and rings; points as zigzag varint deltas of 1e-7° fixed-point (about 6 bytes a point:
    /// 3.3 MB for the full 10m file, whose .shp takes 8.8 MB).
    public func encoded() -> Data {
        var out = Self.magic
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
            out.append(UInt8(v))
        }
        func signed(_ v: Int64) { varint(UInt64(bitPattern: (v << 1) ^ (v >> 63))) }
        func string(_ s: String) { let b = Array(s.utf8); varint(UInt64(b.count)); out.append(contentsOf: b) }
        varint(UInt64(features.count))
        for (f, feature) in features.enumerated() {
            string(feature.code ?? "")
            string(feature.adm0)
            string(feature.name)
            let rings = Int(featureRings[f])..<Int(featureRings[f + 1])
            varint(UInt64(rings.count))
            for r in rings {
                let points = Int(ringPoints[r])..<Int(ringPoints[r + 1])
                varint(UInt64(points.count))
                var px: Int64 = 0, py: Int64 = 0
                for p in points {
                    let x = Int64((lon[p] * Self.scale).rounded()), y = Int64((lat[p] * Self.scale).rounded())
                    signed(x - px); signed(y - py)
                    px = x; py = y
                }
            }
        }
        return Data(out)
    }

    /// Decodes `encoded()`; throws `BordersError` for anything that is not such a blob.
    public init(decoding data: Data) throws {
        let bytes = [UInt8](data)
        var at = 0
        guard bytes.count >= Self.magic.count, Array(bytes[0..<Self.magic.count]) == Self.magic else {
            throw BordersError.blob("no border header")
        }
        at = Self.magic.count
        func varint() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard at < bytes.count, shift < 64 else { throw BordersError.blob("truncated") }
                let b = bytes[at]
                at += 1
                value |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return value }
                shift += 7
            }
        }
        func count(_ limit: Int) throws -> Int {
            let v = try varint()
            guard v <= UInt64(limit) else { throw BordersError.blob("a count is too large") }
            return Int(v)
        }
        func signed() throws -> Int64 { let v = try varint(); return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1) }
        func string() throws -> String {
            let n = try count(bytes.count - at)
            defer { at += n }
            return String(decoding: bytes[at..<(at + n)], as: UTF8.self)
        }
        var raw: [RawFeature] = []
        for _ in 0..<(try count(100_000)) {
            let code = try string()
            let adm0 = try string()
            let name = try string()
            var rings: [[(Int64, Int64)]] = []
            for _ in 0..<(try count(bytes.count)) {
                let n = try count(bytes.count)
                var ring: [(Int64, Int64)] = []
                ring.reserveCapacity(n)
                var x: Int64 = 0, y: Int64 = 0
                for _ in 0..<n {
                    x &+= try signed(); y &+= try signed()
                    guard abs(y) <= 90 * Int64(Self.scale) + 10, abs(x) <= 720 * Int64(Self.scale) else {
                        throw BordersError.blob("a point is off the globe")
                    }
                    ring.append((x, y))
                }
                guard n >= 3 else { throw BordersError.blob("a ring has fewer than 3 points") }
                rings.append(ring)
            }
            raw.append(RawFeature(code: code.isEmpty ? nil : code, adm0: adm0, name: name, rings: rings))
        }
        guard at == bytes.count else { throw BordersError.blob("trailing bytes") }
        guard !raw.isEmpty else { throw BordersError.blob("no features") }
        self.init(raw)
    }
}
