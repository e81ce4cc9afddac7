import Foundation
import Testing

@testable import StampKitImaging
@testable import StampKitMRZ

/// A zone line's bar that lost letters at an end (faded by glare or uneven ink, or set apart
/// by a wider gap) is widened over them before the line is cut, and over nothing else.
@Suite struct MRZZoneWideningTests {
    static let top = 80, letterHeight = 20, pitch = 16, firstX = 40

    /// A page with a line of letters: `faint` of them at the left in faded ink, and any extra
    /// letters drawn at the given left edges.
    static func page(faint: Int, extra: [Int] = []) throws -> StampImage {
        try MRZZoneGeometryTests.image(width: 900, height: 200) { x, y in
            for left in extra where MRZZoneGeometryTests.letter(x - left, y - top, height: letterHeight) { return 40 }
            let column = x - firstX
            guard column >= 0, column < 44 * pitch,
                  MRZZoneGeometryTests.letter(column % pitch, y - top, height: letterHeight) else { return 215 }
            return column / pitch < faint ? 175 : 40
        }
    }

    /// The bar the search found: the line without its first `skipped` letters.
    static func bar(skipping skipped: Int) -> PixelBox {
        let x = firstX + skipped * pitch
        return PixelBox(x: x, y: top, width: firstX + 44 * pitch - 5 - x, height: letterHeight)
    }

    @Test func fadedLettersAtTheStartJoinTheLine() throws {
        let widened = try MRZZoneFinder.widened(Self.bar(skipping: 6), in: Self.page(faint: 6), scale: 1)
        #expect(abs(widened.x - Self.firstX) <= 2, "\(widened)")
        #expect(abs((widened.x + widened.width) - (Self.firstX + 44 * Self.pitch - 5)) <= 2, "\(widened)")
        #expect(widened.y == Self.top && widened.height == Self.letterHeight)
    }

    @Test func aWholeLineStaysAsItIs() throws {
        let bar = Self.bar(skipping: 0)
        let widened = try MRZZoneFinder.widened(bar, in: Self.page(faint: 0), scale: 1)
        #expect(abs(widened.x - bar.x) <= 1 && abs(widened.width - bar.width) <= 2, "\(widened)")
    }

    /// One mark beside the line is a speck, not a run of letters; letters further off than two
    /// letter heights are other print.
    @Test func aLoneMarkOrDistantLettersAreNotTheLine() throws {
        let bar = Self.bar(skipping: 0)
        let lone = try MRZZoneFinder.widened(bar, in: Self.page(faint: 0, extra: [20]), scale: 1)
        #expect(lone.x == bar.x, "\(lone)")
        let far = try MRZZoneFinder.widened(bar, in: Self.page(faint: 0, extra: [800, 816, 832, 848]), scale: 1)
        #expect(far.x + far.width <= bar.x + bar.width + 1, "\(far)")
        let near = try MRZZoneFinder.widened(bar, in: Self.page(faint: 0, extra: [755, 771, 787]), scale: 1)
        #expect(near.x + near.width >= 797, "\(near)")
    }
}
