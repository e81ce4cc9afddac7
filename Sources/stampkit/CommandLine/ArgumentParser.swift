import StampKit

/// A command line that does not fit the command's table.
struct UsageError: StampKitFailure {
    var failureClass: FailureClass { .usage }
    var code: String { "usage" }
    var message: String
}

/// The parsed words of one command line.
struct ParsedCommand: Equatable {
    /// Command words from the root, e.g. `["stampkit", "gazetteer", "build"]`.
    var path: [String]
    /// Option values by long name, in the order given.
    var options: [String: [String]] = [:]
    /// Flags that were given.
    var flags: Set<String> = []
    /// Positional values by argument name.
    var arguments: [String: [String]] = [:]
    /// The person asked for help (`--help`, `-h`, or `help`).
    var wantsHelp = false
    /// The person asked for the version (`--version` on the root).
    var wantsVersion = false

    /// The command words after the tool name, e.g. `gazetteer build`.
    var name: String { path.dropFirst().joined(separator: " ") }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    func argument(_ name: String) -> String? { arguments[name]?.first }
    func argumentList(_ name: String) -> [String] { arguments[name] ?? [] }

    /// The value of an integer option within `range`, or `defaultValue` when not given.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(
                message: "--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }

    /// The value of a decimal option within `range`, or nil when not given.
    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let n = Double(text), n.isFinite, range.contains(n) else {
            throw UsageError(
                message: "--\(name) takes a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }
}

/// Parses a command line against a tree of `CommandSpec`s: subcommand words first, then options
/// (`--name value`, `--name=value`, `-n value`, flags), positionals, and `--` to end options.
/// Option values are taken as given even when they start with `-` (so `--rotate -90` works).
struct ArgumentParser {
    let root: CommandSpec

    /// Parses `words` (without the program name); throws `UsageError` naming the problem and
    /// the help to read.
    func parse(_ words: [String]) throws -> (CommandSpec, ParsedCommand) {
        var spec = root
        var parsed = ParsedCommand(path: [root.name])
        var index = 0
        // Subcommand words come first.
        while index < words.count, !spec.subcommands.isEmpty {
            let word = words[index]
            if word == "help" {
                parsed.wantsHelp = true
                index += 1
                continue
            }
            guard let sub = spec.subcommand(named: word) else { break }
            spec = sub
            parsed.path.append(word)
            index += 1
        }
        var positionals: [String] = []
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") || Self.isNegativeNumber(word) {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "--help" || word == "-h" {
                parsed.wantsHelp = true
                continue
            }
            if word == "--version", parsed.path.count == 1 {
                parsed.wantsVersion = true
                continue
            }
            let (option, inlineValue) = try lookUp(word, in: spec, path: parsed.path)
            if option.isFlag {
                if inlineValue != nil {
                    throw usage("--\(option.name) takes no value", path: parsed.path)
                }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                throw usage("--\(option.name) needs a value (\(option.valueName ?? "VALUE"))", path: parsed.path)
            }
            if !option.repeating, parsed.options[option.name] != nil {
                throw usage("--\(option.name) was given twice", path: parsed.path)
            }
            parsed.options[option.name, default: []].append(value)
        }
        if parsed.wantsHelp || parsed.wantsVersion { return (spec, parsed) }
        if !spec.subcommands.isEmpty && !spec.runsWithoutSubcommand {
            if let word = positionals.first {
                throw usage("unknown command '\(word)'", path: parsed.path)
            }
            // A bare group shows its help, like `git remote`.
            parsed.wantsHelp = true
            return (spec, parsed)
        }
        try assign(positionals, to: spec, in: &parsed)
        return (spec, parsed)
    }

    /// `-33.9,18.4` or `-90`: a negative number, never an option (no option name starts with a
    /// digit), so southern and western coordinates need no `--`.
    static func isNegativeNumber(_ word: String) -> Bool {
        guard word.hasPrefix("-") else { return false }
        let rest = word.dropFirst()
        return rest.first?.isNumber == true || (rest.first == "." && rest.dropFirst().first?.isNumber == true)
    }

    private func lookUp(_ word: String, in spec: CommandSpec, path: [String]) throws -> (OptionSpec, String?) {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name: Substring
            var inline: String?
            if let eq = body.firstIndex(of: "=") {
                name = body[..<eq]
                inline = String(body[body.index(after: eq)...])
            } else {
                name = body
            }
            guard let option = spec.option(named: String(name)) else {
                throw usage("unknown option '--\(name)'", path: path)
            }
            return (option, inline)
        }
        let letters = Array(word.dropFirst())
        guard letters.count == 1, let option = spec.option(short: letters[0]) else {
            throw usage("unknown option '\(word)'", path: path)
        }
        return (option, nil)
    }

    private func assign(_ positionals: [String], to spec: CommandSpec, in parsed: inout ParsedCommand) throws {
        var rest = positionals[...]
        for argument in spec.arguments {
            if argument.repeating {
                if rest.isEmpty, !argument.optional {
                    throw usage("missing \(argument.name)", path: parsed.path)
                }
                if !rest.isEmpty { parsed.arguments[argument.name] = Array(rest) }
                rest = []
            } else if let first = rest.first {
                parsed.arguments[argument.name] = [first]
                rest = rest.dropFirst()
            } else if !argument.optional {
                throw usage("missing \(argument.name)", path: parsed.path)
            }
        }
        if let extra = rest.first {
            throw usage("unexpected argument '\(extra)'", path: parsed.path)
        }
    }

    private func usage(_ problem: String, path: [String]) -> UsageError {
        UsageError(message: "\(problem); see '\(path.joined(separator: " ")) --help'")
    }
}
