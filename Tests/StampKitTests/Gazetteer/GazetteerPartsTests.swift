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

/// Builds a `.mo` file in the given byte order from msgid → msgstr pairs.
func makeCatalogue(_ pairs: [(String, String)], bigEndian: Bool) -> Data {
    var entries = [("", "Content-Type: text/plain; charset=UTF-8\n")] + pairs
    entries.sort { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    func word(_ value: Int) -> [UInt8] {
        let v = UInt32(value)
        let little = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
        return bigEndian ? little.reversed() : little
    }
    let count = entries.count
    let originalsAt = 28, translationsAt = 28 + count * 8
    var strings: [UInt8] = []
    var originals: [UInt8] = [], translations: [UInt8] = []
    let stringsAt = translationsAt + count * 8
    for (id, _) in entries {
        originals += word(id.utf8.count) + word(stringsAt + strings.count)
        strings += Array(id.utf8) + [0]
    }
    for (_, text) in entries {
        translations += word(text.utf8.count) + word(stringsAt + strings.count)
        strings += Array(text.utf8) + [0]
    }
    let header = word(0x9504_12de) + word(0) + word(count) + word(originalsAt)
        + word(translationsAt) + word(0) + word(0)
    return Data(header + originals + translations + strings)
}

@Suite struct GettextCatalogTests {
    @Test(arguments: [false, true])
    func readsBothByteOrders(bigEndian: Bool) throws {
        let data = makeCatalogue(
            [("Iceland", "Ísland"), ("Japan", "日本"), ("Germany", "Deutschland"), ("Chad", "")],
            bigEndian: bigEndian)
        let catalogue = try GettextCatalog(data: data)
        #expect(catalogue.translations == ["Iceland": "Ísland", "Japan": "日本", "Germany": "Deutschland"])
    }

    @Test func refusesWhatIsNotACatalogue() {
        #expect(throws: GettextCatalog.FormatError.self) { try GettextCatalog(data: Data("hello world, not a catalogue".utf8)) }
        #expect(throws: GettextCatalog.FormatError.self) { try GettextCatalog(data: Data()) }
        let truncated = makeCatalogue([("Iceland", "Ísland")], bigEndian: false).prefix(40)
        #expect(throws: GettextCatalog.FormatError.self) { try GettextCatalog(data: Data(truncated)) }
    }

    @Test func readsTheCommittedIsoCodesCatalogue() throws {
        let mo = FixtureGazetteer.sourcesURL.appendingPathComponent(
            "iso-codes/locale/is/LC_MESSAGES/iso_3166-1.mo")
        let catalogue = try GettextCatalog(data: Data(contentsOf: mo))
        #expect(catalogue.translations["Iceland"] == "Ísland")
        #expect(catalogue.translations.count > 200)
    }
}

@Suite struct CSVReaderTests {
    @Test func handlesQuotesCommasAndNewlinesInsideFields() {
        let text = "\u{FEFF}a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\n2,,\"two\nlines\"\n3,é,\n"
        #expect(
            CSVReader.records(text) == [
                ["a", "b", "c"], ["1", "x, y", "say \"hi\""], ["2", "", "two\nlines"], ["3", "é", ""],
            ])
        #expect(CSVReader.records("") == [])
        #expect(CSVReader.records("last,row") == [["last", "row"]])
    }
}

@Suite struct ContentHashTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func matchesTheFIPSVectors(input: String, digest: String) {
        var hasher = SHA256()
        hasher.update(Array(input.utf8))
        #expect(hasher.finalizeHex() == digest)
    }
}

@Suite struct NameSelectionTests {
    @Test(arguments: [
        ("München", "DE", true), ("Monachium", "DE", true), ("mwnkh", "DE", false),
        ("NYC", "US", false), ("Paris 01", "FR", false), ("Мюнхен", "DE", false),
        ("Москва", "RU", true), ("成田", "JP", true), ("なりた", "JP", true), ("인천", "KR", true),
        ("上海", "CN", true), ("東京", "KR", true), ("Αθήνα", "GR", true), ("Αθήνα", "IT", false),
        ("'s-Hertogenbosch", "NL", true), ("Ōsaka", "JP", true), ("一宮", "JP", true),
        (String(repeating: "A", count: 41), "US", false), ("", "US", false),
    ])
    func keepsOnlyNamesAStampCouldPrint(name: String, country: String, kept: Bool) {
        #expect(NameSelection.keepsAlternate(name, countryCode: country) == kept)
    }
}

