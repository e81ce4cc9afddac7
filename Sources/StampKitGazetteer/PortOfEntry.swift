import Foundation

/// A port of entry a stamp names that no town of the gazetteer is named after: a border
/// crossing, pass, bridge or ferry port (KAPIKULE, PASO CRISTO REDENTOR, TANGER MED), listed in
/// the lexicon file `ports-of-entry.txt` with the position of its post.
struct PortOfEntry: Equatable {
    /// The name as stamps print it.
    var name: String
    /// ISO alpha-2 code of the country whose post it is.
    var country: String
    /// Where the post stands, in decimal degrees.
    var latitude: Double
    var longitude: Double

    /// The lexicon file that lists them.
    static let file = "ports-of-entry.txt"

    /// The ports of `text`: lines `*<TAB>name<TAB>ISO alpha-2<TAB>latitude<TAB>longitude`, `#`
    /// comments. Throws on a malformed line, naming it.
    static func parse(_ text: String) throws -> [PortOfEntry] {
        try GazetteerBuilder.lexiconRows(text, file: file, columns: 5,
                                          expected: "*<TAB>name<TAB>ISO alpha-2<TAB>latitude<TAB>longitude").map { row in
            let columns = row.columns
            guard columns[2].count == 2, columns[2].allSatisfy({ $0.isASCII && $0.isUppercase }),
                let latitude = Double(columns[3]), (-90...90).contains(latitude),
                let longitude = Double(columns[4]), (-180...180).contains(longitude)
            else {
                throw GazetteerError.lexiconInvalid(row.place, "expected an ISO alpha-2 code, then latitude and longitude in degrees")
            }
            return PortOfEntry(name: columns[1], country: columns[2], latitude: latitude, longitude: longitude)
        }
    }
}

extension GazetteerBuilder {
    /// Within this many kilometres of its post, the biggest town of the port's country serves it.
    static let portTownKilometres = 25.0
    /// Failing that, the nearest town this near (a mountain pass may lie far from any).
    static let portFarthestTownKilometres = 200.0

    /// Source city index → names of the ports of entry it serves, and a warning for each port
    /// no town of its country serves: the biggest town within `portTownKilometres` of its post,
    /// else the nearest within `portFarthestTownKilometres`.
    func townsServing(_ ports: [PortOfEntry]) -> (names: [Int: [String]], warnings: [String]) {
        let countries = Set(ports.map(\.country))
        var citiesByCountry: [String: [Int]] = [:]
        for (index, city) in sources.cities.enumerated() where countries.contains(city.country) {
            citiesByCountry[city.country, default: []].append(index)
        }
        var names: [Int: [String]] = [:]
        var warnings: [String] = []
        for port in ports {
            let nearby = (citiesByCountry[port.country] ?? []).map { index in
                let city = sources.cities[index]
                return (index: index, km: Self.distance(port.latitude, port.longitude, city.latitude, city.longitude))
            }
            let biggest = nearby.filter { $0.km <= Self.portTownKilometres }.max { a, b in
                (sources.cities[a.index].population, -a.km) < (sources.cities[b.index].population, -b.km)
            }
            let nearest = nearby.filter { $0.km <= Self.portFarthestTownKilometres }.min { $0.km < $1.km }
            guard let town = (biggest ?? nearest)?.index else {
                warnings.append("\(PortOfEntry.file): no town of \(port.country) within \(Int(Self.portFarthestTownKilometres)) km of \(port.name); it is not added")
                continue
            }
            names[town, default: []].append(port.name)
        }
        return (names, warnings)
    }
}
