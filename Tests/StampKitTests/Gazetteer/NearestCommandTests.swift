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
@testable import StampKitScan
@testable import StampKitSupport

/// `stampkit places near` run as a person would, on the fixture gazetteer and borders.
@Suite("places near command")
struct NearestCommandTests {
    private func near(_ arguments: [String]) throws -> CLI.Outcome {
        try CLI.run(["places", "near", "--gazetteer", try FixtureGazetteer.shared.path] + arguments)
    }

    @Test func jsonListsPlacesWithKindIDNameCountryAndDistance() throws {
        let kef = try #require(try FixtureGazetteer.open().airport(iata: "KEF"))
        let out = try near(["\(kef.latitude),\(kef.longitude)", "--limit", "4", "--json"])
        #expect(out.status == 0)
        #expect(out.stderr.isEmpty)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 4)
        let first = try #require(rows.first)
        #expect(first["kind"] as? String == "airport")
        #expect(first["id"] as? String == "KEF")
        #expect(first["iata"] as? String == "KEF" && first["icao"] as? String == "BIKF")
        #expect(first["countryCode"] as? String == "IS")
        let distances = rows.compactMap { $0["distanceKm"] as? Double }
        #expect(distances.count == 4 && distances == distances.sorted())
        for row in rows where row["kind"] as? String == "city" {
            #expect(row["id"] is Int && row["name"] is String && row["population"] is Int)
        }
    }

    @Test func kindInRadiusAndSameCountryOptions() throws {
        // Near Blaine, Washington, just south of the 49th parallel: the nearest big cities are
        // Canadian (Langley, Surrey); staying in the United States gives Everett and beyond.
        let blaine = "48.98,-122.70"
        let plain = try near([blaine, "--kind", "city", "--limit", "1", "--json"])
        let kept = try near([
            blaine, "--kind", "city", "--limit", "3", "--same-country", "--borders", FixtureBorders.directory.path, "--json",
        ])
        #expect(plain.status == 0 && kept.status == 0)
        let plainRows = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [[String: Any]])
        let keptRows = try #require(try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [[String: Any]])
        #expect(plainRows.first?["countryCode"] as? String == "CA")
        #expect(keptRows.count == 3 && keptRows.allSatisfy { $0["countryCode"] as? String == "US" })
        let german = try near(["48.5734,7.7521", "--in", "DE", "--kind", "airport", "--json"])
        let germanRows = try #require(try JSONSerialization.jsonObject(with: Data(german.stdout.utf8)) as? [[String: Any]])
        #expect(!germanRows.isEmpty && germanRows.allSatisfy { $0["countryCode"] as? String == "DE" && $0["kind"] as? String == "airport" })
        let sea = try near(["0,-30", "--radius", "50", "--json"])
        #expect(sea.status == 0 && sea.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        let text = try near(["--limit", "1", "--borders", FixtureBorders.directory.path, "-33.92,18.42"])
        #expect(text.status == 0 && text.stdout.contains("inside South Africa") && text.stdout.contains("1."))
    }

    @Test(arguments: [
        ["91,0"], ["0,181"], ["-91,0"], ["abc"], ["10,20,30"], ["10"], [","], ["1e3,5"], ["nan,0"], ["0x10,0"], [""],
        ["10,20", "--kind", "bus"], ["10,20", "--radius", "-5"], ["10,20", "--in", "USA"], ["10,20", "--limit", "0"],
    ])
    func badInputIsOneUsageLine(arguments: [String]) throws {
        let out = try near(arguments.first?.hasPrefix("-") == true ? ["--"] + arguments : arguments)
        #expect(out.status == 64)
        #expect(out.stdout.isEmpty)
        #expect(out.stderrLines.count == 1)
    }

    @Test func theGazetteerCarriesBordersForSameCountry() throws {
        // 48.98,-122.70 is in Washington, a few km from Canadian towns: without the border
        // constraint the nearest city is Canadian, with it every answer stays in the US.
        let free = try near(["48.98,-122.70", "--kind", "city", "--limit", "1", "--json"])
        let nearest = try JSONSerialization.jsonObject(with: Data(free.stdout.utf8)) as? [[String: Any]]
        #expect(nearest?.first?["countryCode"] as? String == "CA")
        let out = try near(["48.98,-122.70", "--same-country", "--kind", "city", "--limit", "3", "--json"])
        #expect(out.status == 0)
        let places = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        #expect(!places.isEmpty)
        #expect(places.allSatisfy { $0["countryCode"] as? String == "US" })
    }

    @Test func sameCountryWithoutBordersSaysHowToGetThem() throws {
        // A gazetteer built without the Natural Earth files: the same file less its borders row.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("no-borders-\(UUID()).sqlite")
        try FileManager.default.copyItem(at: try FixtureGazetteer.shared, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        try Database(path: copy.path, mode: .readWriteCreate).execute("DELETE FROM borders")
        let out = try CLI.run(["places", "near", "--gazetteer", copy.path, "48.2,-104.05", "--same-country"])
        #expect(out.status == 74)
        #expect(out.stderrLines.count == 1 && out.stderr.contains("--borders"))
    }
}
