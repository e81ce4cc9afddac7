import Foundation
import Testing
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitScan
@testable import StampKitSupport

/// Numbers behind the reader's settings, printed rather than asserted (no timing assertions in
/// tests). Run with: OMP_THREAD_LIMIT=1 STAMPKIT_MEASURE=1 swift test --filter OCRMeasurements
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["STAMPKIT_MEASURE"] != nil))
struct OCRMeasurements {
    static let stamps = [
        ("stamp-upright.jpg", 0.0), ("stamp-rot90.jpg", -90), ("stamp-rot180.jpg", 180),
        ("stamp-rot270.jpg", 90), ("stamp-rot17.jpg", -17), ("stamp-rot-33.jpg", 33),
        ("stamp-faded.jpg", 0), ("stamp-colour.jpg", 8), ("stamp-exif6.jpg", 0), ("stamp.png", 0),
        ("page-kef-rot90.jpg", -90), ("page-fra-rot186.jpg", 174), ("page-cdg-rot-24.jpg", 24),
    ]

    private func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test func lineAngles() throws {
        let reader = try TesseractStampReader()
        for method in StampImage.SkewBinarisation.allCases {
            for contrast in [false, true] {
                var misses = 0, times: [Double] = [], confidences: [String] = []
                for (name, expected) in Self.stamps {
                    let loaded = try StampImage(contentsOf: ImagingFixtures.url(name))
                    let image = contrast ? try reader.prepare(loaded).image : try loaded.grayscale().scaledDown(toLongSide: reader.workingLongSide)
                    var found = (degrees: 0.0, confidence: 0.0)
                    times.append(try milliseconds { found = try image.textLineAngle(binarisation: method) })
                    let off = abs((found.degrees - expected).truncatingRemainder(dividingBy: 180))
                    if min(off, 180 - off) > 2 { misses += 1; confidences.append("MISS \(name) \(found.degrees)") }
                    confidences.append(String(format: "%.1f", found.confidence))
                }
                print("angle \(method) contrast=\(contrast): misses \(misses)/\(Self.stamps.count), median \(median(times)) ms; conf \(confidences.joined(separator: " "))")
            }
        }
    }

    @Test func layouts() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        for layout in [TesseractEngine.Layout.automatic, .singleBlock, .sparse, .sparseWithOrientation] {
            var total = 0, wrongMax = 0, times: [Double] = [], pages: [String] = []
            for (name, expected) in Self.stamps {
                let image = try reader.prepare(try StampImage(contentsOf: ImagingFixtures.url(name))).image
                let upright = try image.rotated(byDegrees: expected)
                var lines: [OCRLine] = []
                let ms = try milliseconds { lines = try engine.recognise(upright, layout: layout) }
                times.append(ms)
                total += TesseractStampReader.score(lines)
                let wrong = TesseractStampReader.score(try engine.recognise(try image.rotated(byDegrees: expected + 180), layout: layout))
                wrongMax = max(wrongMax, wrong)
                if name.hasPrefix("page") { pages.append("\(TesseractStampReader.score(lines))/\(wrong) \(Int(ms))ms") }
            }
            print("layout psm \(layout.rawValue): total score \(total), worst wrong-way score \(wrongMax), median \(median(times)) ms; pages \(pages)")
        }
    }

    @Test(arguments: [false, true])
    func plainVersusFull(phoneSized: Bool) throws {
        let reader = try TesseractStampReader()
        var ratios: [Double] = []
        let scratch = try ImagingFixtures.scratch()
        for (name, expected) in Self.stamps {
            var url = ImagingFixtures.url(name)
            if phoneSized {  // the fixture enlarged to a 12-megapixel-class photo (4000 px long side)
                url = scratch.appendingPathComponent(name + ".big.jpg")
                try StampImage(contentsOf: ImagingFixtures.url(name)).scaledUp(toLongSide: 4000).writeJPEG(to: url, quality: 85)
            }
            var plain: [Double] = [], full: [Double] = []
            var reading = OCRReading(lines: [], rotation: 0), plainReading = reading
            for _ in 0..<5 {
                plain.append(try milliseconds { plainReading = try reader.plainPass(imageAt: url) })
                full.append(try milliseconds { reading = try reader.read(imageAt: url) })
            }
            ratios.append(median(full) / median(plain))
            print(String(format: "%-18@ plain %5.0f ms  full %5.0f ms  x%.2f  rotation %6.1f (expected %6.1f)  plain: %@  full: %@",
                         name as NSString, median(plain), median(full), median(full) / median(plain), reading.rotation, expected,
                         plainReading.text.replacingOccurrences(of: "\n", with: " | ") as NSString,
                         reading.text.replacingOccurrences(of: "\n", with: " | ") as NSString))
        }
        print(String(format: "median full/plain ratio (phone-sized %@): %.2f", phoneSized ? "yes" : "no", median(ratios)))
    }
}

