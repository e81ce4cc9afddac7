import Foundation
import StampKit
import Synchronization

/// `stampkit eval --pages DIR`: what `batch` would keep from labelled page photos, scored —
/// stamps found, extra records, and the country (and date) of each stamp found.
enum EvalPages {
    /// One page's figures.
    struct PageResult {
        var stamps = 0
        var found = 0
        var sharing = 0
        var extra = 0
        var countryRight = 0
        var dated = 0
        var dateRight = 0
        var seconds = 0.0
    }

    static func run(folder: URL, jobs: Int, languages: [String], gazetteer: URL, each: Bool, terminal: Terminal) throws -> Int32 {
        let truthFile = folder.appendingPathComponent("truth.jsonl")
        guard let text = try? String(contentsOf: truthFile, encoding: .utf8) else {
            throw EvaluationError(message: "\(truthFile.path) cannot be read; eval --pages needs a folder with page photos and their truth.jsonl")
        }
        let truths = try PageTruth.lines(of: text)
        let lexicon = try Lexicon(files: Gazetteer(path: gazetteer).lexiconFiles())
        _ = try TesseractStampReader(languages: languages)
        let results = Mutex<[PageResult?]>(Array(repeating: nil, count: truths.count))
        let outcomes = Batch(count: truths.count, terminal: terminal)
        terminal.result("page\ttrue\tregions\tfound\tsharing\textra\tcountry_right\tdate_right\tseconds")
        outcomes.perform(workers: jobs, start: {
            try StampScanner(languages: languages, gazetteer: gazetteer, lexicon: lexicon)
        }) { scanner, index in
            let truth = truths[index]
            let start = ContinuousClock.now
            do {
                let page = try StampImage(contentsOf: folder.appendingPathComponent(truth.file))
                var stamps: [PageStamp] = []
                try scanner.scanStamps(onPage: page, named: truth.file, languages: languages) { stamps.append($0) }
                let score = RegionScore(regions: stamps.map(\.crop), boxes: truth.stamps.map(\.box))
                var result = PageResult(stamps: truth.stamps.count, found: score.found, sharing: score.sharing, extra: score.extra)
                var details: [String] = []
                for (stamp, finder) in zip(truth.stamps, score.finder) {
                    let proposal = finder.flatMap { stamps[$0].scan?.proposal }
                    let top = proposal?.candidates.first
                    if top?.country.code == stamp.country { result.countryRight += 1 }
                    if let date = stamp.date {
                        result.dated += 1
                        if proposal?.date?.value == date { result.dateRight += 1 }
                    }
                    if each {
                        let answer = finder == nil ? "not found"
                            : "\(top?.country.code ?? "-")/\(top?.airport?.iata ?? "-") " + (top.map { String(format: "%.2f", $0.confidence) } ?? "-")
                                + " \(proposal?.date?.value ?? "no date")"
                        details.append("  \(stamp.country)/\(stamp.airport ?? "-") \(stamp.date ?? "-") → \(answer)")
                    }
                }
                let elapsed = ContinuousClock.now - start
                result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                results.withLock { $0[index] = result }
                let line = String(format: "%@\t%d\t%d\t%d\t%d\t%d\t%d\t%d/%d\t%.1f", truth.file, result.stamps, stamps.count, result.found,
                                  result.sharing, result.extra, result.countryRight, result.dateRight, result.dated, result.seconds)
                outcomes.finish(index, lines: [line] + details, failure: nil)
            } catch {
                outcomes.finish(index, lines: [], failure: CarriedFailure(error, image: "\(truth.file): error"))
            }
        }
        if let error = outcomes.abandoned { throw error }
        let done = results.withLock { $0.compactMap { $0 } }
        let stamps = done.map(\.stamps).reduce(0, +), found = done.map(\.found).reduce(0, +), sharing = done.map(\.sharing).reduce(0, +)
        let extra = done.map(\.extra).reduce(0, +), country = done.map(\.countryRight).reduce(0, +)
        let dated = done.map(\.dated).reduce(0, +), dates = done.map(\.dateRight).reduce(0, +)
        func share(_ part: Int, _ whole: Int) -> String { whole == 0 ? "—" : String(format: "%.1f%%", 100 * Double(part) / Double(whole)) }
        terminal.result("""
            \(done.count) pages, \(stamps) true stamps: found \(found) (\(share(found, stamps))), \
            \(sharing) of them in a region with another stamp (one record for both), \
            extra \(String(format: "%.2f", Double(extra) / Double(max(stamps, 1)))) per true stamp (\(extra)), \
            country right \(country)/\(found) of those found (\(share(country, found))), \
            date right \(dates)/\(dated) (\(share(dates, dated))); \
            \(String(format: "%.1f", Timing.median(done.map(\.seconds)))) s per page (median)
            """)
        return outcomes.firstFailure?.exitCode ?? 0
    }
}
