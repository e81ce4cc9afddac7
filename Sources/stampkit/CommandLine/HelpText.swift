/// Renders a command's help in the sections of swift-argument-parser: OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS.
enum HelpText {
    static func render(_ spec: CommandSpec, path: [String]) -> String {
        var out = "OVERVIEW: \(spec.abstract)\n"
        if !spec.discussion.isEmpty { out += "\n\(spec.discussion)\n" }
        out += "\nUSAGE: \(usageLine(spec, path: path))\n"
        if !spec.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            out += table(spec.arguments.map { ("<\($0.name)>" + ($0.repeating ? " ..." : ""), $0.help) })
        }
        var options = spec.options.map { option -> (String, String) in
            var left = option.short.map { "-\($0), " } ?? ""
            left += "--\(option.name)"
            if let value = option.valueName { left += " <\(value)>" }
            return (left, option.help)
        }
        if path.count == 1 { options.append(("--version", "Show the version.")) }
        options.append(("-h, --help", "Show help information."))
        out += "\nOPTIONS:\n" + table(options)
        if !spec.subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n" + table(spec.subcommands.map { ($0.name, $0.abstract) })
            out += "\n  See '\(path.joined(separator: " ")) help <subcommand>' for detailed help.\n"
        }
        return out
    }

    static func usageLine(_ spec: CommandSpec, path: [String]) -> String {
        var parts = [path.joined(separator: " ")]
        if !spec.subcommands.isEmpty { parts.append(spec.runsWithoutSubcommand ? "[<subcommand>]" : "<subcommand>") }
        for argument in spec.arguments {
            let name = "<\(argument.name)>" + (argument.repeating ? " ..." : "")
            parts.append(argument.optional ? "[\(name)]" : name)
        }
        for option in spec.options {
            let body = "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            parts.append("[\(body)]" + (option.repeating ? " ..." : ""))
        }
        return parts.joined(separator: " ")
    }

    private static func table(_ rows: [(String, String)]) -> String {
        let width = min(28, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { left, right in
            let pad = left.count < width ? String(repeating: " ", count: width - left.count) : "\n  " + String(repeating: " ", count: width)
            return "  \(left)\(pad)\(right)\n"
        }.joined()
    }
}
