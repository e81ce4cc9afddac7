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

/// The visual zone's printed dates and place of birth, matched to the machine-readable zone.
@Suite struct MRZVisualZoneTests {
    static func specimen() throws -> MRZDocument {
        try MRZParser.parse(lines: MRZImageTests.td3, referenceDay: mrzToday)
    }

    /// The specimen's visual zone as OCR gives it: label line, value line.
    static let vizLines = [
        "UTOPIA - PASSPORT / PASSEPORT", "Surname / Nom", "ERIKSSON",
        "Date of birth / Date de naissance", "12 AUG/AOUT 1974", "Sex / Sexe", "F",
        "Place of birth / Lieu de naissance", "| ZENITH",
        "Date of issue / Date de délivrance", "16 APR/AVR 2007",
        "Date of expiry / Date d'expiration", "15 APR/AVR 2012",
    ]

    @Test(arguments: [
        ("12 AUG/AOUT 1974", "1974-08-12"), ("16 APR/AVR 2007", "2007-04-16"), ("12.08.1974", "1974-08-12"),
        ("15 04 2025", "2025-04-15"), ("01/02/2003", "2003-02-01"),
        ("12 AUGyAOUT 1974", "1974-08-12"), ("3 JUIL/JUL 1999", "1999-07-03"), ("7 JUIN 2010", "2010-06-07"),
        ("Born: 29 FEB/FEV 2000.", "2000-02-29"), ("12 aug 1974", "1974-08-12"),
    ])
    func readsDayFirstDates(text: String, iso: String) {
        #expect(MRZVisualZone.dates(in: text).map(\.iso) == [iso])
    }

    @Test(arguments: ["31 APR/AVR 2007", "29.02.2023", "12.13.1974", "32 08 1974", "12 XYZ/ABC 1974", "0 AUG 1974",
                      "12 AUG 1874", "L898902C36UTO7408122F1204159ZE184226B<<<<<10", "", "1974"])
    func rejectsWhatIsNoDate(text: String) {
        #expect(MRZVisualZone.dates(in: text).isEmpty)
    }

    @Test func twoDatesOnOneLineComeInOrder() {
        #expect(MRZVisualZone.dates(in: "16 APR/AVR 2007   15.04.2012").map(\.iso) == ["2007-04-16", "2012-04-15"])
    }

