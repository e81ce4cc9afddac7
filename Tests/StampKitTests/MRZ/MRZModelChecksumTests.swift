import Foundation
import Testing
import StampKitSupport

@testable import StampKitMRZ

/// The committed zone model carries its SHA-256 (`scripts/mrz/mrz.traineddata.sha256`) and the
/// build (`make model-check`, a prerequisite of release, run, install and test) refuses a model
/// that does not match it.
@Suite struct MRZModelChecksumTests {
    /// Runs `make -s model-check` in the checkout for the model at `model`.
    static func check(_ model: URL?) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["make", "-s", "-C", MRZModel.checkoutRoot.path, "model-check"]
            + (model.map { ["MRZ_MODEL=\($0.path)"] } ?? [])
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let data = err.fileHandleForReading.readAll()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theCommittedModelMatchesItsChecksum() throws {
        let sums = try String(contentsOf: URL(fileURLWithPath: MRZModel.checkoutModel.path + ".sha256"), encoding: .utf8)
        #expect(sums.hasSuffix("  mrz.traineddata\n"))
        #expect(sums.prefix(64).allSatisfy { $0.isHexDigit })
        #expect(try Self.check(nil).status == 0)
    }

    @Test func aChangedModelStopsTheBuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mrz-sum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("mrz.traineddata")
        try FileManager.default.copyItem(at: MRZModel.checkoutModel, to: model)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: MRZModel.checkoutModel.path + ".sha256"),
            to: URL(fileURLWithPath: model.path + ".sha256"))
        #expect(try Self.check(model).status == 0)

        var bytes = try Data(contentsOf: model)
        bytes[bytes.count / 2] ^= 0x01  // one bit
        try bytes.write(to: model)
        let outcome = try Self.check(model)
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains("does not match its checksum"))
        #expect(outcome.stderr.contains("git checkout -- \(model.path)"))

        try bytes.prefix(1000).write(to: model)  // truncated, as by an interrupted copy
        #expect(try Self.check(model).status != 0)
    }
}
