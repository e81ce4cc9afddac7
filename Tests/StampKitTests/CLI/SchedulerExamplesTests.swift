import Foundation
import Testing
import StampKitSupport

/// The README's "Cataloguing an archive across machines": its shell is valid, its shard script
/// runs every book with the right arguments and stops only when the catalogue itself fails, and
/// every scheduler ends in the merge.
@Suite struct SchedulerExamplesTests {
    /// The section's code blocks (indented four spaces), in order.
    static func blocks() throws -> [String] {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "## Cataloguing an archive across machines"))
        let rest = readme[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        var blocks: [String] = [], current: [String] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("    ") || (line.isEmpty && !current.isEmpty) {
                current.append(String(line.dropFirst(min(4, line.count))))
            } else if !current.isEmpty {
                blocks.append(current.joined(separator: "\n").trimmingCharacters(in: .newlines))
                current = []
            }
        }
        if !current.isEmpty { blocks.append(current.joined(separator: "\n").trimmingCharacters(in: .newlines)) }
        return blocks
    }

    static func run(_ executable: String, _ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readAll(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func everyShellPartParsesAndEverySchedulerEndsInTheMerge() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count == 4, "\(blocks.count) blocks")
        for block in blocks {
            // The Kubernetes block is the Job's YAML, a blank line, then the commands.
            let shell = block.hasPrefix("apiVersion:") ? String(block[(block.range(of: "\n\n")?.upperBound ?? block.endIndex)...]) : block
            let (status, message) = try Self.run("/bin/bash", ["-n"], stdin: shell)
            #expect(status == 0, "bash -n: \(message) in\n\(shell)")
            let (dash, dashMessage) = try Self.run("/bin/sh", ["-n"], stdin: shell)
            #expect(dash == 0, "sh -n: \(dashMessage)")
        }
        for block in blocks.dropFirst() {
            let last = block.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.contains("stampkit catalogue merge /archive/catalogues/shard-*.sqlite --into"), "ends in \(last)")
        }
    }

    @Test func theKubernetesJobIsAnIndexedJobNumberingShardsFromOne() throws {
        let job = try #require(try Self.blocks().first { $0.hasPrefix("apiVersion:") })
        let yaml = String(job[..<(job.range(of: "\n\n")?.lowerBound ?? job.endIndex)])
        #expect(!yaml.contains("\t"))
        for line in yaml.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            #expect(indent % 2 == 0, "odd indentation: \(line)")
        }
        for needed in ["kind: Job", "completionMode: Indexed", "completions: 8", "restartPolicy: Never",
                       "$((JOB_COMPLETION_INDEX + 1))", "OMP_THREAD_LIMIT"] {
            #expect(yaml.contains(needed), "the Job has no \(needed)")
        }
    }

    @Test func theShardScriptRunsEveryBookAndStopsOnlyWhenTheCatalogueFails() throws {
        let script = try #require(try Self.blocks().first { $0.hasPrefix("#!/bin/sh") })
        let folder = try makeTemporaryDirectory("shard-script")
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("archive").path
        for book in ["Blue 2019", "Red"] {
            try FileManager.default.createDirectory(atPath: "\(archive)/books/\(book)", withIntermediateDirectories: true)
        }
        let shard = folder.appendingPathComponent("shard.sh")
        try script.replacingOccurrences(of: "/archive", with: archive).write(to: shard, atomically: true, encoding: .utf8)
        // A stand-in stampkit that writes down its arguments and exits as told.
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let calls = folder.appendingPathComponent("calls").path
        try "#!/bin/sh\nprintf '%s|' \"$@\" >> '\(calls)'; echo >> '\(calls)'; exit ${STUB_EXIT:-0}\n"
            .write(to: bin.appendingPathComponent("stampkit"), atomically: true, encoding: .utf8)
        chmod(bin.appendingPathComponent("stampkit").path, 0o755)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let cores = try Self.run("/usr/bin/nproc", []).1.trimmingCharacters(in: .whitespacesAndNewlines)
        for (exit, status, books) in [("0", Int32(0), 2), ("65", Int32(0), 2), ("74", Int32(1), 1)] {
            try? FileManager.default.removeItem(atPath: calls)
            let (got, output) = try Self.run("/bin/sh", [shard.path, "3", "8"], environment: ["PATH": path, "STUB_EXIT": exit])
            #expect(got == status, "stampkit exiting \(exit): \(output)")
            let lines = try String(contentsOfFile: calls, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == books, "stampkit exiting \(exit): \(lines)")
            #expect(lines.first == "batch|\(archive)/books/Blue 2019/|--book|Blue 2019|--shard|3/8|--jobs|\(cores)|--catalogue|\(archive)/catalogues/shard-3.sqlite|--quiet|")
        }
    }
}
