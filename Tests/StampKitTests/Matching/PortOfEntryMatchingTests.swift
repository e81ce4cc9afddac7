import Foundation
import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitMatching

/// Land and sea stamps name their crossing, often after no town: through the fixture gazetteer,
/// built with the repository's `ports-of-entry.txt`, the crossing places the stamp.
@Suite struct PortOfEntryMatchingTests {
    func propose(_ lines: [String]) throws -> StampProposal {
        let gazetteer = try FixtureGazetteer.open()
        return try StampMatcher(directory: gazetteer, lexicon: Lexicon(files: gazetteer.lexiconFiles()), today: TestLexicon.today)
            .propose(from: reading(lines, confidence: 90))
    }

    /// Argentina's post at the Cristo Redentor pass prints its name and Spanish words only:
    /// without the port, ENTRADA and MIGRACIONES pointed at Spain.
    @Test func aPassNamedAfterNoTownPlacesTheStamp() throws {
        let top = try #require(try propose(["MIGRACIONES", "PASO CRISTO REDENTOR", "ENTRADA", "16 OCT 2006"]).candidates.first)
        #expect(top.country.code == "AR", "\(top.country.code)")
        #expect(top.evidence.contains { $0.text.contains("CRISTO REDENTOR") })
    }

    /// A crossing's name read with a letter worn (KAPIXULE) is still the crossing.
    @Test func aWornCrossingNameIsStillTheCrossing() throws {
        let top = try #require(try propose(["KAPIXULE", "GİRİŞ", "21.03.11"]).candidates.first)
        #expect(top.country.code == "TR" && top.city?.name == "Edirne", "\(top.country.code) \(top.city?.name ?? "-")")
    }

    /// A crossing's name of two words read right (PEACE ARCH) is one clue: its words run
    /// together (PEACEARCH, a space off the name) are not guessed back into it as a second.
    @Test func aNameOfTwoWordsReadRightCountsOnce() throws {
        let top = try #require(try propose(["PEACE ARCH", "12 JUL 2019"]).candidates.first)
        #expect(top.country.code == "CA" && top.city?.name == "Surrey", "\(top.country.code) \(top.city?.name ?? "-")")
        #expect(top.evidence.filter { $0.kind == .cityName }.count == 1, "\(top.evidence.map(\.detail))")
        #expect(!top.evidence.contains { $0.detail.hasPrefix("read as") })
    }
}
