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
}
