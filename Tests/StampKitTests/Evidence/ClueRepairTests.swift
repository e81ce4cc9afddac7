import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// What OCR breaks in names before they are looked up: split words, national letters, elided
/// articles, and port words that are place names.
@Suite struct ClueRepairTests {
    let extractor = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)

    @Test func aWordSplitAtAGapIsAlsoTriedWhole() {
        let clues = extractor.extract(from: reading(["IMIGRESEN MALAY SIA", "KLIA"]))
        #expect(clues.namePhrases.contains { $0.form == "malaysia" && $0.span == TokenSpan(line: 0, start: 1, end: 3) })
        // A wide capital split off its word.
        let narva = extractor.extract(from: reading(["N ARVA"]))
        #expect(narva.namePhrases.contains { $0.form == "narva" })
        // Two whole words are not run together.
        let two = extractor.extract(from: reading(["BERLIN BRANDENBURG"]))
        #expect(!two.namePhrases.contains { $0.form == "berlinbrandenburg" })
    }

    @Test func aSlashedOReadAsAtIsTheLetter() throws {
        let clues = extractor.extract(from: reading(["K@BENHAVN", "LUFTHAVN"]))
        #expect(clues.lines[0].map(\.form) == ["kobenhavn"])
        #expect(clues.lines[0][0].isCorrected)
        // At the edge of a word it stays a separator.
        let edge = extractor.extract(from: reading(["@OSLO@"]))
        #expect(edge.lines[0].map(\.form) == ["oslo"])
    }

    @Test func aBarBeforeOrBetweenCapitalsIsAnI() throws {
        let clues = extractor.extract(from: reading(["*x |S", "|MMIGRATION", "AIRPORT"]))
        #expect(clues.lines[0].map(\.form).contains("is"))
        #expect(clues.lines[1].map(\.form) == ["immigration"])
        #expect(clues.lines[1][0].isCorrected)
        #expect(clues.distinguishingSigns.contains { $0.code == "IS" })
        // Beside small letters, digits or alone it stays a separator.
        let other = extractor.extract(from: reading(["Oslo|Gardermoen 12|04", "|"]))
        #expect(other.lines[0].map(\.form) == ["oslo", "gardermoen", "12", "04"])
    }

    @Test func anExclamationMarkAfterCapitalsIsAnI() throws {
        let clues = extractor.extract(from: reading(["KANSA! (K)", "THESSALON!KI", "DEPARTED"]))
        #expect(clues.lines[0].first?.form == "kansai")
        #expect(clues.lines[0].first?.isCorrected == true)
        #expect(clues.lines[1].map(\.form) == ["thessaloniki"])
        // After one capital, a small letter or a space it is punctuation.
        let other = extractor.extract(from: reading(["A! Nice! WOW !", "ENTRY"]))
        #expect(other.lines[0].map(\.form) == ["a", "nice", "wow"])
    }

    /// A worn I at a word's end reads as a semicolon too (KANSA; for KANSAI, which as KANSA
    /// found Kansas City); after a two- or three-letter code it stays punctuation (CZ; in a
    /// ring keeps the sign), and so it does after a word in small letters.
    @Test func aSemicolonAfterAWordOfCapitalsIsAnI() throws {
        let clues = extractor.extract(from: reading(["KANSA; (K)", "DEPARTED"]))
        #expect(clues.lines[0].first?.form == "kansai")
        #expect(clues.lines[0].first?.isCorrected == true)
        let other = extractor.extract(from: reading(["‘CZ; BRNO", "Kansa;"]))
        #expect(other.lines[0].map(\.form) == ["cz", "brno"])
        #expect(other.lines[1].map(\.form) == ["kansa"])
    }

    @Test func anElidedArticleDoesNotEndAName() {
        let clues = extractor.extract(from: reading(["NICE COTE D'AZUR"]))
        #expect(!clues.namePhrases.contains { $0.form == "cote d" })
        #expect(clues.namePhrases.contains { $0.form == "cote d azur" })
    }

    @Test func aPortWordBesideAnAirportWordIsAName() throws {
        let clues = extractor.extract(from: reading(["AEROPORTO DO PORTO"]))
        #expect(clues.namePhrases.contains { $0.form == "porto" })
        #expect(clues.entryMethodHits.contains { $0.text == "PORTO" })
        // Without an airport word, PORT says how the border was crossed and names nothing.
        let calais = extractor.extract(from: reading(["CALAIS PORT"]))
        #expect(!calais.namePhrases.contains { $0.form.contains("port") })
    }
}
