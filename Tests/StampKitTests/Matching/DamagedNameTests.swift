import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// A name read with a letter wrong still counts, for less than read right; a short word or a
/// name read right is never taken for another. Each test fails without its rule.
@Suite struct DamagedNameTests {
    @Test func aNameOneLetterOffStillCountsForLess() throws {
        let clean = try #require(try propose(["FRANKFURT", "12.07.19"]).candidates.first)
        let worn = try #require(try propose(["FRANKEURT", "12.07.19"]).candidates.first)
        #expect(worn.country.code == "DE")
        #expect(worn.city?.name == "Frankfurt am Main")
        #expect(worn.confidence < clean.confidence)
        #expect(worn.evidence.contains { $0.text == "FRANKEURT" && $0.detail.hasPrefix("read as FRANKFURT") })
        let other = try #require(try propose(["KEFLAVIKURFLUGVOLLUR", "FRANKEURT"]).candidates.first)
        // A clean name beside a damaged one wins.
        #expect(other.country.code == "IS")
    }

    /// A worn capital is often read as a small letter (uLGECIRAS): a long word with one is still
    /// a word in capitals and guessed at; with two it is OCR's texture and is not.
    @Test func aNameWithOneSmallLetterIsStillGuessed() throws {
        let worn = try #require(try propose(["FRAnKEURT", "12.07.19"]).candidates.first)
        #expect(worn.country.code == "DE")
        #expect(worn.evidence.contains { $0.text == "FRAnKEURT" && $0.detail.hasPrefix("read as FRANKFURT") })
        let texture = try propose(["FRankEURT", "12.07.19"])
        #expect(!texture.candidates.contains { $0.evidence.contains { $0.detail.hasPrefix("read as FRANKFURT") } })
    }

    /// Tesseract is unsure of a damaged word because it is damaged; the guess already weighs
    /// less for the letters it changes, so the OCR confidence does not lower it again.
    @Test func aGuessIsWeighedByItsEditNotByOCRConfidence() throws {
        let sure = try #require(try propose(["FRANKEURT"], confidence: 90).candidates.first)
        let unsure = try #require(try propose(["FRANKEURT"], confidence: 10).candidates.first)
        #expect(unsure.country.code == "DE" && abs(unsure.confidence - sure.confidence) < 0.005)
        // Read right but unsure, the name still counts for less.
        let clean = try #require(try propose(["FRANKFURT"], confidence: 90).candidates.first)
        let faint = try #require(try propose(["FRANKFURT"], confidence: 10).candidates.first)
        #expect(faint.confidence < clean.confidence)
    }

    /// A name spelt exactly but read unsure is no weaker than the same name guessed from a
    /// reading one worn letter off it; lower case, where OCR spells words out of texture, and
    /// short words keep their OCR confidence.
    @Test func aNameReadExactlyButUnsureIsNoWeakerThanItsGuess() throws {
        let exact = try #require(try propose(["FRANKFURT"], confidence: 10).candidates.first)
        let worn = try #require(try propose(["FRANKEURT"], confidence: 10).candidates.first)
        #expect(exact.country.code == "DE" && exact.confidence >= worn.confidence)
        let lower = try #require(try propose(["Frankfurt"], confidence: 10).candidates.first)
        #expect(lower.confidence < worn.confidence)
    }

    /// VIETNAM is a stamp word of the lexicon (a country alias) and the country's name: a
    /// reading near it is the name, not a stamp word standing in its way.
    @Test func aStampWordThatIsTheNameItselfDoesNotBlockIt() throws {
        let top = try #require(try propose(["VIETNAS IMMIGRATION", "07 12 2008"]).candidates.first)
        #expect(top.country.code == "VN")
        #expect(top.evidence.contains { $0.text == "VIETNAS" && $0.detail.hasPrefix("read as VIETNAM") })
    }

    /// Two spellings of one country equally near a reading (Vietnam, and Vietnã in Portuguese)
    /// are one meaning: the reading counts as much as if only one were near.
    @Test func spellingsOfOnePlaceDoNotSplitAGuess() throws {
        let one = try #require(try propose(["VIETNAS", "07 12 2008"]).candidates.first)
        let places = TestPlaces()
        places.countryNames["VN", default: []].append("Vietnã")
        #expect(try places.nearNames("vietnas").filter { $0.cost == 1 }.count == 2)
        let two = try #require(try propose(["VIETNAS", "07 12 2008"], places: places).candidates.first)
        #expect(two.country.code == "VN" && one.country.code == "VN")
        #expect(abs(two.confidence - one.confidence) < 0.005)
        // Names of different places equally near still split it.
        let rival = TestPlaces()
        rival.cities.append((City(id: 2, name: "Vietnat", countryCode: "PE", regionID: nil, population: 300_000, latitude: 0, longitude: 0), ["Vietnat"]))
        let split = try #require(try propose(["VIETNAS", "07 12 2008"], places: rival).candidates.first)
        #expect(split.confidence < one.confidence)
    }

