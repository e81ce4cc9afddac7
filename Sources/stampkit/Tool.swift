import Foundation
import StampKit

/// One command of the tool: its table, a validating init (`validate()` of
/// swift-argument-parser), and `run`, which returns the exit code.
protocol ToolCommand {
    /// The words, help and accepted arguments.
    static var spec: CommandSpec { get }
    /// Checks the parsed values and keeps what `run` needs; throws `UsageError`.
    init(_ parsed: ParsedCommand) throws
    /// Does the work; returns the exit status (non-zero when a batch had failures).
    func run(_ terminal: Terminal) throws -> Int32
}

/// The `stampkit` executable: the command tree and the one error boundary that turns every
/// failure into one line on stderr and its class's exit code.
enum Tool {
    /// Every leaf command, by its words after `stampkit`.
    static var commands: [String: any ToolCommand.Type] {
        [
            "scan": ScanCommand.self,
            "ocr": OCRCommand.self,
            "list": ListCommand.self,
            "gallery": GalleryCommand.self,
            "export": ExportCommand.self,
            "import": ImportCommand.self,
            "onthisday": OnThisDayCommand.self,
            "thennow": ThenNowCommand.self,
            "show": ShowCommand.self,
            "edit": EditCommand.self,
            "rm": RemoveCommand.self,
            "books": BooksListCommand.self,
            "books add": BooksAddCommand.self,
            "books rm": BooksRemoveCommand.self,
            "reconcile": ReconcileCommand.self,
            "thumbnails": ThumbnailsCommand.self,
            "bench catalogue": BenchCatalogueCommand.self,
            "bench redaction": BenchRedactionCommand.self,
            "catalogue merge": CatalogueMergeCommand.self,
            "gazetteer build": GazetteerBuildCommand.self,
            "gazetteer info": GazetteerInfoCommand.self,
            "bench scan": BenchScanCommand.self,
            "bench match": BenchMatchCommand.self,
            "bench stamps": BenchStampsCommand.self,
            "bench batch": BenchBatchCommand.self,
            "bench ocr": BenchOCRCommand.self,
            "places near": PlacesNearCommand.self,
            "places search": PlacesSearchCommand.self,
            "places show": PlacesShowCommand.self,
            "places list": PlacesListCommand.self,
            "bench gazetteer": BenchGazetteerCommand.self,
            "mrz": MRZCommand.self,
            "bench mrz": BenchMRZCommand.self,
            "eval": EvalCommand.self,
            "add": AddCommand.self,
            "batch": BatchCommand.self,
            "review": ReviewCommand.self,
            "atlas": AtlasCommand.self,
            "collage": CollageCommand.self,
            "bench atlas": BenchAtlasCommand.self,
        ]
    }

    /// The root of the command tree, for parsing and help.
    static var root: CommandSpec {
        CommandSpec(
            name: "stampkit",
            abstract: "Read passport stamps and machine-readable zones, offline.",
            discussion: """
                Photos of passport pages in, proposed places out: Tesseract reads each stamp, the \
                gazetteer (built from GeoNames, OurAirports, iso-codes) turns the clues into a chain \
                country → region → city → airport. Nothing leaves this machine.
                """,
            subcommands: groups(of: commands))
    }

    /// Builds the subcommand tree from the command words, groups first-come.
    static func groups(of commands: [String: any ToolCommand.Type]) -> [CommandSpec] {
        var top: [CommandSpec] = []
        for (words, command) in commands.sorted(by: { $0.key < $1.key }) {
            let parts = words.split(separator: " ").map(String.init)
            if parts.count == 1 {
                top.append(command.spec)
                continue
            }
            if let i = top.firstIndex(where: { $0.name == parts[0] }) {
                top[i].subcommands.append(command.spec)
            } else {
                top.append(CommandSpec(
                    name: parts[0], abstract: groupAbstracts[parts[0]] ?? "",
                    subcommands: [command.spec]))
            }
        }
        return top
    }

    static let groupAbstracts = [
        "gazetteer": "Build and inspect the offline gazetteer of countries, regions, cities and airports.",
        "places": "Search and browse the gazetteer: continents, countries, regions, cities, airports.",
        "bench": "Measure speed on this machine (numbers, never pass/fail).",
        "catalogue": "Work on whole catalogue files: merge catalogues made on several machines.",
    ]

    /// Runs one command line; returns the process exit code.
    static func main(arguments: [String], terminal: Terminal = Terminal()) -> Int32 {
        do {
            let (spec, parsed) = try ArgumentParser(root: root).parse(arguments)
            if parsed.wantsVersion {
                terminal.result("stampkit \(StampKit.version)")
                return 0
            }
            if parsed.wantsHelp {
                terminal.result(HelpText.render(spec, path: parsed.path))
                return 0
            }
            guard let command = commands[parsed.name] else {
                throw UsageError(message: "unknown command '\(parsed.name)'; see 'stampkit --help'")
            }
            return try command.init(parsed).run(terminal)
        } catch {
            let (failureClass, message) = describe(error)
            terminal.note("stampkit: error: \(message)")
            return failureClass.exitCode
        }
    }

    /// The class and one-line message of any error; unknown errors are `other`.
    static func describe(_ error: any Error) -> (FailureClass, String) {
        if let failure = error as? any StampKitFailure {
            return (failure.failureClass, failure.message)
        }
        let text = String(describing: error).split(separator: "\n").first.map(String.init) ?? "unknown error"
        return (.other, "\(text); please report this with the command you ran")
    }
}
