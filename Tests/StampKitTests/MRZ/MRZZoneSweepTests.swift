import Foundation
import Testing

@testable import StampKitImaging
@testable import StampKitMRZ

/// Pages whose angle the page-wide search gets wrong: the zone is looked for again at every
/// turn of the sweep, and only when nothing else reads.
@Suite(.serialized) struct MRZZoneSweepTests {
    static func reader() throws -> MRZImageReader {
        try MRZImageReader(model: MRZModel.named(MRZModel.checkoutModel.path))
    }

    @Test func aCardTurnedTwentyDegreesReadsBySweeping() throws {
        let reader = try Self.reader()
        let turned = try StampImage(contentsOf: MRZImageTests.fixture("page-td1-card.jpg")).rotated(byDegrees: 20)
        // The page angle alone leaves this card's lines too tilted to find: the case the sweep is for.
        #expect(throws: MRZNotFound.self) {
            try reader.read(zones: reader.finder.zones(in: turned), referenceDay: mrzToday)
        }
        let reading = try reader.read(turned, referenceDay: mrzToday)
        MRZImageTests.expectExact(reading, MRZImageTests.td1)
        // The card itself lies about 3° off level; the turn found undoes both.
        #expect(abs(reading.rotation + 23) < 3)
    }

    @Test func theSweepFindsTheZoneAtItsOwnAngle() throws {
        let turned = try StampImage(contentsOf: MRZImageTests.fixture("page-td1-card.jpg")).rotated(byDegrees: 65)
        let zones = try MRZZoneFinder().sweptZones(in: turned)
        let first = try #require(zones.first)
        #expect(first.lines.count == 3)
        // Straightened on its own region, not left at the nearest turn of the sweep.
        let turn = first.angle.truncatingRemainder(dividingBy: 180)
        #expect(abs(turn + 68) < 2 || abs(turn - 112) < 2)
    }

    @Test func sweepTurnsCoverTheHalfCircleFinely() {
        let turns = MRZZoneFinder.sweepTurns.sorted()
        // Upside-down zones are read both ways round, so half a circle is enough; every line
        // angle must lie within 2.5° of a turn.
        #expect(turns.last! - turns.first! + 5 >= 180)
        #expect(zip(turns, turns.dropFirst()).allSatisfy { $1 - $0 <= 5 })
    }

    @Test func theSweepKnowsTheZonesAlreadyRead() throws {
        // The sweep finds the first search's zone again near its own angle: it is not read twice.
        let image = try StampImage(contentsOf: MRZImageTests.fixture("page-td3-tilt4.jpg"))
        let finder = MRZZoneFinder()
        let first = try #require(try finder.zones(in: image).first)
        let swept = try finder.sweptZones(in: image)
        #expect(swept.contains { MRZImageReader.same($0, first) })
        // …but a zone turned another way, or elsewhere on the page, is another zone.
        #expect(swept.contains { !MRZImageReader.same($0, first) })
        let moved = MRZZoneImage(lines: first.lines, block: first.block, angle: first.angle, belowCentre: true, score: 1,
                                 box: PixelBox(x: first.box.x, y: first.box.y + first.box.height, width: first.box.width, height: first.box.height))
        #expect(!MRZImageReader.same(moved, first))
    }

    @Test func aPageWithoutAZoneStaysNotFound() throws {
        let reader = try Self.reader()
        #expect(throws: MRZNotFound.self) {
            try reader.read(StampImage(contentsOf: MRZImageTests.fixture("page-no-mrz.jpg")), referenceDay: mrzToday)
        }
    }
}
