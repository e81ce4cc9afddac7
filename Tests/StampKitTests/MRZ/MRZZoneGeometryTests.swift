import Foundation
import Testing
@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitOCR
@testable import StampKitSQLite
@testable import StampKitScan

/// Synthetic zone lines drawn in code: rows of two-stemmed letters with the strokes a photo adds
/// round them (guilloche lines under the zone, the feet of the line above).
@Suite struct MRZZoneGeometryTests {
    /// A grayscale picture as a 24-bit BMP in a scratch folder, loaded back as a StampImage.
    static func image(width: Int, height: Int, _ shade: (Int, Int) -> UInt8) throws -> StampImage {
        let rowBytes = (width * 3 + 3) / 4 * 4
        var data = Data()
        func le32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func le16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("BM".utf8))
        le32(54 + rowBytes * height); le32(0); le32(54)
        le32(40); le32(width); le32(height); le16(1); le16(24); le32(0); le32(rowBytes * height)
        le32(2835); le32(2835); le32(0); le32(0)
        for y in (0..<height).reversed() {  // BMP rows run bottom-up
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width {
                let v = shade(x, y)
                row[3 * x] = v; row[3 * x + 1] = v; row[3 * x + 2] = v
            }
            data.append(contentsOf: row)
        }
        let url = try ImagingFixtures.scratch().appendingPathComponent("synthetic.bmp")
        try data.write(to: url)
        return try StampImage(contentsOf: url)
    }

    /// A letter of the synthetic line at (x, y) relative to its top-left: two stems and a top bar.
    static func letter(_ x: Int, _ y: Int, height: Int) -> Bool {
        guard y >= 0, y < height, x >= 0, x < 11 else { return false }
        return x < 3 || x >= 8 || y < 3
    }

    /// A strip of 44 letters `letterHeight` tall starting at row `top`, plus dark rows `strokes`.
    static func strip(top: Int, letterHeight: Int = 20, height: Int = 80, strokes: Set<Int> = []) throws -> StampImage {
        try image(width: 760, height: height) { x, y in
            if strokes.contains(y) { return 60 }
            let column = x - 20
            guard column >= 0, column < 44 * 16 else { return 215 }
            return letter(column % 16, y - top, height: letterHeight) ? 40 : 215
        }
    }

    /// Rows of the framed strip holding dark pixels, top to bottom.
    static func inkedRows(_ strip: StampImage) throws -> [Int] {
        let gray = try strip.grayscale()
        // Every third column meets each three-pixel stem and each stroke.
        return (0..<gray.height).filter { y in
            stride(from: 0, to: gray.width, by: 3).contains { x in (gray.rgb(atX: x, y: y)?.red ?? 255) < 128 }
        }
    }

    /// Frames `strip` and checks the 20-row letters fill 0.375 of the frame and only they (and at
    /// most a row of paper round them) are inked.
    static func expectOnlyTheLettersFramed(_ strip: StampImage, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let framed = try strip.textLineFramed()
        #expect(abs(framed.height - 53) <= 2, "letters must fill 0.375 of the frame, got \(framed.height) rows",
                sourceLocation: sourceLocation)
        let rows = try inkedRows(framed)
        let first = try #require(rows.first, sourceLocation: sourceLocation)
        let last = try #require(rows.last, sourceLocation: sourceLocation)
        #expect(last - first + 1 <= 22, "inked rows \(first)...\(last)", sourceLocation: sourceLocation)
    }

    @Test func cleanLineKeepsTheTrainedGeometry() throws {
        let framed = try Self.strip(top: 30).textLineFramed()
        // 20 letter rows at 0.375 of the frame.
        #expect(abs(framed.height - 53) <= 1)
        let rows = try Self.inkedRows(framed)
        #expect(rows.count >= 18 && rows.count <= 22)
    }

    @Test func strokesAlongTheLineStayOutOfTheFrame() throws {
        // A guilloche stroke close above the letters and two below, each parted from the letters
        // by a row or two of paper: ink per row alone takes them for part of the line.
        let strip = try Self.strip(top: 30, strokes: [26, 27, 51, 52, 54, 55])
        try Self.expectOnlyTheLettersFramed(strip)
    }

    @Test func neighbouringLinesFeetAreBlankedOut() throws {
        // The top of the next line two rows under this one, cut in by a tight strip (close lines
        // in perspective): its letters' tops are few strokes, not a letter row.
        let strip = try Self.image(width: 760, height: 80) { x, y in
            let column = x - 20
            guard column >= 0, column < 44 * 16 else { return 215 }
            if Self.letter(column % 16, y - 30, height: 20) { return 40 }
            // Next line's tops: only every third letter reaches up this far.
            if y >= 52, (column / 16) % 3 == 0, Self.letter(column % 16, y - 52, height: 20) { return 40 }
            return 215
        }
        try Self.expectOnlyTheLettersFramed(strip)
    }

    @Test func faintLineIsFramedRatherThanTheNeighbourCutIn() throws {
        // This line is half printed (every other letter); the foot of the full line above fills
        // the strip's top rows with more ink than it has.
        let strip = try Self.image(width: 760, height: 80) { x, y in
            let column = x - 20
            guard column >= 0, column < 44 * 16 else { return 215 }
            if (column / 16) % 2 == 0, Self.letter(column % 16, y - 30, height: 20) { return 40 }
            if Self.letter(column % 16, y + 8, height: 20) { return 40 }  // rows 0...11: its foot
            return 215
        }
        try Self.expectOnlyTheLettersFramed(strip)
    }

    @Test func zoneLineWithFaintEndIsCutAsLongAsTheZone() throws {
        // A two-line zone whose second line loses its last five letters to glare: too faint to
        // join its bar, still there for the reader.
        let page = try Self.image(width: 1000, height: 700) { x, y in
            let column = x - 250
            guard column >= 0, column < 44 * 11 else { return 215 }
            let index = column / 11
            if Self.letter(column % 11 - 1, y - 500, height: 14) { return 40 }
            if Self.letter(column % 11 - 1, y - 524, height: 14) { return index >= 39 ? 175 : 40 }
            return 215
        }
        let zones = try MRZZoneFinder().zones(in: page)
        let zone = try #require(zones.first)
        try #require(zone.lines.count == 2)
        #expect(abs(zone.lines[0].width - zone.lines[1].width) <= 2,
                "line widths \(zone.lines[0].width) and \(zone.lines[1].width)")
    }

    @Test func neighbourWithinTheFrameIsBlankedOut() throws {
        // The next line's tops eight rows under this one: apart from the band, but inside the
        // frame the model is given (letters 0.375 of its height).
        let strip = try Self.image(width: 760, height: 80) { x, y in
            let column = x - 20
            guard column >= 0, column < 44 * 16 else { return 215 }
            if Self.letter(column % 16, y - 30, height: 20) || Self.letter(column % 16, y - 58, height: 20) { return 40 }
            return 215
        }
        try Self.expectOnlyTheLettersFramed(strip)
    }
}
