import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// Authority phrases read with letters wrong or words broken.
@Suite struct DamagedAliasTests {
    @Test func aDamagedAuthorityNamesItsCountryLessSurelyThanACleanOne() throws {
        let damaged = try propose(["DEPARTNENT OF HONELAND SECUR'TY", "ADMITTED"])
        let top = try #require(damaged.candidates.first)
        #expect(top.country.code == "US")
        #expect(top.evidence.contains { $0.detail.hasPrefix("read as ") && $0.detail.contains("HOMELAND SECURITY: authority") })
        let clean = try #require(try propose(["DEPARTMENT OF HOMELAND SECURITY", "ADMITTED"]).candidates.first)
        #expect(top.confidence < clean.confidence)
    }

    /// The end of CUSTOMS AND BORDER PROTECTION, worn (BOLDER PRATECTIOM, what a second look
    /// at a faded American stamp read), still names the authority.
    @Test func theWornEndOfTheAmericanBorderAuthorityNamesIt() throws {
        let top = try #require(try propose(["BOLDER PRATECTIOM", "ADMITTED"]).candidates.first)
        #expect(top.country.code == "US")
        #expect(top.evidence.contains { $0.detail == "read as BORDER PROTECTION: authority of United States" })
    }

    /// Argentina's and Uruguay's migration authorities differ by a plural: a worn reading names
    /// the nearer one, a clean one its own.
    @Test func aWornAuthorityNamesTheNearestOfTwoAlike() throws {
        let places = TestPlaces()
        places.addCountry("AR", "ARG", "Argentina", "SA", 44_494_502)
        places.addCountry("UY", "URY", "Uruguay", "SA", 3_449_299)
        let worn = try propose(["AEROPUERTO ZEZA", "SALIDA", "DIRECCIGN KACIONAL DE AIGRACIONES"], places: places)
        #expect(worn.candidates.first?.country.code == "AR")
        #expect(worn.candidates.first?.evidence.contains { $0.detail == "read as DIRECCIÓN NACIONAL DE MIGRACIONES: authority of Argentina" } == true)
        let clean = try propose(["DIRECCIÓN NACIONAL DE MIGRACIÓN", "ENTRADA"], places: places)
        #expect(clean.candidates.first?.country.code == "UY")
    }

    /// Tesseract is unsure of the words it read wrong; that doubt is the damage the phrase's
    /// cost already counts, so a long authority worn in two words (ACENSE, SEOVICET at 0–29)
    /// still outweighs a lone N read twice on the ring's debris, which would say Norway.
    @Test func theDoubtInTheWornWordsIsNotCountedTwice() throws {
        let worn = try propose(["~N@52", "N@61", "2914-04-11@82", "ACENSE@29 DES@93 SEOVICET@0 FRONTALIERS@48",
                                "AÉRCVYRT@0 DE@93 MÉBEC@43", "y@73", "ENTRÉE@94", "J@74"])
        let top = try #require(worn.candidates.first)
        #expect(top.country.code == "CA")
        // SEOVICET FRONTALIERS lies nearer SERVICES FRONTALIERS, the agency's shorter name; its
        // full name takes in the worn words before.
        #expect(top.evidence.contains { $0.detail == "read as AGENCE DES SERVICES FRONTALIERS: authority of Canada" })
    }

    /// The Canadian authority's first word lost to junk (`[rawe` for AGENCE) leaves it too far
    /// off to be read whole; its last two words, SERVICES FRONTALIERS, name the agency alone.
    @Test func anAuthorityWhoseFirstWordIsLostIsReadByItsLastWords() throws {
        let worn = try propose(["f 2014-04-31 N@74", "[rawe@51 DES@93 SEOVIZES@0 FRONTALIERS@0", "AÉRCPORT@0 DE@92 WÉBEC@77",
                                "S@21 ENTRÉE@94"])
        let top = try #require(worn.candidates.first)
        #expect(top.country.code == "CA")
        #expect(top.evidence.contains { $0.detail == "read as SERVICES FRONTALIERS: authority of Canada" })
    }

