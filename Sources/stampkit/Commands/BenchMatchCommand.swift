import Foundation
import StampKit

/// `stampkit bench match DIR`: matching alone — clues, gazetteer lookups and ranking from a
/// kept OCR reading — per stamp, once the gazetteer is open, so the matcher is timed without
/// Tesseract.
struct BenchMatchCommand: ToolCommand {
    static let folder = Argument("dir", help: "Readings kept by 'stampkit eval DIR --readings READINGS' (its *.json files).")
    static let rounds = ValueOption("rounds", "N", help: "Timed rounds over every reading (default 5).")
    static let spec = CommandSpec(
        name: "match",
        abstract: "Time matching alone on kept OCR readings: median and 90th percentile per stamp.",
        discussion: """
            Opens the gazetteer and makes one matcher, builds the damaged-name index and \
            proposes once for the first reading (each timed apart), then once more for every \
            reading as a warm-up, then ROUNDS timed rounds. Prints each stamp's median over the \
            rounds summarised as median, 90th percentile and maximum, in milliseconds.
            """,
        arguments: [Self.folder],
        options: [Self.rounds, GazetteerOption.spec])

    let folder: URL
    let rounds: Int
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        folder = URL(fileURLWithPath: parsed.argument(Self.folder) ?? ".", isDirectory: true)
        rounds = try parsed.integer(Self.rounds, in: 1...100, default: 5)
        gazetteer = GazetteerOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        let readings = files.compactMap { name in
            (try? Data(contentsOf: folder.appendingPathComponent(name)))
                .flatMap { try? JSONDecoder().decode(OCRReading.self, from: $0) }
        }
        guard let first = readings.first else {
            throw UsageError(message: "no readings in \(folder.path); keep some with 'stampkit eval DIR --readings \(folder.path)'")
        }
        var opened: (Gazetteer, StampMatcher)?
        let open = try Timing.milliseconds {
            let directory = try Gazetteer(path: gazetteer)
            opened = (directory, StampMatcher(directory: directory, lexicon: try Lexicon(files: directory.lexiconFiles())))
        }
        guard let (directory, matcher) = opened else { return 70 }
        // Built on the first damaged word any stamp holds: here, so no stamp's time holds it.
        let index = try Timing.milliseconds { _ = try directory.nearNames("") }
        let firstProposal = try Timing.milliseconds { _ = try matcher.propose(from: first) }
        for reading in readings { _ = try matcher.propose(from: reading) }
        var times = Array(repeating: [Double](), count: readings.count)
        for _ in 0..<rounds {
            for (i, reading) in readings.enumerated() {
                times[i].append(try Timing.milliseconds { _ = try matcher.propose(from: reading) })
            }
        }
        let perStamp = times.map(Timing.median)
        terminal.result("readings\t\(readings.count) (\(files.count - readings.count) unreadable skipped)")
        terminal.result(String(format: "open_ms\t%.1f\t(gazetteer, lexicon, matcher)", open))
        terminal.result(String(format: "index_ms\t%.1f\t(damaged-name index, built once per gazetteer)", index))
        terminal.result(String(format: "first_ms\t%.1f\t(first proposal)", firstProposal))
        terminal.result(String(
            format: "per_stamp_ms\tmedian %.3f\tp90 %.3f\tmax %.3f", Timing.median(perStamp),
            Timing.percentile(perStamp, 0.9), perStamp.max() ?? .nan))
        return 0
    }
}
