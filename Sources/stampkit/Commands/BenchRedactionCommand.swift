import Foundation
import StampKit

/// `stampkit bench redaction PHOTO...`: what hiding a region costs a thumbnail, against the
/// same thumbnail without one in the same run.
struct BenchRedactionCommand: ToolCommand {
    static let rounds = ValueOption("rounds", "N", help: "Timed rounds per photo (default 5).")
    static let image = Argument("image", help: "Photos to make thumbnails of.", repeating: true)
    static let spec = CommandSpec(
        name: "redaction",
        abstract: "Time making a thumbnail with a redaction against the same thumbnail without one.",
        discussion: """
            For each photo, alternating rounds make the 256 px thumbnail of four records in a \
            scratch cache: the whole photo and its middle half as a crop, each plain and with a \
            box over its middle (a quarter of its width and height). A whole photo without a \
            redaction may be decoded reduced; with one it is decoded at full size, which is most \
            of the cost. Prints per-photo medians in ms and the redacted/plain ratios. Nothing is \
            catalogued.
            """,
        arguments: [Self.image],
        options: [Self.rounds])

    let images: [String]
    let rounds: Int

    init(_ parsed: ParsedCommand) throws {
        images = parsed.arguments(Self.image)
        rounds = try parsed.integer(Self.rounds, in: 1...100, default: 5)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-bench-redaction-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = ThumbnailCache(directory: scratch)
        terminal.note("\(rounds) rounds per photo; times include reading the photo and writing the JPEG")
        terminal.result("image\twhole_ms\twhole_redacted_ms\tratio\tcrop_ms\tcrop_redacted_ms\tratio")
        var ratios: [[Double]] = [[], []]
        for image in images {
            let url = URL(fileURLWithPath: image).standardizedFileURL
            let source = try StampRecord.Source.fingerprint(of: url)
            let size = try StampImage(contentsOf: url)
            let (w, h) = (size.width, size.height)
            let middle = PixelBox(x: w / 4, y: h / 4, width: w / 2, height: h / 2)
            func box(in area: PixelBox) -> PixelBox {
                PixelBox(x: area.x + area.width * 3 / 8, y: area.y + area.height * 3 / 8, width: area.width / 4, height: area.height / 4)
            }
            let whole = PixelBox(x: 0, y: 0, width: w, height: h)
            let records = [
                StampRecord(source: source), StampRecord(source: source, redactions: [box(in: whole)]),
                StampRecord(source: source, crop: middle), StampRecord(source: source, crop: middle, redactions: [box(in: middle)]),
            ]
            for record in records { try cache.make(for: record) }
            var times: [[Double]] = Array(repeating: [], count: records.count)
            for _ in 0..<rounds {
                for (i, record) in records.enumerated() {
                    times[i].append(try Timing.milliseconds { try cache.make(for: record) })
                }
            }
            let m = times.map(Timing.median)
            ratios[0].append(m[1] / m[0])
            ratios[1].append(m[3] / m[2])
            terminal.result(String(format: "%@\t%.1f\t%.1f\t%.2f\t%.1f\t%.1f\t%.2f", image, m[0], m[1], m[1] / m[0], m[2], m[3], m[3] / m[2]))
        }
        terminal.result(String(format: "median ratio\twhole %.2f\tcrop %.2f", Timing.median(ratios[0]), Timing.median(ratios[1])))
        return 0
    }
}
