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

/// Search over the fixture gazetteer, built by the real importer from the committed excerpts.
@Suite struct GazetteerSearchTests {
    func search(
        _ text: String, kinds: Set<PlaceKind>? = nil, in country: String? = nil,
        near: (Double, Double)? = nil, limit: Int = 10
    ) throws -> [PlaceHit] {
        try FixtureGazetteer.open().search(
            PlaceQuery(
                text: text, kinds: kinds, countryCode: country,
                near: near.map { (latitude: $0.0, longitude: $0.1) }, limit: limit))
    }

    @Test func keflavikFindsTheAirportAndTheTown() throws {
        let hits = try search("keflavik")
        #expect(hits.contains { $0.place.kind == .airport && $0.place.iata == "KEF" })
        #expect(hits.contains { $0.place.kind == .city && $0.place.name == "Keflavík" && $0.place.countryCode == "IS" })
    }

    @Test func lAXIsLosAngelesInternationalFirst() throws {
        let first = try #require(try search("LAX").first)
        #expect(first.place.kind == .airport)
        #expect(first.place.iata == "LAX")
        #expect(first.place.icao == "KLAX")
        #expect(first.match == .exact)
        #expect(try search("lax").first?.place.iata == "LAX")
        #expect(try search("KLAX").first?.place.iata == "LAX")
        #expect(try search("ISL").first?.place.id == .code("IS"))
        #expect(try search("is", kinds: [.country]).first?.place.id == .code("IS"))
    }

    @Test func lettersThatAreNotDiacriticsAreTransliterated() throws {
        // ð → d
        let egilsstadir = try search("egilsstadir")
        #expect(egilsstadir.contains { $0.place.kind == .city && $0.place.name == "Egilsstaðir" })
        #expect(egilsstadir.contains { $0.place.iata == "EGS" })
        // þ → th, ö → o
        let thorlakshofn = try search("thorlakshofn")
        #expect(thorlakshofn.first?.place.name == "Þorlákshöfn")
        #expect(thorlakshofn.first?.match == .exact)
        // ø → o (København), typed with and without the letter
        #expect(try search("kobenhavn").first?.place.name == "Copenhagen")
        #expect(try search("København").first?.place.name == "Copenhagen")
    }

    @Test(arguments: ["muenchen", "munchen", "München", "MÜNCHEN", "Monachium", "munch"])
    func munichInEverySpelling(query: String) throws {
        let first = try #require(try search(query, kinds: [.city]).first)
        #expect(first.place.id == .number(2_867_714))
        #expect(first.place.name == "Munich")
    }

    @Test func monachiumIsThePolishName() throws {
        let first = try #require(try search("Monachium").first)
        #expect(first.matchedName == "Monachium")
        #expect(first.language == "pl")
    }

    @Test func countryNamesInOtherLanguagesAndScripts() throws {
        let deutschland = try #require(try search("Deutschland").first)
        #expect(deutschland.place.kind == .country)
        #expect(deutschland.place.id == .code("DE"))
        let japan = try #require(try search("日本").first)
        #expect(japan.place.kind == .country)
        #expect(japan.place.id == .code("JP"))
        // CLDR names: Icelandic for Germany, Traditional Chinese for Japan's neighbour.
        #expect(try search("Þýskaland").first?.place.id == .code("DE"))
        #expect(try search("Islandia", kinds: [.country]).first?.place.id == .code("IS"))
    }

    @Test func regionsByTheirCLDRNames() throws {
        // CLDR subdivision names, keyed by ISO 3166-2 code: Polish and Icelandic for Bavaria.
        let bavaria = try #require(try search("Bawaria", kinds: [.region]).first)
        #expect(bavaria.place.id == .code("DE.02"))
        #expect(bavaria.language == "pl")
        #expect(try search("Bayern").first?.place.id == .code("DE.02"))
        #expect(try search("baejaraland").first?.place.id == .code("DE.02"))  // æ → ae
    }

    @Test func newYorkTheCityComesBeforeItsAirports() throws {
        let hits = try search("new york", limit: 20)
        let city = try #require(hits.firstIndex { $0.place.kind == .city && $0.place.id == .number(5_128_581) })
        let airport = try #require(hits.firstIndex { $0.place.kind == .airport })
        #expect(city < airport)
        #expect(hits.contains { $0.place.iata == "JFK" })
    }

    @Test func exactBeforePrefixBeforeWordThenImportance() throws {
        for query in ["paris", "san", "new", "london", "springfield"] {
            let hits = try search(query, limit: 40)
            #expect(!hits.isEmpty, "\(query)")
            #expect(hits.map(\.match) == hits.map(\.match).sorted(), "\(query)")
            let form = SearchForm.of(query)
            for hit in hits where hit.match == .exact && hit.place.kind != .airport && hit.place.kind != .country {
                #expect(SearchForm.of(hit.matchedName) == form, "\(query): \(hit.matchedName)")
            }
        }
        // Among exact matches of 'paris', the French capital outranks every namesake.
        let paris = try search("paris", kinds: [.city])
        #expect(paris.first?.place.countryCode == "FR")
        let populations = paris.filter { $0.match == .exact }.compactMap(\.place.population)
        #expect(populations == populations.sorted(by: >))
    }

    @Test func continentsAndCountriesComeFirst() throws {
        let hits = try search("europe")
        #expect(hits.first?.place.kind == .continent)
        #expect(hits.first?.place.id == .number(6_255_148))
        #expect(try search("Evrópa").first?.place.kind == .continent)
    }

