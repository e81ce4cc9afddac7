import Foundation
import StampKit

/// `stampkit bench mrz IMAGE... [--pages DIR] [--lines DIR]`: median time from photo to fields,
/// the exact-read rate on photos with their truth, and the character error rate of each zone
/// model on rendered line images.
struct BenchMRZCommand: ToolCommand {
    static let rounds = ValueOption("rounds", "N", help: "Timed rounds per image (default 3).")
    static let pages = ValueOption("pages", "DIR", help: "Photos with truth.tsv, for the exact-read rate and time per page.")
    static let strips = ValueOption("strips", "OUT", help: "With --pages: write the framed zone lines with their truth here.")
    static let lines = ValueOption("lines", "DIR", help: "Rendered line images with truth.tsv, for the error rate per model.")
    static let raw = Flag("raw", help: "With --lines: read each line image as it is, without the normalising and framing mrz --line does (to measure what they bring).")
    static let model = ValueOption("model", "NAME|PATH", help: "A zone model to time and measure (repeatable; default: the one `mrz` uses).", repeating: true)
    static let image = Argument("image", help: "Photos of identity pages to time.", repeating: true, optional: true)
    static let spec = CommandSpec(
        name: "mrz",
        abstract: "Time reading machine-readable zones from photos; measure each model's character error rate.",
        discussion: """
            For each IMAGE: one warm-up, then ROUNDS timed reads (load, find the zone, read, repair, \
            parse) in this process, and ROUNDS runs of the whole stampkit mrz IMAGE command (process \
            start and model load included); prints per-image medians of both, whether the zone read \
            valid, and the medians over all images. With --pages DIR (photos plus DIR/truth.tsv: file<TAB>format<TAB>lines joined \
            by |, as scripts/mrz/render.py pages or photos makes), reads each photo once and counts \
            exact readings (every line equal, every check valid), valid-but-wrong ones, invalid ones \
            and pages without a zone; --strips OUT also writes each zone line as the model sees it, \
            with its truth (OUT/truth.tsv), for training on the strips the zone finder really cuts. \
            With --lines DIR (line images plus DIR/truth.tsv: file<TAB>text, as \
            scripts/mrz/render.py lines makes), reads every line with each model (StampKit's OCR-B model, Latin, eng, or the \
            --model ones) as mrz --line does (normalised and framed; --raw: as the image is) and prints the \
            character error rate and the share of lines exact, before and after check-digit repair (the lines \
            of each zone, found from the truth, parsed together). Prints no names or numbers.
            """,
        arguments: [Self.image],
        options: [
            Self.rounds,
            Self.pages,
            Self.strips,
            Self.lines,
            Self.raw,
            Self.model,
        ])

    let images: [String]
    let rounds: Int
    let pages: String?
    let strips: String?
    let lines: String?
    let raw: Bool
    let models: [MRZModel]

