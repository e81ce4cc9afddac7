import Foundation
import Testing
@testable import StampKit

/// Numbers behind the reader's settings, printed rather than asserted (no timing assertions in
/// tests). Run with: OMP_THREAD_LIMIT=1 STAMPKIT_MEASURE=1 swift test --filter OCRMeasurements
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STAMPKIT_MEASURE"] != nil))
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
            var total = 0, times: [Double] = []
            for (name, expected) in Self.stamps {
                let image = try reader.prepare(try StampImage(contentsOf: ImagingFixtures.url(name))).image
                let upright = try image.rotated(byDegrees: expected)
                var lines: [OCRLine] = []
                times.append(try milliseconds { lines = try engine.recognise(upright, layout: layout) })
                total += TesseractStampReader.score(lines)
                print("  psm \(layout.rawValue) \(name): \(lines.map(\.text).joined(separator: " | "))")
            }
            print("layout psm \(layout.rawValue): total score \(total), median \(median(times)) ms")
        }
    }

    @Test func plainVersusFull() throws {
        let reader = try TesseractStampReader()
        var ratios: [Double] = []
        for (name, expected) in Self.stamps {
            let url = ImagingFixtures.url(name)
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
        print(String(format: "median full/plain ratio: %.2f", median(ratios)))
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
    @Test func fragileAngle() throws {
        let reader = try TesseractStampReader()
        let engine = try reader.engine(for: [])
        let image = try reader.prepare(try StampImage(contentsOf: ImagingFixtures.url("page-fra-rot186.jpg"))).image
        for layout in [TesseractEngine.Layout.automatic, .singleBlock, .sparse] {
            for angle in [173.0, 173.5, 173.875, 174, 174.5, 175] {
                let turned = try image.rotated(byDegrees: angle)
                let lines = try engine.recognise(turned, layout: layout)
                let good = lines.flatMap(\.words).filter { $0.confidence >= 70 }.map(\.text)
                print("fragile psm \(layout.rawValue) \(angle): score \(TesseractStampReader.score(lines)) \(good)")
            }
        }
    }
}
