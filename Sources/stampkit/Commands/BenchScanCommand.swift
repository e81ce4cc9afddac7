import Foundation
import StampKit

/// `stampkit bench scan IMAGE...`: full-scan time against one plain Tesseract pass on the same
/// image in the same run, so the ratio holds on a noisy shared machine.
struct BenchScanCommand: ToolCommand {
    static let rounds = ValueOption("rounds", "N", help: "Timed rounds per image (default 5).")
    static let image = Argument("image", help: "Stamp photos to time.", repeating: true)
    static let spec = CommandSpec(
        name: "scan",
        abstract: "Time a full scan against one plain Tesseract pass per image and print the ratio.",
        discussion: """
            For each image: one warm-up, then ROUNDS alternating rounds of (a) a plain pass — load \
            and one Tesseract recognition, no preparation or rotation search — and (b) a full scan — \
            load, straighten, read, match. Prints per-image medians, then the median over images and \
            the 90th percentile of the per-image ratios (the slow tail: stamps that needed many turns \
            read). Runs on one \
            worker with OMP_THREAD_LIMIT=1 (set by the executable unless you set it).
            """,
        arguments: [Self.image],
        options: [
            Self.rounds,
            GazetteerOption.spec,
        ])

    let images: [String]
    let rounds: Int
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        images = parsed.arguments(Self.image)
        rounds = try parsed.integer(Self.rounds, in: 1...100, default: 5)
        gazetteer = GazetteerOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let directory = try Gazetteer(path: gazetteer)
        let reader = try TesseractStampReader()
        let scanner = StampScanner(
            reader: reader, matcher: StampMatcher(directory: directory, lexicon: try Lexicon(files: directory.lexiconFiles())))
        terminal.note("OMP_THREAD_LIMIT=\(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] ?? "unset"), \(rounds) rounds per image")
        terminal.result("image\tplain_ms\tscan_ms\tratio")
        var plainMedians: [Double] = []
        var scanMedians: [Double] = []
        var ratios: [Double] = []
        for image in images {
            let url = URL(fileURLWithPath: image)
            _ = try reader.plainPass(imageAt: url)
            _ = try scanner.scan(imageAt: url, named: image, options: ReadOptions())
            var plain: [Double] = []
            var full: [Double] = []
            for _ in 0..<rounds {
                plain.append(try Timing.milliseconds { _ = try reader.plainPass(imageAt: url) })
                full.append(try Timing.milliseconds { _ = try scanner.scan(imageAt: url, named: image, options: ReadOptions()) })
            }
            let p = Timing.median(plain)
            let s = Timing.median(full)
            plainMedians.append(p)
            scanMedians.append(s)
            ratios.append(s / p)
            terminal.result(String(format: "%@\t%.1f\t%.1f\t%.2f", image, p, s, s / p))
        }
        terminal.result(String(
            format: "median\t%.1f\t%.1f\t%.2f", Timing.median(plainMedians), Timing.median(scanMedians), Timing.median(ratios)))
        terminal.result(String(
            format: "p90\t%.1f\t%.1f\t%.2f", Timing.percentile(plainMedians, 0.9), Timing.percentile(scanMedians, 0.9),
            Timing.percentile(ratios, 0.9)))
        return 0
    }
}
