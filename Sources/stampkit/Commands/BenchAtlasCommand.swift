import Foundation
import StampKit

/// `stampkit bench atlas`: how big the atlas page of a large collection is and how fast
/// headless Chromium shows it.
struct BenchAtlasCommand: ToolCommand {
    static let stamps = ValueOption("stamps", "N", help: "Synthetic stamps on the page (default 1000).")
    static let runs = ValueOption("runs", "N", help: "Browser loads to time (default 5).")
    static let keep = ValueOption("keep", "DIR", help: "Write the atlas into DIR and keep it, to look at.")
    static let spec = CommandSpec(
        name: "atlas",
        abstract: "Time writing the atlas of N synthetic stamps and its first render in headless Chromium.",
        discussion: """
            Makes a scratch catalogue of N synthetic stamps (countries from the gazetteer's \
            borders, thumbnails drawn for them) in a temporary folder, writes its atlas, then \
            loads it RUNS times in headless Chromium and reads the moment of its first paint, \
            which the page writes into its own DOM (performance.now() after the first frame). A \
            blank page loaded the same way is the baseline. Needs chromium (make deps).
            """,
        options: [Self.stamps, Self.runs, Self.keep, GazetteerOption.spec])

    let count: Int
    let runs: Int
    let keep: URL?
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        count = try parsed.integer(Self.stamps, in: 1...100_000, default: 1000)
        runs = try parsed.integer(Self.runs, in: 1...50, default: 5)
        keep = parsed.value(Self.keep).map { URL(fileURLWithPath: $0) }
        gazetteer = GazetteerOption.resolve(parsed)
    }

    static let chromiumPaths = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let chromium = Self.chromiumPaths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw UsageError(message: "bench atlas loads the page in headless Chromium, which is not installed; run 'make deps' (or apt-get install chromium)")
        }
        let places = try Gazetteer(path: gazetteer)
        guard let borders = try places.countryBorders() else {
            throw UsageError(message: "the gazetteer at \(gazetteer.path) has no country borders to draw; rebuild it with 'make gazetteer'")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stampkit-bench-atlas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = ThumbnailCache(directory: scratch.appendingPathComponent("thumbnails"))

        // Sixty countries with uneven counts, so every shading band shows.
        var countries: [(String, String, String)] = []
        for outline in borders.outlines(tolerance: AtlasCommand.tolerance, minimumSize: AtlasCommand.smallestIsland) {
            guard let code = outline.code, let country = try places.country(code: code), countries.count < 60 else { continue }
            countries.append((code, country.name, country.continent))
        }
        var records: [StampRecord] = []
        var continents: [String: String] = [:]
        let makeStart = Date()
        for n in 0..<count {
            let (code, name, continent) = countries[(n * n + n / 3) % countries.count]
            continents[code] = continent
            var record = StampRecord(
                source: .init(path: "/bench/photos/page-\(n).jpg", sha256: String(format: "%064x", n), size: 100_000, modified: Date()),
                status: .confirmed, country: .init(id: code, name: name), city: .init(id: n % 50, name: "City \(n % 50)"),
                date: CalendarDay(year: 2005 + n % 20, month: 1 + n % 12, day: 1 + n % 28),
                direction: n % 2 == 0 ? .arrival : .departure, entryMethod: .air, note: n % 9 == 0 ? "note <\(n)>" : nil)
            record.id = n + 1
            records.append(record)
            let canvas = try DrawingCanvas(width: 256, height: 176, background: .init(240 - n % 40, 236, 226 + n % 30))
            canvas.outline(PixelBox(x: 20, y: 20, width: 216, height: 136), colour: .init(60, 60, 150), lineWidth: 4)
            try canvas.text("\(code) \(n)", x: 40, y: 60, size: 8, colour: .init(60, 60, 150), background: .init(240 - n % 40, 236, 226 + n % 30))
            try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
            try canvas.image().writeJPEG(to: cache.url(for: record), quality: 80)
        }
        terminal.note("stampkit: \(count) synthetic stamps in \(countries.count) countries, thumbnails drawn in \(String(format: "%.1f", Date().timeIntervalSince(makeStart))) s")

        let shapes: [AtlasPage.Shape] = borders.outlines(tolerance: AtlasCommand.tolerance, minimumSize: AtlasCommand.smallestIsland).map {
            ($0.code, $0.name, $0.rings.map { $0.map { (lon: $0.lon, lat: $0.lat) } })
        }
        let page = AtlasPage(records: records, continentOf: { code in continents[code].map { ($0, $0) } }, shapes: shapes)
        let out = keep ?? scratch.appendingPathComponent("atlas")
        var report: AtlasReport?
        let writeMs = try Timing.milliseconds { report = try page.write(to: out, cache: cache) }
        let blank = scratch.appendingPathComponent("blank.html")
        try Data(("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body><p>blank</p><script>"
            + "document.body.setAttribute('data-script-ms',String(Math.round(performance.now())));"
            + "requestAnimationFrame(function(){setTimeout(function(){document.body.setAttribute('data-first-render-ms',"
            + "String(Math.round(performance.now())))},0)});</script></body></html>").utf8).write(to: blank)

        var loads: [(script: Double, render: Double?, wall: Double)] = [], empty: [(script: Double, render: Double?, wall: Double)] = []
        for _ in 0..<runs {
            // Interleaved, so a machine that gets busier slows both alike.
            empty.append(try Self.load(blank, chromium: chromium, scratch: scratch))
            loads.append(try Self.load(out.appendingPathComponent("index.html"), chromium: chromium, scratch: scratch))
        }
        func ms(_ v: Double) -> String { v.isNaN ? "–" : String(format: "%.0f ms", v) }
        func ratio(_ a: Double, _ b: Double) -> String { a.isNaN || b.isNaN ? "–" : String(format: "%.1f×", a / max(1, b)) }
        let r = report!
        terminal.result("atlas of \(r.stamps) stamps: page \(r.pageBytes / 1024) KB (index.html, css, js), with thumbnails \(r.bytes / 1024) KB; written in \(ms(writeMs))")
        let script = Timing.median(loads.map(\.script)), blankScript = Timing.median(empty.map(\.script))
        terminal.result("page built and filtered (script done), median of \(runs): \(ms(script)) after navigation start (blank page \(ms(blankScript)), \(ratio(script, blankScript)))")
        let frames = loads.compactMap(\.render), blankFrames = empty.compactMap(\.render)
        terminal.result("first frame: \(ms(Timing.median(frames))) in \(frames.count) of \(runs) loads that drew one before the dump "
            + "(blank page \(ms(Timing.median(blankFrames))) in \(blankFrames.count))")
        let wall = Timing.median(loads.map(\.wall)), blankWall = Timing.median(empty.map(\.wall))
        terminal.result("whole browser run, start to DOM dump: \(ms(wall)) (blank page \(ms(blankWall)), \(ratio(wall, blankWall)))")
        if keep != nil { terminal.note("stampkit: atlas kept in \(out.path)") }
        return 0
    }

    /// One headless load of `file`: when its script had run (the DOM built and filtered), when
    /// its first frame ran (nil when the browser dumped the DOM before any frame: headless
    /// Chromium does not always draw one before its load event), and the wall time.
    static func load(_ file: URL, chromium: String, scratch: URL) throws -> (script: Double, render: Double?, wall: Double) {
        let profile = scratch.appendingPathComponent("profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--user-data-dir=\(profile.path)",
                             // Waits past the load event so a frame can run; the page still
                             // reads real time (performance.now() counts its own work).
                             "--virtual-time-budget=10000",
                             "--dump-dom", "file://" + file.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        var dom = Data()
        let wall = try Timing.milliseconds {
            try process.run()
            dom = out.fileHandleForReading.readAll()
            process.waitUntilExit()
        }
        let text = String(decoding: dom, as: UTF8.self)
        guard let script = mark("data-script-ms", in: text) else {
            throw UsageError(message: "chromium did not run the script of \(file.lastPathComponent); try 'chromium --headless --dump-dom file://\(file.path)' by hand")
        }
        return (script, mark("data-first-render-ms", in: text), wall)
    }

    /// The number in attribute `name` of the dumped DOM.
    static func mark(_ name: String, in dom: String) -> Double? {
        guard let range = dom.range(of: name + "=\"") else { return nil }
        return Double(dom[range.upperBound...].prefix { $0.isNumber })
    }
}