    init(_ parsed: ParsedCommand) throws {
        images = parsed.arguments(Self.image)
        rounds = try parsed.integer(Self.rounds, in: 1...100, default: 3)
        pages = parsed.value(Self.pages)
        strips = parsed.value(Self.strips)
        if strips != nil && pages == nil { throw UsageError(message: "--strips needs --pages DIR (the photos whose truth labels the strips)") }
        lines = parsed.value(Self.lines)
        raw = parsed[Self.raw]
        if raw && lines == nil { throw UsageError(message: "--raw changes how --lines DIR is read: add --lines DIR") }
        models = parsed.values(Self.model).map(MRZModel.named)
        if images.isEmpty && pages == nil && lines == nil {
            throw UsageError(message: "give photos to time, --pages DIR to count exact readings, --lines DIR to measure models; see 'stampkit bench mrz --help'")
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        terminal.note("OMP_THREAD_LIMIT=\(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] ?? "unset")")
        if !images.isEmpty { try timeImages(terminal) }
        if let pages, let strips {
            try writeStrips(URL(fileURLWithPath: pages), to: URL(fileURLWithPath: strips), terminal)
        } else if let pages {
            try countPages(URL(fileURLWithPath: pages), terminal)
        }
        if let lines { try measureLines(URL(fileURLWithPath: lines), terminal) }
        return 0
    }

    /// Per image: the median time from file to fields inside this process (load, find, read,
    /// repair, parse), and the median time of the whole `stampkit mrz IMAGE` command as a person
    /// runs it (process start, model load, printed fields included).
    private func timeImages(_ terminal: Terminal) throws {
        let reader = try MRZImageReader(model: models.first)
        let modelNames = reader.models.map(\.name).joined(separator: "+")
        terminal.result("image\tmodel\tms\tcommand_ms\tvalid")
        var medians: [Double] = [], commands: [Double] = []
        var valid = 0
        for image in images {
            let url = URL(fileURLWithPath: image)
            var ok = false
            var times: [Double] = [], whole: [Double] = []
            for round in 0...rounds {
                var reading: MRZImageReading?
                let ms = Timing.milliseconds { reading = try? reader.read(imageAt: url) }
                if round > 0 { times.append(ms) }  // round 0 warms caches up
                ok = reading?.document.valid ?? false
            }
            for round in 0...rounds {
                let ms = try Self.commandMilliseconds(["mrz", image] + (models.first.map { ["--model", Self.modelArgument($0)] } ?? []))
                if round > 0 { whole.append(ms) }
            }
            if ok { valid += 1 }
            medians.append(Timing.median(times))
            commands.append(Timing.median(whole))
            terminal.result(String(format: "%@\t%@\t%.1f\t%.1f\t%@", image, modelNames, Timing.median(times), Timing.median(whole), ok ? "yes" : "no"))
        }
        terminal.result(String(format: "median\t%@\t%.1f\t%.1f\t%d/%d", modelNames, Timing.median(medians), Timing.median(commands), valid, images.count))
    }

    /// How `--model` names `model` again for a child command.
    static func modelArgument(_ model: MRZModel) -> String {
        model.directory.map { $0.appendingPathComponent("\(model.name).traineddata").path } ?? model.name
    }

    /// Wall time of this program run with `arguments`, its output discarded.
    static func commandMilliseconds(_ arguments: [String]) throws -> Double {
        guard let executable = MRZModel.runningExecutable else {
            throw UsageError(message: "cannot find this program's own file to time the mrz command; run it from a path")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return try Timing.milliseconds {
            try process.run()
            process.waitUntilExit()
        }
    }

    /// The rows of `directory/truth.tsv` with at least `columns` tab-separated fields.
    private func truthRows(_ directory: URL, columns: Int, option: String) throws -> [[String]] {
        let truthFile = directory.appendingPathComponent("truth.tsv")
        guard let truth = try? String(contentsOf: truthFile, encoding: .utf8) else {
            throw UsageError(message: "--\(option) needs \(truthFile.path); make it with scripts/mrz/render.py \(option) DIR")
        }
        return truth.split(whereSeparator: \.isNewline).map { $0.split(separator: "\t").map(String.init) }
            .filter { $0.count >= columns }
    }

    /// Reads each photo once and compares with its truth; prints one status per page (never the
    /// zone itself) and the counts.
    private func countPages(_ directory: URL, _ terminal: Terminal) throws {
        let reader = try MRZImageReader(model: models.first)
        var counts: [String: Int] = [:]
        var times: [Double] = []
        let rows = try truthRows(directory, columns: 3, option: "pages")
        terminal.result("page\tformat\tms\tresult")
        for row in rows {
            var result = ""
            let ms = try Timing.milliseconds {
                do {
                    let reading = try reader.read(imageAt: directory.appendingPathComponent(row[0]))
                    let equal = reading.document.lines == row[2].split(separator: "|").map(String.init)
                    result = reading.document.valid ? (equal ? "exact" : "valid-but-wrong") : "invalid"
                } catch is MRZNotFound {
                    result = "not-found"
                }
            }
            times.append(ms)
            counts[result, default: 0] += 1
            terminal.result(String(format: "%@\t%@\t%.1f\t%@", row[0], row[1], ms, result))
        }
        let exact = counts["exact", default: 0]
        terminal.result(String(
            format: "pages\t%d\texact %d (%.1f%%)\tvalid-but-wrong %d\tinvalid %d\tnot-found %d\tmedian %.1f ms",
            rows.count, exact, 100 * Double(exact) / Double(max(1, rows.count)), counts["valid-but-wrong", default: 0],
            counts["invalid", default: 0], counts["not-found", default: 0], Timing.median(times)))
    }

    /// Cuts the zone lines of each photo as the reader frames them, labels them with the truth
    /// in the orientation that reads closer to it, and skips zones that read too far off (a wrong
    /// cut would teach the model nonsense).
    private func writeStrips(_ directory: URL, to output: URL, _ terminal: Terminal) throws {
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let model = try models.first ?? MRZModel.resolve()
        let engine = try MRZLineEngine(model: model.name, tessdata: model.directory)
        let finder = MRZZoneFinder()
        var table = ""
        var written = 0, skipped = 0
        for row in try truthRows(directory, columns: 3, option: "pages") {
            let truth = row[2].split(separator: "|").map(String.init)
            let image = try StampImage(contentsOf: directory.appendingPathComponent(row[0]))
            var best: (distance: Int, strips: [StampImage])?
            for zone in try finder.zones(in: image) where zone.lines.count == truth.count {
                for upsideDown in [false, true] {
                    let strips = try (upsideDown ? zone.lines.reversed().map { try $0.rotated(byDegrees: 180) } : zone.lines)
                        .map { try $0.textLineFramed(letterFraction: MRZImageReader.framings[0]) }
                    let distance = try zip(strips, truth).map { strip, text in
                        MRZText.editDistance(try engine.read(strip, layout: model.lineLayout).lines.joined(), text)
                    }.reduce(0, +)
                    if best == nil || distance < best!.distance { best = (distance, strips) }
                }
            }
            guard let best, best.distance * 4 <= truth.joined().count else {
                skipped += 1
                continue
            }
            for (index, strip) in best.strips.enumerated() {
                let name = "\((row[0] as NSString).deletingPathExtension)-\(index).png"
                try strip.writePNG(to: output.appendingPathComponent(name))
                table += "\(name)\t\(truth[index])\n"
                written += 1
            }
        }
        try table.write(to: output.appendingPathComponent("truth.tsv"), atomically: true, encoding: .utf8)
        terminal.result("strips\t\(written)\tpages skipped\t\(skipped)")
    }

    /// Reads every line image with each model and prints, per model, the character error rate
    /// and the share of lines exact as read, then after check-digit repair (lines of one zone, as
    /// their truth shows, parsed together), and the time per line.
    private func measureLines(_ directory: URL, _ terminal: Terminal) throws {
        let samples = try truthRows(directory, columns: 2, option: "lines").map { ($0[0], $0[1]) }
        let zones = Self.zones(samples.map(\.1))
        let candidates = models.isEmpty ? MRZModel.candidates() : models
        terminal.note(raw ? "lines read as they are (--raw)" : "lines normalised and framed before reading, as mrz --line reads them")
        terminal.result("model\tlines\tCER%\texact%\tCER%_repaired\texact%_repaired\tzones\tms_per_line")
        for model in candidates {
            let reader = try MRZLineReader(model: model)
            var reads: [String] = []
            var elapsed = 0.0
            for (file, _) in samples {
                let image = try StampImage(contentsOf: directory.appendingPathComponent(file))
                var read = ""
                elapsed += try Timing.milliseconds { read = try raw ? reader.read(prepared: image) : reader.read(image) }
                reads.append(read)
            }
            var repaired = reads
            for zone in zones {
                let lines = zone.map { reads[$0] }
                guard let document = try? MRZParser.parse(lines: lines, referenceDay: MRZDay(Date())),
                      document.lines.count == zone.count else { continue }
                for (line, index) in zone.enumerated() { repaired[index] = document.lines[line] }
            }
            let truth = samples.map(\.1)
            let before = Self.rates(reads, truth), after = Self.rates(repaired, truth)
            terminal.result(String(
                format: "%@\t%d\t%.2f\t%.1f\t%.2f\t%.1f\t%d\t%.1f", model.name, samples.count, before.cer, before.exact,
                after.cer, after.exact, zones.count, elapsed / Double(max(1, samples.count))))
        }
    }

    /// Character error rate and share of lines exact, both in per cent.
    static func rates(_ read: [String], _ truth: [String]) -> (cer: Double, exact: Double) {
        var errors = 0, characters = 0, exact = 0
        for (r, t) in zip(read, truth) {
            let distance = MRZText.editDistance(r, t)
            errors += distance
            characters += t.count
            if distance == 0 { exact += 1 }
        }
        return (100 * Double(errors) / Double(max(1, characters)), 100 * Double(exact) / Double(max(1, truth.count)))
    }

    /// Runs of consecutive truth lines that form one valid zone (3 lines of TD1, else 2), as
    /// `render.py lines` writes each holder's lines in order; a line of no zone stays alone and
    /// counts as read after repair.
    static func zones(_ truth: [String]) -> [[Int]] {
        var zones: [[Int]] = []
        var index = 0
        while index < truth.count {
            var found = false
            for size in [3, 2] where index + size <= truth.count {
                let lines = Array(truth[index..<(index + size)])
                guard Set(lines.map(\.count)).count == 1,
                      let document = try? MRZParser.parse(lines: lines, referenceDay: MRZDay(Date())),
                      document.valid, document.lines == lines, document.repairs.isEmpty else { continue }
                zones.append(Array(index..<(index + size)))
                index += size
                found = true
                break
            }
            if !found { index += 1 }
        }
        return zones
    }
}
