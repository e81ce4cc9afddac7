import Foundation
import StampKit
import Synchronization

/// `stampkit scan IMAGE...`: propose where each stamp is from, with the evidence.
struct ScanCommand: ToolCommand {
    static let json = Flag("json", help: "One JSON object per image (JSON Lines), as in the README's contract.")
    static let top = ValueOption("top", "N", help: "Show at most N candidates per image (default 3).")
    static let jobs = ValueOption("jobs", "N", short: "j", help: "Scan N images at once (default: the number of cores).")
    static let stamps = Flag("stamps", help: "Treat each image as a page: list the stamp regions found on it (with --json: their boxes).")
    static let debugImage = ValueOption("debug-image", "OUT.png", help: "With --stamps: draw the regions found on the page into OUT.png.")
    static let image = Argument("image", help: "Stamp photos (JPEG, PNG, TIFF, WebP, BMP, GIF, HEIC).", repeating: true)
    static let spec = CommandSpec(
        name: "scan",
        abstract: "Propose where each stamp is from: country, region, city, airport, with evidence.",
        discussion: """
            Reads each image with Tesseract, weighs the clues (IATA codes, country signs and names, \
            airport words, dates, entry/exit words) against the gazetteer and prints the ranked \
            chains. A bad image does not stop the batch: its error is reported and the exit code is \
            non-zero at the end.
            """,
        arguments: [Self.image],
        options: ReadingOptions.specs + [
            Self.json,
            Self.top,
            Self.jobs,
            Self.stamps,
            Self.debugImage,
            GazetteerOption.spec,
        ])

    let images: [String]
    let reading: ReadingOptions
    let json: Bool
    let top: Int
    let jobs: Int
    let gazetteer: URL
    let stamps: Bool
    let debugImage: String?

    init(_ parsed: ParsedCommand) throws {
        images = parsed.arguments(Self.image)
        reading = try ReadingOptions(parsed)
        json = parsed[Self.json]
        top = try parsed.integer(Self.top, in: 1...50, default: 3)
        jobs = try parsed.integer(Self.jobs, in: 1...64, default: ProcessInfo.processInfo.activeProcessorCount)
        gazetteer = GazetteerOption.resolve(parsed)
        stamps = parsed[Self.stamps]
        debugImage = parsed.value(Self.debugImage)
        if debugImage != nil && !stamps { throw UsageError(message: "--debug-image draws stamp regions: add --stamps") }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        if stamps { return try ScanStamps.run(pages: images, json: json, debugImage: debugImage, terminal: terminal) }
        // Fail early and once on what every image needs: the gazetteer and the language data.
        let lexicon = try Lexicon(files: Gazetteer(path: gazetteer).lexiconFiles())
        let started = Mutex<TesseractStampReader?>(try TesseractStampReader(languages: reading.options.languages))
        let outcomes = Batch(count: images.count, terminal: terminal)
        let workers = min(jobs, images.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            // One engine and one database connection per worker: a Tesseract engine used by
            // two threads at once crashes, and a connection belongs to one thread.
            let scanner: StampScanner
            do {
                scanner = try StampScanner.forWorker(taking: started, languages: reading.options.languages,
                                                     gazetteer: gazetteer, lexicon: lexicon)
            } catch {
                outcomes.abandon(error)
                return
            }
            while let index = outcomes.claim() {
                let image = images[index]
                do {
                    let scan = try scanner.scan(imageAt: URL(fileURLWithPath: image), named: image, options: reading.options)
                    outcomes.finish(index, lines: json ? [scan.json(top: top).serialized()] : ScanText.render(scan, top: top), failure: nil)
                } catch {
                    let failure = CarriedFailure(error)
                    outcomes.finish(
                        index, lines: json ? [StampScan.errorJSON(image: image, failure: failure).serialized()] : [],
                        failure: CarriedFailure(error, image: "\(image): error"))
                }
            }
        }
        if let error = outcomes.abandoned { throw error }
        return outcomes.firstFailure?.exitCode ?? 0
    }
}

extension StampScanner {
    /// A worker's scanner. The first worker takes the engine the command started to check the
    /// language data; starting Tesseract a second time made a scan of one photo half a second
    /// longer and added a model's worth of memory. Later workers start their own.
    static func forWorker(taking started: borrowing Mutex<TesseractStampReader?>, languages: [String],
                          gazetteer: URL, lexicon: Lexicon) throws -> StampScanner {
        if let reader = started.withLock({ $0.take() }) {
            return try StampScanner(reader: reader, gazetteer: gazetteer, lexicon: lexicon)
        }
        return try StampScanner(languages: languages, gazetteer: gazetteer, lexicon: lexicon)
    }
}
