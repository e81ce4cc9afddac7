import Foundation
import StampKit

#if canImport(Glibc)
    import Glibc
#endif

/// A small deterministic random source (SplitMix64), so benchmark and test points are the same
/// on every machine and every run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence depends only on `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Numbers for `stampkit bench gazetteer`: nearest-place query time of the k-d tree next to the
/// latitude-sorted walk and the brute-force reference in the same run, mismatches against the
/// reference, build time and memory.
public struct NearestBenchmark: Sendable, Codable, Equatable {
    /// Which points were asked: `near-places` (a random place moved up to ±0.5°) or `globe`
    /// (uniform on the sphere, mostly sea, so the nearest place is far).
    public var mix: String
    /// Places in the index.
    public var places: Int
    /// Queries timed for the tree and the latitude walk.
    public var queries: Int
    /// Mean µs per nearest-one query of the k-d tree.
    public var treeMicroseconds: Double
    /// Mean µs per query of the latitude-sorted walk (`LatitudeBandIndex`).
    public var latitudeBandMicroseconds: Double
    /// Mean µs per query of the brute-force reference (over the checked queries).
    public var bruteForceMicroseconds: Double
    /// Queries checked against the brute force (all of them compared, nearest 1 and nearest 5).
    public var checkedQueries: Int
    /// Queries where the tree or the latitude walk differed from the brute force.
    public var mismatches: Int
    /// Seconds to build the tree from the entries.
    public var buildSeconds: Double
    /// Resident memory the process grew by while building the tree (≈ its peak cost).
    public var residentGrowthBytes: Int
    /// The tree's own arrays, counted.
    public var approximateBytes: Int

    /// Points for one mix, deterministic for a seed.
    public static func points(_ mix: String, around places: [NearestEntry], count: Int, seed: UInt64) -> [(Double, Double)] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            if mix == "near-places", !places.isEmpty {
                let p = places[Int(random.next() % UInt64(places.count))]
                let lat = min(90, max(-90, p.latitude + Double.random(in: -0.5...0.5, using: &random)))
                var lon = p.longitude + Double.random(in: -0.5...0.5, using: &random)
                if lon > 180 { lon -= 360 }
                if lon < -180 { lon += 360 }
                return (lat, lon)
            }
            let z = Double.random(in: -1...1, using: &random)
            return (asin(z) * 180 / .pi, Double.random(in: -180..<180, using: &random))
        }
    }

    /// Hands freed heap back to the system (glibc's `malloc_trim`, looked up at run time since
    /// the Glibc module does not export it), or a tree built after a big parse reuses freed
    /// pages and seems to cost nothing.
    static func releaseFreedHeap() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
                _ = unsafeBitCast(symbol, to: Trim.self)(0)
            }
        #endif
    }

    /// Resident set size of this process, from `/proc/self/statm` (0 where unavailable).
    public static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Runs both mixes over `places`: `queries` timed queries per structure, the first
    /// `checked` of them also answered by brute force and compared (nearest 1 and 5).
    public static func run(places: [NearestEntry], queries: Int = 100_000, checked: Int = 2_000, seed: UInt64 = 1) -> [NearestBenchmark] {
        releaseFreedHeap()
        let before = residentBytes()
        var tree: NearestTree? = nil
        let build = Timing.milliseconds { tree = NearestTree(places) }
        let grown = max(0, residentBytes() - before)
        let index = tree!
        let band = LatitudeBandIndex(places)
        var results: [NearestBenchmark] = []
        for (n, mix) in ["near-places", "globe"].enumerated() {
            let points = Self.points(mix, around: places, count: queries, seed: seed &+ UInt64(n))
            var sink = 0
            let treeTime = Timing.milliseconds {
                for (lat, lon) in points { sink &+= Int(index.nearest(latitude: lat, longitude: lon, limit: 1).first?.id ?? 0) }
            }
            let bandTime = Timing.milliseconds {
                for (lat, lon) in points { sink &+= band.nearestID(latitude: lat, longitude: lon) ?? 0 }
            }
            let sample = Array(points.prefix(checked))
            var reference: [[NearestTree.Hit]] = []
            let bruteTime = Timing.milliseconds {
                for (lat, lon) in sample { reference.append(index.bruteForce(latitude: lat, longitude: lon, limit: 1)) }
            }
            var mismatches = 0
            for ((lat, lon), expected) in zip(sample, reference) {
                let five = index.nearest(latitude: lat, longitude: lon, limit: 5)
                if index.nearest(latitude: lat, longitude: lon, limit: 1) != expected
                    || band.nearestID(latitude: lat, longitude: lon) != expected.first.map({ Int($0.id) })
                    || five != index.bruteForce(latitude: lat, longitude: lon, limit: 5)
                {
                    mismatches += 1
                }
            }
            withExtendedLifetime(sink) {}  // the timed loops must not be optimised away
            results.append(NearestBenchmark(
                mix: mix, places: places.count, queries: points.count,
                treeMicroseconds: treeTime * 1e3 / Double(max(1, points.count)),
                latitudeBandMicroseconds: bandTime * 1e3 / Double(max(1, points.count)),
                bruteForceMicroseconds: bruteTime * 1e3 / Double(max(1, sample.count)),
                checkedQueries: sample.count, mismatches: mismatches, buildSeconds: build / 1e3,
                residentGrowthBytes: grown, approximateBytes: index.approximateBytes))
        }
        return results
    }
}

