import Foundation
import Testing
import StampKitSupport

@testable import StampKitMRZ

/// `stampkit mrz --text` takes a zone and nothing else: 2 or 3 lines of zone characters. Bytes,
/// prose, a page of text or a lone line exit 65 with one line on stderr, never a zone of fillers.
@Suite struct MRZTextInputTests {
    static let visa = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX7408122F96121096ZE184226B<<<<<<"]

    /// Expects the exit code of bad input, one line on stderr, nothing on stdout.
    static func expectRefused(_ outcome: MRZProcess.Outcome, mentioning words: String) {
        #expect(outcome.status == 65)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.hasPrefix("stampkit: error: "))
        #expect(outcome.stderr.contains(words), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
    }

    @Test func fiveMegabytesOfRandomBytesAreNoZone() throws {
        var generator = SeededBytes(seed: 8)
        let bytes = Data((0..<5_000_000).map { _ in generator.next() })
        let outcome = try MRZProcess.run(["mrz", "--text"], stdin: bytes)
        Self.expectRefused(outcome, mentioning: "machine-readable zone")
    }

    @Test(arguments: ["", "\n  \n\t\n"])
    func emptyInputIsNoZone(input: String) throws {
        Self.expectRefused(try MRZProcess.run(["mrz", "--text"], stdin: Data(input.utf8)), mentioning: "no MRZ text")
    }

    @Test func oneLineIsNoZone() throws {
        let outcome = try MRZProcess.run(["mrz", "--text"], stdin: Data((MRZImageTests.td3[1] + "\n").utf8))
        Self.expectRefused(outcome, mentioning: "got 1 non-blank lines")
    }

    @Test func tenLinesAreNoZone() throws {
        // Five zones in a row: each pair is a valid zone, but the input as a whole is not one.
        let text = Array(repeating: MRZImageTests.td3, count: 5).flatMap { $0 }.joined(separator: "\n")
        let outcome = try MRZProcess.run(["mrz", "--text", "--json"], stdin: Data(text.utf8))
        Self.expectRefused(outcome, mentioning: "got 10 non-blank lines")
        #expect(!outcome.stderr.contains("ERIKSSON"))
    }

    @Test func twoLinesOfOtherCharactersAreNoZone() throws {
        let prose = ["Dear Anna, the passport office is open until", "five o'clock; bring 2 photos & the old one!!"]
        let outcome = try MRZProcess.run(["mrz", "--text"], stdin: Data(prose.joined(separator: "\n").utf8))
        Self.expectRefused(outcome, mentioning: "line 1 of the input")
        #expect(!outcome.stderr.contains("Anna"))
    }

    @Test(arguments: [
        (MRZImageTests.td3.joined(separator: "\n"), MRZImageTests.td3),
        (MRZImageTests.td1.joined(separator: "\n"), MRZImageTests.td1),
        (visa.joined(separator: "\n"), visa),
        // Pasted: indented, lower case, a space inside, Windows line ends, blank lines around.
        ("\n  " + MRZImageTests.td3[0].lowercased() + "  \r\n" + MRZImageTests.td3[1].prefix(20) + " "
            + MRZImageTests.td3[1].dropFirst(20) + "\r\n\n", MRZImageTests.td3),
    ])
    func specimensStillRead(text: String, lines: [String]) throws {
        let outcome = try MRZProcess.run(["mrz", "--text", "--json"], stdin: Data(text.utf8))
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect((object["lines"] as? [String]) == lines)
        #expect(object["valid"] as? Bool == true)
        #expect(object["model"] == nil)  // no model read typed text
    }

    @Test func aLineOneCharacterShortIsStillTolerated() throws {
        // The filler run of the name line lost one `<`: the parser's length slack re-aligns it.
        let short = [String(MRZImageTests.td3[0].dropLast()), MRZImageTests.td3[1]].joined(separator: "\n")
        let outcome = try MRZProcess.run(["mrz", "--text", "--json"], stdin: Data(short.utf8))
        #expect(outcome.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect((object["lines"] as? [String]) == MRZImageTests.td3)
        #expect((object["flags"] as? [String])?.contains("lineLengthAdjusted") == true)
    }

    @Test func zoneTextIsStricterThanPageText() throws {
        // parse(text:) looks for a zone inside a page's OCR; parse(zoneText:) takes none of it.
        let page = (["PASSPORT  PASSEPORT", "Surname / Nom", "ERIKSSON"] + MRZImageTests.td3).joined(separator: "\n")
        #expect(try MRZParser.parse(text: page, referenceDay: mrzToday).lines == MRZImageTests.td3)
        #expect(throws: MRZError.self) { try MRZParser.parse(zoneText: page, referenceDay: mrzToday) }
        let error = try #require(throws: MRZError.self) {
            try MRZParser.parse(zoneText: "P<UTO\u{00AB}\n" + MRZImageTests.td3[1], referenceDay: mrzToday)
        }
        #expect(error.code == "mrz-not-zone-text")
        #expect(error.failureClass.exitCode == 65)
        #expect(try MRZParser.parse(zoneText: MRZImageTests.td3.joined(separator: "\n"), referenceDay: mrzToday).valid)
    }
}

/// Deterministic bytes (SplitMix64), so a failure reproduces.
struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt8 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: (z ^ (z >> 31)) >> 24)
    }
}

/// Runs a `stampkit` binary — the built one, or a copy elsewhere — with bytes on stdin and an
/// environment without the variables that would pick a model or data folder for it.
enum MRZProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    static func run(_ arguments: [String], binary: URL = CLI.binary, stdin: Data = Data(),
                    environment extra: [String: String] = [:], removing: [String] = []) throws -> Outcome {
        signal(SIGPIPE, SIG_IGN)  // a child that stops reading early must not end the test run
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        for key in removing { environment.removeValue(forKey: key) }
        for (k, v) in extra { environment[k] = v }
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Write from another thread: the child may answer before it has read all of a large input.
        let writer = input.fileHandleForWriting
        let feeding = Thread {
            try? writer.write(contentsOf: stdin)
            try? writer.close()
        }
        feeding.start()
        let outData = out.fileHandleForReading.readAll()
        let errData = err.fileHandleForReading.readAll()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                       stderr: String(decoding: errData, as: UTF8.self))
    }
}
