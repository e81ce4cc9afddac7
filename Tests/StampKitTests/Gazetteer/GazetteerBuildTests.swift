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
@testable import StampKitScan
@testable import StampKitSupport

@Suite struct GazetteerBuildTests {
    @Test func sameInputsGiveTheSameContentAndSmallCitiesSurviveOnlyWhenServed() throws {
        let dir = try makeTemporaryDirectory("gazetteer-build")
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("no-lexicons")
        func build(_ name: String, _ minimum: Int) throws -> GazetteerBuildReport {
            try Gazetteer.build(
                sources: FixtureGazetteer.sourcesURL, lexicons: empty,
                output: dir.appendingPathComponent(name), minimumCityPopulation: minimum)
        }
        let first = try build("a.sqlite", 15000)
        let second = try build("b.sqlite", 15000)
        #expect(first.contentHash == second.contentHash)
        #expect(first.contentHash.count == 64)
        #expect(first.counts == second.counts)
        #expect(first.warnings.contains { $0.contains("no lexicon files") })
        // A different input (the population threshold) must change the fingerprint.
        #expect(first.contentHash != (try FixtureGazetteer.report.contentHash))

        let gazetteer = try Gazetteer(path: dir.appendingPathComponent("a.sqlite"))
        // Egilsstaðir (≈2,600 people) stays because EGS serves it; Roissy-en-France
        // (≈2,700) goes: CDG serves Paris, which its municipality names first.
        #expect(try gazetteer.cities(named: "egilsstadir", countryCode: "IS", limit: 1).count == 1)
        #expect(try gazetteer.cities(named: "roissy en france", countryCode: nil, limit: 1).isEmpty)
        let shared = try FixtureGazetteer.open()
        #expect(try shared.cities(named: "roissy en france", countryCode: nil, limit: 1).count == 1)
    }

