import Foundation
import Testing
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitSupport

@Suite struct LexiconTests {
    static func files(replacing name: String, with text: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for n in Lexicon.fileNames {
            files[n] = try String(contentsOf: TestLexicon.directory.appendingPathComponent(n), encoding: .utf8)
        }
        files[name] = text
        return files
    }

    @Test func entryOnlyCountriesAreOptionalAndChecked() throws {
        #expect(try Lexicon(directory: TestLexicon.directory).entryOnlyCountries["GB"] != nil)
        let without = try Lexicon(files: try Self.files(replacing: "months.txt", with: "en\tJUL\t7\n"))
        #expect(without.entryOnlyCountries.isEmpty)
        var files = try Self.files(replacing: "months.txt", with: "en\tJUL\t7\n")
        files[Lexicon.entryOnlyFile] = "*\tGB\tno exit control\n*\tGBR\tnot alpha-2\n"
        #expect {
            try Lexicon(files: files)
        } throws: { error in
            (error as? LexiconFailure)?.message.hasPrefix("entry-only.txt:2:") == true
        }
    }

    @Test func airportOpeningsAreOptionalAndChecked() throws {
        let project = try Lexicon(directory: TestLexicon.directory)
        #expect(project.airportOpenings["SAI"] == AirportOpening(opened: "2023-10-16", replaced: ["REP"]))
        #expect(project.airportOpenings["NLU"]?.replaced == [])
        var files = try Self.files(replacing: "months.txt", with: "en\tJUL\t7\n")
        #expect(try Lexicon(files: files).airportOpenings.isEmpty)
        for (bad, complaint) in [
            ("*\tSAI\t16.10.2023\tREP\n", "is not a day"), ("*\tSAI\t2023-13-16\tREP\n", "is not a day"),
            ("*\tsai\t2023-10-16\n", "IATA"), ("*\tSAI\t2023-10-16\tREP SIEM\n", "IATA"),
        ] {
            files[Lexicon.airportOpeningsFile] = "# a comment\n" + bad
            #expect {
                try Lexicon(files: files)
            } throws: { error in
                let message = (error as? LexiconFailure)?.message ?? ""
                return message.hasPrefix("airport-openings.txt:2:") && message.contains(complaint)
            }
        }
    }

    @Test func borderPostsAreOptionalAndChecked() throws {
        let project = try Lexicon(directory: TestLexicon.directory)
        #expect(project.borderPosts["san ysidro"] == .land)
        #expect(project.borderPosts["peiraias"] == .sea)
        // Names, not stamp words: a post is no entry-method word the clues would take off its name.
        #expect(project.entryMethods["san ysidro"] == nil)
        var files = try Self.files(replacing: "months.txt", with: "en\tJUL\t7\n")
        #expect(try Lexicon(files: files).borderPosts.isEmpty)
        files[Lexicon.borderPostsFile] = "*\tNARVA\tland\n*\tNARVA\tsea\n"
        #expect {
            try Lexicon(files: files)
        } throws: { error in
            (error as? LexiconFailure)?.message.hasPrefix("border-posts.txt:2:") == true
        }
        files[Lexicon.borderPostsFile] = "*\tNARVA\tby foot\n"
        #expect(throws: LexiconFailure.self) { try Lexicon(files: files) }
    }

    @Test func projectLexiconsLoadFromTheDirectory() throws {
        let lexicon = try Lexicon(directory: TestLexicon.directory)
        #expect(lexicon.airportWords.count >= 30)
        #expect(lexicon.months["jul"] == 7)
        #expect(lexicon.months["aout"] == 8)
        #expect(lexicon.months["juil"] == 7)
        #expect(lexicon.directions["giris"] == .arrival)
        #expect(lexicon.directions["cikis"] == .departure)
        #expect(lexicon.directions["nhap canh"] == .arrival)
        #expect(lexicon.directions["入国"] == .arrival)
        #expect(lexicon.distinguishingSigns["fin"] == "FI")
        #expect(lexicon.distinguishingSigns["d"] == "DE")
        #expect(lexicon.countryAliases["department of homeland security"]?.countryCode == "US")
        #expect(lexicon.countryAliases["department of homeland security"]?.isAuthority == true)
        #expect(lexicon.countryAliases["u s a"]?.countryCode == "US")
        #expect(lexicon.entryMethods["bahnhof"] == .rail)
        #expect(lexicon.stopwords["is"] != nil)
        #expect(lexicon.stopwords["and"] != nil)
    }

    @Test func airportWordsAreInSearchFormWithFullWords() {
        let lexicon = TestLexicon.shared
        let icelandic = lexicon.airportWords.first { $0.form == "flugvol" }
        #expect(icelandic?.fullForm == "flugvollur")
        #expect(lexicon.airportWords.contains { $0.form == "havaliman" })
        // Longest first, so the most specific prefix is tried first.
        let lengths = lexicon.airportWords.map(\.form.count)
        #expect(lengths == lengths.sorted(by: >))
    }

    @Test func filesFromTheGazetteerParseLikeTheDirectory() throws {
        let files = try Self.files(replacing: "stopwords.txt", with: "en\tTHE\tarticle\n")
        let lexicon = try Lexicon(files: files)
        #expect(lexicon.stopwords == ["the": "article"])
        #expect(lexicon.months == TestLexicon.shared.months)
    }

    @Test func aBadLineNamesFileAndLine() throws {
        let files = try Self.files(replacing: "months.txt", with: "# months\nen\tJAN\t1\nen\tFEB\t13\n")
        #expect {
            try Lexicon(files: files)
        } throws: { error in
            let e = error as? LexiconFailure
            return e?.code == "lexicon-bad-line" && e?.message.hasPrefix("months.txt:3:") == true
        }
    }

    @Test(arguments: [
        "JAN\t1\n",  // no language tag
        "english\tJAN\t1\n",  // not a tag
        "en JAN 1\n",  // spaces, not TABs
        "en\tJAN\n",  // missing column
        "en\tJAN\t1\textra\n",  // extra column
    ])
    func malformedLinesAreRefused(line: String) throws {
        let files = try Self.files(replacing: "months.txt", with: line)
        #expect(throws: LexiconFailure.self) { try Lexicon(files: files) }
    }

    @Test func aSecondMeaningForTheSameWordIsRefused() throws {
        let files = try Self.files(replacing: "directions.txt", with: "en\tEXIT\tdeparture\nxx\tEXIT\tarrival\n")
        #expect {
            try Lexicon(files: files)
        } throws: { error in
            (error as? LexiconFailure)?.message.contains("directions.txt:2:") == true
        }
        // The same meaning under another language is fine (MAI in fr and de).
        let same = try Self.files(replacing: "months.txt", with: "fr\tMAI\t5\nde\tMAI\t5\n")
        #expect(try Lexicon(files: same).months["mai"] == 5)
    }

    @Test func aMissingFileIsNamed() throws {
        var files = try Self.files(replacing: "months.txt", with: "")
        files["stopwords.txt"] = nil
        #expect {
            try Lexicon(files: files)
        } throws: { error in
            let e = error as? LexiconFailure
            return e?.code == "lexicon-missing-file" && e?.message.contains("stopwords.txt") == true
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-lexicons-\(UUID())")
        #expect(throws: LexiconFailure.self) { try Lexicon(directory: empty) }
    }

    @Test func countryAliasesMustUseAlpha2AndAKind() throws {
        let badCode = try Self.files(replacing: "country-aliases.txt", with: "en\tUSA\tUSA\tname\n")
        #expect(throws: LexiconFailure.self) { try Lexicon(files: badCode) }
        let badKind = try Self.files(replacing: "country-aliases.txt", with: "en\tUSA\tUS\tcountry\n")
        #expect(throws: LexiconFailure.self) { try Lexicon(files: badKind) }
    }
}