    /// Seven letters off CANADA BORDER SERVICES AGENCY in three of its four words, as a faint
    /// held-out stamp read, a long authority is still the one a person reads.
    @Test func aLongAuthorityWornInMostOfItsWordsStillNamesItsCountry() throws {
        let top = try #require(try propose(["EO CAJAIA PORULR SERVICIS AGUNCY", "ENTRY"]).candidates.first)
        #expect(top.country.code == "CA")
        #expect(top.evidence.contains { $0.detail == "read as CANADA BORDER SERVICES AGENCY: authority of Canada" })
    }

    /// BORDER PPYTECTION is nearest to BORDER PROTECTION, but the authority's longer name
    /// takes in the worn words before it: ANC is CUSTOMS AND BORDER PROTECTION's AND, not
    /// Anchorage's code, and the lone LAX beside it names the airport unopposed.
    @Test func aWornAuthorityTakesInItsWornWordsAndTheCodesAmongThem() throws {
        let places = TestPlaces()
        places.addAirport("LAX", "Los Angeles International Airport", "Los Angeles", "US", "large_airport")
        places.addAirport("ANC", "Ted Stevens Anchorage International Airport", "Anchorage", "US", "large_airport")
        let worn = try propose(["S@38 LAX@94 N@87", "H@14 il.S.@0 CUSIOUS@26 ANC@71 BORDER@84 PPYTECTION@45", "ADMITTED",
                                "JUN 29 2018"], places: places)
        let top = try #require(worn.candidates.first)
        #expect(top.country.code == "US")
        #expect(top.airport?.iata == "LAX")
        #expect(top.evidence.contains { $0.detail == "read as CUSTOMS AND BORDER PROTECTION: authority of United States" })
        #expect(!top.evidence.contains { $0.text == "ANC" })
    }

    /// The Philippine BUREAU OF IMMIGRATION ends like CHINA IMMIGRATION but is not it.
    @Test func theEndOfAnotherAuthorityIsNotThePhrase() throws {
        let places = TestPlaces()
        places.addCountry("CN", "CHN", "China", "AS", 1_392_730_000)
        let p = try propose(["BUREAU OF IMMIGRATION", "ARRIVAL"], places: places)
        #expect(!p.candidates.contains { $0.country.code == "CN" })
    }

    @Test func aWordAloneOrADifferentFirstLetterIsNotThePhrase() throws {
        // Two letters from U.S. IMMIGRATION, but one word for three.
        #expect(try propose(["IMMIGRATION"]).candidates.isEmpty)
        // Within reach of HOMELAND SECURITY by its letters, but it does not start like it.
        #expect(try propose(["XOMELAND SECURITY"]).candidates.isEmpty)
    }

    /// KENYA IMMIGRATION is two letters from KOREA IMMIGRATION, but KENYA was read right.
    @Test func aNameReadRightIsNotDamage() throws {
        let places = TestPlaces()
        places.addCountry("KE", "KEN", "Kenya", "AF", 51_393_010)
        let p = try propose(["KENYA IMMIGRATION", "ARRIVAL"], places: places)
        #expect(p.candidates.first?.country.code == "KE")
        #expect(!p.candidates.contains { $0.country.code == "KR" })
    }

    /// A word of the phrase read right, which alone names a place (Landing, New Jersey), is
    /// still the phrase's word when the rest of it is worn.
    @Test func aWordThePhrasePrintsAsReadIsPartOfItThoughItNamesAPlace() throws {
        let places = TestPlaces()
        places.cities.append((City(id: 5100200, name: "Landing", countryCode: "US", regionID: "US.NJ", population: 6_000,
                                   latitude: 40.9, longitude: -74.67), ["Landing"]))
        #expect(try propose(["07.DEC.2017", "LANDING"], places: places).candidates.first?.city?.name == "Landing")
        let worn = try propose(["07.DEC.2017", "LANDING PEFMISSION"], places: places)
        let top = try #require(worn.candidates.first)
        #expect(top.country.code == "JP", "\(top.country.code): \(top.evidence.map(\.text))")
        #expect(top.evidence.contains { $0.detail == "read as LANDING PERMISSION: authority of Japan" })
    }
}
