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
        ("L1 MAY 2018", "2018-05-11"),  // a one with a foot
        ("29.02.20", "2020-02-29"),  // leap day
    ])
    func readsTheDate(text: String, value: String) {
        let date = reader.read(lines: ["FRANKFURT/M", text, "1234"])
        #expect(date?.value == value)
        #expect(date.map { text.contains($0.text) } == true)
    }

    // None of these has a digit that a date face misreads, so none can be repaired.
    @Test(arguments: ["31.02.19", "32.01.19", "13.13.19", "31.11.2023", "00.05.19", "12 FOO 2019", "2019-13-01", "30.02.23"])
    func rejectsImpossibleDates(text: String) {
        #expect(reader.read(lines: [text]) == nil)
    }

    @Test func rejectsALeapDayOutsideLeapYears() {
        #expect(reader.make(year: "19", month: 2, day: 29, text: "29.02.19") == nil)
        #expect(reader.make(year: "20", month: 2, day: 29, text: "29.02.20")?.value == "2020-02-29")
    }

    @Test(arguments: [
        ("13 04 2007", "2007-04-13"),  // fields spaced apart
        ("08 03 2006", "2006-03-08"),
        ("30.04, 22", "2022-04-30"),  // a comma for a dot
        ("@5.@2.17", "2017-02-05"),  // a slashed zero read as @
        ("SEP @5 2008", "2008-09-05"),
        ("Ø1.Ø3.19", "2019-03-01"),
        ("20.0CT.2021", "2021-10-20"),  // the O of OCT read as a zero
        ("12 0KT 2019", "2019-10-12"),
        ("\"44.05.15", "2015-05-14"),  // a quote from a speck before the day
        ("23 JUN 202i", "2021-06-23"),  // a thin one read as i
        ("t4 FEB 2019", "2019-02-14"),  // a one with a flag and a foot read as t
        ("0G MEI 2019", "2019-05-06"),  // a six worn open read as G
        ("04.03.1C", "2010-03-04"),  // a zero worn open read as C
        ("12.01.C5", "2005-01-12"),
        ("22 05 2¢18", "2018-05-22"),  // a dotted zero read as ¢
        ("2013 -12— 18", "2013-12-18"),  // a worn hyphen read as a dash
    ])
    func readsDatesInTheWaysOCRSpacesAndMarksThem(text: String, value: String) {
        let date = reader.read(lines: ["PASSPORT CONTROL", text])
        #expect(date?.value == value)
        #expect(date?.text == text.trimmingCharacters(in: .whitespaces) || date.map { text.contains($0.text) } == true)
    }

    @Test func spacedNumbersNeedAFourDigitYear() {
        // Two-digit groups in a row are a serial or a counter number as often as a date.
        #expect(reader.read(lines: ["13 04 07"]) == nil)
        #expect(reader.read(lines: ["No 12 34 5678"]) == nil)
    }

    @Test(arguments: [
        ("21.95.18", "2018-05-21"),  // a slashed zero read as 9
        ("25.61.24", "2024-01-25"),  // … as 6
        ("@8 81 2022", "2022-01-08"),  // … as @ and as 8
        ("04 OCT 2074", "2014-10-04"),  // a flagged one read as 7
        ("42.41.18", "2018-11-12"),  // … and as 4, twice
        ("97/06/2606", "2006-06-07"),  // one change in the day, one in the year
        ("2023 -06- 69", "2023-06-09"),
    ])
    func undoesMisreadDigitsOfAnImpossibleDate(text: String, value: String) {
        #expect(reader.read(lines: ["IMMIGRATION", text])?.value == value)
    }

    @Test(arguments: [
        ("2912-04-15", "2012-04-15"),  // a year-first date whose year's zero reads as 9
        ("2916-07-83", "2016-07-03"),  // … and the day's as 8
        ("03/01,;2009", "2009-01-03"),  // a speck's mark after a separator
        ("93/01,;2009", "2009-01-03"),  // … and the day's zero read as 9
        ("23 NOY 2908", "2008-11-23"),  // a month word one letter off, and the year's zero
        ("16 VAN 2006", "2006-01-16"),
        ("DCT 26 2020", "2020-10-26"),  // month first
        ("2019. MARX. 15.", "2019-03-15"),  // year first
        ("28 JUL 29006", "2006-07-28"),  // a slashed zero read as 9 and 0: five digits
        ("25. JUL.29015", "2015-07-25"),
        ("APR 17 2314", "2014-04-17"),  // after a leading 2 only a zero stands
        ("16 OCT 2116", "2016-10-16"),
    ])
    func repairsDatesWhoseSeparatorsOrMonthWordsWereMisread(text: String, value: String) {
        #expect(reader.read(lines: ["IMMIGRATION", text])?.value == value)
    }

    @Test func aMonthWordOneLetterOffIsAGuessOfItsOwn() {
        // JUI is one letter from JUL and from JUN: no month.
        #expect(reader.read(lines: ["12 JUI 2019"]) == nil)
        // With a two-digit year, a short word between numbers is as often a code.
        #expect(reader.read(lines: ["12 NOY 19"]) == nil)
        // It counts as a repair: with two more, the date is a guess.
        #expect(reader.read(lines: ["93 NOY 2908"]) == nil)
        // A month word read right beats one that needs a letter changed.
        #expect(reader.read(lines: ["23 NOY 2008", "12 NOV 2019"])?.value == "2019-11-12")
    }

    @Test func aFiveDigitYearIsOnlyRepaired() {
        // Which digit to drop must leave one date: 20130 gives 2013 or 2010.
        #expect(reader.read(lines: ["11 NOV 20130"]) == nil)
        // Dropping a digit is a change like any other: two more are too many.
        #expect(reader.read(lines: ["93 NOV 29918"]) == nil)
        #expect(reader.read(lines: ["11 NOV 29013"])?.value == "2013-11-11")
    }

    @Test func aPossibleDateIsTakenAsRead() {
        // 19.06.18 could be a misread 10.06.18, but a date possible as read was most likely read
        // right — even when another line only becomes a date by repair.
        #expect(reader.read(lines: ["19.06.18"])?.value == "2018-06-19")
        #expect(reader.read(lines: ["21.95.18", "12.07.19"])?.value == "2019-07-12")
    }

    @Test func repairsStopAtTwoChanges() {
        // Year, month and day each need a change: three guesses are no reading.
        #expect(reader.read(lines: ["2087-87-82"]) == nil)
        #expect(reader.read(lines: ["44.92.2098"]) == nil)
        // A year's zero read as a digit unlike it is two guesses alone (printed 16 APR 2024).
        #expect(reader.read(lines: ["39 APR 2224"]) == nil)
        #expect(reader.read(lines: ["30 APR 2224"])?.value == "2024-04-30")
    }

    @Test func aRepairedDateKeepsTheStampsOrderOfFields() {
        // Outside America a repair never turns a date month first: 12.95.18 is 12 May, not
        // 5 December; on an American stamp it is read month first as any other.
        #expect(reader.read(lines: ["12.95.18"])?.value == "2018-05-12")
        #expect(reader.read(lines: ["12.95.18"], monthFirst: true)?.value == "2018-12-05")
    }

    @Test(arguments: [
        ("12 LIPCA 2019", "2019-07-12"),  // Polish genitive
        ("3. ČERVENCE 2018", "2018-07-03"),  // Czech genitive
        ("5 ИЮЛЯ 2017", "2017-07-05"),  // Russian genitive
        ("14 ΑΥΓΟΥΣΤΟΥ 2016", "2016-08-14"),  // Greek genitive
        ("1 TAMMIKUUTA 2020", "2020-01-01"),  // Finnish partitive
        ("9 GEGUŽĖS 2015", "2015-05-09"),  // Lithuanian
        ("21 OŽUJKA 2011", "2011-03-21"),  // Croatian
        ("2019. MÁRC. 15.", "2019-03-15"),  // Hungarian: year, month, day
        ("2014 SZEPTEMBER 2", "2014-09-02"),
    ])
    func readsMonthWordsInTheirInflectedForms(text: String, value: String) {
        #expect(reader.read(lines: ["GRANICA", text])?.value == value)
    }

    @Test func aMonthWordThatMeansTwoMonthsIsNotAMonth() {
        // LISTOPADA is November in Polish and October in Croatian.
        #expect(reader.read(lines: ["12 LISTOPADA 2019"]) == nil)
    }

    @Test func aYearFirstDateSplitOverLinesWithDebris() {
        #expect(reader.read(lines: ["ARRIVED", "2023", "~-06- 06", "BEITBRIDGE"])?.value == "2023-06-06")
    }

    @Test func twoDigitYearsBeyondNextYearAreLastCentury() {
        // today is 2026-06-15: 27 is within a year (2027-01-01), 28 is not.
        #expect(reader.read(lines: ["01.01.27"])?.value == "2027-01-01")
        #expect(reader.read(lines: ["01.01.32"])?.value == "1932-01-01")
        #expect(reader.read(lines: ["12.05.53"])?.value == "1953-05-12")
        #expect(reader.read(lines: ["17.07.95"])?.value == "1995-07-17")
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
        // A speck read as an accented I on the line above is no month either: the date below,
        // its month's zero read as 9, is repaired rather than read as 19 January 1993.
        #expect(reader.read(lines: ["Í", "19.93.16"])?.value == "2016-03-19")
    }

    @Test func aDateBrokenOverTwoLines() {
        #expect(reader.read(lines: ["HEATHROW", "12 JUL", "2019"])?.value == "2019-07-12")
        // A whole date on one line wins over a pair of lines.
        #expect(reader.read(lines: ["12 JUL", "2019", "05.03.19"])?.value == "2019-03-05")
    }

    /// A two-digit year far back is most often a fragile digit misread (a slashed zero as 6, a
    /// flagged one as 4): a repair giving a recent year wins, and the old year is read only
    /// when nothing else is possible, then open to the looks' vote.
    @Test func aTwoDigitYearFarBackIsFirstTakenForAMisreadDigit() {
        #expect(reader.read(lines: ["15.12.67"])?.value == "2007-12-15")
        #expect(reader.read(lines: ["26.03.41"])?.value == "2011-03-26")
        #expect(reader.read(lines: ["12.05.53"])?.value == "1953-05-12")
        #expect(!reader.holdsPlainDate(lines: ["12.05.53"]))
        #expect(reader.read(lines: ["12.05.53"], rereads: [["12.05.13", "12.05.13"]])?.value == "2013-05-12")
        // Four digits say the year plainly.
        #expect(reader.read(lines: ["15.12.1967"])?.value == "1967-12-15")
    }

    /// Tilted, a date's fields can come out as lines of their own.
    @Test func aDateBrokenOverThreeLines() {
        #expect(reader.read(lines: ["KOREA IMMIGRATION SERVICE", "DEPARTURE", "2018.", "08.", "07"])?.value == "2018-08-07")
        #expect(reader.read(lines: ["21", "JUL", "2019"])?.value == "2019-07-21")
        // Two-digit groups with only spaces between are a counter, not a date.
        #expect(reader.read(lines: ["12", "07", "19"]) == nil)
    }

    /// A year-first date whose first separator was lost and whose digits gained a space is
    /// found only when nothing reads as printed, and counts as repaired.
    @Test func aYearFirstDateThatLostItsSeparator() {
        #expect(reader.read(lines: ["GUANGZHOU", "201 103-21"])?.value == "2011-03-21")
        #expect(reader.read(lines: ["201 103-21", "05.03.19"])?.value == "2019-03-05")
        #expect(reader.read(lines: ["201 113-21"]) == nil)
        // A look that reads it so still votes like any repaired look.
        #expect(reader.read(lines: ["01103-21"], rereads: [["201 103-21", "201 103-21"]])?.value == "2011-03-21")
    }

    /// The separator after the year read as a letter or a digit: a repair, taken only when
    /// nothing reads as printed.
    @Test func aYearFirstDateWithAStraySeparator() {
        #expect(reader.read(lines: ["2011x03-21"])?.value == "2011-03-21")
        #expect(reader.read(lines: ["2011403-21"])?.value == "2011-03-21")
        #expect(reader.read(lines: ["2011x03-21", "05.03.19"])?.value == "2019-03-05")
        #expect(reader.read(lines: ["2011x13-21"]) == nil)
    }

    /// The separator before a four-digit year lost: a repair, taken only when nothing reads
    /// as printed, in the stamp's order of day and month.
    @Test func aDayFirstDateWithItsYearSeparatorLost() {
        #expect(reader.read(lines: ["8.072014"])?.value == "2014-07-08")
        #expect(reader.read(lines: ["26/112019"])?.value == "2019-11-26")
        #expect(reader.read(lines: ["07.252019"], monthFirst: true)?.value == "2019-07-25")
        #expect(reader.read(lines: ["8.132014"]) == nil)
        #expect(reader.read(lines: ["8.072014", "05.03.19"])?.value == "2019-03-05")
        // A serial number is no date: no separator at all.
        #expect(reader.read(lines: ["80072014"]) == nil)
    }

    @Test func nothingToReadGivesNil() {
        #expect(reader.read(lines: []) == nil)
        #expect(reader.read(lines: ["KEFLAVIKURFLUGVOLLUR", "IS"]) == nil)
    }

    // Further looks at a date line vote only when the first reading holds no date possible as
    // read: a repaired date loses to one a look read as printed, and a lost digit is found.
    @Test func furtherLooksAtTheDateLineVote() {
        // Possible as read, it stays even against two looks that agree otherwise.
        let lines = ["LA LINEA", "26.03.18", "168"]
        #expect(reader.read(lines: lines, rereads: [nil, ["26.03.13", "26.03.13"], nil])?.value == "2018-03-26")
        // Impossible as first read (repaired 44 → 14 and 92 → 02, two changes) against two looks
        // read as printed: the looks win.
        #expect(reader.read(lines: ["44.92.08"])?.value == "2008-02-14")
        #expect(reader.read(lines: ["44.92.08"], rereads: [["11.12.08", "11.12.08"]])?.value == "2008-12-11")
        // One look alone does not overrule the first reading.
        #expect(reader.read(lines: ["44.92.08"], rereads: [["11.12.08", ""]])?.value == "2008-02-14")
        #expect(reader.read(lines: ["29 62 2619"], rereads: [["29 62 2619", "29 6 2619"]]) == nil)
        // Repaired once as first read, and each look possible as read but different: a guess.
        #expect(reader.read(lines: ["44.92.08"], rereads: [["11.12.08", "11.10.08"]])?.value == nil)
        // A look that finds nothing does not vote.
        #expect(reader.read(lines: ["44.92.08"], rereads: [["2 3", ""]])?.value == "2008-02-14")
        // A lost first digit (0.02.13) read whole by the looks.
        #expect(reader.read(lines: ["VILNIUS", "0.02.13"]) == nil)
        #expect(reader.read(lines: ["VILNIUS", "0.02.13"], rereads: [nil, ["10.02.13", "10.02.13"]])?.value == "2013-02-10")
        // Looks that disagree: the one holding the first reading's digits with the lost one
        // before them is the date; a look that reads another digit there is not.
        #expect(reader.read(lines: ["VILNIUS", "0.02.13"], rereads: [nil, ["6.02.13", "10.02.13"]])?.value == "2013-02-10")
        #expect(reader.read(lines: ["VILNIUS", "0.02.13"], rereads: [nil, ["6.02.13", "16.02.13"]]) == nil)
        // It breaks a tie only: alone, such a look is one look.
        #expect(reader.read(lines: ["VILNIUS", "02.13"], rereads: [nil, ["6.02.13", ".02.13"]]) == nil)
        // Two looks agreeing on a date that needs more repairs than the first reading's are no
        // case against it: they share one crop and misread alike.
        #expect(reader.read(lines: ["20.63.15"], rereads: [["29.63.45", "29.63.45"]])?.value == "2015-03-20")
        // Two looks outvote a first reading that needed repairs, whatever their order.
        #expect(reader.read(lines: ["19.95.18"], rereads: [["19.06.18", "19.06.18"]])?.value == "2018-06-19")
    }

    @Test func aLookReadsWholeWhatTheFirstReadingLostTheStartOf() {
        #expect(DateReader.readsWhole("10.02.13", lostFrom: "0.02.13"))
        #expect(DateReader.readsWhole("14.10.18", lostFrom: "4.10.18"))
        #expect(!DateReader.readsWhole("6.02.13", lostFrom: "0.02.13"))
        #expect(!DateReader.readsWhole("10.02.13", lostFrom: "10.02.13"))
        // Too few digits kept to say whose they are.
        #expect(!DateReader.readsWhole("12.13", lostFrom: "13"))
    }

    @Test func theVoteCountsLooksThenRepairs() {
        func found(_ value: String, _ changes: Int) -> DateReader.Found {
            DateReader.Found(date: StampDate(value: value, text: value), changes: changes)
        }
        #expect(DateReader.choose([]) == nil)
        #expect(DateReader.choose([nil, nil]) == nil)
        #expect(DateReader.choose([found("2011-03-26", 0), nil])?.value == "2011-03-26")
        #expect(DateReader.choose([found("2011-03-26", 1), found("2011-03-26", 0), found("1941-03-26", 0)])?.value == "2011-03-26")
        #expect(DateReader.choose([found("2011-03-26", 1), found("1941-03-26", 0)])?.value == "2011-03-26")
        #expect(DateReader.choose([nil, found("1941-03-26", 0)]) == nil)
        #expect(DateReader.choose([nil, found("1941-03-26", 1), found("1941-03-26", 0)])?.value == "1941-03-26")
        #expect(DateReader.choose([found("2011-03-26", 1), found("1941-03-26", 1)]) == nil)
        #expect(DateReader.choose([found("2011-03-26", 1), found("1941-03-26", 2), found("1941-03-26", 2)])?.value == "2011-03-26")
        #expect(DateReader.choose([found("2011-03-26", 0), found("1941-03-26", 0), found("2013-12-21", 0)]) == nil)
        #expect(DateReader.choose([nil, found("2013-02-06", 0), found("2013-02-10", 0)], readingWhole: [false, false, true])?.value == "2013-02-10")
        #expect(DateReader.choose([nil, found("2013-02-06", 0), found("2013-02-10", 0)], readingWhole: [false, true, true]) == nil)
    }
}
