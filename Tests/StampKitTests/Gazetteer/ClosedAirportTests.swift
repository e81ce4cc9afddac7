import Foundation
import Testing
@testable import StampKitGazetteer

/// A stamp is often older than its airport's closing: OurAirports keeps a closed airport's
/// former IATA code among its keywords, and the import keeps the airport under that code.
@Suite struct ClosedAirportTests {
    static let header =
        "id,ident,type,name,latitude_deg,longitude_deg,elevation_ft,continent,iso_country,iso_region,municipality,scheduled_service,icao_code,iata_code,gps_code,local_code,home_link,wikipedia_link,keywords\n"

    func parse(_ rows: String) throws -> [GazetteerSources.AirportRow] {
        try GazetteerSources.parseAirports(Data((Self.header + rows).utf8), countries: ["KH", "DE", "MX"], path: "airports.csv").0
    }

    @Test func aClosedAirportKeepsItsFormerCode() throws {
        // Rows as OurAirports has them: Siem Reap's old airport closed in 2023, its code only a keyword.
        let rows = try parse("""
            26476,KH-0003,closed,Siem Reap International Airport,13.41155,103.813044,60,AS,KH,KH-17,Siem Reap,yes,,,,,,,"Angkor International Airport, REP, VDSR"
            513482,VDSA,large_airport,Siem Reap-Angkor International Airport,13.369167,104.223056,191,AS,KH,KH-17,Siem Reap,yes,VDSA,SAI,VDSA,,,,

            """)
        let old = try #require(rows.first { $0.id == 26476 })
        #expect(old.iata == "REP")
        #expect(old.type == "closed")
        #expect(old.scheduled)
        #expect(rows.first { $0.id == 513482 }?.iata == "SAI")
    }

    /// Keywords that are not codes of any airport in the file are other names of the airport.
    @Test func keywordsThatAreNotCodesAreOtherNames() throws {
        let rows = try parse("""
            26476,KH-0003,closed,Siem Reap International Airport,13.41155,103.813044,60,AS,KH,KH-17,Siem Reap,yes,,,VDSR,,,,"Angkor International Airport, REP, VDSR"
            513482,VDSA,large_airport,Siem Reap-Angkor International Airport,13.369167,104.223056,191,AS,KH,KH-17,Siem Reap,yes,VDSA,SAI,VDSA,,,,"KH-0042, Angkor 2"
            5,KH-0042,small_airport,Strip,13,104,,AS,KH,KH-17,Village,yes,,,,,,,

            """)
        #expect(rows.first { $0.id == 26476 }?.otherNames == ["Angkor International Airport"])
        #expect(rows.first { $0.id == 513482 }?.otherNames == [])
    }

    /// Berlin-Tegel closed in 2020 and OurAirports marks it without service, its code only a
    /// keyword; Berlin Brandenburg replaced it (`airport-openings.txt`), so a stamp dated before
    /// is Tegel's and the airport is kept under its code, an airline airport. Without the
    /// lexicon's word for it, such a row is a closed airstrip like any other.
    @Test func aReplacedAirportKeepsItsCodeWhateverItsServiceSays() throws {
        let tegel = """
            2223,DE-0876,closed,Berlin-Tegel Otto Lilienthal Airport,52.5597,13.2877,122,EU,DE,DE-BE,Berlin,no,,,,,,,"TXL, EDDT, Otto Lilienthal"
            301881,EDDB,large_airport,Berlin Brandenburg Airport,52.362247,13.500672,157,EU,DE,DE-BR,Berlin,yes,EDDB,BER,EDDB,,,,

            """
        func parse(replaced: Set<String>) throws -> [GazetteerSources.AirportRow] {
            try GazetteerSources.parseAirports(Data((Self.header + tegel).utf8), countries: ["DE"], path: "airports.csv",
                                               replacedCodes: replaced).0
        }
        let kept = try #require(try parse(replaced: ["TXL", "SXF"]).first { $0.id == 2223 })
        #expect(kept.iata == "TXL")
        #expect(kept.scheduled)
        #expect(try parse(replaced: []).map(\.id) == [301881])
        let openings = "# comment\n*\tBKK\t2006-09-28\tDMK\n*\tNLU\t2022-03-21\n*\tBER\t2020-10-31\tTXL SXF\n"
        #expect(GazetteerBuilder.replacedAirportCodes(openings) == ["DMK", "TXL", "SXF"])
    }

    @Test func aCodeInUseStaysWithTheOpenAirport() throws {
        // A closed airport whose old code now belongs to another (listed after it in the file)
        // is dropped; so is one with no code among its keywords, and a closed airstrip that
        // never had airline service, whatever its keywords hold.
        let rows = try parse("""
            1,DE-0001,closed,Old Field,50,8,,EU,DE,DE-HE,Town,yes,,,,,,,"XYZ, Altes Feld"
            2,DE-0002,closed,Grass Strip,50,8,,EU,DE,DE-HE,Village,yes,,,,,,,"Wiese"
            4,DE-0004,closed,Farm Strip,50,8,,EU,DE,DE-HE,Village,no,,,,,,,"QQW, QQW"
            3,EDXX,small_airport,New Field,50,8,,EU,DE,DE-HE,Town,no,EDXX,XYZ,,,,,

            """)
        #expect(rows.map(\.id) == [3])
        #expect(rows.first?.iata == "XYZ")
    }
}
