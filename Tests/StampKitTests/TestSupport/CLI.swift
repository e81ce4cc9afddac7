import Foundation
import Testing
import StampKitSupport

/// Runs the built `stampkit` binary as a person would and checks what they see: results on
/// stdout, exactly one line on stderr for a bad input, and the exit code of its class.
struct CLI {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// The executable SwiftPM built next to the test bundle.
    static let binary: URL = {
        var dir = Bundle.module.bundleURL.deletingLastPathComponent()
        for _ in 0..<3 where !FileManager.default.fileExists(atPath: dir.appendingPathComponent("stampkit").path) {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("stampkit")
    }()

    static func run(_ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment.removeValue(forKey: "STAMPKIT_GAZETTEER")
        for (k, v) in extra { environment[k] = v }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a chatty child cannot block on a full pipe.
        let outData = out.fileHandleForReading.readAll()
        let errData = err.fileHandleForReading.readAll()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
