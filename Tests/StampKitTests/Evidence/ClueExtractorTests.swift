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

@Suite struct ClueExtractorTests {
    let extractor = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)

    @Test func keepsLinesAndWordConfidences() {
        let clues = extractor.extract(from: reading(["FRANKFURT/M@71", "12.07.19 0815"]))
        #expect(clues.lines.count == 2)
        #expect(clues.lines[0].map(\.text) == ["FRANKFURT", "M"])
        #expect(clues.lines[0].allSatisfy { $0.confidence == 71 })
        #expect(clues.lines[1].map(\.text) == ["12", "07", "19", "0815"])
    }

    @Test func joinsAnAirportWordBrokenAcrossLines() {
        let clues = extractor.extract(from: reading(["KEFLAVIKURFLUGVOL", "LUR@60", "IS"]))
        #expect(clues.lines[0].map(\.text) == ["KEFLAVIKURFLUGVOLLUR"])
        #expect(clues.lines[0][0].isJoined)
        #expect(clues.lines[0][0].confidence == 60)
        #expect(clues.lines[1].isEmpty)
        #expect(clues.airportWords.first?.placeStem == "keflavikur")
        // LUR (Cape Lisburne) is no longer a token of its own.
        #expect(!clues.iataCandidates.contains { $0.code == "LUR" })
        // IS on the next line is not glued on.
        #expect(clues.countryCodeCandidates.map(\.code) == ["IS"])
    }

    /// An OCR line of words placed at x positions on row `y`, each letter 20 px wide.
    func line(_ words: [(String, Int)], y: Int, height: Int = 30, confidence: Double = 90) -> OCRLine {
        let ocrWords = words.map { text, x in
            OCRWord(text: text, confidence: confidence, box: PixelBox(x: x, y: y, width: text.count * 20, height: height))
        }
        let x0 = ocrWords[0].box.x, x1 = ocrWords.last!.box.x + ocrWords.last!.box.width
        return OCRLine(text: words.map(\.0).joined(separator: " "), confidence: confidence,
                       box: PixelBox(x: x0, y: y, width: x1 - x0, height: height), words: ocrWords)
    }

    /// A date Tesseract cut into two lines of one row: at a gap inside the year (`11.03.0` |
    /// `5`) the digits go on; at a lost separator a letter or so wide (`13` | `07.13`) a dot is
    /// put back; further apart (a serial number beside the date) they stay apart.
    @Test func readsADateCutIntoTwoLinesOfOneRow() {
        func date(_ lines: [OCRLine]) -> String? { extractor.extract(from: OCRReading(lines: lines, rotation: 0)).date?.value }
        #expect(date([line([("11.03.0", 0)], y: 50), line([("ROVANIEMI", 0)], y: 120), line([("5", 145)], y: 50)]) == "2005-03-11")
        #expect(date([line([("13", 0)], y: 50), line([("07.13", 70)], y: 52)]) == "2013-07-13")
        #expect(date([line([("13", 0)], y: 50), line([("07.13", 160)], y: 52)]) == nil)
        #expect(date([line([("13", 0)], y: 50), line([("07.13", 70)], y: 100)]) == nil)
        // A month word cut inside (`03 A` | `PR 2014`) goes on across a gap inside a word only.
        #expect(date([line([("03", 0), ("A", 60)], y: 50), line([("SALIDA", 0)], y: 120), line([("PR", 85), ("2014", 145)], y: 50)]) == "2014-04-03")
        #expect(date([line([("03", 0), ("A", 60)], y: 50), line([("PR", 130), ("2014", 190)], y: 50)]) == nil)
        // A spaced-out band cut inside a field (`07.1` | `1.24`): one field, no dot put back.
        #expect(date([line([("07.1", 0)], y: 50), line([("1.24", 96)], y: 50)]) == "2024-11-07")
    }

    /// Tesseract breaks one row of words into two lines at a word space (ZRAČNA | LUKA SPLIT):
    /// the capital words that go on the row are the row's, so the airport phrase across the
    /// break is one (and LUKA alone, a port, is not read). Further apart, or on another row,
    /// the lines stay apart.
    @Test func capitalWordsGoingOnARowAreOneLine() {
        func clues(_ gap: Int, rise: Int = 0) -> StampClues {
            extractor.extract(from: OCRReading(
                lines: [line([("ZRAČNA", 0)], y: 50), line([("23.06.13", 0)], y: 120), line([("LUKA", 120 + gap), ("SPLIT", 220 + gap)], y: 50 + rise)],
                rotation: 0))
        }
        let row = clues(30)
        #expect(row.lines[0].map(\.form) == ["zracna", "luka", "split"])
        #expect(row.lines[2].isEmpty)
        #expect(row.airportWords.map(\.word.form) == ["zracna luka"])
        #expect(row.date?.value == "2013-06-23")
        for apart in [clues(60), clues(30, rise: 40)] {
            #expect(apart.lines[0].map(\.form) == ["zracna"])
            #expect(apart.airportWords.isEmpty)
            #expect(apart.entryMethodHits.map(\.value) == [.sea])
        }
    }

    /// The corner of a stamp's frame reads as a lone L, several times taller than the words, and
    /// a speck as a letter far smaller; a ring's sign letter stands about twice as tall as them.
    @Test func aFrameCornerIsNoSign() {
        func signs(cornerHeight: Int) -> [String] {
            let lines = [line([("ARRIVAL", 100)], y: 50, height: 50), line([("INTERNATIO", 40)], y: 300, height: 43),
                         line([("L", 0)], y: 120, height: cornerHeight)]
            return extractor.extract(from: OCRReading(lines: lines, rotation: 0)).distinguishingSigns.map(\.code)
        }
        #expect(signs(cornerHeight: 212) == [])
        #expect(signs(cornerHeight: 90) == ["LU"])
        #expect(signs(cornerHeight: 8) == [])
    }

    /// Tesseract sometimes ends a line at a gap inside a word and reads the rest as a line of
    /// its own on the same row (PUERTO DE ALGEC | IRAS): the two halves are one word again. Two
    /// words a word space apart on one row stay two words (of one line), and halves on
    /// different rows stay apart.
    @Test func joinsAWordSplitIntoTwoLinesOfOneRow() {
        // IRAS starts 4 px after ALGEC ends, on the same row, read after an unrelated line.
        let split = OCRReading(lines: [
            line([("PUERTO", 0), ("DE", 140), ("ALGEC", 200)], y: 100),
            line([("X", 10)], y: 160),
            line([("IRAS", 304)], y: 102),
        ], rotation: 0)
        let clues = extractor.extract(from: split)
        #expect(clues.lines[0].map(\.text) == ["PUERTO", "DE", "ALGECIRAS"])
        #expect(clues.lines[0][2].isJoined && clues.lines[2].isEmpty)
        #expect(clues.namePhrases.contains { $0.form == "algeciras" })
        // A word space (half the letter height) apart: two words of the row's line.
        let spaced = OCRReading(lines: [line([("LIEGE", 0)], y: 100), line([("AEROPORT", 115)], y: 100)], rotation: 0)
        #expect(extractor.extract(from: spaced).lines.map { $0.map(\.text) } == [["LIEGE", "AEROPORT"], []])
        // Close but on the next row: two lines.
        let below = OCRReading(lines: [line([("ALGEC", 200)], y: 100), line([("CIRAS", 304)], y: 140)], rotation: 0)
        #expect(extractor.extract(from: below).lines.map { $0.map(\.text) } == [["ALGEC"], ["CIRAS"]])
    }

    /// A ring's debris read as a line above a word's end reaches the row as well (`ao` over
    /// XUẤT CẢ | NH, listed first): the word goes on with the line that starts nearest its end.
    @Test func aWordGoesOnWithTheNearestLineOfItsRow() {
        let ocrWords = [OCRWord(text: "XUẤT", confidence: 51, box: PixelBox(x: 450, y: 401, width: 104, height: 52)),
                        OCRWord(text: "CẢ", confidence: 76, box: PixelBox(x: 583, y: 407, width: 51, height: 46))]
        let lines = [
            OCRLine(text: "ao", confidence: 41, box: PixelBox(x: 646, y: 359, width: 221, height: 72),
                    words: [OCRWord(text: "AO", confidence: 41, box: PixelBox(x: 646, y: 359, width: 221, height: 72))]),
            OCRLine(text: "XUẤT CẢ", confidence: 60, box: PixelBox(x: 450, y: 401, width: 184, height: 52), words: ocrWords),
            OCRLine(text: "NH", confidence: 96, box: PixelBox(x: 636, y: 420, width: 50, height: 33),
                    words: [OCRWord(text: "NH", confidence: 96, box: PixelBox(x: 636, y: 420, width: 50, height: 33))]),
        ]
        let clues = extractor.extract(from: OCRReading(lines: lines, rotation: 0))
        #expect(clues.lines[1].map(\.text) == ["XUẤT", "CẢNH"])
        #expect(clues.lines[0].map(\.text) == ["AO"])
        #expect(clues.directionHits.map(\.value) == [.departure])
    }

    /// Tesseract also cuts a word's first letter off as a line of its own (D | EPARTED): a sure
    /// capital closer than a word space before a capital word starts it. An unsure one there is
    /// a ring's or frame's edge (C | LIÈGE), and a sure one a word space off is a word.
    @Test func joinsAFirstLetterCutOffAsALine() {
        func rows(_ letter: String, confidence: Double, gap: Int) -> [[String]] {
            let lines = [line([("SADAO", 40)], y: 40), line([(letter, 0)], y: 100, confidence: confidence),
                         line([("EPARTED", 20 + gap)], y: 100, confidence: 87)]
            return extractor.extract(from: OCRReading(lines: lines, rotation: 0)).lines.map { $0.map(\.text) }
        }
        #expect(rows("D", confidence: 95, gap: 5) == [["SADAO"], ["DEPARTED"], []])
        #expect(rows("C", confidence: 61, gap: 5) == [["SADAO"], ["C"], ["EPARTED"]])
        #expect(rows("D", confidence: 95, gap: 15) == [["SADAO"], ["D"], ["EPARTED"]])
    }

    @Test func doesNotJoinUnrelatedLines() {
        let clues = extractor.extract(from: reading(["KEFLAVIK", "IS"]))
        #expect(clues.lines.map { $0.map(\.text) } == [["KEFLAVIK"], ["IS"]])
    }

    @Test func aLongStopWordCutShortIsNoAirportsName() {
        // PROTE is PROTECTION worn at its end (CUSTOMS AND BORDER PROTE), not the start of Port
        // Protection; a word that merely begins like a short one (BORDEAUX, BORDER) stays a name.
        let cut = extractor.extract(from: reading(["BORDER PROTE", "INTERNATI"]))
        #expect(!cut.airportNameWords.contains { $0.form == "prote" || $0.form == "internati" })
        let names = extractor.extract(from: reading(["BORDEAUX MERIGNAC", "PROTEA"]))
        #expect(names.airportNameWords.contains { $0.form == "bordeaux" })
        #expect(names.airportNameWords.contains { $0.form == "protea" })
    }

    @Test func joinsAHyphenatedBreak() {
        let clues = extractor.extract(from: reading(["SUVARNA-", "BHUMI AIRPORT"]))
        #expect(clues.lines[0].map(\.text) == ["SUVARNABHUMI"])
        #expect(clues.airportNameWords.contains { $0.form == "suvarnabhumi" })
        // A lone letter with a dash after it is a ring's sign, not half a word.
        let sign = extractor.extract(from: reading(["+P-", "FARO"]))
        #expect(sign.lines.map { $0.map(\.text) } == [["P"], ["FARO"]])
        // A word goes on in its own case: specks read as small letters below are not its end.
        let port = extractor.extract(from: reading(["HELSINGIN SATAMA-", "a amr"]))
        #expect(port.lines[0].map(\.text) == ["HELSINGIN", "SATAMA"])
        #expect(port.entryMethodHits.map(\.value) == [.sea])
    }

    @Test func findsAirportWordsWithDamagedEndingsAndDiacritics() {
        let cases: [(String, String?)] = [
            ("KEFLAVÍKURFLUGVÖLLUR", "keflavikur"),
            ("KEFLAVIKURFLUGVOL", "keflavikur"),
            ("FLUGHAFEN", nil),
            ("AEROPUERTO", nil),
            ("SCHIPHOL LUCHTHAVEN", nil),
            ("ISTANBULHAVALIMANI", "istanbul"),
            ("AIRPO", nil),
            ("成田空港", nil),
        ]
        for (text, stem) in cases {
            let clues = extractor.extract(from: reading([text]))
            #expect(clues.airportWords.count == 1, "\(text)")
            #expect(clues.airportWords.first?.placeStem == stem, "\(text)")
        }
        #expect(extractor.extract(from: reading(["BANDAR UDARA NGURAH RAI"])).airportWords.first?.span.end == 2)
        #expect(extractor.extract(from: reading(["DEPARTMENT OF STATE"])).airportWords.isEmpty)
        // A word that goes on well past an airport word begins with it but is another word:
        // BANDARANAIKE is Colombo's airport's name, not Indonesian BANDARA; an inflected or worn
        // end (FLUGHAFENS, LOTNISKA) is still the airport word.
        #expect(extractor.extract(from: reading(["BANDARANAIKE INT'L AIRPORT"])).airportWords.map(\.text) == ["AIRPORT"])
        for text in ["FLUGHAFENS", "LOTNISKA", "BANDARA"] {
            #expect(extractor.extract(from: reading([text])).airportWords.count == 1, "\(text)")
        }
        // Polish airports call themselves PORT LOTNICZY (air port): the airport word, whose
        // PORT says nothing of a sea crossing; a port beside an airport word still says it.
        let gdansk = extractor.extract(from: reading(["PORT LOTNICZY GDAŃSK"]))
        #expect(gdansk.airportWords.map(\.span) == [TokenSpan(line: 0, start: 0, end: 2)])
        #expect(gdansk.entryMethodHits.isEmpty)
        #expect(extractor.extract(from: reading(["AEROPORTO PORT"])).entryMethodHits.map(\.value) == [.sea])
    }

    @Test func directionsInManyLanguages() {
        let cases: [(String, Direction?)] = [
            ("ADMITTED", .arrival), ("DEPARTED", .departure), ("GİRİŞ", .arrival), ("GIRIS", .arrival),
            ("ÇIKIŞ", .departure), ("NHẬP CẢNH", .arrival), ("XUAT CANH", .departure), ("入境", .arrival),
            ("出国", .departure), ("입국", .arrival), ("KEBERANGKATAN", .departure), ("SAÍDA", .departure),
            ("LANDING PERMISSION", .arrival), ("DEPARTMENT", nil), ("ENTRY EXIT", nil),
        ]
        for (text, direction) in cases {
            #expect(extractor.extract(from: reading([text])).direction == direction, "\(text)")
        }
    }

    @Test func twoLetterCodesOnlyWhenTheyStandAlone() {
        #expect(extractor.extract(from: reading(["THIS IS VALID FOR 30 DAYS"])).countryCodeCandidates.isEmpty)
        #expect(extractor.extract(from: reading(["THIS IS VALID FOR 30 DAYS"])).distinguishingSigns.isEmpty)
        let alone = extractor.extract(from: reading(["KEFLAVIK", "IS"]))
        #expect(alone.countryCodeCandidates.map(\.code) == ["IS"])
        #expect(alone.distinguishingSigns.map(\.code) == ["IS"])
        let starred = extractor.extract(from: reading(["* * *IS* * * 12.07.19"]))
        #expect(starred.countryCodeCandidates.map(\.code) == ["IS"])
        // Ring stars read as stray lower-case letters do not make the line long.
        #expect(extractor.extract(from: reading(["x IS x"])).countryCodeCandidates.map(\.code) == ["IS"])
        #expect(extractor.extract(from: reading(["x D o"])).distinguishingSigns.map(\.code) == ["DE"])
        // Lower case is running text, not a code.
        #expect(extractor.extract(from: reading(["is"])).countryCodeCandidates.isEmpty)
    }

    @Test func singleLetterSignsOnlyAloneOnTheirLine() {
        #expect(extractor.extract(from: reading(["D"])).distinguishingSigns.map(\.code) == ["DE"])
        #expect(extractor.extract(from: reading(["FIN"])).distinguishingSigns.map(\.code) == ["FI"])
        // A terminal letter in brackets is not Norway; FRANKFURT/M is not Malta.
        #expect(extractor.extract(from: reading(["NARITA(N)"])).distinguishingSigns.isEmpty)
        #expect(extractor.extract(from: reading(["FRANKFURT/M"])).distinguishingSigns.isEmpty)
    }

    @Test func iataCandidatesKnowTheirLayout() {
        let clues = extractor.extract(from: reading(["ADMITTED", "JFK", "THE BEARER AND FAMILY"]))
        let jfk = clues.iataCandidates.first { $0.code == "JFK" }
        #expect(jfk?.standsAlone == true)
        #expect(jfk?.isStopword == false)
        let and = clues.iataCandidates.first { $0.code == "AND" }
        #expect(and?.isStopword == true)
        #expect(and?.standsAlone == false)
        // Not from inside a longer word, and not from lower case.
        let inside = extractor.extract(from: reading(["JFKX kef"]))
        #expect(inside.iataCandidates.isEmpty)
        // A month word next to numbers is a date, not Juliaca.
        #expect(!extractor.extract(from: reading(["JUL 12 2019"])).iataCandidates.contains { $0.code == "JUL" })
        // Alone on its line it may be a code, unless it is the month of the date read across
        // the lines (DEC / 01 2020: not Decatur).
        #expect(extractor.extract(from: reading(["LAX", "DEC"])).iataCandidates.contains { $0.code == "DEC" })
        let split = extractor.extract(from: reading(["LAX", "DEC", "01 2020", "ADMITTED"]))
        #expect(split.date?.value == "2020-12-01")
        #expect(split.iataCandidates.map(\.code) == ["LAX"])
        // A letter off a month word, beside a number, is that month misread (142 SEF. for
        // 02 SEP), not Sebring; away from numbers it may be a code.
        #expect(!extractor.extract(from: reading(["142 SEF."])).iataCandidates.contains { $0.code == "SEF" })
        #expect(extractor.extract(from: reading(["SEF AIRPORT"])).iataCandidates.contains { $0.code == "SEF" })
    }

    @Test func undoesDigitsReadForLettersOnlyInsideWords() {
        let clues = extractor.extract(from: reading(["5CHIPH0L", "B2", "0815"]))
        #expect(clues.lines[0][0].text == "SCHIPHOL")
        #expect(clues.lines[0][0].isCorrected)
        #expect(clues.lines[1][0].text == "B2")
        #expect(clues.lines[2][0].text == "0815")
    }

    @Test func aliasesAndAuthoritiesAcrossPunctuation() {
        let clues = extractor.extract(from: reading(["U.S. DEPARTMENT OF HOMELAND SECURITY", "U.S.A."]))
        #expect(clues.aliases.map(\.value.countryCode) == ["US", "US", "US"])
        #expect(clues.aliases.contains { $0.value.isAuthority })
        // Names inside the authority are not looked up again.
        #expect(!clues.namePhrases.contains { $0.form.contains("homeland") })
    }

    @Test func unspacedScriptsMatchInsideWords() {
        let clues = extractor.extract(from: reading(["日本国 成田空港 入国"]))
        #expect(clues.aliases.map(\.value.countryCode) == ["JP"])
        #expect(clues.airportWords.map(\.word.form) == ["空港"])
        #expect(clues.direction == .arrival)
        let joined = extractor.extract(from: reading(["中华人民共和国出境"]))
        #expect(joined.aliases.first?.value.countryCode == "CN")
        #expect(joined.direction == .departure)
    }

    @Test func namePhrasesAreNgramsWithoutFunctionWordEdges() {
        let clues = extractor.extract(from: reading(["NEW YORK OF THE", "ADMITTED PARIS"]))
        let forms = Set(clues.namePhrases.map(\.form))
        #expect(forms.contains("new york"))
        #expect(forms.contains("york"))
        #expect(forms.contains("paris"))
        #expect(!forms.contains("of the"))
        #expect(!forms.contains("admitted paris"))
        #expect(clues.namePhrases.allSatisfy { $0.length <= 4 })
    }

    /// Stamps print names in capitals; words in lower case alone are what OCR makes of paper
    /// texture (`boma vuo maa`, which named Boma in Congo on an American stamp). A name read with
    /// one capital (Paris) or worn small beside capitals still counts.
    @Test func wordsAllInLowerCaseNameNothing() {
        let forms = Set(extractor.extract(from: reading(["boma vuo maa a e", "Paris", "SAN jose"])).namePhrases.map(\.form))
        #expect(!forms.contains { $0.contains("boma") || $0.contains("vuo") })
        #expect(forms.contains("paris"))
        #expect(forms.contains("san jose"))
        #expect(!forms.contains("jose"))
    }

    /// In a ring of stars read as lower-case specks, PLS is the sign PL with a star glued on;
    /// the same letters without the ring, or with another last letter, are a code.
    @Test func aSignWithAStarGluedOnIsTheSign() {
        let ringed = extractor.extract(from: reading(["e PLS", "GDANSK", "07.02.12"]))
        #expect(ringed.distinguishingSigns.map(\.code) == ["PL"])
        #expect(ringed.iataCandidates.first { $0.code == "PLS" }?.isDebris == true)
        let plain = extractor.extract(from: reading(["PLS", "07.02.12"]))
        #expect(plain.distinguishingSigns.isEmpty)
        #expect(plain.iataCandidates.first { $0.code == "PLS" }?.isDebris == false)
        #expect(extractor.extract(from: reading(["e PLZ"])).distinguishingSigns.isEmpty)
    }

    /// MAI is May in French and German: a month on a dated line, a name's end on a line of
    /// words alone (CHIANG MAI).
    @Test func aMonthWordEndsANameOnlyOnALineWithoutDigits() {
        let name = extractor.extract(from: reading(["IMMIGRATION", "CHIANG MAI", "ADMITTED", "20 MAY 2021"]))
        #expect(name.namePhrases.contains { $0.form == "chiang mai" })
        let dated = extractor.extract(from: reading(["CHIANG MAI 2021"]))
        #expect(!dated.namePhrases.contains { $0.form == "chiang mai" })
    }

    @Test func wordsBesideAnAirportWordFormPhrases() {
        let clues = extractor.extract(from: reading(["SÂN BAY TÂN SƠN NHẤT 12-07-2019"]))
        #expect(clues.airportNamePhrases.map(\.form) == ["tan son nhat"])
        #expect(clues.airportNamePhrases.first?.text == "TÂN SƠN NHẤT")
        #expect(clues.iataCandidates.isEmpty)  // TÂN and SƠN are not ASCII codes
        let before = extractor.extract(from: reading(["MADRID BARAJAS AEROPUERTO"]))
        #expect(before.airportNamePhrases.map(\.form) == ["madrid barajas"])
    }

    @Test func hitsQuoteTheWordsAsPrinted() {
        let clues = extractor.extract(from: reading(["U.S.A.", "ENTRÉE"]))
        #expect(clues.aliases.first?.text == "U.S.A.")
        #expect(clues.directionHits.first?.text == "ENTRÉE")
    }

    @Test func emptyReadingHasNoClues() {
        let clues = extractor.extract(from: OCRReading(lines: [], rotation: 0))
        #expect(clues.lines.isEmpty && clues.date == nil && clues.direction == nil)
        #expect(clues.iataCandidates.isEmpty && clues.namePhrases.isEmpty && clues.airportWords.isEmpty)
    }
}

/// A stop word beside a port cue is a code only on a short line.
@Suite struct StopwordCueTests {
    func token(_ lines: [String], _ code: String) -> CodeToken? {
        ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)
            .extract(from: reading(lines)).iataCandidates.first { $0.code == code }
    }

    @Test func inRunningTextTheCueDoesNotMakeAWordACode() throws {
        let running = try #require(token(["PERMITTED TO LAND FOR", "DAYS"], "FOR"))
        #expect(!running.nextToPortCue)
        #expect(running.isStopword)
        // A code that is not a common word keeps its cue anywhere.
        let code = try #require(token(["PERMITTED TO LAND LHR"], "LHR"))
        #expect(code.nextToPortCue)
    }
}
