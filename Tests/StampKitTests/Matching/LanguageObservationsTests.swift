import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// The language of a stamp's own words points to the countries that chiefly print it.
@Suite struct LanguageObservationsTests {
    func observations(_ lines: [String], confidence: Double = 90) throws -> [Observation] {
        let clues = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)
            .extract(from: reading(lines, confidence: confidence))
        var lookup = Lookup(directory: TestPlaces())
        return try LanguageObservations(lexicon: TestLexicon.shared).read(clues, &lookup)
    }

    func shares(_ observation: Observation) -> [String: Double] {
        Dictionary(grouping: observation.hypotheses, by: \.country).mapValues { $0.map(\.share).reduce(0, +) }
    }

    @Test func theWordListsKnowWhereALanguageIsChieflyPrinted() {
        let lexicon = TestLexicon.shared
        #expect(lexicon.languageHomes["tr"] == ["TR"])
        // The home is part of the countries that speak it; the minorities are not the home.
        #expect(lexicon.languageCountries["tr"]?.isSuperset(of: ["TR", "BG", "MK"]) == true)
        #expect(lexicon.languageHomes["vi"] == ["VN"])
        #expect(lexicon.languageHomes["de"]?.contains("DE") == true)
        #expect(lexicon.languageHomes["de"]?.contains("NA") == false)
        #expect(lexicon.wordLanguages["entrada"] == ["es", "pt"])
        #expect(lexicon.wordLanguages["giris"] == ["tr"])
        for (language, homes) in lexicon.languageHomes {
            #expect(homes.isSubset(of: lexicon.languageCountries[language] ?? []), "\(language)")
        }
    }

    @Test func aTurkishDirectionWordPointsToTurkey() throws {
        let o = try #require(try observations(["GİRİŞ", "KAPIKULE", "17.07.05"]).first)
        #expect(o.evidence.kind == .language)
        #expect(shares(o) == ["TR": 1])
        #expect(o.reliability > 0.3)
        // Read without the Turkish letters, as OCR often does.
        #expect(shares(try #require(try observations(["GIRIS", "KAPIKULE"]).first)) == ["TR": 1])
    }

    @Test func aWordOfManyCountriesSaysNothing() throws {
        // SALIDA is Spanish, chiefly printed in some twenty countries; ENTRADA is Spanish and
        // Portuguese.
        #expect(try observations(["SALIDA"]).isEmpty)
        #expect(try observations(["ENTRADA"]).isEmpty)
    }

    @Test func aLanguageOfSeveralCountriesLeansToTheLargest() throws {
        // HAFEN is German: Germany, Austria, Switzerland and Liechtenstein (the test directory
        // knows Germany and Austria), Germany the likelier by √population.
        let german = shares(try #require(try observations(["HAFEN KIEL"]).first))
        #expect(german["DE"]! > 2 * german["AT"]!)
        #expect(abs(german.values.reduce(0, +) - 1) < 1e-9)
    }

    @Test func englishSaysNothing() throws {
        #expect(try observations(["ARRIVAL", "IMMIGRATION", "12 JUL 2019"]).isEmpty)
        #expect(try observations(["HEATHROW"]).isEmpty)
    }

    @Test func fadedWordsCountLess() throws {
        let clear = try #require(try observations(["XUẤT CẢNH"]).first)
        let faded = try #require(try observations(["XUẤT CẢNH"], confidence: 35).first)
        #expect(shares(clear) == ["VN": 1])
        #expect(faded.reliability < clear.reliability)
    }

    @Test func aBorderPostTheGazetteerDoesNotKnowStillGetsItsCountry() throws {
        let matcher = StampMatcher(directory: TestPlaces(), lexicon: TestLexicon.shared, today: TestLexicon.today)
        let p = try matcher.propose(from: reading(["GIRIS", "KAPIKULE", "17.07.05"]))
        let top = try #require(p.candidates.first)
        #expect(top.country.code == "TR")
        // One clue of the whole stamp: a question, not an answer.
        #expect(top.confidence < 0.5)
        #expect(top.evidence.contains { $0.kind == .language && $0.text == "GIRIS" })
    }

    @Test func theLanguageAddsToANameInTheSameLanguage() throws {
        let matcher = StampMatcher(directory: TestPlaces(), lexicon: TestLexicon.shared, today: TestLexicon.today)
        let bare = try #require(try matcher.propose(from: reading(["TAN SON NHAT"])).candidates.first)
        let worded = try #require(try matcher.propose(from: reading(["TAN SON NHAT", "XUAT CANH"])).candidates.first)
        #expect(bare.country.code == "VN")
        #expect(worded.country.code == "VN")
        #expect(worded.confidence > bare.confidence)
    }
}