    /// A country's name in many languages puts several spellings equally near one reading; they
    /// are one place, so the guess stands, while as many different places leave it pointing
    /// nowhere.
    @Test func manySpellingsOfOnePlaceStillCountButManyPlacesDoNot() throws {
        let places = TestPlaces()
        places.countryNames["VN", default: []] += ["Vietnã", "Vietnan"]
        #expect(try places.nearNames("vietnas").filter { $0.cost == 1 }.count == 3)
        let spelt = try #require(try propose(["VIETNAS", "07 12 2008"], places: places).candidates.first)
        #expect(spelt.country.code == "VN")
        #expect(spelt.evidence.contains { $0.text == "VIETNAS" && $0.detail.hasPrefix("read as") })
        let rivals = TestPlaces()
        for (id, (name, country)) in [("Vietnat", "PE"), ("Vietnab", "CL")].enumerated() {
            rivals.cities.append((City(id: id + 2, name: name, countryCode: country, regionID: nil, population: 300_000,
                                       latitude: 0, longitude: 0), [name]))
        }
        let nowhere = try propose(["VIETNAS", "07 12 2008"], places: rivals).candidates
        #expect(!nowhere.contains { $0.evidence.contains { $0.text == "VIETNAS" } })
    }

    /// WELINGTON lies one letter from WELLINGTON (towns in New Zealand, Florida, South Africa),
    /// from WELINTON, another name of the New Zealand one, and from VELINGTON, of it and the
    /// Florida one: a spelling whose places all lie among another's is one meaning, not a rival.
    @Test func aSpellingOfOneOfANamesPlacesIsNoRivalOfTheName() throws {
        let places = TestPlaces()
        places.addCountry("NZ", "NZL", "New Zealand", "OC", 4_885_500)
        places.addCountry("ZA", "ZAF", "South Africa", "AF", 57_779_622)
        for (id, country, population, names) in [
            (2179537, "NZ", 381_900, ["Wellington", "Welinton", "Velington"]), (4177887, "US", 162_560, ["Wellington", "Velington"]),
            (3359736, "ZA", 110_000, ["Wellington"]),
        ] {
            places.cities.append((City(id: id, name: "Wellington", countryCode: country, regionID: nil, population: population,
                                       latitude: 0, longitude: 0), names))
        }
        #expect(try places.nearNames("welington").filter { $0.cost == 1 }.count == 3)
        let top = try #require(try propose(["NEW ZEALAND", "WELINGTON", "ARRIVED"], places: places).candidates.first)
        #expect(top.country.code == "NZ" && top.city?.id == 2179537)
        #expect(top.evidence.contains { $0.text == "WELINGTON" && $0.detail.hasPrefix("read as") })
    }

    /// MEDYKA, a border village read right, is one letter from MEDYNA (Medina): a word that is
    /// a place's own name as read is that place, not a worn bigger one.
    @Test func aVillagesNameReadRightIsNotABigCitysNameWorn() throws {
        let places = TestPlaces()
        places.addCountry("PL", "POL", "Poland", "EU", 37_950_000, names: ["Polska"])
        places.addCountry("SA", "SAU", "Saudi Arabia", "AS", 33_700_000)
        places.cities.append((City(id: 765028, name: "Medyka", countryCode: "PL", regionID: nil, population: 2_800, latitude: 49.8, longitude: 22.9), ["Medyka"]))
        places.cities.append((City(id: 109223, name: "Medina", countryCode: "SA", regionID: nil, population: 1_300_000, latitude: 24.5, longitude: 39.6), ["Medina", "Medyna"]))
        let top = try #require(try propose(["MEDYKA", "22.08.23"], places: places).candidates.first)
        #expect(top.country.code == "PL")
        // Worn, the bigger city's name is still guessed at.
        #expect(try propose(["MEDYNX", "22.08.23"], places: places).candidates.first?.country.code == "SA")
    }

