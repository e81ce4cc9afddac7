import Foundation
import StampKit

/// `stampkit bench stamps DIR`: how well and how fast the stamps are found on page photos, the
/// time as a ratio to one plain Tesseract pass over the same page in the same run.
struct BenchStampsCommand: ToolCommand {
    static let rounds = ValueOption("rounds", "N", help: "Timed rounds per page (default 3).")
    static let folder = Argument("dir", help: "Folder of page photos; a truth.jsonl there (file, stamps[].box) is scored.")
    static let spec = CommandSpec(
        name: "stamps",
        abstract: "Find the stamps on each page of a folder: found and extra regions against its truth, time against Tesseract.",
        discussion: """
            A true stamp is found when a region overlaps its box with IoU at least 0.3 or covers at \
            least 60 % of it; a region matching no stamp, or a second region on the same stamp, is extra; one matching several stamps is merged. \
            Time: load and find the regions, against load and one plain Tesseract pass, medians of \
            ROUNDS alternating rounds, on one worker.
            """,
        arguments: [Self.folder],
        options: [Self.rounds])

    let folder: URL
    let rounds: Int

    init(_ parsed: ParsedCommand) throws {
        folder = URL(fileURLWithPath: parsed.arguments(Self.folder).first ?? ".")
        rounds = try parsed.integer(Self.rounds, in: 1...100, default: 3)
    }

    /// True boxes per file name, from truth.jsonl when the folder has one.
    private func truth() throws -> [String: [[Int]]]? {
        let url = folder.appendingPathComponent("truth.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        var boxes: [String: [[Int]]] = [:]
        for line in text.split(separator: "\n") where !line.isEmpty {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let file = object["file"] as? String, let stamps = object["stamps"] as? [[String: Any]] else {
                throw UsageError(message: "\(url.path): a line is not {\"file\": …, \"stamps\": [{\"box\": [x0, y0, x1, y1]}…]}; fix or remove it")
            }
            boxes[file] = stamps.compactMap { $0["box"] as? [Int] }.filter { $0.count == 4 }
        }
        return boxes
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { ["jpg", "jpeg", "png", "tif", "tiff", "webp", "bmp", "heic"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
        guard !names.isEmpty else { throw UsageError(message: "\(folder.path) holds no page photos; give a folder of JPEG/PNG/TIFF pages") }
        let truth = try truth()
        let reader = try TesseractStampReader()
        terminal.note("OMP_THREAD_LIMIT=\(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] ?? "unset"), \(rounds) rounds per page")
        terminal.result("page\ttrue\tregions\tfound\textra\tmerged\tplain_ms\tfind_ms\tratio")
        var trueCount = 0, foundCount = 0, extraCount = 0, mergedCount = 0
        var ratios: [Double] = []
        for name in names {
            let url = folder.appendingPathComponent(name)
            var regions = try StampImage(contentsOf: url).stampRegions()
            _ = try reader.plainPass(imageAt: url)
            var plain: [Double] = [], find: [Double] = []
            for _ in 0..<rounds {
                plain.append(try Timing.milliseconds { _ = try reader.plainPass(imageAt: url) })
                find.append(try Timing.milliseconds { regions = try StampImage(contentsOf: url).stampRegions() })
            }
            let p = Timing.median(plain), f = Timing.median(find)
            ratios.append(f / p)
            let stamps = truth?[name] ?? []
            let score = RegionScore(regions: regions, boxes: stamps)
            let found = score.found, extra = score.extra, merged = score.merged
            trueCount += stamps.count; foundCount += found; extraCount += extra; mergedCount += merged
            terminal.result(String(format: "%@\t%d\t%d\t%d\t%d\t%d\t%.1f\t%.1f\t%.2f", name, stamps.count, regions.count, found, extra, merged, p, f, f / p))
        }
        terminal.result(String(format: "total\t%d\t-\t%d\t%d\t%d\t-\t-\t%.2f", trueCount, foundCount, extraCount, mergedCount, Timing.median(ratios)))
        if truth != nil {
            terminal.result(String(format: "found %.1f%%, extra %.2f per true stamp, merged regions %d, median time ratio %.2f",
                                   100 * Double(foundCount) / Double(max(trueCount, 1)), Double(extraCount) / Double(max(trueCount, 1)),
                                   mergedCount, Timing.median(ratios)))
        }
        return 0
    }
}
