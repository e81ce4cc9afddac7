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

@Suite struct CLITests {
    @Test(arguments: [
        "", "scan", "ocr", "gazetteer", "gazetteer build", "gazetteer info", "bench", "bench scan", "bench stamps", "bench gazetteer",
        "places", "places search", "places show", "places list", "places near", "mrz", "bench mrz", "bench ocr", "eval",
    ])
    func everyCommandHasHelp(command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let outcome = try CLI.run(words + ["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("OVERVIEW: "))
        #expect(outcome.stdout.contains("USAGE: stampkit \(command)".trimmingCharacters(in: .whitespaces)))
        #expect(outcome.stdout.contains("OPTIONS:"))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func benchOCRTakesAKnownAngleAfterTheImage() throws {
        let image = Repository.samples.appendingPathComponent("stamps/lis-rotated.jpg").path
        let bad = try CLI.run(["bench", "ocr", image + "@ninety"])
        #expect(bad.status == 64 && bad.stderrLines.count == 1 && bad.stderr.contains("IMAGE@DEG"))
        let good = try CLI.run(["bench", "ocr", image + "@-90", "--rounds", "1"])
        #expect(good.status == 0, "\(good.stderr)")
        let angleRows = good.stdout.split(separator: "\n").filter { $0.contains("\t/1\t") || $0.contains("/1\t") }
        #expect(angleRows.count == 2 * StampImage.SkewBinarisation.allCases.count, "one row per binarisation, with and without contrast, each counting misses of 1")
    }

    @Test func versionPrintsOnStdout() throws {
        let outcome = try CLI.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "stampkit \(StampKit.version)\n")
    }

    @Test func usageErrorsExit64WithOneLine() throws {
        for words in [["frobnicate"], ["scan"], ["scan", "x.jpg", "--top", "zero"], ["scan", "x.jpg", "--crop", "1,2,3"]] {
            let outcome = try CLI.run(words)
            #expect(outcome.status == 64, "\(words)")
            #expect(outcome.stderrLines.count == 1, "\(words): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
    }

    @Test func reLaunchesItselfWithOneOpenMPThread() throws {
        // Without the variable the binary sets it and re-executes; the run must still work.
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "OMP_THREAD_LIMIT")
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["--version"]
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readAll()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("stampkit "))
    }

    @Test func missingGazetteerNamesTheCommandThatBuildsIt() throws {
        let outcome = try CLI.run(["scan", "x.jpg", "--gazetteer", "/nonexistent/g.sqlite"])
        #expect(outcome.status == 74)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains("make gazetteer") || outcome.stderr.contains("gazetteer build"))
    }

    @Test func corruptGazetteerIsADatabaseError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID()).sqlite")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try CLI.run(["gazetteer", "info", "--gazetteer", file.path])
        #expect(outcome.status == 74)
        #expect(outcome.stderrLines.count == 1)
    }

    @Test func missingLanguageDataExits69() throws {
        let gazetteer = try FixtureGazetteer.shared
        let sample = Repository.samples.appendingPathComponent("stamps/kef-entry.jpg").path
        let outcome = try CLI.run(["scan", sample, "--lang", "xyz", "--gazetteer", gazetteer.path])
        #expect(outcome.status == 69)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains("tesseract-ocr-xyz"))
    }

    /// Each bad input: one line on stderr naming the file, exit 65, and in JSON mode an error
    /// object on the image's own line.
    @Test(arguments: ["missing.jpg", "DIRECTORY", "empty.jpg", "truncated.jpg", "text.jpg", "bomb.png", "corrupt.png"])
    func badInputGivesOneLineAndExit65(name: String) throws {
        let gazetteer = try FixtureGazetteer.shared
        let path = name == "DIRECTORY" ? Repository.badFixtures.path : Repository.badFixtures.appendingPathComponent(name).path
        let human = try CLI.run(["scan", path, "--gazetteer", gazetteer.path])
        #expect(human.status == 65, "\(name): \(human.stderr)")
        #expect(human.stderrLines.count == 1, "\(name): \(human.stderr)")
        #expect(human.stderr.hasPrefix(path + ": error: "))
        #expect(human.stdout.isEmpty)
        let json = try CLI.run(["scan", path, "--json", "--gazetteer", gazetteer.path])
        #expect(json.status == 65)
        let line = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(line?["image"] as? String == path)
        #expect((line?["error"] as? [String: Any])?["code"] is String)
    }

    @Test func ocrNamesTheImageThatFailed() throws {
        let path = Repository.badFixtures.appendingPathComponent("truncated.jpg").path
        let outcome = try CLI.run(["ocr", path])
        #expect(outcome.status == 65)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains(path))
    }

    @Test func ocrReadsASampleAsJSON() throws {
        let path = Repository.samples.appendingPathComponent("stamps/lhr-arrival.jpg").path
        let outcome = try CLI.run(["ocr", path, "--json"])
        #expect(outcome.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let lines = try #require(json?["lines"] as? [[String: Any]])
        #expect(lines.contains { ($0["text"] as? String)?.contains("HEATHROW") == true })
        #expect((lines.first?["words"] as? [[String: Any]])?.first?["box"] is [Int])
    }

    @Test func batchKeepsGoingPastABadImageAndFailsAtTheEnd() throws {
        let gazetteer = try FixtureGazetteer.shared
        let good = Repository.samples.appendingPathComponent("stamps/jfk-admitted.jpg").path
        let bad = Repository.badFixtures.appendingPathComponent("text.jpg").path
        let outcome = try CLI.run(["scan", bad, good, "--json", "--jobs", "2", "--gazetteer", gazetteer.path])
        #expect(outcome.status == 65)
        let lines = outcome.stdout.split(separator: "\n")
        try #require(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        #expect(first?["image"] as? String == bad && first?["error"] != nil, "input order is kept")
        let best = (second?["candidates"] as? [[String: Any]])?.first
        #expect((best?["country"] as? [String: Any])?["code"] as? String == "US")
        #expect(outcome.stderrLines.count == 1)
    }
}
