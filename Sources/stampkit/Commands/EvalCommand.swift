import Foundation
import StampKit
import Synchronization

/// `stampkit eval DIR`: scan a folder of labelled stamps and say how often each answer is right.
struct EvalCommand: ToolCommand {
    static let folder = Argument("dir", help: "A folder with stamp images and truth.jsonl (one JSON object per image).")
    static let json = Flag("json", help: "Print the report as one JSON object.")
    static let each = Flag("each", help: "Also print one line per stamp: file, level, truth, answer, confidence, right or wrong, and the date, direction and entry method (truth/read).")
    static let jobs = ValueOption("jobs", "N", short: "j", help: "Scan N images at once (default: the number of cores).")
    static let readings = ValueOption(
        "readings", "DIR",
        help: "Keep each stamp's OCR reading in DIR and reuse it next time, so a matching change is measured in seconds (times then count matching only).")
    static let pages = Flag(
        "pages", help: "DIR holds page photos and a truth.jsonl of their stamps' boxes: score the stamps found on each page, extra regions and each found stamp's country and date, as 'batch' reads them.")
    static let explain = Flag("explain", help: "With --readings: print each reused stamp's candidates and evidence on stderr.")
    static let spec = CommandSpec(
        name: "eval",
        abstract: "Measure recognition on labelled stamps: accuracy per level, calibration, time.",
        discussion: """
            Reads DIR/truth.jsonl — per line at least "file" and "country", and where known "level", \
            "airport", "date", "direction", "method" — scans every image and prints, for all stamps \
            and per level: country top-1 and top-3; region and city (on stamps naming an airport, \
            checked against that airport's place in the gazetteer); airport; date; direction; entry \
            method; and how many answers were at least 80 % sure and wrong. Then the reliability \
            table (confidence band → share right) and seconds per image (median, 90th percentile, the \
            slowest image by name). An image that cannot be \
            read is named on stderr as 'FILE: error: …' and counted as unreadable.
            """,
        arguments: [Self.folder],
        options: ReadingOptions.specs + [Self.json, Self.each, Self.jobs, Self.readings, Self.explain, Self.pages, GazetteerOption.spec])

