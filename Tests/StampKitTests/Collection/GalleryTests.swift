import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSupport

/// The continent → country → stamps grouping, on records made in memory.
@Suite struct GalleryTests {
    static let continents: [String: (code: String, name: String)] = [
        "IS": ("EU", "Europe"), "FR": ("EU", "Europe"), "DE": ("EU", "Europe"), "US": ("NA", "North America"),
    ]

    static func record(
        _ seed: Int, _ country: String?, _ date: String?, _ direction: StampRecord.Direction?
    ) -> StampRecord {
        var record = CatalogueFixtures.record(seed, country: country ?? "IS", date: date ?? "2000-01-01")
        record.id = seed
        if country == nil { record.country = nil; record.region = nil; record.city = nil; record.airport = nil }
        if date == nil { record.date = nil }
        record.direction = direction
        return record
    }

    @Test func groupsByContinentAndCountryWithTallies() throws {
        let records = [
            Self.record(1, "FR", "2018-05-01", .arrival),
            Self.record(2, "IS", "2019-07-12", .arrival),
            Self.record(3, "FR", "2017-01-02", .departure),
            Self.record(4, "US", "2020-02-02", .arrival),
            Self.record(5, "DE", nil, nil),
            Self.record(6, "ZZ", "2021-03-03", .departure),
            Self.record(7, nil, "2016-06-06", nil),
            Self.record(8, "FR", "2019-09-09", nil),
        ]
        var asked: [String] = []
        let gallery = Gallery(records: records) { code in
            asked.append(code)
            return Self.continents[code]
        }
        // Each country is looked up once, however many stamps it has.
        #expect(asked.sorted() == ["DE", "FR", "IS", "US", "ZZ"])
        #expect(gallery.continents.map(\.name) == ["Europe", "North America", Gallery.unknownContinentName])
        #expect(gallery.continents.map(\.code) == ["EU", "NA", nil])
        let europe = gallery.continents[0]
        // Most stamps first, then by name.
        #expect(europe.countries.map(\.code) == ["FR", "DE", "IS"])
        #expect(europe.tally == Gallery.Tally(
            count: 5, firstVisit: CalendarDay("2017-01-02"), lastVisit: CalendarDay("2019-09-09"), arrivals: 2, departures: 1))
        let france = europe.countries[0]
        // Stamps keep the order they came in (the catalogue's: oldest first).
        #expect(france.stamps.map(\.id) == [1, 3, 8])
        #expect(france.tally.count == 3 && france.tally.arrivals == 1 && france.tally.departures == 1)
        let germany = europe.countries[1]
        #expect(germany.tally.firstVisit == nil && germany.tally.lastVisit == nil)
        // A code the lookup does not know and a record without a country: the unknown continent, last.
        let unknown = gallery.continents[2]
        #expect(unknown.countries.map(\.code) == ["ZZ", nil])
        #expect(unknown.countries[1].name == Gallery.noCountryName)
        #expect(gallery.tally.count == 8 && gallery.tally.firstVisit == CalendarDay("2016-06-06"))
        #expect(gallery.tally.lastVisit == CalendarDay("2021-03-03"))
        #expect(gallery.tally.arrivals == 3 && gallery.tally.departures == 2)
        // Continent tallies add up to the whole.
        #expect(gallery.continents.map(\.tally.count).reduce(0, +) == records.count)
    }

    @Test func emptyRecordsGiveAnEmptyGallery() {
        let gallery = Gallery(records: []) { _ in ("EU", "Europe") }
        #expect(gallery.continents.isEmpty && gallery.tally == Gallery.Tally())
        #expect(gallery.json(thumbnail: { _ in nil }).serialized().contains("\"continents\":[]"))
    }

    @Test func jsonNestsContinentsCountriesAndListRecords() throws {
        let records = [Self.record(1, "IS", "2019-07-12", .arrival), Self.record(2, "US", "2020-02-02", .departure)]
        let gallery = Gallery(records: records) { Self.continents[$0] }
        let text = gallery.json(thumbnail: { "/thumbs/\($0.id!).jpg" }).serialized()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["count"] as? Int == 2 && object["arrivals"] as? Int == 1 && object["departures"] as? Int == 1)
        #expect(object["firstVisit"] as? String == "2019-07-12" && object["lastVisit"] as? String == "2020-02-02")
        let continents = try #require(object["continents"] as? [[String: Any]])
        #expect(continents.map { $0["code"] as? String } == ["EU", "NA"])
        let iceland = try #require((continents[0]["countries"] as? [[String: Any]])?.first)
        #expect(iceland["code"] as? String == "IS" && iceland["name"] as? String == "Iceland" && iceland["count"] as? Int == 1)
        let stamp = try #require((iceland["stamps"] as? [[String: Any]])?.first)
        // The same record object `list --json` prints.
        let listed = try #require(try JSONSerialization.jsonObject(
            with: Data(records[0].json(thumbnail: "/thumbs/1.jpg").serialized().utf8)) as? [String: Any])
        func canonical(_ object: Any) throws -> Data { try JSONSerialization.data(withJSONObject: object, options: .sortedKeys) }
        #expect(try canonical(stamp) == canonical(listed))
    }

    @Test func placeNamesGoFromTheMostSpecificUp() {
        var record = Self.record(1, "IS", "2019-07-12", .arrival)
        #expect(record.placeNames == ["Keflavík (KEF)", "Southern Peninsula", "Iceland"])
        record.city = nil
        #expect(record.placeNames == ["Keflavik International Airport (KEF)", "Southern Peninsula", "Iceland"])
        record.airport = nil
        record.region = .init(id: "SG.01", name: "Singapore")
        record.city = .init(id: 1, name: "Singapore")
        record.country = .init(id: "SG", name: "Singapore")
        #expect(record.placeNames == ["Singapore"])
        record.city = nil
        #expect(record.placeNames == ["Singapore"])
        record.city = nil; record.region = nil; record.country = nil
        #expect(record.placeNames.isEmpty)
    }
}
