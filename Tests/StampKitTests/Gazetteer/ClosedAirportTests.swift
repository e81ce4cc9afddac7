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
