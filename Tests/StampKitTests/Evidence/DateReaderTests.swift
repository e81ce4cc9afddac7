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

@Suite struct DateReaderTests {
    let reader = DateReader(lexicon: TestLexicon.shared, today: TestLexicon.today)

    @Test(arguments: [
        ("12.07.19", "2019-07-12"),
        ("12.07.2019", "2019-07-12"),
        ("12-07-2019", "2019-07-12"),
        ("12/07/19", "2019-07-12"),
        ("05.03.19", "2019-03-05"),  // both ≤ 12: day first wins
        ("12 JUL 2019", "2019-07-12"),
        ("12.JUL.2019", "2019-07-12"),
        ("12JUL19", "2019-07-12"),
        ("12 AUG/AOUT 1974", "1974-08-12"),
        ("3 AOÛT 2018", "2018-08-03"),
        ("14 JUIL 2015", "2015-07-14"),
        ("1 DEZ 2020", "2020-12-01"),
        ("JUL 12 2019", "2019-07-12"),  // US: month word first
        ("JUL 12, 2019", "2019-07-12"),
        ("2019. 07. 12", "2019-07-12"),  // Korea
        ("2019-07-12", "2019-07-12"),  // China
        ("2019年7月12日", "2019-07-12"),  // Japan
        ("07/25/19", "2019-07-25"),  // day first impossible
        ("12.VII.19", "2019-07-12"),  // Roman month
        ("12.O7.I9", "2019-07-12"),  // OCR letters for digits
        ("29.02.20", "2020-02-29"),  // leap day
    ])
    func readsTheDate(text: String, value: String) {
        let date = reader.read(lines: ["FRANKFURT/M", text, "1234"])
        #expect(date?.value == value)
        #expect(date.map { text.contains($0.text) } == true)
    }

    @Test(arguments: ["31.02.19", "29.02.19", "32.01.19", "13.13.19", "31.04.2019", "00.05.19", "12 FOO 2019", "2019-13-01"])
    func rejectsImpossibleDates(text: String) {
        #expect(reader.read(lines: [text]) == nil)
    }

    @Test func twoDigitYearsBeyondNextYearAreLastCentury() {
        // today is 2026-06-15: 27 is within a year (2027-01-01), 28 is not.
        #expect(reader.read(lines: ["01.01.27"])?.value == "2027-01-01")
        #expect(reader.read(lines: ["01.01.28"])?.value == "1928-01-01")
        #expect(reader.read(lines: ["12.07.74"])?.value == "1974-07-12")
        #expect(reader.read(lines: ["12.07.26"])?.value == "2026-07-12")
    }

    @Test func americanStampsReadAmbiguousNumbersMonthFirst() {
        #expect(reader.read(lines: ["05/03/19"], monthFirst: false)?.value == "2019-03-05")
        #expect(reader.read(lines: ["05/03/19"], monthFirst: true)?.value == "2019-05-03")
        // Month first impossible even for an American stamp: fall back to day first.
        #expect(reader.read(lines: ["25/03/19"], monthFirst: true)?.value == "2019-03-25")
    }

    @Test func aMonthWordDateBeatsANumericSerial() {
        let date = reader.read(lines: ["No. 12.34.56", "ADMITTED", "JUL 12 2019"])
        #expect(date?.value == "2019-07-12")
    }

    @Test func strayRomanLettersAreNotMonths() {
        // V before a numeric date is a mark, not May 2007.
        #expect(reader.read(lines: ["V 12.07.19"])?.value == "2019-07-12")
        #expect(reader.read(lines: ["I 12.07.19"])?.value == "2019-07-12")
        #expect(reader.read(lines: ["5 I 19"]) == nil)
        #expect(reader.read(lines: ["5.V.19"])?.value == "2019-05-05")
    }

    @Test func aDateBrokenOverTwoLines() {
        #expect(reader.read(lines: ["HEATHROW", "12 JUL", "2019"])?.value == "2019-07-12")
        // A whole date on one line wins over a pair of lines.
        #expect(reader.read(lines: ["12 JUL", "2019", "05.03.19"])?.value == "2019-03-05")
    }

    @Test func nothingToReadGivesNil() {
        #expect(reader.read(lines: []) == nil)
        #expect(reader.read(lines: ["KEFLAVIKURFLUGVOLLUR", "IS"]) == nil)
    }
}