    @Test func labelledFieldsAgreeWithTheZone() throws {
        let printed = MRZVisualZone.compare(lines: Self.vizLines, document: try Self.specimen())
        #expect(printed == MRZPrintedFields(birthDate: "1974-08-12", expiryDate: "2012-04-15", issueDate: "2007-04-16",
                                            placeOfBirth: "ZENITH", differences: []))
    }

    @Test func aPrintedBirthDateOneDigitOffIsFlaggedAndTheZoneKept() throws {
        let document = try Self.specimen()
        var lines = Self.vizLines
        lines[4] = "13 AUG/AOUT 1974"
        let printed = MRZVisualZone.compare(lines: lines, document: document)
        #expect(printed.birthDate == "1974-08-13")
        #expect(printed.differences == ["birthDate"])
        #expect(printed.expiryDate == "2012-04-15")
        #expect(document.birthDate == "1974-08-12")
    }

    @Test func aLabelledExpiryThatDiffersIsFlagged() throws {
        var lines = Self.vizLines
        lines[12] = "15 APR/AVR 2017"
        let printed = MRZVisualZone.compare(lines: lines, document: try Self.specimen())
        #expect(printed.expiryDate == "2017-04-15")
        #expect(printed.issueDate == "2007-04-16")
        #expect(printed.differences == ["expiryDate"])
    }

    @Test func unlabelledDatesAreMatchedByValue() throws {
        // Labels lost to OCR: dates in print order, the birth date misread in one digit.
        let lines = ["ERIKSSON", "15.04.2012", "12.08.1975", "16.04.2007"]
        let printed = MRZVisualZone.compare(lines: lines, document: try Self.specimen())
        #expect(printed.expiryDate == "2012-04-15")
        #expect(printed.birthDate == "1975-08-12")
        #expect(printed.issueDate == "2007-04-16")
        #expect(printed.differences == ["birthDate"])
    }

    @Test func anIssueDateTenYearsBeforeExpiryIsNotAMisreadExpiry() throws {
        // Labels lost, issue printed before expiry: 2002 is one digit off 2012, and is the issue.
        let document = try Self.specimen()
        let both = MRZVisualZone.compare(lines: ["12.08.1974", "15.04.2002", "15.04.2012"], document: document)
        #expect(both.issueDate == "2002-04-15")
        #expect(both.expiryDate == "2012-04-15")
        #expect(both.differences.isEmpty)
        let issueOnly = MRZVisualZone.compare(lines: ["12.08.1974", "15.04.2002"], document: document)
        #expect(issueOnly.issueDate == "2002-04-15")
        #expect(issueOnly.expiryDate == nil)
        #expect(issueOnly.differences.isEmpty)
    }

    @Test func noVisualZoneGivesNothingAndNoDifference() throws {
        let printed = MRZVisualZone.compare(lines: ["Signature of holder / Signature du titulaire"], document: try Self.specimen())
        #expect(printed == MRZPrintedFields())
    }

    @Test func placeOfBirthOnTheLabelLineOrBelowIt() {
        #expect(MRZVisualZone.placeOfBirth(["Place of birth: NEW YORK"]) == "NEW YORK")
        #expect(MRZVisualZone.placeOfBirth(["Lieu de naissance / Place of birth", "ST. GALLEN  "]) == "ST. GALLEN")
        // A label followed straight by another label has no value.
        #expect(MRZVisualZone.placeOfBirth(["Place of birth / Lieu de naissance", "Date of issue", "16 APR 2007"]) == nil)
    }

    @Test func linesFromTheZoneDownAreDropped() {
        func line(_ text: String, y: Int) -> OCRLine {
            OCRLine(text: text, confidence: 90, box: PixelBox(x: 0, y: y, width: 400, height: 20), words: [])
        }
        let lines = [line("12 AUG/AOUT 1974", y: 100), line("P<UTOERIKSSON<<ANNA<MARIA<<<", y: 600),
                     line("15 04 2025", y: 650), line("L898902C36UTO7408122F1204159ZE184226B<<<<<10", y: 640)]
        #expect(MRZVisualZoneReader.aboveZone(lines).map(\.text) == ["12 AUG/AOUT 1974"])
    }

    @Test(arguments: ["page-td3-upright.jpg", "page-td3-rot180.jpg", "page-td3-rot90.jpg", "page-td3-book.jpg"])
    func specimenPagePrintsTheZoneDates(name: String) throws {
        let page = try StampImage(contentsOf: MRZImageTests.fixture(name))
        let reading = try MRZImageReader().read(page, referenceDay: mrzToday)
        let printed = try MRZVisualZoneReader().read(page, reading: reading)
        #expect(printed.birthDate == reading.document.birthDate)
        #expect(printed.expiryDate == reading.document.expiryDate)
        #expect(printed.issueDate == "2007-04-16")
        #expect(printed.placeOfBirth == "ZENITH")
        #expect(printed.differences.isEmpty)
    }

    /// The facing page's visa prints other labelled dates; reading the whole photo would see them.
    @Test func theFacingPageOfABookIsNotRead() throws {
        let page = try StampImage(contentsOf: MRZImageTests.fixture("page-td3-book.jpg"))
        let reading = try MRZImageReader().read(page, referenceDay: mrzToday)
        var whole = reading
        whole.placement = nil
        let wholePage = try MRZVisualZoneReader().read(page, reading: whole)
        let dates = [wholePage.birthDate, wholePage.issueDate, wholePage.expiryDate]
        let aboveZone = try MRZVisualZoneReader().read(page, reading: reading)
        #expect(dates != [aboveZone.birthDate, aboveZone.issueDate, aboveZone.expiryDate] || !wholePage.differences.isEmpty,
                "the whole page should show what the crop avoids: \(dates)")
        #expect(aboveZone.issueDate == "2007-04-16")
        #expect(aboveZone.differences.isEmpty)
    }

    @Test func randomAndMutatedTextNeverCrashes() throws {
        var rng = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789 ./-|:AUGOTVRMIJNPEFBSDCLaugé<\n")
        let document = try Self.specimen()
        for _ in 0..<300 {
            let text = String((0..<Int.random(in: 0...80, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            var lines = Self.vizLines
            lines[Int.random(in: 0..<lines.count, using: &rng)] = text
            let printed = MRZVisualZone.compare(lines: lines + text.split(separator: "\n").map(String.init), document: document)
            for date in [printed.birthDate, printed.expiryDate, printed.issueDate].compactMap({ $0 }) {
                #expect(date.count == 10)
            }
            #expect(Set(printed.differences).isSubset(of: ["birthDate", "expiryDate"]))
        }
    }
}
