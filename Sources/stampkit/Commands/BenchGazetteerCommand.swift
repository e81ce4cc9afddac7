import Foundation
import StampKit

/// `stampkit bench gazetteer`: search latency, open time, size (and build time with --build).
struct BenchGazetteerCommand: ToolCommand {
    static let rounds = ValueOption("rounds", "N", help: "Timed rounds over the query list (default 20).")
    static let build = ValueOption("build", "DIR", help: "Build from these sources first and time the build.")
    static let lexicons = ValueOption("lexicons", "DIR", help: "Word lists for --build (default: Lexicons).")
    static let perQuery = Flag("per-query", help: "Also print each query's median.")
    static let spec = CommandSpec(
        name: "gazetteer",
        abstract: "Time gazetteer search and opening; print size (and build time with --build).",
        discussion: """
            Runs a fixed list of \(queries.count) searches (names in several languages and scripts, \
            codes, short prefixes such as 'san' and 'a') ROUNDS times after one warm-up round and \
            prints p50/p99 per search, the time from opening the file to the first answer, and the \
            database size. With --build DIR it first builds a gazetteer from those sources into a \
            temporary file, times that, and benchmarks the result.
            """,
        options: [
            Self.rounds,
            Self.build,
            Self.lexicons,
            Self.perQuery,
            GazetteerOption.spec,
        ])

    /// The fixed query list: names with diacritics and other scripts, common prefixes, codes.
    static let queries = [
        "keflavik", "LAX", "thingvellir", "egilsstadir", "muenchen", "munchen", "Monachium",
        "Deutschland", "日本", "new york", "san", "a", "st", "los", "paris", "london", "reykjavik",
        "tokyo", "sao paulo", "frankfurt", "heathrow", "schiphol", "zurich", "wien", "praha",
        "warszawa", "bangkok", "dubai", "sydney", "rio de janeiro", "mexico", "københavn",
        "göteborg", "KEF", "BIKF", "IS", "ISL", "north", "new", "springfield",
    ]

    let rounds: Int
    let buildSources: URL?
    let lexicons: URL
    let gazetteer: URL
    let perQuery: Bool

    init(_ parsed: ParsedCommand) throws {
        perQuery = parsed[Self.perQuery]
        rounds = try parsed.integer(Self.rounds, in: 1...1000, default: 20)
        buildSources = parsed.value(Self.build).map { URL(fileURLWithPath: $0) }
        lexicons = URL(fileURLWithPath: parsed.value(Self.lexicons) ?? "Lexicons")
        gazetteer = GazetteerOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        var path = gazetteer
        var temporary: URL?
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        if let sources = buildSources {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("stampkit-bench-\(UUID().uuidString)")
            temporary = directory
            path = directory.appendingPathComponent("gazetteer.sqlite")
            terminal.note("building from \(sources.path) …")
            let report = try Gazetteer.build(sources: sources, lexicons: lexicons, output: path)
            terminal.result(String(
                format: "build\t%.1f s\t%d cities, %d airports, %d names", report.seconds,
                report.counts.cities, report.counts.airports, report.counts.names))
        }

        var openTimes: [Double] = []
        for _ in 0..<5 {
            openTimes.append(try 1000 * Timing.milliseconds {
                let g = try Gazetteer(path: path)
                _ = try g.search(PlaceQuery(text: "keflavik", limit: 10))
            })
        }
        let directory = try Gazetteer(path: path)
        let size = directory.url.path.isEmpty ? 0 : try directory.info().sizeBytes
        for query in Self.queries { _ = try directory.search(PlaceQuery(text: query, limit: 10)) }
        var times: [Double] = []
        var byQuery: [String: [Double]] = [:]
        var slowest: (query: String, us: Double) = ("", 0)
        for _ in 0..<rounds {
            for query in Self.queries {
                let us = try 1000 * Timing.milliseconds { _ = try directory.search(PlaceQuery(text: query, limit: 10)) }
                times.append(us)
                byQuery[query, default: []].append(us)
                if us > slowest.us { slowest = (query, us) }
            }
        }
        if perQuery {
            for query in Self.queries {
                let times = byQuery[query] ?? []
                terminal.result(String(
                    format: "query\tmedian %.0f µs\tmax %.0f µs\t%@", Timing.median(times), times.max() ?? .nan, query))
            }
        }
        terminal.result(String(
            format: "search\tp50 %.0f µs\tp99 %.0f µs\t(%d searches, %d queries × %d rounds; slowest '%@' %.0f µs)",
            Timing.percentile(times, 0.5), Timing.percentile(times, 0.99), times.count, Self.queries.count, rounds,
            slowest.query, slowest.us))
        terminal.result(String(
            format: "open\tmedian %.1f ms\t(open the file and answer the first search)", Timing.median(openTimes) / 1000))
        terminal.result(String(format: "size\t%.1f MB\t%@", Double(size) / 1e6, path.path))
        // The index against the brute-force reference in the same run, on the same queries.
        for result in NearestBenchmark.run(places: try directory.nearestCityEntries()) {
            terminal.result(String(
                format: "nearest\t%@\ttree %.2f µs\tlatitude band %.2f µs\tbrute force %.1f µs\t%d mismatches in %d\t%d places, built in %.2f s, index %.1f MB resident",
                result.mix, result.treeMicroseconds, result.latitudeBandMicroseconds, result.bruteForceMicroseconds,
                result.mismatches, result.checkedQueries, result.places, result.buildSeconds,
                Double(result.residentGrowthBytes) / 1e6))
        }
        return 0
    }
}
