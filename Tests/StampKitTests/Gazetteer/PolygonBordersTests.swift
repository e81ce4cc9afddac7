import Foundation
import Testing
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitSupport

/// The committed Natural Earth excerpt (`Fixtures/gazetteer-sources/borders/`, which the
/// fixture gazetteer also stores), read once per test run.
enum FixtureBorders {
    static var directory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
            .appendingPathComponent("gazetteer-sources/borders", isDirectory: true)
    }

    private static let loaded: Result<CountryBorders, any Error> = Result {
        try CountryBorders.load(directory: directory)
    }

    static var shared: CountryBorders { get throws { try loaded.get() } }
}

@Suite("Country borders")
struct PolygonBordersTests {
    private func code(_ borders: CountryBorders, _ lat: Double, _ lon: Double) -> String? {
        borders.country(atLatitude: lat, longitude: lon).map { $0.code ?? $0.adm0 }
    }

    @Test func readsTheExcerptWithCodesForMinus99Rows() throws {
        let borders = try FixtureBorders.shared
        let codes = Set(borders.features.compactMap(\.code))
        // France, Norway and Kosovo carry -99 in ISO_A2; ISO_A2_EH has their codes.
        for expected in ["FR", "NO", "XK", "US", "CA", "RU", "FJ", "ZA", "LS", "IT", "VA", "SM", "KI", "AQ"] {
            #expect(codes.contains(expected), "missing \(expected)")
        }
        #expect(!codes.contains("-9"))
        #expect(borders.features.allSatisfy { $0.areaKm2 > 0 })
    }

    @Test(arguments: [
        ("Paris", 48.8566, 2.3522, "FR"), ("Oslo", 59.9139, 10.7522, "NO"), ("Pristina", 42.6629, 21.1655, "XK"),
        ("Belgrade", 44.7866, 20.4489, "RS"), ("Denver", 39.7392, -104.9903, "US"), ("Winnipeg", 49.8951, -97.1384, "CA"),
        ("Moscow", 55.7558, 37.6173, "RU"), ("Reykjavik", 64.1466, -21.9426, "IS"), ("Zurich", 47.3769, 8.5417, "CH"),
    ])
    func capitalsAndCities(name: String, lat: Double, lon: Double, expected: String) throws {
        #expect(code(try FixtureBorders.shared, lat, lon) == expected, "\(name)")
    }

    @Test func holesAndEnclaves() throws {
        let borders = try FixtureBorders.shared
        #expect(code(borders, -29.3167, 27.4833) == "LS")  // Maseru, a hole in South Africa
        #expect(code(borders, -26.2041, 28.0473) == "ZA")  // Johannesburg
        #expect(code(borders, 41.9029, 12.4534) == "VA")  // St Peter's Square
        #expect(code(borders, 41.8933, 12.4829) == "IT")  // Rome, 2.5 km away
        #expect(code(borders, 43.9356, 12.4473) == "SM")  // San Marino
        #expect(code(borders, 43.9000, 12.6000) == "IT")  // Rimini's hinterland
        // Exactly one feature holds the Vatican point: Italy's hole really is a hole.
        #expect(borders.features(atLatitude: 41.9029, longitude: 12.4534).count == 1)
    }

    @Test func antimeridianAndPoles() throws {
        let borders = try FixtureBorders.shared
        #expect(code(borders, -16.80, 179.33) == "FJ")  // Vanua Levu, east of 179°
        #expect(code(borders, -16.78, -179.95) == "FJ")  // Taveuni's tip west of −180°
        #expect(code(borders, 65.50, -172.50) == "RU")  // Chukotka beyond 180°
        #expect(code(borders, 65.00, 176.00) == "RU")  // inland from Anadyr
        #expect(code(borders, 1.87, -157.40) == "KI")  // Kiritimati
        #expect(code(borders, -89.9, 0) == "AQ")
        #expect(code(borders, -89.9, 179.99) == "AQ")
        #expect(code(borders, 89.9, 0) == nil)  // the North Pole is sea
        #expect(code(borders, 0, -30) == nil)  // mid-Atlantic
    }

