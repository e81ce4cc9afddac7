import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitGazetteer

/// `stampkit export` and `stampkit import` on scratch catalogues of real photos, read back by
/// Python's `csv` and `json` modules where a spreadsheet or a map would read them.
@Suite struct ExportCommandTests {
    static let awkwardNote = "commas, \"quotes\" and\na line break, ; tabs\there; ð 日本"

    /// Runs python3 with `script`, the file path as its argument; its stdout.
    static func python(_ script: String, _ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readAll()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 failed")
        return String(decoding: data, as: UTF8.self)
    }

    @Test func csvSurvivesARoundTripThroughPythonsCSVModule() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let kef = try scene.catalogue(at: "KEF", date: "2019-07-12", note: Self.awkwardNote, book: "Blue, \"old\"", favorite: true)
        let cdg = try scene.catalogue(at: "CDG", date: "2017-08-18", direction: .departure)
        let file = scene.root.appendingPathComponent("out.csv")
        let outcome = try scene.stampkitWithPlaces(["export", "--format", "csv", "-o", file.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty && outcome.stderr.contains("wrote 2 stamps"))
        #expect(CatalogueFixtures.mode(file.path) == 0o600)
        // Python reads it with its defaults and prints each row back as JSON.
        let printed = try Self.python("""
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8') as f:
                print(json.dumps(list(csv.DictReader(f))))
            """, file)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [[String: String]])
        #expect(rows.count == 2)
        #expect(rows.map { $0["id"] } == [String(cdg.id!), String(kef.id!)])
        #expect(Set(rows[0].keys) == Set(RecordCSV.header))
        let row = rows[1]
        #expect(row["note"] == Self.awkwardNote)
        #expect(row["book"] == "Blue, \"old\"" && row["favorite"] == "true")
        #expect(row["country_code"] == "IS" && row["airport_iata"] == "KEF" && row["city_name"] == kef.city?.name)
        #expect(row["date"] == "2019-07-12" && row["direction"] == "arrival" && row["source_sha256"] == kef.source.sha256)
        #expect(rows[0]["direction"] == "departure" && rows[0]["note"] == "")
    }

    @Test func geoJSONIsAValidFeatureCollectionAtTheMostSpecificPlace() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let places = try FixtureGazetteer.open()
        let kef = try scene.catalogue(at: "KEF", date: "2019-07-12")
        let jfk = try scene.catalogue(at: "JFK", date: "2019-07-12")
        // Only a country: it stands at the country's largest city.
        let france = try scene.catalogue(try scene.photo("stamp.bmp", as: "fr.bmp"), country: ("FR", "France"), date: "2020-01-01")
        let outcome = try scene.stampkitWithPlaces(["export", "--format", "geojson"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let file = scene.root.appendingPathComponent("out.geojson")
        try outcome.stdout.write(to: file, atomically: true, encoding: .utf8)
        // Checked the way RFC 7946 says: a FeatureCollection of Features with a Point geometry,
        // [longitude, latitude] numbers within range, properties an object, no extra members.
        let verdict = try Self.python("""
            import json, sys
            doc = json.load(open(sys.argv[1], encoding='utf-8'))
            assert set(doc) == {"type", "features"} and doc["type"] == "FeatureCollection", "collection"
            out = []
            for f in doc["features"]:
                assert set(f) == {"type", "id", "geometry", "properties"} and f["type"] == "Feature", "feature"
                assert isinstance(f["id"], (int, str)) and isinstance(f["properties"], dict), "members"
                g = f["geometry"]
                assert set(g) == {"type", "coordinates"} and g["type"] == "Point", "point"
                lon, lat = g["coordinates"]
                assert all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (lon, lat)), "numbers"
                assert -180 <= lon <= 180 and -90 <= lat <= 90, "range"
                out.append([f["id"], lon, lat, f["properties"]["placeLevel"]])
            print(json.dumps(out))
            """, file)
        let features = try #require(try JSONSerialization.jsonObject(with: Data(verdict.utf8)) as? [[Any]])
        #expect(features.count == 3)
        func feature(_ id: Int?) -> [Any]? { features.first { $0[0] as? Int == id } }
        let kefAirport = try #require(try places.airport(iata: "KEF"))
        let kefFeature = try #require(feature(kef.id))
        // Longitude first: Keflavík is at 22.6° W, 64° N.
        #expect(kefFeature[1] as? Double == kefAirport.longitude && kefFeature[2] as? Double == kefAirport.latitude)
        #expect(kefFeature[3] as? String == "airport")
        #expect((kefFeature[1] as? Double ?? 0) < 0 && (kefFeature[2] as? Double ?? 0) > 60)
        #expect(feature(jfk.id)?[3] as? String == "airport")
        let frFeature = try #require(feature(france.id))
        let paris = try #require(try places.cities(named: "paris", countryCode: "FR", limit: 1).first)
        #expect(frFeature[3] as? String == "country")
        #expect(frFeature[1] as? Double == paris.longitude && frFeature[2] as? Double == paris.latitude)
    }

    @Test func importRestoresAnExportWithoutDuplicates() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        try scene.catalogue(at: "KEF", date: "2019-07-12", note: Self.awkwardNote, book: "Blue", favorite: true)
        try scene.catalogue(at: "CDG", date: "2017-08-18", direction: .departure, book: "Red")
        try scene.catalogue(at: "NRT", date: "2018-03-27", status: .pending)
        let photo = try scene.photo("stamp-upright.jpg", as: "page.jpg")
        try scene.catalogue(photo, crop: PixelBox(x: 10, y: 20, width: 120, height: 60), date: nil, direction: nil)
        let file = scene.root.appendingPathComponent("export.json")
        let exported = try scene.stampkitWithPlaces(["export", "--all", "-o", file.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        // The export is exactly `list --json --all`.
        let listed = try scene.stampkit(["list", "--all", "--json"])
        #expect(try String(contentsOf: file, encoding: .utf8) == listed.stdout)
        let original = try scene.allRecords()

        let other = scene.root.appendingPathComponent("other/catalogue.sqlite")
        let first = try scene.stampkit(["import", file.path, "--catalogue", other.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("imported 4 stamps"))
        let restored = try CatalogueStore(url: other).records(matching: {
            var all = RecordFilter(); all.statuses = [.pending, .confirmed]; return all
        }())
        func kept(_ r: StampRecord) -> [String] {
            [r.status.rawValue, r.source.sha256, StampRecord.cropKey(r.crop), r.source.path, "\(r.source.size)",
             r.country?.id ?? "", r.region?.id ?? "", "\(r.city?.id ?? 0)", r.airport?.id ?? "", r.date?.description ?? "",
             r.direction?.rawValue ?? "", r.book ?? "", "\(r.favorite)", r.note ?? "", "\(r.rotation)"]
        }
        #expect(restored.map(kept) == original.map(kept))
        #expect(try CatalogueStore(url: other).books().map(\.book.name) == ["Blue", "Red"])
        // Again: nothing new.
        let second = try scene.stampkit(["import", file.path, "--catalogue", other.path])
        #expect(second.status == 0 && second.stderr.contains("imported 0 stamps; 4 already in the catalogue"))
        #expect(try CatalogueStore(url: other).counts().values.reduce(0, +) == 4)
        // Into the catalogue it came from: nothing new either.
        let same = try scene.stampkit(["import", file.path])
        #expect(same.status == 0 && same.stderr.contains("imported 0 stamps"))
    }

    @Test func aBadImportChangesNothing() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        try scene.catalogue(at: "KEF", date: "2019-07-12")
        let file = scene.root.appendingPathComponent("export.json")
        #expect(try scene.stampkitWithPlaces(["export", "-o", file.path]).status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        let target = scene.root.appendingPathComponent("target/catalogue.sqlite")

        // A good stamp, then a stamp with an impossible date: the good one is not saved either.
        let bad = text.replacingOccurrences(of: "\n]", with: ",\n" + text
            .replacingOccurrences(of: "[\n", with: "").replacingOccurrences(of: "\n]\n", with: "")
            .replacingOccurrences(of: "2019-07-12", with: "2019-13-40") + "\n]")
        for (name, contents) in [("bad-date.json", bad), ("truncated.json", String(text.dropLast(20))), ("empty.json", "")] {
            let broken = scene.root.appendingPathComponent(name)
            try contents.write(to: broken, atomically: true, encoding: .utf8)
            let refused = try scene.stampkit(["import", broken.path, "--catalogue", target.path])
            #expect(refused.status == 65 && refused.stderrLines.count == 1, "\(name): \(refused.stderr)")
            #expect(refused.stderr.contains(name) && refused.stderr.contains("nothing was imported"), "\(refused.stderr)")
            #expect(try CatalogueStore(url: target).counts().values.reduce(0, +) == 0)
        }
        let missing = try scene.stampkit(["import", scene.root.appendingPathComponent("nope.json").path, "--catalogue", target.path])
        #expect(missing.status == 65 && missing.stderrLines.count == 1)
    }

    @Test func exportRefusesWhatItCannotDo() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let empty = try scene.stampkitWithPlaces(["export", "--format", "csv"])
        #expect(empty.status == 65 && empty.stderrLines.count == 1 && empty.stderr.contains("no stamps yet"))
        try scene.catalogue(at: "KEF", date: "2019-07-12")
        let format = try scene.stampkitWithPlaces(["export", "--format", "xml"])
        #expect(format.status == 64 && format.stderrLines.count == 1 && format.stderr.contains("json, csv or geojson"))
        for format in ["geojson", "csv", "json"] {
            let country = try scene.stampkitWithPlaces(["export", "--format", format, "--country", "QQ"])
            #expect(country.status == 64 && country.stderrLines.count == 1 && country.stdout.isEmpty, "\(format)")
        }
        let nowhere = try scene.stampkitWithPlaces(["export", "-o", scene.root.appendingPathComponent("no/such/dir/x.json").path])
        #expect(nowhere.status == 65 && nowhere.stderrLines.count == 1 && nowhere.stderr.contains("no/such/dir"), "\(nowhere.stderr)")
        let folder = try scene.stampkitWithPlaces(["export", "-o", scene.photos.path])
        #expect(folder.status == 65 && folder.stderr.contains("is a folder"))
        // Nothing half-written is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scene.root.path).allSatisfy { !$0.hasSuffix(".partial") })
    }
}