    let folder: URL
    let reading: ReadingOptions
    let json: Bool
    let each: Bool
    let jobs: Int
    let readings: URL?
    let explain: Bool
    let pages: Bool
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        folder = URL(fileURLWithPath: parsed.argument(Self.folder) ?? ".", isDirectory: true)
        reading = try ReadingOptions(parsed)
        json = parsed[Self.json]
        each = parsed[Self.each]
        jobs = try parsed.integer(Self.jobs, in: 1...64, default: ProcessInfo.processInfo.activeProcessorCount)
        readings = parsed.value(Self.readings).map { URL(fileURLWithPath: $0, isDirectory: true) }
        explain = parsed[Self.explain]
        pages = parsed[Self.pages]
        gazetteer = GazetteerOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        if pages {
            return try EvalPages.run(folder: folder, jobs: jobs, languages: reading.options.languages, gazetteer: gazetteer, each: each, terminal: terminal)
        }
        let truthFile = folder.appendingPathComponent("truth.jsonl")
        guard let text = try? String(contentsOf: truthFile, encoding: .utf8) else {
            throw EvaluationError(message: "\(truthFile.path) cannot be read; eval needs a folder with stamp images and their truth.jsonl")
        }
        let places = try Gazetteer(path: gazetteer)
        let truths = try StampTruth.lines(of: text).map { truth in
            // Region and city are not in the file: the airport's own place is the answer.
            var truth = truth
            if let iata = truth.airport, let airport = try places.airport(iata: iata) {
                truth.regionID = airport.regionID
                truth.cityID = airport.cityID
            }
            return truth
        }
        let lexicon = try Lexicon(files: places.lexiconFiles())
        if let readings {
            do {
                try FileManager.default.createDirectory(at: readings, withIntermediateDirectories: true)
            } catch {
                throw EvaluationError(message: "cannot make \(readings.path) to keep the readings in; give a folder you can write")
            }
        }
        _ = try TesseractStampReader(languages: reading.options.languages)
        let results = Mutex<[StampEvaluation?]>(Array(repeating: nil, count: truths.count))
        // Why an image could not be read, by its index: said after the progress line, in order.
        let failures = Mutex<[Int: String]>([:])
        let next = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(1, truths.count))) { _ in
            // One engine and one connection per worker: neither may be shared across threads.
            guard let reader = try? TesseractStampReader(languages: reading.options.languages),
                let directory = try? Gazetteer(path: gazetteer)
            else { return }
            let matcher = StampMatcher(directory: directory, lexicon: lexicon)
            let scanner = StampScanner(reader: reader, matcher: matcher)
            let kept = readings
            while true {
                let index: Int = next.withLock { n in
                    defer { n += 1 }
                    return n
                }
                guard index < truths.count else { return }
                let truth = truths[index]
                let url = folder.appendingPathComponent(truth.file)
                var proposal: StampProposal?
                func scan() -> StampScan? {
                    do {
                        return try scanner.scan(imageAt: url, named: truth.file, options: reading.options)
                    } catch {
                        failures.withLock { $0[index] = "\(truth.file): error: \(Tool.describe(error).1)" }
                        return nil
                    }
                }
                let ms = Timing.milliseconds {
                    if let kept {
                        let file = kept.appendingPathComponent(truth.file + ".json")
                        if let data = try? Data(contentsOf: file),
                            let saved = try? JSONDecoder().decode(OCRReading.self, from: data)
                        {
                            proposal = try? matcher.propose(from: saved)
                            if explain, let proposal {
                                let text = ScanText.render(StampScan(image: truth.file, reading: saved, proposal: proposal), top: 3)
                                FileHandle.standardError.write((text.joined(separator: "\n") + "\n").data(using: .utf8)!)
                            }
                        } else if let scan = scan() {
                            if let json = try? JSONValue(encoding: scan.reading) { try? Data(json.serialized().utf8).write(to: file) }
                            proposal = scan.proposal
                        }
                    } else {
                        proposal = scan()?.proposal
                    }
                }
                let done = results.withLock { r in
                    r[index] = StampEvaluation(truth: truth, proposal: proposal, seconds: ms / 1000)
                    return r.compactMap { $0 }.count
                }
                terminal.progress("scanned \(done)/\(truths.count)")
            }
        }
        terminal.endProgress()
        for (_, line) in failures.withLock({ $0 }).sorted(by: { $0.key < $1.key }) { terminal.note(line) }
        let evaluations = results.withLock { $0.compactMap { $0 } }
        guard evaluations.count == truths.count else {
            throw UsageError(message: "the scanner could not start (see the gazetteer and language data); nothing was measured")
        }
        if each {
            for e in evaluations {
                let top = e.proposal?.candidates.first
                terminal.result([
                    e.truth.file, e.truth.level ?? "-", e.truth.country + "/" + (e.truth.airport ?? "-"),
                    (top?.country.code ?? "-") + "/" + (top?.airport?.iata ?? "-"),
                    top.map { String(format: "%.2f", $0.confidence) } ?? "-",
                    e.proposal == nil ? "unreadable" : (top?.country.code == e.truth.country ? "right" : "wrong"),
                    // The date read beside the printed one, so date misses show in the same list.
                    "date " + (e.truth.date ?? "-") + "/" + (e.proposal?.date?.value ?? "-"),
                    "direction " + (e.truth.direction ?? "-") + "/" + (e.proposal?.direction?.rawValue ?? "-"),
                    "method " + (e.truth.method ?? "-") + "/" + (e.proposal?.entryMethod?.rawValue ?? "-"),
                ].joined(separator: "\t"))
            }
        }
        let report = EvaluationReport(evaluations)
        if json {
            terminal.result(report.json)
        } else {
            for line in Self.table(report) { terminal.result(line) }
        }
        return 0
    }

    /// The report as aligned text: one row per group, then the reliability table.
    static func table(_ report: EvaluationReport) -> [String] {
        func cell(_ t: Tally) -> String {
            guard let share = t.share else { return "—" }
            return String(format: "%3.0f%% %d/%d", share * 100, t.right, t.total)
        }
        let columns = ["group", "stamps", "country", "top-3", "region", "city", "airport", "date", "direction", "method", "sure+wrong"]
        var rows = [columns]
        for r in report.rows {
            rows.append([
                r.group, "\(r.stamps)", cell(r.countryTop1), cell(r.countryTop3), cell(r.region), cell(r.city),
                cell(r.airport), cell(r.date), cell(r.direction), cell(r.entryMethod),
                String(format: "%.1f%% %d", r.stamps == 0 ? 0 : 100 * Double(r.confidentWrong) / Double(r.stamps), r.confidentWrong),
            ])
        }
        let widths = columns.indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        var lines = rows.map { row in
            row.enumerated().map { i, text in text.padding(toLength: widths[i], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        lines.append("")
        lines.append("confidence   answers  right")
        for b in report.calibration where b.tally.total > 0 {
            lines.append(String(format: "%.1f–%.1f    %7d  %@", b.lower, b.upper, b.tally.total, cell(b.tally)))
        }
        var times = String(format: "seconds per image: median %.2f, 90th percentile %.2f", report.medianSeconds, report.p90Seconds)
        if let slowest = report.slowest { times += String(format: ", slowest %.2f (%@)", slowest.seconds, slowest.file) }
        lines.append(times)
        return lines
    }
}
