import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitGazetteer
@testable import StampKitImaging

extension CatalogueScene {
    /// A confirmed record of a copy of a real fixture photo, its place chain (country, region,
    /// city, airport) taken from the fixture gazetteer's airport `iata`, saved through the
    /// library as `add` saves one.
    @discardableResult
    func catalogue(
        at iata: String, date: String?, direction: StampRecord.Direction? = .arrival, note: String? = nil,
        book: String? = nil, favorite: Bool = false, status: StampRecord.Status = .confirmed,
        crop: PixelBox? = nil, photo name: String? = nil
    ) throws -> StampRecord {
        let places = try FixtureGazetteer.open()
        let airport = try #require(try places.airport(iata: iata), "no \(iata) in the fixture gazetteer")
        let country = try #require(try places.country(code: airport.countryCode))
        let region = try airport.regionID.flatMap { try places.region(id: $0) }
        let city = try airport.cityID.flatMap { try places.city(id: $0) }
        let file = name ?? "\(iata.lowercased())-\(UUID().uuidString.prefix(8)).png"
        let url = photos.appendingPathComponent(file)
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = try photo("stamp.png", as: file)
            // Bytes after the PNG's end make each copy its own source (hash), like a real photo.
            try append(Data(file.utf8), to: url)
        }
        let store = try CatalogueStore(url: catalogue)
        return try store.insert(StampRecord(
            source: try .fingerprint(of: url), crop: crop, status: status,
            country: .init(id: country.code, name: country.name),
            region: region.map { .init(id: $0.id, name: $0.name) },
            city: city.map { .init(id: $0.id, name: $0.name) },
            airport: .init(id: airport.iata, name: airport.name),
            date: date.flatMap(CalendarDay.init), direction: direction, entryMethod: .air,
            book: book, favorite: favorite, note: note, confidence: 0.9))
    }

    private func append(_ data: Data, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
    }

    /// Runs `stampkit` with the fixture gazetteer (through `$STAMPKIT_GAZETTEER`, so commands
    /// that look no place up take the same arguments).
    func stampkitWithPlaces(_ arguments: [String], environment extra: [String: String] = [:]) throws -> CLI.Outcome {
        var environment = self.environment
        environment["STAMPKIT_GAZETTEER"] = try FixtureGazetteer.shared.path
        for (k, v) in extra { environment[k] = v }
        return try run(executable: CLI.binary.path, arguments, environment: environment)
    }

    /// Parses a command's stdout as JSON.
    static func json(_ outcome: CLI.Outcome) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }
}
