import Foundation

/// One place the nearest-place index holds: a city or an airport with what an answer shows.
public struct NearestEntry: Sendable, Equatable {
    /// GeoNames ID for a city, OurAirports ID for an airport; the last tie-break.
    public var id: Int
    /// Name as the gazetteer stores it.
    public var name: String
    /// ISO alpha-2 code of the country GeoNames or OurAirports files it under.
    public var countryCode: String
    /// GeoNames admin-1 code `CC.XX`, when known.
    public var regionID: String?
    /// People (0 for airports); more people wins a tie in distance.
    public var population: Int
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double
    /// IATA code of an airport; nil for cities.
    public var iata: String?
    /// ICAO code of an airport; nil for cities.
    public var icao: String?

    /// A city from the gazetteer.
    public init(city: City) {
        self.init(
            id: city.id, name: city.name, countryCode: city.countryCode, regionID: city.regionID,
            population: city.population, latitude: city.latitude, longitude: city.longitude)
    }

    /// A place of any kind.
    public init(
        id: Int, name: String, countryCode: String, regionID: String?, population: Int,
        latitude: Double, longitude: Double, iata: String? = nil, icao: String? = nil
    ) {
        self.id = id
        self.name = name
        self.countryCode = countryCode
        self.regionID = regionID
        self.population = population
        self.latitude = latitude
        self.longitude = longitude
        self.iata = iata
        self.icao = icao
    }
}

/// Great-circle geometry shared by every nearest-place path, so the index and the brute-force
/// reference compare exactly the same numbers.
public enum GreatCircle {
    /// Earth's mean radius (IUGG), km.
    public static let earthRadiusKm = 6371.0088

    /// The unit vector of a latitude/longitude in degrees.
    @inline(__always)
    package static func unitVector(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let c = cos(phi)
        return (c * cos(lambda), c * sin(lambda), sin(phi))
    }

    /// Squared chord between unit vectors: strictly increasing with great-circle distance, and
    /// cheap (no trigonometry), so it is the ordering key everywhere.
    @inline(__always)
    package static func chordSquared(_ ax: Double, _ ay: Double, _ az: Double, _ bx: Double, _ by: Double, _ bz: Double) -> Double {
        let dx = ax - bx, dy = ay - by, dz = az - bz
        return dx * dx + dy * dy + dz * dz
    }

    /// Kilometres along the great circle for a squared chord.
    static func kilometres(chordSquared key: Double) -> Double {
        2 * earthRadiusKm * asin(min(1, key.squareRoot() / 2))
    }

    /// The squared chord of a great-circle distance; beyond half the globe, everything.
    package static func chordSquared(kilometres: Double) -> Double {
        let angle = min(max(kilometres, 0) / earthRadiusKm, .pi)
        let chord = 2 * sin(angle / 2)
        return angle >= .pi ? .infinity : chord * chord
    }

    /// Great-circle (haversine) distance in km between two points in degrees.
    public static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let (ax, ay, az) = unitVector(latitude: lat1, longitude: lon1)
        let (bx, by, bz) = unitVector(latitude: lat2, longitude: lon2)
        return kilometres(chordSquared: chordSquared(ax, ay, az, bx, by, bz))
    }
}

/// A nearest-place index over one kind of place: a balanced k-d tree on unit vectors (3-D, so
/// the poles and ±180° need no special case), stored as flat arrays in tree order. Answers are
/// ordered by distance, then population (more first), then ID (lower first): a total order, so
/// the tree and `bruteForce` always agree exactly.
public struct NearestTree: Sendable {
    /// Places per leaf; measured: 8 beats 4 and 16 on the full city list.
    static let leafSize = 8

    /// Unit vectors in tree order.
    let x: [Double], y: [Double], z: [Double]
    /// Tie-breaks in tree order.
    let population: [Int32]
    let id: [Int32]
    /// Split axis (0, 1, 2) and value per node, heap-numbered from 1; a node whose range holds
    /// at most `leafSize` places is a leaf.
    let axis: [UInt8]
    let split: [Double]
    /// What answers and filters need, packed (a `NearestEntry` per place would take five times
    /// the memory): coordinates, country and region as indexes into small tables, names in
    /// one UTF-8 buffer, airport codes only where present.
    let latitude: [Double], longitude: [Double]
    let country: [UInt16]
    let countryCodes: [String]
    let region: [Int32]
    let regionIDs: [String]
    let nameBytes: [UInt8]
    let nameStart: [Int32]
    let codes: [Int32: AirportCodes]

    /// IATA and ICAO of one airport.
    struct AirportCodes: Sendable { var iata: String?, icao: String? }

    /// Number of places.
    public var count: Int { id.count }

    /// The place at tree-order index `i`.
    public func entry(_ i: Int) -> NearestEntry {
        let name = String(decoding: nameBytes[Int(nameStart[i])..<Int(nameStart[i + 1])], as: UTF8.self)
        let code = codes[Int32(i)]
        return NearestEntry(
            id: Int(id[i]), name: name, countryCode: countryCodes[Int(country[i])],
            regionID: region[i] < 0 ? nil : regionIDs[Int(region[i])], population: Int(population[i]),
            latitude: latitude[i], longitude: longitude[i], iata: code?.iata, icao: code?.icao)
    }

