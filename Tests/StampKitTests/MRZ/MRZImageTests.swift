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

/// Rendered identity pages (scripts/mrz/render.py fixtures): the ICAO TD3 specimen photographed
/// upright, turned, tilted, blurred and in perspective must read exactly.
@Suite(.serialized) struct MRZImageTests {
    static let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    static let td1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]

    static func fixture(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("mrz/\(name)")
    }

    static func read(_ name: String) throws -> MRZImageReading {
        let reader = try MRZImageReader()
        return try reader.read(StampImage(contentsOf: fixture(name)), referenceDay: mrzToday)
    }

    /// Every line equal to the specimen and every check passing: nothing less counts as read.
    static func expectExact(_ reading: MRZImageReading, _ lines: [String]) {
        #expect(reading.document.lines == lines)
        #expect(reading.document.valid)
        #expect(reading.document.checks.values.allSatisfy { $0 })
    }

    @Test(arguments: ["page-td3-upright.jpg", "page-td3-rot90.jpg", "page-td3-rot180.jpg", "page-td3-rot270.jpg",
                      "page-td3-tilt4.jpg", "page-td3-tilt-5.jpg", "page-td3-perspective.jpg", "page-td3-blur.jpg"])
    func specimenPageReadsExactly(name: String) throws {
        let reading = try Self.read(name)
        Self.expectExact(reading, Self.td3)
        #expect(reading.document.surname == "ERIKSSON")
        #expect(reading.document.givenNames == "ANNA MARIA")
        #expect(reading.document.birthDate == "1974-08-12")
    }

    @Test func td1CardReadsExactly() throws {
        let reading = try Self.read("page-td1-card.jpg")
        Self.expectExact(reading, Self.td1)
        #expect(reading.document.format == .td1)
    }

    @Test func turnedPagesReportTheirRotation() throws {
        // render.py turns counter-clockwise; undoing 90° needs −90° (or 270°), 180° needs 180°.
        let r90 = try Self.read("page-td3-rot90.jpg").rotation
        let r180 = try Self.read("page-td3-rot180.jpg").rotation
        #expect(abs(abs(r180) - 180) < 6)
        #expect(abs(r90 + 90) < 6)
    }

    @Test func theCommittedOCRBModelComesFirst() throws {
        let models = MRZModel.candidates(environment: ["HOME": "/nonexistent"])
        let first = try #require(models.first)
        #expect(first.name == MRZModel.trainedName)
        #expect(first.lineLayout == .rawLine)
        #expect(models.dropFirst().first?.name == "Latin")
    }

    /// Rendered line images (`scripts/mrz/render.py lines`, seed 77) read by the committed model
    /// before any repair: the character error rate the README reports, on a sample.
    @Test func ocrbModelReadsRenderedLines() throws {
        let directory = Self.fixture("lines")
        let truth = try String(contentsOf: directory.appendingPathComponent("truth.tsv"), encoding: .utf8)
        let model = MRZModel.named(MRZModel.checkoutModel.path)
        let engine = try MRZLineEngine(model: model.name, tessdata: model.directory)
        var errors = 0, characters = 0
        for row in truth.split(separator: "\n") {
            let parts = row.split(separator: "\t").map(String.init)
            let image = try StampImage(contentsOf: directory.appendingPathComponent(parts[0]))
            let read = try engine.read(image, layout: model.lineLayout).lines.joined()
            errors += MRZText.editDistance(read, parts[1])
            characters += parts[1].count
        }
        #expect(characters > 300)
        #expect(Double(errors) / Double(characters) < 0.05)
    }

    @Test func pageWithoutZoneIsNoMRZ() throws {
        #expect(throws: MRZNotFound.self) { try Self.read("page-no-mrz.jpg") }
        let failure = MRZNotFound()
        #expect(failure.failureClass == .noMRZ)
        #expect(failure.failureClass.exitCode == 67)
    }

    @Test func finderFindsTwoLinesOnTheUprightPage() throws {
        let image = try StampImage(contentsOf: Self.fixture("page-td3-upright.jpg"))
        let zones = try MRZZoneFinder().zones(in: image)
        let first = try #require(zones.first)
        #expect(first.lines.count == 2)
        #expect(first.belowCentre)
        // Each strip is a long line: many letters wide per letter height.
        for line in first.lines { #expect(line.width > 10 * line.height) }
    }

    @Test(arguments: [("P", "F"), ("H", "M"), ("N", "M")])
    func sexMisreadAsALookalikeIsRepairedByFieldType(read: String, meant: String) throws {
        let lower = td3Lower(number: "L898902C3", nationality: "UTO", birth: "740812", sex: meant, expiry: "300415", optional: "")
        let damaged = replacing(lower, column: 21, with: Character(read))
        let doc = try MRZParser.parse(lines: [Self.td3[0], damaged], referenceDay: mrzToday)
        #expect(doc.sex == meant)
        #expect(doc.valid)
        #expect(doc.repairs.contains { $0.field == "sex" && $0.from == read && $0.to == meant && $0.basis == .fieldType })
        #expect(!doc.flags.contains(.invalidSex))
    }

    @Test(arguments: ["B", "R", "F", "<"])
    func passportCodeMisreadIsRepairedByFieldType(read: String) throws {
        let upper = replacing(Self.td3[0], column: 1, with: Character(read))
        let doc = try MRZParser.parse(lines: [upper, Self.td3[1]], referenceDay: mrzToday)
        #expect(doc.format == .td3)
        #expect(doc.documentCode == "P")
        #expect(doc.lines == Self.td3)
        #expect(doc.repairs.contains { $0.field == "documentCode" && $0.from == read && $0.basis == .fieldType })
    }

    @Test func visaCodeIsLeftAlone() throws {
        let visa = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX7408122F96121096ZE184226B<<<<<<"]
        let doc = try MRZParser.parse(lines: visa, referenceDay: mrzToday)
        #expect(doc.format == .mrvA)
        #expect(doc.documentCode == "V")
        #expect(!doc.repairs.contains { $0.field == "documentCode" })
    }

    @Test func editDistanceCountsCharacterErrors() {
        #expect(MRZText.editDistance("P<UTO", "P<UTO") == 0)
        #expect(MRZText.editDistance("PKUTO", "P<UTO") == 1)
        #expect(MRZText.editDistance("P<UT0X", "P<UTO") == 2)
        #expect(MRZText.editDistance("", "ABC") == 3)
    }

    @Test func modelResolutionPrefersTheEnvironment() throws {
        let chosen = try MRZModel.resolve(environment: ["STAMPKIT_MRZ_MODEL": "/opt/models/ocrb.traineddata"])
        #expect(chosen.name == "ocrb")
        #expect(chosen.directory?.path == "/opt/models")
        #expect(MRZModel.named("Latin") == MRZModel(name: "Latin"))
    }

    @Test func theCheckoutsModelComesFirstForItsOwnProgramsAndTheInstalledOneForOthers() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("mrz-model-\(UUID().uuidString)")
        let directory = home.appendingPathComponent("stampkit")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.copyItem(at: MRZModel.checkoutModel, to: directory.appendingPathComponent("mrz.traineddata"))
        let environment = ["XDG_DATA_HOME": home.path]
        let inside = MRZModel.checkoutRoot.appendingPathComponent(".build/debug/stampkit")
        let fromCheckout = try #require(MRZModel.candidates(environment: environment, executable: inside).first)
        #expect(fromCheckout.directory?.standardizedFileURL.path == MRZModel.checkoutModel.deletingLastPathComponent().standardizedFileURL.path)
        let installedBinary = URL(fileURLWithPath: "/home/someone/.local/bin/stampkit")
        let installed = try #require(MRZModel.candidates(environment: environment, executable: installedBinary).first)
        #expect(installed.directory?.standardizedFileURL.path == directory.standardizedFileURL.path)
        #expect(installed.name == "mrz" && fromCheckout.name == "mrz")
    }

    @Test func missingModelIsALanguageDataFailure() {
        #expect(throws: OCRError.self) { try MRZLineEngine(model: "nosuchmodel") }
    }
}
