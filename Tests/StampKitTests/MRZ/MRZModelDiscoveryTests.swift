import Foundation
import Testing

@testable import StampKitMRZ

/// Where `stampkit mrz` finds StampKit's own zone model, and that it says which model read a
/// zone. A binary copied out of the checkout (as to `~/.local/bin`) must find the model in the
/// data folder `make install` fills, and say so on stderr when it is not there instead of quietly
/// reading with a weaker stock model.
@Suite(.serialized) struct MRZModelDiscoveryTests {
    /// A scratch folder with `bin/stampkit` (a copy of the built binary) and an empty home.
    struct Installation {
        let root: URL
        var binary: URL { root.appendingPathComponent("bin/stampkit") }
        var home: URL { root.appendingPathComponent("home") }
        var dataHome: URL { root.appendingPathComponent("data") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-install-\(UUID().uuidString)")
            for folder in ["bin", "home", "data"] {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            try FileManager.default.copyItem(at: CLI.binary, to: binary)
        }

        /// Runs the copy with only this installation's home and data folder to look in.
        func run(_ arguments: [String], dataHome: URL? = nil) throws -> MRZProcess.Outcome {
            var environment = ["HOME": home.path]
            if let dataHome { environment["XDG_DATA_HOME"] = dataHome.path }
            return try MRZProcess.run(arguments, binary: binary, environment: environment,
                                      removing: ["XDG_DATA_HOME", "STAMPKIT_MRZ_MODEL"])
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let page = MRZImageTests.fixture("page-td3-upright.jpg").path

    @Test func aCopiedBinaryWithoutTheModelSaysSoOnce() throws {
        let installation = try Installation()
        defer { installation.remove() }
        let outcome = try installation.run(["mrz", Self.page, "--json"])
        let warnings = outcome.stderrLines.filter { $0.hasPrefix("stampkit: warning: ") }
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.contains("make install"))
        #expect(warning.contains(installation.home.appendingPathComponent(".local/share/stampkit/mrz.traineddata").path))
        #expect(!outcome.stderr.contains("ERIKSSON"))
        if outcome.status == 0 {  // a stock model may still read this clean page
            let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let model = try #require(object["model"] as? String)
            #expect(!model.contains(MRZModel.trainedName))
        }
    }

    @Test func aCopiedBinaryFindsTheModelInTheDataFolder() throws {
        let installation = try Installation()
        defer { installation.remove() }
        let folder = installation.dataHome.appendingPathComponent("stampkit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: MRZModel.checkoutModel, to: folder.appendingPathComponent("mrz.traineddata"))
        let outcome = try installation.run(["mrz", Self.page, "--json"], dataHome: installation.dataHome)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(object["model"] as? String == "mrz")
        #expect((object["lines"] as? [String]) == MRZImageTests.td3)
        let source = try #require(object["source"] as? [String: Any])
        #expect(source["model"] as? String == "mrz")
    }

    @Test func theBuiltBinaryNamesTheModelInBothOutputs() throws {
        let json = try MRZProcess.run(["mrz", Self.page, "--json"], removing: ["STAMPKIT_MRZ_MODEL"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let model = try #require(object["model"] as? String)
        #expect(model.hasPrefix(MRZModel.trainedName))
        let human = try MRZProcess.run(["mrz", Self.page], removing: ["STAMPKIT_MRZ_MODEL"])
        #expect(human.stdout.split(separator: "\n").contains { $0.hasPrefix("Model") && $0.hasSuffix(" \(model)") })
        // A model chosen by name is the one named.
        let latin = try MRZProcess.run(["mrz", Self.page, "--json", "--model", "Latin"])
        if latin.status == 0 {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(latin.stdout.utf8)) as? [String: Any])
            #expect(object["model"] as? String == "Latin")
            #expect(latin.stderr.isEmpty)  // chosen, so no warning
        }
    }

    @Test func theCheckoutModelIsOnlyForProgramsInTheCheckout() throws {
        let nowhere = ["HOME": "/nonexistent"]
        let inside = MRZModel.checkoutRoot.appendingPathComponent(".build/debug/stampkit")
        #expect(MRZModel.candidates(environment: nowhere, executable: inside).first?.name == MRZModel.trainedName)
        let copied = URL(fileURLWithPath: "/home/someone/.local/bin/stampkit")
        #expect(MRZModel.candidates(environment: nowhere, executable: copied).first?.name != MRZModel.trainedName)
        #expect(MRZModel.candidates(environment: nowhere, executable: nil).first?.name != MRZModel.trainedName)
        // A folder whose name merely starts like the checkout's is not inside it.
        let sibling = URL(fileURLWithPath: MRZModel.checkoutRoot.resolvingSymlinksInPath().path + "-old/stampkit")
        #expect(!MRZModel.runsFromCheckout(sibling))
        // The test runner itself runs from the checkout.
        #expect(MRZModel.runsFromCheckout(MRZModel.runningExecutable))
    }

    @Test func theDataFolderFollowsXDG() {
        #expect(MRZModel.installedModel(environment: ["XDG_DATA_HOME": "/srv/data", "HOME": "/home/a"]).path
            == "/srv/data/stampkit/mrz.traineddata")
        #expect(MRZModel.installedModel(environment: ["HOME": "/home/a"]).path == "/home/a/.local/share/stampkit/mrz.traineddata")
        // A relative XDG_DATA_HOME is ignored, as the XDG rules say.
        #expect(MRZModel.installedModel(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/a"]).path
            == "/home/a/.local/share/stampkit/mrz.traineddata")
    }
}
