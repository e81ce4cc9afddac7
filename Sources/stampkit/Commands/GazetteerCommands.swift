import Foundation
import StampKit

/// `stampkit gazetteer build`: the offline gazetteer from the pinned open-data files.
struct GazetteerBuildCommand: ToolCommand {
    static let sources = ValueOption("sources", "DIR", help: "The fetched sources (default: build/sources).")
    static let lexicons = ValueOption("lexicons", "DIR", help: "The word lists to carry (default: Lexicons).")
    static let output = ValueOption("output", "PATH", help: "Where to write (default: where every command looks; see --gazetteer).")
    static let minPopulation = ValueOption("min-population", "N", help: "Keep cities of at least N people (default \(Gazetteer.defaultMinimumCityPopulation)); airports' cities always stay.")
    static let json = Flag("json", help: "Print the build report as JSON.")
    static let spec = CommandSpec(
        name: "build",
        abstract: "Build the gazetteer database from the fetched open-data sources.",
        discussion: """
            Reads the files scripts/fetch-sources.sh lays out (GeoNames cities and countries, admin-1 \
            regions, OurAirports, iso-codes country names, CLDR territory and subdivision names, \
            language-tagged city names) and the Lexicons/ word lists, checks the links between them \
            (printing a summary of orphans), and writes a read-only SQLite database atomically: a \
            failed build never leaves a half-written file. The same inputs give the same content hash. \
            GeoNames' raw dumps (geonames/cities500.txt, geonames/countryInfo.txt, \
            regions/admin1CodesASCII.txt) are read when the packaged files are absent.
            """,
        options: [
            Self.sources,
            Self.lexicons,
            Self.output,
            Self.minPopulation,
            Self.json,
        ])

    let sources: URL
    let lexicons: URL
    let output: URL
    let minimumPopulation: Int
    let json: Bool

    init(_ parsed: ParsedCommand) throws {
        sources = URL(fileURLWithPath: parsed.value(Self.sources) ?? "build/sources")
        lexicons = URL(fileURLWithPath: parsed.value(Self.lexicons) ?? "Lexicons")
        output = GazetteerLocation.resolve(explicit: parsed.value(Self.output), environment: ProcessInfo.processInfo.environment)
        minimumPopulation = try parsed.integer(Self.minPopulation, in: 0...100_000_000, default: Gazetteer.defaultMinimumCityPopulation)
        json = parsed[Self.json]
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        terminal.note("building \(output.path) from \(sources.path) …")
        let report = try Gazetteer.build(
            sources: sources, lexicons: lexicons, output: output, minimumCityPopulation: minimumPopulation)
        for warning in report.warnings { terminal.note("warning: \(warning)") }
        if json {
            terminal.result(try JSONValue(encoding: report))
        } else {
            let c = report.counts
            terminal.result("""
                \(report.output)
                  continents \(c.continents), countries \(c.countries), regions \(c.regions), cities \(c.cities), \
                airports \(c.airports) (\(c.airportsWithIATA) with IATA), names \(c.names), lexicon files \(c.lexiconFiles)
                  locales: iso-codes \(report.locales["iso-codes"] ?? 0), CLDR \(report.locales["cldr"] ?? 0), \
                city names \(report.locales["geonames"] ?? 0)
                  \(String(format: "%.1f MB in %.1f s", Double(report.sizeBytes) / 1e6, report.seconds)), content \(report.contentHash)
                """)
            let summary = report.validation.summary
            terminal.result("  validation: " + (summary.isEmpty ? "no orphans" : summary.joined(separator: "; ")))
        }
        return 0
    }
}

/// `stampkit gazetteer info`: what a gazetteer holds and where it came from.
struct GazetteerInfoCommand: ToolCommand {
    static let json = Flag("json", help: "Print as JSON.")
    static let spec = CommandSpec(
        name: "info",
        abstract: "Show the gazetteer's counts, size, source versions and attribution.",
        options: [Self.json, GazetteerOption.spec])

    let gazetteer: URL
    let json: Bool

    init(_ parsed: ParsedCommand) throws {
        gazetteer = GazetteerOption.resolve(parsed)
        json = parsed[Self.json]
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let info = try Gazetteer(path: gazetteer).info()
        if json {
            terminal.result(try JSONValue(encoding: info))
            return 0
        }
        let c = info.counts
        terminal.result("""
            \(info.path) (schema \(info.schemaVersion), \(String(format: "%.1f MB", Double(info.sizeBytes) / 1e6)))
              continents \(c.continents), countries \(c.countries), regions \(c.regions), cities \(c.cities), \
            airports \(c.airports) (\(c.airportsWithIATA) with IATA), names \(c.names)
              cities from \(info.minimumCityPopulation.map(String.init) ?? "?") people; built \(info.builtAt ?? "?"); \
            content \(info.contentHash ?? "?")
            """)
        if !info.locales.isEmpty {
            terminal.result("  name locales: " + info.locales.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        let orphans = info.validation.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        if !orphans.isEmpty {
            terminal.result("  build checks: " + orphans.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        for source in info.sources { terminal.result("  \(source.name) \(source.version) (\(source.registry))") }
        terminal.result(info.attribution)
        return 0
    }
}
