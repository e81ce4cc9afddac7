import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitMatching
@testable import StampKitOCR

/// A doubtful line's further looks are extra readings of its names only.
@Suite struct NameLookClueTests {
    /// `reading(lines)` with `looks` on its first line.
    func looked(_ lines: [String], _ looks: [String]) -> OCRReading {
        var r = reading(lines)
        r.lines[0].nameLooks = looks
        return r
    }

    func extract(_ r: OCRReading) -> StampClues {
        ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: r)
    }

    @Test func aWordTwoReadingsNearlyAgreeOnIsTakenOnce() {
        let r = looked(["KEFLAVTX@45 AIRPQRT@40"], ["KEFLAVIK AIRPORT TRANS", "KEFLAVIK AIRP0RT ICELAND"])
        let lines = Tokenizer.nameLookLines(r, read: Tokenizer.tokenize(r, airportWords: []))
        let forms = lines.flatMap { $0.map(\.form) }
        // KEFLAVIK twice in the looks: once. AIRPORT: one letter from the first reading's AIRPQRT.
        // TRANS: in one look only, nowhere near another reading (a speck read as a word);
        // ICELAND, as long as it is, may stand on one look.
        #expect(forms == ["keflavik", "airport", "iceland"])
        // Lines are numbered after the reading's own, and words apart where the look had them apart.
        #expect(lines.first?.first?.line == 1)
    }

    @Test func aWordOneLetterFromTheFirstReadingCountsOnlyWhenEveryLookReadsIt() {
        func taken(_ lines: [String], _ looks: [String]) -> [String] {
            let r = looked(lines, looks)
            return Tokenizer.nameLookLines(r, read: Tokenizer.tokenize(r, airportWords: [])).flatMap { $0.map(\.form) }
        }
        // AEROFORT is AERQFORT read again: both are one letter from AERFORT, which as two clues
        // would count one guess twice. Taken only when the looks agree on it.
        #expect(taken(["LIEGE@95", "AERQFORT@77"], ["EGE AEROFORT", "LIEGE AERQFORT"]).isEmpty)
        #expect(taken(["DUBLIN@93 ATRPORT@79"], ["DUBLIN AIRPORT", "DUBLIN AIRPORT"]) == ["airport"])
    }

    @Test func aWordReadElsewhereOnTheStampIsNotTakenAgain() {
        // The look of the first line read its row whole: ALGECIRAS, and CIRAS the next line had.
        let r = looked(["PUERTO@76 DE@91 ALGEC@60", "CIRAS@90"], ["PUERTO DE ALGECIRAS CIRAS", "PUERTO DE ALGECIRAS CIRAS"])
        let forms = Tokenizer.nameLookLines(r, read: Tokenizer.tokenize(r, airportWords: [])).flatMap { $0.map(\.form) }
        #expect(forms == ["algeciras"])
    }

    @Test func aWordTheFirstReadingWasSureOfStands() {
        // HELSINGIN SATAMA read surely; a look's SAITAMA (a city in Japan) is the misreading.
        let r = looked(["HELSINGIN@95 SATAMA@92 KRYPTO@30"], ["HELSINGIN SAITAMA KRYPTA", "HELSINGIN SAITAMA KRYPTA"])
        let forms = Tokenizer.nameLookLines(r, read: Tokenizer.tokenize(r, airportWords: [])).flatMap { $0.map(\.form) }
        #expect(forms == ["krypta"])
    }

    /// A stamp read again whole: each look is the whole stamp's lines, so a word two looks
    /// nearly agree on is taken, wherever on the stamp each read it, and a word a look shares
    /// with another line of its own is no agreement. The words take the first reading's mean
    /// confidence.
    @Test func wholeLooksAgreeAcrossTheWholeStamp() {
        var r = reading(["MAVA@20 rrR@30", "16.06.22@60"])
        r.wholeLooks = [["FLUGHAFEN MUNCHEN", "16.06.22"], ["TUCES FEN", "MÜNCHEN xx"], ["BERGE", "BERGE"]]
        let lines = Tokenizer.nameLookLines(r, read: Tokenizer.tokenize(r, airportWords: []))
        // FLUGHAFEN and MUNCHEN are long enough alone (MÜNCHEN, the same form, is taken once);
        // TUCES is not, and no other look read it; BERGE twice in one look is one reading.
        #expect(lines.map { $0.map(\.form) } == [["flughafen", "munchen"]])
        #expect(lines.first?.first?.line == 2)
        #expect(lines.first?.first?.confidence == (20.0 + 30 + 60) / 3)
    }

    @Test func looksGiveNamesButNeverCodesDatesOrDirections() {
        // Every look reads a code, a date and a direction word the first reading did not have.
        let looks = ["KEFLAVIK KEFX IS 12.07.19 ARRIVAL", "KEFLAVIK KEFX IS 12.07.19 ARRIVAL"]
        let clues = extract(looked(["KEFLAVTX@45 KEFY@30 ARRIVEL@30", "FLUGSTOD"], looks))
        #expect(clues.readLines == 2)
        #expect(clues.lines.count > clues.readLines)
        #expect(clues.namePhrases.contains { $0.form == "keflavik" && $0.span.line >= clues.readLines })
        #expect(clues.airportNameWords.contains { $0.form == "keflavik" })
        #expect(clues.iataCandidates.allSatisfy { $0.span.line < clues.readLines })
        #expect(clues.countryCodeCandidates.allSatisfy { $0.span.line < clues.readLines })
        #expect(clues.distinguishingSigns.allSatisfy { $0.span.line < clues.readLines })
        #expect(clues.directionHits.isEmpty)
        #expect(clues.date == nil)
    }

    @Test func theMatcherTakesANameFromALookButNoCode() throws {
        let matcher = StampMatcher(directory: TestPlaces(), lexicon: TestLexicon.shared, today: TestLexicon.today)
        // Read alone, the worn line names nothing.
        let plain = try matcher.propose(from: reading(["KEWQAVTA@45 AIRPQRT@40"]))
        #expect(plain.candidates.first?.country.code != "IS")
        let named = try matcher.propose(from: looked(["KEWQAVTA@45 AIRPQRT@40"], ["KEFLAVIK AIRPORT", "KEFLAVIK AIRPQRT"]))
        #expect(named.candidates.first?.country.code == "IS")
        #expect(named.candidates.first?.airport?.iata == "KEF")
        // A look that reads a code and nothing else names nothing: FRA is Frankfurt's code.
        let code = try matcher.propose(from: looked(["XQZV@20 PQRT@20"], ["FRA FRA", "FRA FRA"]))
        #expect(!code.candidates.contains { $0.country.code == "DE" })
    }
}
