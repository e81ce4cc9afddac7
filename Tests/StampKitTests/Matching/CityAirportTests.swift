import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// A stamp that names only its town (FARO, ATHINAI) was made at that town's airport, unless its
/// words say the crossing was by sea, road or rail. Each test fails without its rule.
@Suite struct CityAirportTests {
    @Test func aTownAloneIsItsAirport() throws {
        let top = try #require(try propose(["LISBOA", "12.07.19"]).candidates.first)
        #expect(top.country.code == "PT")
        #expect(top.city?.name == "Lisbon")
        #expect(top.airport?.iata == "LIS")
        #expect(top.evidence.contains { $0.kind == .airportName && $0.detail.contains("main airport of Lisbon") })
    }

    @Test func aPortOrRoadWordKeepsTheTownATown() throws {
        // CALAIS PORT, HAFEN KIEL: the town's airport is not where the traveller crossed.
        let port = try #require(try propose(["LISBOA PORT", "12.07.19"]).candidates.first)
        #expect(port.country.code == "PT")
        #expect(port.city?.name == "Lisbon")
        #expect(port.airport == nil)
        // A name that is also an airport's word (HELSINGIN of HELSINGIN SATAMA) is the port's town.
        let haven = try #require(try propose(["AMSTERDAM HAVEN", "12.07.19"]).candidates.first)
        #expect(haven.country.code == "NL")
        #expect(haven.airport == nil)
        #expect(try propose(["AMSTERDAM", "12.07.19"]).candidates.first?.airport?.iata == "AMS")
        #expect(try propose(["AMSTERDAM HAVEN", "12.07.19"]).entryMethod == .sea)
    }

    @Test func aVerbInRunningTextSaysNothingAboutTheCrossing() throws {
        // PERMITTED TO LAND FOR 90 DAYS: LAND is what the plane did, not a road crossing.
        let p = try propose(["LISBOA", "PERMITTED TO LAND FOR 90 DAYS"])
        #expect(p.candidates.first?.airport?.iata == "LIS")
        #expect(p.entryMethod != .land)
        #expect(try propose(["LISBOA", "LAND"]).candidates.first?.airport == nil)
        #expect(try propose(["LISBOA", "LAND"]).entryMethod == .land)
    }

    @Test func aLoneLetterAtALinesEndDoesNotMakeItRunningText() throws {
        // PASO CRISTO REDENTOR with a letter read off the ring after it still heads its line;
        // a fourth word of two letters or more makes it running text.
        #expect(try propose(["PASO LISBOA N i", "ENTRADA"]).entryMethod == .land)
        #expect(try propose(["PASO LISBOA NA NA", "ENTRADA"]).entryMethod != .land)
    }

    @Test func besideAPortWordThreeLettersAreThePortsNameNotACode() throws {
        // HAFEN KEL is HAFEN KIEL with its I worn: KEL is Kiel-Holtenau's code, but beside the
        // port word it is what is left of the port's name. A code printed on a line of its own
        // still names an airport, as a land crossing may print the nearest one's.
        let places = TestPlaces()
        places.airports.append(
            Airport(iata: "KEL", icao: "EDHK", name: "Kiel-Holtenau Airport", municipality: "Kiel", countryCode: "DE",
                    regionID: nil, cityID: nil, type: "small_airport", scheduled: false, latitude: 54.38, longitude: 10.15))
        let worn = try propose(["HAFEN KEL", "04.03.20"], places: places)
        #expect(worn.candidates.first?.country.code == "DE")
        #expect(worn.candidates.first?.airport == nil)
        #expect(worn.entryMethod == .sea)
        #expect(try propose(["HAFEN", "KEL", "04.03.20"], places: places).candidates.first?.airport?.iata == "KEL")
    }