    /// Every place, in tree order (for tests and for building another index); O(n).
    public var entries: [NearestEntry] { (0..<count).map(entry) }

    /// Index of a country code in this tree's table, nil when no place has it.
    func countryIndex(_ code: String) -> UInt16? { countryCodes.firstIndex(of: code).map { UInt16($0) } }

    /// Index of a region ID in this tree's table, nil when no place has it.
    func regionIndex(_ id: String) -> Int32? { regionIDs.firstIndex(of: id).map { Int32($0) } }

    /// Builds the tree; deterministic for equal input in equal order. IDs and populations must
    /// fit 32 bits (GeoNames and OurAirports IDs do).
    public init(_ places: [NearestEntry]) {
        let n = places.count
        var vx = [Double](repeating: 0, count: n), vy = vx, vz = vx
        for (i, p) in places.enumerated() {
            (vx[i], vy[i], vz[i]) = GreatCircle.unitVector(latitude: p.latitude, longitude: p.longitude)
        }
        var order = Array(0..<n)
        var depth = 0
        while (n >> depth) > Self.leafSize { depth += 1 }
        let nodes = 1 << (depth + 2)
        var axis = [UInt8](repeating: 0, count: nodes)
        var split = [Double](repeating: 0, count: nodes)
        func coordinate(_ i: Int, _ a: Int) -> Double { a == 0 ? vx[i] : a == 1 ? vy[i] : vz[i] }
        var stack: [(node: Int, lo: Int, hi: Int)] = [(1, 0, n)]
        while let (node, lo, hi) = stack.popLast() {
            guard hi - lo > Self.leafSize else { continue }
            // Split on the axis of widest spread at the median.
            var lowest = [Double.infinity, .infinity, .infinity], highest = [-Double.infinity, -.infinity, -.infinity]
            for k in lo..<hi {
                let i = order[k]
                for a in 0..<3 {
                    let v = coordinate(i, a)
                    lowest[a] = min(lowest[a], v); highest[a] = max(highest[a], v)
                }
            }
            let spreads = (0..<3).map { highest[$0] - lowest[$0] }
            let a = spreads[0] >= spreads[1] && spreads[0] >= spreads[2] ? 0 : (spreads[1] >= spreads[2] ? 1 : 2)
            let mid = (lo + hi) / 2
            Self.select(&order, lo, hi, mid) { coordinate($0, a) }
            axis[node] = UInt8(a)
            split[node] = coordinate(order[mid], a)
            stack.append((2 * node, lo, mid))
            stack.append((2 * node + 1, mid, hi))
        }
        x = order.map { vx[$0] }
        y = order.map { vy[$0] }
        z = order.map { vz[$0] }
        population = order.map { Int32(clamping: places[$0].population) }
        id = order.map { Int32(clamping: places[$0].id) }
        self.axis = axis
        self.split = split
        latitude = order.map { places[$0].latitude }
        longitude = order.map { places[$0].longitude }
        var countryTable: [String: UInt16] = [:], countryCodes: [String] = []
        var regionTable: [String: Int32] = [:], regionIDs: [String] = []
        var country: [UInt16] = [], region: [Int32] = [], nameBytes: [UInt8] = [], nameStart: [Int32] = [0]
        var codes: [Int32: AirportCodes] = [:]
        country.reserveCapacity(n); region.reserveCapacity(n); nameStart.reserveCapacity(n + 1)
        for (k, i) in order.enumerated() {
            let p = places[i]
            if let c = countryTable[p.countryCode] {
                country.append(c)
            } else {
                let c = UInt16(countryCodes.count)
                countryTable[p.countryCode] = c
                countryCodes.append(p.countryCode)
                country.append(c)
            }
            if let r = p.regionID {
                if let known = regionTable[r] {
                    region.append(known)
                } else {
                    let known = Int32(regionIDs.count)
                    regionTable[r] = known
                    regionIDs.append(r)
                    region.append(known)
                }
            } else {
                region.append(-1)
            }
            nameBytes.append(contentsOf: p.name.utf8)
            nameStart.append(Int32(nameBytes.count))
            if p.iata != nil || p.icao != nil { codes[Int32(k)] = AirportCodes(iata: p.iata, icao: p.icao) }
        }
        self.country = country
        self.countryCodes = countryCodes
        self.region = region
        self.regionIDs = regionIDs
        self.nameBytes = nameBytes
        self.nameStart = nameStart
        self.codes = codes
    }