    @Test func lexiconsAreCarriedVerbatim() throws {
        let dir = try makeTemporaryDirectory("gazetteer-lexicon")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lexicons = dir.appendingPathComponent("Lexicons")
        try FileManager.default.createDirectory(at: lexicons, withIntermediateDirectories: true)
        let airportWords = "# airport words\nis\tflugvöll\nde\tflughafen\n日本語\t空港\n"
        try airportWords.write(
            to: lexicons.appendingPathComponent("airport-words.txt"), atomically: true,
            encoding: .utf8)
        try "".write(
            to: lexicons.appendingPathComponent("empty.txt"), atomically: true, encoding: .utf8)
        try "ignored".write(
            to: lexicons.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("g.sqlite")
        let report = try Gazetteer.build(
            sources: FixtureGazetteer.sourcesURL, lexicons: lexicons, output: output)
        #expect(report.counts.lexiconFiles == 2)
        #expect(report.warnings.isEmpty)
        let files = try Gazetteer(path: output).lexiconFiles()
        #expect(files == ["airport-words.txt": airportWords, "empty.txt": ""])
    }

    @Test func theSharedFixtureCarriesTheRepositoryLexicons() throws {
        let onDisk =
            ((try? FileManager.default.contentsOfDirectory(
                atPath: FixtureGazetteer.lexiconsURL.path)) ?? [])
            .filter { $0.hasSuffix(".txt") }
        #expect(Set(try FixtureGazetteer.open().lexiconFiles().keys) == Set(onDisk))
    }

    /// An airport renamed since the airport source was written (Malé's, now Velana) is found
    /// by the name its stamps print, from the lexicon's list of such names.
    @Test func anAirportIsFoundByANameTheLexiconAdds() throws {
        let gazetteer = try FixtureGazetteer.open()
        #expect(try gazetteer.airports(nameWord: "velana", limit: 5).map(\.iata) == ["MLE"])
        // The name goes on the airport with that code only, beside its own.
        var airports = [
            GazetteerSources.AirportRow(
                id: 1, ident: "MLE", iata: "MLE", icao: "VRMM", name: "Malé International Airport", municipality: "Malé",
                country: "MV", isoRegion: "MV-MLE", type: "large_airport", scheduled: true, latitude: 4.19, longitude: 73.53),
            GazetteerSources.AirportRow(
                id: 2, ident: "GAN", iata: "GAN", icao: "VRMG", name: "Gan International Airport", municipality: "Gan",
                country: "MV", isoRegion: "MV-01", type: "medium_airport", scheduled: true, latitude: -0.69, longitude: 73.16),
        ]
        let warnings = try GazetteerBuilder.addAirportNames(
            "# renamed\n*\tMLE\tVelana International Airport\n\n*\tXXQ\tNowhere Airport\n", to: &airports)
        #expect(airports[0].otherNames == ["Velana International Airport"])
        #expect(airports[1].otherNames.isEmpty)
        // A code no airport has is said, with its line; the rest is still built.
        #expect(warnings == ["airport-names.txt:4: no airport XXQ in the airport source; its name Nowhere Airport is not added"])
    }

    /// A malformed line of the airport names stops the build, naming the file and line.
    @Test func aMalformedAirportNameLineIsNamed() throws {
        var airports: [GazetteerSources.AirportRow] = []
        for bad in ["*\tmle\tVelana International Airport", "*\tMLE", "*\tMLEX\tVelana"] {
            do {
                _ = try GazetteerBuilder.addAirportNames("# names\n" + bad + "\n", to: &airports)
                Issue.record("accepted \(bad)")
            } catch let error as GazetteerError {
                #expect(error.code == "gazetteer-lexicon-invalid")
                #expect(error.message.contains("airport-names.txt:2"))
                #expect(!error.message.contains("\n"))
            }
        }
    }

    /// A border crossing named after no town (Kapıkule, on the Turkish side of the Bulgarian
    /// border) is found by its name as the town of its country that serves it: Edirne, 17 km
    /// from the post. Within 25 km the biggest town serves a port, not the nearest; a port far
    /// from every town of its country is a warning, not a wrong town.
    @Test func aPortOfEntryNamesTheTownThatServesIt() throws {
        let dir = try makeTemporaryDirectory("gazetteer-ports")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lexicons = dir.appendingPathComponent("Lexicons")
        try FileManager.default.createDirectory(at: lexicons, withIntermediateDirectories: true)
        try """
            # ports
            *\tKapıkule\tTR\t41.716\t26.357
            *\tOtay Mesa\tUS\t32.553\t-116.938
            *\tBorder Field\tUS\t32.540\t-117.120
            *\tNowhere Pass\tTR\t10.0\t10.0
            """.write(to: lexicons.appendingPathComponent(PortOfEntry.file), atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("g.sqlite")
        let report = try Gazetteer.build(sources: FixtureGazetteer.sourcesURL, lexicons: lexicons, output: output)
        #expect(report.warnings.filter { $0.contains(PortOfEntry.file) }
            == ["ports-of-entry.txt: no town of TR within 200 km of Nowhere Pass; it is not added"])
        let gazetteer = try Gazetteer(path: output)
        #expect(try gazetteer.cities(named: "kapikule", countryCode: nil, limit: 5).map(\.name) == ["Edirne"])
        // San Diego lies past 25 km of Otay Mesa's post, but within 25 km of Border Field's,
        // where it outweighs Chula Vista, nearer.
        #expect(try gazetteer.cities(named: "otay mesa", countryCode: nil, limit: 5).map(\.name) == ["Chula Vista"])
        #expect(try gazetteer.cities(named: "border field", countryCode: nil, limit: 5).map(\.name) == ["San Diego"])
        #expect(try gazetteer.cities(named: "nowhere pass", countryCode: nil, limit: 5).isEmpty)
        // A worn reading of the port's name reaches it too: ports are what land stamps print.
        #expect(try gazetteer.nearNames("kapixule").map(\.form) == ["kapikule"])
    }

    /// A border post's town is guessed at from a worn reading whatever its size, as a port of
    /// entry is: a land stamp prints the post's name (POIPET, a town of 99 000 under the bar
    /// for cities). Selfoss, a town of 9 000, stands in for one here.
    @Test func aWornBorderPostIsGuessedAt() throws {
        let dir = try makeTemporaryDirectory("gazetteer-posts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let lexicons = dir.appendingPathComponent("Lexicons")
        try FileManager.default.createDirectory(at: lexicons, withIntermediateDirectories: true)
        func gazetteer(_ name: String) throws -> Gazetteer {
            let output = dir.appendingPathComponent(name)
            _ = try Gazetteer.build(sources: FixtureGazetteer.sourcesURL, lexicons: lexicons, output: output)
            return try Gazetteer(path: output)
        }
        #expect(try gazetteer("without.sqlite").nearNames("selfods").isEmpty)
        try "# posts\n*\tSELFOSS\tland\n".write(to: lexicons.appendingPathComponent(GazetteerBuilder.borderPostsFile),
                                                   atomically: true, encoding: .utf8)
        #expect(try gazetteer("with.sqlite").nearNames("selfods").map(\.form) == ["selfoss"])
    }

    /// A malformed port of entry stops the build, naming the file and line.
    @Test func aMalformedPortOfEntryIsNamed() throws {
        for bad in ["*\tKapıkule\ttr\t41.7\t26.3", "*\tKapıkule\tTR\t41.7", "*\tKapıkule\tTR\t141.7\t26.3",
                    "tr\tKapıkule\tTR\t41.7\t26.3", "*\t\tTR\t41.7\t26.3"] {
            do {
                _ = try PortOfEntry.parse("# ports\n" + bad + "\n")
                Issue.record("accepted \(bad)")
            } catch let error as GazetteerError {
                #expect(error.code == "gazetteer-lexicon-invalid")
                #expect(error.message.contains("ports-of-entry.txt:2"))
                #expect(!error.message.contains("\n"))
            }
        }
        #expect(try PortOfEntry.parse("*\tLo Wu\tHK\t22.529\t114.113\n")
            == [PortOfEntry(name: "Lo Wu", country: "HK", latitude: 22.529, longitude: 114.113)])
    }

    /// Copies the fixture sources so a test can break one file.
    private func copyOfSources(in dir: URL) throws -> URL {
        let copy = dir.appendingPathComponent("sources")
        try FileManager.default.copyItem(at: FixtureGazetteer.sourcesURL, to: copy)
        return copy
    }

    @Test func aMissingSourceFileIsNamedAndTheGoodGazetteerStays() throws {
        let dir = try makeTemporaryDirectory("gazetteer-missing-source")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sources = try copyOfSources(in: dir)
        let output = dir.appendingPathComponent("out/gazetteer.sqlite")
        let good = try Gazetteer.build(
            sources: sources, lexicons: dir, output: output, minimumCityPopulation: 500_000)
        try FileManager.default.removeItem(at: sources.appendingPathComponent("airports/airports.csv"))
        do {
            _ = try Gazetteer.build(sources: sources, lexicons: dir, output: output)
            Issue.record("built without airports.csv")
        } catch let error as GazetteerError {
            #expect(error.code == "gazetteer-source-missing")
            #expect(error.message.contains("airports/airports.csv"))
            #expect(error.message.contains("make gazetteer"))
            #expect(error.failureClass == .database)
            #expect(!error.message.contains("\n"))
        }
        // The earlier gazetteer is untouched and no half-built file is left beside it.
        #expect(try Gazetteer(path: output).info().contentHash == good.contentHash)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: output.deletingLastPathComponent().path)
        #expect(leftovers == ["gazetteer.sqlite"])
    }

    @Test func tooFewCountriesIsGrossBreakage() throws {
        let dir = try makeTemporaryDirectory("gazetteer-few-countries")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sources = try copyOfSources(in: dir)
        let countries = sources.appendingPathComponent("geonames/countries.json")
        let all = try JSONSerialization.jsonObject(with: Data(contentsOf: countries)) as! [String: Any]
        let few = all.filter { ["IS", "DE", "FR"].contains($0.key) }
        try JSONSerialization.data(withJSONObject: few).write(to: countries)
        do {
            _ = try Gazetteer.build(
                sources: sources, lexicons: dir, output: dir.appendingPathComponent("g.sqlite"))
            Issue.record("built from three countries")
        } catch let error as GazetteerError {
            #expect(error.code == "gazetteer-source-invalid")
            #expect(error.message.contains("countries.json"))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("g.sqlite").path))
    }

    @Test func aTruncatedCatalogueIsRefusedWithItsPath() throws {
        let dir = try makeTemporaryDirectory("gazetteer-bad-mo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let sources = try copyOfSources(in: dir)
        let mo = sources.appendingPathComponent("iso-codes/locale/de/LC_MESSAGES/iso_3166-1.mo")
        try Data(try Data(contentsOf: mo).prefix(40)).write(to: mo)
        do {
            _ = try Gazetteer.build(
                sources: sources, lexicons: dir, output: dir.appendingPathComponent("g.sqlite"))
            Issue.record("built from a truncated catalogue")
        } catch let error as GazetteerError {
            #expect(error.message.contains("locale/de/LC_MESSAGES/iso_3166-1.mo"))
        }
    }
}

@Suite struct GazetteerOpenTests {
    @Test func aMissingFileSaysHowToRebuild() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("stampkit-no-such-\(UUID().uuidString).sqlite")
        do {
            _ = try Gazetteer(path: path)
            Issue.record("opened a missing gazetteer")
        } catch let error as GazetteerError {
            #expect(error.code == "gazetteer-missing")
            #expect(error.message.contains("make gazetteer"))
            #expect(error.message.contains("stampkit gazetteer build"))
            #expect(error.failureClass == .database)
        }
        #expect(!FileManager.default.fileExists(atPath: path.path))
    }

    @Test func randomBytesAreACorruptGazetteer() throws {
        let dir = try makeTemporaryDirectory("gazetteer-corrupt")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("g.sqlite")
        var generator = SystemRandomNumberGenerator()
        try Data((0..<65536).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: path)
        do {
            _ = try Gazetteer(path: path)
            Issue.record("random bytes opened as a gazetteer")
        } catch let error as GazetteerError {
            #expect(error.code == "gazetteer-corrupt")
            #expect(error.message.contains(GazetteerError.rebuildHint))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func aForeignDatabaseOrADirectoryIsNotAGazetteer() throws {
        let dir = try makeTemporaryDirectory("gazetteer-foreign")
        defer { try? FileManager.default.removeItem(at: dir) }
        let foreign = dir.appendingPathComponent("catalogue.sqlite")
        try Database(path: foreign.path, mode: .readWriteCreate).execute("CREATE TABLE stamps (x)")
        #expect { try Gazetteer(path: foreign) } throws: {
            ($0 as? GazetteerError)?.code == "gazetteer-corrupt"
        }
        #expect { try Gazetteer(path: dir) } throws: {
            ($0 as? GazetteerError)?.code == "gazetteer-missing"
        }
    }

    @Test func anotherSchemaVersionAsksForARebuild() throws {
        let dir = try makeTemporaryDirectory("gazetteer-schema")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("g.sqlite")
        try Database(path: path.path, mode: .readWriteCreate).execute(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES ('schema_version', '999')")
        do {
            _ = try Gazetteer(path: path)
            Issue.record("opened schema 999")
        } catch let error as GazetteerError {
            #expect(error.code == "gazetteer-schema")
            #expect(error.message.contains("999"))
            #expect(error.message.contains("make gazetteer"))
        }
    }
}

@Suite struct GazetteerLocationTests {
    @Test func explicitPathWinsThenEnvironmentThenXDGThenHome() {
        let env = [
            "STAMPKIT_GAZETTEER": "/env/g.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u",
        ]
        #expect(GazetteerLocation.resolve(explicit: "/cli/g.sqlite", environment: env).path == "/cli/g.sqlite")
        #expect(GazetteerLocation.resolve(explicit: nil, environment: env).path == "/env/g.sqlite")
        var noOverride = env
        noOverride["STAMPKIT_GAZETTEER"] = ""
        #expect(
            GazetteerLocation.resolve(explicit: nil, environment: noOverride).path
                == "/xdg/stampkit/gazetteer.sqlite")
        noOverride["XDG_DATA_HOME"] = nil
        #expect(
            GazetteerLocation.resolve(explicit: "", environment: noOverride).path
                == "/home/u/.local/share/stampkit/gazetteer.sqlite")
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        noOverride["XDG_DATA_HOME"] = "relative/dir"
        #expect(
            GazetteerLocation.resolve(explicit: nil, environment: noOverride).path
                == "/home/u/.local/share/stampkit/gazetteer.sqlite")
    }
}
