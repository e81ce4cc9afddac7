import Foundation
import StampKit

/// `stampkit bench mrz IMAGE... [--lines DIR]`: median time from photo to fields, and the
/// character error rate of each zone model on rendered line images with their truth.
struct BenchMRZCommand: ToolCommand {
    static let spec = CommandSpec(
        name: "mrz",
        abstract: "Time reading machine-readable zones from photos; measure each model's character error rate.",
        discussion: """
            For each IMAGE: one warm-up, then ROUNDS timed reads (load, find the zone, read, repair, \
            parse); prints per-image medians, whether the zone read valid, and the median over all \
            images. With --lines DIR (line images plus DIR/truth.tsv: file<TAB>text, as \
            scripts/mrz/render.py lines makes), reads every line with each model (StampKit's OCR-B model, Latin, eng, or the \
            --model ones) and prints the character error rate before repair. Prints no names or numbers.
            """,
        arguments: [ArgumentSpec(name: "image", help: "Photos of identity pages to time.", repeating: true, optional: true)],
        options: [
            .value("rounds", "N", help: "Timed rounds per image (default 3)."),
            .value("lines", "DIR", help: "Rendered line images with truth.tsv, for the error rate per model."),
            .value("model", "NAME|PATH", help: "A zone model to time and measure (repeatable; default: the one `mrz` uses).", repeating: true),
        ])

    let images: [String]
    let rounds: Int
    let lines: String?
    let models: [MRZModel]

    init(_ parsed: ParsedCommand) throws {
        images = parsed.argumentList("image")
        rounds = try parsed.integer("rounds", in: 1...100, default: 3)
        lines = parsed.value("lines")
        models = parsed.values("model").map(MRZModel.named)
        if images.isEmpty && lines == nil {
            throw UsageError(message: "give photos to time, --lines DIR to measure models, or both; see 'stampkit bench mrz --help'")
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        terminal.note("OMP_THREAD_LIMIT=\(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] ?? "unset")")
        if !images.isEmpty { try timeImages(terminal) }
        if let lines { try measureLines(URL(fileURLWithPath: lines), terminal) }
        return 0
    }

    private func timeImages(_ terminal: Terminal) throws {
        let reader = try MRZImageReader(model: models.first)
        let modelNames = reader.models.map(\.name).joined(separator: "+")
        terminal.result("image\tmodel\tms\tvalid")
        var medians: [Double] = []
        var valid = 0
        for image in images {
            let url = URL(fileURLWithPath: image)
            var ok = false
            var times: [Double] = []
            for round in 0...rounds {
                let start = DispatchTime.now().uptimeNanoseconds
                let reading = try? reader.read(imageAt: url)
                let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                if round > 0 { times.append(ms) }  // round 0 warms caches up
                ok = reading?.document.valid ?? false
            }
            if ok { valid += 1 }
            medians.append(median(times))
            terminal.result(String(format: "%@\t%@\t%.1f\t%@", image, modelNames, median(times), ok ? "yes" : "no"))
        }
        terminal.result(String(format: "median\t%@\t%.1f\t%d/%d", modelNames, median(medians), valid, images.count))
    }

    private func measureLines(_ directory: URL, _ terminal: Terminal) throws {
        let truthFile = directory.appendingPathComponent("truth.tsv")
        guard let truth = try? String(contentsOf: truthFile, encoding: .utf8) else {
            throw UsageError(message: "--lines needs \(truthFile.path) (file<TAB>text per line); make it with scripts/mrz/render.py lines DIR")
        }
        let samples = truth.split(whereSeparator: \.isNewline).compactMap { row -> (String, String)? in
            let parts = row.split(separator: "\t", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
        let candidates = models.isEmpty ? MRZModel.candidates() : models
        terminal.result("model\tlines\tCER%\texact_lines\tms_per_line")
        for model in candidates {
            let engine = try MRZLineEngine(model: model.name, tessdata: model.directory)
            var errors = 0, characters = 0, exact = 0
            var elapsed = 0.0
            for (file, text) in samples {
                let image = try StampImage(contentsOf: directory.appendingPathComponent(file))
                let start = DispatchTime.now().uptimeNanoseconds
                let read = try engine.read(image, layout: model.lineLayout).lines.joined()
                elapsed += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                let distance = MRZText.editDistance(read, text)
                errors += distance
                characters += text.count
                if distance == 0 { exact += 1 }
            }
            terminal.result(String(
                format: "%@\t%d\t%.2f\t%d\t%.1f", model.name, samples.count,
                100 * Double(errors) / Double(max(1, characters)), exact, elapsed / Double(max(1, samples.count))))
        }
    }
}
