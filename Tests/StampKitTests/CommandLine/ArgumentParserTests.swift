import Testing
@testable import stampkit

private let image = Argument("image", help: "Images.", repeating: true)
private let json = Flag("json", help: "JSON Lines.")
private let top = ValueOption("top", "N", short: "n", help: "How many.")
private let rotate = ValueOption("rotate", "DEG", help: "Angle.")
private let lang = ValueOption("lang", "LANGS", help: "Languages.", repeating: true)
private let output = Argument("output", help: "Where.", optional: true)
private let sources = ValueOption("sources", "DIR", help: "Sources.")

/// A small command tree shaped like the real one, so the parser is tested apart from commands.
private let tree = CommandSpec(
    name: "tool", abstract: "Root.",
    subcommands: [
        CommandSpec(
            name: "scan", abstract: "Scan images.",
            arguments: [image],
            options: [json, top, rotate, lang]),
        CommandSpec(
            name: "gazetteer", abstract: "Group.",
            subcommands: [
                CommandSpec(
                    name: "build", abstract: "Build.",
                    arguments: [output],
                    options: [sources])
            ]),
    ])

private func parse(_ words: String) throws -> ParsedCommand {
    try ArgumentParser(root: tree).parse(words.split(separator: " ").map(String.init)).1
}

@Suite struct ArgumentParserTests {
    @Test func readsSubcommandOptionsAndRepeatingArguments() throws {
        let p = try parse("scan a.jpg --json -n 5 b.jpg --rotate=-90")
        #expect(p.path == ["tool", "scan"])
        #expect(p.arguments(image) == ["a.jpg", "b.jpg"])
        #expect(p[json])
        #expect(p.value(top) == "5")
        #expect(p.value(rotate) == "-90")
    }

    @Test func optionValueMayStartWithADash() throws {
        #expect(try parse("scan x.jpg --rotate -90").value(rotate) == "-90")
    }

    @Test func negativeNumbersArePositionals() throws {
        #expect(try parse("scan -33.92,18.42 -.5 --json").arguments(image) == ["-33.92,18.42", "-.5"])
        #expect(throws: UsageError.self) { try parse("scan a -x9") }
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try parse("scan -- --json").arguments(image) == ["--json"])
    }

    @Test func nestedSubcommandWithOptionalArgument() throws {
        let p = try parse("gazetteer build --sources /tmp/src")
        #expect(p.name == "gazetteer build")
        #expect(p.value(sources) == "/tmp/src")
        #expect(p.argument(output) == nil)
    }

    @Test func repeatingOptionKeepsEveryValue() throws {
        #expect(try parse("scan a --lang eng --lang isl").values(lang) == ["eng", "isl"])
    }

    @Test func helpAnywhereWins() throws {
        #expect(try parse("scan --help").wantsHelp)
        #expect(try parse("help gazetteer").wantsHelp)
        #expect(try parse("gazetteer").wantsHelp)
    }

    @Test(arguments: [
        ("scan", "missing image"),
        ("scan a --bogus", "unknown option '--bogus'"),
        ("scan a -x", "unknown option '-x'"),
        ("scan a --top", "--top needs a value"),
        ("scan a --json=yes", "--json takes no value"),
        ("scan a --top 1 --top 2", "--top was given twice"),
        ("nope", "unknown command 'nope'"),
        ("gazetteer build a b", "unexpected argument 'b'"),
    ])
    func usageErrorsNameTheProblemAndTheHelp(words: String, problem: String) {
        do {
            _ = try parse(words)
            Issue.record("expected a usage error for '\(words)'")
        } catch let error as UsageError {
            #expect(error.message.hasPrefix(problem))
            #expect(error.message.contains("--help"))
            #expect(error.failureClass.exitCode == 64)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func integerOptionsAreRangeChecked() throws {
        #expect(try parse("scan a --top 3").integer(top, in: 1...20, default: 1) == 3)
        #expect(try parse("scan a").integer(top, in: 1...20, default: 7) == 7)
        #expect(throws: UsageError.self) { try parse("scan a --top 0").integer(top, in: 1...20, default: 1) }
        #expect(throws: UsageError.self) { try parse("scan a --top x").integer(top, in: 1...20, default: 1) }
    }

    @Test func helpHasTheFourSections() {
        let scan = tree.subcommands[0]
        let help = HelpText.render(scan, path: ["tool", "scan"])
        for section in ["OVERVIEW: Scan images.", "USAGE: tool scan <image> ...", "ARGUMENTS:", "OPTIONS:", "-n, --top <N>"] {
            #expect(help.contains(section), "help lacks \(section)")
        }
        let root = HelpText.render(tree, path: ["tool"])
        #expect(root.contains("SUBCOMMANDS:") && root.contains("gazetteer") && root.contains("--version"))
    }

    @Test func everyCommandIsRegisteredUnderItsOwnNameAndDeclaresEachOptionOnce() throws {
        for (words, command) in Tool.commands {
            let spec = command.spec
            #expect(spec.name == words.split(separator: " ").last.map(String.init), "\(words) is registered under another name")
            let declared = Set(spec.options.map(\.name))
            #expect(declared.count == spec.options.count, "\(words) declares an option twice")
        }
    }
}