    @Test func fastTestEqualsTheFullScanOnRandomAndVertexPoints() throws {
        let borders = try FixtureBorders.shared
        var random = SplitMix64(seed: 11)
        var points: [(Double, Double)] = (0..<1500).map { _ in
            (asin(Double.random(in: -1...1, using: &random)) * 180 / .pi, Double.random(in: -180...180, using: &random))
        }
        // Points crowded around borders: inside the boxes of the small and odd countries.
        for (lat, lon) in [(41.9029, 12.4534), (43.94, 12.45), (-29.5, 28.2), (-16.8, 179.99), (65.5, -179.99), (49.0, -100.0)] {
            for _ in 0..<150 {
                points.append((lat + Double.random(in: -0.6...0.6, using: &random), lon + Double.random(in: -0.6...0.6, using: &random)))
            }
        }
        points += [(90, 0), (-90, 0), (0, 180), (0, -180), (-16.8, 180), (-16.8, -180), (49.0, -95.153)]
        var mismatches = 0
        for (lat, lon) in points {
            let lon = lon > 180 ? lon - 360 : lon
            for f in borders.features.indices
            where borders.contains(feature: f, latitude: lat, longitude: lon)
                != borders.containsByScan(feature: f, latitude: lat, longitude: lon)
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test func encodingRoundTripsExactly() throws {
        let borders = try FixtureBorders.shared
        let blob = borders.encoded()
        let decoded = try CountryBorders(decoding: blob)
        #expect(decoded.features == borders.features)
        #expect(decoded.pointCount == borders.pointCount)
        #expect(decoded.encoded() == blob)
        // Compact: well under the 16 bytes a point of the .shp file takes.
        #expect(blob.count < borders.pointCount * 8)
        var random = SplitMix64(seed: 5)
        for _ in 0..<2000 {
            let lat = Double.random(in: -90...90, using: &random), lon = Double.random(in: -180...180, using: &random)
            #expect(
                decoded.featureIndex(atLatitude: lat, longitude: lon) == borders.featureIndex(atLatitude: lat, longitude: lon))
        }
    }

    @Test func damagedBlobsThrowABordersError() throws {
        let blob = try FixtureBorders.shared.encoded()
        for damaged in [Data(), Data("SKBORD01".utf8), blob.prefix(blob.count / 2), blob + Data([1]), Data("hello world".utf8)] {
            #expect(throws: BordersError.self) { try CountryBorders(decoding: damaged) }
        }
    }

    @Test func damagedShapefilesThrowABordersError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-borders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let shp = try Data(contentsOf: FixtureBorders.directory.appendingPathComponent("ne_admin0_excerpt.shp"))
        let dbf = try Data(contentsOf: FixtureBorders.directory.appendingPathComponent("ne_admin0_excerpt.dbf"))
        try shp.prefix(5000).write(to: dir.appendingPathComponent("x.shp"))
        try dbf.write(to: dir.appendingPathComponent("x.dbf"))
        #expect(throws: BordersError.self) { try CountryBorders.load(directory: dir) }
        try Data("not a shapefile at all, just text".utf8).write(to: dir.appendingPathComponent("x.shp"))
        #expect(throws: BordersError.self) { try CountryBorders.load(directory: dir) }
        try FileManager.default.removeItem(at: dir.appendingPathComponent("x.shp"))
        #expect(throws: BordersError.self) { try CountryBorders.load(directory: dir) }
    }

    @Test func smallestOverlappingFeatureWinsAndUnsplitRingsCrossing180Work() throws {
        func square(_ lon0: Double, _ lat0: Double, _ lon1: Double, _ lat1: Double) -> [(lon: Double, lat: Double)] {
            [(lon0, lat0), (lon0, lat1), (lon1, lat1), (lon1, lat0), (lon0, lat0)]
        }
        let borders = CountryBorders(features: [
            ("AA", "AAA", "Big", [square(0, 0, 10, 10)]),
            ("BB", "BBB", "Small, overlapping Big", [square(2, 2, 4, 4)]),
            // One ring from 179° to −179°, written without a split at the antimeridian.
            ("CC", "CCC", "Across 180", [[(179, -1), (179, 1), (-179, 1), (-179, -1), (179, -1)]]),
            ("DD", "DDD", "With a hole", [square(20, 20, 30, 30), square(24, 24, 26, 26)]),
        ])
        #expect(borders.country(atLatitude: 3, longitude: 3)?.code == "BB")
        #expect(borders.features(atLatitude: 3, longitude: 3).count == 2)
        #expect(borders.country(atLatitude: 8, longitude: 8)?.code == "AA")
        #expect(borders.country(atLatitude: 0, longitude: 179.5)?.code == "CC")
        #expect(borders.country(atLatitude: 0, longitude: -179.5)?.code == "CC")
        #expect(borders.country(atLatitude: 0, longitude: 180)?.code == "CC")
        #expect(borders.country(atLatitude: 0, longitude: 178.5) == nil)
        #expect(borders.country(atLatitude: -5, longitude: 0.5) == nil)
        #expect(borders.country(atLatitude: 25, longitude: 25) == nil)
        #expect(borders.country(atLatitude: 22, longitude: 22)?.code == "DD")
        // Area on the sphere: 2°×2° near the equator is about 222 km × 222 km.
        let small = try #require(borders.features.first { $0.code == "BB" })
        #expect(abs(small.areaKm2 - 222.4 * 222.4 * cos(3 * Double.pi / 180)) < 600)
    }

