import Foundation
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitScan

/// The project's own Lexicons/ folder (the files under test, not a copy).
enum TestLexicon {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Lexicons")

    static let shared: Lexicon = try! Lexicon(directory: directory)

    /// The lexicon's stamp words as the matcher indexes them.
    static let stampWords = DamagedNameObservations.stampWords(shared)

    /// A fixed "today" so two-digit years and future checks do not drift: 2026-06-15 UTC.
    static let today = Date(timeIntervalSince1970: 1_781_481_600)
}

/// A fake OCR reading: one OCRLine per string, words split at spaces, each word with the given
/// confidence (or a per-word override `WORD@40`).
func reading(_ lines: [String], confidence: Double = 90) -> OCRReading {
    var y = 0
    let ocrLines = lines.map { text -> OCRLine in
        var x = 0
        let words = text.split(separator: " ").map { raw -> OCRWord in
            var word = String(raw)
            var conf = confidence
            if let at = word.lastIndex(of: "@"), let c = Double(word[word.index(after: at)...]) {
                conf = c
                word = String(word[..<at])
            }
            defer { x += word.count * 20 + 20 }
            return OCRWord(text: word, confidence: conf, box: PixelBox(x: x, y: y, width: word.count * 20, height: 30))
        }
        defer { y += 40 }
        let mean = words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count)
        return OCRLine(
            text: words.map(\.text).joined(separator: " "), confidence: mean,
            box: PixelBox(x: 0, y: y, width: max(x, 1), height: 30), words: words)
    }
    return OCRReading(lines: ocrLines, rotation: 0)
}
