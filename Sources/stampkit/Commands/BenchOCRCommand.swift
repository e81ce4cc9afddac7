import Foundation
import StampKit

/// `stampkit bench ocr IMAGE[@DEG]...`: the numbers behind the reader's settings — how each way
/// of finding the text-line angle does, and how each Tesseract layout reads the upright stamp.
struct BenchOCRCommand: ToolCommand {
    static let rounds = ValueOption("rounds", "N", help: "Timed rounds per image and setting (default 3).")
    static let image = Argument(
        "image", help: "Stamp photos; IMAGE@DEG gives the angle that turns it upright, to count misses.", repeating: true)
    static let spec = CommandSpec(
        name: "ocr",
        abstract: "Compare line-angle methods and Tesseract layouts on stamp photos (numbers, not pass/fail).",
        discussion: """
            Angle: for each binarisation the angle finder can use, with and without contrast \
            normalisation first, the angle found, its confidence and the time; with @DEG, a miss is \
            more than 2° off (mod 180°). Layouts: the stamp turned by the known angle (else the one \
            found) and read with each page-segmentation mode, the reader's score (confident letters) \
            upright and upside down, and the time. Medians over ROUNDS.
            """,
        arguments: [Self.image],
        options: [Self.rounds])

    let images: [(path: String, angle: Double?)]
    let rounds: Int

    init(_ parsed: ParsedCommand) throws {
        images = try parsed.arguments(Self.image).map { word in
            guard let at = word.lastIndex(of: "@") else { return (word, nil) }
            guard let angle = Double(word[word.index(after: at)...]), angle.isFinite else {
                throw UsageError(message: "give the known angle as IMAGE@DEG, e.g. stamp.jpg@-90, not '\(word)'")
            }
            return (String(word[..<at]), angle)
        }
        rounds = try parsed.integer(Self.rounds, in: 1...100, default: 3)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        var prepared: [(name: String, image: StampImage, gray: StampImage, angle: Double?)] = []
        for (path, angle) in images {
            let loaded = try StampImage(contentsOf: URL(fileURLWithPath: path))
            prepared.append((path, try reader.prepare(loaded).image, try loaded.grayscale().scaledDown(toLongSide: reader.workingLongSide), angle))
        }
        terminal.result("angle method\tcontrast\tmisses\tmedian_ms\tfound (confidence) per image")
        var found: [String: Double] = [:]
        for method in StampImage.SkewBinarisation.allCases {
            for contrast in [false, true] {
                var misses = 0, times: [Double] = [], cells: [String] = []
                for item in prepared {
                    let image = contrast ? item.image : item.gray
                    var result = (degrees: 0.0, confidence: 0.0)
                    for _ in 0..<rounds {
                        times.append(try Timing.milliseconds { result = try image.textLineAngle(binarisation: method) })
                    }
                    if let expected = item.angle {
                        let off = abs((result.degrees - expected).truncatingRemainder(dividingBy: 180))
                        if min(off, 180 - off) > 2 { misses += 1 }
                    }
                    if method == .backgroundNormalisedOtsu, contrast { found[item.name] = result.degrees }
                    cells.append(String(format: "%.1f (%.1f)", result.degrees, result.confidence))
                }
                let known = prepared.filter { $0.angle != nil }.count
                terminal.result("\(method)\t\(contrast ? "yes" : "no")\t\(known == 0 ? "-" : "\(misses)/\(known)")\t"
                    + String(format: "%.1f", Timing.median(times)) + "\t" + cells.joined(separator: "  "))
            }
        }
        terminal.result("")
        terminal.result("layout\tpsm\tscore_upright\tworst_upside_down\tmedian_ms")
        let layouts: [(String, TesseractEngine.Layout)] = [
            ("automatic", .automatic), ("single block", .singleBlock), ("sparse", .sparse), ("sparse+orientation", .sparseWithOrientation),
        ]
        for (name, layout) in layouts {
            var total = 0, worstWrong = 0, times: [Double] = []
            for item in prepared {
                let angle = item.angle ?? found[item.name] ?? 0
                let upright = try item.image.rotated(byDegrees: angle)
                var lines: [OCRLine] = []
                for _ in 0..<rounds {
                    times.append(try Timing.milliseconds { lines = try engine.recognise(upright, layout: layout) })
                }
                total += TesseractStampReader.score(lines)
                let wrong = try engine.recognise(try item.image.rotated(byDegrees: angle + 180), layout: layout)
                worstWrong = max(worstWrong, TesseractStampReader.score(wrong))
            }
            terminal.result("\(name)\t\(layout.rawValue)\t\(total)\t\(worstWrong)\t" + String(format: "%.1f", Timing.median(times)))
        }
        return 0
    }
}
