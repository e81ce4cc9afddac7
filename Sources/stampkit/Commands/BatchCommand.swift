import Foundation
import StampKit
import Synchronization

/// `stampkit batch DIR|FILE… --book NAME`: every stamp on every page of a passport book,
/// found, read in parallel and kept as a record, resumably.
struct BatchCommand: ToolCommand {
    static let book = ValueOption("book", "NAME", help: "File the stamps in this passport book (a new name creates the book).")
    static let acceptAbove = ValueOption(
        "accept-above", "C",
        help: "Confirm a stamp whose best proposal has confidence at least C (0–1); default: never, every stamp stays pending for 'stampkit review'.")
    static let json = Flag("json", help: "One line per stamp, the record as 'stampkit list --json' shows it (JSON Lines), in page order.")
    static let quiet = Flag("quiet", short: "q", help: "No progress and no summary on stderr (errors are still reported).")
    static let shard = ValueOption(
        "shard", "K/N",
        help: "Take only shard K of N (1 ≤ K ≤ N): a stable share of the pages by a hash of their path below the folder given, so N machines split an archive without overlap.")
    static let input = Argument("path", help: "Page photos, or folders of them (searched recursively, in name order).", repeating: true)
    static let spec = CommandSpec(
        name: "batch",
        abstract: "Catalogue a whole passport book: find every stamp on every page, read them in parallel, keep them for review.",
        discussion: """
            Pages are taken in name order with numbers compared as numbers (page_2 before \
            page_10); a page's number is the number in its file name, else its place in that \
            order. The stamps on each page are found, each read at its own angle as a crop of the \
            page, and saved as a record with the page's hash and the crop: pending, or confirmed \
            when --accept-above is given and met. Each record is saved on its own, so a batch \
            that is stopped (even killed) and run again skips what it kept and reads the rest. \
            A bad file is reported as 'path: error: …' and skipped; the exit code is then that \
            of the first failed page (65 for a bad image).
            """,
        arguments: [Self.input],
        options: [
            Self.book,
            ScanCommand.jobs,
            Self.acceptAbove,
            Self.json,
            Self.quiet,
            Self.shard,
            ReadingOptions.lang,
            CatalogueOption.spec,
            GazetteerOption.spec,
        ])

