import Foundation
import Testing
@testable import StampKit
@testable import stampkit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitSupport

/// The fixture gazetteer's places with the fixture borders, built once per test run.
enum FixtureNearest {
    private static let built: Result<NearestIndex, any Error> = Result {
        let gazetteer = try FixtureGazetteer.open()
        return try NearestIndex(gazetteer: gazetteer, borders: try FixtureBorders.shared)
    }

    static var index: NearestIndex { get throws { try built.get() } }
}

@Suite("Nearest place")
struct NearestIndexTests {
    /// Random points on the globe, around places, and on the hard spots: poles, ±180°, borders.
    private func testPoints(_ places: [NearestEntry], seed: UInt64) -> [(Double, Double)] {
        var points = NearestBenchmark.points("globe", around: places, count: 5000, seed: seed)
        points += NearestBenchmark.points("near-places", around: places, count: 5000, seed: seed + 1)
        var random = SplitMix64(seed: seed + 2)
        for lat in stride(from: -90.0, through: 90.0, by: 7.5) {
            for lon in [-180.0, -179.999, 179.999, 180.0] { points.append((lat, lon)) }
        }
        points += [(90, 0), (-90, 0), (89.999, 45), (-89.999, -45)]
        // Just either side of land borders: US–Canada on the 49th parallel, US–Mexico,
        // Italy–Vatican, South Africa–Lesotho, Norway–Russia.
        for (lat, lon) in [(49.0, -97.2), (49.0, -123.0), (31.77, -106.45), (41.9029, 12.4534), (-29.3, 27.5), (69.7, 30.8)] {
            for _ in 0..<100 {
                points.append((lat + Double.random(in: -0.3...0.3, using: &random), lon + Double.random(in: -0.3...0.3, using: &random)))
            }
        }
        return points
    }

