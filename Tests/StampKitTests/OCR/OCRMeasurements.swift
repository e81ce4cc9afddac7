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
    ]

    private func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test func lineAngles() throws {
        for (name, expected) in Self.stamps {
            let reader = try TesseractStampReader()
            let image = try reader.prepare(try StampImage(contentsOf: ImagingFixtures.url(name))).image
            var found = (degrees: 0.0, confidence: 0.0)
            let ms = try milliseconds { found = try image.textLineAngle() }
            print(String(format: "angle %-18@ expected %6.1f found %6.1f conf %5.2f  %.0f ms", name as NSString, expected, found.degrees, found.confidence, ms))
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
