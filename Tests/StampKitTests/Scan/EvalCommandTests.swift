import Foundation
import Testing

/// `stampkit eval` on a folder made from two samples: real Tesseract, the fixture gazetteer.
@Suite struct EvalCommandTests {
    @Test func reportsEachLevelAndTheReliabilityTableAsJSON() throws {
        let folder = try makeTemporaryDirectory("eval")
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["kef-entry.jpg", "jfk-admitted.jpg"] {
            try FileManager.default.copyItem(
                at: Repository.samples.appendingPathComponent("stamps/\(name)"), to: folder.appendingPathComponent(name))
        }
        // The JFK line claims Canada: one answer must come out wrong, and sure of itself.
        try """
            {"file": "kef-entry.jpg", "level": "easy", "country": "IS", "airport": "KEF", "date": "2019-07-12", "direction": "arrival", "method": "air"}
            {"file": "jfk-admitted.jpg", "level": "medium", "country": "CA", "airport": "JFK", "date": "2019-07-12", "direction": "arrival", "method": "air"}

            """.write(to: folder.appendingPathComponent("truth.jsonl"), atomically: true, encoding: .utf8)
        let outcome = try CLI.run(["eval", folder.path, "--json", "--jobs", "2", "--gazetteer", FixtureGazetteer.shared.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.map { $0["group"] as? String } == ["all", "easy", "medium"])
        let all = rows[0]
        #expect(all["stamps"] as? Int == 2)
        let country = try #require(all["countryTop1"] as? [String: Any])
        #expect(country["right"] as? Int == 1 && country["total"] as? Int == 2)
        #expect(all["confidentWrong"] as? Int == 1, "the JFK stamp reads as the US with high confidence")
        let airport = try #require(all["airport"] as? [String: Any])
        #expect(airport["right"] as? Int == 2, "both airports are read (truth's country does not change the airport)")
        let bands = try #require(report["calibration"] as? [[String: Any]])
        #expect(bands.count == 10)
        #expect(bands.compactMap { ($0["answers"] as? [String: Any])?["total"] as? Int }.reduce(0, +) == 2)
    }

    /// A corrupt image and a missing one are named on stderr, one line each, and counted as
    /// unreadable; the readable stamp is still measured.
    @Test func anImageThatCannotBeReadIsNamedAndCounted() throws {
        let folder = try makeTemporaryDirectory("eval-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Repository.samples.appendingPathComponent("stamps/kef-entry.jpg"), to: folder.appendingPathComponent("kef-entry.jpg"))
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("broken.jpg"))
        try """
            {"file": "broken.jpg", "country": "FR"}
            {"file": "kef-entry.jpg", "country": "IS"}
            {"file": "gone.jpg", "country": "DE"}

            """.write(to: folder.appendingPathComponent("truth.jsonl"), atomically: true, encoding: .utf8)
        let outcome = try CLI.run(["eval", folder.path, "--each", "--jobs", "2", "--gazetteer", FixtureGazetteer.shared.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let errors = outcome.stderrLines.filter { $0.contains(": error: ") }
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix("broken.jpg: error: not a JPEG") == true)
        #expect(errors.last?.hasPrefix("gone.jpg: error: no file at this path") == true)
        let rows = outcome.stdout.split(separator: "\n").filter { $0.contains(".jpg\t") }
        #expect(rows.filter { $0.contains("\tunreadable\t") }.count == 2)
        #expect(rows.contains { $0.hasPrefix("kef-entry.jpg\t") && $0.contains("\tright\t") })
    }

    @Test func aFolderWithoutTruthIsAnInputError() throws {
        let folder = try makeTemporaryDirectory("eval-empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(["eval", folder.path, "--gazetteer", FixtureGazetteer.shared.path])
        #expect(outcome.status == 65)
        #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains("truth.jsonl"))
    }
}