/// The latitude-sorted alternative (the approach of other gazetteer apps), kept to measure
/// the k-d tree against: places sorted by z = sin(latitude), a binary search for the query's
/// z, then a walk outwards in both directions until (z - qz)² exceeds the best squared chord.
/// Same key and tie-break as `NearestTree`, nearest one only, no filters.
public struct LatitudeBandIndex: Sendable {
    let x: [Double], y: [Double], z: [Double]
    let population: [Int32]
    let id: [Int32]

    /// Sorts the places by latitude.
    public init(_ places: [NearestEntry]) {
        let vectors = places.map { GreatCircle.unitVector(latitude: $0.latitude, longitude: $0.longitude) }
        let order = (0..<places.count).sorted { (vectors[$0].2, places[$0].id) < (vectors[$1].2, places[$1].id) }
        x = order.map { vectors[$0].0 }
        y = order.map { vectors[$0].1 }
        z = order.map { vectors[$0].2 }
        population = order.map { Int32(clamping: places[$0].population) }
        id = order.map { Int32(clamping: places[$0].id) }
    }

    /// The ID of the nearest place (distance, then population, then ID), nil when empty.
    public func nearestID(latitude: Double, longitude: Double) -> Int? {
        let (qx, qy, qz) = GreatCircle.unitVector(latitude: latitude, longitude: longitude)
        var lo = 0, hi = z.count
        while lo < hi {
            let m = (lo + hi) / 2
            if z[m] < qz { lo = m + 1 } else { hi = m }
        }
        var best: NearestTree.Hit? = nil
        var up = lo, down = lo - 1
        var upOpen = up < z.count, downOpen = down >= 0
        // Takes place `i` into the answer unless the band already rules it out; false ends
        // the walk in that direction.
        func visit(_ i: Int) -> Bool {
            let dz = z[i] - qz
            if let b = best, dz * dz > b.key { return false }
            let hit = NearestTree.Hit(
                key: GreatCircle.chordSquared(x[i], y[i], z[i], qx, qy, qz),
                population: population[i], id: id[i], index: Int32(i))
            if best.map({ hit.precedes($0) }) ?? true { best = hit }
            return true
        }
        while upOpen || downOpen {
            if upOpen {
                upOpen = visit(up)
                if upOpen {
                    up += 1
                    upOpen = up < z.count
                }
            }
            if downOpen {
                downOpen = visit(down)
                if downOpen {
                    down -= 1
                    downOpen = down >= 0
                }
            }
        }
        return best.map { Int($0.id) }
    }
}
