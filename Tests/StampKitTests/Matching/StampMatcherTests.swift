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

@Suite struct StampMatcherTests {
    @Test func theUSStamp() throws {
        let p = try propose(["DEPARTMENT OF HOMELAND SECURITY", "ADMITTED", "JFK", "JUL 12 2019", "CLASS B2", "UNTIL"])
        let top = try #require(p.candidates.first)
        #expect(top.country.code == "US")
        #expect(top.airport?.iata == "JFK")
        #expect(top.city?.name == "New York City")
        #expect(top.region?.id == "US.NY")
        #expect(top.confidence >= 0.9)
        #expect(p.direction == .arrival)
        #expect(p.date == StampDate(value: "2019-07-12", text: "JUL 12 2019"))
        #expect(p.entryMethod == .air)
        let kinds = Set(top.evidence.map(\.kind))
        #expect(kinds.isSuperset(of: [.countryName, .iataCode, .date, .direction]))
        // B2 is a visa class, not an airport or country.
        #expect(!top.evidence.contains { $0.text == "B2" })
    }

    /// The two ways up of a sideways stamp are weighed by the clues read for one place:
    /// several that agree outweigh a lone code, and the arrival a country's stamps imply,
    /// which nothing on the stamp said, counts for nothing.
    @Test func evidenceWeightCountsTheCluesRead() throws {
        let matcher = StampMatcher(directory: TestPlaces(), lexicon: TestLexicon.shared, today: TestLexicon.today)
        let top = try #require(try propose(["JFK"]).candidates.first)
        #expect(top.evidence.contains { $0.kind == .direction }, "the US implies an arrival")
        let lone = matcher.evidenceWeight(of: reading(["JFK"], confidence: 90).lines)
        #expect(lone.rounded(.down) == 1, "one clue read: \(lone)")
        let several = matcher.evidenceWeight(of: reading(["ADMITTED", "JFK", "JUL 12 2019"], confidence: 90).lines)
        #expect(several.rounded(.down) == 3, "a direction, a code and a date read: \(several)")
        #expect(matcher.evidenceWeight(of: reading(["~~", "·"], confidence: 90).lines) == 0)
    }

    @Test func keflavikWithBrokenCompoundSignAndCode() throws {
        let p = try propose(["* * IS * *", "KEFLAVIKURFLUGVOL", "LUR", "12.07.19", "KEF"])
        let top = try #require(p.candidates.first)
        #expect(top.country.code == "IS")
        #expect(top.airport?.iata == "KEF")
        #expect(top.city?.name == "Keflavík")
        #expect(top.region?.name == "Suðurnes")
        #expect(top.confidence >= 0.9)
        #expect(p.date?.value == "2019-07-12")
        #expect(p.entryMethod == .air)
        #expect(top.evidence.contains { $0.kind == .airportWord })
        #expect(top.evidence.contains { $0.kind == .airportName })
        #expect(!p.candidates.contains { $0.country.code == "US" && $0.confidence > 0.1 })  // LUR was joined
    }

    /// A faded DUBAI whose last letters Tesseract read as a quote mark (`DUB’`) must not become a
    /// confident Dublin: a code with a stray mark glued on weighs less than a clean one.
    @Test func aClippedWordIsAWeakCode() throws {
        let clean = try #require(try propose(["ARRIVAL", "JFK", "INTERNATIONAL"]).candidates.first)
        let clipped = try #require(try propose(["ARRIVAL", "JFK’", "INTERNATIONAL"]).candidates.first)
        #expect(clipped.airport?.iata == "JFK")
        #expect(clipped.confidence < clean.confidence)
        #expect(clipped.confidence < 0.5)
    }

    @Test func diacriticsDoNotMatter() throws {
        let plain = try propose(["KEFLAVIKURFLUGVOLLUR"])
        let accented = try propose(["KEFLAVÍKURFLUGVÖLLUR"])
        #expect(plain.candidates.first?.country.code == "IS")
        #expect(accented.candidates.first?.country.code == "IS")
        #expect(plain.candidates.first?.confidence == accented.candidates.first?.confidence)
        #expect(try propose(["GIRIS"]).direction == .arrival)
        #expect(try propose(["GİRİŞ"]).direction == .arrival)
    }

