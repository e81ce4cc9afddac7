import Foundation
import StampKit

/// `stampkit scan --stamps PAGE...`: the stamp regions found on each page photo, listed (or as
/// JSON boxes) and optionally drawn on the page for a person to check.
enum ScanStamps {
    /// Lists the regions of each page; a bad page is reported and the rest still run.
    static func run(pages: [String], json: Bool, debugImage: String?, terminal: Terminal) throws -> Int32 {
        if debugImage != nil && pages.count != 1 {
            throw UsageError(message: "--debug-image draws one page: give exactly one page photo with it")
        }
        var firstFailure: CarriedFailure?
        for page in pages {
            do {
                let image = try StampImage(contentsOf: URL(fileURLWithPath: page))
                let regions = try image.stampRegions()
                if json {
                    terminal.result(.object([
                        ("image", .string(page)),
                        ("stamps", .array(regions.map { box in
                            .object([("box", .array([.int(box.x), .int(box.y), .int(box.x + box.width), .int(box.y + box.height)]))])
                        })),
                    ]))
                } else {
                    terminal.result("\(page): \(regions.count) stamp\(regions.count == 1 ? "" : "s")")
                    for (index, box) in regions.enumerated() {
                        terminal.result("  \(index + 1). x \(box.x)…\(box.x + box.width), y \(box.y)…\(box.y + box.height) (\(box.width)×\(box.height))")
                    }
                }
                if let debugImage {
                    let hidden = try Self.redactions(of: URL(fileURLWithPath: page))
                    try image.redacting(hidden).withBoxesDrawn(regions).writePNG(to: URL(fileURLWithPath: debugImage))
                    terminal.note("drew \(regions.count) region\(regions.count == 1 ? "" : "s") on \(debugImage)"
                        + (hidden.isEmpty ? "" : "; \(hidden.count) redacted area\(hidden.count == 1 ? "" : "s") of the catalogue's records of this photo filled"))
                }
            } catch {
                let failure = CarriedFailure(error, image: "\(page): error")
                terminal.note(failure.message)
                if firstFailure == nil { firstFailure = failure }
            }
        }
        return firstFailure?.failureClass.exitCode ?? 0
    }

    /// What the catalogue's records of this photo redact: a picture of the whole page must hide
    /// it too. No catalogue means nothing to hide; one that cannot be read stops the drawing,
    /// so a redaction is never skipped silently.
    static func redactions(of page: URL) throws -> [PixelBox] {
        let catalogue = CatalogueStore.defaultURL(explicit: nil, environment: ProcessInfo.processInfo.environment)
        guard FileManager.default.fileExists(atPath: catalogue.path) else { return [] }
        let store = try CatalogueStore.openForReading(url: catalogue)
        defer { store.close() }
        return try store.redactions(ofSource: StampRecord.Source.fingerprint(of: page).sha256)
    }
}