    let inputs: [String]
    let book: String
    let jobs: Int
    let acceptAbove: Double?
    let json: Bool
    let quiet: Bool
    let shard: (index: Int, count: Int)?
    let languages: [String]
    let catalogue: URL
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        inputs = parsed.arguments(Self.input)
        guard let name = try AddCommand.bookName(parsed.value(Self.book)) else {
            throw UsageError(message: "batch files every stamp in one passport book: give --book NAME, e.g. --book 'Passport 2019'")
        }
        book = name
        jobs = try parsed.integer(ScanCommand.jobs, in: 1...64, default: ProcessInfo.processInfo.activeProcessorCount)
        acceptAbove = try parsed.number(Self.acceptAbove, in: 0...1)
        json = parsed[Self.json]
        quiet = parsed[Self.quiet]
        shard = try parsed.value(Self.shard).map(Self.parseShard)
        languages = try ReadingOptions(parsed, languagesOnly: true).options.languages
        catalogue = CatalogueOption.resolve(parsed)
        gazetteer = GazetteerOption.resolve(parsed)
    }

    /// `K/N` with 1 ≤ K ≤ N ≤ 10000.
    static func parseShard(_ text: String) throws -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...10000).contains(n), (1...n).contains(k) else {
            throw UsageError(message: "--shard takes K/N with 1 ≤ K ≤ N, e.g. --shard 2/8 for the second of eight machines, not '\(text.prefix(40))'")
        }
        return (k, n)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let found = BookPages.find(inputs)
        guard !found.isEmpty else {
            throw UsageError(message: "no page photos in \(inputs.joined(separator: ", ")); give folders or files of JPEG, PNG, TIFF, WebP, BMP, GIF or HEIC pages")
        }
        let pages = shard.map { BookPages.pages(found, shard: $0.index, of: $0.count) } ?? found
        // Fail early and once on what every page needs: the gazetteer, the language data and
        // the catalogue.
        let lexicon = try Lexicon(files: Gazetteer(path: gazetteer).lexiconFiles())
        let started = Mutex<TesseractStampReader?>(try TesseractStampReader(languages: languages))
        let store = Mutex(try CatalogueOption.open(catalogue, terminal))
        let progress = BatchProgress(pages: pages.count, terminal: terminal, quiet: quiet)
        let outcomes = Batch(count: pages.count, terminal: terminal) { finished, _ in progress.show(pagesDone: finished) }
        let thumbnails = CatalogueOption.thumbnails
        let book = book, json = json, acceptAbove = acceptAbove, languages = languages, gazetteer = gazetteer
        // One engine and one gazetteer connection per worker; the catalogue is one connection,
        // used in turn.
        outcomes.perform(workers: jobs, start: {
            try StampScanner.forWorker(taking: started, languages: languages, gazetteer: gazetteer, lexicon: lexicon)
        }) { scanner, index in
            let page = pages[index]
            var lines: [String] = []
            do {
                let url = URL(fileURLWithPath: page.path)
                let image = try StampImage(contentsOf: url)
                let source = try StampRecord.Source.fingerprint(of: url)
                var number = 0
                // Stamps kept by an earlier run are listed as they stand, so a rerun prints
                // the same records as a run that was never stopped.
                var kept: [String: StampRecord] = [:]
                try scanner.scanStamps(onPage: image, named: page.path, languages: languages, alreadyDone: { crop in
                    guard let record = try store.withLock({ try $0.record(sha256: source.sha256, crop: crop) }) else { return false }
                    kept[StampRecord.cropKey(crop)] = record
                    return true
                }) { stamp in
                    number += 1
                    guard let scan = stamp.scan else {
                        progress.count(.already)
                        if let record = kept[StampRecord.cropKey(stamp.crop)] {
                            lines.append(json
                                ? record.json(thumbnail: try? thumbnails.thumbnailPath(for: record)).serialized()
                                : "\(page.path) stamp \(number): already catalogued as #\(record.id ?? 0)")
                        }
                        return
                    }
                    var item = ReviewItem(source: url, name: "\(page.path) stamp \(number)", crop: stamp.crop, scan: scan,
                                          draft: StampDraft(proposal: scan.proposal))
                    item.draft.book = book
                    item.draft.page = page.number
                    if let top = scan.proposal.candidates.first { item.draft.take(top) }
                    let confirmed = acceptAbove.map { threshold in (item.draft.confidence ?? -1) >= threshold } ?? false
                    var record = StampRecord(source: source, crop: stamp.crop, rotation: item.rotation)
                    CatalogueHost.fill(&record, from: item, status: confirmed ? .confirmed : .pending)
                    let saved: StampRecord
                    do {
                        saved = try store.withLock { try $0.insert(record) }
                    } catch let error as CatalogueError where error.kind == .alreadyCatalogued {
                        // The same photo under two names: the other worker kept it first.
                        progress.count(.already)
                        return
                    }
                    progress.count(confirmed ? .confirmed : .pending)
                    // Only a cache (`list` makes a missing one), so a failure does not fail the stamp.
                    let thumbnail = try? thumbnails.make(for: saved, from: image).path
                    lines.append(json
                        ? saved.json(thumbnail: thumbnail).serialized()
                        : AddCommand.describe(confirmed ? .confirmed(saved.id ?? 0) : .pending(saved.id ?? 0), item: item))
                }
                outcomes.finish(index, lines: lines, failure: nil)
            } catch let error as CatalogueError where error.failureClass == .database {
                // A locked, damaged or full catalogue fails every page alike: stop.
                outcomes.abandon(error)
                outcomes.finish(index, lines: lines, failure: nil)
            } catch {
                progress.count(.failed)
                outcomes.finish(index, lines: lines, failure: CarriedFailure(error, image: "\(page.path): error"))
            }
        }
        store.withLock { $0.close() }
        if let error = outcomes.abandoned { throw error }
        progress.summary()
        return outcomes.firstFailure?.exitCode ?? 0
    }
}