    @Test func aBorderPostNamedAloneSaysHowItWasCrossed() throws {
        // NARVA with a date, SAN YSIDRO beside ADMITTED: land crossings, whose names are still
        // the towns the stamps are placed at.
        let places = TestPlaces()
        places.addCountry("EE", "EST", "Estonia", "EU", 1_320_884)
        places.cities.append((City(id: 590031, name: "Narva", countryCode: "EE", regionID: nil, population: 54_409, latitude: 59.37722, longitude: 28.19028), ["Narva"]))
        places.cities.append((City(id: 5489914, name: "San Ysidro", countryCode: "US", regionID: nil, population: 2090, latitude: 32.55, longitude: -117.04), ["San Ysidro"]))
        let narva = try propose(["NARVA", "14.10.18"], places: places)
        #expect(narva.candidates.first?.city?.name == "Narva")
        #expect(narva.entryMethod == .land)
        let sanYsidro = try propose(["SAN YSIDRO", "ADMITTED"], places: places)
        #expect(sanYsidro.candidates.first?.city?.name == "San Ysidro")
        #expect(sanYsidro.entryMethod == .land)
        // The stamp's own word says more than the post's usual way.
        #expect(try propose(["NARVA", "PORT"], places: places).entryMethod == .sea)
        // A name read with a letter wrong may be a word of anything: it says nothing of the way.
        #expect(try propose(["NARWA", "14.10.18"], places: places).entryMethod == nil)
        // A town that is no border post keeps saying nothing.
        #expect(try propose(["LONDON", "12.07.19"], places: places).entryMethod == nil)
    }

    @Test func twoAirportsThatFitEquallyGiveNone() throws {
        // LONDON alone: Heathrow and Gatwick are both large airports serving it.
        let top = try #require(try propose(["LONDON", "12.07.19"]).candidates.first)
        #expect(top.country.code == "GB")
        #expect(top.airport == nil)
    }

    @Test func amongATownsAirportsTheOneNamedForItAloneIsMeant() {
        // ISTANBUL HAVALIMANI: three airports carry the town's name; the stamp names the one
        // called only İstanbul Airport, not Sabiha Gökçen nor Atatürk.
        let town = City(id: 745044, name: "Istanbul", countryCode: "TR", regionID: "TR.34", population: 14_804_116, latitude: 41.01, longitude: 28.95)
        func airport(_ iata: String, _ name: String) -> Airport {
            Airport(iata: iata, icao: nil, name: name, municipality: "Istanbul", countryCode: "TR", regionID: nil, cityID: nil,
                    type: "large_airport", scheduled: true, latitude: 41.26, longitude: 28.74)
        }
        #expect(CityAirport.isNamedPlainly(airport("IST", "İstanbul Airport"), after: town))
        #expect(!CityAirport.isNamedPlainly(airport("SAW", "Istanbul Sabiha Gökçen International Airport"), after: town))
        #expect(!CityAirport.isNamedPlainly(airport("ISL", "İstanbul Atatürk Airport"), after: town))
        #expect(!CityAirport.isNamedPlainly(airport("XXX", "Ankara Airport"), after: town))
    }

    @Test func aSecondTownOnTheStampPicksTheAirportBesideIt() throws {
        // RIONEGRO MEDELLIN: Medellín has two airline airports of one size; the stamp also
        // names Rionegro, and only José María Córdova lies by it.
        let places = TestPlaces()
        places.addCountry("CO", "COL", "Colombia", "SA", 49_648_685)
        places.cities.append((City(id: 3674962, name: "Medellín", countryCode: "CO", regionID: "CO.02", population: 1_999_979, latitude: 6.25184, longitude: -75.56359), ["Medellín"]))
        places.cities.append((City(id: 3670730, name: "Rionegro", countryCode: "CO", regionID: "CO.02", population: 128_153, latitude: 6.15515, longitude: -75.37371), ["Rionegro"]))
        func add(_ iata: String, _ name: String, _ lat: Double, _ lon: Double) {
            places.airports.append(
                Airport(
                    iata: iata, icao: nil, name: name, municipality: "Medellín", countryCode: "CO", regionID: "CO.02",
                    cityID: 3674962, type: "medium_airport", scheduled: true, latitude: lat, longitude: lon))
        }
        add("EOH", "Enrique Olaya Herrera Airport", 6.220549, -75.590582)
        add("MDE", "Jose Maria Córdova International Airport", 6.16454, -75.4231)
        let both = try #require(try propose(["RIONEGRO MEDELLIN", "04/05/2008"], places: places).candidates.first)
        #expect(both.country.code == "CO")
        #expect(both.airport?.iata == "MDE")
        // Where Rionegro heads the chain (in the full gazetteer Medellín's share is split with
        // its namesakes abroad), Córdova is found as the airport of the other town the stamp
        // names, though no airport bears Rionegro's name.
        let rionegro = try #require(places.cities.first { $0.0.name == "Rionegro" }?.0)
        let medellin = try #require(places.cities.first { $0.0.name == "Medellín" }?.0)
        let clues = ClueExtractor(lexicon: TestLexicon.shared, today: TestLexicon.today)
            .extract(from: reading(["RIONEGRO MEDELLIN", "04/05/2008"]))
        var lookup = Lookup(directory: places)
        let airport = try CityAirport.infer(
            for: rionegro, named: [rionegro, medellin], in: "CO", clues: clues, history: AirportHistory(openings: [:]),
            lookup: &lookup)
        #expect(airport?.iata == "MDE")
    }