    @Test func aStampNamingOnlyItsAirport() throws {
        let p = try propose(["SUVARNABHUMI AIRPORT", "12 JUL 2019"])
        let top = try #require(p.candidates.first)
        #expect(top.country.code == "TH")
        #expect(top.airport?.iata == "BKK")
        #expect(top.city?.name == "Bangkok")
        #expect(p.entryMethod == .air)
        // One clue, however good, is not certainty.
        #expect(top.confidence > 0.5 && top.confidence < 0.9)
    }

    @Test func schipholAndHeathrowAndNarita() throws {
        #expect(try propose(["SCHIPHOL", "12.07.19"]).candidates.first?.airport?.iata == "AMS")
        let uk = try propose(["UK BORDER", "HEATHROW (5)", "12 JUL 2019"])
        #expect(uk.candidates.first?.country.code == "GB")
        #expect(uk.candidates.first?.airport?.iata == "LHR")
        #expect(try #require(uk.candidates.first).confidence >= 0.8)
        let jp = try propose(["LANDING PERMISSION", "NARITA(N)", "12 JUL 2019"])
        #expect(jp.candidates.first?.country.code == "JP")
        #expect(jp.candidates.first?.airport?.iata == "NRT")
        #expect(jp.direction == .arrival)
        #expect(!jp.candidates.contains { $0.country.code == "NO" })  // (N) is a terminal
    }

    /// The UK stamps passports only on arrival, so its stamps print no direction word; a
    /// Schengen stamp without one stays undecided (its arrow is not read), and a word on the
    /// stamp always wins over the country's habit.
    @Test func anEntryOnlyCountrysStampIsAnArrival() throws {
        let uk = try propose(["UK BORDER", "GATWICK (N)", "21 AUG 2010"])
        #expect(uk.candidates.first?.country.code == "GB")
        #expect(uk.direction == .arrival)
        let why = try #require(uk.candidates.first?.evidence.first { $0.kind == .direction })
        #expect(why.detail.hasPrefix("arrival: "))
        #expect(try propose(["SCHIPHOL", "12.07.19"]).direction == nil)
        #expect(try propose(["UK BORDER", "HEATHROW (5)", "DEPARTED", "12 JUL 2019"]).direction == .departure)
    }

    /// Two countries equally sure: the one whose chain reaches an airport comes first, whatever
    /// their order before.
    @Test func equallySureCountriesPutAPortOfEntryFirst() {
        let town = Candidate(
            confidence: 0.11, country: Country(code: "AA", alpha3: "AAA", name: "A", continent: "AS", population: 1), evidence: [])
        let port = Candidate(
            confidence: 0.11, country: Country(code: "ZZ", alpha3: "ZZZ", name: "Z", continent: "AS", population: 1),
            airport: TestPlaces().airports[0], evidence: [])
        let surer = Candidate(
            confidence: 0.2, country: Country(code: "BB", alpha3: "BBB", name: "B", continent: "AS", population: 1), evidence: [])
        let ranked = StampMatcher.portsOfEntryFirst([surer, town, port]).map(\.country.code)
        #expect(ranked == ["BB", "ZZ", "AA"])
        #expect(StampMatcher.portsOfEntryFirst([town, surer]).map(\.country.code) == ["BB", "AA"])
    }

    /// A name of four letters alone on its line (KOBE, RIGA, KLIA) is looked up as an airport's
    /// name as read; beside other words it is not.
    @Test func fourCapitalsAloneOnALineNameAnAirport() throws {
        let places = TestPlaces()
        places.airports.append(Airport(iata: "UKB", icao: "RJBE", name: "Kobe Airport", municipality: "Kobe", countryCode: "JP", regionID: nil, cityID: nil, type: "medium_airport", scheduled: true, latitude: 34.632801, longitude: 135.223999))
        let alone = try propose(["LANDING PERMISSION", "KOBE", "12 JUL 2019"], places: places)
        #expect(alone.candidates.first?.airport?.iata == "UKB")
        let beside = try propose(["KOBE BEEF", "12 JUL 2019"], places: places)
        #expect(!beside.candidates.contains { $0.airport?.iata == "UKB" })
    }

