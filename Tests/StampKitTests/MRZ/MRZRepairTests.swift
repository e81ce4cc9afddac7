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

@Suite struct MRZRepairTests {
    static let upper = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
    static let lower = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"

    func parse(_ lines: [String]) throws -> MRZDocument {
        try MRZParser.parse(lines: lines, referenceDay: mrzToday)
    }

    @Test func letterOInADateBecomesZero() throws {
        let damaged = replacing(Self.lower, column: 16, with: "O")  // 740812 → 74O812
        let doc = try parse([Self.upper, damaged])
        #expect(doc.lines == [Self.upper, Self.lower])
        #expect(doc.repairs == [
            MRZRepair(line: 2, column: 16, from: "O", to: "0", field: "birthDate", basis: .checkDigit)
        ])
        #expect(doc.birthDate == "1974-08-12")
        #expect(doc.valid)
    }

    @Test func confusionsInEveryNumericFieldOfEachFormat() throws {
        // One letter-for-digit confusion per numeric field, in each format with check digits.
        let cases: [(lines: [String], line: Int, column: Int, from: Character, field: String)] = [
            (["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"],
             2, 9, "I", "expiryDate"),
            (["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"],
             2, 30, "G", "compositeCheck"),
            (["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"], 2, 36, "G", "compositeCheck"),
            (["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "L8988901C4XXX7408122F9612109<<<<<<<<"], 2, 18, "I", "birthDate"),
            (["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C<3UTO6908061F9406236ZE184226B<<<<<<<"],
             2, 25, "G", "expiryDate"),
            ([Self.upper, Self.lower], 2, 20, "Z", "birthDateCheck"),
        ]
        for c in cases {
            let original = Array(c.lines[c.line - 1])[c.column - 1]
            var damaged = c.lines
            damaged[c.line - 1] = replacing(damaged[c.line - 1], column: c.column, with: c.from)
            let doc = try parse(damaged)
            let context = Comment(rawValue: "\(c.field) \(c.from)")
            #expect(doc.lines == c.lines, context)
            #expect(doc.repairs.count == 1, context)
            #expect(doc.repairs.first?.to == String(original), context)
            #expect(doc.repairs.first?.field == c.field, context)
            #expect(doc.valid, context)
            // A letter in a digit field is forced and confirmed by a check: nothing to review.
            #expect(!doc.flags.contains(.singleCheckRepair), context)
        }
    }

    @Test func digitOneInAStateCodeBecomesI() throws {
        let upper = "P<1RLERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"
        let doc = try parse([upper, Self.lower])
        #expect(doc.issuingState == "IRL")
        #expect(doc.repairs == [
            MRZRepair(line: 1, column: 3, from: "1", to: "I", field: "issuingState", basis: .fieldType)
        ])
        #expect(!doc.flags.contains(.unknownIssuingState))
        #expect(doc.valid)
    }

    @Test func germanCodeReadWithKForFillerIsRestored() throws {
        let lower = td3Lower(
            number: "C01X00T47", nationality: "D<<", birth: "640812", sex: "F", expiry: "310630", optional: "")
        let damaged = replacing(replacing(lower, column: 12, with: "K"), column: 13, with: "K")
        let doc = try parse(["P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<", damaged])
        #expect(doc.nationality == "D")
        #expect(doc.repairs.map(\.basis) == [.filler, .filler])
        #expect(doc.valid)
    }

    @Test func fiveReadAsSInADocumentNumberUnderItsCheck() throws {
        let lower = td3Lower(
            number: "PA5473934", nationality: "UTO", birth: "740812", sex: "F", expiry: "300415", optional: "")
        let damaged = replacing(lower, column: 3, with: "S")
        let doc = try parse([Self.upper, damaged])
        #expect(doc.documentNumber == "PA5473934")
        #expect(doc.repairs == [
            MRZRepair(line: 2, column: 3, from: "S", to: "5", field: "documentNumber", basis: .checkDigit)
        ])
        #expect(doc.valid)
        // The composite weighs the number exactly as its own check does: one check confirms it.
        #expect(doc.flags.contains(.singleCheckRepair))
    }

    @Test func twoConfusionsInOneNumberAreBothRepaired() throws {
        let lower = td3Lower(
            number: "X0Y1234W5", nationality: "UTO", birth: "740812", sex: "F", expiry: "300415", optional: "")
        var damaged = replacing(lower, column: 2, with: "O")
        damaged = replacing(damaged, column: 9, with: "S")
        let doc = try parse([Self.upper, damaged])
        #expect(doc.documentNumber == "X0Y1234W5")
        #expect(doc.repairs.map(\.column) == [2, 9])
        #expect(doc.valid)
    }

    @Test func fillerReadAsEInTheOptionalDataRunIsFoundByItsCheck() throws {
        let damaged = replacing(Self.lower, column: 39, with: "E")  // ZE184226B<<<<< → ZE184226B<E<<<
        let doc = try parse([Self.upper, damaged])
        #expect(doc.repairs == [
            MRZRepair(line: 2, column: 39, from: "E", to: "<", field: "optionalData", basis: .checkDigit)
        ])
        #expect(doc.optionalData == "ZE184226B")
        #expect(doc.valid)
    }

    @Test func fillerReadAsKInPaddingIsRepairedThoughChecksCannotSeeIt() throws {
        // K is worth 20, 0 modulo 10: the check digits pass either way, the padding decides.
        let damaged = replacing(Self.lower, column: 40, with: "K")
        #expect(MRZCheckDigit.compute("ZE184226B<<K<<") == MRZCheckDigit.compute("ZE184226B<<<<<"))
        let doc = try parse([Self.upper, damaged])
        #expect(doc.repairs == [
            MRZRepair(line: 2, column: 40, from: "K", to: "<", field: "optionalData", basis: .filler)
        ])
        #expect(doc.optionalData == "ZE184226B")
        #expect(doc.valid)
    }

    @Test func ambiguousRepairIsRefused() throws {
        // PAS071926: both S→5 and 1→I pass the number's check, and the composite, which weighs
        // the number exactly as its own check does, cannot choose.
        let lower = td3Lower(
            number: "PA5071926", nationality: "UTO", birth: "740812", sex: "F", expiry: "300415", optional: "")
        let doc = try parse([Self.upper, replacing(lower, column: 3, with: "S")])
        #expect(doc.flags.contains(.ambiguousRepair))
        #expect(doc.repairs.isEmpty)
        #expect(doc.checks["documentNumber"] == false)
        #expect(!doc.valid)
    }

    @Test func fillerReadAsLettersInTheNamePadding() throws {
        let upper = "P<UTOERIKSSON<<ANNA<MARIA<<<K<<<<E<<<<<<<<<C"
        let doc = try parse([upper, Self.lower])
        #expect(doc.lines[0] == Self.upper)
        #expect(doc.repairs.map(\.column) == [29, 34, 44])
        #expect(doc.repairs.allSatisfy { $0.basis == .filler && $0.field == "name" && $0.to == "<" })
        #expect(doc.givenNames == "ANNA MARIA")
        #expect(!doc.flags.contains(.nameTruncated))
    }

    @Test func fillerInTD1OptionalDataBesideFillers() throws {
        let damaged = replacing("7408122F1204159UTO<<<<<<<<<<<6", column: 22, with: "K")
        let doc = try parse(["I<UTOD231458907<<<<<<<<<<<<<<<", damaged, "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"])
        #expect(doc.repairs.map(\.column) == [22])
        #expect(doc.repairs.first?.field == "optionalData2")
        #expect(doc.valid)
    }

    @Test func digitsInNamesBecomeLetters() throws {
        let upper = "P<UTOER1KSSON<<ANNA<MAR1A<<<<<<<<<<<<<<<<<<<"
        let doc = try parse([upper, Self.lower])
        #expect(doc.surname == "ERIKSSON")
        #expect(doc.givenNames == "ANNA MARIA")
        #expect(doc.repairs.map(\.basis) == [.fieldType, .fieldType])
    }

    @Test func zoneThatStillFailsNamesItsFailingChecks() throws {
        // A digit misread as another digit is no confusion the repair may try.
        let damaged = replacing(Self.lower, column: 7, with: "3")  // L898902C3 → L89890 3 C3
        let doc = try parse([Self.upper, damaged])
        #expect(!doc.valid)
        #expect(doc.checks["documentNumber"] == false)
        #expect(doc.checks["composite"] == false)
        #expect(doc.checks["birthDate"] == true)
        #expect(doc.checks["expiryDate"] == true)
        #expect(doc.checks["optionalData"] == true)
        #expect(doc.lines[1] == damaged)
    }

    @Test func forcedDateRepairSurvivesAnUnrepairableNumber() throws {
        // The number has a digit-for-digit error nothing can fix, so the composite fails; the
        // birth date's O is still repaired because its own check confirms the only digit it can be.
        var damaged = replacing(Self.lower, column: 7, with: "3")
        damaged = replacing(damaged, column: 16, with: "O")
        let doc = try parse([Self.upper, damaged])
        #expect(doc.repairs.map(\.field) == ["birthDate"])
        #expect(doc.birthDate == "1974-08-12")
        #expect(doc.checks["birthDate"] == true)
        #expect(doc.checks["documentNumber"] == false)
        #expect(doc.checks["composite"] == false)
        #expect(!doc.valid)
    }

    @Test func letterThatMapsToNoDigitLeavesTheDateFailing() throws {
        let damaged = replacing(Self.lower, column: 24, with: "X")  // expiry 120415 → 12X415
        let doc = try parse([Self.upper, damaged])
        #expect(!doc.valid)
        #expect(doc.checks["expiryDate"] == false)
        #expect(doc.expiryDate == nil)
        #expect(doc.flags.contains(.invalidExpiryDate))
        #expect(doc.repairs.isEmpty)
    }

    @Test func repairAfterRealignment() throws {
        // One filler lost and one date digit read as a letter in the same line.
        var damaged = replacing(Self.lower, column: 18, with: "I")  // 740812 → 7408I2
        damaged.remove(at: damaged.index(damaged.startIndex, offsetBy: 40))
        let doc = try parse([Self.upper, damaged])
        #expect(doc.lines == [Self.upper, Self.lower])
        #expect(doc.flags.contains(.lineLengthAdjusted))
        #expect(doc.repairs.map(\.field) == ["birthDate"])
        #expect(doc.valid)
    }
}
