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
@testable import StampKitSupport

@Suite struct MRZQuirkTests {
    static let upper = "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"

    @Test func fillerCheckDigitOfEmptyOptionalFieldPasses() throws {
        // Valid zone with an empty personal number, then `0` replaced by `<` as many states print.
        let lower = td3Lower(
            number: "L898902C3", nationality: "UTO", birth: "740812", sex: "F", expiry: "120415", optional: "")
        #expect(Array(lower)[42] == "0")
        let quirk = replacing(lower, column: 43, with: "<")
        let doc = try MRZParser.parse(lines: [Self.upper, quirk], referenceDay: mrzToday)
        #expect(doc.checks["optionalData"] == true)
        #expect(doc.checks["composite"] == true)
        #expect(doc.flags.contains(.fillerCheckDigit))
        #expect(doc.valid)
        #expect(doc.repairs.isEmpty)
        #expect(doc.optionalData == "")
    }

    @Test func fillerCheckDigitOverFilledOptionalFieldFails() throws {
        let lower = td3Lower(
            number: "L898902C3", nationality: "UTO", birth: "740812", sex: "F", expiry: "120415",
            optional: "ZE184226B")
        let broken = replacing(lower, column: 43, with: "<")
        let doc = try MRZParser.parse(lines: [Self.upper, broken], referenceDay: mrzToday)
        #expect(doc.checks["optionalData"] == false)
        #expect(!doc.valid)
    }

    @Test func longTD1DocumentNumberContinuesInOptionalData() throws {
        // ICAO 9303 Part 5 note j: 9 characters, `<` at the check position, the rest and the
        // check digit over the whole number at the start of the optional data.
        let number = "D23145890734"
        let line1Start = "I<UTO" + number.prefix(9) + "<" + number.dropFirst(9) + String(icaoCheck(number)) + "<AB1"
        let line1 = line1Start.padding(toLength: 30, withPad: "<", startingAt: 0)
        let line2Body = "740812" + String(icaoCheck("740812")) + "F" + "120415" + String(icaoCheck("120415"))
            + "UTO" + "<<<<<<<<<<<"
        let composite = icaoCheck(
            String(Array(line1)[5...]) + String(Array(line2Body)[0...6]) + String(Array(line2Body)[8...14])
                + String(Array(line2Body)[18...28]))
        let line2 = line2Body + String(composite)
        let doc = try MRZParser.parse(lines: [line1, line2, "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"], referenceDay: mrzToday)
        #expect(doc.format == .td1)
        #expect(doc.documentNumber == number)
        #expect(doc.optionalData == "AB1")
        #expect(doc.flags.contains(.longDocumentNumber))
        #expect(doc.checks == ["documentNumber": true, "birthDate": true, "expiryDate": true, "composite": true])
        #expect(doc.valid)

        // A wrong check digit on the continued number is caught, not ignored.
        let wrong = replacing(line1, column: 19, with: icaoCheck(number) == "1" ? "2" : "1")
        let bad = try MRZParser.parse(lines: [wrong, line2, "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"], referenceDay: mrzToday)
        #expect(bad.checks["documentNumber"] == false)
        #expect(!bad.valid)
    }

    @Test func germanStateCodeDWithFillers() throws {
        let upper = "P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<"
        let lower = td3Lower(
            number: "C01X00T47", nationality: "D<<", birth: "640812", sex: "F", expiry: "310630", optional: "")
        let doc = try MRZParser.parse(lines: [upper, lower], referenceDay: mrzToday)
        #expect(doc.issuingState == "D")
        #expect(doc.nationality == "D")
        #expect(!doc.flags.contains(.unknownIssuingState))
        #expect(!doc.flags.contains(.unknownNationality))
        #expect(doc.surname == "MUSTERMANN")
        #expect(doc.givenNames == "ERIKA")
        #expect(doc.documentNumber == "C01X00T47")
        #expect(doc.valid)
        #expect(doc.repairs.isEmpty)
    }

    @Test func unknownStateThatPassesItsChecksIsFlaggedNotRejected() throws {
        let upper = "P<QQQDOE<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<"
        let lower = td3Lower(
            number: "X1234567", nationality: "QQQ", birth: "900101", sex: "X", expiry: "300101", optional: "")
        let doc = try MRZParser.parse(lines: [upper, lower], referenceDay: mrzToday)
        #expect(doc.issuingState == "QQQ")
        #expect(doc.flags.contains(.unknownIssuingState))
        #expect(doc.flags.contains(.unknownNationality))
        #expect(doc.valid)
        #expect(doc.sex == "X")
    }

