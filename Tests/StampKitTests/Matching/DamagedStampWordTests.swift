import Foundation
import Testing
@testable import StampKitEvidence
import StampKitGazetteer
@testable import StampKitMatching

/// Entry, exit and entry-method words read with a letter wrong, and the direction a country's
/// habit implies.
@Suite struct DamagedStampWordTests {
    let words = DamagedStampWords(TestLexicon.shared.directions, lexicon: TestLexicon.shared)
    let extractor = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)

    func directions(_ lines: [String]) -> [Direction] {
        let clues = extractor.extract(from: reading(lines))
        return words.hits(clues, read: clues.directionHits).map(\.value)
    }

    @Test func aWordOneEditFromADirectionWordIsThatDirection() {
        #expect(directions(["CHINA IMMIGRATION INSPECTION", "ENDRY", "2011-03-21"]) == [.arrival])
        // B for D is a worn letter of the same shape.
        #expect(directions(["POLICIA FEDERAL", "SAIBA", "08.12.2007"]) == [.departure])
        #expect(directions(["CIKES", "KAPIKULE"]) == [.departure])
    }

    /// A worn capital read as a small letter (SiKIS for ÇIKIŞ) leaves it a word in capitals; a
    /// word of small letters, or with more than one in four small, is OCR's junk and is not
    /// guessed at.
    @Test func aWornWordReadWithASmallLetterStillCounts() {
        #expect(directions(["IZMIR", "SiKIS", "HAVALIMANI"]) == [.departure])
        #expect(directions(["IZMIR", "sikis", "HAVALIMANI"]).isEmpty)
        #expect(directions(["IZMIR", "SiKiS", "HAVALIMANI"]).isEmpty)
    }

    /// A phrase read with a letter wrong (NHẬP CẢNH as NAP CANH) counts as the phrase; a
    /// letter read as a digit (S4LIDA) is undone, and the word reads right. The phrase's words read apart with two
    /// letters lost (NA CANH) are not guessed at.
    @Test func aDamagedPhraseOrADigitForALetterStillCounts() {
        #expect(directions(["VIETNAM IMMIGRATION", "NAP CANH", "13 01 2018"]) == [.arrival])
        #expect(extractor.extract(from: reading(["MIGRACIONES", "S4LIDA"])).direction == .departure)
        #expect(directions(["VIETNAM IMMIGRATION", "NA CANH"]).isEmpty)
    }

    /// A word or phrase of seven letters or more may be two edits off (NHẬP CẢNH as NHÂP CENK,
    /// XUẤT CẢNH as XEÄY CÅNH, DEPARTURE as DEFARTUNE, ENTRADA as ERTPADA); a shorter one only
    /// one (SALIDA as SXLIMA is nothing), and none three.
    @Test func aLongWordMayBeTwoEditsOff() {
        #expect(directions(["VIETNAM IMMIGRATION", "NHÂP CENK", "23 05 2018"]) == [.arrival])
        #expect(directions(["XEÄY CÅNH", "VIETNAM IMMIGRATION"]) == [.departure])
        #expect(directions(["OMAN", "DEFARTUNE"]) == [.departure])
        #expect(directions(["MIGRACIONES", "ERTPADA"]) == [.arrival])
        #expect(directions(["MIGRACIONES", "SXLIMA"]).isEmpty)
        #expect(directions(["ENDRX", "JFK"]).isEmpty)
        #expect(directions(["VIETNAM IMMIGRATION", "NHÊP CENK"]).isEmpty)
    }

    /// HAREN is one letter from German HAFEN and Dutch HAVEN, both "port": the hit carries the
    /// same one every time (the first in the alphabet), so its language, and the answer's
    /// confidence, do not change from run to run with a dictionary's order.
    @Test func aReadingEquallyNearTwoWordsOfOneMeaningCarriesTheSameOneEveryTime() {
        let methods = DamagedStampWords(TestLexicon.shared.entryMethods, lexicon: TestLexicon.shared)
        let clues = extractor.extract(from: reading(["HAREN", "30.06.10"]))
        #expect(methods.hits(clues, read: []).map(\.form) == ["hafen"])
        #expect(methods.words.map { String(decoding: $0.form, as: UTF8.self) } == methods.words.map { String(decoding: $0.form, as: UTF8.self) }.sorted())
    }

    /// SLIDA is one letter from Spanish SALIDA and from Portuguese SAIDA: it still says
    /// departure, but no language, so it does not vote for Brazil over the Argentine town
    /// beside it.
    @Test func aWordEquallyNearWordsOfTwoLanguagesSaysNoLanguage() throws {
        let clues = extractor.extract(from: reading(["MIGRACIONES", "SLIDA"]))
        let hits = words.hits(clues, read: clues.directionHits)
        #expect(hits.map(\.value) == [.departure])
        #expect(hits.first.map { clues.form($0.form, at: $0.span) } == "slida")
        let matcher = StampMatcher(directory: TestPlaces(), lexicon: TestLexicon.shared, today: TestLexicon.today)
        let proposal = try matcher.propose(from: reading(["MIGRACIONES", "SLIDA", "12 JAN 2022"]))
        #expect(proposal.direction == .departure)
        #expect(!proposal.candidates.contains { $0.evidence.contains { $0.kind == .language } })
        // One language's word alone (SAIBA: only Portuguese SAIDA) still says its language.
        let saiba = try matcher.propose(from: reading(["POLICIA FEDERAL", "SAIBA", "08.12.2007"]))
        #expect(saiba.candidates.first?.evidence.contains { $0.kind == .language && $0.detail.hasPrefix("pt") } == true)
    }

    /// A word OCR split at a gap in its ink, with a letter wrong (KEBERANGKATAN as KECERA
    /// NGKATAN), is read joined; each part alone is nothing.
    @Test func aDamagedWordSplitInTwoIsReadJoined() {
        #expect(directions(["IMIGRASI", "KECERA NGKATAN", "SOEKARNO-HATTA"]) == [.departure])
        #expect(directions(["IMIGRASI", "KECERA", "NGKATAN", "SOEKARNO-HATTA"]).isEmpty)
    }

    /// A port word read with a letter wrong (HAFEM) says the crossing was by sea, and its
    /// language counts as the word's would: German points to Germany first.
    @Test func aDamagedEntryMethodWordCountsWithItsLanguage() throws {
        let damaged = try propose(["HAFEM", "25.01.20"])
        #expect(damaged.entryMethod == .sea)
        let top = try #require(damaged.candidates.first)
        #expect(top.country.code == "DE" && top.evidence.contains { $0.kind == .language && $0.text == "HAFEM" })
        // Read right, the word already counts; a word two edits off does not.
        #expect(try propose(["HAFEN", "25.01.20"]).entryMethod == .sea)
        #expect(try propose(["HALEM", "25.01.20"]).entryMethod == nil)
    }

    /// A word of a place's name read whole is not a stamp word with letters wrong: DELGADA, of
    /// PONTA DELGADA in the Azores, is two letters from CHEGADA (Portuguese for arrival), and a
    /// stamp naming the town says nothing of the direction. Alone, the word is still guessed.
    @Test func aWordOfAPlacesNameReadWholeIsNotADamagedStampWord() throws {
        let places = TestPlaces()
        places.addCountry("PT", "PRT", "Portugal", "EU", 10_305_564)
        let town = City(id: 3372783, name: "Ponta Delgada", countryCode: "PT", regionID: nil, population: 68_809, latitude: 37.73, longitude: -25.67)
        places.cities.append((town, ["Ponta Delgada"]))
        let named = try propose(["AEROPORTO PONTA DELGADA", "17.04.14"], places: places)
        #expect(named.candidates.first?.country.code == "PT")
        #expect(named.direction == nil)
        #expect(try propose(["AEROPORTO", "DELGADA", "17.04.14"], places: places).direction == .arrival)
    }

    /// A word read exactly as a town's own name is that town: SADAO, a Thai border town, is one
    /// letter from SADAM (Estonian for harbour) and must not name Estonia or a sea crossing. A
    /// village of that name is not enough to stop the guess.
    @Test func aTownsOwnNameIsNotADamagedStampWord() throws {
        let places = TestPlaces()
        places.addCountry("TH", "THA", "Thailand", "AS", 69_428_524)
        places.addCountry("EE", "EST", "Estonia", "EU", 1_320_884)
        let sadao = City(id: 1606939, name: "Sadao", countryCode: "TH", regionID: nil, population: 46_236, latitude: 6.64, longitude: 100.42)
        places.cities.append((sadao, ["Sadao"]))
        let town = try propose(["SADAO", "IMMIGRATION", "20 JUN 2015"], places: places)
        // Not a sea crossing: the land crossing the border posts list says it is.
        #expect(town.entryMethod == .land)
        #expect(town.candidates.first?.country.code == "TH")
        let villages = TestPlaces()
        villages.countries = places.countries
        villages.countryNames = places.countryNames
        var village = sadao
        village.population = 800
        villages.cities.append((village, ["Sadao"]))
        #expect(try propose(["SADAO", "IMMIGRATION", "20 JUN 2015"], places: villages).entryMethod == .sea)
    }

    /// An airport word damaged inside, not only at its end (FLUGHAEEN, ATRPORT), is still an
    /// airport word: the crossing was by air, and its language counts.
    @Test func anAirportWordDamagedInsideStillCounts() throws {
        let damaged = try propose(["FLUGHAEEN FRANKFURT", "12.07.19"])
        #expect(damaged.entryMethod == .air)
        let top = try #require(damaged.candidates.first)
        #expect(top.country.code == "DE" && top.evidence.contains { $0.kind == .airportWord && $0.text == "FLUGHAEEN" })
        // Three letters off it is not guessed at.
        #expect(try propose(["FLXGHAXEX", "12.07.19"]).entryMethod == nil)
    }

    /// An airport word of two words (ZRAČNA LUKA) with its first letter lost is still one: the
    /// LUKA left alone would say a sea port, and a port has no airport, so the airport the
    /// town's name points to would be lost.
    @Test func aTwoWordAirportWordWithALetterLostStillCounts() throws {
        let places = TestPlaces()
        places.addCountry("HR", "HRV", "Croatia", "EU", 4_089_400, names: ["Hrvatska"])
        places.addAirport("DBV", "Dubrovnik Ruđer Bošković Airport", "Dubrovnik", "HR", "large_airport")
        let worn = try propose(["RAČNA LUKA DUBROVNIK", "13.09.12"], places: places)
        #expect(worn.entryMethod == .air)
        #expect(worn.candidates.first?.airport?.iata == "DBV")
        // The port word alone still says the crossing was by sea.
        #expect(try propose(["LUKA DUBROVNIK", "13.09.12"], places: places).entryMethod == .sea)
    }

    /// Read as "airport", a damaged airport word is no longer a word of an airport's name: cut
    /// back, AIRFORT would be the AIRF of an airfield.
    @Test func aDamagedAirportWordNamesNoAirport() throws {
        let places = TestPlaces()
        places.addCountry("GU", "GUM", "Guam", "OC", 168_783)
        places.addAirport("UAM", "Andersen Airfield", "Yigo", "GU", "large_airport", scheduled: false)
        let p = try propose(["AIRFORT", "05 JAN 2010"], places: places)
        #expect(p.entryMethod == .air)
        #expect(!p.candidates.contains { $0.airport?.iata == "UAM" })
    }

    @Test func onlyWhenNoDirectionWordWasReadRight() {
        #expect(directions(["ENTRY", "SAIBA"]).isEmpty)
    }

    @Test func shortWordsOtherStampWordsAndTwoDirectionsAreNotGuessed() {
        // EXIT is too short to guess at: EXAT stays unread.
        #expect(directions(["EXAT"]).isEmpty)
        // Lower-case debris is not a printed word.
        #expect(directions(["endry"]).isEmpty)
        // Two edits away is too far for a word under seven letters (SALIDA as SALXMA).
        #expect(directions(["SALXMA"]).isEmpty)
    }

    @Test func theGuessShowsAsEvidenceAndCountsLessThanACleanWord() throws {
        let p = try propose(["ENDRY", "JFK", "12.07.19"])
        #expect(p.direction == .arrival)
        let clean = try propose(["ENTRY", "JFK", "12.07.19"])
        #expect(clean.direction == .arrival)
        let hit = try #require(words.hits(extractor.extract(from: reading(["ENDRY"])), read: []).first)
        #expect(hit.confidence < 90 && hit.form == "entry")
        #expect(p.candidates.first?.evidence.contains { $0.kind == .direction && $0.text == "ENDRY" } == true)
    }

    /// A country's habit of stamping only on entry is only as sure as the country.
    @Test func anImpliedDirectionNeedsASureEnoughCountry() throws {
        let sure = try propose(["UK BORDER", "HEATHROW (5)", "12 JUL 2019"])
        #expect(try #require(sure.candidates.first).confidence >= StampMatcher.impliedDirectionConfidence)
        #expect(sure.direction == .arrival)
        let unsure = try propose(["LONDON@30", "12 JUL 2019"])
        #expect(unsure.candidates.first?.country.code == "GB")
        #expect(try #require(unsure.candidates.first).confidence < StampMatcher.impliedDirectionConfidence)
        #expect(unsure.direction == nil)
    }
}
