import Foundation
import StampKit

/// `stampkit bench catalogue`: how fast the catalogue saves and lists on this machine.
struct BenchCatalogueCommand: ToolCommand {
    static let spec = CommandSpec(
        name: "catalogue",
        abstract: "Time saving and listing catalogue records (synthetic records, a scratch catalogue).",
        discussion: """
            Adds N synthetic records to the catalogue given with --catalogue, one transaction each \
            as 'add' saves them, then times listing every record (reading, text lines, JSON) over \
            a few runs. Refuses to run without --catalogue, so a real catalogue never gets \
            benchmark records.
            """,
        options: [
            .value("catalogue", "PATH", help: "The scratch catalogue to fill (required)."),
            .value("add", "N", help: "Synthetic records to add first (default 0)."),
            .value("runs", "N", help: "Times to list (default 5)."),
        ])

    let catalogue: URL
    let add: Int
    let runs: Int

    init(_ parsed: ParsedCommand) throws {
        guard let path = parsed.value("catalogue") else {
            throw UsageError(message: "bench catalogue writes synthetic records: give a scratch file with --catalogue PATH")
        }
        catalogue = CatalogueStore.defaultURL(explicit: path, environment: [:])
        add = try parsed.integer("add", in: 0...1_000_000, default: 0)
        runs = try parsed.integer("runs", in: 1...100, default: 5)
    }

    static let countries = [("IS", "Iceland"), ("FR", "France"), ("DE", "Germany"), ("US", "United States"), ("JP", "Japan")]

    /// A record like a confirmed airport stamp, unique by its random hash.
    static func synthetic(_ n: Int) -> StampRecord {
        let hash = (UUID().uuidString + UUID().uuidString).replacingOccurrences(of: "-", with: "").lowercased()
        let (code, name) = countries[n % countries.count]
        return StampRecord(
            source: .init(path: "/bench/photos/page-\(n).jpg", sha256: hash, size: 100_000 + n, modified: Date()),
            crop: PixelBox(x: n % 500, y: 10, width: 400, height: 300), rotation: Double(n % 4) * 90,
            status: n % 10 == 0 ? .pending : .confirmed,
            country: .init(id: code, name: name), region: .init(id: "\(code).01", name: "Region \(n % 7)"),
            city: .init(id: 1000 + n % 50, name: "City \(n % 50)"), airport: .init(id: "A\(String(format: "%02d", n % 100))", name: "Airport"),
            date: CalendarDay(year: 2000 + n % 25, month: 1 + n % 12, day: 1 + n % 28),
            direction: n % 2 == 0 ? .arrival : .departure, entryMethod: .air, book: "Bench \(n % 3)",
            page: 1 + n % 40, favorite: n % 17 == 0, note: n % 5 == 0 ? "note \(n)" : nil,
            ocrText: "BENCH \(n)\nLINE TWO", evidence: [.init(kind: "airport-word", text: "FLUGVOL", detail: "airport word")],
            confidence: 0.9)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let store = try CatalogueOption.open(catalogue, terminal)
        if add > 0 {
            let start = Date()
            for n in 0..<add {
                try store.insert(Self.synthetic(n))
                if n % 100 == 0 { terminal.progress("added \(n)/\(add)") }
            }
            terminal.endProgress()
            let seconds = Date().timeIntervalSince(start)
            terminal.result(String(format: "add: %d records in %.2f s (%.2f ms each, one transaction each)", add, seconds, seconds * 1000 / Double(add)))
        }
        var all = RecordFilter()
        all.statuses = [.pending, .confirmed]
        let cache = CatalogueOption.thumbnails
        var read: [Double] = [], text: [Double] = [], json: [Double] = []
        var count = 0
        for _ in 0..<runs {
            var t = Date()
            let records = try store.records(matching: all)
            read.append(Date().timeIntervalSince(t) * 1000)
            count = records.count
            t = Date()
            var bytes = 0
            for record in records { bytes += recordLine(record).utf8.count }
            text.append(Date().timeIntervalSince(t) * 1000)
            t = Date()
            for record in records { bytes += record.json(thumbnail: cache.path(for: record)).serialized().utf8.count }
            json.append(Date().timeIntervalSince(t) * 1000)
            _ = bytes
        }
        terminal.result(String(format: "list: %d records; read %.1f ms, text lines %.1f ms, JSON %.1f ms (median of %d runs)",
                               count, median(read), median(text), median(json), runs))
        return 0
    }
}