    @Test func shortWordsAndNamesReadRightAreNotGuessedAt() throws {
        let places = TestPlaces()
        #expect(try propose(["PARIX", "12.07.19"], places: places).candidates.isEmpty)
        #expect(!places.queries.contains("near parix"))  // too short to ask
        let london = try propose(["LONDON", "12.07.19"])
        #expect(!london.candidates.contains { c in c.evidence.contains { $0.detail.hasPrefix("read as") } })
        // A damaged stamp word is that word, not a name as near: ADMITTEB is not a town.
        places.cities.append((City(id: 1, name: "Admittel", countryCode: "FR", regionID: nil, population: 200_000, latitude: 0, longitude: 0), ["Admittel"]))
        #expect(try propose(["ADMITTEL"], places: places).candidates.first?.country.code == "FR")
        #expect(try propose(["ADMITTEB"], places: places).candidates.isEmpty)
        // Lower case is what OCR makes of texture: not guessed at.
        #expect(try propose(["FRANKEURT"]).candidates.first?.country.code == "DE")
        #expect(try propose(["Frankeurt"]).candidates.isEmpty)
    }

    @Test func aReadingNearAnAirportWordIsNotAnAirportsName() throws {
        // Tirana's airport is named in Albanian with the word for airport: AEROPORI is a worn
        // AEROPORT of any Latin-script stamp, not Aeroporti Nënë Tereza.
        let places = TestPlaces()
        places.airports.append(
            Airport(
                iata: "TIA", icao: nil, name: "Aeroporti Nënë Tereza", municipality: "Tirana", countryCode: "AL",
                regionID: nil, cityID: nil, type: "large_airport", scheduled: true, latitude: 41.41, longitude: 19.72))
        var lookup = Lookup(directory: places)
        let prefixes = TestLexicon.shared.airportWords.map(\.form).filter { !$0.contains(" ") }
        let guesses = DamagedNameObservations(stampWords: TestLexicon.stampWords, airportWords: prefixes)
        #expect(try guesses.nearest("aeropori", &lookup).isEmpty)
        // Without the airport words, the airport's word is what the reading lies nearest.
        let blind = DamagedNameObservations(stampWords: TestLexicon.stampWords, airportWords: [])
        #expect(try blind.nearest("aeropori", &lookup).map(\.form) == ["aeroporti"])
    }

    @Test func aReadingNearAStopWordIsNotANameMadeOfIt() throws {
        // PRUTECIION on an American stamp is the authority's PROTECTION worn, not Port
        // Protection Seaplane Base, whose name holds the word: a stop-word is never a name alone.
        let places = TestPlaces()
        places.airports.append(
            Airport(
                iata: "PPV", icao: nil, name: "Port Protection Seaplane Base", municipality: "Port Protection", countryCode: "US",
                regionID: nil, cityID: nil, type: "seaplane_base", scheduled: true, latitude: 56.33, longitude: -133.61))
        var lookup = Lookup(directory: places)
        let stopwords = Set(TestLexicon.shared.stopwords.keys)
        let guesses = DamagedNameObservations(stampWords: TestLexicon.stampWords, airportWords: [], stopwords: stopwords)
        #expect(try guesses.nearest("pruteciion", &lookup).isEmpty)
        let blind = DamagedNameObservations(stampWords: TestLexicon.stampWords, airportWords: [])
        #expect(try blind.nearest("pruteciion", &lookup).map(\.form) == ["protection"])
        #expect(try propose(["PRUTECIION", "ADMITTED"], places: places).candidates.first?.airport?.iata != "PPV")
    }

    @Test func aDamagedWordCompletesAnAirportsName() throws {
        // BELIING CAPITAL: CAPITAL alone is a word of several airports' names, mostly American;
        // with BEIJING it names one airport, and the word inside means that airport too.
        let places = Self.capitalAirports()
        let p = try propose(["BELIING CAPITAL", "ENTRY", "2005-11-04"], places: places)
        let top = try #require(p.candidates.first)
        #expect(top.country.code == "CN")
        #expect(top.airport?.iata == "PEK")
        #expect(!p.candidates.contains { $0.country.code == "US" })
        let clean = try #require(try propose(["BEIJING CAPITAL", "ENTRY", "2005-11-04"], places: places).candidates.first)
        #expect(top.confidence < clean.confidence)
    }