    @Test func birthYearIsLatestNotAfterToday() throws {
        func birth(_ yymmdd: String, _ today: MRZDay) throws -> String? {
            let lower = td3Lower(
                number: "L898902C3", nationality: "UTO", birth: yymmdd, sex: "F", expiry: "300415", optional: "")
            return try MRZParser.parse(lines: [Self.upper, lower], referenceDay: today).birthDate
        }
        #expect(try birth("261201", MRZDay(year: 2026, month: 12, day: 2)) == "2026-12-01")
        #expect(try birth("261202", MRZDay(year: 2026, month: 12, day: 2)) == "2026-12-02")
        #expect(try birth("261203", MRZDay(year: 2026, month: 12, day: 2)) == "1926-12-03")
        #expect(try birth("000229", MRZDay(year: 2026, month: 1, day: 1)) == "2000-02-29")
        // 29 Feb in a year resolved to 1900 (no leap day) is no date.
        #expect(try birth("000229", MRZDay(year: 1999, month: 1, day: 1)) == nil)
    }

    @Test func expiryYearLiesInWindowAroundToday() throws {
        func expiry(_ yymmdd: String, _ today: MRZDay) throws -> MRZDocument {
            let lower = td3Lower(
                number: "L898902C3", nationality: "UTO", birth: "740812", sex: "F", expiry: yymmdd, optional: "")
            return try MRZParser.parse(lines: [Self.upper, lower], referenceDay: today)
        }
        let today = MRZDay(year: 2026, month: 12, day: 2)
        #expect(try expiry("460101", today).expiryDate == "2046-01-01")
        #expect(try expiry("470101", today).expiryDate == "1947-01-01")
        #expect(try expiry("991231", today).expiryDate == "1999-12-31")
        #expect(try expiry("120415", MRZDay(year: 2005, month: 6, day: 1)).expiryDate == "2012-04-15")
        #expect(try expiry("120415", MRZDay(year: 2095, month: 6, day: 1)).expiryDate == "2112-04-15")
        let bad = try expiry("121345", today)
        #expect(bad.expiryDate == nil)
        #expect(bad.flags.contains(.invalidExpiryDate))
        #expect(bad.checks["expiryDate"] == true)
        #expect(!bad.valid)
    }

    @Test func partialBirthDateIsAllowed() throws {
        let lower = td3Lower(
            number: "L898902C3", nationality: "UTO", birth: "74<<<<", sex: "F", expiry: "300415", optional: "")
        let doc = try MRZParser.parse(lines: [Self.upper, lower], referenceDay: mrzToday)
        #expect(doc.birthDate == nil)
        #expect(doc.flags.contains(.partialBirthDate))
        #expect(doc.valid)
    }

    @Test func toleratesWhitespaceLowerCaseAndBlankLines() throws {
        let text = "\n  p<uto eriksson<<anna<maria<<<<<<<<<<<<<<<<<<<  \n\n\tL898902C36UTO7408122F1204159ZE184226B<<<<<10\r\n"
        let doc = try MRZParser.parse(text: text, today: Date(timeIntervalSince1970: 1_780_000_000))
        #expect(doc.format == .td3)
        #expect(doc.lines == [Self.upper, "L898902C36UTO7408122F1204159ZE184226B<<<<<10"])
        #expect(doc.valid)
        #expect(doc.flags.isEmpty)
    }