extension OCRMeasurements {
    @Test func uprightVersusUpsideDown() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        for (name, expected) in Self.stamps {
            let image = try reader.prepare(try StampImage(contentsOf: ImagingFixtures.url(name))).image
            for offset in [0.0, 180, 90] {
                let pass = try reader.pass(image, rotation: expected + offset, engine: engine)
                let words = pass.lines.flatMap(\.words)
                let mean = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
                print(String(format: "%-18@ %+4.0f score %3d words %2d mean %5.1f  %@", name as NSString, offset, pass.score, words.count, mean,
                             words.map { "\($0.text):\(Int($0.confidence))" }.joined(separator: " ") as NSString))
            }
        }
    }
}

extension OCRMeasurements {
    /// Preparation variants on upright (known-angle) images: working size and contrast steps.
    @Test func preparationVariants() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        // A phone-sized photo: the page scene enlarged three times (3600 × 3000).
        let big = try StampImage(contentsOf: ImagingFixtures.url("page-cdg-rot-24.jpg")).grayscale().scaledUp(toLongSide: 3600)
        let images: [(String, StampImage, Double)] = try Self.stamps.map {
            ($0.0, try StampImage(contentsOf: ImagingFixtures.url($0.0)), $0.1)
        } + [("page-cdg x3 (3600 px)", big, 24)]
        typealias Variant = (String, (StampImage) throws -> StampImage)
        let variants: [Variant] = [
            ("colour as loaded", { $0 }),
            ("gray", { try $0.grayscale() }),
            ("gray+contrast", { try $0.grayscale().contrastNormalised() }),
            ("gray<=800+contrast", { try $0.grayscale().scaledDown(toLongSide: 800).contrastNormalised() }),
            ("gray<=1000+contrast", { try $0.grayscale().scaledDown(toLongSide: 1000).contrastNormalised() }),
            ("gray<=1200+contrast", { try $0.grayscale().scaledDown(toLongSide: 1200).contrastNormalised() }),
            ("gray<=1600+contrast", { try $0.grayscale().scaledDown(toLongSide: 1600).contrastNormalised() }),
            ("gray<=2000+contrast", { try $0.grayscale().scaledDown(toLongSide: 2000).contrastNormalised() }),
            ("gray<=1600", { try $0.grayscale().scaledDown(toLongSide: 1600) }),
            ("gray<=1600+bgnorm", { try $0.grayscale().scaledDown(toLongSide: 1600).backgroundNormalised() }),
        ]
        for (label, make) in variants {
            var total = 0, times: [Double] = [], bigMs = 0.0, bigScore = 0, each: [Int] = []
            for (name, image, rotation) in images {
                var lines: [OCRLine] = []
                let ms = try milliseconds {
                    let prepared = try make(image).rotated(byDegrees: rotation)
                    lines = try engine.recognise(prepared, layout: reader.layout)
                }
                if name.hasPrefix("page-cdg x3") { bigMs = ms; bigScore = TesseractStampReader.score(lines) } else {
                    total += TesseractStampReader.score(lines); times.append(ms); each.append(TesseractStampReader.score(lines))
                }
            }
            print(String(format: "prep %-22@ score %4d  median %5.0f ms | 3600px photo: score %3d, %5.0f ms  %@", label as NSString, total, median(times), bigScore, bigMs, each.map(String.init).joined(separator: " ") as NSString))
        }
    }
}

