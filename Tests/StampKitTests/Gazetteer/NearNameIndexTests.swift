import Foundation
import Testing
@testable import StampKitGazetteer

/// A name read with a letter wrong is found again: one edit, or two letters worn into their
/// like shapes, and a little more on a long name; never a short word, never a name read right.
@Suite struct NearNameIndexTests {
    let index = NearNameIndex(forms: ["beijing", "hamburg", "la linea", "athinai", "athina", "seydisfjordur", "paris", "toulouse",
                                      "dubrovnik", "phuket", "vancouver"])

    func near(_ form: String) -> [String] { index.neighbours(of: form).map(\.form) }

    @Test func oneEditOrTwoLikeShapesAway() {
        #expect(index.neighbours(of: "beliing").map(\.form) == ["beijing"])  // L→I, I→J: like shapes
        #expect(index.neighbours(of: "beliing").first?.cost == 1)
        #expect(index.neighbours(of: "hambyrg").first?.cost == 0.5)  // Y for U
        #expect(near("lalinea") == ["la linea"])  // the space lost
        #expect(near("toulosue") == ["toulouse"])  // two letters swapped
        #expect(near("athinas") == ["athina", "athinai"])  // both one letter off
        #expect(near("seybisfigrbur") == ["seydisfjordur"])  // thirteen letters, four worn shapes
        #expect(near("dubkovnix") == ["dubrovnik"])  // R for K, and X for a K worn at its stem
        #expect(near("fhuxet") == ["phuket"])  // F for P: a bowl worn open
        #expect(index.neighbours(of: "fhuxet").first?.cost == 1)
    }

    /// A long word keeps its outline through more wear than a short one: nine letters may lie
    /// two edits off, seven not one and a half.
    @Test func aLongerWordMayBeWornFurther() {
        #expect(index.neighbours(of: "camcouyer").map(\.form) == ["vancouver"])  // C for V; M, Y worn
        #expect(index.neighbours(of: "camcouyer").first?.cost == 2)
        #expect(near("camqouyer") == [])  // Q for C worn too: 2½
        #expect(NearNameIndex.allowance(letters: 6) == 1)
        #expect(NearNameIndex.allowance(letters: 9) == 2)
        #expect(near("berling") == [])  // seven letters: 1½ is more than 1⅓
    }

    @Test func tooFarShortOrAlreadyRightGivesNothing() {
        #expect(near("berling") == [])  // R for I is not a like shape: two edits
        #expect(near("hamxyrg") == [])
        #expect(near("parix") == [])  // five letters: too short to guess at
        #expect(NearNameIndex(forms: ["paris"]).count == 0)
        #expect(near("beijing") == [])  // read right
        #expect(near("peking") == [])
        #expect(near("bei jing") == ["beijing"])  // a space read into a word
    }

    @Test func costsAreEditsWithLikeShapesAtHalf() {
        func cost(_ a: String, _ b: String) -> Double { NearNameIndex.cost(Array(a.utf8), Array(b.utf8)) }
        #expect(cost("beijing", "beijing") == 0)
        #expect(cost("beiqing", "beijing") == 1)
        #expect(cost("beljing", "beijing") == 0.5)
        #expect(cost("dubrovnix", "dubrovnik") == 0.5)
        #expect(cost("bejiing", "beijing") == 1)
        #expect(cost("eijing", "beijing") == 1)
        #expect(NearNameIndex.oneEditApart(Array("abcdef".utf8), Array("abdcef".utf8)))
        #expect(!NearNameIndex.oneEditApart(Array("abcdef".utf8), Array("badcef".utf8)))
    }

    @Test func theGazetteerIndexesItsDistinctiveNames() throws {
        let gazetteer = try FixtureGazetteer.open()
        // Nearest first: other spellings of the same names lie farther.
        #expect(try gazetteer.nearNames("reykjavjk").first == NearName(form: "reykjavik", cost: 0.5))  // a city of 118,918
        #expect(try gazetteer.nearNames("hambyrg").first == NearName(form: "hamburg", cost: 0.5))
        #expect(try gazetteer.nearNames("icelamd").map(\.form) == ["iceland"])  // a country
        #expect(try gazetteer.nearNames("reykjavik") == [])
        #expect(try gazetteer.nearNames("internationak") == [])  // in hundreds of airports' names
    }

    @Test func countryNamesInMinorityLanguagesAreNotGuessedAt() {
        for (language, guessed) in [("", true), ("en", true), ("pt-BR", true), ("sr-Latn", true), ("agq", false), ("vai-Latn", false)] {
            #expect(Gazetteer.guessesAtCountryName(inLanguage: language) == guessed, "\(language)")
        }
    }
}
