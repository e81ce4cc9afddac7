/// A positional argument a command takes.
struct ArgumentSpec: Sendable {
    /// Name shown in usage, e.g. `image`.
    var name: String
    var help: String
    /// Takes one or more values (`image...`).
    var repeating = false
    /// May be left out.
    var optional = false
}

/// An option a command takes: a flag (`--json`) or one with a value (`--top N`).
struct OptionSpec: Sendable {
    /// Long name without dashes, e.g. `top`.
    var name: String
    /// One-letter alias without the dash, e.g. `n`.
    var short: Character?
    /// Name of the value shown in help, e.g. `N`; nil for a flag.
    var valueName: String?
    var help: String
    /// May be given more than once; every value is kept.
    var repeating = false

    var isFlag: Bool { valueName == nil }

    /// A flag option.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    /// An option that takes a value.
    static func value(
        _ name: String, _ valueName: String, short: Character? = nil, help: String,
        repeating: Bool = false
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help, repeating: repeating)
    }
}

/// One command of the tool: its words, help text and what it accepts. A command with
/// subcommands only dispatches.
struct CommandSpec: Sendable {
    var name: String
    /// One line shown in OVERVIEW and in the parent's SUBCOMMANDS list.
    var abstract: String
    /// Further paragraphs under OVERVIEW.
    var discussion: String = ""
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    var subcommands: [CommandSpec] = []
    /// Runs as a command itself when no subcommand word follows (`books` lists, `books add` adds).
    var runsWithoutSubcommand = false

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
    func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }
    func subcommand(named name: String) -> CommandSpec? { subcommands.first { $0.name == name } }
}