/// The batch's counts, its progress (a bar on a terminal, a plain line every tenth of the pages
/// otherwise, nothing when quiet) and its closing summary, all on stderr.
final class BatchProgress: Sendable {
    /// What became of one stamp or page.
    enum Outcome {
        case confirmed, pending, already, failed
    }

    private struct Counts {
        var pagesDone = 0
        var confirmed = 0
        var pending = 0
        var already = 0
        var failedPages = 0
        var lastPlainStep = 0
    }

    private let counts = Mutex(Counts())
    private let pages: Int
    private let terminal: Terminal
    private let quiet: Bool
    private let start = ContinuousClock.now

    init(pages: Int, terminal: Terminal, quiet: Bool) {
        self.pages = pages
        self.terminal = terminal
        self.quiet = quiet
    }

    /// Counts one stamp saved or skipped, or one page that failed.
    func count(_ outcome: Outcome) {
        counts.withLock { c in
            switch outcome {
            case .confirmed: c.confirmed += 1
            case .pending: c.pending += 1
            case .already: c.already += 1
            case .failed: c.failedPages += 1
            }
        }
    }

    private var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Redraws the bar (terminal) or prints a line at each tenth of the pages (otherwise).
    func show(pagesDone: Int) {
        guard !quiet else { return }
        let seconds = seconds
        let line: String? = counts.withLock { c in
            c.pagesDone = pagesDone
            let read = c.confirmed + c.pending
            let rate = seconds > 0 ? Double(read) / seconds : 0
            let left = pagesDone > 0 ? seconds / Double(pagesDone) * Double(pages - pagesDone) : 0
            let stamps = read + c.already
            let status = "\(pagesDone)/\(pages) pages · \(stamps) stamp\(stamps == 1 ? "" : "s") · "
                + String(format: "%.2f stamps/s", rate) + (pagesDone < pages ? " · about \(Self.duration(left)) left" : "")
            if terminal.showsProgress {
                return pagesDone < pages ? Self.bar(pagesDone, of: pages) + " " + status : ""
            }
            // Without a terminal: one line per tenth of the pages, so a log shows steady progress.
            let step = pagesDone * 10 / max(pages, 1)
            guard step > c.lastPlainStep || pagesDone == pages else { return nil }
            c.lastPlainStep = step
            return "batch: " + status
        }
        guard let line else { return }
        if terminal.showsProgress {
            if line.isEmpty { terminal.endProgress() } else { terminal.progress(line) }
        } else if pagesDone < pages {
            terminal.note(line)
        }
    }

    /// The closing line: pages, stamps found, confirmed, pending, already kept, failed, time.
    func summary() {
        guard !quiet else { return }
        let seconds = seconds
        let c = counts.withLock { $0 }
        let found = c.confirmed + c.pending + c.already
        terminal.endProgress()
        terminal.note("batch: \(pages) page\(pages == 1 ? "" : "s"), \(found) stamp\(found == 1 ? "" : "s") found: "
            + "\(c.confirmed) confirmed, \(c.pending) pending, \(c.already) already catalogued; "
            + "\(c.failedPages) failed; \(Self.duration(seconds))"
            + (c.confirmed + c.pending > 0 ? String(format: " (%.2f stamps/s)", Double(c.confirmed + c.pending) / max(seconds, 0.001)) : ""))
    }

    /// `[█████░░░░░]`, 20 cells.
    static func bar(_ done: Int, of total: Int) -> String {
        let filled = total > 0 ? done * 20 / total : 0
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled) + "]"
    }

    /// `42s`, `3m 05s`, `1h 02m`.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s)s" }
        if s < 3600 { return String(format: "%dm %02ds", s / 60, s % 60) }
        return String(format: "%dh %02dm", s / 3600, (s % 3600) / 60)
    }
}