    @Test func findsTheZoneInTextOfAWholePage() throws {
        let page = """
            PASSPORT  PASSEPORT  UTOPIA
            Surname / Nom  ERIKSSON
            Date of birth 12 AUG/AOUT 1974
            I<UTOD231458907<<<<<<<<<<<<<<<
            P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<
            L898902C36UTO7408122F1204159ZE184226B<<<<<10
            """
        let doc = try MRZParser.parse(text: page, referenceDay: mrzToday)
        #expect(doc.format == .td3)
        #expect(doc.valid)
        #expect(doc.documentNumber == "L898902C3")

        #expect(throws: MRZError.self) {
            try MRZParser.parse(text: "PASSPORT\nUTOPIA\nSurname ERIKSSON\n12 AUG 1974", referenceDay: mrzToday)
        }
    }

    @Test func realignsLinesOffByOneOrTwo() throws {
        // The IVANOVA specimen as the PDF text layer gives it: one filler too many per line.
        let upper = "P<UTOIVANOVA<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<"
        let lower = "L898902C36UTO7408122F2504155184226<<<<<<<<<18"
        let doc = try MRZParser.parse(lines: [upper, lower], referenceDay: mrzToday)
        #expect(doc.lines == [
            "P<UTOIVANOVA<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F2504155184226<<<<<<<<18",
        ])
        #expect(doc.flags.contains(.lineLengthAdjusted))
        #expect(doc.valid)

        // Two fillers lost from the optional run of a TD2 lower line and one from the name line.
        let td2 = try MRZParser.parse(
            lines: ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<6"],
            referenceDay: mrzToday)
        #expect(td2.format == .td2)
        #expect(td2.lines == ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"])
        #expect(td2.valid)
    }

    @Test func rejectsTextThatIsNoZoneWithoutEchoingIt() {
        let cases: [([String], String)] = [
            ([], "mrz-empty"),
            (["   ", ""], "mrz-empty"),
            (["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<"], "mrz-line-count"),
            (["L898902C36UTO7408122F1204159ZE184226B<<<<<10", "D231458907UTO7408122F1204159<<<<<<<6"], "mrz-line-length"),
            (["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6"], "mrz-line-length"),
            (["ERIKSSON", "L898902C3", "ANNA", "MARIA"], "mrz-line-count"),
        ]
        for (lines, code) in cases {
            do {
                _ = try MRZParser.parse(lines: lines, referenceDay: mrzToday)
                Issue.record("expected \(code)")
            } catch let error as MRZError {
                #expect(error.code == code)
                #expect(error.failureClass == .input)
                for secret in ["ERIKSSON", "L898902C3", "ANNA", "D23145890", "7408122"] {
                    #expect(!error.message.contains(secret))
                    #expect(!"\(error)".contains(secret))
                }
            } catch {
                Issue.record("unexpected error type")
            }
        }
    }

    @Test func printingADocumentDoesNotLeakNamesOrNumbers() throws {
        let doc = try MRZParser.parse(
            lines: [Self.upper, "L898902C36UTO7408122F1204159ZE184226B<<<<<10"], referenceDay: mrzToday)
        var dumped = ""
        dump(doc, to: &dumped)
        for text in ["\(doc)", String(reflecting: doc), dumped] {
            #expect(text.contains("TD3"))
            for secret in ["ERIKSSON", "ANNA", "L898902C3", "ZE184226B", "1974", "740812"] {
                #expect(!text.contains(secret))
            }
        }
    }

    @Test func jsonCarriesTheContractFields() throws {
        let doc = try MRZParser.parse(
            lines: [Self.upper, "L898902C36UTO7408122F1204159ZE184226B<<<<<10"], referenceDay: mrzToday)
        let data = try JSONEncoder().encode(doc)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in [
            "format", "documentCode", "issuingState", "surname", "givenNames", "documentNumber", "nationality",
            "birthDate", "expiryDate", "sex", "optionalData", "lines", "valid", "checks", "repairs", "flags",
        ] {
            #expect(object[key] != nil, Comment(rawValue: key))
        }
        #expect(object["birthDate"] as? String == "1974-08-12")
        #expect(object["expiryDate"] as? String == "2012-04-15")
        #expect(object["format"] as? String == "TD3")
        #expect((object["checks"] as? [String: Bool])?["composite"] == true)
        #expect(try JSONDecoder().decode(MRZDocument.self, from: data) == doc)
    }

    @Test func jsonKeepsAbsentValuesAsNull() throws {
        let lower = td3Lower(
            number: "L898902C3", nationality: "UTO", birth: "74<<<<", sex: "F", expiry: "300415", optional: "")
        let doc = try MRZParser.parse(lines: [Self.upper, lower], referenceDay: mrzToday)
        let data = try JSONEncoder().encode(doc)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["birthDate"] is NSNull)
        #expect(object["optionalData2"] is NSNull)
        #expect(try JSONDecoder().decode(MRZDocument.self, from: data) == doc)
    }
}
