import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// A worn word two letters off an airport's name is read as that airport only among the
/// airports of the country the rest of the stamp names, and only when it is near one of them.
@Suite struct DamagedNamesInCountryTests {
    static func maldives() -> TestPlaces {
        let places = TestPlaces()
        places.addCountry("MV", "MDV", "Maldives", "AS", 515_696)
        places.addCountry("KE", "KEN", "Kenya", "AF", 47_564_296)
        places.addAirport("MLE", "Velana International Airport", "Malé", "MV", "large_airport")
        places.addAirport("GAN", "Gan International Airport", "Gan", "MV", "medium_airport")
        places.addAirport("NBO", "Jomo Kenyatta International Airport", "Nairobi", "KE", "large_airport")
        places.addAirport("WIL", "Wilson Airport", "Nairobi", "KE", "medium_airport")
        return places
    }

    @Test func aWornWordIsReadAmongTheAirportsOfTheCountryTheStampNames() throws {
        let places = Self.maldives()
        // JELAMA is two letters from VELANA (J for V, M for N): too far for a guess among all
        // names, the one name that near among the Maldives' airports.
        let p = try propose(["MALDIVES IMMIGRATION", "JELAMA", "ARRIVAL", "30 JAN 2010"], places: places)
        let top = try #require(p.candidates.first)
        #expect(top.country.code == "MV" && top.airport?.iata == "MLE")
        #expect(top.evidence.contains { $0.text == "JELAMA" && $0.detail.hasPrefix("read as VELANA among MV's airports") })
        // The guess settles the airport and adds little to the country.
        let without = try #require(try propose(["MALDIVES IMMIGRATION", "INTERNATIONAL", "ARRIVAL", "30 JAN 2010"], places: places).candidates.first)
        #expect(without.airport == nil && top.confidence - without.confidence < 0.1)
        // A town's name worn the same way: NAICBI beside KENYA is Nairobi, whose main airport
        // takes the larger share.
        let kenya = try #require(try propose(["KENYA IMMIGRATION", "NAICBI", "ARRIVAL"], places: places).candidates.first)
        #expect(kenya.country.code == "KE" && kenya.airport?.iata == "NBO")
    }

    @Test func noCountryNoGuess() throws {
        let places = Self.maldives()
        let p = try propose(["JELAMA", "ARRIVAL", "30 JAN 2010"], places: places)
        #expect(!p.candidates.contains { $0.airport?.iata == "MLE" })
    }

    @Test func aWordAsNearTwoNamesOrTooFarNamesNone() throws {
        let places = Self.maldives()
        // KELANA is as near JELAMA as VELANA is.
        places.addAirport("KEL", "Kelana Airport", "Kelana", "MV", "small_airport")
        let tied = try #require(try propose(["MALDIVES IMMIGRATION", "JELAMA"], places: places).candidates.first)
        #expect(tied.country.code == "MV" && tied.airport == nil)
        // Three changes from VELANA: nothing.
        let far = try #require(try propose(["MALDIVES IMMIGRATION", "JEXAMA"], places: Self.maldives()).candidates.first)
        #expect(far.country.code == "MV" && far.airport == nil)
    }

    /// A country already settled on an airport needs no guess, and a stamp word read worn is
    /// the stamp word.
    @Test func onlyWhatNoOtherClueTook() throws {
        let places = Self.maldives()
        let named = try #require(try propose(["MALDIVES IMMIGRATION", "GAN INTERNATIONAL AIRPORT", "JELAMA"], places: places).candidates.first)
        #expect(named.airport?.iata == "GAN")
        #expect(!named.evidence.contains { $0.detail.hasPrefix("read as VELANA") })
        let matcher = DamagedNamesInCountry(stampWords: TestLexicon.stampWords, airportWords: [], stopwords: [])
        var lookup = Lookup(directory: places)
        #expect(try !matcher.isWorn("arrival", in: "KE", &lookup))
        #expect(try !matcher.isWorn("nairobi", in: "KE", &lookup))
        #expect(try matcher.isWorn("naicbi", in: "KE", &lookup))
        // Five letters one short of a six-letter stamp word: ENTRÉ is ENTRÉE worn, not CENTRE.
        #expect(try !matcher.isWorn("entre", in: "CA", &lookup))
        #expect(try matcher.isWorn("jelam", in: "MV", &lookup))
    }