extension OCRMeasurements {
    /// Cleaning variants at the known angle and at the wrong (half-turned) one: score and time.
    @Test func cleaningVariants() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        let names = ["page-kef-rot90.jpg", "page-fra-rot186.jpg", "page-cdg-rot-24.jpg", "stamp-faded.jpg", "stamp-colour.jpg", "stamp-rot180.jpg"]
        typealias Variant = (String, (StampImage) throws -> StampImage)
        let variants: [Variant] = [
            ("gray", { $0 }),
            ("contrast 30", { try $0.contrastNormalised(minDifference: 30) }),
            ("contrast 50", { try $0.contrastNormalised(minDifference: 50) }),
            ("contrast 30 levels 0-200", { try $0.contrastNormalised(minDifference: 30).levels(black: 0, white: 200) }),
            ("contrast 30 levels 0-160", { try $0.contrastNormalised(minDifference: 30).levels(black: 0, white: 160) }),
            ("contrast 30 levels 40-200", { try $0.contrastNormalised(minDifference: 30).levels(black: 40, white: 200) }),
            ("contrast 30 tile 100", { try $0.contrastNormalised(tile: 100, minDifference: 30) }),
            ("bgnorm", { try $0.backgroundNormalised() }),
            ("bgnorm+contrast 40", { try $0.backgroundNormalised().contrastNormalised(minDifference: 40) }),
        ]
        for (label, make) in variants {
            var report: [String] = [], times: [Double] = []
            for name in names {
                let expected = Self.stamps.first { $0.0 == name }!.1
                let gray = try StampImage(contentsOf: ImagingFixtures.url(name)).grayscale().scaledDown(toLongSide: reader.workingLongSide)
                var right = 0, wrong = 0
                let ms = try milliseconds {
                    let cleaned = try make(gray)
                    right = TesseractStampReader.score(try engine.recognise(try cleaned.rotated(byDegrees: expected), layout: reader.layout))
                    wrong = TesseractStampReader.score(try engine.recognise(try cleaned.rotated(byDegrees: expected + 180), layout: reader.layout))
                }
                times.append(ms)
                report.append("\(right)/\(wrong) \(Int(ms))ms")
            }
            print("clean \(label): \(report.joined(separator: ", ")) | total \(Int(times.reduce(0, +))) ms")
        }
    }
}

extension OCRMeasurements {
    /// Default language choice: eng alone against eng plus installed Latin-script packs.
    @Test func languageChoice() throws {
        let sets = [["eng"], ["eng", "isl"], ["isl", "eng"]].filter { $0.allSatisfy(TesseractEngine.installedLanguages().contains) }
        for languages in sets {
            let reader = try TesseractStampReader(languages: languages)
            var times: [Double] = [], total = 0
            for (name, _) in Self.stamps {
                var reading = OCRReading(lines: [], rotation: 0)
                times.append(try milliseconds { reading = try reader.read(imageAt: ImagingFixtures.url(name)) })
                total += TesseractStampReader.score(reading.lines)
            }
            let icelandic = try reader.read(imageAt: ImagingFixtures.url("words-icelandic.png")).text.replacingOccurrences(of: "\n", with: " | ")
            print("languages \(languages.joined(separator: "+")): total score \(total), median read \(median(times)) ms; Icelandic line: \(icelandic)")
        }
    }
}

extension OCRMeasurements {
    /// Tesseract 5 re-reads doubtful lines inverted (white on black); stamps never are.
    @Test func invertedRetry() throws {
        for invert in ["1", "0"] {
            let reader = try TesseractStampReader()
            let engine = try reader.engine(for: [])
            engine.setVariable("tessedit_do_invert", invert)
            var times: [Double] = [], total = 0
            for (name, expected) in Self.stamps {
                let image = try reader.prepare(try StampImage(contentsOf: ImagingFixtures.url(name))).image
                for offset in [0.0, 180] {
                    let turned = try image.rotated(byDegrees: expected + offset)
                    var runs: [Double] = []
                    var lines: [OCRLine] = []
                    for _ in 0..<3 { runs.append(try milliseconds { lines = try engine.recognise(turned, layout: reader.layout) }) }
                    times.append(median(runs))
                    if offset == 0 { total += TesseractStampReader.score(lines) }
                }
            }
            print("invert \(invert): upright score \(total), pass median \(median(times)) ms, sum \(Int(times.reduce(0, +))) ms")
        }
    }
}