    /// Quickselect: afterwards `order[k]` holds the k-th smallest key of `lo..<hi`, smaller or
    /// equal keys before it and larger or equal after. Middle pivot, so it is deterministic.
    private static func select(_ order: inout [Int], _ lo: Int, _ hi: Int, _ k: Int, key: (Int) -> Double) {
        var lo = lo, hi = hi - 1
        while lo < hi {
            let pivot = key(order[(lo + hi) / 2])
            var i = lo, j = hi
            while i <= j {
                while key(order[i]) < pivot { i += 1 }
                while key(order[j]) > pivot { j -= 1 }
                if i <= j { order.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return }
        }
    }

    /// One candidate answer: its ordering key and where it sits in tree order.
    package struct Hit: Sendable, Equatable {
        package var key: Double
        package var population: Int32
        package var id: Int32
        package var index: Int32

        /// A hit from its parts.
        package init(key: Double, population: Int32, id: Int32, index: Int32) {
            self.key = key
            self.population = population
            self.id = id
            self.index = index
        }

        /// Nearer first, then more people, then the lower ID.
        @inline(__always)
        package func precedes(_ other: Hit) -> Bool {
            if key != other.key { return key < other.key }
            if population != other.population { return population > other.population }
            return id < other.id
        }
    }

    /// The best `limit` hits kept sorted; `bound` is the key a newcomer must not exceed.
    struct Best {
        var hits: [Hit] = []
        let limit: Int
        let radiusKey: Double

        var bound: Double { hits.count == limit ? hits[hits.count - 1].key : radiusKey }

        /// Whether a hit at `key` could still enter (ties included).
        @inline(__always)
        func admits(_ hit: Hit) -> Bool {
            guard hit.key <= radiusKey else { return false }
            return hits.count < limit || hit.precedes(hits[hits.count - 1])
        }

        mutating func insert(_ hit: Hit) {
            var at = hits.count
            while at > 0, hit.precedes(hits[at - 1]) { at -= 1 }
            hits.insert(hit, at: at)
            if hits.count > limit { hits.removeLast() }
        }
    }

    /// The `limit` nearest places to the point within `radiusKey` (squared chord) that pass
    /// `filter`, best first. `filter` sees tree-order indexes (into `entries`) and is asked only
    /// about places that would enter the answer, so an expensive test (a border) stays cheap.
    package func nearest(
        latitude: Double, longitude: Double, limit: Int, radiusKey: Double = .infinity,
        filter: ((Int) -> Bool)? = nil
    ) -> [Hit] {
        guard limit > 0, count > 0 else { return [] }
        let (qx, qy, qz) = GreatCircle.unitVector(latitude: latitude, longitude: longitude)
        var best = Best(limit: limit, radiusKey: radiusKey)
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                z.withUnsafeBufferPointer { z in
                    axis.withUnsafeBufferPointer { axis in
                        split.withUnsafeBufferPointer { split in
                            // Explicit stack of (node, lo, hi, lower bound of the squared chord).
                            var stack: [(Int, Int, Int, Double)] = [(1, 0, count, 0)]
                            stack.reserveCapacity(64)
                            while let (node, lo, hi, lower) = stack.popLast() {
                                if lower > best.bound { continue }
                                if hi - lo <= Self.leafSize {
                                    for i in lo..<hi {
                                        let key = GreatCircle.chordSquared(x[i], y[i], z[i], qx, qy, qz)
                                        let hit = Hit(key: key, population: population[i], id: id[i], index: Int32(i))
                                        if best.admits(hit), filter?(i) ?? true { best.insert(hit) }
                                    }
                                    continue
                                }
                                let a = Int(axis[node])
                                let q = a == 0 ? qx : a == 1 ? qy : qz
                                let d = q - split[node]
                                let mid = (lo + hi) / 2
                                // Far side pushed first so the near side is searched first.
                                let far = max(lower, d * d)
                                if d < 0 {
                                    stack.append((2 * node + 1, mid, hi, far))
                                    stack.append((2 * node, lo, mid, lower))
                                } else {
                                    stack.append((2 * node, lo, mid, far))
                                    stack.append((2 * node + 1, mid, hi, lower))
                                }
                            }
                        }
                    }
                }
            }
        }
        return best.hits
    }

    /// The reference: every place measured, same key, same order, same filter. Slow (linear)
    /// but obviously right; the tree must return exactly these hits.
    package func bruteForce(
        latitude: Double, longitude: Double, limit: Int, radiusKey: Double = .infinity,
        filter: ((Int) -> Bool)? = nil
    ) -> [Hit] {
        guard limit > 0 else { return [] }
        let (qx, qy, qz) = GreatCircle.unitVector(latitude: latitude, longitude: longitude)
        var best = Best(limit: limit, radiusKey: radiusKey)
        for i in 0..<count {
            let key = GreatCircle.chordSquared(x[i], y[i], z[i], qx, qy, qz)
            let hit = Hit(key: key, population: population[i], id: id[i], index: Int32(i))
            if best.admits(hit), filter?(i) ?? true { best.insert(hit) }
        }
        return best.hits
    }

    /// Bytes held by the arrays (the table strings and airport codes estimated).
    package var approximateBytes: Int {
        count * (3 * 8 + 4 + 4 + 2 * 8 + 2 + 4 + 4) + nameBytes.count + axis.count * 9
            + (countryCodes.count + regionIDs.count) * 32 + codes.count * 64
    }
}
