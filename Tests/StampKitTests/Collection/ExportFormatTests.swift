import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitGazetteer
@testable import StampKitSupport

/// CSV quoting, the GeoJSON document, the points the gazetteer gives and reading an export
/// back, without the binary.
@Suite struct ExportFormatTests {
    @Test func csvQuotesOnlyWhatNeedsIt() {
        #expect(RecordCSV.quoted("Keflavík") == "Keflavík")
        #expect(RecordCSV.quoted("") == "")
        #expect(RecordCSV.quoted("a,b") == "\"a,b\"")
        #expect(RecordCSV.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(RecordCSV.quoted("two\nlines") == "\"two\nlines\"")
        #expect(RecordCSV.quoted("cr\rhere") == "\"cr\rhere\"")
        #expect(RecordCSV.row(["a", "b,c", ""]) == "a,\"b,c\",\r\n")
    }

    @Test func csvHasAHeaderAndOneRowPerRecordInHeaderOrder() {
        var record = CatalogueFixtures.record(3)
        record.id = 42
        record.note = "a, \"b\"\nc"
        let document = RecordCSV.document([record])
        #expect(document.hasPrefix(RecordCSV.header.joined(separator: ",") + "\r\n"))
        let fields = RecordCSV.fields(of: record)
        #expect(fields.count == RecordCSV.header.count)
        let column = Dictionary(uniqueKeysWithValues: zip(RecordCSV.header, fields))
        #expect(column["id"] == "42" && column["country_code"] == "IS" && column["city_id"] == "3415496")
        #expect(column["date"] == "2019-07-12" && column["favorite"] == "false" && column["crop_width"] == "300")
        #expect(column["note"] == "a, \"b\"\nc" && column["rotation"] == "90.0" && column["confidence"] == "0.930")
        #expect(document.hasSuffix("\r\n") && document.contains("\"a, \"\"b\"\"\nc\""))
    }

    @Test func geoJSONPutsLongitudeFirstAndLeavesOutTheUnplaced() throws {
        var a = CatalogueFixtures.record(1)
        a.id = 1
        var b = CatalogueFixtures.record(2)
        b.id = 2
        var c = CatalogueFixtures.record(3)
        c.id = 3
        let (collection, unplaced) = RecordGeoJSON.featureCollection([a, b, c]) { record in
            switch record.id {
            case 1: RecordGeoJSON.Location(latitude: 63.985, longitude: -22.6056, level: "airport")
            case 2: RecordGeoJSON.Location(latitude: 10, longitude: 190.5, level: "city")  // wraps to −169.5
            default: nil
            }
        }
        #expect(unplaced.map(\.id) == [3])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(collection.serialized().utf8)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == 2)
        let first = features[0]
        #expect(first["type"] as? String == "Feature" && first["id"] as? Int == 1)
        let geometry = try #require(first["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Point")
        #expect(geometry["coordinates"] as? [Double] == [-22.6056, 63.985])
        let properties = try #require(first["properties"] as? [String: Any])
        #expect(properties["placeLevel"] as? String == "airport" && properties["country"] as? String == "IS")
        #expect(properties["place"] as? String == "Keflavík (KEF), Southern Peninsula, Iceland")
        #expect((features[1]["geometry"] as? [String: Any])?["coordinates"] as? [Double] == [-169.5, 10])
    }

