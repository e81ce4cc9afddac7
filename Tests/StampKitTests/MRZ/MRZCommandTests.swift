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

/// `stampkit mrz` on the built binary: fields on stdout only, one line on stderr for a failure,
/// and the exit code of its class.
@Suite struct MRZCommandTests {
    static let td3 = MRZImageTests.td3.joined(separator: "\n") + "\n"

    @Test func textJSONHasTheContractFields() throws {
        let outcome = try CLI.run(["mrz", "--text", "--json"], stdin: Self.td3)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        for key in ["format", "documentCode", "issuingState", "surname", "givenNames", "documentNumber", "nationality",
                    "birthDate", "expiryDate", "sex", "optionalData", "lines", "valid", "checks", "repairs"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["documentNumber"] as? String == "L898902C3")
        #expect(object["birthDate"] as? String == "1974-08-12")
        #expect(object["valid"] as? Bool == true)
        #expect((object["lines"] as? [String]) == MRZImageTests.td3)
    }

    @Test func textHumanOutputShowsFieldsChecksAndRepairs() throws {
        // Column 1 of line 2: L read as… no, a digit in the document number's check: 6 → G.
        let damaged = MRZImageTests.td3[0] + "\n" + replacing(MRZImageTests.td3[1], column: 10, with: "G") + "\n"
        let outcome = try CLI.run(["mrz", "--text"], stdin: damaged)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("ERIKSSON"))
        #expect(outcome.stdout.contains("L898902C3"))
        #expect(outcome.stdout.contains("Checks"))
        #expect(outcome.stdout.contains("line 2 column 10: G → 6"))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func textThatIsNoZoneExits65WithoutContent() throws {
        let outcome = try CLI.run(["mrz", "--text"], stdin: "SECRETNAME\n")
        #expect(outcome.status == 65)
        #expect(outcome.stderrLines.count == 1)
        #expect(!outcome.stderr.contains("SECRETNAME"))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func imageWithoutZoneExits67() throws {
        let page = MRZImageTests.fixture("page-no-mrz.jpg").path
        let outcome = try CLI.run(["mrz", page])
        #expect(outcome.status == 67)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains("no machine-readable zone"))
        #expect(!outcome.stderr.contains("ERIKSSON"))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func imageJSONReadsTheSpecimen() throws {
        let outcome = try CLI.run(["mrz", MRZImageTests.fixture("page-td3-rot180.jpg").path, "--json"])
        #expect(outcome.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect((object["lines"] as? [String]) == MRZImageTests.td3)
        #expect(object["valid"] as? Bool == true)
        #expect(outcome.stderr.isEmpty)
        let printed = try #require(object["printed"] as? [String: Any])
        #expect(printed["birthDate"] as? String == "1974-08-12")
        #expect(printed["expiryDate"] as? String == "2012-04-15")
        #expect((printed["differences"] as? [String]) == [])
    }

    @Test func textHasNoPrintedFields() throws {
        let outcome = try CLI.run(["mrz", "--text", "--json"], stdin: Self.td3)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(object["printed"] == nil)
    }

    @Test func imageHumanOutputShowsThePrintedFields() throws {
        let outcome = try CLI.run(["mrz", MRZImageTests.fixture("page-td3-upright.jpg").path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("Printed (visual zone"))
        #expect(outcome.stdout.contains("15 APR") == false)
        #expect(outcome.stdout.components(separatedBy: "2012-04-15").count == 3)
    }

    @Test func usageErrors() throws {
        for words in [["mrz"], ["mrz", "x.jpg", "--text"], ["bench", "mrz"]] {
            let outcome = try CLI.run(words)
            #expect(outcome.status == 64, "\(words)")
            #expect(outcome.stderrLines.count == 1)
        }
    }

    @Test(arguments: ["mrz", "bench mrz"])
    func helpIsThere(command: String) throws {
        let outcome = try CLI.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("OVERVIEW: "))
        #expect(outcome.stdout.contains("USAGE: stampkit \(command)"))
    }
}
