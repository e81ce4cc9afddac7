import Testing
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitSupport

/// The matcher's shortcuts for plain text give what the general code gives, and step aside
/// for anything else.
@Suite struct FastPathTests {
    /// Readings as stamps give them: names, debris, dates, punctuation runs, other scripts.
    static let readings = [
        "KEFLAVIK AIRPORT", "  SAN  YSIDRO--", "aae ae a ee", "*IS*", "U.S.A.", "12.07.19", "~2023 -06- 06\"",
        "IOI", "I2O", "l2 JUL 2O19", "0CT", "KØBENHAVN", "Düsseldorf", "ÇIKIŞ", "北京首都", "X`Y^Z", "", " ",
        "ĐÀ NẴNG", "LETIŠTĚ", "23 JUN 202i", "M'GRÉ", "KANSA;", "aBc123_-x",
    ]

    @Test func asciiSearchFormsAreTheGeneralOnes() {
        for text in Self.readings {
            if let fast = SearchForm.ofASCII(text) {
                #expect(fast == SearchForm.ofAny(text), "\(text)")
            } else {
                #expect(text.unicodeScalars.contains { !$0.isASCII }, "\(text)")
            }
            #expect(SearchForm.of(text) == SearchForm.ofAny(text), "\(text)")
        }
        #expect(SearchForm.ofASCII("KØBENHAVN") == nil)
        #expect(SearchForm.of("  SAN  YSIDRO--") == "san ysidro")
    }

    @Test func dateLinesAreCleanedAsBefore() {
        for text in Self.readings {
            #expect(DateReader.cleaned(text) == DateReader.undoLetterConfusion(DateReader.blankDebris(text)), "\(text)")
        }
        #expect(DateReader.cleaned("X`Y^Z") == "X Y Z")
        #expect(DateReader.cleaned("l2 JUL 2O19") == "12 JUL 2019")
    }

    @Test func tokenCaseIsTheCharactersCase() {
        for text in Self.readings + ["ABC", "Abc", "abc", "A1", "1", "ÅLAND", "Åland"] {
            let token = StampToken(text: text, form: SearchForm.of(text), confidence: 90, line: 0, index: 0,
                                   isIsolated: false, isCorrected: false, isJoined: false)
            #expect(token.isUppercase == (text.contains(where: \.isLetter) && !text.contains(where: \.isLowercase)), "\(text)")
            #expect(token.isLettersOnly == (!text.isEmpty && text.allSatisfy(\.isLetter)), "\(text)")
        }
    }

    @Test func wordCharactersAreLettersAndNumbers() {
        for text in Self.readings {
            for c in text {
                #expect(c.isLetterOrDigit == (c.isLetter || c.isNumber), "\(c)")
                #expect(!c.isASCII || !c.isCombiningMark, "\(c)")
            }
            #expect(Tokenizer.undoDigitConfusion(text) == nil || text.contains(where: \.isNumber), "\(text)")
        }
        #expect(Character("\u{301}").isCombiningMark)
        #expect(Tokenizer.undoDigitConfusion("5CHIPH0L") == "SCHIPHOL")
    }

    /// The bound never hides a cost within the limit.
    @Test func aCostIsSkippedOnlyWhenItExceedsTheLimit() {
        let words = ["beijing", "beliing", "berling", "hamburg", "hambyrg", "vancouver", "camcouyer", "phuket", "fhuxet",
                     "la linea", "lalinea", "toulouse", "toulosue", "arrival", "arrivel", "departure", "defartune", "ab", "x"]
        var skipped = 0
        for a in words {
            for b in words {
                let x = Array(a.utf8), y = Array(b.utf8)
                let exact = NearNameIndex.cost(x, y)
                let bound = NearNameIndex.ShapeCounts(x).bound(to: NearNameIndex.ShapeCounts(y))
                for limit in [0.5, 1, 1.5, 2, 3] where bound > limit {
                    #expect(exact > limit, "\(a) \(b) \(limit)")
                    skipped += 1
                }
            }
        }
        // The bound does skip: most pairs of unlike words are far apart in their letters alone.
        #expect(skipped > 500)
    }
}