    @Test func pointsComeFromTheMostSpecificPlaceTheGazetteerHas() throws {
        let places = try FixtureGazetteer.open()
        let kef = try #require(try places.airport(iata: "KEF"))
        let atAirport = try #require(try places.point(airport: "KEF", city: kef.cityID, region: kef.regionID, country: "IS"))
        #expect(atAirport == PlacePoint(level: .airport, latitude: kef.latitude, longitude: kef.longitude))
        // An airport the gazetteer does not have falls back to the city.
        let cityID = try #require(kef.cityID)
        let city = try #require(try places.city(id: cityID))
        #expect(try places.point(airport: "QQQ", city: cityID, region: nil, country: "IS")
            == PlacePoint(level: .city, latitude: city.latitude, longitude: city.longitude))
        // A region or a country stands at its most populous city.
        let regionID = try #require(kef.regionID)
        let regionPoint = try #require(try places.point(airport: nil, city: nil, region: regionID, country: "IS"))
        #expect(regionPoint.level == .region)
        let regionCities = try places.children(of: regionID, kind: .city, limit: 1000) ?? []
        let largest = try #require(regionCities.max { ($0.population ?? 0) < ($1.population ?? 0) })
        #expect(regionPoint.latitude == largest.latitude && regionPoint.longitude == largest.longitude)
        let france = try #require(try places.point(airport: nil, city: nil, region: nil, country: "fr"))
        #expect(france.level == .country)
        let paris = try #require(try places.cities(named: "paris", countryCode: "FR", limit: 1).first)
        #expect(france.latitude == paris.latitude && france.longitude == paris.longitude)
        #expect(try places.point(airport: nil, city: nil, region: nil, country: "QQ") == nil)
        #expect(try places.point(airport: nil, city: nil, region: nil, country: nil) == nil)
    }

    @Test func anExportReadsBackIntoTheSameRecords() throws {
        var record = CatalogueFixtures.record(5)
        record.id = 9
        record.note = "line one\nline \"two\", with comma"
        record.redactions = [PixelBox(x: 10, y: 20, width: 30, height: 40), PixelBox(x: 0, y: 0, width: 5, height: 5)]
        var bare = CatalogueFixtures.record(6, crop: nil, book: nil, status: .pending)
        bare.country = nil; bare.region = nil; bare.city = nil; bare.airport = nil
        bare.date = nil; bare.direction = nil; bare.entryMethod = nil; bare.confidence = nil; bare.page = nil; bare.note = nil
        let text = "[" + [record, bare].map { $0.json(thumbnail: "/t.jpg").serialized() }.joined(separator: ",\n") + "]"
        let read = try RecordImport.records(fromJSON: Data(text.utf8), name: "x.json")
        #expect(read.count == 2)
        // What an export carries comes back; the photo is not on this machine, so size and time are 0.
        var expected = record
        expected.id = nil
        expected.ocrText = nil
        expected.evidence = []
        expected.source.size = 0
        expected.source.modified = Date(timeIntervalSince1970: 0)
        #expect(read[0] == expected)
        #expect(read[1].country == nil && read[1].status == .pending && read[1].crop == nil && read[1].date == nil)
    }

    @Test func aBadExportNamesTheStampAndTheField() throws {
        func problem(_ text: String) -> String? {
            do {
                _ = try RecordImport.records(fromJSON: Data(text.utf8), name: "x.json")
                return nil
            } catch let error as CatalogueError {
                #expect(error.failureClass == .input && error.kind == .invalidRecord)
                return error.message
            } catch {
                return "\(error)"
            }
        }
        let good = CatalogueFixtures.record(1).json(thumbnail: nil).serialized()
        // A good stamp, then one with `key` set to the JSON `value`.
        func with(_ key: String, _ value: String) -> String {
            var object = try! JSONSerialization.jsonObject(with: Data(good.utf8)) as! [String: Any]
            object[key] = try! JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
            let changed = try! JSONSerialization.data(withJSONObject: object)
            return "[" + good + "," + String(decoding: changed, as: UTF8.self) + "]"
        }
        #expect(problem("{not json")?.contains("x.json is not valid JSON") == true)
        #expect(problem("{\"a\": 1}")?.contains("not an array") == true)
        #expect(problem("[1]")?.contains("stamp 1 of 1: not a JSON object") == true)
        #expect(problem(with("date", "\"2019-02-30\""))?.contains("stamp 2 of 2: 'date' must be a real day") == true)
        #expect(problem(with("status", "\"maybe\""))?.contains("'status' must be pending or confirmed") == true)
        #expect(problem(with("favorite", "1"))?.contains("'favorite' must be true or false") == true)
        #expect(problem(with("redactions", "[{\"x\":1,\"y\":2,\"width\":3}]"))?.contains("'redactions[0].height' is missing") == true)
        #expect(problem(with("page", "\"7\""))?.contains("'page' must be a whole number") == true)
        #expect(problem(with("source", "{\"path\":\"relative.jpg\",\"sha256\":\"00\"}"))?.contains("'source.path' must be an absolute path") == true)
        #expect(problem(with("source", "{\"path\":\"/a.jpg\"}"))?.contains("'source.sha256' is missing") == true)
        #expect(problem(with("country", "null"))?.contains("a confirmed stamp needs a country") == true)
        #expect(problem(with("city", "{\"id\":\"x\",\"name\":\"K\"}"))?.contains("'city.id' must be a whole number") == true)
        #expect(problem("[" + good + "]") == nil)
    }
}