    /// MEDELLIN alone: of the town's two airline airports of one size, a border stamp comes from
    /// the one whose name says it serves flights abroad; when both names say so, from neither.
    @Test func ofATownsAirportsAlikeTheInternationalOneStamps() throws {
        func medellin(olayaHerrera: String) throws -> String? {
            let places = TestPlaces()
            places.addCountry("CO", "COL", "Colombia", "SA", 49_648_685)
            places.cities.append((City(id: 3674962, name: "Medellín", countryCode: "CO", regionID: "CO.02", population: 1_999_979, latitude: 6.25184, longitude: -75.56359), ["Medellín"]))
            let airports = [
                ("EOH", olayaHerrera, 6.220549, -75.590582), ("MDE", "Jose Maria Córdova International Airport", 6.16454, -75.4231),
            ]
            for (iata, name, lat, lon) in airports {
                places.airports.append(
                    Airport(
                        iata: iata, icao: nil, name: name, municipality: "Medellín", countryCode: "CO", regionID: "CO.02",
                        cityID: 3674962, type: "medium_airport", scheduled: true, latitude: lat, longitude: lon))
            }
            return try propose(["MEDELLIN", "04/05/2008"], places: places).candidates.first?.airport?.iata
        }
        #expect(try medellin(olayaHerrera: "Enrique Olaya Herrera Airport") == "MDE")
        #expect(try medellin(olayaHerrera: "Enrique Olaya Herrera Aeropuerto Internacional") == nil)
    }

    @Test func aPortWordLeavesAnAirportsOwnNameOfSeveralWords() throws {
        // HAVALİMANI worn to IMANI reads as LIMAN, port: the stamp's ADNAN MENDERES is still no
        // town's name but one airport's, while a town's name beside the port word stays the town.
        let places = TestPlaces()
        places.airports.append(
            Airport(
                iata: "ADB", icao: "LTBJ", name: "Adnan Menderes International Airport", municipality: "Gaziemir",
                countryCode: "TR", regionID: "TR.35", cityID: nil, type: "large_airport", scheduled: true,
                latitude: 38.2924, longitude: 27.157))
        let worn = try #require(try propose(["LIMAN", "GİRİŞ", "ADNAN MENDERES", "03.04.06"], places: places).candidates.first)
        #expect(worn.country.code == "TR")
        #expect(worn.airport?.iata == "ADB")
        let port = try #require(try propose(["LISBOA PORT", "12.07.19"]).candidates.first)
        #expect(port.airport == nil)
    }

