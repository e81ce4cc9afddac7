import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// Clues that look like evidence but are not: words shared by many airport names, codes read off
/// a ring's texture, inflected or run-together names. Each test fails without its rule.
@Suite struct MisleadingEvidenceTests {
    func clues(_ lines: [String], confidence: Double = 90) -> StampClues {
        ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today).extract(from: reading(lines, confidence: confidence))
    }

    func airport(_ iata: String, _ name: String, _ muni: String, _ cc: String, type: String = "medium_airport") -> Airport {
        Airport(
            iata: iata, icao: nil, name: name, municipality: muni, countryCode: cc, regionID: nil, cityID: nil,
            type: type, scheduled: true, latitude: 0, longitude: 0)
    }

    @Test func aTownNamedBesideAnAirportWordIsTheTownItServes() throws {
        // AEROPORTO DO PORTO: Porto's airport, not those of Porto Alegre or Porto Seguro, whose
        // longer town names merely contain the word.
        let places = TestPlaces()
        places.airports.append(airport("OPO", "Francisco de Sá Carneiro Airport", "Porto", "PT", type: "large_airport"))
        places.airports.append(airport("POA", "Salgado Filho International Airport", "Porto Alegre", "BR", type: "large_airport"))
        places.airports.append(airport("BPS", "Porto Seguro Airport", "Porto Seguro", "BR"))
        places.cities.append((City(id: 2735943, name: "Porto", countryCode: "PT", regionID: "PT.17", population: 249_633, latitude: 41.15, longitude: -8.61), ["Porto", "Oporto"]))
        var lookup = Lookup(directory: places)
        let found = try AirportWordObservations().read(clues(["AEROPORTO DO PORTO"]), &lookup, NameCover())
        let porto = try #require(found.first { $0.evidence.text == "PORTO" })
        #expect(porto.hypotheses.map { $0.airport?.iata } == ["OPO"])
        // A town no airport serves by that exact name keeps every airport whose name has it.
        places.cities.append((City(id: 1, name: "Seguro", countryCode: "BR", regionID: nil, population: 900, latitude: 0, longitude: 0), ["Seguro"]))
        var again = Lookup(directory: places)
        let seguro = try AirportWordObservations().read(clues(["AEROPORTO SEGURO"]), &again, NameCover())
        #expect(seguro.first { $0.evidence.text == "SEGURO" }?.hypotheses.map { $0.airport?.iata } == ["BPS"])
        // A country's name there (AEROPORTO DI MALTA) is the country's airport, not the one of a
        // town of that name (Malta, Montana).
        places.addCountry("MT", "MLT", "Malta", "EU", 475_701)
        places.airports.append(airport("MLA", "Malta International Airport", "Luqa", "MT", type: "large_airport"))
        places.airports.append(airport("MLK", "Malta Airport", "Malta", "US", type: "small_airport"))
        places.cities.append((City(id: 5660340, name: "Malta", countryCode: "US", regionID: nil, population: 1_900, latitude: 48.36, longitude: -107.87), ["Malta"]))
        var third = Lookup(directory: places)
        let malta = try AirportWordObservations().read(clues(["AEROPORTO DI MALTA"]), &third, NameCover())
        #expect(malta.first { $0.evidence.text == "MALTA" }?.hypotheses.contains { $0.airport?.iata == "MLA" } == true)
    }

    @Test func aTownServedIsReadPastTheDistrictTheMunicipalityAdds() throws {
        // SYDNEY AIRPORT is Kingsford Smith, whose municipality is `Sydney (Mascot)`, not only
        // the airfields whose municipality is plain `Sydney`.
        let places = TestPlaces()
        places.airports.append(airport("SYD", "Sydney Kingsford Smith International Airport", "Sydney (Mascot)", "AU", type: "large_airport"))
        places.airports.append(airport("BWU", "Sydney Bankstown Airport", "Sydney", "AU"))
        places.airports.append(airport("YQY", "Sydney / J.A. Douglas McCurdy Airport", "Sydney", "CA"))
        places.airports.append(airport("TLS", "Toulouse-Blagnac Airport", "Toulouse/Blagnac", "FR", type: "large_airport"))
        places.cities.append((City(id: 2147714, name: "Sydney", countryCode: "AU", regionID: nil, population: 4_627_345, latitude: -33.87, longitude: 151.21), ["Sydney"]))
        var lookup = Lookup(directory: places)
        let found = try AirportWordObservations().read(clues(["SYDNEY AIRPORT"]), &lookup, NameCover())
        let sydney = try #require(found.first { $0.evidence.text == "SYDNEY" })
        #expect(sydney.hypotheses.contains { $0.airport?.iata == "SYD" })
        #expect(AirportWordObservations.townsServed(by: places.airports.first { $0.iata == "TLS" }!) == ["toulouse", "blagnac"])
        #expect(AirportWordObservations.townsServed(by: airport("MAN", "Manchester Airport", "Manchester, Greater Manchester", "GB")) == ["manchester"])
    }

    @Test func aWordInDozensOfAirportNamesSaysNothing() throws {
        #expect(WordSpecificity.weight(documentFrequency: 1) == 1)
        #expect(WordSpecificity.weight(documentFrequency: WordSpecificity.countLimit) == 0)
        let middle = WordSpecificity.weight(documentFrequency: 12)
        #expect(middle > 0 && middle < 1)
        #expect(WordSpecificity.weight(documentFrequency: 20) < middle)

        // MUNICIPAL is in no stop-list: only its count in the gazetteer makes it say nothing.
        let places = TestPlaces()
        places.airports.append(airport("ZZA", "Springfield Municipal Airport", "Springfield", "US"))
        var lookup = Lookup(directory: places)
        let one = try AirportWordObservations().read(clues(["MUNICIPAL AIRPORT"]), &lookup, NameCover())
        #expect(one.contains { $0.hypotheses.contains { $0.airport?.iata == "ZZA" } })
        let codes = ["CA", "BR", "AU", "GB", "DE", "FR", "PE", "TR"]
        for k in 0..<WordSpecificity.countLimit {
            let code = "Z" + String(UnicodeScalar(UInt8(65 + k / 26))) + String(UnicodeScalar(UInt8(65 + k % 26)))
            places.airports.append(airport(code, "Town \(k) Municipal Airport", "Town \(k)", codes[k % codes.count]))
        }
        var crowded = Lookup(directory: places)
        let many = try AirportWordObservations().read(clues(["MUNICIPAL AIRPORT"]), &crowded, NameCover())
        #expect(many.isEmpty, "\(many.map(\.evidence))")
    }

    @Test func internacionalIsNotTheNameOfAnAirport() throws {
        // In the gazetteer's mostly English names, "Internacional" survives only in a few
        // untranslated names of one country; the word list keeps it from pointing there.
        let places = TestPlaces()
        places.addCountry("PY", "PRY", "Paraguay", "SA", 6_956_071)
        places.airports.append(airport("ASU", "Aeropuerto Internacional Silvio Pettirossi", "Asunción", "PY", type: "large_airport"))
        places.airports.append(
            airport("GRU", "São Paulo/Guarulhos–Governador André Franco Montoro International Airport", "São Paulo", "BR", type: "large_airport"))
        let matcher = StampMatcher(directory: places, lexicon: TestLexicon.shared, today: TestLexicon.today)
        for lines in [["AEROPORTO INTERNACIONAL DE SÃO PAULO"], ["AEROPORTO INTERNACIONAL", "DE SÃO PAULO", "ENTRADA"]] {
            let p = try matcher.propose(from: reading(lines))
            #expect(!p.candidates.contains { $0.country.code == "PY" }, "\(lines)")
            #expect(p.candidates.first?.airport?.iata == "GRU", "\(lines)")
        }
        var lookup = Lookup(directory: places)
        let words = try AirportWordObservations().read(clues(["AEROPORTO INTERNACIONAL"]), &lookup, NameCover())
        #expect(words.isEmpty)
    }

    @Test func wordsThatTogetherSpellAnAirportNameIt() throws {
        // No airport word on the stamp: TAN SON NHAT alone names the airport, and hides NHAT.
        var lookup = Lookup(directory: TestPlaces())
        var cover = NameCover()
        let found = try AirportPhraseObservations().read(clues(["VIETNAM IMMIGRATION", "TAN SON NHAT"]), &lookup, &cover)
        let o = try #require(found.first)
        #expect(o.hypotheses.map { $0.airport?.iata } == ["SGN"])
        #expect(cover.covers(TokenSpan(line: 1, start: 2, end: 3)))
        // Words that are not all in one airport's name name none.
        #expect(try AirportPhraseObservations().read(clues(["KEFLAVIK NHAT"]), &lookup, &cover).isEmpty)
    }

    /// Beside a word in dozens of airports' names, one short word must stand with it as a name
    /// prints them: MOI INTERNATIONAL is Mombasa's airport, while ANA INTERNATIONAL, the tail
    /// of a worn MUSCAT INTERNATIONAL, is not Santa Ana's John Wayne International.
    @Test func aGenericWordNarrowsOnlyWhereANamePrintsItBesideTheOther() throws {
        let places = TestPlaces()
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        for k in 0..<WordSpecificity.countLimit {
            let code = "Q" + String(letters[k / 26]) + String(letters[k % 26])
            places.airports.append(airport(code, "Town\(k) International Airport", "Town\(k)", "US"))
        }
        places.airports.append(airport("SNA", "John Wayne Orange County International Airport", "Santa Ana", "US", type: "large_airport"))
        places.airports.append(airport("MBA", "Moi International Airport", "Mombasa", "KE"))
        var lookup = Lookup(directory: places)
        #expect(try lookup.airportDocumentFrequency("international") >= WordSpecificity.countLimit, "a generic word")
        var cover = NameCover()
        let moi = try AirportPhraseObservations().read(clues(["MOI INTERNATIONAL"]), &lookup, &cover)
        #expect(moi.first?.hypotheses.map { $0.airport?.iata } == ["MBA"])
        cover = NameCover()
        #expect(try AirportPhraseObservations().read(clues(["ANA INTERNATIONAL"]), &lookup, &cover).isEmpty)
        // Two specific words still may stand anywhere in the name and its town.
        cover = NameCover()
        let wayne = try AirportPhraseObservations().read(clues(["SANTA WAYNE"]), &lookup, &cover)
        #expect(wayne.first?.hypotheses.map { $0.airport?.iata } == ["SNA"])
    }

    @Test func anInflectedNameFindsItsAirport() throws {
        let places = TestPlaces()
        places.addCountry("LT", "LTU", "Lithuania", "EU", 2_789_533, names: ["Lietuva"])
        places.airports.append(airport("VNO", "Vilnius International Airport", "Vilnius", "LT", type: "large_airport"))
        places.airports.append(airport("TLL", "Lennart Meri Tallinn Airport", "Tallinn", "EE", type: "large_airport"))
        var lookup = Lookup(directory: places)
        for (text, iata) in [("VILNIAUS ORO UOSTAS", "VNO"), ("TALLINNA LENNUJAAM", "TLL"), ("REYKJAVIKUR FLUGVOLLUR", "RKV")] {
            let found = try AirportWordObservations().read(clues([text]), &lookup, NameCover())
            #expect(found.contains { $0.hypotheses.contains { $0.airport?.iata == iata } }, "\(text)")
        }
        // Only a short ending may differ: KEFLA… with three strange letters is not Keflavik;
        // and a city's name read whole (LISBOA) is not cut back to an airport's (Lisbon).
        let far = try AirportWordObservations().read(clues(["KEFLAXYZ AIRPORT"]), &lookup, NameCover())
        let city = try AirportWordObservations().read(clues(["LISBOA"]), &lookup, NameCover())
        #expect(!city.contains { $0.hypotheses.contains { $0.airport?.iata == "LIS" } })
        #expect(!far.contains { $0.hypotheses.contains { $0.airport?.iata == "KEF" } })
    }

    @Test func ringTextureIsNotACode() throws {
        let places = TestPlaces()
        places.airports.append(airport("SSS", "Siassi Airport", "Siassi", "PG", type: "small_airport"))
        places.airports.append(airport("INT", "Smith Reynolds Airport", "Winston Salem", "US"))
        places.addCountry("SS", "SSD", "South Sudan", "AF", 11_062_113)
        var lookup = Lookup(directory: places)
        let ring = clues(["SS SS", "SSS", "AUSTRALIA", "SS", "KEF"])
        #expect(try CountryCodeObservations().read(ring, &lookup, NameCover()).isEmpty)
        let codes = try IATACodeObservations(stampWords: TestLexicon.stampWords).read(ring, &lookup, NameCover())
        let sss = try #require(codes.first { $0.evidence.text == "SSS" })
        let kef = try #require(codes.first { $0.evidence.text == "KEF" })
        #expect(sss.reliability < 0.1 && kef.reliability >= 0.5)
        // The same letters three times are texture even when they are not one letter repeated.
        let texture = clues(["FI", "FI FI", "FARO"])
        #expect(!texture.countryCodeCandidates.isEmpty && texture.countryCodeCandidates.allSatisfy { $0.isDebris })
        #expect(try CountryCodeObservations().read(texture, &lookup, NameCover()).isEmpty)
        // INT of INT'L is part of a word, not a code; the same letters printed alone are one.
        let inWord = try IATACodeObservations(stampWords: TestLexicon.stampWords).read(clues(["SIEM REAP INT'L AIRPORT"]), &lookup, NameCover())
        let alone = try IATACodeObservations(stampWords: TestLexicon.stampWords).read(clues(["SIEM REAP", "INT"]), &lookup, NameCover())
        #expect((inWord.first?.reliability ?? 0) < 0.1)
        #expect((alone.first?.reliability ?? 0) >= 0.3)
    }

    /// OCR breaks a damaged word at a gap; its end is not a printed code (TMMIGRAT TON is
    /// IMMIGRATION, LENLOAS EMA is LENTOASEMA), and neither is a code ending in a mark OCR reads
    /// for a shape it cannot place (NYA?).
    @Test func theBrokenEndOfAWordIsNotACode() throws {
        let places = TestPlaces()
        places.airports.append(airport("TON", "Tonu Airport", "Tonu", "PG"))
        places.airports.append(airport("EMA", "East Midlands Airport", "Nottingham", "GB"))
        places.airports.append(airport("NYA", "Nyagan Airport", "Nyagan", "RU"))
        var lookup = Lookup(directory: places)
        let codes = IATACodeObservations(stampWords: TestLexicon.stampWords)
        func reliability(_ lines: [String], _ code: String) throws -> Double {
            try codes.read(clues(lines), &lookup, NameCover()).first { $0.evidence.text == code }?.reliability ?? 0
        }
        #expect(try reliability(["TMMIGRAT TON"], "TON") < 0.1)
        #expect(try reliability(["LENLOAS EMA"], "EMA") < 0.1)
        // Beside a word it does not complete, the same letters are a code in running text.
        #expect(try reliability(["ARRIVAL TON"], "TON") >= 0.3)
        #expect(try reliability(["NYA?"], "NYA") < 0.6 * (try reliability(["NYA"], "NYA")) + 1e-9)
    }

    /// A code alone still names its country; beside a name that points elsewhere, a code
    /// nothing else supports gives way (BAT read off NỘI BÀI is not Barretos).
    @Test func aCodeNothingElseSupportsGivesWayToAName() throws {
        let places = TestPlaces()
        places.airports.append(airport("BAT", "Chafei Amsei Airport", "Barretos", "BR"))
        #expect(try propose(["BAT"], places: places).candidates.first?.country.code == "BR")
        let named = try propose(["BAT", "VIETNAS IMMIGRATION"], places: places)
        #expect(named.candidates.first?.country.code == "VN")
        // A code the rest of the stamp agrees with keeps its whole weight; one it does not, half.
        var lookup = Lookup(directory: places)
        let stamp = clues(["DEPARTMENT OF HOMELAND SECURITY", "ADMITTED", "JFK", "BAT"])
        let observed = try StampMatcher(directory: places, lexicon: TestLexicon.shared, today: TestLexicon.today)
            .observe(stamp, &lookup)
        let plain = try IATACodeObservations(stampWords: TestLexicon.stampWords).read(stamp, &lookup, NameCover())
        func reliability(_ found: [Observation], _ code: String) throws -> Double {
            try #require(found.first { $0.evidence.text == code }).reliability
        }
        #expect(try abs(reliability(observed, "JFK") - reliability(plain, "JFK")) < 1e-9)
        #expect(try abs(reliability(observed, "BAT") - 0.5 * reliability(plain, "BAT")) < 1e-9)
    }

    /// A word of a country's name at a stamp's head (REPUBLIC OF KENYA, REPÚBLICA DE CHILE) is
    /// the country's: not an airport whose name begins with it (Jomo Kenyatta) or shares it
    /// (Chile Chico). A large airport named after the country alone is still its airport.
    @Test func aCountrysNameIsNotAnAirportThatSharesAWordWithIt() throws {
        let places = TestPlaces()
        places.addCountry("KE", "KEN", "Kenya", "AF", 47_564_296)
        places.addCountry("CL", "CHL", "Chile", "SA", 18_729_160)
        places.addCountry("KW", "KWT", "Kuwait", "AS", 4_137_309)
        places.addAirport("NBO", "Jomo Kenyatta International Airport", "Nairobi", "KE", "large_airport")
        places.addAirport("CCH", "Chile Chico Airport", "Chile Chico", "CL", "small_airport")
        places.addAirport("KWI", "Kuwait International Airport", "Kuwait City", "KW", "large_airport")
        let kenya = try #require(propose(["REPUBLIC OF KENYA", "ARRIVAL", "04 SEP 2021"], places: places).candidates.first)
        #expect(kenya.country.code == "KE" && kenya.airport == nil)
        let chile = try #require(propose(["REPÚBLICA DE CHILE", "ENTRADA", "04 SEP 2021"], places: places).candidates.first)
        #expect(chile.country.code == "CL" && chile.airport == nil)
        let kuwait = try #require(propose(["STATE OF KUWAIT", "ARRIVAL", "04 SEP 2021"], places: places).candidates.first)
        #expect(kuwait.country.code == "KW" && kuwait.airport?.iata == "KWI")
    }

    /// A crossing word right by a name makes it the crossing's: KING HUSSEIN BRIDGE is the
    /// Jordan River crossing, not King Hussein International Airport at Aqaba.
    @Test func aNameWithABridgeWordIsTheCrossingNotTheAirport() throws {
        let places = TestPlaces()
        places.addCountry("JO", "JOR", "Jordan", "AS", 9_956_011)
        places.addAirport("AQJ", "King Hussein International Airport", "Aqaba", "JO", "large_airport")
        let bridge = try propose(["HASHEMITE KINGDOM OF JORDAN", "KING HUSSEIN BRIDGE", "ENTRY", "10 DEC 2018"], places: places)
        let top = try #require(bridge.candidates.first)
        #expect(top.country.code == "JO" && top.airport == nil)
        #expect(bridge.entryMethod == .land)
        let airport = try #require(propose(["HASHEMITE KINGDOM OF JORDAN", "KING HUSSEIN AIRPORT", "ENTRY"], places: places).candidates.first)
        #expect(airport.airport?.iata == "AQJ")
    }

    /// Formal names built on an adjective (RÉPUBLIQUE TUNISIENNE), Laos's short form (LAO PDR,
    /// whose LAO alone is Laoag's code) and the Irish word for airport (AERFORT, one letter
    /// from a worn AÉROPORT) are in the word lists.
    @Test func formalNamesAndAirportWordsAStampPrintsAreKnown() throws {
        let places = TestPlaces()
        places.addCountry("TN", "TUN", "Tunisia", "AF", 11_565_204)
        places.addCountry("LA", "LAO", "Laos", "AS", 6_858_160)
        places.addCountry("PH", "PHL", "Philippines", "AS", 106_651_922)
        places.addAirport("LAO", "Laoag International Airport", "Laoag City", "PH", "medium_airport")
        #expect(try propose(["RÉPUBLIQUE TUNISIENNE", "ENTRÉE", "09 OCT 2009"], places: places).candidates.first?.country.code == "TN")
        #expect(try propose(["LAO PDR", "ARRIVAL", "03 APR 2004"], places: places).candidates.first?.country.code == "LA")
        #expect(clues(["AERFORT CHORCAÍ"]).airportWords.map(\.word.language) == ["ga"])
        // Ports and crossings in the words of the posts that print them.
        #expect(clues(["LV", "RĪGAS OSTA"]).entryMethodHits.map(\.value) == [.sea])
        #expect(clues(["PRZEJŚCIE GRANICZNE", "TERESPOL"]).entryMethodHits.map(\.value) == [.land])
    }

    /// With no word for how the border was crossed, a top candidate's airport says by air from
    /// a moderate confidence on (a town's name alone, FARO, at 0.3–0.5 was an airport 48 times
    /// in 51 measured), not from a weak guess.
    @Test func anAirportTheTopCandidateNamesSaysByAirFromAModerateConfidence() throws {
        let matcher = StampMatcher(directory: TestPlaces(), lexicon: TestLexicon.shared, today: TestLexicon.today)
        let portugal = Country(code: "PT", alpha3: "PRT", name: "Portugal", continent: "EU", population: 10_281_762)
        let faro = airport("FAO", "Faro Airport", "Faro", "PT", type: "large_airport")
        let stamp = clues(["P", "FARO", "21.08.18"])
        func method(_ confidence: Double) -> EntryMethod? {
            matcher.entryMethod(stamp, top: Candidate(confidence: confidence, country: portugal, airport: faro, evidence: []))
        }
        #expect(method(0.4) == .air)
        #expect(method(0.2) == nil)
    }
}