    /// BENING CAPITAL: BENING is one letter from BENINO (Benin in Italian) and two from BEIJING,
    /// too far for a guess among every name; among the airports CAPITAL names, BEIJING is the
    /// one word that near, so the run is Beijing Capital.
    @Test func aWordTwoLettersOffIsReadAmongTheAirportsItsCleanWordNames() throws {
        let places = Self.capitalAirports()
        places.addCountry("BJ", "BEN", "Benin", "AF", 12_123_198, names: ["Benino"])
        let top = try #require(try propose(["BENING CAPITAL", "2005-11-04"], places: places).candidates.first)
        #expect(top.country.code == "CN" && top.airport?.iata == "PEK")
        #expect(top.evidence.contains { $0.text == "BENING CAPITAL" && $0.detail.hasPrefix("read as BEIJING") })
        // Alone, the word is only as near as a guess may be to Benin.
        let alone = try #require(try propose(["BENING", "2005-11-04"], places: places).candidates.first)
        #expect(alone.country.code == "BJ")
        // A word near a stamp word is that word, not a word of a name (AEROPYERTO beside JUAN,
        // a word of Juan Santamaría's and of Juan de Ayolas's airports).
        places.addCountry("CR", "CRI", "Costa Rica", "NA", 5_047_561)
        places.addCountry("PY", "PRY", "Paraguay", "SA", 6_956_071)
        places.addAirport("SJO", "Juan Santamaría International Airport", "San José", "CR", "large_airport")
        places.addAirport("AYO", "Aeropuerto Nacional Juan de Ayolas", "Ayolas", "PY", "small_airport")
        let juan = try propose(["AEROPYERTO JUAN SANTAMARÍA", "2005-11-04"], places: places).candidates
        #expect(juan.first?.airport?.iata == "SJO")
        #expect(!juan.contains { $0.country.code == "PY" })
    }

    /// A word is not guessed to be a name's word two letters shorter or longer: ACENSE DES (a
    /// worn AGENCE DES) lies two letters from ANSE of Anse des Cayes, but dropping a third of
    /// a word leaves too little of it to say which.
    @Test func aWordTwoLettersLongerIsNotReadAsANamesWord() throws {
        let places = TestPlaces()
        places.addCountry("GP", "GLP", "Guadeloupe", "NA", 395_700)
        places.addAirport("XAC", "Anse des Cayes Airport", "Saint-Louis", "GP", "small_airport")
        places.addAirport("XCD", "Chemin des Dames Airfield", "Laon", "FR", "small_airport")
        places.addAirport("XPO", "Pointe des Châteaux Airport", "Saint-François", "GP", "small_airport")
        #expect(try !propose(["ACENSE DES", "2014-04-11"], places: places).candidates.contains { $0.airport?.iata == "XAC" })
        // One letter off, the word is still read among the airports DES names.
        places.addAirport("XAS", "Ascense des Cayes Airport", "Saint-Louis", "GP", "small_airport")
        #expect(try propose(["ACENSE DES", "2014-04-11"], places: places).candidates.first?.airport?.iata == "XAS")
    }

    /// China with Beijing, and airports whose names share CAPITAL, mostly American.
    static func capitalAirports() -> TestPlaces {
        let places = TestPlaces()
        places.addCountry("CN", "CHN", "China", "AS", 1_392_730_000)
        places.cities.append((City(id: 1816670, name: "Beijing", countryCode: "CN", regionID: "CN.22", population: 18_960_744, latitude: 39.9075, longitude: 116.39723), ["Beijing", "Peking"]))
        places.addAirport("PEK", "Beijing Capital International Airport", "Beijing", "CN", "large_airport")
        places.addAirport("LAN", "Capital City Airport", "Lansing", "US", "medium_airport")
        places.addAirport("SPI", "Abraham Lincoln Capital Airport", "Springfield", "US", "medium_airport")
        places.addAirport("HAR", "Capital City Airport", "Harrisburg", "US", "medium_airport")
        return places
    }

    @Test func theGuessWeighsLessWhenShortOrCostly() {
        #expect(DamagedNameObservations.weight(letters: 6, cost: 0.5) == 0.5)
        #expect(DamagedNameObservations.weight(letters: 9, cost: 0.5) == 0.8)
        #expect(DamagedNameObservations.weight(letters: 12, cost: 0.5) == 0.8)
        #expect(DamagedNameObservations.weight(letters: 9, cost: 1) < DamagedNameObservations.weight(letters: 9, cost: 0.5))
        #expect(DamagedNameObservations.weight(letters: 7, cost: 1) < DamagedNameObservations.weight(letters: 9, cost: 1))
        #expect(DamagedNameObservations.weight(letters: 13, cost: 2) > 0)
        #expect(DamagedNameObservations.weight(letters: 13, cost: 2) < 0.8)
    }
}
