import Testing
@testable import StampKitEvidence

/// The byte search the airport-word scan uses in place of Foundation's string search.
@Suite struct ByteSearchTests {
    func offset(_ needle: String, _ haystack: String) -> Int? {
        ClueExtractor.firstOffset(of: Array(needle.utf8), in: Array(haystack.utf8))
    }

    @Test func findsTheFirstWholeMatch() {
        #expect(offset("flugvol", "keflavikurflugvollur") == 10)
        #expect(offset("aa", "baaa") == 1)
        #expect(offset("aab", "aaab") == 1)  // a false start is not the match
        #expect(offset("keflavik", "keflavik") == 0)
        #expect(offset("", "abc") == 0)
    }

    @Test func findsNothingWhereItIsNot() {
        #expect(offset("flugvol", "flugvo") == nil)
        #expect(offset("vollurx", "keflavikurflugvollur") == nil)
        #expect(offset("a", "") == nil)
    }

    @Test func multiByteLettersMatchOnlyWhole() {
        #expect(offset("机场", "北京首都国际机场") == 18)  // six three-byte characters before
        #expect(offset("ö", "flugvollur") == nil)
    }
}
