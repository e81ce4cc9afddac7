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
}
