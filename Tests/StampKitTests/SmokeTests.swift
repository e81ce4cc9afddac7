import Testing
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitSQLite
@testable import StampKitSupport

@Suite struct FailureClassTests {
    @Test func exitCodesAreDistinctPerClass() {
        let classes: [FailureClass] = [.usage, .input, .languageData, .database, .noMRZ, .other]
        #expect(Set(classes.map(\.exitCode)).count == classes.count)
        #expect(FailureClass.usage.exitCode == 64)
    }
}

@Suite struct SearchFormTests {
    @Test(arguments: [
        ("Keflavíkurflugvöllur", "keflavikurflugvollur"),
        ("KEFLAVIKURFLUGVOLLUR", "keflavikurflugvollur"),
        ("Egilsstaðir", "egilsstadir"),
        ("Þingvellir", "thingvellir"),
        ("München", "munchen"),
        ("Straße", "strasse"),
        ("Łódź", "lodz"),
        ("  FRANKFURT/M.  ", "frankfurt m"),
        ("İstanbul", "istanbul"),
        ("日本", "日本"),
    ])
    func foldsToTheSearchForm(input: String, expected: String) {
        #expect(SearchForm.of(input) == expected)
    }
}
