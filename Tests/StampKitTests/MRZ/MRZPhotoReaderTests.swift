import Foundation
import Testing

@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitSupport

/// `stampkit mrz IMAGE` reads the printed fields on a second thread while the zone is read: it
/// must give exactly what reading the zone and then the printed fields one after the other gives.
@Suite(.serialized) struct MRZPhotoReaderTests {
    /// The zone, then the printed fields above it, on this thread alone.
    static func oneAfterTheOther(_ name: String) throws -> (MRZImageReading, MRZPrintedFields) {
        let page = try StampImage(contentsOf: MRZImageTests.fixture(name))
        let reading = try MRZImageReader().read(page, referenceDay: mrzToday)
        return (reading, try MRZVisualZoneReader().read(page, reading: reading))
    }

    static let pages = ["page-td3-upright.jpg", "page-td3-rot180.jpg", "page-td3-rot90.jpg", "page-td3-book.jpg",
                        "card-td1-table.jpg"]

    /// One reader for every page, as a worker would use it: each page's zone and printed fields
    /// equal the sequential reading's, and the specimen pages' printed dates are really read.
    @Test func readsWhatTheSequentialPassesRead() throws {
        let reader = try MRZPhotoReader()
        for name in Self.pages {
            let (reading, printed) = try Self.oneAfterTheOther(name)
            let photo = try reader.read(StampImage(contentsOf: MRZImageTests.fixture(name)), referenceDay: mrzToday)
            #expect(photo.zone.document == reading.document, "\(name)")
            #expect(photo.zone.placement == reading.placement, "\(name)")
            #expect(photo.printed == printed, "\(name)")
        }
        let upright = try reader.read(imageAt: MRZImageTests.fixture("page-td3-upright.jpg"), referenceDay: mrzToday)
        #expect(upright.printed?.issueDate == "2007-04-16")
        #expect(upright.printed?.placeOfBirth == "ZENITH")
    }

    /// When the zone reads elsewhere than guessed (another candidate, or the other way round),
    /// the area above the zone that did read is read again: the guess's area would be the wrong
    /// one (upside down here, the zone's own lines and the page below it).
    @Test func aWrongGuessIsReadAgainWhereTheZoneIs() throws {
        let reader = try MRZPhotoReader()
        reader.likeliest = { zones in
            MRZPhotoReader.firstTried(zones).map { MRZZonePlacement(angle: $0.angle, box: $0.box, upsideDown: !$0.upsideDown) }
        }
        for name in ["page-td3-upright.jpg", "page-td3-rot180.jpg"] {
            let (reading, printed) = try Self.oneAfterTheOther(name)
            let photo = try reader.read(imageAt: MRZImageTests.fixture(name), referenceDay: mrzToday)
            #expect(photo.zone.document == reading.document, "\(name)")
            #expect(photo.printed == printed, "\(name)")
            #expect(photo.printed?.issueDate == "2007-04-16", "\(name)")
        }
    }

    /// A page without a zone fails as before, and the reader still reads the next page (the
    /// printed-field pass it had started finishes before its engine is given other work).
    @Test func aPageWithoutAZoneLeavesTheReaderUsable() throws {
        let reader = try MRZPhotoReader()
        #expect(throws: MRZNotFound.self) {
            _ = try reader.read(imageAt: MRZImageTests.fixture("page-no-mrz.jpg"), referenceDay: mrzToday)
        }
        let photo = try reader.read(imageAt: MRZImageTests.fixture("page-td3-rot90.jpg"), referenceDay: mrzToday)
        #expect(photo.zone.document.lines == MRZImageTests.td3)
        #expect(photo.printed?.issueDate == "2007-04-16")
    }

    /// The helper itself: the value is made on another thread, started at once, handed over
    /// once and kept; an error is thrown where the value is asked for.
    @Test func backgroundValueIsMadeOnAnotherThreadAndKept() throws {
        let caller = Thread.current
        let started = DispatchSemaphore(value: 0)
        let made = Background { () -> (Bool, Int) in
            started.signal()
            return (Thread.current != caller, Int.random(in: 0..<1_000_000))
        }
        // Started before anyone asks: the thread signals without the value being wanted.
        #expect(started.wait(timeout: .now() + 10) == .success)
        let first = try made.value()
        #expect(first.0)
        #expect(try made.value().1 == first.1)
        struct Refused: Error {}
        let failing = Background { () throws -> Int in throw Refused() }
        #expect(throws: Refused.self) { _ = try failing.value() }
        #expect(throws: Refused.self) { _ = try failing.value() }
    }
}
