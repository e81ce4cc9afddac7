import Foundation
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitOCR
@testable import StampKitSQLite

/// A gazetteer built ONCE per test run from the committed excerpt in
/// `Fixtures/gazetteer-sources` with the real importer, for every suite that needs places.
/// Open your own `Gazetteer` per test with `FixtureGazetteer.open()` (it is not Sendable).
enum FixtureGazetteer {
    /// The committed source excerpt (layout of `scripts/fetch-sources.sh`).
    static var sourcesURL: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
            .appendingPathComponent("gazetteer-sources", isDirectory: true)
    }

    /// The repository's `Lexicons/` directory, which may be empty or absent.
    static var lexiconsURL: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Gazetteer
            .deletingLastPathComponent()  // StampKitTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // repository root
            .appendingPathComponent("Lexicons", isDirectory: true)
    }

    /// Low enough to keep every place in the excerpt (the excerpt already chose them: cities
    /// ≥ 100,000 plus named small ones such as Roissy-en-France and Egilsstaðir).
    static let minimumCityPopulation = 1000

    /// One fixed file per checkout, rebuilt (atomically replaced) by every test run, so runs
    /// do not pile up copies in the temp directory and two checkouts never share one.
    static var outputURL: URL {
        var hasher = SHA256()
        hasher.update(Array(#filePath.utf8))
        let checkout = String(hasher.finalizeHex().prefix(16))
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("stampkit-fixture-gazetteer-\(checkout)", isDirectory: true)
            .appendingPathComponent("gazetteer.sqlite")
    }

    private static let built: Result<GazetteerBuildReport, any Error> = Result {
        try Gazetteer.build(
            sources: sourcesURL, lexicons: lexiconsURL,
            output: outputURL,
            minimumCityPopulation: minimumCityPopulation)
    }

    /// The built gazetteer file; throws the build's error if the fixture could not be built.
    static var shared: URL {
        get throws { URL(fileURLWithPath: try built.get().output) }
    }

    /// What the shared build reported (counts, content hash).
    static var report: GazetteerBuildReport {
        get throws { try built.get() }
    }

    /// A fresh read-only connection to the shared gazetteer.
    static func open() throws -> Gazetteer {
        try Gazetteer(path: shared)
    }
}