    @Test func aStampDatedBeforeAnAirportOpenedIsTheOlderAirports() throws {
        // Siem Reap-Angkor (SAI) replaced Siem Reap International (REP, now closed) in October
        // 2023; Berlin Brandenburg (BER) opened in 2020.
        let places = TestPlaces()
        places.addCountry("KH", "KHM", "Cambodia", "AS", 16_249_798, names: ["Kingdom of Cambodia"])
        places.cities.append((City(id: 1822214, name: "Siem Reap", countryCode: "KH", regionID: "KH.24", population: 139_458, latitude: 13.36179, longitude: 103.86056), ["Siem Reap"]))
        places.cities.append((City(id: 2950159, name: "Berlin", countryCode: "DE", regionID: "DE.16", population: 3_426_354, latitude: 52.52437, longitude: 13.41053), ["Berlin"]))
        func add(_ iata: String, _ name: String, _ muni: String, _ cc: String, _ city: Int, _ type: String, _ lat: Double, _ lon: Double) {
            places.airports.append(
                Airport(
                    iata: iata, icao: nil, name: name, municipality: muni, countryCode: cc, regionID: nil, cityID: city,
                    type: type, scheduled: true, latitude: lat, longitude: lon))
        }
        add("SAI", "Siem Reap-Angkor International Airport", "Siem Reap", "KH", 1822214, "large_airport", 13.37, 104.22)
        add("REP", "Siem Reap International Airport", "Siem Reap", "KH", 1822214, "closed", 13.41, 103.81)
        add("BER", "Berlin Brandenburg Airport", "Berlin", "DE", 2950159, "large_airport", 52.35, 13.49)
        let old = try #require(try propose(["KINGDOM OF CAMBODIA", "SIEM REAP INT'L AIRPORT", "ARRIVAL", "25 SEP 2013"], places: places).candidates.first)
        #expect(old.country.code == "KH")
        #expect(old.airport?.iata == "REP")
        let new = try #require(try propose(["KINGDOM OF CAMBODIA", "SIEM REAP INT'L AIRPORT", "ARRIVAL", "25 SEP 2024"], places: places).candidates.first)
        #expect(new.airport?.iata == "SAI")
        // The town alone: its main airport then was the one the new one replaced.
        #expect(try propose(["SIEM REAP", "25 SEP 2013"], places: places).candidates.first?.airport?.iata == "REP")
        // Words that fit only the new airport name it whatever the date; the town alone, dated
        // before it opened, names none (Tegel and Schönefeld are no longer listed).
        #expect(try propose(["BERLIN BRANDENBURG", "24.03.14"], places: places).candidates.first?.airport?.iata == "BER")
        #expect(try propose(["BERLIN", "24.03.14"], places: places).candidates.first?.airport == nil)
        #expect(try propose(["BERLIN", "24.03.21"], places: places).candidates.first?.airport?.iata == "BER")
    }

    @Test func aTownsLinkedAirportCountsUnderAnotherSpelling() throws {
        // IRAKLION: GeoNames knows the town as Irákleion (Iraklion among its names), OurAirports
        // names its airport after Heraklion; the gazetteer links the two.
        let places = TestPlaces()
        places.addCountry("GR", "GRC", "Greece", "EU", 10_727_668, names: ["Ελλάδα"])
        places.cities.append((City(id: 261745, name: "Irákleion", countryCode: "GR", regionID: "GR.ESYE43", population: 137_154, latitude: 35.32787, longitude: 25.14341), ["Irákleion", "Iraklion"]))
        places.airports.append(
            Airport(
                iata: "HER", icao: "LGIR", name: "Heraklion International Nikos Kazantzakis Airport", municipality: "Heraklion",
                countryCode: "GR", regionID: "GR.ESYE43", cityID: 261745, type: "large_airport", scheduled: true,
                latitude: 35.3397, longitude: 25.1803))
        let top = try #require(try propose(["IRAKLION", "16.10.12"], places: places).candidates.first)
        #expect(top.country.code == "GR")
        #expect(top.city?.name == "Irákleion")
        #expect(top.airport?.iata == "HER")
        // Still not by sea.
        #expect(try propose(["IRAKLION PORT", "16.10.12"], places: places).candidates.first?.airport == nil)
    }

    /// HONG KONG names the country (an alias) and its city: its border post is the city's
    /// airport, unless the stamp says the crossing was by road or sea.
    @Test func aCityStatesNameIsItsCitysToo() throws {
        let places = TestPlaces()
        places.addCountry("HK", "HKG", "Hong Kong", "AS", 7_451_000)
        places.cities.append((City(id: 1819729, name: "Hong Kong", countryCode: "HK", regionID: nil, population: 7_396_076, latitude: 22.27832, longitude: 114.17469), ["Hong Kong"]))
        places.airports.append(
            Airport(
                iata: "HKG", icao: "VHHH", name: "Hong Kong International Airport", municipality: "Hong Kong", countryCode: "HK",
                regionID: nil, cityID: 1819729, type: "large_airport", scheduled: true, latitude: 22.308901, longitude: 113.915001))
        let stamp = try #require(try propose(["HONG KONG", "IMMIGRATION", "21 JUN 2022"], places: places).candidates.first)
        #expect(stamp.country.code == "HK" && stamp.city?.name == "Hong Kong" && stamp.airport?.iata == "HKG")
        let byRoad = try #require(try propose(["HONG KONG", "ROAD", "21 JUN 2022"], places: places).candidates.first)
        #expect(byRoad.country.code == "HK" && byRoad.airport == nil)
    }
}
