import Foundation
import Testing
@testable import stampkit

/// Messages and the README send people to commands; every command they name must exist.
@Suite struct CommandMentionTests {
    /// The command words after `stampkit` in `text`, as far as they are command names.
    static func mentions(in text: String) throws -> [String] {
        let pattern = try Regex(#"stampkit ((?:[a-z][a-z-]+)(?: [a-z][a-z-]+)?)"#)
        return text.matches(of: pattern).map { String($0.output[1].substring ?? "") }
    }

    @Test func everyCommandNamedInASourceOrTheREADMEExists() throws {
        let root = Tool.root
        var files = [Repository.root.appendingPathComponent("README.md")]
        let enumerator = try #require(FileManager.default.enumerator(at: Repository.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where url.pathExtension == "swift" { files.append(url) }
        var checked = 0
        for file in files {
            for words in try Self.mentions(in: String(contentsOf: file, encoding: .utf8)) {
                let parts = words.split(separator: " ").map(String.init)
                // Prose such as "stampkit reads" names no command; a word that people would type as
                // a command, and that the tree does not know, is a dead end.
                guard let top = root.subcommand(named: parts[0]) else {
                    #expect(!Self.verbsPeopleType.contains(parts[0]), "\(file.lastPathComponent) names 'stampkit \(words)', which does not exist")
                    continue
                }
                checked += 1
                if parts.count > 1, !top.subcommands.isEmpty, !parts[1].hasPrefix("-") {
                    #expect(top.subcommand(named: parts[1]) != nil || !Self.verbsPeopleType.contains(parts[1]),
                            "\(file.lastPathComponent) names 'stampkit \(words)', which does not exist")
                }
            }
        }
        #expect(checked > 10)
    }

    /// Words that would be commands if they were written after `stampkit`.
    static let verbsPeopleType: Set<String> = [
        "languages", "scan", "ocr", "mrz", "places", "gazetteer", "bench", "eval", "add", "review", "list", "show",
        "edit", "rm", "books", "reconcile", "thumbnails", "batch", "install", "build", "info", "search", "near",
        "catalogue", "export", "import", "gallery", "atlas", "collage", "onthisday", "thennow", "help", "version",
    ]

    @Test func theRuleCatchesACommandThatDoesNotExist() throws {
        let words = try Self.mentions(in: "an unknown language (see: stampkit languages)")
        #expect(words == ["languages"])
        #expect(Tool.root.subcommand(named: "languages") == nil && Self.verbsPeopleType.contains("languages"))
    }
}