    @Test func frankfurtSchengenStamp() throws {
        let p = try propose(["D", "FRANKFURT/M", "05.03.19"])
        let top = try #require(p.candidates.first)
        #expect(top.country.code == "DE")
        #expect(p.date?.value == "2019-03-05")
        #expect(top.evidence.contains { $0.kind == .distinguishingSign })
        #expect(top.evidence.contains { $0.kind == .cityName || $0.kind == .airportName })
    }

    @Test func aSingleWeakClueStaysBelowHalf() throws {
        let cases: [[String]] = [
            ["IS"],  // a lone two-letter code
            ["THE BEARER AND FAMILY"],  // stop-word IATA codes in running text
            ["AND"],  // a stop-word alone
            ["N"],  // a single-letter sign
            ["JFK@40"],  // a good code read badly
            ["YORK"],  // a city name in two countries
        ]
        for lines in cases {
            let p = try propose(lines)
            #expect(p.candidates.allSatisfy { $0.confidence < 0.5 }, "\(lines): \(p.candidates.map { ($0.country.code, $0.confidence) })")
        }
    }

    @Test func severalWordsBesideAnAirportWordNameTheAirport() throws {
        let vn = try propose(["NHẬP CẢNH", "SÂN BAY TÂN SƠN NHẤT", "12-07-2019"])
        let top = try #require(vn.candidates.first)
        #expect(top.country.code == "VN")
        #expect(top.airport?.iata == "SGN")
        #expect(top.city?.name == "Ho Chi Minh City")
        #expect(vn.direction == .arrival)
        // TÂN is a Vietnamese word, not the code of Tangalooma (AU).
        #expect(!vn.candidates.contains { $0.country.code == "AU" })
        let id = try propose(["REPUBLIK INDONESIA", "KEDATANGAN", "BANDARA NGURAH RAI"])
        #expect(id.candidates.first?.airport?.iata == "DPS")
        #expect(try #require(id.candidates.first).confidence >= 0.8)
    }

    @Test func anAirportWordAndACityGiveTheCitysAirport() throws {
        let p = try propose(["AEROPORTO DE LISBOA", "P", "12.07.19", "ENTRADA"])
        let top = try #require(p.candidates.first)
        #expect(top.country.code == "PT")
        #expect(top.city?.name == "Lisbon")
        #expect(top.airport?.iata == "LIS")
        #expect(p.direction == .arrival)
        // With a port word instead the city stays a city.
        #expect(try propose(["LISBOA PORT", "P"]).candidates.first?.airport == nil)
    }

    @Test func anAirportThatDoesNotStandOutIsLeftOut() throws {
        // LONDON fits Heathrow and Gatwick equally: the chain stops at the city.
        let top = try #require(try propose(["LONDON"]).candidates.first)
        #expect(top.country.code == "GB")
        #expect(top.city?.name == "London")
        #expect(top.airport == nil)
    }

    @Test func twoWordsOnLinesOfTheirOwnAgreeOnTheAirportNamedByBoth() throws {
        // BEIJING CAPITAL read as two lines: BEIJING fits Capital and Daxing alike, CAPITAL
        // fits Capital and American airports; only Capital holds both words.
        let places = TestPlaces()
        places.addCountry("CN", "CHN", "China", "AS", 1_392_730_000)
        // The gazetteer's airports holding either word.
        places.addAirport("PEK", "Beijing Capital International Airport", "Beijing", "CN", "large_airport")
        places.addAirport("PKX", "Beijing Daxing International Airport", "Beijing", "CN", "large_airport")
        places.addAirport("NAY", "Beijing Nanjiao Airport", "Beijing", "CN", "medium_airport", scheduled: false)
        places.addAirport("LAN", "Capital City Airport", "Lansing", "US", "medium_airport")
        places.addAirport("SPI", "Abraham Lincoln Capital Airport", "Springfield", "US", "medium_airport")
        places.addAirport("TVC", "Cherry Capital Airport", "Traverse City", "US", "medium_airport")
        places.addAirport("CCE", "Capital International Airport", "Grand Case", "MF", "medium_airport", scheduled: false)
        places.addAirport("HAR", "Capital City Airport", "Harrisburg", "US", "small_airport", scheduled: false)
        let apart = try #require(try propose(["EXIT", "BEIJING", "CAPITAL", "2019-03-18"], places: places).candidates.first)
        #expect(apart.country.code == "CN")
        #expect(apart.airport?.iata == "PEK")
        // One word alone still fits both of Beijing's airports equally, once both are open;
        // before Daxing opened (September 2019), and Nanjiao unscheduled, it is Capital.
        #expect(try propose(["EXIT", "BEIJING", "2022-03-18"], places: places).candidates.first?.airport == nil)
        #expect(try propose(["EXIT", "BEIJING", "2019-03-18"], places: places).candidates.first?.airport?.iata == "PEK")
    }