    @Test func kindAndCountryNarrowTheSearch() throws {
        let airports = try search("london", kinds: [.airport], limit: 20)
        #expect(!airports.isEmpty)
        #expect(airports.allSatisfy { $0.place.kind == .airport })
        let canadian = try search("london", in: "CA", limit: 20)
        #expect(!canadian.isEmpty)
        #expect(canadian.allSatisfy { $0.place.countryCode == "CA" })
        #expect(try search("london", kinds: []).isEmpty)
        #expect(try search("keflavik", in: "DE").isEmpty)
    }

    @Test func nearPrefersTheCloserOfSimilarPlaces() throws {
        // Springfield IL (114k), MA (154k) and MO (170k) are equally important in half-decades.
        let illinois = try #require(try search("springfield", kinds: [.city], near: (39.8, -89.65)).first)
        #expect(illinois.place.regionID == "US.IL")
        #expect(try #require(illinois.distanceKm) < 20)
        let massachusetts = try #require(try search("springfield", kinds: [.city], near: (42.1, -72.59)).first)
        #expect(massachusetts.place.regionID == "US.MA")
        // Without --near, population decides: Missouri's is the largest.
        #expect(try search("springfield", kinds: [.city]).first?.place.regionID == "US.MO")
    }

    /// A common prefix takes its prefix matches from the word search; the answer must agree
    /// with reading the whole prefix range.
    @Test(arguments: ["paris", "london", "new york", "keflavik", "munchen", "lax", "reykjav"])
    func commonPrefixShortcutAgreesWithTheRange(query: String) throws {
        let gazetteer = try FixtureGazetteer.open()
        let full = try gazetteer.search(PlaceQuery(text: query, limit: 5), densePrefix: .max)
        let shortcut = try gazetteer.search(PlaceQuery(text: query, limit: 5), densePrefix: 1)
        #expect(shortcut.map(\.place.id) == full.map(\.place.id))
        #expect(shortcut.map(\.match) == shortcut.map(\.match).sorted())
    }

    @Test func limitIsRespected() throws {
        #expect(try search("a", limit: 3).count == 3)
        #expect(try search("a", limit: 0).isEmpty)
    }

    /// The bad input: FTS syntax, SQL, emoji, huge and empty text.
    static let hostile: [String] = [
        "\"", "\"\"", "'", "keflavik\"", "\"keflavik", "*", "a*", "**", "NEAR(", "NEAR(a b)", "NEAR(a, 5)",
        "OR", "AND", "NOT", "a OR b", "keflavik AND", "-", "-keflavik", "a - b", "^", "col:term",
        "form:paris", "Robert'); DROP TABLE names;--", "1; SELECT * FROM meta", "%", "_", "\\",
        "😀", "🇮🇸", "👨‍👩‍👧", "paris😀", "ke\u{200D}flavik", "\u{0}", "\u{FEFF}",
        String(repeating: "a", count: 10_000), String(repeating: "ab ", count: 3_400),
        String(repeating: "é", count: 10_000), "?!.,;:()[]{}<>", "   ", "", "(((((", ")",
    ]

    @Test(arguments: hostile)
    func hostileQueriesAreSearchedNeverExecuted(query: String) throws {
        let hits = try search(query)
        #expect(hits.count <= 10)
    }

    @Test func punctuationOnlyFindsNothing() throws {
        for query in ["?!.,;:()[]{}<>", "***", "\"\"\"", "😀", "", "   "] {
            #expect(try search(query).isEmpty, "\(query)")
        }
        // The words of an FTS operator are searched as words.
        #expect(try search("NEAR(keflavik").contains { $0.place.iata == "KEF" } == false)
        #expect(try search("\"keflavik\"").contains { $0.place.iata == "KEF" })
        #expect(try search("keflavik*").contains { $0.place.iata == "KEF" })
    }
}

@Suite struct SearchQueryTextTests {
    @Test func matchIsBuiltOnlyFromQuotedLetterAndDigitTokens() {
        #expect(SearchQueryText.match("new york") == "\"new\"* AND \"york\"*")
        #expect(SearchQueryText.match("muenchen") == "(\"muenchen\"* OR \"munchen\"*)")
        #expect(SearchQueryText.match("") == nil)
        for text in GazetteerSearchTests.hostile {
            guard let match = SearchQueryText.match(SearchQueryText.form(of: text)) else { continue }
            // Strip what we add; what remains must be letters, digits and spaces.
            let stripped = match.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: "*", with: "")
                .replacingOccurrences(of: " AND ", with: " ").replacingOccurrences(of: " OR ", with: " ")
                .replacingOccurrences(of: "(", with: "").replacingOccurrences(of: ")", with: "")
            #expect(stripped.unicodeScalars.allSatisfy {
                $0 == " " || $0.properties.isAlphabetic || $0.properties.numericType != nil
            }, "\(text.prefix(20)) → \(match.prefix(40))")
        }
    }

    @Test func tokensSplitWhereFTSSplits() {
        #expect(SearchQueryText.tokens(of: "ke\u{200D}flavik") == ["ke", "flavik"])
        #expect(SearchQueryText.tokens(of: "日本") == ["日本"])
        #expect(SearchQueryText.tokens(of: String(repeating: "a ", count: 50)).count == SearchQueryText.maximumTokens)
        #expect(SearchQueryText.form(of: String(repeating: "ab ", count: 1000)).count <= SearchQueryText.maximumFormLength)
    }

    @Test func germanSpellings() {
        #expect(SearchQueryText.germanFolded("muenchen") == "munchen")
        #expect(SearchQueryText.germanFolded("koeln") == "koln")
        #expect(SearchQueryText.germanFolded("paris") == nil)
    }
}