    /// A word that is only another country's town as read is still a worn name of this
    /// country's airport: beside LANDING PERMISSION (Japan's), CHURU is Chubu, not Chūru in
    /// India; a town of the stamp's own country is what it says.
    @Test func aTownAbroadIsNoReadingOfTheStampsOwnName() throws {
        let places = TestPlaces()
        places.addCountry("IN", "IND", "India", "AS", 1_352_617_328)
        places.addAirport("NGO", "Chubu Centrair International Airport", "Tokoname", "JP", "large_airport")
        places.cities.append((City(id: 1_273_724, name: "Chūru", countryCode: "IN", regionID: "IN.24", population: 119_389,
                                   latitude: 28.30415, longitude: 74.96718), ["Chūru", "Churu"]))
        let top = try #require(try propose(["LANDING PERMISSION", "CHURU (C)", "28.JAN.2007"], places: places).candidates.first)
        #expect(top.country.code == "JP" && top.airport?.iata == "NGO")
        #expect(top.evidence.contains { $0.text == "CHURU" && $0.detail.hasPrefix("read as CHUBU among JP's airports") })
        let matcher = DamagedNamesInCountry(stampWords: TestLexicon.stampWords, airportWords: [], stopwords: [])
        var lookup = Lookup(directory: places)
        #expect(try matcher.isWorn("churu", in: "JP", &lookup))
        #expect(try !matcher.isWorn("churu", in: "IN", &lookup))
    }

    /// A name in the genitive and worn (RYVANIEMEN for Rovaniemen, Rovaniemi's): its stem is
    /// compared and its ending counted half; a worn last letter alone is no ending.
    @Test func aWornGenitiveIsReadByItsStem() throws {
        let places = TestPlaces()
        places.addAirport("RVN", "Rovaniemi Airport", "Rovaniemi", "FI", "medium_airport")
        places.addAirport("IVL", "Ivalo Airport", "Ivalo", "FI", "medium_airport")
        let top = try #require(try propose(["SUOMI FINLAND", "RYVANIEMEN LENTOASEMA"], places: places).candidates.first)
        #expect(top.country.code == "FI" && top.airport?.iata == "RVN")
        #expect(top.evidence.contains { $0.text == "RYVANIEMEN" && $0.detail.hasPrefix("read as ROVANIEMI among FI's airports") })
        func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
        #expect(DamagedNamesInCountry.inflectedCost(bytes("ryvaniemen"), bytes("rovaniemi")) == 1.5)
        #expect(DamagedNamesInCountry.inflectedCost(bytes("rovaniemx"), bytes("rovaniemi")) == .infinity)
        // Three changes to the stem are too many even with the ending.
        let far = try #require(try propose(["SUOMI FINLAND", "RYXAMIEMEN LENTOASEMA"], places: places).candidates.first)
        #expect(far.country.code == "FI" && far.airport == nil)
    }

    @Test func theNearestNameWordMustBeTheOnlyOneThatNear() {
        let matcher = DamagedNamesInCountry(stampWords: TestLexicon.stampWords, airportWords: ["airport"], stopwords: ["international"])
        let words = matcher.nameWords([("MLE", "velana international airport male"), ("GAN", "gan international airport gan")])
        #expect(matcher.nearest("jelama", in: words)?.airports == ["MLE"])
        #expect(matcher.nearest("uetlana", in: words)?.form == Array("velana".utf8))
        #expect(matcher.nearest("jexama", in: words) == nil)
        // Stop-words and airport words are no airport's own words.
        #expect(matcher.nearest("internatiomal", in: words) == nil)
        #expect(matcher.nearest("airpurt", in: words) == nil)
    }
}