    @Test func aSettledCountryTakesItsOwnAirportOfAWordSharedAbroad() throws {
        // JORGE (CHÁVEZ cut off) fits airports in six countries; MIGRACIONES PERÚ settles the
        // country, and of Peru's two the large one is Jorge Chávez.
        let places = TestPlaces()
        places.addCountry("AR", "ARG", "Argentina", "SA", 44_494_502)
        places.addCountry("BO", "BOL", "Bolivia", "SA", 11_353_142)
        // The gazetteer's airports with JORGE in their names.
        places.addAirport("SJZ", "São Jorge Airport", "Velas", "PT", "medium_airport")
        places.addAirport("AEP", "Jorge Newbery Airpark", "Buenos Aires", "AR", "large_airport")
        places.addAirport("IOS", "Bahia - Jorge Amado Airport", "Ilhéus", "BR", "medium_airport")
        places.addAirport("PVH", "Governador Jorge Teixeira de Oliveira Airport", "Porto Velho", "BR", "medium_airport")
        places.addAirport("SJE", "Jorge E. Gonzalez Torres Airport", "San José Del Guaviare", "CO", "medium_airport")
        places.addAirport("CBB", "Jorge Wilsterman International Airport", "Cochabamba", "BO", "medium_airport")
        places.addAirport("TDD", "Teniente Av. Jorge Henrich Arauz Airport", "Trinidad", "BO", "medium_airport")
        places.addAirport("LIM", "Jorge Chávez International Airport", "Lima", "PE", "large_airport")
        places.addAirport("ILQ", "General Jorge Fernandez Maldon Airport", "Ilo", "PE", "medium_airport")
        let settled = try #require(
            try propose(["AEROPUERTO JORGE C", "MIGRACIONES PERÚ", "ENTRADA", "09/09/2024"], places: places).candidates.first)
        #expect(settled.country.code == "PE" && settled.confidence >= StampMatcher.settledCountry)
        #expect(settled.airport?.iata == "LIM")
        // Alone, the word settles no country: each candidate's airport is only as sure as the
        // word's share of it among all the airports it fits.
        let alone = try propose(["AEROPUERTO JORGE C", "ENTRADA"], places: places).candidates
        #expect(alone.allSatisfy { $0.confidence < StampMatcher.settledCountry })
    }

    @Test func evidenceQuotesTheStamp() throws {
        let p = try propose(["U.S. CUSTOMS AND BORDER PROTECTION", "ADMITTED", "JFK"])
        let top = try #require(p.candidates.first)
        #expect(top.evidence.contains { $0.kind == .countryName && $0.text == "U.S. CUSTOMS AND BORDER PROTECTION" })
        #expect(top.evidence.contains { $0.kind == .iataCode && $0.text == "JFK" && $0.detail.contains("Kennedy") })
    }

    @Test func aNameThatOnlyFitsAnAirstripIsWeak() throws {
        let p = try propose(["PARADISE"])
        #expect(p.candidates.allSatisfy { $0.confidence < 0.35 })
        // A word cut short fits by prefix only and counts less than the whole word.
        let cut = try #require(try propose(["FRANKF"]).candidates.first)
        let whole = try #require(try propose(["FRANKFURT"]).candidates.first)
        #expect(cut.country.code == "DE")
        #expect(cut.confidence < whole.confidence)
    }

    /// Border posts stand where scheduled flights land: a name that fits only an air base or a
    /// private field (no scheduled service) is weak evidence, DOVER of Dover Air Force Base
    /// beside the port of Dover.
    @Test func aNameThatOnlyFitsAnAirfieldWithoutScheduledServiceIsWeak() throws {
        func top(scheduled: Bool) throws -> Candidate {
            let places = TestPlaces()
            places.addAirport("KSB", "Kestrelby Air Force Base", "Kestrelby", "US", "medium_airport", scheduled: scheduled)
            return try #require(try propose(["KESTRELBY"], places: places).candidates.first)
        }
        let base = try top(scheduled: false), airline = try top(scheduled: true)
        #expect(base.airport?.iata == "KSB" && airline.airport?.iata == "KSB")
        // Half as sure as the same name at an airport with scheduled flights, and well short of
        // half sure.
        #expect(base.confidence < 0.6 * airline.confidence)
        #expect(base.confidence < 0.35)
    }

    /// Beside an airport word, of two towns of one name the one with the busier airport is
    /// likelier; alone, the bigger town. (Neither airport bears the name, not even as its town,
    /// so only the towns decide.)
    @Test func anAirportWordPrefersTheTownWithTheBiggerAirport() throws {
        let places = TestPlaces()
        places.addCountry("ES", "ESP", "Spain", "EU", 47_000_000, names: ["España"])
        places.addCountry("VE", "VEN", "Venezuela", "SA", 28_000_000)
        for (id, cc, population, iata, type) in [(2509954, "ES", 824_340, "VLC", "large_airport"), (3625549, "VE", 1_619_470, "VLN", "medium_airport")] {
            places.cities.append((City(id: id, name: "Valencia", countryCode: cc, regionID: nil, population: population, latitude: 0, longitude: 0), ["Valencia"]))
            places.airports.append(Airport(iata: iata, icao: nil, name: "\(iata == "VLC" ? "Manises" : "Arturo Michelena International") Airport",
                                           municipality: nil, countryCode: cc, regionID: nil, cityID: id, type: type, scheduled: true,
                                           latitude: 0, longitude: 0))
        }
        let airport = try #require(try propose(["AEROPUERTO DE VALENCIA", "25.11.22"], places: places).candidates.first)
        #expect(airport.country.code == "ES")
        let town = try #require(try propose(["VALENCIA", "25.11.22"], places: places).candidates.first)
        #expect(town.country.code == "VE")
    }

    @Test func commonStampWordsAreNotPlaceNames() throws {
        let places = TestPlaces()
        _ = try propose(["IMMIGRATION", "PASSPORT CONTROL KEFLAVIK", "INTERNATIONAL"], places: places)
        #expect(!places.queries.contains("airports immigration"))
        #expect(!places.queries.contains("cities passport"))
        #expect(!places.queries.contains("cities passport control"))
        #expect(!places.queries.contains("airports international"))
        #expect(places.queries.contains("cities keflavik"))
        #expect(places.queries.contains("cities control keflavik"))  // a phrase with a place is still tried
    }

    @Test func aSchengenSignBeatsAnAirstripWithTheSameCode() throws {
        let p = try propose(["FIN", "HELSINKI"])
        #expect(p.candidates.first?.country.code == "FI")
        let pg = p.candidates.first { $0.country.code == "PG" }
        #expect((pg?.confidence ?? 0) < 0.15)
    }

    /// A capital alone on its line is more often a frame's corner or a speck than a ring's
    /// sign: a worn town's name read beside it (IRAKLICN) says more than the D.
    @Test func aLoneLetterWeighsLessThanAWornNameBesideIt() throws {
        let places = TestPlaces()
        places.addCountry("GR", "GRC", "Greece", "EU", 10_727_668, names: ["Ελλάδα", "Griechenland"])
        places.cities.append((City(id: 261745, name: "Irákleion", countryCode: "GR", regionID: nil, population: 137_154, latitude: 35.33, longitude: 25.13), ["Iraklion", "Heraklion"]))
        places.addAirport("HER", "Heraklion International Nikos Kazantzakis Airport", "Heraklion", "GR", "large_airport")
        let p = try propose(["D@55", "il@58", "21.04@83", "IRAKLICN@86"], places: places)
        #expect(p.candidates.first?.country.code == "GR")
        // Alone, the letter still names its country, weakly.
        let alone = try #require(try propose(["D@55", "21.04@83"], places: places).candidates.first)
        #expect(alone.country.code == "DE" && alone.confidence < 0.3)
    }

    @Test func runningTextGivesNoCountryCode() throws {
        let p = try propose(["THIS IS VALID FOR 30 DAYS"])
        #expect(!p.candidates.contains { $0.country.code == "IS" })
        let alone = try propose(["KEFLAVIK", "IS"])
        #expect(alone.candidates.first?.evidence.contains { $0.kind == .countryCode && $0.text == "IS" } == true)
    }

    @Test func conflictingCluesSplitTheMass() throws {
        // An American authority and a German airport word with its city: both strong, they disagree.
        let p = try propose(["DEPARTMENT OF HOMELAND SECURITY", "FLUGHAFEN FRANKFURT"])
        let us = try #require(p.candidates.first { $0.country.code == "US" })
        let de = try #require(p.candidates.first { $0.country.code == "DE" })
        #expect(us.confidence < 0.7)
        #expect(de.confidence < 0.7)
        // Two codes alone on their lines, in different countries: neither is believed.
        let codes = try propose(["KEF", "JFK"])
        #expect(codes.candidates.count == 2)
        #expect(codes.candidates.allSatisfy { $0.confidence < 0.5 })
        let unanimous = try propose(["DEPARTMENT OF HOMELAND SECURITY"])
        #expect(try #require(unanimous.candidates.first).confidence > us.confidence)
    }

    @Test func moreAgreeingCluesRaiseConfidence() throws {
        let one = try propose(["KEF"])
        let two = try propose(["KEF", "KEFLAVIKURFLUGVOLLUR"])
        let three = try propose(["KEF", "KEFLAVIKURFLUGVOLLUR", "IS"])
        let c1 = try #require(one.candidates.first).confidence
        let c2 = try #require(two.candidates.first).confidence
        let c3 = try #require(three.candidates.first).confidence
        #expect(c1 < c2 && c2 < c3)
        #expect(c1 < 0.9)
        #expect(c3 >= 0.9)
    }

    @Test func countryNamesInOtherLanguages() throws {
        #expect(try propose(["REPUBLIK ÍSLAND"]).candidates.first?.country.code == "IS")
        #expect(try propose(["BUNDESREPUBLIK DEUTSCHLAND"]).candidates.first?.country.code == "DE")
        #expect(try propose(["ESTADOS UNIDOS"]).candidates.first?.country.code == "US")
        #expect(try propose(["HOLLAND", "SCHIPHOL"]).candidates.first?.country.code == "NL")
    }

    @Test func ocrDigitConfusionsAreRepaired() throws {
        let p = try propose(["5CHIPH0L"])
        #expect(p.candidates.first?.airport?.iata == "AMS")
    }

    @Test func candidatesAreMergedPerCountryAndRanked() throws {
        let p = try propose(["NEW YORK", "JFK", "DEPARTMENT OF HOMELAND SECURITY"])
        let codes = p.candidates.map(\.country.code)
        #expect(Set(codes).count == codes.count)
        #expect(p.candidates.map(\.confidence) == p.candidates.map(\.confidence).sorted(by: >))
        #expect(p.candidates.allSatisfy { (0...1).contains($0.confidence) })
        // NEW YORK names the city; York (GB) inside it is not separate evidence.
        #expect(!codes.contains("GB"))
    }

    @Test func aCodeInsideAPlaceNameIsPartOfTheName() throws {
        // SAN is San Diego's code (OurAirports), but on this line it starts SAN JOSE.
        let places = TestPlaces()
        places.cities.append((City(id: 3621849, name: "San José", countryCode: "CR", regionID: "CR.08", population: 335007, latitude: 9.93388, longitude: -84.08489), ["San José", "San Jose"]))
        places.addCountry("CR", "CRI", "Costa Rica", "NA", 4_999_441)
        places.airports.append(Airport(iata: "SAN", icao: "KSAN", name: "San Diego International Airport", municipality: "San Diego", countryCode: "US", regionID: "US.CA", cityID: nil, type: "large_airport", scheduled: true, latitude: 32.7336006165, longitude: -117.190002441))
        let p = try propose(["SAN JOSE"], places: places)
        #expect(p.candidates.first?.country.code == "CR")
        #expect(!p.candidates.contains { $0.country.code == "US" })
    }

    @Test func emptyReadingHasNoCandidates() throws {
        let places = TestPlaces()
        let p = try propose([], places: places)
        #expect(p.candidates.isEmpty)
        #expect(p.date == nil && p.direction == nil && p.entryMethod == nil)
        #expect(places.queries.isEmpty)
    }

    @Test func unknownWordsGiveNoCandidates() throws {
        let p = try propose(["XQZ", "12.07.19", "0815"])
        #expect(p.candidates.isEmpty)
        #expect(p.date?.value == "2019-07-12")
    }

    @Test func entryMethodFromWords() throws {
        #expect(try propose(["SEEHAFEN", "HAMBURG"]).entryMethod == .sea)
        #expect(try propose(["BAHNHOF", "BASEL"]).entryMethod == .rail)
        #expect(try propose(["ROAD", "BORDER"]).entryMethod == .land)
        #expect(try propose(["EINREISE"]).entryMethod == nil)
    }

    @Test func junkReadingsGiveWellFormedProposals() throws {
        // Deterministic junk in the shapes OCR produces: fragments of real words, digits,
        // punctuation, diacritics, other scripts, hyphens at line ends.
        let pool = Array("KEFLAVIKURFLUGVOLISJFKNRTAND 0123456789.-/*()',:;ÍÖÐÞİŞÂẤ空港入国공항 -x\u{301}")
        var seed: UInt64 = 0x5eed
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let matcher = StampMatcher(directory: TestPlaces(), lexicon: TestLexicon.shared, today: TestLexicon.today)
        var proposalsWithCandidates = 0
        for _ in 0..<300 {
            let lines = (0..<(1 + next(6))).map { _ in String((0..<next(40)).map { _ in pool[next(pool.count)] }) }
            let p = try matcher.propose(from: reading(lines, confidence: Double(next(100))))
            #expect(p.candidates.allSatisfy { (0...1).contains($0.confidence) && !$0.evidence.isEmpty })
            #expect(p.candidates.map(\.confidence) == p.candidates.map(\.confidence).sorted(by: >))
            #expect(Set(p.candidates.map(\.country.code)).count == p.candidates.count)
            if let d = p.date { #expect(d.value.count == 10) }
            if !p.candidates.isEmpty { proposalsWithCandidates += 1 }
        }
        // The junk is close enough to stamps to exercise the scoring, not just the early exits.
        #expect(proposalsWithCandidates >= 10)
    }

    /// KANSA, Kansai worn, starts two American airports' names and one Japanese: a departure
    /// read beside it rules out the United States, which stamps passports on admission only.
    @Test func aDepartureIsNotTheStampOfACountryThatStampsOnEntryOnly() throws {
        let places = TestPlaces()
        places.addAirport("KIX", "Kansai International Airport", "Osaka", "JP", "large_airport")
        places.addAirport("MCI", "Kansas City International Airport", "Kansas City", "US", "large_airport")
        places.addAirport("MKC", "Charles B. Wheeler Downtown Airport", "Kansas City", "US", "medium_airport")
        let departed = try #require(try propose(["DEPARTED", "KANSA"], places: places).candidates.first)
        #expect(departed.country.code == "JP")
        #expect(departed.airport?.iata == "KIX")
        // Without the departure the two American airports outweigh the one Japanese.
        #expect(try propose(["KANSA"], places: places).candidates.first?.country.code == "US")
        #expect(try propose(["ARRIVED", "KANSA"], places: places).candidates.first?.country.code == "US")
    }

    @Test func gazetteerErrorsPropagate() throws {
        struct Broken: PlaceDirectory {
            struct Failed: Error {}
            func airport(iata: String) throws -> Airport? { throw Failed() }
            func airports(nameWord: String, limit: Int) throws -> [Airport] { throw Failed() }
            func airports(cityID: Int) throws -> [Airport] { throw Failed() }
            func country(code: String) throws -> Country? { throw Failed() }
            func countries(named: String) throws -> [Country] { throw Failed() }
            func cities(named: String, countryCode: String?, limit: Int) throws -> [City] { throw Failed() }
            func city(id: Int) throws -> City? { throw Failed() }
            func region(id: String) throws -> Region? { throw Failed() }
            func nearNames(_ searchForm: String) throws -> [NearName] { throw Failed() }
            func scheduledAirportNames(countryCode: String) throws -> [(iata: String, form: String)] { throw Failed() }
        }
        let matcher = StampMatcher(directory: Broken(), lexicon: TestLexicon.shared)
        #expect(throws: Broken.Failed.self) { try matcher.propose(from: reading(["JFK"])) }
    }
}