    /// A shapefile written byte by byte: a polygon, a null shape, a deleted row, a row
    /// without any ISO code.
    @Test func readerSkipsNullShapesAndDeletedRowsAndKeepsRowsWithoutCodes() throws {
        func be(_ v: Int32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
        func le(_ v: Int32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }
        func le(_ v: Double) -> [UInt8] { withUnsafeBytes(of: v.bitPattern.littleEndian, Array.init) }
        func polygon(_ lon0: Double, _ lat0: Double, _ size: Double) -> [UInt8] {
            let ring = [(lon0, lat0), (lon0, lat0 + size), (lon0 + size, lat0 + size), (lon0 + size, lat0), (lon0, lat0)]
            var c = le(Int32(5)) + le(lon0) + le(lat0) + le(lon0 + size) + le(lat0 + size) + le(Int32(1)) + le(Int32(5)) + le(Int32(0))
            for (x, y) in ring { c += le(x) + le(y) }
            return c
        }
        let contents: [[UInt8]] = [polygon(0, 0, 1), le(Int32(0)), polygon(5, 5, 1), polygon(10, 10, 1)]
        var records: [UInt8] = []
        for (n, c) in contents.enumerated() { records += be(Int32(n + 1)) + be(Int32(c.count / 2)) + c }
        var shp = be(9994) + [UInt8](repeating: 0, count: 20) + be(Int32((100 + records.count) / 2)) + le(Int32(1000)) + le(Int32(5))
        shp += [UInt8](repeating: 0, count: 100 - shp.count)
        shp += records
        let fields: [(String, Int)] = [("ADM0_A3", 3), ("ADMIN", 10), ("ISO_A2", 5), ("ISO_A2_EH", 3)]
        let recordLength = 1 + fields.reduce(0) { $0 + $1.1 }
        var dbf: [UInt8] = [3, 124, 1, 1] + le(Int32(4))
        dbf += withUnsafeBytes(of: UInt16(32 + 32 * fields.count + 1).littleEndian, Array.init)
        dbf += withUnsafeBytes(of: UInt16(recordLength).littleEndian, Array.init)
        dbf += [UInt8](repeating: 0, count: 20)
        for (name, length) in fields {
            dbf += Array(name.utf8) + [UInt8](repeating: 0, count: 11 - name.utf8.count) + [67, 0, 0, 0, 0, UInt8(length), 0]
            dbf += [UInt8](repeating: 0, count: 14)
        }
        dbf.append(0x0D)
        let rows: [(UInt8, [String])] = [
            (32, ["AAA", "Alpha", "AA", "AA"]), (32, ["BBB", "Null", "BB", "BB"]),
            (42, ["CCC", "Deleted", "CC", "CC"]), (32, ["ZZZ", "Nobody's", "-99", "-99"]),
        ]
        for (flag, values) in rows {
            dbf.append(flag)
            for ((_, length), value) in zip(fields, values) {
                dbf += Array(value.utf8) + [UInt8](repeating: 0, count: length - value.utf8.count)
            }
        }
        dbf.append(0x1A)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-shp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(shp).write(to: dir.appendingPathComponent("t.shp"))
        try Data(dbf).write(to: dir.appendingPathComponent("t.dbf"))
        let borders = try CountryBorders.load(directory: dir)
        #expect(borders.features.map(\.adm0) == ["AAA", "ZZZ"])
        #expect(borders.features.map(\.code) == ["AA", nil])
        #expect(borders.country(atLatitude: 0.5, longitude: 0.5)?.name == "Alpha")
        #expect(borders.country(atLatitude: 5.5, longitude: 5.5) == nil)
        #expect(borders.country(atLatitude: 10.5, longitude: 10.5)?.adm0 == "ZZZ")
        // A truncated attribute file is refused, never paired with the wrong shapes.
        try Data(dbf.prefix(32 + 32 * fields.count + 1 + 3 * recordLength)).write(to: dir.appendingPathComponent("t.dbf"))
        #expect(throws: BordersError.self) { try CountryBorders.load(directory: dir) }
    }
}