@Suite struct NameCollectorTests {
    let peru = GazetteerSources.CountryRow(
        code: "PE", alpha3: "PER", name: "Peru", continent: "SA", population: 31_989_256, geonameid: 3932488,
        languages: ["es", "qu", "ay"])

    func kept(_ names: [(String?, String)]) -> (language: String?, name: String)? {
        var collector = NameCollector(countries: [peru])
        for (language, name) in names {
            collector.add("country", .text("PE"), "PE", language, name, country: "PE", importance: 1)
        }
        return collector.rows.first { $0.form == "peru" }.map { ($0.language, $0.name) }
    }

    /// One row per form: the spelling with more letters beyond ASCII is shown, but a minority
    /// language's (Basaa Pèrû) does not take a major language's row, whose language decides
    /// whether a damaged PERI may be guessed to be the name.
    @Test func aMinorityLanguagesSpellingDoesNotTakeAMajorLanguagesRow() throws {
        let english = try #require(kept([("en", "Peru"), ("bas", "Pèrû")]))
        #expect(english.language == "en" && english.name == "Peru")
        let spanish = try #require(kept([("en", "Peru"), ("bas", "Pèrû"), ("es", "Perú")]))
        #expect(spanish.language == "es" && spanish.name == "Perú")
        // Whichever came first.
        #expect(try #require(kept([("bas", "Pèrû"), ("en", "Peru")])).language == "en")
        #expect(try #require(kept([("bas", "Pèrû"), ("es", "Perú")])).language == "es")
        // Between minority languages the richer spelling still wins.
        #expect(try #require(kept([("qux", "Peru"), ("bas", "Pèrû")])).name == "Pèrû")
    }

    /// A name several countries carry stays only with those that carry it in one of their own
    /// languages or in English: MEXICO is Spanish for Mexico, not Guarani for Malaysia. Where
    /// none does (SAMOA in Faroese and Yoruba), every country keeps it.
    @Test func aCountryNameIsKeptByTheCountriesWhoseOwnLanguageGivesIt() {
        let mexico = GazetteerSources.CountryRow(
            code: "MX", alpha3: "MEX", name: "Mexico", continent: "NA", population: 126_190_788, geonameid: 3996063,
            languages: ["es"])
        let malaysia = GazetteerSources.CountryRow(
            code: "MY", alpha3: "MYS", name: "Malaysia", continent: "AS", population: 31_528_585, geonameid: 1733045,
            languages: ["ms", "en"])
        var collector = NameCollector(countries: [mexico, malaysia, peru])
        collector.add("country", .text("MX"), "MX", "es", "México", country: "MX", importance: 2)
        collector.add("country", .text("MY"), "MY", "gn", "Mexico", country: "MY", importance: 1)
        collector.add("country", .text("MY"), "MY", "ms", "Malaysia", country: "MY", importance: 1)
        collector.add("country", .text("MX"), "MX", "fo", "Sámoa", country: "MX", importance: 2)
        collector.add("country", .text("PE"), "PE", "yo", "Sàmóà", country: "PE", importance: 1)
        collector.add("city", .integer(1), "1", nil, "Mexico", country: "MY", importance: 1)
        let rows = collector.sortedRows().map { "\($0.kind) \($0.placeKey) \($0.form)" }
        #expect(rows.contains("country MX mexico") && !rows.contains("country MY mexico"))
        #expect(rows.contains("country MY malaysia"))
        #expect(rows.contains("country MX samoa") && rows.contains("country PE samoa"))
        #expect(rows.contains("city 1 mexico"))
    }
}
