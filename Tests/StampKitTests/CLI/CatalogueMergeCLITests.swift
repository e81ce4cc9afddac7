import Foundation
import Testing
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport

/// `stampkit catalogue merge` as a script runs it after a sharded batch: the built binary on
/// real catalogue files.
@Suite struct CatalogueMergeCLITests {
    @Test func mergesIntoANewPrivateFileAndPrintsTheSummary() throws {
        let a = try CatalogueMergeTests.catalogue("a", [(CatalogueFixtures.record(1), 1), (CatalogueFixtures.record(2), 1)])
        let b = try CatalogueMergeTests.catalogue("b", [(CatalogueFixtures.record(2), 1), (CatalogueFixtures.record(3), 1)])
        let into = CatalogueFixtures.newCatalogueURL("into")
        defer { [a, b, into].forEach(CatalogueFixtures.remove) }
        let outcome = try CLI.run(["catalogue", "merge", a.path, b.path, "--into", into.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "merged 2 catalogues into \(into.path): 3 added, 1 already there, 0 updated, 0 conflicts; 1 book added\n")
        #expect(CatalogueFixtures.mode(into.path) == 0o600)
        #expect(CatalogueFixtures.mode(into.deletingLastPathComponent().path) == 0o700)
        let again = try CLI.run(["catalogue", "merge", a.path, b.path, "--into", into.path])
        #expect(again.stdout.contains(": 0 added, 4 already there, 0 updated, 0 conflicts"))
        var all = RecordFilter()
        all.statuses = [.pending, .confirmed]
        #expect(try CatalogueStore(url: into).records(matching: all).count == 3)
    }

    @Test func withoutIntoMergesIntoTheUsualCatalogueAndReportsConflicts() throws {
        let here = try CatalogueMergeTests.catalogue("here", [(CatalogueFixtures.record(1, country: "IS"), 100)])
        let there = try CatalogueMergeTests.catalogue("there", [(CatalogueFixtures.record(1, country: "NO"), 200)])
        defer { [here, there].forEach(CatalogueFixtures.remove) }
        let outcome = try CLI.run(["catalogue", "merge", there.path], environment: ["STAMPKIT_CATALOGUE": here.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("into \(here.path): 0 added, 0 already there, 1 updated, 1 conflict\n"))
        #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains("#1"))
        #expect(try CatalogueStore(url: here).record(id: 1)?.country?.id == "NO")
    }

    @Test func badSourcesAreOneLineWithTheirClassesExitCode() throws {
        let good = try CatalogueMergeTests.catalogue("good", [(CatalogueFixtures.record(1), 1)])
        let into = CatalogueFixtures.newCatalogueURL("into")
        let folder = try makeTemporaryDirectory("merge-cli")
        defer {
            [good, into].forEach(CatalogueFixtures.remove)
            try? FileManager.default.removeItem(at: folder)
        }
        let foreign = folder.appendingPathComponent("gazetteer.sqlite")
        try Database(path: foreign.path, mode: .readWriteCreate).execute("CREATE TABLE places (id INTEGER)")
        let cases: [([String], Int32, String)] = [
            (["catalogue", "merge", good.path, foreign.path, "--into", into.path], 74, "not a StampKit catalogue"),
            (["catalogue", "merge", folder.appendingPathComponent("nope.sqlite").path, "--into", into.path], 65, "no catalogue at"),
            (["catalogue", "merge", good.path, "--into", good.path], 64, "being merged into"),
            (["catalogue", "merge", good.path, "--into", into.path, "--catalogue", into.path], 64, "give one"),
            (["catalogue", "merge", "--into", into.path], 64, "missing catalogue"),
        ]
        for (arguments, status, words) in cases {
            let outcome = try CLI.run(arguments)
            #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderrLines.count == 1 && outcome.stderr.hasPrefix("stampkit: error: "), "\(arguments)")
            #expect(outcome.stderr.contains(words), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
        // The first case read the good source before the foreign one was refused: not even the
        // new catalogue was made.
        #expect(!FileManager.default.fileExists(atPath: into.path))
    }
}