    @Test func treeEqualsBruteForceOnTenThousandRandomAndBorderPoints() throws {
        let index = try FixtureNearest.index
        #expect(index.cities.count > 1000 && index.airports.count > 1000)
        // Every point for the cities; a third of them for the airports keeps `make test` quick.
        for (tree, seed, share) in [(index.cities, UInt64(1), 1), (index.airports, UInt64(7), 3)] {
            let all = testPoints(tree.entries, seed: seed)
            let points = all.enumerated().filter { $0.offset % share == 0 }.map(\.element)
            #expect(all.count >= 10_000)
            var mismatches = 0
            for (n, (lat, lon)) in points.enumerated() {
                let limit = n % 10 == 0 ? 5 : 1
                if tree.nearest(latitude: lat, longitude: lon, limit: limit)
                    != tree.bruteForce(latitude: lat, longitude: lon, limit: limit)
                {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0)
        }
    }

    @Test func latitudeWalkEqualsBruteForce() throws {
        let cities = try FixtureNearest.index.cities
        let band = LatitudeBandIndex(cities.entries)
        var mismatches = 0
        for (lat, lon) in testPoints(cities.entries, seed: 3).prefix(3000)
        where band.nearestID(latitude: lat, longitude: lon)
            != cities.bruteForce(latitude: lat, longitude: lon, limit: 1).first.map({ Int($0.id) })
        {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }

    @Test func queriesWithFiltersAndBordersEqualBruteForce() throws {
        let index = try FixtureNearest.index
        var random = SplitMix64(seed: 21)
        let countries = ["US", "CA", "FR", "IT", "ZA", "RU", "FJ", "IS", "NO"]
        var mismatches = 0
        for n in 0..<600 {
            let (lat, lon) = NearestBenchmark.points(n % 2 == 0 ? "near-places" : "globe", around: index.cities.entries, count: 1, seed: UInt64(n + 100))[0]
            var query = NearestQuery(latitude: lat, longitude: lon, limit: 1 + n % 4)
            query.kind = [nil, .city, .airport][n % 3]
            if n % 5 == 0 { query.radiusKm = Double.random(in: 1...800, using: &random) }
            if n % 7 == 0 { query.countryCode = countries[n % countries.count] }
            if n % 3 == 1 { query.sameCountry = true }
            if try index.nearest(query) != index.nearestByBruteForce(query) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func answersAreOrderedAndMeasuredOnTheGreatCircle() throws {
        let index = try FixtureNearest.index
        // Keflavík airport's own coordinates give KEF first, at (almost) zero distance.
        let gazetteer = try FixtureGazetteer.open()
        let kef = try #require(try gazetteer.airport(iata: "KEF"))
        let answer = try index.nearest(NearestQuery(latitude: kef.latitude, longitude: kef.longitude, kind: .airport, limit: 5))
        #expect(answer.places.first?.entry.iata == "KEF")
        #expect(answer.places.first!.distanceKm < 0.001)
        #expect(answer.places.map(\.distanceKm) == answer.places.map(\.distanceKm).sorted())
        for place in answer.places {
            let check = GreatCircle.distanceKm(kef.latitude, kef.longitude, place.entry.latitude, place.entry.longitude)
            #expect(abs(check - place.distanceKm) < 1e-6)
        }
        // London–Paris is 343.5 km along the great circle (haversine, R = 6371.0088 km).
        #expect(abs(GreatCircle.distanceKm(51.5074, -0.1278, 48.8566, 2.3522) - 343.56) < 0.1)
        // Half the equator.
        #expect(abs(GreatCircle.distanceKm(0, 0, 0, 180) - .pi * 6371.0088) < 1e-6)
    }

    @Test func tiesGoToMorePeopleThenLowerID() throws {
        let twins = [
            NearestEntry(id: 30, name: "C", countryCode: "AA", regionID: nil, population: 500, latitude: 10, longitude: 10),
            NearestEntry(id: 20, name: "B", countryCode: "AA", regionID: nil, population: 900, latitude: 10, longitude: 10),
            NearestEntry(id: 10, name: "A", countryCode: "AA", regionID: nil, population: 500, latitude: 10, longitude: 10),
            NearestEntry(id: 5, name: "Far", countryCode: "AA", regionID: nil, population: 9999, latitude: 10, longitude: 10.1),
        ]
        // Many copies around them, so the tree has real levels and ties straddle leaves.
        var crowd = twins
        for k in 0..<400 {
            crowd.append(NearestEntry(
                id: 1000 + k, name: "x", countryCode: "AA", regionID: nil, population: k % 3,
                latitude: 10 + Double(k % 20) * 0.05, longitude: 10 + Double(k / 20) * 0.05))
        }
        let tree = NearestTree(crowd)
        let hits = tree.nearest(latitude: 10, longitude: 10, limit: 4)
        #expect(hits.map { tree.entries[Int($0.index)].name } == ["B", "A", "C", "x"])
        #expect(hits == tree.bruteForce(latitude: 10, longitude: 10, limit: 4))
        // The same places in another order give the same answer.
        let shuffled = NearestTree(crowd.reversed())
        #expect(shuffled.nearest(latitude: 10, longitude: 10, limit: 4).map { shuffled.entries[Int($0.index)].id } == hits.map { tree.entries[Int($0.index)].id })
    }

    @Test func radiusAndCountryAndRegionFilters() throws {
        let index = try FixtureNearest.index
        let paris = NearestQuery(latitude: 48.8566, longitude: 2.3522, kind: .city, radiusKm: 300, limit: 50)
        let near = try index.nearest(paris).places
        #expect(!near.isEmpty && near.allSatisfy { $0.distanceKm <= 300 })
        let brute = index.cities.entries.filter { GreatCircle.distanceKm(48.8566, 2.3522, $0.latitude, $0.longitude) <= 300 }
        #expect(near.count == min(50, brute.count))
        // Mid-Pacific with a 100 km radius: nothing.
        #expect(try index.nearest(NearestQuery(latitude: -30, longitude: -140, radiusKm: 100)).places.isEmpty)
        // Only German places, from Strasbourg (whose nearest big city is French).
        let german = try index.nearest(NearestQuery(latitude: 48.5734, longitude: 7.7521, kind: .city, countryCode: "de", limit: 5))
        #expect(german.places.count == 5 && german.places.allSatisfy { $0.entry.countryCode == "DE" })
        // A region code keeps to that region.
        let anyRegion = try #require(index.cities.entries.first { $0.countryCode == "US" && $0.regionID != nil })
        let region = try index.nearest(NearestQuery(
            latitude: anyRegion.latitude + 3, longitude: anyRegion.longitude, regionID: anyRegion.regionID, limit: 5))
        #expect(!region.places.isEmpty && region.places.allSatisfy { $0.entry.regionID == anyRegion.regionID })
    }

    @Test func sameCountryNeverCrossesTheBorder() throws {
        let index = try FixtureNearest.index
        let borders = try #require(index.borders)
        var random = SplitMix64(seed: 99)
        var crossedWithout = 0
        var checked = 0
        // Points along land borders; where the plain answer is across the border, the kept
        // answer must be inside.
        for (lat, lon) in [(49.0, -97.0), (49.0, -110.0), (45.0, -73.5), (31.8, -106.4), (42.3, -83.0), (-29.3, 27.5), (41.9, 12.45), (46.2, 6.1)] {
            for _ in 0..<60 {
                let p = (lat + Double.random(in: -0.5...0.5, using: &random), lon + Double.random(in: -0.5...0.5, using: &random))
                guard let feature = borders.featureIndex(atLatitude: p.0, longitude: p.1) else { continue }
                let plain = try index.nearest(NearestQuery(latitude: p.0, longitude: p.1, kind: .city, limit: 3))
                let kept = try index.nearest(NearestQuery(latitude: p.0, longitude: p.1, kind: .city, sameCountry: true, limit: 3))
                #expect(kept.keptInsideBorder)
                #expect(kept.containingCountry == borders.features[feature])
                checked += 1
                for place in kept.places {
                    let inside = borders.contains(feature: feature, latitude: place.entry.latitude, longitude: place.entry.longitude)
                    let sameCode = borders.features[feature].code == place.entry.countryCode
                    #expect(inside || sameCode, "\(place.entry.name) is outside \(borders.features[feature].name)")
                }
                if plain.places.contains(where: { $0.entry.countryCode != borders.features[feature].code }) {
                    crossedWithout += 1
                }
            }
        }
        #expect(checked > 300)
        // The test means something: without the border, many answers do cross.
        #expect(crossedWithout > 20)
    }

    @Test func aPointInTheVaticanGetsVaticanPlacesOnly() throws {
        let fixture = try FixtureNearest.index
        let vatican = NearestEntry(
            id: 6_691_831, name: "Vatican City", countryCode: "VA", regionID: nil, population: 829,
            latitude: 41.90268, longitude: 12.45414)
        let index = NearestIndex(cities: fixture.cities.entries + [vatican], airports: fixture.airports.entries, borders: fixture.borders)
        // Inside the Vatican (St Peter's Basilica). GeoNames puts Vatican City 60 m outside
        // Natural Earth's little polygon, inside Italy's hole for it: its code keeps it in.
        let plain = try index.nearest(NearestQuery(latitude: 41.9029, longitude: 12.4534, kind: .city, limit: 3))
        let kept = try index.nearest(NearestQuery(latitude: 41.9029, longitude: 12.4534, kind: .city, sameCountry: true, limit: 3))
        #expect(kept.containingCountry?.code == "VA")
        #expect(kept.places.map(\.entry.name) == ["Vatican City"])
        #expect(plain.places.count == 3)
        // Without the Vatican's own place, staying inside finds nothing rather than crossing.
        let empty = try fixture.nearest(NearestQuery(latitude: 41.9029, longitude: 12.4534, sameCountry: true, limit: 3))
        #expect(empty.places.isEmpty && empty.keptInsideBorder)
    }

    @Test func sameCountryAtSeaSearchesEverywhereAndWithoutBordersThrows() throws {
        let index = try FixtureNearest.index
        let sea = try index.nearest(NearestQuery(latitude: 0, longitude: -30, sameCountry: true))
        #expect(!sea.keptInsideBorder && sea.containingCountry == nil && sea.places.count == 1)
        let bare = NearestIndex(cities: index.cities.entries, airports: [], borders: nil)
        #expect(throws: BordersError.self) { try bare.nearest(NearestQuery(latitude: 0, longitude: 0, sameCountry: true)) }
        #expect(try bare.nearest(NearestQuery(latitude: 0, longitude: 0, kind: .airport)).places.isEmpty)
        #expect(try NearestIndex(cities: [], airports: []).nearest(NearestQuery(latitude: 0, longitude: 0)).places.isEmpty)
    }

    @Test func bordersStoredInAGazetteerComeBackTheSame() throws {
        let borders = try FixtureBorders.shared
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-borders-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            let database = try Database(path: url.path, mode: .readWriteCreate)
            try database.execute(BordersTable.createTableSQL)
            try BordersTable.store(borders, source: "ne_admin0_excerpt.shp", in: database)
        }
        let loaded = try #require(try BordersTable.load(from: url))
        #expect(loaded.features == borders.features)
        #expect(loaded.encoded() == borders.encoded())
        // A database without the table has no borders rather than an error.
        let bare = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-noborders-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: bare) }
        do { try Database(path: bare.path, mode: .readWriteCreate).execute("CREATE TABLE meta (key TEXT);") }
        #expect(try BordersTable.load(from: bare) == nil)
    }
}
