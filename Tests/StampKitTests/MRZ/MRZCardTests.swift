import Foundation
import Testing

@testable import StampKitImaging
@testable import StampKitMRZ

/// Documents other than a passport page (`scripts/mrz/cards.py`, ICAO specimen zones on drawn
/// cards and stickers): each zone must be found and read exactly.
@Suite(.serialized) struct MRZCardTests {
    static let mrva = ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX7408122F96121096ZE184226B<<<<<<"]

    static func read(_ name: String) throws -> MRZImageReading {
        let reader = try MRZImageReader(model: MRZModel.named(MRZModel.checkoutModel.path))
        return try reader.read(StampImage(contentsOf: MRZImageTests.fixture(name)), referenceDay: mrzToday)
    }

    @Test func cardFillingTheFrameReads() throws {
        // The zone fills the card's lower third; the three lines of 30 are the longest on it.
        let reading = try Self.read("card-td1-third.jpg")
        MRZImageTests.expectExact(reading, MRZImageTests.td1)
        #expect(reading.document.format == .td1)
        #expect(abs(reading.rotation) < 2)
    }

    @Test func cardOnAGrainedTableReads() throws {
        // The table's wood grain makes long, evenly spaced bars longer than the zone's lines.
        let reading = try Self.read("card-td1-table.jpg")
        MRZImageTests.expectExact(reading, MRZImageTests.td1)
    }

    @Test func visaStickerOverItsPatternReads() throws {
        // Waves and rosettes printed under the zone: only the normalised strips read.
        let reading = try Self.read("visa-sticker.jpg")
        MRZImageTests.expectExact(reading, Self.mrva)
        #expect(reading.document.format == .mrvA)
    }

    @Test func grainBarsAreNotZoneLines() throws {
        let image = try StampImage(contentsOf: MRZImageTests.fixture("card-td1-table.jpg"))
        let zones = try MRZZoneFinder().zones(in: image)
        let first = try #require(zones.first)
        // The zone, not three strokes of grain: a card's zone lies inside the card, below its centre.
        #expect(first.lines.count == 3)
        #expect(first.belowCentre)
    }

    @Test func barsOfLettersGrainAndMergedLines() {
        let bar = PixelBox(x: 0, y: 0, width: 600, height: 20)
        // 30 letters 16 px tall, 12 wide, 20 apart: a zone line.
        let letters = (0..<30).map { PixelBox(x: $0 * 20, y: 2, width: 12, height: 16) }
        #expect(MRZZoneFinder.madeOfLetters(letters, bar: bar))
        // Grain: a few long flat strokes and specks of every height.
        let grain = (0..<6).map { PixelBox(x: $0 * 100, y: 8, width: 90, height: 3) }
            + (0..<12).map { PixelBox(x: $0 * 50, y: 5, width: 4, height: 1 + $0 % 9) }
        #expect(!MRZZoneFinder.madeOfLetters(grain, bar: bar))
        // Three tilted lines merged into one bar 60 px tall: letters a quarter of it, all alike.
        let tall = PixelBox(x: 0, y: 0, width: 600, height: 60)
        let merged = (0..<90).map { PixelBox(x: ($0 % 30) * 20, y: ($0 / 30) * 20, width: 12, height: 15 + $0 % 2) }
        #expect(MRZZoneFinder.madeOfLetters(merged, bar: tall))
    }
}
